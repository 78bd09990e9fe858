"""Rules of a player's own turn: placing and running the train, loads and
deliveries, the ferry, discarding the hand, building and upgrading."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.hexgrid import as_hex, as_path, distance
from game.crayon import actions as A
from game.crayon.building import ferry_at, quote_build
from game.crayon.content import CIRCUS
from game.crayon.events import Delivered, Note, TrackBuilt, TrainMoved
from game.crayon.movement import plan_move

if TYPE_CHECKING:
    from game.crayon.host import CrayonHost as _Host
else:
    _Host = object

Hex = tuple[int, int]


class OperationsMixin(_Host):
    """Handlers for the actions of the player whose turn it is."""

    def handler_for(self, action: Any) -> Callable[[Any], list[Event]] | None:
        table: dict[type, Callable[[Any], list[Event]]] = {
            A.PlaceTrain: self._do_place, A.Move: self._do_move, A.PickUp: self._do_pick_up,
            A.Drop: self._do_drop, A.Deliver: self._do_deliver, A.DeliverSpecial: self._do_deliver_special,
            A.BoardFerry: self._do_board_ferry, A.DiscardHand: self._do_discard_hand,
            A.BuildTrack: self._do_build, A.Upgrade: self._do_upgrade, A.EndTurn: self._do_end_turn,
            A.ReturnLoad: self._do_return_load, A.ScandalPick: self._do_scandal_pick,
        }
        return table.get(type(action))

    # Guards ------------------------------------------------------------------

    def _need_turn(self) -> None:
        if self.pending:
            d = self.pending[0]
            event = self.data.events.get(d.card)
            what = f"answer the {event.for_era(self.era).title} event" if event else "make a choice"
            raise IllegalAction("waiting", f"{self.name(d.seat)} must first {what}.")

    def decision_title(self, d: Any) -> str:
        """What a waiting decision answers, for messages and the panel."""
        if d.card in self.data.events:
            return f"{self.data.events[d.card].for_era(self.era).title} event"
        return "set-up"

    def _need_operations(self) -> None:
        self._need_turn()
        if self.phase != "operate":
            raise IllegalAction("building_round", "Trains do not run during the initial building rounds.")
        if self.building:
            raise IllegalAction("building_phase", "You have started building: the train cannot run any more this turn.")

    def _need_train(self) -> Any:
        p = self.players[self.seat]
        if p.position is None:
            raise IllegalAction("no_train", "Place your train on a city first.")
        if p.on_ferry:
            raise IllegalAction("on_ferry", "Your train is waiting for the ferry.")
        return p

    def _city_here(self, p: Any) -> str:
        city = self.board.city_at.get(p.position)
        if city is None:
            raise IllegalAction("not_city", f"Loads are only handled in cities; your train is at {self.place(p.position)}.")
        return city

    # Train ---------------------------------------------------------------------

    def _do_place(self, a: A.PlaceTrain) -> list[Event]:
        self._need_turn()
        if self.building:
            raise IllegalAction("building_phase", "Place your train before building.")
        p = self.players[self.seat]
        if p.position is not None:
            raise IllegalAction("placed", "Your train is already on the map.")
        h = as_hex(a.milepost)
        if h not in self.board.city_at:
            raise IllegalAction("not_city", f"A train starts in a city; {self.place(h)} is not a city.")
        p.position, p.came_from = h, None
        return [Note(self.seat, f"{self.name(self.seat)} puts the train in {self.place(h)}.")]

    def _do_move(self, a: A.Move) -> list[Event]:
        self._need_operations()
        p = self._need_train()
        plan = plan_move(self, self.seat, as_path(a.path))
        if not plan.legal:
            raise IllegalAction("move", plan.reason)
        seat = self.seat
        for owner in plan.rent_to:
            self.pay_rent(seat, owner, self.rent_fee())
            self.rent_paid.append(owner)
        if plan.duty:
            self.pay(seat, None, plan.duty)
        p.position = plan.path[-1]
        p.came_from = plan.path[-2]
        self.moves_left = plan.moves_left
        self.halved = self.halved or plan.halved
        self.acted = True
        rent = tuple((self.name(o), self.rent_fee()) for o in plan.rent_to)
        events: list[Event] = [TrainMoved(seat, self.name(seat), plan.path, rent)]
        if plan.duty:
            events.append(Note(seat, f"{self.name(seat)} paid {plan.duty}M duty entering "
                                     f"{self.rules.home_region}."))
        return events

    def pay_rent(self, seat: int, owner: int, fee: int) -> None:
        """Hook: the use fee for running on `owner`'s track this turn (a game may defer it)."""
        self.pay(seat, owner, fee)

    def _do_board_ferry(self, a: A.BoardFerry) -> list[Event]:
        self._need_operations()
        p = self._need_train()
        ferry = ferry_at(self.board, p.position)
        if ferry is None:
            raise IllegalAction("no_ferry", f"There is no ferry at {self.place(p.position)}.")
        owners = self.ferry_owners.get(ferry.name, [])
        if not owners:
            raise IllegalAction("no_ferry", f"Nobody has built to the {ferry.name} yet.")
        rent_to = None
        if self.seat not in owners and not any(o in self.rent_paid for o in owners):
            rent_to = owners[0]
            if p.cash < self.rules.rent:
                raise IllegalAction("rent", f"You need {self.rules.rent}M in cash to use "
                                            f"{self.name(rent_to)}'s ferry.")
        if rent_to is not None:
            self.pay(self.seat, rent_to, self.rules.rent)
            self.rent_paid.append(rent_to)
        p.on_ferry = ferry.name
        self.moves_left = 0
        self.acted = True
        return [Note(self.seat, f"{self.name(self.seat)} boards the {ferry.name}.")]

    # Loads ---------------------------------------------------------------------

    def city_refusal(self, city: str) -> str:
        """Why loads may not be handled in `city` now (events), or ""."""
        for ev in self.active:
            spec = self.active_spec(ev)
            if spec.kind == "lockdown":
                region = self.board.cities[city].region
                if region in spec.get("regions", ()):
                    return f"No loads may be picked up or delivered in {region} during the {spec.title}."
        return ""

    def _do_pick_up(self, a: A.PickUp) -> list[Event]:
        self._need_operations()
        p = self._need_train()
        city = self._city_here(p)
        why = self.pickup_refusal(self.seat, city, a.load)
        if why:
            raise IllegalAction("pick_up", why)
        if a.load == CIRCUS:
            self.circus_at.remove(city)
        else:
            self.supply[a.load] -= 1
        p.loads.append(a.load)
        self.acted = True
        return [Note(self.seat, f"{self.name(self.seat)} picked up {a.load} in {city}.")]

    def pickup_refusal(self, seat: int, city: str, load: str) -> str:
        p = self.players[seat]
        if len(p.loads) >= self.capacity(seat):
            return f"Your {p.loco} carries at most {self.capacity(seat)} loads."
        if load == CIRCUS:
            if city not in self.circus_at:
                return f"The Circus is not in {city}."
            if not any(d.load == CIRCUS for c in p.hand for d in self.card_demands(c)):
                return "You may only pick up the Circus with a demand card for it."
        else:
            if load not in self.data.supplies.get(city, ()):
                return f"{city} does not supply {load}."
            if self.supply.get(load, 0) <= 0:
                return f"No {load} chips are left; wait until one is returned."
        return self.city_refusal(city)

    def _do_drop(self, a: A.Drop) -> list[Event]:
        self._need_operations()
        p = self._need_train()
        city = self._city_here(p)
        if a.load not in p.loads:
            raise IllegalAction("drop", f"Your train is not carrying {a.load}.")
        p.loads.remove(a.load)
        self._return_chip(a.load, city)
        self.acted = True
        return [Note(self.seat, f"{self.name(self.seat)} dropped {a.load} in {city}.")]

    def _return_chip(self, load: str, city: str) -> None:
        if load == CIRCUS:
            self.circus_at.append(city)
        else:
            self.supply[load] += 1

    def nearest_city(self, h: Hex) -> str:
        return min(self.board.cities.values(), key=lambda c: (distance(c.center, h), c.name)).name

    def _do_deliver(self, a: A.Deliver) -> list[Event]:
        self._need_operations()
        p = self._need_train()
        city = self._city_here(p)
        if a.card not in p.hand:
            raise IllegalAction("deliver", f"Demand card {a.card} is not in your hand.")
        demands = self.card_demands(a.card)
        if not 0 <= a.index < len(demands):
            raise IllegalAction("deliver", f"Demand card {a.card} has no demand number {a.index + 1}.")
        d = demands[a.index]
        if d.city != city:
            raise IllegalAction("deliver", f"That demand is for {d.city}; your train is in {city}.")
        if d.load not in p.loads:
            raise IllegalAction("deliver", f"Your train is not carrying {d.load} for {d.city}.")
        why = self.city_refusal(city)
        if why:
            raise IllegalAction("deliver", why)
        seat = self.seat
        p.loads.remove(d.load)
        self._return_chip(d.load, city)
        p.hand.remove(a.card)
        self.deck.discard(a.card)
        self.acted = True
        events: list[Event] = [Delivered(seat, self.name(seat), d.load, city, d.payout)]
        return events + self.earn(seat, d.payout) + self.draw_to_full(seat)

    def _do_deliver_special(self, a: A.DeliverSpecial) -> list[Event]:
        self._need_operations()
        p = self._need_train()
        city = self._city_here(p)
        ev = next((e for e in self.active if e.card == a.card), None)
        spec = self.active_spec(ev) if ev else None
        if ev is None or spec is None or spec.kind != "special_demand":
            raise IllegalAction("special", f"Event card {a.card} is not a special demand in play.")
        if spec.get("city") != city:
            raise IllegalAction("special", f"The {spec.title} is for {spec.get('city')}; your train is in {city}.")
        need = list(spec.get("loads", ()))
        carried = list(p.loads)
        for load in need:
            if load not in carried:
                raise IllegalAction("special", f"The {spec.title} needs {', '.join(need)} delivered together.")
            carried.remove(load)
        why = self.city_refusal(city)
        if why:
            raise IllegalAction("special", why)
        for load in need:
            p.loads.remove(load)
            self._return_chip(load, city)
        reward = int(spec.get("reward"))
        self.active.remove(ev)
        self.deck.discard(ev.card)
        self.acted = True
        return [Delivered(self.seat, self.name(self.seat), " + ".join(need), city, reward)] + \
            self.earn(self.seat, reward)

    def earn(self, seat: int, amount: int) -> list[Event]:
        """Hook: a payoff from the bank to `seat` (a game's loan rule may take a share)."""
        self.pay(None, seat, amount)
        return []

    def _do_discard_hand(self, a: A.DiscardHand) -> list[Event]:
        self._need_operations()
        if self.acted:
            raise IllegalAction("discard", "You may only discard your hand instead of your whole turn.")
        seat = self.seat
        p = self.players[seat]
        for card in p.hand:
            self.deck.discard(card)
        p.hand = []
        self.forfeit = True
        events: list[Event] = [Note(seat, f"{self.name(seat)} discards the whole hand.")]
        return events + self.draw_to_full(seat)

    # Building ------------------------------------------------------------------

    def _need_building(self) -> None:
        self._need_turn()
        if self.forfeit:
            raise IllegalAction("forfeit", "Your turn is over.")

    def _do_build(self, a: A.BuildTrack) -> list[Event]:
        self._need_building()
        seat = self.seat
        quote = quote_build(self, seat, as_path(a.path))
        if not quote.legal:
            raise IllegalAction("build", quote.reason or "That path builds no new track.")
        for pair in quote.new_segments:
            self.track[pair] = seat
        for name in quote.ferries_joined:
            self.ferry_owners[name].append(seat)
        self.pay(seat, None, quote.total)
        self.spent += quote.total
        self.major_starts_used += 1 if quote.major_start else 0
        for pair in quote.new_segments:
            self.reservations.pop(pair, None)
        self.building = True
        self.acted = True
        self._track_changed(seat)
        return [TrackBuilt(seat, self.name(seat), quote.new_segments, quote.total)]

    def _do_upgrade(self, a: A.Upgrade) -> list[Event]:
        self._need_building()
        seat = self.seat
        p = self.players[seat]
        why = self.upgrade_refusal(seat, a.loco)
        if why:
            raise IllegalAction("upgrade", why)
        cost = self.upgrade_price(seat, a.loco)
        self.pay(seat, None, cost)
        self.spent += cost
        old, p.loco = p.loco, a.loco
        self.building = True
        self.acted = True
        return [Note(seat, f"{self.name(seat)} upgraded the {old} to a {a.loco} for {cost}M.")]

    def locos_left(self, loco: str) -> int:
        """Loco cards of this type still in the bank (a large number when unlimited)."""
        cards = self.rules.loco(loco).cards
        if not cards:
            return len(self.players) + 1
        return cards - sum(1 for p in self.players if p.loco == loco)

    def upgrade_price(self, seat: int, loco: str) -> int:
        rules = self.rules
        levels = rules.loco(loco).level - rules.loco(self.players[seat].loco).level
        return levels * rules.upgrade_cost

    def upgrade_refusal(self, seat: int, loco: str) -> str:
        rules = self.rules
        p = self.players[seat]
        if loco not in {lc.name for lc in rules.locos}:
            return f"There is no {loco} locomotive."
        if loco not in {lc.name for lc in rules.upgrades_from(p.loco)}:
            return f"A {p.loco} cannot be upgraded to a {loco}."
        if len(p.loads) > rules.loco(loco).capacity:
            return f"A {loco} carries only {rules.loco(loco).capacity} loads; your train carries {len(p.loads)}."
        if not self.locos_left(loco):
            return f"No {loco} card is left in the bank; choose another or wait until one is returned."
        cost = self.upgrade_price(seat, loco)
        if self.spent + cost > rules.build_budget:
            return f"An upgrade costs {cost}M and you may spend only {rules.build_budget - self.spent}M more this turn."
        if p.cash < cost:
            return f"An upgrade costs {cost}M and you have {p.cash}M."
        return ""

    def _do_end_turn(self, a: A.EndTurn) -> list[Event]:
        self._need_turn()
        return self._finish_turn()
