"""The difficulty ladder, in games small enough for CI: in 2-player games,
each seed played twice with the seats swapped (as the arena does), the
stronger level wins most seeded games. The figures with their 95% intervals
come from `main.py simulate GAME --seats normal,easy` (see the README); these
tests only guard the order where it is clear. (Russian Rails normal-against-easy
duels are still close: not guarded yet.)"""
from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from game import arena, registry

LADDER = [  # (game, stronger, weaker, games, wins needed); measured rates in the README
    ("russian_railroads", "normal", "easy", 6, 5),
    ("russian_railroads", "easy", "random", 6, 5),
    ("regional_rails", "normal", "easy", 10, 8),
    ("regional_rails", "easy", "random", 10, 9),
    ("russian_rails", "easy", "random", 2, 2),
    ("lunar_rails", "normal", "random", 2, 2),
]


@cache
def duel_records(game: str, levels: tuple[str, str], games: int, seed: int = 1) -> tuple[dict[str, Any], ...]:
    """The records of `games` 2-player games, each seed played with the seats
    one way and then swapped (played once per run: two tests read them)."""
    engine = registry.engine(game)
    out = []
    for k in range(games):
        seats = arena.rotated(list(levels), k)
        record = arena.play_game(engine, lambda d, s: registry.make_bot(game, d, s), {}, seed + k // 2, seats)
        assert record["finished"]
        out.append(record)
    return tuple(out)


def wins(game: str, levels: tuple[str, str], games: int) -> float:
    """Wins of levels[0] over the duels (a shared win counts half)."""
    return sum(sum(1 for w in r["winners"] if r["difficulties"][w] == levels[0]) / len(r["winners"])
               for r in duel_records(game, levels, games))


@pytest.mark.parametrize("game,strong,weak,games,needed", LADDER)
def test_the_stronger_level_wins_most_seeded_games(game, strong, weak, games, needed):
    assert wins(game, (strong, weak), games) >= needed


SOLO_SEEDS = range(1, 7)
SOLO_MEAN = 320  # Russian Railroads normal solo against Emil on these seeds: 332.5 now, 312.8 before the weights
# were tuned (bench.rr_tune), 295.5 before the steps
# towards extra workers and ? spaces were valued (evaluate._prospects), 273.3 before the track steps were planned
# together (bots.TRACK_PLAN), 254.3 before the round plan


def test_the_normal_bot_scores_well_solo_at_russian_railroads():
    """The normal bot alone against Emil reaches a mean score the old bot
    (before the round plan) did not reach on the same seeds."""
    engine = registry.engine("russian_railroads")
    scores = []
    for seed in SOLO_SEEDS:
        record = arena.play_game(engine, lambda d, s: registry.make_bot("russian_railroads", d, s), {}, seed,
                                 ["normal"])
        assert record["finished"]
        scores.append(record["scores"][0])
    assert sum(scores) / len(scores) >= SOLO_MEAN, scores


REGIONAL_LEAD = 135  # Regional Rails normal's mean VP lead over easy, seeds 1-5 both ways: 146.9 now, 119.1 before
# the normal bot valued connections over 70% of the turns left and kept up to 9 MB for them (bots.HORIZON, KEEP_CAP)


def test_the_normal_regional_bot_leads_easy_by_a_wide_margin():
    """Win counts over ten duels cannot tell a 72% bot from an 85% one; the
    mean VP lead on the same seeds can (the old normal bot led by 119); they
    are the duels the LADDER line plays."""
    leads = []
    for record in duel_records("regional_rails", ("normal", "easy"), 10):
        me = record["difficulties"].index("normal")
        leads.append(record["scores"][me] - record["scores"][1 - me])
    assert sum(leads) / len(leads) >= REGIONAL_LEAD, leads
