"""Lunar Rails' own content on the real Moon map: every event kind of the
rulebook in the 20 cards, the loco cards, the rulebook numbers, and the wrap
and meteor rules on the real geometry."""
from __future__ import annotations

from collections import Counter

from game.core.engine import Seat
from game.crayon.links import travel
from game.crayon.lunar_rails import ENGINE


def test_twenty_events_of_every_kind():
    data = ENGINE.content()
    kinds = Counter(card.spec.kind for card in data.events.values())
    assert sum(kinds.values()) == 20
    assert set(kinds) == {"rail_tax", "meteor_shower", "strike", "shortage", "seismic", "decompression",
                          "solar_flare", "cosmic_rays"}
    titles = {card.spec.title for card in data.events.values()}
    assert {"Moon Quakes", "Lava Flows"} <= titles
    for card in data.events.values():
        if card.spec.kind == "shortage":
            assert card.spec.get("reward") == 20 and card.spec.get("turns") == 3


def test_rulebook_numbers():
    rules = ENGINE.content().rules
    assert (rules.starting_cash, rules.win_cash, rules.win_majors, rules.rent, rules.upgrade_cost) == (60, 250, 7, 4, 10)
    assert sum(lc.cards for lc in rules.locos) == 18
    assert not rules.equal_turns
    assert sum(1 for c in ENGINE.content().board.cities.values() if c.size == "major") == 8


def test_every_meteor_direction_counts_on_the_real_map():
    s = ENGINE.new_game({}, 1, [Seat("A"), Seat("B")])
    meteors = [card.spec for card in s.data.events.values() if card.spec.kind == "meteor_shower"]
    hits = misses = 0
    for spec in meteors:
        for city in s.board.cities:
            target = s.meteor_target(city, spec)
            if target is None:
                misses += 1
            else:
                hits += 1
                assert target in s.board.mileposts and target not in s.board.wraps
    assert hits and misses


def test_the_far_side_is_reachable_through_the_links():
    board = ENGINE.content().board
    near = next(c.center for c in board.cities.values() if board.region_of[c.center] == "Near Side")
    for city in board.cities.values():
        assert travel(board, near, city.center) < 200, city.name
