"""Planning help for a demand the player hovers: where the load comes from,
where it goes, and the cheapest track still missing to reach both (one
Dijkstra from the player's network through the engine's pathfinder)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.crayon.pathfind import cost_field, default_sources

Hex = tuple[int, int]


@dataclass(frozen=True)
class DemandHint:
    supply: tuple[Hex, ...]  # centres of the cities that supply the load
    destination: tuple[Hex, ...]  # the city that wants it
    routes: tuple[tuple[Hex, ...], ...]  # cheapest missing track to the best source and to the city
    lines: tuple[str, ...]  # what the panel says about it


def demand_hint(state: Any, seat: int, card: int, index: int) -> DemandHint | None:
    demands = state.card_demands(card)
    if not 0 <= index < len(demands):
        return None
    d = demands[index]
    board = state.board
    load = state.data.loads.get(d.load)
    sources = [c for c in (load.sources if load is not None else ()) if c in board.cities]
    if d.load == "Circus":
        sources = [c for c in state.circus_at if c in board.cities]
    dest = board.cities.get(d.city)
    if dest is None:
        return None
    field = cost_field(state, seat, default_sources(state, seat))
    network = state.network(seat)
    lines = []
    routes = []
    reach = [(field.dist[board.cities[c].center], c) for c in sources if board.cities[c].center in field.dist]
    if reach:
        cost, best = min(reach)
        lines.append(_reach_line(f"{d.load} at {best}", cost, board.cities[best].center in network))
        route = field.route(board.cities[best].center)
        if route is not None and cost > 0:
            routes.append(route.path)
    elif sources:
        lines.append(f"No track can reach a {d.load} source now.")
    else:
        lines.append(f"Nobody supplies {d.load}.")
    if dest.center in field.dist:
        cost = field.dist[dest.center]
        lines.append(_reach_line(d.city, cost, dest.center in network))
        route = field.route(dest.center)
        if route is not None and cost > 0:
            routes.append(route.path)
    else:
        lines.append(f"No track can reach {d.city} now.")
    supply = tuple(board.cities[c].center for c in sources)
    return DemandHint(supply, (dest.center,), tuple(routes), tuple(lines))


def _reach_line(what: str, cost: int, connected: bool) -> str:
    if connected or cost == 0:
        return f"{what}: on your network."
    return f"{what}: about {cost}M of track away."
