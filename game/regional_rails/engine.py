"""The Regional Rails game state: setup, the seven phases, money phases,
development markers, options, end and scoring (rules: shared/rules/003).

Every choice is an explicit pending decision: ``phase`` says which, and
``legal_actions()`` lists them. Dice are rolled by ``self.rng`` only.
"""
from __future__ import annotations

from typing import Any, Sequence

from game.core.actions import Action
from game.core.decks import redeal
from game.core.engine import GameState, OptionSpec, Score, Seat
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.hexgrid import EdgeId, Hex, edge_hexes
from game.core.rng import Rng
from game.core.words import counted

from game.regional_rails import actions as A
from game.regional_rails import phases
from game.regional_rails.board import CITY, FOREST, MOUNTAIN, TOWN, Board
from game.regional_rails.costs import (
    buildable_interiors, buildable_sides, interior_cap, quote_interior, quote_side, quote_station)
from game.regional_rails.data import rules
from game.regional_rails.events import (
    CompanyPicked, DevelopmentDrawn, DevelopmentPlaced, DevelopmentsDealt, GameEnded, LevelRaised,
    OrderDecided, PhaseBegan, RailBuilt, RailroadFounded, StartPicked, StationBuilt, StockBought,
    TycoonPicked, VpChanged)
from game.regional_rails.maps import board_for
from game.regional_rails.placement import legal_places, placement_problem
from game.regional_rails.state import (
    BUILD, DIVIDENDS, END, INCOME, OVER, SETUP_COMPANY, SETUP_START, SETUP_TYCOON, UPGRADE,
    CompanyState, TurnState, edge_key, hex_key, parse_edge, parse_hex)

SETUP_ROLL = "setup_roll"
UNCLE_MONEYBAGS = 7  # extra MB (tycoon list)
BOB_STATIONS = 2  # extra stations (tycoon list)
TURN_DECISIONS = (BUILD, INCOME, DIVIDENDS, UPGRADE, END)
ROLL_PURPOSES = {"company": "picking railroads", "start": "picking start cities", "tycoon": "picking tycoons",
                 "turn": "turn order"}  # what a setup roll decides, by `roll_for`


class RegionalRailsState(GameState):
    game_id = "regional_rails"
    action_namespaces = ("regional",)
    title = "Regional Rails"
    min_players = 2
    max_players = 6
    has_hidden_information = True
    option_specs = (
        OptionSpec("map", "Map", "choice", "authored", ("authored", "random"),
                   "The authored map, or a fair random map made from the game's seed."),
        OptionSpec("tycoons", "Tycoons", "bool", False, (),
                   "Each player also picks one of 14 tycoons, in die-roll order."),
        OptionSpec("additional_railroads", "Additional Railroads", "bool", False, (),
                   "In the Upgrade phase a railroad may pay 25 MB to found an extra company."),
    )

    # Construction ----------------------------------------------------------------

    def __init__(self, options: dict[str, Any], seats: Sequence[Seat], board: Board, map_seed: int,
                 rng: Rng) -> None:
        rules()  # read and check rules.yaml now (MapError), not at the first move that needs a value
        self.options = dict(options)
        self.seats = list(seats)
        self.board = board
        self.map_seed = map_seed
        self.rng = rng
        self.companies: list[CompanyState] = []
        self.tycoons: list[str | None] = [None] * len(self.seats)
        self.interior: dict[Hex, list[int]] = {}
        self.side_rails: dict[EdgeId, list[int]] = {}
        self.stations: dict[Hex, int] = {}
        self.developments: dict[Hex, str] = {}
        self.dm_pool: list[str] = []
        self.phase = SETUP_ROLL
        self.roll_for = "company"
        self.pick_order: list[int] = []
        self.pick_index = 0
        self.turn_order: list[int] = []
        self.turn_index = 0
        self.round = 0
        self.active: int | None = None
        self.turn = TurnState()
        self.end_reason = ""

    @classmethod
    def new_game(cls, options: dict[str, Any], seed: int, seats: Sequence[Seat]) -> "RegionalRailsState":
        if not cls.min_players <= len(seats) <= cls.max_players:
            raise ValueError(f"Regional Rails is for {cls.min_players}-{cls.max_players} players, not {len(seats)}")
        opts = {spec.key: options.get(spec.key, spec.default) for spec in cls.option_specs}
        if opts["map"] not in ("authored", "random"):
            raise ValueError(f"unknown map {opts['map']!r}: choose authored or random")
        map_seed = int(seed) & 0xFFFFFFFF
        return cls(opts, seats, board_for(opts["map"], map_seed), map_seed, Rng(seed))

    # Small helpers ------------------------------------------------------------------

    def tycoon_of(self, company: int) -> str | None:
        return self.tycoons[self.companies[company].owner]

    def main_company(self, seat: int) -> int | None:
        for c in self.companies:
            if c.owner == seat and not c.extra:
                return c.index
        return None

    def place_name(self, h: Hex) -> str:
        """A town's or city's name, else the hex by the nearest one
        ("the plains hex 2 hexes south-east of Ashcombe"): words a player
        finds on the map, which prints no coordinates."""
        p = self.board.place(h)
        if p:
            return p.name
        terrain = self.board.terrain.get(h, "off-board")
        near = self.board.landmark(h)
        if near is None:
            return f"the {terrain} hex {h[0]},{h[1]}"
        place, steps, way = near
        return f"the {terrain} hex {f'{steps} hexes ' if steps > 1 else ''}{way} of {place.name}"

    def where(self, place: Hex | EdgeId) -> str:
        """Words for a building place, used in messages and the log."""
        if len(place) == 2:
            return f"in {self.place_name(place)}"
        a, b = edge_hexes(place)
        return f"between {self.place_name(a)} and {self.place_name(b)}"

    def connected_hexes(self, company: int) -> list[Hex]:
        return sorted(h for h, cos in self.interior.items() if company in cos)

    def _acting(self) -> CompanyState:
        assert self.active is not None
        return self.companies[self.active]

    def _refuse(self, code: str, message: str) -> None:
        raise IllegalAction(code, message)

    # Contract ------------------------------------------------------------------------

    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == SETUP_ROLL:
            return 0
        if self.phase in (SETUP_COMPANY, SETUP_START, SETUP_TYCOON):
            return self.pick_order[self.pick_index]
        return self._acting().owner

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[Score]:
        return phases.final_scores(self)

    def hidden_from(self, seat: int) -> bool:
        return self.phase != OVER

    def hidden_text(self) -> str:
        return "Victory points and unplaced secret development markers are hidden; money, track and stocks are open."

    def advice(self, action: Action) -> str | None:
        """A money-phase choice said as advice to the railroad on turn (a hint's
        words), where the log lines it causes would not say it: a loan, stock,
        dividends, or passing on them; a setup roll without its result (the
        hint rolls on a guessed future: its dice are not the ones to come).
        None for the others."""
        if isinstance(action, A.RollDice):
            return f"Roll the dice for {ROLL_PURPOSES[self.roll_for]}"
        c = self._acting() if self.active is not None else None
        if c is None:
            return None
        m = rules().section("money")
        if isinstance(action, A.Borrow):
            return f"Borrow {action.amount} MB (−{action.amount * m['loan_vp']} VP)"
        if isinstance(action, A.BuyStock):
            target = self.companies[action.company]
            per = m["stock_vp"] + rules().company(target.name).perk("stock_bonus", 0)
            return f"Buy {action.amount} stock of {target.name} (+{action.amount * per} VP)"
        if isinstance(action, A.BuyDividends):
            if not action.amount:
                return f"Buy no dividends and keep the {c.money} MB"
            vp = phases.dividend_vp(self.turn.dividend_rolls, action.amount)
            return f"Spend {action.amount} MB on dividends for {vp} VP"
        if isinstance(action, A.EndPhase):
            return {BUILD: "End the Build phase", INCOME: "Take no loan or more stock and go on",
                    UPGRADE: "End the turn"}.get(self.phase)
        return None

    def progress(self) -> float:
        if self.phase == OVER:
            return 1.0
        if not self.companies or self.round == 0:
            return 0.0
        rails = max(1 - c.rail_left / max(1, self._rail_supply(c)) for c in self.companies)
        cities = [h for h, p in self.board.places.items() if p.is_city]
        built = sum(1 for h in cities if self.interior.get(h)) / max(1, len(cities))
        return min(1.0, max(self.round / rules().raw["max_rounds"], rails, built ** 3))

    def _rail_supply(self, c: CompanyState) -> int:
        s = rules().section("supply")
        if c.extra:  # "These extra railroads can have a max of 4 Stations and 40 RM": no perk raises it
            return int(s["extra_rail_markers"])
        return s["rail_markers"] + rules().company(c.name).perk("extra_rail", 0)

    # Legal actions -------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == SETUP_ROLL:
            return [A.RollDice()]
        if self.phase == SETUP_COMPANY:
            taken = {c.name for c in self.companies}
            return [A.PickCompany(n) for n in rules().company_names if n not in taken]
        if self.phase == SETUP_START:
            return [A.PickStart(*h) for h in self.start_choices(self.pick_order[self.pick_index])]
        if self.phase == SETUP_TYCOON:
            return [A.PickTycoon(t) for t in rules().tycoon_names if t not in self.tycoons]
        out: list[Action] = getattr(self, f"_legal_{self.phase}")()
        return out + self.development_moves()  # "A player may place one of his DM whenever he likes."

    def _legal_build(self) -> list[Action]:
        co = self._acting().index
        out: list[Action] = [A.EndPhase()]
        hexes, edges = self.build_candidates(co)
        out += [A.BuildInterior(*h) for h in buildable_interiors(self, co, hexes)]
        out += [A.BuildSide(*e) for e in buildable_sides(self, co, edges)]
        out += [A.BuildStation(*h) for h in self.connected_hexes(co) if quote_station(self, co, h).legal]
        return out

    def build_candidates(self, company: int) -> tuple[list[Hex], list[EdgeId]]:
        """Interiors and sides next to the railroad's network (not yet checked)."""
        mine = self.connected_hexes(company)
        edges = sorted({e for h in mine for e in self.board.sides_of(h)})
        hexes = set(mine)
        for e, cos in self.side_rails.items():
            if company in cos:
                hexes.update(edge_hexes(e))
        return sorted(h for h in hexes if h in self.board.land), edges

    def _legal_income(self) -> list[Action]:
        c = self._acting()
        out: list[Action] = [A.EndPhase()]
        if not self.turn.borrowed:
            out += [A.Borrow(n) for n in range(1, self.turn.loan_roll + 1)]
        room = min(self.turn.invest_roll - self.turn.invested, c.money)
        for t in self.stock_targets(c.index):
            out += [A.BuyStock(t, n) for n in range(1, room + 1)]
        return out

    def _legal_dividends(self) -> list[Action]:
        return [A.BuyDividends(n) for n in range(0, self._acting().money + 1)]

    def _legal_upgrade(self) -> list[Action]:
        out: list[Action] = [A.EndPhase()]
        c = self._acting()
        if self.upgrade_problem(c.index) is None:
            out.append(A.Upgrade())
        if self.develop_problem(c.index) is None:
            out.append(A.Develop())
        if self.dealer_dan_problem(c.index) is None:
            out.append(A.RemoveObsolescence())
        if self.options["additional_railroads"] and c.money >= rules().section("supply")["additional_railroad_cost"]:
            names = [n for n in rules().company_names if n not in {x.name for x in self.companies}]
            out += [A.FoundRailroad(n, *h) for n in names for h in self.found_choices(c.owner)]
        return out

    def _legal_end(self) -> list[Action]:
        return [A.Rob(t) for t in self.stock_targets(self._acting().index)]

    def development_moves(self) -> list[Action]:
        if self.active is None or self.phase not in TURN_DECISIONS:
            return []
        out: list[Action] = []
        for kind in sorted(set(self._acting().developments)):
            out += [A.PlaceDevelopment(kind, *h) for h in self.development_spots(kind)]
        return out

    def development_spots(self, kind: str) -> list[Hex]:
        """Free towns and cities where `kind` may be placed now."""
        return [h for h in legal_places(self.board, kind) if h not in self.developments]

    def stock_targets(self, company: int) -> list[int]:
        owner = self.companies[company].owner
        return [c.index for c in self.companies if c.owner != owner]

    def start_choices(self, seat: int) -> list[Hex]:
        """Where the railroad of `seat` may start (setup, in start-city order)."""
        co = next(c for c in self.companies if c.owner == seat and c.start is None)
        free_starts = [h for h in self.board.start_cities if not self.interior.get(h)]
        if rules().company(co.name).perk("any_city", False):
            cities = [p.hex for p in self.board.cities() if not self.interior.get(p.hex)]
            return sorted(set(cities) | set(free_starts or self.board.start_cities))
        return free_starts or [h for h in self.board.start_cities
                               if len(self.interior.get(h, ())) < self._interior_cap(h)]

    def _interior_cap(self, h: Hex) -> int:
        return interior_cap(self, h)

    def found_choices(self, seat: int) -> list[Hex]:
        """Cities where an Additional Railroad of `seat` may start."""
        own_starts = {c.start for c in self.companies if c.owner == seat}
        return [p.hex for p in sorted(self.board.cities(), key=lambda p: p.hex)
                if p.hex not in self.stations and p.hex not in own_starts
                and len(self.interior.get(p.hex, ())) < self._interior_cap(p.hex)]

    def upgrade_problem(self, company: int) -> str | None:
        c = self.companies[company]
        allowed = 2 if self.tycoon_of(company) == "Fast Eddy" else 1
        if self.turn.levels_bought >= allowed:
            return f"{c.name} may buy only {counted(allowed, 'Train Level')} per turn"
        cost = self.upgrade_cost(company)
        if c.money < cost:
            return f"Train Level {c.train_level + 1} costs {cost} MB and {c.name} has {c.money} MB"
        return None

    def upgrade_cost(self, company: int) -> int:
        return rules().section("upgrade")["cost_per_level"] * (self.companies[company].train_level + 1)

    def develop_problem(self, company: int) -> str | None:
        c = self.companies[company]
        up = rules().section("upgrade")
        if self.turn.developed >= up["developments_per_turn"]:
            return f"{c.name} has already drawn a development marker this turn"
        if not self.dm_pool:
            return "no unused development markers are left"
        if c.money < up["development_cost"]:
            return f"a development marker costs {up['development_cost']} MB and {c.name} has {c.money} MB"
        return None

    def dealer_dan_problem(self, company: int) -> str | None:
        c = self.companies[company]
        cost = rules().section("upgrade")["dealer_dan_cost"]
        if self.tycoon_of(company) != "Dealer Dan":
            return "only Dealer Dan may pay to get rid of an obsolescence token"
        if c.obsolescence <= 0:
            return f"{c.name} has no obsolescence token"
        if c.money < cost:
            return f"that costs {cost} MB and {c.name} has {c.money} MB"
        return None

    # Applying ------------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        if self.phase == OVER:
            raise IllegalAction("game_over", "The game is over.")
        handler = getattr(self, "_do_" + action.type.split(".", 1)[1], None)
        if handler is None or not action.type.startswith("regional."):
            raise IllegalAction("unknown_action", f"Regional Rails has no move {action.type!r}.")
        return handler(action)

    def _need_phase(self, *phases_: str) -> None:
        if self.phase not in phases_:
            names = " or ".join(p.replace("_", " ") for p in phases_)
            raise IllegalAction("wrong_phase", f"That move belongs to the {names} phase; "
                                               f"this is the {self.phase.replace('_', ' ')} phase.")

    # Setup -----------------------------------------------------------------------------

    def _do_roll(self, a: A.RollDice) -> list[Event]:
        self._need_phase(SETUP_ROLL)
        seats = list(range(len(self.seats)))
        order, events = self._roll_order(seats, ROLL_PURPOSES[self.roll_for])
        events.append(OrderDecided(ROLL_PURPOSES[self.roll_for], tuple(self.seats[s].name for s in order)))
        self.pick_order, self.pick_index = order, 0
        if self.roll_for == "company":
            self.phase = SETUP_COMPANY
        elif self.roll_for == "start":
            self.phase = SETUP_START
        elif self.roll_for == "tycoon":
            self.phase = SETUP_TYCOON
        else:
            self.turn_order = [c.index for s in order for c in self.companies if c.owner == s]
            self.round, self.turn_index = 1, 0
            events += self._start_turn()
        return events

    def _roll_order(self, seats: list[int], purpose: str) -> tuple[list[int], list[Event]]:
        """Roll high: each seat rolls 1D6; tied seats roll again among themselves."""
        events: list[Event] = []
        rolls: dict[int, int] = {}
        for s in seats:
            rolls[s], ev = phases.roll(self, self.seats[s].name, purpose, 1)
            events.append(ev)
        order: list[int] = []
        for value in sorted(set(rolls.values()), reverse=True):
            tied = [s for s in seats if rolls[s] == value]
            if len(tied) == 1:
                order += tied
            else:
                sub, evs = self._roll_order(tied, purpose + " (tie)")
                order += sub
                events += evs
        return order, events

    def _next_pick(self, then: str | None) -> None:
        self.pick_index += 1
        if self.pick_index >= len(self.pick_order):
            self.pick_index = 0
            if then is None:
                self.phase = SETUP_ROLL
            else:
                self.roll_for, self.phase = then, SETUP_ROLL

    def _do_pick_company(self, a: A.PickCompany) -> list[Event]:
        self._need_phase(SETUP_COMPANY)
        if a.company not in rules().company_names:
            self._refuse("unknown_company", f"There is no railroad company called {a.company!r}.")
        if any(c.name == a.company for c in self.companies):
            self._refuse("company_taken", f"The {a.company} has already been picked.")
        seat = self.pick_order[self.pick_index]
        self.companies.append(self._new_company(a.company, seat, extra=False))
        self._next_pick("start")
        return [CompanyPicked(seat, self.seats[seat].name, a.company)]

    def _new_company(self, name: str, seat: int, extra: bool) -> CompanyState:
        s = rules().section("supply")
        perks = rules().company(name)
        c = CompanyState(index=len(self.companies), name=name, owner=seat, extra=extra,
                         money=s["start_money"], vp=s["start_vp"],
                         train_level=perks.perk("start_level", 0) or s["start_train_level"],
                         stations_left=s["extra_stations"] if extra else s["stations"])
        c.rail_left = self._rail_supply(c)
        tycoon = self.tycoons[seat]
        if tycoon == "Uncle Moneybags":
            c.money += UNCLE_MONEYBAGS
        if tycoon == "Bob the Builder" and not extra:  # an extra railroad has at most 4 stations
            c.stations_left += BOB_STATIONS
        return c

    def _do_pick_start(self, a: A.PickStart) -> list[Event]:
        self._need_phase(SETUP_START)
        seat = self.pick_order[self.pick_index]
        h = (a.q, a.r)
        if h not in self.start_choices(seat):
            self._refuse("bad_start", f"{self.place_name(h)} is not a start city you may pick now.")
        co = next(c for c in self.companies if c.owner == seat and c.start is None)
        co.start = h
        self.interior.setdefault(h, []).append(co.index)
        co.rail_left -= 1
        self._next_pick("tycoon" if self.options["tycoons"] else None)
        events: list[Event] = [StartPicked(co.index, co.name, self.place_name(h))]
        if self.phase == SETUP_ROLL and not self.options["tycoons"]:
            events += self._deal_developments()
            self.roll_for = "turn"
        return events

    def _do_pick_tycoon(self, a: A.PickTycoon) -> list[Event]:
        self._need_phase(SETUP_TYCOON)
        if a.tycoon not in rules().tycoon_names:
            self._refuse("unknown_tycoon", f"There is no tycoon called {a.tycoon!r}.")
        if a.tycoon in self.tycoons:
            self._refuse("tycoon_taken", f"{a.tycoon} has already been picked.")
        seat = self.pick_order[self.pick_index]
        self.tycoons[seat] = a.tycoon
        events: list[Event] = [TycoonPicked(seat, self.seats[seat].name, a.tycoon)]
        for c in self.companies:
            if c.owner == seat and a.tycoon == "Uncle Moneybags":
                c.money += UNCLE_MONEYBAGS
                events.append(VpChanged(c.index, c.name, 0, UNCLE_MONEYBAGS, "Uncle Moneybags"))
            if c.owner == seat and a.tycoon == "Bob the Builder":
                c.stations_left += BOB_STATIONS
        self._next_pick(None)
        if self.phase == SETUP_ROLL:
            events += self._deal_developments()
            self.roll_for = "turn"
        return events

    def _deal_developments(self) -> list[Event]:
        copies = rules().section("supply")["development_copies"]
        self.dm_pool = [k for k in rules().development_kinds for _ in range(copies)]
        self.rng.shuffle(self.dm_pool)
        counts = []
        for c in self.companies:
            n = rules().section("supply")["secret_developments"] + rules().company(c.name).perk("extra_developments", 0)
            c.developments = sorted(self.dm_pool.pop() for _ in range(n))
            counts.append((c.name, n))
        return [DevelopmentsDealt(tuple(counts))]

    # Turns -----------------------------------------------------------------------------

    def _start_turn(self) -> list[Event]:
        self.active = self.turn_order[self.turn_index]
        self.turn = TurnState()
        self.phase = BUILD
        c = self._acting()
        return [PhaseBegan(c.index, c.name, BUILD, self.round)]

    def _do_end_phase(self, a: A.EndPhase) -> list[Event]:
        self._need_phase(BUILD, INCOME, UPGRADE)
        co = self._acting().index
        if self.phase == BUILD:
            return self._begin_income(co)
        if self.phase == INCOME:
            return self._after_income(co)
        return self._begin_end(co)

    def _begin_income(self, co: int) -> list[Event]:
        c = self.companies[co]
        self.phase = INCOME
        events: list[Event] = [PhaseBegan(co, c.name, INCOME, self.round)]
        events += phases.earn_income(self, co)
        self.turn.loan_roll, ev = phases.roll(self, c.name, "loan availability", 2)
        events.append(ev)
        bonus = rules().section("money")["lester_bonus"] if self.tycoon_of(co) == "Lester the Investor" else 0
        self.turn.invest_roll, ev = phases.roll(self, c.name, "investment", 2, bonus)
        events.append(ev)
        return events

    def _after_income(self, co: int) -> list[Event]:
        c = self.companies[co]
        events: list[Event] = [PhaseBegan(co, c.name, "event", self.round)]
        events += phases.resolve_event(self, co)
        events.append(PhaseBegan(co, c.name, "upkeep", self.round))
        events += phases.pay_upkeep(self, co)
        if c.money > 0:
            self.phase = DIVIDENDS
            events.append(PhaseBegan(co, c.name, DIVIDENDS, self.round))
            return events + phases.roll_dividends(self, co)
        return events + self._begin_upgrade(co)

    def _begin_upgrade(self, co: int) -> list[Event]:
        self.phase = UPGRADE
        return [PhaseBegan(co, self.companies[co].name, UPGRADE, self.round)]

    def _begin_end(self, co: int) -> list[Event]:
        self.phase = END
        events: list[Event] = [PhaseBegan(co, self.companies[co].name, END, self.round)]
        if self.tycoon_of(co) == "Rob the Robber Baron" and self.stock_targets(co):
            return events
        return events + self._finish_turn(co)

    def _finish_turn(self, co: int) -> list[Event]:
        self.companies[co].turns_taken += 1
        reason = phases.end_reason(self)
        self.turn_index += 1
        if self.turn_index >= len(self.turn_order):
            self.turn_index = 0
            self.round += 1
            if not reason and self.round > rules().raw["max_rounds"]:
                reason = f"the turn limit of {rules().raw['max_rounds']} rounds is reached"
        if reason:
            return self._end_game(reason)
        return self._start_turn()

    def _end_game(self, reason: str) -> list[Event]:
        self.phase, self.end_reason, self.active = OVER, reason, None
        scores = self.scores()
        standings = tuple((self.seats[i].name, s.total) for i, s in enumerate(scores))
        return [GameEnded(reason, standings)]

    # Build phase -------------------------------------------------------------------------

    def _do_build_interior(self, a: A.BuildInterior) -> list[Event]:
        self._need_phase(BUILD)
        co, h = self._acting().index, (a.q, a.r)
        quote = quote_interior(self, co, h)
        if not quote.legal:
            self._refuse(quote.code, quote.problem or "")
        first = co not in self.interior.get(h, ())
        events = self._pay(co, quote, h)
        self.interior.setdefault(h, []).append(co)
        if first:
            events += self._connection_bonuses(co, h)
        return events

    def _do_build_side(self, a: A.BuildSide) -> list[Event]:
        self._need_phase(BUILD)
        co, e = self._acting().index, (a.q, a.r, a.side)
        quote = quote_side(self, co, e)
        if not quote.legal:
            self._refuse(quote.code, quote.problem or "")
        events = self._pay(co, quote, e)
        self.side_rails.setdefault(e, []).append(co)
        return events

    def _pay(self, co: int, quote: Any, place: Hex | EdgeId) -> list[Event]:
        c = self.companies[co]
        c.money -= quote.total
        payments = sorted(quote.payments().items())
        for payee, amount in payments:
            self.companies[payee].money += amount
        c.rail_left -= 1
        self.turn.built += 1
        fees = tuple((self.companies[p].name, n) for p, n in payments)
        return [RailBuilt(co, c.name, place, self.where(place), quote.total, fees, tuple(payments))]

    def _connection_bonuses(self, co: int, h: Hex) -> list[Event]:
        """Tycoon VP for a railroad's first interior marker in a hex."""
        tycoon = self.tycoon_of(co)
        place = self.board.place(h)
        hit = {"Boss Hawg": place is not None and place.kind == TOWN,
               "City Slicker Sid": place is not None and place.kind == CITY,
               "Pick Axe Pete": self.board.terrain[h] in (MOUNTAIN, FOREST),
               "Daddy Rawhide": h in self.developments}
        if tycoon in hit and hit[tycoon]:
            return [phases.tycoon_vp(self, co, 1, f"{tycoon} connects to {self.place_name(h)}")]
        return []

    def _do_build_station(self, a: A.BuildStation) -> list[Event]:
        self._need_phase(BUILD)
        co, h = self._acting().index, (a.q, a.r)
        quote = quote_station(self, co, h)
        if not quote.legal:
            self._refuse(quote.code, quote.problem or "")
        c = self.companies[co]
        c.money -= quote.total
        c.stations_left -= 1
        self.stations[h] = co
        self.turn.station_built = True
        return [StationBuilt(co, c.name, h, self.place_name(h), quote.total)]

    # Income phase ------------------------------------------------------------------------

    def _do_borrow(self, a: A.Borrow) -> list[Event]:
        self._need_phase(INCOME)
        c = self._acting()
        if self.turn.borrowed:
            self._refuse("loan_taken", f"{c.name} has already borrowed this turn.")
        if not 1 <= a.amount <= self.turn.loan_roll:
            self._refuse("loan_limit", f"{c.name} may borrow from 1 to {self.turn.loan_roll} MB this turn "
                                       f"(the loan availability roll), not {a.amount}.")
        vp = a.amount * rules().section("money")["loan_vp"]
        c.money += a.amount
        c.vp -= vp
        self.turn.borrowed = True
        events: list[Event] = [VpChanged(c.index, c.name, -vp, a.amount, f"a loan of {a.amount} MB")]
        for seat, tycoon in enumerate(self.tycoons):
            banker = self.main_company(seat)
            if tycoon == "Boris the Banker" and banker is not None:
                events.append(phases.tycoon_vp(self, banker, 1, f"Boris the Banker: {c.name} took a loan"))
        return events

    def _do_buy_stock(self, a: A.BuyStock) -> list[Event]:
        self._need_phase(INCOME)
        c = self._acting()
        if a.company not in self.stock_targets(c.index):
            self._refuse("bad_target", f"{c.name} may buy stock only of another player's railroad.")
        room = self.turn.invest_roll - self.turn.invested
        if not 1 <= a.amount <= room:
            self._refuse("stock_limit", f"{c.name} may buy from 1 to {room} more stock this turn "
                                        f"(investment roll {self.turn.invest_roll}), not {a.amount}.")
        if a.amount > c.money:
            self._refuse("money", f"{c.name} has {c.money} MB and cannot pay {a.amount} MB for stock.")
        target = self.companies[a.company]
        m = rules().section("money")
        per = m["stock_vp"] + rules().company(target.name).perk("stock_bonus", 0)
        c.money -= a.amount
        target.money += a.amount
        c.vp += per * a.amount
        self.turn.invested += a.amount
        return [StockBought(c.index, c.name, target.index, target.name, a.amount, per * a.amount)]

    # Dividends -----------------------------------------------------------------------

    def _do_buy_dividends(self, a: A.BuyDividends) -> list[Event]:
        self._need_phase(DIVIDENDS)
        c = self._acting()
        if not 0 <= a.amount <= c.money:
            self._refuse("money", f"{c.name} has {c.money} MB and cannot spend {a.amount} MB on dividends.")
        vp = phases.dividend_vp(self.turn.dividend_rolls, a.amount)
        c.money -= a.amount
        c.vp += vp
        events: list[Event] = []
        if a.amount:
            events.append(VpChanged(c.index, c.name, vp, -a.amount, "dividends"))
        return events + self._begin_upgrade(c.index)

    # Upgrade phase -----------------------------------------------------------------------

    def _do_upgrade(self, a: A.Upgrade) -> list[Event]:
        self._need_phase(UPGRADE)
        c = self._acting()
        problem = self.upgrade_problem(c.index)
        if problem:
            self._refuse("upgrade", problem[0].upper() + problem[1:] + ".")
        cost = self.upgrade_cost(c.index)
        c.money -= cost
        c.train_level += 1
        self.turn.levels_bought += 1
        events: list[Event] = [LevelRaised(c.index, c.name, c.train_level, cost)]
        for seat, tycoon in enumerate(self.tycoons):
            mech = self.main_company(seat)
            if tycoon == "Mike the Mechanic" and seat != c.owner and mech is not None:
                events.append(phases.tycoon_vp(self, mech, 1, f"Mike the Mechanic: {c.name} went up a Train Level"))
        return events

    def _do_develop(self, a: A.Develop) -> list[Event]:
        self._need_phase(UPGRADE)
        c = self._acting()
        problem = self.develop_problem(c.index)
        if problem:
            self._refuse("develop", problem[0].upper() + problem[1:] + ".")
        cost = rules().section("upgrade")["development_cost"]
        c.money -= cost
        c.developments.append(self.dm_pool.pop(self.rng.below(len(self.dm_pool))))
        c.developments.sort()
        self.turn.developed += 1
        return [DevelopmentDrawn(c.index, c.name, cost)]

    def _do_remove_obsolescence(self, a: A.RemoveObsolescence) -> list[Event]:
        self._need_phase(UPGRADE)
        c = self._acting()
        problem = self.dealer_dan_problem(c.index)
        if problem:
            self._refuse("dealer_dan", problem[0].upper() + problem[1:] + ".")
        cost = rules().section("upgrade")["dealer_dan_cost"]
        c.money -= cost
        c.obsolescence -= 1
        return [VpChanged(c.index, c.name, 0, -cost, "Dealer Dan returns an obsolescence token")]

    def _do_found_railroad(self, a: A.FoundRailroad) -> list[Event]:
        self._need_phase(UPGRADE)
        c = self._acting()
        cost = rules().section("supply")["additional_railroad_cost"]
        h = (a.q, a.r)
        if not self.options["additional_railroads"]:
            self._refuse("option_off", "The Additional Railroads option is not in play.")
        if a.company not in rules().company_names or any(x.name == a.company for x in self.companies):
            self._refuse("company_taken", f"{a.company!r} is not a railroad company still available.")
        if h not in self.found_choices(c.owner):
            self._refuse("bad_start", f"An additional railroad must start in a city without a station that "
                                      f"is not the start of your other railroads; {self.place_name(h)} is not one.")
        if c.money < cost:
            self._refuse("money", f"Founding a railroad costs {cost} MB and {c.name} has {c.money} MB.")
        c.money -= cost
        new = self._new_company(a.company, c.owner, extra=True)
        new.start = h
        new.rail_left -= 1
        self.companies.append(new)
        self.interior.setdefault(h, []).append(new.index)
        self.turn_order.append(new.index)
        return [RailroadFounded(new.index, new.name, c.name, self.place_name(h), c.index, cost)]

    # End phase / any time ----------------------------------------------------------------

    def _do_rob(self, a: A.Rob) -> list[Event]:
        self._need_phase(END)
        c = self._acting()
        if a.company not in self.stock_targets(c.index):
            self._refuse("bad_target", f"{c.name} may rob only a railroad of another player.")
        target = self.companies[a.company]
        target.vp -= 1
        c.vp += 1
        events: list[Event] = [VpChanged(target.index, target.name, -1, 0, f"Rob the Robber Baron robs it for {c.name}"),
                               VpChanged(c.index, c.name, 1, 0, f"Rob the Robber Baron robs {target.name}")]
        return events + self._finish_turn(c.index)

    def _do_place_development(self, a: A.PlaceDevelopment) -> list[Event]:
        if self.phase not in TURN_DECISIONS or self.active is None:
            self._refuse("wrong_phase", "Development markers are placed during your own turn.")
        c = self._acting()
        h = (a.q, a.r)
        if a.kind not in c.developments:
            self._refuse("no_marker", f"{c.name} holds no {a.kind} development marker.")
        if h in self.developments:
            self._refuse("dm_taken", f"{self.place_name(h)} already has the development marker "
                                     f"{self.developments[h]}.")
        problem = placement_problem(self.board, rules().development(a.kind), h)
        if problem:
            self._refuse("dm_place", problem[0].upper() + problem[1:] + ".")
        c.developments.remove(a.kind)
        self.developments[h] = a.kind
        return [DevelopmentPlaced(c.index, c.name, a.kind, h, self.place_name(h))]

    # Copies and saves ---------------------------------------------------------------------

    def observation(self, seat: int, seed: int) -> "RegionalRailsState":
        """Re-deals from `seed` the secret development markers of the other
        players' railroads together with the unused ones, and the dice.

        VP stay: the rules keep them hidden, but every change comes from a
        public roll or purchase, so a seat that keeps count knows them."""
        view = self.clone()
        rng = Rng(seed)
        others = [c for c in view.companies if c.owner != seat]
        dealt = redeal([self.dm_pool] + [c.developments for c in others], rng)
        view.dm_pool = dealt[0]
        for c, kinds in zip(others, dealt[1:]):
            c.developments = sorted(kinds)
        view.rng = self.rng.reseeded(rng.next64())
        return view

    def clone(self) -> "RegionalRailsState":
        other = RegionalRailsState.__new__(RegionalRailsState)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.seats = list(self.seats)
        other.rng = self.rng.clone()
        other.companies = [c.clone() for c in self.companies]
        other.tycoons = list(self.tycoons)
        other.interior = {h: list(v) for h, v in self.interior.items()}
        other.side_rails = {e: list(v) for e, v in self.side_rails.items()}
        other.stations = dict(self.stations)
        other.developments = dict(self.developments)
        other.dm_pool = list(self.dm_pool)
        other.pick_order = list(self.pick_order)
        other.turn_order = list(self.turn_order)
        other.turn = self.turn.clone()
        return other

    def to_dict(self) -> dict[str, Any]:
        return {
            "options": dict(self.options), "seats": [s.to_dict() for s in self.seats],
            "map_seed": self.map_seed, "rng": self.rng.to_dict(),
            "companies": [c.to_dict() for c in self.companies], "tycoons": list(self.tycoons),
            "interior": {hex_key(h): list(v) for h, v in sorted(self.interior.items())},
            "side_rails": {edge_key(e): list(v) for e, v in sorted(self.side_rails.items())},
            "stations": {hex_key(h): v for h, v in sorted(self.stations.items())},
            "developments": {hex_key(h): v for h, v in sorted(self.developments.items())},
            "dm_pool": list(self.dm_pool), "phase": self.phase, "roll_for": self.roll_for,
            "pick_order": list(self.pick_order), "pick_index": self.pick_index,
            "turn_order": list(self.turn_order), "turn_index": self.turn_index, "round": self.round,
            "active": self.active, "turn": self.turn.to_dict(), "end_reason": self.end_reason,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RegionalRailsState":
        opts = dict(data["options"])
        seats = [Seat.from_dict(s) for s in data["seats"]]
        st = cls(opts, seats, board_for(opts["map"], int(data["map_seed"])), int(data["map_seed"]),
                 Rng.from_dict(data["rng"]))
        st.companies = [CompanyState.from_dict(c) for c in data["companies"]]
        st.tycoons = list(data["tycoons"])
        st.interior = {parse_hex(k): list(v) for k, v in data["interior"].items()}
        st.side_rails = {parse_edge(k): list(v) for k, v in data["side_rails"].items()}
        st.stations = {parse_hex(k): int(v) for k, v in data["stations"].items()}
        st.developments = {parse_hex(k): str(v) for k, v in data["developments"].items()}
        st.dm_pool = list(data["dm_pool"])
        st.phase, st.roll_for = data["phase"], data["roll_for"]
        st.pick_order, st.pick_index = list(data["pick_order"]), int(data["pick_index"])
        st.turn_order, st.turn_index = list(data["turn_order"]), int(data["turn_index"])
        st.round, st.active = int(data["round"]), data["active"]
        st.turn = TurnState.from_dict(data["turn"])
        st.end_reason = data["end_reason"]
        return st
