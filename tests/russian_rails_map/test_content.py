"""Load chips and the demand deck: counts, sources, and the deck rules
(no repeats on a card, no self-supply, payout = milepost distance)."""
import heapq
import os
import statistics
from collections import Counter

import pytest
import yaml

from game.crayon.board import CrayonBoard

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAP_DIR = os.path.join(ROOT, "maps", "russian_rails")


def _yaml(name):
    with open(os.path.join(MAP_DIR, name), encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@pytest.fixture(scope="module")
def board():
    return CrayonBoard.load(os.path.join(MAP_DIR, "russian_rails.tmx"))


@pytest.fixture(scope="module")
def loads():
    return {d["name"]: d for d in _yaml("loads.yaml")["loads"]}


@pytest.fixture(scope="module")
def cards():
    return _yaml("demands.yaml")["cards"]


def test_100_chips_with_2_circus_and_28_goods_of_3_or_4(loads):
    assert sum(d["chips"] for d in loads.values()) == 100
    assert loads["Circus"]["chips"] == 2 and loads["Circus"]["sources"] == []
    assert loads["Circus"]["homes"] == ["Moscow", "Leningrad"]
    goods = {k: v for k, v in loads.items() if k != "Circus"}
    assert len(goods) == 28 and all(d["chips"] in (3, 4) for d in goods.values())
    assert "Consumer Goods" in goods


def test_sources_are_the_cities_showing_the_good_on_the_map(board, loads):
    from_map = {}
    for city in board.cities.values():
        for good in city.goods:
            from_map.setdefault(good, set()).add(city.name)
    assert {k: set(v["sources"]) for k, v in loads.items() if k != "Circus"} == from_map
    assert all(1 <= len(c.goods) <= 3 for c in board.cities.values())


def _distances(board, starts):
    links = {}
    for f in board.ferries:
        links.setdefault(f.a, []).append(f.b)
        links.setdefault(f.b, []).append(f.a)
    dist = {s: 0 for s in starts}
    heap = [(0, s) for s in starts]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        for n, w in [(n, 1) for n in board.neighbours(h)] + [(n, 6) for n in links.get(h, [])]:
            if d + w < dist.get(n, 10 ** 9):
                dist[n] = d + w
                heapq.heappush(heap, (d + w, n))
    return dist


def test_131_numbered_cards_of_3_demands_without_repeats(cards, board, loads):
    assert [c["number"] for c in cards] == list(range(1, 132))
    for card in cards:
        demands = card["demands"]
        assert len(demands) == 3
        assert len({d["city"] for d in demands}) == 3 and len({d["load"] for d in demands}) == 3
        for d in demands:
            assert d["city"] in board.cities and d["load"] in loads and d["load"] != "Circus"
            assert d["load"] not in board.cities[d["city"]].goods


def test_payout_is_one_million_per_milepost_from_the_nearest_source(cards, board, loads):
    dist_by_good = {}
    for good, d in loads.items():
        if d["sources"]:
            starts = [h for c in d["sources"] for h in board.cities[c].mileposts]
            dist_by_good[good] = _distances(board, starts)
    for card in cards:
        for d in card["demands"]:
            dist = dist_by_good[d["load"]]
            route = min(dist[h] for h in board.cities[d["city"]].mileposts)
            assert d["payout"] == route, (card["number"], d)
    pays = [d["payout"] for card in cards for d in card["demands"]]
    assert min(pays) >= 5 and 15 <= statistics.median(pays) <= 30 and max(pays) <= 80


def test_majors_are_destinations_twice_as_often_as_medium_cities(cards, board):
    per_city = Counter(d["city"] for card in cards for d in card["demands"])
    mean = {size: statistics.mean(per_city[n] for n, c in board.cities.items() if c.size == size)
            for size in ("major", "medium", "small")}
    assert 1.7 <= mean["major"] / mean["medium"] <= 2.3
    assert mean["medium"] > mean["small"] and all(per_city[n] > 0 for n in board.cities)


def test_goods_are_demanded_evenly(cards):
    per_good = Counter(d["load"] for card in cards for d in card["demands"])
    assert len(per_good) == 28 and max(per_good.values()) - min(per_good.values()) <= 3
