"""Whole games: random players and computer players over several seeds, with
the money/VP bookkeeping checked after every action (the generic promises are
checked by tests/test_conformance.py)."""
from __future__ import annotations

import random

import pytest

from game.core.engine import Seat
from game.core.session import Session
from game.regional_rails import ENGINE, make_bot
from game.regional_rails.actions import BuyDividends, FoundRailroad
from tests.regional_rails.helpers import check_bookkeeping

OPTION_SETS = [
    {"map": "authored"},
    {"map": "random", "tycoons": True},
    {"map": "authored", "tycoons": True, "additional_railroads": True},
]


def play(state, choose, limit: int = 20000):
    n = 0
    while not state.is_terminal():
        before = state.clone()
        events = state.apply(choose(state))
        check_bookkeeping(before, events, state)
        n += 1
        assert n < limit
    return n


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_keep_their_books(seed):
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    players = 2 + seed
    state = ENGINE.new_game(options, seed, [Seat(f"P{i}") for i in range(players)])
    rnd = random.Random(seed)
    play(state, lambda s: rnd.choice(s.legal_actions()))
    assert state.legal_actions() == [] and state.current_player() is None
    assert state.end_reason
    scores = state.scores()
    assert len(scores) == players
    for sc in scores:
        assert sc.total == sum(sc.parts.values())


def test_six_bot_game_finishes_and_saves(tmp_path):
    seats = [Seat(f"P{i}", kind="computer", difficulty=("normal", "easy", "random")[i % 3]) for i in range(6)]
    session = Session("regional_rails", {"map": "random", "tycoons": True}, 5, seats, engine=ENGINE)
    bots = [make_bot(seat.difficulty, i) for i, seat in enumerate(seats)]
    while not session.state.is_terminal():
        before = session.state.clone()
        events = session.apply(bots[session.state.current_player()].choose(session.state))
        check_bookkeeping(before, events, session.state)
    assert any("Game over" in entry.text for entry in session.log)
    assert any("rolls" in entry.text for entry in session.log)
    path = tmp_path / "game.yaml"
    session.save(path)
    loaded = Session.load(path, engine_for=lambda _game: ENGINE)
    assert loaded.state.to_dict() == session.state.to_dict()


def test_random_game_with_additional_railroads_founded():
    state = ENGINE.new_game({"additional_railroads": True, "tycoons": True}, 11,
                            [Seat("A"), Seat("B"), Seat("C")])
    rnd = random.Random(11)
    while state.phase != "build":
        state.apply(rnd.choice(state.legal_actions()))
    for c in state.companies:
        c.money = 60  # rich railroads, so that they can found others

    def founder(s):
        """Random, but founds a railroad whenever it may and saves for it until then."""
        legal = s.legal_actions()
        found = [a for a in legal if isinstance(a, FoundRailroad)]
        if found and sum(c.extra for c in s.companies) < 2:
            return rnd.choice(found)
        if s.phase == "dividends" and not any(c.extra for c in s.companies):
            return BuyDividends(0)
        return rnd.choice(legal)

    play(state, founder)
    extras = [c for c in state.companies if c.extra]
    assert extras and all(c.turns_taken > 0 for c in extras)
    owners = {c.owner for c in extras}
    for seat in owners:
        mine = [c for c in state.companies if c.owner == seat]
        assert state.scores()[seat].parts["VP"] == sum(c.vp for c in mine)
