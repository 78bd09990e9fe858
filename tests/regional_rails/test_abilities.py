"""Each of the 12 railroad companies' and 14 tycoons' special abilities."""
from __future__ import annotations

from game.core.hexgrid import edge_hexes, edge_id
from game.regional_rails import phases
from game.regional_rails.actions import (
    Borrow, BuildInterior, BuildSide, BuildStation, BuyDividends, BuyStock, EndPhase, PickStart,
    PlaceDevelopment, RemoveObsolescence, Rob, Upgrade)
from game.regional_rails.costs import quote_interior, quote_side
from game.regional_rails.data import rules
from game.regional_rails.state import END, INCOME, UPGRADE
from tests.regional_rails.helpers import ScriptedDice, hex_of, new_game, put_rail, refused, set_up, turn_of


def game(first, second="Purple Pusher", tycoons=None):
    s = set_up([first, second], tycoons=tycoons)
    a = next(c.index for c in s.companies if c.owner == 0)
    b = next(c.index for c in s.companies if c.owner == 1)
    s.companies[a].train_level = 20
    turn_of(s, a, money=50)
    return s, a, b


# Companies -----------------------------------------------------------------------------

def test_company_list_is_complete():
    assert len(rules().companies) == 12 and len(rules().tycoons) == 14


def test_red_runner_has_ten_extra_markers():
    s, a, b = game("Red Runner")
    assert s.companies[a].rail_left == s.companies[b].rail_left + 10 == 59


def test_white_wonder_crosses_rivers_for_two_less():
    s, a, _ = game("White Wonder")
    river = (-1, 8, 0)
    put_rail(s, a, edge_hexes(river)[0])
    q = quote_side(s, a, river)
    assert q.total == 1 and "White Wonder: river crossing" in [x.label for x in q.lines]


def test_blacks_tracks_enters_towns_and_cities_for_one_less():
    s, a, _ = game("Blacks Tracks")
    for name, total in (("Barrow", 1), ("Ravensby", 2)):
        h = hex_of(s, name)
        put_rail(s, a, edge_id(h, 0))
        assert quote_interior(s, a, h).total == total


def test_grey_goose_enters_mountains_for_two_less():
    s, a, _ = game("Grey Goose Express")
    put_rail(s, a, edge_id((0, 13), 3))
    assert quote_interior(s, a, (0, 13)).total == 1


def test_blue_lightning_starts_at_level_two_and_pays_less_upkeep():
    s, a, _ = game("Blue Lightning")
    assert phases.upkeep_due(s, a) == s.companies[a].train_level - 1


def test_green_machines_stations_cost_two():
    s, a, _ = game("Green Machines")
    s.apply(BuildStation(*s.companies[a].start))
    assert s.companies[a].money == 48


def test_yellow_fellow_pays_no_surcharge():
    s, a, _ = game("Yellow Fellow Lines")
    start = s.companies[a].start
    costs_paid = [s.apply(act)[0].cost for act in (
        BuildSide(*edge_id(start, 0)), BuildInterior(5, 0), BuildSide(*edge_id((5, 0), 0)),
        BuildInterior(6, 0))]
    assert costs_paid == [1, 2, 1, 3]  # Ashcombe 1+1; Saltmarsh: base + town + coastal, no +2


def test_purple_pusher_stock_bonus():
    s, a, b = game("Silver Streak", "Purple Pusher")
    turn_of(s, a, money=5, phase=INCOME)
    s.turn.invest_roll = 2
    s.apply(BuyStock(b, 2))
    assert s.companies[a].vp == 10 + 2 * 3


def test_silver_streak_may_start_in_any_city_and_others_only_in_starting_cities():
    s = set_up(["Silver Streak", "Golden Boy"], starts=["Ravensby", "Northgate"])
    silver = next(c for c in s.companies if c.name == "Silver Streak")
    assert silver.start == hex_of(s, "Ravensby")
    fresh = new_game(2, seed=1)
    while fresh.phase != "setup_start":
        fresh.apply(fresh.legal_actions()[0])
    seat = fresh.current_player()
    company = next(c for c in fresh.companies if c.owner == seat)
    assert company.name != "Silver Streak"
    assert set(fresh.start_choices(seat)) == set(fresh.board.start_cities)
    assert refused(fresh, PickStart(*hex_of(fresh, "Ravensby"))).code == "bad_start"


def test_golden_boy_event_bonus():
    s, a, _ = game("Golden Boy")
    s.companies[a].turns_taken = 5
    s.round = 5  # past the first three turns of the game
    s.rng = ScriptedDice([1])
    assert phases.resolve_event(s, a)[-1].event == "Trucks & Roads"


def test_indigo_engines_gets_two_extra_markers():
    s, a, b = game("Indigo Engines")
    assert len(s.companies[a].developments) == 4


def test_pink_puffer_does_not_pay_for_markers_present():
    s, a, b = game("Pink Puffer")
    side = edge_id(s.companies[a].start, 0)
    put_rail(s, b, side, 2)
    q = quote_side(s, a, side)
    assert q.total == 1 and "(Pink Puffer: free)" in q.lines[-1].label


# Tycoons -----------------------------------------------------------------------------

def connect(s, a, name):
    h = hex_of(s, name)
    put_rail(s, a, edge_id(h, 0))
    return s.apply(BuildInterior(*h))


def test_boss_hawg_and_city_slicker_and_pick_axe_pete_score_connections():
    s, a, b = game("Silver Streak", tycoons=["Boss Hawg", "City Slicker Sid"])
    connect(s, a, "Barrow")
    assert s.companies[a].vp == 11
    connect(s, a, "Ravensby")
    assert s.companies[a].vp == 11
    s2, a2, _ = game("Silver Streak", tycoons=["City Slicker Sid", "Boss Hawg"])
    connect(s2, a2, "Ravensby")
    connect(s2, a2, "Barrow")
    assert s2.companies[a2].vp == 11
    s3, a3, _ = game("Silver Streak", tycoons=["Pick Axe Pete", "Boss Hawg"])
    connect(s3, a3, "Woodhall")  # a forest town
    put_rail(s3, a3, edge_id((0, 13), 3))
    s3.apply(BuildInterior(0, 13))  # a mountain
    assert s3.companies[a3].vp == 12


def test_daddy_rawhide_scores_connecting_to_a_development_marker():
    s, a, _ = game("Silver Streak", tycoons=["Daddy Rawhide", "Boss Hawg"])
    s.developments[hex_of(s, "Barrow")] = "Corn"
    connect(s, a, "Barrow")
    connect(s, a, "Ravensby")
    assert s.companies[a].vp == 11


def test_uncle_moneybags_and_bob_the_builder():
    s, a, b = game("Silver Streak", tycoons=["Uncle Moneybags", "Bob the Builder"])
    assert s.companies[b].stations_left == 7
    s2 = set_up(["Silver Streak", "Golden Boy"], tycoons=["Uncle Moneybags", "Bob the Builder"])
    assert [c.money for c in s2.companies if c.owner == 0] == [12]


def test_fast_eddy_buys_two_levels_and_mike_the_mechanic_earns_from_it():
    s, a, b = game("Silver Streak", tycoons=["Fast Eddy", "Mike the Mechanic"])
    s.companies[a].train_level = 1
    turn_of(s, a, money=10, phase=UPGRADE)
    s.apply(Upgrade())
    s.apply(Upgrade())
    assert s.companies[a].train_level == 3 and s.companies[a].money == 10 - 4 - 6
    assert s.companies[b].vp == 12
    assert "may buy only 2 Train Levels per turn" in refused(s, Upgrade()).message


def test_philanthropic_phil_adds_one_to_dividend_rolls():
    s, a, _ = game("Silver Streak", tycoons=["Philanthropic Phil", "Boss Hawg"])
    s.rng = ScriptedDice([2, 6])
    phases.roll_dividends(s, a)
    assert s.turn.dividend_rolls == (3, 7)


def test_lester_the_investor_adds_two_to_the_investment_roll():
    s, a, _ = game("Silver Streak", tycoons=["Lester the Investor", "Boss Hawg"])
    s.rng = ScriptedDice([1, 1, 3, 3])
    s.apply(EndPhase())
    assert (s.turn.loan_roll, s.turn.invest_roll) == (2, 8)


def test_boris_the_banker_earns_when_another_player_borrows():
    s, a, b = game("Silver Streak", tycoons=["Boss Hawg", "Boris the Banker"])
    turn_of(s, a, money=0, phase=INCOME)
    s.turn.loan_roll = 6
    s.apply(Borrow(2))
    assert s.companies[b].vp == 11 and s.companies[a].vp == 4


def test_boris_the_banker_earns_from_his_own_loans_too():
    """Rule: "Boris the Banker  Earn 1 VP each time a player takes a loan" -- "a player",
    where Mike the Mechanic says "another player"."""
    s, a, b = game("Silver Streak", tycoons=["Boris the Banker", "Boss Hawg"])
    turn_of(s, a, money=0, phase=INCOME)
    s.turn.loan_roll = 6
    s.apply(Borrow(2))
    assert s.companies[a].vp == 10 - 6 + 1 and s.companies[b].vp == 10


def test_rob_the_robber_baron_steals_one_vp_each_turn():
    s, a, b = game("Silver Streak", tycoons=["Rob the Robber Baron", "Boss Hawg"])
    turn_of(s, a, money=0, phase=UPGRADE)
    s.apply(EndPhase())
    assert s.phase == END and [a for a in s.legal_actions() if not isinstance(a, PlaceDevelopment)] == [Rob(b)]
    s.apply(Rob(b))
    assert (s.companies[a].vp, s.companies[b].vp) == (11, 9)
    assert s.active != a or s.round == 2


def test_dealer_dan_pays_three_to_drop_an_obsolescence_token():
    s, a, b = game("Silver Streak", tycoons=["Dealer Dan", "Boss Hawg"])
    turn_of(s, a, money=5, phase=UPGRADE)
    assert "no obsolescence token" in refused(s, RemoveObsolescence()).message
    s.companies[a].obsolescence = 2
    s.apply(RemoveObsolescence())
    assert (s.companies[a].obsolescence, s.companies[a].money) == (1, 2)
    turn_of(s, b, money=5, phase=UPGRADE)
    s.companies[b].obsolescence = 1
    assert "Only Dealer Dan" in refused(s, RemoveObsolescence()).message


def test_dividends_with_no_tycoon_bonus_use_plain_rolls():
    s, a, _ = game("Silver Streak")
    s.rng = ScriptedDice([2, 6])
    phases.roll_dividends(s, a)
    turn_of(s, a, money=3, phase="dividends")
    s.turn.dividend_rolls = (2, 6)
    s.apply(BuyDividends(3))
    assert s.companies[a].vp == 10 + 2 * 3 + 2


def test_an_additional_railroad_is_capped_at_4_stations_and_40_rail_markers():
    """ "These extra railroads can have a max of 4 Stations and 40 RM": Red
    Runner's +10 RM and Bob the Builder's +2 stations do not lift the cap."""
    s = set_up(["Blacks Tracks", "Purple Pusher"], tycoons=["Bob the Builder", "Dealer Dan"],
               additional_railroads=True)
    original = next(c for c in s.companies if c.owner == 0)
    assert original.stations_left == rules().section("supply")["stations"] + 2  # Bob's own railroad
    extra = s._new_company("Red Runner", 0, extra=True)
    assert (extra.stations_left, extra.rail_left) == (4, 40)


def test_development_markers_may_be_placed_in_every_phase_of_the_owners_turn():
    """ "A player may place one of his DM whenever he likes": the End phase
    (Rob the Robber Baron's pick) included, and listed in legal_actions."""
    s, a, b = game("Blacks Tracks", tycoons=["Rob the Robber Baron", "Dealer Dan"])
    turn_of(s, a, phase=END)
    kind = s.companies[a].developments[0]
    spot = s.development_spots(kind)[0]
    assert PlaceDevelopment(kind, *spot) in s.legal_actions()
    s.apply(PlaceDevelopment(kind, *spot))
    assert s.developments[spot] == kind and s.phase == END
