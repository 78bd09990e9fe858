"""Shortcuts for Regional Rails rule tests: games set up with chosen companies,
start cities and tycoons, put straight into the situation a test needs; dice
scripted where a test needs a given roll; and the bookkeeping checks every
state must pass after every action."""
from __future__ import annotations

from typing import Any, Sequence

from game.core.engine import Seat
from game.core.errors import IllegalAction
from game.core.hexgrid import Hex
from game.regional_rails import ENGINE
from game.regional_rails import events as ev
from game.regional_rails.actions import PickCompany, PickStart, PickTycoon, RollDice
from game.regional_rails.data import rules
from game.regional_rails.state import BUILD, TurnState

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
START_NAMES = ["Northgate", "Southwatch", "Westmarch", "Eastmarch", "Eastwatch", "Southgate"]


def new_game(players: int = 2, seed: int = 1, **options: Any) -> Any:
    return ENGINE.new_game(options, seed, [Seat(NAMES[i]) for i in range(players)])


def set_up(companies: Sequence[str], starts: Sequence[str] | None = None,
           tycoons: Sequence[str] | None = None, seed: int = 1, **options: Any) -> Any:
    """A game whose seat i runs companies[i] from starts[i] (place names) with
    tycoons[i], played through setup until the first Build phase."""
    if tycoons is not None:
        options["tycoons"] = True
    s = new_game(len(companies), seed, **options)
    starts = list(starts or START_NAMES[:len(companies)])
    while s.phase != BUILD:
        seat = s.current_player()
        if s.phase == "setup_roll":
            s.apply(RollDice())
        elif s.phase == "setup_company":
            s.apply(PickCompany(companies[seat]))
        elif s.phase == "setup_start":
            s.apply(PickStart(*s.board.place_named(starts[seat]).hex))
        else:
            s.apply(PickTycoon(tycoons[seat]))  # type: ignore[index]
    return s


def turn_of(s: Any, company: int, money: int | None = None, phase: str = BUILD) -> Any:
    """Make it `company`'s turn, at the start of `phase`, optionally with `money`."""
    s.active = company
    s.turn_index = s.turn_order.index(company)
    s.turn = TurnState()
    s.phase = phase
    if money is not None:
        s.companies[company].money = money
    return s


def hex_of(s: Any, name: str) -> Hex:
    return s.board.place_named(name).hex


def put_rail(s: Any, company: int, place: tuple[int, ...], count: int = 1) -> None:
    """Lay markers directly (scenario setup, no cost)."""
    target = s.interior if len(place) == 2 else s.side_rails
    for _ in range(count):
        target.setdefault(tuple(place), []).append(company)
        s.companies[company].rail_left -= 1


def refused(s: Any, action: Any) -> IllegalAction:
    """Apply an action that must be refused; check the state did not change."""
    before = s.to_dict()
    try:
        s.apply(action)
    except IllegalAction as exc:
        assert s.to_dict() == before
        return exc
    raise AssertionError(f"{action} was not refused")


class ScriptedDice:
    """Stands in for the state's Rng where a test needs given die rolls."""

    def __init__(self, rolls: Sequence[int]) -> None:
        self.rolls = list(rolls)
        self.draws = 0

    def d6(self) -> int:
        self.draws += 1
        return self.rolls.pop(0)

    def below(self, n: int) -> int:
        self.draws += 1
        return 0


# Bookkeeping -----------------------------------------------------------------------

def ledger(events: Sequence[Any]) -> tuple[dict[int, int], dict[int, int]]:
    """Money and VP change of every company, as the events of one action tell it."""
    money: dict[int, int] = {}
    vp: dict[int, int] = {}

    def add(d: dict[int, int], k: int, n: int) -> None:
        d[k] = d.get(k, 0) + n

    for e in events:
        if isinstance(e, ev.RailBuilt):
            add(money, e.company, -e.cost)
            for payee, n in e.payees:
                add(money, payee, n)
        elif isinstance(e, (ev.StationBuilt, ev.LevelRaised, ev.DevelopmentDrawn)):
            add(money, e.company, -e.cost)
        elif isinstance(e, ev.IncomeEarned):
            add(money, e.company, e.amount)
        elif isinstance(e, ev.EventResolved):
            add(money, e.company, e.money)
            add(vp, e.company, e.vp)
        elif isinstance(e, ev.UpkeepPaid):
            add(money, e.company, -e.paid)
            add(vp, e.company, -rules().section("upkeep")["vp_per_unpaid"] * e.unpaid)
        elif isinstance(e, ev.VpChanged):
            add(money, e.company, e.money)
            add(vp, e.company, e.vp)
        elif isinstance(e, ev.StockBought):
            add(money, e.company, -e.amount)
            add(money, e.target, e.amount)
            add(vp, e.company, e.vp)
        elif isinstance(e, ev.RailroadFounded):
            add(money, e.founder_index, -e.cost)
    return money, vp


def check_bookkeeping(before: Any, events: Sequence[Any], after: Any) -> None:
    """Every MB and VP change is accounted for by an event; supplies add up."""
    money, vp = ledger(events)
    for c in after.companies:
        if c.index < len(before.companies):
            old = before.companies[c.index]
            assert c.money == old.money + money.get(c.index, 0), (c.name, "money", events)
            assert c.vp == old.vp + vp.get(c.index, 0), (c.name, "VP", events)
        assert c.money >= 0, c.name
        placed = sum(v.count(c.index) for v in after.interior.values())
        placed += sum(v.count(c.index) for v in after.side_rails.values())
        if c.start is not None:
            assert c.rail_left + placed == after._rail_supply(c), c.name
        assert c.stations_left + list(after.stations.values()).count(c.index) == _station_supply(after, c)
    if after.dm_pool or any(c.developments for c in after.companies) or after.developments:
        copies = rules().section("supply")["development_copies"]
        total = len(after.dm_pool) + sum(len(c.developments) for c in after.companies) + len(after.developments)
        assert total == copies * len(rules().developments)


def _station_supply(s: Any, c: Any) -> int:
    sup = rules().section("supply")
    base = sup["extra_stations"] if c.extra else sup["stations"]
    return base + (2 if s.tycoons[c.owner] == "Bob the Builder" and not c.extra else 0)
