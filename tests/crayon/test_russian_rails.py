"""Russian Rails on the real map: the event deck names real rivers, areas,
cities and loads, the package exports what the registry needs, and bots play
on the full board with every invariant kept."""
from __future__ import annotations

import os

import pytest
import yaml

from game.core.engine import Seat
from game.crayon.russian_rails.engine import MAP_DIR, MAP_FILE

pytestmark = pytest.mark.skipif(not os.path.exists(MAP_FILE), reason="the Russian Rails map is not built yet")


@pytest.fixture(scope="module")
def engine():
    from game.crayon.russian_rails import ENGINE
    return ENGINE


def test_package_exports_engine_and_bots(engine):
    import game.crayon.russian_rails as rr
    assert engine.game_id == "russian_rails" and engine.title == "Russian Rails"
    assert {o.key for o in engine.option_specs} == {"fast_trains", "circus", "turn_limit", "history"}
    for level in ("random", "easy", "normal"):
        assert hasattr(rr.make_bot(level, 1), "choose")


def test_event_deck_matches_the_rulebook_and_the_map(engine):
    data = engine.content()
    board = data.board
    assert len(data.events) == 25 and len(data.demands) == 131 and data.total_chips == 100
    kinds = {}
    for ec in data.events.values():
        for spec in ([ec.spec] if ec.spec else [ec.top, ec.bottom]):
            kinds[spec.kind] = kinds.get(spec.kind, 0) + 1
            assert hasattr(engine, "event_" + spec.kind), spec.kind
            for river in spec.get("rivers", ()):
                assert board.rivers[river], river
            for area in spec.get("areas", ()):
                assert board.areas[area], area
            for city in list(spec.get("cities", ())) + ([spec.get("city")] if spec.get("city") else []):
                assert city in board.cities, city
            for region in spec.get("regions", ()):
                assert region in set(board.region_of.values()), region
            for load in spec.get("loads", ()):
                assert load in data.loads and load not in data.supplies.get(spec.get("city"), ()), load
    assert kinds["communism_falls"] == 1 and kinds["rail_tax"] == 1 and kinds["flood"] == 2
    assert kinds["supply_scandal"] == 1 and kinds["derailment"] >= 3 and kinds["weather"] >= 4
    assert kinds["lockdown"] == 1 and kinds["closed_borders"] == 1 and kinds["special_demand"] >= 16
    raw = yaml.safe_load(open(os.path.join(MAP_DIR, "events.yaml"), encoding="utf-8"))
    assert [c["number"] for c in raw["cards"]] == list(range(132, 157))


def test_new_game_on_the_real_map(engine):
    from tests.crayon.helpers import check_invariants
    s = engine.new_game({"circus": True}, 3, [Seat("Ann"), Seat("Bob"), Seat("Cy")])
    assert sorted(s.circus_at) == ["Leningrad", "Moscow"]
    assert s.phase == "initial" and all(p.cash == 60 for p in s.players)
    route = s.cheapest_route(s.board.cities["Murmansk"].center)
    assert route is not None and route.cost > 0
    check_invariants(s)


def test_bots_play_on_the_real_map_keeping_every_invariant(engine):
    from game.crayon.russian_rails import make_bot
    from tests.crayon.helpers import check_invariants
    s = engine.new_game({}, 11, [Seat("Ann"), Seat("Bob"), Seat("Cy")])
    bots = [make_bot("normal", i) for i in range(3)]
    for n in range(250):
        s.apply(bots[s.current_player()].decide(s))
        if n % 10 == 0:
            check_invariants(s)
    assert s.phase == "operate" and len(s.track) > 30
    d = s.to_dict()
    assert engine.from_dict(d).to_dict() == d and s.clone().to_dict() == d
