"""Building rules: the price of a proposed track path, segment by segment,
and the reason a segment may not be built (right of way, red areas, entry
limits, blocking, ferries, events, budget)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from game.core.hexgrid import pair_key
from game.crayon.blocking import Overlay, TrackView, board_places, has_room
from game.crayon.links import free_link, wrap_path_refusal, wrap_refusal

Hex = tuple[int, int]
Pair = tuple[Hex, Hex]


@dataclass(frozen=True)
class SegmentQuote:
    a: Hex
    b: Hex
    cost: int
    reason: str = ""  # why it may not be built ("" = legal)
    builds: bool = True  # False for steps along own track, red areas or an owned ferry


@dataclass(frozen=True)
class BuildQuote:
    segments: tuple[SegmentQuote, ...]
    total: int
    budget_left: int  # of this turn's building budget, after this path
    major_start: bool  # the path starts from a Major City milepost outside the network
    ferries_joined: tuple[str, ...]

    @property
    def reason(self) -> str:
        for s in self.segments:
            if s.reason:
                return s.reason
        return ""

    @property
    def legal(self) -> bool:
        return not self.reason and any(s.builds for s in self.segments)

    @property
    def new_segments(self) -> tuple[Pair, ...]:
        return tuple(pair_key(s.a, s.b) for s in self.segments if s.builds and not s.reason)




def ferry_between(board: Any, a: Hex, b: Hex) -> Any | None:
    for f in board.ferries:
        if {a, b} == {f.a, f.b}:
            return f
    return None


def ferry_at(board: Any, h: Hex) -> Any | None:
    for f in board.ferries:
        if h in (f.a, f.b):
            return f
    return None


def city_builders(track: TrackView, board: Any, h: Hex) -> dict[int, int]:
    """Owner -> number of track sections touching milepost h."""
    out: dict[int, int] = {}
    for n in board.neighbours(h):
        owner = track.get(pair_key(h, n))
        if owner is not None:
            out[owner] = out.get(owner, 0) + 1
    return out


def entry_refusal(state: Any, track: TrackView, seat: int, h: Hex) -> str:
    """Why `seat` may not add a section touching small/medium city milepost h."""
    board, rules = state.board, state.rules
    name = board.city_at.get(h)
    if name is None:
        return ""
    city = board.cities[name]
    limit = rules.city_entry_limit.get(city.size)
    if limit is None:
        return ""
    builders = city_builders(track, board, h)
    if seat not in builders and len(builders) >= limit:
        return f"{name} is a {city.size} city and already has track from {limit} players."
    if builders.get(seat, 0) >= rules.max_sections_into_city:
        return f"You already have {rules.max_sections_into_city} track sections into {name}."
    return ""


def segment_cost(state: Any, seat: int, b: Hex, pair: Pair, ferry_owned: set[str]) -> tuple[int, str]:
    """Cost of building to milepost b across `pair`, and the ferry joined ("" if none)."""
    board, rules = state.board, state.rules
    terrain = state.terrain_at(b)
    water = state.surcharge(pair)
    ferry = ferry_at(board, b)
    if ferry is not None and ferry.name not in ferry_owned:
        if len(state.ferry_owners.get(ferry.name, ())) < rules.ferry_max_builders:
            return ferry.cost + water, ferry.name
    return rules.terrain_cost[terrain] + water, ""


class _Pricing:
    """Running totals while a path is priced segment by segment."""

    def __init__(self, state: Any, seat: int) -> None:
        self.state, self.seat = state, seat
        self.track = Overlay(state.track, {})
        self.ferry_owned = {f.name for f in state.board.ferries if seat in state.ferry_owners.get(f.name, ())}
        self.joined: list[str] = []
        self.total = 0
        self.budget = state.rules.build_budget - state.spent
        self.cash = state.players[seat].cash
        self.blocked = state.blocked_build_segments()
        self.weather = state.no_build_mileposts()

    def segment(self, a: Hex, b: Hex) -> SegmentQuote:
        state, seat = self.state, self.seat
        pair = pair_key(a, b)
        free_step = _free_step(state, seat, a, b, pair, self.track, self.ferry_owned)
        if free_step is not None:
            return SegmentQuote(a, b, 0, free_step, builds=False)
        reason = _segment_refusal(state, seat, a, b, pair, self.track, self.blocked, self.weather)
        if reason:
            return SegmentQuote(a, b, 0, reason)
        cost, ferry_name = segment_cost(state, seat, b, pair, self.ferry_owned)
        if self.total + cost > self.budget:
            reason = (f"That would spend {state.spent + self.total + cost}M this turn; "
                      f"the limit is {state.rules.build_budget}M.")
        elif self.total + cost > self.cash:
            reason = f"You have only {self.cash}M and cannot build on credit."
        else:
            reason = blocking_refusal(state, seat, self.track, pair)
        if not reason:
            self.track[pair] = seat
            self.total += cost
            if ferry_name:
                self.ferry_owned.add(ferry_name)
                self.joined.append(ferry_name)
        return SegmentQuote(a, b, cost, reason)


def quote_build(state: Any, seat: int, path: tuple[Hex, ...]) -> BuildQuote:
    """Price `path` for `seat` now, giving each segment its cost or the reason
    it is illegal (the first illegal segment makes the rest unpriced)."""
    pricing = _Pricing(state, seat)
    reason = _start_refusal(state, seat, path)
    major_start = not reason and bool(path) and path[0] not in state.network(seat)
    segments: list[SegmentQuote] = []
    for a, b in zip(path, path[1:]):
        if reason:
            segments.append(SegmentQuote(a, b, 0, reason if not segments else
                                         "It follows a section that cannot be built."))
            continue
        segments.append(pricing.segment(a, b))
        reason = segments[-1].reason
    if not reason and segments and wrap_path_refusal(state.board, path):
        reason = wrap_path_refusal(state.board, path)
        last = segments[-1]
        segments[-1] = SegmentQuote(last.a, last.b, last.cost, reason, last.builds)
    if not reason and segments and not any(sg.builds for sg in segments):
        red = any(pair_key(sg.a, sg.b) in state.board.red_area for sg in segments)
        reason = ("No track may be built in the red area of a Major City." if red
                  else "That path builds no new track.")
        segments[-1] = SegmentQuote(segments[-1].a, segments[-1].b, 0, reason, builds=False)
    if not segments:  # fewer than two mileposts
        reason = reason or "A track path needs at least two mileposts."
        here = path[0] if path else (0, 0)
        segments.append(SegmentQuote(here, here, 0, reason))
    return BuildQuote(tuple(segments), pricing.total, pricing.budget - pricing.total, major_start,
                      tuple(pricing.joined))


def _start_refusal(state: Any, seat: int, path: tuple[Hex, ...]) -> str:
    if not path:
        return "A track path needs at least two mileposts."
    start = path[0]
    if start not in state.board.mileposts:
        return f"{state.place(start)} is not a milepost on the map."
    if start in state.network(seat):
        return ""
    if state.board.mileposts[start] != "major_city":
        return f"Track must start from your own network or a Major City; {state.place(start)} is neither."
    if state.major_starts_used >= state.rules.major_city_starts:
        return (f"You have already built from {state.rules.major_city_starts} Major City mileposts "
                f"this turn; build from your own track instead.")
    return ""


def _free_step(state: Any, seat: int, a: Hex, b: Hex, pair: Pair, track: TrackView,
               ferry_owned: set[str]) -> str | None:
    """None if a→b must be built; "" if it is a free step (own track, red
    area, owned ferry); a reason if it is a step that can never be built."""
    board = state.board
    ferry = ferry_between(board, a, b)
    if ferry is not None:
        return "" if ferry.name in ferry_owned else f"Connect to the {ferry.name} port first to use the ferry."
    if b not in board.mileposts:
        return f"{state.place(b)} is not a milepost on the map."
    if b not in board.neighbours(a):
        return f"{state.place(a)} and {state.place(b)} are not neighbouring mileposts."
    if free_link(board, a, b):
        return ""
    owner = track.get(pair)
    if owner == seat:
        return ""
    if owner is not None:
        return (f"Only one track may run between two mileposts: {state.place(a)}–{state.place(b)} "
                f"already belongs to {state.name(owner)}.")
    return None


def _segment_refusal(state: Any, seat: int, a: Hex, b: Hex, pair: Pair, track: TrackView,
                     blocked: Mapping[Pair, str], weather: Mapping[Hex, str]) -> str:
    if pair in blocked:
        return blocked[pair]
    reserved = state.reservations.get(pair)
    if reserved is not None and reserved[0] != seat:
        return (f"{state.name(reserved[0])} may rebuild the washed-out bridge at "
                f"{state.place(a)}–{state.place(b)} first.")
    for h in (a, b):
        if h in weather:
            return weather[h]
    why = wrap_refusal(state, track, a, b) or state.build_refusal(seat, a, b)
    if why:
        return why
    for h in (a, b):
        why = entry_refusal(state, track, seat, h)
        if why:
            return why
    for h in (a, b):
        ferry = ferry_at(state.board, h)
        if ferry is not None and seat not in state.ferry_owners.get(ferry.name, ()) and \
                len(state.ferry_owners.get(ferry.name, ())) >= state.rules.ferry_max_builders:
            return f"Only {state.rules.ferry_max_builders} players may build to the {ferry.name}."
    return ""


# Blocking ---------------------------------------------------------------------

def _network_goals(state: Any, kind: str, seats: Iterable[int], base: frozenset[Hex],
                   but: tuple[Hex, ...] = ()) -> frozenset[Hex]:
    """`base` with the networks of `seats`, less `but`: where a blocked
    player's track could come from. Kept until the track changes (networks
    are the state's, whatever track view is being checked)."""
    seats = tuple(seats)
    key = ("block goals", kind, seats, but)
    goals = state._net.get(key)
    if goals is None:
        goals = set(base)
        for seat in seats:
            goals |= state.network(seat)
        goals = state._net[key] = frozenset(goals.difference(but))
    return goals


def _shortfall(state: Any, track: TrackView, kind: str, target: Any) -> int:
    """How many players the track shuts out of `target`: 0 when nobody is."""
    board, rules = state.board, state.rules
    places = board_places(board)
    if kind == "port":
        ferry, port = target
        owners = state.ferry_owners.get(ferry.name, ())
        if len(owners) >= rules.ferry_max_builders:
            return 0
        if not _free_sections(state, track, port):
            return 1  # a player coming by ferry could never build out of this port
        return 0 if _newcomer_can_reach(state, track, port, set(owners), places.all_majors) else 1
    city = target
    if city.size == "major":
        others = places.all_majors.difference(city.mileposts)
        owners = {track.get(pair) for pair in places.city_pairs[city.name]}
        shut = 0
        for seat in range(len(state.players)):
            if seat in owners:
                continue
            goals = _network_goals(state, city.name, (seat,), others, city.mileposts)
            if not has_room(state, track, city.mileposts, goals, seat):
                shut += 1
        return shut
    builders = city_builders(track, board, city.center)
    wanted = min(rules.city_entry_limit.get(city.size, 0), len(state.players)) - len(builders)
    if wanted <= 0:
        return 0
    return max(0, wanted - _open_entries(state, track, city.center, set(builders), places.all_majors, wanted))


def _open_entries(state: Any, track: TrackView, h: Hex, insiders: set[int], goals: frozenset[Hex],
                  enough: int) -> int:
    """Unbuilt sections into city milepost h whose outer end a player not yet
    in the city can still build to (each newcomer needs a section of its own);
    counting stops at `enough`."""
    newcomers = [seat for seat in range(len(state.players)) if seat not in insiders]
    outside = _network_goals(state, "entry", newcomers, goals, (h,))
    count = 0
    for n in board_places(state.board).adjacent(h):
        if track.get(pair_key(h, n)) is not None:
            continue
        if n in outside or has_room(state, track, [n], outside, None, avoid=h):
            count += 1
            if count >= enough:
                break
    return count


def _free_sections(state: Any, track: TrackView, port: Hex) -> int:
    """Unbuilt land sections at a ferry port. "No player may build track which
    would block a second player from connecting to either side of the ferry
    port": reaching it by the ferry is not enough, a second owner must be able
    to build on from it."""
    return sum(1 for n in state.board.neighbours(port) if track.get(pair_key(port, n)) is None)


def _newcomer_can_reach(state: Any, track: TrackView, h: Hex, insiders: set[int], goals: frozenset[Hex]) -> bool:
    """Can some player not yet at milepost h (a ferry port) still build to it?"""
    outsiders = [seat for seat in range(len(state.players)) if seat not in insiders]
    return not outsiders or any(has_room(state, track, [h], _network_goals(state, "port", (seat,), goals), seat)
                                for seat in outsiders)


def blocking_refusal(state: Any, seat: int, track_before: TrackView, pair: Pair) -> str:
    """Why building `pair` would block a player from a Major City, a second or
    third player from a small/medium city, or a second player from the ferry."""
    track_after = Overlay(track_before, {pair: seat})
    for kind, target in board_places(state.board).places_near(pair):
        after = _shortfall(state, track_after, kind, target)
        if not after or after <= _shortfall(state, track_before, kind, target):
            continue
        if kind == "port":
            return f"That track would block another player from the {target[0].name}."
        if target.size == "major":
            return f"That track would block another player from reaching {target.name}."
        return f"That track would block another player from building into {target.name}."
    return ""
