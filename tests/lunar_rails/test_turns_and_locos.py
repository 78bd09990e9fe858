"""Set-up, loco cards and upgrades, winning at once (or after equal turns),
and saving, for Lunar Rails on the small Moon."""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.crayon import actions as A
from tests.lunar_rails.helpers import check_invariants, give_track, new_game, operating, put_train


def test_setup_as_the_rulebook_says():
    s = new_game(3)
    assert all(p.cash == 60 and p.loco == "Von Braun" and len(p.hand) == 3 for p in s.players)
    assert all(c in s.data.demands for p in s.players for c in p.hand)
    best = [max(d.payout for c in p.hand for d in s.card_demands(c)) for p in s.players]
    assert best[s.first] == max(best)
    assert s.phase == "initial"
    check_invariants(s)


def test_the_loco_table():
    s = new_game()
    table = {lc.name: (lc.level, lc.capacity, lc.speed) for lc in s.rules.locos}
    assert table == {"Von Braun": (1, 2, 10), "Redstone": (2, 2, 12), "Vostok": (2, 3, 10), "Atlas": (3, 2, 14),
                     "Soyuz": (3, 3, 12), "Titan": (4, 2, 16), "Proton": (4, 3, 14), "Saturn": (5, 3, 16)}
    assert sum(lc.cards for lc in s.rules.locos) == 18


def test_an_upgrade_costs_ten_a_level_against_the_budget():
    s = operating()
    s.apply(A.Upgrade("Redstone"))
    assert s.players[0].cash == 50 and s.spent == 10
    s.apply(A.Upgrade("Soyuz"))  # the next level, of either type
    assert s.players[0].loco == "Soyuz" and s.players[0].cash == 40 and s.spent == 20
    assert "the limit is 20M" in s.quote_build(((4, 3), (4, 2)), 0).reason


def test_two_levels_at_once_take_the_whole_budget():
    s = operating()
    assert s.upgrade_price(0, "Atlas") == 20
    s.apply(A.Upgrade("Atlas"))
    assert s.players[0].loco == "Atlas" and s.players[0].cash == 40
    assert s.upgrade_refusal(0, "Saturn") == "A Atlas cannot be upgraded to a Saturn." or \
        "you may spend only 0M more" in s.upgrade_refusal(0, "Saturn")
    assert s.upgrade_refusal(0, "Von Braun") == "A Atlas cannot be upgraded to a Von Braun."


def test_three_levels_at_once_are_refused():
    s = operating()
    assert s.upgrade_refusal(0, "Titan") == "A Von Braun cannot be upgraded to a Titan."


def test_a_loco_with_no_card_left_waits_or_takes_the_other_type():
    s = operating(3)
    s.players[1].loco = "Titan"  # the only Titan card
    s.players[0].loco = "Atlas"
    assert s.upgrade_refusal(0, "Titan").startswith("No Titan card is left in the bank")
    assert s.upgrade_refusal(0, "Proton") == ""
    assert A.Upgrade("Titan") not in s.legal_actions() and A.Upgrade("Proton") in s.legal_actions()


def test_no_upgrade_to_a_smaller_train_than_the_loads_carried():
    s = operating()
    s.players[0].loco = "Vostok"
    s.players[0].loads = ["Beer", "Oxygen", "Ice"]
    for load in s.players[0].loads:
        s.supply[load] -= 1
    assert s.upgrade_refusal(0, "Atlas") == "A Atlas carries only 2 loads; your train carries 3."
    assert s.upgrade_refusal(0, "Soyuz") == ""


def _ready_to_win(s, seat):
    give_track(s, seat, [(4, 4), (5, 4), (6, 4), (6, 5)])  # Sinus Iridum to Mare Nectaris
    s.bank -= 150 - s.players[seat].cash
    s.players[seat].cash = 150


def test_the_first_to_meet_both_goals_wins_at_once():
    s = operating(3)
    _ready_to_win(s, 0)
    s.apply(A.EndTurn())
    assert s.is_terminal() and s.winners() == [0]


def test_equal_turns_lets_the_round_finish():
    s = operating(3, equal_turns=True)
    _ready_to_win(s, 0)
    s.apply(A.EndTurn())
    assert not s.is_terminal() and s.declared == [0]
    s.apply(A.EndTurn())
    s.apply(A.EndTurn())
    assert s.is_terminal() and s.winners() == [0]


def test_equal_turns_tie_raises_the_target():
    s = operating(2, equal_turns=True)
    _ready_to_win(s, 0)
    s.apply(A.EndTurn())
    give_track(s, 1, [(3, 5), (4, 5), (5, 5), (6, 5)])
    s.bank -= 150 - s.players[1].cash
    s.players[1].cash = 150
    s.apply(A.EndTurn())
    assert not s.is_terminal() and s.target_cash == 180


def test_reversing_only_in_a_city():
    s = operating()
    give_track(s, 0, [(5, 3), (6, 3), (7, 3)])
    put_train(s, 0, (6, 3), came_from=(5, 3))
    with pytest.raises(IllegalAction, match="may only reverse in a city"):
        s.apply(A.Move(((5, 3),)))


def test_saving_and_cloning_keep_the_lunar_state():
    s = operating(2, open_contracts=True, loans="on")
    s.lunar.contracts = [s.players[0].hand.pop()]
    s.lunar.debts[1] = 40
    s.lunar.strikes = [("Sinus Iridum", (4, 1)), ("Pythagoras", None)]
    d = s.to_dict()
    assert type(s).from_dict(d).to_dict() == d and s.clone().to_dict() == d
    c = s.clone()
    c.lunar.debts[1] = 0
    assert s.lunar.debts[1] == 40
