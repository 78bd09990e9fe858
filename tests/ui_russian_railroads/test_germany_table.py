"""The Germany board and the DSP mini expansion on the table: whole random games in which every
decision (the switch, extensions, income markers, Ludmilla's cards, Olga's and the public token's
engineers, Dimitrij, public tokens, the freight car) can be reached by a click, and the table draws."""
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
from ui.russian_railroads.render import Board, Selection, draw_board

NEW_KINDS = (A.ChooseBranch, A.ChooseExtension, A.ChooseIncome, A.UseIncome, A.EndTurn, A.PickBonus,
             A.PickEngineer, A.GrayUp, A.PlaceFreightCar, A.ChooseToken)


@pytest.mark.parametrize("players,seed,dsp", [(1, 42, True), (2, 32, False), (3, 33, True), (4, 34, True)])
def test_every_germany_and_dsp_decision_is_on_the_table(players, seed, dsp):
    seats = [Seat(f"P{i + 1}", COLOURS[i]) for i in range(players)]
    st = ENGINE.new_game({"board": "germany", "dsp": dsp}, seed, seats)
    board = Board.for_state(st)
    bots = [make_bot("random", seed + i) for i in range(players)]
    surf = pygame.Surface((1280, 720))
    cam = Camera(pygame.Rect(0, 56, 960, 664))
    cam.fit(board.bounds())
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
            elif isinstance(a, NEW_KINDS):
                assert a in reachable, a
        if steps % 25 == 0:
            sel = Selection(focus=seat, usable=set(ch.usable), blocked=ch.blocked, targets=ch.targets,
                            names=tuple(s.name for s in seats), colours=tuple(theme.seat_rgb(s) for s in seats))
            draw_board(surf, board, st, cam, sel)
        st.apply(bots[seat].choose(st))
        steps += 1
    assert {"ChooseBranch", "ChooseExtension"} & kinds


def test_the_switch_areas_and_income_markers_are_explained():
    seats = [Seat("P1", COLOURS[0]), Seat("P2", COLOURS[1])]
    st = ENGINE.new_game({"board": "germany"}, 3, seats)
    while st.phase == "draft" or st.tasks:
        st.apply(st.legal_actions()[0])
    seat = st.current_player()
    p = st.players[seat]
    st.board.income.remove("inc_coin")
    p.board.income.append("inc_coin")
    board = Board.for_state(st)
    f = g.focus_frame()

    def tip(r: g.WRect) -> str:
        w = f.rect(r)
        return hover.board_tip(st, board, {seat: f}, (w[0] + w[2] / 2, w[1] + w[3] / 2)) or ""

    assert "Berlin, space 13 of 13" in tip(g.branch_cell(st.data, "muc", 13, 1))
    assert "Hannover: a dashed area of 3 spaces" in tip(g.space_rect(st.data, "dd", 7))
    assert "Income marker \"1 coin\" (face up: usable)" in tip(g.income_rect(0))


def test_an_engineer_olga_borrowed_is_greyed_on_its_owners_board_with_the_borrowers_worker():
    from game.russian_railroads.actions import OWN_ENGINEER_PREFIX
    from game.russian_railroads.state import Placement
    from ui.russian_railroads.pen import Pen, View
    from ui.russian_railroads.player_pieces import BoardInfo, draw_player
    from ui.russian_railroads.render import borrowed_engineers

    seats = [Seat("P1", COLOURS[0]), Seat("P2", COLOURS[1])]
    st = ENGINE.new_game({"dsp": True}, 5, seats)
    colours = tuple(theme.seat_rgb(s) for s in seats)
    owner, number = st.players[0], sorted(st.data.engineers)[0]
    owner.engineers = [number]
    assert borrowed_engineers(st, 0, colours) == ()
    st.placements.append(Placement(f"{OWN_ENGINEER_PREFIX}{number}", 1))   # P2's worker sent by Olga
    assert borrowed_engineers(st, 0, colours) == ((number, colours[1]),)
    assert borrowed_engineers(st, 1, colours) == ()   # nothing of P2's is taken

    def engineer_pixels(borrowed):
        surf = pygame.Surface((int(g.PB_W), int(g.PB_H)))
        info = BoardInfo(0, "P1", colours[0], 0, 0, False, True, borrowed=borrowed)
        draw_player(Pen(surf, View((0.0, 0.0), 1.0)), st.data, g.Frame(0.0, 0.0, 1.0), owner, info)
        x, y, w, h = g.engineer_rect(0)
        return {tuple(surf.get_at((int(x + i), int(y + j))))[:3] for i in range(0, int(w), 2)
                for j in range(0, int(h), 2)}

    assert colours[1] not in engineer_pixels(())
    assert colours[1] in engineer_pixels(borrowed_engineers(st, 0, colours))


def test_three_industry_markers_on_one_space_stand_apart():
    from ui.russian_railroads.player_pieces import industry_markers

    for positions in ([0, 0, 0], [3, 3], [0, 5, 0]):
        marks = industry_markers(positions)
        for i, (x, y, r) in enumerate(marks):
            for x2, y2, r2 in marks[i + 1:]:
                assert (x - x2) ** 2 + (y - y2) ** 2 >= (r + r2 - 0.01) ** 2, positions
            space = g.industry_rect(positions[i])
            assert space[0] <= x - r and x + r <= space[0] + space[2]
