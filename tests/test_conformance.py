"""The engine contract, for every built game and each row of options in
tests/conformance_cases.py: determinism from the seed, clone independence,
to_dict/from_dict round trips, every listed move applies, malformed and
unlisted moves are refused with the state unchanged (and whatever apply
accepts is listed), observations hide only what they should, a Session's
replay equals the live state, bots never touch the state they are given,
and each game's own invariants hold after every move.

`python3 -m bench soak GAME --minutes M` runs the same checks for longer.
"""
from __future__ import annotations

import dataclasses
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import registry
from game.core.actions import Action, registered_types
from game.core.conformance import check_game
from game.core.engine import GameState
from game.core.errors import IllegalAction
from tests.conformance_cases import TABLE, Row, rows_for

BUILT = [g for g in registry.GAME_IDS if registry.GAMES[g].built]
RUNS = [pytest.param(row, seed, id=f"{row.case().label}-seed{seed}") for row in TABLE for seed in range(row.games)]


@pytest.mark.parametrize("row, seed", RUNS)
def test_contract_holds_over_a_seeded_game(row: Row, seed: int) -> None:
    check_game(row.case(), seed, row.steps)


@pytest.mark.parametrize("game_id", BUILT)
def test_every_built_game_has_conformance_rows(game_id: str) -> None:
    assert any(r.game_id == game_id for r in rows_for(game_id)), f"add {game_id} to tests/conformance_cases.py"


@pytest.mark.parametrize("game_id", BUILT)
def test_registry_matches_the_engine(game_id: str) -> None:
    info, engine = registry.info(game_id), registry.engine(game_id)
    assert (engine.game_id, engine.title) == (game_id, info.title)
    assert (engine.min_players, engine.max_players) == (info.min_players, info.max_players)
    assert engine.action_namespaces, f"{game_id} must name the prefixes of its action types"
    for prefix in engine.action_namespaces:
        assert any(c.type.startswith(prefix + ".") for c in registered_types().values()), prefix


# Hypothesis: any action of any game, with any field values, at a mid-game position ---

_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: st.tuples(inner, inner) | st.lists(inner, max_size=4).map(tuple), max_leaves=8)


@st.composite
def any_action(draw: st.DrawFn) -> Action:
    cls = draw(st.sampled_from(sorted(registered_types().values(), key=lambda c: c.type)))
    return cls(**{f.name: draw(_VALUES) for f in dataclasses.fields(cls)})


def _mid_game(game_id: str) -> GameState:
    """A position some random moves into the game's first row of options."""
    row = next(r for r in rows_for(game_id) if r.engine is None)
    return check_game(replace(row.case(), warmup=max(row.warmup, 6), bot_share=0.0), 99, 0)


@pytest.mark.parametrize("game_id", BUILT)
def test_arbitrary_actions_are_refused_or_listed(game_id: str) -> None:
    state = _mid_game(game_id)
    legal = state.legal_actions()
    data = state.to_dict()

    @settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(any_action())
    def probe(act: Action) -> None:
        copy = state.clone()
        try:
            copy.apply(act)
        except IllegalAction:
            assert copy.to_dict() == data
            return
        assert act in legal or not state.enumerated(act), f"{act!r} was accepted but is not listed"

    probe()
