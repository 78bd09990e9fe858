"""A hint's reason for the normal player's move: the planner's own test that
chose the move, in words (reasons.py). The situations are test_bots.py's,
where the move itself is checked; here what a player is told about it."""
from __future__ import annotations

from game.core.engine import Seat
from game.core.hints import find_hint
from game.regional_rails import ENGINE, make_bot
from game.regional_rails.actions import Borrow, BuyDividends, BuyStock, EndPhase, Upgrade
from game.regional_rails.bots import PlannerBot
from game.regional_rails.reasons import why
from game.regional_rails.state import DIVIDENDS, INCOME, UPGRADE
from tests.regional_rails.helpers import set_up, turn_of


def test_a_loan_is_explained_by_the_connection_it_builds():
    s = set_up(["Purple Pusher", "Silver Streak"])
    s.companies[0].train_level = 2
    turn_of(s, 0, money=4, phase=INCOME)
    s.turn.loan_roll, s.turn.invest_roll = 12, 2
    assert why(s, Borrow(6)) == "the loan builds to Gullhaven now, and its income repays the loan's VP twice over"
    assert why(s, Borrow(3)) == ""  # not the normal player's move: no reason of its own
    s.companies[0].obsolescence = 3  # the city would add only 1 MB a turn: no loan
    assert why(s, EndPhase()) == \
        "no loan would pay back its VP in time, and the money is kept for track and dividends"


def test_a_rated_loan_or_stock_the_planner_would_not_make_says_what_it_does():
    """The look-ahead may rate a loan or stock the planner would not take
    above its move: the hint says what they bring by the turn's end (the
    turn played out with the loan and without one), not only the rating."""
    from game.regional_rails.reasons import chosen

    s = set_up(["Purple Pusher", "Silver Streak"])
    s.companies[0].train_level = 2
    turn_of(s, 0, money=4, phase=INCOME)
    s.turn.loan_roll, s.turn.invest_roll = 12, 6
    assert PlannerBot(0)._planned(s) == Borrow(6) and why(s, Borrow(12)) == ""
    # without a loan the turn ends with 2 MB and 11 VP; with 12 MB more, 12 MB and -19 VP (36 VP for the loan)
    assert chosen(s, Borrow(12)) == "the loan's 12 MB bring 6 VP more this turn and 10 MB more for next turn's track"
    assert chosen(s, Borrow(1)) == "the loan's 1 MB bring 1 MB more for next turn's track"
    stock = next(a for a in s.legal_actions() if isinstance(a, BuyStock) and a.amount == 2)
    assert chosen(s, Borrow(3), then=stock) == "the loan's 3 MB pay for the stock"
    assert why(s, stock) == ""
    name = s.companies[stock.company].name
    per = 2 + (1 if name == "Purple Pusher" else 0)  # Purple Pusher's buyers get 1 VP more a stock
    assert chosen(s, stock) == \
        f"the 2 MB score {2 * per} VP now, more than they would bring kept for track or dividends"


def test_dividends_say_what_the_money_kept_is_for():
    s = set_up(["Blacks Tracks", "Silver Streak"])
    turn_of(s, 0, money=12, phase=DIVIDENDS)
    s.turn.dividend_rolls = (6, 6)
    target = s.place_name(make_bot("normal", 1).plan(s, 0).target)
    assert why(s, BuyDividends(3)) == \
        f"the track to {target} needs 9 MB, and the rest buys VP at the best rate, 3 VP per MB"


def test_the_last_turn_says_the_train_level_is_worth_its_price():
    s = set_up(["Blacks Tracks", "Silver Streak"])
    s.companies[0].rail_left = 0  # the game ends at this turn's End phase
    turn_of(s, 0, money=10, phase=DIVIDENDS)
    s.turn.dividend_rolls = (2, 2)
    assert why(s, BuyDividends(6)) == "the game ends this turn, and the rest buys a Train Level, worth 7 VP at the end"
    s.apply(BuyDividends(6))
    assert why(s, Upgrade()) == "a Train Level scores 7 VP at the end, more than its price now"


def test_ending_the_build_phase_says_what_holds_the_railroad_back():
    s = set_up(["Blacks Tracks", "Silver Streak"])
    turn_of(s, 0, money=20)
    s.companies[0].rail_left, s.companies[1].vp = 1, 60
    assert why(s, EndPhase()) == "your last rail marker would end the game while you are behind"
    s.companies[0].rail_left, s.companies[1].vp = 30, 0
    turn_of(s, 0, money=0)
    plan = make_bot("normal", 1).plan(s, 0, ahead=0)
    assert why(s, EndPhase()).startswith(f"the next rail marker toward {s.place_name(plan.target)} costs ")
    assert why(s, EndPhase()).endswith("MB, more than your 0 MB")


def test_no_train_level_says_why_not():
    s = set_up(["Blacks Tracks", "Silver Streak"])
    turn_of(s, 0, money=1, phase=UPGRADE)
    assert why(s, EndPhase()).startswith("no Train Level now (Train Level 2 costs 4 MB and Blacks Tracks has 1 MB)")


def test_every_normal_move_of_whole_games_has_a_reason():
    """Four, two (tycoons) and six railroads, Additional Railroads in one:
    every choice the normal player makes among several is explained."""
    for seed, players, options in ((1, 4, {"additional_railroads": True}), (2, 2, {"tycoons": True}), (3, 6, {})):
        state = ENGINE.new_game(options, seed, [Seat(f"P{i}", kind="computer") for i in range(players)])
        bots = [make_bot("normal", seed * 101 + i) for i in range(players)]
        while not state.is_terminal():
            if len(state.legal_actions()) > 1:
                move = PlannerBot(0)._planned(state)
                assert why(state, move), (state.phase, move)
            state.apply(bots[state.current_player()].choose(state))


def test_a_dividends_hint_gives_the_normal_players_reason():
    """The look-ahead has no other dividends choice to weigh: the hint says
    the planner's reason, not a stock phrase."""
    s = set_up(["Blacks Tracks", "Silver Streak"])
    turn_of(s, 0, money=12, phase=DIVIDENDS)
    s.turn.dividend_rolls = (6, 6)
    hint = find_hint("regional_rails", s, 9, seconds=1.0)
    assert hint.action == BuyDividends(3)
    assert hint.text == "Spend 3 MB on dividends for 9 VP: " + why(s, BuyDividends(3)) + "."


def test_a_start_is_explained_by_the_places_around_it():
    from game.regional_rails.actions import PickStart

    s = ENGINE.new_game({}, 3, [Seat(n) for n in "AB"])
    while not isinstance(s.legal_actions()[0], PickStart):
        s.apply(PlannerBot(0)._planned(s))
    start = PlannerBot(0)._planned(s)
    assert s.place_name((start.q, start.r)) == "Kingsbridge"
    assert why(s, start) == \
        "the best start left by the towns and cities around it (Ashby 1 hex away, Dunmere 1, Elmstead 1)"
    others = [a for a in s.legal_actions() if a != start]
    assert others and all(why(s, a) == "" for a in others)  # not the normal player's choice


def test_a_build_hint_says_where_its_rail_marker_heads():
    """Beside the look-ahead's rating, a rail marker's hint names the place
    it heads for (the search's candidate reason, carried by its decision)."""
    from game.core.hints import explain
    from game.core.search_bot import Budget, SearchBot
    from game.regional_rails.actions import BuildInterior, BuildSide
    from game.regional_rails.search import HOOKS

    s = set_up(["Blacks Tracks", "Silver Streak"])
    turn_of(s, 0, money=20)
    normal_bot = HOOKS.normal_bot(9)
    normal = normal_bot.choose(s)
    chosen = HOOKS.candidates(s.observation(0, 9), 0, normal, normal_bot)
    builds = [c for c in chosen if isinstance(c.action, (BuildSide, BuildInterior))]
    assert len(builds) >= 2
    assert all(c.reason.startswith(("it heads for ", "it connects ")) for c in builds)
    decision = SearchBot(HOOKS, 9, Budget(None, 12)).think(s)
    assert decision.reason and decision.reason == next(c.reason for c in chosen if c.action == decision.action)
    said = explain(s.observation(0, 9), decision, " VP")
    assert said.split(": ", 1)[1].startswith(decision.reason)


def test_a_rated_investment_the_planner_would_not_make_says_what_it_does(monkeypatch):
    """The look-ahead may rate a development marker above ending the turn,
    which the planner chose: the hint says what the marker does beside the
    rating (the planner's own reason does not apply)."""
    from game.core.search_bot import Decision, SearchBot
    from game.regional_rails.actions import Develop
    from game.regional_rails.reasons import chosen

    s = set_up(["Blacks Tracks", "Silver Streak"])
    turn_of(s, 0, money=6, phase=UPGRADE)
    assert Develop() in s.legal_actions() and PlannerBot(0)._planned(s) != Develop()
    assert why(s, Develop()) == ""
    said = "a development marker will probably fit one of your towns or cities and earn back its price"
    assert chosen(s, Develop()) == said
    assert chosen(s, Borrow(3)) == ""  # not an investment of this phase: nothing to say
    planned = PlannerBot(0)._planned(s)
    assert chosen(s, planned) == why(s, planned) != ""  # the planner's own move: its own reason
    monkeypatch.setattr(SearchBot, "think", lambda bot, state: Decision(
        Develop(), gain=4.0, lead=6.4, then=None, rollouts=12, samples=12, normal=EndPhase()))
    hint = find_hint("regional_rails", s, 9, seconds=0.1)
    assert hint.text == f"Pay 5 MB for a secret development marker: {said}, projected 6 VP above the next best move."
