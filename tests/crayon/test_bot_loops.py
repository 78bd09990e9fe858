"""The Russian Rails game that never ended (seed 4, six computer players: one
seat picked up and dropped Tractors at Volgograd forever in one turn) and
what stops it: loads for a special demand count as wanted, a route is priced
the same whether its loads are already aboard or picked up where the train
stands, and a bot never brings the game back to a state it was in this turn."""
from __future__ import annotations

from typing import Any

from game.crayon import actions as A
from game.crayon.bots import PlanBot, wanted_loads
from game.crayon.routes import Pricer, Stop
from tests.crayon.helpers import give_track, operating, put_train


def _coal_for_beta(carried: int) -> Any:
    """Ann's train at Alpha (which supplies Coal) with `carried` Coal aboard
    and the special demand "2 Coal to Beta" in play."""
    s = operating(2)
    s.deck.draw_pile.remove(107)
    s.resolve_event(107, 1)
    give_track(s, 0, [(3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2)])
    put_train(s, 0, (2, 2))
    s.players[0].loads = ["Coal"] * carried
    s.supply["Coal"] -= carried
    return s


def test_loads_for_a_special_demand_are_wanted():
    s = _coal_for_beta(0)
    wanted = wanted_loads(s, 0)
    assert wanted.count("Coal") == 2 + sum(d.load == "Coal" for _c, _i, d in s.hand_demands(0))


def test_a_route_costs_the_same_whether_its_loads_are_aboard_or_picked_up_here():
    rides = {"Beta": 40}  # the train's ride to Beta runs far around (rented track)
    deliver = Stop("Beta", "Coal", False, 107, -1, 2, 40, ("Coal", "Coal"))
    aboard = Pricer(_coal_for_beta(2), 0, lambda c: 0, lambda a, b: 0, {"Beta"}, rides=rides).price((deliver,))
    here = Pricer(_coal_for_beta(0), 0, lambda c: 0, lambda a, b: 0, {"Beta"}, rides=rides).price(
        (Stop("Alpha", "Coal", True, 107, -1, 2), deliver))
    assert aboard is not None and here is not None
    assert here.rent == aboard.rent > 0
    assert round(here.turns - aboard.turns, 6) == 0.2  # only the stop itself is added


class _Juggler(PlanBot):
    """A bot with the old bug's shape: it picks a load up, then drops it."""

    def decide(self, state: Any) -> Any:
        p = state.players[state.current_player()]
        return A.Drop("Coal") if p.loads else A.PickUp("Coal")


def test_a_bot_that_would_loop_ends_its_turn_instead():
    s = _coal_for_beta(0)
    bot = _Juggler(0)
    chosen = []
    while s.current_player() == 0 and len(chosen) < 10:
        chosen.append(bot.choose(s))
        s.apply(chosen[-1])
    # the second pick-up would bring back the state after the first one
    assert chosen == [A.PickUp("Coal"), A.Drop("Coal"), A.EndTurn()]
