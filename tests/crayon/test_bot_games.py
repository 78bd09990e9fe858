"""Whole games played by the computer players on the tiny board, with the
crayon invariants checked after every action. The generic promises (copies,
saves, replays, refusals, bots leaving the state alone) are checked for every
game by tests/test_conformance.py."""
from __future__ import annotations

import pytest

from game.crayon.bots import make_crayon_bot
from tests.crayon.helpers import check_invariants, new_game
from tests.crayon.tinyboard import TinyRussian


def play(s, bots, limit=3000):
    """Play to the end; returns every seat that ever declared victory."""
    declared = set()
    for _ in range(limit):
        declared |= set(s.declared)
        if s.is_terminal():
            return declared
        bot = bots[s.current_player()]
        s.apply(bot.decide(s) if hasattr(bot, "decide") else bot.choose(s))
        check_invariants(s)
    return declared


@pytest.mark.parametrize("seed", range(6))
def test_normal_bots_finish_with_a_winner(seed):
    s = new_game(3, seed=seed)
    bots = [make_crayon_bot("normal", seed * 10 + i) for i in range(3)]
    declared = play(s, bots)
    assert s.is_terminal() and len(s.winners()) == 1
    w = s.winners()[0]
    assert w in declared and len(s.connected_majors(w)) >= s.rules.win_majors


@pytest.mark.parametrize("seed", range(2))
def test_easy_and_normal_bots_with_russian_rules_and_variants(seed):
    s = new_game(4, seed=seed, cls=TinyRussian, circus=True, fast_trains=True, history="early")
    bots = [make_crayon_bot("easy" if i % 2 else "normal", i) for i in range(4)]
    play(s, bots)
    assert s.is_terminal() and s.winners()


def test_plan_bot_prices_special_demands_and_collects_every_load():
    from tests.crayon.helpers import give_track, operating, put_train
    s = operating(2)
    s.deck.draw_pile.remove(107)
    s.resolve_event(107, 1)
    give_track(s, 0, [(3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2)])
    put_train(s, 0, (2, 2))
    bot = make_crayon_bot("normal", 0)
    special = [r for r in bot.plans(s, 0) if r.stops == tuple(sorted(r.stops, key=lambda st: not st.pick))
               and [st.card for st in r.stops] == [107, 107]]
    assert special and special[0].build == 0
    pick, drop = special[0].stops
    assert (pick.city, pick.load, pick.count) == ("Alpha", "Coal", 2) and drop.index == -1
    bot._route[0] = special[0]
    s.apply(bot.decide(s))
    s.apply(bot.decide(s))
    assert s.players[0].loads == ["Coal", "Coal"]


def test_plan_bot_carries_two_loads_for_two_cards_on_one_trip():
    """A route may serve two demand cards: both loads are picked up before
    either is delivered when the stops lie along one line."""
    from game.crayon.routes import Stop
    from tests.crayon.helpers import give_track, operating, put_train
    s = operating(2)
    s.players[0].hand = []
    give_track(s, 0, [(3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2)])
    put_train(s, 0, (2, 2))
    bot = make_crayon_bot("normal", 0)
    pricer = bot.pricer(s, 0)
    coal = (Stop("Alpha", "Coal", True, 1, 0), Stop("Beta", "Coal", False, 1, 0, 1, 20))
    oil = (Stop("Smallville", "Oil", True, 2, 0), Stop("Beta", "Oil", False, 2, 0, 1, 20))
    together = pricer.price((coal[0], oil[0], coal[1], oil[1]))
    one_by_one = pricer.price(coal + oil)
    assert together is not None and one_by_one is not None
    assert together.payout == 40 and together.turns < one_by_one.turns
