"""Challenge game: Additional Trains. "Each player starts with two trains, a
Von Braun and a Level II train of his choice, which may be upgraded in the
usual way. Each player may move both of his trains every turn. Players may
(by mutual agreement) have four Demand cards instead of three."

The shared crayon state knows one train per player (``Player``: loco, loads,
position, facing). The player's other train waits in ``lunar.spare`` with
the movement it has left this turn; switching trains swaps the two, so every
rule of running, loading and upgrading applies to the train being run.

Readings (rules.yaml): the loco card counts do not limit upgrades (18 cards
cannot give six players two trains each); both trains share the turn's
rent (4M per opponent per turn) and its 20M building limit; the Light Engine
bonus is each train's own ("your train is carrying fewer than the maximum"):
granted to each at the start of the turn and lost by that train's own
pickups and deliveries, kept with it while the other runs; a train caught by
a meteor or radiation costs the player its next turn once, however many of
its trains are caught; a second train struck by a meteor is put back at once
on "any city to which he has track already built" (any city with no track).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.hexgrid import as_hex
from game.crayon.events import Note
from game.crayon.lunar_rails import actions as LA
from game.crayon.lunar_rails.extras import SpareTrain
from game.crayon.player import Decision

if TYPE_CHECKING:
    from game.crayon.lunar_rails.variants import LunarVariantsMixin as _Base
else:
    _Base = object

Hex = tuple[int, int]
CHOOSE = "second_train"  # each player's set-up choice of the Level II train
RELOCATE_SPARE = "relocate_spare"  # the second train struck by a meteor is put back on a city


class TrainsMixin(_Base):
    """Two trains per player, run one at a time."""

    def two_trains(self) -> bool:
        return self.options.get("additional_trains", "off") != "off"

    # Set-up ----------------------------------------------------------------------

    def place_held_cards(self, held: list[int]) -> None:
        super().place_held_cards(held)
        if self.two_trains():
            self.pending.extend(Decision(i, CHOOSE, 0) for i in range(len(self.players)))

    def second_train_options(self) -> list[Any]:
        return [LA.ChooseTrain(lc.name) for lc in self.rules.locos if lc.level == 2]

    def _do_choose_train(self, a: Any) -> list[Event]:
        d = self._need_decision(CHOOSE)
        if a not in self.second_train_options():
            raise IllegalAction("train", "Choose a Level II train.")
        self.pending.pop(0)
        self.lunar.spare[d.seat] = SpareTrain(a.loco)
        self.lunar.running[d.seat] = 0
        return [Note(d.seat, f"{self.name(d.seat)} takes a {a.loco} as second train.")]

    # Running one train, then the other ---------------------------------------------

    def switch_refusal(self, seat: int) -> str:
        if not self.two_trains():
            return "Additional trains are not in use in this game."
        if seat not in self.lunar.spare:
            return "You have only one train."
        if self.pending or self.forfeit or seat != self.seat:
            return "Switch trains during your own turn."
        return ""

    def switch_action(self) -> Any:
        """The move that runs the other train (for the computer players)."""
        return LA.SwitchTrain()

    def _do_switch_train(self, a: Any) -> list[Event]:
        self._need_turn()
        why = self.switch_refusal(self.seat)
        if why:
            raise IllegalAction("switch", why)
        seat = self.seat
        p, other = self.players[seat], self.lunar.spare[seat]
        parked = SpareTrain(p.loco, p.loads, p.position, p.came_from, self.moves_left, list(self.lunar.light))
        p.loco, p.loads, p.position, p.came_from = other.loco, other.loads, other.position, other.came_from
        self.moves_left = other.moves_left if self.phase == "operate" and not self.building else 0
        self.lunar.light = list(other.light)  # each train keeps its own Light Engine bonus
        self.lunar.spare[seat] = parked
        self.lunar.running[seat] = 1 - self.lunar.running.get(seat, 0)
        where = self.place(p.position) if p.position is not None else "off the map"
        return [Note(seat, f"{self.name(seat)} runs the {p.loco} ({where}) now.")]

    def _begin_turn(self) -> list[Event]:
        events = super()._begin_turn()
        if self.phase == "operate" and self.phase != "over" and self.seat in self.lunar.spare:
            other = self.lunar.spare[self.seat]
            loco = self.rules.loco(other.loco)
            bonus = loco.capacity - len(other.loads) if self.options.get("light_engine") else 0
            other.moves_left = loco.speed + bonus
            other.light = [bonus, len(other.loads), 0]
        return events

    def start_over(self, seat: int) -> list[Event]:
        other = self.lunar.spare.get(seat)
        if other is None:
            return super().start_over(seat)
        events = super().start_over(seat)
        for load in other.loads:
            self._return_chip(load, self.nearest_city(other.position) if other.position else "")
        capacity = self.rules.loco(other.loco).capacity
        second = [lc for lc in self.rules.locos if lc.level == 2]
        loco = next((lc for lc in second if lc.capacity == capacity), second[0])
        self.lunar.spare[seat] = SpareTrain(loco.name)
        self.lunar.running[seat] = 0
        return events

    def train_list(self, seat: int) -> list[tuple[str, list[str], Hex | None, bool]]:
        """Both trains of `seat`: (loco, loads, milepost, being run now)."""
        p = self.players[seat]
        out = [(p.loco, list(p.loads), p.position, True)]
        other = self.lunar.spare.get(seat)
        if other is not None:
            out.append((other.loco, list(other.loads), other.position, False))
        return out

    # Hazards for the train not being run ----------------------------------------------

    def _meteor_strike(self, card: int, city: str, spec: Any) -> list[Event]:
        events = super()._meteor_strike(card, city, spec)
        target = self.lunar.strikes[-1][1]
        zone = self.strike_zone(target) if target is not None else set()
        for seat, other in sorted(self.lunar.spare.items()):
            if other.position in zone:
                events += self._spare_caught(seat, everything=True, active_caught=self.players[seat].position in zone)
                other.position = other.came_from = None
                self.pending.append(Decision(seat, RELOCATE_SPARE, card))
        return events

    def spare_title(self, seat: int) -> str:
        return f"Put the {self.lunar.spare[seat].loco} back on a city your track reaches"

    def _do_relocate(self, a: Any) -> list[Event]:
        if not self.pending or self.pending[0].kind != RELOCATE_SPARE:
            return super()._do_relocate(a)
        d = self.pending[0]
        if a not in self.relocate_options(d.seat):
            raise IllegalAction("relocate", "Put the train on a city your own track reaches.")
        self.pending.pop(0)
        other = self.lunar.spare[d.seat]
        other.position, other.came_from = as_hex(a.milepost), None
        return [Note(d.seat, f"{self.name(d.seat)} puts the {other.loco} back in {self.place(other.position)}.")]

    def after_turn(self, seat: int) -> list[Event]:
        before = self.players[seat].lost_turns
        events = super().after_turn(seat)
        other = self.lunar.spare.get(seat)
        if other is None or other.position is None or other.position in self.board.city_at or self.turn_lost:
            return events
        for _ev, spec in self._in_play("cosmic_rays", "solar_flare"):
            if other.position in self.half(spec):
                events.append(Note(seat, f"{self.name(seat)}'s {other.loco} is caught in the open by the "
                                         f"{spec.title}."))
                events += self._spare_caught(seat, spec.kind == "cosmic_rays",
                                             self.players[seat].lost_turns > before)
                break
        return events

    def _spare_caught(self, seat: int, everything: bool, active_caught: bool) -> list[Event]:
        """The other train loses all its loads (or its last one); the player
        loses the next turn unless its running train already costs it."""
        other = self.lunar.spare[seat]
        lost = list(other.loads) if everything else other.loads[-1:]
        for load in lost:
            other.loads.remove(load)
            self._return_chip(load, self.nearest_city(other.position) if other.position else "")
        if not active_caught:
            self.players[seat].lost_turns += 1
            if seat == self.seat and self.phase == "operate":
                self.forfeit = True
        names = ", ".join(lost) or "no load"
        return [Note(seat, f"{self.name(seat)}'s {other.loco} loses {names}.")]
