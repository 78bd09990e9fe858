"""How far a train runs between two cities over its owner's own track, for
the computer players' route pricing: a leg between two cities the network
already joins is measured along the track the train will really take (which
may wind far from the straight line), not guessed from the map."""
from __future__ import annotations

from typing import Any

from game.crayon.movement import events_stamp, move_points


def own_ride(state: Any, seat: int, a: str, b: str) -> int | None:
    """Movement points from city `a` to city `b` over `seat`'s own track (no rent;
    Wrap Letters and poles crossed for free, as the train runs them),
    or None when its track does not join them. Kept with the state's
    track-derived data (emptied when any track changes) per start city."""
    if a == b:
        return 0
    rides = _rides_from(state, seat, a)
    found = [rides[m] for m in state.board.cities[b].mileposts if m in rides]
    return min(found) if found else None


def _rides_from(state: Any, seat: int, city: str) -> dict[Any, int]:
    stamp = events_stamp(state)
    key = ("own_ride", seat, city)
    kept = state._net.get(key)
    if kept is None or kept[0] != stamp:
        net = state.network(seat)
        mileposts = [m for m in state.board.cities[city].mileposts if m in net]
        out: dict[Any, int] = {}
        if mileposts:
            start = state.board.cities[city].center
            out = move_points(state, seat, False, start=start, came_from=start)
        kept = state._net[key] = (stamp, out)
    return kept[1]
