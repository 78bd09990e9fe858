"""Every Lunar Rails optional rule on the small Moon: Golden Spike, Easy
Start, Open Contracts, Light Engine, Mercy loans, Honeymoon, Field
Warehousing, Operating Expenses, Cost to Load, Branching, the Circus and the
tournament time limit."""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.crayon import actions as A
from game.crayon.lunar_rails import actions as LA
from tests.lunar_rails.helpers import check_invariants, give_card, give_track, new_game, operating, put_train, stack
from tests.lunar_rails.moonboard import WRAP_A, WRAP_B, MoonGame


def carry(s, seat, *loads):
    for load in loads:
        s.supply[load] -= 1
        s.players[seat].loads.append(load)


def test_every_option_is_offered():
    keys = {o.key for o in MoonGame.option_specs}
    assert keys == {"turn_limit", "equal_turns", "golden_spike", "easy_start", "open_contracts", "light_engine",
                    "new_craters", "loans", "backtracking", "starting_over", "honeymoon", "warehousing", "operating_expenses",
                    "cost_to_load", "branching", "circus", "late_payment", "track_trading", "private_warehousing",
                    "additional_trains"}


# Golden Spike -------------------------------------------------------------------

NEAR_LINE = [(4, 3), (5, 3), (6, 3), (7, 3), (8, 3), (9, 3)]
FAR_LINE = [(14, 3), (15, 2), (16, 1), (17, 1), (18, 1), (19, 1), (20, 1), (21, 1), (22, 1), (23, 1), (23, 2),
            (23, 3), (23, 4), (23, 5), WRAP_B[1], WRAP_B[0], (0, 5), (1, 5), (2, 5)]
RING = NEAR_LINE + [WRAP_A[0], WRAP_A[1]] + FAR_LINE


def test_the_golden_spike_goes_to_the_first_railroad_round_the_moon():
    s = operating(2, golden_spike=True)
    give_track(s, 0, NEAR_LINE)
    give_track(s, 0, FAR_LINE)
    cash = s.players[0].cash
    s.apply(A.BuildTrack(((9, 3), WRAP_A[0], WRAP_A[1], (14, 3))))
    assert s.lunar.golden_spike == 0 and s.players[0].cash == cash - 1 + 20
    check_invariants(s)


def test_no_golden_spike_without_the_option_or_the_whole_ring():
    s = operating(2)
    give_track(s, 0, RING)
    assert s.circumlunar(0) == "G"
    s.apply(A.BuildTrack(((7, 3), (7, 2))))
    assert s.lunar.golden_spike is None
    s2 = operating(2, golden_spike=True)
    give_track(s2, 0, RING[:10])
    assert s2.circumlunar(0) == ""


# New Craters -----------------------------------------------------------------------

def test_a_meteor_leaves_a_crater_ringed_by_a_rim():
    s = operating(2, new_craters=True)
    stack(s, 202, 131)  # three north of Sinus Iridum, Oceanus and Pythagoras
    s.resolve_event(s.deck.draw(), 0)
    assert (4, 1) in s.lunar.craters and s.terrain_at((4, 1)) == "clear"
    give_track(s, 0, [(4, 3), (4, 2)])
    assert s.quote_build(((4, 2), (4, 1)), 0).total == 2  # mare 1 + the new crater's rim 1
    route = s.cheapest_route((4, 1), 0)
    assert route is not None and route.cost == 2
    check_invariants(s)


def test_a_small_city_struck_is_gone_for_the_game():
    s = operating(2, new_craters=True)
    s.after_meteor((2, 0))
    put_train(s, 0, (2, 0))
    assert "destroyed by a meteor" in s.pickup_refusal(0, "Pythagoras", "Bauxite")
    s.after_meteor((3, 3))  # a Major City's milepost stays the city's
    assert (3, 3) not in s.lunar.craters


def test_no_craters_without_the_option():
    s = operating(2)
    stack(s, 202, 131)
    s.resolve_event(s.deck.draw(), 0)
    assert not s.lunar.craters and s.terrain_at((4, 1)) == "clear"


# Easy Start ------------------------------------------------------------------------

def test_easy_start_deals_four_and_each_gives_one_back():
    s = new_game(3, easy_start=True)
    assert all(len(p.hand) == 4 for p in s.players)
    with pytest.raises(IllegalAction) as err:
        s.apply(A.EndTurn())
    assert err.value.message == f"{s.names[0]} must first make a choice."
    for seat in range(3):
        assert s.current_player() == seat
        options = s.legal_actions()
        assert options and all(isinstance(a, LA.EasyStartDiscard) for a in options)
        s.apply(options[0])
    assert all(len(p.hand) == 3 for p in s.players) and not s.pending
    best = [max(d.payout for c in p.hand for d in s.card_demands(c)) for p in s.players]
    assert best[s.first] == max(best) and s.current_player() == s.first
    check_invariants(s)


# Open Contracts --------------------------------------------------------------------

def test_a_discarded_hand_becomes_open_contracts_anyone_may_fill():
    s = operating(2, open_contracts=True)
    hand = list(s.players[0].hand)
    s.apply(A.DiscardHand())
    assert s.lunar.contracts == hand and len(s.players[0].hand) == 3
    card = hand[0]
    d = s.card_demands(card)[0]
    seat = s.current_player()
    put_train(s, seat, s.board.cities[d.city].center)
    carry(s, seat, d.load)
    cash = s.players[seat].cash
    s.apply(LA.FillContract(card, 0))
    assert s.players[seat].cash == cash + d.payout and card not in s.lunar.contracts
    assert card in s.deck.discards and len(s.players[seat].hand) == 3  # no replacement is drawn
    check_invariants(s)


def test_at_most_four_open_contracts():
    s = operating(2, open_contracts=True)
    s.apply(A.DiscardHand())
    s.apply(A.DiscardHand())
    assert len(s.lunar.contracts) == 4
    check_invariants(s)


# Light Engine ----------------------------------------------------------------------

def test_an_empty_train_moves_one_more_per_empty_space():
    s = operating(2, light_engine=True)
    assert s.moves_left == 12  # Von Braun 10 + two empty spaces


def test_picking_up_a_load_takes_one_bonus_milepost_back():
    s = operating(2, light_engine=True)
    put_train(s, 0, (2, 0))
    s.apply(A.PickUp("Bauxite"))
    assert s.moves_left == 11
    s.apply(A.Drop("Bauxite"))
    s.apply(A.PickUp("Bauxite"))
    assert s.moves_left == 11  # dropping and picking up again changes nothing


def test_a_delivery_forfeits_the_bonus_and_is_refused_once_it_was_used():
    s = operating(2, light_engine=True)
    card = s.players[0].hand[0]
    d = s.card_demands(card)[0]
    put_train(s, 0, s.board.cities[d.city].center)
    carry(s, 0, d.load)
    s._begin_turn()
    assert s.moves_left == 11
    s.apply(A.Deliver(card, 0))
    assert s.moves_left == 10
    s2 = operating(2, light_engine=True)
    card = s2.players[0].hand[0]
    d = s2.card_demands(card)[0]
    put_train(s2, 0, s2.board.cities[d.city].center)
    carry(s2, 0, d.load)
    s2._begin_turn()
    s2.moves_left = 0  # the whole move, bonus included, is spent
    with pytest.raises(IllegalAction, match="no Light Engine bonus"):
        s2.apply(A.Deliver(card, 0))


# Mercy: loans ----------------------------------------------------------------------

def test_a_loan_is_repaid_double_from_payoffs():
    s = operating(2, loans="on")
    s.players[0].cash, s.bank = 5, s.bank + 55
    loans = [a.amount for a in s.legal_actions() if isinstance(a, LA.TakeLoan)]
    assert loans == list(range(6, 21))  # every amount apply accepts is listed: more than the 5M at hand
    with pytest.raises(IllegalAction, match="you have 5M, so borrow more than that"):
        s.apply(LA.TakeLoan(5))
    s.apply(LA.TakeLoan(20))
    assert s.players[0].cash == 25 and s.lunar.debts[0] == 40
    with pytest.raises(IllegalAction, match="still owe 40M"):
        s.apply(LA.TakeLoan(5))
    card = s.players[0].hand[0]
    d = s.card_demands(card)[0]
    put_train(s, 0, s.board.cities[d.city].center)
    carry(s, 0, d.load)
    s.apply(A.Deliver(card, 0))
    repaid = min(40, d.payout)
    assert s.lunar.debts[0] == 40 - repaid and s.players[0].cash == 25 + d.payout - repaid
    check_invariants(s)


def test_loans_only_after_three_discards_when_chosen():
    s = operating(2, loans="after_three_discards")
    s.players[0].cash, s.bank = 0, s.bank + s.players[0].cash
    assert "First discard your hand 3 times" in s.loan_refusal(0, 20)
    s.lunar.discards[0] = 3
    assert s.loan_refusal(0, 20) == ""


def test_no_loans_without_the_option():
    s = operating(2)
    with pytest.raises(IllegalAction, match="Loans are not in use"):
        s.apply(LA.TakeLoan(20))


# Mercy: backtracking, starting over ----------------------------------------------------

def test_backtracking_reverses_anywhere_for_the_whole_turn():
    s = operating(2, backtracking=True)
    give_track(s, 1, [(5, 3), (6, 3), (7, 3)])
    put_train(s, 0, (6, 3), came_from=(5, 3))
    cash = s.players[0].cash
    s.apply(LA.Backtrack())
    assert s.players[0].came_from is None and s.players[0].cash == cash - 4  # standing on Bob's track
    assert s.current_player() == 1 and s.players[1].cash == 64
    s.apply(A.EndTurn())
    s.apply(A.Move(((5, 3),)))  # any direction now (paying Bob again)
    assert s.players[0].position == (5, 3)
    check_invariants(s)


def test_no_backtracking_without_the_option_or_after_moving():
    s = operating(2)
    put_train(s, 0, (6, 3), came_from=(5, 3))
    assert LA.Backtrack() not in s.legal_actions()
    with pytest.raises(IllegalAction, match="Backtracking takes your whole turn"):
        s.apply(LA.Backtrack())


def test_starting_over_gives_everything_back():
    s = operating(2, starting_over=True)
    give_track(s, 0, [(4, 3), (4, 2), (4, 1)])
    put_train(s, 0, (4, 1))
    carry(s, 0, "Beer")
    s.players[0].cash, s.bank, s.players[0].loco = 12, s.bank + 48, "Atlas"
    s.apply(LA.StartOver())
    s.apply(LA.DeclareRental(False))  # Bob is asked whether he will still rent the old track
    p = s.players[0]
    assert (p.cash, p.loco, p.loads, p.position, len(p.hand)) == (60, "Von Braun", [], None, 3)
    assert not [o for o in s.track.values() if o == 0]
    assert s.building and s.moves_left == 0  # the restart turn builds up to 20M
    s.apply(A.BuildTrack(((4, 3), (4, 2))))
    check_invariants(s)


# Honeymoon ---------------------------------------------------------------------------

def test_honeymoon_is_for_two_players_with_one_chip_fewer():
    with pytest.raises(ValueError, match="two players"):
        new_game(3, honeymoon=True)
    s = new_game(2, honeymoon=True)
    assert all(s.supply[lt] == n.chips - 1 for lt, n in s.data.loads.items() if lt != "Circus")
    check_invariants(s)


def test_honeymoon_small_cities_take_one_player_and_need_a_demand():
    s = operating(2, honeymoon=True)
    give_track(s, 1, [(3, 1), (2, 1), (2, 0)])
    give_track(s, 0, [(4, 3), (4, 2), (3, 2), (3, 1), (3, 0)])
    assert "already has track from 1 players" in s.quote_build(((3, 0), (2, 0)), 0).reason
    s2 = operating(2, honeymoon=True)
    s2.players[0].hand = [c for c in s2.data.demands if all(
        d.city != "Oceanus" and d.load != "Oxygen" for d in s2.card_demands(c))][:3]
    give_track(s2, 0, [(3, 5), (2, 6), (1, 6)])
    assert "only with a demand for it" in s2.quote_build(((1, 6), (1, 7)), 0).reason


def test_honeymoon_loads_dropped_stay_in_the_city_for_either_player():
    s = operating(2, honeymoon=True)
    put_train(s, 0, (2, 0))
    carry(s, 0, "Beer")
    s.apply(A.Drop("Beer"))
    assert [(x.city, x.load) for x in s.lunar.stored] == [("Pythagoras", "Beer")]
    carry(s, 0, "Robots")
    s.apply(A.Drop("Robots"))  # the first chip goes back to the tray
    assert [(x.city, x.load) for x in s.lunar.stored] == [("Pythagoras", "Robots")]
    check_invariants(s)
    s.apply(A.EndTurn())
    put_train(s, 1, (2, 0))
    assert A.PickUp("Robots") in s.legal_actions()
    s.apply(A.PickUp("Robots"))
    assert s.players[1].loads == ["Robots"] and not s.lunar.stored
    check_invariants(s)


# Field Warehousing -----------------------------------------------------------------------

def test_field_warehouse_keeps_a_load_for_four_of_the_droppers_turns():
    s = operating(2, warehousing="four_turns")
    put_train(s, 0, (2, 0))
    carry(s, 0, "Beer")
    s.apply(A.Drop("Beer"))
    for _ in range(9):
        assert s.lunar.stored
        s.apply(A.EndTurn())
    assert not s.lunar.stored and s.supply["Beer"] == 3
    check_invariants(s)


def test_wordelmann_keeps_it_until_picked_up_unless_the_city_makes_it():
    s = operating(2, warehousing="wordelmann")
    put_train(s, 0, (2, 0))
    carry(s, 0, "Beer", "Bauxite")
    s.apply(A.Drop("Bauxite"))  # Pythagoras makes Bauxite: back to the tray
    s.apply(A.Drop("Beer"))
    assert [(x.load, x.until) for x in s.lunar.stored] == [("Beer", None)]
    check_invariants(s)


# Challenge rules ---------------------------------------------------------------------------

def test_operating_expenses_on_own_track():
    s = operating(2, operating_expenses=True)
    give_track(s, 0, [(5, 3), (6, 3), (7, 3)])
    put_train(s, 0, (5, 3))
    s.apply(A.Move(((6, 3),)))
    s.apply(A.EndTurn())
    assert s.players[0].cash == 59
    check_invariants(s)


def test_cost_to_load_uses_movement():
    s = operating(2, cost_to_load=True)
    put_train(s, 0, (2, 0))
    s.apply(A.PickUp("Bauxite"))
    s.apply(A.Drop("Bauxite"))
    assert s.moves_left == 8


def test_branching_builds_from_another_players_track():
    s = operating(2)
    give_track(s, 1, [(5, 3), (6, 3), (7, 3)])
    assert "Track must start from your own network" in s.quote_build(((7, 3), (8, 3)), 0).reason
    s2 = operating(2, branching=True)
    give_track(s2, 1, [(5, 3), (6, 3), (7, 3)])
    quote = s2.quote_build(((7, 3), (8, 3)), 0)
    assert quote.legal and not quote.major_start


def test_the_circus_starts_in_hertzsprung_and_mare_nectaris():
    s = new_game(2, circus=True)
    assert s.circus_at == ["Hertzsprung", "Mare Nectaris"]
    assert any(d.load == "Circus" for d in s.card_demands(10))
    check_invariants(s)


def test_tournament_time_limit_ends_the_game():
    s = operating(2, turn_limit="20")
    s.round = 19
    s.apply(A.EndTurn())
    s.apply(A.EndTurn())
    assert s.is_terminal()


def test_honeymoon_a_small_city_built_to_must_be_served_before_another():
    """"Once you build the track, the delivery or pickup must be performed.\""""
    s = operating(2, honeymoon=True)
    for card in [c for c in s.data.demands if any(d.city == "Pythagoras" for d in s.card_demands(c))][:1] + \
            [c for c in s.data.demands if any(d.city == "Oceanus" for d in s.card_demands(c))][:2]:
        give_card(s, 0, card)
    give_track(s, 0, [(3, 5), (2, 6), (1, 6)])
    give_track(s, 0, [(4, 3), (4, 2), (3, 2), (3, 1), (3, 0)])
    s.apply(A.BuildTrack(((3, 0), (2, 0))))  # into Pythagoras
    assert s.lunar.promised[0] == ["Pythagoras"]
    refusal = s.quote_build(((1, 6), (1, 7)), 0).reason
    assert refusal == ("In the Honeymoon game you must first deliver or pick up in Pythagoras, the small city "
                       "you built to, before building to another.")
    assert s.quote_build(((3, 1), (2, 1), (2, 0)), 0).legal  # a second section into the same city is fine
    s.apply(A.EndTurn())
    s.apply(A.EndTurn())
    put_train(s, 0, (2, 0))
    s.apply(A.PickUp("Bauxite"))
    assert s.lunar.promised[0] == []
    assert s.quote_build(((1, 6), (1, 7)), 0).legal  # the promise is kept: Oceanus may be built to
    check_invariants(s)


def test_starting_over_keeps_the_track_another_player_declares_it_will_rent():
    """"If removal of your track will prove to be a hardship on any other player, because they were
    planning on renting your track on an upcoming turn, then this track remains on the board until that
    run has been made, and is then removed. The player's 4 million for renting the track is given to the
    bank instead of you." """
    s = operating(2, starting_over=True)
    line = [(4, 3), (5, 3), (6, 3), (7, 3), (7, 4)]
    give_track(s, 0, line)
    put_train(s, 1, (4, 3))
    s.apply(LA.StartOver())
    assert s.current_player() == 1 and s.legal_actions() == [LA.DeclareRental(True), LA.DeclareRental(False)]
    assert s.players[0].cash == 60 and len(s.track) == 4  # nothing changes while the others are asked
    s.apply(LA.DeclareRental(True))
    assert s.current_player() == 0 and s.legal_actions() == [LA.ConfirmRestart(True), LA.ConfirmRestart(False)]
    s.apply(LA.ConfirmRestart(True))
    assert s.track[((4, 3), (5, 3))] == 0 and s.network(0) == set() and s.connected_majors(0) == []
    s.apply(A.EndTurn())
    bank, ann = s.bank, s.players[0].cash
    s.apply(A.Move(((5, 3), (6, 3), (7, 3))))
    assert s.bank == bank + 4 and s.players[0].cash == ann  # the fee goes to the bank
    s.apply(A.EndTurn())
    assert not [o for o in s.track.values() if o == 0] and not s.lunar.kept
    check_invariants(s)


def test_after_a_declared_rental_the_player_may_choose_not_to_restart():
    """"By the player declaring this, you may be able to continue the game without restarting. Under this
    circumstance, you may choose not to restart and the other player is now committed to using the track
    as declared. Play would continue as normal, while you wait for the other player to actually rent the
    track." """
    s = operating(3, starting_over=True)
    line = [(4, 3), (5, 3), (6, 3), (7, 3), (7, 4)]
    give_track(s, 0, line)
    put_train(s, 0, (4, 3))
    carry(s, 0, "Beer")
    s.players[0].cash, s.bank, s.players[0].loco = 30, s.bank + 30, "Atlas"
    before = (dict(s.track), s.players[0].cash, list(s.players[0].hand), s.moves_left)
    s.apply(LA.StartOver())
    s.apply(LA.DeclareRental(True))  # Bob declares; Cy is no longer asked
    assert [d.kind for d in s.pending] == ["restart_choice"]
    assert s.decision_title(s.pending[0]) == "Bob will run on your track next turn: start over or stay"
    s.apply(LA.ConfirmRestart(False))
    p = s.players[0]
    assert (dict(s.track), p.cash, p.hand, s.moves_left) == before and (p.loco, p.loads) == ("Atlas", ["Beer"])
    assert s.current_player() == 0 and s.lunar.committed == {1: 0} and not s.lunar.kept
    with pytest.raises(IllegalAction, match="chose not to start over this turn"):
        s.apply(LA.StartOver())
    s.apply(A.Move(((5, 3), (6, 3))))  # play continues as normal
    s.apply(A.EndTurn())
    assert s.current_player() == 1 and s.lunar.committed == {1: 0}
    bob, ann = s.players[1].cash, s.players[0].cash
    s.apply(A.EndTurn())  # Bob did not run on Ann's track: the committed fee is paid all the same
    assert (s.players[1].cash, s.players[0].cash) == (bob - 4, ann + 4) and not s.lunar.committed
    check_invariants(s)


@pytest.mark.parametrize("cash, restarts", [(10, True), (26, True), (27, False), (55, False)])
def test_a_computer_player_stays_when_the_declared_rental_beats_a_restart(cash, restarts):
    """Staying keeps the cash, the track (at its 9M build cost) and the 4M use fee the declarer is
    committed to pay; the bot starts over only when 60M is worth 20M more than that (26M + 9M + 4M
    is 39M, 27M + 9M + 4M is 40M)."""
    from game.crayon.bots import make_crayon_bot
    s = operating(2, starting_over=True)
    give_track(s, 0, [(4, 3), (5, 3), (6, 3), (7, 3)])
    s.bank, s.players[0].cash = s.bank + s.players[0].cash - cash, cash
    s.apply(LA.StartOver())
    s.apply(LA.DeclareRental(True))
    choice = make_crayon_bot("normal", 0).decide(s)
    assert choice == LA.ConfirmRestart(restarts)
    s.apply(choice)
    assert (s.players[0].cash == 60) == restarts and bool(s.lunar.committed) != restarts
    check_invariants(s)


@pytest.mark.parametrize("last_hand, restarts", [((5, 6, 9), True), ((8, 3, 39), False)])
def test_a_trapped_computer_player_starts_over_when_new_hands_do_not_help(last_hand, restarts):
    """"It occasionally happens that a player becomes trapped and unable to build or to move to get out
    of the predicament. Sometimes, the solution comes from merely discarding your hand and getting new
    cards; more often the position is untenable." With 5M and 9M of track no route of Ann's hand is
    paid for: the bot discards it, and the next; still trapped with the third hand, it starts over
    (60M is worth 20M more than its 14M), and with a third hand it can serve it plays on."""
    from game.crayon.bots import make_crayon_bot
    s = operating(2, starting_over=True)
    give_track(s, 0, [(4, 3), (5, 3), (6, 3), (7, 3)])
    put_train(s, 0, (4, 3))
    s.bank, s.players[0].cash = s.bank + s.players[0].cash - 5, 5
    bot = make_crayon_bot("normal", 0)
    for hand in ((1, 2, 3), last_hand):
        stack(s, *hand)
        assert bot.decide(s) == A.DiscardHand()
        s.apply(A.DiscardHand())
        assert s.players[0].hand == list(hand)
        s.apply(A.EndTurn())  # Bob
    choice = bot.decide(s)
    assert (choice == LA.StartOver()) == restarts and choice not in (A.EndTurn(), A.DiscardHand())
    s.apply(choice)
    if restarts:
        s.apply(LA.DeclareRental(False))
        assert s.players[0].cash == 60 and not [o for o in s.track.values() if o == 0]
    check_invariants(s)


def test_a_committed_renter_who_runs_on_the_track_pays_once():
    s = operating(2, starting_over=True)
    give_track(s, 0, [(4, 3), (5, 3), (6, 3), (7, 3)])
    put_train(s, 1, (4, 3))
    s.apply(LA.StartOver())
    s.apply(LA.DeclareRental(True))
    s.apply(LA.ConfirmRestart(False))
    d = s.to_dict()
    assert type(s).from_dict(d).to_dict() == d
    s.apply(A.EndTurn())
    bob, ann = s.players[1].cash, s.players[0].cash
    s.apply(A.Move(((5, 3), (6, 3))))
    s.apply(A.EndTurn())
    assert (s.players[1].cash, s.players[0].cash) == (bob - 4, ann + 4) and not s.lunar.committed
    check_invariants(s)


def test_starting_over_erases_the_track_nobody_declares():
    s = operating(3, starting_over=True)
    give_track(s, 0, [(4, 3), (5, 3), (6, 3)])
    s.apply(LA.StartOver())
    s.apply(LA.DeclareRental(False))
    assert s.track  # still asking the third player
    s.apply(LA.DeclareRental(False))
    assert not s.track and not s.lunar.kept and s.current_player() == 0
    check_invariants(s)


def test_a_computer_player_finishes_the_golden_spike_ring_when_it_pays():
    from game.crayon.bots import make_crayon_bot
    s = operating(2, golden_spike=True)
    give_track(s, 0, NEAR_LINE)
    give_track(s, 0, FAR_LINE)
    bot = make_crayon_bot("normal", 0)
    action = bot._golden_spike(s, 0, 20)
    assert action == A.BuildTrack(((9, 3), WRAP_A[0], WRAP_A[1], (14, 3)))
    s.apply(action)
    assert s.lunar.golden_spike == 0
    s2 = operating(2)  # without the option the ring is not built for its own sake
    give_track(s2, 0, NEAR_LINE)
    give_track(s2, 0, FAR_LINE)
    assert bot._golden_spike(s2, 0, 20) is None
