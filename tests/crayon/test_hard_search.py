"""The crayon hard player's once-a-turn-and-hand route choice
(game.crayon.search): a choice cancelled before it finished is made again at
the next decision, and made once per turn and hand."""
from __future__ import annotations

import threading
from typing import Any

from game import registry
from game.core.engine import Seat
from game.core.search_bot import HARD, Budget
from game.crayon import search

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
