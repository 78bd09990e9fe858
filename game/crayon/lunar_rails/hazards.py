"""Lunar Rails' event cards (rulebook pages 7-9): Meteor Showers, Strikes,
Shortages and Booms, Moon Quakes and Lava Flows, Decompression, Solar Flares
and Cosmic Rays, and what each forbids while it is in play. Rail Tax is the
engine's own kind.

Directions on the map: a milepost row is shifted half a step from the next,
so "north" zigzags north-west then north-east (and "south" south-east then
south-west); east and west run along the row; the diagonals are straight."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.hexgrid import as_hex, neighbours as hex_neighbours, pair_key
from game.crayon.content import CIRCUS, EventSpec
from game.crayon.events import Delivered, Note, TrackErased
from game.crayon.links import is_pole_link, is_wrap_link, wraps
from game.crayon.lunar_rails import actions as LA
from game.crayon.lunar_rails.extras import LunarExtras
from game.crayon.player import Decision

if TYPE_CHECKING:
    from game.crayon.state import CrayonState as _Base
else:
    _Base = object

Hex = tuple[int, int]

_STEP = {"east": ((1, 0),), "west": ((-1, 0),), "northeast": ((1, -1),), "northwest": ((0, -1),),
         "southeast": ((0, 1),), "southwest": ((-1, 1),),
         "north": ((0, -1), (1, -1)), "south": ((0, 1), (-1, 1))}
DIRECTIONS = tuple(_STEP)


def offset(h: Hex, direction: str, distance: int) -> Hex:
    """The milepost `distance` steps from h toward `direction`, counted like a train moves."""
    steps = _STEP[direction]
    q, r = h
    for i in range(distance):
        dq, dr = steps[i % len(steps)]
        q, r = q + dq, r + dr
    return (q, r)


class LunarEventsMixin(_Base):
    """Event kinds of Lunar Rails and the restrictions of the ones in play."""

    lunar: LunarExtras  # Lunar Rails' own state, set up by LunarRailsState

    # Meteor Showers ----------------------------------------------------------

    def meteor_target(self, city: str, spec: EventSpec) -> Hex | None:
        """Where a meteor aimed at `city` lands, or None when it misses the Moon
        (off the map or on a Wrap Letter; a meteor never wraps)."""
        board = self.board
        direction = str(spec.get("direction"))
        poles = self.rules.variants.get("pole_meteor_direction", {})
        direction = str(poles.get(city, direction))
        target = offset(board.cities[city].center, direction, int(spec.get("distance")))
        if target not in board.mileposts or target in wraps(board):
            return None
        return target

    def strike_zone(self, target: Hex) -> set[Hex]:
        """The target milepost and the mileposts around it (one milepost by default)."""
        zone = {target}
        for _ in range(int(self.rules.variants.get("meteor_radius", 1))):
            zone |= {n for h in zone for n in hex_neighbours(h) if n in self.board.mileposts}
        return zone

    def event_meteor_shower(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        aside: list[int] = []
        self.lunar.strikes = []
        demand = None
        while demand is None:
            drawn = self.deck.draw(self.rng)
            if drawn is None:
                break
            if drawn in self.data.demands:
                demand = drawn
            else:
                aside.append(drawn)
        events: list[Event] = []
        if demand is None:
            events.append(Note(None, "The deck is empty: the meteors miss."))
        else:
            self.deck.discard(demand)
            for d in self.data.demands[demand].demands:
                events += self._meteor_strike(card, d.city, spec)
        for other in aside:
            events += self.resolve_event(other, drawer)
        return "once", events

    def _meteor_strike(self, card: int, city: str, spec: EventSpec) -> list[Event]:
        target = self.meteor_target(city, spec)
        if target is None:
            self.lunar.strikes.append((city, None))
            return [Note(None, f"A meteor aimed near {city} narrowly misses the Moon.")]
        self.lunar.strikes.append((city, target))
        zone = self.strike_zone(target)
        erased = tuple(sorted(pair for pair in self.track if pair[0] in zone or pair[1] in zone))
        for pair in erased:
            del self.track[pair]
        self._track_changed()
        events: list[Event] = [Note(None, f"A meteor aimed near {city} strikes {self.place(target)}.")]
        if erased:
            events.append(TrackErased(erased, f"a meteor near {city}"))
        events += self.after_meteor(target)
        for i, p in enumerate(self.players):
            if p.position in zone:
                events += self._hit_train(i, card, everything=True)
                self.pending.append(Decision(i, "relocate", card))
        return events

    def after_meteor(self, target: Hex) -> list[Event]:
        """Hook for the New Craters rule."""
        return []

    def _hit_train(self, seat: int, card: int, everything: bool) -> list[Event]:
        """The train loses its owner's next turn (and the rest of this one) and
        all its loads, or one of the owner's choice."""
        p = self.players[seat]
        p.lost_turns += 1
        if seat == self.seat and self.phase == "operate":
            self.forfeit = True
        events: list[Event] = [Note(seat, f"{self.name(seat)}'s train is caught and loses a turn.")]
        if everything:
            for load in list(p.loads):
                events += self._return_load(seat, load)
        elif p.loads:
            self.pending.append(Decision(seat, "return_load", card))
        return events

    def relocate_options(self, seat: int) -> list[Any]:
        """Cities the player's track reaches (any city when it has none)."""
        names = self.cities_connected(seat) or sorted(self.board.cities)
        return [LA.Relocate(self.board.cities[n].center) for n in names]

    def _do_relocate(self, a: Any) -> list[Event]:
        d = self._need_decision("relocate")
        if a not in self.relocate_options(d.seat):
            raise IllegalAction("relocate", "Put the train on a city your own track reaches.")
        self.pending.pop(0)
        p = self.players[d.seat]
        p.position, p.came_from = as_hex(a.milepost), None
        return [Note(d.seat, f"{self.name(d.seat)} puts the train back in {self.place(p.position)}.")]

    # Cards that stay in play ------------------------------------------------

    def event_strike(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        return "next_turn", []

    def event_seismic(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        return "next_turn", []

    def event_decompression(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        return "next_turn", []

    def event_solar_flare(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        return "next_turn", []

    def event_cosmic_rays(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        return "next_turn", []

    def event_shortage(self, card: int, spec: EventSpec, drawer: int) -> tuple[Any, list[Event]]:
        return int(spec.get("turns", 3)), []

    # What the cards in play forbid --------------------------------------------

    def _in_play(self, *kinds: str) -> list[tuple[Any, EventSpec]]:
        return [(ev, spec) for ev in self.active if (spec := self.active_spec(ev)).kind in kinds]

    def half(self, spec: EventSpec) -> frozenset[Hex]:
        return self.board.areas.get(str(spec.get("area")), frozenset())

    def closed_terrain(self) -> dict[str, str]:
        """Terrain closed by Moon Quakes or Lava Flows -> the card's title."""
        return {str(t): spec.title for _ev, spec in self._in_play("seismic") for t in spec.get("terrain", ())}

    def no_build_mileposts(self) -> dict[Hex, str]:
        key = ("no_build", tuple(ev.card for ev in self.active))
        if key not in self._net:
            self._net[key] = self._no_build()
        return self._net[key]

    def _no_build(self) -> dict[Hex, str]:
        board = self.board
        out: dict[Hex, str] = {}
        closed = self.closed_terrain()
        if closed:
            for h, t in board.mileposts.items():
                if t in closed:
                    out[h] = f"No track may be built on {t} mileposts during the {closed[t]}."
        for _ev, spec in self._in_play("solar_flare", "cosmic_rays"):
            for h in self.half(spec):
                out[h] = f"No track may be built in the {spec.get('area')} during the {spec.title}."
        for _ev, spec in self._in_play("strike"):
            forbids = spec.get("forbids")
            if forbids == "building":
                out.update(dict.fromkeys(board.mileposts, f"No track may be built during the {spec.title}."))
            elif forbids == "wraps":
                out.update(dict.fromkeys(wraps(board), f"No track may be built to a Wrap Letter during the "
                                                       f"{spec.title}."))
        return out

    def step_refusal(self, seat: int, a: Hex, b: Hex) -> str:
        why = super().step_refusal(seat, a, b)
        if why or not self.active:
            return why
        board = self.board
        closed = self.closed_terrain()
        for h in (a, b):
            if board.mileposts.get(h) in closed:
                return f"No train may move on {board.mileposts[h]} mileposts during the {closed[board.mileposts[h]]}."
        owner = self.track.get(pair_key(a, b))
        for ev, spec in self._in_play("decompression", "strike", "cosmic_rays"):
            if spec.kind == "decompression" and owner == ev.drawer:
                return f"No train may run on {self.name(ev.drawer)}'s track during the {spec.title}."
            if spec.kind == "strike" and spec.get("forbids") == "wraps" and (
                    b in wraps(board) or is_wrap_link(board, a, b) or is_pole_link(board, a, b)):
                return f"No train may cross to the other side during the {spec.title}."
            if spec.kind == "cosmic_rays" and a in board.city_at and a in self.half(spec) \
                    and board.city_at.get(b) != board.city_at[a]:
                return f"Train crews refuse to leave {board.city_at[a]} during the {spec.title}."
        return ""

    def rent_fee(self) -> int:
        if self._in_play("cosmic_rays"):
            return 0
        return int(self.rules.rent)

    def city_refusal(self, city: str) -> str:
        why = super().city_refusal(city)
        if why:
            return why
        if self.board.cities[city].size == "major":
            for _ev, spec in self._in_play("strike"):
                if spec.get("forbids") == "major_loads":
                    return f"No loads may be picked up or delivered in a Major City during the {spec.title}."
        return ""

    def radiation_check(self, seat: int) -> list[Event]:
        """End of a player's turn: a train in the open under a Solar Flare loses
        a turn and one load, under Cosmic Rays a turn and all its loads (a lost
        turn, when the train could not seek cover, is not checked)."""
        p = self.players[seat]
        if self.turn_lost or p.position is None or p.position in self.board.city_at or self.phase != "operate":
            return []
        for ev, spec in self._in_play("cosmic_rays", "solar_flare"):
            if p.position in self.half(spec):
                return [Note(seat, f"{self.name(seat)}'s train is caught in the open by the {spec.title}.")] + \
                    self._hit_train(seat, ev.card, everything=spec.kind == "cosmic_rays")
        return []

    # Shortages and Booms ------------------------------------------------------

    def shortage_options(self, seat: int) -> list[Any]:
        p = self.players[seat]
        city = self.board.city_at.get(p.position)
        if city is None or self.board.cities[city].size != "major" or self.city_refusal(city):
            return []
        return [LA.DeliverShortage(ev.card, load) for ev, spec in self._in_play("shortage")
                for load in sorted(set(spec.get("loads", ()))) if load in p.loads]

    def _do_deliver_shortage(self, a: Any) -> list[Event]:
        self._need_operations()
        p = self._need_train()
        if a not in self.shortage_options(self.seat):
            raise IllegalAction("shortage", f"Deliver a load the shortage asks for, carried on your train, "
                                            f"in a Major City.")
        city = self.board.city_at[p.position]
        ev = next(e for e in self.active if e.card == a.card)
        reward = int(self.active_spec(ev).get("reward"))
        p.loads.remove(a.load)
        self._return_chip(a.load, city)
        self.active.remove(ev)
        self.deck.discard(ev.card)
        self.acted = True
        return [Delivered(self.seat, self.name(self.seat), a.load, city, reward)] + self.earn(self.seat, reward)

    def shortage_loads(self) -> list[tuple[int, str, int]]:
        """(card, load, reward) for every load a shortage in play asks for."""
        return [(ev.card, str(load), int(spec.get("reward"))) for ev, spec in self._in_play("shortage")
                for load in spec.get("loads", ()) if load != CIRCUS]
