"""No computer player of any game brings the game back to a state it was
already in during the same turn (a bot that did could loop forever and stall
the game, as one Russian Rails game did). Games are cut short to keep the
suite quick; seeds and player counts vary."""
from __future__ import annotations

from typing import Any

import pytest

from game import registry
from game.core.engine import Seat
from game.core.turnmemory import fingerprint

CASES = [  # (game, players, seed, actions played)
    ("russian_rails", 2, 11, 80), ("russian_rails", 3, 12, 80), ("russian_rails", 5, 13, 80),
    ("russian_railroads", 2, 21, 30), ("russian_railroads", 4, 22, 30),
    ("regional_rails", 3, 31, 120), ("regional_rails", 5, 32, 120),
]


def play_checking_turns(state: Any, bots: list[Any], actions: int) -> None:
    """Let the bots play `actions` moves; fail if a state comes back while
    the same player keeps the move."""
    seen: set[str] = set()
    player = None
    for _ in range(actions):
        if state.is_terminal():
            return
        seat = state.current_player()
        if seat != player:
            seen, player = set(), seat
        here = fingerprint(state)
        assert here not in seen, f"seat {seat} brought back a state it was in this turn"
        seen.add(here)
        state.apply(bots[seat].choose(state))


def _play(game: str, players: int, seed: int, actions: int, difficulty: str = "normal") -> None:
    engine = registry.engine(game)
    seats = [Seat(f"Computer {i + 1}", kind="computer", difficulty=difficulty) for i in range(players)]
    state = engine.new_game({spec.key: spec.default for spec in engine.option_specs}, seed, seats)
    bots = [registry.make_bot(game, difficulty, seed * 101 + i) for i in range(players)]
    play_checking_turns(state, bots, actions)


@pytest.mark.parametrize("game,players,seed,actions", CASES)
def test_no_bot_repeats_a_state_within_a_turn(game: str, players: int, seed: int, actions: int) -> None:
    _play(game, players, seed, actions)


def test_easy_bots_do_not_loop_either() -> None:
    for game in ("russian_rails", "russian_railroads", "regional_rails"):
        _play(game, 3, 41, 40, "easy")


def test_the_russian_rails_game_that_never_ended_gets_past_its_loop() -> None:
    _play("russian_rails", 6, 4, 260)  # the old bots looped from action 204 on
