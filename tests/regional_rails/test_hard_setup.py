"""The hard Regional Rails player chooses its railroad and start city by
rolling the whole game out (game/regional_rails/search.py): on the authored
map the normal bot that picks second takes Blacks Tracks and loses most
duels to the Silver Streak; the hard one finds a railroad that does better.
A rollout budget and no clock, so the decisions are the same on every machine."""
from game import registry
from game.core.engine import Seat
from game.core.rollouts import MAX_STEPS
from game.core.search_bot import HARD, HARD_ROLLOUTS, Budget
from game.regional_rails import ENGINE, make_bot
from game.regional_rails import actions as A
from game.regional_rails import bots
from game.regional_rails.search import (
    HOOKS, SETUP_MARGIN, SETUP_ROLLOUTS, SETUP_STEPS, SETUP_TRIES, company_prior)

BUDGET = Budget(None, HARD_ROLLOUTS)  # the arena's budget: the setup's own cap applies


def _after_setup_moves(seed: int, moves: int):
    """The game on `seed` after the dice roll and `moves` normal setup picks."""
    state = ENGINE.new_game({}, seed, [Seat(n, kind="computer") for n in "AB"])
    state.apply(A.RollDice())
    normal = make_bot("normal", seed)
    for _ in range(moves):
        state.apply(normal.choose(state))
    return state


def test_the_second_picker_takes_the_railroad_with_the_higher_simulated_value():
    state = _after_setup_moves(3, 1)  # the normal first picker took the Silver Streak
    assert state.companies[0].name == "Silver Streak" and state.phase == "setup_company"
    normal = make_bot("normal", 3).choose(state)
    decision = registry.make_bot("regional_rails", HARD, 3, BUDGET).think(state)
    assert normal == A.PickCompany("Blacks Tracks")
    assert decision.action == A.PickCompany("Golden Boy")
    assert decision.gain >= HOOKS.margin + SETUP_MARGIN
    assert decision.rollouts == SETUP_ROLLOUTS and decision.samples == SETUP_ROLLOUTS // (1 + SETUP_TRIES)


def test_the_setup_tries_the_normal_choice_and_the_best_others_by_their_prior():
    state = _after_setup_moves(3, 1)
    normal = make_bot("normal", 3).choose(state)
    moves = [c.action for c in HOOKS.candidates(state, state.current_player(), normal, None)]
    assert moves[0] == normal and len(moves) == 1 + SETUP_TRIES
    assert A.PickCompany("Golden Boy") in moves and all(m in state.legal_actions() for m in moves)
    starts = _after_setup_moves(3, 3)  # the second railroad picked, the start order rolled
    assert starts.phase == "setup_start"
    normal = make_bot("normal", 3).choose(starts)
    moves = [c.action for c in HOOKS.candidates(starts, starts.current_player(), normal, None)]
    assert moves[0] == normal and len(set(moves)) == 1 + SETUP_TRIES
    assert all(isinstance(m, A.PickStart) and m in starts.legal_actions() for m in moves)


def test_golden_boys_prior_counts_the_obsolescence_it_spares():
    state = _after_setup_moves(1, 0)
    board = state.board
    assert bots.company_worth(board, "Golden Boy") < bots.company_worth(board, "Blacks Tracks")
    assert company_prior(state, "Golden Boy") > company_prior(state, "Blacks Tracks") + 40
    assert company_prior(state, "Blacks Tracks") == bots.company_worth(board, "Blacks Tracks")


def test_a_setup_rollout_plays_to_the_games_end_and_scores_it():
    start = _after_setup_moves(3, 1)
    later = start.clone()
    normal = make_bot("normal", 4)
    while later.round < 12:
        later.apply(normal.choose(later))
    assert not HOOKS.horizon(start, later, 1)
    assert HOOKS.max_steps(start) == SETUP_STEPS and HOOKS.max_steps(later) == MAX_STEPS
    assert HOOKS.max_rollouts(start) == SETUP_ROLLOUTS and HOOKS.max_rollouts(later) is None
    while not later.is_terminal():
        later.apply(normal.choose(later))
    assert HOOKS.value(later, 1) == later.scores()[1].total


def test_the_tycoon_is_searched_among_the_normal_choice_and_the_next_ranked():
    state = ENGINE.new_game({"tycoons": True}, 3, [Seat(n, kind="computer") for n in "AB"])
    normal = make_bot("normal", 3)
    while state.phase != "setup_tycoon":
        state.apply(normal.choose(state))
    choice = normal.choose(state)
    moves = [c.action for c in HOOKS.candidates(state, state.current_player(), choice, None)]
    assert moves == [choice] + [A.PickTycoon(t) for t in bots.TYCOON_RANK if A.PickTycoon(t) != choice][:SETUP_TRIES]
    decision = registry.make_bot("regional_rails", HARD, 3, Budget(None, 3)).think(state)
    assert decision.samples == 2 and decision.rollouts == 6 and decision.normal == choice
    # another tycoon only for a clear gain in final VP
    assert decision.action == choice or decision.gain >= HOOKS.margin + SETUP_MARGIN
