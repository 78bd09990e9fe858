"""The crayon race bench: a level races against a seat that takes no part,
and the faster of two races predicts its duels."""
import argparse
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402

from bench.crayon_race import ALONE, EndsTurns, faster_of_two, race, seed_range, summary  # noqa: E402
from game import registry  # noqa: E402
from game.core.engine import Seat  # noqa: E402
from game.core.search_bot import Budget  # noqa: E402


def test_the_seat_alone_builds_nothing_draws_nothing_and_keeps_its_turns():
    engine = registry.engine("lunar_rails")
    state = engine.new_game({}, 4, [Seat("Racer", "", "computer", "normal"), Seat("Alone", "", "computer", ALONE)])
    racer, alone = registry.make_bot("lunar_rails", "normal", 1, Budget(None, 1)), EndsTurns()
    hand = list(state.players[1].hand)
    for _ in range(400):
        if state.is_terminal():
            break
        seat = state.current_player()
        state.apply((racer if seat == 0 else alone).choose(state))
    assert state.network(0) and not state.network(1)
    assert state.players[1].hand == hand and not state.players[1].loads
    assert abs(state.players[0].turns_taken - state.players[1].turns_taken) <= 1


def test_a_race_is_won_by_the_level_in_the_seat_its_seed_gives():
    odd, even = race(("lunar_rails", "normal", 3)), race(("lunar_rails", "normal", 4))
    assert (odd["seat"], even["seat"]) == (0, 1)
    for record in (odd, even):
        assert record["finished"] and 15 < record["turns"] < 120


def test_the_faster_of_two_races_pairs_every_two_different_seeds():
    assert sorted(faster_of_two([40, 50, 60])) == [40, 40, 40, 40, 50, 50]
    records = [{"finished": True, "turns": t} for t in (40, 50, 60)] + [{"finished": False, "turns": None}]
    line = summary("russian_rails", "hard", records)["summary"]
    assert line["races"] == 4 and line["unfinished"] == 1
    assert line["turns_median"] == 50 and line["duel_winner_median_predicted"] == 40


def test_seeds_are_a_range_and_a_wrong_one_is_refused_with_its_form():
    assert seed_range("3-5") == range(3, 6) and seed_range("7") == range(7, 8)
    for text in ("x-3", "5-3", "1-"):
        with pytest.raises(argparse.ArgumentTypeError):
            seed_range(text)
