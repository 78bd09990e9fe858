"""Cheapest track to build (Dijkstra over mileposts): own track and red
areas are free, other players' track and forbidden mileposts are avoided.
Used for the "cheapest route to here" suggestion and by the computer players."""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any, Iterable

from game.core.hexgrid import pair_key
from game.crayon.building import ferry_at
from game.crayon.links import free_link, partner, wrap_refusal, wraps

Hex = tuple[int, int]


@dataclass(frozen=True)
class BuildRoute:
    path: tuple[Hex, ...]  # from a source milepost to the target
    cost: int


class CostField:
    """Build costs from a set of sources to every milepost, with the tree to
    read routes back."""

    def __init__(self, dist: dict[Hex, int], prev: dict[Hex, Hex | None]) -> None:
        self.dist = dist
        self.prev = prev

    def route(self, target: Hex) -> BuildRoute | None:
        if target not in self.dist:
            return None
        path = [target]
        while self.prev[path[-1]] is not None:
            path.append(self.prev[path[-1]])  # type: ignore[arg-type]
        return BuildRoute(tuple(reversed(path)), self.dist[target])


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


class _BuildGraph:
    """What `seat` could build now, as weighted steps between mileposts:
    own track and red areas cost nothing, others' track and forbidden
    sections are left out, a ferry not yet joined costs its fare."""

    def __init__(self, state: Any, seat: int, ignore_events: bool) -> None:
        self.state, self.seat = state, seat
        self.board = state.board
        self.blocked = {} if ignore_events else state.blocked_build_segments()
        self.weather = {} if ignore_events else state.no_build_mileposts()
        self.wraps = wraps(self.board)
        self.entry_full = _full_cities(state, seat)
        self.owned = {f.name for f in self.board.ferries if seat in state.ferry_owners.get(f.name, ())}

    def _joinable(self, ferry: Any) -> bool:
        owners = self.state.ferry_owners.get(ferry.name, ())
        return ferry.name in self.owned or len(owners) < self.state.rules.ferry_max_builders

    def steps(self, u: Hex, came_by: Hex | None) -> list[tuple[Hex, int]]:
        if u in self.entry_full and came_by is not None:
            return []  # a full city may be built into by nobody new, so not through either
        nexts = self.board.neighbours(u)
        if u in self.wraps and came_by is not None:  # across to the matching letter, then onto land
            other = partner(self.board, u)
            nexts = [n for n in nexts if n != other] if came_by == other else [other]
        out = [(n, c) for n in nexts if (c := self._cost(u, n)) is not None]
        ferry = ferry_at(self.board, u)
        if ferry is not None and came_by is not None and self._joinable(ferry):
            out.append((ferry.b if u == ferry.a else ferry.a, 0))
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
            step = state.rules.terrain_cost[board.mileposts[n]]
        return step + board.water.get(pair, 0)


def cost_field(state: Any, seat: int, sources: Iterable[Hex], limit: int | None = None,
               ignore_events: bool = False) -> CostField:
    """Dijkstra from `sources` (cost 0) over what `seat` could build now."""
    graph = _BuildGraph(state, seat, ignore_events)
    dist: dict[Hex, int] = {}
    prev: dict[Hex, Hex | None] = {}
    heap: list[tuple[int, int, Hex, Hex | None]] = [(0, 0, s, None) for s in sorted(sources)
                                                    if s in state.board.mileposts]
    tick = 0
    while heap:
        d, _tick, u, p = heapq.heappop(heap)
        if u in dist:
            continue
        dist[u], prev[u] = d, p
        if limit is not None and d > limit:
            continue
        for n, cost in graph.steps(u, p):
            if n not in dist:
                tick += 1
                heapq.heappush(heap, (d + cost, tick, n, u))
    return CostField(dist, prev)


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
    start) to `target`, or None when no legal route exists."""
    srcs = default_sources(state, seat) if sources is None else set(sources)
    return cost_field(state, seat, srcs).route(target)
