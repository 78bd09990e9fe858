"""Setup for 1 (solo), 2, 3 and 4 players."""
import pytest

from game.core.errors import IllegalAction
from game.russian_railroads.actions import ChooseStartBonus, Place
from game.russian_railroads.queries import space_states
from tests.russian_railroads.helpers import DATA, new_game


@pytest.mark.parametrize("players,rounds,workers,roubles,piles", [
    (1, 6, 6, 5, 2), (2, 6, 6, 2, 2), (3, 6, 6, 1, 3), (4, 7, 5, 1, 4)])
def test_rounds_workers_roubles_and_locomotive_piles(players, rounds, workers, roubles, piles):
    st = new_game(players)
    assert st.rounds == rounds
    for p in st.players:
        assert (p.workers, p.workers_free, p.roubles) == (workers, workers, roubles)
        assert p.locos == {"ts": [1], "stp": [], "kiev": []}
        assert [t[0] for t in p.tracks.values()] == [1, 1, 1]
        assert p.industry == [0]
    assert st.loco_piles[2:9] == [piles] * 7
    assert st.loco_piles[9] == piles  # plus the #9 on its ? card
    assert st.loco_piles[1] == 0


def test_engineer_strip_per_player_count():
    four = new_game(4, 3)
    assert all(four.strip)
    assert {DATA.engineers[n].letter for n in four.strip[:4]} == {"B"}
    assert {DATA.engineers[n].letter for n in four.strip[4:]} == {"A"}
    three = new_game(3, 3)
    assert three.strip[0] == 0 and all(three.strip[1:])
    two = new_game(2, 3)
    assert sum(1 for x in two.strip if x) == 6
    for st in (four, three, two):
        assert 15 not in st.strip and "engineer" in st.q_cards  # the letterless one waits on its ? card


def test_end_bonus_cards_two_removed_unseen_and_five_q_cards():
    st = new_game(4)
    assert len(st.end_bonus_pile) == 8 and len(st.end_bonus_box) == 2
    assert set(st.end_bonus_pile) | set(st.end_bonus_box) == set(DATA.end_bonus_cards)
    assert st.q_cards == ["four_actions", "engineer", "factory", "black_worker", "loco9"]


def test_turn_order_cards_are_dealt_at_random():
    orders = {tuple(new_game(4, seed).order) for seed in range(12)}
    assert len(orders) > 3
    st = new_game(4, 5)
    assert [st.players[s].turn_card for s in st.order] == [1, 2, 3, 4]


def test_starting_bonus_draft_goes_in_reverse_turn_order_and_first_gets_none():
    st = new_game(4, 2)
    assert st.phase == "draft"
    picks = []
    while st.phase == "draft":
        picks.append(st.current_player())
        bonus = "rouble" if "rouble" in st.start_bonuses else st.start_bonuses[0]
        before = st.players[st.current_player()].roubles
        st.apply(ChooseStartBonus(bonus))
        while st.tasks:
            st.apply(st.legal_actions()[0])
        if bonus == "rouble":
            assert st.players[picks[-1]].roubles == before + 1
    assert picks == [st.order[3], st.order[2], st.order[1]]
    assert st.players[st.order[0]].start_bonus == ""
    assert st.phase == "actions" and st.round == 1 and st.current_player() == st.order[0]


def test_two_players_draft_one_card():
    st = new_game(2, 4)
    assert st.draft_queue == [st.order[1]]


def test_a_taken_starting_bonus_cannot_be_taken_again():
    st = new_game(3, 2)
    st.apply(ChooseStartBonus("doubler"))
    before = st.to_dict()
    with pytest.raises(IllegalAction) as err:
        st.apply(ChooseStartBonus("doubler"))
    assert err.value.message == "The starting bonus 'doubler' is not available."
    assert st.to_dict() == before


def test_placing_during_the_draft_is_refused():
    st = new_game(3, 2)
    with pytest.raises(IllegalAction) as err:
        st.apply(Place("I-1", workers=1))
    assert err.value.message == "First choose a starting bonus card."


def test_solo_setup():
    st = new_game(1)
    assert st.phase == "actions" and st.draft_queue == [] and st.players[0].turn_card == 0
    assert st.emil is not None and st.emil.workers == 6
    # Emil has already blocked one space: he begins every round
    assert sum(1 for pl in st.placements if pl.seat == -1) == 1
    assert len(st.emil.draw_pile) + len(st.emil.discards) == 16
    refused = {s.space: s.reason for s in space_states(st) if not s.usable}
    assert refused["A-2R"] == "The 2 roubles space is covered by a blockade in the solo game."


def test_two_player_board_blocks_spaces():
    st = new_game(2)
    states = {s.space: s for s in space_states(st, st.order[0])}
    for blocked in ("T-BLK2", "T-GRY2", "L-2", "I-1B", "A-TMP", "E-PUB1", "TO-2"):
        assert not states[blocked].usable
        assert states[blocked].reason.endswith("is blocked on this side of the board.")
    assert states["T-BLK2"].reason == "The 2 black advancements space is blocked on this side of the board."


def test_too_many_players_is_refused():
    with pytest.raises(ValueError, match="1 to 4 players"):
        new_game(5)
