"""The board loader's errors on malformed maps, and the generator's
determinism and geometry on a tiny geography."""
import os
import shutil

import pytest

from game.core.errors import MapError
from game.core.hexgrid import distance
from game.crayon.board import CrayonBoard
from tools.russian_rails_map import build_demands, build_map

HERE = os.path.dirname(os.path.abspath(__file__))
TINY = os.path.join(HERE, "fixtures", "tiny_geography.yaml")


@pytest.fixture(scope="module")
def tiny_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("tiny")
    build_map.write_all(build_map.load_geography(TINY), str(out))
    return out


@pytest.fixture(scope="module")
def tiny(tiny_dir):
    return CrayonBoard.load(str(tiny_dir / build_map.MAP_NAME))


def _variant(tiny_dir, tmp_path, old, new, in_file=build_map.MAP_NAME):
    """Copy the tiny map to broken.tmx (+ tileset) with one text replaced."""
    for name in os.listdir(tiny_dir):
        shutil.copy(tiny_dir / name, tmp_path / name)
    target = tmp_path / in_file
    text = target.read_text(encoding="utf-8")
    assert old in text
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    os.rename(tmp_path / build_map.MAP_NAME, tmp_path / "broken.tmx")
    return str(tmp_path / "broken.tmx")


def test_generator_output_is_byte_identical_on_a_second_run(tiny_dir, tmp_path):
    build_map.write_all(build_map.load_geography(TINY), str(tmp_path))
    names = sorted(os.listdir(tiny_dir))
    assert names == sorted(os.listdir(tmp_path))
    assert {"russian_rails.tmx", "russian_rails_tiles.tsx", "russian_rails_tiles.png", "loads.yaml"} <= set(names)
    for name in names:
        assert (tiny_dir / name).read_bytes() == (tmp_path / name).read_bytes(), name


def test_tileset_png_is_a_real_png_the_tsx_points_to(tiny_dir):
    png = (tiny_dir / "russian_rails_tiles.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and b"IEND" in png
    assert 'source="russian_rails_tiles.png"' in (tiny_dir / "russian_rails_tiles.tsx").read_text()


def test_tiny_map_has_its_features(tiny):
    assert set(tiny.cities) == {"Capital", "Westtown", "Porta", "Portb"}
    assert len(tiny.cities["Capital"].mileposts) == 7
    assert tiny.rivers["Blue"] and set(tiny.borders) == {"Westland"}
    assert tiny.inlets["Thin Lake"] and all(tiny.water[p] == 3 for p in tiny.inlets["Thin Lake"])
    assert tiny.cities["Westtown"].region == "Westland" and tiny.cities["Capital"].region == "Russia"
    (ferry,) = tiny.ferries
    assert distance(ferry.a, tiny.cities["Porta"].center) == 1
    assert distance(ferry.b, tiny.cities["Portb"].center) == 1
    assert "mountain" in tiny.mileposts.values() and "marsh" in tiny.mileposts.values()
    assert tiny.areas["North Half"] and tiny.areas["Westland"]


def test_the_blue_river_cuts_the_map_in_two_except_by_bridges(tiny):
    west, east = tiny.cities["Westtown"].center, tiny.cities["Porta"].center
    river = tiny.rivers["Blue"]
    seen, frontier = {west}, [west]
    while frontier:
        h = frontier.pop()
        for n in tiny.neighbours(h):
            if n not in seen and (min(h, n), max(h, n)) not in river:
                seen.add(n)
                frontier.append(n)
    assert east not in seen


def test_the_tiny_demand_table_pays_the_distance_over_the_ferry(tiny):
    table = build_demands.payout_table(tiny, {"Fish": ["Portb"]})
    porta = table[("Porta", "Fish")]
    assert porta == build_demands.FERRY_MILEPOSTS + 2  # port, ferry, port, city
    assert table[("Capital", "Fish")] > porta


def test_missing_terrain_layer_names_the_file_and_layer(tiny_dir, tmp_path):
    path = _variant(tiny_dir, tmp_path, 'name="terrain"', 'name="ground"')
    with pytest.raises(MapError, match=r"broken\.tmx.*'terrain'"):
        CrayonBoard.load(path)


def test_missing_cities_layer_is_reported(tiny_dir, tmp_path):
    path = _variant(tiny_dir, tmp_path, 'name="cities"', 'name="towns"')
    with pytest.raises(MapError, match=r"broken\.tmx.*'cities'"):
        CrayonBoard.load(path)


def test_city_without_city_name_names_the_object(tiny_dir, tmp_path):
    path = _variant(tiny_dir, tmp_path, '<property name="city_name" value="Westtown"/>', "")
    with pytest.raises(MapError, match=r"broken\.tmx.*'cities'.*'Westtown'.*city_name"):
        CrayonBoard.load(path)


def test_tile_with_unknown_terrain_names_the_layer_and_cell(tiny_dir, tmp_path):
    path = _variant(tiny_dir, tmp_path, '<property name="terrain" value="marsh"/>',
                    '<property name="terrain" value="lava"/>', in_file="russian_rails_tiles.tsx")
    with pytest.raises(MapError, match=r"broken\.tmx.*layer 'terrain', cell .*'lava'"):
        CrayonBoard.load(path)


def test_city_tile_without_city_object_is_reported(tiny_dir, tmp_path):
    text = (tiny_dir / build_map.MAP_NAME).read_text(encoding="utf-8")
    start = text.index('name="Porta" type="city"')
    start = text.rindex("<object", 0, start)
    end = text.index("</object>", start) + len("</object>")
    path = _variant(tiny_dir, tmp_path, text[start:end], "")
    with pytest.raises(MapError, match=r"small_city tile but no city object"):
        CrayonBoard.load(path)


def test_ferry_not_ending_on_a_port_is_reported(tiny_dir, tmp_path):
    path = _variant(tiny_dir, tmp_path, 'type="ferry" x="', 'type="ferry" x="1')
    with pytest.raises(MapError, match=r"'ferries', object 'Bay Ferry' ends at milepost"):
        CrayonBoard.load(path)


def test_committed_map_and_loads_match_a_fresh_run_on_geography_yaml(tmp_path):
    geography = os.path.join(build_map.HERE, "geography.yaml")
    build_map.write_all(build_map.load_geography(geography), str(tmp_path))
    for name in os.listdir(tmp_path):
        committed = os.path.join(build_map.DEFAULT_OUT, name)
        assert (tmp_path / name).read_bytes() == open(committed, "rb").read(), f"{name} is stale: run build_map"


def test_committed_demand_deck_matches_a_fresh_run(tmp_path):
    out = tmp_path / "demands.yaml"
    map_dir = build_map.DEFAULT_OUT
    build_demands.main(["build_demands", os.path.join(map_dir, build_map.MAP_NAME),
                        os.path.join(map_dir, "loads.yaml"), str(out)])
    assert out.read_bytes() == open(os.path.join(map_dir, "demands.yaml"), "rb").read(), "run build_demands"
