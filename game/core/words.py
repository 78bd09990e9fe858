"""Words for counts in the sentences players read (log, hints, refusals, results)."""
from __future__ import annotations


def counted(n: int, word: str) -> str:
    """`n` and `word`, plural unless n is 1: "1 milepost", "10 mileposts", "0 roubles"."""
    return f"{n} {word}{'' if n == 1 else 's'}"
