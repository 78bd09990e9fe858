"""One player's mutable state, and the bookkeeping records of active events."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Hex = tuple[int, int]


def _hex(v: Any) -> Hex | None:
    return None if v is None else (int(v[0]), int(v[1]))


@dataclass
class Player:
    cash: int
    loco: str
    loads: list[str] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    position: Hex | None = None
    came_from: Hex | None = None  # the milepost the train last moved from (its facing)
    lost_turns: int = 0
    on_ferry: str = ""  # the ferry being crossed; the train lands at the far port next turn
    turns_taken: int = 0

    def clone(self) -> "Player":
        return Player(self.cash, self.loco, list(self.loads), list(self.hand), self.position,
                      self.came_from, self.lost_turns, self.on_ferry, self.turns_taken)

    def to_dict(self) -> dict[str, Any]:
        return {"cash": self.cash, "loco": self.loco, "loads": list(self.loads), "hand": list(self.hand),
                "position": None if self.position is None else list(self.position),
                "came_from": None if self.came_from is None else list(self.came_from),
                "lost_turns": self.lost_turns, "on_ferry": self.on_ferry, "turns_taken": self.turns_taken}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Player":
        return cls(int(d["cash"]), str(d["loco"]), [str(x) for x in d["loads"]], [int(x) for x in d["hand"]],
                   _hex(d["position"]), _hex(d["came_from"]), int(d["lost_turns"]), str(d["on_ferry"]),
                   int(d["turns_taken"]))


@dataclass(frozen=True)
class ActiveEvent:
    """An event card in play. `until` is the drawer's count of finished turns
    at which it leaves play (None: until filled, or for the rest of the game);
    `half` is the half of a dual card in force ("" for single cards)."""

    card: int
    drawer: int
    until: int | None
    half: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "drawer": self.drawer, "until": self.until, "half": self.half}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "ActiveEvent":
        until = d["until"]
        return cls(int(d["card"]), int(d["drawer"]), None if until is None else int(until), str(d["half"]))


@dataclass(frozen=True)
class Decision:
    """A choice an event asks of a player before play goes on."""

    seat: int
    kind: str  # "return_load" (derailment) or "scandal"
    card: int

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "card": self.card}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Decision":
        return cls(int(d["seat"]), str(d["kind"]), int(d["card"]))
