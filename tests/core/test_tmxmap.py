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


@pytest.mark.parametrize("change, words", [
    (lambda t: "", "the file is empty"),
    (lambda t: t.replace("Tiny", "Ti\udcffny"), "byte 331 is not UTF-8 text"),
    (lambda t: t.replace('tilewidth="28" tileheight="32" infinite', 'tilewidth="wide" tileheight="32" infinite'),
     "the map attribute tilewidth must be a whole number, not 'wide'"),
    (lambda t: t.replace('x="42"', 'x="forty"'), "object 'Town', the object attribute x must be a number"),
    (lambda t: t.replace("1,2,1,1,", "1,2,x,1,"), "layer 'terrain', a tile number of the CSV data must be"),
    (lambda t: t.replace('name="city_size" value', 'name="city_size" type="int" value'),
     "object 'Town', the property 'city_size' must be a whole number, not 'small'"),
    (lambda t: t.replace('"10,10 60,40', '"10,10 60,4o'), "object 'River', a coordinate of its points"),
    (lambda t: t.replace("<map ", "<mop ").replace("</map>", "</mop>"), "holds a <mop>, not a Tiled <map>"),
])
def test_any_damage_names_the_file_and_the_layer_or_object(tmp_path, change, words):
    path = tmp_path / "bad.tmx"
    path.write_bytes(change(TINY).encode("utf-8", "surrogateescape"))
    with pytest.raises(MapError) as err:
        load_tmx(path)
    assert str(err.value).startswith(f"{path}: ") and words in str(err.value)


@pytest.mark.parametrize("tsx, words", [
    (None, "terrain.tsx: cannot be read"),
    (b"", "terrain.tsx: the file is empty"),
    (b'<tileset tilewidth="28"><tile id="0"><properties>', "terrain.tsx: not valid XML"),
    (b'<tileset tilewidth="28"><tile id="0"><properties><property name="terrain" type="bool" value="clear"/>'
     b'</properties></tile></tileset>', "terrain.tsx: tile 0, the property 'terrain' must be true or false"),
])
def test_a_damaged_external_tileset_is_named(tmp_path, tsx, words):
    inline = TINY[TINY.index(" <tileset"):TINY.index(" <layer")]
    (tmp_path / "map.tmx").write_text(TINY.replace(inline, ' <tileset firstgid="1" source="terrain.tsx"/>\n'))
    if tsx is not None:
        (tmp_path / "terrain.tsx").write_bytes(tsx)
    with pytest.raises(MapError) as err:
        load_tmx(tmp_path / "map.tmx")
    assert words in str(err.value)


def test_a_map_checked_before_is_not_walked_again_until_a_file_changes(tmp_path, monkeypatch):
    from game.core import tmxcheck

    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path / "home"))
    inline = TINY[TINY.index(" <tileset"):TINY.index(" <layer")]
    (tmp_path / "map.tmx").write_text(TINY.replace(inline, ' <tileset firstgid="1" source="terrain.tsx"/>\n'))
    (tmp_path / "terrain.tsx").write_text(inline.replace(' firstgid="1"', ""))
    walks = []
    real = tmxcheck._check_element

    def counted(element, name, where):
        if (element.tag, pathlib.Path(name).suffix) in (("map", ".tmx"), ("tileset", ".tsx")):
            walks.append(name)  # a file's root element: the file is walked
        real(element, name, where)

    monkeypatch.setattr(tmxcheck, "_check_element", counted)
    load_tmx(tmp_path / "map.tmx")
    assert len(walks) == 2  # the map and its tileset
    load_tmx(tmp_path / "map.tmx")
    assert len(walks) == 2
    (tmp_path / "terrain.tsx").write_text(inline.replace(' firstgid="1"', "").replace(
        "</tileset>", '<tile id="9"><properties><property name="x" type="bool" value="maybe"/>'
                      "</properties></tile></tileset>"))
    with pytest.raises(MapError) as err:
        load_tmx(tmp_path / "map.tmx")
    assert "terrain.tsx: tile 9, the property 'x' must be true or false" in str(err.value)


def test_a_copy_of_a_checked_map_is_checked_against_its_own_tileset(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path / "home"))
    inline = TINY[TINY.index(" <tileset"):TINY.index(" <layer")]
    for folder in ("good", "copy"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "map.tmx").write_text(TINY.replace(inline, ' <tileset firstgid="1" source="t.tsx"/>\n'))
    (tmp_path / "good" / "t.tsx").write_text(inline.replace(' firstgid="1"', ""))
    (tmp_path / "copy" / "t.tsx").write_text("")
    load_tmx(tmp_path / "good" / "map.tmx")
    with pytest.raises(MapError) as err:
        load_tmx(tmp_path / "copy" / "map.tmx")  # the same map text, beside a damaged tileset
    assert "t.tsx: the file is empty" in str(err.value)


def external_tileset_map(folder):
    inline = TINY[TINY.index(" <tileset"):TINY.index(" <layer")]
    (folder / "map.tmx").write_text(TINY.replace(inline, ' <tileset firstgid="1" source="terrain.tsx"/>\n'))
    (folder / "terrain.tsx").write_text(inline.replace(' firstgid="1"', ""))
    return folder / "map.tmx"


def test_a_parsed_map_is_read_back_from_the_cache_without_pytmx(tmp_path, monkeypatch):
    from game.core import tmxmap

    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path / "home"))
    path = external_tileset_map(tmp_path)
    first = load_tmx(path)
    assert len(list((tmp_path / "home" / "cache").glob("tmx-map-*"))) == 1

    def no_pytmx(name):
        raise AssertionError("parsed again")

    monkeypatch.setattr(tmxmap, "_parse", no_pytmx)
    again = load_tmx(path)
    assert again == first and again.path == str(path)
    assert again.objects[1].points == ((10.0, 10.0), (60.0, 40.0), (90.0, 70.0))


@pytest.mark.parametrize("edit", ["map", "tileset"])
def test_an_edited_map_or_tileset_is_read_afresh(tmp_path, monkeypatch, edit):
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path / "home"))
    path = external_tileset_map(tmp_path)
    cell = offset_to_axial(2, 0, "y", "odd")
    assert load_tmx(path).layer("terrain")[cell]["terrain"] == "mountain"
    if edit == "map":
        path.write_text(path.read_text().replace('name="title" value="Tiny"', 'name="title" value="Small"'))
        assert load_tmx(path).properties["title"] == "Small"
    else:
        tsx = tmp_path / "terrain.tsx"
        tsx.write_text(tsx.read_text().replace('value="mountain"', 'value="alpine"'))
        assert load_tmx(path).layer("terrain")[cell]["terrain"] == "alpine"


def test_a_map_damaged_after_it_was_kept_is_still_refused_with_its_name(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path / "home"))
    path = external_tileset_map(tmp_path)
    load_tmx(path)
    path.write_text(path.read_text().replace('x="42"', 'x="forty"'))
    with pytest.raises(MapError) as err:
        load_tmx(path)
    assert str(err.value).startswith(f"{path}: ") and "object 'Town', the object attribute x" in str(err.value)


def test_a_damaged_cache_entry_is_parsed_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path / "home"))
    path = external_tileset_map(tmp_path)
    first = load_tmx(path)
    for entry in (tmp_path / "home" / "cache").glob("tmx-map-*"):
        entry.write_text('{"size": [1, 2]}')
    assert load_tmx(path) == first
