"""Computer players: the planning bot beats a random player in at least 19 of
20 games; its choices are always legal and use the money phases well (loans
only when they pay back, upkeep money kept, the last turn spent); a leading bot
races to the end and a trailing one never ends the game."""
from __future__ import annotations

import pytest

from game.core.engine import Seat
from game.regional_rails import ENGINE, make_bot
from game.regional_rails.actions import (
    Borrow, BuildInterior, BuildSide, BuyDividends, EndPhase, Upgrade)
from game.regional_rails.state import DIVIDENDS, INCOME
from tests.regional_rails.helpers import set_up, turn_of


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


def test_bot_borrows_only_when_the_loan_pays_back():
    s = set_up(["Purple Pusher", "Silver Streak"])
    c = s.companies[0]
    c.train_level = 2
    turn_of(s, 0, money=4, phase=INCOME)
    s.turn.loan_roll, s.turn.invest_roll = 12, 2
    bot = make_bot("normal", 1)
    plan = bot.plan(s, 0, ahead=0)
    assert s.place_name(plan.target) == "Gullhaven" and plan.cost == 8
    # 8 MB of track + 2 MB upkeep - 4 MB: a 6 MB loan (18 VP) for a city's 2 MB a turn
    assert bot.choose(s) == Borrow(6)
    c.obsolescence = 3  # income is already 0: the city would add only 1 MB a turn
    assert bot.choose(s) == EndPhase()


def test_bot_keeps_the_upkeep_its_income_will_not_cover():
    s = set_up(["Blacks Tracks", "Silver Streak"])
    c = s.companies[0]
    c.train_level, c.obsolescence, c.turns_taken = 3, 5, 5
    turn_of(s, 0, money=5, phase=DIVIDENDS)
    s.turn.dividend_rolls = (6, 6)
    choice = make_bot("normal", 1).choose(s)
    assert isinstance(choice, BuyDividends) and choice.amount <= 5 - 3


def test_last_turn_spends_everything_but_a_cheap_train_level():
    s = set_up(["Blacks Tracks", "Silver Streak"])
    s.companies[0].rail_left = 0  # the game ends at this turn's End phase
    turn_of(s, 0, money=10, phase=DIVIDENDS)
    s.turn.dividend_rolls = (2, 2)
    bot = make_bot("normal", 1)
    assert bot.choose(s) == BuyDividends(6)  # 4 MB at 3 and 2 VP, 4 MB kept for Level 2 (7 VP)
    s.apply(BuyDividends(6))
    assert bot.choose(s) == Upgrade()


def test_bot_never_places_its_last_rail_marker_while_behind():
    s = set_up(["Blacks Tracks", "Silver Streak"])
    turn_of(s, 0, money=20)
    s.companies[0].rail_left, s.companies[1].vp = 1, 60
    bot = make_bot("normal", 1)
    assert any(isinstance(a, (BuildSide, BuildInterior)) for a in s.legal_actions())
    assert bot.choose(s) == EndPhase()
    s.companies[1].vp = 0  # now it leads: ending the game suits it
    assert isinstance(bot.choose(s), (BuildSide, BuildInterior))


@pytest.mark.parametrize("seed", [3, 4])
def test_a_leading_bot_races_to_use_up_its_rail_markers(seed):
    state = ENGINE.new_game({}, seed, [Seat("A", kind="computer"), Seat("B", kind="computer")])
    bots = [make_bot("normal", seed), make_bot("normal", seed + 7)]
    while not state.is_terminal():
        state.apply(bots[state.current_player()].choose(state))
    finished = [c.owner for c in state.companies if c.rail_left == 0]
    assert "used all its rail markers" in state.end_reason and state.round < 30
    assert state.winners() == finished


def test_unknown_difficulty_is_refused():
    with pytest.raises(ValueError, match="unknown difficulty"):
        make_bot("hard", 1)
