"""Extra figures for crayon-rails maps: the pathfinder behind build previews,
"cheapest route to here" and the bots' planning."""
from __future__ import annotations

import statistics
import time
from typing import Callable

from game import registry
from game.core.engine import Seat
from game.crayon.pathfind import cheapest_build

FAR_CITIES = {"russian_rails": ("Murmansk", "Krasnovodsk")}


def cheapest_route_figure(game_id: str, runs: int = 5) -> tuple[str, str]:
    """Median time of the cheapest build route between the two cities farthest
    apart on an empty board, and the route's length and cost."""
    start_city, end_city = FAR_CITIES[game_id]
    engine = registry.engine(game_id)
    state = engine.new_game({}, 1, [Seat("A"), Seat("B")])
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
