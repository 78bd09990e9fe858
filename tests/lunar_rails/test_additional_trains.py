"""Challenge game: Additional Trains. "Each player starts with two trains, a
Von Braun and a Level II train of his choice, which may be upgraded in the
usual way. Each player may move both of his trains every turn. Players may
(by mutual agreement) have four Demand cards instead of three." """
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.crayon import actions as A
from game.crayon.bots import make_crayon_bot
from game.crayon.lunar_rails import actions as LA
from tests.lunar_rails.helpers import check_invariants, give_track, new_game, put_train, stack


def two_trains(option="two_trains"):
    s = new_game(2, additional_trains=option)
    for seat, loco in ((0, "Vostok"), (1, "Redstone")):
        assert s.current_player() == seat and s.legal_actions() == [LA.ChooseTrain("Redstone"),
                                                                   LA.ChooseTrain("Vostok")]
        s.apply(LA.ChooseTrain(loco))
    return s


def operating_two(option="two_trains"):
    s = two_trains(option)
    s.phase, s.round, s.first, s.order, s.order_pos = "operate", 0, 0, [0, 1], 0
    s._begin_turn()
    return s


def operating_two_light():
    s = new_game(2, additional_trains="two_trains", light_engine=True)
    for loco in ("Vostok", "Redstone"):
        s.apply(LA.ChooseTrain(loco))
    s.phase, s.round, s.first, s.order, s.order_pos = "operate", 0, 0, [0, 1], 0
    s._begin_turn()
    return s


def test_each_player_chooses_a_level_ii_second_train():
    s = two_trains()
    assert [t[0] for t in s.train_list(0)] == ["Von Braun", "Vostok"]
    assert [t[0] for t in s.train_list(1)] == ["Von Braun", "Redstone"]
    with pytest.raises(IllegalAction):
        s2 = new_game(2, additional_trains="two_trains")
        s2.apply(LA.ChooseTrain("Saturn"))
    check_invariants(s)


def test_both_trains_move_every_turn():
    s = operating_two()
    give_track(s, 0, [(4, 3), (5, 3), (6, 3), (7, 3), (7, 4)])
    put_train(s, 0, (4, 3))
    s.apply(A.Move(((5, 3), (6, 3), (7, 3))))
    assert s.moves_left == 7
    s.apply(LA.SwitchTrain())
    p = s.players[0]
    assert p.loco == "Vostok" and p.position is None and s.moves_left == 10
    s.apply(A.PlaceTrain((7, 4)))
    s.apply(A.Move(((7, 3), (6, 3))))
    assert s.moves_left == 8
    s.apply(LA.SwitchTrain())  # back to the Von Braun, its 7 mileposts still to run
    assert s.players[0].position == (7, 3) and s.moves_left == 7
    s.apply(A.Move(((7, 4),)))
    assert s.moves_left == 6
    check_invariants(s)
    d = s.to_dict()
    assert type(s).from_dict(d).to_dict() == d


def test_the_second_train_carries_and_is_upgraded_on_its_own():
    s = operating_two()
    put_train(s, 0, (2, 0))
    s.apply(LA.SwitchTrain())
    s.apply(A.PlaceTrain((2, 0)))
    for _ in range(3):
        s.apply(A.PickUp("Bauxite"))
    assert len(s.players[0].loads) == 3  # a Vostok carries three
    s.apply(A.Upgrade("Soyuz"))
    assert s.players[0].loco == "Soyuz" and s.train_list(0)[1][0] == "Von Braun"
    check_invariants(s)


def test_four_demand_cards_by_agreement():
    s = two_trains("four_cards")
    assert all(len(p.hand) == 4 for p in s.players)
    check_invariants(s)


def test_a_meteor_catching_the_second_train_costs_its_loads_and_one_turn():
    s = operating_two()
    put_train(s, 0, (2, 0))
    s.supply["Beer"] -= 1
    s.lunar.spare[0].loads.append("Beer")
    s.lunar.spare[0].position = (4, 2)  # next to the Sinus Iridum strike
    stack(s, 202, 131)
    s.resolve_event(s.deck.draw(), 1)
    other = s.lunar.spare[0]
    assert other.loads == [] and s.players[0].lost_turns == 1
    assert s.players[0].position == (2, 0)  # the Von Braun was not hit
    check_invariants(s)


def test_a_struck_second_train_goes_back_on_a_city_its_owners_track_reaches():
    """"He then places his train pawn on any city to which he has track already built." """
    s = operating_two()
    give_track(s, 0, [(7, 3), (7, 4)])  # Ann's track reaches Mare Nectaris only
    put_train(s, 0, (2, 0))
    s.lunar.spare[0].position = (4, 2)  # next to the Sinus Iridum strike
    stack(s, 202, 131)
    s.resolve_event(s.deck.draw(), 1)
    nectaris = s.board.cities["Mare Nectaris"].center
    assert s.pending[0].kind == "relocate_spare" and s.current_player() == 0
    assert s.decision_options(s.pending[0]) == [LA.Relocate(nectaris)]
    assert s.decision_title(s.pending[0]) == "Put the Vostok back on a city your track reaches"
    with pytest.raises(IllegalAction, match="city your own track reaches"):
        s.apply(LA.Relocate(s.board.cities["Oceanus"].center))
    d = s.to_dict()
    assert type(s).from_dict(d).to_dict() == d
    s.apply(LA.Relocate(nectaris))
    assert s.lunar.spare[0].position == nectaris and s.players[0].position == (2, 0) and not s.pending
    check_invariants(s)
    bot = make_crayon_bot("normal", 0)
    s2 = operating_two()
    give_track(s2, 0, [(4, 3), (5, 3), (6, 3), (7, 3), (7, 4)])
    put_train(s2, 0, (2, 0))
    s2.lunar.spare[0].position = (4, 2)
    stack(s2, 202, 131)
    s2.resolve_event(s2.deck.draw(), 1)
    assert bot.decide(s2) in s2.decision_options(s2.pending[0])


def test_each_train_keeps_its_own_light_engine_bonus():
    """"If your train is carrying fewer than the maximum number of loads for the whole Movement Phase,
    then you may move one additional milepost for each empty space. [...] If the train picked up a load,
    at any point during the move, it would only get one bonus movement" — with two trains, each train's."""
    s = operating_two_light()
    put_train(s, 0, (2, 0))
    assert s.moves_left == 12  # Von Braun 10 + 2 empty spaces
    s.apply(LA.SwitchTrain())
    assert s.moves_left == 13  # Vostok 10 + 3 empty spaces
    s.apply(A.PlaceTrain((2, 0)))
    s.apply(A.PickUp("Bauxite"))
    assert s.moves_left == 12  # the Vostok's pickup takes one of its own bonus mileposts
    s.apply(LA.SwitchTrain())
    assert s.moves_left == 12  # the Von Braun's bonus is untouched
    s.apply(A.PickUp("Bauxite"))
    assert s.moves_left == 11
    s.apply(LA.SwitchTrain())
    s.apply(A.PickUp("Bauxite"))
    assert s.moves_left == 11  # the Vostok's second load costs another of its bonus mileposts
    d = s.to_dict()
    assert type(s).from_dict(d).to_dict() == d
    check_invariants(s)


def test_a_delivery_after_switching_still_forfeits_that_trains_bonus():
    """"If the train delivers a load during the move, then it does not get to increase the movement that turn." """
    s = operating_two_light()
    card = s.players[0].hand[0]
    d = s.card_demands(card)[0]
    city = s.board.cities[d.city].center
    put_train(s, 0, (2, 0))
    s.apply(LA.SwitchTrain())
    s.apply(A.PlaceTrain(city))
    s.supply[d.load] -= 1
    s.players[0].loads.append(d.load)
    s.lunar.light = [2, 1, 0]  # the Vostok carried one load all turn: two bonus mileposts
    s.moves_left = 12
    s.apply(A.Deliver(card, 0))
    assert s.moves_left == 10  # the Vostok loses its bonus
    s.apply(LA.SwitchTrain())
    assert s.moves_left == 12  # the Von Braun still has its own
    s2 = operating_two_light()
    card = s2.players[0].hand[0]
    d = s2.card_demands(card)[0]
    put_train(s2, 0, (2, 0))
    s2.apply(LA.SwitchTrain())
    s2.apply(A.PlaceTrain(s2.board.cities[d.city].center))
    s2.supply[d.load] -= 1
    s2.players[0].loads.append(d.load)
    s2.lunar.light = [2, 1, 0]
    s2.moves_left = 1  # the Vostok has run its bonus already
    with pytest.raises(IllegalAction, match="no Light Engine bonus"):
        s2.apply(A.Deliver(card, 0))


def test_no_switching_without_the_option():
    s = new_game(2)
    with pytest.raises(IllegalAction, match="not in use"):
        s.apply(LA.SwitchTrain())


def test_computer_players_run_both_trains():
    s = new_game(2, seed=2, additional_trains="two_trains")
    bots = [make_crayon_bot("normal", i) for i in range(2)]
    moved = set()
    for _ in range(1500):
        if s.is_terminal():
            break
        seat = s.current_player()
        action = bots[seat].choose(s)
        if isinstance(action, A.Move):
            moved.add((seat, s.players[seat].loco == "Von Braun" and s.lunar.running.get(seat) == 0))
        s.apply(action)
        check_invariants(s)
    assert s.is_terminal() and s.winners()
    assert {b for _seat, b in moved} == {True, False}, "a bot never ran its second train"
