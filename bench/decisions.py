"""Computer decision figures over whole games: every decision's CPU time
in games played from the start, each game in a fresh process as in the app
(a process's first decisions, which fill the route caches, reported on
their own as well), and `main.py simulate` time with what it printed, to
compare games before and after a change.

Targets (crayon): decision median < 50 ms, p99 < 150 ms, max < 300 ms
including the first decisions of a process. `python3 -m bench.decisions
GAME PLAYERS SEED` plays one game and prints its figures as JSON (that is
the child process)."""
from __future__ import annotations

import hashlib
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.report import row, spread_row

ROOT = Path(__file__).resolve().parent.parent
FIRST = 10  # decisions counted as "the first of a process"
ACTION_LIMIT = 100_000  # as `simulate`


def play_timed(game_id: str, players: int, seed: int) -> dict[str, Any]:
    """One computer-only game in this process: every decision's CPU time,
    and a digest of the actions (equal digests: identical games)."""
    from game import registry
    from game.core.engine import Seat

    engine = registry.engine(game_id)
    seats = [Seat(f"Computer {i + 1}", kind="computer") for i in range(players)]
    state = engine.new_game({spec.key: spec.default for spec in engine.option_specs}, seed, seats)
    bots = [registry.make_bot(game_id, "normal", seed * 101 + i) for i in range(players)]
    digest = hashlib.sha1()
    times: list[float] = []
    while not state.is_terminal() and len(times) < ACTION_LIMIT:
        bot = bots[state.current_player()]
        start = time.process_time()
        action = bot.choose(state)
        times.append(time.process_time() - start)
        digest.update(repr(action).encode())
        state.apply(action)
    return {"times": times, "finished": state.is_terminal(), "digest": digest.hexdigest()[:16]}


def _child(game_id: str, players: int, seed: int) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-m", "bench.decisions", game_id, str(players), str(seed)],
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def whole_game_rows(game_id: str, players: int, seeds: tuple[int, ...],
                    targets: tuple[float | None, float | None, float | None]) -> None:
    """Rows for whole computer games, one fresh process per game: every
    decision against `targets`, then each process's first decisions apart."""
    times: list[float] = []
    first: list[float] = []
    games = []
    for seed in seeds:
        game = _child(game_id, players, seed)
        times += game["times"]
        first += game["times"][:FIRST]
        games.append(f"seed {seed}: {len(game['times'])} moves{'' if game['finished'] else ' (unfinished)'} "
                     f"#{game['digest']}")
    spread_row(f"decisions, {players} players, every one ({len(times)})", times, targets)
    spread_row(f"decisions, the first {FIRST} of each process", first, (None, None, targets[2]))
    row("games played", "; ".join(games))


def simulate_row(game_id: str = "russian_rails", players: int = 3, seeds: tuple[int, ...] = (1, 2, 3)) -> None:
    """`main.py simulate` for each seed in its own process: CPU seconds in
    all, and each game's moves and scores (equal before and after a change
    that should leave games identical)."""
    cpu = 0.0
    games = []
    for seed in seeds:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run([sys.executable, "main.py", "simulate", game_id, "--players", str(players),
                              "--games", "1", "--seed", str(seed)],
                             cwd=ROOT, check=True, capture_output=True, text=True).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu += after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        game = json.loads(out.strip().splitlines()[-1])
        games.append(f"{game['actions']} moves, scores {'/'.join(map(str, game['scores']))}")
    row(f"main.py simulate {game_id} --players {players}, seeds {seeds[0]}–{seeds[-1]}", f"{cpu:.1f} s CPU")
    row("games played", "; ".join(games))


if __name__ == "__main__":
    print(json.dumps(play_timed(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))
