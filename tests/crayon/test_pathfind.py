"""The fast cheapest-route search gives exactly the routes of the plain
Dijkstra it replaced (kept below as the reference, ties broken by push
order), on the empty Russian Rails board and on a busy six-player board with
a flood, bad weather, a reservation and a joined ferry; and its kept results
follow the track as it changes."""
from __future__ import annotations

import heapq
import random
from typing import Any, Iterable

import pytest

from game.core.engine import Seat
from game.core.hexgrid import pair_key
from game.crayon.building import ferry_at
from game.crayon.pathfind import _full_cities, bare_city_cost, cheapest_build, cost_field, default_sources
from game.crayon.player import ActiveEvent
from game.crayon.russian_rails.engine import RussianRailsState

Hex = tuple[int, int]
FLOOD, SNOW = 135, 144  # Flood on the Volga; Heavy Snow in Central Russia


def reference_field(state: Any, seat: int, sources: Iterable[Hex]) -> tuple[dict, dict]:
    """The search as it was before the integer graph: (dist, prev)."""
    board, rules = state.board, state.rules
    blocked, weather = state.blocked_build_segments(), state.weather_mileposts()
    full = _full_cities(state, seat)
    owned = {f.name for f in board.ferries if seat in state.ferry_owners.get(f.name, ())}

    def joinable(f: Any) -> bool:
        return f.name in owned or len(state.ferry_owners.get(f.name, ())) < rules.ferry_max_builders

    def cost(u: Hex, n: Hex) -> int | None:
        pair = pair_key(u, n)
        if pair in board.red_area:
            return 0
        owner = state.track.get(pair)
        if owner is not None:
            return 0 if owner == seat else None
        if pair in blocked or u in weather or n in weather or n in full:
            return None
        reserved = state.reservations.get(pair)
        if reserved is not None and reserved[0] != seat:
            return None
        f = ferry_at(board, n)
        step = f.cost if f is not None and f.name not in owned and joinable(f) else rules.terrain_cost[board.mileposts[n]]
        return step + board.water.get(pair, 0)

    def steps(u: Hex, came_by: Hex | None) -> list[tuple[Hex, int]]:
        if u in full and came_by is not None:
            return []
        out = [(n, c) for n in board.neighbours(u) if (c := cost(u, n)) is not None]
        f = ferry_at(board, u)
        if f is not None and came_by is not None and joinable(f):
            out.append((f.b if u == f.a else f.a, 0))
        return out

    dist: dict[Hex, int] = {}
    prev: dict[Hex, Hex | None] = {}
    heap = [(0, 0, s, None) for s in sorted(sources) if s in board.mileposts]
    tick = 0
    while heap:
        d, _t, u, p = heapq.heappop(heap)
        if u in dist:
            continue
        dist[u], prev[u] = d, p
        for n, c in steps(u, p):
            if n not in dist:
                tick += 1
                heapq.heappush(heap, (d + c, tick, n, u))
    return dist, prev


def reference_path(prev: dict, target: Hex) -> tuple[Hex, ...]:
    path = [target]
    while prev[path[-1]] is not None:
        path.append(prev[path[-1]])
    return tuple(reversed(path))


def _empty() -> Any:
    return RussianRailsState.new_game({}, 1, [Seat(f"P{i}") for i in range(6)])


def _busy() -> Any:
    """Six networks laid along cheapest routes between random cities, the
    Volga in flood, snow in Central Russia, a reserved bridge and the ferry joined."""
    s = _empty()
    rnd = random.Random(5)
    names = sorted(s.board.cities)
    for k in range(36):
        seat = k % 6
        a, b = rnd.sample(names, 2)
        route = cheapest_build(s, seat, s.board.cities[b].center, s.board.cities[a].mileposts)
        if route is not None:
            for u, v in zip(route.path, route.path[1:]):
                pair = pair_key(u, v)
                if pair not in s.board.red_area and v in s.board.neighbours(u):
                    s.track.setdefault(pair, seat)
            s._track_changed()
    ferry = s.board.ferries[0]
    s.ferry_owners[ferry.name] = [2]
    s.active += [ActiveEvent(FLOOD, 0, None, "top"), ActiveEvent(SNOW, 1, None, "top")]
    s.reservations[sorted(s.board.rivers["Don"])[0]] = (3, None)
    s._track_changed()
    return s


def _pairs(state: Any) -> list[tuple[str, list[str]]]:
    """20 source cities with 15 destinations each: 300 city pairs."""
    rnd = random.Random(8)
    names = sorted(state.board.cities)
    return [(a, rnd.sample([n for n in names if n != a], 15)) for a in rnd.sample(names, 20)]


@pytest.fixture(scope="module")
def busy() -> Any:
    return _busy()


@pytest.mark.parametrize("board", ["empty", "busy"])
def test_routes_between_300_city_pairs_equal_the_reference_search(board: str, busy: Any) -> None:
    state = _empty() if board == "empty" else busy
    compared = 0
    for k, (a, targets) in enumerate(_pairs(state)):
        seat = k % 6
        sources = state.board.cities[a].mileposts
        dist, prev = reference_field(state, seat, sources)
        for b in targets:
            target = state.board.cities[b].center
            route = cheapest_build(state, seat, target, sources)
            if target not in dist:
                assert route is None
                continue
            assert route is not None and (route.path, route.cost) == (reference_path(prev, target), dist[target])
            compared += 1
    assert compared >= 200  # the rest unreachable both ways (full cities, others' track)


def test_the_whole_field_from_each_network_equals_the_reference_search(busy: Any) -> None:
    state = busy
    for seat in range(6):
        sources = default_sources(state, seat)
        dist, prev = reference_field(state, seat, sources)
        field = cost_field(state, seat, sources)
        assert dict(field.dist) == dist
        assert all(field.route(h).path == reference_path(prev, h) for h in list(dist)[::37])


def test_the_kept_field_follows_new_track() -> None:
    state = _empty()
    kursk = state.board.cities["Kursk"].center
    before = state.cheapest_route(kursk, seat=0)
    assert before is not None and before.cost > 0 and state.cheapest_route(kursk, seat=1) == before
    state.track.update({pair_key(u, v): 0 for u, v in zip(before.path, before.path[1:])
                        if pair_key(u, v) not in state.board.red_area})
    state._track_changed()
    mine, theirs = state.cheapest_route(kursk, seat=0), state.cheapest_route(kursk, seat=1)
    assert mine is not None and mine.cost == 0
    assert theirs is None or theirs.path != before.path  # others may not build over seat 0's track


def test_bare_costs_between_cities_ignore_track_and_events(busy: Any) -> None:
    empty = _empty()
    for a, b in (("Moscow", "Kiev"), ("Murmansk", "Krasnovodsk"), ("Minsk", "Sverdlovsk")):
        dist, _prev = reference_field(empty, 0, empty.board.cities[a].mileposts)
        expected = min(dist[m] for m in empty.board.cities[b].mileposts)
        assert bare_city_cost(busy, a, b) == bare_city_cost(empty, a, b) == expected


def test_bare_costs_are_read_back_from_disk_and_a_damaged_entry_is_recomputed(tmp_path: Any,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core import derived_cache
    from game.crayon.pathfind import board_graph

    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path))
    state = _empty()
    graph = board_graph(state)
    monkeypatch.setattr(graph, "_bare", None)
    first = bare_city_cost(state, "Moscow", "Kiev")
    entries = list(derived_cache.cache_dir().glob("bare-city-costs-*.json"))
    assert first is not None and len(entries) == 1
    kept = graph._bare
    graph._bare = None
    assert bare_city_cost(state, "Moscow", "Kiev") == first and graph._bare == kept  # read back from disk
    entries[0].write_text('{"Moscow": {"Kiev": "cheap"}}')
    graph._bare = None
    assert bare_city_cost(state, "Moscow", "Kiev") == first and graph._bare == kept
