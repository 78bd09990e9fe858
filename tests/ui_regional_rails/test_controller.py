"""Playing through the game screen: clicks on hex interiors and sides become
previews and then build actions, illegal places say why, each phase's
dialog submits its decision, and the phase bar follows the state."""
import pygame
import pytest

from game.regional_rails import actions as A
from game.regional_rails import queries
from ui.regional_rails import dialogs as dlg
from ui.regional_rails import geometry as geo
from ui import theme
from ui.regional_rails.phasebar import bar_model, draw_phase_bar
from ui.regional_rails.boardview import view_of
from ui.regional_rails.render import card_layout

from tests.ui_regional_rails.helpers import advance, press, scene, screen_of, session


def _my_phase(phase):
    return lambda s: s.phase == phase and s.current_player() == 0


def _centre_on(sc, world):
    sc.camera.center = world
    return screen_of(sc, world)


def _build_scene(tmp_path, seed=3, want=None):
    sess = session(seed=seed)
    advance(sess, lambda s: _my_phase("build")(s) and (want is None or any(
        isinstance(a, want) for a in s.legal_actions())))
    return scene(tmp_path, sess)


def _press_card(a, sc, key):
    lay = card_layout(sc.camera, sc.controller.preview)
    rect = next(r for k, _, r in lay.buttons if k == key)
    press(a, rect.center)


def test_click_legal_interior_shows_cost_then_build_submits(tmp_path):
    a, sc = _build_scene(tmp_path, want=A.BuildInterior)
    sess = sc.session
    act = next(x for x in sess.state.legal_actions() if isinstance(x, A.BuildInterior))
    h = (act.q, act.r)
    quote = queries.quote_interior(sess.state, h)
    before = len(sess.actions)
    press(a, _centre_on(sc, geo.hex_center(h)))
    ctl = sc.controller
    assert ctl.selected == geo.Target("interior", h)
    assert ctl.preview.cost == quote.total and not ctl.preview.reason
    assert [amount for _, amount in ctl.preview.lines] == [line.amount for line in quote.lines]
    assert len(sess.actions) == before  # nothing happens before confirming
    _press_card(a, sc, "build")
    assert sess.actions[before] == A.BuildInterior(*h)
    assert ctl.selected is None


def test_click_legal_side_twice_builds_it(tmp_path):
    a, sc = _build_scene(tmp_path, want=A.BuildSide)
    sess = sc.session
    act = next(x for x in sess.state.legal_actions() if isinstance(x, A.BuildSide))
    e = (act.q, act.r, act.side)
    before = len(sess.actions)
    pos = _centre_on(sc, geo.edge_midpoint(e))
    press(a, pos)
    assert sc.controller.selected == geo.side_target(e)
    assert sc.controller.preview.cost == queries.quote_side(sess.state, e).total
    press(a, pos)
    assert sess.actions[before] == A.BuildSide(*e)


def test_illegal_place_shows_why_and_cannot_be_confirmed(tmp_path):
    a, sc = _build_scene(tmp_path)
    sess = sc.session
    state = sess.state
    mine = set(state.connected_hexes(state.active))
    far = max(state.board.land, key=lambda h: min(abs(h[0] - m[0]) + abs(h[1] - m[1]) for m in mine))
    before = len(sess.actions)
    pos = _centre_on(sc, geo.hex_center(far))
    press(a, pos)
    preview = sc.controller.preview
    assert preview.reason == queries.quote_interior(state, far).problem[0].upper() + \
        queries.quote_interior(state, far).problem[1:] + "."
    assert "continuous" in preview.reason
    lay = card_layout(sc.camera, preview)
    assert "build" not in [k for k, _, _ in lay.buttons]
    press(a, pos)  # a second click on an illegal place does not build either
    a.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    assert len(sess.actions) == before


def _dialog_press(a, sc, pick):
    """Press the dialog button/option/stepper chosen by `pick(dialog, layout)`."""
    sc.controller.refresh()
    dialog = sc.controller._dialog
    lay = dlg.layout(sc.camera.viewport, dialog, sc.controller.dock_width())
    press(a, pick(dialog, lay).center)


def test_end_build_phase_button_moves_to_income(tmp_path):
    a, sc = _build_scene(tmp_path)
    before = len(sc.session.actions)
    _dialog_press(a, sc, lambda d, lay: lay.rect_of(d.buttons[-1]))
    assert sc.session.actions[before] == A.EndPhase()
    assert sc.session.state.phase == "income"


def test_dividends_stepper_and_button_buy_the_chosen_amount(tmp_path):
    sess = session(seed=5)
    advance(sess, lambda s: _my_phase("dividends")(s) and s.companies[s.active].money >= 2)
    a, sc = scene(tmp_path, sess)
    co = sess.state.active
    sc.controller.refresh()
    start = sc.controller.dialogs.steppers["dividends"].value
    _dialog_press(a, sc, lambda d, lay: lay.minus(lay.rect_of(d.steppers[0])))
    amount = max(0, start - 1)
    assert sc.controller.dialogs.steppers["dividends"].value == amount
    vp_before = sess.state.companies[co].vp
    gain = queries.dividend_vp(sess.state, amount)
    assert sc.controller._dialog.buttons[-1].label == (f"Buy {gain} VP for {amount} MB" if amount else "Buy nothing")
    before = len(sess.actions)
    _dialog_press(a, sc, lambda d, lay: lay.rect_of(d.buttons[-1]))
    assert sess.actions[before] == A.BuyDividends(amount)
    assert sess.state.companies[co].vp == vp_before + gain


def test_income_loan_stepper_borrows(tmp_path):
    sess = session(seed=6)
    advance(sess, lambda s: _my_phase("income")(s) and not s.turn.borrowed and s.turn.loan_roll >= 2)
    a, sc = scene(tmp_path, sess)
    def loan(d):
        return next(st for st in d.steppers if st.name == "loan")

    _dialog_press(a, sc, lambda d, lay: lay.plus(lay.rect_of(loan(d))))
    _dialog_press(a, sc, lambda d, lay: lay.plus(lay.rect_of(loan(d))))
    before = len(sess.actions)
    _dialog_press(a, sc, lambda d, lay: lay.rect_of(next(b for b in d.buttons if b.label == "Borrow 2 MB")))
    assert sess.actions[before] == A.Borrow(2)


def test_setup_company_and_start_city_picks(tmp_path):
    sess = session(seed=8)
    advance(sess, _my_phase("setup_company"))
    a, sc = scene(tmp_path, sess)
    dialog = sc.controller._dialog
    choice = next(i for i, o in enumerate(dialog.options) if o.enabled)
    name = dialog.options[choice].label
    before = len(sess.actions)
    _dialog_press(a, sc, lambda d, lay: lay.rect_of(d.options[choice]))
    assert sess.actions[before] == A.PickCompany(name)
    advance(sess, _my_phase("setup_start"))
    sc.controller.invalidate()
    start = next(x for x in sess.state.legal_actions() if isinstance(x, A.PickStart))
    assert ("interior", (start.q, start.r)) in (sc.controller.refresh() or sc.controller._hints)
    before = len(sess.actions)
    press(a, _centre_on(sc, geo.hex_center((start.q, start.r))))
    assert sess.actions[before] == start


def test_setup_roll_button_rolls(tmp_path):
    a, sc = scene(tmp_path, session(seed=9))
    _dialog_press(a, sc, lambda d, lay: lay.rect_of(d.buttons[0]))
    assert sc.session.actions[0] == A.RollDice()
    assert sc.session.state.phase == "setup_company" or sc.session.state.current_player() != 0


@pytest.mark.parametrize("phase", ["setup_company", "build", "income", "dividends", "upgrade"])
def test_phase_bar_lights_the_current_phase(tmp_path, phase):
    sess = session(seed=10)
    advance(sess, lambda s: s.phase == phase)
    a, sc = scene(tmp_path, sess)
    model = bar_model(sess.state)
    states = {i.key: i.state for i in model.items}
    assert states[phase] == "current"
    keys = [i.key for i in model.items]
    assert all(states[k] == "done" for k in keys[:keys.index(phase)])
    assert all(states[k] == "todo" for k in keys[keys.index(phase) + 1:])
    if phase != "setup_company":
        c = sess.state.companies[sess.state.active]
        assert c.name in model.who and f"Round {sess.state.round}" in model.who
    surf = pygame.Surface((1400, 60))
    chips = draw_phase_bar(surf, pygame.Rect(0, 0, 1400, 44), model)
    lit = [i for i, chip in enumerate(chips) if surf.get_at((chip.x + 3, chip.centery))[:3] == theme.ACCENT]
    assert lit == [keys.index(phase)]


def test_panel_hides_other_players_vp_and_markers(tmp_path):
    from ui.regional_rails.panel import panel_model

    sess = session(seed=12)
    advance(sess, _my_phase("build"))
    st = sess.state
    model = panel_model(st, 0, False, None, 0, None)
    for row in model.rows:
        owner = next(c for c in st.companies if c.name == row.name).owner
        assert ("VP hidden" == row.vp) == (owner != 0)
    assert sorted(model.hand) == sorted(k for c in st.companies if c.owner == 0 for k in c.developments)
    shown = panel_model(st, 0, True, None, 0, None)
    assert all(r.vp.endswith(" VP") and "hidden" not in r.vp for r in shown.rows)


def test_development_marker_chip_then_board_click_places_it(tmp_path):
    sess = session(seed=14)
    advance(sess, lambda s: _my_phase("build")(s) and any(
        isinstance(x, A.PlaceDevelopment) for x in s.legal_actions()))
    a, sc = scene(tmp_path, sess)
    place = next(x for x in sess.state.legal_actions() if isinstance(x, A.PlaceDevelopment))
    a.step()
    chip = next(r for k, r in sc.controller._panel_hits.chips if k == place.kind)
    a.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=chip.center, button=1)])
    a.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=chip.center, button=1)])
    assert sc.controller.dm_kind == place.kind
    sc.controller.refresh()
    spots = {w for k, w in sc.controller._hints}
    assert spots == set(sess.state.development_spots(place.kind))
    before = len(sess.actions)
    press(a, _centre_on(sc, geo.hex_center((place.q, place.r))))
    assert sess.actions[before] == A.PlaceDevelopment(place.kind, place.q, place.r)


def test_city_card_offers_a_station_and_builds_it(tmp_path):
    a, sc = _build_scene(tmp_path, seed=16, want=A.BuildStation)
    sess = sc.session
    act = next(x for x in sess.state.legal_actions() if isinstance(x, A.BuildStation))
    h = (act.q, act.r)
    press(a, _centre_on(sc, geo.hex_center(h)))
    preview = sc.controller.preview
    assert preview.station_cost == queries.quote_station(sess.state, h).total
    before = len(sess.actions)
    _press_card(a, sc, "station")
    assert sess.actions[before] == A.BuildStation(*h)
    assert sess.state.stations[h] == sess.state.active


def test_right_click_and_cancel_clear_the_selection(tmp_path):
    a, sc = _build_scene(tmp_path, want=A.BuildInterior)
    act = next(x for x in sc.session.state.legal_actions() if isinstance(x, A.BuildInterior))
    pos = _centre_on(sc, geo.hex_center((act.q, act.r)))
    press(a, pos)
    assert sc.controller.selected is not None
    _press_card(a, sc, "cancel")
    assert sc.controller.selected is None and sc.controller.preview is None
    press(a, pos)
    press(a, pos, button=3)
    assert sc.controller.selected is None


def test_tycoon_dialog_lists_all_and_picks(tmp_path):
    from game.regional_rails.data import rules

    sess = session(seed=17, options={"tycoons": True})
    advance(sess, _my_phase("setup_tycoon"))
    a, sc = scene(tmp_path, sess)
    dialog = sc.controller._dialog
    assert [o.label for o in dialog.options] == list(rules().tycoon_names)
    choice = next(i for i, o in enumerate(dialog.options) if o.enabled)
    before = len(sess.actions)
    _dialog_press(a, sc, lambda d, lay: lay.rect_of(d.options[choice]))
    assert sess.actions[before] == A.PickTycoon(dialog.options[choice].label)


def test_founding_an_additional_railroad_picks_company_then_city(tmp_path):
    sess = session(seed=18, options={"additional_railroads": True})
    advance(sess, _my_phase("upgrade"))
    sess.state.companies[sess.state.active].money = 40  # rich enough to found one
    a, sc = scene(tmp_path, sess)
    dialog = sc.controller._dialog
    found = [o for o in dialog.options if isinstance(o.key, tuple) and o.key[0] == "found"]
    assert found
    _dialog_press(a, sc, lambda d, lay: lay.rect_of(d.options[0]))
    name = found[0].key[1]
    assert sc.controller.dialogs.found_company == name
    sc.controller.refresh()
    cities = {w for _, w in sc.controller._hints}
    assert cities == set(sess.state.found_choices(0))
    city = sorted(cities)[0]
    before = len(sess.actions)
    press(a, _centre_on(sc, geo.hex_center(city)))
    assert sess.actions[before] == A.FoundRailroad(name, *city)


def test_rob_the_robber_baron_dialog_robs_the_chosen_railroad(tmp_path):
    sess = session(seed=19, options={"tycoons": True})
    advance(sess, lambda s: s.phase == "build")
    sess.state.tycoons[0] = "Rob the Robber Baron"  # give the human seat that tycoon
    advance(sess, _my_phase("end"))
    a, sc = scene(tmp_path, sess)
    dialog = sc.controller._dialog
    assert dialog.title == "Rob the Robber Baron"
    target = dialog.options[0].key
    before = len(sess.actions)
    _dialog_press(a, sc, lambda d, lay: lay.rect_of(d.options[0]))
    assert sess.actions[before] == target


def test_hover_tooltip_names_the_place_and_its_markers(tmp_path):
    a, sc = _build_scene(tmp_path)
    st = sc.session.state
    start = st.companies[st.active].start
    text = sc.controller.on_hover(geo.hex_center(start))
    place = st.board.place(start)
    assert text.startswith(f"{place.name}: starting city")
    assert f"Rail markers {len(st.interior[start])}/" in text
    assert st.companies[st.active].name in text
    e = st.board.sides_of(start)[0]
    side_text = sc.controller.on_hover(geo.edge_midpoint(e))
    assert side_text.startswith("Side ") and place.name in side_text


def test_no_board_tooltip_through_the_dialog_or_off_the_map(tmp_path):
    a, sc = _build_scene(tmp_path)
    sc.controller.refresh()
    lay = dlg.layout(sc.camera.viewport, sc.controller._dialog, sc.controller.dock_width())
    spot = (lay.rect.x + 40, lay.rect.bottom - 40)  # inside the dialog...
    hexes = sorted(sc.session.state.board.terrain)
    middle = geo.hex_center(hexes[len(hexes) // 2])
    cam = sc.camera  # ...with a map hex panned under it
    cam.center = (middle[0] - (spot[0] - cam.viewport.centerx) / cam.zoom,
                  middle[1] - (spot[1] - cam.viewport.centery) / cam.zoom)
    assert sc.controller._on_map(geo.pick(cam.screen_to_world(spot)), view_of(sc.session.state.board))
    a.step([pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0))])
    a.step()
    assert sc._tooltip is None and sc.controller.hover is None
    far = screen_of(sc, (-5000.0, -5000.0))  # far off the map, yet inside the board view
    far = (max(sc.board_rect.x + 5, far[0]), max(sc.board_rect.y + 60, far[1]))
    a.step([pygame.event.Event(pygame.MOUSEMOTION, pos=far, rel=(0, 0), buttons=(0, 0, 0))])
    a.step()
    assert sc._tooltip is None
    sc.fit()
    inside = screen_of(sc, geo.hex_center(hexes[len(hexes) // 2]))
    a.step([pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(0, 0), buttons=(0, 0, 0))])
    a.step()
    assert sc._tooltip  # the map itself still explains itself


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_at_fit_zoom_the_docked_dialog_and_phase_bar_leave_the_map_free(tmp_path, size):
    from tests.ui_regional_rails.helpers import app as make_app
    from ui.game_scene import GameScene
    from ui.regional_rails.controller import Controller
    from ui.regional_rails.phasebar import bar_rect

    sess = session()
    a = make_app(tmp_path)
    a.set_window_size(size)
    sc = GameScene(a, sess, Controller)
    sc.bots_paused = True
    a.push(sc)
    a.step()
    sc.controller.refresh()
    dialog = dlg.layout(sc.camera.viewport, sc.controller._dialog, sc.controller.dock_width()).rect
    x, y, w, h = view_of(sess.state.board).world_bounds()
    right = sc.camera.world_to_screen((x + w, y))[0]
    top = sc.camera.world_to_screen((x, y))[1]
    assert right <= dialog.left and top >= bar_rect(sc.camera.viewport).bottom
