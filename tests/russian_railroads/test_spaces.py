"""Every action space: what it gives, what it costs, and why it is refused."""
import pytest

from game.core.errors import IllegalAction
from game.russian_railroads.actions import (Advance, BuildFactory, BuildLoco, MoveIndustry, Pass, Place, Skip)
from game.russian_railroads.queries import space_states
from game.russian_railroads.spaces import space_label
from tests.russian_railroads.helpers import check_invariants, finish_tasks, me, ready


def refused(st, action) -> str:
    before = st.to_dict()
    with pytest.raises(IllegalAction) as err:
        st.apply(action)
    assert st.to_dict() == before, "a refused action changed the state"
    return err.value.message


def reason(st, space) -> str:
    return {s.space: s.reason for s in space_states(st)}[space]


def test_black_2_for_one_worker():
    st = ready(4)
    p = me(st)
    st.apply(Place("T-BLK2", workers=1))
    st.apply(Advance(st.tasks[0].id, "stp", "black"))
    st.apply(Advance(st.tasks[0].id, "stp", "black"))
    assert p.tracks["stp"][0] == 3 and p.workers_free == 4


def test_occupied_space_is_refused_with_the_occupant():
    st = ready(4)
    first = st.current_player()
    st.apply(Place("T-BLK2", workers=1))
    finish_tasks(st)
    assert refused(st, Place("T-BLK2", workers=1)) == (
        f"The 2 black advancements space is already occupied by Player {first + 1}.")


@pytest.mark.parametrize("space,colour,threshold", [
    ("T-GRY2", "gray", 2), ("T-BRN1", "brown", 6), ("T-NAT2", "natural", 10), ("T-WHT1", "white", 15)])
def test_colour_spaces_need_the_colour_unlocked(space, colour, threshold):
    st = ready(4)
    cost = 2 if space.endswith("2") and space != "T-GRY2" else 1
    assert refused(st, Place(space, workers=cost)) == (
        f"You have no {colour} track yet: the Trans-Siberian black track must reach space {threshold} first.")


@pytest.mark.parametrize("space,colour,count,cost", [
    ("T-GRY3", "gray", 3, 2), ("T-BRN1", "brown", 1, 1), ("T-BRN2", "brown", 2, 2),
    ("T-NAT1", "natural", 1, 1), ("T-NAT2", "natural", 2, 2), ("T-WHT1", "white", 1, 1), ("T-WHT2", "white", 2, 2)])
def test_colour_spaces_advance_their_colour(space, colour, count, cost):
    st = ready(4)
    p = me(st)
    p.tracks["ts"] = [15, 10, 7, 3, 0]
    ci = ["black", "gray", "brown", "natural", "white"].index(colour)
    start = p.tracks["ts"][ci]
    st.apply(Place(space, workers=cost))
    while st.tasks:
        st.apply(next(a for a in st.legal_actions() if isinstance(a, Advance) and a.railroad == "ts"))
    assert p.tracks["ts"][ci] == start + count


def test_a_track_space_that_cannot_be_done_in_full_is_refused():
    st = ready(4)
    p = me(st)
    p.tracks["ts"] = [15, 3, 0, 0, 0]
    p.tracks["stp"] = [9, 0, 0, 0, 0]
    p.tracks["kiev"] = [8, 0, 0, 0, 0]
    assert refused(st, Place("T-BLK3", workers=2)) == "Your black track cannot advance 3 spaces (only 1 possible)."


def test_two_of_any_colour_needs_a_worker_and_a_rouble_never_two_workers():
    st = ready(4)
    p = me(st)
    p.roubles = 2
    assert refused(st, Place("T-ANY", workers=2)) == "This space needs a rouble: a worker cannot replace it."
    st.apply(Place("T-ANY", roubles=2))
    assert p.roubles == 0 and p.workers_free == 5
    assert st.tasks[0].colours == "any" and st.tasks[0].count == 2


def test_two_of_any_colour_may_mix_colours():
    st = ready(4)
    p = me(st)
    p.tracks["ts"][0] = 3
    st.apply(Place("T-ANY", workers=1, roubles=1))
    task = st.tasks[0].id
    st.apply(Advance(task, "kiev", "black"))
    st.apply(Advance(task, "ts", "gray"))
    assert p.tracks["kiev"][0] == 2 and p.tracks["ts"][1] == 1


def test_bottom_space_is_never_occupied():
    st = ready(2)
    first = st.current_player()
    st.apply(Place("T-BOTTOM", workers=1))
    finish_tasks(st)
    second = st.current_player()
    st.apply(Place("T-BOTTOM", workers=1))
    finish_tasks(st)
    st.apply(Place("T-BOTTOM", workers=1))
    finish_tasks(st)
    assert [pl.seat for pl in st.placements] == [first, second, first]


def test_bottom_space_offers_black_or_gray_only():
    st = ready(4)
    p = me(st)
    p.tracks["ts"] = [7, 3, 1, 0, 0]
    st.apply(Place("T-BOTTOM", workers=1))
    colours = {a.colour for a in st.legal_actions() if isinstance(a, Advance)}
    assert colours == {"black", "gray"}


def test_locomotive_space_takes_the_lowest_pile_as_locomotive_or_factory():
    st = ready(4)
    p = me(st)
    st.apply(Place("L-1", workers=1))
    kinds = {type(a).__name__ for a in st.legal_actions()}
    assert kinds == {"BuildLoco", "BuildFactory"}
    st.apply(BuildLoco(st.tasks[0].id, "stp", 0))
    assert p.locos["stp"] == [2] and st.loco_piles[2] == 3


def test_two_worker_locomotive_space_builds_a_factory():
    st = ready(4)
    p = me(st)
    st.apply(Place("L-2", workers=2))
    st.apply(BuildFactory(st.tasks[0].id, 0, 0))
    assert p.factories == [2]


def test_three_worker_locomotive_space_gives_one_locomotive_and_one_factory_in_either_order():
    st = ready(4)
    p = me(st)
    st.loco_piles[2] = 1  # the order matters: the last #2, then a #3
    st.apply(Place("L-3", workers=3))
    assert {t.kind for t in st.tasks} == {"loco", "factory"}
    factory_task = next(t.id for t in st.tasks if t.kind == "factory")
    st.apply(BuildFactory(factory_task, 0, 0))
    assert p.factories == [2]
    assert {type(a).__name__ for a in st.legal_actions()} == {"BuildLoco"}
    st.apply(BuildLoco(st.tasks[0].id, "kiev", 0))
    assert p.locos["kiev"] == [3]


def test_three_worker_space_needs_two_pieces_left():
    st = ready(4)
    st.loco_piles = [0] * 10
    st.loco_piles[9] = 1
    assert refused(st, Place("L-3", workers=3)) == (
        "There are not enough locomotives and factories left to build both.")
    st.loco_piles[9] = 0
    assert refused(st, Place("L-1", workers=1)) == "There are no locomotives or factories left to build."


@pytest.mark.parametrize("space,cost,steps,black", [("I-1", 1, 1, 0), ("I-2", 2, 2, 0), ("I-1B", 2, 1, 1)])
def test_industry_spaces(space, cost, steps, black):
    st = ready(4)
    p = me(st)
    st.apply(Place(space, workers=cost))
    while st.tasks:
        st.apply(next(a for a in st.legal_actions() if not isinstance(a, Advance) or a.railroad == "ts"))
    assert p.industry == [steps] and p.tracks["ts"][0] == 1 + black


def test_industry_gap_needs_a_factory():
    st = ready(4)
    p = me(st)
    p.industry = [3]
    assert refused(st, Place("I-2", workers=2)) == (
        "Your industry marker cannot advance 2 spaces: build a factory to fill the next gap first.")
    p.factories = [5]
    st.apply(Place("I-2", workers=2))
    assert p.industry == [5]   # onto factory #5: it gives one more advancement, optional
    task = st.tasks[0].id
    assert set(st.legal_actions()) == {MoveIndustry(task, 0), Skip(task)}
    st.apply(MoveIndustry(task, 0))
    assert p.industry == [6]


def test_doubler_space_and_the_8_doubler_limit():
    st = ready(4)
    p = me(st)
    supply, had = st.doubler_supply, p.doublers
    st.apply(Place("A-DBL", workers=1))
    assert p.doublers == had + 1 and st.doubler_supply == supply - 1
    st = ready(4)
    me(st).doublers = 8
    assert refused(st, Place("A-DBL", workers=1)) == (
        "There is no room for a doubler above your Trans-Siberian (or none is left in the supply).")


def test_two_roubles_space():
    st = ready(4)
    p = me(st)
    supply = st.roubles_supply
    st.apply(Place("A-2R", workers=1))
    assert p.roubles == 3 and st.roubles_supply == supply - 2


def test_temporary_workers_act_as_workers_this_round_only():
    st = ready(4)
    seat = st.current_player()
    p = st.players[seat]
    st.apply(Place("A-TMP", workers=1))
    assert p.temps_free == 2 and st.temps_board == 0
    for other in range(3):
        st.apply(Pass())
    st.apply(Place("I-2", temps=2))
    assert p.temps_free == 0 and p.workers_free == 4
    st.apply(Place("A-2R", workers=1))
    st.apply(Pass())
    assert st.round == 2 and p.temps_free == 0 and st.temps_board == 2


def test_public_engineer_gives_its_action():
    st = ready(4)
    p = me(st)
    number = st.strip[5]
    st.apply(Place("E-PUB2", workers=1))
    assert st.placements[-1].space == "E-PUB2"
    finish_tasks(st)
    assert number == st.strip[5]  # public engineers stay on the board


def test_public_engineer_must_be_performable_in_full():
    st = ready(4)
    st.strip[4] = 4   # place 1 doubler and score 3
    me(st).doublers = 8
    assert refused(st, Place("E-PUB1", workers=1)) == (
        "There is no room for a doubler above your Trans-Siberian (or none is left in the supply).")


def test_hiring_needs_a_rouble_and_the_engineer_becomes_private():
    st = ready(4)
    p = me(st)
    number = st.strip[6]
    assert refused(st, Place("E-HIRE", workers=1)) == "This space needs a rouble: a worker cannot replace it."
    st.apply(Place("E-HIRE", roubles=1))
    assert p.engineers == [number] and st.strip[6] == 0 and p.roubles == 0


def test_own_engineer_once_per_round_and_may_be_used_partly():
    st = ready(4)
    seat = st.current_player()
    p = st.players[seat]
    p.engineers = [14]   # 2 black advancements
    p.tracks["ts"][0] = 15
    p.tracks["stp"][0] = 9
    p.tracks["kiev"][0] = 5
    p.tracks["kiev"][1] = 4
    st.apply(Place("ENG-14", workers=1))
    assert set(st.legal_actions()) == {Advance(st.tasks[0].id, "kiev", "black"), Skip(st.tasks[0].id)}
    st.apply(Advance(st.tasks[0].id, "kiev", "black"))
    st.apply(Skip(st.tasks[0].id))   # an own engineer may be used partly
    assert p.tracks["kiev"][0] == 6
    assert not st.tasks and p.engineers_used == [14]
    st.active = seat
    assert refused(st, Place("ENG-14", workers=1)) == "You already used your engineer 14 this round."


def test_roubles_replace_workers_and_payments_are_checked():
    st = ready(4)
    p = me(st)
    assert refused(st, Place("T-BLK3", workers=1)) == "This space needs exactly 2 workers or roubles, not 1."
    p.roubles = 0
    assert refused(st, Place("T-BLK3", workers=1, roubles=1)) == "You have only 0 roubles."
    p.workers_free = 0
    p.roubles = 1
    assert reason(st, "T-BLK3") == "This space needs 2 workers or roubles; you have only 1."
    st.apply(Place("T-BLK2", roubles=1))
    assert p.roubles == 0


def test_black_worker_earns_an_extra_black_advancement():
    st = ready(4)
    p = me(st)
    p.black_worker = p.black_free = True
    st.q_cards.remove("black_worker")
    st.apply(Place("T-BLK2", black=1))
    total = sum(t.count for t in st.tasks)
    assert total == 3
    assert any(t.source == "the black worker" and not t.mandatory for t in st.tasks)


def test_turn_order_spaces():
    st = ready(4)
    st.order = [0, 1, 2, 3]
    st.active = 0
    assert reason(st, "TO-1") == "You may not use the turn-order space under your current position."
    assert refused(st, Place("TO-2", temps=0, roubles=1)) == "The turn-order spaces need a worker of your own colour."
    st.apply(Place("TO-2", workers=1))
    st.apply(Pass())   # player 2
    st.apply(Pass())   # player 3
    st.apply(Pass())   # player 4
    st.active = 0
    assert reason(st, "TO-1") == "You may not use the turn-order space under your current position."
    st.order = [1, 0, 2, 3]
    assert reason(st, "TO-1") == "You may not occupy both turn-order spaces."


def test_two_players_may_take_the_space_under_their_own_position():
    st = ready(2)
    assert st.current_player() == st.order[0]
    st.apply(Place("TO-1", workers=1))
    assert st.placements[-1].space == "TO-1"


def test_last_round_marker_replaces_turn_order_with_three_industry():
    st = ready(4)
    assert reason(st, "LAST") == "The Last Round space only opens in the last round."
    st.round = st.rounds
    assert reason(st, "TO-2") == "The Last Round marker covers the turn-order spaces in the last round."
    p = me(st)
    st.apply(Place("LAST", workers=1))
    assert p.industry == [3]


def test_every_space_has_a_distinct_label():
    st = ready(4)
    labels = [space_label(st, sp.id) for sp in st.data.spaces]
    assert len(set(labels)) == len(labels)
    assert space_label(st, "L-2") == "the 1 locomotive or 1 factory space (2 workers)"
    st.round = st.rounds
    assert reason(st, "TO-1").startswith("The Last Round marker covers")


def test_a_substitute_on_a_turn_order_space_swaps_with_an_own_worker():
    st = ready(4)
    st.order = [0, 1, 2, 3]
    st.active = 2
    p = st.players[2]
    p.temps_free, st.temps_board = 1, 1
    assert refused(st, Place("TO-1", temps=1)) == "The turn-order spaces need a worker of your own colour."
    st.apply(Place("A-DBL", workers=1))
    st.active = 2
    events = st.apply(Place("TO-1", temps=1))
    assert events[1].text() == "P3 exchanges it for an own-colour worker from the 1 doubler space."
    by_space = {pl.space: pl for pl in st.placements}
    assert (by_space["TO-1"].workers, by_space["TO-1"].temps) == (1, 0)
    assert (by_space["A-DBL"].workers, by_space["A-DBL"].temps) == (0, 1)
    check_invariants(st)
