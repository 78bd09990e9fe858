"""Links between distant mileposts that a board may have (Lunar Rails): Wrap
Letters joining the two sides of the Moon, and poles where one milepost is
drawn on both sides. A board without them (a flat map) has no links, so
every function here then answers as for an ordinary milepost.

The board gives ``wraps`` (milepost -> wrap letter) and ``teleports``
(milepost -> its partner, both ways, for wraps and poles); its
``neighbours(h)`` already includes the partner.

- A wrap pair is one corridor: one land section into each letter and the
  free section between the letters; moving onto a letter and across costs
  no movement point; nobody stops on a letter.
- A pole pair is one point: a free link everybody may use without track,
  like the red area of a Major City, and no movement point to cross.
"""
from __future__ import annotations

from typing import Any, Mapping

from game.core.hexgrid import pair_key

Hex = tuple[int, int]
Pair = tuple[Hex, Hex]
_EMPTY: Mapping[Hex, Any] = {}


def wraps(board: Any) -> Mapping[Hex, Any]:
    return getattr(board, "wraps", None) or _EMPTY


def teleports(board: Any) -> Mapping[Hex, Hex]:
    return getattr(board, "teleports", None) or _EMPTY


def is_wrap(board: Any, h: Hex) -> bool:
    return h in wraps(board)


def partner(board: Any, h: Hex) -> Hex | None:
    return teleports(board).get(h)


def is_pole_link(board: Any, a: Hex, b: Hex) -> bool:
    """a and b are the two drawings of one pole milepost."""
    return teleports(board).get(a) == b and a not in wraps(board)


def is_wrap_link(board: Any, a: Hex, b: Hex) -> bool:
    """a and b are the two matching Wrap Letters."""
    return teleports(board).get(a) == b and a in wraps(board)


def free_link(board: Any, a: Hex, b: Hex) -> bool:
    """Usable by every train without track: a Major City's red area or a pole."""
    return pair_key(a, b) in board.red_area or is_pole_link(board, a, b)


def step_points(board: Any, a: Hex, b: Hex) -> int:
    """Movement points to run from a to b: none onto a Wrap Letter or across
    a link (wrap pair or pole), one otherwise."""
    if b in wraps(board) or teleports(board).get(a) == b:
        return 0
    return 1


def path_points(board: Any, start: Hex, path: tuple[Hex, ...]) -> int:
    """Movement points a train at `start` spends running `path` (mileposts
    entered): a wrap or pole step is free, so mileposts alone overcount on the Moon."""
    return sum(step_points(board, a, b) for a, b in zip((start, *path), path))


def pole_partners(board: Any, nodes: set[Hex]) -> set[Hex]:
    """The other drawing of every pole milepost in `nodes`."""
    out = set()
    for h in nodes:
        other = teleports(board).get(h)
        if other is not None and h not in wraps(board):
            out.add(other)
    return out


def pole_pairs(board: Any) -> list[Pair]:
    tp = teleports(board)
    w = wraps(board)
    return sorted({pair_key(a, b) for a, b in tp.items() if a not in w})


def wrap_land_sections(board: Any, track: Any, h: Hex) -> int:
    """Track sections between Wrap Letter h and mileposts on its own side."""
    other = teleports(board).get(h)
    return sum(1 for n in board.neighbours(h) if n != other and track.get(pair_key(h, n)) is not None)


def wrap_refusal(state: Any, track: Any, a: Hex, b: Hex) -> str:
    """Why the section a-b may not be built because of the wrap rules, or ""."""
    board = state.board
    w = wraps(board)
    if not w or (a not in w and b not in w):
        return ""
    if is_wrap_link(board, a, b):
        return ""
    h = b if b in w else a
    if wrap_land_sections(board, track, h):
        return (f"Only one track section may connect to Wrap Letter {wrap_name(board, h)}; "
                f"a Wrap Letter is never a junction.")
    return ""


def wrap_name(board: Any, h: Hex) -> str:
    wrap = wraps(board).get(h)
    return str(getattr(wrap, "name", "")) or str(h)


def wrap_path_refusal(board: Any, path: tuple[Hex, ...]) -> str:
    """A path (to build or to run) may not end on a Wrap Letter, and after
    reaching a letter from its own side must cross to the matching one."""
    w = wraps(board)
    if not w or not path:
        return ""
    if path[-1] in w:
        return (f"A route may not end on Wrap Letter {wrap_name(board, path[-1])}: "
                f"it must continue on the other side of the Moon.")
    for prev, h, nxt in zip(path, path[1:], path[2:]):
        if h in w and not is_wrap_link(board, prev, h) and not is_wrap_link(board, h, nxt):
            return (f"At Wrap Letter {wrap_name(board, h)} the route must cross to the matching letter "
                    f"on the other side.")
    return ""


class _Moves:
    """The board's mileposts as integers for `travel`: milepost `i` is
    `hexes[i]`, `back[i]` the neighbours of i with the movement points of the
    step from each to i; and the fields worked out so far."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.hexes = sorted(board.mileposts)
        self.index = {h: i for i, h in enumerate(self.hexes)}
        index = self.index
        self.back = [tuple((index[n], step_points(board, n, h)) for n in board.neighbours(h)) for h in self.hexes]
        self.fields: dict[int, list[int]] = {}

    def field(self, source: int) -> list[int]:
        """Movement points from every milepost to `source` (0-1 breadth-first
        search; FAR where unreachable)."""
        dist = self.fields.get(source)
        if dist is None:
            dist = self.fields[source] = _field(self.back, source)
        return dist


FAR = 10 ** 6
_MOVES: dict[int, _Moves] = {}


def travel(board: Any, a: Hex, b: Hex) -> int:
    """Movement points between two mileposts over the whole map (as if track
    ran everywhere), links counted as free; a large number when unreachable.
    Fields are kept per board for the mileposts asked about most (cities)."""
    moves = _MOVES.get(id(board))
    if moves is None or moves.board is not board:
        moves = _MOVES[id(board)] = _Moves(board)
    i, j = moves.index.get(a), moves.index.get(b)
    if i is None or j is None:
        return 0 if a == b else FAR
    if i in moves.fields and j not in moves.fields:
        i, j = j, i
    return moves.field(j)[i]


def _field(back: list[tuple[tuple[int, int], ...]], source: int) -> list[int]:
    """0-1 breadth-first search from `source` over every milepost."""
    from collections import deque
    dist = [FAR] * len(back)
    dist[source] = 0
    queue = deque([source])
    while queue:
        h = queue.popleft()
        d = dist[h]
        for n, step in back[h]:
            nd = d + step
            if nd < dist[n]:
                dist[n] = nd
                if step:
                    queue.append(n)
                else:
                    queue.appendleft(n)
    return dist
