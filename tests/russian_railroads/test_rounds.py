"""Passing, turn order reorganisation, relocation, round scoring and the reset."""
import pytest

from game.core.errors import IllegalAction
from game.russian_railroads.actions import Advance, Pass, Place, Relocate
from game.russian_railroads.events import RoundScored
from tests.russian_railroads.helpers import check_invariants, finish_tasks, ready


def test_passing_scores_the_turn_order_card():
    st = ready(4)
    st.order = [0, 1, 2, 3]
    for seat in range(4):
        st.players[seat].turn_card = seat + 1
    st.active = 0
    got = []
    for _ in range(4):
        seat = st.current_player()
        before = st.players[seat].score_parts.get("Passing", 0)
        st.apply(Pass())
        got.append(st.players[seat].score_parts.get("Passing", 0) - before)
    assert got == [0, 2, 3, 4]


def test_passed_players_are_skipped():
    st = ready(3)
    st.order = [0, 1, 2]
    st.active = 0
    st.apply(Pass())
    st.apply(Place("I-1", workers=1))
    finish_tasks(st)
    assert st.current_player() == 2
    st.apply(Place("A-DBL", workers=1))
    assert st.current_player() == 1


def test_refused_moves_while_a_choice_is_pending():
    st = ready(4)
    st.apply(Place("T-BLK3", workers=2))
    before = st.to_dict()
    with pytest.raises(IllegalAction) as err:
        st.apply(Pass())
    assert err.value.message == "First finish: 3 black advancements from the 3 black advancements space."
    with pytest.raises(IllegalAction) as err:
        st.apply(Advance(st.tasks[0].id, "ts", "gray"))
    assert err.value.message == "This action advances black track, not gray."
    assert st.to_dict() == before


def test_refused_advancements_name_the_reason():
    st = ready(4)
    p = st.players[st.current_player()]
    p.roubles = 1
    p.tracks["kiev"] = [9, 0, 0, 0, 0]
    st.apply(Place("T-ANY", workers=1, roubles=1))
    task = st.tasks[0].id
    cases = {
        Advance(task, "ts", "gray"): "You have no gray track yet: the Trans-Siberian black track must reach "
                                     "space 2 first.",
        Advance(task, "kiev", "black"): "Your black track is already at the end of the Kiev.",
        Advance(task, "kiev", "white"): "The Kiev takes no white track.",
    }
    for action, message in cases.items():
        before = st.to_dict()
        with pytest.raises(IllegalAction) as err:
            st.apply(action)
        assert err.value.message == message
        assert st.to_dict() == before


def test_relocation_after_turn_order_second_space_first():
    st = ready(4)
    st.order = [0, 1, 2, 3]
    st.active = 2
    st.apply(Place("TO-1", workers=1))   # seat 2
    st.apply(Place("TO-2", workers=1))   # seat 3
    for _ in range(4):
        st.apply(Pass())
    assert st.order == [2, 3, 0, 1]
    assert st.phase == "relocate" and st.current_player() == 3
    options = {a.space for a in st.legal_actions()}
    assert {"I-1", "T-BOTTOM", ""} <= options
    assert "T-BRN1" not in options and "T-BLK3" not in options
    with pytest.raises(IllegalAction) as err:
        st.apply(Relocate("T-BLK3"))
    assert err.value.message.startswith("The turn-order worker may only move to a free space")
    st.apply(Relocate("A-DBL"))
    assert st.current_player() == 2
    st.apply(Relocate("T-BOTTOM"))
    finish_tasks(st)
    assert st.round == 2 and st.phase == "actions"
    assert [st.players[s].turn_card for s in (2, 3, 0, 1)] == [1, 2, 3, 4]


def test_end_of_round_scoring_and_reset():
    st = ready(4)
    seat = st.current_player()
    p = st.players[seat]
    p.tracks["ts"][0] = 3
    p.tracks["ts"][1] = 2
    st.track_supply["gray"] -= 3
    st.apply(Place("A-2R", workers=1))
    scored = []
    while st.round == 1:
        scored += [e for e in st.apply(Pass()) if isinstance(e, RoundScored)]
    mine = [e for e in scored if e.seat == seat]
    assert [e.part for e in mine] == ["ts", "stp", "kiev", "industry"]
    assert mine[0].points == 1   # #1 locomotive reaches the gray space 1
    assert p.score_parts["Trans-Siberian"] == 1
    assert p.workers_free == p.workers and st.placements == [] and st.temps_board == 2
    assert all(not q.passed for q in st.players)
    check_invariants(st)


def test_engineers_move_right_and_the_unhired_one_leaves():
    st = ready(4)
    strip = list(st.strip)
    while st.round == 1:
        st.apply(Pass())
    assert st.strip == [0] + strip[:-1]
    assert st.engineer_box[-1] == strip[-1]


def test_hired_engineer_is_not_boxed():
    st = ready(4)
    strip = list(st.strip)
    me = st.players[st.current_player()]
    st.apply(Place("E-HIRE", roubles=1))
    while st.round == 1:
        st.apply(Pass())
    assert me.engineers == [strip[6]] and strip[6] not in st.engineer_box
    assert st.strip[6] == strip[5]


def test_no_relocation_or_turn_order_in_the_last_round_and_the_game_ends():
    st = ready(2)
    while st.round < st.rounds:
        st.apply(Pass())
    assert st.is_last_round()
    st.apply(Place("LAST", workers=1))
    while not st.is_terminal():
        st.apply(Pass())
    assert st.round == 6 and st.phase == "over" and st.legal_actions() == []
    with pytest.raises(IllegalAction) as err:
        st.apply(Pass())
    assert err.value.message == "The game is over."


def test_four_players_play_seven_rounds():
    st = ready(4)
    rounds = set()
    while not st.is_terminal():
        rounds.add(st.round)
        st.apply(Pass())
    assert rounds == set(range(1, 8))


def test_relocation_may_use_an_own_engineer_or_be_declined():
    st = ready(4)
    st.order = [0, 1, 2, 3]
    st.active = 1
    st.players[1].engineers = [7]
    st.apply(Place("TO-1", workers=1))   # seat 1 (second) takes space 1
    for _ in range(4):
        st.apply(Pass())
    assert st.order == [1, 0, 2, 3]
    assert st.current_player() == 1
    assert "ENG-7" in {a.space for a in st.legal_actions()}
    st.apply(Relocate("ENG-7"))
    finish_tasks(st)
    assert st.round == 2 and st.players[1].score_parts["Engineers & factories"] == 3


def test_two_player_first_player_keeps_first_place_and_relocates():
    st = ready(2)
    first, second = st.order
    st.apply(Place("TO-1", workers=1))
    st.apply(Pass())
    st.apply(Pass())
    assert st.order == [first, second] and st.phase == "relocate"
    st.apply(Relocate(""))
    assert st.round == 2 and st.current_player() == first
