"""Events: what happened, returned by ``apply`` for the UI to animate and the
game log to describe. Never stored in the game state."""
from __future__ import annotations

import dataclasses
from typing import ClassVar


@dataclasses.dataclass(frozen=True)
class Event:
    """Base of every event.

    `reveals_hidden` marks events that show a player something that was
    hidden (a card drawn, a die rolled): undo may not cross them.
    """

    reveals_hidden: ClassVar[bool] = False

    def text(self) -> str:
        """One line for the game log, or "" for events not worth logging."""
        return ""


@dataclasses.dataclass(frozen=True)
class Message(Event):
    """A plain log line from an engine."""

    message: str

    def text(self) -> str:
        return self.message
