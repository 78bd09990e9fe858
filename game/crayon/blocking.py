"""No blocking: may a new track section shut a player out of a Major City,
a second or third player out of a small or medium city, or a second player
out of a ferry port?

The check floods outward from the place over the sections a player could
still build (`has_room`). A flood says yes on meeting a goal or once it has
room enough, and that yes holds for any track on which the sections it
crossed are still open to that player. So each yes is kept per board with
those sections (its witness, at most `block_check_room` of them), and a
later question re-reads the witness (a few dict lookups) before it floods
again: after a build, or while a path is priced, only the floods the new
sections cut are redone. A no is never kept (it is what blocking looks
like, and rare). Answers are exactly the plain flood's: the flood's answer
does not depend on the order it explores in."""
from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet, Any, Callable, Iterable, Mapping

from game.core.hexgrid import distance, pair_key

Hex = tuple[int, int]
Pair = tuple[Hex, Hex]


class Overlay:
    """Track as it would be with a few more sections, without copying it all."""

    def __init__(self, base: Mapping[Pair, int], added: dict[Pair, int]) -> None:
        self.base = base
        self.added = added

    def get(self, pair: Pair, default: Any = None) -> Any:
        if pair in self.added:
            return self.added[pair]
        return self.base.get(pair, default)

    def __contains__(self, pair: object) -> bool:
        return pair in self.added or pair in self.base

    def __setitem__(self, pair: Pair, owner: int) -> None:
        self.added[pair] = owner


TrackView = Any  # pair -> owner: the live track dict or an Overlay of it


def owner_of(track: TrackView) -> Callable[[Pair], int | None]:
    """A fast `track.get`: an Overlay's few sections put in front of the
    plain dict it stands on, so a lookup costs one or two dict probes."""
    added: dict[Pair, int] = {}
    while isinstance(track, Overlay):
        added = {**track.added, **added}
        track = track.base
    get = track.get
    if not added:
        return get
    return lambda pair: added[pair] if pair in added else get(pair)
MAJOR_REACH, CITY_REACH, PORT_REACH = 3, 1, 1  # how close a section must come to a place to be checked


@dataclass(frozen=True)
class Witness:
    """Why a flood said yes: the sections it crossed (`pairs`), the ports it
    took a ferry from (`hops`) and the goal it met (None: it ran out of room
    to check, which no goal can change)."""

    pairs: tuple[Pair, ...]
    hops: tuple[Hex, ...]
    goal: Hex | None


class BoardPlaces:
    """What the block check asks of a board again and again, worked out once
    per board: neighbours, the port of each ferry, Major City sections, and
    the places near each milepost."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.majors = [c for c in board.cities.values() if c.size == "major"]
        self.all_majors = frozenset(m for c in self.majors for m in c.mileposts)
        self.city_pairs = {c.name: tuple(pair_key(m, n) for m in c.mileposts for n in board.neighbours(m))
                           for c in self.majors}
        self.port_ferry: dict[Hex, Any] = {}
        for ferry in board.ferries:
            self.port_ferry.setdefault(ferry.a, ferry)
            self.port_ferry.setdefault(ferry.b, ferry)
        self._adjacent: dict[Hex, tuple[Hex, ...]] = {}
        self._near: dict[Hex, tuple[int, ...]] = {}
        self._places: list[tuple[str, Any]] = [("city", c) for c in board.cities.values()]
        self._places += [("port", (f, p)) for f in board.ferries for p in (f.a, f.b)]
        self.witnesses: dict[tuple[Any, ...], Witness] = {}

    def adjacent(self, h: Hex) -> tuple[Hex, ...]:
        out = self._adjacent.get(h)
        if out is None:
            out = self._adjacent[h] = tuple(self.board.neighbours(h))
        return out

    def places_near(self, pair: Pair) -> list[tuple[str, Any]]:
        """Cities and ferry ports a section comes close enough to, in board
        order: Major Cities within 3 mileposts, others and ports within 1."""
        near = sorted(set(self._near_milepost(pair[0])) | set(self._near_milepost(pair[1])))
        return [self._places[i] for i in near]

    def _near_milepost(self, h: Hex) -> tuple[int, ...]:
        out = self._near.get(h)
        if out is None:
            found = []
            for i, (kind, place) in enumerate(self._places):
                if kind == "city":
                    reach = MAJOR_REACH if place.size == "major" else CITY_REACH
                    if distance(place.center, h) <= reach:
                        found.append(i)
                elif distance(place[1], h) <= PORT_REACH:
                    found.append(i)
            out = self._near[h] = tuple(found)
        return out


_BOARDS: dict[int, BoardPlaces] = {}


def board_places(board: Any) -> BoardPlaces:
    kept = _BOARDS.get(id(board))
    if kept is None or kept.board is not board:
        kept = _BOARDS[id(board)] = BoardPlaces(board)
    return kept


def ferry_hops(state: Any, places: BoardPlaces, h: Hex, seat: int | None) -> tuple[Hex, ...]:
    """The far port, when h is a port of a ferry `seat` owns or could still join."""
    ferry = places.port_ferry.get(h)
    if ferry is None:
        return ()
    owners = state.ferry_owners.get(ferry.name, ())
    if seat in owners or len(owners) < state.rules.ferry_max_builders:
        return (ferry.b if h == ferry.a else ferry.a,)
    return ()


def has_room(state: Any, track: TrackView, starts: Iterable[Hex], goals: AbstractSet[Hex],
             seat: int | None, avoid: Hex | None = None) -> bool:
    """Can a player (or any newcomer when seat is None) still reach `starts`:
    flood outward over unbuilt sections (and the player's own) from `starts`
    and `avoid`; True once the flood meets a goal (a Major City or the
    player's network, where its track can come from) or has room enough
    (rules.block_check_room mileposts: a pocket that big is never sealed).
    A kept witness that still holds answers without a flood."""
    places = board_places(state.board)
    starts = tuple(starts)
    key = (starts, seat, avoid, state.rules.block_check_room)
    witness = places.witnesses.get(key)
    if witness is not None and _holds(state, places, track, witness, goals, seat):
        return True
    witness = _flood(state, places, track, starts, goals, seat, avoid)
    if witness is None:
        return False
    places.witnesses[key] = witness
    return True


def _holds(state: Any, places: BoardPlaces, track: TrackView, witness: Witness, goals: AbstractSet[Hex],
           seat: int | None) -> bool:
    """Is every section of the witness still open to `seat`, and its goal still a goal?"""
    if witness.goal is not None and witness.goal not in goals:
        return False
    get = owner_of(track)
    for pair in witness.pairs:
        owner = get(pair)
        if owner is not None and owner != seat:
            return False
    return all(ferry_hops(state, places, h, seat) for h in witness.hops)


def _flood(state: Any, places: BoardPlaces, track: TrackView, starts: tuple[Hex, ...],
           goals: AbstractSet[Hex], seat: int | None, avoid: Hex | None) -> Witness | None:
    """The plain flood of `has_room`; its witness when the answer is yes."""
    room = state.rules.block_check_room
    seen = set(starts)
    if avoid is not None:
        seen.add(avoid)
    came: dict[Hex, tuple[Hex, bool]] = {}  # milepost -> (where the flood came from, by ferry)
    frontier = list(seen)
    get = owner_of(track)
    while frontier:
        h = frontier.pop()
        adjacent = places.adjacent(h)
        for n in adjacent + ferry_hops(state, places, h, seat):
            if n in seen:
                continue
            owner = get(pair_key(h, n))
            if owner is not None and owner != seat:
                continue
            came[n] = (h, n not in adjacent)
            if n in goals:
                return _witness(came, n, seen)
            seen.add(n)
            if len(seen) > room:
                return _witness(came, None, seen)
            frontier.append(n)
    return None


def _witness(came: dict[Hex, tuple[Hex, bool]], goal: Hex | None, seen: set[Hex]) -> Witness:
    """The way the flood took from a start to `goal`, or every step it took
    when it ran out of room (goal None)."""
    if goal is None:
        steps = [(h, n, by_ferry) for n, (h, by_ferry) in came.items()]
    else:
        starts = seen - came.keys()
        steps = []
        n = goal
        while n not in starts:
            h, by_ferry = came[n]
            steps.append((h, n, by_ferry))
            n = h
    return Witness(tuple(pair_key(h, n) for h, n, _ in steps), tuple(h for h, _, by_ferry in steps if by_ferry),
                   goal)
