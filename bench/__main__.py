"""python3 -m bench — performance figures for the README.

Prints a table: time from start to the first menu frame (a fresh process),
menu frame time, and for every game marked built in the registry, each in a
fresh process as a player would run it: frame times of a busy late-game
screen at 1920×1080 beside the time of one full-screen blit (the floor),
computer decision times, one full simulated game, save and load times; then
the largest peak memory of those processes. Targets from the project brief
are shown beside the figures; they are notes, not assertions.
"""
from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("RAILTABLE_HOME", tempfile.mkdtemp(prefix="railtable-bench-"))

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
SIZE = (1920, 1080)
LATE_GAME = 0.85  # the busy screen is shown after this fraction of a full game's moves
STARTUP_RUNS = 3


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def row(metric: str, value: str, target: str = "") -> None:
    print(f"  {metric:<36} {value:<26} {target}".rstrip(), flush=True)


def first_menu_frame() -> float:
    """Wall time of `python3 main.py` until its first menu frame is drawn (best of a few runs)."""
    times = []
    for _ in range(STARTUP_RUNS):
        start = time.perf_counter()
        subprocess.run([sys.executable, str(ROOT / "main.py"), "--quit-after-frames", "1"], cwd=ROOT,
                       check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def time_frames(app: Any, frames: int, between: Callable[[int], None] | None = None) -> list[float]:
    import pygame

    out = []
    for i in range(frames):
        if between:
            between(i)
        start = time.perf_counter()
        app.step(dt=1 / 60)
        pygame.display.flip()
        out.append(time.perf_counter() - start)
    return out


def blit_floor(app: Any) -> float:
    import pygame

    src = pygame.Surface(app.screen.get_size()).convert()
    times = []
    for _ in range(100):
        start = time.perf_counter()
        app.screen.blit(src, (0, 0))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def menu_figures(frames: int) -> None:
    from ui.app import App
    from ui.scenes.menu import MenuScene
    from ui.settings import Settings

    row("first menu frame (new process)", f"{first_menu_frame():.2f} s", "< 1.5 s")
    app = App(SIZE, settings=Settings())
    app.push(MenuScene(app))
    time_frames(app, 5)  # the first frame draws the cached background and tiles
    times = time_frames(app, frames)
    row("menu frame median / p99", f"{ms(statistics.median(times))} / {ms(percentile(times, 99))}",
              "< 8 / < 16 ms")


def timed_game(game_id: str, players: int | None, seed: int, difficulty: str) -> tuple[Any, list[float], int]:
    """Play a whole computer-only game; returns the final state, each decision's time, actions."""
    from game import registry
    from ui.games import computer_seats
    from main import default_options

    engine = registry.engine(game_id)
    seats = computer_seats(engine, players, humans=0, difficulty=difficulty)
    bots = [registry.make_bot(game_id, difficulty, seed * 101 + i) for i in range(len(seats))]
    state = engine.new_game(default_options(engine), seed, seats)
    decisions = []
    while not state.is_terminal():
        bot = bots[state.current_player()]
        start = time.perf_counter()
        action = bot.choose(state)
        decisions.append(time.perf_counter() - start)
        state.apply(action)
    return state, decisions, len(decisions)


def game_figures(game_id: str, frames: int, difficulty: str) -> None:
    import pygame

    from game.core.session import Session
    from main import busy_game_scene
    from ui.app import App
    from ui.settings import Settings

    seed = 1
    start = time.perf_counter()
    _state, decisions, actions = timed_game(game_id, None, seed, difficulty)
    full = time.perf_counter() - start
    row("full simulated game", f"{full:.2f} s ({actions} moves)")
    row("computer decision median / max", f"{ms(statistics.median(decisions))} / {ms(max(decisions))}")
    from bench.routes import EXTRA_FIGURES

    if game_id in EXTRA_FIGURES:
        row(*EXTRA_FIGURES[game_id](game_id))

    app = App(SIZE, settings=Settings())
    scene = busy_game_scene(app, game_id, None, seed, int(actions * LATE_GAME))
    app.push(scene)
    board = scene.board_rect

    def wiggle(i: int) -> None:  # the mouse roams the board, as a player's would
        pos = (board.x + (i * 37) % board.width, board.y + (i * 23) % board.height)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))

    time_frames(app, 10)  # warm caches
    times = time_frames(app, frames, wiggle)
    row(f"frame median / p99 @ {SIZE[0]}x{SIZE[1]}",
              f"{ms(statistics.median(times))} / {ms(percentile(times, 99))}", "< 8 / < 16 ms")
    row("one full-screen blit (floor)", ms(blit_floor(app)))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.yaml"
        start = time.perf_counter()
        scene.session.save(path)
        saved = time.perf_counter() - start
        start = time.perf_counter()
        Session.load(path)
        loaded = time.perf_counter() - start
    row("save / load (replays the log)", f"{ms(saved)} / {ms(loaded)}",
              f"{len(scene.session.actions)} moves")


def peak_memory_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def run_child(game_id: str, frames: int, difficulty: str) -> float:
    """Measure one game in a fresh process (as a player would run it); print its
    rows and return its peak memory in MB."""
    out = subprocess.run([sys.executable, "-m", "bench", "--child", game_id, "--frames", str(frames),
                          "--difficulty", difficulty], cwd=ROOT, capture_output=True, text=True)
    peak = 0.0
    for line in out.stdout.splitlines():
        if line.startswith(CHILD_PEAK):
            peak = float(line[len(CHILD_PEAK):])
        else:
            print(line, flush=True)
    if out.returncode != 0:
        print(f"  (failed: {out.stderr.strip().splitlines()[-1] if out.stderr.strip() else out.returncode})")
    return peak


CHILD_PEAK = "peak-mb "


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300, help="frames timed per screen")
    parser.add_argument("--game", action="append", help="only these games (default: every built game)")
    parser.add_argument("--difficulty", default="normal", choices=("random", "easy", "normal"))
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.child:
        game_figures(args.child, args.frames, args.difficulty)
        print(f"{CHILD_PEAK}{peak_memory_mb():.1f}", flush=True)
        return 0

    import pygame

    from game import registry

    print(f"Railtable bench · Python {platform.python_version()} · pygame-ce {pygame.version.ver} · "
          f"{os.cpu_count()} CPUs · {time.strftime('%Y-%m-%d %H:%M')}")
    row("metric", "value", "target")
    print("menu")
    menu_figures(args.frames)
    peaks = {"menu": peak_memory_mb()}
    built = [g for g in registry.GAME_IDS if registry.GAMES[g].built and (not args.game or g in args.game)]
    if not built:
        print("(no game is built yet: only the menu figures)")
    for game_id in built:
        print(f"{registry.GAMES[game_id].title} ({game_id}), in its own process", flush=True)
        peaks[game_id] = run_child(game_id, args.frames, args.difficulty)
    print("memory")
    worst = max(peaks, key=peaks.get)
    row("peak memory (max RSS, worst process)", f"{peaks[worst]:.0f} MB ({worst})", "< 300 MB")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["soak"]:
        from bench.soak import main as soak
        sys.exit(soak(sys.argv[2:]))
    sys.exit(main())
