"""Mercy: Late Payment of use fee. "You may use another player's track and
pay the track usage fee from delivery payoffs obtained by delivering loads
while on the other player's track. Once leaving the track all fees must be
paid in full." """
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.crayon import actions as A
from tests.lunar_rails.helpers import check_invariants, give_card, give_track, operating, put_train

BOB_LINE = [(4, 3), (5, 3), (6, 3), (6, 4), (7, 4)]  # Sinus Iridum to Mare Nectaris on Bob's track


def broke_on_bobs_line(**options):
    s = operating(2, **options)
    give_track(s, 1, BOB_LINE)
    give_track(s, 0, [(6, 3), (7, 3)])
    s.bank += s.players[0].cash - 2
    s.players[0].cash = 2
    put_train(s, 0, (4, 3))
    return s


def test_without_the_option_no_cash_no_rental():
    s = broke_on_bobs_line()
    with pytest.raises(IllegalAction, match="You need 4M in cash to use Bob's track"):
        s.apply(A.Move(((5, 3), (6, 3))))


def test_the_fee_is_owed_and_paid_from_the_payoff_of_a_delivery_on_that_track():
    s = broke_on_bobs_line(late_payment=True)
    s.apply(A.Move(((5, 3), (6, 3), (6, 4), (7, 4))))
    assert s.players[0].cash == 2 and s.lunar.late[0] == {1: 4}
    card = next(c for c in s.data.demands if s.card_demands(c)[0].city == "Mare Nectaris")
    load = s.card_demands(card)[0].load
    give_card(s, 0, card)
    s.supply[load] -= 1
    s.players[0].loads.append(load)
    bob = s.players[1].cash
    s.apply(A.Deliver(card, 0))
    assert s.lunar.late[0] == {} and s.players[1].cash == bob + 4
    assert s.players[0].cash == 2 + s.card_demands(card)[0].payout - 4
    check_invariants(s)


def test_leaving_the_track_needs_every_fee_paid_in_full():
    s = broke_on_bobs_line(late_payment=True)
    s.apply(A.Move(((5, 3), (6, 3))))
    assert s.lunar.late[0] == {1: 4}
    with pytest.raises(IllegalAction, match="You owe Bob 4M in use fees: pay them in full before leaving"):
        s.apply(A.Move(((7, 3),)))  # onto Ann's own track
    assert A.Move(((7, 3),)) not in s.legal_actions()
    s.apply(A.Move(((6, 4),)))  # still on Bob's track: no new fee this turn
    assert s.lunar.late[0] == {1: 4}
    s.players[0].cash, s.bank = 9, s.bank - 7
    put_train(s, 0, (6, 3), came_from=(6, 4))
    s.moves_left = 3
    s.apply(A.Move(((7, 3),)))  # the cash pays the debt as the train leaves
    assert s.lunar.late[0] == {} and s.players[0].cash == 5
    check_invariants(s)


def test_a_fee_the_cash_pays_is_paid_at_once():
    s = broke_on_bobs_line(late_payment=True)
    s.players[0].cash, s.bank = 10, s.bank - 8
    s.apply(A.Move(((5, 3), (6, 3))))
    assert s.lunar.late[0] == {} and s.players[0].cash == 6
