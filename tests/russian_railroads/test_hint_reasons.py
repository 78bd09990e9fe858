"""A hint the look-ahead had nothing to weigh against (a starting bonus, a
pass) gives the normal player's reason: the move's lead when the board is
projected to the game's end, not a stock phrase."""
from __future__ import annotations

import math

from game import registry
from game.core.engine import Seat
from game.core.hints import find_hint
from game.russian_railroads.actions import ChooseStartBonus, Pass
from game.russian_railroads.search import _scored, why


def _first(kind: type, players: int = 3, seed: int = 3):
    """The first position of a normal bots' game where the normal player's move is a `kind` among several."""
    state = registry.engine("russian_railroads").new_game({}, seed, [Seat(f"P{i}") for i in range(players)])
    bots = [registry.make_bot("russian_railroads", "normal", i) for i in range(players)]
    while True:
        move = bots[state.current_player()].choose(state)
        if isinstance(move, kind) and len(state.legal_actions()) > 1:
            return state, move
        state.apply(move)


def _said_lead(state, move) -> str:
    scored = _scored(state, state.current_player())
    lead = math.floor(next(v for v, a in scored if a == move) - max(v for v, a in scored if a != move) + 0.5)
    if lead == 0:
        return "projected to the game's end, no other move scores more"
    return f"projected to the game's end, it scores {lead} point{'s' if lead > 1 else ''} more than the next best move"


def test_a_starting_bonus_hint_says_its_projected_lead():
    state, move = _first(ChooseStartBonus)
    hint = find_hint("russian_railroads", state, 9, seconds=1.0)
    assert hint.action == move and hint.decision.samples == 0  # nothing was searched
    assert why(state, state.current_player(), move) == _said_lead(state, move)
    assert hint.text.endswith(": " + _said_lead(state, move) + ".")


def test_a_pass_hint_says_its_projected_lead():
    state, move = _first(Pass)
    hint = find_hint("russian_railroads", state, 9, seconds=1.0)
    assert hint.action == move
    assert hint.text.startswith("Pass and score ") and hint.text.endswith(": " + _said_lead(state, move) + ".")



def test_the_lead_is_rounded_half_up_and_a_move_behind_is_never_level(monkeypatch):
    from game.russian_railroads import search

    def said(mine: float, best_other: float) -> str:
        monkeypatch.setattr(search, "_scored", lambda view, seat: sorted(
            [(mine, "mine"), (best_other, "other"), (best_other - 5, "third")], key=lambda x: -x[0]))
        return search.why(None, 0, "mine")

    assert said(11.5, 10.0) == "projected to the game's end, it scores 2 points more than the next best move"
    assert said(10.6, 10.0) == "projected to the game's end, it scores 1 point more than the next best move"
    assert said(10.2, 10.0) == "projected to the game's end, no other move scores more"
    assert said(10.0, 10.7).startswith("with the placements it prepares later this round")
