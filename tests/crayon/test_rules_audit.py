"""Rules found wrong in the rules audit, each with the rulebook sentence it
enforces; every test here failed before its fix."""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.crayon import actions as A
from tests.crayon.helpers import give_track, new_game


def refused(s, action, words):
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert words in err.value.message
    assert s.to_dict() == before


def test_a_lone_builder_may_not_take_a_medium_citys_third_slot_away():
    """"No track may be built which would prevent a second player from building at
    least one segment of track into a small or medium city, or which would prevent a
    third player from building track into a medium city." Westby (medium) has four
    entries: a player alone in it may not use a third one, as only one newcomer
    could then come in."""
    s = new_game(3)
    me = s.current_player()
    give_track(s, me, [(1, 6), (0, 6), (0, 5)])
    refused(s, A.BuildTrack(((0, 6), (1, 5))), "block another player from building into Westby")
    two = new_game(2)  # with two players there is no third player to protect
    me = two.current_player()
    give_track(two, me, [(1, 6), (0, 6), (0, 5)])
    two.apply(A.BuildTrack(((0, 6), (1, 5))))


def test_a_newcomer_may_take_the_last_entry_of_a_medium_city():
    """The rule protects the entry slots for newcomers, so the second player
    may still use one of the two entries left (leaving one for the third)."""
    s = new_game(3)
    me = s.current_player()
    other = (me + 1) % 3
    give_track(s, other, [(1, 6), (0, 6), (0, 5)])
    give_track(s, me, [(2, 6), (1, 7), (0, 7)])
    s.apply(A.BuildTrack(((0, 7), (0, 6))))
