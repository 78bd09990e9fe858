"""Building: every line of both cost charts, the caps, continuity, the Train
Level distance limit, the per-turn surcharges and limit, the shutout rule,
stations, and refusals that name the problem and leave the state untouched."""
from __future__ import annotations

import random

import pytest

from game.core.hexgrid import edge_hexes, edge_id, neighbour
from game.regional_rails import queries
from game.regional_rails.actions import BuildInterior, BuildSide, BuildStation, EndPhase
from game.regional_rails.costs import buildable_interiors, buildable_sides, quote_interior, quote_side
from tests.regional_rails.helpers import hex_of, put_rail, refused, set_up, turn_of


def game(companies=("Purple Pusher", "Silver Streak"), tycoons=None):
    s = set_up(list(companies), tycoons=tycoons)
    a = next(c.index for c in s.companies if c.owner == 0)
    b = next(c.index for c in s.companies if c.owner == 1)
    s.companies[a].train_level = 20  # no distance limit unless a test wants one
    turn_of(s, a, money=50)
    return s, a, b


def touch_interior(s, co, h):
    """Give `co` a side of hex h (continuity for building in h)."""
    d = next(d for d in range(6) if neighbour(h, d) in s.board.land)
    put_rail(s, co, edge_id(h, d))


def labels(quote):
    return [line.label for line in quote.lines]


INTERIOR_CASES = [
    ((-3, 8), "plains", 1, ["base cost"]),
    ((-3, 9), "town (Barrow)", 2, ["base cost", "town"]),
    ((-3, 12), "city (Ravensby)", 3, ["base cost", "city"]),
    ((-2, 9), "forest", 2, ["base cost", "forest"]),
    ((-1, 10), "forest town (Woodhall)", 3, ["base cost", "town", "forest"]),
    ((2, 12), "coastal plains", 2, ["base cost", "coastal"]),
    ((0, 13), "mountain", 3, ["base cost", "mountain"]),
    ((2, 4), "mountain town (Coldpeak)", 4, ["base cost", "town", "mountain"]),
    ((1, 13), "coastal mountain town (Ryeford)", 5, ["base cost", "town", "coastal", "mountain"]),
    ((5, 1), "coastal city (Gullhaven)", 4, ["base cost", "city", "coastal"]),
    ((9, 0), "coastal forest town (Pinecrest)", 4, ["base cost", "town", "forest", "coastal"]),
]


@pytest.mark.parametrize("h,what,total,lines", INTERIOR_CASES, ids=[c[1] for c in INTERIOR_CASES])
def test_interior_chart(h, what, total, lines):
    s, a, _ = game()
    touch_interior(s, a, h)
    q = quote_interior(s, a, h)
    assert q.legal, q.problem
    assert (q.total, labels(q)) == (total, lines)
    before = s.companies[a].money
    events = s.apply(BuildInterior(*h))
    assert s.companies[a].money == before - total
    assert a in s.interior[h] and events[0].cost == total


SIDE_CASES = [
    ((-3, 8, 0), "plains to plains", 1, ["base cost"]),
    ((3, 14, 1), "coastal to coastal", 2, ["base cost", "coastal to coastal"]),
    ((-1, 14, 1), "into a mountain", 2, ["base cost", "into or out of a mountain"]),
    ((-1, 8, 0), "river", 3, ["base cost", "river crossing"]),
    ((4, 10, 1), "river between coastal hexes", 4, ["base cost", "river crossing", "coastal to coastal"]),
    ((8, 4, 0), "river out of a mountain", 4, ["base cost", "river crossing", "into or out of a mountain"]),
]


@pytest.mark.parametrize("e,what,total,lines", SIDE_CASES, ids=[c[1] for c in SIDE_CASES])
def test_hexside_chart(e, what, total, lines):
    s, a, _ = game()
    put_rail(s, a, edge_hexes(e)[0])
    q = quote_side(s, a, e)
    assert q.legal, q.problem
    assert (q.total, labels(q)) == (total, lines)
    s.apply(BuildSide(*e))
    assert s.companies[a].money == 50 - total and s.side_rails[e] == [a]


def test_markers_already_present_cost_one_each():
    s, a, b = game()
    h, e = (-3, 8), (-3, 8, 0)
    put_rail(s, b, h, 2)
    put_rail(s, b, e, 2)
    put_rail(s, a, (-2, 8))
    put_rail(s, a, edge_id(h, 5))
    assert quote_interior(s, a, h).total == 1 + 2
    assert quote_side(s, a, e).total == 1 + 2
    assert "2 rail marker(s) already there" in labels(quote_side(s, a, e))


def test_station_in_a_hex_is_paid_to_its_owner_inside_and_on_its_sides():
    s, a, b = game()
    city = hex_of(s, "Ravensby")
    put_rail(s, b, city)
    s.stations[city] = b
    s.companies[b].stations_left -= 1
    touch_interior(s, a, city)
    q = quote_interior(s, a, city)
    assert q.total == 1 + 2 + 1 + 1  # base, city, station, one marker present
    assert q.payments() == {b: 1}
    money_b = s.companies[b].money
    events = s.apply(BuildInterior(*city))
    assert s.companies[b].money == money_b + 1
    assert events[0].paid_to == (("Silver Streak", 1),)
    side = edge_id(city, 0)
    q = quote_side(s, a, side)
    assert q.payments() == {b: 1} and "station of Silver Streak in Ravensby" in labels(q)


def test_own_station_costs_no_fee():
    s, a, _ = game()
    city = hex_of(s, "Ravensby")
    put_rail(s, a, city)
    s.stations[city] = a
    assert quote_side(s, a, edge_id(city, 0)).total == 1


def test_third_and_fourth_marker_surcharges_and_four_per_turn():
    s, a, _ = game()
    start = s.companies[a].start  # Northgate (4, 0); east of it the town Ashcombe
    path = [BuildSide(*edge_id(start, 0)), BuildInterior(5, 0), BuildSide(*edge_id((5, 0), 5)),
            BuildInterior(5, 1)]
    totals = []
    for act in path:
        totals.append(s.apply(act)[0].cost)
    # side 1; Ashcombe 1+1; third: side 1 + 1; fourth: Gullhaven coastal city 1+2+1 + 2
    assert totals == [1, 2, 2, 6]
    e = refused(s, BuildSide(*edge_id((5, 1), 3)))
    assert e.code == "turn_limit" and "already built 4 rail markers this turn" in e.message


CAP_CASES = [
    ("interior", (-3, 8), 4), ("interior", (-3, 9), 3), ("interior", (-2, 9), 3), ("interior", (2, 12), 3),
    ("interior", (0, 13), 2), ("side", (-3, 8, 0), 3), ("side", (-1, 8, 0), 2), ("side", (-1, 14, 1), 2),
]


@pytest.mark.parametrize("kind,place,cap", CAP_CASES)
def test_caps(kind, place, cap):
    s, a, b = game()
    put_rail(s, b, place, min(2, cap))
    if cap > 2:
        extra = s._new_company("Golden Boy", 1, extra=True)
        s.companies.append(extra)
        put_rail(s, extra.index, place, cap - 2)
    if kind == "interior":
        touch_interior(s, a, place)
        e = refused(s, BuildInterior(*place))
    else:
        put_rail(s, a, edge_hexes(place)[0])
        e = refused(s, BuildSide(*place))
    assert e.code == "full" and f"limit of {cap} rail markers" in e.message


def test_a_full_place_is_refused_with_its_name_and_limit():
    s, a, b = game()
    put_rail(s, b, (-3, 9), 2)  # Barrow, a town: 3 markers
    extra = s._new_company("Golden Boy", 1, extra=True)
    s.companies.append(extra)
    put_rail(s, extra.index, (-3, 9), 1)
    touch_interior(s, a, (-3, 9))
    assert refused(s, BuildInterior(-3, 9)).message == "Barrow already holds its limit of 3 rail markers"
    put_rail(s, b, (-3, 8), 4)
    touch_interior(s, a, (-3, 8))
    assert refused(s, BuildInterior(-3, 8)).message == \
        "The plains hex north-west of Barrow already holds its limit of 4 rail markers"
    s, a, b = game()
    put_rail(s, b, (-1, 8, 0), 2)
    put_rail(s, a, edge_hexes((-1, 8, 0))[0])
    assert refused(s, BuildSide(-1, 8, 0)).message == (
        "The side between the plains hex south-west of Thornbury and the plains hex south-west of Fallowby "
        "already holds its limit of 2 rail markers")


def test_continuity():
    s, a, _ = game()
    e = refused(s, BuildInterior(-3, 8))
    assert e.code == "not_connected" and "track must be continuous" in e.message
    e = refused(s, BuildSide(-3, 8, 0))
    assert e.code == "not_connected" and "interior of a hex next to" in e.message


def test_distance_limit_counts_hexes_from_the_start_city_for_towns_and_cities():
    s, a, _ = game()
    s.companies[a].train_level = 1
    start = s.companies[a].start
    s.apply(BuildSide(*edge_id(start, 0)))
    s.apply(BuildInterior(5, 0))  # Ashcombe, 1 hex away
    s.apply(BuildSide(*edge_id((5, 0), 0)))
    e = refused(s, BuildInterior(*hex_of(s, "Saltmarsh")))
    assert e.code == "too_far"
    assert e.message == "Saltmarsh is 2 hexes from Purple Pusher's start city, beyond its Train Level 1"
    assert (6, 0) not in queries.distance_area(s, a) and (5, 0) in queries.distance_area(s, a)
    s.companies[a].train_level = 2
    assert quote_interior(s, a, (6, 0)).legal
    put_rail(s, a, edge_id((3, 1), 4))
    assert quote_interior(s, a, (2, 2)).legal is True  # Fernley, 2 hexes


def test_shutout_rule_two_own_markers_per_place_and_bill_the_bastard_three():
    s, a, _ = game()
    start = s.companies[a].start
    side = edge_id(start, 0)
    s.apply(BuildSide(*side))
    s.apply(BuildSide(*side))
    assert s.side_rails[side] == [a, a]
    e = refused(s, BuildSide(*side))
    assert e.code == "shutout_limit"
    assert e.message == "Purple Pusher already has 2 rail markers on the side between Northgate and Ashcombe"
    touch_interior(s, a, (-3, 8))
    put_rail(s, a, (-3, 8), 2)
    e = refused(s, BuildInterior(-3, 8))
    assert e.code == "shutout_limit"
    assert e.message == "Purple Pusher already has 2 rail markers in the plains hex north-west of Barrow"
    s2, a2, _ = game(tycoons=["Bill the Bastard", "Boss Hawg"])
    side = edge_id(s2.companies[a2].start, 0)
    for _ in range(3):
        s2.apply(BuildSide(*side))
    assert s2.side_rails[side] == [a2] * 3


def test_not_enough_money_is_refused_with_the_amounts():
    s, a, _ = game()
    s.companies[a].money = 0
    e = refused(s, BuildSide(*edge_id(s.companies[a].start, 0)))
    assert e.code == "money" and e.message == "Purple Pusher has 0 MB and this costs 1 MB"


def test_station_rules():
    s, a, b = game()
    start = s.companies[a].start
    e = refused(s, BuildStation(*hex_of(s, "Ravensby")))
    assert e.code == "not_connected"
    s.apply(BuildStation(*start))
    assert s.stations[start] == a and s.companies[a].money == 45 and s.companies[a].stations_left == 4
    put_rail(s, a, hex_of(s, "Ravensby"))
    e = refused(s, BuildStation(*hex_of(s, "Ravensby")))
    assert e.code == "station_turn"
    turn_of(s, a)
    put_rail(s, a, hex_of(s, "Barrow"))
    assert refused(s, BuildStation(*hex_of(s, "Barrow"))).code == "not_city"
    s.stations[hex_of(s, "Ravensby")] = b
    e = refused(s, BuildStation(*hex_of(s, "Ravensby")))
    assert e.code == "station_taken" and "already has a station of Silver Streak" in e.message
    s.companies[a].stations_left = 0
    put_rail(s, a, hex_of(s, "Westfield"))
    assert refused(s, BuildStation(*hex_of(s, "Westfield"))).code == "no_stations"


def test_building_outside_the_build_phase_is_refused():
    s, a, _ = game()
    s.apply(EndPhase())
    e = refused(s, BuildSide(*edge_id(s.companies[a].start, 0)))
    assert e.code == "wrong_phase"


def test_legal_actions_offer_only_affordable_connected_builds():
    s, a, _ = game()
    s.companies[a].money = 1
    acts = s.legal_actions()
    builds = [x for x in acts if isinstance(x, (BuildInterior, BuildSide))]
    assert builds and all(quote_side(s, a, (x.q, x.r, x.side)).total <= 1 for x in builds)
    start = s.companies[a].start
    assert {(x.q, x.r, x.side) for x in builds} <= set(s.board.sides_of(start))


@pytest.mark.parametrize("companies,tycoons,seed", [
    (("Pink Puffer", "Yellow Fellow Lines", "White Wonder", "Blacks Tracks", "Grey Goose Express", "Green Machines"),
     ("Bill the Bastard", "Bob the Builder", "Boss Hawg", "Fast Eddy", "Uncle Moneybags", "Dealer Dan"), 3),
    (("Blue Lightning", "Pink Puffer", "Yellow Fellow Lines"), None, 8),
])
def test_the_move_list_builds_exactly_what_the_quotes_allow(companies, tycoons, seed):
    """buildable_interiors and buildable_sides (the Build phase's move list,
    worked out from the charts) agree with quote_interior and quote_side on
    every hex and side in or next to the railroad's network, all through a
    game of random moves: crowded places, stations, the shutout rule,
    surcharges and every perk."""
    s = set_up(list(companies), tycoons=tycoons, seed=seed)
    rnd = random.Random(seed)
    checked = 0
    while not s.is_terminal():
        co = s.active
        if s.phase == "build" and co is not None and rnd.random() < 0.5:
            view = s.clone()
            view.companies[co].money = rnd.randint(0, 8)  # (a price one MB more or less shows)
            near = {n for h in view.build_candidates(co)[0] for n in [h, *view.board.land_neighbours(h)]}
            hexes, edges = sorted(near), sorted({e for h in near for e in view.board.sides_of(h)})
            for h in rnd.sample(hexes, 3):  # stations of its own and of others (random railroads seldom meet)
                view.stations[h] = rnd.randrange(len(companies))
            assert buildable_interiors(view, co, hexes) == [h for h in hexes if quote_interior(view, co, h).legal]
            assert buildable_sides(view, co, edges) == [e for e in edges if quote_side(view, co, e).legal]
            checked += 1
        legal = s.legal_actions()
        builds = [a for a in legal if isinstance(a, (BuildInterior, BuildSide, BuildStation))]
        s.apply(rnd.choice(builds if builds and rnd.random() < 0.8 else legal))
    assert checked > 50
