"""Hints on the game screen (H or the Hint button) and a hard computer
player's search stopped when the player leaves; shown with Russian Railroads."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import registry
from game.core.hints import find_hint
from game.core.search_bot import HARD, Budget
from game.core.session import Session
from tests.ui.helpers import key
from ui import theme
from ui.game_scene import LOG_TITLE_H, LOG_UNDER_HINT_MIN_H
from ui.hint_place import HINT_GAP
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


LONG = ("Place 2 workers on the 3 black advancements space, then advance the black track on the Kiev to "
        "space 5: projected 29 points above the next best move.")


def _hint_over_lower_rows(monkeypatch, tmp_path, size, sentence, roubles=0):
    """The hint banner's surface and rect on the player's placement turn
    (holding `roubles` more: the "Pay roubles first" button takes room), and
    the screen rect of the player board's industry and engineers rows."""
    from game.core.hints import Hint
    from game.core.search_bot import Decision
    from ui.russian_railroads import geometry as g

    built(monkeypatch)
    app, scene = make_scene(tmp_path, 4, size=size)
    _to_human_placement(scene.session)
    scene.state.players[0].roubles += roubles
    app.step()
    action = scene.state.legal_actions()[0]
    scene.put_hint(Hint(0, action, sentence, Decision(action, 0.0, 0.0, None, 0, 0, action)))
    app.step()
    shown = scene._hint_box()
    assert shown is not None
    rows = g.focus_frame().rect((g.IND_X, g.IND_Y, g.MAX_LENGTH * g.SPACE_W, g.PB_H - g.IND_Y))
    (x0, y0), (x1, y1) = scene.camera.world_to_screen(rows[:2]), scene.camera.world_to_screen(
        (rows[0] + rows[2], rows[1] + rows[3]))
    lower = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    assert lower.height > 40
    return app, scene, shown, lower


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_hint_on_the_players_turn_leaves_the_industry_and_engineer_rows_in_view(monkeypatch, tmp_path, size):
    """The sentence stood at the foot of the board, over the player board's industry row and the row of
    hired engineers and ? tokens under it: it now stands in the side panel's free room under the scores."""
    app, scene, (box, rect), lower = _hint_over_lower_rows(monkeypatch, tmp_path, size, LONG)
    assert not rect.colliderect(lower), (rect, lower)
    assert not any(rect.colliderect(hit.rect) for hit in scene.controller._panel_hits)  # nor the scores or Pass
    assert not rect.colliderect(scene._log_rect()) and app.screen.get_rect().contains(rect)
    assert box.get_height() == rect.height and box.get_width() > 200  # the whole sentence, not squeezed


LONGEST = ("Use the 1 locomotive or 1 factory space (1 worker) again, then place a #9 locomotive on the "
           "St. Petersburg, replacing the #6: the industry scores 10 points more at each of the 3 scorings left, "
           "projected 4 points above the next best move.")  # the longest of 27 hints sampled from 4 games


def test_the_longest_kind_of_hint_shows_whole_in_the_side_panel_at_1280x720(monkeypatch, tmp_path):
    """A longer rating ("... by the game's end") cut 6 of 27 sampled hints after the panel's 8 lines."""
    from ui import widgets
    from ui.game_scene import HINT_LINES
    from ui.hint_place import HINT_SIDE

    app, scene, (box, rect), lower = _hint_over_lower_rows(monkeypatch, tmp_path, (1280, 720), LONGEST)
    width = scene.controller.hint_area(scene.board_rect).width - 2 * HINT_SIDE
    assert not widgets.banner_cut("Hint: " + LONGEST, width, HINT_LINES)
    assert not rect.colliderect(lower) and app.screen.get_rect().contains(rect)


def test_a_hint_too_tall_for_the_room_under_the_scores_stands_over_the_logs_place_not_the_player_board(
        monkeypatch, tmp_path):
    """A long sentence with the "Pay roubles first" button taking room went back to the foot of the
    board, over the industry row: it now stands at the top of that room, where the head of the game log
    was, and the log (its title too) starts below it until the move is made."""
    app, scene, (box, rect), lower = _hint_over_lower_rows(monkeypatch, tmp_path, (1280, 720), LONG, roubles=2)
    assert any(b.command == "toggle_roubles" for b in scene.controller.choices.buttons)
    assert not rect.colliderect(lower) and not rect.colliderect(scene.board_rect), (rect, lower)
    room = scene.controller.hint_area(scene.board_rect)
    assert box.get_height() + HINT_GAP > room.height  # the sentence does not fit the room
    assert rect.top == room.top + HINT_GAP and rect.bottom > room.bottom  # past the room, where the log's head was
    assert not any(rect.colliderect(hit.rect) for hit in scene.controller._panel_hits)
    assert app.screen.get_rect().contains(rect) and box.get_width() > 200
    log = scene.log_box.rect
    assert log.top - LOG_TITLE_H >= rect.bottom and log.height >= LOG_UNDER_HINT_MIN_H  # title and lines below it
    scene.controller.show_hint(None)
    scene.hint = None
    app.step()
    assert scene.log_box.rect.top < log.top and scene.log_box.rect.bottom == log.bottom  # its room back


def test_a_hint_beside_a_chooser_of_three_rows_stands_in_the_side_panel(monkeypatch, tmp_path):
    """The End Bonus chooser (8 cards and "10 points instead") fills the board at 1280x720: the hint's
    sentence stood at the board's foot, under the chooser, out of sight; it now stands in the side panel's
    room under the scores. Every card's text fits its card (the longest was cut)."""
    from game.russian_railroads.data import Effect
    from game.russian_railroads.effects import add_task
    from ui.russian_railroads.dialogs import CARD_H, _card_lines

    built(monkeypatch)
    app, scene = make_scene(tmp_path, 4, size=(1280, 720))
    _to_human_placement(scene.session)
    add_task(scene.state, 0, Effect("end_bonus"), True, "test", 0)
    scene.controller.refresh()
    app.step()
    cards = scene.controller.choices.cards
    assert len(cards) == 9
    found = find_hint("russian_railroads", scene.state, 1, seconds=0.2)
    assert found.text.startswith(('Keep the End Bonus card "', "Take 10 points"))
    scene.put_hint(found)
    app.step()
    shown = scene._hint_box()
    assert shown is not None
    rect, chooser = shown[1], scene.controller._chooser_box
    assert chooser.height > 0 and not rect.colliderect(chooser) and not rect.colliderect(scene.board_rect)
    assert app.screen.get_rect().contains(rect)
    for card in cards:
        size, step, lines = _card_lines(card.text, CARD_H - 56 - 8)
        assert not lines[-1].endswith("…") and len(lines) * step <= CARD_H - 56 - 8, card.text
