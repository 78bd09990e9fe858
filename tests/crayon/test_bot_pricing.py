"""How the normal computer player prices and runs a route: every leg over
track that exists is measured along that track, not only the first one (a
route whose later legs were guessed in a straight line looked shorter than
the train's real run), it does not pay a turn's rent for a shortcut that
arrives no sooner (normal paid up to 90M of rent a game, easy half that),
and it does not leave a route half done for one only a little better."""
from __future__ import annotations

from typing import Any

import pytest

from game.core.hexgrid import pair_key

from game.crayon.bots import SWITCH_GAIN, PlanBot, hand_moment, switch_pays
from game.crayon.routes import Stop
from tests.crayon.helpers import give_track, operating, put_train

TO_SMALLVILLE = [(3, 2), (4, 2), (5, 2), (6, 2), (6, 3)]  # from Alpha's edge: 5 mileposts from its centre
WINDING_TO_BETA = [(6, 3), (6, 4), (6, 5), (7, 5), (8, 5), (9, 4), (9, 3)]  # 6 mileposts; 3 as the crow flies


def _alpha_smallville_beta() -> Any:
    """Ann's train at Alpha; her track runs on to Smallville and winds far south to Beta."""
    s = operating(2)
    give_track(s, 0, TO_SMALLVILLE)
    give_track(s, 0, WINDING_TO_BETA)
    put_train(s, 0, (2, 2))
    return s


OIL_TO_BETA = (Stop("Smallville", "Oil", True, 1, 0), Stop("Beta", "Oil", False, 1, 0, payout=30))


def test_a_later_leg_is_measured_along_the_own_track():
    s = _alpha_smallville_beta()
    route = PlanBot(0).pricer(s, 0).price(OIL_TO_BETA)
    assert route is not None and route.build == 0
    speed = s.speed(0)
    # 5 mileposts to Smallville, then 6 along the winding track (not 3 x DETOUR), plus the two stops
    assert route.turns == pytest.approx((5 + 6) / speed + 0.6 + 0.2 * 2)


def test_the_easy_player_still_guesses_later_legs_in_a_straight_line():
    s = _alpha_smallville_beta()
    normal = PlanBot(0).pricer(s, 0).price(OIL_TO_BETA)
    easy = PlanBot(0, sharp=False).pricer(s, 0).price(OIL_TO_BETA)
    assert normal is not None and easy is not None
    assert easy.turns < normal.turns


def _own_way_round_or_rented_shortcut() -> Any:
    """Ann's train at Alpha: her own track to Smallville winds round (7
    mileposts from Alpha's edge), Bob's runs there in 4."""
    s = operating(2)
    give_track(s, 0, [(2, 3), (2, 4), (3, 4), (3, 5), (4, 5), (5, 5), (6, 4), (6, 3)])
    give_track(s, 1, TO_SMALLVILLE)
    put_train(s, 0, (2, 2))
    return s


def _owners(s: Any, path: tuple[tuple[int, int], ...]) -> set[int]:
    """Who owns the track the train runs on from Alpha along `path`."""
    whole = ((2, 2),) + path
    return {s.track[pair_key(a, b)] for a, b in zip(whole, whole[1:]) if pair_key(a, b) in s.track}


def test_normal_runs_further_on_its_own_track_rather_than_pay_rent_when_it_arrives_as_soon():
    s = _own_way_round_or_rented_shortcut()
    move = PlanBot(0)._move_toward(s, 0, "Smallville")
    assert move is not None and _owners(s, move.path) == {0}
    assert move.path[-1] == (6, 3)


def test_normal_takes_the_shortcut_when_its_owner_is_already_paid_this_turn():
    """Rent is paid once a turn per owner: with Bob paid, his shortcut is
    free (the rule once looked only at whether anyone had been paid)."""
    s = _own_way_round_or_rented_shortcut()
    s.rent_paid = [1]
    move = PlanBot(0)._move_toward(s, 0, "Smallville")
    assert move is not None and 1 in _owners(s, move.path)


def test_normal_keeps_to_its_own_track_when_only_someone_else_is_paid_this_turn():
    s = operating(3)
    give_track(s, 0, [(2, 3), (2, 4), (3, 4), (3, 5), (4, 5), (5, 5), (6, 4), (6, 3)])
    give_track(s, 1, TO_SMALLVILLE)
    put_train(s, 0, (2, 2))
    s.rent_paid = [2]  # Carol was paid, Bob was not
    move = PlanBot(0)._move_toward(s, 0, "Smallville")
    assert move is not None and _owners(s, move.path) == {0}


def test_easy_takes_the_rented_shortcut():
    s = _own_way_round_or_rented_shortcut()
    move = PlanBot(0, sharp=False)._move_toward(s, 0, "Smallville")
    assert move is not None and 1 in _owners(s, move.path)


def test_a_route_half_done_is_not_left_for_a_marginally_better_one():
    # the old rule left a route earning 2.0M a turn for one earning 3.0M (below 0.7 of it)
    assert not switch_pays(2.0, 3.0)
    assert not switch_pays(8.0, 10.0)  # within 0.7 of the best
    assert switch_pays(2.0, 6.0)  # clearly better: three times as much, 4M a turn more
    assert not switch_pays(-1.0, 0.0)  # nothing pays: keep going


def test_the_normal_bot_keeps_its_route_when_the_best_is_only_a_little_better():
    s = _alpha_smallville_beta()
    bot = PlanBot(0)
    kept = next(r for r in bot.plans(s, 0) if 1 < r.score < 3)  # a modest route, being followed
    bot._route[0] = kept
    moment = hand_moment(s, 0, 0)
    bot._best_score[0] = (moment, kept.score + 1.5)  # the best at the turn's start: 1.5M a turn more
    assert bot.best_route(s, 0).demands == kept.demands  # the old rule (below 0.7 of the best) left it
    bot._best_score[0] = (moment, kept.score + SWITCH_GAIN + 2)
    assert bot.best_route(s, 0).demands != kept.demands


def test_normal_pays_the_rent_when_its_own_way_would_arrive_a_turn_later():
    s = _own_way_round_or_rented_shortcut()
    s.moves_left = 6  # Bob's 5 mileposts arrive this turn, Ann's own 8 only next turn
    move = PlanBot(0)._move_toward(s, 0, "Smallville")
    assert move is not None and 1 in _owners(s, move.path) and move.path[-1] == (6, 3)


def test_normal_keeps_to_its_own_track_when_the_rent_would_leave_it_broke():
    """Seed 8 of Russian Rails: with 11M the normal train rented a rival's
    shortcut for the Caviar it carried, was left with 7M on his line, could
    not pay the rest of the way and discarded its hands for 13 turns (the 40M
    demand for the Caviar with the first). A turn later on its own track is better."""
    s = _own_way_round_or_rented_shortcut()
    s.moves_left = 6  # Bob's 5 mileposts arrive this turn, Ann's own 8 only next turn
    s.players[0].cash = 13  # 9M after Bob's rent: below BROKE_FLOOR
    move = PlanBot(0)._move_toward(s, 0, "Smallville")
    assert move is not None and _owners(s, move.path) == {0}
    s.players[0].cash = 14  # 10M after the rent: the shortcut again
    move = PlanBot(0)._move_toward(s, 0, "Smallville")
    assert move is not None and 1 in _owners(s, move.path)


def test_a_bot_keeps_cash_after_track_for_a_route_that_only_pays_for_itself():
    from game.crayon.routes import Route
    s = _alpha_smallville_beta()
    thin = Route(OIL_TO_BETA, 30, 20, 0, 5.0, 0.5)  # earns 2M a turn counting all its track
    s.players[0].cash = 25
    assert not PlanBot(0)._builds_for(s, 0, thin)  # 5M left: the old rule built it and could strand the train
    s.players[0].cash = 40
    assert PlanBot(0)._builds_for(s, 0, thin)


def test_on_the_moon_normal_measures_later_legs_along_its_own_track_as_in_russian_rails():
    """Lunar Rails' rules.yaml had the own-track leg pricing off (it lost
    games while a leg over a Wrap Letter was counted two mileposts too long);
    counted in movement points it is on in both games, for "normal" only."""
    from tests.lunar_rails.helpers import operating as moon_operating
    moon = moon_operating(2)
    assert PlanBot(0).pricer(moon, 0).ride is not None
    assert PlanBot(0, sharp=False).pricer(moon, 0).ride is None
    assert PlanBot(0).pricer(_alpha_smallville_beta(), 0).ride is not None


def test_on_the_moon_a_ride_over_a_wrap_letter_counts_movement_points_not_mileposts():
    """Moving onto a Wrap Letter and across to its match is free: a ride of
    nine mileposts from Mare Nectaris over Wrap A to Hertzsprung costs the
    train 7 movement points (counting mileposts made every leg over a wrap
    look two longer than the train really runs, for the first leg and later ones)."""
    from game.crayon.rides import own_ride
    from tests.lunar_rails.helpers import operating as moon_operating
    moon = moon_operating(2)
    give_track(moon, 0, [(8, 4), (9, 3), (10, 3), (13, 3), (14, 3), (15, 3), (16, 3), (16, 4), (17, 4)])
    put_train(moon, 0, (7, 5))
    assert own_ride(moon, 0, "Mare Nectaris", "Hertzsprung") == 7
    assert PlanBot(0)._rides(moon, 0)[1]["Hertzsprung"] == 7


def test_what_the_train_reaches_is_worked_out_again_when_track_is_replaced_by_as_much_elsewhere():
    """A flood washes Bob's line to Smallville away and he builds as many
    sections elsewhere: the track count is the same, but Ann's train now
    reaches Smallville only the long way round on her own track (a bot
    keyed on the count alone kept the old 5-milepost ride)."""
    s = _own_way_round_or_rented_shortcut()
    bot = PlanBot(0)
    assert bot._rides(s, 0)[1]["Smallville"] == 5
    count = len(s.track)
    for a, b in zip(TO_SMALLVILLE, TO_SMALLVILLE[1:]):
        del s.track[pair_key(a, b)]
    give_track(s, 1, [(8, 1), (9, 1), (10, 1), (11, 1), (12, 1)])
    assert len(s.track) == count
    assert bot._rides(s, 0)[1]["Smallville"] == 8 == PlanBot(0)._rides(s, 0)[1]["Smallville"]
