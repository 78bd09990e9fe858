"""Scoring: a railroad, the industry track, the whole board ("board value")
and the final bonuses. Pure functions over PlayerState; the engine applies
their results at the end of each round and of the game."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from game.russian_railroads.data import Data, Railroad
from game.russian_railroads.state import PlayerState
from game.russian_railroads.tracks import (all_loco_values, doubler_total, doublers_on, industry_points,
                                           railroad_done, reach, road_length, road_specials)


# Score categories in the order the end screen lists them (PlayerState.score_parts keys).
ACTION_POINTS = "Engineers & factories"   # points scored at once by engineers and factories #1/#8
# After the railroads (named by the board, in board order):
OTHER_PARTS = ("Industry", "Termini", ACTION_POINTS, "Passing", "End Bonus", "Engineer majority")


USA_PARTS = ("Boulders", "Stocks")   # the USA board's: boulders removed, the stock price at the end
AWARDS_KEPT = 256   # engineer majorities remembered (a game sees a few dozen: counts only grow)


def score_parts(data: Data) -> tuple[str, ...]:
    """The score categories of a game on this board, in end-screen order."""
    return tuple(road.name for road in data.railroads) + OTHER_PARTS + (USA_PARTS if data.usa else ())


@dataclass(frozen=True)
class SpaceScore:
    """One scored railroad space: its colour (real or virtual track), base value and doubler."""

    space: int
    colour: str
    value: int
    doubled: bool


@dataclass(frozen=True)
class RailroadScore:
    """How one railroad scores now, step by step."""

    railroad: str
    reach: int
    spaces: tuple[SpaceScore, ...]
    tracks: int          # the spaces' sum (doublers included)
    multiplier: int      # 2 with the St. Petersburg space-7 bonus
    stars: int           # Kiev star points
    medal: int           # Kiev Medal points
    total: int
    ends: int = 0        # USA: a completed Transcontinental end each scoring (and the Golden Spike)

    def detail(self) -> str:
        bits = [f"reach {self.reach}", f"tracks {self.tracks}"]
        if self.multiplier > 1:
            bits.append(f"x{self.multiplier}")
        if self.stars:
            bits.append(f"stars {self.stars}")
        if self.medal:
            bits.append(f"medal {self.medal}")
        if self.ends:
            bits.append(f"end {self.ends}")
        return ", ".join(bits)


@dataclass(frozen=True)
class BoardValue:
    """What a player's board would score if the round ended now."""

    railroads: tuple[RailroadScore, ...]
    industry: int
    total: int
    parts: dict[str, int] = field(default_factory=dict)


def space_colour(data: Data, p: PlayerState, rid: str, space: int) -> str:
    """The colour scoring a space: the rearmost track at or beyond it ("" = no track)."""
    pos = p.tracks[rid]
    best = ""
    for ci, colour in enumerate(data.colours):
        if pos[ci] >= space:
            best = colour
    return best


def track_values_key(p: PlayerState) -> str:
    """Which points per track space apply: a revaluation marker raises them."""
    return "german" if p.german_revaluation else "revaluation" if p.revaluation else "base"


def railroad_score(data: Data, p: PlayerState, rid: str) -> RailroadScore:
    """How one railroad scores now, space by space (what the score dialog shows)."""
    road = data.railroad(rid)
    values = data.track_values[track_values_key(p)]
    r = reach(p, rid)
    last = min(r, road_length(data, p, road))
    doubled = doublers_on(p, data, road)
    spaces = []
    for s in range(1, last + 1):
        colour = space_colour(data, p, rid, s)
        spaces.append(SpaceScore(s, colour, values.get(colour, 0), s <= doubled))
    tracks_total = track_points(data, p, road, last, values)
    multiplier, stars, medal = _bonuses(data, p, road, r)
    ends = ends_points(data, p, road)
    total = tracks_total * multiplier + stars + medal + ends
    return RailroadScore(rid, r, tuple(spaces), tracks_total, multiplier, stars, medal, total, ends)


def railroad_total(data: Data, p: PlayerState, road: Railroad) -> int:
    """``railroad_score(...).total`` without the spaces listed: the bots
    weigh hundreds of thousands of boards a game."""
    r = reach(p, road.id)
    multiplier, stars, medal = _bonuses(data, p, road, r)
    tracks = track_points(data, p, road, min(r, road_length(data, p, road)))
    return tracks * multiplier + stars + medal + ends_points(data, p, road)


def track_points(data: Data, p: PlayerState, road: Railroad, last: int,
                 values: dict[str, int] | None = None) -> int:
    """The track points of spaces 1..`last` (doubled under a doubler), as
    ``space_colour`` colours them -- each space scores its rearmost track at
    or beyond it -- counted a colour's run at a time, not a space at a time.
    `values`: the points per colour (the player's own, by default)."""
    if values is None:
        values = data.track_values[track_values_key(p)]
    doubled = doublers_on(p, data, road)
    pos = p.tracks[road.id]
    colours = data.colours
    total, covered = 0, 0
    for ci in range(len(colours) - 1, -1, -1):   # (plain comparisons: the bots call this millions of times)
        end = pos[ci] if pos[ci] < last else last
        if end > covered:
            under = (end if end < doubled else doubled) - covered
            total += values.get(colours[ci], 0) * (end - covered + (under if under > 0 else 0))
            covered = end
    return total


def _bonuses(data: Data, p: PlayerState, road: Railroad, r: int) -> tuple[int, int, int]:
    """A railroad's multiplier (St. Petersburg's doubling), Kiev stars and
    Kiev Medal points with the locomotives reaching `r`."""
    multiplier, stars, medal = 1, 0, 0
    gray = p.tracks[road.id][1]
    black = p.tracks[road.id][0]
    for sp in road_specials(data, p, road):
        if sp.effect == "double_railroad" and gray >= sp.space and r >= sp.space:
            multiplier = 2
        elif sp.effect == "star" and black >= sp.space and r >= sp.space:
            stars += sp.points
        elif sp.effect == "medal" and p.kiev_medal and gray >= sp.space and r >= sp.space:
            medal += sp.points
    return multiplier, stars, medal


def ends_points(data: Data, p: PlayerState, road: Railroad) -> int:
    """USA: what a completed end scores in each railroad scoring: "you receive 10 additional points during
    each railroad scoring phase", and with the Golden Spike "+25 points ... for each of the two spaces for
    which you fulfill the conditions"."""
    if not road.scoring_terminus or not railroad_done(data, road, p):
        return 0
    points = road.scoring_terminus
    rules = data.usa
    if rules is not None and road.id in rules.spike_roads and p.board is not None and p.board.golden_spike:
        points += rules.spike_points
    return points


def board_total(data: Data, p: PlayerState) -> int:
    """``board_value(...).total``, quickly (see ``railroad_total``)."""
    return sum(railroad_total(data, p, road) for road in data.railroads) + industry_points(data, p)


def board_value(data: Data, p: PlayerState) -> BoardValue:
    roads = tuple(railroad_score(data, p, road.id) for road in data.railroads)
    industry = industry_points(data, p)
    parts = {data.railroad(r.railroad).name: r.total for r in roads}
    parts["Industry"] = industry
    return BoardValue(roads, industry, sum(r.total for r in roads) + industry, parts)


def end_bonus_points(data: Data, p: PlayerState, card: str) -> int:
    """What one End Bonus card scores at the end (the engineer card scores via the majority)."""
    extra_workers = sum(1 for c in p.claimed if c.endswith("_worker")) + (1 if p.black_worker else 0)
    doublers = doubler_total(p)
    return {
        "points15": 15,
        "railroads": min(30, 10 * sum(1 for road in data.railroads if railroad_done(data, road, p))),
        "factories": min(20, 4 * len(p.factories)),
        "locomotives": sum(all_loco_values(p)),
        "workers": min(30, 10 * extra_workers),
        "black_sum": sum(p.tracks[road.id][0] for road in data.railroads),
        "tokens": min(data.token_bonus_cap, 7 * len(p.tokens_used)),
        "doublers": 30 if doublers >= 7 else 20 if doublers >= 4 else 0,
        "engineer": 0,
        "hired": 6 * len(p.engineers),
    }[card]


def engineer_count(p: PlayerState) -> int:
    """Engineers for the majority: hired ones plus the End Bonus card that counts as one."""
    return len(p.engineers) + p.end_bonus.count("engineer")


def majority_counts(data: Data, players: list[PlayerState], emil: list[int] | None) -> list[tuple[int, int]]:
    """(engineer count, highest printed engineer number) per competitor: the
    players, then Emil in solo."""
    value = data.engineer_value
    counts = [(engineer_count(p), max(map(value, p.engineers)) if p.engineers else 0) for p in players]
    if emil is not None:
        counts.append((len(emil), max(map(value, emil)) if emil else 0))
    return counts


def majority_awards(data: Data, counts: list[tuple[int, int]]) -> list[int]:
    """Points per competitor from (engineer count, highest engineer number).

    Most engineers 40, second 20; ties go to the highest engineer number;
    nobody without engineers scores. Fully tied competitors share a place.
    """
    return list(_awards(tuple(data.majority_points), tuple(counts)))


@lru_cache(maxsize=AWARDS_KEPT)
def _awards(points: tuple[int, ...], counts: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """``majority_awards`` remembered: the computer players weigh the majority at every move they
    try, over the few engineer counts a game sees."""
    awards = [0] * len(counts)
    ranked = sorted((c for c in set(counts) if c[0] > 0), reverse=True)
    place = 0
    for key in ranked:
        if place >= len(points):
            break
        holders = [i for i, c in enumerate(counts) if c == key]
        for i in holders:
            awards[i] = points[place]
        place += len(holders)
    return tuple(awards)
