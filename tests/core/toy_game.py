"""A tiny game for testing the engine-agnostic core: players take turns adding
1–3 to their total or rolling a die; the first to 20 wins."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from game.core.actions import Action, action
from game.core.engine import GameState, Score, Seat
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.rng import Rng

TARGET = 20


@action("toy.add")
class Add(Action):
    amount: int


@action("toy.roll")
class Roll(Action):
    pass


@dataclass(frozen=True)
class Added(Event):
    seat: int
    amount: int
    name: str

    def text(self) -> str:
        return f"{self.name} adds {self.amount}."


@dataclass(frozen=True)
class Rolled(Added):
    reveals_hidden = True

    def text(self) -> str:
        return f"{self.name} rolls {self.amount}."


class ToyGame(GameState):
    game_id = "toy"
    title = "Toy"

    def __init__(self, names: list[str], totals: list[int], turn: int, rng: Rng) -> None:
        self.names, self.totals, self.turn, self.rng = names, totals, turn, rng

    @classmethod
    def new_game(cls, options: dict[str, Any], seed: int, seats: Sequence[Seat]) -> "ToyGame":
        if len(seats) < 2:
            raise ValueError("the toy game needs two players")
        return cls([s.name for s in seats], [0] * len(seats), 0, Rng(seed))

    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.turn

    def legal_actions(self) -> list[Action]:
        return [] if self.is_terminal() else [Add(1), Add(2), Add(3), Roll()]

    def _apply(self, action: Action) -> list[Event]:
        if self.is_terminal():
            raise IllegalAction("over", "The game is over.")
        if isinstance(action, Add):
            if not 1 <= action.amount <= 3:
                raise IllegalAction("amount", f"You may add 1, 2 or 3, not {action.amount}.")
            event: Event = Added(self.turn, action.amount, self.names[self.turn])
            amount = action.amount
        elif isinstance(action, Roll):
            amount = self.rng.d6()
            event = Rolled(self.turn, amount, self.names[self.turn])
        else:
            raise IllegalAction("unknown", "That is not a move of this game.")
        self.totals[self.turn] += amount
        if not self.is_terminal():
            self.turn = (self.turn + 1) % len(self.totals)
        return [event]

    def is_terminal(self) -> bool:
        return max(self.totals) >= TARGET

    def scores(self) -> list[Score]:
        return [Score(t, {"total": t}) for t in self.totals]

    def clone(self) -> "ToyGame":
        return type(self)(list(self.names), list(self.totals), self.turn, self.rng.clone())

    def to_dict(self) -> dict[str, Any]:
        return {"names": list(self.names), "totals": list(self.totals), "turn": self.turn,
                "rng": self.rng.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ToyGame":
        return cls(list(data["names"]), list(data["totals"]), int(data["turn"]), Rng.from_dict(data["rng"]))
