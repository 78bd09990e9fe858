"""The replay viewer: a finished or saved game shown move by move, read-only.

It is the game screen itself (every game's own board, panels and log) over a
second Session whose state is the game after its first k actions. Nothing can
be played: submit refuses, board clicks are ignored, the computer players and
the pass screen stay off, and every seat's hidden information is shown.
States are cached every CACHE_EVERY moves so stepping back replays a short
stretch only.
"""
from __future__ import annotations

import bisect
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.windows import UIMessageWindow

from game import registry
from game.core.actions import Action
from game.core.errors import SaveError
from game.core.session import Session
from ui import theme, widgets
from ui.game_scene import GameController, GameScene
from ui.scenes.launch import show_error

if TYPE_CHECKING:
    from ui.app import App

CACHE_EVERY = 25  # moves between cached states: stepping back replays at most this many
JUMP_WITHOUT_ROUNDS = 10  # moves a round jump skips in games that do not count rounds
BAR_H = 36  # the step bar below the board: thin, so a table fitted above it keeps 11 px labels
BAR_BUTTON_H = 30  # BAR_H less 3 px above and below
TEXT_W = 380  # room for "Replay: move 1234 of 1234 · round 12" between the buttons
BAR_BUTTON_W = 112  # "« Round"; a narrower board gets arrow buttons of ARROW_BUTTON_W
ARROW_BUTTON_W = 44
BANNER_MIN = 13  # the move counter shrinks to this size before it is cut


class Timeline:
    """A game's states by move number, rebuilt from its seed and actions."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.actions: list[Action] = list(session.actions)
        state = session.engine.new_game(session.options, session.seed, session.seats)
        self._cache: dict[int, Any] = {0: state.clone()}
        self.rounds: list[int | None] = [_round(state)]
        for k, action in enumerate(self.actions, start=1):
            state.apply(action)
            self.rounds.append(_round(state))
            if k % CACHE_EVERY == 0:
                self._cache[k] = state.clone()
        self.has_rounds = any(r is not None for r in self.rounds)
        # where each move's log lines end: the log up to move k is log[:log_end[k]]
        indices = [entry.action_index for entry in session.log]
        self.log_end = [bisect.bisect_left(indices, k) for k in range(len(self.actions) + 1)]

    @property
    def moves(self) -> int:
        return len(self.actions)

    def state_at(self, k: int, current: Any = None, current_k: int = -1) -> Any:
        """The state after the first k actions (a fresh object); `current`
        (the state at `current_k`) is advanced in place when that is shorter."""
        base = k - k % CACHE_EVERY
        if current is not None and base <= current_k <= k:
            state, start = current, current_k
        else:
            state, start = self._cache[base].clone(), base
        for action in self.actions[start:k]:
            state.apply(action)
        return state

    def next_round_start(self, k: int) -> int:
        if not self.has_rounds:
            return min(self.moves, k + JUMP_WITHOUT_ROUNDS)
        here = self.rounds[k]
        return next((j for j in range(k + 1, self.moves + 1) if self.rounds[j] != here), self.moves)

    def round_start(self, k: int) -> int:
        """The first move of k's round, or of the round before if k is already there."""
        if not self.has_rounds:
            return max(0, k - JUMP_WITHOUT_ROUNDS)
        j = k
        if j > 0 and self.rounds[j - 1] != self.rounds[j]:
            j -= 1
        while j > 0 and self.rounds[j - 1] == self.rounds[j]:
            j -= 1
        return j


def _round(state: Any) -> int | None:
    number = getattr(state, "round", None)
    return number if isinstance(number, int) else None


class ReplayScene(GameScene):
    reveal_all = True
    replaying = True

    def __init__(self, app: "App", session: Session, controller_cls: type[GameController],
                 start: int = 0) -> None:
        self.timeline = Timeline(session)
        view = Session(session.game_id, session.options, session.seed, session.seats, engine=session.engine)
        self._full_log = list(session.log)
        self.move = max(0, min(start, self.timeline.moves))
        self._place(view, self.timeline.state_at(self.move))
        super().__init__(app, view, controller_cls)
        self.bots_paused = True
        self.hint_button.hide()  # nothing is played in a replay, so there is no move to hint
        self.undo_button.hide()
        self.save_button.hide()
        self._layout()  # the top buttons close up over the hidden ones
        self._build_bar()

    # The position shown ---------------------------------------------------

    def _place(self, view: Session, state: Any) -> None:
        k = self.move
        view.state = state
        view.actions = self.timeline.actions[:k]
        view.actors = list(self.timeline.session.actors[:k])
        view.log = self._full_log[:self.timeline.log_end[k]]

    def go_to(self, k: int) -> None:
        k = max(0, min(k, self.timeline.moves))
        if k == self.move:
            return
        state = self.timeline.state_at(k, self.session.state, self.move)
        self.move = k
        self._place(self.session, state)
        self.anim.skip()
        self._hover_dirty = True

    @property
    def banner_text(self) -> str:
        text = f"Replay: move {self.move} of {self.timeline.moves}"
        number = self.timeline.rounds[self.move]
        return text + (f" · round {number}" if number is not None else "")

    # Read-only: nothing is ever played here ------------------------------

    def submit(self, action: Action) -> bool:
        self.show_banner("This is a replay: moves cannot be made here.", theme.ACCENT)
        return False

    def is_human_turn(self) -> bool:
        return False

    def undo(self) -> None:
        self.show_banner("This is a replay: use ◀ and ▶ to step through it.", theme.ACCENT)

    def save(self) -> None:
        self.show_banner("This is a replay: the game itself is saved already.", theme.ACCENT)

    def status_text(self) -> str:
        return "←/→ one move · PgUp/PgDn one round"

    def ask_menu(self) -> None:
        self.app.pop()

    def _check_pass_screen(self) -> None:
        """Everything is shown in a replay, so no one is asked to look away."""

    def _run_bots(self) -> None:
        """The computer players' moves are already in the game being replayed."""

    def _check_game_over(self) -> None:
        """Reaching the last move shows the final board, not the results again."""

    # Controls -----------------------------------------------------------------

    def _bar_rect(self) -> pygame.Rect:
        b = self.board_rect
        return pygame.Rect(b.x, b.bottom, b.width, BAR_H)

    def _build_bar(self) -> None:
        """Four step buttons around the move counter; a board too narrow for
        worded buttons gets arrow buttons (their tooltips say what they do)
        and the counter takes the room left."""
        bar = self._bar_rect()
        gap, h = 8, BAR_BUTTON_H
        wide = bar.width >= 4 * BAR_BUTTON_W + TEXT_W + 6 * gap
        bw = BAR_BUTTON_W if wide else ARROW_BUTTON_W
        labels = ("« Round", "‹ Back", "Next ›", "Round »") if wide else ("«", "‹", "›", "»")
        self.text_w = min(TEXT_W, bar.width - 4 * bw - 6 * gap)
        y = bar.y + (BAR_H - h) // 2
        half = self.text_w // 2 + gap
        left = bar.centerx - half - 2 * bw - gap
        right = bar.centerx + half
        self.round_back = widgets.button(self.ui, (left, y, bw, h), labels[0], "Back one round (Page Up)")
        self.step_back = widgets.button(self.ui, (left + bw + gap, y, bw, h), labels[1], "Back one move (←)")
        self.step_next = widgets.button(self.ui, (right, y, bw, h), labels[2], "Forward one move (→)")
        self.round_next = widgets.button(self.ui, (right + bw + gap, y, bw, h), labels[3],
                                         "Forward one round (Page Down)")
        self.menu_button.set_text("Close")
        self.menu_button.set_tooltip("Leave the replay (Esc)")

    def _layout(self) -> None:
        """The game's own layout with the step bar below the board."""
        super()._layout()
        self.board_rect.height -= BAR_H
        self.camera.set_viewport(self.board_rect)
        if hasattr(self, "round_back"):
            for b in (self.round_back, self.step_back, self.step_next, self.round_next):
                b.kill()
            self._build_bar()

    def _jumps(self) -> dict[Any, int]:
        t, k = self.timeline, self.move
        return {self.round_back: t.round_start(k), self.step_back: k - 1,
                self.step_next: k + 1, self.round_next: t.next_round_start(k)}

    def _on_button(self, element: Any) -> bool:
        target = self._jumps().get(element)
        if target is not None:
            self.go_to(target)
            return True
        return super()._on_button(element)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and not self._dialogs:
            t, k = self.timeline, self.move
            keys = {pygame.K_LEFT: k - 1, pygame.K_RIGHT: k + 1, pygame.K_PAGEUP: t.round_start(k),
                    pygame.K_PAGEDOWN: t.next_round_start(k), pygame.K_HOME: 0, pygame.K_END: t.moves}
            if event.key in keys:
                self.go_to(keys[event.key])
                return True
        if (event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3) and not self._dragging
                and self._press is not None and self.board_rect.collidepoint(event.pos)):
            self._press = None  # a click on the board: nothing to play in a replay
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        for button, target in self._jumps().items():
            if 0 <= target <= self.timeline.moves and target != self.move:
                button.enable()
            else:
                button.disable()

    def draw(self, surface: pygame.Surface) -> None:
        bar = self._bar_rect()
        surface.fill(theme.PANEL, bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
        text = self.banner_text
        size = next((px for px in range(18, BANNER_MIN - 1, -1)
                     if theme.font(px, True).size(text)[0] <= self.text_w), BANNER_MIN)
        theme.draw_text(surface, text, bar.center, size, theme.ACCENT, True, "center", self.text_w)
        super().draw(surface)


def open_replay(app: "App", ui: pygame_gui.UIManager, path: Path) -> UIMessageWindow | None:
    """Show the save at `path` in the replay viewer (above the current
    screen); on any problem return the window that explains it. The save is
    only read: a replay writes no autosave."""
    from ui.games import controller_for

    try:
        session = Session.load(path, trust_edited=True)
        app.push(ReplayScene(app, session, controller_for(session.game_id)))
    except SaveError as exc:
        return show_error(ui, str(exc), "This save cannot be replayed")
    except (ImportError, registry.UnknownGame) as exc:
        return show_error(ui, f"This game cannot be shown yet: {exc}", "Coming soon")
    return None
