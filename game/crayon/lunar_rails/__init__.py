"""Lunar Rails: the crayon-rails engine on a two-sided Moon, with Wrap
Letters, poles, lunar events, loco cards and the rulebook's optional rules."""
from __future__ import annotations

from game.crayon.bots import make_crayon_bot
from game.crayon.lunar_rails.engine import LunarRailsState

ENGINE = LunarRailsState


def make_bot(difficulty: str, seed: int = 0):
    """A computer player for Lunar Rails ("random", "easy" or "normal")."""
    return make_crayon_bot(difficulty, seed)


__all__ = ["ENGINE", "make_bot"]
