"""The normal bot must beat the random bot in every one of 20 seeded
2-player games (it wins them by 180 points and more). Whole games with the
normal bot's look-ahead are the suite's slowest, so each seed is a test of
its own that pytest-xdist can give to any worker, and they sit in their own
file so the other files stay quick."""
import pytest

from tests.russian_railroads.helpers import duel


@pytest.mark.parametrize("seed", range(20))
def test_normal_bot_beats_random_bot(seed):
    normal, random_ = duel("normal", "random", seed, 100 + seed)
    assert normal > random_, (normal, random_)
