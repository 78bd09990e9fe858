"""The hint's sentence never hides the move it suggests: a build at the foot
of the map puts the banner at the top, a build spanning the map moves the
view until the build stands clear of the banner at the foot, and a build
in the middle leaves the banner at the foot and the view as it was."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.hints import Hint  # noqa: E402
from game.core.search_bot import Decision  # noqa: E402
from game.crayon import actions as A  # noqa: E402
from tests.ui_russian_rails.helpers import mouse, open_game, press_key  # noqa: E402
from ui import theme  # noqa: E402
from ui.game_scene import HINT_TIP  # noqa: E402
from ui.hint_place import SPOT_PAD, hidden  # noqa: E402
from ui.russian_rails.crayon_overlay import pick_milepost  # noqa: E402

LONG = ("Build 7 track sections for 9M: the route takes Caviar from Astrakhan to Gorky (21M) and Salt "
        "from Astrakhan to Yaroslavl (21M) in about 4 turns, worth 4M more than the next route.")


def _column(scene, where: str) -> tuple:
    """Mileposts straight down the map's middle column: its lowest eight,
    the middle eight, or from top to bottom."""
    terrain = scene.controller.geom.terrain
    q = sorted(h[0] for h in terrain)[len(terrain) // 2]
    column = sorted((h for h in terrain if h[0] == q), key=lambda h: h[1])
    middle = len(column) // 2
    return {"foot": tuple(column[-8:]), "middle": tuple(column[middle - 4:middle + 4]),
            "span": tuple(column)}[where]


def _hint(scene, path: tuple) -> None:
    action = A.BuildTrack(path=path)
    seat = scene.session.state.current_player()
    scene.put_hint(Hint(seat, action, LONG, Decision(action, 0.0, 0.0, None, 0, 0, action)))


def _shown(scene) -> tuple:
    box = scene._hint_box()
    assert box is not None
    points = [scene.camera.world_to_screen(p) for p in scene.controller.hint_spots()]
    return box[1], points


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_hinted_build_at_the_foot_of_the_map_puts_the_sentence_at_the_top(tmp_path, size):
    _app, scene = open_game(tmp_path, size)
    view = (scene.camera.zoom, scene.camera.center)
    _hint(scene, _column(scene, "foot"))
    rect, points = _shown(scene)
    assert rect.top < scene.board_rect.centery and hidden(rect, points) == 0
    assert (scene.camera.zoom, scene.camera.center) == view  # nothing needed moving


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_hinted_build_across_the_map_is_moved_clear_of_the_sentence(tmp_path, size):
    _app, scene = open_game(tmp_path, size)
    _hint(scene, _column(scene, "span"))
    rect, points = _shown(scene)
    assert hidden(rect, points) == 0
    board = scene.board_rect.inflate(-SPOT_PAD, -SPOT_PAD)
    assert all(board.collidepoint(p) for p in points)  # and still on the board


def test_a_hinted_build_in_the_middle_leaves_the_sentence_at_the_foot(tmp_path):
    _app, scene = open_game(tmp_path, (1280, 720))
    view = (scene.camera.zoom, scene.camera.center)
    _hint(scene, _column(scene, "middle"))
    rect, points = _shown(scene)
    assert rect.bottom > scene.board_rect.centery and hidden(rect, points) == 0
    assert (scene.camera.zoom, scene.camera.center) == view


def test_a_refusal_banner_stands_below_a_hint_at_the_top(tmp_path):
    _app, scene = open_game(tmp_path, (1280, 720))
    _hint(scene, _column(scene, "foot"))
    scene.show_banner("You cannot build there.")
    hint_rect, _ = _shown(scene)
    seen = []

    class Spy:
        """A surface that notes where each picture is put."""

        def blit(self, box, rect):
            seen.append(box.get_rect(topleft=rect.topleft))

    scene._draw_banner(Spy(), hint_rect)
    assert len(seen) == 1 and seen[0].top >= hint_rect.bottom


def _hint_button(scene, text: str) -> None:
    """A hint of End turn, a move made with a panel button."""
    action = A.EndTurn()
    assert action in scene.session.state.legal_actions()
    seat = scene.session.state.current_player()
    scene.put_hint(Hint(seat, action, text, Decision(action, 0.0, 0.0, None, 0, 0, action)))
    scene.app.step()  # the panel drawn with the button outlined


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_hinted_panel_button_has_its_sentence_under_the_panels_rows(tmp_path, size):
    _app, scene = open_game(tmp_path, size)
    view = (scene.camera.zoom, scene.camera.center)
    _hint_button(scene, "End the turn: no track would earn back its cost before the others, projected 3M above the next best move.")
    rect, _ = _shown(scene)
    main = scene.controller.cursor.cursors["main"]
    assert not rect.colliderect(scene.board_rect)  # the map's foot stays in view
    assert main.rect.left <= rect.left and rect.right <= main.rect.right
    assert rect.top >= main.rect.top + main.content_height and rect.bottom <= main.rect.bottom
    assert (scene.camera.zoom, scene.camera.center) == view


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_sentence_too_long_for_the_panels_room_stays_on_the_board(tmp_path, size):
    """Too tall for the room at 1280x720; at 1920x1080 the room would hold
    the sentence cut after 8 lines, which the board's width shows whole."""
    _app, scene = open_game(tmp_path, size)
    _hint_button(scene, " ".join([LONG] * 3))
    rect, _ = _shown(scene)
    assert scene.board_rect.contains(rect)


def test_a_full_first_column_lends_the_sentence_the_logs_room_not_the_map(tmp_path):
    """At 1024x768 the wide panel's first column has too little room left
    under its rows: the sentence stands over the second column's game log
    (title and lines hidden behind it until the move), and the whole map
    stays in view."""
    app, scene = open_game(tmp_path, (1024, 768))
    _hint_button(scene, "End the turn: no track would earn back its cost before the others, projected 3M above the next best move.")
    main, side = scene.controller.cursor.cursors["main"], scene.controller.columns(scene.panel_rect).side
    rect, _ = _shown(scene)
    assert side is not None and main.rect.bottom - main.rect.top - main.content_height < rect.height  # the case
    log = scene.log_box.rect
    assert not rect.colliderect(scene.board_rect) and scene.panel_rect.contains(rect)
    assert side.left <= rect.left and rect.right <= side.right and rect.colliderect(log)
    surface = pygame.display.get_surface()
    title = [(x, log.top - 14) for x in range(log.left, log.left + 60)]  # where "Game log" is written
    assert all(tuple(surface.get_at(p))[:3] == theme.PANEL for p in title)
    assert scene.submit(A.EndTurn())
    app.step()
    assert scene.hint is None and any(tuple(surface.get_at(p))[:3] != theme.PANEL for p in title)


def test_a_sentence_in_the_panel_never_moves_the_map(tmp_path, monkeypatch):
    """A hinted place off the board's edge, behind where a panel button's
    sentence stands, is not "hidden" by it: the view stays."""
    _app, scene = open_game(tmp_path, (1280, 720))
    text = "End the turn: no track would earn back its cost before the others."
    _hint_button(scene, text)
    rect, _ = _shown(scene)
    behind = scene.camera.screen_to_world(rect.center)
    monkeypatch.setattr(scene.controller, "hint_spots", lambda: [behind])
    view = (scene.camera.zoom, scene.camera.center)
    scene.put_hint(scene.hint)
    assert _shown(scene)[0] == rect and (scene.camera.zoom, scene.camera.center) == view


def test_a_click_on_the_sentence_puts_it_away_and_acts_on_nothing_it_hides(tmp_path):
    """The sentence at the map's foot covers mileposts: a click on it puts
    the sentence away (the hinted build stays drawn), builds nothing and
    moves nothing; H shows the same hint's sentence again, counted once."""
    app, scene = open_game(tmp_path, (1280, 720))
    _hint(scene, _column(scene, "middle"))
    rect, _ = _shown(scene)
    assert rect.bottom > scene.board_rect.centery  # at the foot, over the map
    spots = ((x, y) for y in range(rect.top + 8, rect.bottom - 8, 6) for x in range(rect.left + 8, rect.right - 8, 6))
    spot = next(p for p in spots if pick_milepost(scene.controller.geom, scene.camera, p) is not None)  # one it hides
    moves, counted = len(scene.session.actions), list(scene.session.hints)
    mouse(app, pygame.MOUSEMOTION, spot)
    assert scene._tooltip == HINT_TIP
    mouse(app, pygame.MOUSEBUTTONDOWN, spot)
    mouse(app, pygame.MOUSEBUTTONUP, spot)
    assert scene._hint_box() is None and scene.hint is not None
    assert scene.controller.advice == scene.hint.action  # the build still drawn
    assert len(scene.session.actions) == moves and not scene.controller.build.path
    press_key(app, pygame.K_h)
    assert scene._hint_box() is not None and scene._hint_job is None
    assert list(scene.session.hints) == counted
