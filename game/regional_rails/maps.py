"""Which board a game plays on: the authored map or a generated one (cached,
so clones and loads share one immutable Board)."""
from __future__ import annotations

from functools import lru_cache

from game.regional_rails.board import Board


@lru_cache(maxsize=1)
def authored_board() -> Board:
    from game.regional_rails.tmx_board import load_board
    return load_board()


@lru_cache(maxsize=16)
def generated_board(seed: int) -> Board:
    from game.regional_rails.mapgen import generate_board
    return generate_board(seed)


def board_for(kind: str, seed: int) -> Board:
    """`kind` is the setup option "map": "authored" or "random"."""
    return authored_board() if kind == "authored" else generated_board(seed)
