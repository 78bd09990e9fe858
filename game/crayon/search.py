"""What the hard computer player (game.core.search_bot) needs from the
crayon-rails games.

A crayon decision is really the choice of a delivery route, so the search
runs once a turn and again whenever the hand changes (a delivery, a new
card): the plans tried are the normal bot's route and each of the few best
other routes, each with the plan bot's first move toward it (one move may
start several routes: they are searched apart). In the rollout the seat
keeps to that route (while it still works) and everyone else plays the
normal bot. The other decisions of the turn follow the normal bot, which
carries the chosen route on. The horizon is the end of the seat's
TURNS_AHEAD-th turn from now; the value is cash, plus the loads carried at
part of the best payout a demand in hand offers, plus the best route's profit
still to make (discounted by the turns it needs), plus the Major Cities
joined.
"""
from __future__ import annotations

from typing import Any

from game.core.actions import Action
from game.core.search_bot import Candidate
from game.crayon.bots import PlanBot, hand_moment, ranked, train_key
from game.crayon.routes import Route, routes

ROUTES = 3  # other routes tried besides the normal bot's choice
LOAD_SHARE = 0.6  # a carried load is worth this share of the best payout it may earn
ROUTE_DISCOUNT = 0.85  # a route's profit counts this much less per turn it still needs
MAJOR_VALUE = 8  # M: one Major City joined to the network, toward the win
TURNS_AHEAD = 2  # the rollout ends when the seat has finished this many more turns


class CommittedBot(PlanBot):
    """The plan bot, keeping `seat` to `route` while the route still works."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.seat: int | None = None
        self.route: Route | None = None

    def best_route(self, state: Any, seat: int) -> Route | None:
        if seat == self.seat and self.route is not None:
            left = self._left(state, seat, self.route)
            again = self.pricer(state, seat).price(left) if left else None
            if again is not None:
                self.route = self._route[seat] = again
                return again
            self.route = None
        return super().best_route(state, seat)


class GuideBot(PlanBot):
    """The hard seat's own normal bot: it plays the moves between searches,
    carrying the chosen route on, and remembers when each train was last
    searched for (the turn, hand and phase). `searching`: the train and
    moment of the search under way, recorded as searched only once the
    search finishes (a cancelled one is tried again at the next decision)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.searched: dict[Any, Any] = {}
        self.searching: tuple[Any, Any] | None = None


class Hooks:
    margin = 3.0  # M another move must gain over the normal one
    distinct_plans = True  # one first move may start several routes

    def normal_bot(self, seed: int) -> GuideBot:
        return GuideBot(seed)

    def policy(self, seed: int) -> CommittedBot:
        return CommittedBot(seed)

    def act(self, policy: CommittedBot, state: Any) -> Action:
        return policy.decide(state)

    def commit(self, policy: CommittedBot, seat: int, candidate: Candidate) -> None:
        policy.seat, policy.route = seat, candidate.plan

    def adopt(self, normal_bot: GuideBot, seat: int, candidate: Candidate) -> None:
        """The train's search is done for this moment, and the normal bot
        carries the chosen route on (until clearly beaten)."""
        if normal_bot.searching is None:
            return
        train, moment = normal_bot.searching
        normal_bot.searched[train] = moment
        normal_bot.searching = None
        if candidate.plan is not None:
            normal_bot._route[train] = candidate.plan

    def candidates(self, view: Any, seat: int, normal: Action, normal_bot: GuideBot) -> list[Candidate]:
        """The normal move (with the normal bot's route), then the first move
        toward each of the next best routes, once a turn and hand (see the
        module docstring). Event choices follow the normal bot."""
        train = train_key(view, seat)
        out = [Candidate(normal, normal_bot._route.get(train))]
        normal_bot.searching = None
        if view.pending or view.forfeit:
            return out
        moment = hand_moment(view, seat, train)
        if normal_bot.searched.get(train) == moment:
            return out
        normal_bot.searching = (train, moment)
        judge = CommittedBot(0)
        options = ranked(judge.plans(view, seat), view.players[seat].cash, view.phase == "initial")
        for route in options[:ROUTES + 1]:
            judge = CommittedBot(0)
            judge.seat, judge.route = seat, route
            out.append(Candidate(judge.decide(view), route))
        return out

    def value(self, state: Any, seat: int) -> float:
        p = state.players[seat]
        total = float(p.cash) + MAJOR_VALUE * min(len(state.connected_majors(seat)), state.rules.win_majors)
        if state.is_terminal():
            return total
        best_pay: dict[str, int] = {}
        for _card, _index, d in state.hand_demands(seat):
            best_pay[d.load] = max(best_pay.get(d.load, 0), d.payout)
        total += LOAD_SHARE * sum(best_pay.get(load, 0) for load in p.loads)
        options = routes(state, PlanBot(0).pricer(state, seat))
        profit = max((max(0.0, r.payout - r.build - r.rent) * ROUTE_DISCOUNT ** r.turns for r in options), default=0.0)
        return total + profit

    def horizon(self, start: Any, state: Any, seat: int) -> bool:
        return state.players[seat].turns_taken - start.players[seat].turns_taken >= TURNS_AHEAD


HOOKS = Hooks()
