"""Whole games played by random bots, with the table's choices built for a
human at every step and the table drawn often: every kind of pending decision
(tracks, locomotives and their chains, factories, tokens, cards, End Bonus,
re-use, relocation, Emil's turns) must find its place on the board, and every
legal action must be reachable by a click."""
from __future__ import annotations

import random

import pygame
import pytest

from game.core.engine import Seat
from game.russian_railroads import ENGINE, make_bot
from game.russian_railroads import actions as A
from tests.ui_russian_railroads.helpers import COLOURS
from ui import theme
from ui.camera import Camera
from ui.russian_railroads import choices, geometry as g, hover
from ui.russian_railroads.render import Board, Selection, draw_board


def _reachable(ch: choices.Choices) -> set:
    """Every action a click can submit from these choices."""
    out = set(ch.usable.values())
    out |= {t.action for t in ch.targets if t.action is not None}
    out |= {b.action for b in ch.buttons if b.action is not None}
    out |= {c.action for c in ch.cards}
    return out


@pytest.mark.parametrize("players,seed,options", [(1, 11, {}), (2, 12, {}), (4, 13, {}), (3, 14, {"board": "usa"}),
                                                  (1, 15, {"board": "usa"})])
def test_every_decision_of_a_whole_game_is_on_the_table(players, seed, options):
    """The USA board too: dividend tokens, boulders, doublers on three railroads, coin spaces, steelworks."""
    seats = [Seat(f"P{i + 1}", COLOURS[i]) for i in range(players)]
    st = ENGINE.new_game(options, seed, seats)
    board = Board.for_state(st)
    bots = [make_bot("random", seed + i) for i in range(players)]
    surf = pygame.Surface((1280, 720))
    cam = Camera(pygame.Rect(0, 56, 960, 664))
    cam.fit(board.bounds())
    pick = random.Random(seed)
    kinds: set[str] = set()
    steps = 0
    while not st.is_terminal():
        seat = st.current_player()
        prefs = choices.Prefs(factory_source=pick.choice([0] + st.returned_factories))
        ch = choices.build(st, board, seat, prefs, human=True)
        legal = st.legal_actions()
        reachable = _reachable(ch)
        places = {a.space for a in legal if isinstance(a, A.Place)}
        builds = [a for a in legal if isinstance(a, A.BuildFactory)]
        for a in legal:
            if isinstance(a, A.Place):
                assert a.space in ch.usable, a
            elif isinstance(a, A.BuildFactory):
                # one source at a time is on the board; the others are picked as sources first
                if a.source == (prefs.factory_source if prefs.factory_source in {b.source for b in builds}
                                else min(b.source for b in builds)):
                    assert a in reachable, a
            elif isinstance(a, A.Advance):
                # two tasks may move the same track: one click, the narrower task is spent first
                assert any(isinstance(r, A.Advance) and (r.railroad, r.colour) == (a.railroad, a.colour)
                           for r in reachable), a
            else:
                assert a in reachable, a
            kinds.add(type(a).__name__)
        assert set(ch.usable) == places
        for t in ch.targets:
            if t.kind == "loco" and t.key:
                rid, slot = t.key.split(":")
                chain = choices.chain_preview(st, g.focus_frame(), seat, t)
                if int(slot) < len(st.players[seat].locos[rid]):  # replaces: the pushed-out one and its ways on
                    assert chain[0][1].endswith("must move") and len(chain) >= 2
                else:
                    assert chain == []
        if steps % 25 == 0:
            sel = Selection(focus=seat, usable=set(ch.usable), blocked=ch.blocked, targets=ch.targets,
                            names=tuple(s.name for s in seats), colours=tuple(theme.seat_rgb(s) for s in seats))
            draw_board(surf, board, st, cam, sel)
            for sid in ch.blocked:
                assert hover.space_tip(st, sid, ch).count("Not now:") == 1
            hover.board_tip(st, board, {seat: g.focus_frame()},
                            (pick.uniform(0, board.bounds()[2]), pick.uniform(0, 1100)))
        st.apply(bots[seat].choose(st))
        steps += 1
    assert {"Place", "Pass", "Advance", "BuildLoco"} <= kinds
