"""Lunar Rails load chips and demand deck, the generator's determinism, and
the board loader's errors on damaged lunar maps."""
import heapq
import os
import shutil
import statistics
from collections import Counter

import pytest
import yaml

from game.core.errors import MapError
from game.crayon.board import CrayonBoard
from game.crayon.content import load_demands, load_loads
from tools.lunar_rails_map import build_demands, build_map

MAP_DIR = build_map.DEFAULT_OUT
FILES = ("lunar_rails.tmx", "lunar_rails_tiles.tsx", "lunar_rails_tiles.png", "loads.yaml")


def _yaml(name):
    with open(os.path.join(MAP_DIR, name), encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@pytest.fixture(scope="module")
def board():
    return CrayonBoard.load(os.path.join(MAP_DIR, build_map.MAP_NAME))


@pytest.fixture(scope="module")
def loads():
    return {d["name"]: d for d in _yaml("loads.yaml")["loads"]}


@pytest.fixture(scope="module")
def cards():
    return _yaml("demands.yaml")["cards"]


def test_95_chips_with_the_rulebook_goods_and_2_circus_chips(loads):
    assert sum(d["chips"] for d in loads.values()) == 95
    assert {"Artifacts", "Robots", "Bauxite", "Beer", "Ice"} <= set(loads)
    assert loads["Circus"]["chips"] == 2 and loads["Circus"]["homes"] == ["Hertzsprung", "Mare Nectaris"]
    assert all(d["chips"] in (3, 4) for n, d in loads.items() if n != "Circus")
    assert [lt.name for lt in load_loads(os.path.join(MAP_DIR, "loads.yaml"))] == list(loads)


def test_sources_are_the_cities_showing_the_good_on_the_map(board, loads):
    for name, d in loads.items():
        for city in d["sources"]:
            assert name in board.cities[city].goods
    assert "Ice" in board.cities["Scott"].goods
    far = {n for n, c in board.cities.items() if board.region_of[c.center] == "Far Side"}
    assert sum(1 for n, d in loads.items() if set(d["sources"]) & far) >= 20  # both sides supply


def test_130_cards_of_3_demands_without_repeats(cards, board, loads):
    assert [c["number"] for c in cards] == list(range(1, 131))
    assert len(load_demands(os.path.join(MAP_DIR, "demands.yaml"))) == 130
    for card in cards:
        ds = card["demands"]
        assert len(ds) == 3
        assert len({d["city"] for d in ds}) == 3 and len({d["load"] for d in ds}) == 3
        for d in ds:
            assert d["load"] in loads and d["city"] in board.cities
            assert d["load"] not in board.cities[d["city"]].goods


def _moves(board, sources):
    """Independent check: a train's fewest movement points (wraps and poles free)."""
    dist = {s: 0 for s in sources}
    heap = [(0, s) for s in sources]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        for n in board.neighbours(h):
            w = 0 if board.teleports.get(h) == n or board.mileposts[n] == "wrap" else 1
            if d + w < dist.get(n, 10 ** 9):
                dist[n] = d + w
                heapq.heappush(heap, (d + w, n))
    return dist


def test_payout_is_one_and_a_half_million_per_milepost_from_the_nearest_source(cards, board, loads):
    for card in cards[:30]:
        for d in card["demands"]:
            starts = [h for c in loads[d["load"]]["sources"] for h in board.cities[c].mileposts]
            dist = _moves(board, starts)
            moves = min(dist[h] for h in board.cities[d["city"]].mileposts)
            assert d["payout"] == round(build_demands.PAYOUT_PER_MILEPOST * moves)
    pays = [d["payout"] for c in cards for d in c["demands"]]
    assert 18 <= statistics.median(pays) <= 26 and max(pays) >= 30


def test_wraps_and_poles_shorten_routes_to_the_far_side(board):
    dist = _moves(board, list(board.cities["Mare Nectaris"].mileposts))
    scott_far = board.poles["Scott"].second
    assert dist[scott_far] == dist[board.poles["Scott"].first]
    assert dist[board.cities["Mare Moscoviense"].center] < 25  # through the +' letters, not round the limb


def test_majors_and_far_side_cities_are_destinations_in_proportion(cards, board):
    dests = Counter(d["city"] for c in cards for d in c["demands"])
    for name, city in board.cities.items():
        want = build_demands.DEST_QUOTA[city.size]
        assert want <= dests[name] <= want + 2, name
    far = sum(n for c, n in dests.items() if board.region_of[board.cities[c].center] == "Far Side")
    assert 0.35 <= far / 390 <= 0.47


def test_generator_writes_the_same_bytes_twice_and_matches_the_committed_map(tmp_path):
    geo = build_map.load_geography(build_map.DEFAULT_GEOGRAPHY)
    build_map.write_all(geo, str(tmp_path / "a"))
    build_map.write_all(geo, str(tmp_path / "b"))
    for name in FILES:
        first = (tmp_path / "a" / name).read_bytes()
        assert first == (tmp_path / "b" / name).read_bytes(), name
        assert first == open(os.path.join(MAP_DIR, name), "rb").read(), f"{name} is stale: run build_map"


def test_committed_demand_deck_matches_a_fresh_run(tmp_path):
    out = tmp_path / "demands.yaml"
    build_demands.main(["build_demands", os.path.join(MAP_DIR, build_map.MAP_NAME),
                        os.path.join(MAP_DIR, "loads.yaml"), str(out)])
    assert out.read_bytes() == open(os.path.join(MAP_DIR, "demands.yaml"), "rb").read(), "run build_demands"


def _broken(tmp_path, old, new, count=1):
    for name in FILES:
        shutil.copy(os.path.join(MAP_DIR, name), tmp_path / name)
    text = (tmp_path / build_map.MAP_NAME).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "broken.tmx").write_text(text.replace(old, new, count), encoding="utf-8")
    return str(tmp_path / "broken.tmx")


def test_a_wrap_letter_named_unlike_its_properties_is_reported(tmp_path):
    path = _broken(tmp_path, "name=\"+A'\" type=\"wrap\"", "name=\"+B'\" type=\"wrap\"")
    with pytest.raises(MapError, match=r"broken\.tmx: layer 'wraps', object \"\+B'\".*sign, letter and prime"):
        CrayonBoard.load(path)


def test_a_wrap_letter_with_a_bad_sign_is_reported(tmp_path):
    path = _broken(tmp_path, '<property name="sign" value="+"/>', '<property name="sign" value="*"/>')
    with pytest.raises(MapError, match=r"layer 'wraps', object .* needs sign"):
        CrayonBoard.load(path)


def test_a_rim_without_its_feature_is_reported(tmp_path):
    path = _broken(tmp_path, '<property name="feature" value="rim"/>', '<property name="feature" value="wall"/>')
    with pytest.raises(MapError, match=r"layer 'rims', object '\w+' has feature 'wall'"):
        CrayonBoard.load(path)


def test_a_missing_rim_surcharge_is_reported(tmp_path):
    path = _broken(tmp_path, '<property name="rim_surcharge" type="int" value="1"/>', "")
    with pytest.raises(MapError, match=r"rim_surcharge"):
        CrayonBoard.load(path)


def test_a_pole_off_its_milepost_is_reported(tmp_path):
    path = _broken(tmp_path, 'name="Scott" type="pole" x="', 'name="Scott" type="pole" x="9')
    with pytest.raises(MapError, match=r"layer 'poles', object 'Scott'"):
        CrayonBoard.load(path)


def test_a_wrap_tile_without_its_letter_is_reported(tmp_path):
    text = open(os.path.join(MAP_DIR, build_map.MAP_NAME), encoding="utf-8").read()
    start = text.rindex("<object", 0, text.index("name=\"-F\" type=\"wrap\""))
    end = text.index("</object>", start) + len("</object>")
    path = _broken(tmp_path, text[start:end], "")
    with pytest.raises(MapError, match=r"layer 'wraps': letter '-F' must appear once on each side"):
        CrayonBoard.load(path)
