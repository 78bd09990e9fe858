"""Refused steps name the problem and never change the state (random and
malformed moves are thrown at every game by tests/test_conformance.py)."""
import pytest

from game.core.errors import IllegalAction
from game.russian_railroads.actions import (Advance, BuildFactory, BuildLoco, ChooseStartBonus, MoveIndustry, Place,
                                            Relocate, Skip)
from game.russian_railroads.effects import describe
from tests.russian_railroads.helpers import me, ready


def refused(st, action) -> str:
    before = st.to_dict()
    with pytest.raises(IllegalAction) as err:
        st.apply(action)
    assert st.to_dict() == before
    return err.value.message


def test_mandatory_board_actions_cannot_be_skipped():
    st = ready(4)
    st.apply(Place("T-BLK3", workers=2))
    task = st.tasks[0]
    assert refused(st, Skip(task.id)) == (
        "You must complete this action: 3 black advancements from the 3 black advancements space.")


def test_an_optional_step_that_is_not_possible_yet_is_not_skipped():
    # Own engineer 3 gives 1 black and 1 gray advancement: before the black one
    # unlocks gray there is no gray step, so no Skip is listed and none is accepted.
    st = ready(4)
    p = me(st)
    p.engineers = [3]
    st.strip = [0 if n == 3 else n for n in st.strip]
    st.apply(Place("ENG-3", workers=1))
    gray = next(t for t in st.tasks if t.colours == ["gray"])
    assert Skip(gray.id) not in st.legal_actions()
    assert refused(st, Skip(gray.id)) == (
        f"Nothing can be done yet for: {describe(gray)}; it is dropped by itself if it stays impossible.")


def test_factory_slot_must_be_the_next_free_one():
    st = ready(4)
    st.apply(Place("L-1", workers=1))
    assert refused(st, BuildFactory(st.tasks[0].id, 0, 3)) == (
        "Factories fill the slots from left to right; with all 5 full, choose one to replace.")


def test_locomotive_may_not_replace_a_higher_one():
    st = ready(4)
    p = st.players[st.current_player()]
    p.locos["kiev"] = [5]
    st.apply(Place("L-1", workers=1))
    assert refused(st, BuildLoco(st.tasks[0].id, "kiev", 0)) == (
        "A locomotive may only go to an empty place or replace a lower-numbered locomotive"
        " (a displaced one must go to another railroad).")


def test_steps_for_unknown_tasks_and_out_of_turn_actions():
    st = ready(4)
    assert refused(st, Advance(99, "ts", "black")) == "Choose an action space or pass."
    st.apply(Place("T-BLK3", workers=2))
    assert refused(st, MoveIndustry(99, 0)) == "That choice belongs to nothing you are doing now."
    assert refused(st, Place("I-1", workers=1)) == (
        "First finish: 3 black advancements from the 3 black advancements space.")


def test_action_for_the_wrong_phase():
    st = ready(4)
    assert refused(st, ChooseStartBonus("black")) == "Choose an action space or pass."
    assert refused(st, Relocate("I-1")) == "Choose an action space or pass."
    assert refused(st, Place("NOPE", workers=1)) == "There is no action space called NOPE."
