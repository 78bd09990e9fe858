"""The bots' value function: points a position is worth to one player.

value = points scored so far
      + board value x the scorings still to come (this round's included)
      + what the remaining workers/roubles of this round and the permanent
        extras (workers, engineers, factories) should still bring
      + pending tasks at a rough price, End Bonus cards at their current worth
      + a small "potential" for black track and locomotive reach that will let
        the higher-value colours score later.
"""
from __future__ import annotations

from game.russian_railroads import tracks as T
from game.russian_railroads.data import ANY
from game.russian_railroads.engine import RussianRailroads
from game.russian_railroads.scoring import board_value, end_bonus_points

COLOUR_WORTH = {"black": 1.2, "gray": 1.0, "brown": 2.0, "natural": 4.0, "white": 7.0}
# Weights of the evaluation (tuned by bot-against-bot matches).
W = {"worker_now": 1.5, "worker_round": 1.2, "rouble": 1.0, "rouble_round": 1.2, "extra_worker": 6.0,
     "engineer": 4.0, "engineer_round": 4.0, "factory": 2.0, "factory_round": 2.0, "doubler": 0.5,
     "potential": 1.0, "potential_cap": 3}


def scorings_left(st: RussianRailroads) -> int:
    """Round scorings still to come, the current round's included."""
    if st.phase == "over":
        return 0
    return st.rounds - max(st.round, 1) + 1


def evaluate(st: RussianRailroads, seat: int) -> float:
    d = st.data
    p = st.players[seat]
    if st.phase == "over":
        return float(p.score)
    left = scorings_left(st)
    later = max(0, left - 1)
    bv = board_value(d, p)
    value = p.score + bv.total * left
    # this round's unused resources (they vanish at round end) and permanent ones
    if not p.passed:
        value += (p.workers_free + p.temps_free + (1 if p.black_free else 0)) * (
            W["worker_now"] + W["worker_round"] * left)
    value += p.roubles * (W["rouble"] + W["rouble_round"] * left)
    value += (p.workers + (1 if p.black_worker else 0)) * W["extra_worker"] * later
    value += len(p.engineers) * (W["engineer"] + W["engineer_round"] * later)
    value -= W["engineer_round"] * len(p.engineers_used)
    value += len(p.factories) * (W["factory"] + W["factory_round"] * later) + p.doublers * W["doubler"]
    value += sum(end_bonus_points(d, p, c) for c in p.end_bonus) + 12 * p.end_bonus.count("engineer")
    value += _potential(st, seat) * W["potential"] * min(later, W["potential_cap"])
    value += _pending(st, seat, left)
    return value


def _potential(st: RussianRailroads, seat: int) -> float:
    """Progress that does not score yet: black track ahead of the locomotives'
    reach and reach beyond the built tracks both prepare future points."""
    d = st.data
    p = st.players[seat]
    total = 0.0
    for road in d.railroads:
        black = p.tracks[road.id][0]
        reach = T.reach(p, road.id)
        total += 0.6 * min(black, reach + 2) + 0.4 * min(reach, black + 2)
        for ci, colour in enumerate(road.colours[1:], start=1):
            if p.tracks[road.id][ci] > 0:
                total += 0.15 * COLOUR_WORTH[colour] * p.tracks[road.id][ci]
    return total + 0.8 * p.tracks[d.main_railroad][0]


def _pending(st: RussianRailroads, seat: int, left: int) -> float:
    d = st.data
    p = st.players[seat]
    total = 0.0
    for t in st.tasks:
        if t.seat != seat:
            continue
        if t.kind == "track":
            colours = d.colours if t.colours == ANY else t.colours
            movable = [c for c in colours if any(T.can_advance(d, p, r.id, c) for r in d.railroads)]
            best = max((COLOUR_WORTH[c] for c in movable), default=0.0)
            total += t.count * best * max(1, left) * 0.9
        elif t.kind == "industry":
            total += t.count * 2.0 * max(1, left)
        elif t.kind in ("loco_or_factory", "loco", "card_loco", "move_loco"):
            total += 3.0 * max(1, left)
        elif t.kind == "factory":
            total += 2.0 * max(1, left)
        else:
            total += 10.0
    return total
