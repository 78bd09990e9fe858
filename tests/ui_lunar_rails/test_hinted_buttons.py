"""A hinted move made with a panel button (a set-up choice, a pick-up, End
turn, Discard hand, an upgrade) has its button outlined, as a hinted build
or move is drawn on the map; the outline goes with the hint."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.engine import COMPUTER, Seat  # noqa: E402
from game.core.hints import Hint  # noqa: E402
from game.core.search_bot import Decision  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.crayon.lunar_rails import ENGINE, make_bot  # noqa: E402
from game.crayon.lunar_rails import actions as LA  # noqa: E402
from tests.ui.helpers import make_app  # noqa: E402
from ui import theme  # noqa: E402
from ui.game_scene import GameScene  # noqa: E402
from ui.games import controller_for  # noqa: E402


def _choosing(tmp_path):
    """Ann's set-up choice of her second train, on the screen."""
    seats = [Seat("Ann", "orange"), Seat("Bob", "sky", COMPUTER, "normal")]
    session = Session("lunar_rails", {"additional_trains": "two_trains"}, 1, seats, engine=ENGINE)
    app = make_app(tmp_path, (1280, 720))
    scene = GameScene(app, session, controller_for("lunar_rails"), bot_factory=lambda i, seat: make_bot("normal", i))
    scene.bots_paused = True
    app.settings.animation_speed = "off"
    app.push(scene)
    assert scene.is_human_turn() and LA.ChooseTrain("Vostok") in session.state.legal_actions()
    return app, scene


def _outlined(scene, move) -> bool:
    """Is the panel button of `move` ringed in the hint's colour?"""
    button = next(b for b in scene.controller.cursor.buttons if b.move == move)
    ring = button.rect.inflate(4, 4)
    surface = pygame.display.get_surface()
    return tuple(surface.get_at((ring.centerx, ring.top)))[:3] == theme.GOOD


def test_the_hinted_choice_is_outlined_until_the_hint_goes(tmp_path):
    app, scene = _choosing(tmp_path)
    app.step()
    vostok, redstone = LA.ChooseTrain("Vostok"), LA.ChooseTrain("Redstone")
    assert not _outlined(scene, vostok) and not _outlined(scene, redstone)
    seat = scene.session.state.current_player()
    scene.put_hint(Hint(seat, vostok, "Take a Vostok as second train: a test.", Decision(vostok, 0, 0, None, 0, 0, vostok)))
    app.step()
    assert _outlined(scene, vostok) and not _outlined(scene, redstone)
    scene.controller.show_hint(None)
    app.step()
    assert not _outlined(scene, vostok)


def test_a_button_hints_sentence_takes_the_docked_logs_place(tmp_path):
    """The Moon fills the width over a docked panel at 1280x720: a panel
    button's sentence stands over the game log, not the Moon's southern
    edge, and the log (title and lines) is hidden behind it until the move."""
    app, scene = _choosing(tmp_path)
    app.step()
    assert scene.dock_rect.height and "side" not in scene.controller.cursor.cursors  # docked
    vostok = LA.ChooseTrain("Vostok")
    text = "Take a Vostok as second train: it carries three loads, projected 5M above the next best move."
    scene.put_hint(Hint(scene.session.state.current_player(), vostok, text, Decision(vostok, 0, 0, None, 0, 0, vostok)))
    app.step()
    box = scene._hint_box()[1]
    log = scene.log_box.rect
    assert not box.colliderect(scene.board_rect) and scene.panel_rect.contains(box)
    assert box.colliderect(log)
    surface = pygame.display.get_surface()
    title = (log.left + 6, log.top - 14)  # where "Game log" is written
    assert all(tuple(surface.get_at((x, title[1])))[:3] == theme.PANEL for x in range(log.left, log.left + 60))
    assert scene.submit(vostok)  # the move made: the hint goes, the log comes back
    app.step()
    assert scene.hint is None
    assert any(tuple(surface.get_at((x, title[1])))[:3] != theme.PANEL for x in range(log.left, log.left + 60))


def test_a_click_on_the_sentence_over_the_log_brings_the_log_back(tmp_path):
    """The player who wants the log while a hint shows clicks its sentence
    away: the log is drawn again and the hinted button stays outlined."""
    app, scene = _choosing(tmp_path)
    app.step()
    vostok = LA.ChooseTrain("Vostok")
    scene.put_hint(Hint(scene.session.state.current_player(), vostok, "Take a Vostok as second train: a test.",
                        Decision(vostok, 0, 0, None, 0, 0, vostok)))
    app.step()
    box = scene._hint_box()[1]
    log = scene.log_box.rect
    surface = pygame.display.get_surface()
    title = [(x, log.top - 14) for x in range(log.left, log.left + 60)]
    assert all(tuple(surface.get_at(p))[:3] == theme.PANEL for p in title)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=box.center, button=1)])
    assert any(tuple(surface.get_at(p))[:3] != theme.PANEL for p in title)
    assert _outlined(scene, vostok)  # the hint stays, only its sentence went
    assert not scene.session.actions  # nothing chosen by the click
