"""The normal bot must beat the random bot in every one of 20 seeded
2-player games (it wins them by 180 points and more). Whole games with the
normal bot's look-ahead are the suite's slowest, so each seed is a test of
its own that pytest-xdist can give to any worker, and they sit in their own
file so the other files stay quick."""
import pytest

from tests.russian_railroads.helpers import make_bot, new_game


@pytest.mark.parametrize("seed", range(20))
def test_normal_bot_beats_random_bot(seed):
    st = new_game(2, 100 + seed)
    me = seed % 2
    bots = {me: make_bot("normal", seed), 1 - me: make_bot("random", seed)}
    while not st.is_terminal():
        st.apply(bots[st.current_player()].choose(st))
    totals = [s.total for s in st.scores()]
    assert totals[me] > totals[1 - me], totals
