"""Cheapest track to build (Dijkstra over mileposts): own track and red
areas are free, other players' track and forbidden mileposts are avoided.
Used for the "cheapest route to here" suggestion and by the computer players.

Speed matters here (a bot prices dozens of routes per decision, the UI asks
on every hover), so the search runs over integers: the board's mileposts are
indexed once (in milepost order) with each step's base cost precomputed
(`BoardGraph`); a player's view of it (track, events, entry limits, ferries)
re-prices only the steps these touch and is kept per seat until the track
changes (`_SeatGraph`, in the state's track-derived cache). Step costs are
small integers, so the queue is a bucket per cost, first in first out, and a
milepost is queued only when its cost improves: exactly the routes of a
textbook heap Dijkstra that breaks ties by push order (what came before)."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping, Sequence

from game.core.derived_cache import derived_for
from game.core.hexgrid import pair_key
from game.crayon.building import ferry_at
from game.crayon.links import free_link, partner, wrap_refusal, wraps

Hex = tuple[int, int]
Pair = tuple[Hex, Hex]
BARE_VERSION = 1  # of the kept bare-map city costs
Steps = tuple[tuple[int, int], ...]  # (milepost index, cost) in the board's neighbour order
_NO_STEPS: Steps = ()


@dataclass(frozen=True)
class BuildRoute:
    path: tuple[Hex, ...]  # from a source milepost to the target
    cost: int


class BoardGraph:
    """The bare board as integers, built once per board and terrain price
    list: milepost `i` is `hexes[i]` (sorted), `steps[i]` its neighbours
    (whatever `board.neighbours` declares, so extra links a board adds are
    included) with the cost of building to each: terrain plus river or
    inlet surcharge, nothing inside a red area."""

    def __init__(self, board: Any, terrain_cost: Mapping[str, int]) -> None:
        self.board = board
        self.hexes: list[Hex] = sorted(board.mileposts)
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        self.steps: list[Steps] = [self._steps(h, terrain_cost) for h in self.hexes]
        self.free: dict[int, frozenset[int]] = {}  # milepost -> neighbours over a red area or pole link
        for i, h in enumerate(self.hexes):
            free = frozenset(self.index[n] for n in board.neighbours(h) if free_link(board, h, n))
            if free:
                self.free[i] = free
        self._bare: dict[str, dict[str, int]] | None = None  # city -> bare-map cost to every city
        self._looks: dict[Hex, frozenset[Hex]] | None = None  # see `wrap_looks`
        self.untouched_steps: dict[int, Steps] = {}  # see `_SeatGraph._patch_one_by_one`

    def _steps(self, h: Hex, terrain_cost: Mapping[str, int]) -> Steps:
        board, index = self.board, self.index
        out = []
        for n in board.neighbours(h):
            pair = pair_key(h, n)
            cost = 0 if free_link(board, h, n) else terrain_cost[board.mileposts[n]] + board.water.get(pair, 0)
            out.append((index[n], cost))
        return tuple(out)

    def indices(self, hexes: Iterable[Hex]) -> list[int]:
        index = self.index
        return sorted(index[h] for h in hexes if h in index)

    def wrap_looks(self) -> dict[Hex, frozenset[Hex]]:
        """Each Wrap Letter and milepost beside one -> the mileposts whose
        track, events, terrain or ferry its step-by-step steps look at: its
        own, its neighbours' and, past a neighbouring letter, the matching
        letter's (see `_SeatGraph._plain`)."""
        if self._looks is None:
            board, letters = self.board, wraps(self.board)
            near = set(letters)
            for h in letters:
                near.update(board.neighbours(h))
            self._looks = {}
            for h in near:
                looks = {h, *board.neighbours(h)}
                looks.update(partner(board, n) for n in board.neighbours(h) if n in letters)
                self._looks[h] = frozenset(x for x in looks if x is not None)
        return self._looks


_GRAPHS: dict[int, tuple[Any, tuple[tuple[str, int], ...], BoardGraph]] = {}


def board_graph(state: Any) -> BoardGraph:
    """The shared integer graph of the state's board (built on first use)."""
    board = state.board
    prices = tuple(sorted(state.rules.terrain_cost.items()))
    kept = _GRAPHS.get(id(board))
    if kept is None or kept[0] is not board or kept[1] != prices:
        kept = (board, prices, BoardGraph(board, dict(prices)))
        _GRAPHS[id(board)] = kept
    return kept[2]


class CostField:
    """Build costs from a set of sources to the mileposts the search settled,
    with the tree to read routes back."""

    def __init__(self, graph: BoardGraph, dist: list[int], prev: list[int], done: bytearray) -> None:
        self.graph = graph
        self._dist, self._prev, self._done = dist, prev, done

    def cost(self, h: Hex) -> int | None:
        i = self.graph.index.get(h)
        return self._dist[i] if i is not None and self._done[i] else None

    def cheapest(self, hexes: Iterable[Hex]) -> int | None:
        """The lowest cost among `hexes` (e.g. a city's mileposts), or None."""
        costs = [c for h in hexes if (c := self.cost(h)) is not None]
        return min(costs) if costs else None

    @property
    def dist(self) -> Mapping[Hex, int]:
        """Milepost -> cost, for every milepost the search settled."""
        return _Settled(self)

    def route(self, target: Hex) -> BuildRoute | None:
        i = self.graph.index.get(target)
        if i is None or not self._done[i]:
            return None
        hexes, prev = self.graph.hexes, self._prev
        path = [i]
        while prev[path[-1]] >= 0:
            path.append(prev[path[-1]])
        return BuildRoute(with_letters(self.graph.board, [hexes[j] for j in reversed(path)]), self._dist[i])


def with_letters(board: Any, path: list[Hex]) -> tuple[Hex, ...]:
    """The search steps from a milepost beside a Wrap Letter straight to the
    matching letter (see `_SeatGraph`); put the letter it crosses back in."""
    letters = wraps(board)
    if not letters:
        return tuple(path)
    out = path[:1]
    for h in path[1:]:
        mate = partner(board, h) if h in letters else None
        if mate is not None and mate in board.neighbours(out[-1]):
            out.append(mate)
        out.append(h)
    return tuple(out)


class _Settled(Mapping[Hex, int]):
    def __init__(self, field: CostField) -> None:
        self.field = field

    def __getitem__(self, h: Hex) -> int:
        cost = self.field.cost(h)
        if cost is None:
            raise KeyError(h)
        return cost

    def __contains__(self, h: object) -> bool:
        return isinstance(h, tuple) and self.field.cost(h) is not None

    def __iter__(self) -> Iterator[Hex]:
        hexes, done = self.field.graph.hexes, self.field._done
        return (hexes[i] for i in range(len(hexes)) if done[i])

    def __len__(self) -> int:
        return sum(self.field._done)


def default_sources(state: Any, seat: int, majors: bool | None = None) -> set[Hex]:
    """The player's network, plus every Major City milepost when a Major
    City start is allowed (this turn's starts left, unless `majors` says)."""
    sources = set(state.network(seat))
    if majors is None:
        majors = state.major_starts_used < state.rules.major_city_starts
    if majors:
        for city in state.board.cities.values():
            if city.size == "major":
                sources.update(city.mileposts)
    return sources


class _SeatGraph:
    """What `seat` could build now, as the board graph with the mileposts
    that track, events, entry limits and ferries touch re-priced: own track
    and red areas cost nothing, others' track and forbidden sections are left
    out, a ferry not yet joined costs its fare. `steps` is for a milepost
    reached by a step, `first` (where it differs) for a source: a full city
    may be left only from a source and a ferry crossed only after a step."""

    def __init__(self, state: Any, seat: int, ignore_events: bool) -> None:
        self.state, self.seat = state, seat
        self.board = state.board
        self.base = board_graph(state)
        self.blocked = {} if ignore_events else state.blocked_build_segments()
        self.weather = {} if ignore_events else state.no_build_mileposts()
        self.wraps = wraps(self.board)
        self.entry_full = _full_cities(state, seat)
        self.owned = {f.name for f in self.board.ferries if seat in state.ferry_owners.get(f.name, ())}
        self.steps: list[Steps] = list(self.base.steps)
        self.first: dict[int, Steps] = {}
        self._patch()

    def _patch(self) -> None:
        """Re-price the steps track, events, entry limits and ferries touch,
        in rising precedence: a ferry's fare, then what forbids building,
        then track (own free, others' closed), then red areas (always free)."""
        board, state, index, base = self.board, self.state, self.base.index, self.base
        over: dict[int, dict[int, int | None]] = {}

        def put(a: Hex, b: Hex, cost: int | None) -> None:
            over.setdefault(index[a], {})[index[b]] = cost

        for ferry in board.ferries:
            if ferry.name not in self.owned and self._joinable(ferry):
                for port in (ferry.a, ferry.b):
                    for n in board.neighbours(port):
                        put(n, port, ferry.cost + state.surcharge(pair_key(n, port)))
        for h in self.entry_full:
            for n in board.neighbours(h):
                put(n, h, None)
        for h in self.weather:
            if h in index:
                for n in board.neighbours(h):
                    put(n, h, None)
                    put(h, n, None)
        closed = list(self.blocked)
        closed += [pair for pair, (owner, _deadline) in state.reservations.items() if owner != self.seat]
        for a, b in closed:
            if a in index and b in index:
                put(a, b, None)
                put(b, a, None)
        for (a, b), owner in state.track.items():
            cost = 0 if owner == self.seat else None
            put(a, b, cost)
            put(b, a, cost)
        free = base.free
        for i, changed in over.items():
            for j in free.get(i, ()):
                changed.pop(j, None)
        full = {index[h] for h in self.entry_full}
        ports = self._ports()
        for i in set(over) | full | ports:
            changed = over.get(i, {})
            plain = tuple([(j, c) for j, c0 in base.steps[i] if (c := changed.get(j, c0)) is not None])
            self.steps[i] = _NO_STEPS if i in full else plain + self._crossing(i) if i in ports else plain
            if self.steps[i] != plain:
                self.first[i] = plain
        self._patch_one_by_one(full, ports)

    def _patch_one_by_one(self, full: set[int], ports: set[int]) -> None:
        """Wrap Letters, mileposts the game altered (a crater's terrain) and
        the mileposts beside them, step by step (see `_plain`). Beside a
        letter where nothing the steps look at is touched (no track, event,
        entry limit, ferry or altered terrain), the steps are the bare map's,
        whatever the game or seat: those are kept per board and reused."""
        board, index = self.board, self.base.index
        altered = set(self.state.altered_mileposts())
        near = set(altered)
        for h in altered:
            near.update(board.neighbours(h))
        looks = self.base.wrap_looks()
        touched = self._touched(full, ports) | altered
        kept = self.base.untouched_steps
        for h in near | looks.keys():
            if h not in index:
                continue
            i = index[h]
            if h not in near and touched.isdisjoint(looks[h]):
                steps = kept.get(i)
                if steps is None:
                    steps = kept[i] = tuple((index[n], c) for n, c in self._plain(h))
                self.steps[i] = steps
                self.first.pop(i, None)
                continue
            plain = tuple((index[n], c) for n, c in self._plain(h))
            self.steps[i] = _NO_STEPS if i in full else plain + self._crossing(i) if i in ports else plain
            self.first.pop(i, None)
            if self.steps[i] != plain:
                self.first[i] = plain

    def _touched(self, full: set[int], ports: set[int]) -> set[Hex]:
        """Mileposts where this seat's steps may differ from the bare map's:
        ends of track, closed and reserved sections, bad weather, full
        cities and ferry ports."""
        hexes = self.base.hexes
        out = {h for pair in self.state.track for h in pair}
        out.update(h for pair in self.blocked for h in pair)
        out.update(h for pair in self.state.reservations for h in pair)
        out.update(self.weather)
        out.update(hexes[i] for i in full | ports)
        return out

    def _ports(self) -> set[int]:
        index = self.base.index
        return {index[p] for f in self.board.ferries for p in (f.a, f.b) if p in index}

    def _crossing(self, i: int) -> Steps:
        """The free crossing from a ferry port (once the player may use that ferry)."""
        h = self.base.hexes[i]
        ferry = ferry_at(self.board, h)
        if ferry is None or not self._joinable(ferry):
            return ()
        return ((self.base.index[ferry.b if h == ferry.a else ferry.a], 0),)

    def _joinable(self, ferry: Any) -> bool:
        owners = self.state.ferry_owners.get(ferry.name, ())
        return ferry.name in self.owned or len(owners) < self.state.rules.ferry_max_builders

    def _plain(self, h: Hex) -> list[tuple[Hex, int]]:
        """The buildable steps out of h. A Wrap Letter is one corridor: a
        milepost beside a letter steps straight to the matching letter (the
        route puts the crossed letter back), and a letter steps only onto
        its own side's land, so no route uses a letter as a junction."""
        board, letters = self.board, self.wraps
        out = []
        for n in board.neighbours(h):
            if h in letters and n == partner(board, h):
                continue
            c = self._cost(h, n)
            if c is None:
                continue
            mate = partner(board, n) if n in letters and h not in letters else None
            if mate is not None:
                across = self._cost(n, mate)
                if across is None:
                    continue
                n, c = mate, c + across
            out.append((n, c))
        return out

    def _cost(self, u: Hex, n: Hex) -> int | None:
        board, state = self.board, self.state
        pair = pair_key(u, n)
        if free_link(board, u, n):
            return 0
        owner = state.track.get(pair)
        if owner is not None:
            return 0 if owner == self.seat else None
        if self.wraps and wrap_refusal(state, state.track, u, n):
            return None
        if pair in self.blocked or u in self.weather or n in self.weather or n in self.entry_full:
            return None
        reserved = state.reservations.get(pair)
        if reserved is not None and reserved[0] != self.seat:
            return None
        ferry = ferry_at(board, n)
        if ferry is not None and ferry.name not in self.owned and self._joinable(ferry):
            step = ferry.cost
        else:
            step = state.rules.terrain_cost[state.terrain_at(n)]
        return step + state.surcharge(pair)


def _seat_graph(state: Any, seat: int, ignore_events: bool) -> _SeatGraph:
    """The seat's graph, kept in the state's track-derived cache (emptied
    whenever track changes) while reservations, events and ferries stay."""
    stamp = (tuple(sorted(state.reservations.items())),
             () if ignore_events else (state.era, tuple((e.card, e.half) for e in state.active)),
             tuple((k, tuple(v)) for k, v in state.ferry_owners.items()), tuple(state.altered_mileposts()))
    key = ("build graph", seat, ignore_events)
    kept = state._net.get(key)
    if kept is None or kept[0] != stamp:
        kept = (stamp, _SeatGraph(state, seat, ignore_events))
        state._net[key] = kept
    return kept[1]


def _search(graph: BoardGraph, steps: Sequence[Steps], first: Mapping[int, Steps], sources: list[int],
            limit: int | None = None, target: int = -1) -> CostField:
    """Dijkstra from `sources` (cost 0, expanded in milepost order); stops
    once `target` is settled. Costs are small integers, so the queue is a
    list per cost (a bucket queue): first in, first out within a cost, which
    is the order a heap keyed by (cost, push count) gives."""
    size = len(graph.hexes)
    dist = [1 << 60] * size
    prev = [-1] * size
    done = bytearray(size)
    buckets: dict[int, list[int]] = {}
    top = 0
    for s in sources:
        dist[s] = 0
        done[s] = 1
    for s in sources:
        if s == target:
            return CostField(graph, dist, prev, done)
        for v, c in first.get(s, steps[s]):
            if c < dist[v]:
                dist[v], prev[v] = c, s
                buckets.setdefault(c, []).append(v)
                top = max(top, c)
    d = 0
    while d <= top:
        bucket = buckets.pop(d, None)
        if bucket is None or (limit is not None and d > limit):
            for u in bucket or ():
                done[u] = 1
            d += 1
            continue
        k = 0
        while k < len(bucket):  # zero-cost steps append to this very bucket
            u = bucket[k]
            k += 1
            if done[u]:
                continue
            done[u] = 1
            if u == target:
                return CostField(graph, dist, prev, done)
            for v, c in steps[u]:
                nd = d + c
                if nd < dist[v]:
                    dist[v], prev[v] = nd, u
                    if c:
                        later = buckets.get(nd)
                        if later is None:
                            buckets[nd] = [v]
                            if nd > top:
                                top = nd
                        else:
                            later.append(v)
                    else:
                        bucket.append(v)
        d += 1
    return CostField(graph, dist, prev, done)


def cost_field(state: Any, seat: int, sources: Iterable[Hex], limit: int | None = None,
               ignore_events: bool = False) -> CostField:
    """Dijkstra from `sources` (cost 0) over what `seat` could build now;
    kept until the track (or events, reservations, ferries) change."""
    graph = _seat_graph(state, seat, ignore_events)
    starts = graph.base.indices(set(sources))
    key = ("cost field", seat, ignore_events, limit, tuple(starts))
    kept = state._net.get(key)
    if kept is None or kept[0] is not graph:
        kept = (graph, _search(graph.base, graph.steps, graph.first, starts, limit))
        state._net[key] = kept
    return kept[1]


def _full_cities(state: Any, seat: int) -> set[Hex]:
    """Small/medium city mileposts `seat` may not build into (entry limits)."""
    from game.crayon.building import city_builders
    board, rules = state.board, state.rules
    out = set()
    for city in board.cities.values():
        limit = rules.city_entry_limit.get(city.size)
        if limit is None:
            continue
        builders = city_builders(state.track, board, city.center)
        if (seat not in builders and len(builders) >= limit) or \
                builders.get(seat, 0) >= rules.max_sections_into_city:
            out.add(city.center)
    return out


def cheapest_build(state: Any, seat: int, target: Hex, sources: Iterable[Hex] | None = None) -> BuildRoute | None:
    """The cheapest track from the player's network (or an allowed Major City
    start) to `target`, or None when no legal route exists. From the usual
    sources this reads the seat's kept cost field; from others the search
    stops at the target."""
    if sources is None:
        return cost_field(state, seat, default_sources(state, seat)).route(target)
    graph = _seat_graph(state, seat, False)
    goal = graph.base.index.get(target)
    if goal is None:
        return None
    starts = graph.base.indices(set(sources))
    return _search(graph.base, graph.steps, graph.first, starts, target=goal).route(target)


def bare_city_cost(state: Any, a: str, b: str) -> int | None:
    """Cost of the cheapest track from city `a` to city `b` on the bare map
    (no track, no events, every ferry open at its fare, the map's own
    terrain), for every pair of cities at once, kept per board and on disk."""
    graph = board_graph(state)
    if graph._bare is None:
        graph._bare = _bare_tables(state, graph)
    return graph._bare[a].get(b)


class _BareMap:
    """The state's board and rules with nothing on them: what `_SeatGraph`
    reads of a state, for the bare map (whatever game asks first)."""

    def __init__(self, state: Any) -> None:
        self.board, self.rules = state.board, state.rules
        self.track: dict[Any, int] = {}
        self.reservations: dict[Any, Any] = {}
        self.ferry_owners: dict[str, list[int]] = {}

    def terrain_at(self, h: Hex) -> str:
        return str(self.board.mileposts[h])

    def surcharge(self, pair: tuple[Hex, Hex]) -> int:
        return int(self.board.water.get(pair, 0))

    def altered_mileposts(self) -> tuple[Hex, ...]:
        return ()


def _bare_tables(state: Any, graph: BoardGraph) -> dict[str, dict[str, int]]:
    """City -> bare-map cost to every city it reaches: one search per city,
    kept on disk under a digest of the bare graph they are searched on."""
    board = state.board
    view = _SeatGraph(_BareMap(state), 0, ignore_events=True)
    names = sorted(board.cities)
    starts = {name: graph.indices(board.cities[name].mileposts) for name in names}
    digest = hashlib.sha256(repr((graph.hexes, view.steps, sorted(view.first.items()), starts)).encode())

    def compute() -> dict[str, dict[str, int]]:
        out = {}
        for name in names:
            field = _search(graph, view.steps, view.first, starts[name])
            costs = {other: field.cheapest(board.cities[other].mileposts) for other in names}
            out[name] = {other: cost for other, cost in costs.items() if cost is not None}
        return out

    tables = derived_for(digest.hexdigest(), "bare-city-costs", BARE_VERSION, compute)
    if not isinstance(tables, dict) or sorted(tables) != names or \
            not all(isinstance(t, dict) and all(isinstance(c, int) for c in t.values()) for t in tables.values()):
        tables = compute()  # a damaged cache entry
    return tables


def line_joining_majors(state: Any, seat: int, sources: Iterable[Hex], joined: Iterable[str],
                        count: int) -> tuple[int, set[Pair]]:
    """The cost and segments of a cheap line joining `count` Major Cities
    from `sources` (the network, with `joined` already on it), one nearest
    missing Major City at a time (a greedy Steiner tree): the track a seat
    builds for the win sooner or later, whatever routes it plays."""
    graph = _seat_graph(state, seat, False)
    nodes, done, total = set(sources), set(joined), 0
    pairs: set[Pair] = set()
    majors = [c for c in state.board.cities.values() if c.size == "major"]
    while len(done) < count:
        field = _search(graph.base, graph.steps, graph.first, graph.base.indices(nodes))
        reach = [(r.cost, c.name, r.path) for c in majors if c.name not in done
                 for m in c.mileposts if (r := field.route(m)) is not None]
        if not reach:
            break
        cost, name, path = min(reach)
        total += cost
        done.add(name)
        nodes.update(path)
        nodes.update(state.board.cities[name].mileposts)
        pairs.update(pair_key(a, b) for a, b in zip(path, path[1:]))
    return total, pairs
