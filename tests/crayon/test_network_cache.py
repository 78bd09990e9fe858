"""The networks and joined Major Cities the state keeps between builds: after
a player's build only that player's are recomputed, and every seat's must
still equal a fresh computation, with the same legal actions as a state that
forgot everything."""
from __future__ import annotations

import random
from typing import Any

import pytest

from game.crayon import actions as A
from game.crayon.network import connected_majors, network_nodes
from tests.crayon.helpers import new_game
from tests.lunar_rails.helpers import new_game as new_moon_game

MOON_OPTIONS = {"branching": True, "starting_over": True, "track_trading": True, "easy_start": True}


def _warm(s: Any) -> None:
    for seat in range(len(s.players)):
        s.network(seat)
        s.connected_majors(seat)


def _check_against_fresh(s: Any) -> None:
    forgot = s.clone()
    forgot._track_changed()  # a copy with nothing cached
    for seat in range(len(s.players)):
        assert s.network(seat) == forgot.network(seat)
        assert s.connected_majors(seat) == forgot.connected_majors(seat)
    assert forgot.legal_actions() == s.legal_actions()


def _random_builds(s: Any, seed: int, actions: int = 400) -> int:
    """Random legal actions, builds four times in five; the builds made."""
    rng = random.Random(seed)
    builds = 0
    for _ in range(actions):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        track = [a for a in legal if isinstance(a, A.BuildTrack)]
        _warm(s)  # every seat's network cached, so a stale one would show
        action = rng.choice(track) if track and rng.random() < 0.8 else rng.choice(legal)
        s.apply(action)
        builds += isinstance(action, A.BuildTrack)
        _check_against_fresh(s)
    return builds


@pytest.mark.parametrize("seed", range(4))
def test_cached_networks_match_fresh_ones_over_random_builds(seed):
    s = new_game(3, seed=seed)
    assert _random_builds(s, seed) > 30
    for seat in range(3):
        assert s.network(seat) == network_nodes(s.board, s.track, seat, s.ferry_owners)
        assert s.connected_majors(seat) == connected_majors(s.board, s.track, seat, s.ferry_owners)


@pytest.mark.parametrize("seed", range(2))
def test_cached_networks_match_fresh_ones_on_the_moon_with_variants(seed):
    s = new_moon_game(3, seed=seed, **MOON_OPTIONS)
    assert _random_builds(s, seed) > 30
