"""Which games exist, and where their engines and bots live.

The registry imports an engine only when asked, so the menu starts fast and a
game that is not built yet is simply "coming soon".
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from game.core.search_bot import HARD, Budget, SearchBot

GAME_IDS = ("russian_rails", "lunar_rails", "russian_railroads", "regional_rails")


@dataclass(frozen=True)
class GameInfo:
    game_id: str
    title: str
    blurb: str
    module: str  # package holding `ENGINE` (the GameState subclass) and `make_bot`
    rules_file: str  # under shared/rules, the rulebook the reader opens
    min_players: int
    max_players: int
    built: bool
    search: str = ""  # module holding `HOOKS`, what the hard computer player needs of the game
    score_unit: str = " points"  # written after a score's number: "347 points", "86M" (crayon scores are cash)


GAMES: dict[str, GameInfo] = {
    "russian_rails": GameInfo(
        "russian_rails", "Russian Rails",
        "Draw track across the Soviet Union in crayon, haul loads to demands, survive the events.",
        "game.crayon.russian_rails", "000_5976da7bc125d582.txt", 2, 6, built=True,
        search="game.crayon.search", score_unit="M"),
    "lunar_rails": GameInfo(
        "lunar_rails", "Lunar Rails",
        "Crayon rails on the Moon: build track between craters and bases, deliver loads.",
        "game.crayon.lunar_rails", "004_4b27ef8a0a9b6b30.txt", 2, 6, built=True,
        search="game.crayon.search", score_unit="M"),
    "russian_railroads": GameInfo(
        "russian_railroads", "Russian Railroads",
        "Place workers to build three railroads and an industry; or play solo against Emil.",
        "game.russian_railroads", "001_0e3cd80bdda386ba.txt", 1, 4, built=True,
        search="game.russian_railroads.search"),
    "regional_rails": GameInfo(
        "regional_rails", "Regional Rails",
        "Build a railroad network on a hex map through phases, dice events, stocks and loans.",
        "game.regional_rails", "003_665eec3457a6ba14.txt", 2, 6, built=True,
        search="game.regional_rails.search", score_unit=" VP"),
}


class UnknownGame(ValueError):
    pass


def info(game_id: str) -> GameInfo:
    if game_id not in GAMES:
        raise UnknownGame(f"unknown game {game_id!r}; choose one of {', '.join(GAME_IDS)}")
    return GAMES[game_id]


def score_unit(game_id: str) -> str:
    """What follows a score's number in `game_id` ("M", " VP"; " points" for a game not listed)."""
    gi = GAMES.get(game_id)
    return gi.score_unit if gi is not None else GameInfo.score_unit


def require_built(game_id: str) -> GameInfo:
    gi = info(game_id)
    if not gi.built:
        raise UnknownGame(f"{gi.title} is coming soon: it cannot be played yet")
    return gi


def engine(game_id: str) -> Any:
    """The GameState subclass of a built game."""
    return importlib.import_module(require_built(game_id).module).ENGINE


def search_modules() -> list[str]:
    """The modules holding the hard computer players' hooks (worker
    processes import them before their first rollout)."""
    return [gi.search for gi in GAMES.values() if gi.search]


def make_bot(game_id: str, difficulty: str, seed: int = 0, budget: Budget | None = None) -> Any:
    """A computer player: an object with ``choose(state) -> Action``; a hard
    one thinks within `budget` (the default: HARD_SECONDS a decision)."""
    gi = require_built(game_id)
    if difficulty == HARD and gi.search:
        return SearchBot(importlib.import_module(gi.search).HOOKS, seed, budget or Budget())
    return importlib.import_module(gi.module).make_bot(difficulty, seed)
