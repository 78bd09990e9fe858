"""Refused steps name the problem and never change the state; a fuzz test
throws random (mostly illegal) actions at running games."""
import random

import pytest

from game.core.errors import IllegalAction
from game.russian_railroads.actions import (Advance, BuildFactory, BuildLoco, ChooseCard, ChooseEndBonus,
                                            ChooseStartBonus, ChooseToken, MoveIndustry, MoveLoco, Pass, Place,
                                            Relocate, Repeat, Reuse, Skip)
from game.russian_railroads.effects import describe
from tests.russian_railroads.helpers import DATA, check_invariants, make_bot, me, new_game, ready


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


def _random_action(rng: random.Random, st):
    task = rng.choice([t.id for t in st.tasks] or [1])
    rid = rng.choice(["ts", "stp", "kiev", "x"])
    space = rng.choice([s.id for s in DATA.spaces] + ["ENG-3", "ENG-15", "?"])
    return rng.choice([
        Place(space, rng.randint(0, 3), rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 1)),
        Pass(), Advance(task, rid, rng.choice(DATA.colours)), MoveIndustry(task, rng.randint(0, 2)),
        BuildLoco(task, rid, rng.randint(0, 2)), BuildFactory(task, rng.randint(0, 9), rng.randint(0, 5)),
        MoveLoco(task, rid, rng.randint(0, 1)), ChooseToken(task, rng.choice(list(DATA.q_tokens))),
        ChooseCard(task, rng.choice(list(DATA.q_cards))), ChooseEndBonus(task, rng.choice(["", "points15"])),
        Reuse(task, space), Repeat(task, rng.choice(["doubler", "black", "x"])), Skip(task),
        Relocate(space), ChooseStartBonus(rng.choice(["black", "rouble", "x"]))])


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_fuzz_random_actions_are_applied_or_refused_cleanly(players):
    rng = random.Random(players)
    st = new_game(players, 40 + players)
    bot = make_bot("random", players)
    for _ in range(400):
        if st.is_terminal():
            break
        action = _random_action(rng, st)
        before = st.to_dict()
        legal = action in st.legal_actions()
        try:
            st.apply(action)
            assert legal, f"{action} was applied but is not listed as legal"
        except IllegalAction as exc:
            assert not legal and exc.message
            assert st.to_dict() == before
        if not st.is_terminal():
            st.apply(bot.choose(st))
        check_invariants(st)
