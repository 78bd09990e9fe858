"""Computer players for crayon-rails games.

"random" picks uniformly among the enumerated legal actions. "normal" and
"easy" are route-based (see ``routes``): they price every route of one or two
demands (two loads carried together, picked up along one line) and, for
"normal" with a train carrying three, of three demands, with the
track still to build joining the stops one after another, rent over others'
track and a travel estimate, and follow the best profit per turn. They keep
cash for rent and a margin, build toward the first stop their track misses,
upgrade once the cash left still pays for the route, and join Major Cities as
the cash target nears. Special demands mixing load kinds get one pick-up per
kind. A route is kept until done or clearly beaten (``switch_pays``). "normal"
measures every leg its own track already joins along that track, in
movement points (``rides``; a game's rules.yaml may turn it off:
``bot_own_rides``), prices its own track to a city only others' track
reaches when that beats the rent, counts the price of the train it buys,
and runs further on its own track rather than pay a turn's rent when it
arrives in as many turns (always when the rent would leave it below
BROKE_FLOOR). A city the train can only reach by renting is priced with that rent,
even when it lies on the bot's own network. Track is only built for a
route the cash pays in full; a bot short of cash takes the deliveries its own
track reaches and discards a hand it cannot reach; stranded on others'
track, it pays the rent to move on. Both levels keep a way out (a game
without loans strands a broke train): a train off its own line rides others' track back to
it after a delivery and before discarding, keeps a turn's rent from its
building there, and never leaves the home region without the border duty
to come back unless it goes to deliver. Loads on board that a demand wants keep
their room on every route; with a private warehouse (Lunar Rails) those the
route leaves aside wait there, and routes may fetch them. "easy" picks any of its
EASY_CHOICES best routes and never drops it for a better one. A bot never changes
the state it is given.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from functools import cache
from typing import Any

from game.core.actions import Action
from game.core.engine import Viewer
from game.core.errors import IllegalAction
from game.core.hexgrid import pair_key
from game.core.turnmemory import TurnMemory
from game.crayon import actions as A
from game.crayon.building import quote_build
from game.crayon.content import CIRCUS
from game.crayon.links import path_points, wraps
from game.crayon.movement import events_stamp, move_points, move_tree, plan_move
from game.crayon.network import components
from game.crayon.pathfind import CostField, bare_city_cost, cost_field
from game.crayon.rides import own_ride
from game.crayon.routes import Pricer, Route, Stop, depot, need, routes, wants

Hex = tuple[int, int]
UPGRADE_MARGIN = 10  # (chosen) cash kept beyond the route's track when buying the first faster/bigger train
SUPER_MARGIN = 40    # (chosen) ... and when buying the Super Freight
# (measured) "easy" follows any of its this many best routes (on the Moon normal beat easy 57 of 80 with 4, 62 with 6)
EASY_CHOICES = 6
BROKE_FLOOR = 10  # (chosen) cash left after the track of a route that only pays for itself (two turns' rent and more)
KEEP_SHARE = 0.7  # (chosen) "normal" leaves its route only for one earning more than 1/0.7 times as much a turn ...
SWITCH_GAIN = 2.0  # (chosen) ... and at least this many M a turn more
SPIKE_MARGIN = 10  # (chosen) the Golden Spike ring is finished when it costs at most the award and this
SPIKE_CUSHION = 40  # (chosen) cash kept after the ring's track
WAREHOUSE_CASH = 90  # (chosen) cash at which a bot builds its private warehouse
BUY_SECTIONS = 4  # (chosen) most sections of a rival's track a bot offers to buy at once
BUY_CUSHION = 30  # (chosen) cash a bot keeps, beyond its route's track, after buying track
RESTART_AFTER = 3  # (chosen) turns in a row a bot begins with no route its cash pays (two new hands did not help)
TRACK_WORTH = 1.0  # (chosen) share of its own track's build cost a bot counts as worth keeping when it weighs starting over
RESTART_GAIN = 20  # (chosen) how much more than it keeps a fresh start must be worth: a restart turn turns 20M of the
                   # 60M into track, so a smaller gain only starts the same trap again (seen: restart after restart)


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)
        self.viewer = Viewer(seed)

    def choose(self, state: Any) -> Action:
        return self.rnd.choice(self.viewer.view(state).legal_actions())


def covered_picks(carried: list[str], stops: tuple[Stop, ...], open_: list[Stop]) -> Counter[str]:
    """For each load, how many of the route's pick-ups (for demands still
    open) the loads on board already cover: those beyond what the open
    deliveries still need picked up. Two loads of one kind picked up one by
    one for two demands: after the first, one pick-up is covered (the
    earliest, so the other is still to do)."""
    picks: Counter[str] = Counter()
    for s in stops:
        if s.pick and any(o.card == s.card for o in open_):
            picks[s.load] += s.count
    return Counter({load: n - max(0, sum(need(o, load) for o in open_) - carried.count(load))
                    for load, n in picks.items()})


class PlanBot:
    """The plan-based computer player: it follows a delivery route (one or
    two demands, loads carried together), builds the track the route still
    lacks, upgrades once its track serves the route, and joins Major Cities
    as its cash nears the target."""

    def __init__(self, seed: int = 0, sharp: bool = True) -> None:
        self.rnd = random.Random(seed)
        self.viewer = Viewer(seed)
        self.sharp = sharp
        self._anchor: str | None = None  # a Major City to start the very first track from
        self._major_field: CostField | None = None  # costs from the piece joining most Major Cities
        self._idle: dict[int, int] = {}  # turns in a row each seat ended without doing anything
        self._route: dict[Any, Route] = {}  # train (see train_key) -> the route being worked on
        self._homes: dict[Any, set[Hex]] = {}
        self._best_score: dict[Any, tuple[Any, float]] = {}  # train -> (moment, best route score then)
        self._switched: dict[int, Any] = {}  # seat -> the turn it last changed trains (two trains)
        self._stuck: dict[int, tuple[int, int]] = {}  # seat -> (turn, turns in a row it began with no route)
        self._spike_seen: Any = None  # (seat, track size, turn) the Golden Spike ring was last priced at
        self._turn = TurnMemory()

    # Entry ---------------------------------------------------------------------

    def choose(self, state: Any) -> Action:
        """The bot's move, checked on a copy; a move the rules refuse (a bot
        bug) is replaced by a random legal one so the game never stalls, and
        a move back to a state already seen this turn (a loop) by ending the
        turn. It decides on what its seat may see (the deck order is re-dealt)."""
        view = self.viewer.view(state)
        action = self.decide(view)
        try:
            view.clone().apply(action)
        except IllegalAction:
            action = self.rnd.choice(view.legal_actions())
        return self._turn.guard(state, action, lambda: [A.EndTurn(), *state.legal_actions()])

    def decide(self, state: Any) -> Action:
        """The bot's own choice, unchecked (tests call this to catch bot bugs)."""
        if state.pending:
            return self._decide(state)
        seat = state.current_player()
        if not state.forfeit and state.declares_on_ending(seat):
            return A.EndTurn()  # spending now would fall back below the target (seen at 254M: six turns more)
        loan = self._loan(state, seat)
        if loan is not None:
            return loan
        if state.phase == "operate" and not state.building and not state.forfeit:
            action = self._start_over(state, seat) or self._operate(state, seat) or self._other_train(state, seat)
            if action is not None:
                return action
        if not state.forfeit:
            action = self._build(state, seat)
            if action is not None:
                return action
        if state.phase == "operate":
            self._idle[seat] = 0 if state.acted else self._idle.get(seat, 0) + 1
        return A.EndTurn()

    def _other_train(self, state: Any, seat: int) -> Action | None:
        """Two trains (Lunar Rails' Additional Trains): once the train being
        run has nothing more to do, run the other, once a turn."""
        spare = getattr(state, "lunar", None) and state.lunar.spare.get(seat)
        turn = (state.players[seat].turns_taken, state.round)
        if not spare or spare.moves_left <= 0 or self._switched.get(seat) == turn or state.switch_refusal(seat):
            return None
        self._switched[seat] = turn
        return state.switch_action()

    def _start_over(self, state: Any, seat: int) -> Action | None:
        """Lunar Rails' Mercy rule Starting Over, chosen by the bot itself when
        its position is untenable ("a player becomes trapped and unable to
        build or to move to get out of the predicament"): RESTART_AFTER turns
        in a row with no route its cash pays (a new hand did not help), and a
        fresh start is worth more than what it keeps (``start_over_pays``).
        Whether someone declares a run over the old track is the game's question."""
        from game.crayon.lunar_rails import actions as LA
        if not hasattr(state, "mercy_actions") or LA.StartOver() not in state.mercy_actions(seat):
            return None
        turn = state.players[seat].turns_taken
        last, count = self._stuck.get(seat, (-1, 0))
        if last != turn:
            stuck = state.players[seat].position is not None and self._hopeless(state, seat, self.best_route(state, seat))
            count = count + 1 if stuck else 0
            self._stuck[seat] = (turn, count)
        if count < RESTART_AFTER or not start_over_pays(state, seat):
            return None
        self._stuck[seat] = (turn, 0)
        return LA.StartOver()

    def _loan(self, state: Any, seat: int) -> Action | None:
        """A game's loan (Lunar Rails' Mercy rule) once the cash no longer pays
        a turn's rent: borrowing is cheaper than being stuck."""
        if state.forfeit or state.players[seat].cash >= state.rules.rent or not hasattr(state, "loan_offer"):
            return None
        return state.loan_offer(seat)

    # Costs ---------------------------------------------------------------------

    def _field(self, state: Any, seat: int) -> CostField:
        """Build costs from the piece of network the bot works from (from
        every Major City before it has track); kept by the state per track."""
        net = self.home(state, seat)
        sources = set(net) if net else {m for c in state.board.cities.values() if c.size == "major"
                                        for m in c.mileposts}
        return cost_field(state, seat, sources)

    def _rides(self, state: Any, seat: int) -> tuple[set[str], dict[str, int]]:
        """(cities the train reaches only over others' track, mileposts of
        track from the train to every city its track or others' reaches)."""
        p = state.players[seat]
        key = ("rides", seat, p.position, p.came_from, may_rent(state, seat))
        stamp = events_stamp(state)
        kept = state._net.get(key)  # the state's track memo: emptied whenever any track changes
        if kept is not None and kept[0] == stamp:
            return kept[1]
        rented: set[str] = set()
        rides: dict[str, int] = {}
        if p.position is not None:
            city_at = state.board.city_at
            for h, points in move_points(state, seat, may_rent(state, seat)).items():
                if h in city_at:
                    city = city_at[h]
                    rides[city] = min(rides.get(city, points), points)
            # a city of its own network counts as rented too when the train must rent to get there
            # (it stands on others' track, or its own line is cut by a ferry): that rent is paid every turn
            own = move_tree(state, seat, None, False)
            rented = set(rides) - {city_at[h] for h in own if h in city_at}
        state._net[key] = (stamp, (rented, rides))
        return rented, rides

    def home(self, state: Any, seat: int, majors_first: bool = False) -> set[Hex]:
        """The piece of the network the bot works from: the one its train is on
        (or, with `majors_first` or no train on the network, the one joining
        the most Major Cities)."""
        pos = state.players[seat].position
        key = (seat, len(state.track), hash(frozenset(state.track.items())), pos, majors_first,
               tuple(tuple(v) for v in state.ferry_owners.values()))
        kept = self._homes.get(key)
        if kept is None:
            kept = self._home(state, seat, pos, majors_first)
            self._homes = {key: kept}
        return kept

    def _home(self, state: Any, seat: int, pos: Hex | None, majors_first: bool) -> set[Hex]:
        pieces = components(state.board, state.track, seat, state.ferry_owners)
        if not pieces:
            return set()
        if not majors_first:
            for nodes, _majors in pieces:
                if pos in nodes:
                    return nodes
        return max(pieces, key=lambda pc: (len(pc[1]), len(pc[0])))[0]

    def city_cost(self, state: Any, field: CostField, city: str) -> int | None:
        return field.cheapest(state.board.cities[city].mileposts)

    def _linked(self, state: Any, seat: int, city: str) -> bool:
        net = self.home(state, seat)
        return any(m in net for m in state.board.cities[city].mileposts)

    def pricer(self, state: Any, seat: int) -> Pricer:
        field = self._field(state, seat)
        net = self.home(state, seat)
        rented, rides = self._rides(state, seat)
        cities = state.board.cities

        def link(city: str) -> int | None:
            if city in rented or any(m in net for m in cities[city].mileposts):
                return 0
            return self.city_cost(state, field, city)

        def pair(a: str, b: str) -> int | None:
            return bare_city_cost(state, a, b)

        def ride(a: str, b: str) -> int | None:
            return own_ride(state, seat, a, b)

        def own_link(city: str) -> int | None:
            """Own track to a city others' track reaches (None when on its line: rent is the only way)."""
            if any(m in net for m in cities[city].mileposts):
                return None
            return self.city_cost(state, field, city)

        # "easy" guesses every leg after the first in a straight line; "normal" measures those its track joins
        # where the game's rules.yaml says it pays (bot_own_rides)
        return Pricer(state, seat, link, pair, rented, networked=bool(net), rides=rides,
                      ride=ride if self.sharp and state.rules.bot_own_rides else None,
                      own_link=own_link if self.sharp else None)

    # Routes --------------------------------------------------------------------

    def plans(self, state: Any, seat: int) -> list[Route]:
        """Every route ("easy": of one or two demands), best estimated profit per turn first."""
        return routes(state, self.pricer(state, seat), self.sharp)

    def _left(self, state: Any, seat: int, route: Route) -> tuple[Stop, ...] | None:
        """The stops of `route` still to do, or None when it no longer works."""
        p = state.players[seat]
        hand = set(p.hand)
        specials = {e.card for e in state.active}
        open_ = [s for s in route.stops if not s.pick and (s.card in hand if s.index >= 0 else s.card in specials)]
        if not open_:
            return None
        for s in route.stops:
            if not s.pick and s.index >= 0 and s.card in hand:
                d = state.card_demands(s.card)[s.index]
                if (d.city, d.load) != (s.city, s.load):
                    return None
        stored = cache(lambda: depot(state, seat)[1])  # the own warehouse's loads, looked up at most once
        covered = covered_picks(p.loads, route.stops, open_)
        left = []
        for s in route.stops:
            if not s.pick:
                if s in open_:
                    left.append(s)
                continue
            if not any(o.card == s.card for o in open_):
                continue
            if covered[s.load] >= s.count:  # a load on board already serves this pick-up
                covered[s.load] -= s.count
                continue
            if covered[s.load]:  # part of a several-load pick-up is on board: the rest is still to do
                s, covered[s.load] = replace(s, count=s.count - covered[s.load]), 0
            if s.load != CIRCUS and state.supply.get(s.load, 0) <= 0 and s.load not in stored():
                return None
            if s.load != CIRCUS and s.load not in state.data.supplies.get(s.city, ()) and s.load not in stored():
                return None  # planned from the own warehouse, which no longer holds it
            if s.load == CIRCUS and s.city not in state.circus_at:
                return None
            left.append(s)
        return tuple(left)

    def best_route(self, state: Any, seat: int) -> Route | None:
        """The route to follow: the one chosen before while it still works and
        is not clearly beaten, else the best (for "easy": one of the best EASY_CHOICES).
        Within a turn, with the same hand, the kept route is only compared with
        the best score found at the turn's start. A broke bot (no route pays
        with a cushion left) follows only routes its cash pays in full, those
        on its own track first; with none it has no route."""
        pricer = self.pricer(state, seat)
        p = state.players[seat]
        train = train_key(state, seat)
        moment = hand_moment(state, seat, seat)
        kept = self._route.get(train)
        if kept is not None:
            left = self._left(state, seat, kept)
            again = pricer.price(left) if left else None
            if again is not None and (usable(again, p.cash) or state.phase == "initial"):
                best = self._best_score.get(train)
                if best is None or best[0] != moment:
                    options = ranked(routes(state, pricer, self.sharp), p.cash, state.phase == "initial")
                    best = (moment, options[0].score if options else 0.0)
                    self._best_score[train] = best
                if not self.sharp or not switch_pays(again.score, best[1]):
                    self._route[train] = again
                    return again
        options = ranked(routes(state, pricer, self.sharp), p.cash, state.phase == "initial")
        self._best_score[train] = (moment, options[0].score if options else 0.0)
        claimed = {dm for key, r in self._route.items() if key != train and key_seat(key) == seat for dm in r.demands}
        options = [r for r in options if not claimed & set(r.demands)]  # the other train's demands are its own
        if not options:
            self._route.pop(train, None)
            return None
        choice = options[0] if self.sharp else self.rnd.choice(options[:EASY_CHOICES])
        self._route[train] = choice
        return choice

    # Operating -----------------------------------------------------------------

    def _operate(self, state: Any, seat: int) -> Action | None:
        p = state.players[seat]
        route = self.best_route(state, seat)
        if p.position is None:
            return self._place(state, seat, route)
        if p.on_ferry:
            return None
        if not state.acted and (self._hopeless(state, seat, route) or self._idle.get(seat, 0) >= 2):
            self._idle[seat] = 0
            return self._go_home(state, seat) or A.DiscardHand()
        loads_here = state.load_actions(seat)
        action = self._deliver(state, seat, route, loads_here)
        if action is None:
            action = self._handle_loads(state, seat, route, loads_here)
        if action is None and hasattr(state, "warehouse_actions"):
            action = self._warehouse(state, seat, route, loads_here)
        if action is not None:
            return action
        if state.moves_left > 0 and route is not None:
            stored = self._to_warehouse(state, seat, route)
            if stored is not None:
                return stored
            city = route.stops[0].city
            rent_ok = route.rent > 0 or route.score > 0
            # a broke bot pays no rent while its own track serves, but one stranded on others' track pays
            return self._move_toward(state, seat, city, rent_ok) or (
                None if rent_ok else self._move_toward(state, seat, city, True))
        return None

    def _deliver(self, state: Any, seat: int, route: Route | None, loads_here: list[Action]) -> Action | None:
        """The best delivery here that does not take a load the route means
        for a better-paying demand."""
        best, best_pay = None, -1
        planned = [s for s in route.stops if not s.pick] if route is not None else []
        p = state.players[seat]
        for a in loads_here:
            what = state.delivery_of(a)
            if what is None:
                continue
            load, pay = what
            if not (isinstance(a, A.Deliver) and any((s.card, s.index) == (a.card, a.index) for s in planned)) \
                    and not isinstance(a, A.DeliverSpecial):
                owed = [s for s in planned if need(s, load)]
                if owed and p.loads.count(load) <= sum(need(s, load) for s in owed) and \
                        pay < max(s.payout for s in owed):
                    continue
            if pay > best_pay:
                best, best_pay = a, pay
        return best

    def _hopeless(self, state: Any, seat: int, route: Route | None) -> bool:
        """No demand (hand or special) its cash can reach, loads carried
        included, or the best one needs track it would not build: a new hand
        is worth more than waiting."""
        if route is None or not route.payable(state.players[seat].cash):
            return True
        return route.build > 0 and not self._builds_for(state, seat, route)

    def _place(self, state: Any, seat: int, route: Route | None) -> Action:
        board = state.board
        net = state.network(seat)
        if route is not None:
            for city in route.cities:  # the first stop the own track reaches, to start without rent
                if any(m in net for m in board.cities[city].mileposts):
                    return A.PlaceTrain(board.cities[city].center)
            return A.PlaceTrain(board.cities[route.stops[0].city].center)
        on_net = [c for c in board.cities.values() if any(m in net for m in c.mileposts)]
        return A.PlaceTrain((on_net or list(board.cities.values()))[0].center)

    def _handle_loads(self, state: Any, seat: int, route: Route | None, loads_here: list[Action]) -> Action | None:
        p = state.players[seat]
        city = state.board.city_at.get(p.position)
        if city is None:
            return None
        wanted = wanted_loads(state, seat)
        pickups = {a.load for a in loads_here if isinstance(a, A.PickUp)}
        drops = {a.load for a in loads_here if isinstance(a, A.Drop)}
        stops = route.stops if route is not None else ()
        to_pick = [s for s in stops if s.pick]
        room = free_room(state, seat, stops)
        # a load the route picks up elsewhere is taken here too (the same load, sooner) when every pick-up still fits
        fits = room >= 0
        for s in to_pick:
            if s.load in pickups and (s.city == city or fits and s.load in state.data.supplies.get(city, ())):
                return A.PickUp(s.load)
        used = route_loads(stops)
        if any(s.city == city for s in to_pick) and len(p.loads) >= state.capacity(seat):
            spare = [x for x in p.loads if x not in used and x in drops]
            if spare:
                return A.Drop(min(spare, key=lambda x: x in wanted))
        idle_loads = [x for x in p.loads if x not in wanted and x not in used and x in drops]
        if idle_loads:
            return A.Drop(idle_loads[0])  # give the chip back for others (and later hands)
        if room > 0:
            pricer = None
            for c, i, d in state.hand_demands(seat):
                if d.load not in pickups or p.loads.count(d.load) >= wanted.count(d.load):
                    continue
                if any(s.card == c for s in stops):
                    continue
                pricer = pricer or self.pricer(state, seat)
                if pricer.link(d.city) == 0:  # its destination is on the track already
                    return A.PickUp(d.load)
        return None

    def _warehouse(self, state: Any, seat: int, route: Route | None, loads_here: list[Action]) -> Action | None:
        """Lunar Rails' warehouses: send for the route's load when the tray
        here is empty; at a warehouse, take (buy, swap) a load the route
        still has to pick up; at the own warehouse, take back a load a demand
        wants while the train has room beyond the route's pick-ups, and store
        the loads the route does not use when it needs their room (a spare
        load, no demand's, is stored for sale)."""
        from game.crayon.lunar_rails import actions as LA
        p = state.players[seat]
        stops = route.stops if route is not None else ()
        picks = [s.load for s in stops if s.pick]
        for a in loads_here:
            if isinstance(a, LA.Retrieve) and a.load in picks and route is not None and route.payout >= 20:
                return a
        here = state.warehouse_actions(seat)
        short = route_short(p.loads, stops)
        used = route_loads(stops)
        for a in here:
            if isinstance(a, (LA.Fetch, LA.WarehouseTrade)) and short.get(a.load, 0) > 0 \
                    and (isinstance(a, LA.Fetch) or short.get(a.give, 0) == 0 and a.give not in used):
                return a
        house = state.lunar.warehouses.get(seat)
        for x in fetch_back(state, seat, stops, house.loads if house else []):
            if LA.Fetch(x) in here:
                return LA.Fetch(x)
        aside = store_aside(state, seat, stops)
        wanted = wanted_loads(state, seat)
        spare = [a for a in here if isinstance(a, LA.Store) and a.load in aside]
        return min(spare, key=lambda a: (a.load not in wanted, a.load)) if spare else None

    def _to_warehouse(self, state: Any, seat: int, route: Route) -> Action | None:
        """Private Warehousing: when the route's next stop picks up a load the
        own warehouse holds (planned there, or the warehouse is the nearer),
        the train goes there for it over its own track."""
        if not hasattr(state, "warehouse_actions") or seat not in state.lunar.warehouses:
            return None
        p, stop, house = state.players[seat], route.stops[0], state.lunar.warehouses[seat]
        if not stop.pick or stop.load not in house.loads or len(p.loads) >= state.capacity(seat) \
                or p.position == house.milepost:
            return None
        city = state.board.cities[stop.city].center
        supplied = stop.load in state.data.supplies.get(stop.city, ())
        if supplied and state.travel(p.position, house.milepost) > state.travel(p.position, city):
            return None
        path = move_tree(state, seat, None, False).get(house.milepost)
        for cut in range(min(len(path or ()), state.moves_left), 0, -1):
            if path is not None and plan_move(state, seat, path[:cut]).legal:
                return A.Move(path[:cut])
        return None

    def _stop_at_warehouse(self, state: Any, seat: int, path: tuple[Hex, ...]) -> tuple[Hex, ...]:
        """A move is cut at a warehouse on the way holding a load the route
        still has to pick up (it must stand there to take it), and at the own
        warehouse when it holds a load to take back or has room for one to
        store (see ``fetch_back``, ``store_aside``)."""
        if not hasattr(state, "warehouse_actions"):
            return path
        p = state.players[seat]
        route = self._route.get(train_key(state, seat))
        stops = route.stops if route is not None else ()
        short = {x for x, n in route_short(p.loads, stops).items() if n > 0}
        room = len(p.loads) < state.capacity(seat)
        aside = store_aside(state, seat, stops)
        cuts = set()
        for o, w in state.lunar.warehouses.items():
            if room and short & set(w.loads) and (o == seat or p.cash >= state.variant("warehouse_sale") + 10):
                cuts.add(w.milepost)
            if o == seat and (aside and len(w.loads) < state.variant("warehouse_loads")
                              or fetch_back(state, seat, stops, w.loads)):
                cuts.add(w.milepost)
        for i, h in enumerate(path):
            if h in cuts:
                return path[:i + 1]
        return path

    def _move_toward(self, state: Any, seat: int, city: str, rent_ok: bool = True) -> Action | None:
        """A move toward `city`; over others' track only when `rent_ok` (a
        broke bot following a route on its own track pays no rent)."""
        p = state.players[seat]
        targets = set(state.board.cities[city].mileposts)
        if p.position in targets:
            return None
        allow_rent = rent_ok and may_rent(state, seat)
        tree = move_tree(state, seat, None, allow_rent)
        reach = [tree[t] for t in targets if t in tree and tree[t]]
        if reach and allow_rent and self.sharp and _new_rent(state, seat, p.position, min(reach, key=len)):
            own = move_tree(state, seat, None, False)
            home = [own[t] for t in targets if t in own and own[t]]
            if home and (p.cash - state.rent_fee() < BROKE_FLOOR or
                         arrival(state, seat, path_points(state.board, p.position, min(home, key=len)))
                         <= arrival(state, seat, path_points(state.board, p.position, min(reach, key=len)))):
                # further on its own track, arriving as soon, rather than a turn's rent; and always when the
                # rent would leave it broke (seen: 7M left on a rival's line, the 40M load's hand discarded)
                reach = home
        if reach:
            path = min(reach, key=len)
        else:
            ferry_action = self._ferry_step(state, seat, tree, targets)
            if ferry_action is not None:
                return ferry_action
            own = move_tree(state, seat, None, False)  # wait at the end of its own line, paying no rent
            goal = state.board.cities[city].center
            path = self._approach(state, seat, own, goal, False)
            if not path and allow_rent:
                path = self._back_to_line(state, seat, tree, goal)
            if not path:
                return None
        path = self._way_back(state, seat, self._stop_at_warehouse(state, seat, path), city)
        for cut in range(min(len(path), state.moves_left), 0, -1):
            if plan_move(state, seat, path[:cut]).legal:
                return A.Move(path[:cut])
        return None

    def _way_back(self, state: Any, seat: int, path: tuple[Hex, ...], city: str) -> tuple[Hex, ...]:
        """`path` cut before the step the train could not take back with its
        cash (a border duty entering the home region: seen a train with 0M
        leave it and stand at the border for ever, its rival broke too),
        unless the whole way is paid and ends in `city` where it delivers a
        load it carries (the payment brings the duty)."""
        p = state.players[seat]
        route = self._route.get(train_key(state, seat))
        stop = route.stops[0] if route is not None else None
        delivers = stop is not None and not stop.pick and stop.city == city and stop.load in p.loads
        prev, cut = p.position, None
        for i, h in enumerate(path):
            if state.step_fee(seat, prev, h) > p.cash:
                delivers = False
            if cut is None and state.step_fee(seat, h, prev) > p.cash:
                cut = i
            prev = h
        return path if cut is None or delivers else path[:cut]

    def _go_home(self, state: Any, seat: int) -> Action | None:
        """With nothing worth doing, a train that can move only over others'
        track rides back to its own line before it discards its hand: a
        discard takes the whole turn, and one new hand after another is
        priced with the rent from where it stands (seen: 12 turns on a rival's
        line with 14M, a hand discarded each turn)."""
        if not self._fare_out(state, seat) or not may_rent(state, seat):
            return None
        here = state.players[seat].position
        path = self._back_to_line(state, seat, move_tree(state, seat, None, True), here)
        for cut in range(min(len(path), state.moves_left), 0, -1):
            if plan_move(state, seat, path[:cut]).legal:
                return A.Move(path[:cut])
        return None

    def _back_to_line(self, state: Any, seat: int, tree: dict, goal: Hex) -> tuple[Hex, ...]:
        """A train off its own line (it delivered over others' track) rides
        their track back to the milepost of its line nearest `goal`, rather
        than wait there while it builds elsewhere (seen: 16 turns idle, then
        broke); () when it is on its line or cannot get back."""
        net = state.network(seat)
        if state.players[seat].position in net:
            return ()
        back = [tree[h] for h in net if h in tree and tree[h]]
        return min(back, key=lambda path: (state.travel(path[-1], goal), len(path), path)) if back else ()

    def _approach(self, state: Any, seat: int, tree: dict, goal: Hex, allow_rent: bool) -> tuple[Hex, ...]:
        """The path to the milepost nearest `goal` the train can reach and
        still leave again (it may only reverse in cities), or ()."""
        p = state.players[seat]
        here = state.travel(p.position, goal)
        for h in sorted(tree, key=lambda h: (state.travel(h, goal), len(tree[h])))[:40]:
            if state.travel(h, goal) >= here:
                return ()
            path = tree[h]
            prev = path[-2] if len(path) > 1 else p.position
            onward = move_tree(state, seat, None, allow_rent, start=h, came_from=prev)
            if any(n in state.board.city_at for n in onward):
                return path
        return ()

    def _ferry_step(self, state: Any, seat: int, tree: dict, targets: set) -> Action | None:
        p = state.players[seat]
        for ferry in state.board.ferries:
            if not state.ferry_owners.get(ferry.name):
                continue
            for here, there in ((ferry.a, ferry.b), (ferry.b, ferry.a)):
                if here not in tree:
                    continue
                far = move_tree(state, seat, None, True, start=there, came_from=None)
                if not any(t in far for t in targets):
                    continue
                if p.position == here:
                    return A.BoardFerry()
                path = tree[here]
                for cut in range(min(len(path), state.moves_left), 0, -1):
                    if plan_move(state, seat, path[:cut]).legal:
                        return A.Move(path[:cut])
        return None

    # Building ------------------------------------------------------------------

    def _build(self, state: Any, seat: int) -> Action | None:
        p = state.players[seat]
        rules = state.rules
        route = self._route.get(train_key(state, seat))
        if route is None or state.phase == "initial":
            route = self.best_route(state, seat)
        room = min(rules.build_budget - state.spent, p.cash - self._fare_out(state, seat))
        if room <= 0:
            return None
        majors = state.connected_majors(seat)
        missing = rules.win_majors - len(majors)
        if missing > 0 and p.cash >= state.target_cash - 20 * missing - 30:
            action = self._build_major(state, seat, majors, room)
            if action is not None:
                return action
        spike = self._golden_spike(state, seat, room) or self._buy_track(state, seat, route)
        if spike is not None:
            return spike
        worth = route is not None and self._builds_for(state, seat, route)
        target = self._route_target(state, seat, route) if worth else None
        need = route.build if route is not None else 0
        if target is not None and route is not None:  # a target is only ever chosen for a route
            upgrade = self._upgrade(state, seat, need)
            if upgrade is not None:
                return upgrade
            keep = self._keep(state, seat, route)
            limit = None if state.phase == "initial" else \
                p.cash - keep - (route.build - self._link_cost(state, seat, target))
            action = self._build_toward(state, seat, target, min(room, p.cash - keep), limit)
            if action is not None:
                return action
        upgrade = self._upgrade(state, seat, 0)
        if upgrade is not None:
            return upgrade
        site = self._warehouse_site(state, seat)
        if site is not None:
            return site
        if missing > 0 and p.cash >= 90:
            return self._build_major(state, seat, majors, min(room, p.cash - 70))
        return None

    def _fare_out(self, state: Any, seat: int) -> int:
        """Cash the train needs to move at all: a turn's rent when every city
        it reaches is over others' track (seen: a train in a rival's city built
        down to 2M and stood there for ever, the game never ending)."""
        here = state.players[seat].position
        if here is None or state.phase != "operate":
            return 0
        rented, rides = self._rides(state, seat)
        return state.rent_fee() if rides and not set(rides) - rented - {state.board.city_at.get(here)} else 0

    def _golden_spike(self, state: Any, seat: int, budget: int) -> Action | None:
        """Lunar Rails' Golden Spike: track toward the marked Wrap Letters its
        network misses, once the rest of the ring costs no more than the award
        (and a margin) and the cash keeps a cushion."""
        if not state.options.get("golden_spike") or state.lunar.golden_spike is not None or budget <= 0 \
                or state.players[seat].cash < SPIKE_CUSHION:
            return None
        moment = (seat, len(state.track), state.players[seat].turns_taken)
        if self._spike_seen == moment:
            return None  # looked this turn with this track: not worth it yet
        self._spike_seen = moment
        home = self.home(state, seat, majors_first=True)
        if not home:
            return None
        field = cost_field(state, seat, home)
        best: tuple[int, tuple[Hex, ...]] | None = None
        for letters in spike_pairs(state).values():
            legs = []
            for near, far in letters:
                if near in home or far in home:
                    continue
                leg = min(filter(None, (crossing(state, seat, field, near, far),
                                        crossing(state, seat, field, far, near))), default=None)
                if leg is None:
                    break
                legs.append(leg)
            else:
                if legs:
                    total = sum(cost for cost, _path in legs)
                    if best is None or total < best[0]:
                        best = (total, min(legs)[1])
        award = state.variant("golden_spike_award")
        if best is None or best[0] > award + SPIKE_MARGIN or state.players[seat].cash - best[0] < SPIKE_CUSHION:
            return None
        return build_prefix(state, seat, best[1], budget)

    def _warehouse_site(self, state: Any, seat: int) -> Action | None:
        """Private Warehousing: with cash to spare, a warehouse on the own line
        as near as possible to a Major City the network joins (where trains
        pass), to keep loads for later and sell them to passing trains."""
        if not state.options.get("private_warehousing") or seat in state.lunar.warehouses \
                or state.phase != "operate" or state.players[seat].cash < WAREHOUSE_CASH:
            return None
        from game.crayon.lunar_rails import actions as LA
        net = state.network(seat)
        hubs = [c.center for c in state.board.cities.values()
                if c.size == "major" and any(m in net for m in c.mileposts)]
        sites = [h for h in net if not state.warehouse_refusal(seat, h)]
        if not hubs or not sites:
            return None
        return LA.BuildWarehouse(min(sites, key=lambda h: (min(state.travel(h, c) for c in hubs), h)))

    def _buy_track(self, state: Any, seat: int, route: Route | None) -> Action | None:
        """Selling and Trading Track (Lunar Rails): before building, offer to
        buy the few sections of one rival that the way to the route's next
        stop rents, at the price a computer seller takes, when the cash keeps
        the route's track and a cushion."""
        if route is None or not state.options.get("track_trading") or state.spent or state.phase != "operate" \
                or state.players[seat].position is None:
            return None
        from game.crayon.lunar_rails import actions as LA
        owed: dict[int, list[tuple[Hex, Hex]]] = {}
        for pair in self._way(state, seat, route):
            owner = state.track.get(pair)
            if owner is not None and owner != seat and pair not in owed.get(owner, []):
                owed.setdefault(owner, []).append(pair)
        for owner, pairs in sorted(owed.items(), key=lambda kv: len(kv[1])):
            if len(pairs) > BUY_SECTIONS:
                continue
            price = sale_price(state, tuple(pairs), ())
            offer = LA.OfferTrack(owner, tuple(pairs), (), price)
            if state.players[seat].cash - price >= route.build + BUY_CUSHION and not state.offer_refusal(offer):
                return offer
        return None

    def _builds_for(self, state: Any, seat: int, route: Route) -> bool:
        """Track is built for `route` when the cash pays all of it and it earns
        well per turn, or pays for its track by itself and leaves BROKE_FLOOR
        (a bot that spent its last millions on such track was seen stranded
        with 1M for the rest of the game); a bot already below it may spend
        what it has."""
        cash = state.players[seat].cash
        return route.payable(cash) and (route.score > 1 or state.phase == "initial" or
                                        route.rate > 0 and (cash < BROKE_FLOOR or cash - route.cost >= BROKE_FLOOR))

    def _keep(self, state: Any, seat: int, route: Route) -> int:
        """Cash kept back while building for `route`: its rent, and rent for a
        couple of turns more when the track is paid for anyway."""
        if state.phase == "initial":
            return 0
        spare = state.players[seat].cash - route.cost
        return route.rent + max(0, min(2 * state.rules.rent, spare))

    def _link_cost(self, state: Any, seat: int, city: str) -> int:
        """Estimated track from the network to `city` (0 when unknown)."""
        cost = self.city_cost(state, self._field(state, seat), city)
        return cost or 0

    def _build_major(self, state: Any, seat: int, majors: list[str], budget: int) -> Action | None:
        target = self._next_major(state, seat, majors)
        if target is None or budget <= 0:
            self._major_field = None
            return None
        return self._build_toward(state, seat, target, budget)

    def _route_target(self, state: Any, seat: int, route: Route | None) -> str | None:
        """The first stop of the route its network does not reach (a stop
        reached only over rented track counts once the bot can afford it)."""
        if route is None:
            return None
        p = state.players[seat]
        rented, rides = self._rides(state, seat)
        here = state.board.city_at.get(p.position) if p.position is not None else None
        if here is not None and len(rides) <= 1 and p.position not in self.home(state, seat):
            return here  # the train stands in a city off its own track and can go nowhere: join it first
        stops = list(route.cities)
        if not state.network(seat):
            ordered = sorted(dict.fromkeys(stops), key=lambda c: state.board.cities[c].size != "major")
            if len(ordered) > 1 and state.board.cities[ordered[0]].size == "major":
                self._anchor = ordered[0]
                return ordered[1]
        for city in stops:
            if self._linked(state, seat, city):
                continue
            if city in rented and p.cash < 50 and route.rent > 0:
                continue  # rent there for now (a route priced with its own track to the city builds it)
            return city
        return None

    def _next_major(self, state: Any, seat: int, majors: list[str]) -> str | None:
        field = cost_field(state, seat, self.home(state, seat, majors_first=True))
        options = []
        for city in state.board.cities.values():
            if city.size == "major" and city.name not in majors:
                cost = self.city_cost(state, field, city.name)
                if cost is not None:
                    options.append((cost, city.name))
        if not options:
            return None
        self._major_field = field
        return min(options)[1]

    def _build_toward(self, state: Any, seat: int, city: str, budget: int,
                      limit: int | None = None) -> Action | None:
        """Track toward `city` this turn within `budget`; none when the whole
        line to the city would cost more than `limit` (the cash it may spend
        on it), so no track is built that the bot cannot finish."""
        field = self._field(state, seat)
        anchor, self._anchor = self._anchor, None
        if anchor is not None:
            field = cost_field(state, seat, state.board.cities[anchor].mileposts)
        major_field, self._major_field = self._major_field, None
        if major_field is not None:
            field = major_field
        if budget <= 0:
            return None
        routes_ = [r for m in state.board.cities[city].mileposts if (r := field.route(m)) is not None]
        if not routes_:
            return None
        path = min(routes_, key=lambda r: r.cost).path
        quote = quote_build(state, seat, path)
        if limit is not None and sum(seg.cost for seg in quote.segments if seg.builds) > limit:
            return None
        best = None
        spent = 0
        for i, seg in enumerate(quote.segments):
            if seg.reason:
                break
            spent += seg.cost
            if spent > budget:
                break
            if seg.builds and path[i + 1] not in wraps(state.board):  # never stop on a Wrap Letter
                best = i + 2
        if best is None:
            return None
        return A.BuildTrack(tuple(path[:best]))

    def _upgrade(self, state: Any, seat: int, need: int) -> Action | None:
        """The fastest train (then the biggest) it may buy, once the cash left
        still pays for the route's track (`need`) and a margin: early to a
        faster train, later to the top one. "normal" counts the price of that
        train (two levels at once cost double in Lunar Rails: the one-level
        price left it 2M after a two-level upgrade, stranded) and waits until
        it pays (buying a level at a time, each behind the margin, reached the
        top train ten turns later); "easy" counts the price of one level."""
        p = state.players[seat]
        if state.spent or state.phase != "operate":
            return None
        options = [lc for lc in state.rules.upgrades_from(p.loco) if not state.upgrade_refusal(seat, lc.name)]
        if not options:
            return None
        best = max(options, key=lambda lc: (lc.speed, lc.capacity))
        price = state.upgrade_price(seat, best.name) if self.sharp else state.rules.upgrade_cost
        margin = UPGRADE_MARGIN if state.rules.loco(p.loco).level == 1 else SUPER_MARGIN
        return A.Upgrade(best.name) if p.cash - price >= need + margin else None

    # Event choices -------------------------------------------------------------

    def _way(self, state: Any, seat: int, route: Route | None) -> list[tuple[Hex, Hex]]:
        """The sections of the train's way to `route`'s next stop, in order: what it rents, so what
        a computer buyer prices (``_buy_track``) and keeps (``_way_sections``)."""
        start = state.players[seat].position
        if route is None or start is None:
            return []
        tree = move_tree(state, seat, None, True)
        for m in state.board.cities[route.stops[0].city].mileposts:
            path = (start,) + tree.get(m, ())
            if len(path) > 1:
                return [pair_key(a, b) for a, b in zip(path, path[1:])]
        return []

    def _way_sections(self, state: Any, seat: int, owner: int) -> set[tuple[Hex, Hex]]:
        """`owner`'s sections on the train's way to its route's next stop (what a bot buys to stop renting)."""
        way = self._way(state, seat, self._route.get(train_key(state, seat)))
        return {pair for pair in way if state.track.get(pair) == owner}

    def _rides_over(self, state: Any, seat: int, owner: int) -> bool:
        """Does the train's way to its route's next stop run over `owner`'s track?"""
        return bool(self._way_sections(state, seat, owner))

    def _answer_offer(self, state: Any, seat: int, options: list[Action]) -> Action:
        """A seller accepts a track offer (Lunar Rails) when what it brings is worth the markup
        on rebuilding what it takes (``sale_shortfall``) and it keeps its lines (``_sale_keeps``);
        it counters one asking for sections it cannot spare with the others (at its price), and one
        that pays too little with the price that would pay. A buyer answers a counter-offer with
        fewer sections when it names sections off the buyer's way, accepts one it would pay
        (``buyer_pays``), and counters a dearer one by adding spare sections of its own
        (``spare_sections``), else at the most it pays."""
        offer = state.lunar.offer
        if seat == offer.buyer:
            return self._buyer_answer(state, seat, options)
        keeps = self._sale_keeps(state, seat)
        if not keeps:
            part = tuple(p for p in offer.take if self._sale_keeps(state, seat, (p,)))
            if part and self._sale_keeps(state, seat, part):
                return counter_or_refuse(state, options, max(0, sale_price(state, part, offer.give)), part)
            return answer_with(options, False)
        short = sale_shortfall(state)
        if short <= 0:
            return answer_with(options, True)
        return counter_or_refuse(state, options, offer.price + short)

    def _buyer_answer(self, state: Any, seat: int, options: list[Action]) -> Action:
        offer = state.lunar.offer
        way = self._way_sections(state, seat, offer.seller)
        needed = tuple(p for p in offer.take if p in way)
        if needed and len(needed) < len(offer.take):  # the counter names sections off its way: only those
            return counter_or_refuse(state, options, min(offer.price, buyer_pays(state, seat, needed)), needed)
        pays = buyer_pays(state, seat)
        if offer.price <= pays:
            return answer_with(options, True)
        if pays < buyer_cap(state):  # short of cash, not of will: make the value up in track
            worth = min(offer.price, buyer_cap(state)) - max(0, pays)
            give = spare_sections(state, seat, worth, self._way_sections(state, seat, seat), offer.give)
            if give:
                return counter_or_refuse(state, options, max(0, pays), offer.take, offer.give + give)
        return counter_or_refuse(state, options, pays)

    def _sale_keeps(self, state: Any, seat: int, take: tuple[tuple[Hex, Hex], ...] | None = None) -> bool:
        """After selling `take` (the offer's sections) the bot still joins as many Major Cities and
        reaches its route's cities."""
        offer = state.lunar.offer
        after = state.clone()
        for pair in offer.take if take is None else take:
            after.track[pair] = offer.buyer
        after._track_changed()
        if len(after.connected_majors(seat)) < len(state.connected_majors(seat)):
            return False
        route = self._route.get(train_key(state, seat))
        reached = set(after.cities_connected(seat))
        return route is None or all(c in reached for c in route.cities if c in state.cities_connected(seat))

    def _decide(self, state: Any) -> Action:
        d = state.pending[0]
        options = state.decision_options(d)
        wanted = wanted_loads(state, d.seat)
        if d.kind == "easy_start":  # give back the card whose best demand pays least
            return min(options, key=lambda a: max(dm.payout for dm in state.card_demands(a.card)))
        if d.kind in ("relocate", "relocate_spare"):  # back on the line of the route, else the first city offered
            key = train_key(state, d.seat)
            route = self._route.get((d.seat, 1 - key[1]) if d.kind == "relocate_spare" else key)
            goal = state.board.cities[route.stops[0].city].center if route else None
            return min(options, key=lambda a: state.travel(a.milepost, goal)) if goal else options[0]
        if d.kind == "second_train":  # the fastest Level II train
            return max(options, key=lambda a: (state.rules.loco(a.loco).speed, a.loco))
        if d.kind == "keep_rental":
            return answer_with(options, self._rides_over(state, d.seat, d.card))
        if d.kind == "track_offer":
            return self._answer_offer(state, d.seat, options)
        if d.kind == "warehouse_trade":  # keep a load its own demands want, unless a wanted one comes back
            r = state.lunar.request
            return answer_with(options, r.load not in wanted or r.give in wanted)
        if d.kind == "restart_choice":
            return answer_with(options, restart_pays(state, d.seat))
        if d.kind == "return_load":
            useless = [a for a in options if a.load not in wanted]
            return (useless or options)[0]
        good = [a for a in options if a.load in wanted and (not a.dump or a.dump not in wanted)]
        return good[0] if good else options[0]


def spike_pairs(state: Any) -> dict[str, list[tuple[Hex, Hex]]]:
    """Golden Spike letter -> its pairs of matching Wrap Letters (each pair once)."""
    out: dict[str, list[tuple[Hex, Hex]]] = {}
    for h, w in sorted(wraps(state.board).items()):
        if getattr(w, "spike", "") and h < w.partner:
            out.setdefault(str(w.spike), []).append((h, w.partner))
    return out


def crossing(state: Any, seat: int, field: CostField, letter: Hex, mate: Hex) -> tuple[int, tuple[Hex, ...]] | None:
    """The cheapest track from the field's sources to land beside `letter`,
    across to its `mate` and on to the land beside that."""
    board = state.board
    letters = wraps(board)
    best: tuple[int, tuple[Hex, ...]] | None = None
    for n1 in board.neighbours(letter):
        r = field.route(n1) if n1 not in letters else None
        if r is None:
            continue
        for n2 in board.neighbours(mate):
            if n2 in letters or n2 == letter:
                continue
            tail = quote_build(state, seat, (n1, letter, mate, n2))
            if tail.legal and (best is None or r.cost + tail.total < best[0]):
                best = (r.cost + tail.total, tuple(r.path) + (letter, mate, n2))
    return best


def build_prefix(state: Any, seat: int, path: tuple[Hex, ...], budget: int) -> Action | None:
    """The longest start of `path` within `budget` that is legal on its own
    (never stopping on a Wrap Letter)."""
    letters = wraps(state.board)
    quote = quote_build(state, seat, path)
    spent, best = 0, None
    for i, seg in enumerate(quote.segments):
        if seg.reason:
            break
        spent += seg.cost
        if spent > budget:
            break
        if seg.builds and path[i + 1] not in letters:
            best = i + 2
    while best is not None and best >= 2 and not quote_build(state, seat, path[:best]).legal:
        best -= 1
    return A.BuildTrack(tuple(path[:best])) if best is not None and best >= 2 else None


def train_key(state: Any, seat: int) -> Any:
    """Which train of `seat` is being run: the seat, or (seat, train) when a
    game gives players two trains (Lunar Rails' Additional Trains)."""
    running = getattr(state, "lunar", None)
    return (seat, running.running[seat]) if running is not None and seat in running.running else seat


def hand_moment(state: Any, seat: int, key: Any) -> tuple[Any, ...]:
    """When `seat`'s choice of route may change (the turn, its hand, the
    events in play, the phase), tagged with `key` (the seat or its train)."""
    p = state.players[seat]
    return (key, p.turns_taken, tuple(p.hand), tuple(e.card for e in state.active), state.phase)


def key_seat(key: Any) -> int:
    return key[0] if isinstance(key, tuple) else key


def sale_shortfall(state: Any) -> int:
    """How much more the track offer waiting must bring before a computer
    seller takes it: the markup on rebuilding what it gives up, less the
    price and the sections it receives (at build cost)."""
    offer = state.lunar.offer
    return sale_price(state, offer.take, offer.give) - offer.price


def sale_price(state: Any, take: tuple[tuple[Hex, Hex], ...], give: tuple[tuple[Hex, Hex], ...]) -> int:
    """The price a computer seller asks for the sections `take` when it
    receives `give`: the markup on rebuilding what it gives up, less what it
    receives (at build cost)."""
    return state.variant("track_sale_markup") * sections_cost(state, take) - sections_cost(state, give)


def sections_cost(state: Any, pairs: Any) -> int:
    """What building the sections `pairs` costs."""
    return sum(state.section_cost(p) for p in pairs)


def restart_pays(state: Any, seat: int) -> bool:
    """After another player declared it will rent the old track, a computer
    player still starts over only when the fresh start is worth more than
    staying, where staying also brings the use fee the declarer is committed to pay."""
    return start_over_pays(state, seat, state.rent_fee())


def start_over_pays(state: Any, seat: int, extra: int = 0) -> bool:
    """Starting over (60M, a Von Braun, no track, no debts) is worth
    RESTART_GAIN more than what the player keeps: its cash less its Mercy
    loan debt, `extra`, and a share (TRACK_WORTH) of its own track's build cost."""
    track = sections_cost(state, state.own_sections(seat))
    kept = state.players[seat].cash - state.lunar.debts[seat] + extra + TRACK_WORTH * track
    return state.rules.starting_cash - RESTART_GAIN > kept


def buyer_pays(state: Any, seat: int, take: tuple[tuple[Hex, Hex], ...] | None = None) -> int:
    """The most a computer buyer pays for the track offer waiting (or for
    `take`, some of its sections): what it can afford with a cushion, and no
    more than one markup over the sale price of the sections bought, less
    those it gives."""
    return min(buyer_cap(state, take), state.players[seat].cash - BUY_CUSHION)


def buyer_cap(state: Any, take: tuple[tuple[Hex, Hex], ...] | None = None) -> int:
    """What the track offer waiting (or `take`, some of its sections) is worth
    to a computer buyer: one markup over the sale price of the sections
    bought, less those it gives."""
    offer = state.lunar.offer
    take = offer.take if take is None else take
    return sale_price(state, take, offer.give) + sections_cost(state, take)


def spare_sections(state: Any, seat: int, worth: int, way: set[tuple[Hex, Hex]],
                   given: tuple[tuple[Hex, Hex], ...]) -> tuple[tuple[Hex, Hex], ...]:
    """Sections of the player's own track to give in a trade ("Players can
    agree to trade track for track") worth at least `worth` at build cost:
    ends of its spurs (a milepost no other own section reaches, not a city),
    off its way (`way`) and not given already, so no Major City or line it
    runs on is lost; () when they do not make up `worth`."""
    own = state.own_sections(seat)
    ends: dict[Hex, int] = {}
    for a, b in own:
        ends[a] = ends.get(a, 0) + 1
        ends[b] = ends.get(b, 0) + 1
    tips = [p for p in sorted(own) if p not in way and p not in given and
            any(ends[h] == 1 and h not in state.board.city_at for h in p)]
    out: list[tuple[Hex, Hex]] = []
    for pair in sorted(tips, key=lambda p: -state.section_cost(p)):
        if sections_cost(state, out) >= worth:
            break
        out.append(pair)
    return tuple(out) if out and sections_cost(state, out) >= worth else ()


def counter_or_refuse(state: Any, options: list[Action], price: int, take: tuple[tuple[Hex, Hex], ...] | None = None,
                      give: tuple[tuple[Hex, Hex], ...] | None = None) -> Action:
    """A counter-offer of the waiting offer's sections (or `take` and `give`)
    at `price`, or a refusal when the game refuses that counter (past the
    counter-offer limit, a price the buyer lacks, a city entry limit)."""
    from game.crayon.lunar_rails import actions as LA
    offer = state.lunar.offer
    counter = LA.CounterOffer(offer.take if take is None else take, offer.give if give is None else give, price)
    return counter if price >= 0 and not state.counter_refusal(counter) else answer_with(options, False)


def answer_with(options: list[Action], yes: bool) -> Action:
    """A yes-or-no decision's answer (the game lists yes first)."""
    return options[0] if yes else options[1]


def may_rent(state: Any, seat: int) -> bool:
    """Can the player run on others' track now: with the cash for the fee,
    or when a game's rule lets the fee be paid later (Lunar Late Payment)."""
    return state.players[seat].cash >= state.rules.rent or state.rent_on_credit(seat)


def wanted_loads(state: Any, seat: int) -> list[str]:
    """Every load a demand the player may fill asks for, once per load asked:
    the hand's demands and the special demands its train can carry."""
    out: list[str] = []
    for w in wants(state, seat):
        out.extend(w.loads or (w.load,))
    return out


def free_room(state: Any, seat: int, stops: tuple[Stop, ...]) -> int:
    """Room on the train beyond the loads the route's stops still pick up."""
    return state.capacity(seat) - len(state.players[seat].loads) - sum(s.count for s in stops if s.pick)


def fetch_back(state: Any, seat: int, stops: tuple[Stop, ...], stored: list[str]) -> list[str]:
    """Loads in the own warehouse to take back on the way: those a demand
    delivering on the own line wants beyond the copies carried, while the
    train has room left over after the route's pick-ups. ``store_aside``
    keeps exactly those on the train, so nothing fetched is stored again."""
    if free_room(state, seat, stops) <= 0:
        return []
    carried, on_line = state.players[seat].loads, on_line_loads(state, seat)
    return sorted({x for x in stored if on_line.count(x) > carried.count(x)})


def store_aside(state: Any, seat: int, stops: tuple[Stop, ...]) -> list[str]:
    """Carried loads the own warehouse should keep: those the route does not
    use, unless a demand delivering on the own line wants them and the route
    leaves room for them (a load no demand wants is stored for sale)."""
    used = route_loads(stops)
    tight = free_room(state, seat, stops) < 0
    on_line = on_line_loads(state, seat)
    return sorted({x for x in state.players[seat].loads if x not in used and (tight or x not in on_line)})


def on_line_loads(state: Any, seat: int) -> list[str]:
    """Every load asked by a demand whose city the own network reaches, once per load asked."""
    reached = set(state.cities_connected(seat))
    return [x for w in wants(state, seat) if w.dest in reached for x in (w.loads or (w.load,))]


def route_loads(stops: tuple[Stop, ...]) -> set[str]:
    """Every load the stops pick up or deliver."""
    return {s.load for s in stops} | {x for s in stops for x in s.loads}


def route_short(carried: list[str], stops: tuple[Stop, ...]) -> dict[str, int]:
    """Loads the route's deliveries still lack on board, by kind."""
    short: dict[str, int] = {}
    for s in stops:
        if not s.pick:
            for x in set(s.loads or (s.load,)):
                short[x] = short.get(x, 0) + need(s, x)
    return {x: n - carried.count(x) for x, n in short.items() if n > carried.count(x)}


def _new_rent(state: Any, seat: int, start: Hex, path: tuple[Hex, ...]) -> bool:
    """Does running `path` from `start` pay an owner not yet paid this turn?"""
    owners = {state.track.get(pair_key(a, b)) for a, b in zip((start, *path), path)}
    return bool(owners - {None, seat} - set(state.rent_paid))


def arrival(state: Any, seat: int, points: int) -> int:
    """In how many more turns a train arrives after `points` movement points (0: this turn)."""
    left = points - state.moves_left
    return 0 if left <= 0 else -(-left // max(1, state.speed(seat)))


def switch_pays(kept: float, best: float) -> bool:
    """Is leaving the route being followed (estimated `kept` profit per turn
    for what is left of it: its track built, its loads aboard) for the best
    one (`best`) worth it? Only when the best earns clearly more: below
    KEEP_SHARE of it and at least SWITCH_GAIN a turn more, so a near tie
    never throws away a plan half done."""
    return best > 0 and kept < KEEP_SHARE * best and best - kept >= SWITCH_GAIN


def usable(route: Route, cash: int) -> bool:
    """Worth following: it pays with a cushion left, or (when broke) the cash
    pays all of it and it still earns something."""
    return route.score > 0 or (route.payable(cash) and route.rate > 0)


def ranked(options: list[Route], cash: int, initial: bool = False) -> list[Route]:
    """The routes to choose from, best first: those paying with a cushion
    left; else (broke) those the cash pays in full, the ones needing no track
    and no rent first; else none. In the building rounds (no train yet, so
    every score is low) all of them."""
    good = [r for r in options if r.score > 0]
    if good or initial:
        return good or options
    broke = [r for r in options if usable(r, cash)]
    return sorted(broke, key=lambda r: (r.cost > 0, -r.rate))


def make_crayon_bot(difficulty: str, seed: int = 0) -> Any:
    if difficulty == "random":
        return RandomBot(seed)
    if difficulty == "easy":
        return PlanBot(seed, sharp=False)
    return PlanBot(seed, sharp=True)
