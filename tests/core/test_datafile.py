"""The one data-file reader: every kind of damage is a MapError naming the
file and the key."""
from __future__ import annotations

import pytest

from game.core.datafile import load_data
from game.core.errors import MapError


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
