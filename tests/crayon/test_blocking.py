"""The kept block check answers exactly as the plain flood it replaced (kept
below as the reference), on random boards whose track changes between
questions (sections added, taken away, changing hands; ferries joined), so
answers kept from an earlier board are re-checked against the new one; and
whole build quotes are the same with either check."""
from __future__ import annotations

import random
from typing import Any, Iterable

import pytest

from game.core.engine import Seat
from game.core.hexgrid import pair_key
from game.crayon import building
from game.crayon.blocking import has_room
from game.crayon.building import ferry_at
from game.crayon.pathfind import cheapest_build
from game.crayon.russian_rails.engine import RussianRailsState
from tests.crayon.helpers import new_game

Hex = tuple[int, int]


def plain_has_room(state: Any, track: Any, starts: Iterable[Hex], goals: set[Hex], seat: int | None,
                   avoid: Hex | None = None) -> bool:
    """The block check's flood as it was before answers were kept."""
    board = state.board
    room = state.rules.block_check_room
    seen = set(starts)
    if avoid is not None:
        seen.add(avoid)
    frontier = list(seen)
    while frontier:
        h = frontier.pop()
        hops = []
        ferry = ferry_at(board, h)
        if ferry is not None:
            owners = state.ferry_owners.get(ferry.name, ())
            if seat in owners or len(owners) < state.rules.ferry_max_builders:
                hops = [ferry.b if h == ferry.a else ferry.a]
        for n in board.neighbours(h) + hops:
            if n in seen:
                continue
            owner = track.get(pair_key(h, n))
            if owner is not None and owner != seat:
                continue
            if n in goals:
                return True
            seen.add(n)
            if len(seen) > room:
                return True
            frontier.append(n)
    return False


def _pairs(state: Any) -> list[tuple[Hex, Hex]]:
    board = state.board
    return sorted({pair_key(h, n) for h in board.mileposts for n in board.neighbours(h)} - set(board.red_area))


def _reshape(state: Any, rnd: random.Random, pairs: list[tuple[Hex, Hex]], density: float) -> None:
    """Random track: sections added, removed and changing hands; a ferry joined or left."""
    players = len(state.players)
    for pair in rnd.sample(pairs, len(pairs) // 3):
        if rnd.random() < density:
            state.track[pair] = rnd.randrange(players)
        else:
            state.track.pop(pair, None)
    for ferry in state.board.ferries:
        state.ferry_owners[ferry.name] = rnd.sample(range(players), rnd.randrange(3))
    state._track_changed()


def _question(state: Any, rnd: random.Random) -> tuple[list[Hex], set[Hex], int | None, Hex | None]:
    """Starts, goals, seat and avoided milepost as the rules ask them: a Major
    City against other Majors (and, half the time, a network), a city
    milepost's neighbour (avoiding it), or a ferry port."""
    board = state.board
    players = len(state.players)
    cities = sorted(board.cities.values(), key=lambda c: c.name)
    majors = [c for c in cities if c.size == "major"]
    seat = rnd.randrange(players)
    network = state.network(seat) if rnd.random() < 0.5 else set()
    kind = rnd.choice(("major", "entry", "port"))
    if kind == "major":
        city = rnd.choice(majors)
        goals = {m for c in majors if c is not city for m in c.mileposts} | network
        return list(city.mileposts), goals - set(city.mileposts), seat, None
    mileposts = {m for c in majors for m in c.mileposts}
    if kind == "port" and board.ferries:
        ferry = rnd.choice(board.ferries)
        return [rnd.choice((ferry.a, ferry.b))], mileposts | network, seat, None
    city = rnd.choice([c for c in cities if c.size != "major"])
    near = board.neighbours(city.center)
    return [rnd.choice(near)], (mileposts | network) - {city.center}, None, city.center


@pytest.mark.parametrize("board", ["russian_rails", "tiny"])
def test_kept_answers_equal_the_plain_flood_on_changing_random_boards(board: str) -> None:
    if board == "tiny":
        state = new_game(4)
    else:
        state = RussianRailsState.new_game({}, 1, [Seat(f"P{i}") for i in range(6)])
    rnd = random.Random(13)
    pairs = _pairs(state)
    answers = {True: 0, False: 0}
    for board_no in range(12):
        _reshape(state, rnd, pairs, density=0.5 + 0.04 * board_no)
        for _ in range(60):
            starts, goals, seat, avoid = _question(state, rnd)
            expected = plain_has_room(state, state.track, starts, goals, seat, avoid)
            assert has_room(state, state.track, starts, goals, seat, avoid) == expected
            answers[expected] += 1
    assert answers[True] > 50 and answers[False] > 50  # both answers were put to the test


def _sealing(state: Any, rnd: random.Random) -> list[tuple[int, tuple[Hex, ...]]]:
    """A seat takes all but one to three ways out of a random Major City;
    each way left is a one-section path to price (the last may shut the
    others out), as are cheapest routes to random mileposts."""
    board = state.board
    city = rnd.choice(sorted((c for c in board.cities.values() if c.size == "major"), key=lambda c: c.name))
    exits = sorted({pair_key(m, n) for m in city.mileposts for n in board.neighbours(m) if n not in city.mileposts})
    seat = rnd.randrange(len(state.players))
    for pair in rnd.sample(exits, len(exits) - rnd.randint(1, 3)):
        state.track[pair] = seat
    state._track_changed()
    paths = [(seat, (a, b) if a in city.mileposts else (b, a)) for a, b in exits if (a, b) not in state.track]
    spots = sorted(board.mileposts)
    while len(paths) < 12:
        seat = rnd.randrange(len(state.players))
        route = cheapest_build(state, seat, rnd.choice(spots), state.network(seat) or city.mileposts)
        if route is not None and len(route.path) > 1:
            paths.append((seat, route.path))
    return paths


def test_build_quotes_equal_those_of_the_plain_flood(monkeypatch: pytest.MonkeyPatch) -> None:
    state = RussianRailsState.new_game({}, 1, [Seat(f"P{i}") for i in range(6)])
    rnd = random.Random(21)
    pairs = _pairs(state)
    blocked = 0
    for case in range(40):
        if case % 8 == 0:
            _reshape(state, rnd, pairs, density=0.1 + 0.05 * case // 8)
        paths = _sealing(state, rnd)
        fast = [state.quote_build(path, seat) for seat, path in paths]
        with monkeypatch.context() as m:
            m.setattr(building, "has_room", plain_has_room)
            plain = [state.quote_build(path, seat) for seat, path in paths]
        assert fast == plain
        blocked += sum("block another player" in q.reason for q in plain)
    assert blocked >= 5  # the blocking rule itself decided some of them
