"""The Russian Railroads data files are read and checked when a game starts
or is loaded: any damage is a MapError naming the file and the key, before
the first frame."""
from __future__ import annotations

import shutil

import pytest

from game.core.engine import Seat
from game.core.errors import MapError
from game.russian_railroads import ENGINE
from game.russian_railroads import data as rr_data

SEATS = [Seat("Ann"), Seat("Bob")]


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A copy of the data files the engine reads instead of the real ones."""
    copy = tmp_path / "rr"
    shutil.copytree(rr_data.DATA_DIR, copy, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    monkeypatch.setattr(rr_data, "DATA_DIR", str(copy))
    return copy


def _replace(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


DAMAGE = [
    # (file, how to damage it, words the message must hold)
    ("data.yaml", lambda p: p.write_bytes(b""), ["data.yaml", "empty"]),
    ("data.yaml", lambda p: p.write_bytes(b"colours: [black\xff]\n"), ["data.yaml", "not UTF-8"]),
    ("data.yaml", lambda p: _replace(p, "supplies: {roubles: 18,", "supplies: {roubles: [18,"),
     ["data.yaml", "not valid YAML"]),
    ("data.yaml", lambda p: _replace(p, "emil_workers: 6", "emil_workers: six"),
     ["data.yaml", "setup.emil_workers", "whole number"]),
    ("data.yaml", lambda p: _replace(p, "card_loco_number: 9\n", ""),
     ["data.yaml", "card_loco_number", "missing"]),
    ("data.yaml", lambda p: _replace(p, "end_bonus_removed: 2", "end_bonus_removed: 2\nend_bonus_remvoed: 2"),
     ["data.yaml", "unknown key", "end_bonus_remvoed"]),
    ("data.yaml", lambda p: _replace(p, "- {id: T-BLK3, area: track, cost: {any: 2}",
                                     "- {id: T-BLK3, area: track, cost: {any: 2, wrokers: 1}"),
     ["data.yaml", "action_spaces[1].cost", "wrokers"]),
    ("data.yaml", lambda p: _replace(p, "emil_cards: [T-BLK3,", "emil_cards: [T-BLK9,"),
     ["data.yaml", "emil_cards[0]", "T-BLK9"]),
    ("boards/russia.yaml", lambda p: p.write_bytes(b""), ["russia.yaml", "empty"]),
    ("boards/russia.yaml", lambda p: p.write_bytes(b"\xff\xfe name"), ["russia.yaml", "not UTF-8"]),
    ("boards/russia.yaml", lambda p: _replace(p, "railroads:\n", "railroads: [\n"),
     ["russia.yaml", "not valid YAML"]),
    ("boards/russia.yaml", lambda p: _replace(p, "length: 15", "length: long"),
     ["russia.yaml", "railroads[0].length", "whole number"]),
    ("boards/russia.yaml", lambda p: _replace(p, "    loco_slots: 2\n", ""),
     ["russia.yaml", "railroads[0]", "loco_slots", "missing"]),
    ("boards/russia.yaml", lambda p: _replace(p, "    doubler_spaces: 8\n", "    doubler_spaces: 8\n    dubler: 1\n"),
     ["russia.yaml", "railroads[0]", "unknown key", "dubler"]),
    ("boards/russia.yaml", lambda p: _replace(p, "effect: medal", "effect: trophy"),
     ["russia.yaml", "railroads[2].specials[4].effect", "trophy"]),
    ("boards/russia.yaml", lambda p: _replace(p, "main_railroad: ts", "main_railroad: tsr"),
     ["russia.yaml", "main_railroad", "tsr"]),
    ("boards/russia.yaml", lambda p: _replace(p, "- {kind: gap, factory: 1}", "- {kind: gap}"),
     ["russia.yaml", "industry_track[5]", "factory"]),
]


@pytest.mark.parametrize("name, damage, words", DAMAGE, ids=[f"{d[0]}-{i}" for i, d in enumerate(DAMAGE)])
def test_damaged_data_is_refused_at_game_start_naming_file_and_key(data_dir, name, damage, words):
    damage(data_dir / name)
    with pytest.raises(MapError) as info:
        ENGINE.new_game({}, 1, SEATS)
    for word in words:
        assert word in str(info.value)


def test_damaged_data_is_refused_when_a_saved_game_is_loaded(tmp_path, monkeypatch):
    saved = ENGINE.new_game({}, 1, SEATS).to_dict()  # saved while the files were fine
    copy = tmp_path / "damaged"
    shutil.copytree(rr_data.DATA_DIR, copy, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    monkeypatch.setattr(rr_data, "DATA_DIR", str(copy))
    _replace(copy / "boards" / "russia.yaml", "terminus_points: 10", "terminus_points: -10")
    with pytest.raises(MapError, match=r"russia.yaml, railroads\[0\].terminus_points: is -10, but must be at least 0"):
        ENGINE.from_dict(saved)


def test_the_real_data_files_load_whole():
    d = rr_data.load("russia")
    assert d.board_name == "Russia" and [r.name for r in d.railroads] == ["Trans-Siberian", "St. Petersburg", "Kiev"]
    assert [r.length for r in d.railroads] == [15, 9, 9] and d.main_railroad == "ts"


EXPANSION_DAMAGE = [
    # (file, options, old, new, words the message must hold)
    ("boards/germany.yaml", {"board": "germany"}, "effect: income, id: b11_income",
     "effect: salary, id: b11_income", ["germany.yaml", "branches[1].specials[1].effect", "salary"]),
    ("boards/germany.yaml", {"board": "germany"}, "    switch_after: 8", "    swich: 1\n    switch_after: 8",
     ["germany.yaml", "railroads[0]", "unknown key", "swich"]),
    ("boards/germany.yaml", {"board": "germany"}, "length: 13", "length: 8",
     ["germany.yaml", "branches[1].length", "at least 9"]),
    ("boards/germany.yaml", {"board": "germany"}, "{id: x3a, length: 3,", "{id: x3a, length: three,",
     ["germany.yaml", "extensions[5].length", "whole number"]),
    ("boards/germany.yaml", {"board": "germany"}, "effect: gain, id: muc5_coins, effects: [{kind: roubles, count: 2}]",
     "effect: gain, id: muc5_coins", ["germany.yaml", "specials[1]", "needs the effects"]),
    ("dsp.yaml", {"dsp": True}, "ludmilla_points_instead: 3", "ludmilla_points_instead: three",
     ["dsp.yaml", "ludmilla_points_instead", "whole number"]),
    ("dsp.yaml", {"dsp": True}, "  min_reach: 3\n", "", ["dsp.yaml", "freight_car", "min_reach", "missing"]),
]


@pytest.mark.parametrize("name, options, old, new, words", EXPANSION_DAMAGE,
                         ids=[f"{d[0]}-{i}" for i, d in enumerate(EXPANSION_DAMAGE)])
def test_damaged_expansion_data_is_refused_naming_file_and_key(data_dir, name, options, old, new, words):
    _replace(data_dir / name, old, new)
    with pytest.raises(MapError) as info:
        ENGINE.new_game(options, 1, SEATS)
    for word in words:
        assert word in str(info.value), str(info.value)
