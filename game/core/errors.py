"""Exceptions that cross the engine/UI boundary.

Every message is a sentence a player (or a person editing a file) can act on;
the UI shows it as it is.
"""
from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules refuse. The state is left exactly as it was.

    `code` is a short stable identifier for tests and bots; `message` names the
    things involved, e.g. "Kiev is a small city and already has track from 2
    players".
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


class ActionFormatError(ValueError):
    """A serialized action that cannot be turned back into an action."""


class SaveError(Exception):
    """A save file that cannot be loaded; the message says why."""


class EditedSaveError(SaveError):
    """A save whose moves do not match the count and checksum written with
    them: cut short, damaged or edited by hand. A player may still load it on
    purpose (the loaders take `trust_edited`)."""


class MapError(Exception):
    """A malformed map or data file; the message names the file, the layer or
    object, and what is wrong."""
