"""The normal bot must beat the random bot in at least 95% of 2-player games
(20 whole games, the suite's slowest test: kept in its own file so the other
files stay quick)."""
from tests.russian_railroads.helpers import make_bot, new_game


def test_normal_bot_beats_random_bot():
    wins = 0
    for seed in range(20):
        st = new_game(2, 100 + seed)
        me = seed % 2
        bots = {me: make_bot("normal", seed), 1 - me: make_bot("random", seed)}
        while not st.is_terminal():
            st.apply(bots[st.current_player()].choose(st))
        totals = [s.total for s in st.scores()]
        wins += totals[me] > totals[1 - me]
    assert wins >= 19
