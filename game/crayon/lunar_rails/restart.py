"""Mercy: Starting Over, the exception for rented track. "If removal of your
track will prove to be a hardship on any other player, because they were
planning on renting your track on an upcoming turn, then this track remains
on the board until that run has been made, and is then removed. The
player's 4 million for renting the track is given to the bank instead of
you."

Readings (rules.yaml): when a player starts over, each other player in turn
is asked whether it declares a run over that track; the first to declare
keeps all of it on the board until the end of its next turn (then it is
erased, run or not: "the other player is now committed"), paying the use
fee for it to the bank. The track no longer counts for the player who
started over (no network, no Major Cities). Choosing not to restart after a
declaration is not offered: the restart has been made by then.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.events import Event
from game.crayon.events import Note
from game.crayon.lunar_rails import actions as LA
from game.crayon.network import connected_majors, network_nodes
from game.crayon.player import Decision

if TYPE_CHECKING:
    from game.crayon.lunar_rails.variants import LunarVariantsMixin as _Base
else:
    _Base = object

Hex = tuple[int, int]
DECLARE = "keep_rental"
UNDECIDED = -1  # kept while the other players are asked


class RestartMixin(_Base):
    """Track kept for a declared rental after its owner started over."""

    def clear_track(self, seat: int) -> None:
        mine = [pair for pair, owner in self.track.items() if owner == seat and pair not in self.lunar.kept]
        if not mine or len(self.players) < 2:
            super().clear_track(seat)
            return
        for pair in mine:
            self.lunar.kept[pair] = UNDECIDED
        self._track_changed()
        n = len(self.players)
        self.pending.extend(Decision((seat + i) % n, DECLARE, seat) for i in range(1, n))

    def declare_options(self) -> list[Any]:
        return [LA.DeclareRental(True), LA.DeclareRental(False)]

    def _do_declare_rental(self, a: Any) -> list[Event]:
        d = self._need_decision(DECLARE)
        self.pending.pop(0)
        owner = d.card
        events: list[Event] = []
        undecided = [p for p, r in self.lunar.kept.items() if r == UNDECIDED and self.track.get(p) == owner]
        if a.keep:
            for pair in undecided:
                self.lunar.kept[pair] = d.seat
            self.pending = [x for x in self.pending if not (x.kind == DECLARE and x.card == owner)]
            return [Note(d.seat, f"{self.name(d.seat)} declares a run over {self.name(owner)}'s old track: it "
                                 f"stays until the end of {self.name(d.seat)}'s next turn.")]
        if not any(x.kind == DECLARE and x.card == owner for x in self.pending):
            self._erase_kept(undecided)
            events.append(Note(owner, f"{self.name(owner)}'s old track is erased."))
        return events

    def _erase_kept(self, pairs: list[tuple[Hex, Hex]]) -> None:
        for pair in pairs:
            self.lunar.kept.pop(pair, None)
            self.track.pop(pair, None)
        self._track_changed()

    def after_turn(self, seat: int) -> list[Event]:
        events = super().after_turn(seat)
        for pair in [p for p in self.lunar.kept if p not in self.track]:  # erased meanwhile (a meteor)
            del self.lunar.kept[pair]
        done = [p for p, r in self.lunar.kept.items() if r == seat]
        if done:
            self._erase_kept(done)
            events.append(Note(seat, f"The old track {self.name(seat)} declared it would rent is erased."))
        return events

    def pay_rent(self, seat: int, owner: int, fee: int) -> None:
        if self._renting_kept(seat, owner) and not self.options.get("late_payment"):
            self.pay(seat, None, fee)  # the fee for the old track goes to the bank
        else:
            super().pay_rent(seat, owner, fee)

    def _renting_kept(self, seat: int, owner: int) -> bool:
        return any(r == seat and self.track.get(p) == owner for p, r in self.lunar.kept.items())

    # The old track no longer counts for its owner ---------------------------------------

    def _own_track(self) -> dict[tuple[Hex, Hex], int]:
        return {p: o for p, o in self.track.items() if p not in self.lunar.kept}

    def network(self, seat: int) -> set[Hex]:
        if not self.lunar.kept:
            return super().network(seat)
        key = ("kept", seat)
        if key not in self._net:
            nodes = network_nodes(self.board, self._own_track(), seat, self.ferry_owners)
            if self.options.get("branching"):
                nodes |= {h for pair in self.track for h in pair}
            self._net[key] = nodes
        return set(self._net[key])

    def connected_majors(self, seat: int) -> list[str]:
        if not self.lunar.kept:
            return super().connected_majors(seat)
        key = ("kept_majors", seat)
        if key not in self._net:
            self._net[key] = connected_majors(self.board, self._own_track(), seat, self.ferry_owners)
        return list(self._net[key])
