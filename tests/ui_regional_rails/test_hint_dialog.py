"""A hint asked in a Regional Rails phase dialog shows there: the dialog
starts with the suggested choice in words, and the button (or card) that
makes the hinted move is outlined, with an amount stepper set to the hinted
amount; pressing that button plays exactly the hinted move, which is legal."""
import pytest

from game.core.hints import find_hint
from game.regional_rails import actions as A
from ui.regional_rails import dialogs as dlg

from tests.ui_regional_rails.helpers import advance, press, scene, session


def _hinted_scene(tmp_path, phase, seed):
    sess = session(seed=seed)
    advance(sess, lambda s: s.phase == phase and s.current_player() == 0 and len(s.legal_actions()) > 1)
    a, sc = scene(tmp_path, sess)
    hint = find_hint("regional_rails", sess.state, seed, seconds=0.3)
    sc.put_hint(hint)
    sc.controller.refresh()
    return a, sc, hint


@pytest.mark.parametrize("phase,seed", [("income", 5), ("dividends", 5), ("upgrade", 5), ("income", 8)])
def test_the_hint_names_and_outlines_a_legal_choice_in_the_phase_dialog(tmp_path, phase, seed):
    a, sc, hint = _hinted_scene(tmp_path, phase, seed)
    state = sc.session.state
    assert hint.action in state.legal_actions()
    dialog = sc.controller._dialog
    words = dialog.items[0]
    assert isinstance(words, dlg.Text) and words.hint and words.text.startswith("Hint: ")
    hinted = [i for i in dialog.items if isinstance(i, (dlg.Button, dlg.Option)) and i.hinted]
    if isinstance(hint.action, A.PlaceDevelopment):  # a marker goes on the board, where the hint lights it
        assert not hinted and sc.controller.hint is not None
        return
    assert [i.key for i in hinted] == [hint.action]
    assert words.text == f"Hint: {state.advice(hint.action)}" or state.advice(hint.action) is None
    amount = getattr(hint.action, "amount", None)
    if amount:
        assert any(st.hinted and st.value == amount for st in dialog.steppers)
    before = len(sc.session.actions)
    press(a, dlg.layout(sc.camera.viewport, dialog, sc.controller.dock_width()).rect_of(hinted[0]).center)
    assert sc.session.actions[before] == hint.action


def test_the_dividends_dialog_says_and_sets_a_hinted_amount(tmp_path):
    a, sc, _ = _hinted_scene(tmp_path, "dividends", 5)
    state = sc.session.state
    amount = min(2, state.companies[state.active].money)
    sc.put_hint(type(sc.hint)(sc.hint.seat, A.BuyDividends(amount), "test", sc.hint.decision))
    sc.controller.refresh()
    dialog = sc.controller._dialog
    assert dialog.items[0].text == f"Hint: {state.advice(A.BuyDividends(amount))}"
    assert dialog.steppers[0].value == amount and dialog.steppers[0].hinted
    assert [b.key for b in dialog.buttons if b.hinted] == [A.BuyDividends(amount)]
    sc.controller.show_hint(None)
    sc.controller.refresh()
    assert not any(getattr(i, "hinted", False) for i in sc.controller._dialog.items)


def _dialog_hint_scene(tmp_path):
    """A scene at a human's Income phase (its dialog docked), the whole map in view, and a hint for it."""
    sess = session(seed=5)
    advance(sess, lambda s: s.phase == "income" and s.current_player() == 0 and len(s.legal_actions()) > 1)
    a, sc = scene(tmp_path, sess)
    sc.controller.refresh()
    return a, sc, find_hint("regional_rails", sess.state, 5, seconds=0.3)


def _map_corners(sc):
    x, y, w, h = sc.controller.map_bounds()
    return [sc.camera.world_to_screen((x + i * w, y + j * h)) for i in (0, 1) for j in (0, 1)]


def test_a_dialog_hint_keeps_the_whole_map_clear_of_its_sentence_and_gives_the_view_back(tmp_path):
    _, sc, hint = _dialog_hint_scene(tmp_path)
    before = (sc.camera.zoom, sc.camera.center)
    area = sc.controller.hint_area(sc.board_rect)
    assert area.top > sc.board_rect.top  # (the phase bar is no room for the sentence)
    sc.put_hint(hint)
    assert sc.camera.zoom >= 0.8 * before[0]  # (the map beside the dialog barely shrinks)
    box = sc._hint_box()[1]
    corners = _map_corners(sc)
    assert box.bottom <= area.bottom and not any(box.collidepoint(p) for p in corners)
    assert all(area.top <= py <= box.top and area.left <= px <= area.right for px, py in corners)
    sc.session.apply(hint.action)
    sc._check_hint()
    assert sc.hint is None and (sc.camera.zoom, sc.camera.center) == before


def test_a_dialog_hint_leaves_a_view_the_player_zoomed_in(tmp_path):
    _, sc, hint = _dialog_hint_scene(tmp_path)
    sc.camera.set_zoom(sc.camera.zoom * 2)
    zoomed = (sc.camera.zoom, sc.camera.center)
    sc.put_hint(hint)
    assert (sc.camera.zoom, sc.camera.center) == zoomed
