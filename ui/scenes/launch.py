"""Starting, loading and autosaving games: the one place that builds a
Session with its autosave path and opens the game screen (used by the menu,
setup, load, results and the command line), and the background autosave
writer the game screen uses."""
from __future__ import annotations

import secrets
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

import pygame
from pygame_gui.windows import UIConfirmationDialog, UIMessageWindow

from game import registry
from game.core.atomic import write_text_atomic
from game.core.engine import GameState, Seat
from game.core.errors import EditedSaveError, SaveError
from game.core.savefile import dump_save, read_save_header
from game.core.session import Session
from ui import widgets
from ui.paths import MAX_AUTOSAVES, save_name

if TYPE_CHECKING:
    import pygame_gui

    from ui.app import App
    from ui.game_scene import GameController, GameScene


def random_seed() -> int:
    return secrets.randbelow(1_000_000_000)


def show_error(ui: "pygame_gui.UIManager", text: str, title: str = "Sorry") -> UIMessageWindow:
    """A modal-looking message window centred on the screen."""
    w, h = ui.window_resolution
    rect = pygame.Rect(0, 0, min(560, w - 40), 260)
    rect.center = (w // 2, h // 2)
    return UIMessageWindow(rect, widgets.escape(text), ui, window_title=title)


def open_game(app: "App", session: Session, controller_cls: type["GameController"] | None = None) -> "GameScene":
    """Show `session` on a fresh game screen above the main menu (if one is open)."""
    from ui.game_scene import GameScene
    from ui.games import controller_for

    cls = controller_cls or controller_for(session.game_id)
    app.close_to_menu()
    scene = GameScene(app, session, cls)
    app.push(scene)
    return scene


def start_game(app: "App", game_id: str, options: dict[str, Any], seed: int, seats: Sequence[Seat],
               engine: type[GameState] | None = None,
               controller_cls: type["GameController"] | None = None) -> Session:
    """Open a new game with its own autosave (never another game's). When the
    saves folder cannot be written the game starts anyway, saying so."""
    session = Session(game_id, options, seed, seats, engine=engine)
    path = app.paths.new_autosave_path(game_id)
    problem: str | None = None
    try:
        session.save(path)
    except Exception as exc:  # read-only or full disk, a file where the folder should be...
        problem = f"Autosave is off: {problem_text(exc)}. Save lets you choose another folder."
    else:
        session.autosave_path = str(path)
        app.paths.prune_autosaves()
    scene = open_game(app, session, controller_cls)
    if problem is not None:
        scene.show_banner(problem, seconds=AUTOSAVE_OFF_SECONDS)
    return session


AUTOSAVE_OFF_SECONDS = 12.0  # long enough to read twice; the Save dialog repeats where saves can go


def problem_text(exc: BaseException) -> str:
    """A file problem in words: "Permission denied: /home/ann/saves" rather
    than "[Errno 13] ..."; other problems by their message, kept short."""
    if isinstance(exc, OSError) and exc.strerror:
        where = exc.filename if exc.filename is not None else ""
        return f"{exc.strerror}: {where}" if where else exc.strerror
    text = str(exc) or type(exc).__name__
    return text[:200]


def load_session(app: "App", path: Path, trust_edited: bool = False, expect_game: str | None = None) -> Session:
    """Load a save (SaveError with a sentence on any problem). An autosave
    goes on being written where it is; any other save gets an autosave of
    its own, so the save itself stays as it was."""
    session = Session.load(path, trust_edited=trust_edited, expect_game=expect_game)
    if app.paths.is_autosave(path):
        session.autosave_path = str(path)
    else:
        app.paths.prune_autosaves(MAX_AUTOSAVES - 1)  # room for this game's own
        session.autosave_path = str(app.paths.new_autosave_path(session.game_id))
    return session


LOAD_ANYWAY = "Load anyway"


def try_open_save(app: "App", ui: "pygame_gui.UIManager", path: Path,
                  trust_edited: bool = False) -> UIMessageWindow | UIConfirmationDialog | None:
    """Load and show a save; on any problem return the dialog that explains
    it. A save cut short or edited gets a confirmation dialog whose
    "Load anyway" the scene answers with `trust_edited=True`."""
    try:
        session = load_session(app, path, trust_edited)
        open_game(app, session)
    except EditedSaveError as exc:
        w, h = ui.window_resolution
        rect = pygame.Rect(0, 0, min(560, w - 40), 280)
        rect.center = (w // 2, h // 2)
        return UIConfirmationDialog(rect, widgets.escape(str(exc)), ui, window_title="This save was changed",
                                    action_short_name=LOAD_ANYWAY)
    except SaveError as exc:
        return show_error(ui, str(exc), "This save cannot be loaded")
    except (ImportError, registry.UnknownGame) as exc:
        return show_error(ui, f"This game cannot be shown yet: {exc}", "Coming soon")
    return None


def save_summary(path: Path, header: dict[str, Any] | None = None) -> tuple[str, str, str]:
    """(game title, "Autosave" or the save's name or "Saved game", when
    written) for a save file; the game is the header's when it is given."""
    game_id = path.stem.removeprefix("autosave-").split("-")[0]
    if header and isinstance(header.get("game"), str):
        game_id = header["game"]
    title = registry.GAMES[game_id].title if game_id in registry.GAMES else game_id[:40]
    when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
    kind = "Autosave" if path.name.startswith("autosave-") else (save_name(path) or "Saved game")
    return title, kind, when


def where_text(header: dict[str, Any] | None) -> str:
    """Where a saved game stands, from its header: "round 3, 57 moves",
    "finished, 212 moves"; "" for a save too old to say."""
    if not header:
        return ""
    moves, round_no = header.get("moves"), header.get("round")
    parts = ["finished" if header.get("finished") is True else
             f"round {round_no}" if isinstance(round_no, int) and round_no > 0 else "",
             f"{moves} moves" if isinstance(moves, int) and not isinstance(moves, bool) else ""]
    return ", ".join(p for p in parts if p)


def seats_text(header: dict[str, Any] | None) -> str:
    seats = header.get("seats") if header else None
    if not isinstance(seats, list):
        return ""
    return ", ".join(str(s.get("name"))[:20] for s in seats if isinstance(s, dict) and s.get("name"))


def save_label_parts(path: Path) -> list[str]:
    """A save's description in parts, most telling first: game, kind, when
    written, where the game stands, who plays."""
    header = read_save_header(path)
    return [p for p in (*save_summary(path, header), where_text(header), seats_text(header)) if p]


def describe_save(path: Path) -> str:
    return " · ".join(save_label_parts(path))


class AutosaveWriter:
    """Writes the autosave in a background thread: a late game's save (hundreds
    of moves as YAML, fsynced) takes a tenth of a second or more, which would
    stall a frame after every move. Only the newest snapshot is written; a
    non-daemon thread finishes its write even when the app quits."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._pending: dict[str, Any] | None = None
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.error: str | None = None

    def submit_session(self, session: Session) -> None:
        """Snapshot `session` (here, before it moves on) and write it; a
        session that cannot even be turned into a save is reported the same
        way as a failed write."""
        try:
            data = session.to_save_dict()
        except Exception as exc:
            self.error = f"Autosave failed: {problem_text(exc)}"
            return
        self.submit(data)

    def submit(self, data: dict[str, Any]) -> None:
        with self._lock:
            self._pending = data
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave")
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                data, self._pending = self._pending, None
                if data is None:
                    self._thread = None
                    return
            try:
                write_text_atomic(self.path, dump_save(data))
            except Exception as exc:  # any failure: the last good autosave stays; the next move retries
                self.error = f"Autosave failed: {problem_text(exc)}"

    def flush(self) -> None:
        thread = self._thread
        if thread is not None:
            thread.join()
