"""Shared helpers for the Russian Railroads UI tests: a headless App with the
game scene, games advanced by bots, and clicks at world points."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pygame

from game import registry
from game.core.engine import Seat
from game.core.session import Session
from game.russian_railroads import ENGINE, make_bot
from ui.app import App
from ui.game_scene import GameScene
from ui.paths import Paths
from ui.russian_railroads.controller import Controller
from ui.settings import Settings

COLOURS = ("orange", "sky", "green", "vermillion")


def built(monkeypatch: Any) -> None:
    """The registry marks the game built only when the lead says so; tests need it now."""
    monkeypatch.setitem(registry.GAMES, "russian_railroads",
                        dataclasses.replace(registry.GAMES["russian_railroads"], built=True))


def seats(n: int, computers: tuple[int, ...] = ()) -> list[Seat]:
    return [Seat(f"Comp {i + 1}" if i in computers else f"Human {i + 1}", COLOURS[i],
                 "computer" if i in computers else "human", "random") for i in range(n)]


def play_bots(session: Session, moves: int, seed: int = 3) -> None:
    """`moves` actions chosen by random bots, straight through the session."""
    bots = [make_bot("random", seed + i) for i in range(len(session.seats))]
    for _ in range(moves):
        st = session.state
        if st.is_terminal():
            return
        session.apply(bots[st.current_player()].choose(st))


def skip_draft(session: Session) -> None:
    while session.state.phase == "draft" or session.state.tasks and session.state.round == 0:
        session.apply(session.state.legal_actions()[0])


def make_scene(home: Path, n: int, seed: int = 2, moves: int = 0, size: tuple[int, int] = (1280, 720),
               computers: tuple[int, ...] = (), options: dict[str, Any] | None = None) -> tuple[App, GameScene]:
    app = App(size, paths=Paths(home / "config", home / "saves"), settings=Settings())
    session = Session("russian_railroads", dict(options or {}), seed, seats(n, computers), engine=ENGINE)
    play_bots(session, moves, seed)
    scene = GameScene(app, session, Controller)
    scene.bots_paused = True
    app.push(scene)
    app.step()
    return app, scene


def screen_pos(scene: GameScene, world: tuple[float, float]) -> tuple[int, int]:
    x, y = scene.camera.world_to_screen(world)
    return int(round(x)), int(round(y))


def centre(rect: tuple[float, float, float, float]) -> tuple[float, float]:
    return (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)


def click_world(app: App, scene: GameScene, world: tuple[float, float], frames: int = 1) -> None:
    pos = screen_pos(scene, world)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    scene.anim.skip()
    for _ in range(frames):
        app.step()
