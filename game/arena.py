"""The arena: computer players of chosen difficulties play whole games
against each other, so their strength can be measured, not guessed.

Difficulties are rotated between games (game k seats difficulty i at seat
(i + k) mod n), so no level keeps the first player's edge; `simulate` plays
each seed once per rotation, so no level keeps a seed's luck either. Each game gives
one plain record; `summary` turns many into win rates with a 95% interval,
mean scores and decision times per difficulty.
"""
from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from game.core.engine import COMPUTER, GameState, Seat

MAX_ACTIONS = 100_000  # a game longer than this is reported as unfinished
Z95 = 1.96


@dataclass
class DecisionClock:
    """A bot wrapped so that every decision's CPU time is recorded."""

    bot: Any
    times: list[float] = field(default_factory=list)

    def choose(self, state: GameState) -> Any:
        start = time.process_time()
        action = self.bot.choose(state)
        self.times.append(time.process_time() - start)
        return action


def rotated(difficulties: Sequence[str], game_index: int) -> list[str]:
    """The difficulty of each seat in game `game_index`."""
    n = len(difficulties)
    return [difficulties[(i - game_index) % n] for i in range(n)]


def play_game(engine: type[GameState], make_bot: Callable[[str, int], Any], options: dict[str, Any], seed: int,
              difficulties: Sequence[str], limit: int = MAX_ACTIONS,
              new_state: Callable[..., GameState] | None = None) -> dict[str, Any]:
    """One game to the end; its record (plain data, one JSON line)."""
    seats = [Seat(f"Computer {i + 1} ({d})", "", COMPUTER, d) for i, d in enumerate(difficulties)]
    state = (new_state or engine.new_game)(options, seed, seats)
    clocks = [DecisionClock(make_bot(d, seed * 101 + i)) for i, d in enumerate(difficulties)]
    start = time.perf_counter()
    actions = 0
    tally: Counter[str] = Counter()
    while not state.is_terminal() and actions < limit:
        seat = state.current_player()
        assert seat is not None
        action = clocks[seat].choose(state)
        tally.update(state.tally(action))
        state.apply(action)
        actions += 1
    scores = state.scores()
    return {"seed": seed, "players": len(seats), "difficulties": list(difficulties),
            "scores": [s.total for s in scores], "parts": [s.parts for s in scores],
            "winners": state.winners() if state.is_terminal() else [],
            "finished": state.is_terminal(), "actions": actions, "rounds": _rounds(state),
            "seconds": round(time.perf_counter() - start, 3),
            "decision_ms": [round(1000 * sum(c.times) / max(1, len(c.times)), 2) for c in clocks],
            "tally": dict(sorted(tally.items())),
            "_times": [c.times for c in clocks]}


def _rounds(state: GameState) -> int | None:
    for name in ("round", "rounds"):
        value = getattr(state, name, None)
        if isinstance(value, int):
            return value
    return None


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate (sound for small samples and 0 or 100%)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + Z95 ** 2 / games
    centre = (p + Z95 ** 2 / (2 * games)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / games + Z95 ** 2 / (4 * games ** 2)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def median_interval(values: Sequence[float]) -> tuple[float, float]:
    """A 95% interval of the median of `values` (distribution-free: the order
    statistics n/2 ∓ Z95·√n/2), so "median 50.5 turns" says how sure it is:
    bot games' turns come in clumps, and one game more can move a median."""
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        raise ValueError("no values")
    half = Z95 * math.sqrt(n) / 2
    lo, hi = math.floor(n / 2 - half), math.ceil(n / 2 + 1 + half)  # 1-based ranks
    return ordered[max(lo, 1) - 1], ordered[min(hi, n) - 1]


def decision_ms(times: Sequence[float]) -> tuple[float | None, float | None]:
    """The median and 99th percentile of decision times (seconds), in ms
    (None without any)."""
    if not times:
        return None, None
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return round(1000 * statistics.median(ordered), 2), round(1000 * p99, 2)


def summary(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per difficulty: games, wins (a shared win counts as a share), win rate
    with its 95% interval, mean score, decision median/p99 in ms; and the
    tally of the rarer moves over all games (what the game's ``tally`` counts)."""
    out: dict[str, Any] = {}
    levels = sorted({d for r in records for d in r["difficulties"]})
    for level in levels:
        games, wins, scores, times = 0, 0.0, [], []
        for r in records:
            for seat, d in enumerate(r["difficulties"]):
                if d != level:
                    continue
                games += 1
                if seat in r["winners"]:
                    wins += 1 / len(r["winners"])
                scores.append(r["scores"][seat])
                times += r["_times"][seat]
        lo, hi = wilson(wins, games)
        median, p99 = decision_ms(times)
        out[level] = {
            "seats": games, "wins": round(wins, 2), "win_rate": round(wins / max(1, games), 3),
            "win_rate_95": [round(lo, 3), round(hi, 3)],
            "mean_score": round(statistics.fmean(scores), 1) if scores else None,
            "decision_ms_median": median, "decision_ms_p99": p99,
        }
    tally: Counter[str] = Counter()
    for r in records:
        tally.update(r.get("tally", {}))
    return {"games": len(records), "unfinished": sum(not r["finished"] for r in records), "levels": out,
            "tally": dict(sorted(tally.items()))}
