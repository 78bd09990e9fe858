"""The read-only helpers the UI calls, and the engine's independence from
Russian Rails."""
from __future__ import annotations

import glob
import os

from game.crayon import actions as A
from tests.crayon.helpers import give_track, operating, put_train


def test_active_events_say_what_they_forbid_and_until_when():
    s = operating(2)
    s.deck.draw_pile.remove(105)
    s.resolve_event(105, 0)
    s.deck.draw_pile.remove(107)
    s.resolve_event(107, 0)
    info = {e.card: e for e in s.active_events()}
    assert info[105].forbids == "Half-rate movement and no building in North."
    assert info[105].until == "until the end of Ann's next turn"
    assert info[107].until == "until filled" and "40M" in info[107].forbids


def test_quote_lists_every_segment_with_its_cost_or_reason():
    s = operating(2)
    give_track(s, 1, [(6, 2), (7, 2)])
    q = s.quote_build(((3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2)), 0)
    assert [seg.cost for seg in q.segments[:3]] == [1, 3, 1]
    assert "already belongs to Bob" in q.segments[3].reason
    assert q.segments[4].reason == "It follows a section that cannot be built."
    assert not q.legal and q.budget_left == 20 - 5


def test_cities_connected_and_demands_in_hand():
    s = operating(2)
    give_track(s, 0, [(3, 2), (4, 2), (5, 2), (6, 3)])
    assert s.cities_connected(0) == ["Alpha", "Smallville"]
    assert s.connected_majors(0) == ["Alpha"]
    assert len(s.hand_demands(0)) == 9


def test_upgrade_and_pickup_reasons():
    s = operating(2)
    put_train(s, 0, (9, 2))
    assert s.pickup_refusal(0, "Beta", "Coal") == "Beta does not supply Coal."
    assert s.upgrade_refusal(0, "Super Freight") == "A Freight cannot be upgraded to a Super Freight."
    s.apply(A.Upgrade("Fast Freight"))
    assert s.players[0].loco == "Fast Freight"


def test_engine_holds_nothing_of_russian_rails():
    here = os.path.join(os.path.dirname(__file__), "..", "..", "game", "crayon")
    for path in glob.glob(os.path.join(here, "*.py")):
        if os.path.basename(path) in ("board.py", "__init__.py"):
            continue  # the board loader belongs to the map; the package docstring names the games
        text = open(path, encoding="utf-8").read().lower()
        for word in ("russia", "communis", "moscow", "leningrad", "caspian", "ruble"):
            assert word not in text, f"{os.path.basename(path)} mentions {word}"
