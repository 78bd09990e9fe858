"""python3 -m bench soak GAME --minutes M — the conformance checks, for as long as asked.

Plays seeded games of GAME (every row of options in tests/conformance_cases.py,
in turn, with longer games than the test suite, checks starting at varied
depths) through
game.core.conformance.check_game until the time is up, then reports games,
moves and refusals checked and every broken promise (game, seed and move, so
each one can be replayed). Exit code 1 when anything broke.
"""
from __future__ import annotations

import argparse
import itertools
import sys
import time
from dataclasses import replace

from game.core.conformance import ContractBroken, Tally, check_game

LONG_GAME = 400  # checked moves per game (the suite uses a few dozen)
REPORT_EVERY = 30.0  # seconds between progress lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m bench soak", description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game id, e.g. russian_railroads")
    parser.add_argument("--minutes", type=float, default=1.0, help="how long to play (default 1)")
    parser.add_argument("--seed", type=int, default=1000, help="first seed (default 1000)")
    parser.add_argument("--steps", type=int, default=LONG_GAME, help="checked moves per game")
    args = parser.parse_args(argv)

    from tests.conformance_cases import rows_for
    rows = rows_for(args.game)
    if not rows:
        print(f"No conformance rows for {args.game!r}: see tests/conformance_cases.py.")
        return 2
    cases = [row.case() for row in rows]
    tally = Tally()
    failures: list[str] = []
    start = time.monotonic()
    deadline = start + args.minutes * 60
    last_report = start
    print(f"Soak: {args.game}, {len(cases)} option rows, {args.steps} checked moves a game, "
          f"{args.minutes:g} min", flush=True)
    for seed, case in zip(itertools.count(args.seed), itertools.cycle(cases)):
        if time.monotonic() >= deadline:
            break
        try:
            # the checks start at varied depths: 0 to 3 times the row's warm-up moves
            check_game(replace(case, warmup=case.warmup * (seed % 4)), seed, args.steps, tally)
        except ContractBroken as exc:
            failures.append(str(exc))
            tally.games += 1
            print(f"  FAILED {exc}", flush=True)
        if time.monotonic() - last_report >= REPORT_EVERY:
            last_report = time.monotonic()
            print(f"  {last_report - start:5.0f} s: {_summary(tally, failures)}", flush=True)
    print(f"Done in {time.monotonic() - start:.0f} s: {_summary(tally, failures)}")
    return 1 if failures else 0


def _summary(tally: Tally, failures: list[str]) -> str:
    return (f"{tally.games} games, {tally.steps} checked moves, {tally.refusals} malformed or unlisted moves refused, "
            f"{len(failures)} failures")


if __name__ == "__main__":
    sys.exit(main())
