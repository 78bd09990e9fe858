"""Railtable: railroad board games at one computer.

    python3 main.py                       the main menu
    python3 main.py play GAME [--players N] [--seed S] [--load FILE [--trust-edited]]
    python3 main.py screenshot GAME --out FILE.png [--size 1920x1080] [--frames N]
                    [--seed S] [--players N] [--moves K] [--scene menu|setup|settings|load|rules|results|game]
    python3 main.py simulate GAME --players N --games K --seed S [--difficulty normal]

GAME is one of russian_rails, lunar_rails, russian_railroads, regional_rails.
A game that is not built yet is refused with exit code 2.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from typing import Any, Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

EXIT_BAD_GAME = 2
SCENES = ("game", "menu", "setup", "settings", "load", "rules", "results")
MENU_ONLY_SCENES = ("menu", "setup", "settings", "load", "rules")  # these work for games not built yet
DIFFICULTIES = ("random", "easy", "normal")


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="main.py", description="Railtable: railroad board games.")
    parser.add_argument("--quit-after-frames", type=int, default=0, help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="start a game directly")
    play.add_argument("game")
    play.add_argument("--players", type=int)
    play.add_argument("--seed", type=int)
    play.add_argument("--load", metavar="FILE")
    play.add_argument("--trust-edited", action="store_true",
                      help="load a save even though it was cut short or edited by hand")

    shot = sub.add_parser("screenshot", help="render a screen headless to a PNG")
    shot.add_argument("game")
    shot.add_argument("--out", required=True)
    shot.add_argument("--size", default="1920x1080")
    shot.add_argument("--frames", type=int, default=3)
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--players", type=int)
    shot.add_argument("--moves", type=int, default=0)
    shot.add_argument("--scene", choices=SCENES, default="game")

    sim = sub.add_parser("simulate", help="play computer-only games headless, one JSON line per game")
    sim.add_argument("game")
    sim.add_argument("--players", type=int)
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--difficulty", choices=DIFFICULTIES, default="normal")
    return parser.parse_args(argv)


def check_game(game_id: str, need_built: bool = True) -> str | None:
    """None if `game_id` can be used, else the sentence to print."""
    from game import registry

    try:
        if need_built:
            registry.require_built(game_id)
        else:
            registry.info(game_id)
    except registry.UnknownGame as exc:
        return str(exc)
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.command in ("screenshot", "simulate"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.command is not None:
        need_built = not (args.command == "screenshot" and args.scene in MENU_ONLY_SCENES)
        problem = check_game(args.game, need_built)
        if problem:
            print(f"railtable: {problem}", file=sys.stderr)
            return EXIT_BAD_GAME
    from ui.games import PlayerCountError

    try:
        if args.command == "simulate":
            return simulate(args)
        if args.command == "screenshot":
            return screenshot(args)
        return run_window(args)
    except PlayerCountError as exc:
        print(f"railtable: {exc}", file=sys.stderr)
        return EXIT_BAD_GAME


# Window --------------------------------------------------------------------------


def run_window(args: argparse.Namespace) -> int:
    import pygame

    from game.core.errors import EditedSaveError, MapError, SaveError
    from ui.app import App
    from ui.games import computer_seats
    from ui.scenes.launch import load_session, open_game, random_seed, start_game
    from ui.scenes.menu import MenuScene

    app = App()
    if args.command == "play":
        from game import registry

        try:
            if args.load:
                open_game(app, load_session(app, _path(args.load), args.trust_edited, expect_game=args.game))
            else:
                engine = registry.engine(args.game)
                seats = computer_seats(engine, args.players, humans=1)
                start_game(app, args.game, default_options(engine),
                           random_seed() if args.seed is None else args.seed, seats)
        except EditedSaveError as exc:
            print(f"railtable: {exc} (add --trust-edited to load it anyway)", file=sys.stderr)
            return EXIT_BAD_GAME
        except SaveError as exc:
            print(f"railtable: {exc}", file=sys.stderr)
            return EXIT_BAD_GAME
        except MapError as exc:
            print(f"railtable: {exc}", file=sys.stderr)
            return 1
    else:
        app.push(MenuScene(app))
    if args.quit_after_frames:  # bench: time to the first frames, then leave
        for _ in range(args.quit_after_frames):
            app.step()
            pygame.display.flip()
        print(f"frames {app.frames}", flush=True)
        return 0
    app.run()
    return 0


def _path(text: str) -> Any:
    from pathlib import Path

    return Path(text).expanduser()


def default_options(engine: Any) -> dict[str, Any]:
    return {spec.key: spec.default for spec in engine.option_specs}


# Screenshot ----------------------------------------------------------------------


def screenshot(args: argparse.Namespace) -> int:
    import pygame

    from ui.app import App
    from ui.settings import Settings, parse_size

    try:
        size = parse_size(args.size)
    except ValueError as exc:
        print(f"railtable: {exc}", file=sys.stderr)
        return EXIT_BAD_GAME
    app = App(size, settings=Settings())  # defaults, whatever the player chose
    # SDL turns SIGTERM into a QUIT event that a headless run never reads: let it stop us.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    push_scene(app, args)
    for _ in range(max(1, args.frames)):
        app.step()
    pygame.image.save(app.screen, args.out)
    print(args.out)
    return 0


def push_scene(app: Any, args: argparse.Namespace) -> None:
    """Put the requested screen on the app's stack, for screenshots and bench."""
    from ui.scenes.load import LoadScene
    from ui.scenes.menu import MenuScene
    from ui.scenes.rules import RulesScene
    from ui.scenes.settings_scene import SettingsScene
    from ui.scenes.setup import SetupScene

    from ui.games import MAX_ACTIONS

    app.push(MenuScene(app))
    above_menu = {"setup": lambda: SetupScene(app, args.game), "settings": lambda: SettingsScene(app),
                  "load": lambda: LoadScene(app), "rules": lambda: RulesScene(app, args.game)}
    if args.scene == "menu":
        return
    if args.scene in above_menu:
        app.push(above_menu[args.scene]())
        return
    game_scene = busy_game_scene(app, args.game, args.players, args.seed,
                                 MAX_ACTIONS if args.scene == "results" else args.moves)
    app.push(game_scene)
    if args.scene == "results":
        from ui.scenes.results import ResultsScene

        app.push(ResultsScene(app, game_scene.session, game_scene.controller, chart_in_background=False))


def busy_game_scene(app: Any, game_id: str, players: int | None, seed: int, moves: int) -> Any:
    """A GameScene after `moves` computer moves (bots paused so the picture stays put)."""
    from game import registry
    from game.core.session import Session
    from ui.game_scene import GameScene
    from ui.games import computer_seats, controller_for, play_bot_moves

    engine = registry.engine(game_id)
    seats = computer_seats(engine, players, humans=1)
    session = Session(game_id, default_options(engine), seed, seats, engine=engine)
    play_bot_moves(session, moves, seed)
    scene = GameScene(app, session, controller_for(game_id))
    scene.bots_paused = True
    return scene


# Simulate ------------------------------------------------------------------------


def simulate(args: argparse.Namespace) -> int:
    from game import registry
    from game.core.errors import IllegalAction
    from ui.games import computer_seats, play_out

    engine = registry.engine(args.game)
    for k in range(args.games):
        seed = args.seed + k
        seats = computer_seats(engine, args.players, humans=0, difficulty=args.difficulty)
        bots = [registry.make_bot(args.game, args.difficulty, seed * 101 + i) for i in range(len(seats))]
        start = time.perf_counter()
        state = engine.new_game(default_options(engine), seed, seats)
        try:
            actions = play_out(state, bots)
        except IllegalAction as exc:
            print(json.dumps({"game": args.game, "seed": seed, "error": exc.message}))
            return 1
        scores = state.scores()
        print(json.dumps({
            "game": args.game, "seed": seed, "players": len(seats),
            "winners": state.winners(), "winner_names": [seats[i].name for i in state.winners()],
            "scores": [s.total for s in scores], "parts": [s.parts for s in scores],
            "actions": actions, "finished": state.is_terminal(),
            "seconds": round(time.perf_counter() - start, 3)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
