"""The normal computer player buys its next train at the train's real
price: in Lunar Rails two levels at once cost double."""
from __future__ import annotations

from game.crayon import actions as A
from game.crayon.bots import PlanBot


def test_on_the_moon_normal_buys_the_two_level_train_only_when_its_price_leaves_the_margin():
    """Lunar Rails sells two levels at once for 20M: with 22M the normal
    player waits (the Atlas would leave it 2M: the one-level price was
    checked, the two-level train bought, and the train was seen stranded from
    the first turns); with 30M it buys the Atlas. Easy still counts one level."""
    from tests.lunar_rails.helpers import operating as moon_operating
    moon = moon_operating(2)
    moon.players[0].cash = 22
    assert PlanBot(0)._upgrade(moon, 0, 0) is None
    assert PlanBot(0, sharp=False)._upgrade(moon, 0, 0) == A.Upgrade("Atlas")
    moon.players[0].cash = 30
    assert PlanBot(0)._upgrade(moon, 0, 0) == A.Upgrade("Atlas")
    assert PlanBot(0)._upgrade(moon, 0, 5) is None  # 5M of track still to build for its route: no margin left
