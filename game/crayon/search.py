"""What the hard computer player (game.core.search_bot) needs from the
crayon-rails games.

A crayon decision is really the choice of a delivery route, so the hard
player chooses its route once a turn and again whenever the hand changes (a
delivery, a new card), and follows it in between. It does not trust the
routes' estimated prices: it plays the best routes by estimate (as many as
the game's rules give as bot_sim_routes), the TOP_PAYOUTS best-paying ones,
the route it follows now and, with its Major Cities joined, the WIN_ROUTES
shortest that pay the cash still short, to their ends on a copy of its
seat's view with no events left in the draw pile (game.crayon.route_sim) and
takes the one worth most there (profit, less the turns it took at the going
rate, plus what its track, upgrades and Major Cities keep earning; where the
game's rules give bot_major_line, track on the cheapest line joining the
Major Cities the win asks for counts back more, as it is built anyway); the
route it follows keeps it unless another is worth KEEP_MARGIN more. The
simulated seat keeps to its route while the route works, as the hard player
does (a search at each turn's start), even when its cash falls below the
route's estimated rent; with no route its cash pays by estimate, the
BROKE_ROUTES best are played out all the same. When no route gets done, it
plays the normal move (which discards a hand it cannot serve), but buys no
track or train below THRIFT_CASH for routes seen to fail. The search_bot's
rollouts are not used: one candidate, the chosen route's first move, is
returned, with the route's played result as its reason (a hint says it). The
routes are played one by one while search_bot's clock and cancel allow:
stopped early, the best route played so far is chosen (the normal move when
none got done). Event choices follow the normal bot."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.core.actions import Action
from game.core.decks import Deck
from game.core.rollouts import MAX_STEPS, ShouldStop, never
from game.core.search_bot import Candidate
from game.crayon import actions as A
from game.crayon.bots import PlanBot, hand_moment, ranked, train_key
from game.crayon.pathfind import Pair, line_joining_majors
from game.crayon.route_sim import Outcome, simulate, turn_used
from game.crayon.routes import Route, Stop

TOP_PAYOUTS = 3  # (chosen) best-paying routes (net of track) played to their ends as well
KEEP_MARGIN = 4.0  # (chosen) M another route must be worth over the one followed to replace it
BROKE_ROUTES = 3  # (chosen) routes played out when the cash pays for none by estimate
THRIFT_CASH = 60  # (chosen) below this cash, no track or train is bought while every route played out fails
WIN_ROUTES = 6  # (chosen) with the Major Cities joined, the shortest routes by estimate that pay the cash still short


class CommittedBot(PlanBot):
    """The plan bot, keeping the train `train` to `route` while the route still works."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.train: Any = None
        self.route: Route | None = None

    def keep(self, train: Any, route: Route | None) -> None:
        self.train, self.route = train, route
        if route is not None:
            self._route[train] = route

    def best_route(self, state: Any, seat: int) -> Route | None:
        if self.route is not None and train_key(state, seat) == self.train:
            left = self._left(state, seat, self.route)
            again = self.pricer(state, seat).price(left) if left else None
            if again is not None:
                self.route = self._route[self.train] = again
                return again
            self.route = None
        return super().best_route(state, seat)


class SimBot(CommittedBot):
    """The seat's plan bot in a route's simulation: it keeps to the route
    while it works, even one its cash does not pay for by estimate (the
    simulation says whether it gets done)."""

    def _hopeless(self, state: Any, seat: int, route: Route | None) -> bool:
        return self.route is None and super()._hopeless(state, seat, route)


class GuideBot(CommittedBot):
    """The hard seat's own plan bot: it plays the moves between searches,
    keeping to the chosen route, and remembers when each train was last
    searched for (the turn, hand and phase). `searching`: the train and
    moment of the search under way, recorded as searched only once the
    search finishes (a cancelled one is tried again at the next decision)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.searched: dict[Any, Any] = {}
        self.searching: tuple[Any, Any] | None = None
        self.routeless: dict[Any, Any] = {}  # train -> the last moment no route played out got done


def options(view: Any, seat: int, kept: Route | None) -> list[Route]:
    """The routes worth playing to their ends: the best by estimate, the
    best-paying, the one followed now and, with the Major Cities joined,
    the shortest that pay the cash still short (once each). With none its cash
    pays by estimate, the BROKE_ROUTES best by estimate all the same: one
    may still get done, paying its rent as it goes (seen: 26M, two Oil on
    board and 11 turns of new hands, when a Fish run to Gorky got done)."""
    plans = PlanBot(0).plans(view, seat)
    ranked_ = ranked(plans, view.players[seat].cash, view.phase == "initial") or plans[:BROKE_ROUTES]
    rich = sorted(ranked_, key=lambda r: -r.profit)
    out: list[Route] = []
    seen: set[tuple[Stop, ...]] = set()
    shortest = winning(view, seat, plans)
    best = ranked_[:view.rules.bot_sim_routes]
    for r in ([kept] if kept is not None else []) + best + rich[:TOP_PAYOUTS] + shortest:
        if r.stops not in seen:
            seen.add(r.stops)
            out.append(r)
    return out


def winning(view: Any, seat: int, plans: list[Route]) -> list[Route]:
    """With the Major Cities joined, the WIN_ROUTES shortest routes by
    estimate whose profit covers the cash still short: the last stretch is
    won by the soonest route to the target, not the best-paying one per
    turn (seen: 39M short, the routes best by profit a turn and the
    best-paying won in 8 turns at the soonest, a shorter one in 6)."""
    if len(view.connected_majors(seat)) < view.rules.win_majors:
        return []
    short = view.target_cash - view.players[seat].cash
    enough = [r for r in plans if r.profit >= short]
    return sorted(enough, key=lambda r: r.turns)[:WIN_ROUTES]


@dataclass(frozen=True)
class Choice:
    """The route chosen, played to its end, and the value of the best route
    played out that serves other demands (None: no such route got done)."""

    outcome: Outcome
    runner_up: float | None
    used: float = 0.0  # the share of the seat's current turn gone when the routes were played

    @property
    def reason(self) -> str:
        """Why, in a player's words: "the route takes Oil from Baku to Lvov
        (33M) and Coal from Donetsk to Kiev (21M) in about 5 turns,
        worth 18M more than the next route"."""
        o = self.outcome
        if o.won:
            return f"{route_words(o.route)}, and wins the game {_within(o.turns, self.used)}"
        text = f"{route_words(o.route)} {_within(o.turns, self.used)}"
        if self.runner_up is None:
            return text  # no other route played out got done (or none was played in time)
        lead = o.value - self.runner_up
        return text + (f", worth {lead:.0f}M more than the next route" if lead >= 0.5 else
                       ", about as good as the next route")


def route_words(route: Route) -> str:
    """"the route takes Oil from Baku to Lvov (33M) and the Coal on board to Kiev (21M)"."""
    return "the route takes " + _joined([_delivery(route, d) for d in route.stops if not d.pick])


def _delivery(route: Route, stop: Stop) -> str:
    """"Oil from Baku to Lvov (33M)"; "the Coal on board to Kiev (21M)"."""
    picks = [s for s in route.stops if s.pick and (s.card, s.index) == (stop.card, stop.index)]
    if not picks:
        return f"the {stop.load} on board to {stop.city} ({stop.payout}M)"
    loads = _joined([f"{s.count} {s.load}" if s.count > 1 else s.load for s in picks])
    froms = _joined(list(dict.fromkeys(s.city for s in picks)))
    return f"{loads} from {froms} to {stop.city} ({stop.payout}M)"


def _joined(parts: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _within(turns: float, used: float) -> str:
    """When a route `turns` long ends, in the seat's own turns, with `used` of
    its current turn already gone: a train with half its moves spent that
    needs most of a turn more delivers next turn, not this one."""
    ahead = math.floor(used + turns - 1e-9)  # the seat's turns that end before the route does
    if ahead <= 0:
        return "this turn"
    return "next turn" if ahead == 1 else f"in about {ahead} turns"


# The normal player's rule for a pending choice (GuideBot._decide), said as a hint's reason.
DECISION_WORDS = {
    "second_train": "the fastest Level II train",
    "easy_start": "its best demand pays least of your cards",
}


def normal_words(view: Any, seat: int, normal: Action, bot: GuideBot, plan: Route | None) -> str:
    """The normal move, said with its route's estimate (when no route played
    out beats it); a discard with why the normal player gives up the hand,
    the test that made it discard (GuideBot._hopeless, or two idle turns),
    and the ride back to its own track before it (GuideBot._go_home) so;
    a set-up choice by the normal player's rule for it, and the switch to
    the other train (GuideBot._other_train) by its reason."""
    if view.pending and view.pending[0].seat == seat and view.pending[0].kind in DECISION_WORDS:
        return DECISION_WORDS[view.pending[0].kind]
    if hasattr(view, "switch_action") and normal == view.switch_action():  # Lunar Rails' Additional Trains
        return "the train being run has nothing more to do this turn"
    if isinstance(normal, A.DiscardHand):
        cash = view.players[seat].cash
        if plan is None:
            return "no demand on this hand is within reach of your cash"
        if not plan.payable(cash):
            return f"the best route needs about {plan.cost}M, more than your {cash}M"
        if plan.build > 0 and not bot._builds_for(view, seat, plan):
            return f"the best route's {plan.build}M of track would not pay back"
        return "the train has stood idle for two turns with this hand"
    if isinstance(normal, A.Move) and not view.acted and bot._hopeless(view, seat, plan):
        return "nothing on this hand is worth doing, so the train rides back to your own track before a new hand"
    return "" if plan is None else f"{route_words(plan)} {_within(plan.turns, turn_used(view, seat))} by estimate"


def choose_route(view: Any, seat: int, kept: Route | None, stop: ShouldStop = never) -> Choice | None:
    """The route worth most played to its end (see the module docstring),
    among those played before `stop` said to end (None: none got done)."""
    train = train_key(view, seat)

    def make(_seat: int, route: Route) -> SimBot:
        bot = SimBot(0)
        bot.keep(train, route)
        return bot

    played = []
    calm = calmed(view)
    line: frozenset[Pair] = major_line(view, seat) if view.rules.bot_major_line else frozenset()
    for route in options(view, seat, kept):
        if stop():
            break
        if (o := simulate(calm, seat, route, make, line)) is not None:
            played.append(o)
    outcomes = [o for o in played if o.done or o.won]
    if not outcomes:
        return None  # no route gets done: the normal move (it discards a hand it cannot serve)
    best = max(outcomes, key=lambda o: o.value)
    now = next((o for o in outcomes if kept is not None and o.route.stops == kept.stops), None)
    if now is not None and best.value < now.value + KEEP_MARGIN:
        best = now
    others = [o.value for o in outcomes if set(o.route.demands) != set(best.route.demands)]
    return Choice(best, max(others) if others else None, turn_used(view, seat))


def major_line(view: Any, seat: int) -> frozenset[Pair]:
    """The segments of the cheapest line by estimate joining the Major
    Cities the win asks for, from the seat's network (before it has one,
    from the Major City where that line costs least)."""
    count = view.rules.win_majors
    net = view.network(seat)
    if net:
        return frozenset(line_joining_majors(view, seat, net, view.connected_majors(seat), count)[1])
    majors = [c for c in view.board.cities.values() if c.size == "major"]
    lines = [line_joining_majors(view, seat, c.mileposts, [c.name], count) for c in majors]
    return frozenset(min(lines, key=lambda cl: cl[0])[1]) if lines else frozenset()


def calmed(view: Any) -> Any:
    """A copy of `view` whose draw pile holds its demand cards only: the
    routes are played out with no events to come. The seat cannot foresee
    them, and an event dealt into one route's play and not another's
    (a flood cutting a Major City off, a derailment) judged the routes on
    the luck of the deal rather than their worth. (The discards keep their
    events; they come back only when the pile runs out, and in 2-player
    games it kept over 100 cards to the end.)"""
    calm = view.clone()
    calm.deck = Deck([c for c in view.deck.draw_pile if c in view.data.demands], list(view.deck.discards))
    return calm


def thrifty(view: Any, seat: int, normal: Action, plan: Route | None, why: str) -> list[Candidate]:
    """The normal move (with its route `plan` and reason `why`), unless it
    spends cash below THRIFT_CASH on track or a train while every route
    played out fails: then a new hand, or the end of the turn once the train
    has moved. (The normal player built 16M of its last 26M toward a Kiev
    delivery the simulation saw fail, and spent the rest of the game at 10M
    discarding hands.)"""
    if view.phase != "operate" or not isinstance(normal, (A.BuildTrack, A.Upgrade)) \
            or view.players[seat].cash >= THRIFT_CASH:
        return [Candidate(normal, plan, reason=why)]
    if not view.acted and not view.building:
        return [Candidate(A.DiscardHand(), None, reason="no route gets done in time with this hand")]
    return [Candidate(A.EndTurn(), None, reason="no route gets done in time, so the cash is kept for the next hand")]


class Hooks:
    """The crayon games' search hooks. `candidates` always offers one move
    (the chosen route's first), so search_bot never rolls out: `policy`,
    `act`, `commit`, `value` and `horizon` only complete its protocol."""

    margin = 3.0  # M another move must gain over the normal one (unused: one candidate)
    distinct_plans = True  # one first move may start several routes

    def normal_bot(self, seed: int) -> GuideBot:
        return GuideBot(seed)

    def policy(self, seed: int) -> PlanBot:
        return PlanBot(seed)

    def act(self, policy: PlanBot, state: Any) -> Action:
        return policy.decide(state)

    def commit(self, policy: PlanBot, seat: int, candidate: Candidate) -> None:
        """Nothing is rolled out (one candidate), so no policy follows a plan;
        `choose_route` plays each route to its end with its own CommittedBot."""

    def adopt(self, normal_bot: GuideBot, seat: int, candidate: Candidate) -> None:
        """The train's search is done for this moment, and the seat's plan
        bot keeps to the chosen route."""
        if normal_bot.searching is None:
            return
        train, moment = normal_bot.searching
        normal_bot.searched[train] = moment
        normal_bot.searching = None
        if candidate.plan is not None:
            normal_bot.keep(train, candidate.plan)

    def candidates(self, view: Any, seat: int, normal: Action, normal_bot: GuideBot,
                   stop: ShouldStop = never) -> list[Candidate]:
        """The first move of the route worth most played to its end, once a
        turn and hand (see the module docstring), and why; the normal move
        between searches and for event choices."""
        train = train_key(view, seat)
        plan = normal_bot._route.get(train)
        why = normal_words(view, seat, normal, normal_bot, plan)
        normal_only = [Candidate(normal, plan, reason=why)]
        normal_bot.searching = None
        if view.pending or view.forfeit:
            return normal_only
        moment = hand_moment(view, seat, train)
        if normal_bot.searched.get(train) == moment:
            return thrifty(view, seat, normal, plan, why) if normal_bot.routeless.get(train) == moment else normal_only
        normal_bot.searching = (train, moment)
        kept = normal_bot.route if normal_bot.train == train else None
        choice = choose_route(view, seat, kept, stop)
        if choice is None:
            if stop():
                return normal_only  # stopped before every route was played
            normal_bot.routeless[train] = moment  # every route tried fails: spend nothing on them this turn
            return thrifty(view, seat, normal, plan, why)
        best = choice.outcome
        return [Candidate(best.first, best.route, reason=choice.reason)]

    def value(self, state: Any, seat: int) -> float:
        return float(state.players[seat].cash)

    def horizon(self, start: Any, state: Any, seat: int) -> bool:
        return True

    def max_steps(self, view: Any) -> int:
        return MAX_STEPS

    def max_rollouts(self, view: Any) -> int | None:
        return None


HOOKS = Hooks()
