"""Running the train: checking a proposed path (track, reversal only in
cities, movement points, weather, rent, border rules) and finding paths."""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

from game.core.hexgrid import pair_key
from game.crayon.building import ferry_between
from game.crayon.links import free_link, step_points, wrap_path_refusal

Hex = tuple[int, int]


@dataclass(frozen=True)
class MovePlan:
    path: tuple[Hex, ...]  # the start milepost first
    points_used: int
    moves_left: int  # after the move
    rent_to: tuple[int, ...]  # opponents paid rent by this move (each once per turn)
    rent: int
    duty: int
    halved: bool  # movement was halved (entered a weather area) by this move
    reason: str = ""

    @property
    def legal(self) -> bool:
        return not self.reason


def _step_refusal(state: Any, seat: int, a: Hex, b: Hex, prev: Hex | None) -> str:
    board = state.board
    if ferry_between(board, a, b) is not None:
        return (f"A train crosses the ferry by stopping at {state.place(a)} and boarding; "
                f"it starts next turn from {state.place(b)}.")
    if b not in board.mileposts or b not in board.neighbours(a):
        return f"{state.place(a)} and {state.place(b)} are not neighbouring mileposts."
    if b == prev and a not in board.city_at:
        return f"A train may only reverse in a city; {state.place(a)} is not a city."
    pair = pair_key(a, b)
    if not free_link(board, a, b) and pair not in state.track:
        return f"There is no track between {state.place(a)} and {state.place(b)}."
    return state.step_refusal(seat, a, b)


def plan_move(state: Any, seat: int, path: tuple[Hex, ...]) -> MovePlan:
    """Check `path` (mileposts entered) for `seat` from its current milepost."""
    player = state.players[seat]
    start = player.position
    if start is None:
        return MovePlan((), 0, state.moves_left, (), 0, 0, False, "Place your train on a city first.")
    pos, prev = start, player.came_from
    left, halved, cash = state.moves_left, state.halved, player.cash
    paid = set(state.rent_paid)
    rent_to: list[int] = []
    duty = used = 0
    weather = state.weather_mileposts()
    fee_each = state.rent_fee()
    reason = "" if path else "Choose at least one milepost to move to."
    for n in path:
        reason = _step_refusal(state, seat, pos, n, prev)
        if reason:
            break
        points = step_points(state.board, pos, n)
        if left < points:
            reason = "The train has no movement points left this turn."
            break
        owner = state.track.get(pair_key(pos, n))
        if owner is not None and owner != seat and owner not in paid and fee_each:
            if cash < fee_each and not state.rent_on_credit(seat):
                reason = f"You need {fee_each}M in cash to use {state.name(owner)}'s track."
                break
            cash -= min(cash, fee_each)
            paid.add(owner)
            rent_to.append(owner)
        fee = state.step_fee(seat, pos, n)
        if fee:
            if cash < fee:
                reason = f"You need {fee}M in cash for the duty at the border."
                break
            cash -= fee
            duty += fee
        left -= points
        used += points
        if not halved and n in weather and pos not in weather:
            left -= (left + 1) // 2
            halved = True
        prev, pos = pos, n
    if not reason:
        whole = (start,) + tuple(path)
        reason = wrap_path_refusal(state.board, whole) or state.path_refusal(seat, whole)
    return MovePlan((start,) + tuple(path), used, left, tuple(rent_to), len(rent_to) * fee_each,
                    duty, halved and not state.halved, reason)


def _usable(state: Any, seat: int, a: Hex, allow_rent: bool) -> list[tuple[Hex, bool, int]]:
    """Track steps a train of `seat` may take from `a`: (next milepost, over
    others' track, its movement points)."""
    board, track = state.board, state.track
    out = []
    for n in board.neighbours(a):
        pair = pair_key(a, n)
        if free_link(board, a, n):
            out.append((n, False, step_points(board, a, n)))
            continue
        owner = track.get(pair)
        if owner is None or (owner != seat and not allow_rent):
            continue
        if state.step_refusal(seat, a, n):
            continue
        out.append((n, owner != seat, step_points(board, a, n)))
    return out


def events_stamp(state: Any) -> tuple[Any, ...]:
    """What of the era and active events movement depends on: a memo of
    moves kept beside the track is good only while this stays the same."""
    return (state.era, tuple((e.card, e.half) for e in state.active))


def _usable_table(state: Any, seat: int, allow_rent: bool) -> dict[Hex, list[tuple[Hex, bool, int]]]:
    """Memo of `_usable` kept with the state's track-derived data (emptied
    when track changes) while the same events are active."""
    stamp = events_stamp(state)
    key = ("usable", seat, allow_rent)
    kept = state._net.get(key)
    if kept is None or kept[0] != stamp:
        kept = (stamp, {})
        state._net[key] = kept
    return kept[1]


def move_tree(state: Any, seat: int, max_steps: int | None = None, allow_rent: bool = True,
              start: Hex | None = None, came_from: Hex | None = None) -> dict[Hex, tuple[Hex, ...]]:
    """Cheapest known path (mileposts entered) to every milepost reachable
    over usable track, respecting reversal; prefers own track to rented."""
    return _grow_tree(state, seat, max_steps, allow_rent, start, came_from)[0]


def move_points(state: Any, seat: int, allow_rent: bool = True, start: Hex | None = None,
                came_from: Hex | None = None) -> dict[Hex, int]:
    """The movement points of each of move_tree's paths (``links.path_points``
    of it), counted as the tree grows: the bots ask for every city's."""
    return _grow_tree(state, seat, None, allow_rent, start, came_from)[1]


def _grow_tree(state: Any, seat: int, max_steps: int | None, allow_rent: bool, start: Hex | None,
               came_from: Hex | None) -> tuple[dict[Hex, tuple[Hex, ...]], dict[Hex, int]]:
    """move_tree's paths and their movement points."""
    player = state.players[seat]
    start = start if start is not None else player.position
    if start is None:
        return {}, {}
    prev0 = came_from if start != player.position or came_from is not None else player.came_from
    city_at = state.board.city_at
    best: dict[Hex, tuple[Hex, ...]] = {start: ()}
    spent: dict[Hex, int] = {start: 0}
    heap: list[tuple[int, int, Hex, Hex | None, tuple[Hex, ...]]] = [(0, 0, start, prev0, ())]
    done: set[tuple[Hex, Hex | None]] = set()
    usable = _usable_table(state, seat, allow_rent)
    pop, push = heapq.heappop, heapq.heappush   # (the bots grow thousands of these trees a game)
    while heap:
        cost, steps, node, prev, path = pop(heap)
        if (node, prev) in done:
            continue
        done.add((node, prev))
        if node not in best:
            best[node], spent[node] = path, steps
        if max_steps is not None and steps >= max_steps:
            continue
        exits = usable.get(node)
        if exits is None:
            exits = usable[node] = _usable(state, seat, node, allow_rent)
        for n, foreign, points in exits:
            if n == prev and node not in city_at:
                continue
            if (n, node) in done:
                continue
            push(heap, (cost + 10 * points + (3 if foreign else 0), steps + points, n, node, path + (n,)))
    return best, spent


def find_move_path(state: Any, seat: int, dest: Hex, allow_rent: bool = True) -> tuple[Hex, ...] | None:
    """A path to `dest` over usable track (ignoring this turn's points), or None."""
    tree = move_tree(state, seat, None, allow_rent)
    return tree.get(dest)
