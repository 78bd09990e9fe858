"""Challenge game: Selling and Trading Track. "Instead of building track, a
player may purchase track from another player for whatever price both
players agree to. The purchase may take place only in the purchasing
player's turn. Players can agree to trade track for track, with no money
involved. In both trading and selling, the selling player replaces his
colored lines with lines of the new owner's color." """
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.core.hexgrid import pair_key
from game.crayon import actions as A
from game.crayon.bots import make_crayon_bot
from game.crayon.lunar_rails import actions as LA
from game.crayon.routes import Route, Stop
from tests.lunar_rails.helpers import check_invariants, give_track, operating, put_train

BOB = [(5, 3), (6, 3), (7, 3)]
ANN = [(4, 1), (4, 2)]
WANT = ((pair_key((5, 3), (6, 3))),)


def trading(**options):
    s = operating(2, track_trading=True, **options)
    give_track(s, 1, BOB)
    give_track(s, 0, ANN)
    return s


def test_the_seller_accepts_and_the_lines_change_colour():
    s = trading()
    s.apply(LA.OfferTrack(1, WANT, (pair_key((4, 1), (4, 2)),), 6))
    assert s.current_player() == 1 and s.legal_actions() == [LA.AnswerOffer(True), LA.AnswerOffer(False)]
    assert s.decision_title(s.pending[0]) == "Ann offers 6M and 1 section of track for 1 section of track"
    s.apply(LA.AnswerOffer(True))
    assert s.track[WANT[0]] == 0 and s.track[pair_key((4, 1), (4, 2))] == 1
    assert (s.players[0].cash, s.players[1].cash) == (54, 66)
    assert s.current_player() == 0
    assert "instead of building" in s.quote_build(((6, 3), (6, 2)), 0).reason  # the purchase was the build
    assert not [a for a in s.legal_actions() if isinstance(a, A.BuildTrack)]
    check_invariants(s)


def test_a_refused_offer_changes_nothing_and_is_not_repeated_that_turn():
    s = trading()
    before = dict(s.track)
    s.apply(LA.OfferTrack(1, WANT, (), 3))
    s.apply(LA.AnswerOffer(False))
    assert s.track == before and s.players[0].cash == 60 and s.current_player() == 0
    with pytest.raises(IllegalAction, match="already made Bob an offer this turn"):
        s.apply(LA.OfferTrack(1, WANT, (), 9))
    s.apply(A.BuildTrack(((4, 2), (4, 3))))  # refused: building is still open
    check_invariants(s)


@pytest.mark.parametrize("offer, message", [
    (LA.OfferTrack(0, WANT), "Choose another player"),
    (LA.OfferTrack(1, ()), "at least one section"),
    (LA.OfferTrack(1, (pair_key((4, 1), (4, 2)),)), "must be Bob's track"),
    (LA.OfferTrack(1, WANT, WANT), "named twice"),
    (LA.OfferTrack(1, WANT, (pair_key((6, 3), (7, 3)),)), "must be your own track"),
    (LA.OfferTrack(1, WANT, (), 61), "between 0M and your 60M"),
])
def test_offers_refused(offer, message):
    s = trading()
    with pytest.raises(IllegalAction, match=message):
        s.apply(offer)
    assert not s.pending


def test_no_offer_after_building_or_without_the_option():
    s = trading()
    s.apply(A.BuildTrack(((4, 2), (4, 3))))
    with pytest.raises(IllegalAction, match="already built track this turn"):
        s.apply(LA.OfferTrack(1, WANT))
    s2 = operating(2)
    give_track(s2, 1, BOB)
    with pytest.raises(IllegalAction, match="not in use"):
        s2.apply(LA.OfferTrack(1, WANT))


def test_saved_with_an_offer_waiting():
    s = trading()
    s.apply(LA.OfferTrack(1, WANT, (), 4))
    d = s.to_dict()
    back = type(s).from_dict(d)
    assert back.to_dict() == d and back.lunar.offer == s.lunar.offer
    back.apply(LA.AnswerOffer(True))
    assert back.track[WANT[0]] == 0


def test_a_computer_seller_accepts_when_it_pays():
    s = trading()
    s.apply(LA.OfferTrack(1, WANT, (), 1))
    bot = make_crayon_bot("normal", 1)
    assert bot.decide(s) == LA.CounterOffer(WANT, (), 4)  # 1M for a 2M mountain section: it asks twice that
    s2 = trading()
    s2.apply(LA.OfferTrack(1, WANT, (), 8))
    assert bot.decide(s2) == LA.AnswerOffer(True)


def test_a_computer_buyer_offers_for_the_rented_sections_on_its_way():
    s = operating(2, track_trading=True)
    line = [(4, 3), (5, 3), (6, 3), (7, 3), (7, 4)]  # Bob's line from Sinus Iridum to Mare Nectaris
    give_track(s, 1, line)
    put_train(s, 0, (4, 3))
    to_nectaris = Route((Stop("Mare Nectaris", "Beer", False, s.players[0].hand[0], 0, payout=20),),
                        20, 0, 0, 2.0, 5.0)
    offer = make_crayon_bot("normal", 0)._buy_track(s, 0, to_nectaris)
    assert offer == LA.OfferTrack(1, tuple(pair_key(a, b) for a, b in zip(line, line[1:])), (), 28)
    s.apply(offer)  # twice the build cost: 5 (out of the Major City) + 2 + 2 + 5 (into it)
    assert make_crayon_bot("normal", 1).decide(s) == LA.AnswerOffer(False)  # the line joins Bob's Majors
    s2 = operating(2, track_trading=True)
    give_track(s2, 1, line)
    give_track(s2, 1, [(4, 4), (5, 4), (6, 4), (7, 4)])  # a second line between them
    put_train(s2, 0, (4, 3))
    offer = make_crayon_bot("normal", 0)._buy_track(s2, 0, to_nectaris)
    s2.apply(offer)
    assert make_crayon_bot("normal", 1).decide(s2) == LA.AnswerOffer(True)
    s2.apply(LA.AnswerOffer(True))
    assert all(s2.track[p] == 0 for p in offer.take)
    check_invariants(s2)


def test_the_seller_counters_and_the_buyer_accepts():
    """"... for whatever price both players agree to": the seller may answer with other terms."""
    s = trading()
    s.apply(LA.OfferTrack(1, WANT, (), 3))
    more = (WANT[0], pair_key((6, 3), (7, 3)))
    s.apply(LA.CounterOffer(more, (), 9))  # Bob: both sections, for 9M
    assert s.current_player() == 0 and s.legal_actions() == [LA.AnswerOffer(True), LA.AnswerOffer(False)]
    assert s.decision_title(s.pending[0]) == "Bob counters: 9M for 2 sections of track"
    assert s.lunar.offer.counters == 1 and s.lunar.offer.answer_by == 0
    d = s.to_dict()
    assert type(s).from_dict(d).to_dict() == d and s.clone().lunar.offer == s.lunar.offer
    s.apply(LA.AnswerOffer(True))  # Ann agrees in her own turn
    assert all(s.track[p] == 0 for p in more) and (s.players[0].cash, s.players[1].cash) == (51, 69)
    assert s.current_player() == 0 and s.flags.get("bought")
    check_invariants(s)


def test_counter_offers_go_back_and_forth_until_the_limit():
    s = trading()
    s.apply(LA.OfferTrack(1, WANT, (), 1))
    limit = s.variant("track_offer_counters")
    for k in range(limit):
        by = s.current_player()
        s.apply(LA.CounterOffer(WANT, (), 2 + k))
        assert s.current_player() == 1 - by
    with pytest.raises(IllegalAction, match=f"After {limit} counter-offers the last offer stands"):
        s.apply(LA.CounterOffer(WANT, (), 20))
    s.apply(LA.AnswerOffer(False))
    assert s.lunar.offer is None and s.track[WANT[0]] == 1 and s.current_player() == 0
    check_invariants(s)


@pytest.mark.parametrize("counter, message", [
    (LA.CounterOffer(WANT, (), 3), "changes the terms: to agree to these, accept"),
    (LA.CounterOffer((), (), 3), "at least one section of Bob's track"),
    (LA.CounterOffer((pair_key((4, 1), (4, 2)),), (), 3), "must be Bob's track"),
    (LA.CounterOffer(WANT, (pair_key((6, 3), (7, 3)),), 3), "must be Ann's track"),
    (LA.CounterOffer(WANT, (), 61), "between 0M and Ann's 60M"),
])
def test_counter_offers_refused(counter, message):
    s = trading()
    s.apply(LA.OfferTrack(1, WANT, (), 3))
    with pytest.raises(IllegalAction, match=message):
        s.apply(counter)
    assert s.current_player() == 1 and s.lunar.offer.counters == 0


def test_no_counter_offer_without_an_offer():
    s = trading()
    with pytest.raises(IllegalAction, match="No event is waiting"):
        s.apply(LA.CounterOffer(WANT, (), 3))


def test_a_computer_buyer_answers_a_counter_offer():
    s = trading()
    s.apply(LA.OfferTrack(1, WANT, (), 2))
    s.apply(LA.CounterOffer(WANT, (), 6))  # three times the 2M section: within one markup more
    bot = make_crayon_bot("normal", 0)
    assert bot.decide(s) == LA.AnswerOffer(True)
    s2 = trading()
    s2.apply(LA.OfferTrack(1, WANT, (), 2))
    s2.apply(LA.CounterOffer(WANT, (), 7))
    assert bot.decide(s2) == LA.CounterOffer(WANT, (), 6)  # dearer: it counters at the most it pays


def test_a_computer_buyer_counters_back_within_the_counter_limit():
    """The buyer haggles too: a dear counter-offer gets a counter at the most the bot pays (three
    times the section's build cost, with 30M kept), until the limit leaves only accept or refuse."""
    s = trading()
    s.players[0].cash, s.bank = 40, s.bank + 20
    s.apply(LA.OfferTrack(1, WANT, (), 2))
    s.apply(LA.CounterOffer(WANT, (), 12))
    bot = make_crayon_bot("normal", 0)
    counter = bot.decide(s)
    assert counter == LA.CounterOffer(WANT, (), 6) and not s.counter_refusal(counter)
    s.apply(counter)
    assert s.current_player() == 1 and s.lunar.offer.price == 6 and s.lunar.offer.counters == 2
    s.players[0].cash, s.bank = 33, s.bank + 7  # poorer now: 3M is all it pays with the cushion kept
    s.apply(LA.CounterOffer(WANT, (), 10))
    assert bot.decide(s) == LA.CounterOffer(WANT, (), 3)
    s.apply(LA.CounterOffer(WANT, (), 3))  # the fourth counter-offer: the last offer stands
    assert s.lunar.offer.counters == s.variant("track_offer_counters") and s.current_player() == 1
    seller = make_crayon_bot("normal", 1)
    assert seller.decide(s) == LA.AnswerOffer(False)  # it would counter at 4M, but may only answer now
    s.apply(LA.AnswerOffer(False))
    assert s.track[WANT[0]] == 1 and s.lunar.offer is None
    check_invariants(s)


def test_a_computer_buyer_without_the_cushion_refuses_rather_than_counters():
    s = trading()
    s.players[0].cash, s.bank = 25, s.bank + 35  # below the 30M it keeps: it pays nothing
    s.apply(LA.OfferTrack(1, WANT, (), 2))
    s.apply(LA.CounterOffer(WANT, (), 4))
    assert make_crayon_bot("normal", 0).decide(s) == LA.AnswerOffer(False)


def test_a_saved_game_replays_an_offer_countered_and_accepted(tmp_path):
    """The new moves go through the save file and are replayed to the same state."""
    from game.core.engine import Seat
    from game.core.session import Session
    from tests.lunar_rails.moonboard import MoonGame
    opts = {"track_trading": True, "private_warehousing": True, "starting_over": True}
    session = Session("lunar_rails", opts, 1, [Seat("Ann"), Seat("Bob")], engine=MoonGame)
    s = session.state
    while s.phase != "operate":
        session.apply(next(a for a in s.legal_actions() if isinstance(a, A.BuildTrack)) if s.spent == 0
                      else A.EndTurn())
    bob = next(p for p, o in s.track.items() if o == 1)
    if s.current_player() == 1:  # Ann buys in her own turn
        session.apply(A.EndTurn())
    session.apply(LA.OfferTrack(1, (bob,), (), 0))
    session.apply(LA.CounterOffer((bob,), (), 3))
    session.apply(LA.AnswerOffer(True))
    path = tmp_path / "game.yaml"
    session.save(path)
    back = Session.load(path, engine_for=lambda game_id: MoonGame)
    assert [type(a) for a in back.actions] == [type(a) for a in session.actions]
    assert back.state.to_dict() == session.state.to_dict() and back.state.track[bob] == 0


LINE = [(4, 3), (5, 3), (6, 3), (7, 3), (7, 4)]  # Bob's line from Sinus Iridum to Mare Nectaris
SPUR = pair_key((7, 3), (8, 3))  # a spur off it, 1M


def test_a_computer_seller_counters_with_the_sections_it_can_spare():
    """An offer for a section joining Bob's Major Cities and a spur: the bot
    keeps the line and counters with the spur alone, at twice its build cost."""
    s = operating(2, track_trading=True)
    give_track(s, 1, LINE)
    give_track(s, 1, [(7, 3), (8, 3), (8, 2)])
    s.apply(LA.OfferTrack(1, (pair_key((5, 3), (6, 3)), SPUR), (), 10))
    counter = make_crayon_bot("normal", 1).decide(s)
    assert counter == LA.CounterOffer((SPUR,), (), 2)
    s.apply(counter)
    assert s.decision_title(s.pending[0]) == "Bob counters: 2M for 1 section of track"
    check_invariants(s)


def test_a_computer_buyer_counters_for_only_the_sections_on_its_way():
    """Bob counters asking Ann to take his spur too: Ann's bot, which buys to
    stop renting on its way to Mare Nectaris, counters for the line alone."""
    s = operating(2, track_trading=True)
    give_track(s, 1, LINE)
    give_track(s, 1, [(7, 3), (8, 3), (8, 2)])
    give_track(s, 1, [(4, 4), (5, 4), (6, 4), (7, 4)])  # a second line: Bob may spare the first
    put_train(s, 0, (4, 3))
    bot = make_crayon_bot("normal", 0)
    bot._route[0] = Route((Stop("Mare Nectaris", "Beer", False, s.players[0].hand[0], 0, payout=20),),
                          20, 0, 0, 2.0, 5.0)
    offer = bot._buy_track(s, 0, bot._route[0])
    s.apply(offer)  # the three sections of the line it runs on
    s.apply(LA.CounterOffer(offer.take + (SPUR,), (), 30))
    counter = bot.decide(s)
    assert counter == LA.CounterOffer(offer.take, (), 30)  # the same price, the spur left out
    s.apply(counter)
    assert make_crayon_bot("normal", 1).decide(s) == LA.AnswerOffer(True)
    s.apply(LA.AnswerOffer(True))
    assert all(s.track[p] == 0 for p in offer.take) and s.track[SPUR] == 1
    check_invariants(s)


def test_a_computer_buyer_short_of_cash_makes_up_the_price_in_track():
    """"Players can agree to trade track for track": Ann's bot would pay 6M
    for Bob's 2M section but keeps 30M of its 34M; it counters with 4M and
    the two 1M ends of its spur, and Bob's bot takes that."""
    s = trading()
    give_track(s, 0, [(4, 2), (5, 1), (6, 1)])
    s.players[0].cash, s.bank = 34, s.bank + 26
    s.apply(LA.OfferTrack(1, WANT, (), 2))
    s.apply(LA.CounterOffer(WANT, (), 6))
    ends = (pair_key((4, 1), (4, 2)), pair_key((5, 1), (6, 1)))
    counter = make_crayon_bot("normal", 0).decide(s)
    assert counter.take == WANT and counter.price == 4 and sorted(counter.give) == sorted(ends)
    s.apply(counter)
    assert make_crayon_bot("normal", 1).decide(s) == LA.AnswerOffer(True)
    s.apply(LA.AnswerOffer(True))
    assert s.track[WANT[0]] == 0 and all(s.track[p] == 1 for p in ends) and s.players[0].cash == 30
    check_invariants(s)
