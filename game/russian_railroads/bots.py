"""Computer players: random, easy and normal.

"normal" is greedy over the legal actions with a short look further: it
applies each candidate to a clone, finishes the follow-up choices of that turn
greedily as well (where the locomotive goes, which factory...; the steps of
one track action planned together, as three black steps that reach Kiev's
extra worker are worth more than each looks alone), and scores the result
with `evaluate`, which projects the board over the rounds still to be
scored (see evaluate.py). The few best candidates are then looked at once
more with a plan for the rest of the round: a small beam over the player's
next placements (the opponents held still), so moves that set up strong
later ones -- black track before the colours behind it, a locomotive before
the tracks it will reach -- are judged with them.
"easy" looks only one step ahead and picks among its EASY_TOP best moves at
random.
"""
from __future__ import annotations

import random
from typing import Callable

from game.core.actions import Action
from game.core.engine import Viewer
from game.core.turnmemory import TurnMemory
from game.russian_railroads.actions import Advance, Place
from game.russian_railroads.engine import RussianRailroads
from game.russian_railroads.evaluate import evaluate

FOLLOW_UP_STEPS = 12  # most follow-up choices a normal bot resolves when looking at one move
LOOKAHEAD = 9         # how many of its best candidates a normal bot plans the rest of its round for
NEXT_SPACES = 10      # ... among how many of the best-looking spaces that plan places
PLAN_DEPTH = 5        # how many next own placements that plan looks at
BEAM = 4              # how many part-plans it keeps at each depth
TRACK_PLAN = 3        # how many advancements of one track action a normal bot plans together
TRACK_PLAN_OPTIONS = 4  # ... when it has at most this many ways to make the first (the rest one by one;
                        # 6 took 2-player p99 decisions to 0.62 s for the same solo mean, 289 vs 290)
EASY_TOP = 2          # an easy bot picks at random among this many of its best one-step moves

# A plan's narrowing of a player's moves (an empty list: no preference)
Prefer = Callable[[RussianRailroads, int, list[Action]], list[Action]]


class RandomBot:
    """Uniformly random legal action."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.viewer = Viewer(seed)

    def choose(self, state: RussianRailroads) -> Action:
        return self.rng.choice(self.viewer.view(state).legal_actions())


class GreedyBot:
    """Greedy search with the board evaluation; `top` > 1 adds noise,
    `follow_ups` finishes each candidate's turn before judging it,
    `lookahead` re-judges that many best candidates with a plan for the
    rest of the round (`plan_depth` next own placements, `beam` part-plans kept).
    Without `task_follow_ups` a pending choice is made as a placement's
    follow-ups were judged (one step greedily; a track action's steps
    planned together): the hard player's rollouts play a turn as they judged
    it, and a long turn (a card bringing a token, tracks, industry) no
    longer costs its steps times their follow-ups. `prefer` narrows the
    moves the bot picks among (a plan; bench.rr_ts_plan measures one)."""

    def __init__(self, seed: int = 0, top: int = 1, follow_ups: bool = True, lookahead: int = 0,
                 plan_depth: int = 1, beam: int = 1, task_follow_ups: bool = True,
                 prefer: Prefer | None = None) -> None:
        self.rng = random.Random(seed)
        self.viewer = Viewer(seed)
        self.top = top
        self.follow_ups = follow_ups
        self.lookahead = lookahead
        self.plan_depth = plan_depth
        self.beam = beam
        self.task_follow_ups = task_follow_ups
        self.prefer = prefer
        self._turn = TurnMemory()

    def choose(self, state: RussianRailroads) -> Action:
        """The best move judged on what the seat may see (hidden cards
        re-dealt), unless it brings back a state already seen this turn (a
        loop); then the first legal move that does not."""
        return self._turn.guard(state, self._best(self.viewer.view(state)), state.legal_actions)

    def _best(self, state: RussianRailroads) -> Action:
        seat = state.current_player()
        assert seat is not None
        actions = _candidates(state.legal_actions())
        if self.prefer is not None:
            actions = self.prefer(state, seat, actions) or actions
        if len(actions) == 1:
            return actions[0]
        if state.tasks and not self.task_follow_ups and not _plans_tracks(state, actions):
            return _greedy_choice(state, seat, actions)
        scored = []
        for action in actions:
            probe = state.clone()
            probe.apply(action)
            value = self._finish_turn(probe, seat) if self.follow_ups else evaluate(probe, seat)
            scored.append((value, action, probe))
        scored.sort(key=lambda item: -item[0])
        if self.lookahead and not state.tasks:
            scored = self._look_further(scored, seat)
        pick = scored[:self.top]
        return pick[self.rng.randrange(len(pick))][1]

    def _look_further(self, scored: list, seat: int) -> list:
        """Re-score the best few placements by a plan for the rest of the
        round: a small beam over the seat's next placements (as if the
        rivals held still), taken among the spaces that looked best now
        (NEXT_SPACES of them). A placement is worth the best round-end it
        leads to, so a locomotive before the tracks it will reach, or black
        track before the colours behind it, is judged with them."""
        wanted = set([a.space for _, a, _ in scored if isinstance(a, Place)][:NEXT_SPACES])
        best = {id(action): value for value, action, _ in scored[:self.lookahead]}
        beam = [item for item in scored[:self.lookahead] if isinstance(item[1], Place)]
        for _ in range(self.plan_depth):
            grown = [(value, first, step) for _, first, probe in beam
                     for value, step in self._next_steps(probe, seat, wanted)]
            grown.sort(key=lambda item: -item[0])
            beam = grown[:self.beam]
            for value, first, _ in beam:
                best[id(first)] = max(best[id(first)], value)
        again = [(best[id(action)], action, probe) for _, action, probe in scored[:self.lookahead]]
        again.sort(key=lambda item: -item[0])
        return again + scored[self.lookahead:]

    def _next_steps(self, probe: RussianRailroads, seat: int,
                    spaces: set[str]) -> list[tuple[float, RussianRailroads]]:
        """Every next own placement on `spaces` from `probe`, as if it were
        the seat's turn again, with its turn finished and valued."""
        p = probe.players[seat]
        if probe.phase != "actions" or probe.tasks or p.passed or probe.emil is not None and seat != probe.active:
            return []
        probe = probe.clone()
        probe.active = seat
        out = []
        for action in _candidates(probe.legal_actions()):
            if not isinstance(action, Place) or action.space not in spaces:
                continue
            step = probe.clone()
            step.apply(action)
            out.append((self._finish_turn(step, seat), step))
        return out

    def _finish_turn(self, probe: RussianRailroads, seat: int) -> float:
        """Resolve the pending choices of `seat` (track advancements planned
        together, the rest one-step-greedily), then evaluate."""
        for _ in range(FOLLOW_UP_STEPS):
            if not probe.tasks or probe.current_player() != seat:
                break
            options = _candidates(probe.legal_actions())
            if _plans_tracks(probe, options):
                return self._plan_tracks(probe, seat, probe.actionable_tasks()[0].id, (False, "", -1), TRACK_PLAN)
            probe.apply(_greedy_choice(probe, seat, options))
        return evaluate(probe, seat)

    def _plan_tracks(self, probe: RussianRailroads, seat: int, task: int, last: tuple, depth: int) -> float:
        """The best value of the next `depth` advancements of one track task
        taken together (in one canonical order: the main railroad first, so
        a colour it unlocks can follow), the rest of the turn greedily: three
        black steps that together reach an extra worker beat three that each
        look best alone."""
        if depth > 0 and probe.tasks and probe.current_player() == seat and probe.actionable_tasks()[0].id == task:
            values = []
            for action in _candidates(probe.legal_actions()):
                key = _order(probe, action) if isinstance(action, Advance) else last
                if key < last:
                    continue
                step = probe.clone()
                step.apply(action)
                values.append(self._plan_tracks(step, seat, task, key, depth - 1))
            if values:
                return max(values)
        for _ in range(FOLLOW_UP_STEPS):
            if not probe.tasks or probe.current_player() != seat:
                break
            probe.apply(_greedy_choice(probe, seat, _candidates(probe.legal_actions())))
        return evaluate(probe, seat)


def _plans_tracks(state: RussianRailroads, options: list[Action]) -> bool:
    """Whether the pending track action's next steps are planned together
    (several steps to make, a few ways to make the first)."""
    task = state.actionable_tasks()[0]
    return task.kind == "track" and task.count > 1 and 1 < len(options) <= TRACK_PLAN_OPTIONS


def _order(state: RussianRailroads, action: Advance) -> tuple:
    """Advancements sorted so each set of them is planned once."""
    return (action.railroad != state.data.main_railroad, action.railroad, state.data.colour_index(action.colour))


def _greedy_choice(probe: RussianRailroads, seat: int, options: list[Action]) -> Action:
    """The option whose result evaluates best."""
    best_value, best_action = None, None
    for action in options:
        step = probe.clone()
        step.apply(action)
        value = evaluate(step, seat)
        if best_value is None or value > best_value:
            best_value, best_action = value, action
    assert best_action is not None, "a pending choice always offers an action"
    return best_action


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
        return GreedyBot(seed, top=EASY_TOP, follow_ups=False)
    if difficulty == "normal":
        return GreedyBot(seed, lookahead=LOOKAHEAD, plan_depth=PLAN_DEPTH, beam=BEAM)
    raise ValueError(f"unknown difficulty {difficulty!r}; choose random, easy or normal")
