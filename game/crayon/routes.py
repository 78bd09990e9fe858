"""Delivery routes for the computer players: a route is a short list of
stops (pick up here, deliver there) serving one or two demands at once, so a
train carries two or three loads along one trip the way a good player does.
Routes are priced with build costs read from cost fields (track still to
build, joining the stops one after another) and a travel estimate.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from itertools import permutations
from typing import Any, Callable

from game.crayon.content import CIRCUS

Hex = tuple[int, int]
DETOUR = 1.25  # (chosen) track runs about a quarter longer than the straight line
TRACK_VALUE = 0.75  # (chosen) share of a build counted as cost: track keeps earning later
RENTED_DETOUR = 1.3  # (chosen) others' track rarely runs the bot's way: a longer ride, more rent
CUSHION = 8  # (chosen) cash a route must leave after its track and rent, for the unforeseen
SOURCES_PER_LOAD = 2  # (chosen) supply cities tried for each load, the most promising first
PAIR_SOURCES = 2  # (chosen) supply cities tried for each load when two demands share a route
THIRD_BASES = 4  # (chosen) best two-demand routes a third demand is fitted into (trains carrying three)


@dataclass(frozen=True)
class Stop:
    city: str
    load: str
    pick: bool  # True: pick the load up here; False: deliver it here
    card: int  # the demand card (or special demand event card) served
    index: int  # demand index on the card (-1 for a special demand)
    count: int = 1  # loads of that kind (special demands may want 2-3)
    payout: int = 0  # paid on delivery (0 for a pick-up)
    loads: tuple[str, ...] = ()  # a special delivery: every load it takes (kinds may mix)


def need(stop: Stop, load: str) -> int:
    """How many loads of `load` the delivery `stop` takes."""
    if stop.loads:
        return stop.loads.count(load)
    return stop.count if stop.load == load else 0


@dataclass(frozen=True)
class Route:
    stops: tuple[Stop, ...]
    payout: int
    build: int  # estimated track still to build
    rent: int  # estimated rent
    turns: float
    score: float  # estimated profit per turn

    @property
    def demands(self) -> tuple[tuple[int, int], ...]:
        return tuple((s.card, s.index) for s in self.stops if not s.pick)

    @property
    def cities(self) -> tuple[str, ...]:
        return tuple(s.city for s in self.stops)

    @property
    def cost(self) -> int:
        """What the route spends by estimate: its track and rent."""
        return self.build + self.rent

    @property
    def profit(self) -> int:
        """What the route leaves by estimate: its payouts less its cost."""
        return self.payout - self.cost

    @property
    def rate(self) -> float:
        """Profit per turn counting the whole build as spent (no cushion kept)."""
        return self.profit / self.turns

    def payable(self, cash: int) -> bool:
        """The cash pays for all the route's track and rent."""
        return self.cost <= cash


@dataclass(frozen=True)
class Want:
    card: int
    index: int
    load: str
    dest: str
    payout: int
    count: int
    loads: tuple[str, ...] = ()  # a special demand's loads (one kind or several)

    @property
    def mixed(self) -> bool:
        return len(set(self.loads)) > 1


def wants(state: Any, seat: int) -> list[Want]:
    """The demands a player may fill: the hand, the special demands (one kind
    of load or several) whose loads its train can carry at once, and any
    Shortage or Boom in play (one of its loads to a Major City)."""
    out = [Want(c, i, d.load, d.city, d.payout, 1) for c, i, d in state.hand_demands(seat)]
    for ev in state.active:
        spec = state.active_spec(ev)
        loads = tuple(spec.get("loads", ())) if spec.kind == "special_demand" else ()
        if loads and len(loads) <= state.capacity(seat):
            name = " + ".join(sorted(set(loads)))
            out.append(Want(ev.card, -1, name, spec.get("city"), int(spec.get("reward")), len(loads), loads))
    for card, load, reward in getattr(state, "shortage_loads", list)():
        dest = boom_city(state, seat, load)
        if dest is not None:
            out.append(Want(card, -1, load, dest, reward, 1))
    return out


def boom_city(state: Any, seat: int, load: str) -> str | None:
    """A Shortage or Boom (Lunar Rails) pays in ANY Major City: the one
    nearest a city supplying the load (or the train when it carries one)."""
    majors = [c for c in state.board.cities.values() if c.size == "major"]
    p = state.players[seat]
    starts = [p.position] if load in p.loads and p.position is not None else \
        [state.board.cities[s].center for s in sources(state, load, 1)]
    if not majors or not starts:
        return None
    return min(majors, key=lambda c: (min(state.travel(h, c.center) for h in starts), c.name)).name


def depot(state: Any, seat: int) -> tuple[str | None, list[str]]:
    """Private Warehousing (Lunar Rails): the city nearest the player's own
    warehouse, where a route fetching a stored load is priced as picking it
    up, and the loads stored there; (None, []) without a warehouse."""
    house = getattr(state, "lunar", None) and state.lunar.warehouses.get(seat)
    if not house or not house.loads:
        return None, []
    near = min(state.board.cities.values(), key=lambda c: (state.travel(c.center, house.milepost), c.name))
    return near.name, list(house.loads)


def sources(state: Any, load: str, count: int) -> list[str]:
    if load == CIRCUS:
        return list(state.circus_at)
    if state.supply.get(load, 0) < count:
        return []
    return [name for name, loads in state.data.supplies.items() if load in loads]


class Pricer:
    """Prices stop lists for one player in one position.

    `link(city)` is the build cost to join a city to the network (0 when on
    it or reachable over rented track, None when impossible); `pair(a, b)` the
    cost of track from city a to city b."""

    def __init__(self, state: Any, seat: int, link: Callable[[str], int | None],
                 pair: Callable[[str, str], int | None], rented: set[str], networked: bool = True,
                 rides: dict[str, int] | None = None,
                 ride: Callable[[str, str], int | None] | None = None,
                 own_link: Callable[[str], int | None] | None = None) -> None:
        self.state, self.seat = state, seat
        self.networked = networked  # False: `link` prices track from Major Cities, for the first stop only
        self.link, self.pair, self.rented = link, pair, rented
        self.rides = rides or {}  # mileposts of existing track from the train to cities it reaches
        self.ride = ride  # mileposts between two cities over the own track (None: not joined); None: straight lines
        # build cost to join a city the train reaches only by renting with its own track (None: rent only)
        self.own_link = own_link
        self.centers = {n: c.center for n, c in state.board.cities.items()}
        p = state.players[seat]
        self.here = p.position
        self.here_city = state.board.city_at.get(p.position) if p.position is not None else None
        self.cash = p.cash
        self.speed = max(state.speed(seat), 1)
        self.capacity = state.capacity(seat)
        self.carried = list(p.loads)
        # loads on board that a demand still asks for take room on any route (not dropped to make room)
        self.wants = wants(state, seat)
        self.wanted = {x for w in self.wants for x in (w.loads or (w.load,))}
        self.depot, self.stored = depot(state, seat)
        self.budget = state.rules.build_budget
        self.rent_fee = state.rules.rent
        self._links: dict[Any, int | None] = {}
        self._pairs: dict[tuple[str, str], int | None] = {}

    def _link(self, city: str) -> int | None:
        if city not in self._links:
            self._links[city] = self.link(city)
        return self._links[city]

    def _pair(self, a: str, b: str) -> int | None:
        if (a, b) not in self._pairs:
            self._pairs[(a, b)] = self.pair(a, b)
        return self._pairs[(a, b)]

    def _own(self, city: str) -> int | None:
        if city not in self.rented:
            return self._link(city)
        if ("own", city) not in self._links:
            self._links[("own", city)] = self.own_link(city) if self.own_link is not None else None
        return self._links[("own", city)]

    def build_cost(self, cities: tuple[str, ...], own: bool = False) -> int | None:
        """Track still to build to join `cities` one after another; with
        `own`, a city reached only by renting is joined with own track too."""
        joined: list[str] = []
        total = 0
        link = self._own if own else self._link
        for city in cities:
            if city in joined:
                continue
            cost = link(city) if self.networked or not joined else None
            for other in joined:
                if cost == 0:
                    break
                c = self._pair(other, city)
                if c is not None and (cost is None or c < cost):
                    cost = c
            if cost is None:
                return None
            total += cost
            joined.append(city)
        return total

    def fits(self, stops: tuple[Stop, ...]) -> bool:
        """The train has room for the loads at every stop (beside the loads on
        board that some demand wants), and every delivery
        has its loads on board when it comes (two demands for one kind of load
        cannot share one carried load)."""
        used = {s.load for s in stops} | {x for s in stops for x in s.loads}
        load = sum(1 for x in self.carried if x in used or x in self.wanted)
        held = Counter(self.carried)
        for s in stops:
            load += s.count if s.pick else -s.count
            if load > self.capacity:
                return False
            if s.pick:
                held[s.load] += s.count
                continue
            held.subtract(s.loads or (s.load,) * s.count)
            if min(held.values(), default=0) < 0:
                return False
        return True

    def wasted(self, stops: tuple[Stop, ...]) -> int:
        """What the loads on board lose when the route's deliveries use up the
        cards that wanted them (a card goes once one of its demands is
        filled): the best payout each such load no longer has, in half."""
        cards = {s.card for s in stops if not s.pick and s.index >= 0}
        if not cards:
            return 0
        used = {x for s in stops for x in (s.loads or (s.load,))}
        lost = 0
        for load in set(self.carried) - used:
            before = [w.payout for w in self.wants if load in (w.loads or (w.load,))]
            after = [w.payout for w in self.wants if load in (w.loads or (w.load,)) and w.card not in cards]
            if before and not after:
                lost += max(before) // 2
        return lost

    def miles(self, stops: tuple[Stop, ...], renting: bool | None = None) -> tuple[float, bool]:
        """(mileposts the train runs to make the stops in order, whether it
        rents). A leg over track that exists is measured along it: from the
        train over any track it may use (`rides`), between two stops over the
        own track (`ride`, when given); any other leg is the straight line
        plus DETOUR, and RENTED_DETOUR more on a route that rents."""
        if renting is None:
            renting = any(s.city in self.rented for s in stops)
        guess = DETOUR * (RENTED_DETOUR if renting else 1.0)
        pos, prev = self.here, self.here_city
        miles = 0.0
        setting_out = True  # no stop made away from where the train stands yet
        for s in stops:
            c = self.centers[s.city]
            if pos is not None:
                straight = self.state.travel(pos, c) * guess
                if setting_out:
                    ridden = self.rides.get(s.city) if self.ride is not None else None
                    miles += max(straight, self.rides.get(s.city, 0) * guess / DETOUR) if ridden is None else ridden
                else:
                    ridden = self.ride(prev, s.city) if self.ride is not None and prev is not None else None
                    miles += straight if ridden is None else ridden
            setting_out = setting_out and s.city == self.here_city
            pos, prev = c, s.city
        return miles, renting

    def price(self, stops: tuple[Stop, ...]) -> Route | None:
        """The route over `stops`: renting to the cities only others' track
        reaches, or (with `own_link`) building its own track to them, whichever
        earns more a turn (a few millions of track against rent every turn)."""
        if not self.fits(stops):
            return None
        cities = tuple(s.city for s in stops)
        build = self.build_cost(cities)
        rented = build is not None and self.own_link is not None and any(c in self.rented for c in cities)
        best = self._priced(stops, build, None) if build is not None else None
        if rented:
            own = self.build_cost(cities, own=True)
            alone = self._priced(stops, own, False) if own is not None else None
            if alone is not None and (best is None or alone.score > best.score):
                best = alone
        return best

    def _priced(self, stops: tuple[Stop, ...], build: int, renting: bool | None) -> Route:
        miles, renting = self.miles(stops, renting)
        payout = sum(s.payout for s in stops) - self.wasted(stops)
        move_turns = miles / self.speed
        turns = max(move_turns, build / self.budget) + 0.6 + 0.2 * len(stops)
        rent = self.rent_fee * max(1, math.ceil(move_turns)) if renting else 0
        score = (payout - build * TRACK_VALUE - rent) / turns
        short = build + rent + CUSHION - self.cash
        if short > 0:
            score = min(score, 0.0) - short / 10  # cannot be paid for with a margin left

        return Route(stops, payout, build, rent, turns, score)


def _legs(state: Any, pricer: Pricer, w: Want, per_load: int = SOURCES_PER_LOAD) -> list[tuple[Stop, ...]]:
    """Ways to fill one demand: (pick, deliver) from its best sources, or
    (deliver,) when the train already carries the loads; a special demand of
    several kinds picks each kind at its best source, in every order."""
    deliver = Stop(w.dest, w.load, False, w.card, w.index, w.count, w.payout, w.loads)
    if w.mixed:
        return _mixed_legs(state, pricer, w, deliver)
    missing = w.count - pricer.carried.count(w.load)
    if missing <= 0:
        return [(deliver,)]
    options = sorted(sources(state, w.load, missing), key=_ranker(pricer, w.dest))[:per_load]
    if pricer.depot is not None and pricer.stored.count(w.load) >= missing:
        options.insert(0, pricer.depot)  # the own warehouse holds them
    return [(Stop(src, w.load, True, w.card, w.index, missing), deliver) for src in options]


def _ranker(pricer: Pricer, dest_city: str) -> Callable[[str], float]:
    """Orders supply cities: cheap to join, short trip from the train to the destination."""
    dest = pricer.centers[dest_city]
    here = pricer.here

    def rank(city: str) -> float:
        link = pricer._link(city)
        c = pricer.centers[city]
        trip = pricer.state.travel(c, dest) + (pricer.state.travel(here, c) if here is not None else 0)
        return (link if link is not None else 999) + trip * 0.5

    return rank


def _mixed_legs(state: Any, pricer: Pricer, w: Want, deliver: Stop) -> list[tuple[Stop, ...]]:
    picks = []
    for load in sorted(set(w.loads)):
        missing = w.loads.count(load) - pricer.carried.count(load)
        if missing <= 0:
            continue
        found = sources(state, load, missing)
        if not found:
            return []
        picks.append(Stop(min(found, key=_ranker(pricer, w.dest)), load, True, w.card, w.index, missing))
    return [order + (deliver,) for order in permutations(picks)]


def routes(state: Any, pricer: Pricer, thirds: bool = True) -> list[Route]:
    """Every one- and two-demand route (and, with `thirds`, three-demand ones
    for a train carrying three), best estimated profit per turn first."""
    ws = wants(state, pricer.seat)
    legs = [(w, _legs(state, pricer, w)) for w in ws]
    out: list[Route] = []
    for _w, options in legs:
        for stops in options:
            r = pricer.price(stops)
            if r is not None:
                out.append(r)
    for i, (w1, opts1) in enumerate(legs):
        for w2, opts2 in legs[i + 1:]:
            if w1.card == w2.card or w1.mixed or w2.mixed:
                continue  # a mixed special's stops are planned on their own
            for a in opts1[:PAIR_SOURCES]:
                for b in opts2[:PAIR_SOURCES]:
                    for stops in _merges(a, b):
                        r = pricer.price(stops)
                        if r is not None:
                            out.append(r)
    if thirds and pricer.capacity >= 3:
        pairs = sorted((r for r in out if len(r.demands) == 2), key=lambda r: -r.score)
        out += _thirds(pricer, legs, pairs[:THIRD_BASES])
    out.sort(key=lambda r: -r.score)
    return out


def _thirds(pricer: Pricer, legs: list[tuple[Want, list[tuple[Stop, ...]]]], bases: list[Route]) -> list[Route]:
    """Three-demand routes for a train carrying three loads: a third demand's
    best leg fitted into each of the best two-demand routes, its pick-up and
    delivery at every place along the way (pick-up first)."""
    out = []
    for base in bases:
        cards = {s.card for s in base.stops}
        for w, options in legs:
            if w.card in cards or w.mixed or not options:
                continue
            for stops in _insertions(base.stops, options[0]):
                r = pricer.price(stops)
                if r is not None:
                    out.append(r)
    return out


def _insertions(stops: tuple[Stop, ...], leg: tuple[Stop, ...]) -> list[tuple[Stop, ...]]:
    """Every way to put the leg's one or two stops into `stops`, keeping both
    orders (the leg's pick-up before its delivery)."""
    n = len(stops)
    if len(leg) == 1:
        return [stops[:i] + leg + stops[i:] for i in range(n + 1)]
    out = []
    for i in range(n + 1):
        for j in range(i, n + 1):
            out.append(stops[:i] + leg[:1] + stops[i:j] + leg[1:] + stops[j:])
    return out


def _merges(a: tuple[Stop, ...], b: tuple[Stop, ...]) -> list[tuple[Stop, ...]]:
    """Orders of two legs' stops that keep each pick before its delivery."""
    out = []
    for order in permutations(a + b):
        ok = True
        for leg in (a, b):
            if len(leg) == 2 and order.index(leg[0]) > order.index(leg[1]):
                ok = False
                break
        if ok:
            out.append(order)
    return out
