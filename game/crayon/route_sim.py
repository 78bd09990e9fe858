"""Route-to-end simulation for the hard crayon player (game.crayon.search).

A route's estimated price (game.crayon.routes) measures travel in straight
lines and prices track city by city, so it often takes a long lucrative route
for slower than it is and a quick cheap one for better than it is. The hard
player instead plays each candidate route to its end on a copy of its seat's
view: the seat builds, moves, picks up and delivers as its plan bot would,
keeping to that route, while the rivals only end their turns (their moves
barely change how long the seat's route takes, and skipping them keeps the
simulation cheap and free of their noise). A route is then worth what it
earned, plus the part of the track and train bought that keeps earning later
(for track, a part that shrinks as the seat's cash nears the target: the
fewer routes are left to play, the less new track will serve; this won 59 of
80 ladder games against normal where a fixed part won 54, none lost that had been won;
where the game's rules say so, a larger part for the track on the cheapest
line joining the Major Cities the win asks for, built sooner or later anyway),
plus the Major Cities it joined, less the turns it took at the going rate
(RATE: a turn spent on one route is a turn no other route earns in), so
routes of different lengths compare as profit over the same time. Late in
the game a route whose end brings the cash target (with the Major Cities
joined) is played on to the end of that turn, where the seat declares
victory: then the soonest win is worth most. (Playing every route on past
its end toward the win was tried: four times the time, no sooner wins.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.hexgrid import pair_key
from game.crayon import actions as A
from game.crayon.pathfind import Pair
from game.crayon.routes import Route

SIM_TURNS = 12  # (chosen) a route not done within this many of the seat's turns is judged where it stands
RATE = 10.0  # (chosen) M a turn earns at the going rate: the time cost of a route's turns
TRACK_KEEP = 0.4  # (chosen) share of the track's cost counted back with no cash: track keeps serving later routes
UPGRADE_KEEP = 0.8  # (chosen) share of a train upgrade's cost counted back: the faster train keeps earning
MAJOR_VALUE = 10.0  # (chosen) M for each Major City the route joins, toward the win
WIN_VALUE = 1000.0  # (chosen) worth of declaring victory: above any route's profit, so the soonest win is chosen
MAX_ACTIONS = 400  # a simulation longer than this is a policy going round in circles


@dataclass(frozen=True)
class Outcome:
    """What following `route` to its end did for the seat: `turns` of its
    own (fractions for the moves used in the last one), the change in
    cash, the cash spent on track and upgrades, the Major Cities joined
    more, whether every delivery was made and whether the seat declared
    victory, and the seat's first move."""

    route: Route
    first: Action
    turns: float
    cash: int
    track: int
    upgrades: int
    majors: int
    done: bool
    won: bool
    keep: float  # share of the track's cost counted back (see `track_keep`)
    line: float = 0.0  # of `track`, the cost spent on the line joining the Major Cities (see search.major_line)
    line_keep: float = 0.0  # share of `line` counted back (the game's rules: bot_major_line)

    @property
    def gain(self) -> float:
        """What the route leaves the seat richer by: cash, plus what its
        track, upgrades and Major Cities keep earning."""
        track = self.keep * (self.track - self.line) + self.line_keep * self.line
        return self.cash + track + UPGRADE_KEEP * self.upgrades + MAJOR_VALUE * self.majors

    @property
    def value(self) -> float:
        """Profit net of the time it took (see the module docstring); a
        route that wins the game is worth its win, sooner better."""
        if self.won:
            return WIN_VALUE - RATE * self.turns
        return self.gain - RATE * self.turns


def delivered(state: Any, seat: int, route: Route) -> bool:
    """Every delivery of `route` is made (its demand cards left the hand,
    its special demands left play)."""
    hand = set(state.players[seat].hand)
    specials = {e.card for e in state.active}
    return not any(s.card in (hand if s.index >= 0 else specials) for s in route.stops if not s.pick)


def wins(state: Any, seat: int) -> bool:
    """The seat has declared victory (or already won)."""
    return seat in state.declared or seat in state.winners()


def turn_used(state: Any, seat: int) -> float:
    """How much of the seat's current turn is used: the share of its moves
    spent while it operates, all of it once it builds."""
    if state.current_player() != seat or state.phase != "operate" or state.building:
        return 1.0 if state.current_player() == seat else 0.0
    return 1.0 - state.moves_left / max(1, state.speed(seat))


def simulate(view: Any, seat: int, route: Route, make_bot: Callable[[int, Route], Any],
             line: frozenset[Pair] = frozenset()) -> Outcome | None:
    """Play `route` to its end (or SIM_TURNS) on a copy of `view` (the seat's
    own observation, nothing hidden read), and to the end of that turn when it
    declares victory there. `make_bot(seat, route)` gives the
    seat's plan bot keeping to the route; `line`, the segments of the line
    joining the Major Cities (search.major_line), whose share of the track
    bought counts back at the rules' bot_major_line. None when its first
    move is refused."""
    sim = view.clone()
    bot = make_bot(seat, route)
    p0 = sim.players[seat]
    turns0, cash0 = p0.turns_taken, p0.cash
    used0 = turn_used(sim, seat)
    majors0 = len(sim.connected_majors(seat))
    keep = track_keep(cash0, sim.target_cash)
    spent_track = spent_upgrades = 0
    spent_line = 0.0
    first: Action | None = None
    done = False  # every delivery made; the seat plays on only to declare victory at the turn's end
    for _ in range(MAX_ACTIONS):
        if sim.is_terminal() or sim.players[seat].turns_taken - turns0 >= SIM_TURNS:
            break
        mover = sim.current_player()
        own = mover == seat
        action = bot.decide(sim) if own or sim.pending or sim.forfeit else A.EndTurn()
        cash = sim.players[seat].cash
        try:
            sim.apply(action)
        except IllegalAction:
            if first is None:
                return None
            break  # a policy slip ends the simulation where it stands
        if own and isinstance(action, A.DiscardHand):
            first = first or action
            return Outcome(route, first, SIM_TURNS, sim.players[seat].cash - cash0, spent_track, spent_upgrades,
                           0, False, False, keep)  # the route was given up with the hand: never done
        if own:
            first = first or action
            spend = cash - sim.players[seat].cash
            if isinstance(action, A.BuildTrack):
                spent_track += spend
                steps = list(zip(action.path, action.path[1:]))
                if steps and line:
                    spent_line += spend * sum(pair_key(a, b) in line for a, b in steps) / len(steps)
            elif isinstance(action, A.Upgrade):
                spent_upgrades += spend
            if wins(sim, seat):
                break
            if not done and delivered(sim, seat, route):
                done = True
                if not sim.declares_on_ending(seat):
                    break
            elif done:
                break  # the turn that was to declare victory went on without it
        if not done and getattr(bot, "route", route) is None:
            break  # the route no longer works
    if first is None:
        return None
    p = sim.players[seat]
    turns = p.turns_taken - turns0 + turn_used(sim, seat) - used0
    return Outcome(route, first, max(turns, 0.0), p.cash - cash0, spent_track, spent_upgrades,
                   len(sim.connected_majors(seat)) - majors0, done or delivered(sim, seat, route), wins(sim, seat),
                   keep, spent_line, sim.rules.bot_major_line)


def track_keep(cash: int, target: int) -> float:
    """The share of new track's cost counted back for a seat with `cash`:
    TRACK_KEEP, less in proportion as the cash nears the `target` (none at it)."""
    return TRACK_KEEP * max(0.0, 1 - cash / target)
