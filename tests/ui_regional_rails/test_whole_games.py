"""Whole games with the table built for a human at every step: every legal
action must be reachable from the UI (a dialog button or card, a stepper
amount, a click on a highlighted board place, the station button of a city's
card, a development marker chip), and the board must draw throughout."""
from __future__ import annotations

import pygame
import pytest

from game.regional_rails import ENGINE, make_bot
from game.regional_rails import actions as A
from ui.camera import Camera
from ui.regional_rails import dialogs as dlg
from ui.regional_rails import geometry as geo
from ui.regional_rails.boardview import view_of
from ui.regional_rails.describe import build_preview
from ui.regional_rails.phase_dialogs import PhaseDialogs
from ui.regional_rails.phasebar import bar_model
from ui.regional_rails.render import Selection, draw_board

from tests.ui_regional_rails.helpers import seats


def _from_steppers(dialog: dlg.Dialog) -> set:
    out = set()
    targets = [o.key[1] for o in dialog.options if isinstance(o.key, tuple) and o.key[0] == "stock_target"]
    for st in dialog.steppers:
        amounts = range(max(st.lo, 1), st.hi + 1)
        if st.name == "loan":
            out |= {A.Borrow(n) for n in amounts}
        elif st.name == "stock":
            out |= {A.BuyStock(t, n) for t in targets for n in amounts}
        elif st.name == "dividends":
            out |= {A.BuyDividends(n) for n in range(st.lo, st.hi + 1)}
    return out


def _reachable(state, legal) -> set:
    """Every action a click can submit in this state."""
    dialogs = PhaseDialogs()
    dialog = dialogs.build(state, legal)
    out = set()
    if dialog is not None:
        out |= {i.key for i in dialog.buttons + dialog.options if isinstance(i.key, A.Action)}
        out |= _from_steppers(dialog)
        for o in dialog.options:
            if isinstance(o.key, tuple) and o.key[0] == "found":
                out |= {a for a in legal if isinstance(a, A.FoundRailroad) and a.company == o.key[1]}
    for a in legal:
        if isinstance(a, A.BuildInterior) and geo.pick(geo.hex_center((a.q, a.r))) == geo.Target(
                "interior", (a.q, a.r)):
            out.add(a)
        elif isinstance(a, A.BuildSide) and geo.pick(geo.edge_midpoint((a.q, a.r, a.side))).edge == (
                a.q, a.r, a.side):
            out.add(a)
        elif isinstance(a, A.BuildStation):
            card = build_preview(state, geo.Target("interior", (a.q, a.r)))
            if card.station_cost is not None:
                out.add(a)
        elif isinstance(a, A.PickStart) and geo.pick(geo.hex_center((a.q, a.r))).kind == "interior":
            out.add(a)
        elif isinstance(a, A.PlaceDevelopment):
            hand = state.companies[state.active].developments
            if a.kind in hand and state.board.place((a.q, a.r)) is not None:
                out.add(a)
    return out


@pytest.mark.parametrize("players,seed,options", [
    (2, 31, {}),
    (4, 32, {"map": "random", "tycoons": True}),
    (6, 33, {"additional_railroads": True}),
])
def test_every_decision_of_a_whole_game_is_reachable_and_drawn(players, seed, options):
    state = ENGINE.new_game(options, seed, seats(players))
    bots = [make_bot("random", seed + i) for i in range(players)]
    surf = pygame.Surface((1280, 720))
    cam = Camera(pygame.Rect(0, 56, 960, 664))
    cam.fit(view_of(state.board).world_bounds())
    steps = 0
    while not state.is_terminal() and steps < 6000:
        legal = state.legal_actions()
        missing = set(legal) - _reachable(state, legal)
        assert not missing, f"not reachable in {state.phase}: {sorted(map(repr, missing))[:5]}"
        model = bar_model(state)
        assert sum(i.state == "current" for i in model.items) <= 1
        if steps % 40 == 0:
            draw_board(surf, state.board, state, cam, Selection())
        state.apply(bots[state.current_player()].choose(state))
        steps += 1
    assert state.is_terminal()
    draw_board(surf, state.board, state, cam, Selection())
