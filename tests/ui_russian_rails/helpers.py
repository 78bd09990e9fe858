"""A Russian Rails game screen under the dummy video driver, with the human
seat first to play and the computer seats paused."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.core.engine import COMPUTER, Seat
from game.core.session import Session
from game.crayon.russian_rails import ENGINE, make_bot
from tests.ui.helpers import make_app, motion, wheel  # noqa: F401  (motion, wheel: shared by every game's tests)
from ui.game_scene import GameScene
from ui.russian_rails.controller import Controller

SEED = 1


def open_game(home: Path, size: tuple[int, int] = (1600, 900), difficulty: str = "normal"):
    """(app, scene): a 2-player game whose first player is the only human."""
    first = ENGINE.new_game({}, SEED, [Seat("A"), Seat("B")]).current_player()
    seats = [Seat("Bob", "sky", COMPUTER, difficulty), Seat("Bob", "sky", COMPUTER, difficulty)]
    seats[first] = Seat("Ann", "orange")
    session = Session("russian_rails", {}, SEED, seats, engine=ENGINE)
    app = make_app(home, size)
    scene = GameScene(app, session, Controller, bot_factory=lambda i, seat: make_bot(seat.difficulty, 7 + i))
    scene.bots_paused = True
    app.settings.animation_speed = "off"
    app.push(scene)
    app.step()
    return app, scene


def screen_of(scene, h) -> tuple[int, int]:
    x, y = scene.camera.world_to_screen(scene.controller.geom.pos(h))
    return (int(round(x)), int(round(y)))


def mouse(app, kind: int, pos, button: int = 1) -> None:
    if kind == pygame.MOUSEMOTION:
        app.step([pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
    else:
        app.step([pygame.event.Event(kind, pos=pos, button=button)])


def drag(app, scene, path) -> None:
    """Press on the first milepost, move through the others, release on the last."""
    pts = [screen_of(scene, h) for h in path]
    mouse(app, pygame.MOUSEMOTION, pts[0])
    mouse(app, pygame.MOUSEBUTTONDOWN, pts[0])
    for p in pts[1:]:
        mouse(app, pygame.MOUSEMOTION, p)
    mouse(app, pygame.MOUSEBUTTONUP, pts[-1])


def press_key(app, key: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
    app.step([pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)])


def panel_is_fresh(app, scene) -> bool:
    """After a still frame, the side panel and dock as the scene keeps them
    between frames (with the rows' pictures kept in them) are, pixel for
    pixel, what drawing them anew gives. (The
    frame after a change may paint once more when painting settled the
    layout, as a fresh drawing would: the still frame lets it.)"""
    app.step()
    kept = scene._panel_pic.picture
    fresh = pygame.Surface(kept.get_size(), 0, kept)
    sections = dict(scene.controller.sections)
    scene.controller.sections.clear()  # drawn anew: no kept rows either
    scene._paint_panel(fresh)
    scene.controller.sections.update(sections)
    regions = [r for r in (scene.panel_rect, scene.dock_rect) if r.width and r.height]
    return all(pygame.image.tobytes(kept.subsurface(r), "RGB") == pygame.image.tobytes(fresh.subsurface(r), "RGB")
               for r in regions)
