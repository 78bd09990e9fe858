import pathlib

import pytest

from game.core.errors import MapError
from game.core.hexgrid import offset_to_axial
from game.core.tmxmap import load_tmx

FIXTURES = pathlib.Path(__file__).parent / "fixtures"
TINY = (FIXTURES / "tiny.tmx").read_text()


def test_tiny_map_loads_cells_terrain_and_objects():
    m = load_tmx(FIXTURES / "tiny.tmx")
    terrain = {h: p["terrain"] for h, p in m.layer("terrain").items()}
    assert len(terrain) == 10
    assert terrain[offset_to_axial(2, 0, "y", "odd")] == "mountain"
    assert terrain[offset_to_axial(3, 2, "y", "odd")] == "mountain"
    assert offset_to_axial(3, 0, "y", "odd") not in terrain
    assert m.properties["title"] == "Tiny" and m.pointy
    town, river = m.objects
    assert (town.name, town.type, town.properties["city_size"]) == ("Town", "city", "small")
    assert river.points == ((10.0, 10.0), (60.0, 40.0), (90.0, 70.0)) and not river.closed


def test_cell_centres_and_pixel_picking_agree():
    m = load_tmx(FIXTURES / "tiny.tmx")
    for h in m.layer("terrain"):
        assert m.pixel_to_cell(*m.cell_center(h)) == h
    # Row 1 is staggered right by half a tile in an odd-staggered pointy map.
    assert m.cell_center(offset_to_axial(0, 1, "y", "odd")) == (28.0, 40.0)


def test_missing_layer_is_named():
    m = load_tmx(FIXTURES / "tiny.tmx")
    with pytest.raises(MapError, match="no tile layer named 'rivers'"):
        m.layer("rivers")


@pytest.mark.parametrize("change, words", [
    (lambda t: t[:300], "not valid XML"),
    (lambda t: t.replace('orientation="hexagonal"', 'orientation="orthogonal"'), "must be hexagonal"),
    (lambda t: t.replace(' staggeraxis="y"', ''), "staggeraxis"),
    (lambda t: t.replace('hexsidelength="16"', 'hexsidelength="0"'), "hexsidelength"),
    (lambda t: t.replace("1,1,2,0,", "1,1,2,3,"), "cell (3, 0)"),
])
def test_malformed_maps_name_the_problem(tmp_path, change, words):
    path = tmp_path / "bad.tmx"
    path.write_text(change(TINY))
    with pytest.raises(MapError) as err:
        load_tmx(path)
    assert str(path) in str(err.value) and words in str(err.value)


def test_missing_file_is_named(tmp_path):
    with pytest.raises(MapError, match="does not exist"):
        load_tmx(tmp_path / "nowhere.tmx")
