"""Lunar Rails' optional rules (rulebook "Variations"), each a setup option:
Equal Turns, Golden Spike, Easy Start, Open Contracts, Light Engine moves,
Mercy (loans, backtracking, starting over), the Honeymoon game, Field
Warehousing (and its Wordelmann variant), Operating Expenses, Cost to Load
and Branching. The Tournament time
limit and the Circus are the shared crayon-rails options."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.core.engine import OptionSpec
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.hexgrid import pair_key
from game.crayon import actions as A
from game.crayon.content import CIRCUS
from game.crayon.events import Delivered, Note, TrainMoved
from game.crayon.links import wraps
from game.crayon.lunar_rails import actions as LA
from game.crayon.lunar_rails.extras import Stored
from game.crayon.network import components
from game.crayon.player import Decision

if TYPE_CHECKING:
    from game.crayon.lunar_rails.hazards import LunarEventsMixin as _Base
else:
    _Base = object

Hex = tuple[int, int]

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("equal_turns", "Equal Turns", "bool", False, (),
               "A declared victory waits for the end of the round; if two players make it, the most cash "
               "wins, and a tie raises the target to 300M."),
    OptionSpec("golden_spike", "Golden Spike award", "bool", False, (),
               "20M to the first railroad around the Moon: through the G letters (east-west) or the "
               "Y letters (north-south), on both sides."),
    OptionSpec("easy_start", "Easy Start", "bool", False, (),
               "Deal four demand cards; each player gives one back before the building starts."),
    OptionSpec("new_craters", "New Craters", "bool", False, (),
               "A meteor strike leaves a crater: the milepost becomes mare ringed by a rim (+1M to build "
               "across), and a small or medium city struck is gone for the rest of the game."),
    OptionSpec("open_contracts", "Open Contracts", "bool", False, (),
               "A discarded hand stays face up: anyone may fill one demand of each card (at most four cards)."),
    OptionSpec("light_engine", "Light Engine moves", "bool", False, (),
               "One extra milepost per empty load space all turn long; none on a turn with a delivery."),
    OptionSpec("loans", "Mercy: loans", "choice", "off", ("off", "on", "after_three_discards"),
               "Borrow up to 20M from the bank, repaid double from delivery payoffs (optionally only "
               "after discarding the hand three times)."),
    OptionSpec("late_payment", "Mercy: late payment of use fees", "bool", False, (),
               "Run on others' track without the cash for the fee: it is paid from your next payoffs, and "
               "in full before your train leaves that track."),
    OptionSpec("backtracking", "Mercy: backtracking", "bool", False, (),
               "Reverse the train on any milepost at the cost of the whole turn (use fees still due)."),
    OptionSpec("starting_over", "Mercy: starting over", "bool", False, (),
               "Instead of a turn: give back all cash, loads and track, and start again with 60M, a Von "
               "Braun and three new demand cards, building up to 20M that turn. If someone declares a run "
               "over your track, it stays for that run, or you may choose not to restart."),
    OptionSpec("honeymoon", "Honeymoon game (2 players)", "bool", False, (),
               "One chip fewer of every load, one player into a small city and two into a medium one, "
               "small cities only for a demand, loads dropped anywhere stay there."),
    OptionSpec("warehousing", "Field Warehousing", "choice", "off", ("off", "four_turns", "wordelmann"),
               "A load dropped without payoff waits in the city for anyone: four of the dropper's turns, "
               "or (Wordelmann) until picked up, unless the city produces it."),
    OptionSpec("operating_expenses", "Operating Expenses", "bool", False, (),
               "1M a turn in which the train runs on its own track."),
    OptionSpec("cost_to_load", "Cost to Load", "bool", False, (),
               "Picking up or dropping a load uses one milepost of movement."),
    OptionSpec("track_trading", "Selling and trading track", "bool", False, (),
               "Instead of building, offer another player cash or your own sections for some of theirs; "
               "they accept, refuse or counter with other terms."),
    OptionSpec("private_warehousing", "Private warehousing", "bool", False, (),
               "Build one warehouse (10M) on a mare milepost and keep two loads there; others may ask to "
               "swap or to buy a load for 5M (the owner decides), and an empty tray may send for its loads."),
    OptionSpec("additional_trains", "Additional trains", "choice", "off", ("off", "two_trains", "four_cards"),
               "Each player runs two trains, a Von Braun and a Level II of their choice, both every turn "
               "(optionally with four demand cards in hand)."),
    OptionSpec("branching", "Branching", "bool", False, (),
               "Build on from any milepost other players' track reaches (use fees as usual)."),
)

_CHANGED_RULES: dict[tuple[int, bool, bool, bool], Any] = {}


class LunarVariantsMixin(_Base):
    """Every Lunar Rails optional rule, switched on by the game's options."""

    # Rules numbers -----------------------------------------------------------

    @property
    def rules(self) -> Any:
        """The rules numbers, changed by the Honeymoon game (city entry limits)
        and Additional Trains (loco cards unlimited; four demand cards)."""
        base = self.data.rules
        options = self.__dict__.get("options", {})
        trains = options.get("additional_trains", "off")
        key = (id(base), bool(options.get("honeymoon")), trains == "four_cards", trains != "off")
        if not any(key[1:]):
            return base
        if key not in _CHANGED_RULES:
            v = base.variants
            values: dict[str, Any] = {}
            if key[1]:
                values["city_entry_limit"] = dict(base.city_entry_limit, small=int(v["honeymoon_small_limit"]),
                                                  medium=int(v["honeymoon_medium_limit"]))
            if key[3]:
                values["locos"] = tuple(replace(lc, cards=0) for lc in base.locos)  # cards do not limit two trains
            if key[2]:
                values["hand_size"] = int(v["additional_trains_hand"])
            _CHANGED_RULES[key] = base.with_values(**values)
        return _CHANGED_RULES[key]

    def variant(self, key: str) -> int:
        return int(self.data.rules.variant(key))

    # Setup -------------------------------------------------------------------

    def _setup_loads(self) -> None:
        super()._setup_loads()
        if self.options.get("honeymoon"):
            less = self.variant("honeymoon_chips_less")
            for load, n in self.supply.items():
                out = min(less, n)
                self.supply[load] -= out
                self.lunar.boxed[load] = out

    def place_held_cards(self, held: list[int]) -> None:
        super().place_held_cards(held)
        if not self.options.get("easy_start"):
            return
        aside: list[int] = []
        for p in self.players:
            while len(p.hand) < self.variant("easy_start_cards"):
                card = self.deck.draw()
                if card is None:
                    break
                (p.hand if card in self.data.demands else aside).append(card)
        self.deck.shuffle_in(aside, self.rng)
        self.pending.extend(Decision(i, "easy_start", 0) for i in range(len(self.players)))

    def decision_title(self, d: Any) -> str:
        if d.kind == "easy_start":
            return "Easy Start (give back one of four demand cards)"
        return super().decision_title(d)

    def _do_easy_start_discard(self, a: Any) -> list[Event]:
        d = self._need_decision("easy_start")
        p = self.players[d.seat]
        if a.card not in p.hand:
            raise IllegalAction("easy_start", f"Demand card {a.card} is not in your hand.")
        self.pending.pop(0)
        p.hand.remove(a.card)
        self.deck.discard(a.card)
        events: list[Event] = [Note(d.seat, f"{self.name(d.seat)} gives back demand card {a.card}.")]
        if not any(x.kind == "easy_start" for x in self.pending):
            n = len(self.players)
            self.first = self._first_player()
            self.order = [(self.first + i) % n for i in range(n)]
            events.append(Note(self.first, f"{self.name(self.first)} has the highest payoff and starts."))
        return events

    # Turns -------------------------------------------------------------------

    def _begin_turn(self) -> list[Event]:
        events = super()._begin_turn()
        self.lunar.light = [0, 0, 0]
        if self.phase == "operate" and self.options.get("light_engine"):
            p = self.players[self.seat]
            bonus = self.capacity(self.seat) - len(p.loads)
            self.moves_left += bonus
            self.lunar.light = [bonus, len(p.loads), 0]
        return events

    def after_turn(self, seat: int) -> list[Event]:
        events = super().after_turn(seat)
        events += self.radiation_check(seat)
        if self.options.get("operating_expenses") and self.flags.get("ran_own"):
            fee = min(self.variant("operating_expense"), self.players[seat].cash)
            if fee:
                self.pay(seat, None, fee)
                events.append(Note(seat, f"{self.name(seat)} pays {fee}M operating expenses."))
        for key in ("ran_own", "built", "bought", "offered", "refused_trades", "restart_declined"):
            self.flags.pop(key, None)
        done = self.players[seat].turns_taken
        for s in list(self.lunar.stored):
            if s.owner == seat and s.until is not None and done >= s.until:
                self.lunar.stored.remove(s)
                self.supply[s.load] += 1
                events.append(Note(None, f"The {s.load} left in {s.city} goes back to the tray."))
        return events

    def _do_move(self, a: Any) -> list[Event]:
        events = super()._do_move(a)
        if self.options.get("operating_expenses"):
            path = events[0].path if events and isinstance(events[0], TrainMoved) else ()
            if any(self.track.get(pair_key(x, y)) == self.seat for x, y in zip(path, path[1:])):
                self.flags["ran_own"] = True
        return events

    # Light Engine and Cost to Load -----------------------------------------------

    def _light_pickup_cost(self, seat: int) -> int:
        """Movement points a pick-up takes now (Light Engine bonus lost, Cost to Load)."""
        cost = self.variant("load_move_cost") if self.options.get("cost_to_load") else 0
        granted, most, delivered = self.lunar.light
        if self.options.get("light_engine") and not delivered and len(self.players[seat].loads) + 1 > most:
            cost += min(granted, 1)
        return cost

    def _do_pick_up(self, a: Any) -> list[Event]:
        self._need_operations()
        p = self._need_train()
        cost = self._light_pickup_cost(self.seat)
        if cost > self.moves_left:
            raise IllegalAction("pick_up", "Your train has no movement left to load with.")
        city = self._city_here(p)
        stored = self._stored(city, a.load)
        if stored is not None and self.pickup_refusal(self.seat, city, a.load) == "":
            served_here = a.load in self.data.supplies.get(city, ()) and self.supply.get(a.load, 0) > 0
            if not served_here:
                self.lunar.stored.remove(stored)
                p.loads.append(a.load)
                self.acted = True
                events: list[Event] = [
                    Note(self.seat, f"{self.name(self.seat)} picked up the {a.load} left in {city}.")]
                self._after_load_change(cost)
                self._served(self.seat, city)
                return events
        events = super()._do_pick_up(a)
        self._after_load_change(cost)
        self._served(self.seat, city)
        return events

    def _after_load_change(self, cost: int) -> None:
        self.moves_left -= cost
        granted, most, delivered = self.lunar.light
        loads = len(self.players[self.seat].loads)
        if self.options.get("light_engine") and not delivered and loads > most:
            self.lunar.light = [max(0, granted - (loads - most)), loads, 0]

    def _light_deliver_refusal(self) -> str:
        granted, _most, delivered = self.lunar.light
        if granted and not delivered and self.moves_left < granted:
            return ("A train that delivers gets no Light Engine bonus, and yours has already used it "
                    "this turn.")
        return ""

    def _light_delivered(self) -> None:
        granted, most, delivered = self.lunar.light
        if self.options.get("light_engine") and not delivered:
            self.moves_left -= granted
            self.lunar.light = [0, most, 1]

    def _do_deliver(self, a: Any) -> list[Event]:
        why = self._light_deliver_refusal()
        if why:
            raise IllegalAction("deliver", why)
        seat, city = self.seat, self.board.city_at.get(self.players[self.seat].position)
        events = super()._do_deliver(a)
        self._light_delivered()
        self._served(seat, str(city))
        return events

    def _do_drop(self, a: Any) -> list[Event]:
        self._need_operations()
        p = self._need_train()
        city = self._city_here(p)
        cost = self.variant("load_move_cost") if self.options.get("cost_to_load") else 0
        if cost > self.moves_left:
            raise IllegalAction("drop", "Your train has no movement left to unload with.")
        if a.load in p.loads and self._stores(city, a.load):
            p.loads.remove(a.load)
            events = self._store(city, a.load)
            self.moves_left -= cost
            self.acted = True
            return events
        events = super()._do_drop(a)
        self.moves_left -= cost
        return events

    # Loads left in cities (Honeymoon, Field Warehousing) -----------------------------

    def _stores(self, city: str, load: str) -> bool:
        """Does a load dropped here stay in the city?"""
        if load == CIRCUS or load in self.data.supplies.get(city, ()):
            return False
        return bool(self.options.get("honeymoon")) or self.options.get("warehousing", "off") != "off"

    def _store(self, city: str, load: str) -> list[Event]:
        events: list[Event] = []
        if self.options.get("honeymoon"):
            for old in [s for s in self.lunar.stored if s.city == city]:
                self.lunar.stored.remove(old)
                self.supply[old.load] += 1
                events.append(Note(None, f"The {old.load} left in {city} goes back to the tray."))
        until = None
        if self.options.get("warehousing") == "four_turns" and not self.options.get("honeymoon"):
            until = self.players[self.seat].turns_taken + 1 + self.variant("field_warehouse_turns")
        self.lunar.stored.append(Stored(city, load, self.seat, until))
        return events + [Note(self.seat, f"{self.name(self.seat)} leaves {load} in {city} for anyone to take.")]

    def _stored(self, city: str, load: str) -> Stored | None:
        return next((s for s in self.lunar.stored if s.city == city and s.load == load), None)

    def pickup_refusal(self, seat: int, city: str, load: str) -> str:
        why = super().pickup_refusal(seat, city, load)
        if why and self._stored(city, load) is not None and len(self.players[seat].loads) < self.capacity(seat):
            why = self.city_refusal(city)
        if not why and seat == self.current_player() and self._light_pickup_cost(seat) > self.moves_left:
            why = "Your train has no movement left to load with."
        return why

    def load_actions(self, seat: int) -> list[Any]:
        out = super().load_actions(seat)
        if self.options.get("cost_to_load") and self.variant("load_move_cost") > self.moves_left:
            out = [a for a in out if not isinstance(a, A.Drop)]
        return out

    # Deliveries: loans, contracts -------------------------------------------------

    def earn(self, seat: int, amount: int) -> list[Event]:
        self.pay(None, seat, amount)
        debt = self.lunar.debts[seat]
        repay = min(debt, amount)
        if not repay:
            return []
        self.pay(seat, None, repay)
        self.lunar.debts[seat] -= repay
        return [Note(seat, f"{self.name(seat)} repays {repay}M of the loan ({self.lunar.debts[seat]}M still owed).")]

    def loan_refusal(self, seat: int, amount: int) -> str:
        mode = self.options.get("loans", "off")
        limit = self.variant("loan_limit")
        if mode == "off":
            return "Loans are not in use in this game."
        if self.lunar.debts[seat]:
            return f"You still owe {self.lunar.debts[seat]}M on your loan."
        if not 1 <= amount <= limit:
            return f"You may borrow 1M to {limit}M."
        need = self.variant("loan_discards_first")
        if mode == "after_three_discards" and self.lunar.discards[seat] < need:
            return f"First discard your hand {need} times ({self.lunar.discards[seat]} so far)."
        cash = self.players[seat].cash
        if cash >= amount:  # Mercy helps a player who is stuck: the loan must be more than the cash at hand
            return f"A Mercy loan is for a player short of money: you have {cash}M, so borrow more than that."
        return ""

    def _do_take_loan(self, a: Any) -> list[Event]:
        self._need_turn()
        if self.forfeit:
            raise IllegalAction("forfeit", "Your turn is over.")
        why = self.loan_refusal(self.seat, a.amount)
        if why:
            raise IllegalAction("loan", why)
        seat = self.seat
        self.pay(None, seat, a.amount)
        self.lunar.debts[seat] = a.amount * self.variant("loan_repay_factor")
        self.lunar.discards[seat] = 0
        return [Note(seat, f"{self.name(seat)} borrows {a.amount}M and owes {self.lunar.debts[seat]}M.")]

    def _do_discard_hand(self, a: Any) -> list[Event]:
        if not self.options.get("open_contracts"):
            events = super()._do_discard_hand(a)
            self.lunar.discards[self.seat] += 1
            return events
        self._need_operations()
        if self.acted:
            raise IllegalAction("discard", "You may only discard your hand instead of your whole turn.")
        seat = self.seat
        p = self.players[seat]
        self.lunar.contracts.extend(p.hand)
        p.hand = []
        most = self.variant("open_contracts_max")
        while len(self.lunar.contracts) > most:
            self.deck.discard(self.lunar.contracts.pop(self.rng.below(len(self.lunar.contracts))))
        self.forfeit = True
        self.lunar.discards[seat] += 1
        events = [Note(seat, f"{self.name(seat)} lays the hand open as contracts for everyone.")]
        return events + self.draw_to_full(seat)

    def contract_options(self, seat: int) -> list[Any]:
        p = self.players[seat]
        city = self.board.city_at.get(p.position)
        if city is None or self.city_refusal(city):
            return []
        return [LA.FillContract(card, i) for card in self.lunar.contracts
                for i, d in enumerate(self.card_demands(card)) if d.city == city and d.load in p.loads]

    def _do_fill_contract(self, a: Any) -> list[Event]:
        self._need_operations()
        p = self._need_train()
        if a not in self.contract_options(self.seat):
            raise IllegalAction("contract", "That open contract cannot be filled here with your loads.")
        why = self._light_deliver_refusal()
        if why:
            raise IllegalAction("contract", why)
        d = self.card_demands(a.card)[a.index]
        p.loads.remove(d.load)
        self._return_chip(d.load, d.city)
        self.lunar.contracts.remove(a.card)
        self.deck.discard(a.card)
        self.acted = True
        self._light_delivered()
        self._served(self.seat, d.city)
        return [Delivered(self.seat, self.name(self.seat), d.load, d.city, d.payout)] + self.earn(self.seat, d.payout)

    # New Craters -----------------------------------------------------------------------

    def after_meteor(self, target: Hex) -> list[Event]:
        if not self.options.get("new_craters") or target in self.lunar.craters:
            return []
        city = self.board.city_at.get(target)
        if city is not None and self.board.cities[city].size == "major":
            return []  # a Major City's milepost stays part of the city (its red area is kept)
        self.lunar.craters.append(target)
        if city is None:
            return [Note(None, f"A new crater opens at {self.place(target)}.")]
        return [Note(None, f"{city} is destroyed by the meteor: no loads there for the rest of the game.")]

    def terrain_at(self, h: Hex) -> str:
        if h in self.lunar.craters:
            return "clear"
        return str(self.board.mileposts[h])

    def surcharge(self, pair: tuple[Hex, Hex]) -> int:
        extra = self.variant("new_crater_rim") if pair[0] in self.lunar.craters or pair[1] in self.lunar.craters \
            else 0
        return int(self.board.water.get(pair, 0)) + extra

    def altered_mileposts(self) -> tuple[Hex, ...]:
        return tuple(self.lunar.craters)

    def city_refusal(self, city: str) -> str:
        if self.board.cities[city].center in self.lunar.craters:
            return f"{city} was destroyed by a meteor: no loads are handled there any more."
        return super().city_refusal(city)

    # Mercy: backtracking and starting over -------------------------------------------

    def mercy_actions(self, seat: int) -> list[Any]:
        """Backtrack or Start Over, when the options allow them now (each is
        instead of the whole turn)."""
        if self.phase != "operate" or self.acted or self.building or self.forfeit:
            return []
        out: list[Any] = []
        if self.options.get("backtracking") and self.players[seat].position is not None:
            out.append(LA.Backtrack())
        if self.options.get("starting_over") and not self.flags.get("restart_declined"):
            out.append(LA.StartOver())
        return out

    def _do_backtrack(self, a: Any) -> list[Event]:
        self._need_turn()
        if LA.Backtrack() not in self.mercy_actions(self.seat):
            raise IllegalAction("backtrack", "Backtracking takes your whole turn: only at its start, with the "
                                             "option in use and the train on the map.")
        seat = self.seat
        p = self.players[seat]
        events: list[Event] = [Note(seat, f"{self.name(seat)} backtracks and loses the rest of the turn.")]
        owner = self.track.get(pair_key(p.position, p.came_from)) \
            if p.position is not None and p.came_from is not None else None
        fee = self.rent_fee()
        if owner is not None and owner != seat and fee:
            paid = min(fee, p.cash)
            self.pay(seat, owner, paid)
            events.append(Note(seat, f"{self.name(seat)} pays {paid}M use fee to {self.name(owner)}."))
        p.came_from = None
        self.acted = True
        self.forfeit = True
        return events

    def _do_start_over(self, a: Any) -> list[Event]:
        self._need_turn()
        if LA.StartOver() not in self.mercy_actions(self.seat):
            why = "You chose not to start over this turn." if self.flags.get("restart_declined") else \
                "Starting over takes your whole turn: only at its start, with the option in use."
            raise IllegalAction("start_over", why)
        return self.start_over(self.seat)

    def start_over(self, seat: int) -> list[Event]:
        """The restart itself: everything given back, 60M, a Von Braun, three
        new cards, and a building turn (see ``restart`` for the questions asked first)."""
        p = self.players[seat]
        rules = self.rules
        for load in list(p.loads):
            p.loads.remove(load)
            self._return_chip(load, self.nearest_city(p.position) if p.position is not None else "")
        self.pay(seat, None, p.cash)
        self.pay(None, seat, rules.starting_cash)
        self.clear_track(seat)
        for card in p.hand:
            self.deck.discard(card)
        p.hand, p.loco, p.position, p.came_from = [], rules.first_loco.name, None, None
        self.lunar.debts[seat] = 0
        self.lunar.promised[seat] = []
        self.lunar.late[seat] = {}
        self.acted = True
        self.building = True  # the restart turn is a building turn
        self.moves_left = 0
        events: list[Event] = [Note(seat, f"{self.name(seat)} starts over with {rules.starting_cash}M.")]
        return events + self.draw_to_full(seat)

    def clear_track(self, seat: int) -> None:
        """Starting over: the player's track is erased (see ``restart`` for the
        track another player declares it will still rent)."""
        for pair in [pair for pair, owner in self.track.items() if owner == seat]:
            del self.track[pair]
        self._track_changed()

    # Building: Golden Spike, Honeymoon, Branching -------------------------------------

    def _do_build(self, a: Any) -> list[Event]:
        honeymoon = bool(self.options.get("honeymoon"))
        before = {n for n, c in self.board.cities.items()
                  if honeymoon and c.size == "small" and self._reaches_city(self.seat, n)}
        events = super()._do_build(a)
        if honeymoon:
            self._promise(self.seat, before)
        self.flags["built"] = True
        if self.options.get("golden_spike") and self.lunar.golden_spike is None and self.circumlunar(self.seat):
            award = self.variant("golden_spike_award")
            self.lunar.golden_spike = self.seat
            self.pay(None, self.seat, award)
            events.append(Note(self.seat, f"{self.name(self.seat)} completes a railroad around the Moon "
                                          f"and wins the {award}M Golden Spike!"))
        return events

    def circumlunar(self, seat: int) -> str:
        """"G" or "Y" when one piece of the player's track joins every Wrap
        Letter marked with that spike, else ""."""
        marked: dict[str, set[Hex]] = {}
        for h, w in wraps(self.board).items():
            if getattr(w, "spike", ""):
                marked.setdefault(str(w.spike), set()).add(h)
        if not marked:
            return ""
        for nodes, _majors in components(self.board, self.track, seat, self.ferry_owners):
            for spike, letters in sorted(marked.items()):
                if letters <= nodes:
                    return spike
        return ""

    def build_refusal(self, seat: int, a: Hex, b: Hex) -> str:
        if self.flags.get("bought") and seat == self.seat:
            return "You bought track this turn instead of building."
        if not self.options.get("honeymoon"):
            return ""
        name = self.board.city_at.get(b)
        if name is None or self.board.cities[name].size != "small" or self._reaches_city(seat, name):
            return ""
        owed = [c for c in self.lunar.promised[seat] if c != name]
        if owed:
            return (f"In the Honeymoon game you must first deliver or pick up in {owed[0]}, the small city "
                    f"you built to, before building to another.")
        goods = set(self.data.supplies.get(name, ()))
        if any(d.city == name or d.load in goods for _c, _i, d in self.hand_demands(seat)):
            return ""
        return f"In the Honeymoon game you may build to {name} only with a demand for it or for its goods."

    def _reaches_city(self, seat: int, city: str) -> bool:
        posts = set(self.board.cities[city].mileposts)
        return any(owner == seat and (a in posts or b in posts) for (a, b), owner in self.track.items())

    def _promise(self, seat: int, before: set[str]) -> None:
        """Honeymoon: small cities newly reached by `seat`'s track (not in `before`) must be served."""
        for name, city in self.board.cities.items():
            if city.size == "small" and name not in before and self._reaches_city(seat, name) \
                    and name not in self.lunar.promised[seat]:
                self.lunar.promised[seat].append(name)

    def _served(self, seat: int, city: str) -> None:
        """Honeymoon: a delivery or pick-up in `city` keeps the promise made by building there."""
        if self.lunar.promised and city in self.lunar.promised[seat]:
            self.lunar.promised[seat].remove(city)

    def network(self, seat: int) -> set[Hex]:
        nodes = super().network(seat)
        if not self.options.get("branching"):
            return nodes
        key = ("branching", seat)
        if key not in self._net:
            self._net[key] = nodes | {h for pair in self.track for h in pair}
        return self._net[key]
