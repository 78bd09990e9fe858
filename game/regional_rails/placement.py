"""Where each development marker kind may go (rules.yaml ``developments``).

"Next to" is defined once in rules.yaml: neighbouring hexes for terrain, towns
and sea; the hex's own sides for rivers."""
from __future__ import annotations

from game.core.hexgrid import Hex, neighbour

from game.regional_rails.board import TOWN, Board
from game.regional_rails.data import DevelopmentKind, rules


def _near_count(board: Board, h: Hex, what: str) -> int:
    count = 0
    for d in range(6):
        n = neighbour(h, d)
        if what == TOWN:
            p = board.place(n)
            count += p is not None and p.kind == TOWN
        else:
            count += board.terrain.get(n) == what
    return count


def placement_problem(board: Board, kind: DevelopmentKind, h: Hex) -> str | None:
    """Why `kind` may not go on hex `h` (ignoring markers already placed), or None."""
    place = board.place(h)
    if place is None:
        return f"a development marker goes on a town or city, and {h} has none"
    if place.start:
        return f"{place.name} is a starting city and may not have a development marker"
    if place.kind != kind.place:
        return f"{kind.kind} needs a {kind.place}, and {place.name} is a {place.kind}"
    if kind.on is not None and board.terrain[h] != kind.on:
        return f"{kind.kind} needs a {kind.place} in a {kind.on} hex; {place.name} is in {board.terrain[h]}"
    if kind.coastal is not None and (h in board.coastal) != kind.coastal:
        want = "a coastal" if kind.coastal else "a non-coastal"
        return f"{kind.kind} needs {want} {kind.place}; {place.name} is {'' if h in board.coastal else 'not '}coastal"
    if kind.rivers and board.river_sides(h) < kind.rivers:
        return (f"{kind.kind} needs a river on at least {kind.rivers} side(s); "
                f"{place.name} has {board.river_sides(h)}")
    for what, least in kind.near.items():
        have = _near_count(board, h, what)
        if have < least:
            label = "towns" if what == TOWN else f"{what} hexes"
            return f"{kind.kind} needs at least {least} {label} next to it; {place.name} has {have}"
    return None


def legal_places(board: Board, kind_name: str) -> tuple[Hex, ...]:
    """Every hex of the board where this kind may ever go, in order (the board remembers them)."""
    known = board.development_places.get(kind_name)
    if known is None:
        kind = rules().development(kind_name)
        known = board.development_places[kind_name] = tuple(
            sorted(h for h in board.places if placement_problem(board, kind, h) is None))
    return known


def unsatisfied_kinds(board: Board) -> list[str]:
    """Kinds with no legal place at all on this board (must be empty)."""
    return [k.kind for k in rules().developments if not legal_places(board, k.kind)]
