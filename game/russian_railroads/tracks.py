"""Pure rules of the player board: track markers, locomotive reach and the
industry track. Functions take a PlayerState and never mutate it unless their
name says so."""
from __future__ import annotations

from typing import Sequence

from game.russian_railroads.data import ANY, Branch, Data, Railroad, Special
from game.russian_railroads.state import PlayerState

Colours = list[str] | tuple[str, ...] | str  # some track colours, or ANY
NEVER = 10 ** 6   # a threshold no track reaches


# Expansion boards: the branch taken at a switch and the extension tiles placed ---------------------

def branch_of(data: Data, p: PlayerState, road: Railroad) -> Branch | None:
    """The branch this player's railroad goes on along after its switch (None: not chosen, or none)."""
    if not road.branches or p.board is None or not p.board.branch:
        return None
    return road.branch(p.board.branch)


def road_length(data: Data, p: PlayerState, road: Railroad) -> int:
    """A railroad's length for this player: a switched railroad ends where its chosen branch does."""
    branch = branch_of(data, p, road)
    return branch.length if branch else road.length


def road_specials(data: Data, p: PlayerState, road: Railroad) -> tuple[Special, ...]:
    """The special spaces of this player's railroad: printed ones, those of the chosen branch and
    those of the extension tiles placed (renumbered from their station). Remembered per board
    layout: the bots ask millions of times a game, for a few layouts."""
    if p.board is None or not road.branches and not road.areas:
        return road.specials
    board = p.board
    key = (id(road), board.branch if road.branches else "", tuple(board.extensions.items()) if road.areas else ())
    known = _SPECIALS.get(key)
    if known is None:
        known = _SPECIALS[key] = (road, _layout_specials(data, p, road))
    return known[1]


# (railroad id(), branch, extension tiles placed) -> the railroad (kept, so its id() is never reused)
# and its special spaces for that layout
_SPECIALS: dict[tuple, tuple[Railroad, tuple[Special, ...]]] = {}


def _layout_specials(data: Data, p: PlayerState, road: Railroad) -> tuple[Special, ...]:
    out = road.specials
    branch = branch_of(data, p, road)
    if branch:
        out += branch.specials
    if road.areas and p.board is not None:
        for area in road.areas:
            tile = p.board.extensions.get(area.id)
            if tile:
                out += tuple(_shifted(s, area.space - 1) for s in data.extensions[tile].specials)
    return out


def boulder_space(data: Data, p: PlayerState, rid: str = "", industry: str = "") -> int:
    """The space of a boulder still lying on this railroad (or industry track "top"/"bottom"); 0 = none."""
    if data.usa is None or p.board is None:
        return 0
    for b in data.usa.boulders:
        if b.id not in p.board.boulders and (rid and b.railroad == rid or industry and b.industry == industry):
            return b.space
    return 0


def road_end(data: Data, p: PlayerState, road: Railroad) -> int:
    """The furthest space a track may reach on a railroad now: its end, or just before a boulder."""
    boulder = boulder_space(data, p, rid=road.id)
    length = road_length(data, p, road)
    return min(length, boulder - 1) if boulder else length


def doublers_on(p: PlayerState, data: Data, road: Railroad) -> int:
    """Doublers above this railroad: the main railroad's are `p.doublers`; on the USA board the
    Transcontinental lines hold their own (`p.board.doublers`)."""
    if road.id == data.main_railroad:
        return min(p.doublers, road.doubler_spaces)
    if p.board is None:
        return 0
    return p.board.doublers.get(road.id, 0)


def doubler_room(data: Data, p: PlayerState) -> int:
    """Free doubler spaces above all the railroads (the board data says which railroads have them)."""
    return sum(road.doubler_spaces - doublers_on(p, data, road) for road in data.railroads)


def doubler_total(p: PlayerState) -> int:
    """All the doublers a player placed."""
    return p.doublers + (sum(p.board.doublers.values()) if p.board is not None else 0)


def _shifted(sp: Special, by: int) -> Special:
    return Special(sp.id, sp.space + by, sp.track, sp.loco, sp.effect, sp.points, sp.effects)


def unlock_threshold(data: Data, p: PlayerState, colour: str) -> int:
    """Where the main railroad's black track gains a colour (a branch may change it)."""
    main = data.railroad(data.main_railroad)
    branch = branch_of(data, p, main)
    if branch and colour in branch.colour_unlocks:
        return branch.colour_unlocks[colour]
    threshold = data.colour_unlocks[colour]
    if main.switch_after and branch is None and threshold > main.switch_after:
        return NEVER   # beyond the switch: it depends on the branch, not chosen yet
    return threshold


def unlocked_colours(data: Data, p: PlayerState) -> list[str]:
    """Colours the player owns: black, plus those whose main-railroad threshold black has reached."""
    return [c for c in data.colours if colour_unlocked(data, p, c)]


def colour_unlocked(data: Data, p: PlayerState, colour: str) -> bool:
    return colour == "black" or p.tracks[data.main_railroad][0] >= unlock_threshold(data, p, colour)


def excluded(data: Data, p: PlayerState, rid: str, colour: str) -> bool:
    """A colour laid on as many railroads as the board allows (Germany's natural tracks: "only on two
    railroads of your choice") cannot start on another one."""
    limit = data.track_limits.get(colour)
    if limit is None:
        return False
    ci = data.colour_index(colour)
    if p.tracks[rid][ci] > 0:
        return False
    return sum(1 for r in data.railroads if p.tracks[r.id][ci] > 0) >= limit


def _front(data: Data, p: PlayerState, rid: str, ci: int) -> int:
    """The position of the track in front of colour `ci` (a colour that cannot be on this railroad is
    skipped: white follows brown on a railroad without natural track)."""
    j = ci - 1
    while j > 0 and excluded(data, p, rid, data.colours[j]):
        j -= 1
    return p.tracks[rid][j]


def loco_values(p: PlayerState, rid: str) -> list[int]:
    """The locomotives' numbers in front of a railroad, a boilerman adding 1
    ("this locomotive's actual number is now 1 higher than its printed value")."""
    if p.coal is None:
        return p.locos[rid]
    boilers = p.coal.loco_boilers.get(rid)
    if not boilers:
        return p.locos[rid]
    return [n + (1 if i < len(boilers) and boilers[i] else 0) for i, n in enumerate(p.locos[rid])]


def all_loco_values(p: PlayerState) -> list[int]:
    return [v for rid in p.locos for v in loco_values(p, rid)]


def reach(p: PlayerState, rid: str) -> int:
    """How many spaces the locomotives in front of a railroad reach."""
    return sum(loco_values(p, rid))


def can_advance(data: Data, p: PlayerState, rid: str, colour: str) -> bool:
    """True when `colour` can move one space on railroad `rid` now."""
    road = data.railroad(rid)
    if colour not in road.colours or not colour_unlocked(data, p, colour) or excluded(data, p, rid, colour):
        return False
    ci = data.colour_index(colour)
    new = p.tracks[rid][ci] + 1
    if new > road_end(data, p, road):
        return False
    return ci == 0 or new < _front(data, p, rid, ci)


def refusal_to_advance(data: Data, p: PlayerState, rid: str, colour: str) -> str | None:
    """Why `colour` cannot move on `rid`, as a sentence; None if it can."""
    road = data.railroad(rid)
    if colour not in road.colours:
        return f"The {road.name} takes no {colour} track."
    if not colour_unlocked(data, p, colour):
        return (f"You have no {colour} track yet: the {data.railroad(data.main_railroad).name} black track "
                f"must reach space "
                f"{unlock_threshold(data, p, colour)} first.")
    if excluded(data, p, rid, colour):
        return (f"Your {colour} tracks already lie on {data.track_limits[colour]} railroads: "
                f"they may only be used on {data.track_limits[colour]} railroads of your choice.")
    ci = data.colour_index(colour)
    pos = p.tracks[rid]
    if pos[ci] + 1 > road_length(data, p, road):
        return f"Your {colour} track is already at the end of the {road.name}."
    if pos[ci] + 1 > road_end(data, p, road):
        return (f"A boulder lies on space {boulder_space(data, p, rid=rid)} of the {road.name}: no track may "
                "reach it or go beyond until a boulder space of the main line removes it.")
    if ci > 0 and pos[ci] + 1 >= _front(data, p, rid, ci):
        return (f"Your {colour} track on the {road.name} may not catch up with the "
                f"{data.colours[ci - 1]} track in front of it.")
    return None


def capacity(data: Data, p: PlayerState, colours: Colours, rid: str | None = None) -> int:
    """The most single-space advancements the given colours can make in total
    (on one railroad, or all). Each advancement lowers it by exactly one, so a
    task of n steps can be finished whatever order the player picks."""
    wanted = set(data.colours) if colours == ANY else set(colours)
    owned = unlocked_colours(data, p)
    total = 0
    for road in data.railroads:
        if rid is not None and road.id != rid:
            continue
        limit = road_end(data, p, road) + 1
        pos = p.tracks[road.id]
        for colour in road.colours:
            if colour not in owned:
                break
            if excluded(data, p, road.id, colour):
                continue
            ci = data.colour_index(colour)
            if colour in wanted:
                best = limit - 1
                if best > pos[ci]:
                    total += best - pos[ci]
                limit = max(best, pos[ci])
            else:
                limit = pos[ci]
    return total


def parts_feasible(data: Data, p: PlayerState, parts: Sequence[tuple[Colours, int]]) -> bool:
    """Can all these track parts ((colours, count), ...) be done in full together?"""
    todo = [(c, n) for c, n in parts if n > 0]
    if not todo:
        return True
    if len(todo) == 1:
        return capacity(data, p, todo[0][0]) >= todo[0][1]
    seen: set[tuple] = set()   # the search also sees colours unlocked by black advancements on the way
    return _search(data, p, todo, seen)


def _search(data: Data, p: PlayerState, parts: list[tuple[Colours, int]], seen: set[tuple]) -> bool:
    if not parts:
        return True
    # The key names each remaining part by its colours too: the same advancement can be
    # charged to different parts ("any" or "black"), leaving different work behind.
    key = (tuple(tuple(v) for v in p.tracks.values()),
           tuple((c if c == ANY else tuple(c), n) for c, n in parts))
    if key in seen:
        return False
    seen.add(key)
    for i, (colours, n) in enumerate(parts):
        names = data.colours if colours == ANY else colours
        for road in data.railroads:
            for colour in names:
                if can_advance(data, p, road.id, colour):
                    ci = data.colour_index(colour)
                    p.tracks[road.id][ci] += 1
                    rest = parts[:i] + ([(colours, n - 1)] if n > 1 else []) + parts[i + 1:]
                    ok = _search(data, p, rest, seen)
                    p.tracks[road.id][ci] -= 1
                    if ok:
                        return True
    return False


# Industry ------------------------------------------------------------------

def industry_track(data: Data, marker: int) -> tuple:
    """The spaces a marker moves on: on the USA board the second marker has the top track to itself
    ("Each industry marker belongs to its own track"); elsewhere every marker shares the one track."""
    if data.usa is not None and marker == 1:
        return data.usa.top_industry
    return data.industry


def _track_name(data: Data, marker: int) -> str:
    return "top" if data.usa is not None and marker == 1 else "bottom"


def industry_limit(data: Data, p: PlayerState, marker: int = 0) -> int:
    """The furthest industry space a marker may reach: just before the first unfilled gap (the top
    track of the USA board passes gaps), and before a boulder."""
    spaces = industry_track(data, marker)
    limit = len(spaces) - 1
    for i, sp in enumerate(spaces):
        if sp.kind == "gap" and sp.factory > len(p.factories):
            limit = i - 1
            break
    boulder = boulder_space(data, p, industry=_track_name(data, marker))
    return min(limit, boulder - 1) if boulder else limit


def can_move_marker(data: Data, p: PlayerState, marker: int) -> bool:
    if marker >= len(p.industry):
        return False
    new = p.industry[marker] + 1
    if new > industry_limit(data, p, marker):
        return False
    return all(new != pos for m, pos in enumerate(p.industry)
               if m != marker and industry_track(data, m) is industry_track(data, marker))


def industry_capacity(data: Data, p: PlayerState) -> int:
    """Most industry advancements possible with the factories built now (each track on its own)."""
    by_track: dict[str, list[int]] = {}
    for m in range(len(p.industry)):
        by_track.setdefault(_track_name(data, m), []).append(m)
    total = 0
    for markers in by_track.values():
        limit = industry_limit(data, p, markers[0]) + 1
        for pos in sorted((p.industry[m] for m in markers), reverse=True):
            best = max(limit - 1, pos)
            total += best - pos
            limit = best
    return total


def industry_points(data: Data, p: PlayerState) -> int:
    return sum(industry_track(data, m)[pos].value for m, pos in enumerate(p.industry))


def factory_at(data: Data, p: PlayerState, position: int, marker: int = 0) -> int:
    """The factory number under an industry space (0 when it is not a filled gap, or the space over
    one on the top track)."""
    sp = industry_track(data, marker)[position]
    if sp.kind in ("gap", "over") and sp.factory <= len(p.factories):
        return p.factories[sp.factory - 1]
    return 0


# Locomotives ---------------------------------------------------------------

def loco_slots_for(data: Data, p: PlayerState, number: int, exclude: str = "") -> list[tuple[str, int]]:
    """Where a locomotive of (actual) number `number` may go: (railroad, slot)
    for a free slot or a lower locomotive it would replace; `exclude` skips the
    railroad it came from."""
    out: list[tuple[str, int]] = []
    for road in data.railroads:
        if road.id == exclude:
            continue
        here = loco_values(p, road.id)
        if len(here) < road.loco_slots:
            out.append((road.id, len(here)))
        for slot, other in enumerate(here):
            if other < number:
                out.append((road.id, slot))
    return out


def railroad_done(data: Data, road: Railroad, p: PlayerState) -> bool:
    """The black track reached the last space (terminus)."""
    return p.tracks[road.id][0] >= road_length(data, p, road)


def gray_room(data: Data, p: PlayerState) -> list[str]:
    """Railroads whose gray track could move up behind the black one (Dimitrij)."""
    if not colour_unlocked(data, p, "gray"):
        return []
    return [road.id for road in data.railroads
            if "gray" in road.colours and p.tracks[road.id][1] < p.tracks[road.id][0] - 1]


def roads_reaching(data: Data, p: PlayerState, least: int) -> list[str]:
    """Railroads whose locomotives reach `least` spaces or more (the freight car's places)."""
    return [road.id for road in data.railroads if reach(p, road.id) >= least]
