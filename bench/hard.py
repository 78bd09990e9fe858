"""The hard computer player's thinking: CPU time per decision at the app's
rollout budget with its clock off (so two runs search the very same moves
and their times compare), over the first decisions of a game with the most
players up to MOST_PLAYERS, one hard seat among normal ones. More rivals
make longer rollouts: that is the hard case. A decision that needs more CPU
than the app's clock (HARD_SECONDS) is one the app cuts short, with fewer
rollouts than the budget: the share of those says how often a machine like
this one plays a weaker hard player than the arena measured. The app plays
a decision's observations side by side in worker processes (game.core.
rollouts): the same decisions are timed again that way, by the wall clock."""
from __future__ import annotations

import time
from typing import Callable

from bench.report import row, spread_row

HARD_DECISIONS, QUICK_HARD_DECISIONS = 24, 6  # the hard seat's decisions timed per game
MOST_PLAYERS = 4


def hard_rows(game_id: str, quick: bool) -> None:
    from game import registry
    from game.core import rollouts
    from game.core.search_bot import HARD_SECONDS

    title = registry.GAMES[game_id].title
    times, players, searched = _decisions(game_id, quick, time.process_time)
    made = f", {searched} rollouts" if searched else ""  # (crayon hooks play whole routes out instead)
    spread_row(f"{title}, {players} players: hard decisions", times, (None, None, None),
               f"({len(times)} decisions{made})")
    over = sum(1 for t in times if t > HARD_SECONDS)
    row("  of them longer than the app's clock", f"{over} of {len(times)}", f"{HARD_SECONDS:g} s a decision")
    if not searched:
        return  # nothing for worker processes: the crayon hooks play their routes out themselves
    pool = rollouts.use_processes(registry.search_modules())
    if pool is None:
        row("  with worker processes", "(one core: the app searches alone)")
        return
    try:
        pool.warm()
        wall, _, _ = _decisions(game_id, quick, time.perf_counter)
    finally:
        rollouts.stop_processes()
    spread_row(f"  the same, in {pool.workers} worker processes as the app (wall ms)", wall, (None, None, None))
    over = sum(1 for t in wall if t > HARD_SECONDS)
    row("  of them longer than the app's clock", f"{over} of {len(wall)}", f"{HARD_SECONDS:g} s a decision")


def _decisions(game_id: str, quick: bool, clock: Callable[[], float]) -> tuple[list[float], int, int]:
    """The hard seat's decision times by `clock`, the players, and the rollouts made."""
    from game import registry
    from game.core.search_bot import HARD_ROLLOUTS, Budget
    from main import default_options
    from ui.games import computer_seats

    engine = registry.engine(game_id)
    players = max(engine.min_players, min(engine.max_players, MOST_PLAYERS))
    state = engine.new_game(default_options(engine), 1, computer_seats(engine, players, humans=0))
    hard = registry.make_bot(game_id, "hard", 101, Budget(None, HARD_ROLLOUTS))
    normal = [registry.make_bot(game_id, "normal", 101 + i) for i in range(players)]
    wanted = QUICK_HARD_DECISIONS if quick else HARD_DECISIONS
    times: list[float] = []
    rollouts = 0
    while not state.is_terminal() and len(times) < wanted:
        seat = state.current_player()
        if seat == 0:
            start = clock()
            decision = hard.think(state)
            times.append(clock() - start)
            rollouts += decision.rollouts
            action = decision.action
        else:
            action = normal[seat].choose(state)
        state.apply(action)
    return times, players, rollouts
