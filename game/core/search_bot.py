"""The "hard" computer player of every game: determinized rollouts.

For one decision the bot draws observations of its seat (everything the seat
cannot see re-dealt at random, see ``GameState.observation``). On each of them
it tries the normal bot's choice and the few next-best moves the game's hooks
offer, plays every one of them forward with the normal bot as every player's
policy for a short horizon (to the end of the seat's next turn or so), and
judges where that leaves it with the game's value function: its own value
minus its best rival's. The move with the best mean wins; another move than
the normal bot's must beat it by a margin, so noise alone never changes a
good plan. All candidates meet the same observations, so they are compared
on equal luck. Hooks that judge their moves themselves (the crayon games
play whole routes out) offer a single candidate: it is played unsearched,
and its `reason` says why (a hint shows it); such hooks check the `stop`
they are given (the cancel event and the clock) as they work.

In the app the observations are played out side by side in worker
processes (game.core.rollouts), with the same results as one after another.

The bot never reads more than the observations. A clock (seconds per
decision) stops the search early in play; a rollout budget with the clock off
makes the decision depend on the seed alone, for tests and the arena. A set
`cancel` event ends the search at once (the player left the game).
"""
from __future__ import annotations

import threading
import time
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence

from game.core import rollouts
from game.core.actions import Action
from game.core.engine import GameState
from game.core.errors import IllegalAction
from game.core.rollouts import ShouldStop, never, play_observation

HARD = "hard"
HARD_SECONDS = 2.0  # the default thinking time of a hard computer player per decision (a setting)
HINT_SECONDS = 1.0  # thinking time of a hint: the player waits for it
HARD_ROLLOUTS = 48  # most rollouts per decision (candidates x observations)
MIN_SAMPLES = 2  # observations every candidate meets when the rollout budget is smaller
# observations a move with its own margin (one the look-ahead judges less surely, such as a
# whole-game rollout's) needs before it may replace the normal choice: one sample is mostly luck
MIN_SURE_SAMPLES = 2
POLL_SECONDS = 0.05  # how often a search waiting for worker processes looks at its cancel event
AHEAD = 2  # observations dealt out per worker process ahead of those finished


@dataclass(frozen=True)
class Budget:
    """How long a decision may think: `seconds` of wall clock (None: no
    clock, so the same seed gives the same move) and at most `rollouts`."""

    seconds: float | None = HARD_SECONDS
    rollouts: int = HARD_ROLLOUTS


@dataclass(frozen=True)
class Candidate:
    """A move to try. `plan` is what the seat's rollout policy commits to
    with it (a crayon route); None for games whose policy needs none.
    `margin`: what it must gain beyond the hooks' margin to replace the
    normal choice (for moves the look-ahead judges less surely). `reason`:
    why, when the hooks judged the move themselves, or what the move aims
    at (a hint says it, beside the look-ahead's rating)."""

    action: Action
    plan: Any = None
    margin: float = 0.0
    reason: str = ""


class SearchHooks(Protocol):
    """What a game gives the search (a module's ``HOOKS``)."""

    margin: float  # value another move must gain over the normal choice to replace it
    # True when one first move may start several plans (crayon routes): candidates with the
    # same move and different plans are then all searched
    distinct_plans: bool

    def normal_bot(self, seed: int) -> Any:
        """The game's normal computer player (``choose(state)``)."""

    def policy(self, seed: int) -> Any:
        """A fresh rollout policy for every seat."""

    def act(self, policy: Any, state: Any) -> Action:
        """The policy's move on `state` itself (a determinization already)."""

    def commit(self, policy: Any, seat: int, candidate: Candidate) -> None:
        """Make the policy follow the candidate's plan for `seat`."""

    def candidates(self, view: Any, seat: int, normal: Action, normal_bot: Any,
                   stop: ShouldStop = never) -> list[Candidate]:
        """The normal choice first, then the few next-best moves. Hooks
        that judge moves at length themselves check `stop` as they go."""

    def adopt(self, normal_bot: Any, seat: int, candidate: Candidate) -> None:
        """The search finished (not cancelled) and chose `candidate` (the
        normal choice when there was nothing to search): the normal bot
        carries its plan on."""

    def value(self, state: Any, seat: int) -> float:
        """What the position is worth to `seat` (score and potential)."""

    def horizon(self, start: Any, state: Any, seat: int) -> bool:
        """True when a rollout begun at `start` has looked far enough."""

    def max_steps(self, view: Any) -> int:
        """The most moves a rollout from `view` plays (MAX_STEPS unless it
        plays a whole game): longer is a policy going round in circles."""

    def max_rollouts(self, view: Any) -> int | None:
        """A cap on the rollouts of the decision at `view` (None: the
        budget's), so that the arena's budget and the app's clock measure
        the same player where rollouts are long."""


@dataclass
class Line:
    """One candidate's results: a value per observation, and the seat's own
    next move after it (from the first rollout) to explain a hint."""

    candidate: Candidate
    values: list[float] = field(default_factory=list)
    then: Action | None = None

    def mean(self, count: int) -> float:
        return sum(self.values[:count]) / count if count else 0.0


@dataclass(frozen=True)
class Decision:
    """What the search chose, and why: its gain over the normal choice and
    its lead over the next best move (in the game's value units), the seat's
    next own move in that line, the work done, and the chosen candidate's
    reason (the hooks' own judgement, or what the move aims at)."""

    action: Action
    gain: float
    lead: float
    then: Action | None
    rollouts: int
    samples: int
    normal: Action
    reason: str = ""


class SearchBot:
    """The hard computer player (see the module docstring)."""

    def __init__(self, hooks: SearchHooks, seed: int = 0, budget: Budget = Budget()) -> None:
        self.hooks = hooks
        self.seed = seed
        self.budget = budget
        self.normal = hooks.normal_bot(seed)
        self.cancel = threading.Event()  # set by the screen when the player leaves
        self.decisions = 0

    def choose(self, state: GameState) -> Action:
        return self.think(state).action

    def think(self, state: GameState) -> Decision:
        """The searched decision for the player to move in `state`."""
        seat = state.current_player()
        assert seat is not None, "a finished game has no decision"
        self.decisions += 1
        start = time.monotonic()
        normal = self.normal.choose(state)
        if self.cancel.is_set():
            return Decision(normal, 0.0, 0.0, None, 0, 0, normal)
        view = state.observation(seat, self._seed(0))
        deadline = self._deadline(start)

        def stop() -> bool:
            return self.cancel.is_set() or deadline is not None and time.monotonic() > deadline

        many = len(state.legal_actions()) > 1
        cands = self.hooks.candidates(view, seat, normal, self.normal, stop) if many else []
        lines = [Line(c) for i, c in enumerate(_unique(cands, self.hooks.distinct_plans))
                 if i == 0 or _applies(view, c.action)]
        if len(lines) <= 1 or self.cancel.is_set():
            if lines and not self.cancel.is_set():
                # nothing to search (or the hooks chose alone): done, if the rules accept it
                alone = lines[0].candidate
                if alone.action != normal and not _applies(view, alone.action):
                    alone = Candidate(normal)
                self.hooks.adopt(self.normal, seat, alone)
                return Decision(alone.action, 0.0, 0.0, None, 0, 0, normal, alone.reason)
            return Decision(normal, 0.0, 0.0, None, 0, 0, normal)
        samples = self._search(state, seat, view, lines, start, deadline)
        decision, chosen = self._pick(lines, samples, normal)
        if not self.cancel.is_set():
            self.hooks.adopt(self.normal, seat, chosen)
        return decision

    def _seed(self, sample: int) -> int:
        return (self.seed * 1_000_003 + self.decisions) * 7919 + sample

    def _deadline(self, start: float) -> float | None:
        """When a decision begun at `start` must end (None: no clock)."""
        return None if self.budget.seconds is None else start + self.budget.seconds

    def _search(self, state: GameState, seat: int, view: GameState, lines: list[Line], start: float,
                deadline: float | None) -> int:
        """Roll every line out on observation after observation; returns how
        many observations every line has met. The clock stops it before a
        rollout as long as the last one would overrun, before a round of them
        that would likely overrun, and inside a rollout (the observation is
        then dropped).
        With worker processes (rollouts.use_processes) the observations are
        played side by side instead."""
        pool = rollouts.pool()
        if pool is not None:
            try:
                return self._search_pooled(pool, state, seat, view, lines, deadline)
            except (BrokenProcessPool, OSError, RuntimeError):  # a worker died, or no process can start
                rollouts.stop_processes()
                for line in lines:
                    line.values.clear()
                    line.then = None
        cands = [line.candidate for line in lines]
        total = self._observations(view, lines)
        samples = 0
        while samples < total:
            if samples:
                view = state.observation(seat, self._seed(samples))
            results = play_observation(self.hooks, view, cands, seat, self._seed(samples), deadline,
                                       self.cancel.is_set, want_then=samples == 0)
            if not _record(lines, results):
                return samples
            samples += 1
            if deadline is not None and time.monotonic() + (time.monotonic() - start) / samples > deadline:
                break  # another round of rollouts would likely overrun the clock
        return samples

    def _observations(self, view: GameState, lines: list[Line]) -> int:
        """The observations every line may meet: the budget's rollouts, or
        the hooks' cap, shared among the lines, and at least MIN_SAMPLES."""
        cap = self.hooks.max_rollouts(view)
        most = self.budget.rollouts if cap is None else min(cap, self.budget.rollouts)
        return max(most, len(lines) * MIN_SAMPLES) // len(lines)

    def _search_pooled(self, pool: rollouts.RolloutPool, state: GameState, seat: int, view: GameState,
                       lines: list[Line], deadline: float | None) -> int:
        """`_search` with every observation played out by a worker process:
        the same observations and seeds, so the same values without a clock;
        with it, the observations whose every line finished in time. A few
        observations per worker wait their turn, so a large budget is not
        dealt out ahead."""
        cands = [line.candidate for line in lines]
        total = self._observations(view, lines)

        def submit(sample: int) -> "Future[list[rollouts.Result]]":
            seen = view if sample == 0 else state.observation(seat, self._seed(sample))
            return pool.submit(self.hooks, seen, cands, seat, self._seed(sample), deadline, sample == 0)

        jobs = [submit(sample) for sample in range(min(total, AHEAD * pool.workers))]
        samples = 0
        try:
            while samples < total:
                results = self._wait(jobs[samples], deadline)
                if results is None or not _record(lines, results):
                    break
                samples += 1
                if len(jobs) < total:
                    jobs.append(submit(len(jobs)))
        finally:
            for job in jobs:
                job.cancel()  # those not begun; a begun one ends by its clock
        return samples

    def _wait(self, job: "Future[list[rollouts.Result]]", deadline: float | None) -> list[rollouts.Result] | None:
        """The job's results, or None once the decision is cancelled or out of time."""
        while not self.cancel.is_set():
            left = POLL_SECONDS if deadline is None else min(POLL_SECONDS, deadline - time.monotonic())
            if left <= 0:
                return None
            try:
                return job.result(timeout=left)
            except FutureTimeout:
                continue
        return None

    def _pick(self, lines: list[Line], samples: int, normal: Action) -> tuple[Decision, Candidate]:
        base = lines[0]
        best = max(lines, key=lambda ln: ln.mean(samples))
        gain = best.mean(samples) - base.mean(samples)
        unsure = best.candidate.margin > 0 and samples < MIN_SURE_SAMPLES
        if best is base or gain < self.hooks.margin + best.candidate.margin or samples == 0 or unsure:
            best, gain = base, 0.0
        rollouts = sum(len(ln.values) for ln in lines)
        lead = best.mean(samples) - max(ln.mean(samples) for ln in lines if ln is not best)
        decision = Decision(best.candidate.action, gain, lead, best.then, rollouts, samples, normal,
                            best.candidate.reason)
        return decision, best.candidate


def _record(lines: list[Line], results: list[rollouts.Result]) -> bool:
    """Add one observation's values to the lines; False (and nothing added)
    when one of them is unfinished: every line must meet the same observations."""
    if any(r.value is None for r in results):
        return False
    for line, result in zip(lines, results):
        assert result.value is not None
        line.values.append(result.value)
        if line.then is None:
            line.then = result.then
    return True


def _applies(view: GameState, action: Action) -> bool:
    """Whether the rules accept `action` (a hook's candidate may be refused)."""
    try:
        view.clone().apply(action)
    except IllegalAction:
        return False
    return True


def _unique(cands: Sequence[Candidate], plans: bool = False) -> list[Candidate]:
    """The candidates without repeated moves (the first of each kept); with
    `plans` (a game whose hooks set ``distinct_plans``: one first move may
    start several plans), without repeated move-and-plan pairs."""
    seen: list[Any] = []
    out = []
    for c in cands:
        key = (c.action, c.plan) if plans else c.action
        if key not in seen:
            seen.append(key)
            out.append(c)
    return out
