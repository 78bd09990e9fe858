"""The 7 ? tokens, the 5 ? cards, the starting bonuses and the End Bonus cards."""
import pytest

from game.core.errors import IllegalAction
from game.russian_railroads.actions import (Advance, BuildLoco, ChooseCard, ChooseEndBonus, ChooseStartBonus,
                                            ChooseToken, MoveIndustry, Place, Repeat, Skip)
from game.russian_railroads.data import Effect
from game.russian_railroads.effects import add_task
from game.russian_railroads.rounds import final_scoring
from game.russian_railroads.scoring import end_bonus_points
from tests.russian_railroads.helpers import DATA, check_invariants, finish_tasks, me, new_game, ready


def take_token(st, token):
    seat = st.current_player()
    add_task(st, seat, Effect("token"), True, "test", 0)
    st.apply(ChooseToken(st.tasks[-1].id, token))
    return st.players[seat]


def take_card(st, card):
    seat = st.current_player()
    add_task(st, seat, Effect("q_card"), True, "test", 0)
    st.apply(ChooseCard(st.tasks[-1].id, card))
    return st.players[seat]


def test_token_four_track_advancements():
    st = ready(4)
    p = take_token(st, "tracks4")
    assert st.tasks[0].count == 4 and st.tasks[0].colours == "any" and not st.tasks[0].mandatory
    for _ in range(4):
        st.apply(Advance(st.tasks[0].id, "ts", "black"))
    assert p.tracks["ts"][0] == 5 and "gray" in [c for c in DATA.colours if st.track_supply[c] < 12]


def test_token_five_industry():
    st = ready(4)
    p = me(st)
    p.factories = [2]
    take_token(st, "industry5")
    while st.tasks:   # five steps; factory #2 on space 5 offers a build, which is skipped
        st.apply(next(a for a in st.legal_actions() if isinstance(a, (MoveIndustry, Skip))))
    assert p.industry == [5]


def test_token_second_marker_and_three_doublers():
    st = ready(4)
    p = take_token(st, "marker2")
    assert p.industry == [0, 0]
    before = p.doublers
    take_token(st, "doublers3")
    assert p.doublers == before + 3


def test_token_revaluation_and_kiev_medal():
    st = ready(4)
    p = take_token(st, "revaluation")
    take_token(st, "kiev_medal")
    assert p.revaluation and p.kiev_medal and p.tokens_used == ["revaluation", "kiev_medal"]


def test_token_card_gives_a_q_card_then_an_end_bonus_last():
    st = ready(4)
    p = take_token(st, "card")
    kinds = [t.kind for t in st.tasks]
    assert kinds == ["card", "end_bonus"]
    assert {type(a) for a in st.legal_actions()} == {ChooseCard, Skip}   # the End Bonus waits
    st.apply(ChooseCard(st.tasks[0].id, "black_worker"))
    assert p.black_worker and p.black_free
    card = st.end_bonus_pile[0]
    st.apply(ChooseEndBonus(st.tasks[0].id, card))
    assert p.end_bonus == [card] and len(st.end_bonus_pile) == 7


def test_used_tokens_cannot_be_taken_again():
    st = ready(4)
    take_token(st, "revaluation")
    seat = st.current_player()
    add_task(st, seat, Effect("token"), True, "test", 0)
    with pytest.raises(IllegalAction) as err:
        st.apply(ChooseToken(st.tasks[-1].id, "revaluation"))
    assert err.value.message == "You do not have the ? token 'revaluation' any more."


def test_card_four_actions():
    st = ready(4)
    p = me(st)
    doublers = p.doublers
    take_card(st, "four_actions")
    assert p.doublers == doublers + 1
    finish_first = [t.kind for t in st.tasks]
    assert sorted(finish_first) == ["industry", "repeat", "track"]
    repeat = next(t.id for t in st.tasks if t.kind == "repeat")
    st.apply(Repeat(repeat, "doubler"))
    assert p.doublers == doublers + 2
    finish_tasks(st)
    assert p.industry == [1] and p.tracks["ts"][0] + p.tracks["stp"][0] + p.tracks["kiev"][0] == 4
    assert "four_actions" not in st.q_cards


def test_card_engineer_with_its_rouble():
    st = ready(4)
    roubles = me(st).roubles
    p = take_card(st, "engineer")
    assert p.engineers == [15] and p.roubles == roubles + 1
    check_invariants(st)


def test_card_factory_and_two_industry():
    st = ready(4)
    start = me(st).industry[0]
    p = take_card(st, "factory")
    st.apply(next(a for a in st.legal_actions() if type(a).__name__ == "BuildFactory"))
    finish_tasks(st)
    assert p.factories == [2] and p.industry == [start + 2]


def test_card_loco_9_is_placed_at_once_with_its_chain():
    st = ready(4)
    p = take_card(st, "loco9")
    task = st.tasks[0].id
    assert {(a.railroad, a.slot) for a in st.legal_actions()} == {("ts", 1), ("ts", 0), ("stp", 0), ("kiev", 0)}
    st.apply(BuildLoco(task, "ts", 0))   # an upgrade is allowed even beside a free slot
    assert p.locos["ts"] == [9]
    assert st.tasks[0].kind == "move_loco" and st.tasks[0].number == 1
    st.apply(st.legal_actions()[0])
    check_invariants(st)


def test_a_card_that_cannot_be_done_in_full_is_not_offered():
    st = ready(4)
    me(st).doublers = 8
    seat = st.current_player()
    add_task(st, seat, Effect("q_card"), True, "test", 0)
    assert "four_actions" not in {a.card for a in st.legal_actions()}
    with pytest.raises(IllegalAction) as err:
        st.apply(ChooseCard(st.tasks[-1].id, "four_actions"))
    assert err.value.message == (
        "There is no room for a doubler above your Trans-Siberian (or none is left in the supply).")


def test_black_worker_counts_as_an_extra_worker():
    st = ready(4)
    p = take_card(st, "black_worker")
    assert p.black_worker and p.workers == 5
    st.apply(Place("T-BLK2", black=1))
    assert sum(t.count for t in st.tasks) == 3


@pytest.mark.parametrize("card,expected", [
    ("points15", 15), ("railroads", 20), ("factories", 12), ("locomotives", 1 + 6 + 4),
    ("workers", 20), ("black_sum", 15 + 9 + 3), ("tokens", 14), ("doublers", 20), ("hired", 12),
    ("engineer", 0)])
def test_end_bonus_card_values(card, expected):
    st = ready(4)
    p = st.players[0]
    p.tracks = {"ts": [15, 0, 0, 0, 0], "stp": [9, 0, 0, 0, 0], "kiev": [3, 0, 0, 0, 0]}
    p.factories = [2, 3, 4]
    p.locos = {"ts": [1, 6], "stp": [4], "kiev": []}
    p.claimed = ["kiev7_worker"]
    p.black_worker = True
    p.tokens_used = ["revaluation", "card"]
    p.doublers = 5
    p.engineers = [3, 12]
    assert end_bonus_points(DATA, p, card) == expected


def test_end_bonus_caps():
    st = ready(4)
    p = st.players[0]
    p.factories = [2, 3, 4, 5, 6]
    p.tokens_used = list(DATA.q_tokens)
    p.doublers = 8
    assert end_bonus_points(DATA, p, "factories") == 20
    assert end_bonus_points(DATA, p, "tokens") == 28
    assert end_bonus_points(DATA, p, "doublers") == 30


def test_final_scoring_end_bonus_and_engineer_card_in_the_majority():
    st = ready(2)
    a, b = st.players
    a.engineers, b.engineers = [3], [12]
    a.end_bonus = ["engineer", "points15"]
    events = []
    final_scoring(st, events)
    assert a.score_parts["End Bonus"] == 15
    assert a.score_parts["Engineer majority"] == 40 and b.score_parts["Engineer majority"] == 20
    assert st.is_terminal() and events[-1].text().startswith("Game over")


@pytest.mark.parametrize("bonus", ["black", "industry", "doubler", "rouble"])
def test_starting_bonuses(bonus):
    st = new_game(2, 3)
    seat = st.current_player()
    p = st.players[seat]
    st.apply(ChooseStartBonus(bonus))
    finish_tasks(st)
    got = {"black": p.tracks["ts"][0] + p.tracks["stp"][0] + p.tracks["kiev"][0] - 3, "industry": p.industry[0],
           "doubler": p.doublers, "rouble": p.roubles - 2}
    assert got[bonus] == 1 and sum(got.values()) == 1
