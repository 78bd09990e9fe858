"""Setup and the seven phases: income, the event table, upkeep, dividends,
upgrades, regional development, loans, stocks, the end checks and scoring."""
from __future__ import annotations

import pytest

from game.core.engine import Seat
from game.core.hexgrid import edge_id
from game.regional_rails import ENGINE, phases, queries
from game.regional_rails.actions import (
    Borrow, BuyDividends, BuyStock, Develop, EndPhase, PickStart, Upgrade)
from game.regional_rails.data import rules
from game.regional_rails.events import DiceRolled, IncomeEarned, UpkeepPaid
from game.regional_rails.state import DIVIDENDS, END, INCOME, OVER, UPGRADE
from tests.regional_rails.helpers import (
    ScriptedDice, hex_of, put_rail, refused, set_up, turn_of)


def game(companies=("Purple Pusher", "Silver Streak"), tycoons=None, **options):
    s = set_up(list(companies), tycoons=tycoons, **options)
    a = next(c.index for c in s.companies if c.owner == 0)
    b = next(c.index for c in s.companies if c.owner == 1)
    return s, a, b


# Setup ----------------------------------------------------------------------------

def test_setup_gives_every_railroad_its_start():
    s, a, b = game(("Red Runner", "Blue Lightning"))
    for c in s.companies:
        assert (c.money, c.vp, len(c.developments), c.stations_left) == (5, 10, 2, 5)
        assert s.interior[c.start] == [c.index]
    assert s.companies[a].rail_left == 59 and s.companies[b].rail_left == 49
    assert (s.companies[a].train_level, s.companies[b].train_level) == (1, 2)
    assert s.has_hidden_information and s.hidden_from(0)
    assert set(s.turn_order) == {a, b} and s.round == 1


def test_setup_rolls_are_dice_events_in_the_log():
    s = ENGINE.new_game({}, 4, [Seat("Ann"), Seat("Bob"), Seat("Cy")])
    events = s.apply(s.legal_actions()[0])
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert len(rolls) >= 3 and all(e.reveals_hidden and "rolls" in e.text() for e in rolls)
    order = [s.seats[i].name for i in s.pick_order]
    assert events[-1].text() == f"Order for picking railroads: {', '.join(order)}."


def test_start_cities_are_all_taken_before_doubling_up():
    s = ENGINE.new_game({}, 2, [Seat("Ann"), Seat("Bob")])
    while s.phase != "setup_start":
        s.apply(s.legal_actions()[0])
    seat = s.current_player()
    assert set(s.start_choices(seat)) == set(s.board.start_cities)
    for h in s.board.start_cities:
        put_rail(s, 1 - seat, h)
    assert set(s.start_choices(seat)) == set(s.board.start_cities)  # all taken: doubling up
    e = refused(s, PickStart(*hex_of(s, "Ravensby")))
    assert e.code == "bad_start"


def test_the_twenty_development_markers_exist_once_each():
    """Rule: "DEVELOPMENT MARKERS Name: Placement:" lists 20 markers (Port ... Capital);
    "Each player gets two secret random DM" and regional development draws "1 random
    unused DM" from the same 20."""
    s, a, b = game(("Indigo Engines", "Golden Boy"))
    assert len(s.companies[a].developments) == 4 and len(s.companies[b].developments) == 2
    held = s.dm_pool + s.companies[a].developments + s.companies[b].developments
    assert sorted(held) == sorted(rules().development_kinds) and len(held) == 20
    assert len(s.dm_pool) == 20 - 6


# Income ----------------------------------------------------------------------------

def test_first_turn_income_is_two_from_the_start_city():
    """Rule: "(On their first turn of the game each player will make 2 MB from being
    connected to their Start city)"."""
    s, a, _ = game()
    turn_of(s, a, money=0)
    events = s.apply(EndPhase())
    assert [e.amount for e in events if isinstance(e, IncomeEarned)] == [2]
    assert s.phase == INCOME and s.companies[a].money == 2


def test_first_turn_income_counts_what_the_first_build_connected():
    """Rule: "Gain Money Bags (MB) from towns and Cities you are connected to ... A Town
    earns 1 MB"; the first-turn note names where the 2 MB come from, it makes no exception:
    a railroad that built to a town in its first Build phase earns 2 + 1."""
    s, a, _ = game()
    turn_of(s, a, money=0)
    put_rail(s, a, hex_of(s, "Saltmarsh"))
    assert s.board.place(hex_of(s, "Saltmarsh")).kind == "town"
    events = s.apply(EndPhase())
    assert [e.amount for e in events if isinstance(e, IncomeEarned)] == [3]
    assert s.companies[a].money == 3


def test_income_lines():
    s, a, b = game()
    c = s.companies[a]
    c.turns_taken = 3
    turn_of(s, a, money=0)
    for name in ("Saltmarsh", "Gullhaven", "Eastwatch", "Barrow"):
        put_rail(s, a, hex_of(s, name))
    s.developments[hex_of(s, "Barrow")] = "Corn"
    s.stations[hex_of(s, "Gullhaven")] = a
    c.obsolescence = 2
    # Northgate 2 + Saltmarsh 1 + Gullhaven 2+1 + Eastwatch 2+2 + Barrow 1+1 - 2
    total, lines = queries.income_preview(s, a)
    assert total == 10
    assert "Eastwatch: city 2, starting city +2" in lines and "Barrow: town 1, Corn +1" in lines
    s.apply(EndPhase())
    assert c.money == 10 and s.turn.income == 10
    c.obsolescence = 20
    assert queries.income_preview(s, a)[0] == 0


# The event table ---------------------------------------------------------------------

EVENTS = [  # roll, the game turn (round), expected (obsolescence, vp, money)
    (1, 5, (1, 0, 0)), (2, 5, (1, 0, 0)), (4, 5, (0, 1, 0)), (5, 5, (0, 1, 1)), (6, 5, (0, 0, 1)),
    (2, 1, (0, 1, 0)),  # +2 in the first three turns of the game: 2 becomes Mail
    (4, 3, (0, 0, 1)),  # 4 + 2 = 6: Freight
    (4, 4, (0, 1, 0)),  # the fourth turn has no bonus
]


@pytest.mark.parametrize("roll,game_turn,effect", EVENTS)
def test_event_table(roll, game_turn, effect):
    """ "Add +2 to your rolls for the first 3 Turns of the game." """
    s, a, _ = game()
    c = s.companies[a]
    s.round = game_turn
    s.rng = ScriptedDice([roll])
    events = phases.resolve_event(s, a)
    assert (c.obsolescence, c.vp - 10, c.money - 5) == effect
    assert events[0].dice == (roll,)


def test_golden_boy_adds_one_to_event_rolls():
    s, a, _ = game(("Golden Boy", "Silver Streak"))
    s.companies[a].turns_taken = 5
    s.round = 5  # past the first three turns of the game
    s.rng = ScriptedDice([5])
    events = phases.resolve_event(s, a)
    assert events[-1].event == "Freight" and events[0].total == 6


def test_train_wreck():
    s, a, _ = game()
    c = s.companies[a]
    c.turns_taken, c.train_level = 5, 5
    s.round = 5  # past the first three turns of the game
    s.rng = ScriptedDice([3, 2, 1, 4])  # event 3; 2D6 = 3 < level 5; lose 1D6 = 4 VP
    events = phases.resolve_event(s, a)
    assert c.vp == 6 and events[-1].event == "Train Wreck" and events[-1].vp == -4
    s.rng = ScriptedDice([3, 3, 3])  # 6 is not below 5: no loss
    phases.resolve_event(s, a)
    assert c.vp == 6


# Upkeep -------------------------------------------------------------------------

def test_upkeep_unpaid_costs_three_vp_each_and_vp_may_go_negative():
    s, a, _ = game()
    c = s.companies[a]
    c.train_level, c.money, c.vp = 3, 1, 2
    events = phases.pay_upkeep(s, a)
    assert (c.money, c.vp) == (0, -4)
    assert events == [UpkeepPaid(a, c.name, 1, 2)]
    assert events[0].text() == "Purple Pusher pays 1 MB upkeep and cannot pay 2 MB: -6 VP."


def test_blue_lightning_pays_one_less_upkeep():
    s, a, _ = game(("Blue Lightning", "Silver Streak"))
    assert phases.upkeep_due(s, a) == 1
    phases.pay_upkeep(s, a)
    assert s.companies[a].money == 4


def test_event_and_upkeep_follow_income_then_dividend_dice():
    s, a, _ = game()
    turn_of(s, a, money=10, phase=INCOME)
    s.turn.loan_roll, s.turn.invest_roll = 5, 5
    events = s.apply(EndPhase())
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("EventResolved") < kinds.index("UpkeepPaid")
    assert [e.purpose for e in events if isinstance(e, DiceRolled)][-2:] == [
        "first dividends roll", "second dividends roll"]
    assert s.phase == DIVIDENDS and all(1 <= r <= 6 for r in s.turn.dividend_rolls)


# Dividends ----------------------------------------------------------------------

def test_dividends_three_then_two_then_one():
    s, a, _ = game()
    turn_of(s, a, money=8, phase=DIVIDENDS)
    s.turn.dividend_rolls = (3, 2)
    assert queries.dividend_vp(s, 7) == 3 * 3 + 2 * 2 + 2 * 1
    s.apply(BuyDividends(7))
    c = s.companies[a]
    assert (c.money, c.vp, s.phase) == (1, 10 + 15, UPGRADE)
    turn_of(s, a, money=2, phase=DIVIDENDS)
    assert refused(s, BuyDividends(3)).code == "money"


def test_dividends_phase_is_skipped_without_money():
    s, a, _ = game()
    turn_of(s, a, money=0, phase=INCOME)
    s.companies[a].turns_taken = 5
    s.rng = ScriptedDice([6])
    s.apply(EndPhase())  # Freight: +1 MB, upkeep 1: no money left
    assert s.phase == UPGRADE


# Upgrade and regional development ---------------------------------------------------

def test_upgrade_costs_twice_the_new_level_once_per_turn():
    s, a, _ = game()
    c = s.companies[a]
    c.train_level = 3
    turn_of(s, a, money=20, phase=UPGRADE)
    s.apply(Upgrade())
    assert (c.train_level, c.money) == (4, 12)  # the rulebook's example: 8 MB for level 4
    e = refused(s, Upgrade())
    assert "may buy only 1 Train Level per turn" in e.message


def test_regional_development_draws_a_random_unused_marker_once_a_turn():
    s, a, _ = game()
    c = s.companies[a]
    turn_of(s, a, money=11, phase=UPGRADE)
    pool = len(s.dm_pool)
    events = s.apply(Develop())
    assert len(c.developments) == 3 and len(s.dm_pool) == pool - 1 and c.money == 6
    assert events[0].reveals_hidden and "secret development marker" in events[0].text()
    assert "already drawn" in refused(s, Develop()).message


# Loans and stocks ---------------------------------------------------------------------

def test_loans_up_to_the_roll_cost_three_vp_each():
    s, a, _ = game()
    turn_of(s, a, money=0, phase=INCOME)
    s.turn.loan_roll = 7
    assert refused(s, Borrow(8)).code == "loan_limit"
    s.apply(Borrow(4))
    c = s.companies[a]
    assert (c.money, c.vp) == (4, -2)
    assert refused(s, Borrow(1)).code == "loan_taken"


def test_stocks_pay_an_opponent_two_vp_per_mb_up_to_the_roll():
    s, a, b = game()
    turn_of(s, a, money=10, phase=INCOME)
    s.turn.invest_roll = 5
    s.apply(BuyStock(b, 3))
    assert (s.companies[a].money, s.companies[a].vp, s.companies[b].money) == (7, 16, 8)
    assert refused(s, BuyStock(b, 3)).code == "stock_limit"
    assert refused(s, BuyStock(a, 1)).code == "bad_target"
    s.apply(BuyStock(b, 2))
    assert s.turn.invested == 5


def test_money_amounts_must_be_whole_numbers():
    s, a, b = game()
    turn_of(s, a, money=10, phase=INCOME)
    s.turn.loan_roll, s.turn.invest_roll = 7, 5
    for move in (Borrow(2.5), BuyStock(b, 1.5), Borrow(True)):
        e = refused(s, move)
        assert e.code == "malformed" and "must be a whole number" in e.message
    turn_of(s, a, money=10, phase=DIVIDENDS)
    s.turn.dividend_rolls = (3, 3)
    assert refused(s, BuyDividends(0.5)).message == (
        "The move BuyDividends is malformed: its amount must be a whole number, not 0.5.")


def test_purple_pusher_stock_gives_one_extra_vp():
    s, a, b = game(("Silver Streak", "Purple Pusher"))
    turn_of(s, a, money=10, phase=INCOME)
    s.turn.invest_roll = 4
    s.apply(BuyStock(b, 4))
    assert s.companies[a].vp == 10 + 12


# End -------------------------------------------------------------------------------

def finish_turn(s, a):
    turn_of(s, a, money=0, phase=UPGRADE)
    return s.apply(EndPhase())


def test_game_ends_when_every_city_is_built_to():
    s, a, b = game()
    for p in s.board.cities():
        if not s.interior.get(p.hex):
            put_rail(s, b, p.hex)
    events = finish_turn(s, a)
    assert s.phase == OVER and s.end_reason == "every city on the map is built to"
    assert events[-1].text().startswith("Game over: every city on the map is built to.")
    assert s.current_player() is None and s.legal_actions() == []


def test_game_ends_when_a_railroad_has_used_all_its_rail_markers():
    s, a, b = game()
    s.companies[b].rail_left = 0
    finish_turn(s, a)
    assert s.phase == OVER and s.end_reason == "Silver Streak has used all its rail markers"


def test_game_continues_otherwise_and_stops_at_the_turn_limit():
    s, a, b = game()
    finish_turn(s, a)
    assert s.phase != OVER
    s.round = 30
    last = s.turn_order[-1]
    turn_of(s, last, money=0, phase=UPGRADE)
    s.apply(EndPhase())
    assert s.phase == OVER and "turn limit of 30 rounds" in s.end_reason


def test_end_scoring():
    s, a, b = game()
    ca, cb = s.companies[a], s.companies[b]
    ca.vp, ca.train_level, ca.money = 20, 3, 7
    cb.vp, cb.train_level, cb.money = 30, 1, 0
    for name in ("Saltmarsh", "Gullhaven"):
        put_rail(s, a, hex_of(s, name))
    put_rail(s, b, hex_of(s, "Gullhaven"))
    # a: 20 + 3*7 + 2*(Northgate, Saltmarsh) + 7//2 ; b: 30 + 7 + 2*(its start city)
    scores = s.scores()
    assert scores[0].parts == {"VP": 20, "Train Level": 21, "Only connection": 4, "Cash-in": 3}
    assert scores[0].total == 48 and scores[1].total == 39
    assert s.winners() == [0]


def test_illegal_moves_in_the_wrong_phase_name_the_phases():
    s, a, _ = game()
    turn_of(s, a, money=5)
    e = refused(s, Borrow(1))
    assert e.message == "That move belongs to the income phase; this is the build phase."
    turn_of(s, a, phase=END)
    assert refused(s, EndPhase()).code == "wrong_phase"


def test_quotes_are_read_only_and_explain():
    s, a, _ = game()
    turn_of(s, a, money=5)
    before = s.to_dict()
    q = queries.quote_side(s, edge_id(s.companies[a].start, 0))
    offer = queries.phase_offer(s)
    assert q.legal and offer.phase == "build" and offer.limits["max_per_turn"] == 4
    assert s.to_dict() == before


def test_possessive_of_company_names_reads_naturally():
    from game.regional_rails.events import possessive

    assert possessive("Indigo Engines") == "Indigo Engines'"
    assert possessive("Blue Lightning") == "Blue Lightning's"


def test_a_railroad_founded_late_gets_no_first_turns_bonus():
    """The +2 belongs to "the first 3 Turns of the game", not to a railroad's
    own first turns (an Additional Railroad founded in turn 6 rolls plain)."""
    s, a, _ = game()
    c = s.companies[a]
    c.turns_taken = 0
    s.round = 6
    s.rng = ScriptedDice([2])
    assert phases.resolve_event(s, a)[0].total == 2
