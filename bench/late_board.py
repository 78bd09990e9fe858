"""The busy board the frame figures are taken on: the most players the game
takes, computer players moved forward from a fixed seed to a late position.
Each computer decision on the way is timed (CPU time), the first few of the
process apart, since those fill the bots' caches."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

SEED = 1
FIRST_DECISIONS = 10  # decisions that pay for a new process's caches, reported apart
LATE_MOVES = {"russian_rails": 560, "russian_railroads": 270, "regional_rails": 560}  # of 672, 325, 672 (seed 1)
QUICK_MOVES = {"russian_rails": 220, "russian_railroads": 120, "regional_rails": 250}
DEFAULT_LATE_MOVES = 300


@dataclass
class LateBoard:
    session: Any
    first: list[float] = field(default_factory=list)  # CPU seconds of the process's first decisions
    later: list[float] = field(default_factory=list)  # CPU seconds of every later decision


def late_board(game_id: str, quick: bool, seed: int = SEED, moves: int | None = None) -> LateBoard:
    """A session with one human seat (whose eyes the screen is for) and the
    rest computers, after `moves` computer decisions (every seat played by a bot)."""
    from game import registry
    from game.core.session import Session
    from main import default_options
    from ui.games import computer_seats

    engine = registry.engine(game_id)
    if moves is None:
        moves = (QUICK_MOVES if quick else LATE_MOVES).get(game_id, DEFAULT_LATE_MOVES)
    seats = computer_seats(engine, engine.max_players, humans=1)
    session = Session(game_id, default_options(engine), seed, seats, engine=engine)
    out = LateBoard(session)
    bots: dict[int, Any] = {}
    for _ in range(moves):
        seat = session.state.current_player()
        if seat is None:
            break
        bot = bots.setdefault(seat, registry.make_bot(game_id, "normal", seed * 101 + seat))
        start = time.process_time()
        action = bot.choose(session.state)
        spent = time.process_time() - start
        (out.first if len(out.first) < FIRST_DECISIONS else out.later).append(spent)
        session.apply(action)
    return out


def bot_move(session: Any, seed: int = SEED) -> Any:
    """The action a computer player would take for whoever is to play now."""
    from game import registry

    seat = session.state.current_player()
    return registry.make_bot(session.game_id, "normal", seed * 101 + seat).choose(session.state)
