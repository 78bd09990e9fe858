"""Keeping computer players out of loops: a bot remembers the states it has
been in during its current turn and never brings the game back to one of
them (picking a load up and dropping it again forever would stall the game).
A turn here is a run of the bot's own decisions with nobody else acting in
between, so this works for every engine without knowing its turn structure."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from game.core.actions import Action
from game.core.errors import IllegalAction


def fingerprint(state: Any) -> str:
    """The whole game state as text (the same state gives the same text)."""
    return repr(state.to_dict())


class TurnMemory:
    """The states seen during the bot's current turn."""

    def __init__(self) -> None:
        self._seen: set[str] = set()
        self._expected: str | None = None  # the state the bot's last action led to
        self._seat: Any = None  # whose turn it was

    def guard(self, state: Any, action: Action, alternatives: Callable[[], Iterable[Action]],
              after: Any | None = None) -> Action:
        """`action`, unless it leads back to a state already seen this turn;
        then the first of `alternatives` (put the one ending the turn first)
        that leads somewhere new. `after` is the state after `action` when
        the caller already has it."""
        before = fingerprint(state)
        if before != self._expected or state.current_player() != self._seat:
            self._seen = set()  # someone else moved (or the game began): a new turn
            self._seat = state.current_player()
        self._seen.add(before)
        landed = _landing(state, action, after)
        if landed is None or landed in self._seen:
            for other in alternatives():
                elsewhere = _landing(state, other, None)
                if elsewhere is not None and elsewhere not in self._seen:
                    action, landed = other, elsewhere
                    break
        self._expected = landed
        if landed is not None:
            self._seen.add(landed)
        return action


def _landing(state: Any, action: Action, after: Any | None) -> str | None:
    """The state `action` leads to, or None when the rules refuse it."""
    if after is None:
        after = state.clone()
        try:
            after.apply(action)
        except IllegalAction:
            return None
    return fingerprint(after)
