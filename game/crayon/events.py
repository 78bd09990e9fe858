"""What happened, for the game log and the UI's animations."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Event
from game.core.words import counted

Hex = tuple[int, int]


@dataclass(frozen=True)
class Note(Event):
    """A plain log line about one seat (or none)."""

    seat: int | None
    message: str

    def text(self) -> str:
        return self.message


@dataclass(frozen=True)
class TrackBuilt(Event):
    seat: int
    who: str
    segments: tuple[tuple[Hex, Hex], ...]
    cost: int

    def text(self) -> str:
        n = len(self.segments)
        return f"{self.who} built {counted(n, 'track section')} for {self.cost}M."


@dataclass(frozen=True)
class TrackErased(Event):
    segments: tuple[tuple[Hex, Hex], ...]
    reason: str

    def text(self) -> str:
        n = len(self.segments)
        return f"{counted(n, 'track section')} {'was' if n == 1 else 'were'} erased: {self.reason}."


@dataclass(frozen=True)
class TrainMoved(Event):
    seat: int
    who: str
    path: tuple[Hex, ...]  # starting milepost first
    rent_paid: tuple[tuple[str, int], ...] = ()

    def text(self) -> str:
        line = f"{self.who} moved {counted(len(self.path) - 1, 'milepost')}"
        if self.rent_paid:
            line += ", paying " + ", ".join(f"{amount}M rent to {name}" for name, amount in self.rent_paid)
        return line + "."


@dataclass(frozen=True)
class Delivered(Event):
    seat: int
    who: str
    load: str
    city: str
    payout: int

    def text(self) -> str:
        return f"{self.who} delivered {self.load} to {self.city} for {self.payout}M."


@dataclass(frozen=True)
class CardDrawn(Event):
    seat: int
    who: str
    card: int
    reveals_hidden = True

    def text(self) -> str:
        return f"{self.who} drew demand card {self.card}."


@dataclass(frozen=True)
class EventDrawn(Event):
    seat: int
    who: str
    card: int
    title: str
    description: str
    reveals_hidden = True

    def text(self) -> str:
        return f"{self.who} drew event {self.card}: {self.title}. {self.description}".strip()


@dataclass(frozen=True)
class GameOver(Event):
    winners: tuple[str, ...]
    reason: str

    def text(self) -> str:
        return f"{' and '.join(self.winners)} won: {self.reason}."
