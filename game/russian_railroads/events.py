"""What happened in a Russian Railroads game, for the log and the UI's animations.

Events about a seat carry its number and (filled in by the engine from the
seats) its name, used by text(); Emil's seat is -1.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from game.core.events import Event
from game.core.words import counted



def who(seat: int, names: Sequence[str] = ()) -> str:
    if seat < 0:
        return "Emil"
    return names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}"


@dataclass(frozen=True)
class SeatEvent(Event):
    """An event about one seat; `name` is filled in by the engine from the seats."""

    seat: int
    name: str = field(default="", kw_only=True)

    def who(self) -> str:
        return "Emil" if self.seat < 0 else self.name or who(self.seat)


def fill_names(events: list[Event], names: Sequence[str]) -> list[Event]:
    """Fill in player names (seat events, and the order/score lists) and return the same events.

    The events are fresh from this move and nowhere else (game.core.events: never stored), so the
    names are written into them in place: a renamed copy of each cost a hard decision's rollouts,
    which make some 300,000 moves, about a twentieth of their time."""
    for event in events:
        if isinstance(event, SeatEvent):
            if event.seat >= 0 and not event.name:
                object.__setattr__(event, "name", who(event.seat, names))
        elif isinstance(event, (TurnOrderChanged, GameEnded)) and not event.names:
            object.__setattr__(event, "names", tuple(who(i, names) for i in range(len(names))))
    return events


def rail(rid: str, title: str) -> str:
    """A railroad's name as the board prints it (the id when no name was given)."""
    return title or rid


@dataclass(frozen=True)
class StartBonusTaken(SeatEvent):
    bonus: str
    title: str

    def text(self) -> str:
        return f"{self.who()} takes the starting bonus of {self.title}."


@dataclass(frozen=True)
class WorkerPlaced(SeatEvent):
    space: str
    workers: int
    temps: int
    roubles: int
    black: int
    label: str

    def text(self) -> str:
        paid = []
        for n, word in ((self.workers, "worker"), (self.temps, "temporary worker"), (self.black, "black worker"),
                        (self.roubles, "rouble")):
            if n:
                paid.append(counted(n, word))  # the black worker is one
        return f"{self.who()} places {', '.join(paid) or 'nothing'} on {self.label}."


@dataclass(frozen=True)
class TrackAdvanced(SeatEvent):
    railroad: str
    colour: str
    space: int
    title: str = ""  # the railroad's name on this board

    def text(self) -> str:
        return (f"{self.who()} advances the {self.colour} track on the {rail(self.railroad, self.title)} "
                f"to space {self.space}.")


@dataclass(frozen=True)
class TracksGained(SeatEvent):
    colour: str
    count: int

    def text(self) -> str:
        return f"{self.who()} gains {counted(self.count, self.colour + ' track')}."


@dataclass(frozen=True)
class LocomotivePlaced(SeatEvent):
    number: int
    railroad: str
    replaced: int  # 0 = none
    title: str = ""  # the railroad's name on this board

    def text(self) -> str:
        extra = f", replacing the #{self.replaced}" if self.replaced else ""
        return f"{self.who()} places a #{self.number} locomotive on the {rail(self.railroad, self.title)}{extra}."


@dataclass(frozen=True)
class LocomotiveToFactory(SeatEvent):
    """A displaced locomotive that fits nowhere goes beside the piles as a factory."""

    number: int

    def text(self) -> str:
        return f"{self.who()}'s #{self.number} locomotive fits nowhere and becomes a factory in the supply."


@dataclass(frozen=True)
class FactoryBuilt(SeatEvent):
    number: int
    slot: int
    replaced: int  # 0 = none

    def text(self) -> str:
        extra = f", returning factory #{self.replaced}" if self.replaced else ""
        return f"{self.who()} builds factory #{self.number} in slot {self.slot + 1}{extra}."


@dataclass(frozen=True)
class IndustryAdvanced(SeatEvent):
    marker: int
    space: int

    def text(self) -> str:
        name = "second industry marker" if self.marker else "industry marker"
        return f"{self.who()} moves the {name} to space {self.space}."


@dataclass(frozen=True)
class FactoryUsed(SeatEvent):
    number: int

    def text(self) -> str:
        return f"{self.who()} uses factory #{self.number}."


@dataclass(frozen=True)
class SpaceReused(SeatEvent):
    """Engineer 8 or factory #3: a one-worker space used this round is used again."""

    space: str
    label: str

    def text(self) -> str:
        return f"{self.who()} uses {self.label} again."


@dataclass(frozen=True)
class DoublerPlaced(SeatEvent):
    count: int
    total: int
    title: str = ""  # the main railroad's name on this board

    def text(self) -> str:
        doublers = counted(self.count, "doubler")
        return f"{self.who()} places {doublers} ({self.total} above the {rail('main', self.title)})."


@dataclass(frozen=True)
class RoublesTaken(SeatEvent):
    count: int

    def text(self) -> str:
        return f"{self.who()} takes {counted(self.count, 'rouble')}."


@dataclass(frozen=True)
class TempWorkersTaken(SeatEvent):

    def text(self) -> str:
        return f"{self.who()} takes the 2 temporary workers."


@dataclass(frozen=True)
class PointsScored(SeatEvent):
    points: int
    reason: str

    def text(self) -> str:
        return f"{self.who()} scores {self.points} points ({self.reason})."


@dataclass(frozen=True)
class EngineerHired(SeatEvent):
    number: int

    def text(self) -> str:
        return f"{self.who()} hires engineer {self.number}."


@dataclass(frozen=True)
class ExtraWorker(SeatEvent):
    reason: str

    def text(self) -> str:
        return f"{self.who()} gains an extra worker ({self.reason})."


@dataclass(frozen=True)
class TokenTaken(SeatEvent):
    token: str
    title: str

    def text(self) -> str:
        return f"{self.who()} takes the ? token \"{self.title}\"."


@dataclass(frozen=True)
class CardTaken(SeatEvent):
    card: str
    title: str

    def text(self) -> str:
        return f"{self.who()} takes the ? card: {self.title}."


@dataclass(frozen=True)
class EndBonusTaken(SeatEvent):
    """The pile was looked through: hidden information."""

    reveals_hidden = True
    took_card: bool

    def text(self) -> str:
        if self.took_card:
            return f"{self.who()} looks through the End Bonus pile and keeps a card."
        return f"{self.who()} takes 10 points instead of an End Bonus card."


@dataclass(frozen=True)
class TaskSkipped(SeatEvent):
    what: str

    def text(self) -> str:
        return f"{self.who()} gives up: {self.what}."


@dataclass(frozen=True)
class Passed(SeatEvent):
    points: int

    def text(self) -> str:
        if not self.points:
            return f"{self.who()} passes."
        return f"{self.who()} passes and scores {self.points} points."


@dataclass(frozen=True)
class TurnOrderChanged(Event):
    order: tuple[int, ...]
    names: tuple[str, ...] = field(default=(), kw_only=True)

    def text(self) -> str:
        return "Turn order for the next round: " + ", ".join(who(s, self.names) for s in self.order) + "."


@dataclass(frozen=True)
class WorkerRelocated(SeatEvent):
    space: str
    label: str

    def text(self) -> str:
        if not self.space:
            return f"{self.who()} leaves the turn-order worker where it is."
        return f"{self.who()} moves the turn-order worker to {self.label}."


@dataclass(frozen=True)
class RoundScored(SeatEvent):
    """One part of one player's round scoring: part is a railroad id or industry."""

    round: int
    part: str
    points: int
    detail: str
    title: str = ""  # the railroad's name on this board

    def text(self) -> str:
        label = "industry" if self.part == "industry" else rail(self.part, self.title)
        return f"Round {self.round}: {self.who()} scores {self.points} for {label} ({self.detail})."


@dataclass(frozen=True)
class RoundEnded(Event):
    round: int

    def text(self) -> str:
        return f"Round {self.round} ends."


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int
    last: bool

    def text(self) -> str:
        return f"Round {self.round} begins" + (" (last round)." if self.last else ".")


@dataclass(frozen=True)
class EmilAction(Event):
    """Emil drew cards (hidden until now) and blocked a space, or passed."""

    reveals_hidden = True
    space: str
    label: str
    discarded: tuple[str, ...]
    took: str

    def text(self) -> str:
        if not self.space:
            return "Emil passes."
        extra = f" and takes {self.took}" if self.took else ""
        return f"Emil blocks {self.label}{extra}."


@dataclass(frozen=True)
class FinalBonus(SeatEvent):
    points: int
    reason: str

    def text(self) -> str:
        return f"Final scoring: {self.who()} scores {self.points} for {self.reason}."


@dataclass(frozen=True)
class GameEnded(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    names: tuple[str, ...] = field(default=(), kw_only=True)

    def text(self) -> str:
        return "Game over: " + ", ".join(f"{who(i, self.names)} {s}" for i, s in enumerate(self.scores)) + "."


# The Coal module ---------------------------------------------------------------------

@dataclass(frozen=True)
class CoalTaken(SeatEvent):
    count: int

    def text(self) -> str:
        return f"{self.who()} takes {self.count} coal."


@dataclass(frozen=True)
class SpaceUsedWithCoal(SeatEvent):
    space: str
    coal: int

    def text(self) -> str:
        return f"{self.who()} puts {self.coal} coal on the boilerman space."


@dataclass(frozen=True)
class FoundryUsed(SeatEvent):
    foundry: str
    title: str

    def text(self) -> str:
        return f"{self.who()} puts 2 coal on the foundry \"{self.title}\" and uses it."


@dataclass(frozen=True)
class FoundryTaken(SeatEvent):
    foundry: str
    title: str

    def text(self) -> str:
        return f"{self.who()} takes the foundry \"{self.title}\"."


@dataclass(frozen=True)
class FoundryClosed(SeatEvent):
    foundry: str
    title: str

    def text(self) -> str:
        return f"{self.who()} closes the foundry \"{self.title}\": it becomes a boilerman."


@dataclass(frozen=True)
class BoilermanPlaced(SeatEvent):
    piece: str
    label: str

    def text(self) -> str:
        return f"{self.who()} puts a boilerman beside {self.label}."


@dataclass(frozen=True)
class CoalFactoryFed(SeatEvent):
    coal: int
    black: int

    def text(self) -> str:
        return f"{self.who()} spends {self.coal} coal at the coal factory for {self.black} black advancements."


# The DSP mini expansion ------------------------------------------------------------------

@dataclass(frozen=True)
class BonusPicked(SeatEvent):
    title: str

    def text(self) -> str:
        return f"{self.who()} chooses from Ludmilla's Starting Bonus cards: {self.title}."


@dataclass(frozen=True)
class EngineerBorrowed(SeatEvent):
    label: str

    def text(self) -> str:
        return f"{self.who()} sends Olga's second worker to {self.label} and uses it."


@dataclass(frozen=True)
class FreightCarPlaced(SeatEvent):
    railroad: str

    def text(self) -> str:
        return f"{self.who()} puts the freight car behind the locomotives of the {self.railroad}."


# Expansion boards (Germany) ------------------------------------------------------------------

@dataclass(frozen=True)
class BranchChosen(SeatEvent):
    railroad: str
    branch: str

    def text(self) -> str:
        return f"{self.who()} builds the {self.railroad} on towards {self.branch}."


@dataclass(frozen=True)
class ExtensionPlaced(SeatEvent):
    station: str
    length: int
    title: str

    def text(self) -> str:
        return f"{self.who()} places a {self.length}-space railroad extension at {self.station} ({self.title})."


@dataclass(frozen=True)
class IncomeTaken(SeatEvent):
    title: str

    def text(self) -> str:
        return f"{self.who()} takes the income marker \"{self.title}\"."


@dataclass(frozen=True)
class IncomeUsed(SeatEvent):
    title: str

    def text(self) -> str:
        return f"{self.who()} uses the income marker \"{self.title}\" and turns it face down."


# American Railroads (USA board) ------------------------------------------------------------

@dataclass(frozen=True)
class StockRaised(SeatEvent):
    level: int
    first: bool

    def text(self) -> str:
        where = " (first there)" if self.first else ""
        return f"{self.who()}'s stock price rises to level {self.level}{where}."


@dataclass(frozen=True)
class DividendPlaced(SeatEvent):
    level: int
    title: str

    def text(self) -> str:
        return f"{self.who()} puts the dividend token \"{self.title}\" on stock level {self.level}."


@dataclass(frozen=True)
class Payout(SeatEvent):
    general: bool
    level: int

    def text(self) -> str:
        kind = "general" if self.general else "personal"
        if not self.level:
            return f"{self.who()} receives nothing in the {kind} payout (the stock price is still at the bottom)."
        return f"{self.who()} receives a {kind} payout: the dividends of levels 1 to {self.level}."


@dataclass(frozen=True)
class BoulderRemoved(SeatEvent):
    label: str
    where: str

    def text(self) -> str:
        return f"{self.who()} removes the boulder {self.label} ({self.where})."


@dataclass(frozen=True)
class CoinSpaceUsed(SeatEvent):
    where: str
    title: str

    def text(self) -> str:
        return f"{self.who()} pays a coin at {self.where} for {self.title} and puts a Done marker there."


@dataclass(frozen=True)
class SteelworksTaken(SeatEvent):
    pile: int

    def text(self) -> str:
        return f"{self.who()} takes the last #{self.pile} locomotive and the steelworks beside the pile."
