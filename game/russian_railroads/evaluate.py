"""The bots' value function: points a position is worth to one player.

value = points scored so far
      + for each railroad: what it scores now x the scorings still to come,
        plus its "outlook" -- tracks already built beyond the locomotives'
        reach, progress towards St. Petersburg's doubling and the Kiev Medal,
        and the best track advancements the board has room for -- counted
        for the later scorings (an investment early, worthless in the last
        round: that is the round clock)
      + the main railroad's black track towards the colours still locked
      + the industry track's points now x the scorings still to come
      + this round's unused workers/roubles and the permanent extras
        (workers, engineers, factories), the engineer majority as it stands,
        extra workers and ? spaces not reached yet as the track nears them,
        pending tasks at a rough price and End Bonus cards at their worth.
"""
from __future__ import annotations

from game.russian_railroads import tracks as T
from game.russian_railroads.data import ANY, Data, Railroad, Special
from game.russian_railroads.engine import RussianRailroads
from game.russian_railroads.scoring import (board_total, end_bonus_points, majority_counts, majority_awards,
                                           track_points)
from game.russian_railroads.state import PlayerState
from game.russian_railroads.usa import final_bonus as usa_final_bonus

# Weights of the evaluation, chosen by bot-against-bot and solo matches (2, 4 players, solo; ~20-30 seeds).
W = {"worker_now": 1.5, "worker_round": 0.5, "rouble": 1.0, "rouble_round": 0.5, "extra_worker": 6.0,
     "engineer": 4.0, "engineer_round": 4.0, "factory": 2.0, "factory_round": 2.0, "doubler": 0.5,
     "latent": 0.6,          # share of built-but-unreached track points expected to score each later round
     "unreached": 0.6,       # ... of which tracks beyond the locomotives' reach count this share
     "double_prospect": 25.0,  # per round: what the St. Petersburg doubling is expected to add once reached
     "black_room": 1.0,      # one black step's room (it opens a space for the colours behind)
     "unlock_curve": 2,      # how steeply the worth of a locked colour grows as the black track nears it
     "room": 0.15,           # value per later round of one advancement the board has room for
     "room_moves": 3,        # how many of the best possible advancements count as room, per later round
     "room_base": 3,         # ... plus this many
     "room_rounds": 5,       # room counts for at most this many later scorings
     "beyond_reach": 0.5,    # room beyond the locomotives' reach counts this much
     "majority": 0.6,        # share of the current engineer-majority award counted
     "token_prospect": 10.0,  # a ? space not reached yet (St. Petersburg 4 and 6, Trans-Siberian 13; 20: 11 less solo)
     "prospect_curve": 1.5,   # ... and an extra worker: worth x nearness ** this (2 and 1: 5 and 10 less solo)
     "coal": 1.0, "coal_round": 0.8,          # a coal: two of them run a foundry or man a boilerman
     "foundry_now": 3.0, "foundry_round": 3.0,  # an open foundry: unused this round, and each later round
     "factory_boiler_round": 2.0,             # a boilerman beside a factory, per later round
     "income_round": 1.0,                     # Germany: an income marker per later round, times its effects' worth
     "freight_round": 4.0,                    # DSP: the freight car's 2 advancements, per later scoring
     "industry_double_round": 3.0,            # DSP: doubled industry steps, per later round
     "stock_level": 1.5,                      # USA: a stock level, per later round (dividends in payouts)
     "stock_bonus": 0.6,                      # USA: share of the game end stock bonus as it stands
     "spike_prospect": 0.5}                   # USA: share of the Golden Spike's points the black track nears

# Solo against Emil there is no rival to race: these came from a coordinate search over the base weights
# (bench.rr_tune: each weight x0.7 and x1.4, normal solo on common seeds 1-40): 310.6 -> 316.3 there,
# 309.6 -> 315.1 on fresh seeds 41-80; hard solo 321 -> 329 on seeds 1-20. In 2-player games they made the
# normal player stronger than hard could follow (hard beat it 56% of 80 games instead of 79%), so they are
# solo's own.
SOLO_W = {**W, "room": 0.105, "room_moves": 2, "unreached": 0.84, "engineer_round": 2.8}

# Per later round: what owning each colour is worth before it is unlocked (then its room counts).
UNLOCK_WORTH = {"gray": 1.0, "brown": 2.0, "natural": 4.0, "white": 6.0}


def scorings_left(st: RussianRailroads) -> int:
    """Round scorings still to come, the current round's included."""
    if st.phase == "over":
        return 0
    return st.rounds - max(st.round, 1) + 1


def weights(st: RussianRailroads) -> dict[str, float]:
    """The evaluation's weights for this game: solo's own against Emil."""
    return SOLO_W if len(st.players) == 1 else W


def evaluate(st: RussianRailroads, seat: int) -> float:
    d = st.data
    p = st.players[seat]
    w = weights(st)
    if st.phase == "over":
        return float(p.score)
    left = scorings_left(st)
    later = max(0, left - 1)
    total, latent, room, unlock, prospects = _board_parts(d, p, later, w)
    value: float = p.score + total * left
    value += latent * w["latent"] * later
    value += room * w["room"] * min(later, w["room_rounds"])
    value += unlock * min(later, w["room_rounds"])
    value += prospects
    # this round's unused resources (they vanish at round end) and permanent ones
    if not p.passed:
        value += (p.workers_free + p.temps_free + (1 if p.black_free else 0)) * (
            w["worker_now"] + w["worker_round"] * left)
    value += p.roubles * (w["rouble"] + w["rouble_round"] * left)
    value += (p.workers + (1 if p.black_worker else 0)) * w["extra_worker"] * later
    value += len(p.engineers) * (w["engineer"] + w["engineer_round"] * later)
    value -= w["engineer_round"] * len(p.engineers_used)
    value += len(p.factories) * (w["factory"] + w["factory_round"] * later) + T.doubler_total(p) * w["doubler"]
    value += sum(end_bonus_points(d, p, c) for c in p.end_bonus)
    value += _majority(st, seat) * w["majority"]
    value += _pending(st, seat, left)
    if p.coal is not None:
        value += _coal(p, left, later)
    if p.board is not None:
        value += _income(d, p, left)
    if d.usa is not None:
        value += _usa(st, seat, later)
    if p.dsp is not None:
        value += (W["freight_round"] * bool(p.dsp.freight_car) * left
                  + W["industry_double_round"] * p.dsp.industry_double * later)
    return value


BoardParts = tuple[int, float, float, float, float]

# The board's parts of the value, remembered: a hard decision's rollouts weigh the same few thousand
# boards some 300,000 times (1,798 distinct ones in the first 24 decisions of a 4-player game).
# (id(Data) -> the Data, kept so its id() is never reused, and its boards' parts by (weights, later, board))
_BOARD_PARTS: dict[int, tuple[Data, dict[tuple, BoardParts]]] = {}
BOARD_PARTS_KEPT = 10_000   # boards remembered per Data before they are forgotten all at once (about 1 KB each)
DATA_KEPT = 4               # Data (board and modules) remembered for, before all are forgotten (a game has one)


def _board_parts(d: Data, p: PlayerState, later: int, w: dict[str, float]) -> BoardParts:
    """What the railroads and industry score now (an int), and their outlook: latent points, room,
    unlock progress and prospects, as ``evaluate`` weighs them (each part apart, so the value adds
    them up in the same order as ever, to the last bit)."""
    known = _BOARD_PARTS.get(id(d))
    if known is None:
        if len(_BOARD_PARTS) >= DATA_KEPT:
            _BOARD_PARTS.clear()
        known = _BOARD_PARTS[id(d)] = (d, {})
    boards = known[1]
    key = (id(w), later, board_key(p))
    parts = boards.get(key)
    if parts is None:
        if len(boards) >= BOARD_PARTS_KEPT:
            boards.clear()
        parts = boards[key] = board_parts(d, p, later, w)
    return parts


def forget_board_values() -> None:
    """Forget every remembered board: its parts were weighed with the weights as they were (the key
    names the weights' dict, not its values: call this after changing W, SOLO_W or UNLOCK_WORTH in
    place, as bench.rr_tune does)."""
    _BOARD_PARTS.clear()


def board_parts(d: Data, p: PlayerState, later: int, w: dict[str, float]) -> BoardParts:
    """The board's parts of the value worked out afresh (``_board_parts`` remembers them)."""
    return (board_total(d, p), sum(_latent(d, p, road, w) for road in d.railroads),
            _room(d, p, later, w), _unlock_progress(d, p, w), _prospects(d, p, later, w))


def board_key(p: PlayerState) -> tuple:
    """Everything of a player's board the board's parts of the value read: tracks, locomotives (with
    boilermen), industry markers, doublers, revaluations, the Kiev Medal, special spaces claimed,
    the number of ? tokens taken, and an expansion board's branch, tiles, doublers and spike."""
    board = p.board
    held = None if board is None else (board.branch, tuple(board.extensions.items()),
                                       tuple(board.doublers.items()), board.golden_spike)
    return (tuple((rid, *pos) for rid, pos in p.tracks.items()),
            tuple((rid, *T.loco_values(p, rid)) for rid in p.locos), tuple(p.industry), p.doublers,
            p.revaluation, p.german_revaluation, p.kiev_medal, tuple(p.claimed), len(p.tokens_used), held)


def _usa(st: RussianRailroads, seat: int, later: int) -> float:
    """The USA board: the stock level (its dividends come again in every payout), the end bonus for the
    stock price as it stands, and the Golden Spike's points the Transcontinental black tracks are nearing."""
    d = st.data
    rules = d.usa
    board = st.board
    p = st.players[seat]
    assert rules is not None and board is not None and p.board is not None
    value = board.stock_level(seat) * W["stock_level"] * later
    value += W["stock_bonus"] * dict(usa_final_bonus(st)).get(seat, 0)
    for rid in rules.spike_roads:
        road = d.railroad(rid)
        if not T.railroad_done(d, road, p):
            near = (p.tracks[rid][0] / road.length) ** 2
            value += near * (road.scoring_terminus + rules.spike_points * p.board.golden_spike) * later * \
                W["spike_prospect"]
    return value


def _coal(p: PlayerState, left: int, later: int) -> float:
    """Coal, open foundries and factory boilermen (locomotive boilermen count in the reach)."""
    held = p.coal
    assert held is not None
    value = held.coal * (W["coal"] + W["coal_round"] * left)
    value += len(held.foundries) * W["foundry_round"] * later
    value += (len(held.foundries) - len(held.used)) * W["foundry_now"] * (0 if p.passed else 1)
    value += sum(held.factory_boilers) * W["factory_boiler_round"] * later
    return value


# Rough worth of one effect of an income marker (used once in every round).
EFFECT_WORTH = {"roubles": 1.2, "industry": 2.0, "track": 1.5}


def _income(d: Data, p: PlayerState, left: int) -> float:
    """Income markers: each is used once in every round still to come (this round's too while face up)."""
    held = p.board
    assert held is not None
    total = 0.0
    for i, mid in enumerate(held.income):
        worth = sum(EFFECT_WORTH.get(e.kind, 1.0) * e.count for e in d.income_markers[mid].effects)
        rounds = max(0, left - 1) + (0 if i in held.income_used or p.passed else 1)
        total += worth * rounds * W["income_round"]
    return total


def _road_points(p: PlayerState, road: Railroad, reach: int, tracks_total: int,
                 specials: tuple[Special, ...]) -> tuple[float, float]:
    """A railroad's round score with the locomotives reaching `reach` (its
    tracks scoring `tracks_total` there; `specials`: its special spaces), as
    it stands and smoothed: there the St. Petersburg doubling and the Kiev
    Medal count in proportion to how far the gray track has come towards
    them (both from one pass: the bots weigh hundreds of thousands of boards)."""
    gray, black = p.tracks[road.id][1], p.tracks[road.id][0]
    multiplier, bonus = 1.0, 0.0
    smooth_multiplier, smooth_bonus = 1.0, 0.0
    for sp in specials:
        reached = reach >= sp.space
        if sp.effect == "double_railroad":
            if gray >= sp.space and reached:
                multiplier = smooth_multiplier = 2.0
            else:
                progress = min(gray, sp.space) / sp.space
                smooth_multiplier = 1.0 + progress ** 2
                smooth_bonus += W["double_prospect"] * progress
        elif sp.effect == "star" and black >= sp.space and reached:
            bonus += sp.points
            smooth_bonus += sp.points
        elif sp.effect == "medal" and p.kiev_medal:
            if gray >= sp.space and reached:
                bonus += sp.points
                smooth_bonus += sp.points
            else:
                smooth_bonus += sp.points * (min(gray, sp.space) / sp.space) ** 2
    return tracks_total * multiplier + bonus, tracks_total * smooth_multiplier + smooth_bonus


def _tracks_points(d: Data, p: PlayerState, road: Railroad, last: int) -> int:
    """The track points of spaces 1..`last` at the base or revalued points
    (the German revaluation's own points are not weighed here)."""
    return track_points(d, p, road, last, d.track_values["revaluation" if p.revaluation else "base"])


def _latent(d: Data, p: PlayerState, road: Railroad, w: dict[str, float]) -> float:
    """Points the railroad would add per round once the gray track reaches
    its doubling/medal space, and (a share of) once locomotives reach the
    tracks built beyond them."""
    r = T.reach(p, road.id)
    length = T.road_length(d, p, road)
    specials = T.road_specials(d, p, road)
    reached = _tracks_points(d, p, road, min(r, length))
    now, smooth = _road_points(p, road, r, reached, specials)
    whole = reached if r >= length else _tracks_points(d, p, road, length)
    unreached = _road_points(p, road, length, whole, specials)[0] - now
    progress = smooth - now
    return progress + w["unreached"] * unreached


def _room(d: Data, p: PlayerState, later: int, w: dict[str, float]) -> float:
    """The sum of the best few single advancements the board has room for:
    what one more step of each unlocked colour behind its leading track would
    add to a round (less beyond the locomotives' reach, more on St. Petersburg
    once its doubling comes into sight)."""
    values = d.track_values["revaluation" if p.revaluation else "base"]
    owned = set(T.unlocked_colours(d, p))
    gains: list[float] = []
    for road in d.railroads:
        pos = p.tracks[road.id]
        r = T.reach(p, road.id)
        mult = _doubling_factor(p, road)
        doubled_to = T.doublers_on(p, d, road)
        for ci, colour in enumerate(road.colours):
            if colour not in owned:
                break
            if ci == 0:
                # black opens room for the colours behind it; worth little on its own
                gains.extend([w["black_room"]] * min(2, T.road_length(d, p, road) - pos[0]))
                continue
            step = values[colour] - values[road.colours[ci - 1]]
            for s in range(pos[ci] + 1, pos[ci - 1]):
                doubled = 2 if s <= doubled_to else 1
                weight = 1.0 if s <= r else w["beyond_reach"]
                gains.append(step * doubled * weight * mult)
    gains.sort(reverse=True)
    return sum(gains[:int(w["room_moves"]) * later + int(w["room_base"])])


def _prospects(d: Data, p: PlayerState, later: int, w: dict[str, float]) -> float:
    """The once-only spaces not reached yet -- extra workers (Trans-Siberian
    3, Kiev 7) and ? spaces -- in proportion to how near the track and the
    locomotives' reach are, so the steps towards them count before the last
    one lands (the worker counts for the rounds after this one)."""
    total = 0.0
    tokens_left = len(p.tokens_used) < len(d.q_tokens)
    for road in d.railroads:
        r = T.reach(p, road.id)
        for sp in T.road_specials(d, p, road):
            if sp.id in p.claimed or sp.effect not in ("extra_worker", "q_token"):
                continue
            if sp.effect == "extra_worker":
                worth = w["extra_worker"] * max(0, later - 1)
            else:
                worth = w["token_prospect"] if tokens_left else 0.0
            near = min(p.tracks[road.id][d.colour_index(sp.track)], sp.space) / sp.space
            if sp.loco:
                near *= min(r, sp.space) / sp.space
            total += worth * near ** w["prospect_curve"]
    return total


def _doubling_factor(p: PlayerState, road: Railroad) -> float:
    """1 for a railroad without a doubling space; up to 2 as the gray track nears it."""
    for sp in road.specials:
        if sp.effect == "double_railroad":
            return 1.0 + (min(p.tracks[road.id][1], sp.space) / sp.space) ** 2
    return 1.0


def _unlock_progress(d: Data, p: PlayerState, w: dict[str, float]) -> float:
    """Black track on the main railroad towards the colours: each colour is
    worth a lot of later room, so getting close counts, and reaching it keeps
    its whole worth (a colour just unlocked has little room yet: dropping
    its worth then would keep the black track one space short for good)."""
    black = p.tracks[d.main_railroad][0]
    length = T.road_length(d, p, d.railroad(d.main_railroad))
    total = 0.0
    for colour in d.colour_unlocks:
        threshold = min(T.unlock_threshold(d, p, colour), d.colour_unlocks[colour])
        if threshold <= length:
            total += UNLOCK_WORTH[colour] * min(1.0, black / threshold) ** w["unlock_curve"]
    return total


def _majority(st: RussianRailroads, seat: int) -> float:
    """The engineer-majority points this player would get if the game ended now."""
    counts = majority_counts(st.data, st.players, st.emil.engineers if st.emil is not None else None)
    return float(majority_awards(st.data, counts)[seat])


def _pending(st: RussianRailroads, seat: int, left: int) -> float:
    d = st.data
    p = st.players[seat]
    worth = {"black": 1.2, "gray": 1.0, "brown": 2.0, "natural": 4.0, "white": 7.0}
    total = 0.0
    for t in st.tasks:
        if t.seat != seat:
            continue
        if t.kind == "track":
            colours = d.colours if t.colours == ANY else t.colours
            movable = [c for c in colours if any(T.can_advance(d, p, r.id, c) for r in d.railroads)]
            best = max((worth[c] for c in movable), default=0.0)
            total += t.count * best * max(1, left) * 0.9
        elif t.kind == "industry":
            total += t.count * 2.0 * max(1, left)
        elif t.kind in ("loco_or_factory", "loco", "card_loco", "move_loco"):
            total += 3.0 * max(1, left)
        elif t.kind == "factory":
            total += 2.0 * max(1, left)
        elif t.kind == "close_foundry":
            continue   # a choice, worth nothing by itself
        else:
            total += 10.0
    return total
