"""The mutable records of a Regional Rails game (plain dataclasses with
to_dict/from_dict); the rules that change them live in engine.py and phases.py."""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from game.core.hexgrid import EdgeId, Hex

# Phases of the game, in order. Event and Upkeep are resolved automatically, so
# a decision is never pending in them; they are listed for the phase bar.
SETUP_COMPANY, SETUP_START, SETUP_TYCOON = "setup_company", "setup_start", "setup_tycoon"
BUILD, INCOME, EVENT, UPKEEP, DIVIDENDS, UPGRADE, END = (
    "build", "income", "event", "upkeep", "dividends", "upgrade", "end")
OVER = "over"
TURN_PHASES = (BUILD, INCOME, EVENT, UPKEEP, DIVIDENDS, UPGRADE, END)
SETUP_PHASES = (SETUP_COMPANY, SETUP_START, SETUP_TYCOON)


@dataclass
class CompanyState:
    """One railroad. A player (seat) owns one, or more with Additional Railroads.
    `vp` is secret until the end; `developments` (marker kinds in hand) are secret."""

    index: int
    name: str  # the company name from the company list
    owner: int  # seat
    start: Hex | None = None
    money: int = 0
    vp: int = 0
    train_level: int = 1
    rail_left: int = 0
    stations_left: int = 0
    developments: list[str] = field(default_factory=list)
    obsolescence: int = 0
    turns_taken: int = 0
    extra: bool = False  # founded with the Additional Railroads option

    def clone(self) -> "CompanyState":
        c = CompanyState(**{f.name: getattr(self, f.name) for f in fields(self)})
        c.developments = list(self.developments)
        return c

    def to_dict(self) -> dict[str, Any]:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["start"] = list(self.start) if self.start is not None else None
        d["developments"] = list(self.developments)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "CompanyState":
        c = cls(**{f.name: d[f.name] for f in fields(cls)})
        c.start = tuple(d["start"]) if d["start"] is not None else None
        c.developments = list(d["developments"])
        return c


@dataclass
class TurnState:
    """What the railroad whose turn it is has done this turn, and its dice."""

    built: int = 0  # rail markers built this turn
    station_built: bool = False
    loan_roll: int = 0  # the 2D6 loan availability roll
    borrowed: bool = False
    invest_roll: int = 0  # the 2D6 (+ Lester) investment roll
    invested: int = 0  # stock MB bought this turn
    dividend_rolls: tuple[int, int] = (0, 0)  # the two 1D6 (+ Phil) dividend rolls
    levels_bought: int = 0
    developed: int = 0  # regional development draws this turn
    income: int = 0  # the income earned this turn (for the UI)

    def clone(self) -> "TurnState":
        return TurnState(**{f.name: getattr(self, f.name) for f in fields(self)})

    def to_dict(self) -> dict[str, Any]:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["dividend_rolls"] = list(self.dividend_rolls)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "TurnState":
        t = cls(**{f.name: d[f.name] for f in fields(cls)})
        t.dividend_rolls = tuple(d["dividend_rolls"])
        return t


def hex_key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def edge_key(e: EdgeId) -> str:
    return f"{e[0]},{e[1]},{e[2]}"


def parse_hex(k: str) -> Hex:
    """The hex a `hex_key` names (ValueError for anything else)."""
    q, r = (int(x) for x in k.split(","))
    return (q, r)


def parse_edge(k: str) -> EdgeId:
    """The hex side an `edge_key` names (ValueError for anything else)."""
    q, r, side = (int(x) for x in k.split(","))
    return (q, r, side)
