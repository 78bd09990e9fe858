"""The Russian Rails board drawn off-screen: every zoom level paints a real
map (water, land, red Major City hexagons, crayon track, pawns), and picking
a milepost from a screen position stays right after panning and zooming."""
import pygame
import pytest

from game.core.engine import Seat
from game.crayon.actions import BuildTrack
from game.crayon.russian_rails import ENGINE
from ui.camera import Camera
from ui.russian_rails.crayon_overlay import pick_milepost
from ui.russian_rails.render import RUSSIAN_STYLE, Selection, draw_board, geometry_for, static_layer

VIEW = pygame.Rect(0, 0, 1200, 800)


@pytest.fixture(scope="module")
def game():
    pygame.init()
    state = ENGINE.new_game({}, 5, [Seat("Ann", "orange"), Seat("Bob", "sky")])
    moscow = state.board.cities["Moscow"]
    path = (moscow.mileposts[1],) + tuple((moscow.mileposts[1][0] + k, moscow.mileposts[1][1]) for k in range(1, 5))
    state.apply(BuildTrack(path))
    return state


def camera_at(geom, zoom, centre=None):
    cam = Camera(VIEW)
    cam.fit(geom.frame)
    if zoom is not None:
        cam.zoom = zoom
        cam.center = centre
    return cam


def colours_in(surface, rect):
    sub = surface.subsurface(rect.clip(surface.get_rect()))
    step = 3
    return {tuple(sub.get_at((x, y)))[:3] for x in range(0, sub.get_width(), step)
            for y in range(0, sub.get_height(), step)}


def has_near(seen, colour, tol=8):
    """The land and water are scaled from one picture, so allow filtering's
    small shifts."""
    return any(all(abs(a - b) <= tol for a, b in zip(c, colour)) for c in seen)


@pytest.mark.parametrize("zoom", [None, 1.6, 4.0])
def test_board_draws_a_real_map_at_every_zoom(game, zoom):
    board = game.board
    geom = geometry_for(board)
    moscow = geom.pos(board.cities["Moscow"].center)
    cam = camera_at(geom, zoom, moscow)
    surf = pygame.Surface(VIEW.size)
    surf.fill((0, 0, 0))
    draw_board(surf, board, game, cam, Selection([(230, 159, 0), (86, 180, 233)]))
    seen = colours_in(surf, VIEW)
    assert len(seen) > 40  # a map, not a blank or a flat fill
    assert has_near(seen, RUSSIAN_STYLE.land)
    sx, sy = (int(v) for v in cam.world_to_screen(moscow))
    near = pygame.Rect(sx - 40, sy - 40, 80, 80)
    assert RUSSIAN_STYLE.major_fill in colours_in(surf, near)  # Moscow's red hexagon
    if zoom is None:
        assert has_near(seen, RUSSIAN_STYLE.water)  # the whole map shows its seas


def test_track_is_drawn_in_the_builders_colour(game):
    geom = geometry_for(game.board)
    (a, b), seat = next(iter(game.track.items()))
    mid = ((geom.pos(a)[0] + geom.pos(b)[0]) / 2, (geom.pos(a)[1] + geom.pos(b)[1]) / 2)
    cam = camera_at(geom, 4.0, mid)
    surf = pygame.Surface(VIEW.size)
    colours = [(230, 159, 0), (86, 180, 233)]
    draw_board(surf, game.board, game, cam, Selection(colours))
    assert colours[seat] in colours_in(surf, pygame.Rect(VIEW.centerx - 20, VIEW.centery - 20, 40, 40))
    bare = pygame.Surface(VIEW.size)
    draw_board(bare, game.board, None, cam)
    assert colours[seat] not in colours_in(bare, pygame.Rect(VIEW.centerx - 20, VIEW.centery - 20, 40, 40))


def test_picking_a_milepost_survives_pan_and_zoom(game):
    board = game.board
    geom = geometry_for(board)
    cam = camera_at(geom, None)
    targets = [board.cities["Kazan"].center, board.cities["Odessa"].center, (20, 40), (10, 30)]
    targets = [h for h in targets if h in board.mileposts]
    assert len(targets) >= 3
    for step in range(3):
        for h in targets:
            sx, sy = cam.world_to_screen(geom.pos(h))
            if VIEW.collidepoint(sx, sy):
                # A few pixels off the dot still picks it.
                off = geom.spacing * cam.zoom * 0.3
                assert pick_milepost(geom, cam, (sx + off, sy)) == h
                assert pick_milepost(geom, cam, (sx, sy - off)) == h
        cam.zoom_at(1.7, (400 + 100 * step, 300))
        cam.pan_screen(-60, 45)
    # In the middle of the Black Sea there is no milepost.
    sea = next(w for w in geom.waters if w.name == "Black Sea").label_at
    assert pick_milepost(geom, cam, cam.world_to_screen(sea)) is None


def test_names_are_dropped_when_the_map_is_small(game):
    layer_cities = geometry_for(game.board).cities
    layer = static_layer(game.board)
    far, _ = layer.labels(0.4)
    near, _ = layer.labels(3.0)
    majors = {c.name for c in layer_cities if c.kind == "major"}
    assert {b.city.name for b in far} >= majors
    assert len(far) < len(near) == len(layer_cities)


def test_a_new_section_shows_at_once_and_an_undo_takes_it_away():
    """A build paints its sections onto the tiles already made; an undo
    repaints the tiles it touched, so the picture always matches the track."""
    state = ENGINE.new_game({}, 7, [Seat("Ann", "orange"), Seat("Bob", "sky")])
    geom = geometry_for(state.board)
    kiev = state.board.cities["Kiev"].mileposts[1]
    path = (kiev,) + tuple((kiev[0] + k, kiev[1]) for k in range(1, 4))
    mid = geom.pos(path[2])
    cam = camera_at(geom, 4.0, mid)
    colours = [(230, 159, 0), (86, 180, 233)]
    spot = pygame.Rect(0, 0, 24, 24)
    spot.center = tuple(int(v) for v in cam.world_to_screen(mid))

    def draw(s):
        surf = pygame.Surface(VIEW.size)
        draw_board(surf, s.board, s, cam, Selection(colours))
        return colours_in(surf, spot)

    builder = colours[state.current_player()]
    assert builder not in draw(state)
    before = state.clone()
    state.apply(BuildTrack(path))
    assert builder in draw(state)
    assert builder not in draw(before)  # the undone position: the section is gone again


def test_map_tiles_stay_within_their_memory_bound_whatever_is_visited():
    from ui.russian_rails.render import TILES

    state = ENGINE.new_game({}, 5, [Seat("Ann", "orange"), Seat("Bob", "sky")])
    geom = geometry_for(state.board)
    x, y, w, h = geom.frame
    surf = pygame.Surface(VIEW.size)
    for zoom in (2.0, 8.0):
        for k in range(12):
            cam = camera_at(geom, zoom, (x + w * (k % 4 + 0.5) / 4, y + h * (k // 4 + 0.5) / 3))
            draw_board(surf, state.board, state, cam, Selection([(230, 159, 0), (86, 180, 233)]))
            assert TILES.bytes <= TILES.budget
    assert len(TILES) > 20


class TileCounter:
    """Counts the map and track tiles painted, by (layer kind, zoom, i, j)."""

    def __init__(self, monkeypatch):
        from ui.russian_rails.crayon_board import StaticLayer, TrackTiles

        self.painted = []
        for cls in (StaticLayer, TrackTiles):
            monkeypatch.setattr(cls, "render_tile", self._counting(cls, cls.render_tile))

    def _counting(self, cls, paint):
        def render_tile(layer, zoom, i, j):
            self.painted.append((cls.__name__, zoom, i, j))
            return paint(layer, zoom, i, j)
        return render_tile


def forget_drawings():
    """No tile and no still picture kept: the next frame draws from scratch."""
    from ui.russian_rails import render

    render.TILES.drop(lambda key: True)
    render._STILL.clear()


def visible_spots(cam):
    from ui.russian_rails.crayon_board import TILE

    ox, oy = (int(v // 1) for v in cam.world_to_screen((0.0, 0.0)))
    vp = cam.viewport
    return {(i, j) for j in range((vp.top - oy) // TILE, (vp.bottom - oy) // TILE + 1)
            for i in range((vp.left - ox) // TILE, (vp.right - ox) // TILE + 1)}


def pixels(surface):
    return pygame.image.tobytes(surface, "RGB")


def test_a_zoom_gesture_paints_no_tiles_then_the_settled_view_matches_a_direct_drawing(game, monkeypatch):
    """While the wheel turns, frames scale the last still picture (no tile of
    a passing zoom is painted); once it stops, each visible tile is painted
    once, a few per frame, and the settled picture is exactly what drawing
    that view from nothing gives."""
    geom = geometry_for(game.board)
    colours = [(230, 159, 0), (86, 180, 233)]
    forget_drawings()
    cam = camera_at(geom, None)
    surf = pygame.Surface(VIEW.size)
    assert draw_board(surf, game.board, game, cam, Selection(colours))
    counter = TileCounter(monkeypatch)
    moscow = geom.pos(game.board.cities["Moscow"].mileposts[1])
    for _ in range(8):
        cam.zoom_at(1.15, cam.world_to_screen(moscow))
        assert not draw_board(surf, game.board, game, cam, Selection(colours, tile_budget_ms=0))
    assert counter.painted == []
    frames = 0
    while not draw_board(surf, game.board, game, cam, Selection(colours, tile_budget_ms=0.5)):
        frames += 1
    zoom = round(cam.zoom, 6)
    assert frames > 1  # spread over frames
    assert len(counter.painted) == len(set(counter.painted)) <= 2 * len(visible_spots(cam))
    assert {(z, i, j) for _, z, i, j in counter.painted} <= {(zoom, i, j) for i, j in visible_spots(cam)}
    draw_board(surf, game.board, game, cam, Selection(colours))  # the controller's next frame: the view is still
    forget_drawings()
    direct = pygame.Surface(VIEW.size)
    draw_board(direct, game.board, game, cam, Selection(colours))
    assert pixels(surf) == pixels(direct)


def test_a_pan_paints_only_the_tiles_that_come_into_view(game, monkeypatch):
    geom = geometry_for(game.board)
    colours = [(230, 159, 0), (86, 180, 233)]
    moscow = geom.pos(game.board.cities["Moscow"].mileposts[1])
    cam = camera_at(geom, 4.0, moscow)
    surf = pygame.Surface(VIEW.size)
    draw_board(surf, game.board, game, cam, Selection(colours))
    counter = TileCounter(monkeypatch)
    seen = visible_spots(cam)
    for _ in range(10):
        cam.pan_screen(-37, -11)
        draw_board(surf, game.board, game, cam, Selection(colours, tile_budget_ms=3.0))
        seen |= visible_spots(cam)
    while not draw_board(surf, game.board, game, cam, Selection(colours, tile_budget_ms=3.0)):
        pass
    new = seen - visible_spots(camera_at(geom, 4.0, moscow))
    assert counter.painted and len(counter.painted) == len(set(counter.painted))
    assert {(i, j) for _, _, i, j in counter.painted} <= new
    draw_board(surf, game.board, game, cam, Selection(colours))
    forget_drawings()
    direct = pygame.Surface(VIEW.size)
    draw_board(direct, game.board, game, cam, Selection(colours))
    assert pixels(surf) == pixels(direct)


def test_every_frame_paints_the_whole_map_area(tmp_path):
    """The scene does not clear the map area before drawing it (the map's
    tiles, or the last view scaled over a plain stand-in, cover it all):
    no pixel of what was on screen before shows through, still, while the
    wheel zooms in and out, while the view settles and while it pans."""
    from tests.ui_russian_rails.helpers import motion, open_game, wheel

    app, scene = open_game(tmp_path, (1280, 720))
    board = scene.board_rect
    stale = (255, 0, 255)

    def frame(events=()) -> None:
        app.screen.fill(stale, board)
        app.step(list(events))
        left = pygame.mask.from_threshold(app.screen.subsurface(board), stale, (1, 1, 1, 255)).count()
        assert left == 0

    assert scene.controller.covers_board  # a still view: the board is not cleared first
    frame()
    motion(app, board.center)
    for notches in [1] * 6 + [-1] * 9:
        frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0,
                                  precise_y=float(notches))])
    for _ in range(4):
        frame()
    frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=board.center, button=2)])
    for k in range(1, 6):
        frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(board.centerx + 40 * k, board.centery + 25 * k),
                                  rel=(40, 25), buttons=(0, 1, 0))])
    frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=board.center, button=2)])
    for _ in range(40):
        frame()
    assert scene.controller.covers_board


@pytest.mark.parametrize("moving", [False, True], ids=["still", "moving"])
def test_the_names_zoom_is_worked_out_once_a_frame(game, monkeypatch, moving):
    """The zoom whose names are drawn serves the names and the landing-sites
    layer: one frame works it out once (before, twice), and both are drawn at it."""
    from ui.russian_rails import render

    monkeypatch.setattr(render, "_LAYERS", {})  # a fresh layer: no zoom's names drawn by another test
    layer = static_layer(game.board, RUSSIAN_STYLE)
    cam = camera_at(geometry_for(game.board), None)
    surface = pygame.Surface(VIEW.size)
    draw_board(surface, game.board, game, cam)  # the fitted zoom's names drawn, the only ones
    cam.zoom *= 1.19 if moving else 1.07  # moving: a zoom whose names are not drawn yet
    asked, placed = [], []
    label_zoom, labels = type(layer).label_zoom, type(layer).labels
    monkeypatch.setattr(type(layer), "label_zoom", lambda self, *a: (asked.append(1), label_zoom(self, *a))[1])
    monkeypatch.setattr(type(layer), "labels", lambda self, zoom: (placed.append(zoom), labels(self, zoom))[1])
    draw_board(surface, game.board, game, cam, Selection(tile_budget_ms=3.0 if moving else None))
    assert asked == [1]
    assert len(set(placed)) == 1 and (placed[0] != round(cam.zoom, 6)) == moving  # moving: the names drawn stand in


def test_after_a_build_the_still_picture_is_brought_up_to_date_tile_by_tile(monkeypatch):
    """The frame after a build re-blits only the tiles under the new
    sections onto the last still picture (not the whole view), and shows
    exactly what drawing the view from nothing gives; after an undo (track
    gone) the view is composed again."""
    from ui.russian_rails import crayon_board
    from ui.russian_rails.render import still_view

    state = ENGINE.new_game({}, 7, [Seat("Ann", "orange"), Seat("Bob", "sky")])
    geom = geometry_for(state.board)
    colours = [(230, 159, 0), (86, 180, 233)]
    kiev = state.board.cities["Kiev"].mileposts[1]
    path = (kiev,) + tuple((kiev[0] + k, kiev[1]) for k in range(1, 5))
    state.apply(BuildTrack(path[:3]))  # the player's first track (a new colour on the map)
    forget_drawings()
    cam = camera_at(geom, None)
    surf = pygame.Surface(VIEW.size)
    for _ in range(2):  # a still view: its picture is kept
        draw_board(surf, state.board, state, cam, Selection(colours))
    caught_up = []
    real = crayon_board._catch_up
    monkeypatch.setattr(crayon_board, "_catch_up", lambda *a: caught_up.append(real(*a)) or caught_up[-1])
    before = state.clone()
    state.apply(BuildTrack(path[2:]))
    for s, used in ((state, True), (before, False)):
        draw_board(surf, s.board, s, cam, Selection(colours))
        assert caught_up.pop() is used
        still_view(s.board).pic = None  # draw the same view from nothing
        direct = pygame.Surface(VIEW.size)
        draw_board(direct, s.board, s, cam, Selection(colours))
        assert pixels(surf) == pixels(direct)


def test_with_a_version_the_track_follows_builds_and_undo_as_a_fresh_drawing_shows_it(monkeypatch):
    """Given the session's version, a frame compares no track (the version
    says nothing moved); each build or undo (a new version) brings the track
    tiles up to date: the picture is the one drawn from nothing."""
    from bench.late_board import bot_move
    from game.core.session import Session
    from ui.russian_rails import render

    session = Session("russian_rails", {}, 3, [Seat("Ann", "orange"), Seat("Bob", "sky"), Seat("Cy", "green")],
                      engine=ENGINE)
    geom = geometry_for(session.state.board)
    cam = camera_at(geom, None)  # the whole map: every build is in view
    colours = [(230, 159, 0), (86, 180, 233), (0, 158, 115)]
    compared = []
    frozen = frozenset
    monkeypatch.setattr(render, "frozenset", lambda items: compared.append(1) or frozen(items), raising=False)

    def frame(version):
        surf = pygame.Surface(VIEW.size)
        for _ in range(3):  # the tiles a build touched, painted over the next frames
            draw_board(surf, session.state.board, session.state, cam, Selection(colours, version=version))
        return surf

    builds = 0
    for _ in range(40):
        session.apply(bot_move(session))
        if not isinstance(session.actions[-1], BuildTrack):
            continue
        builds += 1
        kept = frame((len(session.actions), id(session.state)))
        if builds % 3 == 0:
            session.undo()
            kept = frame((len(session.actions), id(session.state)))
        forget_drawings()
        render._TRACKS.clear()
        assert pixels(kept) == pixels(frame(None))
    assert builds >= 4
    compared.clear()
    frame((len(session.actions), id(session.state)))
    assert not compared  # a still frame with the version: no pass over the track
