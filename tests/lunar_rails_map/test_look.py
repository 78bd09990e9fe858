"""The Moon drawn by the crayon renderer: black space, dark maria, pale
highlands, wrap letters in their colour classes, poles and toggled sites."""
import os

import pygame
import pytest

from game.crayon.board import CrayonBoard
from ui.camera import Camera
from ui.russian_rails.lunar_look import LUNAR_STYLE, SPACE, WRAP_COLOURS, lunar_geometry
from ui.russian_rails.render import RUSSIAN_STYLE, Selection, draw_board, geometry_for, style_for

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAP = os.path.join(ROOT, "maps", "lunar_rails", "lunar_rails.tmx")


@pytest.fixture(scope="module")
def board():
    return CrayonBoard.load(MAP)


@pytest.fixture(scope="module")
def shot(board):
    """The whole board fitted into 1280x720, with and without the sites layer."""
    pygame.init()
    camera = Camera(pygame.Rect(0, 0, 1280, 720))
    camera.fit(geometry_for(board).frame, margin=0.01)
    out = {}
    for sites in (True, False):
        surf = pygame.Surface((1280, 720))
        draw_board(surf, board, None, camera, Selection(show_sites=sites))
        out[sites] = surf
    return camera, out


def _luma(c):
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def test_only_the_moon_gets_the_lunar_look(board):
    rr = CrayonBoard.load(os.path.join(ROOT, "maps", "russian_rails", "russian_rails.tmx"))
    assert lunar_geometry(rr) is None and style_for(rr) is RUSSIAN_STYLE
    assert style_for(board) is LUNAR_STYLE


def test_wrap_marks_carry_the_colour_of_their_sign_and_prime(board):
    lunar = lunar_geometry(board)
    assert len(lunar.wraps) == 48 and len({m.colour for m in lunar.wraps}) == 4
    by_hex = {m.hex: m for m in lunar.wraps}
    for h, w in board.wraps.items():
        assert by_hex[h].colour == by_hex[w.partner].colour == WRAP_COLOURS[w.colour_class]
    assert {m.spike for m in lunar.wraps} == {"", "G", "Y"}


def test_pole_cities_are_drawn_once_on_each_disc(board):
    scott = [c for c in geometry_for(board).cities if c.name == "Scott"]
    assert len(scott) == 2 and all(len(c.cells) == 7 for c in scott)
    assert {board.region_of[c.hex] for c in scott} == {"Near Side", "Far Side"}


def test_sites_at_one_spot_share_a_mark(board):
    texts = [m.text for m in lunar_geometry(board).sites]
    assert "A12 S3" in texts and all(t for t in texts)


def test_space_is_black_maria_dark_and_highlands_pale(board, shot):
    camera, surfs = shot
    surf = surfs[False]
    lay = board.layout()
    assert surf.get_at((5, 360))[:3] == SPACE

    def ground(city, dx, dy):  # median brightness of a patch beside a city (lines and letters aside)
        x, y = camera.world_to_screen(lay.to_pixel(board.cities[city].center))
        patch = sorted(_luma(surf.get_at((round(x + dx + i), round(y + dy + j)))) for i in range(-4, 5)
                       for j in range(-4, 5))
        return patch[len(patch) // 2]
    assert ground("Archimedes", -14, 0) + 40 < ground("Daedalus", 0, -16)  # Mare Imbrium, far-side highland
    for h, w in list(board.wraps.items())[:6]:  # the circle round the letter has its class's colour
        x, y = camera.world_to_screen(lay.to_pixel(h))
        ring = {surf.get_at((round(x + 7 * dx), round(y + 7 * dy)))[:3]
                for dx, dy in ((1, 0), (-1, 0), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7), (-0.7, -0.7))}
        assert WRAP_COLOURS[w.colour_class] in ring


def test_the_sites_layer_can_be_hidden(board, shot):
    camera, surfs = shot
    x, y = camera.world_to_screen(board.sites["CE4"].point)
    area = pygame.Rect(round(x) - 4, round(y) - 4, 9, 9)
    differs = [(px, py) for px in range(area.left, area.right) for py in range(area.top, area.bottom)
               if surfs[True].get_at((px, py)) != surfs[False].get_at((px, py))]
    assert differs


def test_a_path_through_a_wrap_letter_is_not_drawn_across_space(board):
    from ui.russian_rails.crayon_overlay import Overlay, PathMark, draw_overlay
    from ui.russian_rails.lunar_look import split_at_jumps

    wrap = next(h for h, w in board.wraps.items() if w.name == "+B'")
    partner = board.wraps[wrap].partner
    inland = [n for n in board.neighbours(wrap) if n != partner]
    onward = [n for n in board.neighbours(partner) if n != wrap]
    path = [inland[0], wrap, partner, onward[0]]
    geom = geometry_for(board)
    assert split_at_jumps(geom, path) == [[inland[0], wrap], [partner, onward[0]]]
    camera = Camera(pygame.Rect(0, 0, 1280, 720))
    lay = board.layout()
    (ax, ay), (bx, by) = lay.to_pixel(wrap), lay.to_pixel(partner)
    camera.center, camera.zoom = ((ax + bx) / 2, ay), 1.0
    surf = pygame.Surface((1280, 720))
    surf.fill((0, 0, 0))
    draw_overlay(surf, geom, camera, Overlay(paths=[PathMark(path, (250, 200, 40))]))
    assert surf.get_at((640, 360))[:3] == (0, 0, 0)  # nothing in the gap between the discs
    for h in (wrap, partner):  # both letters ringed in the path's colour
        x, y = camera.world_to_screen(lay.to_pixel(h))
        r = geom.spacing * 0.7
        ring = [surf.get_at((round(x + dx * r), round(y + dy * r)))[:3] for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        assert (250, 200, 40) in ring


def test_an_event_half_of_the_moon_is_shaded_on_both_discs(board, shot):
    from ui.russian_rails.crayon_overlay import Overlay, draw_overlay

    camera, surfs = shot
    surf = surfs[False].copy()
    draw_overlay(surf, geometry_for(board), camera, Overlay(areas=[("South", (255, 0, 0))]))
    lay = board.layout()
    for south, north in (("Tycho", "Plato"), ("Apollo", "Campbell")):
        for name, changed in ((south, True), (north, False)):
            x, y = camera.world_to_screen(lay.to_pixel(board.cities[name].center))
            p = (round(x) + 12, round(y) + 12)
            assert (surf.get_at(p) != surfs[False].get_at(p)) is changed, name
    assert surf.get_at((5, 360)) == surfs[False].get_at((5, 360))  # space stays clear


def test_track_between_two_wrap_letters_is_not_drawn_as_a_crayon_line(board):
    from types import SimpleNamespace

    from game.core.hexgrid import pair_key
    from ui.russian_rails.render import track_layers

    wrap = next(iter(board.wraps))
    partner = board.wraps[wrap].partner
    inland = next(n for n in board.neighbours(wrap) if n != partner)
    state = SimpleNamespace(board=board, track={pair_key(inland, wrap): 0, pair_key(wrap, partner): 0})
    (layer,) = track_layers(state, [(200, 0, 0)])
    assert layer.pairs == [pair_key(inland, wrap)]


def test_the_preview_tool_draws_a_route_through_a_wrap_letter(board):
    from tools.lunar_rails_map import preview

    path = preview.route(board, board.cities["Crisium"].center, board.cities["Mare Moscoviense"].center)
    assert any(board.teleports.get(a) == b for a, b in zip(path, path[1:]))
    assert preview.wrap_route_picture(board).get_size() == (1280, 720)
