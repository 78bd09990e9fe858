"""Every Lunar Rails event kind, from the real events.yaml, on the small
Moon: the rulebook's Meteor Showers example (Sinus Iridum struck, Pythagoras
missed), strikes, booms, quakes, decompression, flares and cosmic rays."""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.core.hexgrid import pair_key
from game.crayon import actions as A
from game.crayon.lunar_rails import actions as LA
from game.crayon.lunar_rails.hazards import offset
from game.crayon.movement import plan_move
from tests.lunar_rails.helpers import check_invariants, fire, give_track, operating, put_train, stack
from tests.lunar_rails.moonboard import WRAP_A

METEOR_NORTH_3, TRACK_STRIKE, WRAP_STRIKE, BEER, BOOM = 202, 208, 209, 210, 212
STEVEDORES, QUAKE, LAVA, DECOMPRESSION, FLARE_NEAR, RAYS_FAR, TAX = 207, 213, 215, 216, 217, 219, 201


def test_counting_directions_like_a_train_moves():
    assert offset((3, 4), "north", 3) == (4, 1)
    assert offset((3, 4), "south", 2) == (2, 6)
    assert offset((3, 4), "east", 3) == (6, 4)
    assert offset((3, 4), "southwest", 2) == (1, 6)


def test_the_sinus_iridum_meteor_strike_and_the_pythagoras_miss():
    """The rulebook's example: three mileposts north of each city on the next
    demand card (Sinus Iridum, Oceanus, Pythagoras)."""
    s = operating(2)
    give_track(s, 1, [(4, 3), (4, 2), (4, 1), (3, 1), (2, 1)])  # through the strike zone
    give_track(s, 1, [(5, 3), (6, 3), (7, 3), (7, 4)])  # out of reach, into Mare Nectaris
    put_train(s, 1, (4, 2), came_from=(4, 3))
    s.players[1].loads = ["Beer", "Oxygen"]
    s.supply["Beer"] -= 1
    s.supply["Oxygen"] -= 1
    stack(s, METEOR_NORTH_3, 131)
    events = s.draw_to_full(0) if len(s.players[0].hand) < 3 else s.resolve_event(s.deck.draw(), 0)
    text = " ".join(e.text() for e in events)
    assert "narrowly misses the Moon" in text
    assert s.lunar.strikes[0] == ("Sinus Iridum", (4, 1)) and s.lunar.strikes[2] == ("Pythagoras", None)
    for pair in [((4, 2), (4, 3)), ((4, 1), (4, 2)), ((3, 1), (4, 1)), ((2, 1), (3, 1))]:
        assert pair_key(*pair) not in s.track  # everything touching the target or its neighbours
    assert s.track[pair_key((5, 3), (6, 3))] == 1 and s.track[pair_key((6, 3), (7, 3))] == 1
    assert s.players[1].loads == [] and s.players[1].lost_turns == 1
    assert 131 in s.deck.discards and METEOR_NORTH_3 in s.deck.discards
    # the owner puts the train back on a city its track reaches
    assert s.current_player() == 1
    options = s.legal_actions()
    assert LA.Relocate((21, 2)) not in options and LA.Relocate((7, 5)) in options
    s.apply(LA.Relocate((7, 5)))
    assert s.players[1].position == (7, 5)
    check_invariants(s)


def test_an_event_drawn_for_a_meteor_is_resolved_after_it():
    s = operating(2)
    stack(s, METEOR_NORTH_3, DECOMPRESSION, 131)
    s.resolve_event(s.deck.draw(), 0)
    assert [e.card for e in s.active] == [DECOMPRESSION] and 131 in s.deck.discards


def test_a_meteor_on_the_drawers_own_train_ends_the_turn():
    s = operating(2)
    put_train(s, 0, (4, 1))
    stack(s, METEOR_NORTH_3, 131)
    s.resolve_event(s.deck.draw(), 0)
    assert s.forfeit and s.players[0].lost_turns == 1


def test_the_stevedores_strike_closes_major_cities_to_loads():
    s = operating(2)
    put_train(s, 0, (3, 4))
    fire(s, STEVEDORES, 1)
    assert "during the Spaceport Stevedores Strike" in s.pickup_refusal(0, "Sinus Iridum", "Robots")
    with pytest.raises(IllegalAction):
        s.apply(A.PickUp("Robots"))
    put_train(s, 0, (2, 0))
    assert s.pickup_refusal(0, "Pythagoras", "Bauxite") == ""


def test_the_track_layers_strike_stops_all_building_but_not_upgrades():
    s = operating(2)
    fire(s, TRACK_STRIKE, 1)
    assert s.quote_build(((4, 3), (4, 2)), 0).reason == "No track may be built during the Track Layers Strike."
    s.apply(A.Upgrade("Redstone"))
    assert s.players[0].loco == "Redstone"


def test_the_wrap_crews_strike_closes_the_wraps_and_the_poles():
    s = operating(2)
    give_track(s, 0, [(8, 3), (9, 3), WRAP_A[0], WRAP_A[1], (14, 3)])
    give_track(s, 0, [(4, 1), (4, 0)])
    give_track(s, 0, [(18, 0), (19, 0)])
    fire(s, WRAP_STRIKE, 1)
    put_train(s, 0, (8, 3))
    with pytest.raises(IllegalAction, match="No train may cross to the other side"):
        s.apply(A.Move(((9, 3), WRAP_A[0], WRAP_A[1], (14, 3))))
    put_train(s, 0, (4, 0), came_from=(4, 1))
    assert not s.move_preview((19, 0), 0).legal
    give_track(s, 0, [(8, 4), (9, 4)])
    assert "Wrap Letter" in s.quote_build(((9, 4), WRAP_A[0], WRAP_A[1], (14, 2)), 0).reason


def test_a_boom_pays_twenty_for_one_listed_load_in_any_major_city():
    s = operating(2)
    fire(s, BOOM, 1)
    put_train(s, 0, (2, 0))
    s.players[0].loads = ["Robots"]
    s.supply["Robots"] -= 1
    assert not [a for a in s.legal_actions() if isinstance(a, LA.DeliverShortage)]  # a small city
    put_train(s, 0, (18, 4))
    assert LA.DeliverShortage(BOOM, "Robots") in s.legal_actions()
    cash = s.players[0].cash
    s.apply(LA.DeliverShortage(BOOM, "Robots"))
    assert s.players[0].cash == cash + 20 and not s.active and BOOM in s.deck.discards
    check_invariants(s)


def test_a_boom_lasts_three_full_turns_of_the_drawer():
    s = operating(2)
    fire(s, BEER, 0)
    for _ in range(6):  # the rest of this turn, then three full turns of the drawer
        s.apply(A.EndTurn())
        assert s.active
    s.apply(A.EndTurn())
    assert not s.active and BEER in s.deck.discards


def test_moon_quakes_close_the_highlands_to_moving_and_building():
    s = operating(2)
    give_track(s, 0, [(5, 3), (6, 3), (7, 3)])
    put_train(s, 0, (5, 3))
    fire(s, QUAKE, 1)
    with pytest.raises(IllegalAction, match="No train may move on mountain mileposts during the Moon Quakes"):
        s.apply(A.Move(((6, 3),)))
    give_track(s, 0, [(4, 3), (5, 2)])
    assert "No track may be built on mountain mileposts" in s.quote_build(((5, 2), (6, 2)), 0).reason


def test_lava_flows_close_the_mare():
    s = operating(2)
    give_track(s, 0, [(3, 3), (3, 2), (3, 1)])
    put_train(s, 0, (3, 3))
    fire(s, LAVA, 1)
    assert "lunar mare" in s.active_events()[0].text
    assert not s.move_preview((3, 1), 0).legal
    assert "No track may be built on clear mileposts" in s.quote_build(((3, 1), (2, 1)), 0).reason


def test_decompression_closes_the_drawers_track_until_the_end_of_the_next_turn():
    s = operating(2)
    give_track(s, 1, [(5, 3), (6, 3), (7, 3)])
    put_train(s, 0, (5, 3))
    fire(s, DECOMPRESSION, 1)
    with pytest.raises(IllegalAction, match="No train may run on Bob's track during the Decompression"):
        s.apply(A.Move(((6, 3),)))
    for _ in range(3):
        s.apply(A.EndTurn())
    assert s.active  # Bob's next turn is running
    s.apply(A.EndTurn())
    assert not s.active


def test_a_solar_flare_catches_a_train_in_the_open():
    s = operating(2)
    fire(s, FLARE_NEAR, 1)
    put_train(s, 0, (5, 2))
    s.players[0].loads = ["Beer", "Oxygen"]
    s.supply["Beer"] -= 1
    s.supply["Oxygen"] -= 1
    assert "No track may be built in the Near Side" in s.quote_build(((4, 3), (4, 2)), 0).reason
    s.apply(A.EndTurn())
    assert s.players[0].lost_turns == 1 and s.current_player() == 0  # a load of the owner's choice first
    s.apply(A.ReturnLoad("Oxygen"))
    assert s.players[0].loads == ["Beer"]
    check_invariants(s)


def test_a_train_in_a_city_is_sheltered_from_a_flare():
    s = operating(2)
    fire(s, FLARE_NEAR, 1)
    put_train(s, 0, (2, 0))
    s.apply(A.EndTurn())
    assert s.players[0].lost_turns == 0


def test_cosmic_rays_waive_rent_pin_trains_in_cities_and_take_all_loads():
    s = operating(2)
    give_track(s, 1, [(17, 3), (16, 3), (15, 3)])
    give_track(s, 1, [(20, 4), (21, 3), (21, 2)])
    fire(s, RAYS_FAR, 1)
    put_train(s, 0, (17, 3))
    cash = s.players[0].cash
    s.apply(A.Move(((16, 3), (15, 3))))
    assert s.players[0].cash == cash  # no use fee while the rays last
    s.players[0].loads = ["Beer"]
    s.supply["Beer"] -= 1
    s.apply(A.EndTurn())
    assert s.players[0].lost_turns == 1 and s.players[0].loads == []
    put_train(s, 1, (21, 2))
    s.order_pos = 1
    assert "refuse to leave Apollo" in plan_move(s, 1, ((21, 3),)).reason
    check_invariants(s)


def test_rail_tax_by_the_chart_then_cash_is_public():
    s = operating(2)
    s.players[0].cash, s.bank = 120, s.bank + s.players[0].cash - 120
    fire(s, TAX, 1)
    assert s.players[0].cash == 105 and s.players[1].cash == 50 and s.cash_public
    check_invariants(s)
