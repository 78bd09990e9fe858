"""A broke computer player keeps a way out. Russian Rails has no loans: a
train that leaves Russia without the border duty to come back, or builds its
last millions away while it stands on a rival's line, can never earn again.
Seed 17 (normal against easy) once ended with both players broke for ever:
normal at the border with 0M, easy in a rival's city with 2M."""
from __future__ import annotations

from typing import Any

from game.crayon.bots import PlanBot, train_key
from game.crayon.routes import Route, Stop
from tests.crayon.helpers import give_track, operating, put_train
from tests.crayon.tinyboard import TinyRussian

ALPHA_TO_BETA = [(3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2)]  # Beta (9, 2) lies in the Republic


def _fallen(cash: int) -> Any:
    """Ann's train at (6, 2) in the home region, her track running on to Beta
    over the border, after the fall of Communism (a duty entering the home region)."""
    s = operating(2, cls=TinyRussian)
    s.era = "bottom"
    give_track(s, 0, ALPHA_TO_BETA)
    put_train(s, 0, (6, 2), came_from=(5, 2))
    s.players[0].cash = cash
    return s


def test_a_train_without_the_duty_does_not_leave_the_home_region():
    s = _fallen(1)
    assert s.step_fee(0, (8, 2), (7, 2)) == 2  # coming back costs the duty
    move = PlanBot(0)._move_toward(s, 0, "Beta")
    assert move is None or all(h[0] < 8 for h in move.path)


def test_a_train_with_the_duty_goes_on_over_the_border():
    s = _fallen(2)
    move = PlanBot(0)._move_toward(s, 0, "Beta")
    assert move is not None and move.path[-1][0] >= 8


def test_a_broke_train_leaves_the_home_region_to_deliver_what_it_carries():
    """The payment there brings the duty back."""
    s = _fallen(0)
    s.players[0].loads = ["Coal"]
    bot = PlanBot(0)
    stop = Stop("Beta", "Coal", False, 1, 0, payout=20)
    bot._route[train_key(s, 0)] = Route((stop,), 20, 0, 0, 1.0, 10.0)
    move = bot._move_toward(s, 0, "Beta")
    assert move is not None and move.path[-1][0] >= 8


def test_a_train_on_a_rivals_line_keeps_a_turns_rent_when_it_builds():
    """Easy, seed 17: in a rival's city it built its cash down to 2M and
    could never pay the 4M rent to move again."""
    s = operating(2, cls=TinyRussian)
    give_track(s, 1, ALPHA_TO_BETA)  # Bob's line; Ann's own track starts at Gamma
    give_track(s, 0, [(4, 5), (4, 4), (4, 3)])
    put_train(s, 0, (6, 2), came_from=(5, 2))
    s.players[0].cash = 10
    bot = PlanBot(0)
    assert bot._fare_out(s, 0) == s.rent_fee()  # kept back from every build
    put_train(s, 0, (4, 4), came_from=(4, 5))  # on its own line it may spend it all
    assert bot._fare_out(s, 0) == 0
