"""The hard computer player (game.core.search_bot) and hints (game.core.hints):
decisions that depend on the seed alone without a clock, a search that stops
when cancelled, candidates the rules refuse left out, and hints said as advice."""
from __future__ import annotations

import threading
from typing import Any

from game import registry
from game.core.engine import DIFFICULTIES, Seat
from game.core.hints import find_hint, imperative
from game.core.search_bot import HARD, MIN_SURE_SAMPLES, Budget, Candidate, Line, SearchBot
from game.russian_railroads.actions import Place
from game.russian_railroads.search import HOOKS

BUDGET = Budget(None, 8)


def _placing(seed: int = 3, players: int = 2) -> Any:
    """A Russian Railroads game played by normal bots up to a placement with several good spaces."""
    state = registry.engine("russian_railroads").new_game({}, seed, [Seat(f"P{i}") for i in range(players)])
    bots = [registry.make_bot("russian_railroads", "normal", i) for i in range(players)]
    while state.tasks or state.phase != "actions" or state.round < 2:
        state.apply(bots[state.current_player()].choose(state))
    return state


def test_hard_is_a_difficulty_of_every_game():
    assert DIFFICULTIES[-1] == HARD
    for game_id, info in registry.GAMES.items():
        assert isinstance(registry.make_bot(game_id, HARD, 1), SearchBot), game_id


def test_without_a_clock_the_same_seed_gives_the_same_search():
    state = _placing()
    first = registry.make_bot("russian_railroads", HARD, 4, BUDGET).think(state)
    again = registry.make_bot("russian_railroads", HARD, 4, BUDGET).think(state.clone())
    assert first == again
    assert first.samples == 2 and first.rollouts == 2 * (first.rollouts // 2) > 2
    assert isinstance(first.action, Place) and first.action in state.legal_actions()


def test_the_search_never_changes_the_state_it_is_given():
    state = _placing()
    before = state.to_dict()
    registry.make_bot("russian_railroads", HARD, 4, BUDGET).choose(state)
    assert state.to_dict() == before


def test_a_cancelled_search_answers_at_once_with_the_normal_move():
    state = _placing()
    bot = registry.make_bot("russian_railroads", HARD, 4, Budget(None, 10_000))
    bot.cancel.set()
    decision = bot.think(state)
    assert decision.rollouts == 0 and decision.action == decision.normal


def test_a_search_cancelled_from_another_thread_stops_early():
    state = _placing()
    bot = registry.make_bot("russian_railroads", HARD, 4, Budget(None, 10_000))
    timer = threading.Timer(0.3, bot.cancel.set)
    timer.start()
    decision = bot.think(state)
    timer.join()
    assert decision.rollouts < 10_000 and decision.action in state.legal_actions()


class _Refused:
    """The Russian Railroads hooks plus one candidate the rules refuse."""

    margin = HOOKS.margin

    def __getattr__(self, name: str) -> Any:
        return getattr(HOOKS, name)

    def candidates(self, view: Any, seat: int, normal: Any, normal_bot: Any, stop: Any) -> list[Candidate]:
        return HOOKS.candidates(view, seat, normal, normal_bot, stop) + [Candidate(Place("NO-SUCH-SPACE", workers=1))]


def test_candidates_the_rules_refuse_are_left_out():
    state = _placing()
    bot = SearchBot(_Refused(), 4, BUDGET)
    decision = bot.think(state)
    offered = {c.action for c in HOOKS.candidates(state, state.current_player(), decision.normal, bot.normal)}
    assert decision.action in state.legal_actions()
    assert decision.rollouts == decision.samples * len(offered)  # one line per move the rules accept


def test_log_lines_become_advice():
    assert imperative("Player 1 built 4 track sections for 7M.") == "Build 4 track sections for 7M"
    assert imperative("Golden Boy builds a rail marker in Kingsbridge.") == "Build a rail marker in Kingsbridge"
    assert imperative("Anna places 1 worker on their engineer.") == "Place 1 worker on your engineer"
    assert imperative("Player 2 passes.") == "Pass"
    assert imperative("Anna passes and scores 3 points.") == "Pass and score 3 points"
    assert imperative("Anna looks through the End Bonus pile and keeps a card.") == \
        "Look through the End Bonus pile and keep a card"
    assert imperative("Anna delivers Oil and Coal.") == "Deliver Oil and Coal"


def test_a_lead_of_one_point_is_said_in_the_singular():
    from game.core.hints import explain
    from game.core.search_bot import Decision

    state = _placing()
    action = state.legal_actions()[0]

    def said(lead: float, unit: str) -> str:
        return explain(state, Decision(action, 0.0, lead, None, 12, 12, action), unit).split(": ")[-1]

    assert said(1.2, " points") == "projected 1 point above the next best move."
    assert said(0.5, " VP") == "projected 1 VP above the next best move."  # never "projected 0"
    assert said(2.5, "M") == "projected 3M above the next best move."
    assert said(3.0, " points") == "projected 3 points above the next best move."
    assert said(1.0, "M") == "projected 1M above the next best move."
    assert said(1.0, " VP") == "projected 1 VP above the next best move."


def test_a_hint_is_the_hard_move_with_a_sentence_why():
    state = _placing()
    hint = find_hint("russian_railroads", state, 9, seconds=5.0)
    assert hint.seat == state.current_player() and hint.action in state.legal_actions()
    assert hint.text.startswith("Place ") and hint.text.endswith(".")
    assert ("points above the next best move" in hint.text) == (hint.decision.lead >= 0.5)


def test_a_hint_to_roll_never_tells_the_roll():
    """A hint plays on a guessed future (its dice are not the ones to come): it says what the roll
    is for, not a result."""
    from game.regional_rails import ENGINE

    state = ENGINE.new_game({}, 4, [Seat(n) for n in "ABC"])
    hint = find_hint("regional_rails", state, 9, seconds=1.0)
    assert hint.text == "Roll the dice for picking railroads: it is the only move."
    state.roll_for = "start"
    assert state.advice(hint.action) == "Roll the dice for picking start cities"


class _Alone:
    """Hooks that offer one move alone, and remember what they adopted."""

    margin = HOOKS.margin
    distinct_plans = False

    def __init__(self, move: Any) -> None:
        self.move = move
        self.adopted: list[Candidate] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(HOOKS, name)

    def candidates(self, view: Any, seat: int, normal: Any, normal_bot: Any, stop: Any) -> list[Candidate]:
        return [Candidate(self.move)]

    def adopt(self, normal_bot: Any, seat: int, candidate: Candidate) -> None:
        self.adopted.append(candidate)


def test_a_single_candidate_the_rules_refuse_gives_the_normal_move():
    state = _placing()
    hooks = _Alone(Place("NO-SUCH-SPACE", workers=1))
    decision = SearchBot(hooks, 4, BUDGET).think(state)
    assert decision.action == decision.normal and decision.rollouts == 0
    assert decision.action in state.legal_actions() and hooks.adopted == [Candidate(decision.normal)]


def test_a_single_candidate_the_rules_accept_is_played_unsearched():
    state = _placing()
    normal = registry.make_bot("russian_railroads", "normal", 4).choose(state)
    other = next(a for a in state.legal_actions() if isinstance(a, Place) and a != normal)
    hooks = _Alone(other)
    decision = SearchBot(hooks, 4, BUDGET).think(state)
    assert decision.action == other and decision.normal == normal and decision.rollouts == 0
    assert hooks.adopted == [Candidate(other)]


def test_a_search_cancelled_before_it_starts_adopts_nothing():
    state = _placing()
    hooks = _Alone(Place("NO-SUCH-SPACE", workers=1))
    bot = SearchBot(hooks, 4, BUDGET)
    bot.cancel.set()
    decision = bot.think(state)
    assert decision.action == decision.normal and decision.rollouts == 0 and hooks.adopted == []


def test_a_move_with_its_own_margin_needs_two_observations_to_replace_the_normal_one():
    state = _placing()
    normal, other = [a for a in state.legal_actions() if isinstance(a, Place)][:2]
    bot = SearchBot(HOOKS, 4, BUDGET)
    for samples, chosen in ((MIN_SURE_SAMPLES - 1, normal), (MIN_SURE_SAMPLES, other)):
        lines = [Line(Candidate(normal), [0.0] * samples), Line(Candidate(other, margin=1.0), [50.0] * samples)]
        decision, _ = bot._pick(lines, samples, normal)
        assert decision.action == chosen and decision.samples == samples


def test_a_clock_already_run_out_starts_no_rollout():
    state = _placing()
    decision = registry.make_bot("russian_railroads", HARD, 4, Budget(0.0, 10_000)).think(state)
    assert decision.rollouts == 0 and decision.samples == 0 and decision.action == decision.normal


def test_a_hint_says_the_next_move_only_when_it_is_a_choice():
    """The last start city picked, the next move is the roll for turn order
    (the only move): "Start in Eastmarch, then roll the dice for turn order"
    said nothing a player needs. A next move among several is said."""
    from game.core.hints import explain
    from game.core.search_bot import Decision
    from game.regional_rails import ENGINE
    from game.regional_rails.actions import PickCompany, PickStart, RollDice

    state = ENGINE.new_game({}, 4, [Seat(n) for n in "AB"])
    while not isinstance(state.legal_actions()[0], PickStart) or len(state.legal_actions()) > 5:
        legal = state.legal_actions()
        state.apply(next((a for a in legal if isinstance(a, PickCompany)), legal[0]))
    last = state.legal_actions()[0]
    after = state.clone()
    after.apply(last)
    assert after.legal_actions() == [RollDice()] and after.current_player() == state.current_player()
    said = explain(state, Decision(last, 0.0, 3.0, RollDice(), 12, 12, last), " VP")
    assert said == f"Start in {state.place_name((last.q, last.r))}: projected 3 VP above the next best move."
    # a next move among several is said
    placing = _placing()
    for action in placing.legal_actions():
        after = placing.clone()
        after.apply(action)
        if after.current_player() == placing.current_player() and len(after.legal_actions()) > 1:
            then = after.legal_actions()[0]
            break
    assert ", then " in explain(placing, Decision(action, 0.0, 3.0, then, 12, 12, action), " points")
