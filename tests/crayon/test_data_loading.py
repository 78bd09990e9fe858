"""The crayon engine's data files are checked whole at load: any changed value
that the game could not play with is a MapError naming the file and the key."""
from __future__ import annotations

import os
import re
import shutil

import pytest

from game.core.errors import MapError
from game.crayon.board import CrayonBoard
from game.crayon.content import EVENT_KINDS, EventRefs, load_demands, load_events, load_loads
from game.crayon.rules import load_rules
from game.crayon.russian_rails.engine import FALL_KIND, MAP_DIR, MAP_FILE, RULES_FILE

RUSSIAN_KINDS = {**EVENT_KINDS, FALL_KIND: {}}


@pytest.fixture(scope="module")
def board():
    return CrayonBoard.load(MAP_FILE)


def _edited(tmp_path, source: str, old: str, new: str) -> str:
    text = open(source, encoding="utf-8").read()
    assert old in text, old
    path = tmp_path / os.path.basename(source)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("old, new, words", [
    ("rent: 4 ", "rent: -4 ", "rules.yaml, rent: is -4, but must be at least 0"),
    ("hand_size: 3", "hand_size: 0", "rules.yaml, hand_size: is 0, but must be at least 1"),
    ("speed: 9,  fast_speed: 12}", "speed: 0,  fast_speed: 12}", r"locomotives\[0\].speed: is 0"),
    ("locomotives:", "locos_typo:", "unknown key"),
    ("win_cash: 250", "win_cash: lots", "win_cash: must be a whole number, not the text 'lots'"),
    ("  alpine: 5\n", "", "terrain_cost: has no cost for the map's terrain alpine"),
    ("tie_cash: 300", "tie_cash: 200", "tie_cash: must be at least win_cash"),
    ("win_majors: 5", "win_majors: 7", "win_majors: is 7, but the map has only 6 Major Cities"),
    ("circus_homes: [Moscow, Leningrad]", "circus_homes: [Moscow, Atlantis]",
     r"circus_homes\[1\]: 'Atlantis' is not a city on the map"),
    ("level: 1, capacity", "level: 2, capacity", "exactly one locomotive must have the lowest level"),
    ("bot_major_line: 0.8", "bot_major_line: 1.5", "bot_major_line: is 1.5, but must be at most 1"),
    ("bot_sim_routes: 10", "bot_sim_routes: 0", "bot_sim_routes: is 0, but must be at least 1"),
])
def test_a_bad_rule_value_is_refused_with_its_key(tmp_path, board, old, new, words):
    with pytest.raises(MapError, match=words):
        load_rules(_edited(tmp_path, RULES_FILE, old, new), board)


def test_missing_locomotives_are_refused(tmp_path):
    text = open(RULES_FILE, encoding="utf-8").read()
    path = tmp_path / "rules.yaml"
    path.write_text(re.sub(r"locomotives:.*?(?=upgrade_cost:)", "", text, flags=re.S), encoding="utf-8")
    with pytest.raises(MapError, match="rules.yaml: the key.s. locomotives are missing"):
        load_rules(str(path))


def test_the_shipped_files_load_and_agree(board):
    loads = load_loads(os.path.join(MAP_DIR, "loads.yaml"), board.cities)
    names = {lt.name for lt in loads}
    cards = load_demands(os.path.join(MAP_DIR, "demands.yaml"), board.cities, names)
    events = load_events(os.path.join(MAP_DIR, "events.yaml"), EventRefs.of(board, names), RUSSIAN_KINDS)
    assert len(cards) == 131 and len(events) == 25
    tax = next(e for e in events if e.spec is not None and e.spec.kind == "rail_tax")
    assert tax.spec.get("brackets")[1] == {"from": 51, "tax": 10}
    snow = next(e.spec for e in events if e.number == 142)
    assert (snow.title, snow.label) == ("Heavy Snow in the Urals", "Snow: Urals")  # the panel's chips
    assert tax.spec.label == "Rail Tax"  # no short title: the title
    fleet = next(e for e in events if e.number == 151).top
    assert (fleet.title, fleet.label) == ("Northern Fleet Needs Fuel", "Murmansk 110M")  # a special demand: where, how much


@pytest.mark.parametrize("name, old, new, words", [
    ("loads.yaml", "chips: 4, sources: [Kuibyshev", "chips: -1, sources: [Kuibyshev",
     r"loads.yaml, loads\[0\].chips: is -1"),
    ("loads.yaml", "sources: [Donetsk, Rostov]", "sources: [Donetsk, Rostow]",
     r"loads\[2\].sources\[1\]: 'Rostow' is not a city on the map"),
    ("demands.yaml", "{city: Orenburg, load: Cotton, payout: 26}", "{city: Orenburg, load: Cotton}",
     r"cards\[0\].demands\[0\]: the key.s. payout are missing"),
    ("demands.yaml", "load: Cotton, payout: 26", "load: Cottn, payout: 26", "'Cottn' is not a load"),
    ("demands.yaml", "  - number: 1\n", "  - number: 1\n    colour: red\n", "unknown key.s. colour"),
    ("events.yaml", "kind: flood\n    rivers: [Volga", "kind: floood\n    rivers: [Volga",
     r"cards\[3\].kind: is 'floood', but must be one of"),
    ("events.yaml", "rivers: [Volga, Kama, Oka]", "rivers: [Volga, Kama, Oca]",
     r"cards\[3\].rivers\[2\]: 'Oca' is not a river on the map"),
    ("events.yaml", "radius: 7", "radius: seven", "radius: must be a whole number"),
    ("events.yaml", 'short: "Snow: Urals"', "short: [Snow, Urals]", r"cards\[10\].short: "),
    ("demands.yaml", "  - number: 2\n", "  - number: 1\n", r"cards\[1\].number: card 1 is already in this deck"),
    ("events.yaml", "  - number: 133\n", "  - number: 132\n", r"cards\[1\].number: card 132 is already"),
    ("events.yaml", "loads: [Tractors, Tractors]", "loads: []",
     r"cards\[16\].dual.top.loads: must hold 1 to 3 entries"),
])
def test_a_bad_card_or_load_is_refused_with_its_key(tmp_path, board, name, old, new, words):
    path = _edited(tmp_path, os.path.join(MAP_DIR, name), old, new)
    loads = {lt.name for lt in load_loads(os.path.join(MAP_DIR, "loads.yaml"))}
    with pytest.raises(MapError, match=words):
        if name == "loads.yaml":
            load_loads(path, board.cities)
        elif name == "demands.yaml":
            load_demands(path, board.cities, loads)
        else:
            load_events(path, EventRefs.of(board, loads), RUSSIAN_KINDS)


def test_the_russian_content_is_read_whole_at_start(tmp_path, monkeypatch):
    """A damaged card file stops the game before its first frame, not when drawn."""
    from game.crayon.russian_rails import engine

    for name in os.listdir(MAP_DIR):
        shutil.copy(os.path.join(MAP_DIR, name), tmp_path / name)
    (tmp_path / "events.yaml").write_bytes(b"cards:\n  - number: 132\n    title: \xff\n")
    monkeypatch.setattr(engine, "MAP_DIR", str(tmp_path))
    with pytest.raises(MapError, match="events.yaml: byte .* is not UTF-8"):
        engine.load_russian_content()
