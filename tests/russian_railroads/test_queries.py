"""The read-only helpers the UI uses, and saving/loading through a Session."""
import pytest

from game.core.engine import Seat
from game.core.session import Session
from game.russian_railroads import ENGINE, make_bot, scoring
from game.russian_railroads.actions import Place
from game.russian_railroads.queries import (board_value, default_payment, final_bonus_preview, loco_preview, pending,
                                            round_scoring_preview, space_states)
from tests.russian_railroads.helpers import ready


def test_space_states_list_usable_spaces_and_reasons():
    st = ready(4)
    before = st.to_dict()
    states = {s.space: s for s in space_states(st)}
    assert states["T-BLK3"].usable and states["T-BLK3"].reason == ""
    assert (1, 0, 1, 0) in states["T-ANY"].payments and (2, 0, 0, 0) not in states["T-ANY"].payments
    assert not states["T-GRY2"].usable
    assert states["T-GRY2"].reason.startswith("You have no gray track yet")
    assert st.to_dict() == before


def test_space_states_while_a_choice_is_pending():
    st = ready(4)
    st.apply(Place("T-BLK3", workers=2))
    states = space_states(st)
    assert all(not s.usable for s in states)
    assert states[0].reason == "First finish: 3 black advancements from the 3 black advancements space."
    (task, prompt, actions), = pending(st)
    assert prompt.startswith("3 black advancements") and len(actions) == 3


def test_default_payment_prefers_temporary_workers_and_keeps_roubles():
    st = ready(4)
    p = st.players[st.current_player()]
    p.temps_free = 1
    p.roubles = 3
    assert default_payment(st, "T-BLK3") == Place("T-BLK3", workers=1, temps=1)
    assert default_payment(st, "T-ANY") == Place("T-ANY", temps=1, roubles=1)


def test_board_value_and_round_preview_agree():
    st = ready(4)
    p = st.players[0]
    p.locos["kiev"] = [3]
    p.tracks["kiev"] = [3, 0, 0, 0, 0]
    value = board_value(st, 0)
    preview = round_scoring_preview(st, 0)
    assert [e.part for e in preview] == ["ts", "stp", "kiev", "industry"]
    assert sum(e.points for e in preview) == value.total == 6 + value.industry


def test_final_bonus_preview():
    st = ready(3)
    st.players[1].engineers = [4]
    st.players[1].end_bonus = ["points15", "hired"]
    assert final_bonus_preview(st, 1) == {"15 points": 15, "6 per engineer": 6, "Engineer majority": 40}
    assert final_bonus_preview(st, 0) == {"Engineer majority": 0}


def test_loco_preview_shows_the_displaced_chain():
    st = ready(4)
    p = st.players[0]
    p.locos = {"ts": [3, 1], "stp": [2], "kiev": []}
    preview = loco_preview(st, 0, 4, "ts", 1)
    assert preview.displaced == 1 and preview.destinations == (("kiev", 0),)
    preview = loco_preview(st, 0, 4, "kiev", 0)
    assert preview.displaced == 0 and preview.destinations == ()


def test_session_save_and_replay_equal_the_live_state(tmp_path):
    seats = [Seat("A", kind="computer"), Seat("B", kind="computer")]
    session = Session("russian_railroads", {}, 11, seats, engine=ENGINE)
    bots = [make_bot("normal", 1), make_bot("random", 2)]
    for _ in range(60):
        session.apply(bots[session.state.current_player()].choose(session.state))
    path = tmp_path / "rrd.yaml"
    session.save(path)
    loaded = Session.load(path, engine_for=lambda _gid: ENGINE)
    assert loaded.state == session.state
    assert session.replay().state == session.state


def test_undo_within_the_turn_through_the_session():
    seats = [Seat("A"), Seat("B"), Seat("C")]
    session = Session("russian_railroads", {}, 4, seats, engine=ENGINE)
    while session.state.phase == "draft":
        session.apply(session.state.legal_actions()[-1])
        while session.state.tasks:
            session.apply(session.state.legal_actions()[0])
    before = session.state.to_dict()
    session.apply(Place("T-BLK3", workers=2))
    assert session.can_undo()
    session.undo()
    assert session.state.to_dict() == before


def test_event_texts_use_the_seat_names():
    st = ready(3)
    seat = st.current_player()
    events = st.apply(Place("A-2R", workers=1))
    assert events[0].text() == f"P{seat + 1} places 1 worker on the 2 roubles space."
    assert events[1].text() == f"P{seat + 1} takes 2 roubles."


@pytest.mark.parametrize("options", [{}, {"board": "germany", "new_components": True, "coal": True},
                                     {"board": "usa", "dsp": True}])
def test_the_bots_quick_board_total_is_the_scored_board_value(options):
    """The bots weigh boards by ``board_total`` (no spaces listed); after
    every action of whole random games on every board it equals the board
    value the rounds score (branches, extension tiles, revaluations, ends)."""
    st = ENGINE.new_game(options, 7, [Seat(f"P{i + 1}") for i in range(3)])
    bots = [make_bot("random", i) for i in range(3)]
    checked = set()
    while not st.is_terminal():
        st.apply(bots[st.current_player()].choose(st))
        for p in st.players:
            total = scoring.board_total(st.data, p)
            assert total == scoring.board_value(st.data, p).total
            checked.add(total)
    assert len(checked) > 10  # the boards scored many different values, not only the empty one


def test_the_quick_board_total_counts_the_doubling_the_medal_and_the_stars():
    """St. Petersburg doubled by its gray track at space 7, the Kiev Medal
    and Kiev's stars (positions random games seldom reach)."""
    st = ready(2)
    p = st.players[0]
    p.tracks["stp"], p.locos["stp"] = [9, 8, 0, 0, 0], [5, 4]
    p.tracks["kiev"], p.locos["kiev"] = [6, 5, 0, 0, 0], [6]
    p.kiev_medal = True
    value = scoring.board_value(st.data, p)
    stp, kiev = (next(r for r in value.railroads if r.railroad == rid) for rid in ("stp", "kiev"))
    assert stp.multiplier == 2 and kiev.medal == 20 and kiev.stars > 0
    assert scoring.board_total(st.data, p) == value.total
