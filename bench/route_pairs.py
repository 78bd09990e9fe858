"""Cheapest-build-route times over many city pairs, on an empty board and on
the late board the frames are drawn on (the searches behind build previews,
right-click routes, demand hints and the bots' planning)."""
from __future__ import annotations

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
    out = []
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
    from bench.routes import lattice_dijkstra_ms

    plain = lattice_dijkstra_ms(nodes)["median_ms"]
    row(f"plain heapq Dijkstra, {nodes}-node lattice", f"{plain:.2f} ms (ours {ours * 1000:.2f} ms)",
        "ours faster", ours * 1000 <= plain)
