"""Cheapest-build-route times over many city pairs, on an empty board and on
the late board the frames are drawn on (the searches behind build previews,
right-click routes, demand hints and the bots' planning)."""
from __future__ import annotations

import heapq
import random
import statistics
import time
from typing import Any

from bench.report import row, spread_row

PAIRS = 300
QUICK_PAIRS = 60
MEDIAN_MS, P99_MS = 2.0, 5.0


def city_pairs(board: Any, count: int, seed: int = 13) -> list[tuple[Any, Any]]:
    names = sorted(board.cities)
    rng = random.Random(seed)
    out: list[tuple[Any, Any]] = []
    while len(out) < count:
        a, b = rng.sample(names, 2)
        out.append((board.cities[a].center, board.cities[b].center))
    return out


def route_times(state: Any, seat: int, pairs: list[tuple[Any, Any]]) -> list[float]:
    from game.crayon.pathfind import cheapest_build

    times = []
    for src, dst in pairs:
        start = time.process_time()
        cheapest_build(state, seat, dst, {src})
        times.append(time.process_time() - start)
    return times


def route_rows(game_id: str, late_state: Any, quick: bool) -> None:
    from game import registry
    from game.core.engine import Seat

    engine = registry.engine(game_id)
    empty = engine.new_game({}, 1, [Seat("A"), Seat("B")])
    pairs = city_pairs(empty.board, QUICK_PAIRS if quick else PAIRS)
    targets = (MEDIAN_MS, P99_MS, None)
    empty_times = route_times(empty, 0, pairs)
    spread_row(f"cheapest route, empty board ({len(pairs)} city pairs)", empty_times, targets)
    seat = late_state.current_player() or 0
    spread_row(f"cheapest route, late board ({len(pairs)} city pairs)", route_times(late_state, seat, pairs),
               targets)
    yardstick(len(empty.board.mileposts), statistics.median(empty_times))


def yardstick(nodes: int, ours: float) -> None:
    """The issue's floor: our median route must be no slower than a plain
    heapq Dijkstra over a whole lattice of the same size, timed in this run."""
    plain = lattice_dijkstra_ms(nodes)
    row(f"plain heapq Dijkstra, {nodes}-node lattice", f"{plain:.2f} ms (ours {ours * 1000:.2f} ms)",
        "ours faster", ours * 1000 <= plain)


def lattice_dijkstra_ms(size: int, runs: int = 20) -> float:
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

    times = []
    for _ in range(runs):
        source = rnd.randrange(side * side)
        start = time.process_time()
        search(source)
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000
