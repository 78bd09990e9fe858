"""The part of a Lunar Rails game's state the shared crayon state does not
hold: the last meteor strikes (for the map), open contracts, loans, the
Golden Spike, loads left in cities, this turn's Light Engine bonus."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Hex = tuple[int, int]


@dataclass
class Stored:
    """A load chip left in a city (Honeymoon, Field Warehousing): `until` is
    the dropper's count of finished turns at which it goes back to the tray
    (None: it stays until picked up)."""

    city: str
    load: str
    owner: int
    until: int | None

    def to_list(self) -> list[Any]:
        return [self.city, self.load, self.owner, self.until]

    @classmethod
    def from_list(cls, v: list[Any]) -> "Stored":
        return cls(str(v[0]), str(v[1]), int(v[2]), None if v[3] is None else int(v[3]))


@dataclass
class LunarExtras:
    strikes: list[tuple[str, Hex | None]] = field(default_factory=list)  # last shower: city, target
    contracts: list[int] = field(default_factory=list)  # Open Contracts face up by the board
    debts: list[int] = field(default_factory=list)  # Mercy loans still to repay, per player
    discards: list[int] = field(default_factory=list)  # hand discards since the last loan, per player
    golden_spike: int | None = None  # the seat awarded the Golden Spike
    stored: list[Stored] = field(default_factory=list)
    boxed: dict[str, int] = field(default_factory=dict)  # chips out of the game (Honeymoon)
    light: list[int] = field(default_factory=lambda: [0, 0, 0])  # bonus, most loads, delivered
    craters: list[Hex] = field(default_factory=list)  # New Craters: struck mileposts, now mare

    def clone(self) -> "LunarExtras":
        return LunarExtras(list(self.strikes), list(self.contracts), list(self.debts), list(self.discards),
                           self.golden_spike, [Stored(**vars(s)) for s in self.stored], dict(self.boxed),
                           list(self.light), list(self.craters))

    def to_dict(self) -> dict[str, Any]:
        return {"strikes": [[c, None if h is None else list(h)] for c, h in self.strikes],
                "contracts": list(self.contracts), "debts": list(self.debts), "discards": list(self.discards),
                "golden_spike": self.golden_spike, "stored": [s.to_list() for s in self.stored],
                "boxed": dict(self.boxed), "light": list(self.light), "craters": [list(h) for h in self.craters]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "LunarExtras":
        return cls([(str(c), None if h is None else (int(h[0]), int(h[1]))) for c, h in d["strikes"]],
                   [int(x) for x in d["contracts"]], [int(x) for x in d["debts"]],
                   [int(x) for x in d["discards"]], d["golden_spike"],
                   [Stored.from_list(v) for v in d["stored"]], {k: int(v) for k, v in d["boxed"].items()},
                   [int(x) for x in d["light"]], [(int(h[0]), int(h[1])) for h in d["craters"]])
