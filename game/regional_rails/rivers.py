"""Rivers as walks along hex corners, shared by the map tool and the generator.

A corner is the frozenset of the three hexes that meet there; a hex side is the
frozenset of its two hexes. From a corner, three sides leave; a river walks
from corner to corner along sides."""
from __future__ import annotations

from collections import deque
from typing import Callable, Iterable

from game.core.hexgrid import EdgeId, Hex, direction_to, edge_id, neighbour, neighbours

Corner = frozenset
Side = frozenset


def side_of(h: Hex, d: int) -> Side:
    return frozenset((h, neighbour(h, d)))


def side_corners(side: Side) -> list[Corner]:
    """The two corners at the ends of a side."""
    a, b = sorted(side)
    common = sorted(set(neighbours(a)) & set(neighbours(b)))
    return [frozenset((a, b, c)) for c in common]


def corner_sides(corner: Corner) -> list[Side]:
    x, y, z = sorted(corner)
    return [frozenset((x, y)), frozenset((x, z)), frozenset((y, z))]


def shortest_path(start: Corner, goal: Corner, used: Iterable[Side] = (),
                  area: Callable[[Corner], bool] | None = None) -> list[Side]:
    """Shortest chain of sides from corner `start` to `goal` avoiding `used` and
    staying on corners in `area` (BFS, deterministic); [] if there is none."""
    blocked = set(used)
    prev: dict[Corner, tuple[Corner, Side] | None] = {start: None}
    todo = deque([start])
    while todo:
        c = todo.popleft()
        if c == goal:
            break
        for s in sorted(corner_sides(c), key=sorted):
            if s in blocked:
                continue
            for n in side_corners(s):
                if n not in prev and (area is None or area(n)):
                    prev[n] = (c, s)
                    todo.append(n)
    if goal not in prev:
        return []
    out, step = [], prev[goal]
    while step is not None:
        c, s = step
        out.append(s)
        step = prev[c]
    return out[::-1]


def waypoint_corners(waypoints: list[tuple[Hex, int]]) -> list[Corner]:
    """The corner sequence of a river through waypoint sides (hex, direction) in order;
    consecutive waypoints are joined by the shortest chain of unused sides."""
    corners: list[Corner] = []
    for i, (h, d) in enumerate(waypoints):
        a, b = side_corners(side_of(h, d))
        if not corners:
            corners = [a, b]
            if i + 1 < len(waypoints):
                targets = side_corners(side_of(*waypoints[i + 1]))
                if min(len(shortest_path(a, t)) for t in targets) < min(len(shortest_path(b, t)) for t in targets):
                    corners = [b, a]
            continue
        used = [frozenset(x & y) for x, y in zip(corners, corners[1:])]
        end = corners[-1]
        entry, exit_ = (a, b) if len(shortest_path(end, a, used)) <= len(shortest_path(end, b, used)) else (b, a)
        for s in shortest_path(end, entry, used):
            corners.append(next(c for c in side_corners(s) if c != corners[-1]))
        corners.append(exit_)
    return corners


def side_edge_id(side: Side) -> EdgeId:
    a, b = sorted(side)
    d = direction_to(a, b)
    assert d is not None
    return edge_id(a, d)


def corners_to_edges(corners: list[Corner]) -> list[EdgeId]:
    return [side_edge_id(frozenset(x & y)) for x, y in zip(corners, corners[1:])]
