"""The side panel is kept as a picture between frames: a still frame copies
it, and after every kind of change (a move, the mouse on a button or a
demand, a scroll, a proposal, a player picked, a longer log) the picture is
pixel for pixel the panel drawn anew."""
import pygame
import pytest

from bench.late_board import bot_move
from game.core.session import LogEntry
from game.crayon import actions as A
from tests.ui_russian_rails.helpers import motion, open_game, panel_is_fresh, wheel


@pytest.fixture
def game(tmp_path):
    app, scene = open_game(tmp_path, (1024, 600))  # the smallest window: the cards' column scrolls
    app.step()
    return app, scene


def test_a_still_frame_copies_the_panel_without_drawing_it(game):
    app, scene = game
    app.step()
    paints = scene._panel_pic.paints
    for _ in range(3):
        app.step()
    motion(app, scene.board_rect.center)  # the mouse over the map: the panel shows nothing new
    motion(app, (scene.board_rect.centerx + 30, scene.board_rect.centery))
    assert scene._panel_pic.paints == paints
    assert panel_is_fresh(app, scene)


def test_the_kept_panel_equals_a_fresh_drawing_after_each_change(game):
    app, scene = game
    ctl, st = scene.controller, scene.state
    assert panel_is_fresh(app, scene)

    scene.submit(A.PlaceTrain(st.board.cities["Moscow"].center))  # a move: new buttons, a new log line
    assert panel_is_fresh(app, scene)

    button = next(b for b in ctl.cursor.buttons if b.label == "End turn")
    paints = scene._panel_pic.paints
    motion(app, button.rect.center)  # the button lights up
    assert scene._panel_pic.paints == paints + 1 and panel_is_fresh(app, scene)
    motion(app, (button.rect.centerx + 1, button.rect.centery))  # still on it: nothing new to draw
    assert scene._panel_pic.paints == paints + 1

    spot = ctl.cursor.hotspots[0]
    motion(app, spot.rect.center)  # a demand: its row lights up, the hint lines appear
    assert ctl.hover_demand == spot.key and panel_is_fresh(app, scene)

    main = ctl.cursor.cursors["main"]
    assert main.overflow
    wheel(app, main.rect.center, -2)  # scroll the cards' column
    assert ctl.scrolls["main"] > 0 and panel_is_fresh(app, scene)

    motion(app, scene.board_rect.center)
    ctl.suggest_route(st.board.cities["Kazan"].center)  # a proposal with its price and buttons
    app.step()
    assert ctl.build.path and panel_is_fresh(app, scene)

    row = next(b for b in ctl.cursor.cursors["side"].buttons if b.label == st.name(1 - ctl.seat))
    ctl.on_panel_click(row.rect.center, 1)  # show the other player's cards
    app.step()
    assert ctl.demands_seat() != ctl.seat and panel_is_fresh(app, scene)


def test_computer_moves_and_the_log_scroll_redraw_the_panel(game):
    app, scene = game
    session = scene.session
    for _ in range(12):  # both seats play on: cash, loads, trains, events and the log change
        if session.state.current_player() is None:
            break
        scene.submit(bot_move(session))
        scene.anim.skip()
        assert panel_is_fresh(app, scene)
    session.log += [LogEntry(-1, None, f"Line {i} of a long game.") for i in range(40)]
    assert panel_is_fresh(app, scene)
    log = scene.log_box
    wheel(app, log.rect.center, 3)
    assert log.key()[1] > 0 and panel_is_fresh(app, scene)


def test_a_thumb_drag_and_a_window_resize_redraw_the_panel(game):
    app, scene = game
    ctl = scene.controller
    bar = ctl.cursor.cursors["main"].bar_rect()
    motion(app, bar.center)  # the scroll bar lights up under the mouse
    assert panel_is_fresh(app, scene)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bar.center, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.centerx, bar.bottom), rel=(0, 40),
                                 buttons=(1, 0, 0))])
    assert ctl.scrolls["main"] > 0 and panel_is_fresh(app, scene)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(bar.centerx, bar.bottom), button=1)])
    pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1600, y=900)])
    assert scene._panel_pic.picture.get_size() == (1600, 900)
    assert panel_is_fresh(app, scene)


def test_kept_demand_cards_and_events_are_drawn_again_when_they_change(tmp_path):
    """The wide panel keeps the pictures of its demand cards and events
    between paints; other cards (another player's) draw them again, and the
    panel is still what drawing it anew gives."""
    app, scene = open_game(tmp_path, (1920, 1080))
    ctl, st = scene.controller, scene.state
    app.step()
    assert {"demands", "events"} <= set(ctl.sections)
    kept = ctl.sections["demands"]
    scene._panel_pic.forget()  # painted again with nothing changed: the kept rows are copied
    app.step()
    assert ctl.sections["demands"] is kept and panel_is_fresh(app, scene)
    ctl.show_demands_of(1 - ctl.seat)
    app.step()
    assert st.players[ctl.demands_seat()].hand != st.players[ctl.seat].hand
    assert panel_is_fresh(app, scene)
    assert ctl.sections["demands"] is not kept and ctl.sections["demands"].key != kept.key


def test_the_players_major_cities_follow_each_move(game):
    """The players' rows count each seat's joined Major Cities again only
    when its own track or ferries changed: after every move the counts are
    the game's own."""
    app, scene = game
    session, ctl = scene.session, scene.controller
    for _ in range(40):
        if session.state.current_player() is None:
            break
        scene.submit(bot_move(session))
        scene.anim.skip()
        app.step()
        st = session.state
        assert [ctl.majors_of(i) for i in range(len(st.players))] == \
            [len(st.connected_majors(i)) for i in range(len(st.players))]
    assert any(ctl.majors_of(i) for i in range(len(session.state.players)))


def test_each_player_row_is_kept_until_what_it_shows_changes(tmp_path):
    """The players' rows are kept as pictures, one a player: a move draws
    again only the rows it changed (whose turn, cash, majors, loads), and
    the panel is still what drawing it anew gives after every move."""
    app, scene = open_game(tmp_path, (1920, 1080))
    ctl, session = scene.controller, scene.session
    app.step()
    names = [f"player {i}" for i in range(len(session.state.players))]
    assert set(names) <= set(ctl.sections)
    renewed = 0
    for _ in range(12):
        if session.state.current_player() is None:
            break
        kept = {n: ctl.sections[n] for n in names}
        session.apply(bot_move(session))
        app.step()
        assert panel_is_fresh(app, scene)
        changed = {n for n in names if ctl.sections[n] is not kept[n]}
        assert changed == {n for n in names if ctl.sections[n].key != kept[n].key}
        renewed += len(changed)
    assert 0 < renewed < 12 * len(names)  # some rows redrawn, not all every time
