"""Mercy: Late Payment of use fee. "You may use another player's track and
pay the track usage fee from delivery payoffs obtained by delivering loads
while on the other player's track. Once leaving the track all fees must be
paid in full."

Reading (rules.yaml `late_payment`): a fee the player has the cash for is
paid at once as usual; one it has not is owed to the track's owner. Every
delivery payoff pays what is owed first. A step onto track of anyone but a
creditor (own track included) leaves the creditor's track, and is refused
unless the cash pays the debt in full there and then. Shared Major City belts
and the crossing of a Wrap Letter pair belong to nobody and leave nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.events import Event
from game.core.hexgrid import pair_key
from game.crayon.events import Note

if TYPE_CHECKING:
    from game.crayon.lunar_rails.variants import LunarVariantsMixin as _Base
else:
    _Base = object

Hex = tuple[int, int]


@dataclass
class Ledger:
    """What a move pays and owes under Late Payment, step by step."""

    paid: list[tuple[int, int]] = field(default_factory=list)  # (owner, amount) paid, in order
    owed: dict[int, int] = field(default_factory=dict)  # creditor -> still owed after the move
    reason: str = ""


class LateFeesMixin(_Base):
    """Use fees owed and paid later, when the option is on."""

    def rent_on_credit(self, seat: int) -> bool:
        return bool(self.options.get("late_payment"))

    def late_ledger(self, seat: int, path: tuple[Hex, ...]) -> Ledger:
        """Walk `path` (start first) paying fees while the cash lasts, owing the
        rest, and paying a creditor in full when its track is left."""
        p = self.players[seat]
        cash, fee = p.cash, self.rent_fee()
        paid_to = set(self.rent_paid)
        ledger = Ledger(owed={k: v for k, v in self.lunar.late[seat].items() if v})
        for a, b in zip(path, path[1:]):
            owner = self.track.get(pair_key(a, b))
            if owner is not None:
                for creditor, debt in list(ledger.owed.items()):
                    if owner == creditor:
                        continue
                    if cash < debt:
                        ledger.reason = (f"You owe {self.name(creditor)} {debt}M in use fees: pay them in full "
                                         f"before leaving {self.name(creditor)}'s track ({cash}M in cash).")
                        return ledger
                    cash -= debt
                    ledger.paid.append((creditor, debt))
                    del ledger.owed[creditor]
            if owner is not None and owner != seat and owner not in paid_to and fee:
                paid_to.add(owner)
                if cash >= fee:
                    cash -= fee
                    ledger.paid.append((owner, fee))
                else:
                    ledger.owed[owner] = ledger.owed.get(owner, 0) + fee
        return ledger

    def path_refusal(self, seat: int, path: tuple[Hex, ...]) -> str:
        why = super().path_refusal(seat, path)
        if why or not self.options.get("late_payment"):
            return why
        return self.late_ledger(seat, path).reason

    def pay_rent(self, seat: int, owner: int, fee: int) -> None:
        if not self.options.get("late_payment"):
            super().pay_rent(seat, owner, fee)

    def _do_move(self, a: Any) -> list[Event]:
        if not self.options.get("late_payment"):
            return super()._do_move(a)
        seat = self.seat
        start = self.players[seat].position
        ledger = self.late_ledger(seat, ((start,) if start is not None else ()) + tuple(a.path))
        events = super()._do_move(a)  # refuses an illegal move before anything is paid
        for owner, amount in ledger.paid:
            self.pay(seat, owner, amount)
        before = self.lunar.late[seat]
        self.lunar.late[seat] = dict(ledger.owed)
        for owner, amount in sorted(ledger.owed.items()):
            if amount > before.get(owner, 0):
                events.append(Note(seat, f"{self.name(seat)} owes {self.name(owner)} {amount}M in use fees, "
                                         f"due from the next payoffs."))
        return events

    def earn(self, seat: int, amount: int) -> list[Event]:
        events = super().earn(seat, amount)
        owed = self.lunar.late[seat] if self.lunar.late else {}
        for creditor in sorted(owed):
            part = min(owed[creditor], self.players[seat].cash)
            if part <= 0:
                continue
            self.pay(seat, creditor, part)
            owed[creditor] -= part
            if not owed[creditor]:
                del owed[creditor]
            events.append(Note(seat, f"{self.name(seat)} pays {self.name(creditor)} {part}M of late use fees."))
        return events

    def late_fees(self, seat: int) -> int:
        """Use fees `seat` owes in all (Late Payment)."""
        return sum(self.lunar.late[seat].values()) if self.lunar.late else 0
