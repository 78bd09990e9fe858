"""Computer players: the planning bot beats a random player in at least 19 of
20 games; its choices are always legal and use the money phases."""
from __future__ import annotations

import pytest

from game.core.engine import Seat
from game.regional_rails import ENGINE, make_bot
from game.regional_rails.actions import Borrow, BuildInterior, BuyDividends, Upgrade


def duel(seed: int, difficulty: str = "normal"):
    options = {"map": "random" if seed % 2 else "authored", "tycoons": seed % 3 == 0}
    state = ENGINE.new_game(options, seed, [Seat("Bot", kind="computer"), Seat("Rnd", kind="computer")])
    bots = [make_bot(difficulty, seed), make_bot("random", seed + 1000)]
    chosen = []
    while not state.is_terminal():
        seat = state.current_player()
        action = bots[seat].choose(state)
        if seat == 0:
            chosen.append(action)
        state.apply(action)
    return state, chosen


def test_normal_bot_beats_random_in_19_of_20_games():
    wins = 0
    kinds: set[type] = set()
    for seed in range(20):
        state, chosen = duel(seed)
        wins += state.winners() == [0]
        kinds.update(type(a) for a in chosen)
    assert wins >= 19
    assert {BuildInterior, BuyDividends, Upgrade} <= kinds


@pytest.mark.parametrize("seed", [3, 4])
def test_easy_bot_finishes_games_and_beats_random(seed):
    state, chosen = duel(seed, "easy")
    assert state.is_terminal() and state.winners() == [0]


def test_bot_borrows_only_when_a_connection_needs_it():
    for seed in range(4):
        state, chosen = duel(seed)
        loans = [a.amount for a in chosen if isinstance(a, Borrow)]
        assert sum(loans) <= 30


def test_unknown_difficulty_is_refused():
    with pytest.raises(ValueError, match="unknown difficulty"):
        make_bot("hard", 1)
