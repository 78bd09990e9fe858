"""python3 -m bench.saves — how long loading a save takes, worst cases first.

Loads (CPU time, median of a few runs) the longest real games of every built
game, the hostile files of issue 10 (a 4,301-digit seed, deep nesting, alias
bombs, /dev/zero, files at the size cap built to be slow) and the 1,000-case
fuzz corpus of tests/core/test_save_fuzz.py, and prints the worst of each.
The goal is under a second for any file under the cap; it is a note, not an
assertion (the figures depend on the machine and its load).
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import registry  # noqa: E402
from game.core.engine import Seat  # noqa: E402
from game.core.errors import SaveError  # noqa: E402
from game.core.savefile import MAX_SAVE_BYTES  # noqa: E402
from game.core.session import Session  # noqa: E402

RUNS = 3
COLOURS = ("orange", "sky", "green", "yellow", "purple", "red")


def cpu(load: Callable[[], Any]) -> tuple[float, str]:
    """Median CPU seconds of `load` and its outcome ("loaded" or the refusal)."""
    times, outcome = [], ""
    for _ in range(RUNS):
        start = time.process_time()
        try:
            load()
            outcome = "loaded"
        except SaveError as exc:
            outcome = f"refused: {str(exc)[:70]}"
        times.append(time.process_time() - start)
    return statistics.median(times), outcome


def long_game(game_id: str) -> str:
    """A whole game with the most players, played by random computer players."""
    engine = registry.engine(game_id)
    seats = [Seat(f"Computer {i + 1}", COLOURS[i], "computer") for i in range(engine.max_players)]
    session = Session(game_id, {}, 7, seats, engine=engine)
    bots = [registry.make_bot(game_id, "random", 7 + i) for i in range(len(seats))]
    while not session.state.is_terminal() and len(session.actions) < 5000:
        seat = session.state.current_player()
        assert seat is not None  # the game is not over
        session.apply(bots[seat].choose(session.state))
    path = Path(tempfile.mkdtemp(prefix="railtable-bench-")) / f"{game_id}.yaml"
    session.save(path)
    return str(path)


def hostile() -> dict[str, str]:
    header = "format_version: 1\ngame: russian_railroads\nseed: 1\n"
    seats = "seats: [{name: A}, {name: B}]\nactions: []\n"
    laughs = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    laughs += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    cap = MAX_SAVE_BYTES - 16
    return {
        "seed of 4,301 digits": header.replace("seed: 1", "seed: " + "7" * 4301) + seats,
        "seat name nested 1,000 deep": header + "seats: [{name: " + "[" * 1000 + "]" * 1000 + "}]\n",
        "30,000 nested [": "[" * 30_000 + "]" * 30_000,
        "billion laughs": "\n".join(laughs),
        "1 MB of 0,0,0…": ("[" + "0," * (cap // 2))[:cap] + "0]",
        "1 MB of distinct words": ("[" + ",".join(f"w{i}" for i in range(200_000)))[:cap] + "]",
        "1 MB of y-words (slow path)": ("[" + ",".join(f"y{i}" for i in range(200_000)))[:cap] + "]",
        "1 MB of small mappings": ("[" + ",".join(f"{{k: {i}}}" for i in range(200_000)))[:cap] + "]",
        "1 MB of hex numbers": ("[" + ",".join(f"0x{i:x}" for i in range(200_000)))[:cap] + "]",
    }


def fuzz_corpus() -> list[tuple[str, bool]]:
    from tests.core import test_save_fuzz as fuzz

    saves = [fuzz.real_save(gid, 3) for gid in fuzz.BUILT]
    rnd = random.Random(20261123)
    cases = []
    for case in range(fuzz.CASES):
        text, data = saves[rnd.randrange(len(saves))]
        cases.append((fuzz.MUTATIONS[case % len(fuzz.MUTATIONS)](text, rnd, data), case % 3 == 0))
    return cases


def main() -> int:
    print(f"Loading saves, CPU seconds (median of {RUNS}); size cap {MAX_SAVE_BYTES // 1024} KB")
    for game_id in (g for g in registry.GAME_IDS if registry.GAMES[g].built):
        path = long_game(game_id)
        seconds, outcome = cpu(lambda: Session.load(path))
        moves = len(Session.load(path).actions)
        print(f"  {game_id + ' whole game':<34} {seconds:6.3f} s  {os.path.getsize(path) // 1024} KB, "
              f"{moves} moves, {outcome}")
    for name, text in hostile().items():
        seconds, outcome = cpu(lambda: Session.from_save_text(text))
        print(f"  {name:<34} {seconds:6.3f} s  {outcome}")
    if os.path.exists("/dev/zero"):
        seconds, outcome = cpu(lambda: Session.load("/dev/zero"))
        print(f"  {'/dev/zero':<34} {seconds:6.3f} s  {outcome}")
    times = []
    for text, trust in fuzz_corpus():
        start = time.process_time()
        try:
            Session.from_save_text(text, trust_edited=trust)
        except SaveError:
            pass
        times.append(time.process_time() - start)
    print(f"  {'fuzz corpus (1,000 cases)':<34} {max(times):6.3f} s  worst; median {statistics.median(times):.4f} s, "
          f"total {sum(times):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
