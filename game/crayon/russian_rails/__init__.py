"""Russian Rails: the crayon-rails engine with the Russian map, cards and
rules hooks (Communism and its fall)."""
from __future__ import annotations

from game.crayon.russian_rails.engine import RussianRailsState

ENGINE = RussianRailsState


def make_bot(difficulty: str, seed: int = 0):
    """A computer player for Russian Rails ("random", "easy" or "normal"); the
    bots are imported on first use, after the first frame."""
    from game.crayon.bots import make_crayon_bot

    return make_crayon_bot(difficulty, seed)


__all__ = ["ENGINE", "make_bot"]
