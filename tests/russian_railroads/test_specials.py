"""The special spaces of the three railroads."""
from game.russian_railroads.actions import Advance, BuildLoco, ChooseToken, Place, Skip
from game.russian_railroads.effects import advance_track, check_specials
from game.russian_railroads.scoring import railroad_score
from game.russian_railroads.tracks import can_advance, unlocked_colours
from tests.russian_railroads.helpers import DATA, check_invariants, finish_tasks, me, ready


def walk(st, seat, rid, colour, to):
    events = []
    ci = DATA.colour_index(colour)
    while st.players[seat].tracks[rid][ci] < to:
        advance_track(st, seat, rid, colour, events, 0)
    return events


def test_black_on_trans_siberian_unlocks_colours_at_2_6_10_15():
    st = ready(4)
    seat = st.current_player()
    p = st.players[seat]
    assert unlocked_colours(DATA, p) == ["black"]
    walk(st, seat, "ts", "black", 2)
    assert unlocked_colours(DATA, p) == ["black", "gray"]
    assert st.track_supply["gray"] == 12 - 3
    walk(st, seat, "ts", "black", 6)
    assert st.track_supply["brown"] == 12 - 3
    walk(st, seat, "ts", "black", 10)
    assert st.track_supply["natural"] == 8 - 2
    walk(st, seat, "ts", "black", 14)
    assert "white" not in unlocked_colours(DATA, p)
    events = walk(st, seat, "ts", "black", 15)
    assert st.track_supply["white"] == 3
    assert [e.text() for e in events if "gains" in e.text()] == [f"Player {seat + 1} gains 1 white track."]
    white = [t for t in st.tasks if t.colours == ["white"]]
    assert len(white) == 1 and white[0].count == 2 and not white[0].mandatory
    check_invariants(st)


def test_terminus_scores_10_once():
    st = ready(4)
    seat = st.current_player()
    p = st.players[seat]
    walk(st, seat, "kiev", "black", 9)
    assert p.score_parts["Termini"] == 10
    assert not can_advance(DATA, p, "kiev", "black")
    walk(st, seat, "stp", "black", 9)
    assert p.score_parts["Termini"] == 20


def test_kiev_7_gives_a_worker_without_a_locomotive():
    st = ready(4)
    seat = st.current_player()
    p = st.players[seat]
    events = walk(st, seat, "kiev", "black", 7)
    assert (p.workers, p.workers_free) == (6, 6)
    assert "kiev7_worker" in p.claimed
    assert any(e.text() == f"Player {seat + 1} gains an extra worker (Kiev space 7)." for e in events)
    walk(st, seat, "kiev", "black", 8)
    assert p.workers == 6


def test_trans_siberian_3_needs_brown_and_a_locomotive():
    st = ready(4)
    seat = st.current_player()
    p = st.players[seat]
    walk(st, seat, "ts", "black", 7)
    walk(st, seat, "ts", "gray", 5)
    walk(st, seat, "ts", "brown", 3)
    assert p.workers == 5   # reach is only 1
    p.locos["ts"] = [1]
    st.loco_piles[2] = 0
    st.apply(Place("L-1", workers=1))
    st.apply(BuildLoco(st.tasks[0].id, "ts", 1))   # a #3 beside the #1: reach 4
    assert p.workers == 6 and "ts3_worker" in p.claimed


def test_question_spaces_need_black_and_a_locomotive_and_work_once():
    st = ready(4)
    seat = st.current_player()
    p = st.players[seat]
    walk(st, seat, "stp", "black", 5)
    assert not st.tasks
    p.locos["stp"] = []
    st.apply(Place("L-1", workers=1))
    st.loco_piles[2] = 0
    st.loco_piles[3] = 0
    st.apply(BuildLoco(st.tasks[0].id, "stp", 0))
    token_task = st.tasks[0]
    assert token_task.kind == "token" and token_task.mandatory
    assert {a.token for a in st.legal_actions()} == set(DATA.q_tokens)
    st.apply(ChooseToken(token_task.id, "revaluation"))
    assert p.revaluation and p.tokens_used == ["revaluation"] and "stp4_token" in p.claimed
    finish_tasks(st)
    walk(st, seat, "stp", "black", 6)
    assert not st.tasks and "stp6_token" not in p.claimed   # the #4 does not reach space 6
    p.locos["stp"] = [6]
    check_specials(st, seat, [])
    assert st.tasks[0].kind == "token" and "stp6_token" in p.claimed
    assert {a.token for a in st.legal_actions()} == set(DATA.q_tokens) - {"revaluation"}


def test_trans_siberian_13_question_space():
    st = ready(4)
    seat = st.current_player()
    p = st.players[seat]
    p.locos["ts"] = [9, 4]
    walk(st, seat, "ts", "black", 13)
    assert "ts13_token" in p.claimed
    assert any(t.kind == "token" for t in st.tasks)


def test_st_petersburg_7_gray_doubles_the_railroad():
    st = ready(4)
    p = st.players[0]
    p.locos["stp"] = [8]
    p.tracks["stp"] = [8, 6, 0, 0, 0]
    assert railroad_score(DATA, p, "stp").total == 6
    p.tracks["stp"] = [8, 7, 0, 0, 0]
    score = railroad_score(DATA, p, "stp")
    assert (score.tracks, score.multiplier, score.total) == (7, 2, 14)
    p.locos["stp"] = [6]
    assert railroad_score(DATA, p, "stp").total == 6


def test_kiev_stars_need_black_and_locomotive_reach_and_space_8_is_worth_5():
    st = ready(4)
    p = st.players[0]
    p.tracks["kiev"] = [8, 0, 0, 0, 0]
    p.locos["kiev"] = [8]
    assert railroad_score(DATA, p, "kiev").stars == 1 + 2 + 3 + 4 + 5
    p.locos["kiev"] = [4]
    assert railroad_score(DATA, p, "kiev").stars == 10
    p.tracks["kiev"] = [2, 0, 0, 0, 0]
    assert railroad_score(DATA, p, "kiev").stars == 3


def test_kiev_medal_needs_gray_on_5_and_reach():
    st = ready(4)
    p = st.players[0]
    p.kiev_medal = True
    p.tracks["kiev"] = [6, 5, 0, 0, 0]
    p.locos["kiev"] = [5]
    score = railroad_score(DATA, p, "kiev")
    assert score.medal == 20 and score.total == 5 + 20 + 10
    p.tracks["kiev"] = [6, 4, 0, 0, 0]
    assert railroad_score(DATA, p, "kiev").medal == 0


def test_revaluation_raises_brown_natural_and_white():
    st = ready(4)
    p = st.players[0]
    p.locos["ts"] = [9, 6]
    p.tracks["ts"] = [15, 14, 12, 9, 5]
    base = railroad_score(DATA, p, "ts").total
    assert base == 5 * 7 + 4 * 4 + 3 * 2 + 2 * 1
    p.revaluation = True
    assert railroad_score(DATA, p, "ts").total == 5 * 10 + 4 * 6 + 3 * 3 + 2 * 1


def test_white_bonus_advancements_may_be_skipped():
    st = ready(4)
    seat = st.current_player()
    st.players[seat].tracks["ts"] = [14, 10, 8, 4, 0]
    st.track_supply.update(gray=9, brown=9, natural=6)
    st.apply(Place("T-BLK2", workers=1))
    st.apply(Advance(st.tasks[0].id, "ts", "black"))
    white = next(t for t in st.tasks if t.colours == ["white"])
    assert white.depth > 0   # it interrupts the rest of the action
    st.apply(Skip(white.id))
    assert st.tasks[0].source == "the 2 black advancements space"


def test_white_bonus_is_lost_when_white_cannot_move():
    st = ready(4)
    seat = st.current_player()
    st.players[seat].tracks["ts"] = [14, 0, 0, 0, 0]
    st.apply(Place("T-BLK2", workers=1))
    st.apply(Advance(st.tasks[0].id, "ts", "black"))
    assert all(t.colours != ["white"] for t in st.tasks)   # natural is not on the railroad: white cannot enter
