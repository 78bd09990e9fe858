"""Computer players: random, easy and normal.

"normal" is greedy over the legal actions: it applies each candidate to a
clone, finishes the follow-up choices of that turn greedily as well (where the
locomotive goes, which factory...), and scores the result with `evaluate`,
which projects the board value over the rounds still to be scored and adds
the bonuses still to come. "easy" looks only one step ahead and picks among
its three best moves at random.
"""
from __future__ import annotations

import random

from game.core.actions import Action
from game.russian_railroads.actions import Place
from game.russian_railroads.engine import RussianRailroads
from game.russian_railroads.evaluate import evaluate

FOLLOW_UP_STEPS = 12  # most follow-up choices a normal bot resolves when looking at one move


class RandomBot:
    """Uniformly random legal action."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: RussianRailroads) -> Action:
        return self.rng.choice(state.legal_actions())


class GreedyBot:
    """Greedy search with the board evaluation; `top` > 1 adds noise,
    `follow_ups` finishes each candidate's turn before judging it."""

    def __init__(self, seed: int = 0, top: int = 1, follow_ups: bool = True) -> None:
        self.rng = random.Random(seed)
        self.top = top
        self.follow_ups = follow_ups

    def choose(self, state: RussianRailroads) -> Action:
        seat = state.current_player()
        assert seat is not None
        actions = _candidates(state.legal_actions())
        if len(actions) == 1:
            return actions[0]
        scored = []
        for action in actions:
            probe = state.clone()
            probe.apply(action)
            value = self._finish_turn(probe, seat) if self.follow_ups else evaluate(probe, seat)
            scored.append((value, action))
        scored.sort(key=lambda pair: -pair[0])
        pick = scored[:self.top]
        return pick[self.rng.randrange(len(pick))][1]

    def _finish_turn(self, probe: RussianRailroads, seat: int) -> float:
        """Resolve the pending choices of `seat` one-step-greedily, then evaluate."""
        for _ in range(FOLLOW_UP_STEPS):
            if not probe.tasks or probe.current_player() != seat:
                break
            best_value, best_action = None, None
            for action in _candidates(probe.legal_actions()):
                step = probe.clone()
                step.apply(action)
                value = evaluate(step, seat)
                if best_value is None or value > best_value:
                    best_value, best_action = value, action
            probe.apply(best_action)
        return evaluate(probe, seat)


def _candidates(actions: list[Action]) -> list[Action]:
    """One payment per space (temporary workers first, roubles last) keeps the search small."""
    best: dict[str, Place] = {}
    others: list[Action] = []
    for a in actions:
        if isinstance(a, Place):
            cur = best.get(a.space)
            key = (a.roubles, -a.temps, -a.black, a.workers)
            if cur is None or key < (cur.roubles, -cur.temps, -cur.black, cur.workers):
                best[a.space] = a
        else:
            others.append(a)
    return list(best.values()) + others


def make_bot(difficulty: str, seed: int = 0):
    if difficulty == "random":
        return RandomBot(seed)
    if difficulty == "easy":
        return GreedyBot(seed, top=3, follow_ups=False)
    if difficulty == "normal":
        return GreedyBot(seed)
    raise ValueError(f"unknown difficulty {difficulty!r}; choose random, easy or normal")
