"""python3 -m bench — speed and memory under real play, each figure beside its target.

Start-up (a fresh process to the first menu frame and to each game's first
frame); then, for every built game in a process of its own: a late board with
the most players the game takes (computer players moved forward from a fixed
seed, each decision timed, a new process's first decisions apart), route
searches over many city pairs (crayon maps), and frames at 1920×1080 while
idle, hovering, panning, zooming in and out continuously, panning at the
closest zoom, just after a move and a build, hovering a demand, asking for a
route, dragging a new track out with its cost preview, growing the log past
1,000 lines and while a computer player thinks; last a sweep of the whole
map at the closest zoom, and the process's peak memory. Then computer
decisions over whole crayon games played from the start, each in a new
process, its first decisions also reported apart, and the hard player's
first decisions of a game in every game (bench/hard.py). Targets come from issue
13: notes for people (✓/✗), never assertions. `--frames WORD` runs only the
frame figures named so (no start-up, decision, route or memory figures).
"""
from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# One bench home kept between runs (never the player's): its disk cache is warm
# from the run before, as a player's is from the last game (the first run is cold).
os.environ.setdefault("RAILTABLE_HOME", os.path.join(tempfile.gettempdir(), "railtable-bench-home"))

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.report import frames_row, heading, limit_row, row, spread_row  # noqa: E402

MEMORY_TARGET_MB = 300
CRAYON_DECISIONS_MS = (50.0, 150.0, 300.0)  # median, p99, max
CHILD_PEAK = "peak-mb "
STARTUP_RUNS, QUICK_STARTUP_RUNS = 3, 1


def peak_memory_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def is_crayon(game_id: str) -> bool:
    from game import registry

    return registry.GAMES[game_id].module.startswith("game.crayon")


def menu_figures(quick: bool) -> None:
    from bench.frames import SIZE, Driver, hover
    from bench.startup import menu_row
    from ui.app import App
    from ui.scenes.menu import MenuScene
    from ui.settings import Settings

    menu_row(QUICK_STARTUP_RUNS if quick else STARTUP_RUNS)
    app = App(SIZE, settings=Settings())
    app.push(MenuScene(app))
    d = Driver(app, app.top, app.screen.get_rect())
    d.frames(5)
    frames_row("menu frames, mouse moving", hover(d, 60 if quick else 240))


def decision_rows(game_id: str, first: list[float], later: list[float]) -> None:
    targets = CRAYON_DECISIONS_MS if is_crayon(game_id) else (None, None, None)
    spread_row(f"computer decisions, first {len(first)} of a process", first, (None, None, targets[2]))
    spread_row(f"computer decisions, the next {len(later)}", later, targets)


def full_game_row(game_id: str) -> None:
    """One whole 3-player computer game, as `main.py simulate` plays it."""
    from game import registry
    from main import default_options
    from ui.games import computer_seats, play_out

    engine = registry.engine(game_id)
    players = max(engine.min_players, min(engine.max_players, 3))
    seats = computer_seats(engine, players, humans=0)
    bots = [registry.make_bot(game_id, "normal", 101 + i) for i in range(len(seats))]
    start = time.process_time()
    state = engine.new_game(default_options(engine), 1, seats)
    actions = play_out(state, bots)
    row(f"full simulated game, {players} players, seed 1", f"{time.process_time() - start:.2f} s CPU "
        f"({actions} moves{'' if state.is_terminal() else ', unfinished'})")


def save_load_row(session: Any) -> None:
    from game.core.session import Session

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.yaml"
        start = time.process_time()
        session.save(path)
        saved = time.process_time() - start
        start = time.process_time()
        Session.load(path)
        loaded = time.process_time() - start
    row("save / load (load replays the log)", f"{saved * 1000:.0f} / {loaded * 1000:.0f} ms",
        f"{len(session.actions)} moves")


def game_figures(game_id: str, quick: bool, frames: list[str] | None = None) -> None:
    """Every figure of one game (run in a process of its own); with `frames`,
    only the frame figures whose names contain one of those words."""
    from bench.frames import SIZE, every, game_frames
    from bench.late_board import late_board
    from ui.app import App
    from ui.game_scene import GameScene
    from ui.games import controller_for
    from ui.settings import Settings

    late = late_board(game_id, quick)
    session = late.session
    players = len(session.seats)
    row("late board", f"{players} players, {len(session.actions)} moves in")
    if frames is None:
        decision_rows(game_id, late.first, late.later)
        if is_crayon(game_id):
            from bench.route_pairs import route_rows

            route_rows(game_id, session.state, quick)
        if not quick:
            full_game_row(game_id)
        save_load_row(session)
    app = App(SIZE, settings=Settings())
    scene = GameScene(app, session, controller_for(game_id))
    scene.bots_paused = True
    app.push(scene)
    game_frames(app, scene, quick, is_crayon(game_id),
                (lambda name: any(w in name for w in frames)) if frames is not None else every)


def run_child(game_id: str, quick: bool, frames: list[str] | None = None) -> float:
    """One game's figures in a fresh process (as a player would run it);
    prints its rows and returns its peak memory in MB."""
    command = [sys.executable, "-m", "bench", "--child", game_id] + (["--quick"] if quick else [])
    command += [arg for word in frames or () for arg in ("--frames", word)]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    peak = 0.0
    for line in out.stdout.splitlines():
        if line.startswith(CHILD_PEAK):
            peak = float(line[len(CHILD_PEAK):])
        else:
            print(line, flush=True)
    if out.returncode != 0:
        lines = out.stderr.strip().splitlines()
        print(f"  (failed: {lines[-1] if lines else out.returncode})", flush=True)
    return peak


def header(quick: bool) -> None:
    import pygame

    load = os.getloadavg()
    print(f"Railtable bench{' --quick' if quick else ''} · Python {platform.python_version()} · "
          f"pygame-ce {pygame.version.ver} · {os.cpu_count()} CPUs · load average "
          f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} · {time.strftime('%Y-%m-%d %H:%M')}")
    print("Frame figures are CPU time of the frame thread (time.thread_time), median / p99 / max;\n"
          "start-up and decisions are CPU time too: the machine may be shared, wall time is not steady.")
    row("figure", "value", "target")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run: fewer moves, frames and pairs")
    parser.add_argument("--game", action="append", help="only these games (default: every built game)")
    parser.add_argument("--frames", action="append", metavar="WORD",
                        help="only the frame figures whose names contain WORD (e.g. zoom, pan, drag); "
                             "no start-up, decision, route or memory figures")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.child:
        game_figures(args.child, args.quick, args.frames)
        print(f"{CHILD_PEAK}{peak_memory_mb():.1f}", flush=True)
        return 0

    from bench.decisions import simulate_row, whole_game_rows
    from bench.hard import hard_rows
    from bench.startup import game_row
    from game import registry
    from game.core.search_bot import HARD_ROLLOUTS

    header(args.quick)
    peaks: dict[str, float] = {}
    if not args.frames:
        heading("menu")
        menu_figures(args.quick)
        peaks["menu"] = peak_memory_mb()
    built = [g for g in registry.GAME_IDS if registry.GAMES[g].built and (not args.game or g in args.game)]
    for game_id in built:
        heading(f"{registry.GAMES[game_id].title} ({game_id}), in a process of its own")
        if not args.frames:
            game_row(game_id, QUICK_STARTUP_RUNS if args.quick else STARTUP_RUNS)
        peaks[game_id] = run_child(game_id, args.quick, args.frames)
    if args.frames:
        return 0
    heading("computer decisions over whole games from the start, each game in a new process")
    for game_id in built:
        if is_crayon(game_id):
            whole_game_rows(game_id, 3 if args.quick else registry.engine(game_id).max_players,
                            (1,) if args.quick else (1, 2), CRAYON_DECISIONS_MS)
    if not args.quick and "russian_rails" in built:
        simulate_row("russian_rails", 3, (1, 2, 3))
    heading(f"the hard computer player: its first decisions of a game at the app's {HARD_ROLLOUTS} rollouts, "
            "clock off (ms median / p99 / max: CPU alone, wall in worker processes)")
    for game_id in built:
        hard_rows(game_id, args.quick)
    heading("memory")
    for name, peak in peaks.items():
        limit_row(f"peak memory (max RSS), {name}", peak, MEMORY_TARGET_MB, "MB", 0)
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["soak"]:
        from bench.soak import main as soak
        sys.exit(soak(sys.argv[2:]))
    sys.exit(main())
