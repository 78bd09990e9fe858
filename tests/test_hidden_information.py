"""Fair play by construction: bots decide on `state.observation(seat, seed)`,
which re-deals everything the seat cannot see. Two states that differ only in
what is hidden from the player to move get the same decision from every bot."""
from __future__ import annotations

import random
from typing import Any

import pytest

from game import registry
from game.core.engine import DIFFICULTIES, GameState, Seat
from game.core.search_bot import HARD, Budget
from game.regional_rails.state import SETUP_PHASES

FAIR_BUDGET = Budget(None, 8)


def _players(n: int) -> list[Seat]:
    return [Seat(f"P{i}") for i in range(n)]


def _played(game_id: str, players: int, moves: int, seed: int = 3, **options: Any) -> Any:
    state = registry.engine(game_id).new_game(options, seed, _players(players))
    rnd = random.Random(seed)
    for _ in range(moves):
        state.apply(rnd.choice(state.legal_actions()))
    return state


def _same_decisions(game_id: str, a: GameState, b: GameState) -> None:
    """Every level decides the same; the hard one (rollout budget, no clock)
    with the same search behind it: the same values for every candidate."""
    assert a != b
    for difficulty in DIFFICULTIES:
        first = registry.make_bot(game_id, difficulty, 5, FAIR_BUDGET)
        second = registry.make_bot(game_id, difficulty, 5, FAIR_BUDGET)
        if difficulty == HARD:
            assert first.think(a) == second.think(b)
        else:
            assert first.choose(a) == second.choose(b), difficulty


# Russian Railroads: End Bonus cards, the removed ones, the pile, Emil's deck -------------

def _railroads_with_secrets() -> Any:
    state = _played("russian_railroads", 3, 12)
    for seat in (0, 1, 2):
        state.players[seat].end_bonus = [state.end_bonus_pile.pop()]
    return state


def test_railroads_observation_redeals_only_what_the_seat_cannot_see():
    state = _railroads_with_secrets()
    seat = state.current_player()
    other = (seat + 1) % 3
    views = [state.observation(seat, k) for k in range(12)]
    assert all(v.players[seat].end_bonus == state.players[seat].end_bonus for v in views)
    assert len({tuple(v.players[other].end_bonus) for v in views}) > 1
    assert len({tuple(v.end_bonus_box) for v in views}) > 1
    for v in views:
        hidden = v.end_bonus_box + v.end_bonus_pile + [c for i in (0, 1, 2) if i != seat
                                                       for c in v.players[i].end_bonus]
        known = state.end_bonus_box + state.end_bonus_pile + [c for i in (0, 1, 2) if i != seat
                                                              for c in state.players[i].end_bonus]
        assert sorted(hidden) == sorted(known)
        assert v.rng != state.rng and v.legal_actions() == state.legal_actions()


def test_railroads_bots_ignore_the_others_end_bonus_cards():
    a = _railroads_with_secrets()
    seat = a.current_player()
    b = a.clone()
    other = (seat + 1) % 3
    b.players[other].end_bonus, b.end_bonus_box[0] = [b.end_bonus_box[0]], b.players[other].end_bonus[0]
    b.end_bonus_pile.reverse()
    b.rng.state ^= 0xDEADBEEF
    _same_decisions("russian_railroads", a, b)


def test_emil_deck_order_is_hidden_from_the_solo_player():
    a = _played("russian_railroads", 1, 6)
    assert a.emil is not None and len(a.emil.draw_pile) > 1
    b = a.clone()
    b.emil.draw_pile.reverse()
    assert a.observation(0, 7) == b.observation(0, 7)
    _same_decisions("russian_railroads", a, b)


# Regional Rails: secret development markers of other railroads and the dice -------------

def test_regional_bots_ignore_the_others_secret_markers_and_the_dice():
    a = _played("regional_rails", 3, 15)
    seat = a.current_player()
    b = a.clone()
    other = next(c for c in b.companies if c.owner != seat and c.developments)
    swap = next(i for i, k in enumerate(b.dm_pool) if k != other.developments[0])
    other.developments[0], b.dm_pool[swap] = b.dm_pool[swap], other.developments[0]
    b.rng.state ^= 0xDEADBEEF
    mine = [c.developments for c in a.observation(seat, 1).companies if c.owner == seat]
    assert mine == [c.developments for c in a.companies if c.owner == seat]
    assert a.observation(seat, 1) == b.observation(seat, 1)
    _same_decisions("regional_rails", a, b)


# Russian Rails: the order of the draw pile ------------------------------------------------

def test_russian_rails_bots_ignore_the_deck_order():
    a = _played("russian_rails", 2, 4)
    b = a.clone()
    b.deck.draw_pile.reverse()
    b.rng.state ^= 0xDEADBEEF
    view = a.observation(a.current_player(), 1)
    assert sorted(view.deck.draw_pile) == sorted(a.deck.draw_pile) and view.deck.discards == a.deck.discards
    assert view == b.observation(a.current_player(), 1)
    for difficulty in ("random", "normal"):
        assert registry.make_bot("russian_rails", difficulty, 5).choose(a) == \
            registry.make_bot("russian_rails", difficulty, 5).choose(b)
    hard = [registry.make_bot("russian_rails", HARD, 5, FAIR_BUDGET) for _ in "ab"]
    assert hard[0].think(a) == hard[1].think(b)


@pytest.mark.parametrize("game_id", [g for g in registry.GAME_IDS if registry.GAMES[g].built])
def test_every_game_says_what_it_hides(game_id):
    """Every built game with hidden information re-deals something: two seeds
    give two different observations of a fresh game."""
    engine = registry.engine(game_id)
    state = engine.new_game({}, 1, _players(max(2, engine.min_players)))
    if engine.has_hidden_information:
        assert state.observation(0, 1) != state.observation(0, 2)


# The hard level searches on observations only -----------------------------------------------

def _rolled_out(bot: Any, decision: Any) -> bool:
    return bool(decision.samples)


def _route_chosen(bot: Any, decision: Any) -> bool:
    """The crayon hard player played its routes to their ends (game.crayon.route_sim)."""
    return bool(bot.normal.searched)


def _searching(game_id: str, players: int, seed: int = 3, limit: int = 200, searched: Any = _rolled_out,
               ready: Any = lambda state: True) -> Any:
    """A game played by normal bots up to the first position, once `ready`,
    where the hard bot compares several moves (so its search, not only its
    normal choice, is what the fairness test checks)."""
    state = registry.engine(game_id).new_game({}, seed, _players(players))
    bots = [registry.make_bot(game_id, "normal", i) for i in range(players)]
    for _ in range(limit):
        if ready(state) and searched(hard := registry.make_bot(game_id, HARD, 5, FAIR_BUDGET), hard.think(state)):
            return state
        state.apply(bots[state.current_player()].choose(state))
    raise AssertionError(f"the hard bot never searched in {limit} moves of {game_id}")


def _rival_with_secrets(state: Any) -> Any:
    """A railroad of another player than the one to move holding secret development markers."""
    seat = state.current_player()
    return next((c for c in state.companies if c.owner != seat and c.developments), None)


def _regional_fairness(a: Any) -> Any:
    """The hard decision on `a` equals the one on a copy whose unseen parts
    differ (a rival's secret marker traded for an unused one, the marker
    pool's order, the dice); returns the decision."""
    seat = a.current_player()
    b = a.clone()
    other = _rival_with_secrets(b)
    if other is not None:
        swap = next(i for i, k in enumerate(b.dm_pool) if k != other.developments[0])
        other.developments[0], b.dm_pool[swap] = b.dm_pool[swap], other.developments[0]
        assert b.to_dict() != a.to_dict()
    b.dm_pool.reverse()
    b.rng.state ^= 0xDEADBEEF
    assert a.observation(seat, 1) == b.observation(seat, 1)
    hard = [registry.make_bot("regional_rails", HARD, 5, FAIR_BUDGET) for _ in "ab"]
    decision = hard[0].think(a)
    assert decision.samples >= 2 and decision == hard[1].think(b)
    return decision


def test_regional_hard_setup_search_ignores_the_marker_pool_and_the_dice():
    a = _searching("regional_rails", 3)
    assert a.phase in SETUP_PHASES
    _regional_fairness(a)


def test_regional_hard_search_in_play_ignores_the_others_secret_markers_and_the_dice():
    a = _searching("regional_rails", 3, limit=400,
                   ready=lambda s: s.active is not None and _rival_with_secrets(s) is not None)
    assert a.active is not None and _rival_with_secrets(a) is not None
    _regional_fairness(a)


def test_crayon_hard_search_ignores_the_deck_order():
    a = _searching("russian_rails", 2, limit=60, searched=_route_chosen)
    b = a.clone()
    b.deck.draw_pile.reverse()
    b.rng.state ^= 0xDEADBEEF
    hard = [registry.make_bot("russian_rails", HARD, 5, FAIR_BUDGET) for _ in "ab"]
    decision = hard[0].think(a)
    assert _route_chosen(hard[0], decision) and decision == hard[1].think(b)
