"""The arena: rotated seats, win rates with honest intervals, the summary
line of `simulate --seats`."""
from __future__ import annotations

import json

import pytest

import main
from game.arena import median_interval, rotated, summary, wilson
from tests.ui.helpers import register_fake_game


def test_difficulties_rotate_so_no_level_keeps_the_first_seat():
    firsts = [rotated(["hard", "normal", "easy"], k)[0] for k in range(3)]
    assert sorted(firsts) == ["easy", "hard", "normal"]
    assert rotated(["a", "b"], 1) == ["b", "a"]


def test_wilson_interval_holds_the_rate_and_narrows_with_games():
    lo, hi = wilson(8, 10)
    assert lo < 0.8 < hi and hi <= 1.0
    lo2, hi2 = wilson(80, 100)
    assert hi2 - lo2 < hi - lo
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_median_interval_holds_the_median_and_narrows_with_values():
    assert median_interval(range(1, 81)) == (31, 50)  # ranks 31 and 50 of 80 (n/2 -+ 1.96 sqrt(n) / 2)
    lo, hi = median_interval(range(1, 11))
    assert (lo, hi) == (1, 10)  # ten values say little about their median
    assert median_interval([50]) == (50, 50)
    wide, narrow = median_interval([40, 60] * 10), median_interval([49, 50, 51] * 30)
    assert wide == (40, 60) and narrow == (50, 50)


def test_summary_counts_shared_wins_as_shares():
    records = [
        {"difficulties": ["hard", "easy"], "winners": [0], "scores": [10, 5], "finished": True,
         "_times": [[0.01], [0.002]]},
        {"difficulties": ["easy", "hard"], "winners": [0, 1], "scores": [7, 7], "finished": True,
         "_times": [[0.003], [0.02]]},
    ]
    levels = summary(records)["levels"]
    assert levels["hard"]["wins"] == 1.5 and levels["easy"]["wins"] == 0.5
    assert levels["hard"]["mean_score"] == 8.5 and levels["hard"]["decision_ms_median"] == 15.0


def test_simulate_seats_prints_games_then_a_summary(capsys, monkeypatch):
    register_fake_game(monkeypatch)
    assert main.main(["simulate", "fake_race", "--games", "2", "--seed", "7", "--seats", "normal,random"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["difficulties"] for line in lines[:2]] == [["normal", "random"], ["random", "normal"]]
    assert [line["seed"] for line in lines[:2]] == [7, 7]  # one seed, the seats swapped: its luck favours no level
    result = lines[-1]["summary"]
    assert result["games"] == 2 and set(result["levels"]) == {"normal", "random"}
    assert all(0 <= v["win_rate_95"][0] <= v["win_rate"] <= v["win_rate_95"][1] for v in result["levels"].values())


@pytest.mark.parametrize("argv, words", [
    (["--seats", "normal,wizard"], "wizard is not a difficulty"),
    (["--seats", "normal,easy", "--players", "3"], "--seats names 2 seats but --players is 3"),
])
def test_simulate_seats_refuses_a_bad_list(capsys, monkeypatch, argv, words):
    register_fake_game(monkeypatch)
    assert main.main(["simulate", "fake_race", *argv]) == 2
    assert words in capsys.readouterr().err
