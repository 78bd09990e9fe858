"""Running the train: points, reversal, red areas, rent, ferry, weather,
loads and deliveries, the move preview."""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.crayon import actions as A
from tests.crayon.helpers import give_track, operating, put_train
from tests.crayon.tinyboard import FERRY_A, FERRY_B

LINE = [(3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2)]  # Alpha to Beta


def refused(s, action, words):
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert words in err.value.message, err.value.message
    assert s.to_dict() == before


def test_one_point_per_milepost_whatever_the_terrain():
    s = operating()
    give_track(s, 0, LINE)
    put_train(s, 0, (3, 2))
    assert s.moves_left == 9
    s.apply(A.Move(tuple(LINE[1:])))
    assert s.players[0].position == (8, 2) and s.moves_left == 4


def test_red_area_is_track_for_everyone_and_the_centre_counts():
    s = operating()
    put_train(s, 0, (3, 2))
    s.apply(A.Move(((2, 2), (1, 2))))
    assert s.moves_left == 7


def test_no_track_no_move_and_points_run_out():
    s = operating()
    give_track(s, 0, LINE)
    put_train(s, 0, (3, 2))
    refused(s, A.Move(((4, 1),)), "There is no track between")
    s.moves_left = 2
    refused(s, A.Move(tuple(LINE[1:])), "no movement points left")


def test_reverse_only_in_cities():
    s = operating()
    give_track(s, 0, LINE)
    put_train(s, 0, (3, 2))
    refused(s, A.Move(((4, 2), (3, 2))), "may only reverse in a city; 1 milepost east of Alpha is not a city")
    s.apply(A.Move(((4, 2),)))
    refused(s, A.Move(((3, 2),)), "may only reverse in a city")
    s.apply(A.Move(((5, 2), (6, 2), (7, 2), (8, 2), (7, 2))))  # reversing in Beta is allowed
    assert s.players[0].position == (7, 2)


def test_junctions_allow_any_direction():
    s = operating()
    give_track(s, 0, LINE)
    give_track(s, 0, [(5, 2), (5, 3), (5, 4)])
    put_train(s, 0, (3, 2))
    s.apply(A.Move(((4, 2), (5, 2), (5, 3))))
    assert s.players[0].position == (5, 3)


def test_rent_four_per_opponent_per_turn_and_cash_needed_first():
    s = operating(3)
    give_track(s, 1, LINE)
    put_train(s, 0, (3, 2))
    s.apply(A.Move(((4, 2),)))
    s.apply(A.Move(((5, 2), (6, 2))))
    assert s.players[0].cash == 56 and s.players[1].cash == 64
    s2 = operating(3)
    give_track(s2, 1, LINE)
    put_train(s2, 0, (3, 2))
    s2.pay(0, None, 57)
    refused(s2, A.Move(((4, 2),)), "You need 4M in cash to use Bob's track")


def test_move_preview_shows_path_points_and_rent():
    s = operating(2)
    give_track(s, 1, LINE)
    put_train(s, 0, (3, 2))
    plan = s.move_preview((8, 2))
    assert plan.legal and plan.points_used == 5 and plan.rent == 4 and plan.rent_to == (1,)
    s.moves_left = 3
    assert "movement points" in s.move_preview((8, 2)).reason


def test_ferry_stop_then_far_port_at_half_rate():
    s = operating(2)
    give_track(s, 0, [(10, 1), FERRY_A])
    give_track(s, 0, [FERRY_B, (15, 1)])
    s.ferry_owners["Tiny Ferry"] = [0]
    put_train(s, 0, (10, 1))
    s.apply(A.Move((FERRY_A,)))
    refused(s, A.Move((FERRY_B,)), "crosses the ferry by stopping")
    s.apply(A.BoardFerry())
    assert s.moves_left == 0
    refused(s, A.Move(((10, 1),)), "waiting for the ferry")
    s.apply(A.EndTurn())
    s.apply(A.EndTurn())  # the other player
    assert s.players[0].position == FERRY_B and s.moves_left == 5
    s.apply(A.Move(((15, 1),)))


def test_ferry_of_an_opponent_costs_rent():
    s = operating(2)
    give_track(s, 1, [(10, 1), FERRY_A])
    s.ferry_owners["Tiny Ferry"] = [1]
    put_train(s, 0, FERRY_A)
    s.apply(A.BoardFerry())
    assert s.players[0].cash == 56 and s.players[1].cash == 64


def test_pick_up_drop_and_deliver_draws_a_replacement():
    s = operating(2)
    put_train(s, 0, (2, 2))
    refused(s, A.PickUp("Wine"), "Alpha does not supply Wine")
    s.apply(A.PickUp("Coal"))
    s.apply(A.PickUp("Coal"))
    refused(s, A.PickUp("Coal"), "carries at most 2 loads")
    s.apply(A.Drop("Coal"))
    assert s.supply["Coal"] == 3 and s.players[0].loads == ["Coal"]
    card = s.players[0].hand[0]
    demand = s.card_demands(card)[0]
    s.players[0].loads = [demand.load]
    s.supply["Coal"] += 1
    s.supply[demand.load] -= 1
    put_train(s, 0, s.board.cities[demand.city].center)
    cash = s.players[0].cash
    s.apply(A.Deliver(card, 0))
    assert s.players[0].cash == cash + demand.payout
    assert card not in s.players[0].hand and card in s.deck.discards
    assert len(s.players[0].hand) == 3


def test_deliver_needs_the_city_and_the_load():
    s = operating(2)
    card = s.players[0].hand[0]
    demand = s.card_demands(card)[0]
    put_train(s, 0, s.board.cities[demand.city].center)
    refused(s, A.Deliver(card, 0), f"not carrying {demand.load}")
    other = next(c for c in s.board.cities.values() if c.name != demand.city)
    put_train(s, 0, other.center)
    refused(s, A.Deliver(card, 0), f"That demand is for {demand.city}")


def test_no_more_running_after_building():
    s = operating(2)
    give_track(s, 0, LINE)
    put_train(s, 0, (3, 2))
    s.apply(A.BuildTrack(((3, 1), (4, 1))))
    refused(s, A.Move(((4, 2),)), "started building")


def test_place_train_only_in_a_city():
    s = operating(2)
    refused(s, A.PlaceTrain((4, 3)), "is not a city")
    s.apply(A.PlaceTrain((7, 6)))
    assert s.players[0].position == (7, 6)


def test_fast_trains_variant_speeds():
    s = operating(2, fast_trains=True)
    assert s.moves_left == 12
    s.players[0].loco = "Super Freight"
    assert s.speed(0) == 16


def test_the_log_and_the_hint_count_mileposts_in_words():
    from game.core.hints import imperative

    s = operating()
    give_track(s, 0, LINE)
    put_train(s, 0, (3, 2))
    one = [e.text() for e in s.apply(A.Move((LINE[1],)))]
    three = [e.text() for e in s.apply(A.Move(tuple(LINE[2:5])))]
    assert f"{s.name(0)} moved 1 milepost." in one and f"{s.name(0)} moved 3 mileposts." in three
    assert imperative(f"{s.name(0)} moved 3 mileposts.") == "Move 3 mileposts"
