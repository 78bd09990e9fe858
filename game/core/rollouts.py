"""Rollouts of the hard computer player: one candidate played forward from an
observation (`play_out`), and worker processes that play a decision's
observations side by side (`RolloutPool`).

Python runs one thread at a time, so the hard player thinking in a thread
of the app used one core and shared it with the window's frames; on a slow
machine its clock cut it short. The pool hands every observation (all the
candidates met on it) to another process. A rollout is the same function of
(observation, candidate, seed) wherever it runs, so without a clock the
decision is the very same as the serial search's; with the clock more
observations fit in its time. Observations travel as ``to_dict`` (what a
save holds) and are rebuilt with ``from_dict``, so each process reads the
games' data through its own loaders and caches.
"""
from __future__ import annotations

import importlib
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from game.core.actions import Action
from game.core.engine import GameState
from game.core.errors import IllegalAction

MOST_WORKERS = 4  # worker processes at most: a decision's 48 rollouts make 8 to 16 observations
WORKER_NICENESS = 5  # (chosen) how much lower a worker's CPU priority is than the window's
MAX_STEPS = 120  # a rollout longer than this is a policy going round in circles (hooks may allow more)
CLOCK_STEPS = 50  # a rollout looks at the clock every this many moves

ShouldStop = Callable[[], bool]  # True once a decision must end: cancelled, or out of time


def never() -> bool:
    """A decision without clock or cancel (the hooks called on their own, in tests)."""
    return False


@dataclass(frozen=True)
class Result:
    """One candidate's rollout: its value (None: the clock ran out first,
    an unfinished rollout is worth nothing) and the seat's own next move in
    it (to explain a hint), when asked for."""

    value: float | None
    then: Action | None = None


def play_out(hooks: Any, view: GameState, candidate: Any, seat: int, seed: int, deadline: float | None,
             stop: ShouldStop = never, want_then: bool = False) -> Result:
    """The candidate's value after playing on from `view` with the hooks'
    policy (seeded by `seed`) for every seat: own value minus the best
    rival's, where the hooks' horizon, a finished game or `stop` ends it."""
    sim = view.clone()
    sim.apply(candidate.action)
    policy = hooks.policy(seed)
    hooks.commit(policy, seat, candidate)
    then: Action | None = None
    for step in range(hooks.max_steps(view)):
        if sim.is_terminal() or stop() or hooks.horizon(view, sim, seat):
            break
        if deadline is not None and step % CLOCK_STEPS == CLOCK_STEPS - 1 and time.monotonic() > deadline:
            return Result(None)
        mover = sim.current_player()
        try:
            action = hooks.act(policy, sim)
            sim.apply(action)
        except IllegalAction:
            break  # a policy slip ends the look-ahead where it stands
        if want_then and mover == seat and then is None:
            then = action
    return Result(relative_value(hooks, sim, seat), then)


def relative_value(hooks: Any, state: GameState, seat: int) -> float:
    """Own value minus the best rival's (own value alone when solo)."""
    own = hooks.value(state, seat)
    rivals = [hooks.value(state, s) for s in range(len(state.scores())) if s != seat]
    return own - max(rivals) if rivals else own


def play_observation(hooks: Any, view: GameState, candidates: Sequence[Any], seat: int, seed: int,
                     deadline: float | None, stop: ShouldStop = never, want_then: bool = False) -> list[Result]:
    """Every candidate played out on one observation, in order (alone, or as
    a worker's job, whose `stop` is never: a cancelled decision drops the
    jobs not begun, and a begun one ends by its clock); `stop`, or the clock
    as long as the last rollout would overrun, ends it before a rollout (the
    rest are then unfinished)."""
    results: list[Result] = []
    last = 0.0
    for candidate in candidates:
        began = time.monotonic()
        if stop() or deadline is not None and began + last > deadline:
            break
        result = play_out(hooks, view, candidate, seat, seed, deadline, stop, want_then)
        if result.value is None:
            break
        results.append(result)
        last = time.monotonic() - began
    return results + [Result(None)] * (len(candidates) - len(results))


def _remote_observation(hooks: Any, kind: type[GameState], saved: dict[str, Any], candidates: Sequence[Any], seat: int,
                        seed: int, deadline: float | None, want_then: bool) -> list[Result]:
    """`play_observation` in a worker, on the observation rebuilt from its save."""
    return play_observation(hooks, kind.from_dict(saved), candidates, seat, seed, deadline, want_then=want_then)


def _start_worker(modules: Sequence[str]) -> None:
    """A worker leaves Ctrl-C to the app (which ends it), yields the cores
    to the window when both want them (a frame is due every 16 ms; a
    rollout can wait), and imports the games' search modules before its
    first job."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):  # (POSIX; Windows has no niceness)
        os.nice(WORKER_NICENESS)
    for name in modules:
        importlib.import_module(name)


def _ready() -> bool:
    return True


class RolloutPool:
    """Worker processes for the hard player's observations (see the module
    docstring). Processes start with the first job (`warm` starts them ahead);
    a pool that breaks (a worker killed) is closed and the search goes on
    alone."""

    def __init__(self, workers: int, modules: Sequence[str]) -> None:
        self.workers = workers
        self._modules = tuple(modules)
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()  # a hint and a computer player may start it at once

    def _get(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = ProcessPoolExecutor(self.workers, multiprocessing.get_context("spawn"),
                                                     initializer=_start_worker, initargs=(self._modules,))
            return self._executor

    def warm(self) -> None:
        """Start the processes now, so a first decision does not wait for
        them; in a thread of its own: starting them takes tens of
        milliseconds, a frame's time."""
        threading.Thread(target=self._start, name="rollout workers", daemon=True).start()

    def _start(self) -> None:
        executor = self._get()
        for _ in range(self.workers):
            executor.submit(_ready)

    def submit(self, hooks: Any, view: GameState, candidates: Sequence[Any], seat: int, seed: int,
               deadline: float | None, want_then: bool) -> "Future[list[Result]]":
        return self._get().submit(_remote_observation, hooks, type(view), view.to_dict(), list(candidates), seat,
                                  seed, deadline, want_then)

    def close(self) -> None:
        """End the processes (those at work end with their job, cut by its clock)."""
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None


def cores() -> int:
    """The processor cores this process may use."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


_POOL: RolloutPool | None = None


def use_processes(modules: Sequence[str], workers: int | None = None) -> RolloutPool | None:
    """Let hard players and hints of this process search in worker processes
    (the app does; the arena, tests and bench search alone unless they ask).
    None workers: one per core, at most MOST_WORKERS; fewer than 2 leaves the
    search alone (one worker would only add the copying)."""
    global _POOL
    count = min(MOST_WORKERS, cores()) if workers is None else workers
    stop_processes()
    _POOL = RolloutPool(count, modules) if count >= 2 else None
    return _POOL


def pool() -> RolloutPool | None:
    """The pool hard players use now (None: they search alone)."""
    return _POOL


def stop_processes() -> None:
    global _POOL
    if _POOL is not None:
        _POOL.close()
        _POOL = None
