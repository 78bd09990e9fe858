"""Glue between the registry and the screens: which controller draws which
game (``ui/<game_id>/controller.py: Controller``), default seats, computer
players and hints thinking in background threads for the game screen, and computer
play-outs used by the command line, screenshots and bench."""
from __future__ import annotations

import importlib
import threading
from typing import TYPE_CHECKING, Any, Callable

from game import registry
from game.core.actions import Action
from game.core.engine import COMPUTER, HUMAN, Seat
from game.core.hints import Hint, find_hint
from game.core.search_bot import HARD_ROLLOUTS, HARD_SECONDS, HINT_SECONDS, Budget
from game.core.session import Session
from ui.theme import seat_order

if TYPE_CHECKING:
    from ui.game_scene import GameController

DEFAULT_PLAYERS = 3
MAX_ACTIONS = 100_000  # a play-out longer than this is a stuck engine or bot


class PlayerCountError(ValueError):
    """A seat count outside the game's limits."""


def controller_for(game_id: str) -> type["GameController"]:
    registry.info(game_id)  # UnknownGame for ids that are not games at all
    return importlib.import_module(f"ui.{game_id}.controller").Controller


def computer_seats(engine: Any, players: int | None, humans: int = 0, difficulty: str = "normal") -> list[Seat]:
    """`players` seats (a default within the engine's limits if None): the
    first `humans` human, the rest computer players."""
    lo, hi = engine.min_players, engine.max_players
    n = max(lo, min(hi, DEFAULT_PLAYERS)) if players is None else players
    if not lo <= n <= hi:
        raise PlayerCountError(f"{engine.title} takes {lo} to {hi} players, not {n}")
    colours = seat_order(getattr(engine, "game_id", None))
    return [Seat(f"Player {i + 1}", colours[i % len(colours)], HUMAN)
            if i < humans else Seat(f"Computer {i + 1}", colours[i % len(colours)], COMPUTER, difficulty)
            for i in range(n)]


def play_out(state: Any, bots: list[Any], limit: int = MAX_ACTIONS) -> int:
    """Let `bots` (one per seat) play `state` to the end; returns the number of actions."""
    count = 0
    while not state.is_terminal() and count < limit:
        seat = state.current_player()
        state.apply(bots[seat].choose(state))
        count += 1
    return count


def play_bot_moves(session: Any, moves: int, seed: int, difficulty: str = "normal") -> None:
    """Apply up to `moves` computer moves through the session (every seat played by a bot)."""
    bots: dict[int, Any] = {}
    for _ in range(moves):
        seat = session.state.current_player()
        if seat is None:
            return
        if seat not in bots:
            bots[seat] = registry.make_bot(session.game_id, difficulty, seed * 101 + seat)
        session.apply(bots[seat].choose(session.state))


class BotJob:
    """One computer decision, computed on a clone in a background thread so
    the frame loop never waits for it. The bot is fetched (made, the first
    time) in that thread too: a game's first computer player imports its
    module, which stalled a frame by tens of milliseconds. A bot that can be
    stopped (the hard one's `cancel` event) gets a fresh event per job, so
    `cancel` stops this decision only."""

    def __init__(self, get_bot: Callable[[], Any], state: Any, action_count: int, name: str) -> None:
        self.action_count = action_count  # the result is stale if the log moved on
        self.age = 0.0  # seconds of frames spent waiting for it
        self.result: Action | None = None
        self.error: str | None = None
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._think, args=(get_bot, state), name=name, daemon=True)
        self.thread.start()

    def cancel(self) -> None:
        """Ask the bot to stop thinking (its move, if any, is then ignored)."""
        self.stop.set()

    def _think(self, get_bot: Callable[[], Any], state: Any) -> None:
        try:
            bot = get_bot()
            if hasattr(bot, "cancel"):
                bot.cancel = self.stop
            self.result = bot.choose(state)
        except Exception as exc:  # a bot bug must not stop the game
            self.error = f"{type(exc).__name__}: {exc}"


def default_bot_factory(session: Session, hard_seconds: float = HARD_SECONDS) -> Callable[[int, Any], Any]:
    """Computer players from the registry, seeded from the game's seed (as
    `simulate` does); a hard one thinks `hard_seconds` a move at most."""
    def make(seat_index: int, seat: Any) -> Any:
        return registry.make_bot(session.game_id, seat.difficulty, session.seed * 101 + seat_index,
                                 Budget(hard_seconds, HARD_ROLLOUTS))
    return make


class HintJob:
    """A hint (the hard player's move for the human to move, explained),
    found in a background thread; `cancel` stops it when the player moves
    or leaves."""

    def __init__(self, session: Session, seconds: float = HINT_SECONDS) -> None:
        self.action_count = len(session.actions)
        self.result: Hint | None = None
        self.error: str | None = None
        self.stop = threading.Event()
        seed = session.seed * 7 + len(session.actions) * 13 + sum(session.hints)
        self.thread = threading.Thread(target=self._think, args=(session.game_id, session.state.clone(), seed,
                                                                 seconds), name="hint", daemon=True)
        self.thread.start()

    def _think(self, game_id: str, state: Any, seed: int, seconds: float) -> None:
        try:
            self.result = find_hint(game_id, state, seed, seconds, self.stop)
        except Exception as exc:  # a search bug must not stop the game
            self.error = f"{type(exc).__name__}: {exc}"

    def cancel(self) -> None:
        self.stop.set()
