"""Building and running on the Moon: terrain prices with the rim surcharge,
the Wrap Letter rules (the rulebook's -E' and 5-movement-point examples), and
the poles, on the small Moon."""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.core.hexgrid import pair_key
from game.crayon import actions as A
from tests.lunar_rails.helpers import give_track, new_game, operating, put_train
from tests.lunar_rails.moonboard import PEARY_FAR, WRAP_A, WRAP_B

NEAR_A, FAR_A = WRAP_A


def test_a_rim_into_a_mountain_costs_three():
    s = new_game()
    give_track(s, 0, [(4, 3), (5, 2)])
    quote = s.quote_build(((5, 2), (6, 2)), 0)
    assert quote.legal and quote.total == 3  # highland mountain 2 + crater rim 1


@pytest.mark.parametrize("path, costs", [
    (((4, 3), (4, 2), (4, 1), (3, 1), (2, 1), (2, 0)), [1, 1, 1, 1, 3]),  # mare, then a small city
    (((4, 3), (5, 3), (6, 3)), [1, 2]),  # highland mountain
    (((8, 4), (8, 3), (8, 2), (8, 1)), [1, 1, 5]),  # highland "alpine"
    (((4, 4), (5, 4), (6, 4), (6, 5)), [1, 1, 5]),  # into a Major City
])
def test_terrain_prices(path, costs):
    s = new_game()
    quote = s.quote_build(path, 0)
    assert quote.legal and [sg.cost for sg in quote.segments] == costs


def test_building_through_a_wrap_letter_is_free_to_the_far_side():
    """The -E' example: to the letter for nothing, across for nothing, onto
    the far side's highland milepost for 2M."""
    s = new_game()
    give_track(s, 0, [(4, 3), (5, 3), (6, 4), (7, 3), (8, 3), (9, 3)])
    quote = s.quote_build(((9, 3), NEAR_A, FAR_A, (14, 2)), 0)
    assert quote.legal and [sg.cost for sg in quote.segments] == [0, 0, 2] and quote.total == 2
    s.apply(A.BuildTrack(((9, 3), NEAR_A, FAR_A, (14, 2))))
    assert s.track[pair_key(NEAR_A, FAR_A)] == 0
    assert (14, 2) in s.network(0)
    # a second section from either letter is refused: a letter is never a junction
    give_track(s, 0, [(8, 4), (9, 4)])
    why = s.quote_build(((9, 4), NEAR_A), 0).reason
    assert "Only one track section may connect to Wrap Letter +A" in why
    assert "Only one track section" in s.quote_build(((14, 2), (14, 3)), 0).reason or \
        s.quote_build(((14, 3), FAR_A), 0).reason


def test_a_wrap_letter_cannot_be_claimed():
    s = new_game()
    give_track(s, 0, [(4, 3), (5, 3), (6, 4), (7, 3), (8, 3), (9, 3)])
    why = s.quote_build(((9, 3), NEAR_A), 0).reason
    assert why.startswith("A route may not end on Wrap Letter +A")
    assert s.quote_build(((9, 3), NEAR_A, FAR_A), 0).reason.startswith("A route may not end on Wrap Letter")
    with pytest.raises(IllegalAction):
        s.apply(A.BuildTrack(((9, 3), NEAR_A)))
    assert pair_key((9, 3), NEAR_A) not in s.track


def test_track_on_both_sides_cannot_meet_at_the_letters_for_free():
    """With track already on the far side, building to both letters from
    opposite directions is refused."""
    s = new_game()
    give_track(s, 0, [(4, 3), (5, 3), (6, 4), (7, 3), (8, 3), (9, 3)])
    give_track(s, 0, [(17, 4), (16, 4), (15, 3), (14, 3)])
    assert s.quote_build(((14, 3), FAR_A), 0).reason.startswith("A route may not end on Wrap Letter")
    assert s.quote_build(((9, 3), NEAR_A), 0).reason.startswith("A route may not end on Wrap Letter")
    # the way round: across the pair in one build, paying for the far milepost
    assert s.quote_build(((9, 3), NEAR_A, FAR_A, (14, 3)), 0).total == 1


def test_a_letter_cannot_be_a_junction_on_its_own_side():
    s = new_game()
    give_track(s, 0, [(4, 3), (5, 3), (6, 4), (7, 3), (8, 3), (9, 3)])
    quote = s.quote_build(((9, 3), NEAR_A, (9, 4)), 0)
    assert not quote.legal
    assert "Only one track section may connect" in quote.reason or "must cross" in quote.reason


def test_another_players_wrap_corridor_is_closed_to_building():
    s = new_game()
    give_track(s, 1, [(9, 3), NEAR_A, FAR_A, (14, 2)])
    give_track(s, 0, [(4, 3), (5, 3), (6, 4), (7, 3), (8, 3), (8, 4), (9, 4)])
    assert "Only one track section" in s.quote_build(((9, 4), NEAR_A, FAR_A, (14, 3)), 0).reason


def test_moving_through_a_wrap_costs_only_the_land_mileposts():
    """The -A' example: moving to and across the letters is free, so the whole
    run costs 5 movement points."""
    s = operating()
    give_track(s, 0, [(7, 3), (8, 3), (9, 3), NEAR_A, FAR_A, (14, 3), (15, 3), (16, 3)])
    put_train(s, 0, (7, 3))
    s.moves_left = 10
    plan = s.move_preview((16, 3), 0)
    assert plan.legal and plan.points_used == 5 and plan.moves_left == 5
    s.apply(A.Move(((8, 3), (9, 3), NEAR_A, FAR_A, (14, 3), (15, 3), (16, 3))))
    assert s.players[0].position == (16, 3) and s.moves_left == 5


def test_a_train_may_not_stop_on_a_wrap_letter():
    s = operating()
    give_track(s, 0, [(7, 3), (8, 3), (9, 3), NEAR_A, FAR_A, (14, 3)])
    put_train(s, 0, (9, 3), came_from=(8, 3))
    with pytest.raises(IllegalAction, match="may not end on Wrap Letter"):
        s.apply(A.Move((NEAR_A,)))
    with pytest.raises(IllegalAction, match="may not end on Wrap Letter"):
        s.apply(A.Move((NEAR_A, FAR_A)))
    s.moves_left = 1  # one point: enough for the free letters and the first far milepost
    s.apply(A.Move((NEAR_A, FAR_A, (14, 3))))
    assert s.players[0].position == (14, 3) and s.moves_left == 0


def test_rent_is_due_on_another_players_wrap_corridor():
    s = operating()
    give_track(s, 1, [(9, 3), NEAR_A, FAR_A, (14, 3)])
    give_track(s, 0, [(7, 3), (8, 3), (9, 3)])
    put_train(s, 0, (7, 3))
    cash = s.players[0].cash
    s.apply(A.Move(((8, 3), (9, 3), NEAR_A, FAR_A, (14, 3))))
    assert s.players[0].cash == cash - 4


def test_the_pole_is_one_milepost_on_both_sides():
    """Peary is drawn on both sides: a train there runs on from either
    drawing at no cost, and track touching one drawing builds from the other."""
    s = operating()
    near = (4, 0)
    give_track(s, 0, [(4, 2), (4, 1), near])
    assert PEARY_FAR in s.network(0)
    quote = s.quote_build((PEARY_FAR, (19, 0)), 0)
    assert quote.legal and not quote.major_start and quote.total == 1
    s.apply(A.BuildTrack((PEARY_FAR, (19, 0))))
    s.building = False
    put_train(s, 0, near, came_from=(4, 1))
    s.moves_left = 3
    s.apply(A.Move((PEARY_FAR, (19, 0))))
    assert s.players[0].position == (19, 0) and s.moves_left == 2


def test_the_pole_joins_major_cities_of_both_sides():
    s = new_game()
    give_track(s, 0, [(4, 3), (4, 2), (4, 1), (4, 0)])
    give_track(s, 0, [(18, 0), (18, 1), (18, 2), (18, 3)])
    assert s.connected_majors(0) == ["Hertzsprung", "Sinus Iridum"]


def test_two_wraps_make_the_majors_of_both_sides_one_network():
    s = new_game()
    give_track(s, 0, [(19, 4), (20, 4), (21, 4), (22, 4), (23, 4), WRAP_B[1], WRAP_B[0], (0, 5), (1, 5), (2, 5)])
    assert s.connected_majors(0) == ["Hertzsprung", "Sinus Iridum"]


def test_cheapest_route_suggestion_goes_through_a_wrap():
    s = new_game()
    give_track(s, 0, [(4, 3), (5, 3), (6, 4), (7, 3), (8, 3), (9, 3)])
    route = s.cheapest_route((15, 3), 0)
    assert route is not None and NEAR_A in route.path and FAR_A in route.path
    quote = s.quote_build(route.path, 0)
    assert quote.legal and quote.total == route.cost
