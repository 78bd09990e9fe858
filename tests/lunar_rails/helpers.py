"""Shortcuts for Lunar Rails rule tests on the small Moon, and the
invariants every state must keep (money, chips, cards, track)."""
from __future__ import annotations

from typing import Any

from game.core.engine import Seat
from game.core.hexgrid import distance, pair_key
from game.crayon.links import teleports
from tests.crayon.helpers import give_track, put_train  # noqa: F401  (re-exported for the tests)
from tests.lunar_rails.moonboard import MoonGame, extras_chips

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def new_game(players: int = 2, seed: int = 1, **options: Any) -> Any:
    return MoonGame.new_game(options, seed, [Seat(NAMES[i]) for i in range(players)])


def operating(players: int = 2, seat: int = 0, **options: Any) -> Any:
    """A game past the building rounds, at the start of `seat`'s turn."""
    s = new_game(players, **options)
    s.pending = []
    s.phase, s.round, s.first = "operate", 0, 0
    s.order = list(range(players))
    s.order_pos = seat
    s._begin_turn()
    return s


def stack(s: Any, *cards: int) -> None:
    """Put `cards` on top of the draw pile, first drawn first."""
    pile = [c for c in s.deck.draw_pile if c not in cards]
    for c in cards:
        if c in s.deck.discards:
            s.deck.discards.remove(c)
        for p in s.players:
            if c in p.hand:
                p.hand.remove(c)
    s.deck.draw_pile = pile + list(reversed(cards))


def check_invariants(s: Any) -> None:
    data = s.data
    assert s.bank + sum(p.cash for p in s.players) == s.rules.bank_start, "money is not conserved"
    chips = sum(s.supply.values()) + sum(len(p.loads) for p in s.players) + len(s.circus_at) + extras_chips(s)
    assert chips == data.total_chips, "load chips are not conserved"
    assert all(v >= 0 for v in s.supply.values())
    cards = s.deck.draw_pile + s.deck.discards + [c for p in s.players for c in p.hand] \
        + [e.card for e in s.active] + s.removed + s.lunar.contracts
    assert sorted(cards) == sorted(list(data.demands) + list(data.events)), "cards are not conserved"
    links = teleports(s.board)
    for (a, b), owner in s.track.items():
        assert (a, b) == pair_key(a, b)
        assert distance(a, b) == 1 or links.get(a) == b, "a track key is not a milepost pair"
        assert (a, b) not in s.board.red_area
        assert 0 <= owner < len(s.players)
    for i, p in enumerate(s.players):
        assert len(p.loads) <= s.capacity(i)
        assert all(c in data.demands for c in p.hand)
        assert p.cash >= 0
        assert p.position is None or p.position not in s.board.wraps, "a train stopped on a Wrap Letter"
    held = [p.loco for p in s.players]
    for i, t in s.lunar.spare.items():
        assert len(t.loads) <= s.rules.loco(t.loco).capacity
        assert t.position is None or t.position not in s.board.wraps
    if s.two_trains():
        return  # loco cards do not limit two trains each
    for lc in s.rules.locos:
        assert not lc.cards or held.count(lc.name) <= lc.cards, f"more {lc.name} cards than the bank has"


def fire(s: Any, card: int, drawer: int) -> list[Any]:
    """Draw event `card` from the deck for `drawer` and put it into effect."""
    stack(s, card)
    return s.resolve_event(s.deck.draw(), drawer)


def give_card(s: Any, seat: int, card: int) -> None:
    """Swap `card` (from the deck) for the oldest card of `seat`'s hand (the new one goes last)."""
    stack(s, card)
    s.deck.discard(s.players[seat].hand.pop(0))
    s.players[seat].hand.append(s.deck.draw())
