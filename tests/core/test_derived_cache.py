"""Values derived from a map file are computed once per file content; an
edited file or a damaged cache entry is simply computed again."""
from game.core import derived_cache
from game.core.derived_cache import derived


def test_a_value_is_computed_once_per_file_content(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path / "home"))
    source = tmp_path / "map.tmx"
    source.write_text("<map/>")
    calls = []

    def compute():
        calls.append(1)
        return {"rivers": [[1, 2, 3, 4]]}

    assert derived(str(source), "crossings", 1, compute) == {"rivers": [[1, 2, 3, 4]]}
    assert derived(str(source), "crossings", 1, compute) == {"rivers": [[1, 2, 3, 4]]}
    assert len(calls) == 1
    source.write_text("<map edited='yes'/>")
    derived(str(source), "crossings", 1, compute)
    derived(str(source), "crossings", 2, compute)  # a new derivation
    assert len(calls) == 3


def test_a_damaged_entry_is_recomputed(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path / "home"))
    source = tmp_path / "map.tmx"
    source.write_text("<map/>")
    derived(str(source), "kind", 1, lambda: [1])
    for entry in derived_cache.cache_dir().glob("kind-*.json"):
        entry.write_text("{not json")
    assert derived(str(source), "kind", 1, lambda: [2]) == [2]


def test_the_board_reads_its_crossings_and_areas_back_from_the_cache(tmp_path, monkeypatch):
    from game.crayon.board import CrayonBoard
    from game.crayon.lunar_rails.engine import MAP_FILE as MOON
    from game.crayon.russian_rails.engine import MAP_FILE

    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path / "home"))
    for path in (MAP_FILE, MOON):
        first, again = CrayonBoard.load(path), CrayonBoard.load(path)  # computed, then read back
        assert first.rivers == again.rivers and first.borders == again.borders and first.water == again.water
        assert first.areas == again.areas and list(first.areas) == list(again.areas)
        assert len(list(derived_cache.cache_dir().glob("areas-*.json"))) == (1 if path == MAP_FILE else 2)
    assert CrayonBoard.load(MAP_FILE).rivers["Volga"] and CrayonBoard.load(MAP_FILE).areas["Central Russia"]


def test_yaml_data_is_read_back_from_the_cache_only_when_json_keeps_it(tmp_path, monkeypatch):
    from game.core import datafile

    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path / "home"))
    plain, keyed = tmp_path / "plain.yaml", tmp_path / "keyed.yaml"
    plain.write_text("loads:\n  - {name: Coal, cities: [Kiev], payout: 1.5, spare: null, open: true}\n")
    keyed.write_text("1: one\n2: two\n")  # integer keys: JSON would turn them into strings
    parses = []
    real = datafile._parse_yaml
    monkeypatch.setattr(datafile, "_parse_yaml", lambda text, name: parses.append(name) or real(text, name))
    first = [datafile.read_yaml(plain), datafile.read_yaml(keyed)]
    again = [datafile.read_yaml(plain), datafile.read_yaml(keyed)]
    assert first == again == [{"loads": [{"name": "Coal", "cities": ["Kiev"], "payout": 1.5, "spare": None,
                                          "open": True}]}, {1: "one", 2: "two"}]
    assert len(parses) == 3  # the plain file was parsed once, the keyed one each time
    plain.write_text("loads: []\n")
    assert datafile.read_yaml(plain) == {"loads": []} and len(parses) == 4
