"""python3 -m bench.crayon_race — a crayon level's own pace, and what it predicts for its duels.

Issue 12 measures a crayon level by its winner's median turns in duels. A
duel's winner is the faster of two racers, so that figure mixes the level's
own pace with how the two seats meet: shared track, rent, special demands
taken first, events and demand cards that either seat's draws bring out.
This plays the level against a seat that only ends its turns (it builds
nothing and draws no cards), so the level races alone, and prints the
turns it took. The faster of two such races, over every pair of seeds, is
what its duels would give if the two seats did not meet: close to the
measured duels, the seats barely slow each other and a faster duel asks a
faster level; far from them, the meeting is what to change.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
from multiprocessing import Pool
from typing import Any, Sequence

from bench.ladder import GAMES, crayon, play_with
from game import arena
from game.core.actions import Action
from game.core.search_bot import HARD_ROLLOUTS
from game.crayon import actions as A

ALONE = "alone"  # the seat that only ends its turns (not a level a player can choose)


class EndsTurns:
    """A seat that takes no part: it ends every turn (and answers any
    decision it is asked with the first the rules allow)."""

    def choose(self, state: Any) -> Action:
        actions = state.legal_actions()
        return next((a for a in actions if isinstance(a, A.EndTurn)), actions[0])


def race(job: tuple[str, str, int]) -> dict[str, Any]:
    """One race: `level` against a seat that ends its turns, the level in the
    first seat for odd seeds and the second for even ones. (A crayon hard
    seat plays its routes out and runs no rollouts, so the rollout budget
    given to it changes nothing.)"""
    game, level, seed = job
    seats = tuple(arena.rotated([level, ALONE], seed - 1))
    record = play_with(game, seed, seats, HARD_ROLLOUTS, lambda d: EndsTurns() if d == ALONE else None)
    seat = seats.index(level)
    return {"game": game, "level": level, "seed": seed, "seat": seat, "finished": seat in record["winners"],
            "turns": record["rounds"] if seat in record["winners"] else None}


def faster_of_two(turns: Sequence[int]) -> list[int]:
    """The faster of two races for every ordered pair of different seeds:
    the duels' winners' turns if the two seats did not meet."""
    return [min(a, b) for a, b in itertools.permutations(turns, 2)]


def summary(game: str, level: str, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The level's turns racing alone (median, its 95% interval, mean and
    spread) and the duels' winner's median turns they predict."""
    turns = [r["turns"] for r in records if r["finished"]]
    line: dict[str, Any] = {"summary": {"game": game, "level": level, "races": len(records),
                                        "unfinished": len(records) - len(turns)}}
    if len(turns) >= 2:
        line["summary"].update({
            "turns_median": statistics.median(turns), "turns_median_95": list(arena.median_interval(turns)),
            "turns_mean": round(statistics.fmean(turns), 1), "turns_sd": round(statistics.stdev(turns), 1),
            "duel_winner_median_predicted": statistics.median(faster_of_two(turns))})
    return line


def seed_range(text: str) -> range:
    """Seeds given as FROM-TO (or one seed), refused with a usage message otherwise."""
    first, dash, last = text.partition("-")
    try:
        seeds = range(int(first), int(last if dash else first) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seeds are FROM-TO, e.g. 1-50, not {text!r}") from None
    if not seeds:
        raise argparse.ArgumentTypeError(f"no seeds from {first} to {last}")
    return seeds


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python3 -m bench.crayon_race", description=__doc__.split("\n\n")[0])
    p.add_argument("game", choices=[g for g in GAMES if crayon(g)])
    p.add_argument("--level", default="hard", choices=("easy", "normal", "hard"))
    p.add_argument("--seeds", type=seed_range, default=range(1, 51), help="seeds as FROM-TO (default 1-50)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    jobs = [(args.game, args.level, seed) for seed in args.seeds]
    records = []
    with Pool(args.jobs) as pool:
        for record in pool.imap_unordered(race, jobs):
            print(json.dumps(record), flush=True)
            records.append(record)
    print(json.dumps(summary(args.game, args.level, records)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
