"""Build quotes: what a rail marker or station costs, line by line, and why it
may not be built. The engine validates with these and the UI previews them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from game.core.hexgrid import EdgeId, Hex, distance, edge_hexes

from game.regional_rails.board import CITY, FOREST, MOUNTAIN, TOWN, Board
from game.regional_rails.data import rules
from game.regional_rails.events import possessive
from game.regional_rails.state import BUILD

if TYPE_CHECKING:
    from game.regional_rails.engine import RegionalRailsState


@dataclass(frozen=True)
class CostLine:
    label: str
    amount: int
    payee: int | None = None  # company paid this part (station owners)


@dataclass(frozen=True)
class Quote:
    """A priced build. `problem` is the sentence saying why it is illegal (None if
    legal); `code` its stable identifier."""

    lines: tuple[CostLine, ...]
    total: int
    problem: str | None = None
    code: str = ""

    @property
    def legal(self) -> bool:
        return self.problem is None

    def payments(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for line in self.lines:
            if line.payee is not None:
                out[line.payee] = out.get(line.payee, 0) + line.amount
        return out


def _surcharge_amount(state: "RegionalRailsState", company: int) -> int:
    """What the next rail marker of this turn costs on top of its chart price."""
    if rules().company(state.companies[company].name).perk("no_surcharge", False):
        return 0
    return int(rules().section("build")["surcharge"].get(state.turn.built + 1, 0))


def _surcharge(state: "RegionalRailsState", company: int) -> list[CostLine]:
    extra = _surcharge_amount(state, company)
    return [CostLine(f"rail marker number {state.turn.built + 1} this turn", extra)] if extra else []


def _marker_fee(state: "RegionalRailsState", company: int, per_marker: int) -> int:
    """What each rail marker already on a place adds to its price (Pink Puffer: nothing)."""
    perk = rules().company(state.companies[company].name).perk("no_marker_charge", False)
    return 0 if perk else int(per_marker)


def _markers_line(state: "RegionalRailsState", company: int, present: int, per_marker: int) -> list[CostLine]:
    if not present:
        return []
    perk = rules().company(state.companies[company].name).perk("no_marker_charge", False)
    label = f"{present} rail marker(s) already there" + (" (Pink Puffer: free)" if perk else "")
    return [CostLine(label, present * _marker_fee(state, company, per_marker))]


def _charged_stations(state: "RegionalRailsState", company: int) -> set[Hex]:
    """Where a station's fee falls on the railroad's building: every other
    railroad's station, and its own only if the rules say so."""
    own_fee = rules().section("build")["own_station_fee"]
    return {h for h, owner in state.stations.items() if owner != company or own_fee}


def _station_lines(state: "RegionalRailsState", company: int, hexes: tuple[Hex, ...], fee: int) -> list[CostLine]:
    charged = _charged_stations(state, company)
    out = []
    for h in hexes:
        if h in charged:
            owner = state.stations[h]
            out.append(CostLine(f"station of {state.companies[owner].name} in {state.place_name(h)}",
                                fee, payee=owner if owner != company else None))
    return out


def interior_lines(state: "RegionalRailsState", company: int, h: Hex) -> list[CostLine]:
    chart = rules().section("interior_costs")
    lines = _interior_chart(state.board, state.companies[company].name, h)
    lines += _station_lines(state, company, (h,), chart["station"])
    lines += _markers_line(state, company, len(state.interior.get(h, ())), chart["per_marker"])
    return lines + _surcharge(state, company)


def _interior_chart(board: Board, company: str, h: Hex) -> list[CostLine]:
    """The chart lines of an interior that only the board and the company decide."""
    chart = rules().section("interior_costs")
    perks = rules().company(company)
    terrain = board.terrain[h]
    place = board.place(h)
    lines = [CostLine("base cost", chart["base"])]
    if place is not None:
        lines.append(CostLine(place.kind, chart[place.kind]))
        if perks.perk("place_discount"):
            lines.append(CostLine(f"{perks.name}: entering a {place.kind}",
                                  -min(perks.perk("place_discount"), chart[place.kind])))
    if terrain == FOREST:
        lines.append(CostLine("forest", chart["forest"]))
    if h in board.coastal:
        lines.append(CostLine("coastal", chart["coastal"]))
    if terrain == MOUNTAIN:
        lines.append(CostLine("mountain", chart["mountain"]))
        if perks.perk("mountain_discount"):
            lines.append(CostLine(f"{perks.name}: entering a mountain",
                                  -min(perks.perk("mountain_discount"), chart["mountain"])))
    return lines


def side_lines(state: "RegionalRailsState", company: int, e: EdgeId) -> list[CostLine]:
    chart = rules().section("hexside_costs")
    lines = _side_chart(state.board, state.companies[company].name, e)
    lines += _station_lines(state, company, edge_hexes(e), chart["station"])
    lines += _markers_line(state, company, len(state.side_rails.get(e, ())), chart["per_marker"])
    return lines + _surcharge(state, company)


def _side_chart(board: Board, company: str, e: EdgeId) -> list[CostLine]:
    """The chart lines of a hex side that only the board and the company decide."""
    chart = rules().section("hexside_costs")
    a, b = edge_hexes(e)
    perks = rules().company(company)
    lines = [CostLine("base cost", chart["base"])]
    if e in board.rivers:
        lines.append(CostLine("river crossing", chart["river"]))
        if perks.perk("river_discount"):
            lines.append(CostLine(f"{perks.name}: river crossing",
                                  -min(perks.perk("river_discount"), chart["river"])))
    if MOUNTAIN in (board.terrain.get(a), board.terrain.get(b)):
        lines.append(CostLine("into or out of a mountain", chart["mountain"]))
    if a in board.coastal and b in board.coastal:
        lines.append(CostLine("coastal to coastal", chart["coastal_to_coastal"]))
    return lines


def interior_cap(state: "RegionalRailsState", h: Hex) -> int:
    return _interior_cap(state.board, h)


def _interior_cap(board: Board, h: Hex) -> int:
    b = rules().section("build")
    if board.terrain[h] == MOUNTAIN:
        return b["interior_cap_mountain"]
    place = board.place(h)
    if (place is not None and place.kind == TOWN) or board.terrain[h] == FOREST or h in board.coastal:
        return b["interior_cap_small"]
    return b["interior_cap"]


def side_cap(state: "RegionalRailsState", e: EdgeId) -> int:
    return _side_cap(state.board, e)


def _side_cap(board: Board, e: EdgeId) -> int:
    b = rules().section("build")
    a, c = edge_hexes(e)
    if e in board.rivers:
        return b["side_cap_river"]
    if MOUNTAIN in (board.terrain.get(a), board.terrain.get(c)):
        return b["side_cap_mountain"]
    return b["side_cap"]


@dataclass(frozen=True)
class Charts:
    """What a company pays by the charts (terrain, places and its perks;
    no markers, stations or surcharge) for every interior and side of a
    board, and every place's cap on rail markers."""

    interior: dict[Hex, int]
    side: dict[EdgeId, int]
    interior_cap: dict[Hex, int]
    side_cap: dict[EdgeId, int]


def charts(board: Board, company: str) -> Charts:
    """The company's Charts on this board, remembered by the board (one per
    company at most): every Build phase's move list and the computer players'
    route searches price places thousands of times a decision."""
    known = board.price_charts.get(company)
    if known is None:
        known = board.price_charts[company] = Charts(
            {h: sum(x.amount for x in _interior_chart(board, company, h)) for h in board.land},
            {e: sum(x.amount for x in _side_chart(board, company, e)) for e in board.sides},
            {h: _interior_cap(board, h) for h in board.land}, {e: _side_cap(board, e) for e in board.sides})
    return known


def own_limit(state: "RegionalRailsState", company: int) -> int:
    """How many of its own markers a railroad may put on one place (shutout rule)."""
    base = rules().section("build")["own_per_place"]
    return base + 1 if state.tycoon_of(company) == "Bill the Bastard" else base


def _common_problem(state: "RegionalRailsState", company: int) -> tuple[str, str] | None:
    c = state.companies[company]
    if state.phase != BUILD or state.active != company:
        return "not_build_phase", f"{c.name} may build only in its own Build phase"
    limit = rules().section("build")["max_per_turn"]
    if state.turn.built >= limit:
        return "turn_limit", f"{c.name} has already built {limit} rail markers this turn"
    if c.rail_left <= 0:
        return "no_markers", f"{c.name} has no rail markers left"
    return None


def _finish(lines: list[CostLine], problem: tuple[str, str] | None, state: "RegionalRailsState",
            company: int) -> Quote:
    total = sum(line.amount for line in lines)
    if problem is None and state.companies[company].money < total:
        c = state.companies[company]
        problem = ("money", f"{c.name} has {c.money} MB and this costs {total} MB")
    if problem is None:
        return Quote(tuple(lines), total)
    return Quote(tuple(lines), total, problem[1], problem[0])


def quote_interior(state: "RegionalRailsState", company: int, h: Hex) -> Quote:
    board = state.board
    if h not in board.land:
        return Quote((), 0, f"{h} is not a land hex of the board", "off_board")
    lines = interior_lines(state, company, h)
    return _finish(lines, _common_problem(state, company) or _interior_problem(state, company, h),
                   state, company)


def _interior_problem(state: "RegionalRailsState", company: int, h: Hex) -> tuple[str, str] | None:
    c = state.companies[company]
    present = state.interior.get(h, [])
    cap = interior_cap(state, h)
    if len(present) >= cap:
        name = state.place_name(h)
        return "full", f"{name[:1].upper()}{name[1:]} already holds its limit of {cap} rail markers"
    if present.count(company) >= own_limit(state, company):
        return "shutout_limit", f"{c.name} already has {present.count(company)} rail markers {state.where(h)}"
    if company not in present and not any(company in state.side_rails.get(e, ())
                                          for e in state.board.sides_of(h)):
        return "not_connected", (f"{c.name} has no rail marker on a side of {state.where(h)}: "
                                 "track must be continuous")
    place = state.board.place(h)
    if place is not None and c.start is not None and distance(c.start, h) > c.train_level:
        return ("too_far", f"{place.name} is {distance(c.start, h)} hexes from {possessive(c.name)} start city, "
                           f"beyond its Train Level {c.train_level}")
    return None


def quote_side(state: "RegionalRailsState", company: int, e: EdgeId) -> Quote:
    if e not in state.board.sides:
        return Quote((), 0, "that hex side is not between two land hexes of the board", "off_board")
    lines = side_lines(state, company, e)
    return _finish(lines, _common_problem(state, company) or _side_problem(state, company, e),
                   state, company)


def _side_problem(state: "RegionalRailsState", company: int, e: EdgeId) -> tuple[str, str] | None:
    c = state.companies[company]
    present = state.side_rails.get(e, [])
    cap = side_cap(state, e)
    # the place's words (a search for the nearest landmark) only for a refusal
    if len(present) >= cap:
        return "full", f"The side {state.where(e)} already holds its limit of {cap} rail markers"
    if present.count(company) >= own_limit(state, company):
        return "shutout_limit", (f"{c.name} already has {present.count(company)} rail markers "
                                 f"on the side {state.where(e)}")
    a, b = edge_hexes(e)
    if company not in state.interior.get(a, ()) and company not in state.interior.get(b, ()):
        return ("not_connected", f"{c.name} needs a rail marker in the interior of a hex next to the "
                                 f"side {state.where(e)}: track must be continuous")
    return None


def buildable_interiors(state: "RegionalRailsState", company: int, hexes: Iterable[Hex]) -> list[Hex]:
    """The hexes among `hexes` whose interior quote_interior finds legal now,
    in order, worked out from the charts without a quote's lines and words:
    every Build phase's move list asks it of each hex of the network (the
    computer players' rollouts, thousands of times a decision)."""
    if _common_problem(state, company) is not None:
        return []
    c, board = state.companies[company], state.board
    chart, table = charts(board, c.name), rules().section("interior_costs")
    room = c.money - _surcharge_amount(state, company)
    limit = own_limit(state, company)
    charged, per_marker = _charged_stations(state, company), _marker_fee(state, company, table["per_marker"])
    out = []
    for h in hexes:
        present = state.interior.get(h, [])
        if h not in chart.interior or len(present) >= chart.interior_cap[h] or present.count(company) >= limit:
            continue
        if company not in present and not any(company in state.side_rails.get(e, ()) for e in board.sides_of(h)):
            continue
        if h in board.places and c.start is not None and distance(c.start, h) > c.train_level:
            continue
        if chart.interior[h] + table["station"] * (h in charged) + per_marker * len(present) <= room:
            out.append(h)
    return out


def buildable_sides(state: "RegionalRailsState", company: int, edges: Iterable[EdgeId]) -> list[EdgeId]:
    """The sides among `edges` that quote_side finds legal now, in order,
    worked out from the charts as buildable_interiors does."""
    if _common_problem(state, company) is not None:
        return []
    c = state.companies[company]
    chart, table = charts(state.board, c.name), rules().section("hexside_costs")
    room = c.money - _surcharge_amount(state, company)
    limit = own_limit(state, company)
    charged, per_marker = _charged_stations(state, company), _marker_fee(state, company, table["per_marker"])
    out = []
    for e in edges:
        present = state.side_rails.get(e, [])
        if e not in chart.side or len(present) >= chart.side_cap[e] or present.count(company) >= limit:
            continue
        a, b = edge_hexes(e)
        if company not in state.interior.get(a, ()) and company not in state.interior.get(b, ()):
            continue
        if chart.side[e] + table["station"] * ((a in charged) + (b in charged)) + per_marker * len(present) <= room:
            out.append(e)
    return out


def station_cost(state: "RegionalRailsState", company: int) -> int:
    perk = rules().company(state.companies[company].name).perk("station_cost", 0)
    return int(perk or rules().section("build")["station_cost"])


def quote_station(state: "RegionalRailsState", company: int, h: Hex) -> Quote:
    c = state.companies[company]
    cost = station_cost(state, company)
    lines = [CostLine("station", cost)]
    place = state.board.place(h)
    problem: tuple[str, str] | None = None
    if state.phase != BUILD or state.active != company:
        problem = ("not_build_phase", f"{c.name} may build a station only in its own Build phase")
    elif place is None or place.kind != CITY:
        problem = ("not_city", "stations go in cities only")
    elif state.turn.station_built:
        problem = ("station_turn", f"{c.name} has already built a station this turn")
    elif c.stations_left <= 0:
        problem = ("no_stations", f"{c.name} has no station markers left")
    elif h in state.stations:
        problem = ("station_taken", f"{place.name} already has a station of "
                                    f"{state.companies[state.stations[h]].name}")
    elif company not in state.interior.get(h, ()):
        problem = ("not_connected", f"{c.name} is not connected to {place.name}")
    return _finish(lines, problem, state, company)
