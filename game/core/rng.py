"""The seeded random number generator every game state owns.

A small SplitMix64 generator: its whole state is one integer, so cloning and
saving are trivial and the sequence is the same on every Python version (the
standard library's ``random`` may change its algorithms between releases).
Never use the global ``random`` module in an engine.
"""
from __future__ import annotations

from typing import Any, MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state", "draws")

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK
        self.draws = 0  # how many numbers were drawn; Session uses it to spot random draws

    def next64(self) -> int:
        self.draws += 1
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """Uniform integer in [a, b], both ends included."""
        return a + self.below(b - a + 1)

    def d6(self) -> int:
        return self.randint(1, 6)

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def clone(self) -> "Rng":
        other = Rng.__new__(Rng)
        other.state = self.state
        other.draws = self.draws
        return other

    def reseeded(self, seed: int) -> "Rng":
        """A generator started from `seed` that counts as many draws as this
        one: what a player may know of the dice (how often they were rolled,
        not what comes next)."""
        other = Rng(seed)
        other.draws = self.draws
        return other

    def to_dict(self) -> dict[str, int]:
        return {"state": self.state, "draws": self.draws}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> "Rng":
        rng = cls()
        rng.state = int(data["state"]) & _MASK
        rng.draws = int(data["draws"])
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.state, self.draws) == (other.state, other.draws)
