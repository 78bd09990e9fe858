"""Shared set-up for the Regional Rails UI tests: a headless app, a session
of human seats advanced by the game's own bots to a chosen decision, and
synthetic clicks at world positions."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.core.engine import Seat
from game.core.session import Session
from game.regional_rails import ENGINE, make_bot
from ui.app import App
from ui.game_scene import GameScene
from ui.paths import Paths
from ui.regional_rails.controller import Controller
from ui.settings import Settings

SIZE = (1600, 900)


def seats(n: int, humans: int | None = None) -> list[Seat]:
    """`n` seats; the first `humans` (all by default) human, the rest computers."""
    colours = ("orange", "sky", "green", "vermillion", "blue", "yellow")
    humans = n if humans is None else humans
    return [Seat(f"P{i + 1}", colours[i], "human" if i < humans else "computer") for i in range(n)]


def session(players: int = 2, seed: int = 3, options: dict[str, Any] | None = None,
            humans: int = 1) -> Session:
    return Session("regional_rails", options or {}, seed, seats(players, humans), engine=ENGINE)


def advance(sess: Session, until, limit: int = 4000) -> None:
    """Let bots play every seat until `until(state)` holds."""
    bots: dict[int, Any] = {}
    for _ in range(limit):
        st = sess.state
        if until(st):
            return
        seat = st.current_player()
        assert seat is not None, "the game ended before the wanted moment"
        bots.setdefault(seat, make_bot("normal", 11 + seat))
        sess.apply(bots[seat].choose(st))
    raise AssertionError("the wanted moment never came")


def app(home: Path) -> App:
    paths = Paths(home / "config", home / "saves")
    return App(SIZE, paths=paths, settings=Settings(animation_speed="off", sound=False))


def scene(home: Path, sess: Session) -> tuple[App, GameScene]:
    a = app(home)
    sc = GameScene(a, sess, Controller, bot_factory=lambda i, s: make_bot("normal", 5 + i))
    sc.bots_paused = True
    a.push(sc)
    a.step()
    return a, sc


def screen_of(sc: GameScene, world: tuple[float, float]) -> tuple[int, int]:
    x, y = sc.camera.world_to_screen(world)
    return (int(round(x)), int(round(y)))


def press(a: App, pos: tuple[int, int], button: int = 1) -> None:
    """A full click (motion, down, up) and one more frame."""
    a.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    a.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
    a.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])
    a.step()
