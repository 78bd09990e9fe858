"""The hard Regional Rails player searches the Build, Income and Upgrade
phases and Rob the Robber Baron's End phase, not only the Build phase, and
always answers with a legal move in every phase (Dividends and stock follow
the normal bot: see game/regional_rails/search.py). A small rollout budget and no clock, so
the positions and decisions are the same on every machine."""
import pytest

from game.core.engine import Seat
from game.core.search_bot import HARD, Budget
from game.regional_rails import ENGINE, make_bot
from game.regional_rails import actions as A
from game.regional_rails.search import HOOKS
from game import registry

BUDGET = Budget(None, 6)


def _searched_in(phase: str, seed: int, options=None, tycoon=None, players: int = 2, limit: int = 3000):
    """The first position of `phase` in a normal-bot game where the hard
    player compares several moves, and its decision there."""
    state = ENGINE.new_game(options or {}, seed, [Seat(n, kind="computer") for n in "ABC"[:players]])
    bots = [make_bot("normal", seed + i) for i in range(players)]
    hard = registry.make_bot("regional_rails", HARD, seed, BUDGET)
    for _ in range(limit):
        if tycoon is not None and state.phase == "build" and state.tycoons[0] != tycoon:
            state.tycoons[0] = tycoon
        if state.phase == phase and len(state.legal_actions()) > 1:
            decision = hard.think(state)
            if decision.samples:
                return state, decision
        state.apply(bots[state.current_player()].choose(state))
    raise AssertionError(f"the hard player never searched a {phase} decision")


@pytest.mark.parametrize("phase", ["build", "income", "upgrade"])
def test_hard_searches_and_answers_legally_in_every_phase(phase):
    state, decision = _searched_in(phase, seed=4)
    assert decision.action in state.legal_actions()
    assert decision.normal in state.legal_actions()
    assert decision.rollouts >= 2 * decision.samples  # at least two moves compared


def test_hard_searches_rob_the_robber_barons_target():
    state, decision = _searched_in("end", seed=6, options={"tycoons": True}, tycoon="Rob the Robber Baron",
                                   players=3)
    assert isinstance(decision.action, A.Rob) and decision.action in state.legal_actions()


def test_hard_answers_every_decision_of_a_game_legally():
    state = ENGINE.new_game({}, 9, [Seat(n, kind="computer") for n in "AB"])
    bots = [registry.make_bot("regional_rails", HARD, 9, Budget(None, 2)), make_bot("normal", 10)]
    phases = set()
    while not state.is_terminal() and state.round <= 4:
        action = bots[state.current_player()].choose(state)
        assert action in state.legal_actions()
        phases.add(state.phase)
        state.apply(action)
    assert {"build", "income", "dividends", "upgrade"} <= phases


@pytest.mark.parametrize("phase", ["income", "upgrade"])
def test_the_money_phase_candidates_are_legal_and_include_the_normal_choice(phase):
    state, decision = _searched_in(phase, seed=7)
    normal = decision.normal
    moves = [c.action for c in HOOKS.candidates(state, state.current_player(), normal, None)]
    assert moves[0] == normal and len(moves) >= 2
    legal = state.legal_actions()
    assert all(m in legal for m in moves)
