"""Mileposts are named to players in words they can find on the Moon map:
a city by name, a Wrap Letter by its letter, any other milepost by how many
mileposts it lies from the nearest city on the same disc and which way."""
from __future__ import annotations

import re

import pytest

from game.core.engine import Seat
from game.core.errors import IllegalAction
from game.crayon import actions as A
from game.crayon.lunar_rails import ENGINE
from game.crayon.places import milepost_name, nearest_city, section_name

WORDS = re.compile(r"^(\d+) mileposts? (north|south|east|west|north-east|north-west|south-east|south-west) of (.+)$")


@pytest.fixture(scope="module")
def state():
    return ENGINE.new_game({}, 1, [Seat("Ann"), Seat("Bob")])


def test_the_milepost_of_the_offer_dialog_is_named_after_gassendi(state):
    assert state.place((-6, 33)) == "1 milepost south-west of Gassendi"
    gassendi = state.board.cities["Gassendi"]
    assert state.place(gassendi.center) == "Gassendi"


def test_every_milepost_reads_as_words_after_a_city_on_its_own_disc(state):
    board = state.board
    for h in board.mileposts:
        name = state.place(h)
        assert "(" not in name
        if h in board.city_at or name.startswith("the Wrap Letter"):
            continue
        steps, _, city = WORDS.match(name).groups()
        assert board.region_of[board.cities[city].center] == board.region_of[h]
        assert int(steps) == min(max(abs(m[0] - h[0]), abs(m[1] - h[1]), abs(m[0] + m[1] - h[0] - h[1]))
                                 for m in board.cities[city].mileposts)


def test_a_wrap_letter_is_named_by_its_letter(state):
    h, wrap = next(iter(sorted(state.board.wraps.items())))
    assert milepost_name(state.board, h) == f"the Wrap Letter {wrap.name}"


def test_a_section_names_the_shared_city_once(state):
    board = state.board
    a = (-6, 33)
    b = next(n for n in board.neighbours(a) if n not in board.city_at and nearest_city(board, n)[0] == "Gassendi")
    words = section_name(board, a, b)
    assert words.startswith("from 1 milepost south-west to ") and words.endswith(" of Gassendi")
    assert words.count("Gassendi") == 1
    humorum = next(n for n in board.neighbours(a) if board.city_at.get(n) == "Mare Humorum")
    assert section_name(board, a, humorum) == "from 1 milepost south-west of Gassendi to Mare Humorum"


def test_a_refusal_names_the_milepost_in_words(state):
    s = state.clone()
    with pytest.raises(IllegalAction, match="1 milepost south-west of Gassendi is not a city"):
        s.apply(A.PlaceTrain((-6, 33)))
