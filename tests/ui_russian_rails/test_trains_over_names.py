"""A train standing on a city never hides the city's name: on both crayon
maps, for every named city whose name a train there would cover, the name's
solid pixels are the same with the train on the city as without it. And the
name redrawn above the train never hides a path's end note (a hint) there."""
from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.engine import Seat  # noqa: E402
from game.crayon.lunar_rails import ENGINE as LUNAR  # noqa: E402
from game.crayon.russian_rails import ENGINE as RUSSIAN  # noqa: E402
from ui.camera import Camera  # noqa: E402
from ui.russian_rails.crayon_overlay import Overlay, PathMark, Pawn, note_box, note_text, pawn_rects  # noqa: E402
from ui.russian_rails.render import Selection, draw_board, static_layer  # noqa: E402

VIEW = pygame.Rect(0, 0, 1400, 800)
COLOURS = ((230, 140, 20), (40, 160, 220))


def _draw(state, camera, hidden, overlay=None):
    surface = pygame.Surface(VIEW.size)
    selection = Selection(COLOURS, hidden_pawns=hidden, overlay=overlay or Overlay())
    for _ in range(50):  # until every map tile is painted
        if draw_board(surface, state.board, state, camera, selection):
            break
    return surface


def _covered_names(layer, camera, zoom):
    """(label block, city milepost) of every named city whose name a train standing there covers."""
    out = []
    for block in layer.labels(zoom)[0]:
        x, y, w, h = block.rect
        sx, sy = camera.world_to_screen((x, y))
        rect = pygame.Rect(math.floor(sx), math.floor(sy), math.ceil(w * zoom), math.ceil(h * zoom))
        pawn = pawn_rects(layer.geom, camera, [Pawn(COLOURS[0], block.city.hex)])[0]
        if VIEW.contains(rect) and VIEW.contains(pawn) and pawn.colliderect(rect):
            out.append((block, (math.floor(sx), math.floor(sy))))
    return out


def _whole_map(engine):
    """A new 2-player game, its map's static layer, a camera showing the whole map and its label zoom."""
    pygame.init()
    state = engine.new_game({}, 1, [Seat("Ann", "orange"), Seat("Bob", "sky")])
    layer = static_layer(state.board)
    camera = Camera(VIEW)
    camera.fit(layer.geom.frame, 0.015)
    return state, layer, camera, round(camera.zoom, 6)


@pytest.mark.parametrize("engine", [LUNAR, RUSSIAN], ids=["lunar", "russian"])
def test_a_train_on_a_city_leaves_its_name_readable(engine):
    state, layer, camera, zoom = _whole_map(engine)
    covered = _covered_names(layer, camera, zoom)
    if engine is LUNAR:
        assert covered, "the Moon has names a train on their city would cover"
    for block, (sx, sy) in covered[:4]:
        state.players[0].position = block.city.hex
        with_train = _draw(state, camera, frozenset())
        without = _draw(state, camera, frozenset({0}))
        assert with_train.get_view("2").raw != without.get_view("2").raw  # the train is drawn
        name = layer._blocks[(zoom, block.city.name)]
        solid = [(x, y) for x in range(name.get_width()) for y in range(name.get_height())
                 if name.get_at((x, y)).a == 255]
        assert solid
        differ = [p for p in solid if with_train.get_at((sx + p[0], sy + p[1])) != without.get_at((sx + p[0], sy + p[1]))]
        assert not differ, f"{block.city.name}: the train hides {len(differ)} of its name's pixels"


def test_a_name_redrawn_over_a_train_leaves_a_hint_at_its_city_readable():
    state, layer, camera, zoom = _whole_map(LUNAR)
    size = layer.geom.layout.size * camera.zoom
    checked = 0
    for block, (sx, sy) in _covered_names(layer, camera, zoom):
        city = block.city.hex
        box = note_box(note_text("hint"), camera.world_to_screen(layer.geom.pos(city)), size, camera)
        _x, _y, w, h = block.rect
        if not box.colliderect(pygame.Rect(sx, sy, math.ceil(w * zoom), math.ceil(h * zoom))):
            continue
        state.players[0].position = city
        overlay = Overlay(paths=[PathMark([city], (90, 200, 110), end_label="hint")])
        inside = box.inflate(-10, -10)  # within its rounded corners
        with_train = _draw(state, camera, frozenset(), overlay).subsurface(inside).copy()
        without = _draw(state, camera, frozenset({0}), overlay).subsurface(inside).copy()
        assert with_train.get_view("2").raw == without.get_view("2").raw, f"{block.city.name}: its name hides the hint"
        checked += 1
    assert checked, "some city's name lies under a hint at its city when a train stands there"
