"""Shortcuts for rule tests: games on the tiny board put straight into the
situation a test needs, and the invariants every state must keep."""
from __future__ import annotations

from typing import Any

from game.core.engine import Seat
from game.core.hexgrid import distance, pair_key
from tests.crayon.tinyboard import TinyGame

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def new_game(players: int = 2, seed: int = 1, cls: type[TinyGame] = TinyGame, **options: Any) -> Any:
    return cls.new_game(options, seed, [Seat(NAMES[i]) for i in range(players)])


def operating(players: int = 2, seat: int = 0, cls: type[TinyGame] = TinyGame, **options: Any) -> Any:
    """A game past the building rounds, at the start of `seat`'s turn."""
    s = new_game(players, cls=cls, **options)
    s.phase, s.round, s.first = "operate", 0, 0
    s.order = list(range(players))
    s.order_pos = seat
    s._begin_turn()
    return s


def give_track(s: Any, seat: int, path: list[tuple[int, int]]) -> None:
    for a, b in zip(path, path[1:]):
        s.track[pair_key(a, b)] = seat
    s._track_changed()


def put_train(s: Any, seat: int, h: tuple[int, int], came_from: Any = None) -> None:
    s.players[seat].position = h
    s.players[seat].came_from = came_from


def card_count(s: Any) -> int:
    return (len(s.deck.draw_pile) + len(s.deck.discards) + sum(len(p.hand) for p in s.players)
            + len(s.active) + len(s.removed))


def check_invariants(s: Any) -> None:
    data = s.data
    assert s.bank + sum(p.cash for p in s.players) == s.rules.bank_start, "money is not conserved"
    chips = sum(s.supply.values()) + sum(len(p.loads) for p in s.players) + len(s.circus_at)
    assert chips == data.total_chips, "load chips are not conserved"
    assert all(v >= 0 for v in s.supply.values())
    cards = s.deck.draw_pile + s.deck.discards + [c for p in s.players for c in p.hand] \
        + [e.card for e in s.active] + s.removed
    assert sorted(cards) == sorted(list(data.demands) + list(data.events)), "cards are not conserved"
    for (a, b), owner in s.track.items():
        assert (a, b) == pair_key(a, b) and distance(a, b) == 1, "a track key is not a milepost pair"
        assert (a, b) not in s.board.red_area
        assert 0 <= owner < len(s.players)
    for i, p in enumerate(s.players):
        assert len(p.loads) <= s.capacity(i)
        assert all(c in data.demands for c in p.hand)
        assert p.cash >= 0
