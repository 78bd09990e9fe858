"""The pure renderer draws every kind of table off-screen: new games for 1-4
players and games in progress after bot moves, at fit-to-window zoom and
zoomed in, with real pictures (many colours), never touching the state."""
from __future__ import annotations

import pygame
import pytest

from game.core.engine import Seat
from game.russian_railroads import ENGINE
from tests.ui_russian_railroads.helpers import COLOURS
from ui import theme
from ui.camera import Camera
from ui.russian_railroads import geometry as g
from game.russian_railroads.data import load
from ui.russian_railroads.places import space_rects
from ui.russian_railroads import render
from ui.russian_railroads.render import Board, Selection, draw_board


def _state(n: int, seed: int, moves: int, options: dict | None = None):
    from game.russian_railroads import make_bot

    seats = [Seat(f"P{i + 1}", COLOURS[i]) for i in range(n)]
    st = ENGINE.new_game(options or {}, seed, seats)
    bots = [make_bot("random", seed * 10 + i) for i in range(n)]
    for _ in range(moves):
        if st.is_terminal():
            break
        st.apply(bots[st.current_player()].choose(st))
    return st, seats


def _render(st, seats, size=(1280, 720), zoom: float | None = None) -> pygame.Surface:
    surf = pygame.Surface(size)
    surf.fill(theme.BG_DEEP)
    board = Board.for_state(st)
    cam = Camera(pygame.Rect(0, 56, size[0] - 320, size[1] - 56))
    cam.fit(board.bounds())
    if zoom:
        cam.zoom_at(zoom, cam.viewport.center)
    sel = Selection(focus=st.current_player() or 0, names=tuple(s.name for s in seats),
                    colours=tuple(theme.seat_rgb(s) for s in seats))
    draw_board(surf, board, st, cam, sel)
    return surf


def _colours(surf: pygame.Surface) -> int:
    small = pygame.transform.scale(surf, (240, 135))
    return len({small.get_at((x, y))[:3] for x in range(240) for y in range(135)})


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_new_game_renders_a_full_table(players):
    st, seats = _state(players, 5, 0)
    before = st.to_dict()
    surf = _render(st, seats)
    assert st.to_dict() == before
    assert _colours(surf) > 150
    # the action board's red and the player board's paper are both on screen
    assert surf.get_at((400, 300))[:3] != theme.BG_DEEP


@pytest.mark.parametrize("players,seed", [(1, 3), (2, 4), (4, 6)])
def test_game_in_progress_renders_zoomed_and_fitted(players, seed):
    st, seats = _state(players, seed, 90)
    assert st.round >= 1
    before = st.to_dict()
    fitted = _render(st, seats, (1920, 1080))
    zoomed = _render(st, seats, (1920, 1080), zoom=3.0)
    assert st.to_dict() == before
    assert _colours(fitted) > 150 and _colours(zoomed) > 40


def test_every_space_of_every_board_side_has_its_own_place():
    for mode in ("solo", "2p", "3p", "4p"):
        rects = space_rects(load(), mode)
        plain = {k: v for k, v in rects.items() if k != "LAST"}
        for a, ra in plain.items():
            for b, rb in plain.items():
                if a < b:
                    overlap = pygame.Rect(ra).colliderect(pygame.Rect(rb))
                    assert not overlap, f"{a} and {b} overlap on the {mode} board"
            assert 0 <= ra[0] and ra[0] + ra[2] <= g.AB_W and ra[1] + ra[3] <= g.SUPPLY_Y, a


def test_the_module_tables_keep_the_base_table_size():
    """The coal board lies under the side column (three compact boards, or Emil's panel) and the
    modules' extra ? cards take a second row: the fitted table, so its words, keep the base size."""
    base = g.table_bounds(3)
    assert g.table_bounds(3, coal=True) == base and g.table_bounds(0, coal=True) == base
    coal = pygame.Rect(g.coal_board_rect())
    assert pygame.Rect(base).contains(coal)
    taken = [pygame.Rect(g.side_slot_rect(i)) for i in range(3)] + [
        pygame.Rect(g.emil_rect(False)), pygame.Rect(g.AB_X, g.AB_Y, g.AB_W, g.AB_H),
        pygame.Rect(g.focus_frame().bounds)]
    assert coal.collidelist(taken) == -1
    inside = [pygame.Rect(r) for r in (*g.coal_space_rects("4p").values(), g.foundry_display_rect(0),
                                       g.foundry_display_rect(1), g.foundry_pile_rect())]
    assert all(coal.contains(r) for r in inside) and all(r.collidelist(inside[i + 1:]) == -1
                                                           for i, r in enumerate(inside))
    for count in (5, 6, 7):
        cards = [pygame.Rect(g.q_card_rect(i, count)) for i in range(count)]
        assert all(c.collidelist(cards[i + 1:]) == -1 for i, c in enumerate(cards)), count
        assert all(g.Q_CARDS_X <= c.x and c.right <= g.end_bonus_pile_rect()[0] and c.bottom <= g.AB_H
                   for c in cards), count
        assert min(c.w for c in cards) >= 80, count   # room for "factory", "revalue" beside a picture


def test_player_board_pieces_stay_inside_the_board():
    data = load()
    for road in data.railroads:
        last = g.space_rect(data, road.id, road.length)
        assert last[0] + last[2] <= g.RIGHT_X
    assert g.industry_rect(15)[0] + g.industry_rect(15)[2] <= g.RIGHT_X
    assert g.engineer_rect(6)[0] + g.engineer_rect(6)[2] <= g.RIGHT_X


def test_cached_layers_follow_the_state():
    """The board art is cached per zoom; a placed worker must still appear."""
    from game.russian_railroads.actions import Place

    st, seats = _state(2, 8, 0)
    while st.phase == "draft" or st.tasks:
        st.apply(st.legal_actions()[0])
    size = (1280, 720)
    board = Board.for_state(st)
    cam = Camera(pygame.Rect(0, 56, 960, 664))
    cam.fit(board.bounds())
    sel = Selection(focus=st.current_player(), colours=tuple(theme.seat_rgb(s) for s in seats))
    rect = space_rects(st.data, "2p")["T-BLK3"]
    top_left = cam.world_to_screen((rect[0] + 8, rect[1] + 6))
    area = pygame.Rect(int(top_left[0]), int(top_left[1]), int(cam.scale(60)), int(cam.scale(26)))

    def shot() -> bytes:
        surf = pygame.Surface(size)
        draw_board(surf, board, st, cam, sel)
        return pygame.image.tobytes(surf.subsurface(area), "RGB")

    before = shot()
    assert shot() == before
    st.apply(Place("T-BLK3", 2, 0, 0, 0))
    assert shot() != before


def _camera(board: Board, size=(1920, 1080)) -> Camera:
    cam = Camera(pygame.Rect(0, 56, size[0] - 320, size[1] - 56))
    cam.fit(board.bounds())
    return cam


def _draw(surf, st, seats, cam) -> None:
    surf.fill(theme.BG_DEEP)
    sel = Selection(focus=st.current_player() or 0, names=tuple(s.name for s in seats),
                    colours=tuple(theme.seat_rgb(s) for s in seats))
    draw_board(surf, Board.for_state(st), st, cam, sel)


def _settled(st, seats, cam, size=(1920, 1080)) -> pygame.Surface:
    """The picture once the view has stood still long enough for every tile."""
    surf = pygame.Surface(size)
    for _ in range(render.ZOOM_SETTLE_FRAMES + 60):
        _draw(surf, st, seats, cam)
    return surf


def _steady(st, seats, cam, size=(1920, 1080)) -> pygame.Surface:
    """The picture once a frame paints no tile (the view standing still)."""
    surf = pygame.Surface(size)
    for _ in range(30):
        cache = render._CACHE
        before = (cache.painted, cache.patched)
        _draw(surf, st, seats, cam)
        if (cache.painted, cache.patched) == before:
            return surf
    raise AssertionError("the table never stopped painting")


@pytest.fixture
def fresh_cache(monkeypatch):
    monkeypatch.setattr(render, "_CACHE", render.ArtCache())
    return render


def test_deep_zoom_tiles_give_the_pixels_of_whole_board_pictures(fresh_cache, monkeypatch):
    st, seats = _state(3, 4, 60)
    cam = _camera(Board.for_state(st))
    cam.zoom_at(3.0, (900, 500))
    tiled = _settled(st, seats, cam)
    assert render._CACHE.painted > 6  # several tiles per board
    monkeypatch.setattr(render, "SMALL_TILE", 100_000)  # every board one picture, as before tiling
    monkeypatch.setattr(render, "LARGE_TILE", 100_000)
    monkeypatch.setattr(render, "_CACHE", render.ArtCache())
    whole = _settled(st, seats, cam)
    assert pygame.image.tobytes(tiled, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_a_zoom_paints_nothing_while_it_moves_and_a_pan_only_what_comes_into_view(fresh_cache):
    st, seats = _state(3, 4, 60)
    cam = _camera(Board.for_state(st))
    surf = _settled(st, seats, cam)
    cache = render._CACHE
    painted = cache.painted
    for _ in range(8):  # the wheel turns: boards drawn at the fitted zoom are scaled
        cam.zoom_at(1.15, (900, 500))
        _draw(surf, st, seats, cam)
    assert cache.painted == painted
    deep = _settled(st, seats, cam)
    per_view = cache.painted - painted
    assert 0 < per_view < 40
    before = {k for k in cache._tiles if k[1] == round(cam.zoom, 4)}
    for _ in range(20):
        cam.pan_screen(-30, 0)
        _draw(surf, st, seats, cam)
    _settled(st, seats, cam)
    now = {k for k in cache._tiles if k[1] == round(cam.zoom, 4)}
    new = now - before
    assert 0 < len(new) < per_view  # only the tiles that came into view
    assert cache.painted - painted == per_view + len(new)
    assert deep.get_size() == surf.get_size()


@pytest.mark.parametrize("players, seed, zoom, options", [(4, 6, None, None), (2, 9, 2.2, None), (1, 3, None, None),
                                                         (3, 2, None, {"coal": True, "new_components": True})])
def test_a_move_repaints_only_what_changed_with_the_pixels_of_a_whole_repaint(fresh_cache, monkeypatch, players,
                                                                                seed, zoom, options):
    """After each move of a game the action board is patched (only its
    changed places painted again over the last picture), and the table is
    pixel for pixel the one drawn from nothing."""
    from game.russian_railroads import make_bot

    st, seats = _state(players, seed, 0, options)
    cam = _camera(Board.for_state(st))
    if zoom:
        cam.zoom_at(zoom, (700, 400))
    bots = [make_bot("random", seed * 10 + i) for i in range(players)]
    kept = render._CACHE
    _settled(st, seats, cam)
    checked = 0
    for move in range(60):
        if st.is_terminal():
            break
        st.apply(bots[st.current_player()].choose(st))
        patched = _steady(st, seats, cam)
        if move % 6:
            continue
        monkeypatch.setattr(render, "_CACHE", render.ArtCache())
        whole = _steady(st, seats, cam)
        monkeypatch.setattr(render, "_CACHE", kept)
        assert pygame.image.tobytes(patched, "RGB") == pygame.image.tobytes(whole, "RGB"), f"move {move}"
        checked += 1
    assert checked >= 5 and kept.patched >= 15


@pytest.mark.parametrize("players, seed, options", [
    (4, 11, None), (3, 5, {"board": "germany", "coal": True, "dsp": True, "olga": True}),
    (2, 7, {"board": "usa", "new_components": True})])
def test_a_move_repaints_only_the_changed_regions_of_a_player_board(fresh_cache, monkeypatch, players, seed,
                                                                    options):
    """Each move patches the boards of the players it touched (a railroad
    row, the supplies, the header...) instead of painting them whole, and
    every frame's table is pixel for pixel the one drawn from nothing."""
    from game.russian_railroads import make_bot

    player_patches = []

    def spy(pen, old, parts, under):
        done = parts_module.repaint_changed(pen, old, parts, under)
        if parts and parts[0].key[0] == "header":
            player_patches.append(done)
        return done

    from ui.russian_railroads import parts as parts_module
    monkeypatch.setattr(render, "repaint_changed", spy)
    st, seats = _state(players, seed, 0, options)
    cam = _camera(Board.for_state(st))
    bots = [make_bot("random", seed * 10 + i) for i in range(players)]
    kept = render._CACHE
    _settled(st, seats, cam)
    for move in range(40):
        if st.is_terminal():
            break
        st.apply(bots[st.current_player()].choose(st))
        patched = _steady(st, seats, cam)
        monkeypatch.setattr(render, "_CACHE", render.ArtCache())
        whole = _steady(st, seats, cam)
        monkeypatch.setattr(render, "_CACHE", kept)
        assert pygame.image.tobytes(patched, "RGB") == pygame.image.tobytes(whole, "RGB"), f"move {move}"
    assert player_patches.count(True) >= 15


@pytest.mark.parametrize("players, seed, options", [(4, 6, None), (3, 2, {"coal": True, "new_components": True})])
def test_a_turn_starting_or_ending_lights_the_spaces_over_the_kept_board_with_the_pixels_of_a_whole_repaint(
        fresh_cache, monkeypatch, players, seed, options):
    """Seat 0 plays at the screen: on its turns some thirty action spaces
    are outlined or dimmed at once, and when its turn ends they go out. The
    action (and coal) board's picture is never painted whole for that, only
    patched where a piece moved; every frame is pixel for pixel the table
    drawn from nothing, the lights included."""
    from game.russian_railroads import make_bot
    from ui.russian_railroads import choices

    painted: list[str] = []
    paint = render.ArtCache._paint

    def spy(cache, key, *args):
        painted.append(key[0])
        return paint(cache, key, *args)

    monkeypatch.setattr(render.ArtCache, "_paint", spy)
    st, seats = _state(players, seed, 0, options)
    while st.phase == "draft" or st.tasks:
        st.apply(st.legal_actions()[0])
    board = Board.for_state(st)
    cam = _camera(board)
    bots = [make_bot("random", seed * 10 + i) for i in range(players)]
    kept = render._CACHE

    def shot() -> pygame.Surface:
        seat = st.current_player()
        ch = choices.build(st, board, seat, choices.Prefs(), human=seat == 0)
        sel = Selection(focus=seat, usable=set(ch.usable), blocked=ch.blocked, names=tuple(s.name for s in seats),
                        colours=tuple(theme.seat_rgb(s) for s in seats))
        surf = pygame.Surface((1920, 1080))
        for _ in range(30):
            before = (render._CACHE.painted, render._CACHE.patched)
            surf.fill(theme.BG_DEEP)
            draw_board(surf, board, st, cam, sel)
            if (render._CACHE.painted, render._CACHE.patched) == before:
                return surf
        raise AssertionError("the table never stopped painting")

    for _ in range(render.ZOOM_SETTLE_FRAMES + 60):
        shot()
    lit, turns = 0, 0
    for move in range(24):
        was = st.current_player() == 0
        st.apply(bots[st.current_player()].choose(st))
        painted.clear()
        kept_shot = shot()
        assert "action+" not in painted and "coal+" not in painted, f"move {move}: a board painted whole"
        turns += was != (st.current_player() == 0)
        monkeypatch.setattr(render, "_CACHE", render.ArtCache())
        whole = shot()
        monkeypatch.setattr(render, "_CACHE", kept)
        assert pygame.image.tobytes(kept_shot, "RGB") == pygame.image.tobytes(whole, "RGB"), f"move {move}"
        lit += st.current_player() == 0
    assert turns >= 4 and lit >= 2
