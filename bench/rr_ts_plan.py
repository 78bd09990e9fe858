"""python3 -m bench.rr_ts_plan — does a Trans-Siberian plan pay in Russian Railroads solo?

The normal player never builds what makes the Trans-Siberian score: black far
on it early (the colours unlock at 2, 6, 10, 15), both locomotive slots
filled, the 8 doublers, the revaluation token, then the colour tracks marching
behind black late. Weighting its steps higher did not make it (issue 12's
notes). This plays the normal player with a PLAN instead: while a stage of the
plan applies, its moves are narrowed to the ones that serve the
Trans-Siberian and the normal judgement picks among those. It prints each
variant's solo mean against Emil and the mean of each scoring part on common
seeds, one JSON line per variant; `--hard-rollouts N` plays hard instead, its
search trying the plan's move beside its own candidates (solo only).

Measured on seeds 1-20 (normal solo: 320.4, Trans-Siberian 15, Kiev 117):
no plan pays. The whole plan (tracks+spaces6) executes -- black 11 after
round 1, 15 in round 3, revaluation in 80% of the games, reach 13 -- and
takes 147 from the Trans-Siberian, but scores 164 in all: it makes about
as many advancements a game as the normal player (39 against 40), and the
normal player's 30 on Kiev and St. Petersburg pay about what its 36 on the
Trans-Siberian pay, plus industry, End Bonus, engineers and majority.
The Trans-Siberian's advancements only narrowed (tracks): 208, TS 105.
Black only (black6, black10, black): 271 / 248 / 238, TS 38 / 64 / 67.
Colours only, from round 4 (colours-from4): 315, TS 18.5. Locomotives only
(locos): 277. Revaluation before the Kiev Medal (tokens): 252.
Hard (12 rollouts) with the whole plan's move among its candidates: 345.0,
TS 18 (346.5, TS 19 without): the rollouts never keep it.

`--players 4` seats the plan against three normal players (the rulebook's
7 rounds, so 7 scorings), the planned seat rotated. Measured on seeds 1-20
(normal in that seat: 296.2, TS 27, Kiev 93, 3 wins): every plan scores
less on the same seeds: black 275.1 (-21 +- 11, TS 97, 3 wins), black10
272.1 (TS 87), kiev-then-tracks 273.2 (TS 66), tracks 249.9 (-46 +- 9,
TS 160, no win), black10+tokens+locos 238.2, tracks-from4 221.7,
tracks+spaces6 198.1.

When "normal" is played beside plans, a last line compares them seed by seed: could a player
that chose its plan per game (say, hard comparing whole-game rollouts of each) gain? Solo,
seeds 1-20 (normal, black, black6, black10, kiev-then-tracks, tracks): a plan beats the normal
player on 3 seeds of 20 (black on 12 by 14, kiev-then-tracks on 14 by 7, black10 on 4 by 8), and
the best of each seed averages 321.9 against 320.4: at most 1.5 points and a Trans-Siberian game
in 3 of 20. With three normal opponents (normal, black, black10, kiev-then-tracks) each plan beats
the normal seat on 6-7 seeds and the best of each seed averages 317.4 against 296.2, but the four
scores of a seed spread 28.8 around their mean and their best is 38.3 above it: the spread alone
gives that much, so there is no sign that choosing a plan per game pays.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from dataclasses import dataclass
from typing import Any, Sequence

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game import arena, registry  # noqa: E402
from game.core.actions import Action  # noqa: E402
from game.core.rollouts import ShouldStop, never  # noqa: E402
from game.core.search_bot import Budget, Candidate  # noqa: E402
from game.russian_railroads import bots, search  # noqa: E402
from game.russian_railroads import tracks as T  # noqa: E402
from game.russian_railroads.actions import Advance, BuildLoco, ChooseToken, MoveLoco, Place  # noqa: E402
from game.russian_railroads.engine import RussianRailroads  # noqa: E402

PLANNED = "plan"  # the planned seat's level in the game records
TS_TOKENS = ("revaluation", "doublers3")  # ? tokens the plan takes first, in this order


@dataclass(frozen=True)
class Plan:
    """Which of the plan's narrowings apply, and until which round.
    `black`: black advancements go to the Trans-Siberian until it reaches `black_until`;
    `colours`: every other advancement goes to the Trans-Siberian when it can;
    `locos`: locomotives are built and moved in front of the Trans-Siberian when they can be;
    `tokens`: ? tokens: revaluation, then 3 doublers;
    `spaces`: placements narrowed to the spaces that serve the Trans-Siberian (its tracks, doublers,
    locomotives) until round `spaces`;
    `from_round`: the track, locomotive and token narrowings start in this round;
    `kiev_first`: black goes to Kiev until Kiev's end, then to the Trans-Siberian."""

    name: str
    black: bool = True
    black_until: int = 15
    colours: bool = True
    locos: bool = True
    tokens: bool = True
    spaces: int = 0
    from_round: int = 1
    kiev_first: bool = False

    def narrow(self, st: RussianRailroads, seat: int, actions: list[Action]) -> list[Action]:
        p = st.players[seat]
        main = st.data.main_railroad
        out: list[Action] = []
        if st.round < self.from_round:
            return [a for a in actions if isinstance(a, Place) and not st.tasks and st.round <= self.spaces
                    and _serves(st, p, a.space)]
        if self.kiev_first and p.tracks["kiev"][0] < st.data.railroad("kiev").length:
            kiev: list[Action] = [a for a in actions
                                  if isinstance(a, Advance) and a.railroad == "kiev" and a.colour == "black"]
            if kiev:
                return kiev
        for a in actions:
            if isinstance(a, Advance) and a.railroad == main:
                black_wanted = self.black and p.tracks[main][0] < self.black_until
                if (a.colour == "black" and black_wanted) or (a.colour != "black" and self.colours):
                    out.append(a)
            elif isinstance(a, (BuildLoco, MoveLoco)) and self.locos and a.railroad == main:
                out.append(a)
            elif isinstance(a, ChooseToken) and self.tokens and a.token in TS_TOKENS:
                out.append(a)
            elif isinstance(a, Place) and not st.tasks and st.round <= self.spaces and _serves(st, p, a.space):
                out.append(a)
        tokens = [a for a in out if isinstance(a, ChooseToken)]
        if tokens:
            return [min(tokens, key=lambda a: TS_TOKENS.index(a.token))]
        return out


def _serves(st: RussianRailroads, p: Any, space: str) -> bool:
    """Whether a space brings something the Trans-Siberian can use now."""
    d = st.data
    main = d.railroad(d.main_railroad)
    if space == "A-DBL":
        return p.doublers < main.doubler_spaces
    if space in ("L-1", "L-3"):
        return len(p.locos[main.id]) < main.loco_slots or T.reach(p, main.id) < main.length
    colours = {"T-BLK3": ["black"], "T-BOTTOM": ["black", "gray"], "T-GRY3": ["gray"],
               "T-BRN1": ["brown"], "T-BRN2": ["brown"], "T-NAT1": ["natural"], "T-NAT2": ["natural"],
               "T-WHT1": ["white"], "T-WHT2": ["white"], "T-ANY": list(d.colours)}.get(space)
    return colours is not None and any(T.can_advance(d, p, main.id, c) for c in colours)


PLANS = {
    "normal": None,
    "tracks": Plan("tracks"),
    "black": Plan("black", colours=False, locos=False, tokens=False),
    "black6": Plan("black6", black_until=6, colours=False, locos=False, tokens=False),
    "black10": Plan("black10", black_until=10, colours=False, locos=False, tokens=False),
    "colours-from4": Plan("colours-from4", black=False, locos=False, tokens=False, from_round=4),
    "tracks-from4": Plan("tracks-from4", from_round=4),
    "kiev-then-ts": Plan("kiev-then-ts", colours=False, locos=False, tokens=False, kiev_first=True),
    "kiev-then-tracks": Plan("kiev-then-tracks", locos=False, tokens=False, kiev_first=True),
    "tokens": Plan("tokens", black=False, colours=False, locos=False),
    "locos": Plan("locos", black=False, colours=False, tokens=False),
    "black10+tokens+locos": Plan("black10+tokens+locos", black_until=10, colours=False),
    "tracks+spaces2": Plan("tracks+spaces2", spaces=2),
    "tracks+spaces4": Plan("tracks+spaces4", spaces=4),
    "tracks+spaces6": Plan("tracks+spaces6", spaces=6),
}


def make_bot(plan: Plan | None, seed: int) -> bots.GreedyBot:
    """The normal player, narrowed by `plan`."""
    return bots.GreedyBot(seed, lookahead=bots.LOOKAHEAD, plan_depth=bots.PLAN_DEPTH, beam=bots.BEAM,
                          prefer=plan.narrow if plan else None)


def play(plan: Plan | None, seeds: Sequence[int], players: int = 1) -> list[dict[str, Any]]:
    """Solo games of the planned player, or games where its seat (named "plan", rotated between
    games so no seat keeps the first-player edge) plays against normal players."""
    engine = registry.engine("russian_railroads")
    levels = [PLANNED] + ["normal"] * (players - 1)
    return [arena.play_game(engine, lambda d, s: make_bot(plan if d == PLANNED else None, s), {}, seed,
                            arena.rotated(levels, i)) for i, seed in enumerate(seeds)]


def play_hard(plan: Plan | None, seeds: Sequence[int], rollouts: int) -> list[dict[str, Any]]:
    """Hard solo games whose search also tries the plan's move (judged by the same rollouts)."""
    original = search.Hooks.candidates

    def candidates(self: search.Hooks, view: RussianRailroads, seat: int, normal: Action, normal_bot: Any,
                   stop: ShouldStop = never) -> list[Candidate]:
        out = original(self, view, seat, normal, normal_bot, stop)
        pick = make_bot(plan, 0)._best(view)
        return out if any(c.action == pick for c in out) else out + [Candidate(pick)]

    engine = registry.engine("russian_railroads")
    budget = Budget(None, rollouts)
    setattr(search.Hooks, "candidates", candidates if plan else original)
    try:
        return [arena.play_game(engine, lambda d, s: registry.make_bot("russian_railroads", d, s, budget), {}, seed,
                                ["hard"]) for seed in seeds]
    finally:
        setattr(search.Hooks, "candidates", original)


def summary(name: str, records: Sequence[dict[str, Any]], cpu: float) -> dict[str, Any]:
    """The planned seat's mean score, its parts and (with opponents) its share of the wins."""
    parts: dict[str, list[int]] = {}
    seats = [_planned_seat(r) for r in records]
    for r, seat in zip(records, seats):
        for part, value in r["parts"][seat].items():
            parts.setdefault(part, []).append(value)
    scores = [r["scores"][seat] for r, seat in zip(records, seats)]
    out = {"plan": name, "games": len(records), "mean": round(statistics.fmean(scores), 1), "scores": scores,
           "parts": {k: round(statistics.fmean(v), 1) for k, v in parts.items()}, "cpu_s": round(cpu, 1)}
    if records and records[0]["players"] > 1:
        out["win_rate"] = arena.summary(records)["levels"][PLANNED]["win_rate"]
    return out


def per_seed(summaries: Sequence[dict[str, Any]], seeds: Sequence[int]) -> dict[str, Any]:
    """Whether a plan pays in some games though not on average: for each plan, the seeds where its
    seat scored more than the normal player's did on the same seed, and the mean of the best score
    of each seed -- what a player that knew in advance which plan to follow could reach at most."""
    normal = next(s["scores"] for s in summaries if s["plan"] == "normal")
    better = {s["plan"]: [seed for seed, mine, theirs in zip(seeds, s["scores"], normal) if mine > theirs]
              for s in summaries if s["plan"] != "normal"}
    best = [max(column) for column in zip(*(s["scores"] for s in summaries))]
    return {"better_than_normal_on_seeds": better, "best_of_each_seed_mean": round(statistics.fmean(best), 1),
            "normal_mean": round(statistics.fmean(normal), 1)}


def _planned_seat(record: dict[str, Any]) -> int:
    """The seat that played the plan (a hard solo game's only seat)."""
    levels = record["difficulties"]
    return levels.index(PLANNED) if PLANNED in levels else 0


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=1, help="1 (solo against Emil) or 2-4: one planned seat")
    ap.add_argument("--plan", action="append", choices=sorted(PLANS), help="variants to play (default: all)")
    ap.add_argument("--hard-rollouts", type=int, default=0, metavar="N",
                    help="play hard (N rollouts a decision) with the plan's move among its candidates")
    args = ap.parse_args(argv)
    if args.hard_rollouts and args.players != 1:
        ap.error("--hard-rollouts plays solo games only (--players 1)")
    seeds = range(args.seed, args.seed + args.games)
    summaries = []
    for name in args.plan or list(PLANS):
        start = time.process_time()
        records = (play_hard(PLANS[name], seeds, args.hard_rollouts) if args.hard_rollouts
                   else play(PLANS[name], seeds, args.players))
        summaries.append(summary(name, records, time.process_time() - start))
        print(json.dumps(summaries[-1]), flush=True)
    if len(summaries) > 1 and any(s["plan"] == "normal" for s in summaries):
        print(json.dumps({"per_seed": per_seed(summaries, seeds)}), flush=True)


if __name__ == "__main__":
    main()
