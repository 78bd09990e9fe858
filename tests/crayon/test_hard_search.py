"""The crayon hard player's once-a-turn-and-hand route choice
(game.crayon.search): a choice cancelled before it finished is made again at
the next decision, and made once per turn and hand; it stops between routes
when cancelled or out of time; a hint says the chosen route."""
from __future__ import annotations

import json
import threading
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from game import registry
from game.core.actions import action_from_dict
from game.core.hints import find_hint
from game.core.engine import Seat
from game.core.search_bot import HARD, Budget
from game.crayon import actions as A
from game.crayon import search
from game.crayon.bots import PlanBot, ranked
from game.crayon.route_sim import simulate

BUDGET = Budget(None, 8)


def searched(bot: Any) -> bool:
    """Has the hard player chosen a route (played routes to their ends) yet?"""
    return bool(bot.normal.searched)


def _searching(seed: int = 3, limit: int = 300) -> Any:
    """A Russian Rails game played by normal bots up to the first decision
    where the hard player chooses among routes."""
    state = registry.engine("russian_rails").new_game({}, seed, [Seat("P0"), Seat("P1")])
    bots = [registry.make_bot("russian_rails", "normal", i) for i in range(2)]
    for _ in range(limit):
        hard = registry.make_bot("russian_rails", HARD, 5, BUDGET)
        hard.think(state)
        if searched(hard):
            return state
        state.apply(bots[state.current_player()].choose(state))
    raise AssertionError(f"the hard player never chose a route in {limit} moves")


def test_a_cancelled_search_is_tried_again_at_the_next_decision(monkeypatch):
    state = _searching()
    choices = []
    choose = search.choose_route
    monkeypatch.setattr(search, "choose_route", lambda *a: choices.append(a) or choose(*a))
    bot = registry.make_bot("russian_rails", HARD, 5, BUDGET)
    bot.cancel.set()
    bot.think(state)
    assert not searched(bot) and not choices
    bot.cancel = threading.Event()  # the screen gives every new job a fresh event
    bot.think(state)
    assert searched(bot) and len(choices) == 1
    bot.think(state)
    assert len(choices) == 1  # chosen once for this turn and hand


def test_a_hard_player_whose_cash_pays_no_route_discards_rather_than_idles():
    """Seed 8, hard second: its first hand's routes all cost more track than
    it had cash for. A route given up with a discarded hand counted as done
    (its cards left the hand), so the hard player "finished" one by ending
    its turns and sat at 32M with no track for the rest of the game."""
    state = registry.engine("russian_rails").new_game({}, 8, [Seat("P0"), Seat("P1")])
    bots = [registry.make_bot("russian_rails", "normal", 808), registry.make_bot("russian_rails", HARD, 809, BUDGET)]
    while state.round <= 24:
        state.apply(bots[state.current_player()].choose(state))
    assert any(owner == 1 for owner in state.track.values())
    assert state.players[1].cash > 40


def _accepted(state: Any, action: Any) -> bool:
    """The rules accept `action` (legal_actions lists only some of the builds)."""
    state.clone().apply(action)
    return True


def _counting(monkeypatch, after: Any = None) -> list[Any]:
    """Every route the hard player plays to its end, listed; `after(count)` runs after each."""
    played: list[Any] = []
    simulate = search.simulate

    def counted(*a: Any) -> Any:
        played.append(a[2])
        out = simulate(*a)
        if after is not None:
            after(len(played))
        return out
    monkeypatch.setattr(search, "simulate", counted)
    return played


def test_a_crayon_hint_says_which_loads_the_route_takes_where(monkeypatch):
    """The hint's reason is the chosen route played to its end: each load,
    where it is picked up and where it goes (the game's own names)."""
    state = _searching()
    chosen: list[Any] = []
    choose = search.choose_route
    monkeypatch.setattr(search, "choose_route", lambda *a: chosen.append(choose(*a)) or chosen[-1])
    hint = find_hint("russian_rails", state, 9, seconds=60.0)
    assert _accepted(state, hint.action)
    route = chosen[0].outcome.route
    assert hint.text.endswith(".") and ": the route takes " in hint.text
    for stop in route.stops:
        assert stop.city in hint.text and stop.load in hint.text
    assert "turn" in hint.text and "plan the computer players follow" not in hint.text


def test_a_cancel_during_the_route_choice_stops_it_after_the_route_under_way(monkeypatch):
    state = _searching()
    bot = registry.make_bot("russian_rails", HARD, 5, BUDGET)
    played = _counting(monkeypatch, lambda count: bot.cancel.set())
    decision = bot.think(state)
    view = state.observation(state.current_player(), 1)
    assert len(search.options(view, state.current_player(), None)) > 1
    assert len(played) == 1  # the other routes were never played
    assert decision.action == decision.normal and _accepted(state, decision.action)
    assert not searched(bot)  # cancelled: chosen again at the next decision


def test_a_route_choice_out_of_time_keeps_the_best_route_played_so_far():
    state = _searching()
    seat = state.current_player()
    view = state.observation(seat, 1)
    routes = search.options(view, seat, None)
    full = search.choose_route(view, seat, None)
    assert full is not None and full.outcome.route in routes[1:]  # a route played after the first
    first_only = iter([False, True])
    cut = search.choose_route(view, seat, None, lambda: next(first_only))
    assert cut is not None and cut.outcome.route == routes[0] and cut.runner_up is None
    assert "next route" not in cut.reason and "next route" in full.reason


def test_a_hard_player_out_of_time_plays_its_normal_move_without_playing_routes(monkeypatch):
    state = _searching()
    played = _counting(monkeypatch)
    bot = registry.make_bot("russian_rails", HARD, 5, Budget(0.0, 8))
    decision = bot.think(state)
    assert not played and decision.action == decision.normal and _accepted(state, decision.action)


def test_a_hint_out_of_time_still_says_the_route_of_its_move_by_estimate():
    """With no time to play a route out, the hint is the normal move, said
    with the route it heads for (not "the plan the computer players follow")."""
    state = _searching()
    hint = find_hint("russian_rails", state, 9, seconds=0.0)
    assert hint.action == hint.decision.normal and _accepted(state, hint.action)
    assert ": the route takes " in hint.text and hint.text.endswith("by estimate.")
    assert "plan the computer players follow" not in hint.text


def test_a_hint_says_next_turn_when_the_train_has_spent_this_turns_moves():
    """A route needing most of a turn more, chosen with half the moves gone,
    ends next turn: the hint must not say "this turn" (seen: "...Cars to Lvov
    (29M) this turn" with 6 of 9 mileposts left and the delivery a turn away)."""
    state = _searching()
    choice = search.choose_route(state.observation(state.current_player(), 1), state.current_player(), None)
    assert choice is not None

    def when(turns: float, used: float) -> str:
        return replace(choice, outcome=replace(choice.outcome, turns=turns), used=used).reason

    assert "this turn" in when(0.8, 0.0) and "next turn" not in when(0.8, 0.0)
    assert "next turn" in when(0.8, 0.5) and "this turn" not in when(0.8, 0.5)
    assert "this turn" in when(0.5, 0.5)  # the train spends the rest of its moves on it
    assert "in about 3 turns" in when(3.3, 0.5)


def test_a_route_choice_knows_how_much_of_the_turn_is_gone():
    state = _searching()
    seat = state.current_player()
    state.moves_left = 4  # five of its nine mileposts run
    view = state.observation(seat, 1)
    choice = search.choose_route(view, seat, None)
    assert choice is not None and choice.used == search.turn_used(view, seat) > 0.5


BROKE_GAME = Path(__file__).parent / "fixtures" / "hard_broke_seed501.json"


def _replayed(*parts: str) -> Any:
    """Seed 501 replayed from its recorded actions (the arena's game, normal
    first, as the bots of the day played it): the recorded moves keep the
    position when the bots change."""
    record = json.loads(BROKE_GAME.read_text())
    state = registry.engine("russian_rails").new_game({}, record["seed"], [Seat("P0"), Seat("P1")])
    for part in parts:
        for action in record[part]:
            state.apply(action_from_dict(action))
    return state


@cache
def _broke_at_round_10() -> Any:
    """The hard player at round 10, with 26M and two Oil on board; the
    normal move builds 16M of track toward Kiev, leaving less than the rent
    the route needs by estimate."""
    return _replayed("to_round_10")


# the normal move there in the recorded game: 16M of track toward Kiev
KIEV_TRACK = A.BuildTrack(((2, 37), (1, 38), (0, 39), (-1, 40), (-2, 41), (-3, 42), (-4, 43), (-5, 43),
                           (-6, 44), (-7, 45), (-8, 45), (-9, 46), (-10, 46)))


def test_the_simulated_seat_keeps_a_route_its_cash_pays_only_as_it_goes():
    """With 10M left after the Kiev track, less than the route's rent by
    estimate, the simulated seat gave the route up with its hand at the next
    turn, so no route got done and the hard player then discarded hands at
    10M for 40 turns. The seat in a simulation now keeps to its route while
    it works, as the hard player really plays (the simulation says whether
    it gets done)."""
    state = _broke_at_round_10().clone()
    assert state.players[1].cash == 26 and state.players[1].loads == ["Oil", "Oil"]
    view = state.observation(1, 1)
    route = registry.make_bot("russian_rails", "normal", 1).best_route(view, 1)
    assert route is not None and route.cities == ("Kiev",)
    view.players[1].cash = 10
    kept = {}
    for cls in (search.CommittedBot, search.SimBot):
        bot = cls(0)
        bot.keep(1, route)
        kept[cls] = not bot._hopeless(view, 1, route)
    assert kept == {search.CommittedBot: False, search.SimBot: True}


def test_a_hard_player_whose_routes_all_fail_spends_nothing_on_them(monkeypatch):
    """When every route played out fails, the hard player used to play the
    normal move, there 16M of its last 26M in track; now it keeps its cash
    and takes a new hand, and a hint says so."""
    state = _broke_at_round_10().clone()
    assert state.players[1].cash < search.THRIFT_CASH
    monkeypatch.setattr(search.GuideBot, "choose", lambda self, view: KIEV_TRACK)
    monkeypatch.setattr(search, "choose_route", lambda *a: None)
    decision = registry.make_bot("russian_rails", HARD, 5, BUDGET).think(state)
    assert decision.action == A.DiscardHand() and decision.reason == "no route gets done in time with this hand"


def test_a_broke_hard_player_plays_out_routes_its_cash_pays_for_by_estimate_only():
    """Two new hands later (26M, two Oil on board), no route pays by
    estimate: the hard player had nothing to play out and discarded hand
    after hand (11 turns seen; a Fish run to Gorky would have got done). It
    now plays out the best routes by estimate all the same."""
    state = _replayed("to_round_10", "two_new_hands")
    assert state.players[1].cash == 26 and state.players[1].loads == ["Oil", "Oil"]
    view = state.observation(1, 1)
    plans = PlanBot(0).plans(view, 1)
    assert not ranked(plans, view.players[1].cash)
    tried = search.options(view, 1, None)
    assert tried and {r.stops for r in tried} <= {r.stops for r in plans[:search.BROKE_ROUTES]}


@pytest.mark.parametrize("game, count", [("russian_rails", 10), ("lunar_rails", 6)])
def test_the_hard_player_plays_out_as_many_best_routes_as_its_game_gives(game, count):
    """Russian Rails' rules give 10 routes best by estimate to play to their
    ends (hard duels won in 49 turns, 51 with 6), Lunar Rails' 6 (with 10 it
    raced 1.4 turns slower). Beside them only the best-paying routes are
    played (seed 3's first building turn: no Major Cities joined, no route
    followed); given two more, the choice plays two more."""
    state = registry.engine(game).new_game({}, 3, [Seat("P0"), Seat("P1")])
    seat = state.current_player()
    view = state.observation(seat, 1)  # the seat's own view: its hand, as the hard player sees it
    assert view.rules.bot_sim_routes == count
    best = ranked(PlanBot(0).plans(view, seat), view.players[seat].cash, initial=True)
    assert len(best) > count + 2
    rich = {r.stops for r in sorted(best, key=lambda r: -r.profit)[:search.TOP_PAYOUTS]}
    played = [r.stops for r in search.options(view, seat, None)]
    assert played[:count] == [r.stops for r in best[:count]]
    assert set(played[count:]) <= rich  # the best-paying, where not among them already
    view.data = replace(view.data, rules=view.rules.with_values(bot_sim_routes=count + 2))
    more = [r.stops for r in search.options(view, seat, None)]
    assert more[:count + 2] == [r.stops for r in best[:count + 2]]


def _easy_game(game_id: str, seed: int, moves: int) -> tuple[Any, int, Any, Any]:
    """Three easy players' game after `moves` moves: the view of the seat to
    play, the seat, the normal player's move there and that player."""
    state = registry.engine(game_id).new_game({}, seed, [Seat(f"P{i}") for i in range(3)])
    bots = [registry.make_bot(game_id, "easy", seed * 101 + i) for i in range(3)]
    for _ in range(moves):
        state.apply(bots[state.current_player()].choose(state))
    seat = state.current_player()
    view = state.observation(seat, 9)
    normal_bot = search.HOOKS.normal_bot(9)
    return view, seat, normal_bot.choose(view), normal_bot


def test_a_discard_is_explained_by_what_made_the_hand_hopeless_not_by_its_route():
    """Lunar Rails, seed 1, move 134: the normal player discards a hand whose
    best route needs 5M of track it would not build. The reason said the
    route instead ("the route takes the Selenium on board to Mach (27M) in
    about 2 turns by estimate"), as if to deliver it."""
    view, seat, normal, normal_bot = _easy_game("lunar_rails", 1, 134)
    assert normal == A.DiscardHand()
    chosen = search.HOOKS.candidates(view, seat, normal, normal_bot)
    assert [c.action for c in chosen] == [A.DiscardHand()]
    assert chosen[0].reason == "the best route's 5M of track would not pay back"


def test_the_ride_back_before_a_discard_is_explained_as_such():
    """Russian Rails, seed 3, move 392: nothing on the hand is worth doing,
    and the train on a rival's track rides back to its own before it
    discards; the reason said nothing (no route was kept)."""
    view, seat, normal, normal_bot = _easy_game("russian_rails", 3, 392)
    assert isinstance(normal, A.Move)
    chosen = search.HOOKS.candidates(view, seat, normal, normal_bot)
    assert [c.action for c in chosen] == [normal]
    assert chosen[0].reason == \
        "nothing on this hand is worth doing, so the train rides back to your own track before a new hand"


@pytest.mark.parametrize("options, said", [
    ({"additional_trains": "two_trains"}, "Take a Redstone as second train: the fastest Level II train."),
    ({"easy_start": True}, "Give back demand card 88: its best demand pays least of your cards."),
])
def test_a_set_up_choice_hint_says_the_normal_players_rule(options, said):
    """Lunar Rails' set-up choices (a second train, the card given back)
    were hinted with "the plan the computer players follow here"."""
    engine = registry.engine("lunar_rails")
    state = engine.new_game({**{s.key: s.default for s in engine.option_specs}, **options}, 2,
                            [Seat(n) for n in "ABC"])
    bots = [registry.make_bot("lunar_rails", "normal", i) for i in range(3)]
    while not (state.pending and len(state.legal_actions()) > 1):
        state.apply(bots[state.current_player()].choose(state))
    assert find_hint("lunar_rails", state, 2, seconds=0.5).text == said
