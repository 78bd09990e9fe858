"""The Coal module on the table: whole random games in which every legal
action (coal spaces, foundries, boilermen, closing, the coal factory, End
turn) can be reached by a click, and the table with the coal board draws."""
from __future__ import annotations

import random

import pygame
import pytest

from game.core.engine import Seat
from game.russian_railroads import ENGINE, make_bot
from game.russian_railroads import actions as A
from tests.ui_russian_railroads.helpers import COLOURS
from tests.ui_russian_railroads.test_whole_games import _reachable
from ui import theme
from ui.camera import Camera
from ui.russian_railroads import choices, geometry as g, hover
from ui.russian_railroads.places import space_rects
from ui.russian_railroads.render import Board, Selection, draw_board


@pytest.mark.parametrize("players,seed,new", [(1, 21, False), (2, 22, True), (3, 23, False), (4, 24, True)])
def test_every_coal_decision_is_on_the_table(players, seed, new):
    """With the new components too on some: their engineer -10 and German revaluation card."""
    seats = [Seat(f"P{i + 1}", COLOURS[i]) for i in range(players)]
    st = ENGINE.new_game({"coal": True, "new_components": new}, seed, seats)
    board = Board.for_state(st)
    assert pygame.Rect(board.bounds()).contains(pygame.Rect(g.coal_board_rect()))   # the camera fits it too
    rects = space_rects(st.data, board.mode)
    assert {"C-BOILER"} <= set(rects) and pygame.Rect(g.coal_board_rect()).contains(pygame.Rect(rects["C-BOILER"]))
    bots = [make_bot("random", seed + i) for i in range(players)]
    surf = pygame.Surface((1280, 720))
    cam = Camera(pygame.Rect(0, 56, 960, 664))
    cam.fit(board.bounds())
    pick = random.Random(seed)
    kinds: set[str] = set()
    steps = 0
    while not st.is_terminal():
        seat = st.current_player()
        ch = choices.build(st, board, seat, choices.Prefs(), human=True)
        reachable = _reachable(ch)
        for a in st.legal_actions():
            kinds.add(type(a).__name__)
            if isinstance(a, A.Place):
                assert a.space in ch.usable, a
            elif isinstance(a, (A.SpendCoal, A.UseFoundry, A.EndTurn, A.TakeFoundry, A.PlaceBoilerman,
                                A.CloseFoundry, A.FeedCoalFactory, A.UseFactory, A.ChooseCard)):
                focused_only = isinstance(a, (A.UseFoundry, A.PlaceBoilerman))
                if not (focused_only and len(st.players[seat].coal.foundries) > g.MAX_FOUNDRIES_SHOWN):
                    assert a in reachable, a
        if steps % 20 == 0:
            sel = Selection(focus=seat, usable=set(ch.usable), blocked=ch.blocked, targets=ch.targets,
                            names=tuple(s.name for s in seats), colours=tuple(theme.seat_rgb(s) for s in seats))
            draw_board(surf, board, st, cam, sel)
            for i, _fid in enumerate(st.coal.display):
                r = g.foundry_display_rect(i)
                assert "foundry" in hover.board_tip(st, board, {seat: g.focus_frame()},
                                                    (r[0] + r[2] / 2, r[1] + r[3] / 2)).lower()
        st.apply(bots[seat].choose(st))
        steps += 1
    assert {"Place", "Pass"} <= kinds
    assert kinds & {"SpendCoal", "UseFoundry", "EndTurn", "TakeFoundry"}


def test_boilermen_are_explained_where_they_stand():
    st = ENGINE.new_game({"coal": True}, 3, [Seat("P1", COLOURS[0]), Seat("P2", COLOURS[1]), Seat("P3", COLOURS[2])])
    while st.phase == "draft" or st.tasks:
        st.apply(st.legal_actions()[0])
    seat = st.current_player()
    p = st.players[seat]
    st.coal.pile.pop()
    p.coal.loco_boilers["ts"] = [True]
    board = Board.for_state(st)
    f = g.focus_frame()
    r = f.rect(g.loco_slot_rect(st.data, "ts", 0))
    tip = hover.board_tip(st, board, {seat: f}, (r[0] + r[2] / 2, r[1] + r[3] / 2))
    assert "reach 2, a boilerman adding 1 to 1 of them" in tip
