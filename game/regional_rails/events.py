"""What happened in Regional Rails, for the game log and the UI's animations.

Every die roll is a :class:`DiceRolled` (``reveals_hidden``: undo may not cross
it); drawing a secret development marker is too."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.events import Event
from game.core.hexgrid import EdgeId, Hex


def _mb(n: int) -> str:
    return f"{n} MB"


def possessive(name: str) -> str:
    """ "Blue Lightning's", but "Indigo Engines'" for names ending in s."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


@dataclass(frozen=True)
class DiceRolled(Event):
    """`who` rolled `dice` for `purpose`; `total` = sum + `modifier`."""

    reveals_hidden: ClassVar[bool] = True
    who: str
    purpose: str
    dice: tuple[int, ...]
    modifier: int
    total: int

    def text(self) -> str:
        shown = " + ".join(str(d) for d in self.dice)
        mod = f" {'+' if self.modifier >= 0 else '-'} {abs(self.modifier)}" if self.modifier else ""
        return f"{self.who} rolls {shown}{mod} = {self.total} ({self.purpose})."


@dataclass(frozen=True)
class OrderDecided(Event):
    purpose: str
    names: tuple[str, ...]

    def text(self) -> str:
        return f"Order for {self.purpose}: {', '.join(self.names)}."


@dataclass(frozen=True)
class CompanyPicked(Event):
    seat: int
    player: str
    company: str

    def text(self) -> str:
        return f"{self.player} takes the {self.company}."


@dataclass(frozen=True)
class StartPicked(Event):
    company: int
    name: str
    place: str

    def text(self) -> str:
        return f"{self.name} starts in {self.place}."


@dataclass(frozen=True)
class TycoonPicked(Event):
    seat: int
    player: str
    tycoon: str

    def text(self) -> str:
        return f"{self.player} picks the tycoon {self.tycoon}."


@dataclass(frozen=True)
class DevelopmentsDealt(Event):
    reveals_hidden: ClassVar[bool] = True
    counts: tuple[tuple[str, int], ...]

    def text(self) -> str:
        return "Secret development markers dealt: " + ", ".join(f"{n} {c}" for n, c in self.counts) + "."


@dataclass(frozen=True)
class PhaseBegan(Event):
    company: int
    name: str
    phase: str
    round: int

    def text(self) -> str:
        if self.phase == "build":
            return f"Round {self.round}: {possessive(self.name)} turn."
        return ""


@dataclass(frozen=True)
class RailBuilt(Event):
    company: int
    name: str
    place: Hex | EdgeId  # (q, r) interior or (q, r, side) hex side
    where: str
    cost: int
    paid_to: tuple[tuple[str, int], ...] = ()  # station fees: (railroad name, MB)
    payees: tuple[tuple[int, int], ...] = ()  # the same as (company index, MB)

    @property
    def interior(self) -> bool:
        return len(self.place) == 2

    def text(self) -> str:
        fees = "".join(f", {_mb(n)} to {who}" for who, n in self.paid_to)
        return f"{self.name} builds a rail marker {self.where} for {_mb(self.cost)}{fees}."


@dataclass(frozen=True)
class StationBuilt(Event):
    company: int
    name: str
    hex: tuple[int, int]
    place: str
    cost: int

    def text(self) -> str:
        return f"{self.name} builds a station in {self.place} for {_mb(self.cost)}."


@dataclass(frozen=True)
class IncomeEarned(Event):
    company: int
    name: str
    amount: int
    lines: tuple[str, ...]

    def text(self) -> str:
        return f"{self.name} earns {_mb(self.amount)} ({'; '.join(self.lines)})."


@dataclass(frozen=True)
class EventResolved(Event):
    company: int
    name: str
    event: str
    effect: str
    vp: int = 0  # the VP change (a wreck's loss included)
    money: int = 0
    obsolescence: int = 0

    def text(self) -> str:
        return f"Event for {self.name}: {self.event} — {self.effect}."


@dataclass(frozen=True)
class UpkeepPaid(Event):
    company: int
    name: str
    paid: int
    unpaid: int

    def text(self) -> str:
        if self.unpaid:
            return (f"{self.name} pays {_mb(self.paid)} upkeep and cannot pay {_mb(self.unpaid)}: "
                    f"-{3 * self.unpaid} VP.")
        return f"{self.name} pays {_mb(self.paid)} upkeep."


@dataclass(frozen=True)
class VpChanged(Event):
    """A VP gain or loss with its reason (loans, stocks, dividends, tycoons...)."""

    company: int
    name: str
    vp: int
    money: int
    reason: str

    def text(self) -> str:
        parts = []
        if self.money:
            parts.append(f"{'pays' if self.money < 0 else 'gets'} {_mb(abs(self.money))}")
        if self.vp:
            parts.append(f"{'gains' if self.vp > 0 else 'loses'} {abs(self.vp)} VP")
        return f"{self.name} {' and '.join(parts) or 'does nothing'}: {self.reason}."


@dataclass(frozen=True)
class StockBought(Event):
    company: int
    name: str
    target: int
    target_name: str
    amount: int
    vp: int

    def text(self) -> str:
        return f"{self.name} buys {self.amount} stock of {self.target_name}: pays it {_mb(self.amount)}, +{self.vp} VP."


@dataclass(frozen=True)
class LevelRaised(Event):
    company: int
    name: str
    level: int
    cost: int

    def text(self) -> str:
        return f"{self.name} upgrades to Train Level {self.level} for {_mb(self.cost)}."


@dataclass(frozen=True)
class DevelopmentDrawn(Event):
    reveals_hidden: ClassVar[bool] = True
    company: int
    name: str
    cost: int

    def text(self) -> str:
        return f"{self.name} pays {_mb(self.cost)} for a secret development marker."


@dataclass(frozen=True)
class DevelopmentPlaced(Event):
    company: int
    name: str
    kind: str
    hex: tuple[int, int]
    place: str

    def text(self) -> str:
        return f"{self.name} places the development marker {self.kind} in {self.place}."


@dataclass(frozen=True)
class RailroadFounded(Event):
    company: int
    name: str
    founder: str
    place: str
    founder_index: int = -1
    cost: int = 0

    def text(self) -> str:
        return f"{self.founder} pays 25 MB to found the {self.name}, starting in {self.place}."


@dataclass(frozen=True)
class GameEnded(Event):
    reason: str
    standings: tuple[tuple[str, int], ...]

    def text(self) -> str:
        table = ", ".join(f"{n} {v} VP" for n, v in self.standings)
        return f"Game over: {self.reason}. {table}."
