"""Mercy: Starting Over, the exception for rented track. "If removal of your
track will prove to be a hardship on any other player, because they were
planning on renting your track on an upcoming turn, then this track remains
on the board until that run has been made, and is then removed. The
player's 4 million for renting the track is given to the bank instead of
you. By the player declaring this, you may be able to continue the game
without restarting. Under this circumstance, you may choose not to restart
and the other player is now committed to using the track as declared."

Readings (rules.yaml): a player who starts over while owning track first
asks each other player in turn whether it declares a run over that track
(nothing changes yet). Nobody declares: the restart is made and the track
erased. The first to declare stops the asking, and the player chooses:
- start over: all the old track stays on the board until the end of the
  declarer's next turn (then it is erased, run or not), the use fee for it
  going to the bank; it no longer counts for its old owner (no network, no
  Major Cities);
- not start over: the turn goes on as if nothing had been said (no second
  start over that turn), and the declarer is committed: at the end of its
  next turn it pays the owner the use fee if it has not run on that track.
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
DECLARE = "keep_rental"  # another player: will it rent the old track?
RESTART = "restart_choice"  # the player starting over, after a declaration: restart or not


class RestartMixin(_Base):
    """Track kept for a declared rental after its owner started over, or a
    restart given up for it."""

    def start_over(self, seat: int) -> list[Event]:
        mine = bool(self.own_sections(seat))
        if not mine or len(self.players) < 2:
            return super().start_over(seat)
        n = len(self.players)
        self.pending.extend(Decision((seat + i) % n, DECLARE, seat) for i in range(1, n))
        return [Note(seat, f"{self.name(seat)} means to start over: does anyone plan to rent the old track?")]

    def clear_track(self, seat: int) -> None:
        """Track a declarer keeps for its run stays (``lunar.kept``)."""
        for pair in self.own_sections(seat):
            del self.track[pair]
        self._track_changed()

    def declare_options(self) -> list[Any]:
        return [LA.DeclareRental(True), LA.DeclareRental(False)]

    def restart_options(self) -> list[Any]:
        return [LA.ConfirmRestart(True), LA.ConfirmRestart(False)]

    def _do_declare_rental(self, a: Any) -> list[Event]:
        d = self._need_decision(DECLARE)
        self.pending.pop(0)
        owner = d.card
        if a.keep:
            self.pending = [x for x in self.pending if not (x.kind == DECLARE and x.card == owner)]
            self.pending.insert(0, Decision(owner, RESTART, d.seat))
            return [Note(d.seat, f"{self.name(d.seat)} declares a run over {self.name(owner)}'s track on "
                                 f"the next turn.")]
        if any(x.kind == DECLARE and x.card == owner for x in self.pending):
            return []
        return super().start_over(owner)

    def _do_confirm_restart(self, a: Any) -> list[Event]:
        d = self._need_decision(RESTART)
        self.pending.pop(0)
        owner, renter = d.seat, d.card
        if a.restart:
            for pair in self.own_sections(owner):
                self.lunar.kept[pair] = renter
            self._track_changed()
            return [Note(owner, f"{self.name(owner)}'s old track stays until the end of {self.name(renter)}'s "
                                f"next turn.")] + super().start_over(owner)
        self.lunar.committed[renter] = owner
        self.flags["restart_declined"] = True
        return [Note(owner, f"{self.name(owner)} does not start over after all; {self.name(renter)} is "
                            f"committed to renting {self.name(owner)}'s track on the next turn.")]

    def _erase_kept(self, pairs: list[tuple[Hex, Hex]]) -> None:
        for pair in pairs:
            self.lunar.kept.pop(pair, None)
            self.track.pop(pair, None)
        self._track_changed()

    def after_turn(self, seat: int) -> list[Event]:
        events = self._keep_commitment(seat) + super().after_turn(seat)
        for pair in [p for p in self.lunar.kept if p not in self.track]:  # erased meanwhile (a meteor)
            del self.lunar.kept[pair]
        done = [p for p, r in self.lunar.kept.items() if r == seat]
        if done:
            self._erase_kept(done)
            events.append(Note(seat, f"The old track {self.name(seat)} declared it would rent is erased."))
        return events

    def _keep_commitment(self, seat: int) -> list[Event]:
        """The end of a committed renter's next turn (a lost turn keeps the
        commitment): it pays the use fee if its train did not run on the track."""
        owner = self.lunar.committed.get(seat)
        if owner is None or self.turn_lost or self.phase != "operate":
            return []
        del self.lunar.committed[seat]
        fee = min(self.rent_fee(), self.players[seat].cash)
        if owner in self.rent_paid or not fee:
            return []
        self.pay(seat, owner, fee)
        return [Note(seat, f"{self.name(seat)} pays {self.name(owner)} the {fee}M use fee it committed to.")]

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

    def own_sections(self, seat: int) -> list[tuple[Hex, Hex]]:
        """The sections of `seat`'s track that still count for it (none kept for a declared rental)."""
        return [p for p, o in self._own_track().items() if o == seat]

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
