"""The normal computer player's judgement on the tiny board: a broke bot
takes the delivery its own track reaches or discards a hand it cannot reach,
and a special demand mixing two kinds of loads is planned and filled when it
pays."""
from __future__ import annotations

from game.crayon import actions as A
from game.crayon.bots import make_crayon_bot
from game.crayon.content import Content, EventCard
from tests.crayon.helpers import check_invariants, give_track, operating, put_train
from tests.crayon.tinyboard import BOARD, LOAD_TYPES, TINY_RULES, TinyGame, demand_cards, event_cards, spec

ALPHA_TO_BETA = [(3, 2), (4, 2), (5, 2), (5, 3), (6, 3), (7, 2), (8, 2)]  # passes Smallville (6, 3)
MIXED = 109


class MixedGame(TinyGame):
    """The tiny game with one more event: a special demand of Coal and Oil for Beta."""

    game_id = "tiny_mixed"

    @classmethod
    def load_content(cls) -> Content:
        mixed = EventCard(MIXED, spec("Coal and Oil for Beta", "special_demand", city="Beta",
                                      loads=("Coal", "Oil"), reward=60))
        return Content.build(BOARD, TINY_RULES, LOAD_TYPES, demand_cards(), event_cards() + [mixed])


def set_hand(s, seat, cards):
    """Give `seat` exactly `cards` (another hand holding one gets a card from
    the bottom of the draw pile instead); its old hand goes back to the pile."""
    p = s.players[seat]
    s.deck.draw_pile.extend(p.hand)
    p.hand = []
    for c in cards:
        holder = next((o.hand for o in s.players if c in o.hand), s.deck.draw_pile)
        holder.remove(c)
        if holder is not s.deck.draw_pile:
            spare = next(d for d in s.deck.draw_pile if d in s.data.demands and d not in cards)
            s.deck.draw_pile.remove(spare)
            holder.append(spare)
    p.hand = list(cards)


def set_cash(s, seat, cash):
    s.bank += s.players[seat].cash - cash
    s.players[seat].cash = cash


def broke_on_a_line(hand, cash):
    s = operating(2)
    give_track(s, 0, ALPHA_TO_BETA)
    put_train(s, 0, (2, 2))
    set_hand(s, 0, hand)
    set_cash(s, 0, cash)
    check_invariants(s)
    return s


def run_seat(s, bot, seat, until, limit=80):
    """Let `bot` play `seat` (the other seat only ends its turns) until `until(s)`."""
    chosen = []
    for _ in range(limit):
        if until(s):
            return chosen
        if s.current_player() == seat:
            action = bot.decide(s)
            chosen.append(action)
        else:
            action = A.EndTurn()
        s.apply(action)
        check_invariants(s)
    raise AssertionError(f"not done after {limit} actions: {chosen[-10:]}")


def test_broke_bot_delivers_what_its_own_track_reaches_and_builds_nothing():
    # card 8 wants Coal (Alpha) at Beta: both on the bot's line; cards 4 and 13 need new track
    s = broke_on_a_line([8, 4, 13], cash=5)
    bot = make_crayon_bot("normal", 0)
    route = bot.best_route(s, 0)
    assert route is not None and route.score <= 0  # nothing pays with the usual cushion left
    assert (route.build, route.rent, route.demands) == (0, 0, ((8, 1),))
    chosen = run_seat(s, bot, 0, lambda st: 8 not in st.players[0].hand)
    assert any(isinstance(a, A.Deliver) and a.card == 8 for a in chosen)
    assert not any(isinstance(a, (A.BuildTrack, A.Upgrade)) for a in chosen)
    assert s.players[0].cash == 5 + 18


def test_broke_bot_discards_a_hand_it_cannot_reach():
    # every demand of cards 4, 12 and 13 lies off the line and costs more track than 2M
    s = broke_on_a_line([4, 12, 13], cash=2)
    bot = make_crayon_bot("normal", 0)
    assert bot.best_route(s, 0) is None
    assert bot.decide(s) == A.DiscardHand()


def test_bot_with_cash_still_builds_for_the_same_hand():
    s = broke_on_a_line([4, 12, 13], cash=60)
    bot = make_crayon_bot("normal", 0)
    route = bot.best_route(s, 0)
    assert route is not None and route.build > 0 and route.score > 0
    assert not isinstance(bot.decide(s), A.DiscardHand)


def mixed_special_game():
    s = operating(2, cls=MixedGame)
    s.deck.draw_pile.remove(MIXED)
    s.resolve_event(MIXED, 0)
    give_track(s, 0, ALPHA_TO_BETA)
    put_train(s, 0, (2, 2))
    set_hand(s, 0, [4, 12, 13])  # nothing on the line: the special is the only thing worth doing
    check_invariants(s)
    return s


def test_mixed_special_is_planned_with_a_pick_up_for_each_kind():
    s = mixed_special_game()
    bot = make_crayon_bot("normal", 0)
    route = bot.best_route(s, 0)
    assert route is not None and route.payout == 60 and route.build == 0
    picks = {(st.city, st.load) for st in route.stops if st.pick}
    assert picks == {("Alpha", "Coal"), ("Smallville", "Oil")}
    last = route.stops[-1]
    assert (last.city, last.card, last.index, sorted(last.loads)) == ("Beta", MIXED, -1, ["Coal", "Oil"])


def test_mixed_special_is_delivered_all_at_once():
    s = mixed_special_game()
    bot = make_crayon_bot("normal", 0)
    cash = s.players[0].cash
    chosen = run_seat(s, bot, 0, lambda st: all(e.card != MIXED for e in st.active))
    assert A.DeliverSpecial(MIXED) in chosen
    assert s.players[0].cash == cash + 60
    assert s.players[0].loads == []
