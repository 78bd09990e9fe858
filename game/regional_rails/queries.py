"""Read-only questions the UI (and the bots) ask a Regional Rails state.

Nothing here changes the state. "Company" defaults to the railroad whose turn
it is."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.hexgrid import EdgeId, Hex

from game.regional_rails import costs, phases
from game.regional_rails.data import rules
from game.regional_rails.placement import placement_problem
from game.regional_rails.state import BUILD, DIVIDENDS, END, INCOME, UPGRADE

if TYPE_CHECKING:
    from game.regional_rails.engine import RegionalRailsState

Quote = costs.Quote
CostLine = costs.CostLine


def _company(state: "RegionalRailsState", company: int | None) -> int:
    if company is not None:
        return company
    if state.active is None:
        raise ValueError("no railroad is taking a turn")
    return state.active


def quote_interior(state: "RegionalRailsState", h: Hex, company: int | None = None) -> Quote:
    """Cost of one rail marker in the interior of `h`, line by line, and why not."""
    return costs.quote_interior(state, _company(state, company), h)


def quote_side(state: "RegionalRailsState", e: EdgeId, company: int | None = None) -> Quote:
    """Cost of one rail marker on the hex side `e` (canonical edge id)."""
    return costs.quote_side(state, _company(state, company), e)


def quote_station(state: "RegionalRailsState", h: Hex, company: int | None = None) -> Quote:
    return costs.quote_station(state, _company(state, company), h)


def distance_area(state: "RegionalRailsState", company: int | None = None) -> list[Hex]:
    """Land hexes within the railroad's Train Level of its start city: the only
    towns and cities it may build into (rules.yaml build.distance)."""
    c = state.companies[_company(state, company)]
    return state.board.within(c.start, c.train_level) if c.start is not None else []


def income_preview(state: "RegionalRailsState", company: int | None = None) -> tuple[int, list[str]]:
    """The income the railroad would earn in its next Income phase, and its lines."""
    return phases.income_of(state, _company(state, company))


def connected_places(state: "RegionalRailsState", company: int | None = None) -> list[Hex]:
    co = _company(state, company)
    return [h for h in state.connected_hexes(co) if state.board.place(h) is not None]


def dividend_vp(state: "RegionalRailsState", amount: int) -> int:
    """VP the acting railroad gets for spending `amount` MB in this Dividends phase."""
    return phases.dividend_vp(state.turn.dividend_rolls, amount)


def development_places(state: "RegionalRailsState", kind: str) -> list[Hex]:
    """Free towns and cities where a development marker of `kind` may go now."""
    return state.development_spots(kind)


def development_problem(state: "RegionalRailsState", kind: str, h: Hex) -> str | None:
    """Why `kind` may not go on `h` now, or None."""
    if h in state.developments:
        return f"{state.place_name(h)} already has the development marker {state.developments[h]}"
    return placement_problem(state.board, rules().development(kind), h)


def legal_builds(state: "RegionalRailsState") -> tuple[list[Hex], list[EdgeId]]:
    """Interiors and sides the acting railroad may build on now (for highlighting)."""
    if state.phase != BUILD or state.active is None:
        return [], []
    co = state.active
    hexes, edges = state.build_candidates(co)
    return ([h for h in hexes if costs.quote_interior(state, co, h).legal],
            [e for e in edges if costs.quote_side(state, co, e).legal])


@dataclass(frozen=True)
class Offer:
    """The pending decision: phase, whose, and the numbers its dialog shows."""

    phase: str
    seat: int | None
    company: int | None
    limits: dict[str, Any] = field(default_factory=dict)


def phase_offer(state: "RegionalRailsState") -> Offer:
    """What the current phase offers (dialog contents for the UI)."""
    seat = state.current_player()
    co = state.active
    limits: dict[str, Any] = {}
    if co is None:
        if state.phase == "setup_roll":
            limits["roll_for"] = state.roll_for
        return Offer(state.phase, seat, None, limits)
    c = state.companies[co]
    limits["money"] = c.money
    if state.phase == BUILD:
        limits.update(built=state.turn.built, max_per_turn=rules().section("build")["max_per_turn"],
                      station_built=state.turn.station_built,
                      station_cost=costs.station_cost(state, co))
    elif state.phase == INCOME:
        limits.update(income=state.turn.income, loan_roll=state.turn.loan_roll,
                      loan_max=0 if state.turn.borrowed else state.turn.loan_roll,
                      invest_roll=state.turn.invest_roll,
                      stock_max=min(state.turn.invest_roll - state.turn.invested, c.money),
                      stock_targets=state.stock_targets(co))
    elif state.phase == DIVIDENDS:
        limits.update(dividend_rolls=state.turn.dividend_rolls, max=c.money)
    elif state.phase == UPGRADE:
        limits.update(upgrade_cost=state.upgrade_cost(co), upgrade_problem=state.upgrade_problem(co),
                      develop_problem=state.develop_problem(co),
                      dealer_dan_problem=state.dealer_dan_problem(co),
                      found_cost=rules().section("supply")["additional_railroad_cost"]
                      if state.options["additional_railroads"] else None)
    elif state.phase == END:
        limits.update(rob_targets=state.stock_targets(co))
    return Offer(state.phase, seat, co, limits)
