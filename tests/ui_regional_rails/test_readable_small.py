"""The game screen stays readable at small windows (issue 11): the map fills
the board's height beside the docked dialog, and no phase chip is cut."""
import pygame
import pytest

from ui import theme
from ui.regional_rails import dialogs as dlg
from ui.regional_rails.boardview import view_of
from ui.regional_rails.panel import panel_model
from ui.regional_rails.phasebar import MIN_SIZE, bar_model, bar_rect, chip_label

from tests.ui.helpers import wheel
from tests.ui_regional_rails.helpers import advance, app as make_app, press, session


def _open(tmp_path, sess, size):
    """The game scene of `sess` in a window of `size`, its first frame drawn, computer players paused."""
    from ui.game_scene import GameScene
    from ui.regional_rails.controller import Controller

    a = make_app(tmp_path)
    a.set_window_size(size)
    sc = GameScene(a, sess, Controller)
    sc.bots_paused = True
    a.push(sc)
    a.step()
    return sc


def _scene_at(tmp_path, size, phase="dividends"):
    sess = session(players=6, seed=5)
    advance(sess, lambda s: s.phase == phase and s.current_player() == 0)
    sc = _open(tmp_path, sess, size)
    sc.controller.refresh()
    return sess, sc


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_map_fills_the_board_height_and_the_dialog_beside_it(tmp_path, size):
    sess, sc = _scene_at(tmp_path, size)
    x, y, w, h = view_of(sess.state.board).world_bounds()
    left, top = sc.camera.world_to_screen((x, y))
    right, bottom = sc.camera.world_to_screen((x + w, y + h))
    vp = sc.camera.viewport
    room = vp.height - (bar_rect(vp).bottom - vp.top)
    assert bottom - top >= 0.75 * room  # 64% at 1280x720 with the old fixed 424 px dock
    dialog = dlg.layout(vp, sc.controller._dialog, sc.controller.dock_width()).rect
    assert right <= dialog.left and dialog.width >= dlg.MIN_WIDTH


def test_at_1024x600_the_map_is_wider_than_the_old_dock_allowed(tmp_path):
    sess, sc = _scene_at(tmp_path, (1024, 600))
    x, y, w, h = view_of(sess.state.board).world_bounds()
    width = sc.camera.scale(w)
    assert width >= 300  # the old 424 px dock left about 224 px
    dialog = dlg.layout(sc.camera.viewport, sc.controller._dialog, sc.controller.dock_width()).rect
    assert sc.camera.world_to_screen((x + w, y))[0] <= dialog.left


@pytest.mark.parametrize("bar_width", [704, 960, 1600])
def test_phase_chips_show_whole_phase_names_at_readable_sizes(tmp_path, bar_width):
    sess, sc = _scene_at(tmp_path, (1024, 600))
    surf = pygame.Surface((bar_width, 60))
    from ui.regional_rails.phasebar import draw_phase_bar
    model = bar_model(sess.state)
    chips = draw_phase_bar(surf, pygame.Rect(0, 0, bar_width, 44), model)
    for item, chip in zip(model.items, chips):
        text, size, bold = chip_label(item, chip.w - 8)
        assert size >= MIN_SIZE
        assert item.label.split(" ", 1)[-1] in text
        assert theme.font(size, bold).size(text)[0] <= chip.w - 8


def test_pointing_at_a_railroad_row_spells_out_its_abbreviations(tmp_path):
    sess, sc = _scene_at(tmp_path, (1280, 720), phase="build")
    crect = sc._controller_rect()
    row = sc.controller._panel_hits.rows[0]
    sc.app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0), buttons=(0, 0, 0))])
    sc.app.step()
    box, lines = sc.controller._panel_hits.explanation
    text = " ".join(lines)
    for words in ("MB: Money Bags", "TL", "Train Level", "RM: Rail Markers left", "SM: Station Markers left",
                  "DM: Development Markers"):
        assert words in text
    assert crect.contains(box) and not box.colliderect(row)
    sc.app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 300), rel=(0, 0), buttons=(0, 0, 0))])
    sc.app.step()
    assert sc.controller._panel_hits.explanation is None


def test_obsolescence_is_spelled_out_when_a_railroad_has_tokens(tmp_path):
    sess, sc = _scene_at(tmp_path, (1280, 720), phase="build")
    state = sess.state.clone()
    state.companies[0].obsolescence = 2
    row = next(r for r in panel_model(state, 0, False, None, 0, None).rows if r.name == state.companies[0].name)
    assert "2 obs." in row.line and "2 obs.: Obsolescence Tokens" in row.explain


def test_building_in_a_hex_without_a_name_logs_it_by_the_nearest_town(tmp_path):
    """The log names places a player finds on the map (no coordinates are
    printed there): a hex without a name is told by its nearest town."""
    import re

    from game.regional_rails import actions as A
    from ui.regional_rails import geometry as geo
    from ui.regional_rails.render import card_layout

    from tests.ui_regional_rails.helpers import press, scene, screen_of

    def unnamed_interior(s):
        return next((a for a in s.legal_actions() if isinstance(a, A.BuildInterior)
                     and s.board.place((a.q, a.r)) is None), None) if s.current_player() == 0 else None

    sess = session(seed=3)
    advance(sess, lambda s: s.phase == "build" and unnamed_interior(s) is not None)
    act = unnamed_interior(sess.state)
    h = (act.q, act.r)
    place, steps, way = sess.state.board.landmark(h)
    a, sc = scene(tmp_path, sess)
    sc.camera.center = geo.hex_center(h)
    press(a, screen_of(sc, geo.hex_center(h)))
    build = next(r for k, _, r in card_layout(sc.camera, sc.controller.preview).buttons if k == "build")
    press(a, build.center)
    line = sess.log[-1].text
    assert place.name in line and way in line, line
    assert not re.search(r"\d+,\d+", line)


def test_each_railroad_is_drawn_in_its_names_colour_on_board_panel_and_bar(tmp_path):
    from game.core.session import LogEntry
    from ui import widgets
    from ui.colour_distance import delta_e
    from ui.regional_rails.pieces import NAME_COLOURS, company_colours

    sess, sc = _scene_at(tmp_path, (1280, 720), phase="build")
    state = sess.state
    colours = company_colours(state)
    for c in state.companies:
        assert colours[c.index] == NAME_COLOURS[c.name]
    assert len(set(colours)) == len(colours)
    rows = {r.name: r.colour for r in panel_model(state, 0, False, None, 0, None).rows}
    assert all(rows[c.name] == NAME_COLOURS[c.name] for c in state.companies)
    assert bar_model(state).colour == NAME_COLOURS[state.companies[state.active].name]
    names = sc.controller.log_names()
    for c in state.companies:  # the log's names are lightened in one place, once: the log's own rule
        assert names[c.name] == NAME_COLOURS[c.name]
        html = sc._entry_html(LogEntry(0, c.owner, f"{c.name} earns 4 MB."))
        shown = theme.on_dark(NAME_COLOURS[c.name])
        assert f"color='{widgets.hex_colour(shown)}'" in html, c.name
        assert delta_e(shown, theme.BG_DEEP) >= theme.LOG_MIN_DELTA_E


def test_every_two_railroads_differ_enough_to_tell_their_track_apart():
    import itertools

    from ui.regional_rails.pieces import NAME_COLOURS, TOO_NEAR, _distance
    from game.regional_rails.data import rules

    assert {c.name for c in rules().companies} <= set(NAME_COLOURS)
    for a, b in itertools.combinations(NAME_COLOURS.values(), 2):
        assert _distance(a, b) >= TOO_NEAR


def test_at_1280x720_six_railroads_and_the_marker_hint_fit_the_panel(tmp_path):
    from ui.regional_rails.panel import ROW_HEIGHTS, content_height

    sess, sc = _scene_at(tmp_path, (1280, 720), phase="build")
    crect = sc._controller_rect()
    model = panel_model(sess.state, 0, False, None, 0, (4, []))
    assert len(model.rows) == 6 and model.hand
    assert any(content_height(model, crect.w, h) <= crect.h for h in ROW_HEIGHTS)   # the hint included


def test_at_1024x600_six_railroads_and_every_marker_chip_fit_the_panel(tmp_path):
    sess, sc = _scene_at(tmp_path, (1024, 600), phase="build")
    ctl = sc.controller
    ctl.dm_kind = ctl._hand()[0]   # a chosen marker adds its words under the chips
    ctl.invalidate()
    sc.app.step()
    crect = sc._controller_rect()
    hits = ctl._panel_hits
    assert len(hits.rows) == 6 and len(hits.chips) == len(ctl._hand()) >= 2
    for rect in hits.rows + [chip for _kind, chip in hits.chips]:
        assert crect.contains(rect), (rect, crect)


def test_the_seat_colour_dot_beside_each_owner_is_explained(tmp_path):
    sess, sc = _scene_at(tmp_path, (1280, 720), phase="build")
    model = panel_model(sess.state, 0, False, None, 0, None)
    seat_keys = [theme.SEAT_COLOURS[s.colour] for s in sess.state.seats]
    for row, company in zip(model.rows, (sess.state.companies[i] for i in sess.state.turn_order)):
        assert row.seat_colour == seat_keys[company.owner]
        assert f"the dot before {row.owner} is {row.owner}'s seat colour" in row.explain
        assert "the bar on the left is the railroad's own colour" in row.explain


def test_on_computer_turns_the_map_takes_the_dialogs_strip(tmp_path):
    sess = session(players=3, seed=5, humans=1)
    advance(sess, lambda s: s.phase == "build" and s.current_player() == 0)
    sc = _open(tmp_path, sess, (1024, 600))
    x, y, w, h = view_of(sess.state.board).world_bounds()

    def map_width() -> float:
        return sc.camera.world_to_screen((x + w, y))[0] - sc.camera.world_to_screen((x, y))[0]

    docked = map_width()
    dialog = dlg.layout(sc.camera.viewport, sc.controller._dialog, sc.controller.dock_width()).rect
    assert sc.camera.world_to_screen((x + w, y))[0] <= dialog.left
    advance(sess, lambda s: s.current_player() not in (None, 0))   # a computer railroad is to move
    sc.app.step()
    assert sc.controller._dialog is None
    free = map_width()
    assert free > 1.25 * docked             # the map grows into the strip the dialog had
    sc.fit()
    assert abs(map_width() - free) < 2      # and is the fitted view


@pytest.mark.parametrize("bar_width", [704, 960, 1600])
def test_whose_turn_names_round_railroad_and_owner_uncut(bar_width):
    from ui.regional_rails.phasebar import WHO_SHARE, who_lines

    pygame.init()
    who = "Round 6 · Blacks Tracks (Computer 4)"
    width = min(460, int(bar_width * WHO_SHARE)) - 36
    lines, size = who_lines(who, width)
    words = [w for w in " ".join(lines).split() if w != "·"]
    assert words == [w for w in who.split() if w != "·"]
    assert size >= MIN_SIZE and len(lines) * (size + 1) <= 44
    assert all(theme.font(size, True).size(line)[0] <= width for line in lines)


def test_the_marker_heading_fits_the_panel_in_play_and_in_a_replay(tmp_path):
    from ui.regional_rails.panel import panel_model as model_of

    sess, sc = _scene_at(tmp_path, (1280, 720), phase="build")
    width = sc._controller_rect().w - 24
    for reveal in (False, True):
        title = model_of(sess.state, 0, reveal, None, 0, None).hand_title
        assert title and theme.font(15, True).size(title)[0] <= width, title


RANDOM = {"map": "random"}


@pytest.mark.parametrize("size,options,seed", [((1280, 720), {}, 5), ((1280, 720), RANDOM, 5), ((1920, 1080), {}, 5),
                                               ((1024, 600), {}, 5), ((1024, 600), RANDOM, 5),
                                               # random maps where one to ten names were left out
                                               ((1024, 600), RANDOM, 1), ((1024, 600), RANDOM, 13),
                                               ((1024, 600), RANDOM, 21), ((1024, 600), RANDOM, 42),
                                               ((1024, 600), RANDOM, 73), ((1024, 600), RANDOM, 140),
                                               ((1280, 720), RANDOM, 21)])
def test_every_town_is_named_readably_at_the_fitted_view(tmp_path, size, options, seed):
    """The log names towns ("Tarnby"), so at the default window (and below
    it, at 1024x600, where the map is about 300 px wide beside the dialog and
    five names were left out) every town and city has its name on the map:
    at least 11 px, over no other name and no place's circle."""
    from ui.regional_rails import geometry as geo, terrain

    sess = session(players=6, seed=seed, options=options)
    sc = _open(tmp_path, sess, size)
    view, zoom = view_of(sess.state.board), sc.camera.zoom
    spots = terrain.name_spots(view, zoom)
    assert set(spots) == set(view.places)
    assert terrain.label_size(zoom) >= 11
    tags, circles = [], []
    for h, place in view.places.items():
        cx, cy = (round(c * zoom) for c in geo.hex_center(h))
        tags.append((place.name, terrain.label_surface(place, zoom).get_rect(topleft=(cx + spots[h][0],
                                                                                       cy + spots[h][1]))))
        r = terrain.symbol_radius(place, zoom)
        circles.append((place.name, pygame.Rect(cx - r, cy - r, 2 * r, 2 * r)))
    for i, (name, tag) in enumerate(tags):
        assert not [other for other, o in tags[i + 1:] if tag.colliderect(o)], name
        assert not [other for other, c in circles if tag.colliderect(c)], name


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_income_dialog_with_six_railroads_keeps_every_item_in_view(tmp_path, size):
    """With five other railroads to buy stock in, the Income dialog sets its
    cards two to a row so its last button (Continue) is on screen, and no
    railroad's name is cut (a long one takes two lines)."""
    sess, sc = _scene_at(tmp_path, size, phase="income")
    vp = sc.camera.viewport
    dialog = sc.controller._dialog
    assert len(dialog.options) >= 5
    lay = dlg.layout(vp, dialog, sc.controller.dock_width())
    for item, rect, _ in lay.placed:
        assert lay.rect.contains(rect), f"{type(item).__name__} {getattr(item, 'label', '')} is out of view"
    for opt in dialog.options:
        rect = lay.rect_of(opt)
        room = rect.right - rect.x - 28 - 8
        assert len(theme.wrap_text(opt.label, 14, room, bold=True)) <= 2, opt.label
    continue_button = dialog.buttons[-1]
    assert continue_button.label.startswith("Continue") and vp.contains(lay.rect_of(continue_button))


def _shown(sc):
    return [item for item, _, _ in sc.controller.dialog_layout().placed]


def test_at_1024x600_every_item_of_the_income_dialog_is_reached_by_scrolling(tmp_path):
    """Below the default window the six-railroad Income dialog is taller than
    the window: Continue keeps its place at the bottom and the rows above it
    scroll with the wheel (a line under them says how many rows are below or
    above), so every stock card and the stock stepper can be reached (before,
    the last card, the stepper and the Buy button were left out). What is
    shown is whole, inside the dialog and the window, and acts on a click."""
    from ui.regional_rails.dialogs import scroll_cue

    sess, sc = _scene_at(tmp_path, (1024, 600), phase="income")
    vp = sc.camera.viewport
    dialog = sc.controller._dialog
    assert len(dialog.options) >= 5
    lay = sc.controller.dialog_layout()
    assert lay.max_scroll > 0 and scroll_cue(lay).startswith(f"▼ {lay.max_scroll} more rows below")
    zoom = sc.camera.zoom
    seen: set[int] = set()
    for _ in range(lay.max_scroll + 2):
        lay = sc.controller.dialog_layout()
        for item, rect, _ in lay.placed:
            assert lay.rect.contains(rect) and vp.contains(rect), getattr(item, "label", item)
            seen.add(id(item))
        assert dialog.buttons[-1] in _shown(sc)  # Continue never scrolls away
        wheel(sc.app, lay.rect.center, -1)
    assert seen == {id(item) for item in sc.controller._dialog.items}
    assert sc.camera.zoom == zoom  # the wheel over the dialog scrolls it, it does not zoom the map
    assert scroll_cue(sc.controller.dialog_layout()).startswith("▲")
    stepper = next(st for st in sc.controller._dialog.steppers if st.name == "stock")
    plus = dlg.DialogLayout.plus(sc.controller.dialog_layout().rect_of(stepper))
    press(sc.app, plus.center)
    assert next(st for st in sc.controller._dialog.steppers if st.name == "stock").value == 1
    assert any(getattr(i, "name", "") == "stock" for i in _shown(sc))  # the rebuilt dialog keeps its scroll
    wheel(sc.app, sc.controller.dialog_layout().rect.center, 20)
    assert sc.controller.dialog_layout().scroll == 0


def test_at_1024x600_a_click_on_the_scroll_bar_pages_the_dialog(tmp_path):
    sess, sc = _scene_at(tmp_path, (1024, 600), phase="income")
    lay = sc.controller.dialog_layout()
    track, thumb = dlg.bar_rects(lay)
    assert track.contains(thumb) and lay.rect.contains(track)
    before = len(sc.session.actions)
    press(sc.app, (track.centerx, track.bottom - 2))
    assert sc.controller.dialog_layout().scroll > 0
    assert len(sc.session.actions) == before  # paging is no move


def test_at_1024x600_the_next_rounds_income_dialog_opens_at_the_top(tmp_path):
    """The scroll belongs to one showing of a dialog: once the phase has
    moved on, the same company's Income dialog a round later is back at the
    top (before, it opened as far down as it was left)."""
    sess, sc = _scene_at(tmp_path, (1024, 600), phase="income")
    title = sc.controller._dialog.title
    wheel(sc.app, sc.controller.dialog_layout().rect.center, -3)
    assert sc.controller.dialog_layout().scroll > 0
    advance(sess, lambda s: s.phase != "income")
    sc.controller.refresh()
    advance(sess, lambda s: s.phase == "income" and s.current_player() == 0)
    sc.app.step()
    assert sc.controller._dialog.title == title and sc.controller.dialog_layout().max_scroll >= 3
    assert sc.controller.dialog_layout().scroll == 0


def test_at_1024x600_a_hinted_stock_purchase_below_the_fold_is_scrolled_into_view(tmp_path):
    from game.core.hints import Hint
    from game.regional_rails import actions as A

    sess, sc = _scene_at(tmp_path, (1024, 600), phase="income")
    buy = next(a for a in sess.state.legal_actions() if isinstance(a, A.BuyStock) and a.amount == 1)
    assert buy not in [getattr(i, "key", None) for i in _shown(sc)]
    sc.put_hint(Hint(0, buy, "test", None))
    sc.controller.refresh()
    button = next(b for b in sc.controller._dialog.buttons if b.hinted)
    assert button.key == buy and button in _shown(sc)
    before = len(sc.session.actions)
    press(sc.app, sc.controller.dialog_layout().rect_of(button).center)
    assert sc.session.actions[before] == buy


def test_the_dialog_layout_is_worked_out_once_while_a_hint_shows(tmp_path, monkeypatch):
    """Drawing the dialog, placing the hint's sentence beside it and the
    hover over the map share one layout: it is worked out again only when
    the dialog, the window or the scroll changes (before, twice a frame)."""
    from game.core.hints import find_hint

    sess, sc = _scene_at(tmp_path, (1280, 720), phase="income")
    sc.put_hint(find_hint("regional_rails", sess.state, 5, seconds=0.3))
    sc.app.step()
    calls = []
    layout = dlg.layout
    monkeypatch.setattr(dlg, "layout", lambda *a, **k: (calls.append(1), layout(*a, **k))[1])
    for x in range(100, 400, 60):
        sc.app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 300), rel=(0, 0), buttons=(0, 0, 0))])
    assert sc.hint is not None and calls == []
    sc.controller._dialog = sc.controller.dialogs.build(sess.state, sess.state.legal_actions())
    sc.app.step()
    assert len(calls) == 1


def six_railroad_rows(tmp_path, moves: int, size: tuple[int, int]):
    """A 6-player game after `moves` moves at `size`: the scene, its railroad rows' rects and their model."""
    sess = session(players=6, seed=1)
    advance(sess, lambda s: len(sess.actions) >= moves)
    sc = _open(tmp_path, sess, size)
    ctl = sc.controller
    rows = ctl._panel_hits.rows
    model = panel_model(sess.state, ctl.viewer(), False, None, 0, None, narrow=sc._controller_rect().width < 380)
    assert len(rows) == len(model.rows) == 6
    return sc, rows, model


def assert_words_keep_apart(rect, row, words) -> None:
    """A panel row's words keep inside it, on lines of their own, in type of at least 11 px."""
    assert all(rect.contains(w) for w in words), row.name
    for a in words:
        for b in words:
            if abs(a.top - b.top) > 2:  # on different lines: one under the other
                assert a.bottom <= b.top or b.bottom <= a.top, row.name
    assert all(w.height >= theme.font(11).get_height() for w in words)


@pytest.mark.parametrize("moves", [0, 60])
def test_railroad_rows_keep_apart_at_1024x600_with_six_players(tmp_path, moves):
    """The six "No company yet" rows of the setup (and the railroads later)
    neither touch nor overlap, and their words keep inside their row, on
    lines of their own, in type of at least 11 px."""
    from ui.regional_rails.panel import draw_row

    sc, rows, model = six_railroad_rows(tmp_path, moves, (1024, 600))
    assert (model.rows[0].name == "No company yet") == (moves == 0)
    for upper, lower in zip(rows, rows[1:]):
        assert lower.top - upper.bottom >= 4
    scratch = pygame.Surface(sc.app.screen.get_size())
    for rect, row in zip(rows, model.rows):
        assert_words_keep_apart(rect, row, draw_row(scratch, rect, row))


@pytest.mark.parametrize("moves", [0, 60])
def test_at_1280x720_six_railroad_rows_name_their_owner_on_a_line_of_its_own(tmp_path, monkeypatch, moves):
    """The rows were two lines at 1280x720 with six players: only the dot
    and the pointer's explanation told whose railroad it was."""
    from ui.regional_rails import panel as panel_module

    sc, rows, model = six_railroad_rows(tmp_path, moves, (1280, 720))
    texts: list[str] = []
    draw_text = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, *a, **k: (texts.append(text),
                                                                             draw_text(surface, text, *a, **k))[1])
    scratch = pygame.Surface(sc.app.screen.get_size())
    for rect, row in zip(rows, model.rows):
        texts.clear()
        words = panel_module.draw_row(scratch, rect, row)
        assert any(t.startswith(row.owner) and (not row.line or row.line not in t) for t in texts), texts
        assert_words_keep_apart(rect, row, words)
