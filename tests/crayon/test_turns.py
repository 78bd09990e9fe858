"""Setup, turn order, discarding the hand, winning and ties, the variants,
and Russian Rails' fall of Communism (on the tiny board)."""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.crayon import actions as A
from game.crayon.content import CIRCUS
from tests.crayon.helpers import card_count, check_invariants, give_track, new_game, operating, put_train
from tests.crayon.tinyboard import TinyRussian

ALPHA_TO_BETA = [(3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2)]


def end_turns(s, n):
    for _ in range(n):
        s.apply(A.EndTurn())


def test_setup_cash_hands_and_first_player():
    for seed in range(5):
        s = new_game(4, seed=seed)
        assert all(p.cash == 60 and p.loco == "Freight" for p in s.players)
        assert all(len(p.hand) == 3 and all(c in s.data.demands for c in p.hand) for p in s.players)
        assert card_count(s) == len(s.data.demands) + len(s.data.events)
        best = [max(d.payout for c in p.hand for d in s.card_demands(c)) for p in s.players]
        assert best[s.first] == max(best) and s.current_player() == s.first
        check_invariants(s)


def test_switchback_start_two_building_rounds_then_first_player_runs():
    s = new_game(3, seed=2)
    f = s.first
    order = []
    for _ in range(6):
        order.append(s.current_player())
        assert s.phase == "initial"
        s.apply(A.EndTurn())
    fwd = [f, (f + 1) % 3, (f + 2) % 3]
    assert order == fwd + fwd[::-1]
    assert s.phase == "operate" and s.current_player() == f and s.moves_left == 9


def test_no_running_in_the_building_rounds():
    s = new_game(2)
    s.apply(A.PlaceTrain((2, 2)))
    with pytest.raises(IllegalAction) as err:
        s.apply(A.Move(((3, 2),)))
    assert "initial building rounds" in err.value.message


def test_a_train_starts_on_any_city_milepost_and_each_one_is_listed():
    # "At the beginning of the game, each player may start his train in any city on the map."
    s = new_game(2)
    places = [a.milepost for a in s.legal_actions() if isinstance(a, A.PlaceTrain)]
    assert sorted(places) == sorted(s.board.city_at)
    outer = next(h for h, city in s.board.city_at.items() if h != s.board.cities[city].center)
    s.apply(A.PlaceTrain(outer))
    assert s.players[s.order[0]].position == outer
    assert not any(isinstance(a, A.PlaceTrain) for a in s.legal_actions())


def test_discard_hand_instead_of_a_turn():
    s = operating(2)
    old = list(s.players[0].hand)
    s.apply(A.DiscardHand())
    assert s.current_player() == 1
    assert all(c in s.deck.discards for c in old) and len(s.players[0].hand) == 3
    s.apply(A.PlaceTrain((2, 2)))
    s.apply(A.Move(((3, 2),)))
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply(A.DiscardHand())
    assert "instead of your whole turn" in err.value.message and s.to_dict() == before


def test_upgrades_level_by_level_and_use_the_budget():
    s = new_game(2)
    s.apply(A.Upgrade("Heavy Freight"))
    me = s.order[0]
    assert s.players[me].loco == "Heavy Freight" and s.players[me].cash == 40
    with pytest.raises(IllegalAction) as err:
        s.apply(A.BuildTrack(((3, 1), (4, 1))))
    assert "the limit is 20M" in err.value.message
    s.apply(A.EndTurn())
    with pytest.raises(IllegalAction) as err:
        s.apply(A.Upgrade("Super Freight"))
    assert "cannot be upgraded" in err.value.message


def win_ready(s, seat, cash):
    give_track(s, seat, ALPHA_TO_BETA)
    s.pay(None, seat, cash - s.players[seat].cash)


def test_win_needs_majors_and_cash_and_the_round_is_completed():
    s = operating(2)
    win_ready(s, 0, 150)
    s.apply(A.EndTurn())
    assert s.declared == [0] and not s.is_terminal()
    s.apply(A.EndTurn())
    assert s.is_terminal() and s.winners() == [0] and s.current_player() is None
    s2 = operating(2)
    s2.pay(None, 0, 200)
    end_turns(s2, 2)
    assert not s2.is_terminal()  # cash without the Major Cities is not enough


def test_most_cash_wins_among_declared_and_a_tie_raises_the_target():
    s = operating(2)
    win_ready(s, 0, 160)
    give_track(s, 1, [(5, 5), (6, 4), (7, 3), (8, 3)])
    s.pay(None, 1, 170 - s.players[1].cash)
    end_turns(s, 2)
    assert s.winners() == [1]
    t = operating(2)
    win_ready(t, 0, 160)
    give_track(t, 1, [(5, 5), (6, 4), (7, 3), (8, 3)])
    t.pay(None, 1, 160 - t.players[1].cash)
    end_turns(t, 2)
    assert not t.is_terminal() and t.target_cash == 180
    end_turns(t, 2)
    assert not t.is_terminal()
    t.pay(None, 0, 30)
    end_turns(t, 2)
    assert t.winners() == [0]


def test_tournament_time_limit():
    s = operating(2, turn_limit="20")
    s.round = 19
    give_track(s, 1, ALPHA_TO_BETA)
    s.pay(None, 0, 50)
    end_turns(s, 2)
    assert s.is_terminal() and s.winners() == [1]  # the connected player beats the richer one


def test_circus_variant():
    s = operating(2, circus=True)
    assert s.circus_at == ["Alpha", "Beta"] and s.supply[CIRCUS] == 0
    card = 10
    demands = s.card_demands(card)
    assert sum(d.load == CIRCUS for d in demands) >= 1
    circus_demand = next(d for d in demands if d.load == CIRCUS)
    assert circus_demand.payout == 20
    put_train(s, 0, (2, 2))
    with pytest.raises(IllegalAction) as err:
        s.apply(A.PickUp(CIRCUS))
    assert "demand card for it" in err.value.message
    s.deck.draw_pile.remove(card)
    s.deck.draw_pile.append(s.players[0].hand[0])
    s.players[0].hand[0] = card
    s.apply(A.PickUp(CIRCUS))
    assert s.circus_at == ["Beta"]
    put_train(s, 0, s.board.cities[circus_demand.city].center)
    s.apply(A.Deliver(card, demands.index(circus_demand)))
    assert circus_demand.city in s.circus_at  # the Circus stays where it was delivered
    check_invariants(s)


def test_communism_falls():
    s = operating(2, cls=TinyRussian)
    s.pay(None, 0, 40)  # 100M
    s.deck.draw_pile.remove(107)
    s.resolve_event(107, 0)
    assert s.active and s.communist
    s.deck.draw_pile.remove(108)
    s.resolve_event(108, 0)
    assert s.players[0].cash == 80 and s.players[1].cash == 48
    assert [e.card for e in s.active] == [108] and 107 in s.deck.discards and s.era == "bottom"
    s.deck.draw_pile.remove(106)
    s.resolve_event(106, 0)  # the dual card now uses its bottom half: the strike
    assert s.active_events()[-1].title == "Strike"
    check_invariants(s)


def test_after_the_fall_a_duty_is_paid_entering_the_home_region():
    s = operating(2, cls=TinyRussian)
    give_track(s, 0, ALPHA_TO_BETA)
    put_train(s, 0, (8, 2))
    s.players[0].came_from = (9, 2)
    s.apply(A.Move(((7, 2),)))
    assert s.players[0].cash == 60  # no duty under Communism
    t = operating(2, cls=TinyRussian)
    give_track(t, 0, ALPHA_TO_BETA)
    put_train(t, 0, (8, 2))
    t.era = "bottom"
    t.apply(A.Move(((7, 2),)))
    assert t.players[0].cash == 58 and t.bank == t.rules.bank_start - 58 - 60
    t.apply(A.Move(((6, 2),)))
    assert t.players[0].cash == 58  # leaving Russia is free, and moving inside it


def test_isolationists_strike_closes_the_border():
    s = operating(2, cls=TinyRussian)
    s.era = "bottom"
    give_track(s, 0, ALPHA_TO_BETA)
    put_train(s, 0, (7, 2))
    s.deck.draw_pile.remove(106)
    s.resolve_event(106, 0)
    with pytest.raises(IllegalAction) as err:
        s.apply(A.Move(((8, 2),)))
    assert "No train may cross the borders of Home during the Strike" in err.value.message


@pytest.mark.parametrize("mode", ["early", "late", "never", "fallen"])
def test_forcing_the_hand_of_history_placement(mode):
    s = new_game(3, seed=4, cls=TinyRussian, history=mode)
    pile = s.deck.draw_pile
    window = s.rules.history_window
    if mode == "early":
        assert 108 in pile[-window - 1:]
    elif mode == "late":
        assert 108 in pile[:window + 1]
    else:
        assert 108 in s.removed and 108 not in pile
        assert s.era == ("bottom" if mode == "fallen" else "top")
    check_invariants(s)


def test_forcing_the_hand_of_history_trigger():
    s = operating(2, cls=TinyRussian, history="hundred_million")
    assert 108 in s.removed
    s.apply(A.EndTurn())
    assert s.communist
    s.pay(None, 1, 50)
    s.apply(A.EndTurn())  # checked at the end of every turn
    assert not s.communist and s.players[1].cash == 88 and [e.card for e in s.active] == [108]
    check_invariants(s)


def test_places_put_the_connected_before_the_rich():
    """Tournament rule: "having a connection to all five cities takes
    precedence over having the most money for those positions as well"."""
    s = new_game(3)
    s.connected_majors = lambda seat: ["A", "B", "C", "D", "E"] if seat == 2 else []  # type: ignore[method-assign]
    s.players[0].cash, s.players[1].cash, s.players[2].cash = 200, 120, 90
    s.winner_seats = []
    assert s.placings() == [2, 0, 1]
