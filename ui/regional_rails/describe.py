"""Words and previews for the board: place and side names, the cost card of
a place (from the rules' own quotes), the Train Level outline, tooltips."""
from __future__ import annotations

from typing import Any

from game.core.hexgrid import edge_hexes, edge_id, neighbour
from game.regional_rails import costs, queries
from game.regional_rails.data import rules

from ui.regional_rails import geometry as geo
from ui.regional_rails.render import Preview

ROLL_PURPOSES = {"company": "the order of picking railroads", "start": "the order of picking start cities",
                 "tycoon": "the order of picking tycoons", "turn": "the turn order"}


def sentence(text: str) -> str:
    """`text` with a capital first letter and a final full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def short_name(state: Any, h) -> str:
    """A place name, or the terrain of a hex without one ("forest hex")."""
    place = state.board.place(h)
    return place.name if place else f"{state.board.terrain.get(h, 'off-board')} hex"


def target_title(state: Any, t: geo.Target) -> str:
    if t.kind == "interior":
        place = state.board.place(t.hex)
        what = f"{place.name} ({'starting city' if place.start else place.kind})" if place else \
            f"{state.board.terrain.get(t.hex, 'off-board')} hex"
        return f"Rail marker in {what}"
    a, b = edge_hexes(t.side)
    return f"Rail marker on the side {short_name(state, a)} – {short_name(state, b)}"


def build_preview(state: Any, target: geo.Target) -> Preview:
    """The cost card of a place for the railroad whose turn it is."""
    co = state.active
    if co is None:
        return Preview(target, target_title(state, target), reason="Nothing can be built during setup.")
    if target.kind == "interior":
        quote = queries.quote_interior(state, target.hex)
    else:
        quote = queries.quote_side(state, target.side)
    lines = []
    for line in quote.lines:
        label = sentence(line.label).rstrip(".")
        if line.payee is not None:
            label += f" (to {state.companies[line.payee].name})"
        lines.append((label, line.amount))
    station = None
    if target.kind == "interior":
        place = state.board.place(target.hex)
        if place is not None and place.is_city:
            sq = queries.quote_station(state, target.hex)
            station = sq.total if sq.legal else None
    return Preview(target, target_title(state, target), quote.total, tuple(lines),
                   "" if quote.legal else sentence(quote.problem or ""), station_cost=station)


def limit_outline(state: Any, company: int) -> tuple[tuple, frozenset]:
    """Edges around the Train Level area of a railroad, and the towns and
    cities outside it (where it may not build)."""
    if state.companies[company].start is None:
        return (), frozenset()
    board = state.board
    inside = set(queries.distance_area(state, company))
    edges = tuple(edge_id(h, d) for h in sorted(inside) for d in range(6)
                  if neighbour(h, d) not in inside and neighbour(h, d) in board.land)
    far = frozenset(h for h in board.places if h not in inside)
    return edges, far


def describe_target(state: Any, target: geo.Target) -> str:
    """Tooltip text for a hex interior or side: what is there and who built."""
    if target.kind == "side":
        parts, rails, cap = _side_parts(state, target.edge)
    else:
        parts, rails, cap = _interior_parts(state, target.hex)
    text = ", ".join(parts) + "."
    if cap:
        built = ", ".join(state.companies[i].name for i in rails) if rails else "none"
        text += f" Rail markers {len(rails)}/{cap}: {built}."
    return text


def _side_parts(state: Any, e) -> tuple[list[str], tuple, int]:
    board = state.board
    a, b = edge_hexes(e)
    parts = [f"Side {short_name(state, a)} – {short_name(state, b)}"]
    if e in board.rivers:
        parts.append("river")
    if e not in board.sides:
        parts.append("not buildable (sea or board edge)")
        return parts, (), 0
    return parts, tuple(state.side_rails.get(e, ())), costs.side_cap(state, e)


def _interior_parts(state: Any, h) -> tuple[list[str], tuple, int]:
    board = state.board
    place = board.place(h)
    terrain = board.terrain[h]
    if place is None:
        parts = [f"{terrain.capitalize()} hex"]
    else:
        kind = "starting city" if place.start else place.kind
        parts = [f"{place.name}: {kind}" + (f" in {terrain}" if terrain != "plains" else "")]
    if h in board.coastal:
        parts.append("coastal")
    if board.river_sides(h):
        parts.append(f"river on {board.river_sides(h)} side(s)")
    if h in state.stations:
        parts.append(f"station of {state.companies[state.stations[h]].name}")
    if h in state.developments:
        bonus = rules().section("income")["development"]
        parts.append(f"development marker {state.developments[h]} (+{bonus} MB)")
    if terrain == "sea":
        return parts, (), 0
    return parts, tuple(state.interior.get(h, ())), costs.interior_cap(state, h)


STATUS = {
    "setup_company": "Pick your railroad company.",
    "setup_start": "Pick your starting city: click it on the map or in the list.",
    "setup_tycoon": "Pick your tycoon.",
    "build": "Click a hex side or interior marked in your colour to see its cost, or end the Build phase.",
    "income": "Take a loan or buy stock if you like, then continue.",
    "dividends": "Choose how many MB to turn into VP.",
    "upgrade": "Upgrade your Train Level, buy a development marker, or end your turn.",
    "end": "Rob the Robber Baron: pick a railroad to steal 1 VP from.",
}


def status_line(state: Any, human: bool, dm_kind: str | None) -> str:
    """One line telling the player at the screen what to do next."""
    if state.is_terminal():
        return f"Game over: {state.end_reason}."
    if not human:
        return "A computer player is playing."
    if dm_kind:
        return f"Place your {dm_kind}: click a highlighted town or city (right-click cancels)."
    if state.phase == "setup_roll":
        return "Roll the dice to decide " + ROLL_PURPOSES.get(state.roll_for, "the order") + "."
    return STATUS.get(state.phase, "")
