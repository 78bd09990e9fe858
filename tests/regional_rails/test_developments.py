"""Development markers: every kind's placement condition (on small boards,
one that fits and one that just fails), and placing them in a game."""
from __future__ import annotations

import pytest

from game.core.hexgrid import edge_id, neighbour
from game.regional_rails.actions import PlaceDevelopment
from game.regional_rails.board import Place, make_board
from game.regional_rails.data import rules
from game.regional_rails.placement import placement_problem
from game.regional_rails.state import INCOME
from tests.regional_rails.helpers import hex_of, refused, set_up, turn_of

X = (0, 0)
TERRAIN = {"p": "plains", "f": "forest", "m": "mountain", "s": "sea"}


def board(place="town", on="plains", nbrs="pppppp", rivers=0, towns=0):
    """A hex X with a town or city, its six neighbours' terrain (one letter
    each), `rivers` river sides (directions 0, 1, ...) and `towns` towns around it."""
    terrain = {X: on}
    places = [Place("Here", place, X)]
    for d, letter in enumerate(nbrs):
        terrain[neighbour(X, d)] = TERRAIN[letter]
        for k in range(6):  # a ring of plains further out, so neighbours are not coastal by accident
            terrain.setdefault(neighbour(neighbour(X, d), k), "plains")
    for d in range(towns):
        places.append(Place(f"Town {d}", "town", neighbour(X, d)))
    edges = [edge_id(X, d) for d in range(rivers)]
    return make_board("tiny", terrain, places, edges, X)


CASES = {  # kind: (fits, just fails)
    "Port": (dict(place="city", nbrs="ppppsp", rivers=1), dict(place="city", nbrs="pppspp")),
    "Mine": (dict(on="mountain"), dict(on="forest")),
    "Fishing": (dict(nbrs="sppppp"), dict()),
    "Lumber": (dict(on="forest"), dict(on="mountain")),
    "Factory": (dict(place="city", rivers=4), dict(place="city", rivers=3)),
    "Cattle": (dict(place="city", nbrs="pfffff"), dict(place="city", nbrs="ffffff")),
    "Shipyard": (dict(place="city", nbrs="sfpppp"), dict(place="city", nbrs="sppppp")),
    "Cannery": (dict(place="city", nbrs="sppppp"), dict(place="city")),
    "Coal": (dict(nbrs="mmmppp"), dict(nbrs="mmpppp")),
    "Dairy": (dict(nbrs="fpmmmm"), dict(nbrs="ffmmmm")),
    "Mill": (dict(place="city", rivers=1), dict(place="city")),
    "Lighthouse": (dict(nbrs="sspppp"), dict(nbrs="sppppp")),
    "Military Base": (dict(nbrs="fmpppp", rivers=1), dict(nbrs="ffpppp", rivers=1)),
    "University": (dict(place="city", towns=3), dict(place="city", towns=2)),
    "Brewery": (dict(rivers=2), dict(rivers=1)),
    "Quarry": (dict(nbrs="mppppp"), dict()),
    "Corn": (dict(nbrs="pfffff"), dict(nbrs="ffffff")),
    "Oil": (dict(nbrs="mpffff"), dict(nbrs="mfffff")),
    "Cotton": (dict(rivers=1), dict(rivers=0)),
    "Capital": (dict(place="city"), dict(place="city", nbrs="sppppp")),
}


def test_every_kind_has_a_case():
    assert set(CASES) == set(rules().development_kinds) and len(CASES) == 20


@pytest.mark.parametrize("kind", sorted(CASES))
def test_placement_condition(kind):
    fits, fails = CASES[kind]
    k = rules().development(kind)
    assert placement_problem(board(**fits), k, X) is None
    problem = placement_problem(board(**fails), k, X)
    assert problem is not None and kind in problem


def test_town_kinds_refuse_cities_and_city_kinds_refuse_towns():
    assert placement_problem(board(place="city"), rules().development("Corn"), X) == \
        "Corn needs a town, and Here is a city"
    assert placement_problem(board(), rules().development("Capital"), X) == \
        "Capital needs a city, and Here is a town"


def test_placing_in_a_game():
    s = set_up(["Purple Pusher", "Silver Streak"])
    a = next(c.index for c in s.companies if c.owner == 0)
    c = s.companies[a]
    c.developments = ["Capital", "Corn"]
    turn_of(s, a, phase=INCOME)
    e = refused(s, PlaceDevelopment("Capital", *c.start))
    assert e.code == "dm_place" and "starting city" in e.message
    assert refused(s, PlaceDevelopment("Mine", *hex_of(s, "Coldpeak"))).code == "no_marker"
    e = refused(s, PlaceDevelopment("Corn", *hex_of(s, "Ravensby")))
    assert e.message == "Corn needs a town, and Ravensby is a city."
    s.apply(PlaceDevelopment("Capital", *hex_of(s, "Ravensby")))
    assert s.developments[hex_of(s, "Ravensby")] == "Capital" and c.developments == ["Corn"]
    assert PlaceDevelopment("Corn", *hex_of(s, "Barrow")) in s.legal_actions()
    c.developments.append("Cattle")
    e = refused(s, PlaceDevelopment("Cattle", *hex_of(s, "Ravensby")))
    assert e.code == "dm_taken" and "already has the development marker Capital" in e.message
