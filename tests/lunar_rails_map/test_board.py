"""The authored Moon: counts, terrain at real places, wrap letters, poles,
rims, areas and sites of maps/lunar_rails/lunar_rails.tmx."""
import os
from collections import Counter, deque

import pytest
import yaml

from game.core.hexgrid import distance, neighbour, neighbours as hex_neighbours
from game.crayon.board import CrayonBoard
from tools.lunar_rails_map.selenography import FAR, NEAR

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAP = os.path.join(ROOT, "maps", "lunar_rails", "lunar_rails.tmx")
GEOGRAPHY = os.path.join(ROOT, "tools", "lunar_rails_map", "geography.yaml")
NE, NW = 1, 2  # pointy-top directions (game.core.hexgrid)


@pytest.fixture(scope="module")
def board():
    return CrayonBoard.load(MAP)


@pytest.fixture(scope="module")
def geography():
    with open(GEOGRAPHY, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def land(board):
    return {h for h, t in board.mileposts.items() if t != "wrap"}


def test_two_discs_of_about_1100_land_mileposts_each(board):
    sides = Counter(board.region_of[h] for h in land(board))
    assert 1800 <= sum(sides.values()) <= 2600
    assert set(sides) == {NEAR, FAR} and abs(sides[NEAR] - sides[FAR]) <= 20
    assert set(board.region_of.values()) == {NEAR, FAR} and set(board.region_of) == set(board.mileposts)


def test_56_cities_8_majors_on_both_sides(board):
    sizes = Counter(c.size for c in board.cities.values())
    assert len(board.cities) == 56 and sizes["major"] == 8
    majors = {n: board.region_of[c.center] for n, c in board.cities.items() if c.size == "major"}
    assert {"Sinus Iridum", "Mare Nectaris", "Mare Humorum", "Hertzsprung", "Scott"} <= set(majors)
    near = [n for n, s in majors.items() if s == NEAR and n != "Scott"]
    far = [n for n, s in majors.items() if s == FAR]
    assert len(near) == 4 and len(far) == 3  # plus Scott on both: 7 of 8 always spans both sides
    for name in ("Oceanus", "Pythagoras", "Apollo", "Peary"):
        assert name in board.cities


def test_majors_are_red_hexagons_of_seven_mileposts(board):
    for city in board.cities.values():
        if city.size == "major" and city.name != "Scott":
            assert len(city.mileposts) == 7
            assert set(city.mileposts[1:]) == set(hex_neighbours(city.center))
            assert all(board.mileposts[h] == "major_city" for h in city.mileposts)


def test_terrain_follows_the_real_maria_ranges_and_highlands(board):
    def at(name):
        return board.mileposts[board.cities[name].mileposts[0]]
    terrain = Counter(t for h, t in board.mileposts.items())
    assert terrain["clear"] > 300 and terrain["alpine"] > 50 and terrain["mountain"] > terrain["clear"]
    assert at("Archimedes") == "small_city"
    near_mare = Counter(board.mileposts[n] for n in hex_neighbours(board.cities["Kepler"].center))
    assert near_mare["clear"] >= 4  # Kepler stands in Oceanus Procellarum
    near_tycho = Counter(board.mileposts[n] for n in hex_neighbours(board.cities["Tycho"].center))
    assert near_tycho["clear"] == 0  # the southern highlands
    far = [h for h in land(board) if board.region_of[h] == FAR]
    near = [h for h in land(board) if board.region_of[h] == NEAR]
    share = lambda hs: sum(board.mileposts[h] == "clear" for h in hs) / len(hs)  # noqa: E731
    assert share(near) > 0.25 and share(far) < 0.15  # maria are a near-side thing


def test_every_city_and_every_major_is_reachable_through_wraps_and_poles(board):
    start = board.cities["Sinus Iridum"].center
    seen, todo = {start}, deque([start])
    while todo:
        h = todo.popleft()
        for n in board.neighbours(h):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert set(board.mileposts) == seen
    lattice_only = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in hex_neighbours(h):
            if n in board.mileposts and n not in lattice_only:
                lattice_only.add(n)
                todo.append(n)
    assert not any(board.cities["Hertzsprung"].center == h for h in lattice_only)  # the far side needs a crossing


def test_small_and_medium_cities_have_room_for_their_players(board):
    for city in board.cities.values():
        if city.size != "major":
            free = [n for n in hex_neighbours(city.center) if board.mileposts.get(n) not in (None, "wrap")]
            assert len(free) >= 3, city.name


def test_wrap_pairs_are_symmetric_east_west_and_colour_matched(board):
    assert len(board.wraps) == 48
    centres = {}
    for side in (NEAR, FAR):
        cells = [h for h in land(board) if board.region_of[h] == side]
        pts = [board.layout().to_pixel(h) for h in cells]
        centres[side] = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
    names = Counter(w.name for w in board.wraps.values())
    assert set(names.values()) == {2}
    lay = board.layout()
    for h, w in board.wraps.items():
        other = board.wraps[w.partner]
        assert other.partner == h and other.name == w.name and other.side != w.side
        assert other.colour_class == w.colour_class and w.name == f"{w.sign}{w.letter}{chr(39) * w.prime}"
        assert board.teleports[h] == w.partner
        (x, y), (ox, oy) = lay.to_pixel(h), lay.to_pixel(w.partner)
        assert abs(y - oy) < 1e-6  # same latitude: east-west, never north-south
        east_of_near = (x > centres[w.side][0]) if w.side == NEAR else (ox > centres[NEAR][0])
        assert east_of_near == w.prime  # prime letters join the near side's east limb to the far side's west limb
        assert (x > centres[w.side][0]) != (ox > centres[other.side][0])  # one disc's east limb, the other's west


def test_wrap_letters_sit_just_beyond_the_rim_and_touch_no_city(board):
    for h, w in board.wraps.items():
        around = [board.mileposts.get(n) for n in hex_neighbours(h)]
        assert any(t not in (None, "wrap") for t in around)
        assert not any(t and t.endswith("_city") for t in around) and "wrap" not in around
        assert board.neighbours(h)[-1] == w.partner


def test_golden_spikes_mark_the_east_west_and_north_south_routes(board):
    spikes = {(w.name, w.spike) for w in board.wraps.values() if w.spike}
    assert {s for _, s in spikes} == {"G", "Y"}
    assert {n for n, s in spikes if s == "G"} == {"+A'", "+A"}


def test_scott_and_peary_are_one_milepost_on_both_discs(board):
    assert set(board.poles) == {"Scott", "Peary"}
    scott, peary = board.poles["Scott"], board.poles["Peary"]
    for pole in (scott, peary):
        assert board.region_of[pole.first] == NEAR and board.region_of[pole.second] == FAR
        assert board.teleports[pole.first] == pole.second and board.teleports[pole.second] == pole.first
        assert pole.second in board.neighbours(pole.first)
    city = board.cities["Scott"]
    assert city.size == "major" and city.center == scott.first and len(city.mileposts) == 14
    assert {board.region_of[h] for h in city.mileposts} == {NEAR, FAR}
    assert board.city_at[scott.second] == "Scott"
    assert board.cities["Peary"].mileposts == (peary.first, peary.second)
    lay = board.layout()
    assert lay.to_pixel(peary.first)[1] < lay.to_pixel(scott.first)[1]  # north on top


def test_rims_and_rilles_cross_segments_at_plus_one(board, geography):
    assert board.rim_surcharge == geography["rim_surcharge"] == 1
    assert set(board.rims) == set(geography["craters"]) | set(geography["rilles"])
    for name, pairs in board.rims.items():
        assert pairs, name
        assert all(board.water[p] == 1 for p in pairs)
        assert board.rim_features[name] == ("rille" if name in geography["rilles"] else "rim")
        assert board.rim_lines[name]
    into_mountain = [p for pairs in board.rims.values() for p in pairs if "mountain" in
                     (board.mileposts[p[0]], board.mileposts[p[1]])]
    assert into_mountain  # the rulebook's rim into a mountain (2M + 1M)
    assert not any("wrap" in (board.mileposts[a], board.mileposts[b]) for a, b in board.water)


def test_copernicus_is_ringed_by_its_rim(board):
    city = board.cities["Copernicus"].center
    pairs = board.rims["Copernicus"]
    assert sum(1 for p in pairs if city in p) >= 2
    assert all(min(distance(a, city), distance(b, city)) <= 1 for a, b in pairs)


def test_halves_of_the_moon_split_each_side(board):
    every = set(board.mileposts)
    for a, b in (("North", "South"), ("East", "West"), (NEAR, FAR)):
        assert board.areas[a] | board.areas[b] == every and not board.areas[a] & board.areas[b]
        assert board.area_shapes[a] and board.area_shapes[b]
    assert board.cities["Peary"].center in board.areas["North"]
    assert board.cities["Mare Nectaris"].center in board.areas["East"] & board.areas["South"]
    assert board.cities["Hertzsprung"].center in board.areas["West"]  # 129 W on the far side
    assert board.cities["Mare Moscoviense"].center in board.areas["East"] & board.areas["North"]


def test_meteor_examples_of_the_rulebook(board):
    """Three mileposts north of Pythagoras misses the Moon; of Sinus Iridum it hits."""
    def north(h, steps):
        ends = {h}
        for _ in range(steps):
            ends = {neighbour(e, d) for e in ends for d in (NE, NW)}
        return ends
    assert not any(e in board.mileposts for e in north(board.cities["Pythagoras"].center, 3))
    assert all(board.mileposts.get(e) not in (None, "wrap") for e in north(board.cities["Sinus Iridum"].center, 3))


def test_landing_sites_at_their_maria(board):
    assert {"A11", "A12", "L2", "L9", "S1", "S3", "R7", "LP", "CE4"} <= set(board.sites)
    assert board.sites["A11"].mission == "Apollo 11"
    assert board.region_of.get(board.sites["CE4"].milepost) == FAR
    a11 = board.sites["A11"].milepost
    assert a11 == board.cities["Tranquility Base"].center or a11 in hex_neighbours(board.cities["Tranquility Base"].center)


def test_russian_rails_neighbours_have_no_teleports():
    rr = CrayonBoard.load(os.path.join(ROOT, "maps", "russian_rails", "russian_rails.tmx"))
    assert not rr.teleports and not rr.wraps and not rr.rims and rr.rim_surcharge == 0
    h = rr.cities["Moscow"].center
    assert rr.neighbours(h) == [n for n in hex_neighbours(h) if n in rr.mileposts]


def test_maria_and_ranges_are_named_where_they_lie(board):
    names = {n: (kind, at) for n, kind, at in board.place_names}
    assert names["Mare Imbrium"][0] == "mare" and names["Montes Apenninus"][0] == "range"
    assert "Mare Nectaris" not in names  # the Major City's own label names it
    assert not any(n.endswith("Ring") for n in names)
    lay = board.layout()
    imbrium = names["Mare Imbrium"][1]
    archimedes = lay.to_pixel(board.cities["Archimedes"].center)
    assert abs(imbrium[0] - archimedes[0]) < 6 * 26 and abs(imbrium[1] - archimedes[1]) < 6 * 26
