"""What the hard computer player (game.core.search_bot) needs from Russian
Railroads: the placements worth trying (the normal bot's few best, each
judged with the rest of its turn played greedily), a rollout policy (the
normal bot without its second look, which the rollout itself replaces), a
horizon (the seat's next placement played too, or the round's end; solo
always the round's end) and the value (evaluate.py: points so far plus what
the board will still score).

The choices a placement brings (which track advances, where the locomotive
goes, which factory...) are searched too: the normal bot's choice and the few
other options its own judgement ranks next, each rolled out like a placement.
"""
from __future__ import annotations

import math
from typing import Any

from game.core.actions import Action
from game.core.rollouts import MAX_STEPS, ShouldStop, never
from game.core.search_bot import Candidate
from game.core.words import counted
from game.russian_railroads import bots
from game.russian_railroads.actions import Place
from game.russian_railroads.engine import RussianRailroads
from game.russian_railroads.evaluate import evaluate
from game.russian_railroads.gains import gains

ALTERNATIVES = 3  # placements tried besides the normal bot's choice
# options of a pending choice tried besides the normal bot's (hard solo 329 -> 346.5 over seeds 1-20;
# most changed: track advancements, locomotive or factory, locomotives, tokens)
TASK_ALTERNATIVES = 2
OWN_PLACEMENTS = 2  # a rollout ends when the seat has made this many placements (the candidate included)


class Hooks:
    margin = 1.0  # points: another placement must look this much better than the normal one
    distinct_plans = False  # a placement is its own plan

    def normal_bot(self, seed: int) -> Any:
        return bots.make_bot("normal", seed)

    def policy(self, seed: int) -> bots.GreedyBot:
        return bots.GreedyBot(seed, task_follow_ups=False)

    def act(self, policy: bots.GreedyBot, state: RussianRailroads) -> Action:
        return policy._best(state)

    def commit(self, policy: Any, seat: int, candidate: Candidate) -> None:
        """The rollout policy needs no plan."""

    def adopt(self, normal_bot: Any, seat: int, candidate: Candidate) -> None:
        """The normal bot keeps no plan between placements."""

    def candidates(self, view: RussianRailroads, seat: int, normal: Action, normal_bot: Any,
                   stop: ShouldStop = never) -> list[Candidate]:
        """The normal move and the few that look best after finishing their
        turn greedily: ALTERNATIVES placements, or TASK_ALTERNATIVES options
        of a pending choice."""
        if view.tasks:
            return [Candidate(normal)] + [Candidate(a) for a in _ranked(view, seat)[:TASK_ALTERNATIVES]]
        if view.phase != "actions" or not isinstance(normal, Place):
            return [Candidate(normal)]
        return [Candidate(normal)] + [Candidate(a) for a in _ranked(view, seat)[:ALTERNATIVES]]

    def why(self, view: RussianRailroads, seat: int, action: Action) -> str:
        """The normal player's reason for its move (a hint's sentence when
        the look-ahead had nothing better to say)."""
        return why(view, seat, action)

    def chosen_why(self, view: RussianRailroads, seat: int, action: Action, then: Action | None) -> str:
        """A hint's reason for a move the look-ahead chose: what it brings the seat (gains.py)."""
        return gains(view, seat, action, then)

    def value(self, state: RussianRailroads, seat: int) -> float:
        return evaluate(state, seat)

    def horizon(self, start: RussianRailroads, state: RussianRailroads, seat: int) -> bool:
        """The round is over, or the seat is about to make its next placement
        but one (the candidate's follow-ups and the rivals' answers played).
        Solo, always the round's end: Emil's answers are the only unknown, and
        a placement's worth often shows only with the round's later ones
        (hard scored 321 solo over seeds 1-20 so, 309 with the short horizon)."""
        if state.round != start.round or state.phase != "actions":
            return True
        if len(state.players) == 1:
            return False
        if state.tasks or state.current_player() != seat:
            return False
        return _placements(state, seat) - _placements(start, seat) >= OWN_PLACEMENTS

    def max_steps(self, view: Any) -> int:
        return MAX_STEPS

    def max_rollouts(self, view: Any) -> int | None:
        return None


def _ranked(view: RussianRailroads, seat: int) -> list[Action]:
    """The seat's moves, best first by the normal bot's own judgement (each
    with the rest of its turn finished greedily)."""
    return [a for _, a in _scored(view, seat)]


def _scored(view: RussianRailroads, seat: int) -> list[tuple[float, Action]]:
    """The seat's moves with the normal bot's first judgement of each (the
    board projected to the game's end, the rest of the turn played), best first."""
    judge = bots.GreedyBot(0)
    scored = []
    for action in bots._candidates(view.legal_actions()):
        probe = view.clone()
        probe.apply(action)
        scored.append((judge._finish_turn(probe, seat), action))
    scored.sort(key=lambda item: -item[0])
    return scored


def why(view: RussianRailroads, seat: int, action: Action) -> str:
    """The normal player's reason for its move, as a hint says it when the
    look-ahead weighed nothing against it: its lead in the projection of the
    board to the game's end, or (where it trails there) the placements it
    prepares later in the round, which the normal player plans with it.
    `action` is the normal player's choice: hints ask for no other."""
    scored = _scored(view, seat)
    mine = [value for value, a in scored if a == action]
    others = [value for value, a in scored if a != action]
    if not mine or not others:
        return ""
    lead = math.floor(mine[0] - max(others) + 0.5)  # half up, and -0.7 is -1: it trails
    if lead >= 1:
        return f"projected to the game's end, it scores {counted(lead, 'point')} more than the next best move"
    if lead == 0:
        return "projected to the game's end, no other move scores more"
    return "with the placements it prepares later this round, it scores most when projected to the game's end"


def _placements(state: RussianRailroads, seat: int) -> int:
    return sum(1 for p in state.placements if p.seat == seat)


HOOKS = Hooks()
