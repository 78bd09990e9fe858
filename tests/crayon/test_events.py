"""Every kind of event card, its effect and its duration."""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.core.hexgrid import pair_key
from game.crayon import actions as A
from tests.crayon.helpers import check_invariants, give_track, operating, put_train


def refused(s, action, words):
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert words in err.value.message, err.value.message
    assert s.to_dict() == before


def fire(s, card, drawer=None):
    """Draw `card` from the deck as the drawer would (it leaves the draw pile)."""
    s.deck.draw_pile.remove(card)
    return s.resolve_event(card, s.seat if drawer is None else drawer)


def end_turns(s, n):
    for _ in range(n):
        s.apply(A.EndTurn())


def test_event_drawn_on_delivery_takes_effect_at_once():
    s = operating(2)
    card = s.players[0].hand[0]
    demand = s.card_demands(card)[0]
    s.players[0].loads = [demand.load]
    s.supply[demand.load] -= 1
    put_train(s, 0, s.board.cities[demand.city].center)
    s.deck.draw_pile.remove(101)
    s.deck.draw_pile.append(101)  # Rail Tax on top
    events = s.apply(A.Deliver(card, 0))
    assert any("Rail Tax" in e.text() for e in events)
    assert s.cash_public and len(s.players[0].hand) == 3
    check_invariants(s)


def test_rail_tax_follows_the_chart_and_makes_cash_public():
    s = operating(3)
    for seat, cash in enumerate((40, 80, 120)):
        s.pay(seat, None, s.players[seat].cash - cash)
    assert s.hidden_from(0)
    fire(s, 101)
    assert [p.cash for p in s.players] == [40, 70, 105]
    assert not s.hidden_from(0) and 101 in s.deck.discards


def test_supply_depot_scandal_lets_each_player_take_a_nearby_load():
    s = operating(2)
    put_train(s, 0, (2, 2))
    put_train(s, 1, (15, 1))
    fire(s, 102)
    assert s.current_player() == 0
    options = s.legal_actions()
    assert A.ScandalPick("Coal", "") in options and A.ScandalPick("", "") in options
    assert A.ScandalPick("Tea", "") not in options  # Islet is too far
    refused(s, A.ScandalPick("Tea", ""), "not available")
    s.apply(A.ScandalPick("Coal", ""))
    assert s.players[0].loads == ["Coal"] and s.supply["Coal"] == 3
    assert s.current_player() == 1
    s.apply(A.ScandalPick("Tea", ""))
    assert s.current_player() == 0 and not s.pending
    check_invariants(s)


def test_flood_erases_bridges_blocks_the_river_and_owners_rebuild_first():
    s = operating(2)
    bridge = pair_key((4, 2), (5, 2))
    give_track(s, 1, [(3, 2), (4, 2), (5, 2), (6, 2)])
    give_track(s, 0, [(3, 3), (4, 3)])
    put_train(s, 1, (4, 2))
    fire(s, 103, drawer=0)
    assert bridge not in s.track and s.reservations[bridge] == (1, None)
    refused(s, A.BuildTrack(((4, 3), (5, 2))), "The Blue is in flood")
    end_turns(s, 1)  # Ann's turn ends; the flood lasts until the end of her NEXT turn
    refused(s, A.Move(((5, 2),)), "There is no track between")
    end_turns(s, 1)
    refused(s, A.BuildTrack(((4, 3), (5, 2))), "The Blue is in flood")
    end_turns(s, 1)  # Ann's next turn ends: the flood is over
    assert not s.active and s.reservations[bridge] == (1, 2)
    s.apply(A.BuildTrack(((4, 2), (5, 2))))  # Bob rebuilds his bridge first
    assert s.track[bridge] == 1 and bridge not in s.reservations


def test_flood_right_to_rebuild_is_only_for_the_owners_next_turn():
    s = operating(3)
    bridge = pair_key((4, 2), (5, 2))
    give_track(s, 2, [(3, 2), (4, 2), (5, 2)])
    give_track(s, 1, [(3, 1), (4, 2)])
    fire(s, 103, drawer=0)
    end_turns(s, 4)  # the flood ends with Ann's next turn; now Bob plays
    assert s.current_player() == 1 and not s.active
    refused(s, A.BuildTrack(((4, 2), (5, 2))), "Cy may rebuild the washed-out bridge")
    end_turns(s, 3)  # Cy lets his turn pass, then Ann
    s.apply(A.BuildTrack(((4, 2), (5, 2))))
    assert s.track[bridge] == 1


def test_derailment_costs_a_load_and_the_next_turn():
    s = operating(3)
    put_train(s, 1, (3, 2))  # in Alpha
    s.players[1].loads = ["Wine", "Fish"]
    s.supply["Wine"] -= 1
    s.supply["Fish"] -= 1
    put_train(s, 2, (4, 3))  # 2 from Alpha's centre? distance 2 -> derailed, but carries nothing
    put_train(s, 0, (15, 1))
    fire(s, 104)
    assert s.current_player() == 1
    assert set(s.legal_actions()) == {A.ReturnLoad("Fish"), A.ReturnLoad("Wine")}
    s.apply(A.ReturnLoad("Wine"))
    assert s.players[1].loads == ["Fish"] and s.supply["Wine"] == 3
    assert [p.lost_turns for p in s.players] == [0, 1, 1]
    s.apply(A.EndTurn())  # Ann ends; Bob and Cy lose their turns
    assert s.current_player() == 0 and s.players[1].turns_taken == 1 and s.players[2].turns_taken == 1
    check_invariants(s)


def rig_delivery(s, seat, city):
    """Give `seat` a demand card for `city` and the load it asks for."""
    card = next(c for c in s.deck.draw_pile if c in s.data.demands
                and any(d.city == city for d in s.card_demands(c)))
    index = next(i for i, d in enumerate(s.card_demands(card)) if d.city == city)
    p = s.players[seat]
    s.deck.draw_pile[s.deck.draw_pile.index(card)] = p.hand[0]
    p.hand[0] = card
    load = s.card_demands(card)[index].load
    p.loads = [load]
    s.supply[load] -= 1
    return card, index


def test_derailed_drawer_loses_the_rest_of_this_turn_and_the_next():
    s = operating(2)
    put_train(s, 0, (2, 2))
    card, index = rig_delivery(s, 0, "Alpha")
    s.deck.draw_pile.remove(104)
    s.deck.draw_pile.append(104)
    s.apply(A.Deliver(card, index))
    assert s.current_player() == 1  # Ann's turn ended at once
    s.apply(A.EndTurn())
    assert s.current_player() == 1  # and her next turn was lost
    check_invariants(s)


def test_weather_halves_movement_and_stops_building_in_the_area():
    s = operating(2)
    s.players[0].loco = "Fast Freight"
    give_track(s, 0, [(5, 1), (6, 1), (7, 1), (7, 0), (8, 0)])
    put_train(s, 0, (5, 1))
    s.moves_left = 12
    fire(s, 105)
    refused(s, A.BuildTrack(((8, 0), (9, 0))), "No track may be built in the Heavy Snow area")
    s.apply(A.Move(((6, 1), (7, 1), (7, 0))))  # the rulebook example: 3 moved, 9 left, 5 lost
    assert s.moves_left == 4
    s2 = operating(2)
    put_train(s2, 1, (6, 0))
    put_train(s2, 0, (5, 0))
    fire(s2, 105)
    assert s2.moves_left == 4  # caught in the snow mid-turn: loses half of 9, rounded up
    s2.apply(A.EndTurn())
    assert s2.moves_left == 5  # starts in the snow: half of 9, rounded up


def test_weather_lasts_until_the_end_of_the_drawers_next_turn():
    s = operating(2)
    fire(s, 105)
    end_turns(s, 2)
    assert s.weather_mileposts()
    end_turns(s, 1)
    assert not s.weather_mileposts() and 105 in s.deck.discards


def test_lockdown_stops_pick_up_and_delivery_in_the_named_region():
    s = operating(2)
    put_train(s, 0, (9, 2))  # Beta, in the Republic
    fire(s, 106)
    refused(s, A.PickUp("Wine"), "No loads may be picked up or delivered in Republic during the Lockdown")
    end_turns(s, 3)
    s.apply(A.EndTurn())
    put_train(s, 1, (9, 2))
    s.apply(A.PickUp("Wine"))


def test_special_demand_any_player_all_loads_together_no_replacement():
    s = operating(2)
    fire(s, 107)
    put_train(s, 0, (9, 2))
    s.players[0].loads = ["Coal"]
    s.supply["Coal"] -= 1
    refused(s, A.DeliverSpecial(107), "needs Coal, Coal delivered together")
    s.players[0].loads = ["Coal", "Coal"]
    s.supply["Coal"] -= 1
    hand = list(s.players[0].hand)
    s.apply(A.DeliverSpecial(107))
    assert s.players[0].cash == 100 and s.players[0].hand == hand and not s.active
    assert 107 in s.deck.discards and s.supply["Coal"] == 4
    check_invariants(s)


def test_legal_actions_offer_only_legal_moves_under_events():
    s = operating(2)
    give_track(s, 0, [(3, 2), (4, 2), (5, 2), (6, 2)])
    put_train(s, 0, (3, 2))
    fire(s, 103)
    for action in s.legal_actions():
        c = s.clone()
        c.apply(action)


def test_a_train_waiting_for_the_ferry_can_be_derailed():
    """ "Each player must check and see if his pawn is within 3 mileposts":
    a train at a ferry port, waiting to cross, is no exception."""
    from tests.crayon.tinyboard import spec
    s = operating(2)
    port = s.board.ferries[0].a  # 2 mileposts from Beta's centre
    put_train(s, 1, port)
    s.players[1].on_ferry = s.board.ferries[0].name
    s.event_derailment(104, spec("Derailment", "derailment", cities=("Beta",), radius=3), 0)
    assert s.players[1].lost_turns == 1


def test_a_lost_turn_does_not_use_up_the_right_to_rebuild():
    """The owner's first right to rebuild a washed-out bridge lasts until they
    have had a turn in which they could build: a lost turn keeps it."""
    s = operating(3)
    bridge = pair_key((4, 2), (5, 2))
    give_track(s, 2, [(3, 2), (4, 2), (5, 2)])
    give_track(s, 1, [(3, 1), (4, 2)])
    fire(s, 103, drawer=0)
    end_turns(s, 4)  # the flood is over; Bob plays
    s.players[2].lost_turns = 1  # Cy will lose his next turn
    end_turns(s, 1)  # Bob ends; Cy's turn is lost; Ann plays
    assert s.current_player() == 0 and s.reservations[bridge][0] == 2
    end_turns(s, 3)  # Ann, Bob, then Cy has a turn he could build in and lets it pass
    assert bridge not in s.reservations
