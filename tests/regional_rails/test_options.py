"""The two optional rules: Tycoons and Additional Railroads."""
from __future__ import annotations

from game.regional_rails.actions import EndPhase, FoundRailroad, PickTycoon
from game.regional_rails.data import rules
from game.regional_rails.state import BUILD, UPGRADE
from tests.regional_rails.helpers import hex_of, new_game, refused, set_up, turn_of


def test_tycoons_are_picked_in_die_order_only_with_the_option():
    s = new_game(3, seed=8, tycoons=True)
    phases_seen = []
    while s.phase != BUILD:
        phases_seen.append(s.phase)
        if s.phase == "setup_tycoon":
            order_seat = s.current_player()
            assert order_seat == s.pick_order[s.pick_index]
            assert len(s.legal_actions()) == 14 - sum(t is not None for t in s.tycoons)
        s.apply(s.legal_actions()[0])
    assert "setup_tycoon" in phases_seen
    assert sorted(s.tycoons) == sorted(rules().tycoon_names[:3])
    plain = new_game(3, seed=8)
    while plain.phase != BUILD:
        assert plain.phase != "setup_tycoon"
        plain.apply(plain.legal_actions()[0])
    assert plain.tycoons == [None, None, None]


def test_a_tycoon_is_picked_once():
    s = new_game(2, seed=1, tycoons=True)
    while s.phase != "setup_tycoon":
        s.apply(s.legal_actions()[0])
    s.apply(PickTycoon("Fast Eddy"))
    assert refused(s, PickTycoon("Fast Eddy")).code == "tycoon_taken"


def railroads(tycoons=None):
    s = set_up(["Purple Pusher", "Silver Streak"], additional_railroads=True, tycoons=tycoons)
    a = next(c.index for c in s.companies if c.owner == 0)
    b = next(c.index for c in s.companies if c.owner == 1)
    turn_of(s, a, money=30, phase=UPGRADE)
    return s, a, b


def test_founding_an_additional_railroad():
    s, a, b = railroads()
    ravensby = hex_of(s, "Ravensby")
    assert FoundRailroad("Golden Boy", *ravensby) in s.legal_actions()
    events = s.apply(FoundRailroad("Golden Boy", *ravensby))
    new = s.companies[-1]
    assert events[0].text() == "Purple Pusher pays 25 MB to found the Golden Boy, starting in Ravensby."
    assert (new.owner, new.extra, new.money, new.vp, new.developments) == (0, True, 5, 10, [])
    assert (new.rail_left, new.stations_left, new.start) == (39, 4, ravensby)
    assert s.companies[a].money == 5 and s.turn_order[-1] == new.index
    # it plays its own turns, run by the same player
    s.apply(EndPhase())
    while s.active != new.index:
        s.apply(s.legal_actions()[0] if s.phase != "build" else EndPhase())
    assert s.current_player() == 0 and s.phase == BUILD


def test_where_an_additional_railroad_may_not_start():
    s, a, b = railroads()
    assert refused(s, FoundRailroad("Golden Boy", *s.companies[a].start)).code == "bad_start"
    s.stations[hex_of(s, "Ravensby")] = b
    assert refused(s, FoundRailroad("Golden Boy", *hex_of(s, "Ravensby"))).code == "bad_start"
    assert refused(s, FoundRailroad("Silver Streak", *hex_of(s, "Westfield"))).code == "company_taken"
    s.companies[a].money = 24
    e = refused(s, FoundRailroad("Golden Boy", *hex_of(s, "Westfield")))
    assert e.message == "Founding a railroad costs 25 MB and Purple Pusher has 24 MB."


def test_the_option_must_be_on():
    s = set_up(["Purple Pusher", "Silver Streak"])
    a = next(c.index for c in s.companies if c.owner == 0)
    turn_of(s, a, money=30, phase=UPGRADE)
    assert not any(isinstance(x, FoundRailroad) for x in s.legal_actions())
    assert refused(s, FoundRailroad("Golden Boy", *hex_of(s, "Ravensby"))).code == "option_off"


def test_uncle_moneybags_and_bob_apply_to_the_additional_railroad_and_vp_combine():
    s, a, b = railroads(tycoons=["Uncle Moneybags", "Boss Hawg"])
    s.apply(FoundRailroad("Golden Boy", *hex_of(s, "Ravensby")))
    new = s.companies[-1]
    assert new.money == 12
    s.companies[a].vp, new.vp = 20, 7
    s.companies[a].money = 0
    new.money = 0
    parts = s.scores()[0].parts
    assert parts["VP"] == 27 and parts["Train Level"] == 14
