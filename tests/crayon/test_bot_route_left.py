"""The part of a route the computer players still have to do (PlanBot._left):
a route picking up two loads of one kind at one city for two demands keeps
its second pick-up, and only that one, once the first load is on board."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from game import registry
from game.core.engine import Seat
from game.crayon import actions as A
from game.crayon.bots import PlanBot, ranked, train_key
from game.crayon.routes import Route, Stop
from game.crayon.search import CommittedBot
from tests.crayon.helpers import operating


def _played(seed: int, round_: int) -> Any:
    """A Russian Rails game of two normal bots, at seat 0's first decision of round `round_`."""
    state = registry.engine("russian_rails").new_game({}, seed, [Seat("P0"), Seat("P1")])
    bots = [registry.make_bot("russian_rails", "normal", i) for i in range(2)]
    while state.round < round_ or state.current_player() != 0:
        state.apply(bots[state.current_player()].choose(state))
    return state


def test_a_route_picking_two_teas_at_tbilisi_keeps_one_pick_up_after_the_first():
    """Seed 5, round 12: two Tea demands (Kotlas, Volgograd) both picked up
    at Tbilisi (seed 1 round 5 had two Timbers at Kotlas before the bots
    changed). Once the first load was on board both pick-ups stayed listed,
    the route needed a third load's room, no longer fitted the train and was
    dropped, so the second demand went unserved."""
    state = _played(5, 12)
    route = next(r for r in ranked(PlanBot(0).plans(state, 0), state.players[0].cash)
                 if sorted(s.city for s in r.stops) == ["Kotlas", "Tbilisi", "Tbilisi", "Volgograd"])
    follower = CommittedBot(0)
    follower.keep(train_key(state, 0), route)
    while "Tea" not in state.players[0].loads:
        mover = state.current_player()
        state.apply(follower.choose(state) if mover == 0 or state.pending else A.EndTurn())
    bot = PlanBot(0)
    left = bot._left(state, 0, route)
    assert left is not None
    assert [(s.city, s.load) for s in left if s.pick] == [("Tbilisi", "Tea")]
    assert sorted(s.city for s in left if not s.pick) == ["Kotlas", "Volgograd"]
    assert bot.pricer(state, 0).price(left) is not None  # the route still fits the train


def test_a_special_demand_for_two_loads_picked_up_one_by_one_keeps_the_second_pick_up():
    """A special demand for 2 Oil from Smallville to Beta: with one Oil on
    board the pick-up stayed listed for 2, so the route wanted room for a
    third load and was dropped half done; now one Oil is left to pick up."""
    s = operating(2)
    s.active = [SimpleNamespace(card=999, half=0)]
    pick = Stop("Smallville", "Oil", True, 999, -1, count=2)
    deliver = Stop("Beta", "Oil", False, 999, -1, count=2, payout=60)
    s.players[0].loads = ["Oil"]
    left = PlanBot(0)._left(s, 0, Route((pick, deliver), 60, 0, 0, 1.0, 1.0))
    assert left is not None and [(x.city, x.count) for x in left] == [("Smallville", 1), ("Beta", 2)]
