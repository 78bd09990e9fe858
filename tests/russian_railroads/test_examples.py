"""The rulebook's worked examples."""
from game.russian_railroads.actions import Advance, BuildLoco, MoveLoco, Place
from game.russian_railroads.rounds import new_turn_order
from game.russian_railroads.scoring import board_value, majority_awards, railroad_score
from game.russian_railroads.state import Placement
from tests.russian_railroads.helpers import DATA, me, ready


def test_scoring_example_red_scores_20():
    """Red: TS #6 + #2, brown to 3, gray to 7, black beyond, 1 doubler = 12;
    St. Petersburg black only, no locomotive = 0; Kiev #2 with black = 1 + 2 = 3;
    industry marker on the first factory = 5; total 20."""
    st = ready(4)
    red = st.players[0]
    red.locos = {"ts": [6, 2], "stp": [], "kiev": [2]}
    red.tracks["ts"] = [10, 7, 3, 0, 0]
    red.tracks["stp"] = [1, 0, 0, 0, 0]
    red.tracks["kiev"] = [3, 0, 0, 0, 0]
    red.doublers = 1
    red.factories = [4]
    red.industry = [5]
    ts = railroad_score(DATA, red, "ts")
    assert [s.value * (2 if s.doubled else 1) for s in ts.spaces] == [4, 2, 2, 1, 1, 1, 1, 0]
    assert [s.colour for s in ts.spaces] == ["brown"] * 3 + ["gray"] * 4 + ["black"]
    assert ts.total == 12
    assert railroad_score(DATA, red, "stp").total == 0
    kiev = railroad_score(DATA, red, "kiev")
    assert (kiev.tracks, kiev.stars, kiev.total) == (0, 3, 3)
    value = board_value(DATA, red)
    assert value.industry == 5
    assert value.total == 20
    assert value.parts == {"Trans-Siberian": 12, "St. Petersburg": 0, "Kiev": 3, "Industry": 5}


def test_kiev_stars_are_cumulative_1_2_3():
    st = ready(4)
    p = st.players[0]
    p.locos["kiev"] = [3]
    p.tracks["kiev"] = [3, 0, 0, 0, 0]
    assert railroad_score(DATA, p, "kiev").stars == 6


def test_track_advancement_example_three_black_split_between_railroads():
    """Blue places 2 workers on 3 black advancements, moves 2 on one railroad and 1 on another."""
    st = ready(4)
    seat = st.current_player()
    st.apply(Place("T-BLK3", workers=2))
    task = st.tasks[0].id
    st.apply(Advance(task, "ts", "black"))
    st.apply(Advance(task, "ts", "black"))
    st.apply(Advance(task, "kiev", "black"))
    p = st.players[seat]
    assert p.tracks["ts"][0] == 3 and p.tracks["kiev"][0] == 2
    assert not st.tasks and st.current_player() != seat


def test_gray_example_first_advancement_enters_the_railroad():
    """1 worker, 2 gray: the first advancement places gray on space 1, the second moves it to 2."""
    st = ready(4)
    p = me(st)
    p.tracks["ts"][0] = 4  # gray unlocked at 2
    p.tracks["kiev"][0] = 3
    st.apply(Place("T-GRY2", workers=1))
    task = st.tasks[0].id
    assert {(a.railroad, a.colour) for a in st.legal_actions()} == {("ts", "gray"), ("kiev", "gray")}
    st.apply(Advance(task, "ts", "gray"))
    assert p.tracks["ts"][1] == 1
    st.apply(Advance(task, "ts", "gray"))
    assert p.tracks["ts"][1] == 2


def test_a_single_possible_advancement_is_made_automatically():
    st = ready(4)
    p = me(st)
    p.tracks["ts"][0] = 4
    st.apply(Place("T-GRY2", workers=1))
    assert p.tracks["ts"][1] == 2 and not st.tasks


def test_locomotive_chain_example():
    """Green: TS #3 + #1; a #4 replaces the #1, which goes to Kiev. Later a #4 on
    St. Petersburg displaces the #2 there, which displaces Kiev's #1, which fits nowhere."""
    st = ready(4)
    seat = st.current_player()
    green = st.players[seat]
    green.locos = {"ts": [3, 1], "stp": [], "kiev": []}
    st.loco_piles[2] = st.loco_piles[3] = 0
    st.apply(Place("L-1", workers=1))
    task = st.tasks[0].id
    st.apply(BuildLoco(task, "ts", 1))
    assert green.locos["ts"] == [3, 4]
    move = st.tasks[0]
    assert (move.kind, move.number, move.origin) == ("move_loco", 1, "ts")
    options = {(a.railroad, a.slot) for a in st.legal_actions()}
    assert options == {("stp", 0), ("kiev", 0)}
    st.apply(MoveLoco(move.id, "kiev", 0))
    assert green.locos["kiev"] == [1] and not st.tasks
    # later: St. Petersburg has a #2; a new #4 goes there
    green.locos = {"ts": [3, 4], "stp": [2], "kiev": [1]}
    green.workers_free = 3
    st.active = seat
    st.turn_done = False
    st.placements = [pl for pl in st.placements if pl.space != "L-1"]
    st.apply(Place("L-1", workers=1))
    st.apply(BuildLoco(st.tasks[0].id, "stp", 0))
    assert green.locos["stp"] == [4]
    # the #2 can only replace Kiev's #1, and the #1 then fits nowhere (TS holds #3 and #4):
    # both forced moves happen by themselves and the #1 becomes a factory beside the piles
    assert green.locos["kiev"] == [2]
    assert not st.tasks
    assert 1 in st.returned_factories


def test_turn_order_example_green_and_red_move_to_the_front():
    """Yellow, Blue, Green, Red; Green takes space 1 and Red space 2: Green, Red, Yellow, Blue."""
    st = ready(4)
    st.order = [0, 1, 2, 3]
    st.placements = [Placement("TO-1", 2, workers=1), Placement("TO-2", 3, workers=1)]
    assert new_turn_order(st) == [2, 3, 0, 1]


def test_turn_order_special_case_first_player_on_space_2_keeps_the_order():
    st = ready(4)
    st.order = [0, 1, 2, 3]
    st.placements = [Placement("TO-2", 0, workers=1)]
    assert new_turn_order(st) == [0, 1, 2, 3]


def test_turn_order_only_space_2_moves_that_player_behind_the_first():
    st = ready(4)
    st.order = [0, 1, 2, 3]
    st.placements = [Placement("TO-2", 3, workers=1)]
    assert new_turn_order(st) == [0, 3, 1, 2]


def test_engineer_majority_example():
    """Red 3 engineers: 40. Blue and Yellow 2 each; Yellow holds the higher number: 20.
    Green has none and scores nothing."""
    red, blue, yellow, green = (3, 9), (2, 8), (2, 13), (0, 0)
    assert majority_awards(DATA, [red, blue, yellow, green]) == [40, 0, 20, 0]


def test_no_engineers_no_majority_points():
    assert majority_awards(DATA, [(0, 0), (0, 0)]) == [0, 0]
    assert majority_awards(DATA, [(1, 4), (0, 0)]) == [40, 0]
