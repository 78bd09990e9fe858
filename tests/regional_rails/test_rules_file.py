"""Regional Rails reads and checks rules.yaml whole, at the start of a game:
any value it could not play with is a MapError naming the file and the key."""
from __future__ import annotations

import pytest

from game.core.engine import Seat
from game.core.errors import MapError
from game.regional_rails import data
from game.regional_rails.data import RULES_FILE, load_rules
from game.regional_rails.engine import RegionalRailsState

TEXT = open(RULES_FILE, encoding="utf-8").read()


def _load(tmp_path, old: str, new: str):
    assert old in TEXT, old
    path = tmp_path / "rules.yaml"
    path.write_text(TEXT.replace(old, new, 1), encoding="utf-8")
    return load_rules(str(path))


@pytest.mark.parametrize("old, new, words", [
    ("  max_per_turn: 4", "  max_per_turn: 0", "rules.yaml, build.max_per_turn: is 0, but must be at least 1"),
    ("  max_per_turn: 4", "  max_per_turn: four", "build.max_per_turn: must be a whole number"),
    ("  max_per_turn: 4\n", "", r"rules.yaml, build: the key\(s\) max_per_turn are missing"),
    ("  max_per_turn: 4", "  max_per_turn: 4\n  max_per_tern: 4", r"build: unknown key\(s\) max_per_tern"),
    ("surcharge: {3: 1, 4: 2}", "surcharge: {three: 1}", "build.surcharge.three: the key must be a whole number"),
    ("cash_in_mb_per_vp: 2", "cash_in_mb_per_vp: 0", "scoring.cash_in_mb_per_vp: is 0"),
    ("    4: {name: Mail, vp: 1}\n", "", r"events.table: must hold the rolls 1, 2, 3, ... with none left out"),
    ("3: {name: Train Wreck, wreck: true}", "3: {name: Train Wreck, wreck: yes please}",
     r"events.table\[3\].wreck: must be true or false"),
    ("extra_rail: 10}", "extra_rail: -10}", r"companies\[0\].extra_rail: is -10"),
    ("river_discount: 2}", "river_discont: 2}", r"companies\[1\]: unknown key\(s\) river_discont"),
    ("place: town, terrain: mountain}", "place: village, terrain: mountain}",
     r"developments\[1\].place: is 'village', but must be one of town, city"),
    ("near: {mountain: 3}", "near: {volcano: 3}", r"developments\[8\].near.volcano: 'volcano' is not one of"),
    ("  - {name: Dealer Dan,", "  - {name: Boss Hawg,", "tycoons: two tycoons have the same name"),
    ("development_copies: 1", "development_copies: 1\n  secret_developments_x: 1", "unknown key"),
    ("secret_developments: 2", "secret_developments: 4", "developments: too few development markers"),
    ("max_rounds: 30", "max_rounds: -1", "max_rounds: is -1"),
])
def test_a_bad_value_is_refused_with_its_key(tmp_path, old, new, words):
    with pytest.raises(MapError, match=words):
        _load(tmp_path, old, new)


def test_too_few_companies_for_six_players(tmp_path):
    with pytest.raises(MapError, match=r"companies: must hold at least 6 entries, not 3"):
        _load(tmp_path, TEXT[TEXT.index("  - {name: Red Runner"):TEXT.index("  - {name: Golden Boy")], "")


def test_the_shipped_file_reads_as_the_engine_expects():
    rules = load_rules()
    assert rules.section("build")["surcharge"] == {3: 1, 4: 2}
    assert rules.event(9).name == "Freight" and rules.event(3).wreck
    assert rules.company("Green Machines").perk("station_cost") == 2 and len(rules.developments) == 20


def test_a_deleted_rules_file_stops_the_game_before_its_first_frame(tmp_path, monkeypatch):
    monkeypatch.setattr(data, "RULES_FILE", str(tmp_path / "gone.yaml"))
    data.rules.cache_clear()
    try:
        with pytest.raises(MapError, match="gone.yaml: cannot be read"):
            RegionalRailsState.new_game({}, 1, [Seat("A"), Seat("B")])
    finally:
        data.rules.cache_clear()
