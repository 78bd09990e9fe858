"""Factories: building, the industry gaps, the 9 abilities on arrival, the
second industry marker and replacing factories."""
import pytest

from game.russian_railroads.actions import (Advance, BuildFactory, BuildLoco, ChooseEndBonus, MoveIndustry, Place,
                                            Reuse, Skip)
from game.russian_railroads.tracks import can_move_marker, industry_capacity, industry_limit
from tests.russian_railroads.helpers import DATA, finish_tasks, me, ready


def arrive(st, number):
    """Put factory `number` in the first gap and move the marker onto it with I-1."""
    p = me(st)
    p.factories = [number]
    p.industry = [4]
    st.apply(Place("I-1", workers=1))
    return p


def test_industry_track_layout_and_gaps():
    st = ready(4)
    p = me(st)
    assert industry_limit(DATA, p) == 4
    p.factories = [2, 3]
    assert industry_limit(DATA, p) == 8
    p.factories = [2, 3, 4, 5, 6]
    assert industry_limit(DATA, p) == 15
    assert [s.value for s in DATA.industry] == [0, 1, 2, 3, 5, 5, 10, 10, 15, 15, 15, 15, 20, 20, 25, 30]


def test_factories_fill_slots_left_to_right_then_replace():
    st = ready(4)
    p = me(st)
    p.factories = [2, 2, 3, 3]
    st.apply(Place("L-1", workers=1))
    factory_slots = {a.slot for a in st.legal_actions() if isinstance(a, BuildFactory)}
    assert factory_slots == {4}
    st.apply(BuildFactory(st.tasks[0].id, 0, 4))
    assert p.factories == [2, 2, 3, 3, 2]
    finish_tasks(st)
    st.active = st.players.index(p)
    st.apply(Place("L-2", workers=2))
    assert {a.slot for a in st.legal_actions() if isinstance(a, BuildFactory)} == {0, 1, 2, 3, 4}
    st.apply(BuildFactory(st.tasks[0].id, 0, 2))
    assert p.factories == [2, 2, 2, 3, 2] and st.returned_factories == [3]


def test_returned_factories_may_be_chosen_instead_of_the_pile():
    st = ready(4)
    p = me(st)
    st.returned_factories = [7]
    st.apply(Place("L-1", workers=1))
    sources = {a.source for a in st.legal_actions() if isinstance(a, BuildFactory)}
    assert sources == {0, 7}
    st.apply(BuildFactory(st.tasks[0].id, 7, 0))
    assert p.factories == [7] and st.returned_factories == []


def test_factory_1_scores_the_sum_of_engineers():
    st = ready(4)
    me(st).engineers = [3, 12]
    p = arrive(st, 1)
    assert p.industry == [5] and p.score_parts["Engineers & factories"] == 15


def test_factory_2_builds_a_locomotive_or_factory():
    st = ready(4)
    p = arrive(st, 2)
    assert st.tasks[0].kind == "loco_or_factory" and not st.tasks[0].mandatory
    st.apply(BuildLoco(st.tasks[0].id, "kiev", 0))
    assert p.locos["kiev"] == [2]


def test_factory_3_reuses_a_one_worker_space():
    st = ready(2)
    seat = st.current_player()
    p = st.players[seat]
    st.apply(Place("A-2R", workers=1))
    st.apply(st.legal_actions()[-1])   # the other player passes
    roubles = p.roubles
    p.factories = [3]
    p.industry = [4]
    st.apply(Place("I-1", workers=1))
    task = st.tasks[0].id
    assert set(st.legal_actions()) == {Reuse(task, "A-2R"), Reuse(task, "I-1"), Skip(task)}
    st.apply(Reuse(task, "A-2R"))
    assert p.roubles == roubles + 2


def test_factory_4_places_2_doublers():
    st = ready(4)
    before = me(st).doublers
    p = arrive(st, 4)
    assert p.doublers == before + 2


def test_factory_5_one_more_industry_advancement():
    st = ready(4)
    p = arrive(st, 5)
    st.apply(MoveIndustry(st.tasks[0].id, 0))
    assert p.industry == [6]


def test_factory_6_takes_a_rouble():
    st = ready(4)
    before = me(st).roubles
    p = arrive(st, 6)
    assert p.roubles == before + 1


def test_factory_7_two_track_advancements():
    st = ready(4)
    p = arrive(st, 7)
    task = st.tasks[0]
    assert task.colours == "any" and task.count == 2
    st.apply(Advance(task.id, "kiev", "black"))
    st.apply(Advance(task.id, "kiev", "black"))
    assert p.tracks["kiev"][0] == 3


def test_factory_8_scores_the_two_best_locomotives():
    st = ready(4)
    me(st).locos = {"ts": [1, 6], "stp": [4], "kiev": [5]}
    p = arrive(st, 8)
    assert p.score_parts["Engineers & factories"] == 11


def test_factory_9_end_bonus_card_or_10_points():
    st = ready(4)
    p = arrive(st, 9)
    task = st.tasks[0].id
    choices = {ChooseEndBonus(task, c) for c in st.end_bonus_pile} | {ChooseEndBonus(task, ""), Skip(task)}
    assert set(st.legal_actions()) == choices
    st.apply(ChooseEndBonus(task, ""))
    assert p.score_parts["End Bonus"] == 10 and p.end_bonus == []


def test_second_marker_retriggers_factories_and_never_shares_a_space():
    st = ready(4)
    p = me(st)
    p.factories = [6]
    p.industry = [6, 0]
    assert industry_capacity(DATA, p) == 0 + 5
    p.industry = [6, 4]
    roubles = p.roubles
    st.apply(Place("I-1", workers=1))   # marker 0 cannot move (next gap is empty); marker 1 lands on factory #6
    assert p.industry == [6, 5] and p.roubles == roubles + 1
    p.industry = [5, 4]
    assert not can_move_marker(DATA, p, 1)


def test_question_space_on_the_industry_track_only_once():
    st = ready(4)
    p = me(st)
    p.factories = [2, 2, 3]
    p.industry = [9, 8]
    st.apply(Place("I-1", workers=1))   # only marker 0 can move: it does so by itself
    assert p.industry == [10, 8]
    assert st.tasks[0].kind == "token" and "industry_q" in p.claimed
    st.apply(st.legal_actions()[0])
    finish_tasks(st)
    st.active = st.players.index(p)
    p.industry = [11, 9]
    p.factories = [2, 2, 3, 3]
    st.apply(Place("I-2", workers=2))
    st.apply(MoveIndustry(st.tasks[0].id, 1))   # second marker onto the ? space: nothing
    assert not any(t.kind == "token" for t in st.tasks)


@pytest.mark.parametrize("number", range(1, 10))
def test_every_factory_has_an_ability(number):
    assert DATA.factories[number]
