"""The generic game screen every game plugs its controller into.

GameScene owns everything games share: the board viewport and its camera, the
top bar (turn, Undo, Save, Menu), the side panel with the scrolling game log,
tooltips, the IllegalAction banner, confirm dialogs, the pass-the-computer
screen, the computer-player runner (bots think on a clone in a background
thread so the window never freezes), the animation queue and the move to the
results screen. A game supplies a :class:`GameController` subclass.
"""
from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui
from pygame_gui.windows import UIConfirmationDialog

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.hints import Hint
from game.core.session import Session
from ui import theme, widgets
from ui.sounds import sound_for
from ui.animation import AnimationQueue
from ui.camera import Camera, WorldRect
from ui.games import BotJob, HintJob, default_bot_factory
from ui.hint_place import HINT_GAP, HINT_SIDE, clear_view, place_hint
from ui.log_box import TITLE_H as LOG_TITLE_H
from ui.log_box import LogBox
from ui.panel_picture import PanelPicture
from ui.paths import save_name
from ui.save_dialog import SaveDialog
from ui.scene import Scene
from ui.scenes.launch import AutosaveWriter, problem_text
from ui.scenes.pass_screen import PassScene
from ui.scenes.rules import RulesScene

if TYPE_CHECKING:
    from ui.app import App


TOP_BAR_H = 56
LOG_MIN_H = 140
BANNER_SECONDS = 4.5
HINT_LINES = 8  # (chosen) a long hint (a move, its follow-up and why; a three-load route) may need more
HINT_TIP = "Click to put the hint's sentence away (the move stays marked); H shows it again."
LOG_UNDER_HINT_MIN_H = 60  # the log moves below a hint's sentence over its head if this much of it is left
BOT_MIN_SECONDS = 0.35  # a computer move is shown at least this long after the last one
DRAG_THRESHOLD = 6  # pixels a press must move before it pans instead of clicking
BOT_TIMEOUT = 60.0  # a computer player still thinking after this long plays a random legal move
KEY_PAN_SPEED = 700.0  # screen pixels per second while an arrow key is held
ZOOM_STEP = 1.15

STATUS_SIZE, STATUS_SMALL = 16, 13  # the status line; two lines of the smaller size when one is too short


def draw_status(surface: pygame.Surface, status: str, x: int, width: int) -> list[pygame.Rect]:
    """The status beside the turn: one line, or two smaller ones (the second
    cut only when even those cannot hold it) so the instruction stays whole."""
    if theme.font(STATUS_SIZE).size(status)[0] <= width:
        return [theme.draw_text(surface, status, (x, TOP_BAR_H // 2), STATUS_SIZE, theme.TEXT_DIM, anchor="midleft")]
    lines = theme.wrap_text(status, STATUS_SMALL, width)
    first, rest = lines[0], " ".join(lines[1:])
    if not rest:
        return [theme.draw_text(surface, first, (x, TOP_BAR_H // 2), STATUS_SMALL, theme.TEXT_DIM,
                                anchor="midleft", max_width=width)]
    return [theme.draw_text(surface, first, (x, TOP_BAR_H // 2 - 1), STATUS_SMALL, theme.TEXT_DIM,
                            anchor="bottomleft", max_width=width),
            theme.draw_text(surface, rest, (x, TOP_BAR_H // 2 + 1), STATUS_SMALL, theme.TEXT_DIM,
                            anchor="topleft", max_width=width)]


class GameController:
    """What a game plugs into GameScene. Every method has a harmless default,
    so a controller implements only what its game needs."""

    def __init__(self, scene: "GameScene") -> None:
        self.scene = scene

    # Room kept around the board on fit, as a share of the board area on each side.
    fit_margin = 0.04
    # True when draw_world paints every pixel of the board area: the scene need not clear it first.
    covers_board = False

    def world_bounds(self) -> WorldRect:
        """Board extent (x, y, w, h) in world units, for fit-to-window."""
        return (0.0, 0.0, 1000.0, 1000.0)

    def map_bounds(self) -> WorldRect | None:
        """The map (x, y, w, h) in world units, without the room `world_bounds`
        keeps round it for bars and dialogs, for a game whose map a hint about a
        dialog's choice moves clear of its sentence (a small map beside a docked
        dialog: it barely shrinks); None: the sentence may cover the map's foot
        (a tall map would shrink by a quarter or more)."""
        return None

    def draw_world(self, surface: pygame.Surface, camera: Camera) -> None:
        """Draw the board through the game's pure renderer."""

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the game-specific top part of the side panel."""

    def panel_height(self, rect_height: int) -> int:
        """How much of the side panel's height the game wants (the log gets the rest)."""
        return rect_height // 2

    def screen_split(self, area: tuple[int, int], panel_width: int) -> tuple[int, int]:
        """(side panel width, height of a dock under the board) for the window
        area below the top bar; by default the shell's panel and no dock."""
        return panel_width, 0

    def log_rect(self, panel: pygame.Rect) -> pygame.Rect | None:
        """Where the game log goes in the side panel; None: below `panel_height`
        (a game that places it gets the whole panel to draw in)."""
        return None

    def draw_dock(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the strip under the board (only when `screen_split` asks for one)."""

    def panel_key(self) -> object:
        """Everything `draw_panel` and `draw_dock` show (game, proposal,
        hover, scroll): while it stays equal the scene copies the last
        picture instead of drawing them again. None: drawn every frame."""
        return None

    def on_click(self, world_pos: tuple[float, float], button: int) -> None:
        """A click on the board (not a drag)."""

    def on_panel_click(self, pos: tuple[int, int], button: int) -> bool:
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def on_hover(self, world_pos: tuple[float, float]) -> str | None:
        return None

    def update(self, dt: float) -> None:
        pass

    def animate(self, events: list[Event], queue: AnimationQueue) -> None:
        """Turn engine events into tweens."""

    def status_text(self) -> str:
        return ""

    def chart_value(self, state: Any, seat: int) -> float:
        """The value plotted over time on the results screen (default: score)."""
        return float(state.scores()[seat].total)

    def overlay(self, surface: pygame.Surface) -> None:
        """Optional full-screen extra drawing on top of everything."""

    def log_names(self) -> dict[str, tuple[int, int, int]]:
        """Names besides the seats' that the game log colours (name -> RGB),
        e.g. railroad companies in their owner's colour."""
        return {}

    def show_hint(self, action: Action | None) -> None:
        """Highlight on the board the move a hint suggests (None: the hint is
        gone), with the game's own selection drawing."""

    def hint_area(self, board: pygame.Rect) -> pygame.Rect:
        """The part of the window the hint's sentence is centred in: the board
        (a game with a docked dialog keeps the sentence off it), or free room
        elsewhere (the board when the sentence is too tall for it)."""
        return board

    def hint_spill(self, board: pygame.Rect, area: pygame.Rect, height: int) -> pygame.Rect:
        """Where a sentence `height` tall stands when it is too tall for
        `hint_area`'s `area`: the whole board."""
        return board

    def hint_spots(self) -> list[tuple[float, float]]:
        """The world points of the move the hint suggests, which its
        sentence must not cover (none: the sentence stays at the foot)."""
        return []


class GameScene(Scene):
    # True where every seat's hidden information may be shown (the replay
    # viewer); controllers then draw as if nobody's secrets were private.
    reveal_all = False
    # True in the replay viewer: nobody is to move now, so no one is "thinking".
    replaying = False

    def __init__(self, app: "App", session: Session, controller_cls: type[GameController],
                 bot_factory: Callable[[int, Any], Any] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.camera = Camera(pygame.Rect(0, 0, 1, 1))
        self.anim = AnimationQueue(app.settings.animation_factor)
        self._bot_factory = bot_factory or default_bot_factory(session, app.settings.hard_seconds)
        self._bots: dict[int, Any] = {}
        self._job: BotJob | None = None
        self._hint_job: HintJob | None = None
        self.hint: Hint | None = None  # the hint shown, until a move is made
        self._hint_moves = -1  # the move count the hint was found for
        self._hint_put_away = False  # the player clicked the hint's sentence away (its marks stay)
        self._hint_pressed = False  # a press on the sentence, whose release is the sentence's too
        # the view before and after a dialog hint moved the map clear of its sentence (None: it did not)
        self._hint_view: tuple[tuple[float, tuple[float, float]], tuple[float, tuple[float, float]]] | None = None
        self._since_action = 0.0  # seconds of frames since the last move (or since opening)
        self._fallback_rng = random.Random(session.seed)
        self._banner: tuple[str, tuple[int, int, int], float] | None = None
        self._tooltip: str | None = None
        self._mouse = (0, 0)
        self._hover_dirty = False
        self._press: tuple[int, tuple[int, int]] | None = None
        self._dragging = False
        self._held: set[int] = set()
        self._buttons_down: set[int] = set()  # mouse buttons held (no tooltip meanwhile)
        self._dialogs: dict[Any, Callable[[], None]] = {}
        self._save_dialog: SaveDialog | None = None
        self._last_viewer: int | None = None
        self._seen_log: dict[int, int] = {}  # seat -> log length when that seat last had the screen
        self._results_shown = False
        self.bots_paused = False  # screenshots and bench freeze the computer players
        self._log_entries: list[Any] = []
        self._log_html: list[str] = []
        self._bar_cache: pygame.Surface | None = None
        self._dim: pygame.Surface | None = None
        self._panel_pic = PanelPicture()
        # The scene takes the session's autosave over, to write it off the frame loop.
        self._autosave = AutosaveWriter(session.autosave_path) if session.autosave_path else None
        session.autosave_path = None
        self._layout()
        self.controller = controller_cls(self)
        self._layout()  # the game may divide the window its own way
        self.fit()
        self._human_seats = [i for i, s in enumerate(session.seats) if not s.is_computer]

    # Public API for controllers -----------------------------------------------

    @property
    def state(self) -> Any:
        return self.session.state

    def is_human_turn(self) -> bool:
        seat = self.state.current_player()
        return seat is not None and not self.session.seats[seat].is_computer

    def submit(self, action: Action) -> bool:
        """Apply through the session; show the refusal and return False if illegal."""
        actor = self.state.current_player()
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.show_banner(exc.message)
            return False
        if actor is not None:  # a player saw their own move: it is not news on their next pass screen
            self._seen_log[actor] = len(self.session.log)
        self._since_action = 0.0
        self._hover_dirty = True  # a tooltip describes the state before this move
        self._save_in_background()
        self.controller.animate(events, self.anim)
        self.app.play_sound(sound_for(events))
        return True

    def show_banner(self, text: str, colour: tuple[int, int, int] = theme.BAD,
                    seconds: float = BANNER_SECONDS) -> None:
        self._banner = (text, colour, seconds)

    def confirm(self, text: str, on_yes: Callable[[], None], title: str = "Please confirm",
                yes: str = "Yes") -> None:
        rect = pygame.Rect(0, 0, 480, 240)
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        dialog = UIConfirmationDialog(rect, widgets.escape(text), self.ui, window_title=title,
                                      action_short_name=yes)
        self._dialogs[dialog] = on_yes

    def fit(self) -> None:
        self.camera.fit(self.controller.world_bounds(), self.controller.fit_margin)

    def status_text(self) -> str:
        """The hint beside whose turn it is in the top bar."""
        return self.controller.status_text()

    # Layout ------------------------------------------------------------------

    def _layout(self) -> None:
        """Compute the screen regions and (re)place the shell's own widgets."""
        w, h = self.size
        pw, dock = max(320, min(440, int(w * 0.21))), 0
        if hasattr(self, "controller"):
            pw, dock = self.controller.screen_split((w, h - TOP_BAR_H), pw)
        self.top_rect = pygame.Rect(0, 0, w, TOP_BAR_H)
        self.board_rect = pygame.Rect(0, TOP_BAR_H, w - pw, h - TOP_BAR_H - dock)
        self.dock_rect = pygame.Rect(0, self.board_rect.bottom, w - pw, dock)
        self.panel_rect = pygame.Rect(w - pw, TOP_BAR_H, pw, h - TOP_BAR_H)
        self.camera.set_viewport(self.board_rect)
        self._bar_cache = None
        bw, gap = 92, 8
        x = w - (bw + gap) * 5
        if not hasattr(self, "undo_button"):
            self.hint_button = widgets.button(self.ui, (x, 10, bw, 36), "Hint",
                                              "What would the hard computer player do now? (H)")
            self.undo_button = widgets.button(self.ui, (x, 10, bw, 36), "Undo",
                                              "Take back your last move (Ctrl+Z)")
            self.save_button = widgets.button(self.ui, (x, 10, bw, 36), "Save", "Save this game (Ctrl+S)")
            self.rules_button = widgets.button(self.ui, (x, 10, bw, 36), "Rules", "How to play (F1)")
            self.menu_button = widgets.button(self.ui, (x, 10, bw, 36), "Menu",
                                              "Back to the main menu (Esc); the game is autosaved")
            self.log_box = LogBox(self._log_rect())
        shown = [b for b in self._top_buttons() if b.visible]  # a screen hiding some closes the gaps
        x = w - (bw + gap) * len(shown)
        for i, b in enumerate(shown):
            b.set_relative_position((x + i * (bw + gap), 10))
        self.log_box.set_rect(self._log_rect())

    def _controller_rect(self) -> pygame.Rect:
        p = self.panel_rect
        if hasattr(self, "controller") and self.controller.log_rect(p) is not None:
            return pygame.Rect(p)
        want = self.controller.panel_height(p.height) if hasattr(self, "controller") else p.height // 2
        want = max(0, min(int(want), p.height - LOG_MIN_H - 36))
        return pygame.Rect(p.x, p.y, p.width, want)

    def _log_rect(self) -> pygame.Rect:
        p = self.panel_rect
        placed = self.controller.log_rect(p) if hasattr(self, "controller") else None
        if placed is not None:
            return self._below_hint(placed)
        top = self._controller_rect().bottom + LOG_TITLE_H
        return self._below_hint(pygame.Rect(p.x + 8, top, p.width - 16, p.bottom - top - 8))

    def _below_hint(self, log: pygame.Rect) -> pygame.Rect:
        """The log, starting under a hint's sentence that stands over its
        head (a Russian Railroads sentence too tall for the room under the
        scores spills there): the sentence then hides neither the log's
        title nor its lines, and the log takes its room back after the move."""
        if not hasattr(self, "controller") or (self.hint is None and self._hint_job is None):
            return log
        shown = self._hint_box()
        if shown is None or not shown[1].colliderect(_with_title(log)):
            return log
        top = shown[1].bottom + LOG_TITLE_H
        return pygame.Rect(log.x, top, log.w, log.bottom - top) if log.bottom - top >= LOG_UNDER_HINT_MIN_H else log

    def _blank_log_under(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Hide the game log, title and all, behind a hint's sentence that
        stands over it with too little room under it for the log to move
        there (a Russian Rails sentence over a docked panel's log): the log's
        lines peeking round the sentence would read as clutter, and it comes
        back after the move. (The log's rect as the panel just painted it: the
        panel is drawn before the sentence.)"""
        room = _with_title(self.log_box.rect).inflate(16, 0)
        room.h += 8  # and the panel's margins beside and under it
        if box.colliderect(room):
            inside = pygame.Rect(self.panel_rect.x + 2, self.panel_rect.y, self.panel_rect.w - 2, self.panel_rect.h)
            surface.fill(theme.PANEL, room.clip(inside))  # inside the panel's edge line

    def on_resize(self, size: tuple[int, int]) -> None:
        """Keep the player's view: the same world point stays in the middle and
        the zoom keeps its ratio to the fitted zoom (a fitted board stays fitted)."""
        ratio = self.camera.zoom / self.camera.fit_zoom(self.controller.world_bounds(), self.controller.fit_margin)
        centre = self.camera.center
        super().on_resize(size)
        self._layout()
        self.camera.set_zoom(self.camera.fit_zoom(self.controller.world_bounds(), self.controller.fit_margin) * ratio)
        self.camera.center = centre

    def on_enter(self) -> None:
        self.log_box.set_rect(self._log_rect())
        self._panel_pic.forget()  # back from the settings or the rules: draw everything anew
        if self.app.sound_on():
            self.app.open_mixer()

    def on_exit(self) -> None:
        """Leaving the game: stop any thinking (a hard search, a hint) and write the autosave."""
        for job in (self._job, self._hint_job):
            if job is not None:
                job.cancel()
        self._job = self._hint_job = None
        self.flush_autosave()

    # Events --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_mouse(event)
        if self._save_dialog is not None and self._on_save_dialog(self._save_dialog, event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self._on_button(event.ui_element):
            return True
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            callback = self._dialogs.pop(event.ui_element, None)
            if callback:
                callback()
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE:
            self._dialogs.pop(event.ui_element, None)
        if hasattr(event, "ui_element") and not self._dialogs:
            # A widget's own event (a controller's button pressed, a list picked):
            # the controller hears it first, whatever the widgets make of it.
            return self.controller.handle_event(event) or self.ui.process_events(event)
        if self.ui.process_events(event):
            return True
        if self._dialogs:
            return False
        if self._on_hint_sentence(event):
            return True
        if self.log_box.handle_event(event, self._mouse):
            return True
        if self.controller.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            return self._on_key(event)
        if event.type == pygame.KEYUP:
            self._held.discard(event.key)
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                          pygame.MOUSEWHEEL):
            return self._on_mouse(event)
        return False

    def _on_hint_sentence(self, event: pygame.event.Event) -> bool:
        """A click on the hint's sentence puts the sentence away (the hinted
        move stays drawn or outlined until it is made; H shows the sentence
        again): the map or the log under it shows again, and the click never
        acts on a place the sentence hides."""
        if event.type == pygame.MOUSEBUTTONUP and self._hint_pressed:
            self._hint_pressed = False
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button not in (1, 2, 3) or not self._over_hint(event.pos):
            return False
        self._hint_put_away, self._hint_pressed = True, True
        self._tooltip = None
        return True

    def _over_hint(self, pos: tuple[int, int]) -> bool:
        """Is `pos` on the hint's sentence (shown, not the "Looking for a hint" note)?"""
        shown = self._hint_box() if self.hint is not None else None
        return shown is not None and shown[1].collidepoint(pos)

    def _on_save_dialog(self, dialog: SaveDialog, event: pygame.event.Event) -> bool:
        if dialog.wants_save(event):
            name, folder = dialog.name(), dialog.folder()
            self._close_save_dialog()
            self.save_as(name, folder)
            return True
        if dialog.wants_cancel(event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self._close_save_dialog()
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is dialog:
            self._save_dialog = None
        return False

    def _track_mouse(self, event: pygame.event.Event) -> None:
        """Follow the mouse whoever consumes the event (widgets, a controller's
        drag), so the tooltip is never about a place the mouse has left."""
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        self._mouse = event.pos
        self._hover_dirty = True
        if event.type == pygame.MOUSEMOTION and hasattr(event, "buttons"):
            # a release outside the window is never reported: trust the motion's buttons
            self._buttons_down = {i + 1 for i, held in enumerate(event.buttons[:3]) if held}
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._buttons_down.add(event.button)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._buttons_down.discard(event.button)

    def _on_button(self, element: Any) -> bool:
        if element is self.hint_button:
            self.ask_hint()
        elif element is self.undo_button:
            self.undo()
        elif element is self.save_button:
            self.save()
        elif element is self.rules_button:
            self.show_rules()
        elif element is self.menu_button:
            self.ask_menu()
        else:
            return False
        return True

    def _on_key(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self._held.add(key)
        elif key in (pygame.K_f, pygame.K_HOME) and not ctrl:
            self.fit()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom_at(ZOOM_STEP, self.board_rect.center)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom_at(1 / ZOOM_STEP, self.board_rect.center)
        elif key == pygame.K_SPACE and self.anim.busy:
            self.anim.skip()
        elif key == pygame.K_z and ctrl:
            self.undo()
        elif key == pygame.K_s and ctrl:
            self.save()
        elif key == pygame.K_ESCAPE:
            self.ask_menu()
        elif key == pygame.K_F1:
            self.show_rules()
        elif key == pygame.K_h and not ctrl:
            self.ask_hint()
        elif key == pygame.K_r and self.state.is_terminal():
            self.show_results()
        else:
            return False
        return True

    def _on_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            if self.board_rect.collidepoint(self._mouse):
                self.camera.zoom_at(ZOOM_STEP ** event.y, self._mouse)
                self._hover_dirty = True
                return True
            return False
        pos = event.pos
        if event.type == pygame.MOUSEMOTION:
            return self._on_motion(event)
        if event.button not in (1, 2, 3):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            if self.board_rect.collidepoint(pos):
                self._press = (event.button, pos)
                self._dragging = False
                return True
            if self.panel_rect.collidepoint(pos) or self.dock_rect.collidepoint(pos):
                return self.controller.on_panel_click(pos, event.button)
            return False
        press, self._press = self._press, None
        if press is None or press[0] != event.button:
            return False
        if self._dragging:
            self._dragging = False
            return True
        if self.anim.busy:  # finish the animation, then act: a player's click is never lost
            self.anim.skip()
        if self.board_rect.collidepoint(pos):
            self.controller.on_click(self.camera.screen_to_world(pos), event.button)
        return True

    def _on_motion(self, event: pygame.event.Event) -> bool:
        pos = event.pos
        if self._press is not None:
            start = self._press[1]
            if not self._dragging and (abs(pos[0] - start[0]) + abs(pos[1] - start[1])) > DRAG_THRESHOLD:
                self._dragging = True
                self.camera.pan_screen(pos[0] - start[0], pos[1] - start[1])
            elif self._dragging:
                self.camera.pan_screen(*event.rel)
            self._tooltip = None
            return True
        return False  # the tooltip is asked of the controller once per frame, in update

    # Commands --------------------------------------------------------------------

    def undo(self) -> None:
        reason = self.session.undo_refusal()
        if reason:
            self.show_banner(reason)
            return
        self.session.undo()
        self._hover_dirty = True
        self._save_in_background()
        self.anim.skip()
        self.show_banner("Move taken back.", theme.GOOD)

    def save(self) -> None:
        """Ask for a name, then save (the dialog's Save or Enter)."""
        if self._save_dialog is not None:
            return
        title = self.session.engine.title or self.session.game_id
        self._save_dialog = SaveDialog(self.ui, (self.size[0] // 2, self.size[1] // 2), title,
                                       str(self.app.paths.saves_dir))
        self._dialogs[self._save_dialog] = self._close_save_dialog

    def _close_save_dialog(self) -> None:
        dialog, self._save_dialog = self._save_dialog, None
        if dialog is not None:
            self._dialogs.pop(dialog, None)
            dialog.kill()

    def save_as(self, name: str = "", folder: str = "") -> str | None:
        """Write the game to a new file named `name` in `folder` (the saves
        folder if empty); any failure is a banner, the game goes on."""
        try:
            where = Path(folder).expanduser() if folder else None
            path = self.app.paths.new_save_path(self.session.game_id, name, where)
            self.session.save(path)
        except Exception as exc:  # read-only or full disk, a bad folder, a game that cannot be written
            self.show_banner(f"Could not save the game: {problem_text(exc)}")
            return None
        shown = (save_name(path) or path.name) if path.parent == self.app.paths.saves_dir else str(path)
        self.show_banner(f"Saved as {shown}", theme.GOOD)
        return str(path)

    def _save_in_background(self) -> None:
        if self._autosave is not None:
            self._autosave.submit_session(self.session)

    def holds_unsaved_game(self) -> bool:
        """A game going on without an autosave (its folder could not be written); a replay or a
        finished game loses nothing."""
        return self._autosave is None and not self.replaying and not self.state.is_terminal()

    def flush_autosave(self) -> None:
        """Wait until the latest autosave is on disk."""
        if self._autosave is not None:
            self._autosave.flush()

    def ask_hint(self) -> None:
        """Look for the hard player's move for the human to move, off the frame loop."""
        if self.replaying:
            return  # a replay plays nothing, so it has no move to hint
        if not self.is_human_turn():
            self.show_banner("A hint is for your own turn.", theme.ACCENT)
            return
        if self._hint_moves == len(self.session.actions):
            self._hint_put_away = False  # the hint for this position: its sentence shown again
            return
        if self._hint_job is not None:
            return  # already looking
        self._hint_job = HintJob(self.session)

    def put_hint(self, hint: Hint) -> None:
        """Show `hint` on the board until the next move, and count it."""
        self.hint, self._hint_moves, self._hint_put_away = hint, len(self.session.actions), False
        self.session.count_hint(hint.seat)
        self.controller.show_hint(hint.action)
        shown = self._hint_box()
        if shown is not None and shown[1].colliderect(self.board_rect):  # (a sentence beside the board hides none of it)
            before = (self.camera.zoom, self.camera.center)
            spots = self.controller.hint_spots()
            whole = [] if spots else self._whole_board()
            clear_view(self.camera, self.controller.hint_area(self.board_rect), shown[0].get_size(), spots or whole)
            after = (self.camera.zoom, self.camera.center)
            # the map moved clear of a dialog hint goes back after the move (a view moved to show
            # a hinted place stays: the move is made there)
            self._hint_view = (before, after) if whole and after != before else None

    def _whole_board(self) -> list[tuple[float, float]]:
        """The corners and edge midpoints of the game's map (`map_bounds`)
        while all of it is in view: a hint of no place on it (a dialog's
        button) then keeps the map clear of its sentence too, as the player
        was seeing all of it."""
        bounds = self.controller.map_bounds()
        if bounds is None:
            return []
        x, y, w, h = bounds
        vx, vy, vw, vh = self.camera.visible_world_rect()
        if x < vx or y < vy or x + w > vx + vw or y + h > vy + vh:
            return []
        return [(x + i * w / 2, y + j * h) for i in range(3) for j in range(2)]

    def _drop_hint_view(self) -> None:
        """Back to the view the player had before a dialog hint moved the map, unless they moved it since."""
        if self._hint_view is not None and (self.camera.zoom, self.camera.center) == self._hint_view[1]:
            self.camera.zoom, self.camera.center = self._hint_view[0]
        self._hint_view = None

    def _check_hint(self) -> None:
        """Show a hint that is ready (and count it); drop one the game has moved past."""
        moves = len(self.session.actions)
        job = self._hint_job
        if job is not None and not job.thread.is_alive():
            self._hint_job = None
            if job.action_count == moves and job.result is not None:
                self.put_hint(job.result)
            elif job.error:
                self.show_banner(f"No hint this time ({job.error}).")
        if self.hint is not None and self._hint_moves != moves:
            self.hint, self._hint_moves = None, -1
            self.controller.show_hint(None)
            self._drop_hint_view()
        if job is not None and job.action_count != moves:
            job.cancel()

    def show_rules(self) -> None:
        self.app.push(RulesScene(self.app, self.session.game_id))

    def ask_menu(self) -> None:
        self.confirm("Leave this game for the main menu? It is autosaved: Continue brings you back.",
                     self.app.back_to_menu, title="Leave game", yes="Leave")

    # Frame -------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.ui.update(dt)
        self.anim.speed = self.app.settings.animation_factor
        self.anim.update(dt)
        self._since_action += dt
        if self._job is not None:
            self._job.age += dt
        self._pan_held_keys(dt)
        if self._banner:
            text, colour, left = self._banner
            self._banner = (text, colour, left - dt) if left - dt > 0 else None
        if self._autosave is not None and self._autosave.error:
            self.show_banner(self._autosave.error)
            self._autosave.error = None
        self.controller.update(dt)
        self._update_hover()  # after the controller refreshed its caches for this frame
        self.log_box.set_rect(self._log_rect())  # follows the controller's panel_height
        self.log_box.sync(self._log_lines())
        self._check_pass_screen()
        self._run_bots()
        self._check_hint()
        self._check_game_over()

    def _update_hover(self) -> None:
        if not self._hover_dirty:
            return
        self._hover_dirty = False
        if self._over_hint(self._mouse):
            self._tooltip = HINT_TIP
        elif self.board_rect.collidepoint(self._mouse) and self._press is None and not self._buttons_down:
            self._tooltip = self.controller.on_hover(self.camera.screen_to_world(self._mouse))
        else:
            self._tooltip = None

    def _pan_held_keys(self, dt: float) -> None:
        step = KEY_PAN_SPEED * dt
        dx = (pygame.K_LEFT in self._held) - (pygame.K_RIGHT in self._held)
        dy = (pygame.K_UP in self._held) - (pygame.K_DOWN in self._held)
        if dx or dy:
            self.camera.pan_screen(dx * step, dy * step)

    def _log_lines(self) -> list[str]:
        """The log as HTML lines; only entries added since the last frame are
        converted (after an undo the tail is rebuilt)."""
        log = self.session.log
        done = self._log_entries
        if len(done) > len(log) or (done and log[len(done) - 1] is not done[-1]):
            keep = 0
            while keep < min(len(done), len(log)) and log[keep] is done[keep]:
                keep += 1
            del done[keep:]
            del self._log_html[keep:]
        for entry in log[len(done):]:
            done.append(entry)
            self._log_html.append(self._entry_html(entry))
        return self._log_html

    def _entry_html(self, entry: Any) -> str:
        """A log line with every name it mentions (seats, and whatever the
        controller adds, such as railroad companies) in that name's colour.
        Engines write the actor into each line, so nothing is prefixed: lines
        about nobody ("Round 3 ends.") stay as they are."""
        colours = {s.name: theme.seat_rgb(s) for s in self.session.seats if s.name}
        colours.update(self.controller.log_names())
        html = widgets.escape(entry.text)
        names = sorted((n for n in colours if n and n in entry.text), key=len, reverse=True)
        if not names:
            return html
        by_html = {widgets.escape(n): colours[n] for n in names}
        pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in by_html) + r")(?!\w)")
        return pattern.sub(lambda m: self._name_html(m.group(0), by_html[m.group(0)]), html)

    @staticmethod
    def _name_html(escaped_name: str, colour: tuple[int, int, int]) -> str:
        return f"<font color='{widgets.hex_colour(theme.on_dark(colour))}'><b>{escaped_name}</b></font>"

    def _check_pass_screen(self) -> None:
        """Hide the screen before a different human looks at it (once the last
        move has finished animating), telling them what happened meanwhile."""
        state = self.state
        seat = state.current_player()
        if seat is None or self.session.seats[seat].is_computer:
            return
        private = (self.session.engine.has_hidden_information and len(self._human_seats) >= 2
                   and state.hidden_from(seat))
        if seat != self._last_viewer and private:
            if self.anim.busy:
                return
            start = self._seen_log.get(seat, len(self.session.log))
            away = [entry.text for entry in self.session.log[start:]]
            self.app.push(PassScene(self.app, self.session.seats[seat].name, state.hidden_text(), away))
        self._last_viewer = seat
        self._seen_log[seat] = len(self.session.log)

    def _bot_for(self, seat: int) -> Any:
        if seat not in self._bots:
            self._bots[seat] = self._bot_factory(seat, self.session.seats[seat])
        return self._bots[seat]

    def _run_bots(self) -> None:
        state = self.state
        seat = state.current_player()
        job = self._job
        if job is not None:
            if job.thread.is_alive() and job.age < BOT_TIMEOUT:
                return
            if job.thread.is_alive():
                job.error = f"no move after {BOT_TIMEOUT:.0f} seconds"
            self._job = None
            if job.action_count == len(self.session.actions):
                self._apply_bot_result(job)
            return
        if (seat is None or not self.session.seats[seat].is_computer or self._dialogs
                or self.bots_paused):
            return
        factor = self.app.settings.animation_factor
        pause = BOT_MIN_SECONDS / factor if factor > 0 else BOT_MIN_SECONDS / 4
        if self.anim.busy or self._since_action < pause:
            return
        self._start_bot(seat)

    def _start_bot(self, seat: int) -> None:
        self._job = BotJob(lambda: self._bot_for(seat), self.state.clone(), len(self.session.actions),
                           f"bot-{seat}")

    def _apply_bot_result(self, job: BotJob) -> None:
        if job.result is not None and self.submit(job.result):
            return
        legal = self.state.legal_actions()
        if legal:
            self.show_banner(f"The computer player stumbled ({job.error or 'illegal move'}); "
                             "it makes a random legal move instead.")
            self.submit(self._fallback_rng.choice(legal))

    def _check_game_over(self) -> None:
        if self._results_shown or not self.state.is_terminal() or self.anim.busy:
            return
        self._results_shown = True
        self.show_results()

    def show_results(self) -> None:
        from ui.scenes.results import ResultsScene  # with the records, only once a game ends

        self.app.push(ResultsScene(self.app, self.session, self.controller))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.controller.covers_board:
            surface.fill(theme.BG_DEEP, self.board_rect)
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        self.controller.draw_world(surface, self.camera)
        self.anim.draw(surface, self.camera)
        surface.set_clip(clip)
        self._panel_pic.draw(surface, (self.panel_rect, self.dock_rect), self._panel_key, self._paint_panel)
        self._draw_top_bar(surface)
        hint = self._hint_box()
        self._draw_banner(surface, hint[1] if hint is not None else None)
        if hint is not None:
            self._blank_log_under(surface, hint[1])
            surface.blit(*hint)
        if self._dialogs:  # a dialog (Save, a confirmation) stays above the game's own overlays
            self.controller.overlay(surface)
            surface.blit(self._dimmer(), (0, 0))
            self.ui.draw_ui(surface)
        else:
            self.ui.draw_ui(surface)
            self.controller.overlay(surface)
        self._draw_tooltip(surface)  # last: nothing may cover the words under the mouse

    def _dimmer(self) -> pygame.Surface:
        """A translucent veil behind confirm dialogs (made once per window size)."""
        if self._dim is None or self._dim.get_size() != self.size:
            self._dim = pygame.Surface(self.size, pygame.SRCALPHA)
            self._dim.fill((10, 8, 6, 150))
        return self._dim

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        if self._bar_cache is None or self._bar_cache.get_size() != self.top_rect.size:
            bar = widgets.vertical_gradient(self.top_rect.size, (64, 52, 40), (40, 34, 28))
            pygame.draw.line(bar, theme.PANEL_EDGE, (0, bar.get_height() - 1),
                             (bar.get_width(), bar.get_height() - 1))
            theme.draw_text(bar, self.session.engine.title or self.session.game_id, (16, 28), 22,
                            theme.ACCENT, bold=True, anchor="midleft")
            self._bar_cache = bar
        surface.blit(self._bar_cache, self.top_rect)
        title_w = theme.font(22, True).size(self.session.engine.title or self.session.game_id)[0]
        x = 16 + title_w + 28
        right = min(int(b.relative_rect.left) for b in self._top_buttons() if b.visible) - 16
        seat = self.state.current_player()
        if seat is not None:
            s = self.session.seats[seat]
            pygame.draw.circle(surface, theme.seat_rgb(s), (x + 8, 28), 8)
            x += 24
            who = f"{s.name}'s turn" + (" — thinking…" if self._job is not None else "")
            r = theme.draw_text(surface, who, (x, 28), 18, theme.TEXT, True, "midleft", right - x)
            x = r.right + 16
            if self._job is not None:
                self._draw_spinner(surface, (x + 8, 28))
                x += 28
        else:
            r = theme.draw_text(surface, "Game over", (x, 28), 18, theme.TEXT, True, "midleft")
            theme.draw_text(surface, "R shows the results again", (r.right + 16, 28), 16, theme.TEXT_DIM,
                            anchor="midleft", max_width=max(0, right - r.right - 16))
            return
        status = self.status_text()
        if status and right - x > 40:
            draw_status(surface, status, x, right - x)

    def _top_buttons(self) -> tuple[Any, ...]:
        return (self.hint_button, self.undo_button, self.save_button, self.rules_button, self.menu_button)

    def _draw_spinner(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        phase = time.monotonic() * 6
        for i in range(8):
            lit = (int(phase) - i) % 8
            c = tuple(int(v * (1 - lit / 10)) for v in theme.ACCENT)
            ang = i * 3.14159 / 4
            p = (centre[0] + int(7 * pygame.math.Vector2(1, 0).rotate_rad(ang).x),
                 centre[1] + int(7 * pygame.math.Vector2(1, 0).rotate_rad(ang).y))
            pygame.draw.circle(surface, c, p, 2)

    def _panel_key(self) -> object:
        game = self.controller.panel_key()
        if game is None:
            return None
        return (game, self.log_box.key(), tuple(self.panel_rect), tuple(self.dock_rect))

    def _paint_panel(self, surface: pygame.Surface) -> None:
        """The side panel, the dock under the board and the game log."""
        log = self._log_rect()
        self._draw_panel(surface)
        if self._log_rect() != log:  # a column grew to its content while painting: paint it as it now stands
            self._draw_panel(surface)
        if self.dock_rect.height:
            clip = surface.get_clip()
            surface.fill(theme.PANEL, self.dock_rect)
            surface.set_clip(self.dock_rect)
            self.controller.draw_dock(surface, self.dock_rect)
            surface.set_clip(clip)
        self.log_box.set_rect(self._log_rect())  # where the panel's layout has it now (a column may have grown)
        self.log_box.draw(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        p = self.panel_rect
        for part in widgets.around(p, self._log_rect()):  # the log box paints its own rect
            widgets.fill_rect(surface, theme.PANEL, part)
        pygame.draw.line(surface, theme.PANEL_EDGE, p.topleft, p.bottomleft, 2)
        crect = self._controller_rect()
        clip = surface.get_clip()
        surface.set_clip(crect)
        self.controller.draw_panel(surface, crect)
        surface.set_clip(clip)
        log = self._log_rect()
        pygame.draw.line(surface, theme.PANEL_EDGE, (log.left, log.top - 28), (log.right, log.top - 28))
        theme.draw_text(surface, "Game log", (log.left + 4, log.top - 14), 15, theme.TEXT_DIM, True, "midleft")

    def _draw_banner(self, surface: pygame.Surface, hint: pygame.Rect | None) -> None:
        """The refusal/info banner at the top of the board, below the hint when that stands there."""
        if not self._banner:
            return
        text, colour, left = self._banner
        box = widgets.banner_surface(text, colour, self.board_rect.width - 60)
        box.set_alpha(255 if left > 0.5 else int(255 * left / 0.5))
        top = self.board_rect.top + 14
        if hint is not None and hint.top < self.board_rect.centery:
            top = hint.bottom + 8
        surface.blit(box, box.get_rect(midtop=(self.board_rect.centerx, top)))

    def _hint_box(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The hint's sentence (or that one is being looked for) and where
        it stands: at the foot of the board, or where it hides no part of the
        hinted move."""
        if self.hint is not None:
            if self._hint_put_away:
                return None
            text = f"Hint: {self.hint.text}"
        elif self._hint_job is not None:
            text = "Looking for a hint…"
        else:
            return None
        area = self.controller.hint_area(self.board_rect)
        box, fits = self._hint_banner(text, area)
        if not fits:  # a strip too short or too narrow for this sentence: the controller's second place
            area = self.controller.hint_spill(self.board_rect, area, box.get_height())
            box, fits = self._hint_banner(text, area)
            if not fits:  # nor there: the board, which takes any sentence
                area = self.board_rect
                box, _ = self._hint_banner(text, area)
        box.set_alpha(255)
        spots = [self.camera.world_to_screen(p) for p in self.controller.hint_spots()] if self.hint else []
        return box, place_hint(area, box.get_size(), spots)

    def _hint_banner(self, text: str, area: pygame.Rect) -> tuple[pygame.Surface, bool]:
        """The sentence's banner for `area`, and whether it fits there: whole
        (at most HINT_LINES lines) and with room above and below. The board
        takes any sentence: it is the last place, and the widest."""
        width = area.width - 2 * HINT_SIDE
        box = widgets.banner_surface(text, theme.GOOD, width, HINT_LINES)
        if area == self.board_rect:
            return box, True
        return box, box.get_height() + HINT_GAP <= area.height and not widgets.banner_cut(text, width, HINT_LINES)

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        held = self._press is not None or self._buttons_down
        if not self._tooltip or held or self._dialogs or self.ui.get_hovering_any_element():
            return
        tip = widgets.tooltip_surface(self._tooltip)
        rect = tip.get_rect(topleft=(self._mouse[0] + 18, self._mouse[1] + 18))
        shown = self._hint_box() if self._tooltip == HINT_TIP else None
        if shown is not None:  # above the sentence (below one at the top): never over the words it is about
            rect.bottom = shown[1].top - 4
            if rect.top < self.top_rect.bottom:
                rect.top = shown[1].bottom + 4
        rect.clamp_ip(surface.get_rect())
        surface.blit(tip, rect)


def _with_title(log: pygame.Rect) -> pygame.Rect:
    """The game log's box with the "Game log" title above it."""
    return pygame.Rect(log.x, log.y - LOG_TITLE_H, log.w, log.h + LOG_TITLE_H)
