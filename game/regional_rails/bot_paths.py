"""Track planning for the computer players: cheapest building routes over hex
interiors, priced with the real cost charts.

The chart price of every interior and side on an empty board is computed once
per (board, company) and shared; the state adds markers already present,
station fees and the caps."""
from __future__ import annotations

import heapq
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

from game.core.actions import Action
from game.core.hexgrid import EdgeId, Hex, edge_id, neighbour

from game.regional_rails import actions as A
from game.regional_rails import costs
from game.regional_rails.board import Board
from game.regional_rails.data import rules

if TYPE_CHECKING:
    from game.regional_rails.engine import RegionalRailsState

Routes = tuple[dict[Hex, int], dict[Hex, Hex]]


Link = tuple[Hex, EdgeId, int, int, int, int]  # neighbour, side, side's price and cap, neighbour's price and cap


def links(board: Board, company: str) -> dict[Hex, list[Link]]:
    """The land links of every land hex for one company, each with its side's and its neighbour
    interior's chart price and cap (costs.charts) bound to it, so a search reads one tuple per link
    instead of four tables; made once per board and company, and kept by the board."""
    known = board.route_links.get(company)
    if known is None:
        chart = costs.charts(board, company)
        known = board.route_links[company] = {
            h: [(n, e, chart.side[e], chart.side_cap[e], chart.interior[n], chart.interior_cap[n])
                for n, e in ((neighbour(h, k), edge_id(h, k)) for k in range(6)) if n in board.land]
            for h in board.land}
    return known


def routes(state: "RegionalRailsState", co: int) -> Routes:
    """Dijkstra from the railroad's network: cheapest price (markers present and
    station fees included, no turn surcharges) to reach each hex interior, and
    the previous hex on that route."""
    per_marker = 0 if rules().company(state.companies[co].name).perk("no_marker_charge", False) else 1
    foreign = {h for h, owner in state.stations.items() if owner != co}
    limit = costs.own_limit(state, co)
    dist: dict[Hex, int] = {h: 0 for h in state.connected_hexes(co)}
    prev: dict[Hex, Hex] = {}
    heap = [(0, h) for h in dist]
    heapq.heapify(heap)
    # (the tables and the board's markers bound to names: the bots search routes thousands of times a game)
    land_links = links(state.board, state.companies[co].name)
    side_rails, interior = state.side_rails, state.interior
    pop, push, far = heapq.heappop, heapq.heappush, 1 << 30
    while heap:
        d, h = pop(heap)
        if d > dist[h]:
            continue
        here = h in foreign
        for n, e, side_cost, side_cap, inner_cost, inner_cap in land_links[h]:
            # a place without markers is under its cap and the shutout limit (both at least 1 by the rules)
            side = side_rails.get(e)
            if side is None:
                step = side_cost + here + (n in foreign)
            elif co in side:
                step = 0
            elif len(side) >= side_cap or side.count(co) >= limit:
                continue
            else:
                step = side_cost + per_marker * len(side) + here + (n in foreign)
            inner = interior.get(n)
            if inner is None:
                step += inner_cost + (n in foreign)
            elif co not in inner:
                if len(inner) >= inner_cap:
                    continue
                step += inner_cost + per_marker * len(inner) + (n in foreign)
            nd = d + step
            if nd < dist.get(n, far):
                dist[n], prev[n] = nd, h
                push(heap, (nd, n))
    return dist, prev


ROUTES_KEPT = 64  # route tables remembered across computer players (see remembered_routes)
_ROUTES: OrderedDict[tuple, tuple[Board, Routes]] = OrderedDict()
_ROUTES_LOCK = threading.Lock()  # a hint and a computer player may think at once


def remembered_routes(state: "RegionalRailsState", co: int, key: tuple) -> Routes:
    """``routes(state, co)``, where `key` names everything it reads (see
    PlannerBot._costs_from), remembered for the last ROUTES_KEPT keys: the
    hard player's rollouts and its judge ask again and again for the same
    railroads on the same track, each with a fresh normal player. The
    tables are shared: nobody changes them."""
    with _ROUTES_LOCK:
        known = _ROUTES.get(key)
        if known is not None:
            _ROUTES.move_to_end(key)
            return known[1]
    found = routes(state, co)
    with _ROUTES_LOCK:
        _ROUTES[key] = (state.board, found)   # the board kept: its id() in the key is never reused
        if len(_ROUTES) > ROUTES_KEPT:
            _ROUTES.popitem(last=False)
    return found


def path_to(target: Hex, prev: dict[Hex, Hex]) -> list[Hex]:
    path = [target]
    while path[-1] in prev:
        path.append(prev[path[-1]])
    path.reverse()
    return path


def steps_to(state: "RegionalRailsState", co: int, target: Hex, prev: dict[Hex, Hex]) -> list[Action]:
    """The rail markers still to build, in order, along the route to `target`."""
    out: list[Action] = []
    path = path_to(target, prev)
    for a, b in zip(path, path[1:]):
        k = next(k for k in range(6) if neighbour(a, k) == b)
        e = edge_id(a, k)
        if co not in state.side_rails.get(e, ()):
            out.append(A.BuildSide(*e))
        if co not in state.interior.get(b, ()):
            out.append(A.BuildInterior(*b))
    return out
