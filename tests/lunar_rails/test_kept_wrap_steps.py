"""The route search's steps beside Wrap Letters, reused from the bare Moon
where nothing they look at is touched, are exactly the steps worked out
afresh, for every seat, on random boards with track (into letters too),
reservations, full cities, new craters and no-build events (on letters too)."""
from __future__ import annotations

import random

import pytest

from game.core.engine import Seat
from game.core.hexgrid import pair_key
from game.crayon.lunar_rails import ENGINE
from game.crayon.pathfind import _SeatGraph, board_graph


def test_reused_wrap_steps_equal_fresh_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    s = ENGINE.new_game({}, 1, [Seat(f"P{i}") for i in range(4)])
    board = s.board
    rnd = random.Random(7)
    pairs = sorted({pair_key(h, n) for h in board.mileposts for n in board.neighbours(h)} - set(board.red_area))
    spots = sorted(board.mileposts)
    letters = sorted(board.wraps)
    for round_no in range(5):
        s.track.clear()
        for pair in rnd.sample(pairs, len(pairs) // (40 - 6 * round_no)):
            s.track[pair] = rnd.randrange(4)
        s.reservations = {rnd.choice(pairs): (rnd.randrange(4), None)}
        s.lunar.craters[:] = rnd.sample(spots, round_no)
        storm = dict.fromkeys(rnd.sample(letters, 4 * round_no), "A solar flare.")  # letters: their partners' steps
        monkeypatch.setattr(s, "no_build_mileposts", lambda: storm)
        s._track_changed()
        for seat in range(4):
            kept = _SeatGraph(s, seat, ignore_events=False)
            with monkeypatch.context() as m:
                m.setattr(_SeatGraph, "_touched", lambda self, full, ports: set(self.base.hexes))
                fresh = _SeatGraph(s, seat, ignore_events=False)
            assert kept.steps == fresh.steps and kept.first == fresh.first
    assert len(board_graph(s).untouched_steps) > 20  # the comparison covered reused steps
