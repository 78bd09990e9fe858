"""Challenge game: Private Warehousing. "A player may build one private
warehouse on the board at any mare milepost. This costs 10 million, and is
considered part of the building turn. Only one warehouse may occupy any one
milepost. [...] The player owning this warehouse may drop off up to two
loads at this location." """
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.crayon import actions as A
from game.crayon.lunar_rails import actions as LA
from game.crayon.lunar_rails.extras import Warehouse
from tests.lunar_rails.helpers import check_invariants, fire, give_track, operating, put_train, stack

SITE = (5, 3)  # mare, on Ann's line out of Sinus Iridum


def carry(s, seat, *loads):
    for load in loads:
        s.supply[load] -= 1
        s.players[seat].loads.append(load)


def warehousing(**options):
    s = operating(2, private_warehousing=True, **options)
    give_track(s, 0, [(4, 3), (5, 3), (6, 3)])
    return s


def test_a_warehouse_costs_10m_of_the_building_turn():
    s = warehousing()
    assert LA.BuildWarehouse(SITE) in s.legal_actions()
    s.apply(LA.BuildWarehouse(SITE))
    assert s.lunar.warehouses[0].milepost == SITE and s.players[0].cash == 50 and s.spent == 10
    assert s.building  # part of the building turn: the train has stopped running
    with pytest.raises(IllegalAction, match="already have a warehouse"):
        s.apply(LA.BuildWarehouse((5, 4)))
    check_invariants(s)


@pytest.mark.parametrize("site, message", [
    ((6, 3), "mare milepost"),  # a highland mountain
    ((3, 4), "mare milepost"),  # Sinus Iridum
    ((10, 3), "mare milepost"),  # a Wrap Letter
])
def test_only_on_mare(site, message):
    s = warehousing()
    with pytest.raises(IllegalAction, match=message):
        s.apply(LA.BuildWarehouse(site))


def test_one_warehouse_a_milepost_and_none_without_the_option():
    s = warehousing()
    s.lunar.warehouses[1] = Warehouse(SITE)
    with pytest.raises(IllegalAction, match="Only one warehouse may occupy a milepost"):
        s.apply(LA.BuildWarehouse(SITE))
    s2 = operating(2)
    with pytest.raises(IllegalAction, match="not in use"):
        s2.apply(LA.BuildWarehouse(SITE))


def test_the_owner_stores_two_loads_and_takes_them_back():
    s = warehousing()
    s.lunar.warehouses[0] = Warehouse(SITE)
    put_train(s, 0, SITE, came_from=(4, 3))
    carry(s, 0, "Beer", "Robots")
    s.apply(LA.Store("Beer"))
    s.apply(LA.Store("Robots"))
    assert s.lunar.warehouses[0].loads == ["Beer", "Robots"] and s.players[0].loads == []
    carry(s, 0, "Bauxite")
    assert LA.Store("Bauxite") not in s.legal_actions()  # two loads at most
    with pytest.raises(IllegalAction):
        s.apply(LA.Store("Bauxite"))
    s.apply(LA.Fetch("Beer"))
    assert s.players[0].loads == ["Bauxite", "Beer"]
    check_invariants(s)


def test_a_passing_train_buys_for_5m_or_exchanges():
    s = warehousing()
    s.lunar.warehouses[1] = Warehouse(SITE, ["Beer", "Robots"])
    s.supply["Beer"] -= 1
    s.supply["Robots"] -= 1
    put_train(s, 0, SITE, came_from=(4, 3))
    carry(s, 0, "Bauxite")
    assert LA.WarehouseTrade(1, "Beer", "") in s.legal_actions()
    s.apply(LA.WarehouseTrade(1, "Beer"))
    s.apply(LA.AnswerTrade(True))
    assert (s.players[0].cash, s.players[1].cash) == (55, 65)
    s.apply(LA.WarehouseTrade(1, "Robots", "Bauxite"))
    s.apply(LA.AnswerTrade(True))
    assert s.players[0].loads == ["Beer", "Robots"] and s.lunar.warehouses[1].loads == ["Bauxite"]
    assert s.players[0].cash == 55  # an exchange costs nothing
    check_invariants(s)


def test_the_owner_answers_a_swap_or_sale_and_may_refuse():
    """"The player may exchange the commodity with any other player passing through [...] The player may
    sell the commodity to another passing train for 5 million": the owner's to decide."""
    s = warehousing()
    s.lunar.warehouses[1] = Warehouse(SITE, ["Beer"])
    s.supply["Beer"] -= 1
    put_train(s, 0, SITE, came_from=(4, 3))
    carry(s, 0, "Bauxite")
    moves = s.moves_left
    s.apply(LA.WarehouseTrade(1, "Beer"))
    assert s.current_player() == 1 and s.legal_actions() == [LA.AnswerTrade(True), LA.AnswerTrade(False)]
    assert s.decision_title(s.pending[0]) == "Ann asks you to sell the Beer in the warehouse for 5M"
    with pytest.raises(IllegalAction, match="Bob must first make a choice"):
        s.apply(A.EndTurn())
    d = s.to_dict()
    assert type(s).from_dict(d).to_dict() == d and s.clone().lunar.request == s.lunar.request
    s.apply(LA.AnswerTrade(False))
    assert s.current_player() == 0 and s.lunar.warehouses[1].loads == ["Beer"]
    assert (s.players[0].cash, s.players[1].cash, s.players[0].loads, s.moves_left) == (60, 60, ["Bauxite"], moves)
    assert LA.WarehouseTrade(1, "Beer") not in s.legal_actions()
    with pytest.raises(IllegalAction, match="Bob has already refused that this turn"):
        s.apply(LA.WarehouseTrade(1, "Beer"))
    s.apply(LA.WarehouseTrade(1, "Beer", "Bauxite"))  # another request is still asked
    assert s.decision_title(s.pending[0]) == "Ann asks you to swap the Beer in the warehouse for Bauxite"
    s.apply(LA.AnswerTrade(True))
    assert s.players[0].loads == ["Beer"] and s.lunar.warehouses[1].loads == ["Bauxite"]
    with pytest.raises(IllegalAction, match="No event is waiting"):
        s.apply(LA.AnswerTrade(True))
    check_invariants(s)


def test_a_computer_owner_keeps_a_load_its_demands_want():
    from game.crayon.bots import make_crayon_bot
    s = warehousing()
    wanted = next(d.load for c in s.players[1].hand for d in s.card_demands(c))
    spare = next(x for x in ("Ice", "Titanium Ore", "Beer", "Robots") if x != wanted and not any(
        d.load == x for c in s.players[1].hand for d in s.card_demands(c)))
    s.lunar.warehouses[1] = Warehouse(SITE, [wanted, spare])
    s.supply[wanted] -= 1
    s.supply[spare] -= 1
    put_train(s, 0, SITE, came_from=(4, 3))
    bot = make_crayon_bot("normal", 1)
    s.apply(LA.WarehouseTrade(1, wanted))
    assert bot.decide(s) == LA.AnswerTrade(False)
    s.apply(LA.AnswerTrade(False))
    s.apply(LA.WarehouseTrade(1, spare))
    assert bot.decide(s) == LA.AnswerTrade(True)
    s.apply(bot.decide(s))
    assert s.players[0].loads == [spare] and s.players[1].cash == 65
    check_invariants(s)


def test_an_empty_tray_sends_for_a_warehouse_load_and_waits_a_turn():
    s = warehousing()
    s.lunar.warehouses[1] = Warehouse(SITE, ["Bauxite"])
    s.supply["Bauxite"] -= 1
    carry(s, 1, "Bauxite", "Bauxite")  # Pythagoras has no Bauxite chip left
    assert s.supply["Bauxite"] == 0
    put_train(s, 0, (2, 0))
    assert LA.Retrieve("Bauxite", owner=1) in s.legal_actions()
    s.apply(LA.Retrieve("Bauxite", owner=1))
    assert s.players[0].loads == ["Bauxite"] and s.players[0].lost_turns == 1 and s.moves_left == 0
    s.apply(A.EndTurn())
    s.apply(A.EndTurn())
    assert s.current_player() == 1  # Ann's next turn was spent waiting in Pythagoras
    check_invariants(s)


def test_a_meteor_striking_the_warehouse_destroys_it_with_its_loads():
    """"If the warehouse is struck by a meteor during a Meteor Showers event, then it is destroyed but
    may be rebuilt (for the normal cost)." """
    s = warehousing()
    s.lunar.warehouses[0] = Warehouse((4, 2), ["Beer"])
    s.supply["Beer"] -= 1
    stack(s, 202, 131)  # three north of Sinus Iridum lands on (4, 1), next to the warehouse
    s.resolve_event(s.deck.draw(), 0)
    assert 0 not in s.lunar.warehouses and s.supply["Beer"] == 3
    check_invariants(s)


@pytest.mark.parametrize("card", [215, 217])  # Lava Flows close the mare; Solar Flares on the near side
def test_a_disaster_empties_the_warehouse_which_stays(card):
    """"When a disaster occurs which affects a warehouse with stored loads, all of these loads are
    returned to the tray. [...] The warehouse remains for future use by the player." """
    s = warehousing()
    s.lunar.warehouses[0] = Warehouse(SITE, ["Beer"])
    s.supply["Beer"] -= 1
    fire(s, card, 1)
    assert s.lunar.warehouses[0].loads == [] and s.supply["Beer"] == 3
    check_invariants(s)


def test_wordelmann_takes_from_a_field_warehouse_and_disasters_empty_them():
    s = operating(2, warehousing="wordelmann")
    put_train(s, 0, (21, 2))
    carry(s, 0, "Bauxite")
    s.apply(A.Drop("Bauxite"))  # left in Apollo (far side)
    carry(s, 1, "Bauxite", "Bauxite")
    put_train(s, 0, (2, 0))  # Pythagoras makes Bauxite, but its tray is empty
    s.moves_left = 5
    assert LA.Retrieve("Bauxite", city="Apollo") in s.legal_actions()
    s.apply(LA.Retrieve("Bauxite", city="Apollo"))
    assert s.players[0].loads == ["Bauxite"] and not s.lunar.stored and s.players[0].lost_turns == 1
    check_invariants(s)
    s2 = operating(2, warehousing="wordelmann")
    put_train(s2, 0, (21, 2))
    carry(s2, 0, "Beer")
    s2.apply(A.Drop("Beer"))
    fire(s2, 218, 1)  # Cosmic Rays over the far side: "The disasters in effect destroy all field warehouses"
    assert not s2.lunar.stored and s2.supply["Beer"] == 3
    check_invariants(s2)


def test_computer_players_build_a_warehouse_and_stop_to_buy_from_one():
    from game.crayon.bots import make_crayon_bot
    s = warehousing()
    s.players[0].cash, s.bank = 120, s.bank - 60
    bot = make_crayon_bot("normal", 0)
    site = bot._warehouse_site(s, 0)
    assert site == LA.BuildWarehouse((5, 3))  # on its line, next to Sinus Iridum
    s2 = warehousing()
    route = next(r for r in bot.plans(s2, 0) if r.stops[0].pick)  # a route that starts by picking a load up
    want = route.stops[0]
    bot._route[0] = route
    s2.lunar.warehouses[1] = Warehouse((5, 3), [want.load])
    s2.supply[want.load] -= 1
    assert bot._stop_at_warehouse(s2, 0, ((5, 3), (6, 3))) == ((5, 3),)
    put_train(s2, 0, (5, 3), came_from=(4, 3))
    assert bot._warehouse(s2, 0, route, []) == LA.WarehouseTrade(1, want.load)


def test_computer_players_store_a_load_their_route_does_not_use_and_fetch_it_when_it_does():
    """A demand's load the route leaves aside waits in the own warehouse
    (room for the route's loads); a later route that needs it takes it back."""
    from game.crayon.bots import make_crayon_bot
    s = warehousing()
    bot = make_crayon_bot("normal", 0)
    route = next(r for r in bot.plans(s, 0) if r.stops[0].pick)
    aside = next(d.load for c in s.players[0].hand for d in s.card_demands(c)
                 if d.load not in {st.load for st in route.stops})
    bot._route[0] = route
    s.lunar.warehouses[0] = Warehouse((5, 3), [])
    assert bot._stop_at_warehouse(s, 0, ((4, 3), (5, 3), (6, 3))) == ((4, 3), (5, 3), (6, 3))  # nothing aside
    carry(s, 0, aside)
    assert bot._stop_at_warehouse(s, 0, ((4, 3), (5, 3), (6, 3))) == ((4, 3), (5, 3))
    put_train(s, 0, (5, 3), came_from=(4, 3))
    assert bot._warehouse(s, 0, route, []) == LA.Store(aside)
    s.apply(LA.Store(aside))
    assert s.lunar.warehouses[0].loads == [aside] and aside not in s.players[0].loads
    assert bot._warehouse(s, 0, route, []) is None  # the route does not want it back
    later = next(r for r in bot.plans(s, 0) if any(st.load == aside and not st.pick for st in r.stops))
    assert bot._warehouse(s, 0, later, []) == LA.Fetch(aside)
    check_invariants(s)


def test_handling_warehouse_loads_costs_movement_with_cost_to_load():
    """"Each player uses one milepost of movement to pick up or drop off one load." """
    s = warehousing(cost_to_load=True)
    s.lunar.warehouses[1] = Warehouse(SITE, ["Beer"])
    s.supply["Beer"] -= 1
    put_train(s, 0, SITE, came_from=(4, 3))
    carry(s, 0, "Bauxite")
    s.apply(LA.WarehouseTrade(1, "Beer", "Bauxite"))  # one load off, one on: two mileposts
    s.apply(LA.AnswerTrade(True))
    assert s.moves_left == 8
    s.moves_left = 1
    assert LA.WarehouseTrade(1, "Bauxite", "Beer") not in s.legal_actions()
    check_invariants(s)


def test_computer_players_take_a_stored_load_back_when_passing_with_room():
    """Ann's warehouse holds Concrete, which her card wants in Sinus Iridum, on her line: a train
    passing the warehouse with room beyond its route's pick-ups stops, takes it back and does not
    store it again; with the route's loads filling the train it passes by."""
    from game.crayon.bots import make_crayon_bot
    from game.crayon.routes import Route, Stop
    s = warehousing()
    assert ("Sinus Iridum", "Concrete") in [(d.city, d.load) for _c, _i, d in s.hand_demands(0)]
    s.lunar.warehouses[0] = Warehouse(SITE, ["Concrete"])
    s.supply["Concrete"] -= 1
    bot = make_crayon_bot("normal", 0)
    card = s.players[0].hand[2]  # Hertzsprung wants Robots: pick them up in Sinus Iridum
    one = Route((Stop("Sinus Iridum", "Robots", True, card, 0), Stop("Hertzsprung", "Robots", False, card, 0,
                                                                     payout=34)), 34, 0, 0, 3.0, 5.0)
    bot._route[0] = one
    put_train(s, 0, (6, 3), came_from=(7, 3))
    assert bot._stop_at_warehouse(s, 0, ((5, 3), (4, 3))) == ((5, 3),)
    s.apply(A.Move(((5, 3),)))
    assert bot._warehouse(s, 0, one, []) == LA.Fetch("Concrete")
    s.apply(LA.Fetch("Concrete"))
    assert bot._warehouse(s, 0, one, []) is None  # kept on the train for Sinus Iridum
    full = Route((Stop("Sinus Iridum", "Robots", True, card, 0, count=2),) + one.stops[1:], 34, 0, 0, 3.0, 5.0)
    s2 = warehousing()
    s2.lunar.warehouses[0] = Warehouse(SITE, ["Concrete"])
    s2.supply["Concrete"] -= 1
    bot._route[0] = full
    put_train(s2, 0, (6, 3), came_from=(7, 3))
    assert bot._stop_at_warehouse(s2, 0, ((5, 3), (4, 3))) == ((5, 3), (4, 3))
    check_invariants(s)
    check_invariants(s2)
