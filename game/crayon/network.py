"""A player's rail network: the mileposts it reaches and the Major Cities it
joins into one continuous line (red areas and owned ferries count as links)."""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from game.crayon.links import pole_pairs, pole_partners

Hex = tuple[int, int]
Pair = tuple[Hex, Hex]


def owned_nodes(track: Mapping[Pair, int], seat: int) -> set[Hex]:
    nodes: set[Hex] = set()
    for (a, b), owner in track.items():
        if owner == seat:
            nodes.add(a)
            nodes.add(b)
    return nodes


def network_nodes(board: Any, track: Mapping[Pair, int], seat: int,
                  ferry_owners: Mapping[str, Iterable[int]]) -> set[Hex]:
    """Mileposts a player may build from without a Major City start: every
    milepost its track touches, every milepost of a Major City it touches
    (joined by the red area), and both ports of a ferry it has paid for."""
    nodes = owned_nodes(track, seat)
    for city in board.cities.values():
        if city.size == "major" and any(m in nodes for m in city.mileposts):
            nodes.update(city.mileposts)
    for ferry in board.ferries:
        if seat in ferry_owners.get(ferry.name, ()):
            nodes.add(ferry.a)
            nodes.add(ferry.b)
    return nodes | pole_partners(board, nodes)


class _Union:
    def __init__(self) -> None:
        self.parent: dict[Hex, Hex] = {}

    def find(self, x: Hex) -> Hex:
        parent = self.parent
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def join(self, a: Hex, b: Hex) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb


def connected_majors(board: Any, track: Mapping[Pair, int], seat: int,
                     ferry_owners: Mapping[str, Iterable[int]]) -> list[str]:
    """The largest set of Major Cities joined by one continuous network of the
    player's own track (through red areas and owned ferries)."""
    uf = _Union()
    touched: set[Hex] = set()
    for (a, b), owner in track.items():
        if owner == seat:
            uf.join(a, b)
            touched.add(a)
            touched.add(b)
    majors = [c for c in board.cities.values() if c.size == "major"]
    for city in majors:
        if any(m in touched for m in city.mileposts):
            for m in city.mileposts:
                uf.join(city.center, m)
    for ferry in board.ferries:
        if seat in ferry_owners.get(ferry.name, ()):
            uf.join(ferry.a, ferry.b)
    for a, b in pole_pairs(board):
        uf.join(a, b)
    groups: dict[Hex, list[str]] = {}
    for city in majors:
        if any(m in touched for m in city.mileposts):
            groups.setdefault(uf.find(city.center), []).append(city.name)
    if not groups:
        return []
    biggest = max(groups.values(), key=len)
    return sorted(biggest)


def cities_reached(board: Any, nodes: Iterable[Hex]) -> list[str]:
    """Names of the cities with a milepost in `nodes`."""
    names = {board.city_at[h] for h in nodes if h in board.city_at}
    return sorted(names)


def components(board: Any, track: Mapping[Pair, int], seat: int,
               ferry_owners: Mapping[str, Iterable[int]]) -> list[tuple[set[Hex], list[str]]]:
    """The separate pieces of a player's network: (mileposts, Major Cities on it)."""
    uf = _Union()
    nodes = network_nodes(board, track, seat, ferry_owners)
    for (a, b), owner in track.items():
        if owner == seat:
            uf.join(a, b)
    for city in board.cities.values():
        if city.size == "major" and city.center in nodes:
            for m in city.mileposts:
                uf.join(city.center, m)
    for ferry in board.ferries:
        if seat in ferry_owners.get(ferry.name, ()):
            uf.join(ferry.a, ferry.b)
    for a, b in pole_pairs(board):
        uf.join(a, b)
    groups: dict[Hex, set[Hex]] = {}
    for h in nodes:
        groups.setdefault(uf.find(h), set()).add(h)
    out = []
    for group in groups.values():
        majors = sorted(c.name for c in board.cities.values() if c.size == "major" and c.center in group)
        out.append((group, majors))
    return out
