"""The networks and joined Major Cities the state keeps between builds: after
a player's build only that player's are recomputed, and every seat's must
still equal a fresh computation, with the same legal actions as a state that
forgot everything."""
from __future__ import annotations

import random

import pytest

from game.crayon import actions as A
from game.crayon.network import connected_majors, network_nodes
from tests.crayon.helpers import new_game


def _warm(s) -> None:
    for seat in range(len(s.players)):
        s.network(seat)
        s.connected_majors(seat)


def _check_against_fresh(s) -> None:
    for seat in range(len(s.players)):
        assert s.network(seat) == network_nodes(s.board, s.track, seat, s.ferry_owners)
        assert s.connected_majors(seat) == connected_majors(s.board, s.track, seat, s.ferry_owners)
    forgot = s.clone()
    forgot._track_changed()
    assert forgot.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("seed", range(4))
def test_cached_networks_match_fresh_ones_over_random_builds(seed):
    s = new_game(3, seed=seed)
    rng = random.Random(seed)
    builds = 0
    for _ in range(400):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        track = [a for a in legal if isinstance(a, A.BuildTrack)]
        _warm(s)  # every seat's network cached, so a stale one would show
        action = rng.choice(track) if track and rng.random() < 0.8 else rng.choice(legal)
        s.apply(action)
        builds += isinstance(action, A.BuildTrack)
        _check_against_fresh(s)
    assert builds > 30
