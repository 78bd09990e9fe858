"""Cheapest-build-route times over many city pairs, on an empty board and on
the late board the frames are drawn on (the searches behind build previews,
right-click routes, demand hints and the bots' planning)."""
from __future__ import annotations

import random
import time
from typing import Any

from bench.report import spread_row

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
    spread_row(f"cheapest route, empty board ({len(pairs)} city pairs)", route_times(empty, 0, pairs), targets)
    seat = late_state.current_player() or 0
    spread_row(f"cheapest route, late board ({len(pairs)} city pairs)", route_times(late_state, seat, pairs),
               targets)
