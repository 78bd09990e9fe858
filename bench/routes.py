"""Route-search figures for crayon-rails maps: the pathfinder behind build
previews, "cheapest route to here", demand hints and the bots' planning.

Every function returns a dict of figures (milliseconds of CPU time, which a
shared machine disturbs less than wall time) for `bench/__main__.py` to
print beside its targets: route median < 2 ms and p99 < 5 ms on the empty
and a six-player late board, no slower than a plain heapq Dijkstra over a
lattice of the same size."""
from __future__ import annotations

import heapq
import random
import statistics
import time
from typing import Any, Callable

from game import registry
from game.core.engine import Seat
from game.crayon import pathfind
from game.crayon.pathfind import bare_city_cost, cheapest_build, default_sources

FAR_CITIES = {"russian_rails": ("Murmansk", "Krasnovodsk")}
PAIRS = 300  # city pairs timed per board
LATE_ACTIONS = 900  # computer moves played (six players) to reach the late board


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def _summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"median_ms": _ms(statistics.median(ordered)),
            "p99_ms": _ms(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]),
            "max_ms": _ms(ordered[-1]), "count": len(ordered)}


def _cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def empty_board(game_id: str = "russian_rails", players: int = 6) -> Any:
    return registry.engine(game_id).new_game({}, 1, [Seat(f"P{i + 1}") for i in range(players)])


def late_board(game_id: str = "russian_rails", players: int = 6, seed: int = 2,
               actions: int = LATE_ACTIONS) -> Any:
    """A board after `actions` computer moves of a `players`-player game."""
    engine = registry.engine(game_id)
    seats = [Seat(f"Computer {i + 1}", kind="computer") for i in range(players)]
    state = engine.new_game({spec.key: spec.default for spec in engine.option_specs}, seed, seats)
    bots = [registry.make_bot(game_id, "normal", seed * 101 + i) for i in range(players)]
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply(bots[state.current_player()].choose(state))
    return state


def city_pairs(state: Any, count: int = PAIRS, seed: int = 7) -> list[tuple[str, str]]:
    rnd = random.Random(seed)
    names = sorted(state.board.cities)
    return [tuple(rnd.sample(names, 2)) for _ in range(count)]  # type: ignore[misc]


def route_times(state: Any, pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """Cheapest track from every milepost of city a to the centre of city b
    (seats taking turns), each search from scratch."""
    cities = state.board.cities
    players = len(state.players)
    times = []
    for k, (a, b) in enumerate(pairs):
        spent, _route = _cpu(lambda: cheapest_build(state, k % players, cities[b].center, cities[a].mileposts))
        times.append(spent)
    return _summary(times)


def network_lookups(state: Any, pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """The right-click suggestion and demand hover: cheapest track from the
    player's own network (kept per seat until the track changes). `first_ms`
    is the search that fills the kept field, the rest are lookups."""
    cities = state.board.cities
    first, _f = _cpu(lambda: pathfind.cost_field(state, 0, default_sources(state, 0)))
    times = [_cpu(lambda: state.cheapest_route(cities[b].center, seat=0))[0] for _a, b in pairs]
    return {"first_ms": _ms(first), **_summary(times)}


def lattice_dijkstra_ms(size: int, runs: int = 20) -> dict[str, float]:
    """The yardstick: a plain pure-Python heapq Dijkstra over a whole hex
    lattice of `size` nodes (integer nodes, adjacency lists, no early stop)."""
    side = max(2, round(size ** 0.5))
    rnd = random.Random(3)
    adj: list[list[tuple[int, int]]] = [[] for _ in range(side * side)]
    for q in range(side):
        for r in range(side):
            for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
                if 0 <= q + dq < side and 0 <= r + dr < side:
                    adj[q * side + r].append(((q + dq) * side + r + dr, rnd.choice((1, 1, 1, 2, 3, 5))))

    def search(source: int) -> dict[int, int]:
        dist = {source: 0}
        heap = [(0, source)]
        while heap:
            d, u = heapq.heappop(heap)
            if d > dist[u]:
                continue
            for v, c in adj[u]:
                nd = d + c
                if nd < dist.get(v, 1 << 60):
                    dist[v] = nd
                    heapq.heappush(heap, (nd, v))
        return dist

    times = [_cpu(lambda: search(rnd.randrange(side * side)))[0] for _ in range(runs)]
    return {"median_ms": _ms(statistics.median(times)), "nodes": side * side}


def cold_costs(game_id: str = "russian_rails") -> dict[str, float]:
    """One-off work a new process does: the board's integer graph, and the
    bare-map costs out of every city (the bots fill these as they go)."""
    state = empty_board(game_id)
    pathfind._GRAPHS.clear()
    graph_time, graph = _cpu(lambda: pathfind.board_graph(state))
    names = sorted(state.board.cities)
    tables, _ = _cpu(lambda: [bare_city_cost(state, a, names[0]) for a in names])
    return {"board_graph_ms": _ms(graph_time), "bare_table_per_city_ms": _ms(tables / len(names)),
            "bare_tables_all_cities_ms": _ms(tables), "mileposts": len(graph.hexes)}


def route_figures(game_id: str = "russian_rails", pairs: int = PAIRS) -> dict[str, Any]:
    """Everything above for one game: cold costs, then routes between
    `pairs` city pairs on the empty and the six-player late board, network
    lookups, and the lattice yardstick."""
    cold = cold_costs(game_id)
    empty, late = empty_board(game_id), late_board(game_id)
    chosen = city_pairs(empty, pairs)
    return {
        "cold": cold,
        "empty": route_times(empty, chosen),
        "late": {**route_times(late, chosen), "track_sections": len(late.track)},
        "network_lookup_late": network_lookups(late, chosen),
        "lattice_dijkstra": lattice_dijkstra_ms(cold["mileposts"]),
    }


def cheapest_route_figure(game_id: str, runs: int = 5) -> tuple[str, str]:
    """Median time of the cheapest build route between the two cities farthest
    apart on an empty board, and the route's length and cost."""
    start_city, end_city = FAR_CITIES[game_id]
    state = empty_board(game_id, 2)
    src = state.board.cities[start_city].center
    dst = state.board.cities[end_city].center
    times, route = [], None
    for _ in range(runs):
        begin = time.perf_counter()
        route = cheapest_build(state, 0, dst, {src})
        times.append(time.perf_counter() - begin)
    label = f"cheapest route {start_city}–{end_city}"
    detail = f"{len(route.path) - 1} mileposts, {route.cost}M" if route else "no route"
    return label, f"{statistics.median(times) * 1000:.1f} ms ({detail})"


EXTRA_FIGURES: dict[str, Callable[[str], tuple[str, str]]] = {
    game_id: cheapest_route_figure for game_id in FAR_CITIES
}


if __name__ == "__main__":
    import json

    print(json.dumps(route_figures(), indent=1))
