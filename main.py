"""Railtable: railroad board games at one computer.

    python3 main.py                       the main menu
    python3 main.py play GAME [--players N] [--seed S] [--load FILE [--trust-edited]] [--option KEY=VALUE ...]
    python3 main.py screenshot GAME --out FILE.png [--size 1920x1080] [--frames N]
                    [--seed S] [--players N] [--moves K] [--scene menu|setup|settings|load|rules|results|pass|replay|game]
                    [--option KEY=VALUE ...]
    python3 main.py simulate GAME --players N --games K --seed S [--difficulty normal]
                    [--seats hard,normal] [--hard-rollouts N] [--option KEY=VALUE ...]

GAME is one of russian_rails, lunar_rails, russian_railroads, regional_rails.
A game that is not built yet is refused with exit code 2.
"""
from __future__ import annotations

import argparse
import gc
import json
import multiprocessing
import os
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any, Sequence

from game.core.engine import DIFFICULTIES
from game.core.search_bot import HARD_ROLLOUTS

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

EXIT_BAD_GAME = 2  # also any problem the command line reports in one sentence
MAX_SHOT_SIZE = (7680, 4320)  # 8K: beyond this a screenshot only exhausts memory
MAX_SHOT_FRAMES = 600  # ten seconds of animation at 60 frames a second
IMAGE_TYPES = (".png", ".jpg", ".jpeg", ".bmp", ".tga")  # what pygame.image.save writes
SCENES = ("game", "menu", "setup", "settings", "load", "rules", "results", "pass", "replay")
MENU_ONLY_SCENES = ("menu", "setup", "settings", "load", "rules")  # these work for games not built yet


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
    _option_argument(play)

    shot = sub.add_parser("screenshot", help="render a screen headless to a PNG")
    shot.add_argument("game")
    shot.add_argument("--out", required=True)
    shot.add_argument("--size", default="1920x1080")
    shot.add_argument("--frames", type=int, default=3)
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--players", type=int)
    shot.add_argument("--moves", type=int, default=0)
    shot.add_argument("--scene", choices=SCENES, default="game")
    shot.add_argument("--hint", action="store_true",
                      help="play on to the human's turn and show the hint for it (game scene)")
    _option_argument(shot)

    sim = sub.add_parser("simulate", help="play computer-only games headless, one JSON line per game")
    sim.add_argument("game")
    sim.add_argument("--players", type=int)
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--difficulty", choices=DIFFICULTIES, default="normal")
    sim.add_argument("--hard-rollouts", type=int, default=HARD_ROLLOUTS, metavar="N",
                     help="a hard player's rollouts per decision, with no clock (the same seed, the same game)")
    sim.add_argument("--seats", metavar="LEVEL,LEVEL,...",
                     help="the arena: one difficulty per seat (rotated between games), then a summary line")
    _option_argument(sim)
    return parser.parse_args(argv)


def _option_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a setup option of the game (repeat for several), e.g. --option board=russia")


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


class CommandLineError(Exception):
    """A problem with the command line or the machine, said in one sentence."""


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
    from game.core.errors import MapError, SaveError
    from ui.games import PlayerCountError

    try:
        if args.command == "simulate":
            return simulate(args)
        if args.command == "screenshot":
            return screenshot(args)
        return run_window(args)
    except (PlayerCountError, OptionError, MapError, SaveError, CommandLineError) as exc:
        print(f"railtable: {exc}", file=sys.stderr)
        return EXIT_BAD_GAME


def make_app(size: tuple[int, int] | None = None, **kwargs: Any) -> Any:
    """The app window, or a CommandLineError when the machine has no display."""
    import pygame

    from ui.app import App

    try:
        return App(size, **kwargs)
    except pygame.error as exc:
        driver = os.environ.get("SDL_VIDEODRIVER")
        now = f" (it is now {driver!r})" if driver else ""
        raise CommandLineError(f"no display is available (SDL: {exc}); start Railtable from a desktop, or set "
                               f"SDL_VIDEODRIVER=dummy{now} to run it without a screen") from exc


# Window --------------------------------------------------------------------------


def run_window(args: argparse.Namespace) -> int:
    import pygame

    from game import registry
    from game.core import rollouts

    # Start-up makes tens of thousands of lasting objects (modules, classes,
    # the board) and almost no garbage (under a thousand objects), so the
    # cyclic collector's ~150 passes over them were pure cost (~6% of the time
    # to the first frame): it is off until the first frame is shown.
    gc.disable()
    try:
        app = _open_window(args)
        app.step()
        pygame.display.flip()
    finally:
        gc.enable()
    if args.quit_after_frames:  # bench: time to the first frames, then leave
        for _ in range(args.quit_after_frames - 1):
            app.step()
            pygame.display.flip()
        print(f"frames {app.frames}", flush=True)
        return 0
    gc.freeze()  # what start-up made lasts as long as the app: later collections need not scan it
    # The hard players' worker processes start once the window shows (before, they slowed
    # start-up by 0.1 s on 2 cores; with a game's first frame, that frame by 50 ms).
    pool = rollouts.use_processes(registry.search_modules())
    if pool is not None:
        pool.warm()
    try:
        app.run()
    finally:
        rollouts.stop_processes()
    return 0


def _open_window(args: argparse.Namespace) -> Any:
    """The app with its first screen: the game asked for, or the main menu."""
    from game.core.errors import EditedSaveError
    from ui.games import computer_seats
    from ui.scenes.launch import load_session, open_game, random_seed, start_game

    app = make_app()
    if args.command == "play":
        from game import registry

        try:
            if args.load:
                open_game(app, load_session(app, _path(args.load), args.trust_edited, expect_game=args.game))
            else:
                engine = registry.engine(args.game)
                seats = computer_seats(engine, args.players, humans=1)
                options = chosen_options(engine, args.option)
                seed = random_seed() if args.seed is None else args.seed
                _new_state(engine, options, seed, seats)
                start_game(app, args.game, options, seed, seats)
        except EditedSaveError as exc:
            raise CommandLineError(f"{exc} (add --trust-edited to load it anyway)") from exc
    else:
        from ui.scenes.menu import MenuScene  # a game started here builds its menu only when the player leaves

        app.push(MenuScene(app))
    return app


def _path(text: str) -> Any:
    return Path(text).expanduser()


def default_options(engine: Any) -> dict[str, Any]:
    return {spec.key: spec.default for spec in engine.option_specs}


class OptionError(ValueError):
    """A --option the game does not offer, or a combination it refuses."""


def chosen_options(engine: Any, pairs: Sequence[str]) -> dict[str, Any]:
    """The game's default options changed by --option KEY=VALUE pairs (typed by
    the game's option_specs); an OptionError says what is wrong."""
    specs = {spec.key: spec for spec in engine.option_specs}
    options = default_options(engine)
    for pair in pairs:
        key, sep, text = pair.partition("=")
        spec = specs.get(key.strip())
        if not sep or spec is None:
            offered = ", ".join(specs) or "no options"
            raise OptionError(f"--option {pair!r} is not KEY=VALUE for an option of {engine.title} ({offered})")
        text = text.strip()
        if spec.kind == "bool":
            if text.lower() not in ("true", "false", "yes", "no", "on", "off", "1", "0"):
                raise OptionError(f"--option {spec.key} is true or false, not {text!r}")
            options[spec.key] = text.lower() in ("true", "yes", "on", "1")
        elif spec.kind == "choice" and text not in spec.choices:
            raise OptionError(f"--option {spec.key} must be one of {', '.join(spec.choices)}, not {text!r}")
        else:
            options[spec.key] = text
    return options


def _new_state(engine: Any, options: dict[str, Any], seed: int, seats: Any) -> Any:
    """engine.new_game, its refusal of a combination of options as an OptionError."""
    try:
        return engine.new_game(options, seed, seats)
    except ValueError as exc:
        raise OptionError(str(exc)) from exc


# Screenshot ----------------------------------------------------------------------


def screenshot(args: argparse.Namespace) -> int:
    import pygame

    from ui.paths import ENV_HOME, Paths
    from ui.settings import Settings

    size = shot_size(args.size)
    if not 1 <= args.frames <= MAX_SHOT_FRAMES:
        raise CommandLineError(f"--frames must be 1 to {MAX_SHOT_FRAMES}, not {args.frames}")
    out = writable_image(args.out)
    with tempfile.TemporaryDirectory(prefix="railtable-shot-") as scratch:
        # defaults, whatever the player chose; the player's records and saves are never
        # touched (a results screenshot would count a computer game as theirs) unless
        # RAILTABLE_HOME names the folder to show
        home = Path(os.environ.get(ENV_HOME) or scratch)
        app = make_app(size, settings=Settings(), paths=Paths(home / "config", home / "saves"))
        # SDL turns SIGTERM into a QUIT event that a headless run never reads: let it stop us.
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        push_scene(app, args)
        for _ in range(args.frames):
            app.step()
        try:
            pygame.image.save(app.screen, str(out))
        except (pygame.error, OSError) as exc:
            raise CommandLineError(f"the screenshot cannot be written to {args.out} ({exc})") from exc
    print(args.out)
    return 0


def shot_size(text: str) -> tuple[int, int]:
    """--size WIDTHxHEIGHT, from 320x240 up to MAX_SHOT_SIZE."""
    from ui.settings import parse_size

    top_w, top_h = MAX_SHOT_SIZE
    problem = f"--size must be WIDTHxHEIGHT from 320x240 to {top_w}x{top_h}, not {text!r}"
    try:
        w, h = parse_size(text)
    except ValueError as exc:
        raise CommandLineError(problem) from exc
    if w > top_w or h > top_h:
        raise CommandLineError(problem)
    return w, h


def writable_image(text: str) -> Any:
    """The --out path, checked before anything is drawn: an image file name
    in a folder that exists."""
    if not text.strip():
        raise CommandLineError("--out needs a file name, e.g. --out shot.png")
    path = _path(text)
    if path.is_dir():
        raise CommandLineError(f"--out {text} is a folder; give a file name in it, e.g. {path / 'shot.png'}")
    if path.suffix.lower() not in IMAGE_TYPES:
        raise CommandLineError(f"--out must end in {', '.join(IMAGE_TYPES)}, not {text!r}")
    if not path.parent.is_dir():
        raise CommandLineError(f"--out {text}: {path.parent} is not a folder that exists")
    existed = path.exists()
    try:
        path.open("ab").close()  # the one sure test (permissions, read-only disks, root)
    except OSError as exc:
        raise CommandLineError(f"--out {text} cannot be written ({exc.strerror or exc})") from exc
    if not existed:
        path.unlink()
    return path


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
                                 MAX_ACTIONS if args.scene == "results" else args.moves, args.option)
    app.push(game_scene)
    if args.scene == "game" and args.hint:
        show_hint(game_scene, args.seed)
    if args.scene == "results":
        from ui.scenes.results import ResultsScene

        app.push(ResultsScene(app, game_scene.session, game_scene.controller, chart_in_background=False))
    elif args.scene == "pass":
        show_pass_screen(app, game_scene)
    elif args.scene == "replay":
        from ui.scenes.replay import ReplayScene

        app.push(ReplayScene(app, game_scene.session, type(game_scene.controller), start=args.moves))


def show_hint(game_scene: Any, seed: int) -> None:
    """Computer moves until the human (seat 1) is to move, then the hint for it."""
    from game.core.hints import find_hint
    from ui.games import play_bot_moves

    session = game_scene.session
    for _ in range(MAX_SHOT_FRAMES):
        seat = session.state.current_player()
        if seat is None or not session.seats[seat].is_computer:
            break
        play_bot_moves(session, 1, seed)
    if session.state.current_player() is not None:
        game_scene.app.step()  # a frame of the board as the player sees it on their turn (a docked dialog)
        game_scene.put_hint(find_hint(session.game_id, session.state, seed))


def show_pass_screen(app: Any, game_scene: Any) -> None:
    """The hot-seat pass screen the current player would see after the moves
    played so far (the last dozen log lines as "while you were away")."""
    from ui.scenes.pass_screen import AWAY_LINES, PassScene

    session = game_scene.session
    seat = session.state.current_player() or 0
    away = [entry.text for entry in session.log[-AWAY_LINES:]]
    app.push(PassScene(app, session.seats[seat].name, session.state.hidden_text(), away))


def busy_game_scene(app: Any, game_id: str, players: int | None, seed: int, moves: int,
                    option_pairs: Sequence[str] = ()) -> Any:
    """A GameScene after `moves` computer moves (bots paused so the picture stays put)."""
    from game import registry
    from game.core.session import Session
    from ui.game_scene import GameScene
    from ui.games import computer_seats, controller_for, play_bot_moves

    engine = registry.engine(game_id)
    seats = computer_seats(engine, players, humans=1)
    options = chosen_options(engine, option_pairs)
    _new_state(engine, options, seed, seats)
    session = Session(game_id, options, seed, seats, engine=engine)
    play_bot_moves(session, moves, seed)
    scene = GameScene(app, session, controller_for(game_id))
    scene.bots_paused = True
    return scene


# Simulate ------------------------------------------------------------------------


def simulate(args: argparse.Namespace) -> int:
    """Computer-only games, one JSON line each; with --seats, the arena's
    summary line after them (win rates with 95% intervals, mean scores,
    decision times per difficulty)."""
    from game import arena, registry
    from game.core.errors import IllegalAction
    from game.core.search_bot import Budget
    from ui.games import computer_seats

    engine = registry.engine(args.game)
    options = chosen_options(engine, args.option)
    levels = seat_levels(args.seats, args.players, engine) if args.seats else None
    n = len(levels) if levels else len(computer_seats(engine, args.players))
    records = []
    for k in range(args.games):
        # the arena plays each seed once per rotation of the seats, so a seed's luck favours no level
        seed = args.seed + (k // len(levels) if levels else k)
        difficulties = arena.rotated(levels, k) if levels else [args.difficulty] * n
        try:
            budget = Budget(None, max(1, args.hard_rollouts))
            record = arena.play_game(engine, lambda d, s: registry.make_bot(args.game, d, s, budget), options, seed,
                                     difficulties, new_state=lambda o, sd, st: _new_state(engine, o, sd, st))
        except IllegalAction as exc:
            print(json.dumps({"game": args.game, "seed": seed, "error": exc.message}))
            return 1
        records.append(record)
        line = {"game": args.game, **{k: v for k, v in record.items() if not k.startswith("_")}}
        line["winner_names"] = [f"Computer {i + 1}" for i in record["winners"]]
        print(json.dumps(line), flush=True)
    if levels:
        print(json.dumps({"summary": arena.summary(records)}), flush=True)
    return 0


def seat_levels(text: str, players: int | None, engine: Any) -> list[str]:
    """The --seats list, checked: known difficulties, as many as the players."""
    from ui.games import PlayerCountError

    levels = [w.strip() for w in text.split(",") if w.strip()]
    unknown = [w for w in levels if w not in DIFFICULTIES]
    if unknown:
        raise CommandLineError(f"--seats: {', '.join(unknown)} is not a difficulty (choose from {', '.join(DIFFICULTIES)})")
    if players is not None and players != len(levels):
        raise CommandLineError(f"--seats names {len(levels)} seats but --players is {players}")
    if not engine.min_players <= len(levels) <= engine.max_players:
        raise PlayerCountError(f"{engine.title} takes {engine.min_players} to {engine.max_players} players, "
                               f"not {len(levels)}")
    return levels


if __name__ == "__main__":
    multiprocessing.freeze_support()  # a packaged app's worker processes start here
    sys.exit(main())
