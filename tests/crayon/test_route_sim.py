"""The hard crayon player's route-to-end simulation (game.crayon.route_sim)
and the route choice built on it (game.crayon.search)."""
from __future__ import annotations

from typing import Any

import pytest

from game import registry
from game.core.decks import Deck
from game.core.engine import Seat
from game.core.search_bot import HARD, Budget
from game.crayon import actions as A
from game.crayon.bots import PlanBot, ranked, train_key
from game.crayon.route_sim import MAJOR_VALUE, SIM_TURNS, TRACK_KEEP, UPGRADE_KEEP, simulate, track_keep
from game.crayon.routes import Route
from game.crayon import search
from game.crayon.search import CommittedBot, choose_route


def _played(seed: int, round_: int, seat: int = 0) -> Any:
    """A Russian Rails game of two normal bots, at `seat`'s first decision of round `round_`."""
    state = registry.engine("russian_rails").new_game({}, seed, [Seat("P0"), Seat("P1")])
    bots = [registry.make_bot("russian_rails", "normal", i) for i in range(2)]
    while state.round < round_ or state.current_player() != seat:
        state.apply(bots[state.current_player()].choose(state))
    return state


def _keeper(state: Any, seat: int):
    def make(_seat: int, route: Route) -> CommittedBot:
        bot = CommittedBot(0)
        bot.keep(train_key(state, seat), route)
        return bot
    return make


def test_a_route_picking_up_two_loads_of_one_kind_is_kept_after_the_first():
    """Seed 5, round 12: two Tea demands (Kotlas, Volgograd) both picked up
    at Tbilisi (seed 1 round 5 had two Timbers at Kotlas before the normal bot
    changed). Once the first load is on board the plan bot listed both
    pick-ups still, the route no longer fit the train and it was dropped, so
    the second demand went unserved."""
    view = _played(5, 12).observation(0, 1)
    route = next(r for r in ranked(PlanBot(0).plans(view, 0), view.players[0].cash)
                 if sorted(s.city for s in r.stops) == ["Kotlas", "Tbilisi", "Tbilisi", "Volgograd"])
    out = simulate(view, 0, route, _keeper(view, 0))
    assert out is not None and out.done
    assert out.cash >= route.payout - route.build - 10


def test_the_simulation_leaves_the_view_untouched_and_times_the_route():
    view = _played(1, 3).observation(0, 1)
    before = view.to_dict()
    route = ranked(PlanBot(0).plans(view, 0), view.players[0].cash)[0]
    out = simulate(view, 0, route, _keeper(view, 0))
    assert view.to_dict() == before
    assert out is not None and out.done and out.turns > 0
    assert isinstance(out.first, (A.Move, A.PickUp, A.Deliver, A.BuildTrack, A.EndTurn))


def test_new_track_counts_back_less_as_the_cash_nears_the_target():
    """Track bought early serves many later routes; bought with 200 of the
    250M target, few: a route's track is counted back at a share that falls
    with the cash the seat has when the route starts."""
    assert track_keep(0, 250) == TRACK_KEEP and track_keep(125, 250) == pytest.approx(TRACK_KEEP / 2)
    assert track_keep(250, 250) == 0 and track_keep(300, 250) == 0
    view = _played(1, 12).observation(0, 1)
    rich = view.clone()
    rich.players[0].cash = view.target_cash - 50
    route = ranked(PlanBot(0).plans(view, 0), view.players[0].cash)[0]
    poor_out, rich_out = (simulate(v, 0, route, _keeper(v, 0)) for v in (view, rich))
    assert poor_out is not None and rich_out is not None and rich_out.track > 0
    assert poor_out.keep == pytest.approx(track_keep(view.players[0].cash, view.target_cash))
    assert rich_out.keep == pytest.approx(TRACK_KEEP / 5)  # 200 of 250M
    assert rich_out.gain == pytest.approx(rich_out.cash + TRACK_KEEP / 5 * rich_out.track
                                          + UPGRADE_KEEP * rich_out.upgrades + MAJOR_VALUE * rich_out.majors)


def _twelve_turns(state: Any, bot: Any) -> int:
    """Seat 0's cash after twelve more of its turns played by `bot`, its rival only ending its turns."""
    state = state.clone()
    rival = PlanBot(0)
    start = state.players[0].turns_taken
    while state.players[0].turns_taken - start < 12 and not state.is_terminal():
        if state.current_player() == 0:
            action = bot.choose(state)
        else:
            action = rival.decide(state) if state.pending or state.forfeit else A.EndTurn()
        state.apply(action)
    return state.players[0].cash


def test_hard_earns_more_than_normal_by_playing_routes_to_their_ends():
    """Seed 1, round 12: the normal bot's estimate sends it on a long haul
    (Baku Cotton to Kotlas and Kotlas Timber to Kiev, 69M, priced at 14
    turns) and it has 56M twelve turns later; the hard player, judging routes
    played to their ends, has 80M (the two-turns-ahead search had 45M)."""
    state = _played(1, 12)
    normal = _twelve_turns(state, PlanBot(5))
    hard = _twelve_turns(state, registry.make_bot("russian_rails", HARD, 5, Budget(None, 12)))
    assert hard >= normal + 20


def _near_the_win(seed: int, short: int) -> tuple[Any, int]:
    """A Russian Rails game of two normal bots, at the first operating
    decision of a seat with its Major Cities joined and at most `short` M
    short of the target; the state and that seat."""
    state = registry.engine("russian_rails").new_game({}, seed, [Seat("P0"), Seat("P1")])
    bots = [registry.make_bot("russian_rails", "normal", i) for i in range(2)]
    while not state.is_terminal():
        seat = state.current_player()
        if (state.phase == "operate" and not state.building and len(state.connected_majors(seat)) >= state.rules.win_majors
                and state.players[seat].cash >= state.target_cash - short):
            return state, seat
        state.apply(bots[seat].choose(state))
    raise AssertionError(f"seed {seed}: nobody came within {short}M of the target before the game ended")


def test_a_route_that_brings_the_cash_target_wins_the_game():
    """Seed 1: a seat has its 5 Major Cities and is 30M short of 250M. A route was judged only until its last delivery, before the turn
    ended and victory was declared, so no route ever counted as winning and
    the soonest win was never preferred; now the route whose last delivery
    brings the target wins at the end of that turn, and is chosen."""
    state, seat = _near_the_win(1, 30)
    view = state.observation(seat, 1)
    choice = choose_route(view, seat, None)
    assert choice is not None and choice.outcome.won and choice.outcome.done
    assert choice.outcome.cash >= view.target_cash - view.players[seat].cash
    assert "wins the game" in choice.reason


def test_near_the_win_the_shortest_routes_paying_the_shortfall_are_played_out_too(monkeypatch):
    """Seed 12: a seat with its Major Cities joined is 39M short of 250M.
    Its routes best by profit a turn and best-paying, played out, won in 8
    turns at the soonest; among the shortest routes that pay the 39M, one
    wins in 6, and it is chosen."""
    state, seat = _near_the_win(12, 40)
    view = state.observation(seat, 1)
    short = view.target_cash - view.players[seat].cash
    plans = PlanBot(0).plans(view, seat)
    shortest = search.winning(view, seat, plans)
    assert len(shortest) == search.WIN_ROUTES
    assert all(r.payout - r.build - r.rent >= short for r in shortest)
    assert [r.turns for r in shortest] == sorted(r.turns for r in shortest)
    assert not any(r.payout - r.build - r.rent >= short and r.turns < shortest[-1].turns
                   for r in plans if r not in shortest)
    choice = choose_route(view, seat, None)
    assert choice is not None and choice.outcome.won and choice.outcome.turns == 6
    assert choice.outcome.route in shortest
    monkeypatch.setattr(search, "winning", lambda *_: [])
    before = choose_route(view, seat, None)
    assert before is not None and before.outcome.won and before.outcome.turns == 8


def test_a_seat_missing_a_major_city_gets_no_routes_for_the_shortfall_alone():
    """Cash alone does not win: with a Major City still to join, the
    routes played out are the usual ones."""
    view = _played(1, 12).observation(0, 1)
    assert len(view.connected_majors(0)) < view.rules.win_majors
    view.players[0].cash = view.target_cash - 10
    assert search.winning(view, 0, PlanBot(0).plans(view, 0)) == []


def test_routes_are_played_out_with_no_events_to_come():
    """The seat cannot foresee the events, and one dealt into a route's play
    and not another's judged the routes on the luck of the deal: the routes
    are played out on a draw pile of its demand cards alone, so where the
    events lie in the pile no longer changes the choice."""
    view = _played(1, 12).observation(0, 1)
    pile = view.deck.draw_pile
    demands = [c for c in pile if c in view.data.demands]
    events = [c for c in pile if c not in view.data.demands]
    assert events and search.calmed(view).deck.draw_pile == demands
    assert view.deck.draw_pile == pile  # the view itself keeps its events
    choices = []
    for order in (demands + events, events + demands):  # the events drawn first, or never
        dealt = view.clone()
        dealt.deck = Deck(list(order), list(view.deck.discards))
        choice = choose_route(dealt, 0, None)
        assert choice is not None
        choices.append(choice.outcome)
    assert choices[0] == choices[1]


@pytest.mark.parametrize("bot", [CommittedBot(0), PlanBot(0, sharp=True), PlanBot(0, sharp=False)],
                         ids=["hard", "normal", "easy"])
def test_every_computer_player_ends_its_turn_once_that_declares_victory(bot: PlanBot) -> None:
    """At the cash target with its Major Cities joined, the plan bot went on
    to build track for its next route and fell below 250M again (seen: 254M,
    6M of track, six more turns to win); every level now ends the turn and wins."""
    state, seat = _near_the_win(1, 30)
    state.players[seat].cash = state.target_cash + 4
    assert bot.decide(state) == A.EndTurn()
    state.apply(A.EndTurn())
    assert seat in state.winners() or seat in state.declared


def test_the_line_joining_the_major_cities_joins_as_many_as_the_win_asks_for():
    """The line the hard player counts its track against is real track: laid
    as the seat's, it joins the Major Cities the win asks for (5 of Russian
    Rails' 6), from the seat's network once it has one."""
    state = registry.engine("russian_rails").new_game({}, 2, [Seat("P0"), Seat("P1")])
    line = search.major_line(state, 0)
    laid = state.clone()
    for pair in line:
        laid.track[pair] = 0
    laid._track_changed()
    assert len(laid.connected_majors(0)) == state.rules.win_majors
    assert search.major_line(laid, 0) == frozenset()  # nothing more to join
    grown = _played(1, 5)
    seat_line = search.major_line(grown, 0)
    assert seat_line and not seat_line & set(grown.track)  # only the track still to build
    for pair in seat_line:
        grown.track[pair] = 0
    grown._track_changed()
    assert len(grown.connected_majors(0)) >= state.rules.win_majors


def test_track_on_the_line_joining_the_major_cities_counts_back_more():
    """Seed 2, the first building turn: the route taking loads between
    Volgograd, Moscow, Gorky and Sochi builds about 40M of track, part of it
    on the cheapest line joining the Major Cities (which the seat builds
    sooner or later for the win). That part is counted back at the game's
    bot_major_line (0.8 in Russian Rails) instead of the 0.4 of other track;
    the play itself is the same."""
    view = registry.engine("russian_rails").new_game({}, 2, [Seat("P0"), Seat("P1")]).observation(0, 1)
    route = next(r for r in search.options(view, 0, None) if {s.city for s in r.stops} >= {"Moscow", "Sochi"})
    line = search.major_line(view, 0)
    on, off = (simulate(view, 0, route, _keeper(view, 0), ln) for ln in (line, frozenset()))
    assert on is not None and off is not None and on.line_keep == view.rules.bot_major_line == 0.8
    assert 0 < on.line < on.track and off.line == 0
    assert (on.cash, on.track, on.turns) == (off.cash, off.track, off.turns)
    assert on.gain - off.gain == pytest.approx((0.8 - on.keep) * on.line)
    assert on.gain == pytest.approx(on.cash + on.keep * (on.track - on.line) + 0.8 * on.line
                                    + UPGRADE_KEEP * on.upgrades + MAJOR_VALUE * on.majors)


def test_lunar_rails_counts_no_line_joining_the_major_cities():
    """Only Russian Rails was measured with the line (raced alone, 0.9 turns
    sooner): Lunar Rails' rules leave it out, and its hard player judges
    routes as before."""
    view = registry.engine("lunar_rails").new_game({}, 2, [Seat("P0"), Seat("P1")]).observation(0, 1)
    assert view.rules.bot_major_line == 0
    choice = choose_route(view, 0, None)
    assert choice is not None and choice.outcome.line == 0 and choice.outcome.line_keep == 0
