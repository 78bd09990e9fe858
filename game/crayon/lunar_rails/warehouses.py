"""Challenge game: Private Warehousing, and the empty-tray retrieval it
shares with the Wordelmann field warehouses.

"A player may build one private warehouse on the board at any mare milepost.
This costs 10 million, and is considered part of the building turn. Only one
warehouse may occupy any one milepost. [...] The player owning this warehouse
may drop off up to two loads at this location." They stay until the owner
picks them up, a player at a city whose tray is empty takes one (staying in
the city the whole next turn), the owner exchanges one with a passing train,
or sells one to it for 5M. A disaster affecting the warehouse returns its
loads to the tray; a meteor striking it destroys it too.

Readings (rules.yaml): the 10M counts against the turn's 20M; "the player
may exchange [...] the player may sell": the owner decides, so a train
stopped on the warehouse milepost asks for a swap or a purchase and the
owner accepts or refuses (a refused request is not asked again that turn);
retrieving from a warehouse ends the train's
movement this turn and the player loses the next turn; disasters are meteor
strikes (the warehouse is destroyed with its track), Solar Flares and Cosmic Rays over it, and Moon
Quakes or Lava Flows closing mare.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.hexgrid import as_hex
from game.crayon.content import EventSpec
from game.crayon.events import Note
from game.crayon.links import wraps
from game.crayon.lunar_rails import actions as LA
from game.crayon.lunar_rails.extras import TradeRequest, Warehouse
from game.crayon.player import Decision

if TYPE_CHECKING:
    from game.crayon.lunar_rails.variants import LunarVariantsMixin as _Base
else:
    _Base = object

Hex = tuple[int, int]
ASK = "warehouse_trade"  # the owner's answer to a swap or sale asked at the warehouse


class WarehouseMixin(_Base):
    """Private warehouses: building, storing, fetching, trading, retrieving, disasters."""

    # Building ------------------------------------------------------------------

    def warehouse_refusal(self, seat: int, h: Hex) -> str:
        """Why `seat` may not build its warehouse at `h` now, or ""."""
        if not self.options.get("private_warehousing"):
            return "Private warehousing is not in use in this game."
        if self.pending or self.forfeit or seat != self.seat:
            return "Build a warehouse in your own building phase."
        if seat in self.lunar.warehouses:
            return "You already have a warehouse."
        if h not in self.board.mileposts or self.terrain_at(h) != "clear" or h in self.board.city_at \
                or h in wraps(self.board):
            return "A warehouse stands on a mare milepost."
        if any(w.milepost == h for w in self.lunar.warehouses.values()):
            return "Only one warehouse may occupy a milepost."
        why = self.no_build_mileposts().get(h)
        if why:
            return why
        cost = self.variant("warehouse_cost")
        if self.spent + cost > self.rules.build_budget:
            return f"A warehouse costs {cost}M and you may spend only {self.rules.build_budget - self.spent}M more."
        if self.players[seat].cash < cost:
            return f"A warehouse costs {cost}M and you have {self.players[seat].cash}M."
        return ""

    def _do_build_warehouse(self, a: Any) -> list[Event]:
        self._need_turn()
        h = as_hex(a.milepost)
        why = self.warehouse_refusal(self.seat, h)
        if why:
            raise IllegalAction("warehouse", why)
        cost = self.variant("warehouse_cost")
        self.pay(self.seat, None, cost)
        self.spent += cost
        self.building = True
        self.acted = True
        self.lunar.warehouses[self.seat] = Warehouse(h)
        return [Note(self.seat, f"{self.name(self.seat)} builds a warehouse at {self.place(h)} for {cost}M.")]

    # At the warehouse ------------------------------------------------------------

    def warehouse_here(self, seat: int) -> tuple[int, Warehouse] | None:
        """(owner, warehouse) where `seat`'s train stands, if any."""
        pos = self.players[seat].position
        return next(((o, w) for o, w in sorted(self.lunar.warehouses.items()) if w.milepost == pos), None)

    def warehouse_actions(self, seat: int) -> list[Any]:
        """Storing, fetching, exchanging and buying loads at the warehouse
        the train stands on (every one listed is accepted)."""
        if self.phase != "operate" or self.building or self.forfeit or seat != self.seat:
            return []
        here = self.warehouse_here(seat)
        if here is None:
            return []
        owner, w = here
        out: list[Any] = []
        cap = self.capacity(seat)
        loads = self.players[seat].loads
        put, take = self._load_step(), self._light_pickup_cost(seat)  # Cost to Load; a lost Light Engine bonus
        left = self.moves_left
        if owner == seat:
            if len(w.loads) < self.variant("warehouse_loads") and put <= left:
                out += [LA.Store(x) for x in sorted(set(loads))]
            if len(loads) < cap and take <= left:
                out += [LA.Fetch(x) for x in sorted(set(w.loads))]
            return out
        price = self.variant("warehouse_sale")
        refused = self.flags.get("refused_trades", [])
        for x in sorted(set(w.loads)):
            if 2 * put <= left:
                out += [LA.WarehouseTrade(owner, x, give) for give in sorted(set(loads))]
            if len(loads) < cap and self.players[seat].cash >= price and take <= left:
                out.append(LA.WarehouseTrade(owner, x, ""))
        return [a for a in out if not isinstance(a, LA.WarehouseTrade) or [a.owner, a.load, a.give] not in refused]

    def _load_step(self) -> int:
        """Movement a load handled costs (Cost to Load)."""
        return self.variant("load_move_cost") if self.options.get("cost_to_load") else 0

    def _at_warehouse(self, a: Any) -> None:
        self._need_operations()
        self._need_train()
        if a not in self.warehouse_actions(self.seat):
            refused = isinstance(a, LA.WarehouseTrade) and \
                [a.owner, a.load, a.give] in self.flags.get("refused_trades", [])
            raise IllegalAction("warehouse", f"{self.name(a.owner)} has already refused that this turn." if refused
                                else "That cannot be done at this warehouse now.")

    def _do_store(self, a: Any) -> list[Event]:
        self._at_warehouse(a)
        self.players[self.seat].loads.remove(a.load)
        self.lunar.warehouses[self.seat].loads.append(a.load)
        self._handled(self._load_step())
        return [Note(self.seat, f"{self.name(self.seat)} stores {a.load} in the warehouse.")]

    def _do_fetch(self, a: Any) -> list[Event]:
        self._at_warehouse(a)
        cost = self._light_pickup_cost(self.seat)
        self.lunar.warehouses[self.seat].loads.remove(a.load)
        self.players[self.seat].loads.append(a.load)
        self._handled(cost)
        return [Note(self.seat, f"{self.name(self.seat)} takes {a.load} from the warehouse.")]

    def _do_warehouse_trade(self, a: Any) -> list[Event]:
        self._at_warehouse(a)
        r = TradeRequest(self.seat, a.owner, a.load, a.give)
        self.lunar.request = r
        self.pending.insert(0, Decision(a.owner, ASK, 0))
        return [Note(self.seat, f"{self.name(self.seat)} asks {self.name(a.owner)} to {self.request_words(r)}.")]

    def request_words(self, r: TradeRequest) -> str:
        """The swap or sale asked at a warehouse, for the log and the owner's prompt."""
        if r.give:
            return f"swap the {r.load} in the warehouse for {r.give}"
        return f"sell the {r.load} in the warehouse for {self.variant('warehouse_sale')}M"

    def trade_answers(self) -> list[Any]:
        return [LA.AnswerTrade(True), LA.AnswerTrade(False)]

    def _do_answer_trade(self, a: Any) -> list[Event]:
        d = self._need_decision(ASK)
        r = self.lunar.request
        if r is None:
            raise IllegalAction("warehouse", "Nobody is asking for a load from your warehouse.")
        self.pending.pop(0)
        self.lunar.request = None
        if not a.accept:
            self.flags["refused_trades"] = self.flags.get("refused_trades", []) + [[r.owner, r.load, r.give]]
            return [Note(d.seat, f"{self.name(d.seat)} refuses to {self.request_words(r)}.")]
        return self._trade(r)

    def _trade(self, r: TradeRequest) -> list[Event]:
        """The swap or sale the owner agreed to, made by the visiting train."""
        seat, w, p = r.visitor, self.lunar.warehouses[r.owner], self.players[r.visitor]
        cost = 2 * self._load_step() if r.give else self._light_pickup_cost(seat)
        w.loads.remove(r.load)
        p.loads.append(r.load)
        if r.give:
            p.loads.remove(r.give)
            w.loads.append(r.give)
        self._handled(cost)
        if r.give:
            return [Note(seat, f"{self.name(r.owner)} agrees: {self.name(seat)} exchanges {r.give} for "
                               f"{r.load} at the warehouse.")]
        price = self.variant("warehouse_sale")
        self.pay(seat, r.owner, price)
        return [Note(seat, f"{self.name(r.owner)} agrees: {self.name(seat)} buys {r.load} for {price}M at "
                           f"the warehouse.")]

    def _handled(self, cost: int) -> None:
        """A load handled at a warehouse: its movement (and the Light Engine bookkeeping)."""
        self._after_load_change(cost)
        self.acted = True

    # Empty tray: take from a warehouse -------------------------------------------

    def retrieve_options(self, seat: int) -> list[Any]:
        """At a city whose tray of a load it makes is empty: the loads of that
        kind in private warehouses (and, Wordelmann, field warehouses)."""
        if self.phase != "operate" or self.building or self.forfeit or seat != self.seat:
            return []
        p = self.players[seat]
        city = self.board.city_at.get(p.position)
        if city is None or self.city_refusal(city) or len(p.loads) >= self.capacity(seat):
            return []
        empty = {x for x in self.data.supplies.get(city, ()) if self.supply.get(x, 0) <= 0}
        out: list[Any] = [LA.Retrieve(x, owner=o) for o, w in sorted(self.lunar.warehouses.items())
                          for x in sorted(set(w.loads)) if x in empty]
        if self.options.get("warehousing") == "wordelmann":
            out += [LA.Retrieve(s.load, city=s.city) for s in self.lunar.stored
                    if s.load in empty and s.city != city and LA.Retrieve(s.load, city=s.city) not in out]
        return out

    def _do_retrieve(self, a: Any) -> list[Event]:
        self._need_operations()
        p = self._need_train()
        if a not in self.retrieve_options(self.seat):
            raise IllegalAction("retrieve", "That load cannot be fetched from a warehouse here now.")
        if a.city:
            stored = next(s for s in self.lunar.stored if s.city == a.city and s.load == a.load)
            self.lunar.stored.remove(stored)
            source = f"the field warehouse in {a.city}"
        else:
            self.lunar.warehouses[a.owner].loads.remove(a.load)
            source = f"{self.name(a.owner)}'s warehouse"
        p.loads.append(a.load)
        p.lost_turns += 1
        self.moves_left = 0
        self.acted = True
        return [Note(self.seat, f"{self.name(self.seat)} sends for {a.load} from {source} and waits in "
                                f"{self.board.city_at[p.position]} all next turn.")]

    # Disasters -------------------------------------------------------------------

    def resolve_event(self, card: int, drawer: int) -> list[Event]:
        events = super().resolve_event(card, drawer)
        spec = self.data.events[card].for_era(self.era)
        hit = self._disaster_area(spec)
        if hit:
            events += self._empty_warehouses(hit, spec.title)
        return events

    def _disaster_area(self, spec: EventSpec) -> set[Hex]:
        if spec.kind in ("solar_flare", "cosmic_rays"):
            return set(self.half(spec))
        if spec.kind == "seismic" and "clear" in spec.get("terrain", ()):
            return {w.milepost for w in self.lunar.warehouses.values()}
        return set()

    def after_meteor(self, target: Hex) -> list[Event]:
        events = super().after_meteor(target)
        zone = self.strike_zone(target)
        events += self._empty_warehouses(zone, "meteor")
        for owner, w in sorted(self.lunar.warehouses.items()):
            if w.milepost in zone:
                del self.lunar.warehouses[owner]
                events.append(Note(owner, f"The meteor destroys {self.name(owner)}'s warehouse."))
        return events

    def _empty_warehouses(self, area: set[Hex], what: str) -> list[Event]:
        """Loads stored in the area go back to the tray: private warehouses on
        it, and (Wordelmann) field warehouses of cities on it."""
        events: list[Event] = []
        for owner, w in sorted(self.lunar.warehouses.items()):
            if w.milepost in area and w.loads:
                for x in w.loads:
                    self.supply[x] += 1
                events.append(Note(owner, f"The {what} destroys the loads in {self.name(owner)}'s warehouse."))
                w.loads.clear()
        if self.options.get("warehousing") == "wordelmann":
            for s in list(self.lunar.stored):
                if any(h in area for h in self.board.cities[s.city].mileposts):
                    self.lunar.stored.remove(s)
                    self._return_chip(s.load, s.city)
                    events.append(Note(None, f"The {what} destroys the {s.load} stored in {s.city}."))
        return events
