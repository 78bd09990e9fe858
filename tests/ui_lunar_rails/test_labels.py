"""Lunar Rails map names: at the fitted view of 1280x720 and 1920x1080 (six
players) and zoomed in, no city, mare or landing-site name overlaps another
name or a symbol drawn on the map (city markers, major hexagons, wrap
letters, landing-site crosses, pole meteor boxes), and each is >= 11 px.
A major city's name alone may cover a landing-site cross (rather than stand
away from its city).

The symbols' sizes are worked out here from the drawing's own proportions,
independently of the label placer, so a placer that forgets a symbol fails."""
from __future__ import annotations

import math

import pygame
import pytest

from game.core.engine import Seat
from game.core.session import Session
from game.crayon.lunar_rails import ENGINE
from tests.ui.helpers import make_app
from ui.game_scene import GameScene
from ui.games import controller_for
from ui.russian_rails.crayon_labels import area_text
from ui.russian_rails.render import static_layer
from ui import theme


def _fitted_zoom(tmp_path, size):
    seats = [Seat(f"P{i}", "orange") for i in range(6)]
    session = Session("lunar_rails", {}, 1, seats, engine=ENGINE)
    app = make_app(tmp_path, size)
    scene = GameScene(app, session, controller_for("lunar_rails"))
    scene.bots_paused = True
    app.push(scene)
    app.step()
    return scene.state.board, scene.camera.zoom


def _box(cx, cy, half_w, half_h=None):
    half_h = half_w if half_h is None else half_h
    return pygame.Rect(round(cx - half_w), round(cy - half_h), round(2 * half_w), round(2 * half_h))


def _symbols(geom, zoom):
    """(what, screen-space rect at `zoom`) of every symbol the map draws."""
    sp = geom.spacing * zoom
    out = []
    for city in geom.cities:
        x, y = (v * zoom for v in geom.pos(city.hex))
        if city.kind == "major":
            corners = [geom.pos(h) for h in city.cells if h != city.hex]
            c = geom.pos(city.hex)
            xs = [(c[0] + (p[0] - c[0]) * 1.32) * zoom for p in corners]
            ys = [(c[1] + (p[1] - c[1]) * 1.32) * zoom for p in corners]
            out.append((city.name, pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))))
        else:
            rad = max(3.0, geom.spacing * (0.36 if city.kind == "medium" else 0.3) * zoom)
            out.append((city.name, _box(x, y, rad * (0.9 if city.kind == "medium" else 1.0))))
    lunar = geom.lunar
    r = max(9.0 if sp >= 12 else 5.0, sp * 0.46)
    for mark in lunar.wraps:
        x, y = (v * zoom for v in geom.pos(mark.hex))
        out.append((f"wrap {mark.name}", _box(x, y, r)))
    arm = max(3.0, sp * 0.2)
    for site in lunar.sites:
        out.append((f"site {site.text}", _box(site.point[0] * zoom, site.point[1] * zoom, arm)))
    for h, _ in lunar.meteor_boxes:
        x, y = (v * zoom for v in geom.pos(h))
        side = max(16.0, sp * 1.6)
        out.append(("meteor box", _box(x + sp * 1.9, y, side / 2)))
    return out


def _names(layer, zoom):
    """(text, screen rect, size, kind) of every name placed at `zoom`."""
    blocks, areas = layer.labels(zoom)
    out = []
    for b in blocks:
        out.append((b.city.name, pygame.Rect(*(round(v * zoom) for v in b.rect)), b.name_size, b.city.kind))
    for a in areas:
        out.append((area_text(a), pygame.Rect(*(round(v * zoom) for v in a.rect)), a.size, a.kind))
    return out


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_moon_name_overlaps_a_name_or_a_symbol(tmp_path, size):
    board, fitted = _fitted_zoom(tmp_path, size)
    layer = static_layer(board)
    problems = []
    for zoom in (fitted, fitted * 1.5, fitted * 2.5, fitted * 4):
        names = _names(layer, zoom)
        symbols = _symbols(layer.geom, zoom)
        for i, (text, rect, px, kind) in enumerate(names):
            if px < 11:
                problems.append(f"{zoom:.2f}: {text} is {px} px")
            shrunk = rect.inflate(-2, -2)  # the 1-pixel halo may touch
            for other, orect, _, _ in names[i + 1:]:
                if shrunk.colliderect(orect.inflate(-2, -2)):
                    problems.append(f"{zoom:.2f}: {text} overlaps {other}")
            for what, srect in symbols:
                if shrunk.colliderect(srect) and not (kind == "major" and what.startswith("site")):
                    problems.append(f"{zoom:.2f}: {text} overlaps {what}")
    assert not problems, "\n".join(problems)


def test_the_fitted_moon_names_its_maria(tmp_path):
    """Avoiding overlaps must not empty the map: at 1280x720 the big maria
    the issue named are still written."""
    board, fitted = _fitted_zoom(tmp_path, (1280, 720))
    shown = {text for text, _, _, _ in _names(static_layer(board), fitted)}
    assert {"Mare Imbrium", "Mare Tranquillitatis", "Mare Serenitatis"} <= shown


def test_a_mare_name_is_written_over_the_track_that_crosses_it():
    """The Moon's maria are land: track runs across their names, which stay
    readable on top of it (like the cities' names)."""
    from ui.camera import Camera
    from ui.russian_rails.lunar_look import LUNAR_STYLE
    from ui.russian_rails.render import Selection, draw_board, geometry_for

    state = ENGINE.new_game({}, 1, [Seat("Ann", "orange"), Seat("Bob", "green")])
    geom = geometry_for(state.board)
    layer = static_layer(state.board)
    view = pygame.Rect(0, 0, 1280, 720)
    cam = Camera(view)
    cam.fit(geom.frame)
    label = next(a for a in layer.labels(cam.zoom)[1] if a.text == "Mare Imbrium")
    x, y, w, h = label.rect
    row = [hx for hx in state.board.mileposts if abs(geom.pos(hx)[1] - (y + h / 2)) < geom.spacing * 0.6
           and x - geom.spacing <= geom.pos(hx)[0] <= x + w + geom.spacing]
    row.sort(key=lambda hx: geom.pos(hx)[0])
    for a, b in zip(row, row[1:]):
        if b in state.board.neighbours(a):
            state.track[tuple(sorted((a, b)))] = 0
    state._track_changed()
    red = (230, 0, 0)

    def picture(st):
        surf = pygame.Surface(view.size)
        while not draw_board(surf, st.board, st, cam, Selection((red, (0, 158, 115)))):
            pass
        return surf

    bare, tracked = picture(ENGINE.new_game({}, 1, [Seat("Ann", "orange"), Seat("Bob", "green")])), picture(state)
    box = pygame.Rect(round(x * cam.zoom + cam.world_to_screen((0, 0))[0]),
                      round(y * cam.zoom + cam.world_to_screen((0, 0))[1]), round(w * cam.zoom), round(h * cam.zoom))
    ink = [(i, j) for i in range(box.left, box.right) for j in range(box.top, box.bottom)
           if tuple(bare.get_at((i, j)))[:3] == LUNAR_STYLE.water_label]
    assert len(ink) > 30
    assert any(tuple(tracked.get_at((i, box.centery)))[:3] == red for i in range(box.left - 30, box.right + 30))
    assert all(tuple(tracked.get_at(p))[:3] == LUNAR_STYLE.water_label for p in ink)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_major_city_names_stand_straight_out_from_their_hexagon(tmp_path, size):
    """At the fitted view every Major City's name is directly below, above or
    beside its hexagon: its middle at most a quarter of its width off the
    hexagon's centre across (above or below), or half its height up or down
    (beside), never set off towards a corner (a name set diagonally reads as
    another city's)."""
    board, fitted = _fitted_zoom(tmp_path, size)
    layer = static_layer(board)
    blocks, _ = layer.labels(fitted)
    majors = [b for b in blocks if b.city.kind == "major"]
    assert len(majors) >= 9  # the eight Majors, a pole on both discs
    askew = []
    for b in majors:
        cx, cy = layer.geom.pos(b.city.hex)
        x, y, w, h = b.rect
        if abs(x + w / 2 - cx) > w / 4 + 0.5 and abs(y + h / 2 - cy) > h / 2 + 0.5:
            askew.append(b.city.name)
    assert not askew, askew
