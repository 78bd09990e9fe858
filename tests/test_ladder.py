"""The ladder bench plays each seed once per seat rotation, so neither level
keeps a seed's luck or the first seat, and its table names every measurement."""
from bench.ladder import Task, chosen, narrow, pair_line, progress, tasks_for, table
from game.arena import wilson


def test_each_seed_is_played_both_ways_and_hard_pairs_get_their_own_count():
    tasks = tasks_for("regional_rails", games=6, hard_games=2, solo_seeds=3, rollouts=4)
    normal = [t for t in tasks if t.label == "normal vs easy"]
    assert len(normal) == 6 and len([t for t in tasks if t.label == "hard vs normal"]) == 2
    for seed in (1, 2, 3):
        assert {t.difficulties for t in normal if t.seed == seed} == {("normal", "easy"), ("easy", "normal")}
    assert not [t for t in tasks if "solo" in t.label]


def test_russian_railroads_adds_solo_games_and_crayon_adds_normal_and_hard_duels():
    rr = tasks_for("russian_railroads", games=4, hard_games=2, solo_seeds=5, rollouts=4)
    assert [t.seed for t in rr if t.label == "normal solo"] == [1, 2, 3, 4, 5]
    assert [t.seed for t in rr if t.label == "hard solo"] == [1, 2]
    crayon = tasks_for("russian_rails", games=8, hard_games=2, solo_seeds=5, rollouts=4)
    assert [t.difficulties for t in crayon if t.label == "normal vs normal"] == [("normal", "normal")] * 2
    crayon = tasks_for("russian_rails", games=8, hard_games=8, solo_seeds=5, rollouts=4)
    assert [t.seed for t in crayon if t.label == "hard vs hard"] == [1, 2]
    assert not [t for t in rr if t.label.endswith("vs hard")]


def test_duels_may_play_a_count_of_their_own():
    crayon = tasks_for("russian_rails", games=8, hard_games=8, solo_seeds=5, rollouts=4, duel_games=5)
    for level in ("normal", "hard"):
        duels = [t for t in crayon if t.label == f"{level} vs {level}"]
        assert [t.seed for t in duels] == [1, 2, 3, 4, 5] and {t.difficulties for t in duels} == {(level, level)}
    assert len([t for t in crayon if t.label == "hard vs normal"]) == 8


def test_a_duel_row_gives_only_the_winners_turns():
    records = [{"difficulties": ["hard", "hard"], "winners": [seat], "scores": [250, 180], "finished": True,
                "rounds": r, "_times": [[0.01], [0.02]]} for seat, r in ((0, 44), (1, 47))]
    line = pair_line("russian_rails", "hard vs hard", records)
    assert "target" not in line and line["winner_turns_median"] == 45.5 and line["turns_target"] == 50
    assert "| Russian Rails | hard vs hard | 2 | —, winner's median turns 45.5 [44, 47] | ≤ 50 turns |" in table([line])


def test_table_gives_rates_with_intervals_mean_scores_and_solo_means():
    level = {"win_rate": 0.8, "win_rate_95": [0.71, 0.87], "decision_ms_median": 1.2, "decision_ms_p99": 9.0,
             "mean_score": 480.4}
    lines = [{"game": "regional_rails", "pair": "normal vs easy", "games": 100,
              "levels": {"normal": level, "easy": {**level, "mean_score": 376.6}}, "target": 0.75},
             {"game": "russian_railroads", "pair": "normal solo", "games": 20, "mean_score": 301.4, "min": 250,
              "max": 380, "target": 300, "decision_ms_median": 2.5, "decision_ms_p99": 150.0}]
    text = table(lines)
    assert "| Regional Rails | normal vs easy | 100 | 80% [71, 87] (480 against 377 VP) | ≥ 75% | 1.2 / 9 |" in text
    assert "| Russian Railroads | normal solo | 20 | mean 301.4 (250–380) | ≥ 300 | 2.5 / 150 |" in text


def test_a_crayon_row_gives_the_winners_turns_beside_the_level_target_and_games_left_unfinished():
    records = [{"difficulties": d, "winners": [d.index("hard")], "scores": [250, 180], "finished": True,
                "rounds": r, "_times": [[0.01], [0.02]]}
               for d, r in ((["hard", "normal"], 44), (["normal", "hard"], 48))]
    line = pair_line("russian_rails", "hard vs normal", records)
    assert line["winner_turns_median"] == 46 and line["turns_target"] == 50
    assert "| Russian Rails | hard vs normal | 2 | 100% [34, 100], winner's median turns 46 [44, 48]" \
        " (too few games for ±10 points) | ≥ 65%, ≤ 50 turns |" in table([line])
    records.append({"difficulties": ["hard", "normal"], "winners": [], "scores": [120, 110], "finished": False,
                    "rounds": 400, "_times": [[0.01], [0.02]]})
    assert "67% [21, 94], winner's median turns 46 [44, 48] (1 unfinished) (too few games for ±10 points) |" \
        in table([pair_line("russian_rails", "hard vs normal", records)])


def test_a_ladder_can_be_run_in_parts():
    tasks = tasks_for("russian_railroads", games=4, hard_games=2, solo_seeds=3, rollouts=4)
    hard = chosen(tasks, ["hard vs normal", "hard solo"])
    assert {t.label for t in hard} == {"hard vs normal", "hard solo"} and len(hard) == 4
    assert chosen(tasks, None) == tasks


def test_a_long_run_says_how_far_it_is_as_each_game_ends():
    task = Task("russian_railroads", "hard vs normal", 6, ("normal", "hard"), 12)
    assert progress(12, 1040, task, 339.6) == "12/1040 games, 340 s: russian_railroads hard vs normal, seed 6"


def test_a_rate_is_flagged_when_its_interval_reaches_10_points_or_more_on_either_side():
    """Issue 12 asks for an interval under ±10 points: 80 games at 66% give
    [55, 76], 10.8 points below, so the row says more games are needed; 100
    games at 66% give 9.7 below and pass."""
    def line(wins: int, games: int) -> dict:
        lo, hi = wilson(wins, games)
        level = {"win_rate": wins / games, "win_rate_95": [lo, hi], "decision_ms_median": 1.0,
                 "decision_ms_p99": 2.0, "mean_score": 40.0}
        return {"game": "lunar_rails", "pair": "hard vs normal", "games": games,
                "levels": {"hard": level, "normal": level}, "target": 0.65}
    assert "66% [55, 76] (too few games for ±10 points) |" in table([line(53, 80)])
    assert "66% [56, 75] |" in table([line(66, 100)])
    assert narrow(0.5, 0.41, 0.59) and not narrow(0.5, 0.40, 0.55) and not narrow(0.5, 0.45, 0.60)
