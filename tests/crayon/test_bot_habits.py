"""Habits of the normal computer player found in seeded 2-player Russian
Rails games, each once a bug:
- seed 1: after delivering its one Timber at Kursk it kept a route
  delivering "its" Timber at Kiev too (both demands had counted the same
  carried load), stood still two turns and only then discarded its hand;
- seed 3: a broke bot stranded on its rival's track would not pay the rent
  to move on, stood still two turns, discarded, and did it again;
- seed 9: a train standing in a city off its own track (the cities it
  wanted were all on its track, so it built nothing) could go nowhere and
  discarded its hand every third turn, ten times;
- seed 1: it picked up Potatoes for a demand in its hand and dropped them at
  Riga to make room for its route's pick-ups (the route had counted only
  the loads it used);
- seeds 1 and 3: a train carrying three loads only ever planned two
  deliveries at once, hauling the third load around as dead weight;
- seed 1, easy against normal: the normal bot shuttled between Rostov and
  Donetsk (both supply Coal) for 60 turns, each arrival re-planning the
  Coal pick-up at the other city.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from game.core.engine import COMPUTER, Seat
from game.crayon import actions as A
from game.crayon.bots import wanted_loads
from game.crayon.routes import Route
from game.crayon.russian_rails import ENGINE, make_bot


def loads_suffice(carried: list[str], route: Route) -> bool:
    """Every delivery of the route has its loads on board when it comes."""
    held = Counter(carried)
    for stop in route.stops:
        if stop.pick:
            held[stop.load] += stop.count
        else:
            held.subtract(stop.loads or (stop.load,) * stop.count)
            if min(held.values(), default=0) < 0:
                return False
    return True


@lru_cache(maxsize=None)
def habits(seed: int) -> dict[str, int]:
    """A 2-player game of normal bots: how often a bot discarded after two
    idle turns, dropped a load it had picked up (one a demand in its hand
    still wanted), followed a route whose deliveries lack loads or one of
    three demands; deliveries; the winner's turns."""
    state = ENGINE.new_game({}, seed, [Seat(f"Bot {i}", "", COMPUTER, "normal") for i in range(2)])
    bots = [make_bot("normal", seed * 101 + i) for i in range(2)]
    picked: dict[int, list[str]] = {0: [], 1: []}
    done: dict[tuple[int, int], list[str]] = {}
    count = Counter()
    while not state.is_terminal():
        seat = state.current_player()
        p = state.players[seat]
        action = bots[seat].choose(state)
        route = bots[seat]._route.get(seat)
        # a seat whose turn ends in victory keeps its last route unplanned: it never runs again
        if route is not None and state.phase == "operate" and not state.pending \
                and not state.declares_on_ending(seat) and not loads_suffice(p.loads, route):
            count["impossible_route"] += 1
        if route is not None and len(route.demands) == 3:
            count["three_demand_route"] += 1
        turn = p.turns_taken
        if isinstance(action, A.PickUp):
            picked[seat].append(action.load)
        elif isinstance(action, A.Drop) and action.load in picked[seat]:
            count["drop_picked"] += 1
            count["drop_wanted"] += action.load in wanted_loads(state, seat)
            picked[seat].remove(action.load)
        elif isinstance(action, A.Deliver):
            count["deliveries"] += 1
        elif isinstance(action, A.DiscardHand) and state.phase == "operate":
            if all(done.get((seat, turn - k)) == ["EndTurn"] for k in (1, 2)):
                count["idle_discard"] += 1
        if state.phase == "operate":
            done.setdefault((seat, turn), []).append(type(action).__name__)
        state.apply(action)
    count["winner_turns"] = state.players[state.winners()[0]].turns_taken
    return dict(count)


def test_a_route_never_delivers_loads_the_train_will_not_have():
    for seed in (1, 3):
        assert habits(seed).get("impossible_route", 0) == 0


def test_a_bot_with_a_hopeless_hand_does_not_idle_before_discarding():
    for seed in (1, 3, 9):
        assert habits(seed).get("idle_discard", 0) == 0


def test_a_load_a_demand_still_wants_is_not_dropped_for_room():
    seen = [habits(seed) for seed in (1, 3)]
    assert sum(h.get("drop_wanted", 0) for h in seen) == 0
    assert sum(h.get("drop_picked", 0) for h in seen) * 8 <= sum(h["deliveries"] for h in seen)


def test_a_train_carrying_three_plans_three_deliveries_at_once():
    for seed in (1, 3):
        assert habits(seed).get("three_demand_route", 0) >= 5


def test_the_easy_bot_plans_at_most_two_deliveries_at_once():
    state = ENGINE.new_game({}, 1, [Seat(f"Bot {i}", "", COMPUTER, "easy") for i in range(2)])
    easy, normal = make_bot("easy", 1), make_bot("normal", 1)
    state.players[0].loco = "Super Freight"
    assert state.capacity(0) == 3
    assert max(len(r.demands) for r in easy.plans(state, 0)) == 2
    assert max(len(r.demands) for r in normal.plans(state, 0)) == 3


def shuttles(seed: int, levels: tuple[str, ...], turns: int) -> int:
    """Turns (of the first `turns` of each seat) in which a train came back to
    a city it had already stopped in that turn with nothing loaded,
    delivered or dropped in between."""
    state = ENGINE.new_game({}, seed, [Seat(f"Bot {i}", "", COMPUTER, d) for i, d in enumerate(levels)])
    bots = [make_bot(d, seed * 101 + i) for i, d in enumerate(levels)]
    seen: dict[tuple[int, int], list[object]] = {}
    count = 0
    while not state.is_terminal() and min(p.turns_taken for p in state.players) < turns:
        seat = state.current_player()
        action = bots[seat].choose(state)
        state.apply(action)
        stops = seen.setdefault((seat, state.players[seat].turns_taken), [])
        if isinstance(action, A.Move):
            city = state.board.city_at.get(state.players[seat].position)
            if city is not None and city in stops:
                count += 1
            stops.append(city)
        elif not isinstance(action, A.EndTurn):
            stops.clear()
    return count


def test_a_train_does_not_shuttle_between_two_supply_cities():
    assert shuttles(1, ("easy", "normal"), 30) == 0
