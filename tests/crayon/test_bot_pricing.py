"""How the normal computer player prices a route: every leg over track that
exists is measured along that track, not only the first one (a route whose
later legs were guessed in a straight line looked shorter than the train's
real run and was preferred to a better one)."""
from __future__ import annotations

import pytest

from game.crayon.bots import PlanBot
from game.crayon.routes import Stop
from tests.crayon.helpers import give_track, operating, put_train

TO_SMALLVILLE = [(3, 2), (4, 2), (5, 2), (6, 2), (6, 3)]  # from Alpha's edge: 5 mileposts from its centre
WINDING_TO_BETA = [(6, 3), (6, 4), (6, 5), (7, 5), (8, 5), (9, 4), (9, 3)]  # 6 mileposts; 3 as the crow flies


def _alpha_smallville_beta() -> object:
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
