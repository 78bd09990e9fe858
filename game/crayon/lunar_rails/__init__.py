"""Lunar Rails: the crayon-rails engine on a two-sided Moon, with Wrap
Letters, poles, lunar events, loco cards and the rulebook's optional rules."""
from __future__ import annotations

from game.crayon.lunar_rails.engine import LunarRailsState

ENGINE = LunarRailsState


def make_bot(difficulty: str, seed: int = 0):
    """A computer player for Lunar Rails ("random", "easy" or "normal"); the
    bots are imported on first use, after the first frame."""
    from game.crayon.bots import make_crayon_bot

    return make_crayon_bot(difficulty, seed)


__all__ = ["ENGINE", "make_bot"]
