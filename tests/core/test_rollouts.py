"""The hard player's worker processes (game.core.rollouts): the same decisions
as the search alone without a clock, in every game that rolls out; a clock
and a cancel that still end the decision; and a pool that breaks leaves the
search to go on alone with the same move."""
from __future__ import annotations

import os
import signal
import threading
import time
from typing import Any, Iterator

import pytest

from game import registry
from game.core import rollouts
from game.core.engine import Seat
from game.core.search_bot import HARD, Budget

BUDGET = Budget(None, 12)


@pytest.fixture(scope="module")
def pool() -> Iterator[rollouts.RolloutPool]:
    made = rollouts.use_processes(registry.search_modules(), workers=2)
    assert made is not None
    made._start()  # (not `warm`: its thread would race the first test's submissions)
    try:
        yield made
    finally:
        rollouts.stop_processes()


def _searched_states(game_id: str, players: int, count: int) -> list[Any]:
    """The first `count` positions of a normal players' game where the hard player searches."""
    state = registry.engine(game_id).new_game({}, 2, [Seat(f"P{i}") for i in range(players)])
    bots = [registry.make_bot(game_id, "normal", i) for i in range(players)]
    found: list[Any] = []
    while len(found) < count and not state.is_terminal():
        if len(state.legal_actions()) > 1:
            if registry.make_bot(game_id, HARD, 5, Budget(None, 4)).think(state).rollouts:
                found.append(state.clone())
        state.apply(bots[state.current_player()].choose(state))
    assert len(found) == count
    return found


def _alone(game_id: str, state: Any, seed: int = 5) -> Any:
    saved, rollouts._POOL = rollouts._POOL, None
    try:
        return registry.make_bot(game_id, HARD, seed, BUDGET).think(state)
    finally:
        rollouts._POOL = saved


@pytest.mark.parametrize("game_id, players", [("russian_railroads", 3), ("regional_rails", 3)])
def test_worker_processes_make_the_very_same_decisions_without_a_clock(pool, game_id, players):
    for state in _searched_states(game_id, players, 2):
        pooled = registry.make_bot(game_id, HARD, 5, BUDGET).think(state)
        assert pooled == _alone(game_id, state)
        assert pooled.rollouts >= 12


def test_a_pooled_search_ends_by_its_clock(pool):
    state = _searched_states("russian_railroads", 4, 1)[0]
    bot = registry.make_bot("russian_railroads", HARD, 5, Budget(1.0, 10_000))
    decision = bot.think(state)  # (without the clock it would play 10,000 rollouts)
    assert decision.rollouts < 10_000 and decision.action in state.legal_actions()


def test_a_pooled_search_cancelled_from_another_thread_stops_early(pool):
    state = _searched_states("russian_railroads", 2, 1)[0]
    bot = registry.make_bot("russian_railroads", HARD, 5, Budget(None, 10_000))
    timer = threading.Timer(0.3, bot.cancel.set)
    timer.start()
    decision = bot.think(state)
    timer.join()
    assert decision.rollouts < 10_000 and decision.action in state.legal_actions()


def test_when_a_worker_dies_the_search_goes_on_alone_with_the_same_move():
    state = _searched_states("russian_railroads", 2, 1)[0]
    made = rollouts.use_processes(registry.search_modules(), workers=2)
    assert made is not None
    try:
        made._start()
        executor = made._get()
        assert executor.submit(rollouts._ready).result(timeout=60)
        for pid in list(executor._processes):
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)
        decision = registry.make_bot("russian_railroads", HARD, 5, BUDGET).think(state)
        assert decision == _alone("russian_railroads", state)
        assert rollouts.pool() is None  # later decisions search alone at once
    finally:
        rollouts.stop_processes()


def test_one_core_searches_alone(monkeypatch):
    monkeypatch.setattr(rollouts, "cores", lambda: 1)
    assert rollouts.use_processes(registry.search_modules()) is None and rollouts.pool() is None
    monkeypatch.setattr(rollouts, "cores", lambda: 64)
    made = rollouts.use_processes(registry.search_modules())
    assert made is not None and made.workers == rollouts.MOST_WORKERS
    rollouts.stop_processes()
    assert rollouts.pool() is None
