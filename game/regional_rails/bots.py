"""Computer players for Regional Rails.

- "random": a uniformly random legal action.
- "easy" / "normal": plans the cheapest track (Dijkstra over hex interiors,
  priced with the real cost charts) to the towns and cities that pay back most
  in the turns left, builds stations where they pay, keeps enough money for
  upkeep and the next build, buys the cheap dividend VP, upgrades when a target
  needs a longer reach or when the ×7 end score pays, and places its
  development markers on towns and cities it is connected to. "easy" plans
  with a shorter horizon and spends less well.
A bot never mutates the state it is given and never reads other players' VP.
"""
from __future__ import annotations

import heapq
import random
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from game.core.actions import Action
from game.core.hexgrid import EdgeId, Hex, distance, edge_id, neighbour

from game.regional_rails import actions as A
from game.regional_rails import costs, phases
from game.regional_rails.board import Board
from game.regional_rails.data import rules
from game.regional_rails.phases import upkeep_due
from game.regional_rails.state import TurnState

if TYPE_CHECKING:
    from game.regional_rails.engine import RegionalRailsState

COMPANY_RANK = ("Blue Lightning", "Yellow Fellow Lines", "Indigo Engines", "Green Machines", "Red Runner",
                "Blacks Tracks", "Pink Puffer", "Golden Boy", "Grey Goose Express", "White Wonder",
                "Silver Streak", "Purple Pusher")
TYCOON_RANK = ("Uncle Moneybags", "Boss Hawg", "City Slicker Sid", "Rob the Robber Baron", "Pick Axe Pete",
               "Philanthropic Phil", "Mike the Mechanic", "Boris the Banker", "Daddy Rawhide", "Fast Eddy",
               "Lester the Investor", "Dealer Dan", "Bob the Builder", "Bill the Bastard")


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)

    def choose(self, state: "RegionalRailsState") -> Action:
        return self.rnd.choice(state.legal_actions())


@dataclass(frozen=True)
class Plan:
    """The best target place and the first thing to build toward it."""

    target: Hex
    first: Action
    cost: int
    value: float


class PlannerBot:
    def __init__(self, seed: int, horizon_factor: float = 1.0, keep_cap: int = 6) -> None:
        self.rnd = random.Random(seed)
        self.horizon_factor = horizon_factor
        self.keep_cap = keep_cap  # most MB saved for building instead of buying dividends
        self._memo_key: tuple = ()
        self._memo: tuple[dict[Hex, int], dict[Hex, Hex]] = ({}, {})

    # Entry -------------------------------------------------------------------------

    def choose(self, state: "RegionalRailsState") -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == "setup_company":
            return A.PickCompany(min((a.company for a in legal), key=COMPANY_RANK.index))  # type: ignore[attr-defined]
        if phase == "setup_tycoon":
            return A.PickTycoon(min((a.tycoon for a in legal), key=TYCOON_RANK.index))  # type: ignore[attr-defined]
        if phase == "setup_start":
            return max(legal, key=lambda a: (self._start_value(state, (a.q, a.r)), -a.q, -a.r))  # type: ignore[attr-defined]
        dm = self._development(state, legal)
        if dm is not None:
            return dm
        return getattr(self, "_" + phase)(state, legal)

    # Valuation ------------------------------------------------------------------------

    def _turns_left(self, state: "RegionalRailsState") -> int:
        max_rounds = rules().raw["max_rounds"]
        least_rail = min(c.rail_left for c in state.companies)
        return max(1, min(max_rounds - state.round + 1, least_rail // 3 + 1))

    def _place_income(self, state: "RegionalRailsState", co: int, h: Hex) -> float:
        inc = rules().section("income")
        place = state.board.place(h)
        if place is None:
            return 0.0
        value = float(inc[place.kind]) + (inc["development"] if h in state.developments else 0)
        if place.start and h != state.companies[co].start:
            value += inc["other_start_city"]
        return value

    def _start_value(self, state: "RegionalRailsState", h: Hex) -> float:
        total = 0.0
        for p in state.board.places.values():
            d = distance(h, p.hex)
            if 0 < d <= 4:
                total += (2 if p.is_city else 1) / d
        return total

    # Track planning ----------------------------------------------------------------------

    def _costs_from(self, state: "RegionalRailsState", co: int) -> tuple[dict[Hex, int], dict[Hex, Hex]]:
        """Dijkstra over hex interiors from the railroad's network, priced with the
        cost charts (markers present and station fees included, no turn surcharges).
        Memoized for the decision being made."""
        key = (id(state), state.rng.draws, co, len(state.interior), len(state.side_rails),
               sum(map(len, state.interior.values())), sum(map(len, state.side_rails.values())),
               len(state.stations), tuple(c.train_level for c in state.companies))
        if self._memo_key != key:
            self._memo_key, self._memo = key, self._dijkstra(state, co)
        return self._memo

    def _dijkstra(self, state: "RegionalRailsState", co: int) -> tuple[dict[Hex, int], dict[Hex, Hex]]:
        table = _static(state.board, state.companies[co].name)
        per_marker = 0 if rules().company(state.companies[co].name).perk("no_marker_charge", False) else 1
        foreign = {h for h, owner in state.stations.items() if owner != co}
        limit = costs.own_limit(state, co)
        dist: dict[Hex, int] = {h: 0 for h in state.connected_hexes(co)}
        prev: dict[Hex, Hex] = {}
        heap = [(0, h) for h in dist]
        heapq.heapify(heap)
        while heap:
            d, h = heapq.heappop(heap)
            if d > dist.get(h, 1 << 30):
                continue
            for n, e in table.links[h]:
                side = state.side_rails.get(e, ())
                if co in side:
                    step = 0
                elif len(side) >= table.side_cap[e] or side.count(co) >= limit:
                    continue
                else:
                    step = table.side_cost[e] + per_marker * len(side) + (h in foreign) + (n in foreign)
                inner = state.interior.get(n, ())
                if co not in inner:
                    if len(inner) >= table.interior_cap[n]:
                        continue
                    step += table.interior_cost[n] + per_marker * len(inner) + (n in foreign)
                nd = d + step
                if nd < dist.get(n, 1 << 30):
                    dist[n], prev[n] = nd, h
                    heapq.heappush(heap, (nd, n))
        return dist, prev

    def plan(self, state: "RegionalRailsState", co: int, ahead: int = 1) -> Plan | None:
        """The most valuable town or city to connect next, at most `ahead`
        Train Levels beyond the current one (the upgrade price counts as cost)."""
        c = state.companies[co]
        dist, prev = self._costs_from(state, co)
        turns = self._turns_left(state) * self.horizon_factor
        best: Plan | None = None
        for h in state.board.places:
            if h not in dist or co in state.interior.get(h, ()) or c.start is None:
                continue
            reach = distance(c.start, h)
            if reach > c.train_level + ahead:
                continue
            cost = dist[h] + (2 * (c.train_level + 1) if reach > c.train_level else 0)
            value = self._place_income(state, co, h) * max(0.0, turns - 1 - cost / 6) - cost * 0.6
            if state.tycoon_of(co) in ("Boss Hawg", "City Slicker Sid"):
                value += 3
            if value <= 0 or (best is not None and value <= best.value):
                continue
            step = self._first_step(state, co, h, prev)
            if step is not None:
                best = Plan(h, step, cost, value)
        return best

    def _first_step(self, state: "RegionalRailsState", co: int, target: Hex, prev: dict[Hex, Hex]) -> Action | None:
        path = [target]
        while path[-1] in prev:
            path.append(prev[path[-1]])
        path.reverse()
        for a, b in zip(path, path[1:]):
            k = next(k for k in range(6) if neighbour(a, k) == b)
            e = edge_id(a, k)
            if co not in state.side_rails.get(e, ()):
                return A.BuildSide(*e)
            if co not in state.interior.get(b, ()):
                return A.BuildInterior(*b)
        return None

    # Phases ----------------------------------------------------------------------------

    def _reserve(self, state: "RegionalRailsState", co: int) -> int:
        """Money to keep through the Build phase: the upkeep that this turn's
        income (which comes first) will not cover."""
        return max(0, upkeep_due(state, co) - phases.income_of(state, co)[0])

    def _build(self, state: "RegionalRailsState", legal: list[Action]) -> Action:
        co = state.active
        assert co is not None
        c = state.companies[co]
        plan = self.plan(state, co, ahead=0)
        if plan is not None and plan.first in set(legal):
            first = plan.first
            quote = (costs.quote_side(state, co, (first.q, first.r, first.side))  # type: ignore[attr-defined]
                     if isinstance(first, A.BuildSide)
                     else costs.quote_interior(state, co, (first.q, first.r)))  # type: ignore[attr-defined]
            if c.money - quote.total >= self._reserve(state, co):
                return first
        spare = c.money - self._reserve(state, co) - (min(plan.cost, 8) if plan is not None else 0)
        for a in legal:  # a station pays 1 MB a turn: only with money to spare
            if isinstance(a, A.BuildStation) and self._turns_left(state) >= 6 and c.turns_taken >= 2:
                if spare >= costs.station_cost(state, co):
                    return a
        return A.EndPhase()

    def _income(self, state: "RegionalRailsState", legal: list[Action]) -> Action:
        """Borrow only what the next connection needs (a town or city pays back
        its loan's 3 VP per MB many times over)."""
        co = state.active
        assert co is not None
        c = state.companies[co]
        if self._turns_left(state) <= 2:
            return self._late_stock(state, co)
        if state.turn.borrowed or self._turns_left(state) < 6:
            return A.EndPhase()
        plan = self.plan(state, co, ahead=0)
        if plan is None:
            return A.EndPhase()
        need = min(plan.cost, 6) + upkeep_due(state, co) - c.money
        amount = min(need, state.turn.loan_roll)
        return A.Borrow(amount) if amount > 0 else A.EndPhase()

    def _late_stock(self, state: "RegionalRailsState", co: int) -> Action:
        """Near the end, money beyond what the dividend dice can take at 2-3 VP
        buys stock at 2 VP per MB, from the railroad with the fewest connections."""
        c = state.companies[co]
        room = min(state.turn.invest_roll - state.turn.invested, c.money - 8)
        targets = state.stock_targets(co)
        if room <= 0 or not targets:
            return A.EndPhase()
        target = min(targets, key=lambda t: (len(state.connected_hexes(t)), t))
        return A.BuyStock(target, room)

    def _dividends(self, state: "RegionalRailsState", legal: list[Action]) -> Action:
        """Buy the 3-VP tier every turn, the 2-VP tier when there is nothing to
        build or the end is near, everything in the last turn; keep what the next
        connection costs."""
        co = state.active
        assert co is not None
        c = state.companies[co]
        d1, d2 = state.turn.dividend_rolls
        turns = self._turns_left(state)
        if turns <= 1:
            return A.BuyDividends(c.money)
        plan = self.plan(state, co)
        keep = min(plan.cost, self.keep_cap) if plan is not None else 0
        spare = max(0, c.money - keep)
        if turns <= 2:
            amount = spare
        elif plan is None or turns <= 8:
            amount = min(spare, d1 + d2)
        else:
            amount = min(spare, d1)
        return A.BuyDividends(amount)

    def _upgrade(self, state: "RegionalRailsState", legal: list[Action]) -> Action:
        co = state.active
        assert co is not None
        c = state.companies[co]
        if A.Upgrade() in legal:
            cost = state.upgrade_cost(co)
            turns = self._turns_left(state)
            late = turns <= 2 and 7 >= cost + turns
            now, later = self.plan(state, co, ahead=0), self.plan(state, co, ahead=1)
            worth = (later is not None and c.start is not None and distance(c.start, later.target) > c.train_level
                     and (now is None or later.value > now.value))
            income = phases.income_of(state, co)[0] if c.turns_taken else 0
            covered = income >= c.train_level + 2  # the new upkeep stays paid
            if late or (worth and covered and turns >= 3):
                return A.Upgrade()
        if A.RemoveObsolescence() in legal and self._turns_left(state) >= 4:
            return A.RemoveObsolescence()
        found = [a for a in legal if isinstance(a, A.FoundRailroad)]
        if found and c.money >= 30 and self._turns_left(state) >= 10:
            return max(found, key=lambda a: (self._start_value(state, (a.q, a.r)),
                                             -COMPANY_RANK.index(a.company), -a.q, -a.r))
        return A.EndPhase()

    def _end(self, state: "RegionalRailsState", legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (len(state.connected_hexes(a.company)), -a.company))  # type: ignore[attr-defined]

    def _development(self, state: "RegionalRailsState", legal: list[Action]) -> Action | None:
        co = state.active
        if co is None:
            return None
        mine = set(state.connected_hexes(co))
        best = [a for a in legal if isinstance(a, A.PlaceDevelopment) and (a.q, a.r) in mine]
        return best[0] if best else None


@dataclass(frozen=True)
class _Table:
    """What never changes on a board for one company: chart prices of every
    interior and side on an empty board, caps, and the land links."""

    board: Board
    interior_cost: dict[Hex, int]
    side_cost: dict[EdgeId, int]
    interior_cap: dict[Hex, int]
    side_cap: dict[EdgeId, int]
    links: dict[Hex, list[tuple[Hex, EdgeId]]]


_TABLES: dict[tuple[int, str], _Table] = {}


def _static(board: Board, company: str) -> _Table:
    key = (id(board), company)
    table = _TABLES.get(key)
    if table is None or table.board is not board:
        empty: Any = SimpleNamespace(board=board, companies=[SimpleNamespace(name=company)], interior={},
                                     side_rails={}, stations={}, turn=TurnState(built=0))
        links = {h: [(neighbour(h, k), edge_id(h, k)) for k in range(6) if neighbour(h, k) in board.land]
                 for h in board.land}
        table = _Table(board,
                       {h: sum(x.amount for x in costs.interior_lines(empty, 0, h)) for h in board.land},
                       {e: sum(x.amount for x in costs.side_lines(empty, 0, e)) for e in board.sides},
                       {h: costs.interior_cap(empty, h) for h in board.land},
                       {e: costs.side_cap(empty, e) for e in board.sides}, links)
        _TABLES[key] = table
    return table


def make_bot(difficulty: str, seed: int = 0) -> RandomBot | PlannerBot:
    """A computer player: "random", "easy" or "normal"."""
    if difficulty == "random":
        return RandomBot(seed)
    if difficulty == "easy":
        return PlannerBot(seed, horizon_factor=0.6)
    if difficulty == "normal":
        return PlannerBot(seed)
    raise ValueError(f"unknown difficulty {difficulty!r}: choose random, easy or normal")
