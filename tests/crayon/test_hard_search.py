"""The crayon hard player's once-a-turn-and-hand search (game.crayon.search):
a search cancelled before it finished is tried again at the next decision."""
from __future__ import annotations

import threading
from typing import Any

from game import registry
from game.core.engine import Seat
from game.core.search_bot import HARD, Budget

BUDGET = Budget(None, 8)


def _searching(seed: int = 3, limit: int = 300) -> Any:
    """A Russian Rails game played by normal bots up to the first decision
    where the hard player compares several routes."""
    state = registry.engine("russian_rails").new_game({}, seed, [Seat("P0"), Seat("P1")])
    bots = [registry.make_bot("russian_rails", "normal", i) for i in range(2)]
    for _ in range(limit):
        if registry.make_bot("russian_rails", HARD, 5, BUDGET).think(state).samples:
            return state
        state.apply(bots[state.current_player()].choose(state))
    raise AssertionError(f"the hard player never searched in {limit} moves")


def test_a_cancelled_search_is_tried_again_at_the_next_decision():
    state = _searching()
    bot = registry.make_bot("russian_rails", HARD, 5, BUDGET)
    bot.cancel.set()
    assert bot.think(state).samples == 0
    bot.cancel = threading.Event()  # the screen gives every new job a fresh event
    retried = bot.think(state)
    assert retried.samples > 0
    assert bot.think(state).samples == 0  # searched once for this turn and hand
