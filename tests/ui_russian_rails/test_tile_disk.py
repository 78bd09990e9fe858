"""The first view's map tiles kept on disk: a later start draws the same
pixels without painting, anything that changes the pixels (the map's
geometry, the style) misses, and a damaged tile file is painted afresh."""
import dataclasses
import functools

import pygame
import pytest

from game.core.engine import Seat
from game.crayon.lunar_rails import ENGINE as LUNAR
from game.crayon.russian_rails import ENGINE
from ui.camera import Camera
from ui.russian_rails.crayon_board import StaticLayer, blit_layers
from ui.russian_rails.render import RUSSIAN_STYLE, geometry_for, style_for
from ui.russian_rails.tile_cache import TileCache
from ui.russian_rails import tile_disk
from ui.russian_rails.tile_disk import layer_digest

VIEW = pygame.Rect(0, 0, 1000, 700)


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path))
    pygame.init()
    return tmp_path / "cache"


def board_of(engine):
    return engine.new_game({}, 3, [Seat("Ann", "orange"), Seat("Bob", "sky")]).board


class Painted:
    """Counts the tiles a layer paints (not those read from disk)."""

    def __init__(self, layer):
        self.count = 0
        paint = layer.render_tile

        def counting(zoom, i, j):
            self.count += 1
            return paint(zoom, i, j)
        layer.render_tile = counting


def first_frame(geom, style):
    """A fresh layer (as at a new start) drawing the fitted view once."""
    layer = StaticLayer(geom, style, TileCache())
    painted = Painted(layer)
    cam = Camera(VIEW)
    cam.fit(geom.frame)
    surf = pygame.Surface(VIEW.size)
    assert blit_layers(surf, cam, [layer])
    return layer, painted.count, pygame.image.tobytes(surf, "RGB")


@pytest.mark.parametrize("engine", [ENGINE, LUNAR], ids=["russia", "moon"])
def test_a_second_start_draws_the_same_first_view_without_painting_it(engine):
    board = board_of(engine)
    geom, style = geometry_for(board), style_for(board)
    _, painted, pixels = first_frame(geom, style)
    assert painted > 4
    layer, painted_again, pixels_again = first_frame(geom, style)
    assert painted_again == 0
    assert pixels_again == pixels
    assert layer._base is None  # the whole-map picture waits for the frames after the first
    layer.warm_up()
    assert layer._base is None
    layer.warm_up()
    assert layer._base is not None


def test_only_the_first_zoom_drawn_goes_to_disk(own_cache):
    geom = geometry_for(board_of(ENGINE))
    layer = StaticLayer(geom, RUSSIAN_STYLE, TileCache())
    layer.make(0.5, 0, 0)
    kept = set(own_cache.glob("map-tile-*"))
    assert len(kept) == 1
    layer.make(2.0, 3, 3)
    layer.make(0.5, 1, 0)
    assert len(set(own_cache.glob("map-tile-*"))) == 2


def test_a_changed_map_or_style_misses_the_kept_tiles():
    geom = geometry_for(board_of(ENGINE))
    first_frame(geom, RUSSIAN_STYLE)
    moved = dataclasses.replace(geom, cities=geom.cities[1:])  # a city taken off the map
    assert layer_digest(moved, RUSSIAN_STYLE) != layer_digest(geom, RUSSIAN_STYLE)
    assert first_frame(moved, RUSSIAN_STYLE)[1] > 0
    darker = dataclasses.replace(RUSSIAN_STYLE, land=(10, 10, 10))
    _, painted, pixels = first_frame(geom, darker)
    assert painted > 0
    assert pixels != first_frame(geom, RUSSIAN_STYLE)[2]


@pytest.mark.parametrize("damage", ["cut", "flipped"])
def test_a_damaged_tile_file_is_painted_afresh(own_cache, damage):
    geom = geometry_for(board_of(ENGINE))
    _, painted, pixels = first_frame(geom, RUSSIAN_STYLE)
    for path in own_cache.glob("map-tile-*"):
        raw = bytearray(path.read_bytes())
        if damage == "cut":
            raw = raw[:len(raw) // 2]
        else:
            raw[len(raw) // 3] ^= 0xFF
        path.write_bytes(bytes(raw))
    _, painted_again, pixels_again = first_frame(geom, RUSSIAN_STYLE)
    assert painted_again == painted
    assert pixels_again == pixels


def test_after_the_first_frame_no_more_tiles_are_written(own_cache):
    geom = geometry_for(board_of(ENGINE))
    layer, painted, _ = first_frame(geom, RUSSIAN_STYLE)
    kept = len(list(own_cache.glob("map-tile-*")))
    assert kept == painted
    layer.warm_up()  # the first still frame is over
    for i in range(6):
        layer.make(layer.disk_zoom, 20 + i, 0)  # a pan at the same zoom
    assert len(list(own_cache.glob("map-tile-*"))) == kept


def test_only_the_newest_tile_files_are_kept(own_cache):
    import os

    from ui.russian_rails.tile_disk import TILE_DISK_VERSION, prune

    own_cache.mkdir(parents=True, exist_ok=True)
    for k in range(6):
        path = own_cache / f"map-tile-v{TILE_DISK_VERSION}-old{k}.rgb"
        path.write_bytes(b"x")
        os.utime(path, (1000 + k, 1000 + k))
    (own_cache / "drawing-v1-abc.json").write_text("{}")
    prune(own_cache, keep=2)
    tiles = [f"map-tile-v{TILE_DISK_VERSION}-old{k}.rgb" for k in (4, 5)]
    assert sorted(p.name for p in own_cache.iterdir()) == ["drawing-v1-abc.json", *tiles]


def test_the_standalone_app_without_sources_still_keeps_tiles(tmp_path, monkeypatch):
    import sys

    geom = geometry_for(board_of(ENGINE))
    in_tree = layer_digest(geom, RUSSIAN_STYLE)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)  # the app's folder: no .py files
    # worked out once per process: this test's process now runs as the app (a fresh cache, restored after)
    monkeypatch.setattr(tile_disk, "_painting_code", functools.cache(tile_disk._painting_code.__wrapped__))
    in_app = layer_digest(geom, RUSSIAN_STYLE)
    assert in_app is not None and in_app != in_tree
