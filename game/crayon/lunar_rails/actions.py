"""Moves of Lunar Rails beyond the shared crayon-rails ones (its events and
optional rules)."""
from __future__ import annotations

from game.core.actions import Action, action

Hex = tuple[int, int]


@action("lunar.relocate")
class Relocate(Action):
    """After a meteor strike: the city milepost the train is put back on."""

    milepost: Hex


@action("lunar.deliver_shortage")
class DeliverShortage(Action):
    """Fill a Shortage or Boom in play with one of its loads, in any Major City."""

    card: int
    load: str


@action("lunar.easy_start_discard")
class EasyStartDiscard(Action):
    """Easy Start: the one of the four dealt demand cards given back."""

    card: int


@action("lunar.fill_contract")
class FillContract(Action):
    """Open Contracts: deliver demand `index` of an open contract card."""

    card: int
    index: int


@action("lunar.take_loan")
class TakeLoan(Action):
    """Mercy: borrow from the bank (repaid double from delivery payoffs)."""

    amount: int
