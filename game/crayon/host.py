"""What the crayon state mixins (operations, event cards, legal actions,
queries) may use of the state they are mixed into.

`CrayonState` inherits the mixins, so the mixins cannot name it as their base
without a cycle; instead each mixin is, for the type checker only, a subclass
of this base, and mypy checks that `CrayonState` implements every abstract
method here with the same signature. At run time the mixins stay plain
classes and nothing imports this module.
"""
from __future__ import annotations

from abc import abstractmethod
from typing import Any, Callable

from game.core.decks import Deck
from game.core.events import Event
from game.core.rng import Rng
from game.crayon import actions as A
from game.crayon.content import Content, Demand, EventSpec
from game.crayon.player import ActiveEvent, Decision, Player

Hex = tuple[int, int]


class CrayonHost:
    data: Content
    rng: Rng
    players: list[Player]
    track: dict[tuple[Hex, Hex], int]
    ferry_owners: dict[str, list[int]]
    deck: Deck
    active: list[ActiveEvent]
    supply: dict[str, int]
    circus_at: list[str]
    era: str
    cash_public: bool
    reservations: dict[tuple[Hex, Hex], tuple[int, int | None]]
    phase: str
    pending: list[Decision]
    # this turn
    moves_left: int
    halved: bool
    rent_paid: list[int]
    spent: int
    major_starts_used: int
    acted: bool
    building: bool
    forfeit: bool

    @property
    @abstractmethod
    def board(self) -> Any: ...
    @property
    @abstractmethod
    def rules(self) -> Any: ...
    @property
    @abstractmethod
    def seat(self) -> int: ...
    @abstractmethod
    def current_player(self) -> int | None: ...
    @abstractmethod
    def name(self, seat: int) -> str: ...
    @abstractmethod
    def place(self, h: Hex) -> str: ...
    @abstractmethod
    def card_demands(self, card: int) -> tuple[Demand, ...]: ...
    @abstractmethod
    def network(self, seat: int) -> set[Hex]: ...
    @abstractmethod
    def capacity(self, seat: int) -> int: ...
    @abstractmethod
    def rent_fee(self) -> int: ...
    @abstractmethod
    def pay(self, payer: int | None, payee: int | None, amount: int) -> None: ...
    @abstractmethod
    def _track_changed(self, builder: int | None = None) -> None: ...
    @abstractmethod
    def _finish_turn(self, advance: bool = True) -> list[Event]: ...

    # what one mixin asks of another
    @abstractmethod
    def handler_for(self, action: Any) -> Callable[[Any], list[Event]] | None: ...
    @abstractmethod
    def city_refusal(self, city: str) -> str: ...
    @abstractmethod
    def pickup_refusal(self, seat: int, city: str, load: str) -> str: ...
    @abstractmethod
    def upgrade_refusal(self, seat: int, loco: str) -> str: ...
    @abstractmethod
    def nearest_city(self, h: Hex) -> str: ...
    @abstractmethod
    def _return_chip(self, load: str, city: str) -> None: ...
    @abstractmethod
    def active_spec(self, ev: ActiveEvent) -> EventSpec: ...
    @abstractmethod
    def draw_to_full(self, seat: int) -> list[Event]: ...
    @abstractmethod
    def decision_options(self, d: Decision) -> list[Any]: ...
    @abstractmethod
    def _do_return_load(self, a: A.ReturnLoad) -> list[Event]: ...
    @abstractmethod
    def _do_scandal_pick(self, a: A.ScandalPick) -> list[Event]: ...
