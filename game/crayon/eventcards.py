"""Event cards: drawing to a full hand, resolving each kind of event, what
active events forbid, when they leave play, and the choices they ask for.

Kinds handled here (events.yaml `kind`): rail_tax, supply_scandal, flood,
derailment, weather, lockdown, closed_borders, special_demand. A game package
adds its own kinds by defining ``event_<kind>(card, spec, drawer)``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.hexgrid import distance, pair_key
from game.crayon import actions as A
from game.crayon.content import EventSpec
from game.crayon.events import CardDrawn, EventDrawn, Note, TrackErased
from game.crayon.player import ActiveEvent, Decision

if TYPE_CHECKING:
    from game.crayon.host import CrayonHost as _Host
else:
    _Host = object

Hex = tuple[int, int]
Pair = tuple[Hex, Hex]
_BORDERS: dict[int, tuple[Any, frozenset[Pair]]] = {}


@dataclass(frozen=True)
class _Effects:
    flooded: dict[Pair, str]  # segment -> why it may not be crossed
    weather: dict[Hex, str]  # milepost -> the weather event's title
    closed_borders: str  # why no train may cross a border now, or ""


class EventCardsMixin(_Host):

    # Drawing -------------------------------------------------------------------

    def draw_to_full(self, seat: int) -> list[Event]:
        """Draw until `seat` holds a full hand, resolving events as they come."""
        events: list[Event] = []
        p = self.players[seat]
        while len(p.hand) < self.rules.hand_size and self.phase != "over":
            card = self.deck.draw(self.rng)
            if card is None:
                events.append(Note(seat, "The deck is empty."))
                break
            if card in self.data.demands:
                p.hand.append(card)
                events.append(CardDrawn(seat, self.name(seat), card))
            else:
                events += self.resolve_event(card, seat)
        return events

    def active_spec(self, ev: ActiveEvent) -> EventSpec:
        return self.data.events[ev.card].for_era(ev.half or self.era)

    def resolve_event(self, card: int, drawer: int) -> list[Event]:
        """Put an event card into effect (it is shown to everyone)."""
        ec = self.data.events[card]
        half = self.era if ec.is_dual else ""
        spec = ec.for_era(self.era)
        events: list[Event] = [EventDrawn(drawer, self.name(drawer), card, spec.title, spec.text)]
        handler = getattr(self, "event_" + spec.kind, None)
        if handler is None:
            raise ValueError(f"event card {card} has an unknown kind {spec.kind!r}")
        stays, more = handler(card, spec, drawer)
        events += more
        if stays == "next_turn":
            self.active.append(ActiveEvent(card, drawer, self.players[drawer].turns_taken + 2, half))
        elif isinstance(stays, int):  # for the drawer's current turn and `stays` full turns more
            self.active.append(ActiveEvent(card, drawer, self.players[drawer].turns_taken + 1 + stays, half))
        elif stays == "until_filled":
            self.active.append(ActiveEvent(card, drawer, None, half))
        elif stays == "permanent":
            self.active.append(ActiveEvent(card, drawer, None, half))
        else:
            self.deck.discard(card)
        return events

    def _expire_events(self, seat: int) -> list[Event]:
        """Events drawn by `seat` that end with the turn it just finished."""
        done = self.players[seat].turns_taken
        events: list[Event] = []
        for ev in list(self.active):
            if ev.drawer == seat and ev.until is not None and done >= ev.until:
                self.active.remove(ev)
                self.deck.discard(ev.card)
                spec = self.active_spec(ev)
                if spec.kind == "flood":
                    self._open_rebuild_rights(ev.card)
                events.append(Note(None, f"The {spec.title} is over."))
        return events

    # What active events forbid ---------------------------------------------------

    def _specs(self, kind: str) -> list[tuple[ActiveEvent, EventSpec]]:
        out = []
        for ev in self.active:
            spec = self.active_spec(ev)
            if spec.kind == kind:
                out.append((ev, spec))
        return out

    def _event_effects(self) -> "_Effects":
        """What the active events forbid, worked out once per set of active
        events (the move and build searches ask at every step)."""
        key = (self.era, tuple((ev.card, ev.half) for ev in self.active))
        kept = self.__dict__.get("_effects")
        if kept is None or kept[0] != key:
            kept = (key, _Effects(self._flooded(), self._weather(), self._closed_borders()))
            self._effects = kept
        return kept[1]

    def weather_mileposts(self) -> dict[Hex, str]:
        """Mileposts under bad weather now -> the event's title (do not modify)."""
        return self._event_effects().weather

    def _weather(self) -> dict[Hex, str]:
        out: dict[Hex, str] = {}
        for _ev, spec in self._specs("weather"):
            for h in self.event_area(spec):
                out[h] = spec.title
        return out

    def no_build_mileposts(self) -> dict[Hex, str]:
        """Mileposts where no track may be built now (events) -> why."""
        return {h: f"No track may be built in the {title} area while it lasts."
                for h, title in self.weather_mileposts().items()}

    def event_area(self, spec: EventSpec) -> set[Hex]:
        board = self.board
        area: set[Hex] = set()
        for name in spec.get("areas", ()):
            area |= set(board.areas.get(name, ()))
        for city_name in spec.get("cities", ()):
            radius = int(spec.get("radius", 0))
            center = board.cities[city_name].center
            area |= {h for h in board.mileposts if distance(h, center) <= radius}
        return area

    def flooded_segments(self) -> dict[Pair, str]:
        """Segments no train or track may cross now -> why (do not modify)."""
        return self._event_effects().flooded

    def _flooded(self) -> dict[Pair, str]:
        out: dict[Pair, str] = {}
        for _ev, spec in self._specs("flood"):
            for river in spec.get("rivers", ()):
                for pair in self.board.rivers.get(river, ()):
                    out[pair] = f"The {river} is in flood: nothing may cross it until the {spec.title} ends."
        return out

    def _closed_borders(self) -> str:
        for _ev, spec in self._specs("closed_borders"):
            return f"No train may cross the borders of {self.rules.home_region} during the {spec.title}."
        return ""

    def blocked_build_segments(self) -> dict[Pair, str]:
        return self.flooded_segments()

    def border_pairs(self) -> frozenset[Pair]:
        """Every segment crossing a border of the home region (cached per board)."""
        board = self.board
        cached = _BORDERS.get(id(board))
        if cached is None or cached[0] is not board:
            cached = (board, frozenset().union(*board.borders.values()) if board.borders else frozenset())
            _BORDERS[id(board)] = cached
        return cached[1]

    def step_refusal(self, seat: int, a: Hex, b: Hex) -> str:
        """Why a train may not run from a to b now because of events, or ""."""
        pair = pair_key(a, b)
        effects = self._event_effects()
        flooded = effects.flooded.get(pair)
        if flooded:
            return flooded
        if effects.closed_borders and pair in self.border_pairs():
            return effects.closed_borders
        return ""

    def step_fee(self, seat: int, a: Hex, b: Hex) -> int:
        """Hook: a fee for running from a to b (e.g. a border duty)."""
        return 0

    # Kinds -------------------------------------------------------------------------

    def event_rail_tax(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        events: list[Event] = []
        for i, p in enumerate(self.players):
            tax = 0
            for bracket in spec.get("brackets", ()):
                if p.cash >= int(bracket["from"]):
                    tax = int(bracket["tax"])
            tax = min(tax, max(p.cash, 0))
            if tax:
                self.pay(i, None, tax)
                events.append(Note(i, f"{self.name(i)} pays {tax}M tax."))
        self.cash_public = True
        events.append(Note(None, "Everyone's cash is now public."))
        return "once", events

    def event_supply_scandal(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        n = len(self.players)
        for k in range(n):
            seat = (drawer + k) % n
            if self.players[seat].position is not None:
                self.pending.append(Decision(seat, "scandal", card))
        return "once", []

    def event_flood(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        erased = []
        for river in spec.get("rivers", ()):
            for pair in sorted(self.board.rivers.get(river, ())):
                owner = self.track.pop(pair, None)
                if owner is not None:
                    erased.append(pair)
                    self.reservations[pair] = (owner, None)
        self._track_changed()
        events: list[Event] = []
        if erased:
            events.append(TrackErased(tuple(erased), f"bridges washed away by the {spec.title}"))
        return "next_turn", events

    def _open_rebuild_rights(self, card: int) -> None:
        """The flood is over: each owner may rebuild its bridges during its next turn."""
        for pair, (owner, deadline) in list(self.reservations.items()):
            if deadline is None and not self._still_flooded(pair):
                self.reservations[pair] = (owner, self.players[owner].turns_taken + 1)

    def _still_flooded(self, pair: Pair) -> bool:
        return pair in self.flooded_segments()

    def event_derailment(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        radius = int(spec.get("radius", 3))
        centers = [self.board.cities[c].center for c in spec.get("cities", ())]
        events: list[Event] = []
        for i, p in enumerate(self.players):
            if p.position is None:  # a train waiting at a ferry port is checked like any other
                continue
            if not any(distance(p.position, c) <= radius for c in centers):
                continue
            p.lost_turns += 1
            if i == self.seat and self.phase == "operate":
                self.forfeit = True
            if p.loads:
                self.pending.append(Decision(i, "return_load", card))
            events.append(Note(i, f"{self.name(i)}'s train is derailed and loses a turn."))
        return "once", events

    def event_weather(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        """Half rate from now on for a train caught in the area mid-turn too."""
        train = self.players[self.seat].position
        if self.phase == "operate" and not self.halved and train in self.event_area(spec):
            self.moves_left -= (self.moves_left + 1) // 2
            self.halved = True
        return "next_turn", []

    def event_lockdown(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        return "next_turn", []

    def event_closed_borders(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        return "next_turn", []

    def event_special_demand(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        return "until_filled", []

    # Decisions -------------------------------------------------------------------

    def decision_options(self, d: Decision) -> list[Any]:
        p = self.players[d.seat]
        if d.kind == "return_load":
            return [A.ReturnLoad(load) for load in sorted(set(p.loads))]
        spec = self.data.events[d.card].for_era(self.era)
        radius = int(spec.get("radius", 7))
        near = {c.name for c in self.board.cities.values()
                if p.position is not None and distance(c.center, p.position) <= radius}
        loads = sorted({load for city in near for load in self.data.supplies.get(city, ())
                        if self.supply.get(load, 0) > 0})
        out: list[Any] = [A.ScandalPick("", "")]
        for load in loads:
            if len(p.loads) < self.capacity(d.seat):
                out.append(A.ScandalPick(load, ""))
            else:
                out += [A.ScandalPick(load, dump) for dump in sorted(set(p.loads))]
        return out

    def auto_decisions(self) -> list[Event]:
        """Answer decisions that leave no choice."""
        events: list[Event] = []
        while self.pending:
            options = self.decision_options(self.pending[0])
            if len(options) > 1:
                break
            if options and not isinstance(options[0], A.ScandalPick):
                handler = self.handler_for(options[0])
                assert handler is not None, "every decision option is an action with a handler"
                events += handler(options[0])  # the handler takes the decision
            else:
                self.pending.pop(0)
        return events

    def _need_decision(self, kind: str) -> Decision:
        if not self.pending or self.pending[0].kind != kind:
            raise IllegalAction("no_decision", "No event is waiting for that choice.")
        return self.pending[0]

    def _return_load(self, seat: int, load: str) -> list[Event]:
        p = self.players[seat]
        p.loads.remove(load)
        assert p.position is not None, "a train carrying loads is on the map"
        self._return_chip(load, self.nearest_city(p.position))
        return [Note(seat, f"{self.name(seat)} loses {load} in the derailment.")]

    def _do_return_load(self, a: A.ReturnLoad) -> list[Event]:
        d = self._need_decision("return_load")
        if a.load not in self.players[d.seat].loads:
            raise IllegalAction("return_load", f"{self.name(d.seat)}'s train is not carrying {a.load}.")
        self.pending.pop(0)
        return self._return_load(d.seat, a.load)

    def _do_scandal_pick(self, a: A.ScandalPick) -> list[Event]:
        d = self._need_decision("scandal")
        if a not in self.decision_options(d):
            raise IllegalAction("scandal", f"{a.load or 'That'} is not available within reach of your train "
                                           f"(or the train is full: name a load to dump).")
        self.pending.pop(0)
        p = self.players[d.seat]
        if not a.load:
            return [Note(d.seat, f"{self.name(d.seat)} takes nothing from the supply depot.")]
        if a.dump:
            p.loads.remove(a.dump)
            assert p.position is not None, "a train carrying loads is on the map"
            self._return_chip(a.dump, self.nearest_city(p.position))
        self.supply[a.load] -= 1
        p.loads.append(a.load)
        return [Note(d.seat, f"{self.name(d.seat)} takes {a.load} from the supply depot.")]
