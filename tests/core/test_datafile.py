"""The one data-file reader: every kind of damage is a MapError naming the
file and the key."""
from __future__ import annotations

import os

import pytest

from game.core.datafile import load_data
from game.core.errors import MapError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _write(tmp_path, data: bytes, name: str = "deck.yaml"):
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("data, words", [
    (b"", "empty"),
    (b"loads: [\n", "not valid YAML"),
    (b"\xff\xfe", "not UTF-8"),
])
def test_damaged_files_name_the_file(tmp_path, data, words):
    with pytest.raises(MapError, match=words) as info:
        load_data(_write(tmp_path, data))
    assert "deck.yaml" in str(info.value)


def test_missing_file(tmp_path):
    with pytest.raises(MapError, match="cannot be read"):
        load_data(tmp_path / "gone.yaml")


def test_typed_access_names_the_key(tmp_path):
    root = load_data(_write(tmp_path, b"setup: {cash: 60}\nloads:\n  - {name: Beer, chips: x}\n"))
    assert root["setup"]["cash"].as_int(lo=0) == 60
    with pytest.raises(MapError, match=r"deck.yaml, loads\[0\].chips: must be a whole number"):
        root["loads"].as_list()[0]["chips"].as_int()
    with pytest.raises(MapError, match="setup: the key 'turns' is missing"):
        root["setup"]["turns"]
    with pytest.raises(MapError, match="at most 50"):
        root["setup"]["cash"].as_int(hi=50)
    with pytest.raises(MapError, match="unknown key"):
        root.check_keys({"setup"})
    assert root.get("absent").opt_int(3) == 3


def test_bool_is_not_a_number(tmp_path):
    root = load_data(_write(tmp_path, b"n: true\n"))
    with pytest.raises(MapError, match="whole number"):
        root["n"].as_int()


def test_a_file_of_the_program_is_named_from_its_folder(tmp_path):
    """There are two rules.yaml: messages say which one."""
    from game.core.datafile import shown_name

    assert shown_name(os.path.join(ROOT, "game", "regional_rails", "rules.yaml")) == "game/regional_rails/rules.yaml"
    assert load_data(os.path.join(ROOT, "maps", "russian_rails", "loads.yaml")).file == "maps/russian_rails/loads.yaml"
    assert shown_name(tmp_path / "x.yaml") == str(tmp_path / "x.yaml")
