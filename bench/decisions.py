"""Computer decision figures: how long a bot thinks (CPU time per decision,
the first decisions of a new process reported on their own, since they fill
the route caches), and how long `main.py simulate` takes.

Each game runs in a fresh process, as in the app. Functions return dicts of
figures for `bench/__main__.py`; targets (crayon): decision median < 50 ms,
p99 < 150 ms, max < 300 ms including the first decisions of a process.
`python3 -m bench.decisions GAME PLAYERS SEED` plays one game and prints its
figures as JSON (that is the child process)."""
from __future__ import annotations

import hashlib
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

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
    times = []
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


def decision_figures(game_id: str = "russian_rails", players: int = 6, seeds: tuple[int, ...] = (1, 2)) -> dict:
    """Decision times over whole games (one fresh process per game)."""
    times: list[float] = []
    first: list[float] = []
    games = []
    for seed in seeds:
        game = _child(game_id, players, seed)
        times += game["times"]
        first += game["times"][:FIRST]
        games.append({"seed": seed, "actions": len(game["times"]), "finished": game["finished"],
                      "digest": game["digest"]})
    ordered = sorted(times)
    return {"median_ms": _ms(statistics.median(ordered)),
            "p99_ms": _ms(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]),
            "max_ms": _ms(ordered[-1]), "first_decisions_max_ms": _ms(max(first)),
            "first_decisions_median_ms": _ms(statistics.median(first)), "decisions": len(times), "games": games}


def simulate_figures(game_id: str = "russian_rails", players: int = 3, seeds: tuple[int, ...] = (1, 2, 3)) -> dict:
    """`main.py simulate` for each seed in its own process: wall and CPU
    seconds, and what it printed (scores, winners, actions) to compare games."""
    runs = []
    for seed in seeds:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "main.py", "simulate", game_id, "--players", str(players),
                              "--games", "1", "--seed", str(seed)],
                             cwd=ROOT, check=True, capture_output=True, text=True).stdout
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        game = json.loads(out.strip().splitlines()[-1])
        runs.append({"seed": seed, "wall_s": round(wall, 2),
                     "cpu_s": round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 2),
                     "game_s": game["seconds"], "scores": game["scores"], "winners": game["winners"],
                     "actions": game["actions"], "finished": game["finished"]})
    return {"total_wall_s": round(sum(r["wall_s"] for r in runs), 2),
            "total_cpu_s": round(sum(r["cpu_s"] for r in runs), 2), "runs": runs}


if __name__ == "__main__":
    print(json.dumps(play_timed(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))
