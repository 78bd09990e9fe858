"""What the hard computer player (game.core.search_bot) needs from Regional
Rails: the moves worth trying, a rollout policy (the normal planner), a
horizon (two rounds: to the start of the railroad's turn after next) and
the value: the final score if the game ended now (VP, Train Levels, money,
sole connections: PlannerBot.estimate), plus money, net income over the
turns left and the planner's best next connection at what they will still
earn.

Moves tried, in every phase of a turn where a choice matters (besides the
normal bot's own choice):
- Build: the first rail marker toward each of the few best places to connect,
  the railroad keeping to that place in the rollout (CommittedPlanner).
- Income: a loan of the whole roll, of half of it, or none.
- Upgrade: a Train Level, a development marker drawn, Dealer Dan's token
  returned, the best Additional Railroad founded, or nothing.
- End: Rob the Robber Baron's target (every rival railroad).
- Any phase: a secret development marker placed on each of the railroad's
  own connected towns and cities where it fits.
An investment the normal bot makes (a loan, a Train Level, a development
marker, a new railroad) is never called off: measured, the two-round
look-ahead, which sees its price but not its payback, dropped them and lost
(hard won 1 of 6 duels against normal). Dividends and stock follow
the normal bot too: the look-ahead rates money kept for track below the
dividends or rival stock it could buy now (the track is half built when the
rollout ends), so it spent the money the normal bot keeps for building and
never built (seed 3: 109 VP against normal's 262).

The setup's railroad and start city decide most duels (of two normal bots,
the one that picks first takes the Silver Streak and won 19 of 20 on seeds
1-20), and what a railroad, start or tycoon is worth shows only over a
whole game, so these choices are rolled out to the game's end and judged by
the final scores: the normal choice and the SETUP_TRIES others ranked first
by a prior (company_prior: the normal bot's company worth plus the
obsolescence an Event-roll bonus spares over a game; start_value for
starts; the normal ranking for tycoons). Measured on the authored map with
the rest played by normal bots, the second picker's Golden Boy in Northgate
ends 12 VP behind the Silver Streak on average (4 wins in 9) where the
normal choice, Blacks Tracks, ends 238 behind (none in 9). A whole-game
rollout of a duel costs about 0.15 s of CPU, so a setup decision makes at
most SETUP_ROLLOUTS (12) of them whatever the budget: about 4 observations
of each of the three choices, in the arena as within the app's 2 s clock.
With more railroads a rollout is longer and the clock (which drops a
rollout it cuts short) leaves fewer; another choice than the normal one
needs search_bot.MIN_SURE_SAMPLES observations to be taken.
Tried for the hard player's own moves and not kept (each lost VP in paired
games): duels valued to the turn limit instead of the rivals' pace of rail
markers, and a railroad boxed in at Train Level 2 (Golden Boy beside the
Silver Streak) saving for the levels that reach new places.
"""
from __future__ import annotations

from typing import Any

from game.core.actions import Action
from game.core.hexgrid import Hex, distance
from game.core.rollouts import MAX_STEPS, ShouldStop, never
from game.core.search_bot import Candidate
from game.regional_rails import actions as A
from game.regional_rails import bots, phases, reasons
from game.regional_rails.data import rules
from game.regional_rails.engine import RegionalRailsState
from game.regional_rails.phases import upkeep_due
from game.regional_rails.state import SETUP_COMPANY, SETUP_PHASES, SETUP_TYCOON

TARGETS = 3  # places the Build phase tries to head for, besides the normal choice
PHASE_MARGIN = 3.0  # VP beyond Hooks.margin a money-phase choice must gain: two rounds see little of its payback
DEVELOPMENT_SPOTS = 3  # own towns and cities tried for a secret development marker
MB_VP = 1.5  # what one MB held, earned later or planned is worth beyond its end-of-game cash-in, in VP
INCOME_TURNS = 8  # income counts for at most this many turns (obsolescence wears it down)
ROUNDS_AHEAD = 2  # a rollout ends when the railroad begins its turn this many rounds later
SETUP_TRIES = 2  # railroads (start cities, tycoons) tried at setup besides the normal choice
SETUP_MARGIN = 10.0  # final VP beyond Hooks.margin a setup choice must gain: a whole game's rollouts vary by ~100
# whole-game rollouts per setup decision: a duel's takes ~0.15 s of CPU, so the arena's budget and
# the app's 2 s clock measure the same player (about 4 observations of each of the three choices)
SETUP_ROLLOUTS = 12
SETUP_STEPS = 2000  # moves a setup rollout may play (a whole game: about 150 moves per railroad)


class CommittedPlanner(bots.PlannerBot):
    """The normal planner, keeping one railroad heading for one place until
    it is connected (or can no longer be reached)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.company: int | None = None
        self.target: Hex | None = None

    def plan(self, state: RegionalRailsState, co: int, ahead: int = 1) -> bots.Plan | None:
        if co == self.company and self.target is not None and co not in state.interior.get(self.target, ()):
            dist, prev = self._costs_from(state, co)
            step = self._first_step(state, co, self.target, prev) if self.target in dist else None
            if step is not None:
                cost = dist[self.target]
                return bots.Plan(self.target, step, cost,
                                 self._value(state, co, self.target, cost, self._turns_left(state)))
        return super().plan(state, co, ahead)


class Hooks:
    margin = 2.0  # VP another move must gain over the normal one
    distinct_plans = False  # a move is its own plan

    def normal_bot(self, seed: int) -> Any:
        return bots.make_bot("normal", seed)

    def policy(self, seed: int) -> CommittedPlanner:
        return CommittedPlanner(seed)

    def act(self, policy: bots.PlannerBot, state: RegionalRailsState) -> Action:
        return policy._planned(state)

    def commit(self, policy: CommittedPlanner, seat: int, candidate: Candidate) -> None:
        """The railroad on turn keeps heading for the candidate's place."""
        if candidate.plan is not None:
            policy.company, policy.target = candidate.plan

    def adopt(self, normal_bot: Any, seat: int, candidate: Candidate) -> None:
        """The planner re-plans every move."""

    def candidates(self, view: RegionalRailsState, seat: int, normal: Action, normal_bot: Any,
                   stop: ShouldStop = never) -> list[Candidate]:
        if view.phase in SETUP_PHASES:
            return [Candidate(normal)] + [Candidate(a, margin=SETUP_MARGIN) for a in _setup_moves(view, normal)]
        if view.active is None:
            return [Candidate(normal)]
        co = view.active
        legal = view.legal_actions()
        out = [Candidate(normal)] + [Candidate(a) for a in _development_moves(view, co, legal)]
        if view.phase == "build":
            out[0] = Candidate(normal, reason=reasons.aim(view, co, normal, normal_bot))
            return out + [Candidate(a, (co, h), reason=aimed) for a, h, aimed in _build_moves(view, co, set(legal))]
        moves = [a for a in _phase_moves(view, co, legal) if a in legal and not _cancels(normal, a)]
        return out + [Candidate(a, margin=PHASE_MARGIN) for a in moves]

    def why(self, view: RegionalRailsState, seat: int, action: Action) -> str:
        """The normal player's reason for its move: a hint's sentence when
        the look-ahead had nothing better to say (reasons.py)."""
        return reasons.why(view, action)

    def chosen_why(self, view: RegionalRailsState, seat: int, action: Action, then: Action | None) -> str:
        """A hint's reason for a move the look-ahead chose (reasons.chosen)."""
        return reasons.chosen(view, action, then)

    def value(self, state: RegionalRailsState, seat: int) -> float:
        if state.is_terminal():
            return float(state.scores()[seat].total)
        planner = bots.PlannerBot(0)
        total = planner.estimate(state, seat)
        turns = min(INCOME_TURNS, planner._turns_left(state))
        for co, c in enumerate(state.companies):
            if c.owner == seat:
                net = phases.income_of(state, co)[0] - upkeep_due(state, co)
                plan = planner.plan(state, co)
                total += MB_VP * (c.money + net * turns + (plan.value if plan is not None else 0.0))
        return total

    def max_steps(self, view: RegionalRailsState) -> int:
        """A setup rollout plays the whole game."""
        return SETUP_STEPS if view.phase in SETUP_PHASES else MAX_STEPS

    def max_rollouts(self, view: RegionalRailsState) -> int | None:
        """Whole-game rollouts are long: at most SETUP_ROLLOUTS of them."""
        return SETUP_ROLLOUTS if view.phase in SETUP_PHASES else None

    def horizon(self, start: RegionalRailsState, state: RegionalRailsState, seat: int) -> bool:
        """The railroad whose move was searched begins its turn ROUNDS_AHEAD
        rounds later; a setup choice plays on to the game's end."""
        if start.active is None:
            return False
        return state.round >= start.round + ROUNDS_AHEAD and state.active == start.active and state.phase == "build"


def _setup_moves(state: RegionalRailsState, normal: Action) -> list[Action]:
    """The SETUP_TRIES railroads, start cities or tycoons other than the
    normal choice that rank first by their prior (tycoons: the normal bot's
    ranking)."""
    legal = state.legal_actions()
    if state.phase == SETUP_COMPANY:
        ranked = sorted(legal, key=lambda a: (-company_prior(state, a.company), a.company)
                        if isinstance(a, A.PickCompany) else (0.0, ""))
    elif state.phase == SETUP_TYCOON:
        ranked = sorted(legal, key=lambda a: bots.TYCOON_RANK.index(a.tycoon) if isinstance(a, A.PickTycoon) else 0)
    else:
        ranked = sorted(legal, key=lambda a: (-bots.start_value(state.board, (a.q, a.r)), a.q, a.r)
                        if isinstance(a, A.PickStart) else (0.0, 0, 0))
    return [a for a in ranked if a != normal][:SETUP_TRIES]


def company_prior(state: RegionalRailsState, name: str) -> float:
    """Which railroads the setup search tries: the normal bot's worth of the
    company on this map, plus (an Event-roll bonus) the income that the
    obsolescence tokens it spares would take: Golden Boy's +1 turns one in
    six rolls (Trucks & Roads) into a harmless event, and a token costs 1 MB
    in every turn after it (about 61 MB over a game, where the normal bot
    counts 12 for the ability)."""
    table = rules()
    spared = bots.obsolescence_chance() - bots.obsolescence_chance(name)
    turns = max(0, table.raw["max_rounds"] - table.section("events")["first_turns"])
    return bots.company_worth(state.board, name) + spared * turns * turns / 2


def _phase_moves(state: RegionalRailsState, co: int, legal: list[Action]) -> list[Action]:
    """The choices of the Income, Upgrade and End phases worth
    comparing (see the module docstring); the caller keeps the legal ones."""
    turn = state.turn
    if state.phase == "income":
        return [A.EndPhase(), A.Borrow(turn.loan_roll), A.Borrow(max(1, turn.loan_roll // 2))]
    if state.phase == "upgrade":
        found = [a for a in legal if isinstance(a, A.FoundRailroad)]
        best = [bots.best_founding(state.board, found)] if found else []
        return [A.EndPhase(), A.Upgrade(), A.Develop(), A.RemoveObsolescence(), *best]
    robs: list[Action] = [a for a in legal if isinstance(a, A.Rob)]
    return robs


def _cancels(normal: Action, move: Action) -> bool:
    """Whether `move` would call off an investment the normal bot makes (a
    loan, a Train Level, a development marker, a new railroad): a two-round
    look-ahead sees what they cost but not what they earn later, so the
    search may resize or swap such a choice, never drop it."""
    invests = (A.Borrow, A.Upgrade, A.Develop, A.FoundRailroad)
    return isinstance(normal, invests) and not isinstance(move, invests)


def _development_moves(state: RegionalRailsState, co: int, legal: list[Action]) -> list[Action]:
    """A secret development marker placed on one of the railroad's own
    towns or cities (at most DEVELOPMENT_SPOTS of them)."""
    mine = set(state.connected_hexes(co))
    out: list[Action] = [a for a in legal if isinstance(a, A.PlaceDevelopment) and (a.q, a.r) in mine]
    return out[:DEVELOPMENT_SPOTS]


def _build_moves(state: RegionalRailsState, co: int, legal: set[Action]) -> list[tuple[Action, Hex, str]]:
    """The first rail marker toward each of the TARGETS places the planner
    values most within the current Train Level, and what it heads for (a
    hint says it beside the look-ahead's rating). Ending the phase early is
    never tried: the look-ahead is too short to see the track pay back."""
    planner = bots.PlannerBot(0)
    c = state.companies[co]
    dist, prev = planner._costs_from(state, co)
    turns = planner._turns_left(state)
    ranked = []
    for h in state.board.places:
        if h in dist and co not in state.interior.get(h, ()) and c.start is not None \
                and distance(c.start, h) <= c.train_level:
            ranked.append((planner._value(state, co, h, dist[h], turns), h))
    ranked.sort(key=lambda item: (-item[0], item[1]))
    moves: list[tuple[Action, Hex, str]] = []
    for _value, h in ranked[:TARGETS]:
        step = planner._first_step(state, co, h, prev)
        if step is not None and step in legal:
            moves.append((step, h, reasons.heading(state, co, h, step, dist[h], planner)))
    return moves


HOOKS = Hooks()
