"""The pure board renderer draws the authored and a generated map off-screen
at three zoom levels: terrain, rivers, places and rail markers all show."""
import pygame
import pytest

from game.regional_rails import ENGINE
from game.core.hexgrid import distance, edge_hexes, edge_id
from ui.camera import Camera
from ui.regional_rails import geometry as geo
from ui.regional_rails import render
from ui.regional_rails import terrain
from ui.regional_rails.boardview import view_of
from ui.regional_rails.pieces import company_colours, pieces_of
from ui.regional_rails.render import Preview, Selection, draw_board

from tests.ui_regional_rails.helpers import advance, seats

SIZE = (1200, 800)


def _state(map_kind: str, seed: int = 4):
    from game.core.session import Session

    sess = Session("regional_rails", {"map": map_kind}, seed, seats(3), engine=ENGINE)
    advance(sess, lambda s: s.round >= 3 and s.phase == "build")
    return sess.state


@pytest.fixture(autouse=True)
def _fresh_board_picture(monkeypatch):
    """Each test's frame is drawn whole: a board picture kept from another
    test's frame at another zoom would be scaled under it as while the wheel
    turns, with the rails outside that picture not drawn (the order of tests
    on a worker decided whether a test failed)."""
    monkeypatch.setattr(render, "_SHOWN", render._Shown())


@pytest.fixture(scope="module", params=["authored", "random"])
def state(request):
    return _state(request.param)


def _render(state, zoom_factor: float, centre=None, selection=None) -> pygame.Surface:
    surf = pygame.Surface(SIZE)
    surf.fill((0, 0, 0))
    cam = Camera(pygame.Rect(0, 0, *SIZE))
    cam.fit(view_of(state.board).world_bounds())
    cam.zoom *= zoom_factor
    if centre is not None:
        cam.center = centre
    draw_board(surf, state.board, state, cam, selection)
    return surf


def _colours(surf: pygame.Surface) -> set:
    raw = pygame.image.tobytes(surf, "RGB")
    return set(zip(raw[0::3], raw[1::3], raw[2::3]))


@pytest.mark.parametrize("zoom", [0.5, 1.0, 3.0])
def test_board_renders_terrain_at_every_zoom(state, zoom):
    busiest = max(state.interior, key=lambda h: len(state.interior[h]))
    surf = _render(state, zoom, geo.hex_center(busiest) if zoom > 1 else None)
    colours = _colours(surf)
    assert len(colours) > 12
    seen_terrain = {t for t, c in terrain.FILL.items() if c in colours}
    assert "plains" in seen_terrain
    if zoom <= 1.0:
        assert {"sea", "forest", "mountain"} <= seen_terrain
        assert terrain.RIVER in colours


def test_rail_markers_show_in_their_railroads_colours(state):
    surf = _render(state, 1.0)
    colours = _colours(surf)
    own = company_colours(state)
    built = {i for cos in state.interior.values() for i in cos}
    assert built
    for i in built:
        assert own[i] in colours


def test_full_side_shows_three_separate_markers():
    st = _state("authored")
    e = next(iter(st.board.sides))
    st.side_rails[e] = [0, 1, 2]
    cam_surf = _render(st, 3.0, geo.edge_midpoint(e))
    own = company_colours(st)
    colours = _colours(cam_surf)
    assert all(own[i] in colours for i in (0, 1, 2))


def test_rails_drawn_again_follow_the_pieces_even_changed_in_place():
    """The rails' shapes are kept between frames while the rails stay the
    same: a side built since, or pieces changed in place, show at once."""
    st = _state("authored")
    pieces = pieces_of(st)
    e = next(e for e in sorted(st.board.sides) if e not in pieces.sides and not set(edge_hexes(e)) & set(
        st.board.places) and not any(h in pieces.interiors for h in edge_hexes(e)))
    own = company_colours(st)[0]

    def crossing() -> tuple:
        """The colour where the side's track crosses it (the view's centre)."""
        surf = pygame.Surface(SIZE)
        cam = Camera(pygame.Rect(0, 0, *SIZE))
        cam.fit(view_of(st.board).world_bounds())
        cam.zoom *= 3.0
        cam.center = geo.edge_midpoint(e)
        draw_board(surf, st.board, pieces, cam)
        return tuple(surf.get_at((SIZE[0] // 2, SIZE[1] // 2)))[:3]

    assert crossing() != own
    pieces.sides[e] = (0,)
    assert crossing() == own
    del pieces.sides[e]
    assert crossing() != own


def test_illegal_place_card_draws_the_reason_in_red():
    st = _state("authored")
    sea = next(h for h, t in st.board.terrain.items() if t == "sea")
    target = geo.Target("interior", sea)
    preview = Preview(target, "Rail marker in sea hex", 0, (), reason="Not a land hex.")
    with_card = _render(st, 1.0, selection=Selection(selected=target, preview=preview))
    without = _render(st, 1.0)
    from ui import theme
    assert theme.BAD in _colours(with_card)
    assert pygame.image.tobytes(with_card, "RGB") != pygame.image.tobytes(without, "RGB")


def test_a_railroad_reads_as_one_line_from_its_interior_across_its_side():
    """Track runs from a built interior's centre through a side the same
    railroad built into the next hex, in the railroad's colour all along."""
    st = _state("authored")
    own = company_colours(st)
    terrain_of = st.board.terrain
    places = list(st.board.places)

    def land(x) -> bool:
        return terrain_of.get(x) not in (None, "sea")

    # a hex with no place next to it (place names are drawn above the track), and a side into land
    h, e = next((h, e) for h in sorted(terrain_of) if land(h) and all(distance(h, p) > 1 for p in places)
                for e in (edge_id(h, d) for d in range(6)) if all(land(x) for x in edge_hexes(e)))
    seat = 0
    st.interior[h] = [seat]
    st.side_rails[e] = [seat]
    surf = pygame.Surface(SIZE)
    cam = Camera(pygame.Rect(0, 0, *SIZE))
    cam.fit(view_of(st.board).world_bounds())
    cam.zoom *= 3
    cam.center = geo.hex_center(h)
    draw_board(surf, st.board, st, cam)
    c, m = geo.hex_center(h), geo.edge_midpoint(e)
    other = edge_hexes(e)[1] if edge_hexes(e)[0] == h else edge_hexes(e)[0]
    beyond = geo.hex_center(other)
    for t in (0.3, 0.6, 0.9):
        p = cam.world_to_screen((c[0] + (m[0] - c[0]) * t, c[1] + (m[1] - c[1]) * t))
        assert surf.get_at((round(p[0]), round(p[1])))[:3] == own[seat]
    p = cam.world_to_screen((m[0] + (beyond[0] - m[0]) * 0.3, m[1] + (beyond[1] - m[1]) * 0.3))
    assert surf.get_at((round(p[0]), round(p[1])))[:3] == own[seat]


def test_place_names_are_drawn_above_the_track():
    st = _state("authored")
    view = view_of(st.board)
    h = next(iter(view.places))
    st.interior[h] = [0, 1, 2, 3]
    for d in range(6):
        st.side_rails[edge_id(h, d)] = [0, 1, 2]
    surf = pygame.Surface(SIZE)
    cam = Camera(pygame.Rect(0, 0, *SIZE))
    cam.fit(view.world_bounds())
    cam.zoom *= 3
    cam.center = geo.hex_center(h)
    draw_board(surf, st.board, st, cam)
    label = terrain.label_surface(view.places[h], cam.zoom)
    cx, cy = cam.world_to_screen(geo.hex_center(h))
    dx, dy = terrain.name_spots(view, cam.zoom)[h]
    rect = label.get_rect(topleft=(round(cx) + dx, round(cy) + dy))
    inks = {surf.get_at((x, rect.y + 1))[:3] for x in range(rect.x + 4, rect.right - 4)}
    assert inks == {terrain.LABEL_BG}  # the tag's top row is not crossed by any track


def test_a_still_board_is_one_picture_a_zoom_scales_it_and_a_move_shows_at_once(monkeypatch):
    """While nothing changes the board is blitted whole, while the wheel
    turns it is scaled (no rail is drawn), and the first frame after a move
    draws the new rails: each settled frame equals drawing from nothing."""
    from game.core.session import Session

    sess = Session("regional_rails", {"map": "authored"}, 4, seats(3), engine=ENGINE)
    advance(sess, lambda s: s.round >= 3 and s.phase == "build")
    drawn = []
    draw_rails = render.draw_rails
    monkeypatch.setattr(render, "draw_rails", lambda *a: (drawn.append(1), draw_rails(*a)))
    monkeypatch.setattr(render, "_LAYERS", [])  # terrain tiles of its own
    cam = Camera(pygame.Rect(0, 0, *SIZE))
    cam.fit(view_of(sess.state.board).world_bounds())
    surf = pygame.Surface(SIZE)

    def frame():
        surf.fill((0, 0, 0))
        draw_board(surf, sess.state.board, sess.state, cam, None)
        return pygame.image.tobytes(surf, "RGB")

    def direct():
        monkeypatch.setattr(render, "_SHOWN", render._Shown())
        return frame()

    for _ in range(3):
        settled = frame()
    drawn.clear()
    assert frame() == settled and not drawn  # one blit
    for _ in range(5):
        cam.zoom *= 1.15
        frame()
    assert not drawn
    for _ in range(40):  # at least one new tile a frame: every tile in view is painted by then
        settled = frame()
    assert settled == direct()
    cam.fit(view_of(sess.state.board).world_bounds())  # the whole map: the new rails are in view
    for _ in range(20):
        before = frame()
    pieces = pieces_of(sess.state)
    advance(sess, lambda s: pieces_of(s) != pieces)
    after = frame()
    assert after != before
    assert after == direct()
