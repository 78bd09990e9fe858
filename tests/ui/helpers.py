"""Shared helpers for the shell's UI tests: a headless App with a private
home, synthetic clicks and keys, and registering the fake game."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game import registry
from ui.app import App
from ui.paths import Paths
from ui.settings import Settings

FAKE_INFO = registry.GameInfo("fake_race", "Fake Race", "Race along a track of twelve squares.",
                              "tests.ui.fake_game", "", 1, 4, built=True)


def make_app(home: Path, size: tuple[int, int] = (1280, 720)) -> App:
    paths = Paths(home / "config", home / "saves")
    return App(size, paths=paths, settings=Settings.load(paths.settings_file))


def click(app: App, pos: tuple[int, int], button: int = 1, frames: int = 2) -> None:
    pos = (int(pos[0]), int(pos[1]))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])
    for _ in range(frames):
        app.step()


def click_element(app: App, element: Any, frames: int = 2) -> None:
    click(app, element.rect.center, frames=frames)


def key(app: App, k: int, mod: int = 0, frames: int = 1) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])
    app.step([pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)])
    for _ in range(frames):
        app.step()


def register_fake_game(monkeypatch: Any) -> None:
    """Make the fake race a built game with its controller, for this test only."""
    from tests.ui import fake_game
    import ui.games

    monkeypatch.setitem(registry.GAMES, "fake_race", FAKE_INFO)
    real = ui.games.controller_for
    monkeypatch.setattr(ui.games, "controller_for",
                        lambda gid: fake_game.RaceController if gid == "fake_race" else real(gid))


def motion(app, pos) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def wheel(app, pos, notches: int) -> None:
    motion(app, pos)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0,
                                 precise_y=float(notches))])
