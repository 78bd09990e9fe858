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
import yaml
from pygame_gui.windows import UIMessageWindow

from game import registry
from game.core.atomic import write_text_atomic
from game.core.engine import GameState, Seat
from game.core.errors import SaveError
from game.core.session import Session
from ui import widgets
from ui.paths import save_name

if TYPE_CHECKING:
    import pygame_gui

    from ui.app import App
    from ui.game_scene import GameController


def random_seed() -> int:
    return secrets.randbelow(1_000_000_000)


def show_error(ui: "pygame_gui.UIManager", text: str, title: str = "Sorry") -> UIMessageWindow:
    """A modal-looking message window centred on the screen."""
    w, h = ui.window_resolution
    rect = pygame.Rect(0, 0, min(560, w - 40), 260)
    rect.center = (w // 2, h // 2)
    return UIMessageWindow(rect, widgets.escape(text), ui, window_title=title)


def open_game(app: "App", session: Session, controller_cls: type["GameController"] | None = None) -> None:
    """Show `session` on a fresh game screen above the main menu."""
    from ui.game_scene import GameScene
    from ui.games import controller_for

    cls = controller_cls or controller_for(session.game_id)
    app.back_to_menu()
    app.push(GameScene(app, session, cls))


def start_game(app: "App", game_id: str, options: dict[str, Any], seed: int, seats: Sequence[Seat],
               engine: type[GameState] | None = None,
               controller_cls: type["GameController"] | None = None) -> Session:
    session = Session(game_id, options, seed, seats, engine=engine,
                      autosave_path=str(app.paths.autosave_path(game_id)))
    session.autosave()
    open_game(app, session, controller_cls)
    return session


def load_session(app: "App", path: Path) -> Session:
    """Load a save (SaveError with a sentence on any problem) and autosave it
    under its game from now on."""
    session = Session.load(path)
    session.autosave_path = str(app.paths.autosave_path(session.game_id))
    return session


def try_open_save(app: "App", ui: "pygame_gui.UIManager", path: Path) -> UIMessageWindow | None:
    """Load and show a save; on any problem return the dialog that explains it."""
    try:
        session = load_session(app, path)
        open_game(app, session)
    except SaveError as exc:
        return show_error(ui, str(exc), "This save cannot be loaded")
    except (ImportError, registry.UnknownGame) as exc:
        return show_error(ui, f"This game cannot be shown yet: {exc}", "Coming soon")
    return None


def save_summary(path: Path) -> tuple[str, str, str]:
    """(game title, "Autosave" or the save's name or "Saved game", when
    written) for a save file."""
    game_id = path.stem.removeprefix("autosave-").split("-")[0]
    title = registry.GAMES[game_id].title if game_id in registry.GAMES else game_id
    when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
    kind = "Autosave" if path.name.startswith("autosave-") else (save_name(path) or "Saved game")
    return title, kind, when


def describe_save(path: Path) -> str:
    """A one-line label for a save file: its game, kind and when it was written."""
    return " · ".join(save_summary(path))


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
                write_text_atomic(self.path, yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
            except OSError as exc:
                self.error = f"Autosave failed: {exc}"

    def flush(self) -> None:
        thread = self._thread
        if thread is not None:
            thread.join()
