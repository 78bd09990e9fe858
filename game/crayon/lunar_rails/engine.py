"""Lunar Rails on the crayon-rails engine: where its map and cards are, its
event kinds (``hazards``), its optional rules (``variants``) and the state
they add (``extras``). Wrap Letters and poles are board links the shared
engine already follows (``game.crayon.links``)."""
from __future__ import annotations

import os
from typing import Any, Callable, ClassVar, Sequence

from game.core.actions import Action
from game.core.engine import OptionSpec, Seat
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.resources import program_path
from game.crayon import actions as A
from game.crayon.content import EVENT_KINDS, Content, EventRefs, DemandCard, Kinds, LoadType, load_demands, load_events, load_loads
from game.crayon.lunar_rails import actions as LA
from game.crayon.lunar_rails.extras import LunarExtras
from game.crayon.lunar_rails.hazards import DIRECTIONS, LunarEventsMixin
from game.crayon.lunar_rails.latefees import LateFeesMixin
from game.crayon.lunar_rails.restart import DECLARE, RESTART, RestartMixin
from game.crayon.lunar_rails.trade import OFFER, TrackTradeMixin, terms
from game.crayon.lunar_rails.trains import CHOOSE, RELOCATE_SPARE, TrainsMixin
from game.crayon.lunar_rails.warehouses import ASK, WarehouseMixin
from game.crayon.lunar_rails.variants import OPTIONS, LunarVariantsMixin
from game.crayon.player import Decision
from game.crayon.rules import Rules, load_rules
from game.crayon.state import CIRCUS_OPTION, TURN_LIMIT, CrayonState

Hex = tuple[int, int]
HERE = program_path("game", "crayon", "lunar_rails")
MAP_DIR = program_path("maps", "lunar_rails")
MAP_FILE = os.path.join(MAP_DIR, "lunar_rails.tmx")
RULES_FILE = os.path.join(HERE, "rules.yaml")
EVENTS_FILE = os.path.join(MAP_DIR, "events.yaml")
TALLIED = {LA.Store: "loads_stored", LA.Fetch: "loads_fetched", LA.Retrieve: "loads_retrieved",
           LA.StartOver: "start_overs", LA.OfferTrack: "track_offers",
           LA.WarehouseTrade: "warehouse_requests"}  # the rarer moves `tally` counts, by action type


def _choice(*words: str) -> Any:
    return lambda node, refs: node.as_str(choices=words)


def _area(node: Any, refs: EventRefs) -> str:
    name = node.as_str()
    if refs.areas is not None and name not in refs.areas:
        node.fail(f"'{name}' is not an area on the map")
    return name


def _loads(node: Any, refs: EventRefs) -> tuple[str, ...]:
    out = []
    for n in node.as_list(min_len=1):
        if refs.loads is not None and n.as_str() not in refs.loads:
            n.fail(f"'{n.as_str()}' is not a load in loads.yaml")
        out.append(n.as_str())
    return tuple(out)


# Lunar Rails' event kinds and their parameters (see the head of events.yaml).
LUNAR_KINDS: Kinds = {
    **EVENT_KINDS,
    "meteor_shower": {"direction": _choice(*DIRECTIONS), "distance": lambda node, refs: node.as_int(1, 20)},
    "strike": {"forbids": _choice("major_loads", "building", "wraps")},
    "shortage": {"loads": _loads,
                 "reward": lambda node, refs: node.as_int(1, 999), "turns": lambda node, refs: node.as_int(1, 20)},
    "seismic": {"terrain": lambda node, refs: tuple(n.as_str(choices=("clear", "mountain", "alpine"))
                                                    for n in node.as_list(min_len=1))},
    "decompression": {},
    "solar_flare": {"area": _area},
    "cosmic_rays": {"area": _area},
}


def build_content(board: Any, rules: Rules, loads: list[LoadType], demands: list[DemandCard]) -> Content:
    """The content of a Lunar Rails game on `board`, every name the event cards use checked."""
    names = {lt.name for lt in loads}
    return Content.build(board, rules, loads, demands, load_events(EVENTS_FILE, EventRefs.of(board, names),
                                                                   LUNAR_KINDS))


def load_lunar_content() -> Content:
    """The map, rules and cards, each checked against the others."""
    from game.crayon.board import CrayonBoard
    board = CrayonBoard.load(MAP_FILE)
    loads = load_loads(os.path.join(MAP_DIR, "loads.yaml"), board.cities)
    demands = load_demands(os.path.join(MAP_DIR, "demands.yaml"), board.cities, {lt.name for lt in loads})
    return build_content(board, load_rules(RULES_FILE, board), loads, demands)


class LunarRulesMixin(RestartMixin, TrainsMixin, WarehouseMixin, TrackTradeMixin, LateFeesMixin, LunarVariantsMixin, LunarEventsMixin):
    """Lunar Rails' own actions, decisions and state on top of the crayon engine."""

    def handler_for(self, action: Any) -> Callable[[Any], list[Event]] | None:
        table = {LA.Relocate: self._do_relocate, LA.DeliverShortage: self._do_deliver_shortage,
                 LA.EasyStartDiscard: self._do_easy_start_discard, LA.FillContract: self._do_fill_contract,
                 LA.TakeLoan: self._do_take_loan, LA.Backtrack: self._do_backtrack,
                 LA.StartOver: self._do_start_over, LA.OfferTrack: self._do_offer_track,
                 LA.AnswerOffer: self._do_answer_offer, LA.BuildWarehouse: self._do_build_warehouse,
                 LA.Store: self._do_store, LA.Fetch: self._do_fetch, LA.WarehouseTrade: self._do_warehouse_trade,
                 LA.Retrieve: self._do_retrieve, LA.ChooseTrain: self._do_choose_train,
                 LA.SwitchTrain: self._do_switch_train, LA.DeclareRental: self._do_declare_rental,
                 LA.CounterOffer: self._do_counter_offer, LA.AnswerTrade: self._do_answer_trade,
                 LA.ConfirmRestart: self._do_confirm_restart}
        return table.get(type(action)) or super().handler_for(action)

    def decision_options(self, d: Decision) -> list[Any]:
        if d.kind in ("relocate", RELOCATE_SPARE):
            return self.relocate_options(d.seat)
        if d.kind == "easy_start":
            return [LA.EasyStartDiscard(c) for c in self.players[d.seat].hand]
        if d.kind == OFFER:
            return self.offer_answers()
        if d.kind == CHOOSE:
            return self.second_train_options()
        if d.kind == DECLARE:
            return self.declare_options()
        if d.kind == RESTART:
            return self.restart_options()
        if d.kind == ASK:
            return self.trade_answers()
        return super().decision_options(d)

    def decision_title(self, d: Any) -> str:
        if d.kind == OFFER:
            return self.offer_title()
        if d.kind == CHOOSE:
            return "Additional Trains (choose your Level II train)"
        if d.kind == DECLARE:
            return f"{self.name(d.card)} means to start over: do you plan to run on that track next turn"
        if d.kind == RESTART:
            return f"{self.name(d.card)} will run on your track next turn: start over or stay"
        if d.kind == ASK and self.lunar.request is not None:
            r = self.lunar.request
            return f"{self.name(r.visitor)} asks you to {self.request_words(r)}"
        if d.kind == RELOCATE_SPARE:
            return self.spare_title(d.seat)
        return super().decision_title(d)

    def enumerated(self, action: Action) -> bool:
        """Track offers and counter-offers (any sections, any price) are legal
        but not listed, nor warehouse sites off the player's network."""
        if isinstance(action, LA.BuildWarehouse):
            return action.milepost in self.network(self.seat)
        return not isinstance(action, (LA.OfferTrack, LA.CounterOffer)) and super().enumerated(action)

    def load_actions(self, seat: int) -> list[Action]:
        out = super().load_actions(seat)
        p = self.players[seat]
        city = self.board.city_at.get(p.position)
        if city is not None:
            out += [A.PickUp(s.load) for s in self.lunar.stored
                    if s.city == city and A.PickUp(s.load) not in out
                    and not self.pickup_refusal(seat, city, s.load)]
        out += self.shortage_options(seat) + self.contract_options(seat) + self.retrieve_options(seat)
        if seat == self.current_player() and self._light_deliver_refusal():
            out = [a for a in out if self.delivery_of(a) is None]  # the Light Engine bonus is already used
        return out

    def legal_actions(self) -> list[Action]:
        out = super().legal_actions()
        if self.phase != "over" and not self.pending and not self.forfeit:
            out[:0] = self.extra_actions(self.seat) + self.warehouse_actions(self.seat)
            if self.options.get("private_warehousing"):
                out += [LA.BuildWarehouse(h) for h in sorted(self.network(self.seat))
                        if not self.warehouse_refusal(self.seat, h)]
        return out

    def delivery_of(self, action: Any) -> tuple[str, int] | None:
        if isinstance(action, LA.DeliverShortage):
            ev = next(e for e in self.active if e.card == action.card)
            return action.load, int(self.active_spec(ev).get("reward"))
        if isinstance(action, LA.FillContract):
            d = self.card_demands(action.card)[action.index]
            return d.load, d.payout
        return super().delivery_of(action)

    def extra_actions(self, seat: int) -> list[Action]:
        """Moves beyond the crayon ones a player may make now: a Mercy loan
        (every amount allowed), backtracking, starting over, running the other train."""
        loans = [LA.TakeLoan(n) for n in range(1, self.variant("loan_limit") + 1) if not self.loan_refusal(seat, n)]
        switch = [] if self.switch_refusal(seat) else [LA.SwitchTrain()]
        return loans + self.mercy_actions(seat) + switch

    def loan_offer(self, seat: int) -> Action | None:
        """The whole Mercy loan, when `seat` may take it now (for the computer players)."""
        limit = self.variant("loan_limit")
        return None if self.loan_refusal(seat, limit) else LA.TakeLoan(limit)

    def event_zones(self) -> set[Hex]:
        """Mileposts to shade for the events in play: the half of the Moon a
        flare or cosmic ray storm covers, the last meteor strikes."""
        zone: set[Hex] = set()
        for _ev, spec in self._in_play("solar_flare", "cosmic_rays"):
            zone |= self.half(spec)
        for _city, target in self.lunar.strikes:
            if target is not None:
                zone |= self.strike_zone(target)
        return zone

    def tally(self, action: Action) -> tuple[str, ...]:
        """The options' rarer moves, counted by `simulate`: loads stored in and
        fetched from private warehouses, starting over, track offers and the
        counter-offers that change which sections change hands."""
        if isinstance(action, LA.CounterOffer):
            o = self.lunar.offer
            moved = o is not None and terms(o.take, o.give) != terms(action.take, action.give)
            return ("counter_offers", "section_counters") if moved else ("counter_offers",)
        name = TALLIED.get(type(action))
        if isinstance(action, LA.AnswerOffer) and action.accept:
            name = "track_sales"
        return (name,) if name else ()

    def _do_deliver_shortage(self, a: Any) -> list[Event]:
        why = self._light_deliver_refusal()
        if why:
            raise IllegalAction("shortage", why)
        events = super()._do_deliver_shortage(a)
        self._light_delivered()
        return events


class LunarRailsState(LunarRulesMixin, CrayonState):
    game_id: ClassVar[str] = "lunar_rails"
    title: ClassVar[str] = "Lunar Rails"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (TURN_LIMIT,) + OPTIONS + (CIRCUS_OPTION,)

    def __init__(self) -> None:
        self.lunar = LunarExtras()
        super().__init__()

    @classmethod
    def load_content(cls) -> Content:
        return load_lunar_content()

    @classmethod
    def new_game(cls, options: dict[str, Any], seed: int, seats: Sequence[Seat]) -> "LunarRailsState":
        if options.get("honeymoon") and len(seats) != 2:
            raise ValueError("The Honeymoon game is for two players.")
        return super().new_game(options, seed, seats)

    def _setup_loads(self) -> None:
        n = len(self.players)
        self.lunar = LunarExtras(debts=[0] * n, discards=[0] * n, late=[{} for _ in range(n)],
                                 promised=[[] for _ in range(n)])
        super()._setup_loads()

    def clone(self) -> "LunarRailsState":
        c = super().clone()
        c.lunar = self.lunar.clone()
        return c

    def to_dict(self) -> dict[str, Any]:
        return dict(super().to_dict(), lunar=self.lunar.to_dict())

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "LunarRailsState":
        s = super().from_dict(data)
        s.lunar = LunarExtras.from_dict(data["lunar"])
        return s
