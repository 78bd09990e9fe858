"""A computer player away from its own line: a train that delivered over
a rival's track rides it back to its own line (both levels) instead of
standing in the rival's city while it builds elsewhere (seen on the Moon, seed
4: 16 turns idle, then broke, 12 hands discarded), and for the normal
player a city only a rival's track reaches is priced with the few millions
of its own track that would join it, when that beats paying rent every turn
of the route."""
from __future__ import annotations

from typing import Any

from game.core.hexgrid import pair_key
from game.crayon import actions as A
from game.crayon.bots import PlanBot
from game.crayon.routes import Stop
from tests.crayon.helpers import give_track, operating, put_train

ANN_LINE = [(3, 2), (4, 2), (5, 2), (6, 2), (6, 3)]  # Ann's track from Alpha's edge to Smallville
BOB_LINE = [(6, 3), (6, 4), (6, 5), (7, 5), (7, 6)]  # Bob's track from Smallville to Midton


def _ann_and_bob() -> Any:
    s = operating(2)
    give_track(s, 0, ANN_LINE)
    give_track(s, 1, BOB_LINE)
    return s


def test_normal_rides_a_rivals_track_back_to_its_own_line():
    s = _ann_and_bob()
    put_train(s, 0, (7, 6), came_from=(7, 5))  # Ann delivered in Midton over Bob's track
    move = PlanBot(0)._move_toward(s, 0, "Westby")  # her route's next stop: no track reaches it yet
    assert isinstance(move, A.Move)
    assert move.path[-1] in s.network(0)
    assert s.track[pair_key((7, 6), (7, 5))] == 1  # over Bob's track, paying his rent
    easy = PlanBot(0, sharp=False)._move_toward(s, 0, "Westby")  # easy too: waiting there, it went broke
    assert isinstance(easy, A.Move) and easy.path[-1] in s.network(0)


def test_on_its_own_line_normal_waits_at_the_end_of_its_own_track_paying_no_rent():
    s = _ann_and_bob()
    put_train(s, 0, (6, 3), came_from=(6, 2))  # in Smallville, on her line
    move = PlanBot(0)._move_toward(s, 0, "Westby")
    assert isinstance(move, A.Move)
    whole = ((6, 3),) + move.path
    assert {s.track.get(pair_key(a, b)) for a, b in zip(whole, whole[1:])} <= {0, None}


OIL_TO_MIDTON = (Stop("Smallville", "Oil", True, 1, 0), Stop("Midton", "Oil", False, 1, 0, payout=30))


def test_normal_prices_its_own_track_to_a_city_only_a_rival_reaches_when_it_beats_the_rent():
    s = _ann_and_bob()
    put_train(s, 0, (2, 2))
    normal = PlanBot(0).pricer(s, 0)
    assert "Midton" in normal.rented
    own = normal.price(OIL_TO_MIDTON)
    rent = PlanBot(0, sharp=False).pricer(s, 0).price(OIL_TO_MIDTON)
    assert rent is not None and rent.build == 0 and rent.rent > 0  # easy rents Bob's line every turn
    assert own is not None and own.rent == 0 and 0 < own.build < rent.rent  # normal builds its own few sections
    assert own.score > rent.score


def test_a_stranded_train_with_no_route_rides_home_before_it_discards():
    """Seed 13 (easy against normal): on easy's line with 14M and no route
    its cash paid, normal discarded a hand every turn for 12 turns where it
    stood (a discard takes the whole turn). It rides back to its own line
    first, then discards (both levels)."""
    s = _ann_and_bob()
    put_train(s, 0, (7, 6), came_from=(7, 5))
    s.players[0].cash = 14
    for bot in (PlanBot(0), PlanBot(0, sharp=False)):
        bot._hopeless = lambda *_: True  # type: ignore[method-assign]
        move = bot._operate(s, 0)
        assert isinstance(move, A.Move) and move.path[-1] in s.network(0)
        home = s.clone()
        home.apply(move)
        assert bot._go_home(home, 0) is None  # on its own line: next turn it discards
