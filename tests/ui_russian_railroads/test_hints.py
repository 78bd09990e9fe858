"""Hints on the game screen (H or the Hint button) and a hard computer
player's search stopped when the player leaves; shown with Russian Railroads."""
from __future__ import annotations

import dataclasses

import pygame

from game import registry
from game.core.hints import find_hint
from game.core.search_bot import HARD, Budget
from game.core.session import Session
from tests.ui.helpers import key
from ui import theme
from tests.ui_russian_railroads.helpers import built, make_scene


def _to_human_placement(session: Session) -> None:
    bots = [registry.make_bot("russian_railroads", "normal", i) for i in range(len(session.seats))]
    st = session.state
    while st.tasks or st.phase != "actions" or st.round < 2 or st.current_player() != 0:
        session.apply(bots[st.current_player()].choose(st))
        st = session.state


def test_h_shows_the_hint_on_the_board_and_counts_it(monkeypatch, tmp_path):
    built(monkeypatch)
    app, scene = make_scene(tmp_path, 2)
    _to_human_placement(scene.session)
    key(app, pygame.K_h)
    job = scene._hint_job
    assert job is not None
    job.thread.join()
    app.step()
    hint = scene.hint
    assert hint is not None and hint.seat == 0 and hint.action in scene.state.legal_actions()
    assert scene.controller.hint == hint.action and scene.session.hints == [1, 0]
    key(app, pygame.K_h)  # the same position: the hint stays, counted once
    assert scene._hint_job is None and scene.session.hints == [1, 0]
    saved = Session.from_save_dict(scene.session.to_save_dict())
    assert saved.hints == [1, 0]
    assert scene.submit(hint.action)
    app.step()
    assert scene.hint is None and scene.controller.hint is None


def test_a_hint_is_only_for_a_human_turn(monkeypatch, tmp_path):
    built(monkeypatch)
    app, scene = make_scene(tmp_path, 2, computers=(0, 1))
    scene.ask_hint()
    assert scene._hint_job is None and scene.session.hints == [0, 0]


def test_leaving_the_game_stops_a_hard_search(monkeypatch, tmp_path):
    built(monkeypatch)
    app, scene = make_scene(tmp_path, 2, computers=(0, 1))
    _to_human_placement(scene.session)
    scene._bots[0] = registry.make_bot("russian_railroads", HARD, 1, Budget(None, 1_000_000))
    scene._start_bot(0)
    job = scene._job
    assert job is not None and job.thread.is_alive()
    app.back_to_menu()
    job.thread.join(timeout=30)
    assert not job.thread.is_alive() and job.stop.is_set() and scene._job is None


def test_results_name_each_computer_level_and_the_hints_used():
    from game.core.engine import COMPUTER, Seat
    from ui.scenes.results import seat_detail

    assert seat_detail(Seat("Comp", kind=COMPUTER, difficulty=HARD), 0) == "computer, hard"
    assert seat_detail(Seat("Anna"), 0) == "no hints used"
    assert seat_detail(Seat("Anna"), 1) == "1 hint used"
    assert seat_detail(Seat("Anna"), 3) == "3 hints used"


def test_setup_describes_every_level():
    from game.core.engine import DIFFICULTIES, DIFFICULTY_TEXT
    from ui.scenes.setup import KINDS, SETUP_HINTS

    assert all(DIFFICULTY_TEXT[d] in SETUP_HINTS[0] for d in DIFFICULTIES)
    assert ("Computer · hard", "computer:hard") in KINDS


def test_a_hint_for_a_card_choice_stands_above_the_chooser_and_lights_its_card(monkeypatch, tmp_path):
    """The starting-bonus chooser is drawn over the board: the hint's sentence
    must stand above it (it was hidden under it) and the hinted card be lit."""
    built(monkeypatch)
    app, scene = make_scene(tmp_path, 4)
    cards = scene.controller.choices.cards
    assert [c.title for c in cards] == ["Starting bonus"] * 4
    found = find_hint("russian_railroads", scene.state, 1, seconds=0.2)
    scene.put_hint(dataclasses.replace(found, action=cards[2].action))  # not the card lit by default
    scene.controller._mouse = (0, 0)
    app.step()
    hint_box = scene._hint_box()
    assert hint_box is not None
    chooser = scene.controller._chooser_box
    assert chooser.height > 0 and hint_box[1].bottom <= chooser.top
    lit = [r for r, card in scene.controller._card_hits
           if app.screen.get_at((r.centerx, r.top + 1))[:3] == theme.HIGHLIGHT]
    assert lit == [scene.controller._card_hits[2][0]]
