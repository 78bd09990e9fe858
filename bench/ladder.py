"""python3 -m bench.ladder — the strength of the computer levels, measured in one run.

Issue 12 asks for each game's ladder (easy against random, normal against
easy, hard against normal, two players, seats swapped between games) with
enough games for a 95% interval under ±10 points (100 games a pair give it
at any rate; the table flags a rate whose interval is wider), Russian
Railroads solo against Emil for normal and hard, and the crayon winner's
turns (also in normal and hard duels: "2-player normal games won in a
median of ≤ 55 turns, hard ≤ 50"). This plays all of it, spread over
worker processes, and prints one JSON line per measurement and a Markdown
table for the README. Like the rest of bench/, its figures are notes for
people, never assertions.

Hard games cost far more than the others (a hard decision runs dozens of
rollouts), so they get their own, smaller game count (`--hard-games`); the
interval printed beside every rate says how sure each figure is.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any, Callable, Sequence

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import arena, registry  # noqa: E402
from game.core.search_bot import HARD_ROLLOUTS, Budget  # noqa: E402

GAMES = ("russian_railroads", "regional_rails", "russian_rails", "lunar_rails")
PAIRS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"))
TARGETS = {"easy": 0.90, "normal": 0.75, "hard": 0.65}  # the stronger level's win rate, issue 12
SOLO_TARGETS = {"normal": 300, "hard": 340}  # Russian Railroads solo against Emil, issue 12
CRAYON_TURNS = {"normal": 55, "hard": 50}  # the level's median turns when it wins, after the building turns
ORDER = ("easy vs random", "normal vs easy", "hard vs normal", "normal vs normal", "hard vs hard", "normal solo",
         "hard solo")
DUELS = ("normal", "hard")  # crayon levels that also meet themselves: "2-player normal (hard) games won in ..."
WIDTH = 0.10  # issue 12: "enough seeds for a 95% interval under ±10 points"; 100 games always give it


@dataclass(frozen=True)
class Task:
    """One game to play: what it measures and who sits where."""

    game: str
    label: str
    seed: int
    difficulties: tuple[str, ...]
    rollouts: int


def crayon(game: str) -> bool:
    """A crayon game: its rows also measure the winner's turns (its score is cash)."""
    return registry.GAMES[game].module.startswith("game.crayon")


def duel(label: str) -> bool:
    """A level against itself ("hard vs hard"): it measures the winner's turns, not a win rate."""
    strong, _, weak = label.partition(" vs ")
    return strong == weak


def tasks_for(game: str, games: int, hard_games: int, solo_seeds: int, rollouts: int,
              duel_games: int | None = None) -> list[Task]:
    """Every game of one game's ladder; seeds from 1, each played once per
    seat rotation. A crayon duel plays `duel_games` seeds, by default a
    quarter of its pair's count (a hard duel seats two hard players, so
    each of its games costs about two of a hard pair's)."""
    def pair_count(level: str) -> int:
        return hard_games if level == "hard" else games

    out: list[Task] = []
    for strong, weak in PAIRS:
        for k in range(pair_count(strong)):
            seats = tuple(arena.rotated([strong, weak], k))
            out.append(Task(game, f"{strong} vs {weak}", 1 + k // 2, seats, rollouts))
    if game == "russian_railroads":
        for level in ("normal", "hard"):
            seeds = solo_seeds if level == "normal" else min(solo_seeds, hard_games)
            out += [Task(game, f"{level} solo", s, (level,), rollouts) for s in range(1, seeds + 1)]
    if crayon(game):
        for level in DUELS:  # these measure only the winner's turns, not a win rate
            count = duel_games if duel_games is not None else pair_count(level) // 4
            out += [Task(game, f"{level} vs {level}", s, (level, level), rollouts) for s in range(1, count + 1)]
    return out


def chosen(tasks: Sequence[Task], only: Sequence[str] | None) -> list[Task]:
    """The tasks of the measurements asked for (all when none is named), so a
    long ladder can be run in parts, e.g. the costly hard pairs on their own."""
    return [t for t in tasks if not only or t.label in only]


def play_with(game: str, seed: int, difficulties: Sequence[str], rollouts: int,
              seat_bot: Callable[[str], Any] = lambda difficulty: None) -> dict[str, Any]:
    """Play one game with the game's default options and hard seats on a
    rollout budget without a clock (the same seed, the same game);
    `seat_bot(difficulty)` may seat a bot that is not a level's."""
    engine = registry.engine(game)
    options = {spec.key: spec.default for spec in engine.option_specs}
    budget = Budget(None, rollouts)

    def make_bot(difficulty: str, bot_seed: int) -> Any:
        return seat_bot(difficulty) or registry.make_bot(game, difficulty, bot_seed, budget)

    return arena.play_game(engine, make_bot, options, seed, difficulties)


def play(task: Task) -> tuple[Task, dict[str, Any]]:
    """Play one task's game (see `play_with`)."""
    return task, play_with(task.game, task.seed, task.difficulties, task.rollouts)


def pair_line(game: str, label: str, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A 2-player pair's figures: the stronger level's win rate and interval, mean scores, decisions."""
    s = arena.summary(records)
    strong = label.split(" vs ")[0]
    line: dict[str, Any] = {"game": game, "pair": label, "games": s["games"], "unfinished": s["unfinished"],
                            "levels": s["levels"]}
    if strong in TARGETS and not duel(label):
        line["target"] = TARGETS[strong]
    won = [r["rounds"] for r in records for seat in r["winners"] if r["difficulties"][seat] == strong]
    if crayon(game):
        line["turns_target"] = CRAYON_TURNS.get(strong)
        if won:
            line["winner_turns_median"] = statistics.median(won)
            line["winner_turns_median_95"] = list(arena.median_interval(won))
    return line


def solo_line(game: str, label: str, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A solo level's figures (Russian Railroads against Emil): mean, lowest
    and highest score against its target, the mean of each scoring part,
    decisions."""
    level = label.split()[0]
    scores = [r["scores"][0] for r in records]
    parts: dict[str, list[int]] = {}
    for r in records:
        for name, value in r["parts"][0].items():
            parts.setdefault(name, []).append(value)
    median, p99 = arena.decision_ms([t for r in records for t in r["_times"][0]])
    return {"game": game, "pair": label, "games": len(records), "mean_score": round(statistics.fmean(scores), 1),
            "min": min(scores), "max": max(scores), "target": SOLO_TARGETS[level],
            "parts_mean": {k: round(statistics.fmean(v), 1) for k, v in parts.items()},
            "decision_ms_median": median, "decision_ms_p99": p99}


def table(lines: Sequence[dict[str, Any]]) -> str:
    """The README's Markdown table: one row per measurement."""
    rows = ["| game | measurement | games | result (95% interval) | target | decisions ms (median / p99) |",
            "|---|---|---|---|---|---|"]
    for ln in lines:
        if "mean_score" in ln:
            result, target = f"mean {ln['mean_score']:g} ({ln['min']}–{ln['max']})", f"≥ {ln['target']}"
            ms = f"{ln['decision_ms_median']:.1f} / {ln['decision_ms_p99']:.0f}"
        else:
            strong = ln["pair"].split(" vs ")[0]
            lv = ln["levels"][strong]
            lo, hi = lv["win_rate_95"]
            result = f"{100 * lv['win_rate']:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}]"
            if duel(ln["pair"]):
                result = "—"  # only the winner's turns
            elif not crayon(ln["game"]):  # a crayon row gives the winner's turns instead of its cash
                weak, unit = ln["pair"].split(" vs ")[1], registry.score_unit(ln["game"])
                result += f" ({lv['mean_score']:.0f} against {ln['levels'][weak]['mean_score']:.0f}{unit})"
            if "winner_turns_median" in ln:
                first, last = ln["winner_turns_median_95"]
                result += f", winner's median turns {ln['winner_turns_median']:g} [{first:g}, {last:g}]"
            if ln.get("unfinished"):
                result += f" ({ln['unfinished']} unfinished)"  # games cut at arena.MAX_ACTIONS: won by neither
            if not duel(ln["pair"]) and not narrow(lv["win_rate"], lo, hi):
                result += " (too few games for ±10 points)"
            targets = [f"≥ {100 * ln['target']:.0f}%"] if "target" in ln else []
            if ln.get("turns_target"):
                targets.append(f"≤ {ln['turns_target']} turns")
            target = ", ".join(targets) or "—"
            ms = f"{lv['decision_ms_median']:.1f} / {lv['decision_ms_p99']:.0f}"
        title = registry.GAMES[ln["game"]].title
        rows.append(f"| {title} | {ln['pair']} | {ln['games']} | {result} | {target} | {ms} |")
    return "\n".join(rows)


def narrow(rate: float, lo: float, hi: float) -> bool:
    """The interval lies within WIDTH of the rate on both sides (a Wilson
    interval is lopsided: near 70% its lower side is the longer). Exactly
    WIDTH is not under it, whatever the float rounding."""
    return max(rate - lo, hi - rate) < WIDTH - 1e-9


def progress(done: int, total: int, task: Task, seconds: float) -> str:
    """The line a long run leaves on stderr as each game ends, so its runner
    sees how far it is: "12/1040 games, 340 s: russian_railroads hard vs normal, seed 6"."""
    return f"{done}/{total} games, {seconds:.0f} s: {task.game} {task.label}, seed {task.seed}"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python3 -m bench.ladder", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", action="append", choices=GAMES, help="only these games (repeat); all by default")
    p.add_argument("--games", type=int, default=100, help="games per easy/normal pair (default 100)")
    p.add_argument("--hard-games", type=int, default=20, help="games per pair with a hard seat (default 20)")
    p.add_argument("--duel-games", type=int, help="games per crayon duel (default: a quarter of its pair's)")
    p.add_argument("--solo-seeds", type=int, default=20, help="Russian Railroads solo seeds (default 20)")
    p.add_argument("--hard-rollouts", type=int, default=HARD_ROLLOUTS, help="a hard decision's rollouts, no clock")
    p.add_argument("--only", action="append", choices=ORDER, help="only these measurements (repeat); all by default")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    return p.parse_args(argv)


def line_for(game: str, label: str, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One measurement's figures, solo or pair."""
    return solo_line(game, label, records) if "solo" in label else pair_line(game, label, records)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    tasks = [t for g in (args.game or GAMES)
             for t in tasks_for(g, args.games, args.hard_games, args.solo_seeds, args.hard_rollouts,
                                 args.duel_games)]
    tasks = chosen(tasks, args.only)
    # the costly hard games first, so the pool never ends waiting on one long game
    tasks.sort(key=lambda t: "hard" not in t.difficulties)
    expected = Counter((t.game, t.label) for t in tasks)
    start = time.perf_counter()
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    with Pool(args.jobs) as pool:
        for done, (task, record) in enumerate(pool.imap_unordered(play, tasks), 1):
            print(progress(done, len(tasks), task, time.perf_counter() - start), file=sys.stderr, flush=True)
            key = (task.game, task.label)
            results.setdefault(key, []).append(record)
            if len(results[key]) == expected[key]:
                # each measurement as soon as its last game ends: a long run stopped early keeps what it did
                print(json.dumps(line_for(*key, results[key])), flush=True)
    lines = [line_for(game, label, records) for (game, label), records
             in sorted(results.items(), key=lambda kv: (GAMES.index(kv[0][0]), ORDER.index(kv[0][1])))]
    print(table(lines))
    print(f"{len(tasks)} games in {time.perf_counter() - start:.0f} s on {args.jobs} processes; "
          f"hard: {args.hard_rollouts} rollouts a decision, no clock")
    return 0


if __name__ == "__main__":
    sys.exit(main())
