"""The authored map (Tiled .tmx written by tools/regional_rails_map.py) and the
random-map generator: both must make fair six-player boards."""
from __future__ import annotations

import importlib.util
import os

import pytest

from game.core.errors import MapError
from game.core.hexgrid import distance
from game.regional_rails.board import CITY
from game.regional_rails.mapgen import board_problems, generate_board
from game.regional_rails.maps import authored_board, board_for
from game.regional_rails.tmx_board import MAP_PATH, load_board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_authored_map_has_every_required_property():
    b = authored_board()
    assert board_problems(b) == []
    assert len(b.land) >= 120 and len(b.start_cities) == 6
    assert {b.terrain[h] for h in b.land} == {"plains", "forest", "mountain"}
    assert any(b.terrain[p.hex] == "forest" for p in b.towns())
    assert any(b.terrain[p.hex] == "mountain" for p in b.towns())
    assert all(distance(h, b.center) == 7 and b.places[h].kind == CITY for h in b.start_cities)
    assert b.coastal and all(b.is_land(h) for h in b.coastal)


def test_rivers_are_loaded_as_canonical_edges():
    b = authored_board()
    ironford = b.place_named("Ironford").hex
    assert b.river_sides(ironford) == 4
    assert all(e[2] in (0, 1, 2) for e in b.rivers)
    assert (-1, 8, 0) in b.rivers and (-3, 8, 0) not in b.rivers


def test_the_map_tool_is_deterministic_and_matches_the_committed_map():
    spec = importlib.util.spec_from_file_location("rr_map_tool", os.path.join(ROOT, "tools", "regional_rails_map.py"))
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    terrain, places = tool.parse_rows()
    with open(MAP_PATH, encoding="utf-8") as fh:
        assert fh.read() == tool.tmx_text(terrain, places)


def test_a_river_off_the_hex_sides_is_a_map_error(tmp_path):
    with open(MAP_PATH, encoding="utf-8") as fh:
        text = fh.read()
    (tmp_path / "terrain.tsx").write_text(open(os.path.join(os.path.dirname(MAP_PATH), "terrain.tsx")).read())
    bad = text.replace('<polyline points="0,0 0,-40 35,-60"/>', '<polyline points="0,0 17,-9"/>')
    assert bad != text
    (tmp_path / "bad.tmx").write_text(bad)
    with pytest.raises(MapError, match="river 2.*not along a hex side"):
        load_board(str(tmp_path / "bad.tmx"))


def test_a_place_at_sea_is_a_map_error(tmp_path):
    with open(MAP_PATH, encoding="utf-8") as fh:
        text = fh.read()
    (tmp_path / "terrain.tsx").write_text(open(os.path.join(os.path.dirname(MAP_PATH), "terrain.tsx")).read())
    bad = text.replace('name="Gullhaven" type="city" x="420" y="100"', 'name="Gullhaven" type="city" x="490" y="100"')
    assert bad != text
    (tmp_path / "bad.tmx").write_text(bad)
    with pytest.raises(MapError, match="Gullhaven.*not on a land hex"):
        load_board(str(tmp_path / "bad.tmx"))


@pytest.mark.parametrize("seed", [0, 1, 7, 42, 1234, 99999])
def test_generated_maps_have_the_same_properties(seed):
    b = generate_board(seed)
    assert board_problems(b) == []
    assert b.center == authored_board().center
    assert len({p.name for p in b.places.values()}) == len(b.places)


def test_generation_is_seeded():
    assert generate_board(5).terrain == generate_board(5).terrain
    assert generate_board(5).terrain != generate_board(6).terrain
    assert board_for("random", 5) is board_for("random", 5)


def test_board_problems_spots_an_unfair_board():
    b = authored_board()
    from game.regional_rails.board import make_board
    cut = {h: t for h, t in b.terrain.items()}
    for h in list(cut)[:60]:
        if h not in b.start_cities:
            cut[h] = "sea"
    broken = make_board("cut", cut, [p for p in b.places.values() if cut[p.hex] != "sea"], b.rivers, b.center)
    problems = board_problems(broken)
    assert any("land hexes" in p for p in problems)
