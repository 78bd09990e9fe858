"""Whole games for 1-4 players (random and greedy bots) with every invariant
checked after every action."""
import pytest

from tests.russian_railroads.helpers import DATA, make_bot, play


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_keep_every_invariant(players, seed):
    st = play(players, seed, ["random"])
    assert st.phase == "over" and st.current_player() is None
    assert st.rounds == DATA.rounds[{1: "solo", 2: "2p", 3: "3p", 4: "4p"}[players]]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bot_games_keep_every_invariant(players):
    st = play(players, 5, ["normal", "easy"])
    assert st.is_terminal()
    assert all(s.total > 0 for s in st.scores())


def test_unknown_difficulty_is_refused():
    with pytest.raises(ValueError, match="unknown difficulty"):
        make_bot("hard", 0)
