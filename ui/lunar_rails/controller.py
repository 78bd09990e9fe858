"""Lunar Rails on the game screen: the crayon-rails controller (drag to
build, move previews, panels), which already follows Wrap Letters and poles
through the rules engine's queries."""
from __future__ import annotations

from ui.russian_rails.controller import Controller as CrayonController


class Controller(CrayonController):
    """The crayon-rails controller for the Moon."""


__all__ = ["Controller"]
