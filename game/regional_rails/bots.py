"""Computer players for Regional Rails.

- "random": a uniformly random legal action.
- "easy" / "normal": plans the cheapest track (Dijkstra over hex interiors,
  priced with the real cost charts: bot_paths.py) to the towns and cities that
  pay back most in the turns left (estimated from the turn limit and how fast
  the railroads use up their rail markers); builds stations where they pay;
  buys a Train Level when a target, or the few best places a higher level
  brings within reach, pay for its price and added upkeep, and the income
  still covers that upkeep after the obsolescence the next turns may bring;
  keeps the money the next connection (up to KEEP_CAP) and the upkeep need and buys the 3-
  and 2-VP dividend tiers with the rest; buys stock with money beyond that
  (three or more players, or Purple Pusher's); borrows only when the
  connection's income within a few turns repays the loan's VP twice, counting
  obsolescence (an income already at 0 gains less); spends everything in its
  last turn (keeping a Train Level that costs under 7 MB); places development
  markers where no rival is connected if it can; does not place its last rail
  marker while behind before round 20; with three or more players, from
  round 8, races to use up its rail markers when its lead is larger than
  what the race costs, and from round 12 spends its spare MB on rail markers
  when its railroad has the fewest left (ties included), so the game ends as
  the rules say rather than at the turn limit (in a duel racing loses). A railroad with nothing left to build at its
  Train Level buys the next one even when its income is small (else it
  would never build again). With Additional Railroads, a first railroad
  whose income can gather the price in a few turns, early enough, saves
  for a second one and founds it; an Additional Railroad never races.
  Companies are chosen by their worth on the map (terrain discounts
  counted on its rivers, mountains and towns, and the Silver Streak's
  free choice of the best city); starts by the towns and cities near them.
  "easy" plans with a shorter horizon, keeps less money for track, does none of the racing, driving or
  founding, misses what a free choice of city is worth and draws
  development markers on slimmer odds.
Other players' VP are read only as the game log shows them (every VP change
is a logged event); secret development markers are never read.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.actions import Action
from game.core.engine import Viewer
from game.core.hexgrid import Hex, distance
from game.core.turnmemory import TurnMemory

from game.regional_rails import actions as A
from game.regional_rails import bot_paths, costs, phases
from game.regional_rails.board import MOUNTAIN
from game.regional_rails.data import rules
from game.regional_rails.phases import upkeep_due
from game.regional_rails.placement import placement_problem

if TYPE_CHECKING:
    from game.regional_rails.board import Board
    from game.regional_rails.engine import RegionalRailsState

# What each company's ability is worth on an average map, in MB over a game (chosen from bot games:
# the order of the old fixed ranking, Golden Boy first); the map-dependent abilities add their savings.
COMPANY_WORTH = {"Golden Boy": 12.0, "Blue Lightning": 11.0, "Yellow Fellow Lines": 10.0, "Indigo Engines": 9.0,
                 "Green Machines": 8.0, "Red Runner": 7.0, "Blacks Tracks": 4.0, "Pink Puffer": 5.0,
                 "Grey Goose Express": 2.0, "White Wonder": 2.0, "Silver Streak": 3.0, "Purple Pusher": 1.0}
BUILDS_PER_GAME = 25  # (chosen) interior rail markers, and as many hex sides, a railroad builds in a game
START_MB = 8.0  # (chosen) MB over a game one point of start value is worth (Silver Streak's free choice of city)
START_REACH = 4  # towns and cities this many hexes away still count in a start's value
MB_VP = 2.5  # what one MB is worth in VP during the game (dividend tiers 3 and 2, stock 2)
DIVIDEND_DIE = 3.5  # the average dividend roll
RACE_FROM = 8  # the round from which a leading bot races to use up its rail markers
RACE_PER_TURN = 3  # rail markers a racing bot counts on placing per turn
RACE_MB_PER_MARKER = 1.0  # what a racing rail marker costs on average (1+1+2+3 MB for four a turn)
RACE_BUDGET = 8  # MB a racing bot keeps from its dividends for the next Build phase
DRIVE_FROM = 12  # with three or more players, from this round the bot closest to running out of RM spends on them
DRIVERS = 1  # ... "closest": fewer than this many railroads have fewer rail markers left (ties all drive)
FINISH_FROM = 20  # from this round a bot places its last rail marker even while behind
OBSOLESCENCE_LOOK = 6  # an upgrade's upkeep must stay covered through this many turns of obsolescence
HORIZON = 0.7  # share of the turns left a connection is valued over (easy: EASY_HORIZON); see KEEP_CAP
KEEP_CAP = 9  # most MB kept from dividends for the next connection (easy: EASY_KEEP_CAP). Measured against easy,
# seeds 1-100 both ways: 1.0 and 6 won 72%, 0.7 and 6 76%, 1.0 and 9 72%, 0.7 and 9 85% (a connection kept waiting costs
# more than the 3-VP dividends the money would buy; valued over fewer turns, far places and Train Levels wait)
LOOK_AHEAD = 3  # most Train Levels beyond the current one a bot plans to buy
DEVELOP_MARGIN = 3.0  # a drawn development marker must earn this many times its price (easy: EASY_DEVELOP_MARGIN)
# "easy" keeps the settings normal had before the KEEP_CAP measurement: normal beats it 85% of 100 duels
# (was 72% when both played them) and easy still beats random 100% of 20
EASY_HORIZON = 0.6  # share of the turns left easy values a connection over
EASY_KEEP_CAP = 6  # most MB easy keeps from dividends for the next connection
EASY_DEVELOP_MARGIN = 1.5  # easy draws a development marker that earns this many times its price
LOAN_TURNS = 6  # no loans with fewer turns left
FOUND_TURNS = 12  # an Additional Railroad is founded only with this many turns left ...
FOUND_SAVING = 4  # ... and saved for only when the net income gathers its price within this many turns
LOAN_MARGIN = 2  # a loan must pay back this many times its VP ...
LOAN_HORIZON = 8  # ... within this many turns (obsolescence eats later income)
TYCOON_RANK = ("Uncle Moneybags", "Boss Hawg", "City Slicker Sid", "Rob the Robber Baron", "Pick Axe Pete",
               "Philanthropic Phil", "Mike the Mechanic", "Boris the Banker", "Daddy Rawhide", "Fast Eddy",
               "Lester the Investor", "Dealer Dan", "Bob the Builder", "Bill the Bastard")


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)
        self.viewer = Viewer(seed)

    def choose(self, state: "RegionalRailsState") -> Action:
        return self.rnd.choice(self.viewer.view(state).legal_actions())


@dataclass(frozen=True)
class Plan:
    """The best target place and the first thing to build toward it."""

    target: Hex
    first: Action
    cost: int
    value: float


def track_key(markers: dict[Any, list[int]]) -> tuple[tuple[Any, tuple[int, ...]], ...]:
    """The rail markers where they stand, as a value to compare (the
    state's lists change in place as markers are added)."""
    return tuple((place, tuple(owners)) for place, owners in markers.items())


class PlannerBot:
    def __init__(self, seed: int, horizon_factor: float = HORIZON, keep_cap: int = KEEP_CAP, race: bool = True,
                 any_city: bool = True, develop_margin: float = DEVELOP_MARGIN) -> None:
        self.rnd = random.Random(seed)
        self.viewer = Viewer(seed)
        self.race = race  # races to the end when leading
        self.any_city = any_city  # sees what starting in any city is worth
        self.develop_margin = develop_margin
        self.horizon_factor = horizon_factor
        self.keep_cap = keep_cap  # most MB saved for building instead of buying dividends
        self._memo_key: tuple = ()
        self._memo: bot_paths.Routes = ({}, {})
        self._turn = TurnMemory()

    # Entry -------------------------------------------------------------------------

    def choose(self, state: "RegionalRailsState") -> Action:
        """The planned move, judged on what the seat may see (secret markers
        of others and the dice re-dealt), unless it brings back a state
        already seen this turn (a loop); then the first legal move that does not."""
        return self._turn.guard(state, self._planned(self.viewer.view(state)), state.legal_actions)

    def _planned(self, state: "RegionalRailsState") -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == "setup_company":
            return A.PickCompany(max((a.company for a in legal if isinstance(a, A.PickCompany)),
                                     key=lambda name: (company_worth(state.board, name, self.any_city), name)))
        if phase == "setup_tycoon":
            return A.PickTycoon(min((a.tycoon for a in legal if isinstance(a, A.PickTycoon)), key=TYCOON_RANK.index))
        if phase == "setup_start":
            starts = [a for a in legal if isinstance(a, A.PickStart)]
            return max(starts, key=lambda a: (start_value(state.board, (a.q, a.r)), -a.q, -a.r))
        dm = self._development(state, legal)
        if dm is not None:
            return dm
        return getattr(self, "_" + phase)(state, legal)

    # Valuation ------------------------------------------------------------------------

    def _turns_left(self, state: "RegionalRailsState") -> int:
        """Turns the game probably has left, this one included: the turn limit,
        or when the fastest railroad runs out of rail markers at its pace so far."""
        best = rules().raw["max_rounds"] - state.round + 1
        for c in state.companies:
            if c.turns_taken >= 3:
                pace = (state._rail_supply(c) - c.rail_left) / c.turns_taken
                best = min(best, math.ceil(c.rail_left / max(pace, 0.5)) + 1)
        return max(1, best)

    def _obsolescence_ahead(self, state: "RegionalRailsState", co: int) -> float:
        """Obsolescence tokens the railroad may expect over the next few turns
        (none in the game's first turns, when the event roll gets a bonus)."""
        first = rules().section("events")["first_turns"]
        chance = obsolescence_chance(state.companies[co].name)
        return chance * max(0, OBSOLESCENCE_LOOK - max(0, first - state.round + 1))

    def _place_income(self, state: "RegionalRailsState", co: int, h: Hex) -> float:
        inc = rules().section("income")
        place = state.board.place(h)
        if place is None:
            return 0.0
        value = float(inc[place.kind]) + (inc["development"] if h in state.developments else 0)
        if place.start and h != state.companies[co].start:
            value += inc["other_start_city"]
        return value

    # Track planning ----------------------------------------------------------------------

    def _costs_from(self, state: "RegionalRailsState", co: int) -> bot_paths.Routes:
        """Cheapest routes from the railroad's network, memoized on what
        bot_paths.routes reads: the board, the railroad, its tycoon (Bill the
        Bastard's marker limit), the rail markers themselves and the stations
        (not their counts: an undo and a build elsewhere, or another branch of
        a look-ahead, gives the same counts on other track); dice, money and
        Train Levels leave the routes as they are."""
        key = (id(state.board), co, state.companies[co].name, state.tycoon_of(co),
               track_key(state.interior), track_key(state.side_rails), tuple(state.stations.items()))
        if self._memo_key != key:
            self._memo_key, self._memo = key, bot_paths.remembered_routes(state, co, key)
        return self._memo

    def _value(self, state: "RegionalRailsState", co: int, h: Hex, cost: float, turns: float) -> float:
        """What connecting `h` for `cost` MB earns over `turns` turns, in MB."""
        value = self._place_income(state, co, h) * max(0.0, turns - 1 - cost / 6) - cost * 0.6
        if state.tycoon_of(co) in ("Boss Hawg", "City Slicker Sid"):
            value += 3
        return value

    def plan(self, state: "RegionalRailsState", co: int, ahead: int = 1) -> Plan | None:
        """The most valuable town or city to connect next, at most `ahead`
        Train Levels beyond the current one (the upgrade prices count as cost)."""
        c = state.companies[co]
        dist, prev = self._costs_from(state, co)
        turns = self._turns_left(state) * self.horizon_factor
        best: Plan | None = None
        for h in state.board.places:
            if h not in dist or co in state.interior.get(h, ()) or c.start is None:
                continue
            levels = distance(c.start, h) - c.train_level
            if levels > ahead:
                continue
            cost = dist[h] + self._level_price(c.train_level, max(0, levels))
            value = self._value(state, co, h, cost, turns)
            if value <= 0 or (best is not None and value <= best.value):
                continue
            step = self._first_step(state, co, h, prev)
            if step is not None:
                best = Plan(h, step, cost, value)
        return best

    @staticmethod
    def _level_price(level: int, more: int) -> int:
        per = rules().section("upgrade")["cost_per_level"]
        return sum(per * (level + k) for k in range(1, more + 1))

    def reach_plan(self, state: "RegionalRailsState", co: int) -> tuple[int, Plan] | None:
        """Whether buying more Train Levels pays: for 1 to LOOK_AHEAD more levels,
        the (at most three) best places they newly bring within reach, valued
        without the upgrade, against the levels' price and the upkeep they add
        over the turns left. Returns (levels, the best such place's plan)."""
        c = state.companies[co]
        if c.start is None:
            return None
        dist, prev = self._costs_from(state, co)
        turns = self._turns_left(state) * self.horizon_factor
        found: list[tuple[float, Hex]] = []
        for h in state.board.places:
            levels = distance(c.start, h) - c.train_level
            if h in dist and co not in state.interior.get(h, ()) and 0 < levels <= LOOK_AHEAD:
                found.append((self._value(state, co, h, dist[h], turns - levels), h))
        best: tuple[float, int, Hex] | None = None
        for k in range(1, LOOK_AHEAD + 1):
            vals = sorted(((v, h) for v, h in found if v > 0 and distance(c.start, h) <= c.train_level + k),
                          reverse=True)[:3]
            if not vals:
                continue
            gain = sum(v for v, _ in vals) - self._level_price(c.train_level, k) - k * max(0.0, turns - 1)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, k, vals[0][1])
        if best is None:
            return None
        step = self._first_step(state, co, best[2], prev)
        if step is None:
            return None
        return best[1], Plan(best[2], step, dist[best[2]], best[0])

    def _first_step(self, state: "RegionalRailsState", co: int, target: Hex, prev: dict[Hex, Hex]) -> Action | None:
        steps = bot_paths.steps_to(state, co, target, prev)
        return steps[0] if steps else None

    # Phases ----------------------------------------------------------------------------

    def _reserve(self, state: "RegionalRailsState", co: int) -> int:
        """Money to keep through the Build phase: the upkeep that this turn's
        income (which comes first) will not cover."""
        return max(0, upkeep_due(state, co) - phases.income_of(state, co)[0])

    def _quote(self, state: "RegionalRailsState", co: int, a: Action) -> costs.Quote:
        if isinstance(a, A.BuildSide):
            return costs.quote_side(state, co, (a.q, a.r, a.side))
        assert isinstance(a, A.BuildInterior), "the bot prices only builds"
        return costs.quote_interior(state, co, (a.q, a.r))

    def _build(self, state: "RegionalRailsState", legal: list[Action]) -> Action:
        co = state.active
        assert co is not None
        c = state.companies[co]
        if self.holds_last_marker(state, co):
            return A.EndPhase()
        reserve = self.build_reserve(state, co)
        plan = self.plan(state, co, ahead=0)
        if plan is not None and plan.first in set(legal):
            if c.money - self._quote(state, co, plan.first).total >= self.step_reserve(state, co, plan, reserve):
                return plan.first
        spare = c.money - reserve - (min(plan.cost, 8) if plan is not None else 0)
        for a in legal:  # a station pays 1 MB a turn: only with money to spare
            if isinstance(a, A.BuildStation) and self._turns_left(state) >= 6 and c.turns_taken >= 2:
                if spare >= costs.station_cost(state, co):
                    return a
        if self.racing(state, co) or self.driving(state, co):
            cheap = self._cheapest(state, co, legal)
            if cheap is not None and c.money - self._quote(state, co, cheap).total >= reserve:
                return cheap
        return A.EndPhase()

    def holds_last_marker(self, state: "RegionalRailsState", co: int) -> bool:
        """The last rail marker ends the game: not while behind, until the game is long."""
        return state.companies[co].rail_left <= 1 and self.lead(state, co) <= 0 and state.round < FINISH_FROM

    def build_reserve(self, state: "RegionalRailsState", co: int) -> int:
        """Money the Build phase leaves unspent: the upkeep the income will not
        cover, and the price of the Additional Railroad it saves for."""
        return self._reserve(state, co) + (self._found_cost() if self.founding(state, co) else 0)

    def step_reserve(self, state: "RegionalRailsState", co: int, plan: Plan, reserve: int) -> int:
        """The reserve a step of `plan` must leave: less the connection's
        income when the step connects (that income comes before the upkeep)."""
        if plan.first == A.BuildInterior(*plan.target):
            return max(0, reserve - int(self._place_income(state, co, plan.target)))
        return reserve

    def driving(self, state: "RegionalRailsState", co: int) -> bool:
        """With three or more players the leads are small and change hands, so
        racing alone seldom ends the game: from round DRIVE_FROM the railroads closest to
        running out of rail markers (fewer than DRIVERS others have fewer left)
        spend their spare MB on them, and the game ends as the rules say
        instead of at the turn limit. Only the closest: each MB spent so is a
        dividend VP given up."""
        if not self.race or len(state.seats) < 3 or state.round < DRIVE_FROM or state.companies[co].extra:
            return False  # an Additional Railroad, founded late with fewer markers, is not the one to end the game
        mine = state.companies[co].rail_left
        return sum(c.rail_left < mine for c in state.companies) < DRIVERS

    def racing(self, state: "RegionalRailsState", co: int) -> bool:
        """Race to the end (use up the rail markers) when the lead over the best
        rival is larger than a rough price of the race (its markers' MB as the
        dividend VP they would have bought), and the race can be run before the
        turn limit. A leader usually out-earns its rivals, so racing is for a
        lead that the race cannot cost. Never in a duel: measured, the rival's
        dividends over the turns the race cuts off are worth less than the
        dividends the race itself gives up (normal against easy, seeds 1-20:
        7% of duels won racing, 40% without)."""
        c = state.companies[co]
        if not self.race or len(state.seats) < 3 or state.round < RACE_FROM or c.extra:
            return False
        left = rules().raw["max_rounds"] - state.round + 1
        if c.rail_left > RACE_PER_TURN * left:
            return False
        return self.lead(state, co) > c.rail_left * RACE_MB_PER_MARKER * MB_VP

    def _cheapest(self, state: "RegionalRailsState", co: int, legal: list[Action]) -> Action | None:
        """The cheapest rail marker to place now (racing to use them up)."""
        builds = [a for a in legal if isinstance(a, (A.BuildSide, A.BuildInterior))]
        if not builds:
            return None
        return min(builds, key=lambda a: (self._quote(state, co, a).total, repr(a)))

    def _income(self, state: "RegionalRailsState", legal: list[Action]) -> Action:
        co = state.active
        assert co is not None
        if not state.turn.borrowed:
            loan = self._loan(state, co)
            if loan:
                return A.Borrow(loan)
        return self._stock(state, co) or A.EndPhase()

    def _loan(self, state: "RegionalRailsState", co: int) -> int:
        """Borrow what the next connection still needs when the income it brings
        over the turns left pays the loan's VP (3 per MB) back with a margin
        (early connections compound: their income builds the next ones); never
        late, and never for upkeep alone (an unpaid MB costs the same 3 VP)."""
        c = state.companies[co]
        turns = self._turns_left(state)
        plan = self.plan(state, co, ahead=0)
        if plan is None or turns < LOAN_TURNS:
            return 0
        need = min(state.turn.loan_roll, plan.cost + upkeep_due(state, co) - c.money)
        if need <= 0 or c.money + need < plan.cost:
            return 0
        now = phases.income_of(state, co)[0]
        gross = phases.gross_income(state, co)[0]  # obsolescence cannot take income below 0:
        gain = max(0.0, gross + self._place_income(state, co, plan.target) - c.obsolescence) - now  # what it adds
        payback = min(turns - 2, LOAN_HORIZON)
        if gain * payback * MB_VP >= LOAN_MARGIN * need * rules().section("money")["loan_vp"]:
            return need
        return 0

    def _stock(self, state: "RegionalRailsState", co: int) -> Action | None:
        """Money beyond the upkeep, the next connection and what the dividend dice
        will probably take at 3 and 2 VP buys stock at 2 VP per MB: Purple
        Pusher's (3 VP), else the weakest rival's; in a duel only Purple Pusher's,
        as the MB would strengthen the only rival."""
        c = state.companies[co]
        room = state.turn.invest_roll - state.turn.invested
        targets = state.stock_targets(co)
        pusher = [t for t in targets if rules().company(state.companies[t].name).perk("stock_bonus", 0)]
        if room <= 0 or not targets or (len(state.seats) < 3 and not pusher) or self.founding(state, co):
            return None
        phil = rules().section("money")["phil_bonus"] if state.tycoon_of(co) == "Philanthropic Phil" else 0
        keep = upkeep_due(state, co) + 2 * (DIVIDEND_DIE + phil)
        if not self.final_turn(state, co):
            plan = self.plan(state, co)
            keep += min(plan.cost, self.keep_cap) if plan is not None else 0
        excess = int(c.money - keep)
        if excess <= 0:
            return None
        target = pusher[0] if pusher else min(targets, key=lambda t: (self.estimate(state, state.companies[t].owner), t))
        return A.BuyStock(target, min(excess, room))

    def _dividends(self, state: "RegionalRailsState", legal: list[Action]) -> Action:
        """Buy the 3-VP tier every turn, the 2-VP tier when there is nothing to
        build or the end is near, everything in the last turn; keep what the next
        connection (or the race) costs and the upkeep the income will not cover
        (an unpaid MB costs 3 VP, as much as the best tier earns)."""
        co = state.active
        assert co is not None
        c = state.companies[co]
        d1, d2 = state.turn.dividend_rolls
        turns = self._turns_left(state)
        if self.final_turn(state, co):
            return A.BuyDividends(self._final_dividends(state, co))
        if turns <= 1:
            return A.BuyDividends(c.money)
        plan = self.plan(state, co)
        spare = max(0, c.money - self.dividend_keep(state, co, plan))
        if turns <= 2:
            amount = spare
        elif plan is None or turns <= 8:
            amount = min(spare, d1 + d2)
        else:
            amount = min(spare, d1)
        return A.BuyDividends(amount)

    def dividend_keep(self, state: "RegionalRailsState", co: int, plan: Plan | None) -> int:
        """MB the Dividends phase keeps: what the next connection costs (up to
        the keep cap) or the race's budget, the upkeep next turn's income will
        not cover, or the price of the Additional Railroad it saves for."""
        keep = min(plan.cost, self.keep_cap) if plan is not None else 0
        if self.racing(state, co) or self.driving(state, co):
            keep = max(keep, RACE_BUDGET)
        keep += self._reserve(state, co)
        if self.founding(state, co):
            keep = max(keep, self._found_cost() + self._reserve(state, co))
        return keep

    def _final_dividends(self, state: "RegionalRailsState", co: int) -> int:
        """Last turn: the 3- and 2-VP tiers first; then a Train Level (7 VP at the
        end) if the rest pays for it and it costs under 7 MB, else all at 1 VP."""
        c = state.companies[co]
        d1, d2 = state.turn.dividend_rolls
        cost = state.upgrade_cost(co)
        if (c.money - d1 - d2 >= cost and cost < rules().section("scoring")["train_level"]
                and state.upgrade_problem(co) is None):
            return c.money - cost
        return c.money

    def _upgrade(self, state: "RegionalRailsState", legal: list[Action]) -> Action:
        co = state.active
        assert co is not None
        c = state.companies[co]
        found = [a for a in legal if isinstance(a, A.FoundRailroad)]
        if self.founding(state, co):
            if found and c.money - self._reserve(state, co) >= self._found_cost():
                return best_founding(state.board, found)
            return A.EndPhase()  # every MB goes to the new railroad
        if A.Upgrade() in legal and self.upgrade_case(state, co) is not None:
            return A.Upgrade()
        if A.RemoveObsolescence() in legal and self._turns_left(state) >= 4:
            return A.RemoveObsolescence()
        if A.Develop() in legal and self._develop_pays(state, co):
            return A.Develop()
        return A.EndPhase()

    def upgrade_case(self, state: "RegionalRailsState", co: int) -> tuple[str, Hex | None] | None:
        """Why a Train Level is bought now, if it is: ("late", None) near the end
        where its 7 VP outweigh its price, ("final", None) in the last turn,
        or ("reach", place) when the best place it brings within reach pays
        for it and the income still covers the new upkeep. None: not bought."""
        c = state.companies[co]
        cost = state.upgrade_cost(co)
        turns = self._turns_left(state)
        late = turns <= 2 and 7 >= cost + turns
        now, later = self.plan(state, co, ahead=0), self.plan(state, co, ahead=1)
        worth = (later is not None and c.start is not None and distance(c.start, later.target) > c.train_level
                 and (now is None or later.value > now.value))
        target = later.target if worth and later is not None else None
        reach = self.reach_plan(state, co)
        if not worth and reach is not None and (now is None or reach[1].value > now.value):
            worth, target = True, reach[1].target
        income = phases.income_of(state, co)[0] if c.turns_taken else 0
        # the new upkeep stays paid, even after the obsolescence the next turns may bring; a railroad
        # with nothing left to build at its level buys the next one anyway, or it would never build again
        covered = now is None or income - self._obsolescence_ahead(state, co) >= c.train_level + 2
        final = self.final_turn(state, co) and cost < rules().section("scoring")["train_level"] * 2
        if late:
            return ("late", None)
        if final:
            return ("final", None)
        if worth and covered and turns >= 3:
            return ("reach", target)
        return None

    @staticmethod
    def _found_cost() -> int:
        return int(rules().section("supply")["additional_railroad_cost"])

    def founding(self, state: "RegionalRailsState", co: int) -> bool:
        """With Additional Railroads, a player's first railroad saves for a
        second one while the game has FOUND_TURNS turns left and its income can
        gather the price in FOUND_SAVING turns: a second railroad earns income
        and dividends of its own for the rest of the game."""
        c = state.companies[co]
        if not state.options.get("additional_railroads") or c.extra or not self.race:
            return False
        if any(o.owner == c.owner and o.extra for o in state.companies):
            return False
        income = phases.income_of(state, co)[0] - upkeep_due(state, co)
        need = self._found_cost() - c.money
        return self._turns_left(state) >= FOUND_TURNS and need <= max(0, income) * FOUND_SAVING

    def _develop_pays(self, state: "RegionalRailsState", co: int) -> bool:
        """Regional development pays when a random unused marker (as far as this
        player knows: not placed, not in its hand) probably fits one of its own
        free towns or cities early enough to earn back its price."""
        c = state.companies[co]
        cost = rules().section("upgrade")["development_cost"]
        spots = [h for h in state.connected_hexes(co)
                 if (p := state.board.place(h)) is not None and not p.start and h not in state.developments]
        unseen = [k for k in rules().developments
                  if k.kind not in state.developments.values() and k.kind not in c.developments]
        if not spots or not unseen or c.money - cost < self._reserve(state, co):
            return False
        fits = sum(1 for k in unseen if any(placement_problem(state.board, k, h) is None for h in spots))
        return fits / len(unseen) * (self._turns_left(state) - 2) > cost * self.develop_margin

    def _end(self, state: "RegionalRailsState", legal: list[Action]) -> Action:
        """Rob the Robber Baron robs the strongest rival."""
        robs = [a for a in legal if isinstance(a, A.Rob)]
        return max(robs, key=lambda a: (self.estimate(state, state.companies[a.company].owner), -a.company))

    def _development(self, state: "RegionalRailsState", legal: list[Action]) -> Action | None:
        """Place a marker on a connected town or city, preferring one no rival is
        connected to (a marker pays everyone connected)."""
        co = state.active
        if co is None:
            return None
        mine = set(state.connected_hexes(co))
        seat = state.companies[co].owner
        best = [a for a in legal if isinstance(a, A.PlaceDevelopment) and (a.q, a.r) in mine]
        if not best:
            return None

        def rivals(a: A.PlaceDevelopment) -> int:
            return sum(1 for x in state.interior.get((a.q, a.r), ()) if state.companies[x].owner != seat)
        return min(best, key=lambda a: (rivals(a), a.kind, a.q, a.r))

    # Reading the game --------------------------------------------------------------------

    def final_turn(self, state: "RegionalRailsState", co: int) -> bool:
        """True when the game surely ends at this turn's End phase."""
        if state.companies[co].rail_left <= 0 or phases.end_reason(state):
            return True
        return state.round >= rules().raw["max_rounds"]

    def estimate(self, state: "RegionalRailsState", seat: int) -> float:
        """A player's final score if the game ended now (public information)."""
        sc = rules().section("scoring")
        total = float(sc["sole_connection"] * phases.sole_connections(state, seat))
        for c in state.companies:
            if c.owner == seat:
                total += c.vp + sc["train_level"] * c.train_level + c.money / sc["cash_in_mb_per_vp"]
        return total

    def lead(self, state: "RegionalRailsState", co: int) -> float:
        """Own estimated score minus the best rival's."""
        seat = state.companies[co].owner
        others = [self.estimate(state, s) for s in range(len(state.seats)) if s != seat]
        return self.estimate(state, seat) - max(others, default=0.0)


def start_value(board: "Board", h: Hex) -> float:
    """What starting in `h` is worth: the towns (1) and cities (2) around it,
    each divided by the square of its distance. Measured in bot duels, a place
    two hexes away is worth about a quarter of a neighbour: it needs a Train
    Level (its price and a turn's upkeep ever after) and twice the track."""
    total = 0.0
    for p in board.places.values():
        d = distance(h, p.hex)
        if 0 < d <= START_REACH:
            total += (2 if p.is_city else 1) / d ** 2
    return total


def best_founding(board: "Board", found: list[A.FoundRailroad]) -> A.FoundRailroad:
    """The Additional Railroad worth founding: the best start, then the best company."""
    return max(found, key=lambda a: (start_value(board, (a.q, a.r)), company_worth(board, a.company), -a.q, -a.r))


def obsolescence_chance(name: str | None = None) -> float:
    """The chance that an Event roll gives railroad `name` an obsolescence
    event, its Event-roll bonus counted (None: a railroad without one), from
    the rules' event table."""
    table = rules()
    bonus = table.company(name).perk("event_bonus", 0) if name is not None else 0
    return sum(1 for k in range(1, 7) if table.event(k + bonus).obsolescence) / 6


def company_worth(board: "Board", name: str, any_city: bool = True) -> float:
    """A company's worth on this map: its ability's average worth, plus what
    the terrain discounts save over a game's builds on this map's share of
    rivers, mountains and towns/cities, and (with `any_city`; the easy player
    misses it) for a railroad that may start in any city, how much better the
    map's best city is than its best starting city."""
    company = rules().company(name)
    land = max(1, len(board.land))
    worth = COMPANY_WORTH.get(name, 0.0)
    if any_city and company.perk("any_city", False):
        best = max((start_value(board, p.hex) for p in board.cities()), default=0.0)
        worth += START_MB * max(0.0, best - max((start_value(board, h) for h in board.start_cities), default=0.0))
    worth += company.perk("river_discount", 0) * BUILDS_PER_GAME * len(board.rivers) / max(1, len(board.sides))
    mountains = sum(1 for h in board.land if board.terrain[h] == MOUNTAIN)
    worth += company.perk("mountain_discount", 0) * BUILDS_PER_GAME * mountains / land
    worth += company.perk("place_discount", 0) * BUILDS_PER_GAME * len(board.places) / land
    return worth


def make_bot(difficulty: str, seed: int = 0) -> RandomBot | PlannerBot:
    """A computer player: "random", "easy" or "normal"."""
    if difficulty == "random":
        return RandomBot(seed)
    if difficulty == "easy":
        return PlannerBot(seed, horizon_factor=EASY_HORIZON, keep_cap=EASY_KEEP_CAP, race=False, any_city=False,
                          develop_margin=EASY_DEVELOP_MARGIN)
    if difficulty == "normal":
        return PlannerBot(seed)
    raise ValueError(f"unknown difficulty {difficulty!r}: choose random, easy or normal")
