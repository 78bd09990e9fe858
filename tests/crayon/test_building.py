"""Building rules on the tiny board: rulebook cost examples, budget, credit,
Major City starts, red areas, right of way, entry limits, blocking, ferry."""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.core.hexgrid import pair_key
from game.crayon import actions as A
from tests.crayon.helpers import give_track, new_game
from tests.crayon.tinyboard import BOARD, FERRY_A, FERRY_B


def refused(s, action, words):
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert words in err.value.message
    assert s.to_dict() == before
    return err.value.message


def costs(quote):
    return [seg.cost for seg in quote.segments]


def test_rulebook_cost_examples():
    s = new_game()
    give_track(s, 0, [(5, 2), (6, 2)])
    # clear -> mountain 2, mountain -> small city 3
    assert costs(s.quote_build(((6, 2), (7, 2), (6, 3)), 0)) == [2, 3]
    # clear (1), then across the river Blue into a mountain: 2 + 2 = 4
    q = s.quote_build(((3, 1), (4, 1), (5, 1)), 0)
    assert costs(q) == [1, 4] and q.total == 5 and q.legal


def test_other_terrain_costs():
    s = new_game()
    give_track(s, 0, [(1, 4), (2, 4)])
    assert costs(s.quote_build(((2, 4), (2, 5)), 0)) == [3]  # marsh
    give_track(s, 0, [(9, 5), (9, 6)])
    assert costs(s.quote_build(((9, 6), (9, 7)), 0)) == [4]  # lake inlet +3 onto clear
    assert costs(s.quote_build(((9, 5), (10, 5)), 0)) == [5]  # alpine
    assert costs(s.quote_build(((9, 5), (9, 4), (9, 3)), 0)) == [1, 5]  # into a Major City milepost


def test_build_pays_and_records_track():
    s = new_game()
    seat = s.current_player()
    s.apply(A.BuildTrack(((3, 1), (4, 1), (5, 1))))
    assert s.track[pair_key((3, 1), (4, 1))] == seat and s.track[pair_key((4, 1), (5, 1))] == seat
    assert s.players[seat].cash == 55 and s.spent == 5 and s.major_starts_used == 1


def test_budget_and_credit_limits():
    s = new_game()
    seat = s.current_player()
    path = ((3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (7, 3), (7, 4), (7, 5), (8, 5), (9, 5), (10, 5), (11, 5), (11, 6))
    refused(s, A.BuildTrack(path), "the limit is 20M")
    s.players[seat].cash = 3
    s.bank += 57
    refused(s, A.BuildTrack(((3, 1), (4, 1), (5, 1))), "cannot build on credit")


def test_start_must_be_network_or_major_and_two_major_starts_per_turn():
    s = new_game()
    refused(s, A.BuildTrack(((6, 0), (6, 1))), "must start from your own network or a Major City")
    s.apply(A.BuildTrack(((3, 1), (4, 1))))
    s.apply(A.BuildTrack(((8, 2), (7, 3))))
    refused(s, A.BuildTrack(((5, 5), (6, 4))), "already built from 2 Major City mileposts")
    s.apply(A.BuildTrack(((4, 1), (4, 0))))  # from own track: still allowed


def test_red_area_and_right_of_way():
    s = new_game()
    refused(s, A.BuildTrack(((2, 2), (3, 2))), "red area")
    other = 1 - s.current_player()
    give_track(s, other, [(3, 1), (4, 1)])
    msg = refused(s, A.BuildTrack(((3, 1), (4, 1))), "Only one track may run between two mileposts")
    assert "Bob" in msg or "Ann" in msg


def test_small_city_takes_two_players_and_three_sections_each():
    s = new_game(3)
    seat = s.current_player()
    others = [i for i in range(3) if i != seat]
    give_track(s, others[0], [(5, 3), (6, 3)])
    give_track(s, others[1], [(6, 4), (6, 3)])
    refused(s, A.BuildTrack(((8, 3), (7, 3), (6, 3))),
            "Smallville is a small city and already has track from 2 players")
    s2 = new_game(3)
    me = s2.current_player()
    give_track(s2, me, [(5, 3), (6, 3), (6, 4)])
    give_track(s2, me, [(6, 3), (7, 3)])
    give_track(s2, me, [(8, 3), (7, 2)])
    refused(s2, A.BuildTrack(((7, 2), (6, 3))), "already have 3 track sections into Smallville")


def test_medium_city_takes_three_players():
    s = new_game(4)
    seat = s.current_player()
    others = [i for i in range(4) if i != seat]
    for o, n in zip(others, [(6, 6), (8, 6), (7, 7)]):
        give_track(s, o, [n, (7, 6)])
    refused(s, A.BuildTrack(((8, 3), (8, 4), (7, 5), (7, 6))), "Midton is a medium city and already has track from 3 players")


def test_no_track_may_shut_out_a_newcomer_from_a_medium_city():
    s = new_game(3)
    me = s.current_player()
    give_track(s, me, [(1, 6), (0, 6), (1, 5)])
    give_track(s, me, [(0, 6), (0, 5)])
    give_track(s, me, [(1, 6), (0, 7)])
    refused(s, A.BuildTrack(((1, 6), (1, 7), (0, 7))), "block another player from building into Westby")
    s.apply(A.BuildTrack(((1, 6), (1, 7))))  # leaving Westby's last entry open is fine


def test_no_track_may_shut_a_player_out_of_a_major_city():
    s = new_game(2)
    me = s.current_player()
    beta = BOARD.cities["Beta"]
    exits = sorted({pair_key(m, n) for m in beta.mileposts for n in BOARD.neighbours(m)
                    if n not in beta.mileposts})
    for a, b in exits[:-1]:
        give_track(s, me, [a, b])
    a, b = exits[-1]
    start, end = (a, b) if a in beta.mileposts else (b, a)
    refused(s, A.BuildTrack((start, end)), "block another player from reaching Beta")


def test_ferry_costs_eight_then_builds_free_out_of_the_far_port():
    s = new_game(3)
    me = s.current_player()
    q = s.quote_build(((10, 1), FERRY_A, FERRY_B, (15, 1)), me)
    assert costs(q) == [8, 0, 3] and q.legal and q.ferries_joined == ("Tiny Ferry",)
    s.apply(A.BuildTrack(((10, 1), FERRY_A)))
    assert s.ferry_owners["Tiny Ferry"] == [me]
    assert FERRY_B in s.network(me)
    s.apply(A.BuildTrack((FERRY_B, (15, 1))))
    assert s.spent == 11


def test_only_two_players_build_to_the_ferry_and_none_may_block_it():
    s = new_game(3)
    me = s.current_player()
    others = [i for i in range(3) if i != me]
    s.ferry_owners["Tiny Ferry"] = list(others)
    refused(s, A.BuildTrack(((10, 2), (11, 2), FERRY_A)), "Only 2 players may build to the Tiny Ferry")
    s2 = new_game(3)
    me = s2.current_player()
    s2.ferry_owners["Tiny Ferry"] = [me]
    for pair in ([FERRY_A, (10, 1)], [FERRY_A, (10, 2)], [(11, 0), (10, 0)], [(11, 0), (10, 1)],
                 [(11, 2), (10, 2)], [(11, 2), (10, 3)]):
        give_track(s2, me, pair)
    refused(s2, A.BuildTrack(((11, 2), (11, 3))), "block another player from the Tiny Ferry")


def test_cheapest_route_uses_own_track_for_free():
    s = new_game()
    me = s.current_player()
    route = s.cheapest_route((6, 3), me)
    assert route is not None and route.path[-1] == (6, 3)
    assert route.cost == s.quote_build(route.path, me).total
    give_track(s, me, [(8, 3), (7, 3)])
    s.major_starts_used = 2
    route = s.cheapest_route((6, 3), me)
    assert route.path[0] in s.network(me) and route.cost == 3


def test_the_only_ferry_owner_may_not_seal_the_far_port():
    """ "No player may build track which would block a second player from
    connecting to either side of the ferry port": reaching a port by the
    ferry itself does not count, or the first owner could take every section
    round it and a second player could never build out of it. (On the tiny
    board the island's city is refused too, so the port check is asked
    directly.)"""
    from game.crayon.building import _shortfall
    s = new_game(3)
    me = s.current_player()
    s.ferry_owners["Tiny Ferry"] = [me]
    ferry = BOARD.ferries[0]
    land = BOARD.neighbours(FERRY_B)
    for n in land[:-1]:
        give_track(s, me, [FERRY_B, n])
    assert _shortfall(s, s.track, "port", (ferry, FERRY_B)) == 0
    give_track(s, me, [FERRY_B, land[-1]])
    assert _shortfall(s, s.track, "port", (ferry, FERRY_B)) == 1
