"""A game being played: options, seed, seats, the action log and the human
log, undo, save/load and replay.

The action log is the source of truth: the state is always what replaying the
log from ``new_game(options, seed, seats)`` gives. Saves hold the log, not the
state, so a save is small, readable, and re-checked by the rules on load.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from game import registry
from game.core.actions import Action, action_from_dict
from game.core.atomic import write_text_atomic
from game.core.engine import GameState, Seat
from game.core.errors import ActionFormatError, IllegalAction, MapError, SaveError
from game.core.events import Event
from game.core.save_checks import APP_TAG, FORMAT_VERSION, SaveHeader, check_save
from game.core.savefile import MAX_SAVE_BYTES, dump_save, parse_save_text, read_save_text, save_digest


@dataclass(frozen=True)
class LogEntry:
    """One line of the human-readable game log, linked to the action (its index
    in the action log) that produced it; -1 for setup lines."""

    action_index: int
    seat: int | None
    text: str


class Session:
    def __init__(self, game_id: str, options: dict[str, Any], seed: int, seats: Sequence[Seat],
                 engine: type[GameState] | None = None, autosave_path: str | None = None) -> None:
        self.game_id = game_id
        self.options = dict(options)
        self.seed = int(seed)
        self.seats = list(seats)
        self.engine = engine or registry.engine(game_id)
        self.autosave_path = autosave_path
        self.state: GameState
        self.state, setup_events = self.engine.new_game_with_events(self.options, self.seed, self.seats)
        self.actions: list[Action] = []
        self.hints = [0] * len(self.seats)  # hints each seat asked for (shown on the results screen, saved)
        self.actors: list[int | None] = []
        self.log: list[LogEntry] = [LogEntry(-1, None, f"New game of {self.engine.title or game_id}, seed {self.seed}.")]
        self.log += [LogEntry(-1, None, ev.text()) for ev in setup_events if ev.text()]
        # Actions before index `barrier` can never be undone; `_checkpoint` is
        # the state right after them, so undo replays only the short tail.
        self.barrier = 0
        self._checkpoint: GameState = self.state.clone()
        self._checkpoint_log = len(self.log)

    # Playing ---------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply through the rules; IllegalAction leaves everything unchanged."""
        actor = self.state.current_player()
        draws = self.state_rng_draws()
        try:
            events = self.state.apply(action)
        except IllegalAction:
            self._restore_if_changed()
            raise
        except Exception as exc:  # an engine bug must not lose the game
            self._rebuild()
            raise IllegalAction("internal", f"The game could not apply that move ({_brief(exc)}).") from exc
        index = len(self.actions)
        self.actions.append(action)
        self.actors.append(actor)
        for ev in events:
            text = ev.text()
            if text:
                self.log.append(LogEntry(index, actor, text))
        if self.state_rng_draws() != draws or any(ev.reveals_hidden for ev in events):
            self.barrier = len(self.actions)
            self._checkpoint = self.state.clone()
            self._checkpoint_log = len(self.log)
        self.autosave()
        return events

    def state_rng_draws(self) -> int:
        rng = getattr(self.state, "rng", None)
        return rng.draws if rng is not None else 0

    def undo_refusal(self) -> str | None:
        """Why the last action cannot be undone, or None if it can."""
        if not self.actions:
            return "There is nothing to undo."
        if len(self.actions) <= self.barrier:
            return "That move revealed something hidden or drew at random, so it cannot be undone."
        if self.actors[-1] != self.state.current_player():
            return "Only moves made in the current turn can be undone."
        return None

    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def undo(self) -> None:
        reason = self.undo_refusal()
        if reason:
            raise IllegalAction("undo", reason)
        self.actions.pop()
        self.actors.pop()
        self._rebuild()
        self.autosave()

    def _rebuild(self) -> None:
        """Replay the undoable tail onto the checkpoint (and re-make its log)."""
        state = self._checkpoint.clone()
        del self.log[self._checkpoint_log:]
        for index in range(self.barrier, len(self.actions)):
            actor = state.current_player()
            for ev in state.apply(self.actions[index]):
                if ev.text():
                    self.log.append(LogEntry(index, actor, ev.text()))
        self.state = state

    def _restore_if_changed(self) -> None:
        """Safety net: an engine that raised IllegalAction after mutating is put back."""
        expected = self._checkpoint.clone()
        for a in self.actions[self.barrier:]:
            expected.apply(a)
        if expected.to_dict() != self.state.to_dict():
            self.state = expected

    def count_hint(self, seat: int) -> None:
        """A hint was shown to `seat`; the count is saved with the game."""
        self.hints[seat] += 1
        self.autosave()

    # Saving ----------------------------------------------------------------

    def to_save_dict(self) -> dict[str, Any]:
        """The save: a header (with the move count, a checksum, and where the
        game stands for the Load screen), then the moves."""
        data: dict[str, Any] = {
            "format_version": FORMAT_VERSION,
            "app": APP_TAG,
            "game": self.game_id,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": [s.to_dict() for s in self.seats],
            "undo_barrier": self.barrier,
            "moves": len(self.actions),
            "digest": "",
            "round": _round_of(self.state),
            "finished": self.state.is_terminal(),
            "hints": list(self.hints),
            "actions": [a.to_dict() for a in self.actions],
        }
        data["digest"] = save_digest(data)
        return data

    def save(self, path: str | os.PathLike[str]) -> None:
        write_text_atomic(path, dump_save(self.to_save_dict()))

    def autosave(self) -> None:
        if self.autosave_path:
            self.save(self.autosave_path)

    @classmethod
    def load(cls, path: str | os.PathLike[str], autosave_path: str | None = None,
             engine_for: Callable[[str], type[GameState]] | None = None,
             trust_edited: bool = False, expect_game: str | None = None) -> "Session":
        """Load and replay a save; any problem raises SaveError with a sentence
        (EditedSaveError for a save cut short or edited, loaded anyway when
        `trust_edited`; a save of another game than `expect_game` is refused)."""
        name = os.fspath(path)
        with _load_boundary(name):
            text = read_save_text(path)
            return cls.from_save_text(text, autosave_path, engine_for, name, trust_edited, expect_game)

    @classmethod
    def from_save_text(cls, text: str, autosave_path: str | None = None,
                       engine_for: Callable[[str], type[GameState]] | None = None,
                       name: str = "the save", trust_edited: bool = False,
                       expect_game: str | None = None) -> "Session":
        with _load_boundary(name):
            if len(text) > MAX_SAVE_BYTES:
                raise SaveError(f"{name} is not a Railtable save: it is larger than {MAX_SAVE_BYTES // 1024} KB.")
            data = parse_save_text(text, name)
            return cls.from_save_dict(data, autosave_path, engine_for, name, trust_edited, expect_game)

    @classmethod
    def from_save_dict(cls, data: Any, autosave_path: str | None = None,
                       engine_for: Callable[[str], type[GameState]] | None = None,
                       name: str = "the save", trust_edited: bool = False,
                       expect_game: str | None = None) -> "Session":
        with _load_boundary(name):
            header = check_save(data, engine_for or registry.engine, name, trust_edited, expect_game)
            session = cls._replayed(header, name)
        session.hints = list(header.hints)
        session.autosave_path = autosave_path
        return session

    @classmethod
    def _replayed(cls, header: SaveHeader, name: str) -> "Session":
        try:
            session = cls(header.game, header.options, header.seed, header.seats, engine=header.engine)
        except MapError as exc:
            raise SaveError(f"{name} cannot be opened: the game's map or cards could not be read "
                            f"({_brief(exc)}).") from exc
        except Exception as exc:
            raise SaveError(f"{name} has setup options the game refuses: {_brief(exc)}") from exc
        for number, raw in enumerate(header.actions, start=1):
            try:
                session.apply(action_from_dict(raw))
            except ActionFormatError as exc:
                raise SaveError(f"{name} is damaged at move {number}: {_brief(exc)}.") from exc
            except IllegalAction as exc:
                raise SaveError(f"{name} has an illegal move at move {number}: {_brief(exc.message)}") from exc
            except Exception as exc:
                raise SaveError(f"{name} could not be replayed at move {number}: {_brief(exc)}") from exc
        if header.undo_barrier > session.barrier:
            session.barrier = len(session.actions)
            session._checkpoint = session.state.clone()
            session._checkpoint_log = len(session.log)
        return session

    def replay(self) -> "Session":
        """A new session built from this one's seed and actions (must be equal)."""
        return Session.from_save_dict(self.to_save_dict(), engine_for=lambda _gid: self.engine)



@contextmanager
def _load_boundary(name: str) -> Iterator[None]:
    """The one boundary where a file becomes a game: whatever goes wrong
    inside (an engine exception during the replay, memory, recursion in a
    game's code) leaves as a SaveError with a sentence, never a crash."""
    try:
        yield
    except SaveError:
        raise
    except Exception as exc:
        raise SaveError(f"{name} could not be loaded: {_brief(exc)}") from exc


def _round_of(state: GameState) -> int | None:
    """The round the game is in, for the Load screen (games that count rounds)."""
    number = getattr(state, "round", None)
    return number if isinstance(number, int) else None


def _brief(problem: object, limit: int = 200) -> str:
    """A problem's description cut to a readable length (an exception about a
    huge value must not become a huge message)."""
    text = str(problem) or type(problem).__name__
    return text if len(text) <= limit else text[:limit] + "…"
