"""Playing through the controller with real clicks on the table: usable spaces
submit the right Place, blocked spaces show the engine's refusal, tooltips
give the reason, follow-up choices (track advancements, locomotives, starting
bonus cards) are made on the board, compact boards open on click and show
full size while the mouse rests on them."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.russian_railroads import actions as A
from game.russian_railroads.spaces import space_refusal
from tests.ui_russian_railroads.helpers import (built, centre, click_world, make_scene, screen_pos, skip_draft)
from ui.russian_railroads import geometry as g
from ui.russian_railroads import render
from ui.russian_railroads.places import space_rects


def _ready(tmp_path, monkeypatch, n=2, seed=2, **kw):
    built(monkeypatch)
    app, scene = make_scene(tmp_path, n, seed, **kw)
    skip_draft(scene.session)
    scene.anim.skip()
    app.step()
    return app, scene


def test_clicking_a_usable_space_places_the_chosen_payment(tmp_path, monkeypatch):
    app, scene = _ready(tmp_path, monkeypatch)
    ctl = scene.controller
    ctl.refresh()
    assert "T-BLK3" in ctl.choices.usable
    seat = scene.state.current_player()
    free = scene.state.players[seat].workers_free
    click_world(app, scene, centre(space_rects(scene.state.data, "2p")["T-BLK3"]))
    last = scene.session.actions[-1]
    assert last == A.Place("T-BLK3", 2, 0, 0, 0)
    assert scene.state.players[seat].workers_free == free - 2
    # the 3 black advancements are now targets on the player's own railroads
    ctl.refresh()
    kinds = {t.kind for t in ctl.choices.targets}
    assert kinds == {"advance"}
    ts = next(t for t in ctl.choices.targets if t.key == "ts:black")
    before = scene.state.players[seat].tracks["ts"][0]
    click_world(app, scene, centre(ts.rect))
    assert scene.state.players[seat].tracks["ts"][0] == before + 1
    assert isinstance(scene.session.actions[-1], A.Advance)


def test_clicking_a_blocked_space_shows_the_refusal(tmp_path, monkeypatch):
    app, scene = _ready(tmp_path, monkeypatch)
    ctl = scene.controller
    seat = scene.state.current_player()
    ctl.refresh()
    # brown track is not unlocked at the start: the 1 brown space is closed, with the engine's reason
    expected = space_refusal(scene.state, seat, "T-BRN1")
    assert expected and "brown" in expected
    assert ctl.choices.blocked["T-BRN1"] == expected
    n = len(scene.session.actions)
    click_world(app, scene, centre(space_rects(scene.state.data, "2p")["T-BRN1"]))
    assert len(scene.session.actions) == n
    assert scene._banner is not None and scene._banner[0] == expected


def test_blocked_2_player_space_and_hover_reason(tmp_path, monkeypatch):
    app, scene = _ready(tmp_path, monkeypatch)
    ctl = scene.controller
    ctl.refresh()
    tip = ctl.on_hover(centre(space_rects(scene.state.data, "2p")["T-NAT1"]))
    assert "Not now:" in tip and "natural" in tip
    tip = ctl.on_hover(centre(space_rects(scene.state.data, "2p")["T-BLK3"]))
    assert "Click to place 2 workers" in tip


def test_hover_over_a_special_space_explains_it(tmp_path, monkeypatch):
    app, scene = _ready(tmp_path, monkeypatch)
    f = g.focus_frame()
    tip = scene.controller.on_hover(centre(f.rect(g.space_rect(scene.state.data, "stp", 7))))
    assert "St. Petersburg space 7" in tip and "double" in tip


def test_starting_bonus_is_chosen_from_cards(tmp_path, monkeypatch):
    built(monkeypatch)
    app, scene = make_scene(tmp_path, 3, seed=4)
    assert scene.state.phase == "draft"
    app.step()
    ctl = scene.controller
    assert len(ctl._card_hits) == 4
    rect, card = ctl._card_hits[2]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])
    assert scene.session.actions[-1] == card.action
    assert isinstance(card.action, A.ChooseStartBonus)


def test_locomotive_goes_where_clicked(tmp_path, monkeypatch):
    app, scene = _ready(tmp_path, monkeypatch)
    seat = scene.state.current_player()
    click_world(app, scene, centre(space_rects(scene.state.data, "2p")["L-1"]))
    ctl = scene.controller
    ctl.refresh()
    loco_targets = {t.key: t for t in ctl.choices.targets if t.kind == "loco"}
    assert "kiev:0" in loco_targets and "stp:0" in loco_targets
    assert any(t.kind == "factory" for t in ctl.choices.targets)
    click_world(app, scene, centre(loco_targets["kiev:0"].rect))
    assert scene.state.players[seat].locos["kiev"] == [2]


def test_clicking_an_opponents_thumbnail_opens_their_board_full_size(tmp_path, monkeypatch):
    app, scene = _ready(tmp_path, monkeypatch, n=4)
    ctl = scene.controller
    other = ctl.board.side_seats(ctl.focus())[1]
    thumb_w = g.side_frame(1).bounds[2] * scene.camera.zoom   # a thumbnail's width on screen
    click_world(app, scene, centre(g.side_slot_rect(1)))
    assert ctl.opened_seat == other
    assert ctl.focus() == scene.state.current_player()   # the table underneath is unchanged
    # drawn over the table, as wide as the board area allows: several times the thumbnail
    assert ctl.opened_box.width > 3 * thumb_w and ctl.opened_box.width >= scene.board_rect.width - 40
    assert scene.board_rect.contains(ctl.opened_box)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert ctl.opened_seat is None
    click_world(app, scene, centre(g.side_slot_rect(0)))
    assert ctl.opened_seat == ctl.board.side_seats(ctl.focus())[0]
    actions = len(scene.session.actions)
    click_world(app, scene, centre(space_rects(scene.state.data, "4p")["T-BLK3"]))  # closes, places nothing
    assert ctl.opened_seat is None and len(scene.session.actions) == actions


def test_with_coal_and_stocks_the_opponents_are_name_bars_that_open_their_boards(tmp_path, monkeypatch):
    """USA with the Coal board: the stocks board lies above the coal board, so the other players are name
    bars (no thumbnail); a click on a bar still opens that board."""
    app, scene = _ready(tmp_path, monkeypatch, n=4, options={"board": "usa", "coal": True})
    ctl = scene.controller
    assert ctl.board.bars and ctl.board.stocks_place == g.ABOVE_COAL
    bars = [g.side_slot_rect(i, True) for i in range(3)]
    stocks, coal = g.stocks_rect(g.ABOVE_COAL), g.coal_board_rect()
    assert bars[-1][1] + bars[-1][3] < stocks[1] and stocks[1] + stocks[3] < coal[1]   # one above the other
    click_world(app, scene, centre(bars[2]))
    assert ctl.opened_seat == ctl.board.side_seats(ctl.focus())[2]


@pytest.mark.parametrize("modules", [{}, {"new_components": True, "dsp": True}])
def test_solo_with_coal_and_stocks_emil_is_a_bar_over_the_stocks_and_coal_boards(tmp_path, monkeypatch, modules):
    """Solo on the USA board with Coal: Emil's panel shrinks to a bar (as tall as three name bars) so the
    stocks board lies above the coal board in the one side column and the table keeps the 4-player size
    (so its words keep theirs); resting the mouse on the bar says what the full panel said."""
    app, scene = _ready(tmp_path, monkeypatch, n=1, options={"board": "usa", "coal": True, **modules})
    ctl = scene.controller
    assert ctl.board.stocks_place == g.ABOVE_COAL and ctl.board.bounds() == g.table_bounds(3)
    emil, stocks, coal = ctl.board.emil_rect(), g.stocks_rect(g.ABOVE_COAL), g.coal_board_rect()
    assert emil == g.emil_rect(True) and emil[3] < g.emil_rect(False)[3] / 4
    assert emil[1] + emil[3] < stocks[1] and stocks[1] + stocks[3] < coal[1]   # one above the other
    assert coal[1] + coal[3] <= g.TABLE_H and emil[0] == stocks[0] == coal[0] == g.SIDE_X
    bonus = ", ".join(str(s) for s in scene.state.data.emil_bonus_scores)
    tip = ctl.on_hover(centre(emil))
    assert tip.startswith("Emil: ") and "cards left" in tip and "Last blocked: " in tip
    assert f"Emil gets a worker when you reach {bonus} points." in tip and "count for the majority" in tip


def test_solo_emil_keeps_his_whole_panel_where_the_column_has_room(tmp_path, monkeypatch):
    """Without the stocks board over the coal board (Russia with Coal, USA without) Emil's panel stays whole."""
    for options in ({"coal": True}, {"board": "usa"}):
        _app, scene = _ready(tmp_path, monkeypatch, n=1, options=options)
        assert scene.controller.board.emil_rect() == g.emil_rect(False)


def test_a_frame_at_rest_builds_no_board_parts_and_a_move_or_undo_builds_them_afresh(tmp_path, monkeypatch):
    """The action, coal and stocks boards' parts are kept while nothing changes (frames at rest, the mouse
    resting on a space); a move and an undo change what they show, and the kept parts then equal parts
    built afresh from the state."""
    app, scene = _ready(tmp_path, monkeypatch, n=2, options={"board": "usa", "coal": True})
    ctl, memo = scene.controller, render._PARTS

    def fresh() -> dict:
        return {k: v.sig for k, v in render.build_parts(ctl.board, scene.state, ctl.selection()).items()}

    def kept() -> dict:
        return {k: v.sig for k, v in memo.get(ctl.board, scene.state, ctl.selection()).items()}

    built = memo.built
    for _ in range(3):
        app.step()
    _move(app, screen_pos(scene, centre(space_rects(scene.state.data, "2p")["T-BLK3"])))
    assert ctl.hover_space == "T-BLK3" and memo.built == built
    assert set(kept()) == {"action", "coal", "stocks"} and kept() == fresh()
    at_rest = kept()
    click_world(app, scene, centre(space_rects(scene.state.data, "2p")["T-BLK3"]))
    assert memo.built > built and kept() == fresh() and kept()["action"] != at_rest["action"]
    scene.undo()
    app.step()
    assert kept() == fresh() == at_rest
    # the same state object moved on under the same highlighting: its version alone says so
    sel = ctl.selection()
    assert memo.get(ctl.board, scene.state, sel) is memo.get(ctl.board, scene.state, sel)
    scene.session.apply(A.Place("T-BLK3", 2, 0, 0, 0))
    moved = dataclasses.replace(sel, version=len(scene.session.actions))
    assert ({k: v.sig for k, v in memo.get(ctl.board, scene.state, moved).items()}
            == {k: v.sig for k, v in render.build_parts(ctl.board, scene.state, moved).items()} != at_rest)


def _move(app, pos):
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.step()


def test_resting_the_mouse_on_a_thumbnail_shows_that_board_full_size_beside_it(tmp_path, monkeypatch):
    app, scene = _ready(tmp_path, monkeypatch, n=4)
    ctl = scene.controller
    other = ctl.board.side_seats(ctl.focus())[2]
    thumb_w = g.side_frame(2).bounds[2] * scene.camera.zoom
    pos = screen_pos(scene, centre(g.side_slot_rect(2)))
    actions = len(scene.session.actions)
    _move(app, pos)
    assert ctl.peek_seat() == other and ctl.opened_seat is None
    assert ctl.peek_box.width > 3 * thumb_w          # large enough to read
    assert not ctl.peek_box.collidepoint(pos)         # never over the thumbnail the mouse rests on
    assert scene.board_rect.contains(ctl.peek_box)
    _move(app, screen_pos(scene, centre(space_rects(scene.state.data, "4p")["T-BLK3"])))
    assert ctl.peek_seat() is None and ctl.peek_box.width == 0   # gone once the mouse leaves
    assert len(scene.session.actions) == actions


def test_pass_button_in_the_panel(tmp_path, monkeypatch):
    app, scene = _ready(tmp_path, monkeypatch)
    ctl = scene.controller
    seat = scene.state.current_player()
    app.step()
    hit = next(h for h in ctl._panel_hits if h.kind == "button" and isinstance(h.button.action, A.Pass))
    ctl.on_panel_click(hit.rect.center, 1)
    assert scene.state.players[seat].passed


def test_solo_shows_emil_and_the_blockade(tmp_path, monkeypatch):
    app, scene = _ready(tmp_path, monkeypatch, n=1, seed=5)
    ctl = scene.controller
    ctl.refresh()
    assert "A-2R" not in ctl.choices.usable
    where = centre(g.ACTION_SPACE_RECTS["A-2R"])
    assert "blockade" in ctl.on_hover(where)
    click_world(app, scene, where)
    assert "blockade" in scene._banner[0]
    # Emil's panel sits in the side column, inside the fitted view
    assert scene.board_rect.collidepoint(screen_pos(scene, (g.SIDE_X + 10, 10)))
    assert ctl.board.side_seats(0) == []


def test_end_bonus_choice_is_made_from_the_cards(tmp_path, monkeypatch):
    from game.russian_railroads.data import Effect
    from game.russian_railroads.effects import add_task

    app, scene = _ready(tmp_path, monkeypatch)
    st = scene.state
    seat = st.current_player()
    add_task(st, seat, Effect("end_bonus"), False, "factory 9", 0)  # as if a marker reached factory #9
    app.step()
    app.step()
    ctl = scene.controller
    texts = [card.text for _, card in ctl._card_hits]
    assert len(texts) == len(set(st.end_bonus_pile)) + 1 and "10 points now" in texts
    rect, card = next((r, c) for r, c in ctl._card_hits if c.action.card)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])
    assert scene.state.players[seat].end_bonus == [card.action.card]


def test_the_finished_game_still_draws(tmp_path, monkeypatch):
    built(monkeypatch)
    app, scene = make_scene(tmp_path, 2, seed=6, moves=100_000, computers=(0, 1))
    assert scene.state.is_terminal()
    ctl = scene.controller
    assert ctl.status_text() == "The game is over."
    scene.controller.draw_world(app.screen, scene.camera)


def test_clicking_anywhere_on_a_railroad_does_its_only_advancement(tmp_path, monkeypatch):
    app, scene = _ready(tmp_path, monkeypatch)
    seat = scene.state.current_player()
    click_world(app, scene, centre(space_rects(scene.state.data, "2p")["T-BLK3"]))
    before = scene.state.players[seat].tracks["kiev"][0]
    f = g.focus_frame()
    click_world(app, scene, centre(f.rect(g.space_rect(scene.state.data, "kiev", 9))))
    assert scene.state.players[seat].tracks["kiev"][0] == before + 1
    assert scene.session.actions[-1] == A.Advance(scene.session.actions[-1].task, "kiev", "black")


def test_board_value_breakdown_opens_from_the_score_row_and_the_board(tmp_path, monkeypatch):
    app, scene = _ready(tmp_path, monkeypatch, n=3)
    ctl = scene.controller
    app.step()
    row = next(h for h in ctl._panel_hits if h.kind == "row" and h.seat == 2)
    assert ctl.on_panel_click(row.rect.center, 1)
    assert ctl.breakdown_seat == 2
    app.step()  # the dialog draws over the board
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 300), button=1)])
    assert ctl.breakdown_seat is None
    f = g.focus_frame()
    click_world(app, scene, (f.x + 600, f.y + g.HEADER_H / 2))
    assert ctl.breakdown_seat == ctl.focus() == scene.state.current_player()


def test_no_board_tooltip_through_the_card_chooser(tmp_path, monkeypatch):
    built(monkeypatch)
    app, scene = make_scene(tmp_path, 3, seed=4)
    app.step()
    ctl = scene.controller
    box = ctl._chooser_box
    assert scene.state.phase == "draft" and box.width > 0
    spots = [(x, y) for x in range(box.x + 4, box.right, 16) for y in range(box.y + 4, box.bottom, 16)]
    assert any(ctl.on_hover(scene.camera.screen_to_world(p)) for p in spots)  # the board has words there
    for p in spots:
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))])
        assert scene._tooltip is None, p


def test_the_log_names_emil_in_his_colour_and_prefixes_no_one(tmp_path, monkeypatch):
    from game.core.session import LogEntry

    built(monkeypatch)
    app, scene = make_scene(tmp_path, 1, seed=3)
    from ui import theme, widgets
    from ui.russian_railroads import look

    html = scene._entry_html(LogEntry(3, 0, "Emil blocks the 1 doubler space."))
    grey = theme.on_dark(look.EMIL_RGB)   # his board's grey, lightened to read on the dark log
    assert grey != look.EMIL_RGB and len(set(grey)) == 1
    assert html == f"<font color='{widgets.hex_colour(grey)}'><b>Emil</b></font> blocks the 1 doubler space."
    assert scene._entry_html(LogEntry(3, 0, "Round 1 ends.")) == "Round 1 ends."


def test_clicking_a_hired_engineer_uses_it(tmp_path, monkeypatch):
    """A lit engineer card acts on click (play-test defect: it was outlined
    green with a tooltip but a click did nothing)."""
    app, scene = _ready(tmp_path, monkeypatch)
    seat = scene.state.current_player()
    player = scene.state.players[seat]
    number = next(n for n in sorted(scene.state.data.engineers) if n not in player.engineers)
    player.engineers.append(number)  # as if hired in an earlier round
    ctl = scene.controller
    ctl._sig = None  # the state was changed behind the controller's back
    ctl.refresh()
    sid = A.own_engineer_space(number)
    target = next(t for t in ctl.choices.targets if t.key == sid)
    assert target.action is not None
    n = len(scene.session.actions)
    click_world(app, scene, centre(target.rect))
    assert len(scene.session.actions) == n + 1
    assert scene.session.actions[-1].space == sid


def test_a_frame_at_rest_builds_no_player_boards_and_a_move_or_undo_builds_them_afresh(tmp_path, monkeypatch):
    """The player boards' parts are kept while nothing changes; after a move
    and an undo the kept parts equal parts built afresh from the state."""
    app, scene = _ready(tmp_path, monkeypatch, n=3, options={"coal": True})
    ctl, memo = scene.controller, render._PLAYERS

    def keys(boards) -> list:
        return [(seat, rect, art[0], [p.key for p in parts]) for seat, rect, art, parts in boards]

    def fresh() -> list:
        return keys(render.player_boards(ctl.board, scene.state, ctl.selection()))

    app.step()
    built = memo.built
    for _ in range(3):
        app.step()
    assert memo.built == built and keys(memo.get(ctl.board, scene.state, ctl.selection())) == fresh()
    at_rest = fresh()
    click_world(app, scene, centre(space_rects(scene.state.data, "3p")["T-BLK3"]))
    app.step()
    assert memo.built > built and keys(memo.get(ctl.board, scene.state, ctl.selection())) == fresh() != at_rest
    scene.undo()
    app.step()
    assert keys(memo.get(ctl.board, scene.state, ctl.selection())) == fresh() == at_rest
