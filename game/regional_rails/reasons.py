"""Why the normal Regional Rails player makes a move, in a few words.

A hint says why its move is good. When the hard player's look-ahead has
nothing to weigh the move against (most Dividends, Upgrade and Build-phase
endings offer no other move worth searching), finds nothing better, or
rates the normal planner's move above the others, its reason is the
planner's own: each sentence here reads the very tests of bots.PlannerBot
that chose the move (its plan, reserve, keep, upgrade case), so it says
what decided, not a guess after the fact. A move the planner would not make
gets no reason from `why`; `chosen` says what such a move does when the
look-ahead chose it (a Train Level, a development marker...).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.actions import Action
from game.core.hexgrid import Hex, distance
from game.regional_rails import actions as A
from game.regional_rails import bots
from game.regional_rails.data import rules

if TYPE_CHECKING:
    from game.regional_rails.engine import RegionalRailsState

NEAR = 3  # a start's reason names this many of the nearest towns and cities


def why(state: "RegionalRailsState", action: Action, planner: bots.PlannerBot | None = None) -> str:
    """The normal player's reason for `action` in `state` (the seat's own
    view), as a clause after a colon: "it heads for Ashby, 2 MB a turn once
    connected"; "" when the normal player would not make that move.
    `planner`: the caller's, when it has one."""
    planner = planner or bots.PlannerBot(0)
    if action != planner._planned(state):
        return ""
    if isinstance(action, (A.PickCompany, A.PickTycoon, A.PickStart)):
        return _setup(state, action)
    co = state.active
    if co is None:
        return ""
    if isinstance(action, A.PlaceDevelopment):
        return _development(state, co, action)
    said = {"build": _build, "income": _income, "dividends": _dividends, "upgrade": _upgrade,
            "end": _end}.get(state.phase)
    return said(state, co, action, planner) if said is not None else ""


def chosen(state: "RegionalRailsState", action: Action, then: Action | None = None) -> str:
    """A hint's reason for a move the look-ahead chose (rated above the
    others, or above the normal player's move): the normal player's own
    when it would make that move too, else what an investment or a Rob does
    (the look-ahead found it pays: a Train Level, a development marker, a
    new railroad, a loan, stock...); "" for other moves."""
    planner = bots.PlannerBot(0)
    said = why(state, action, planner)
    co = state.active
    if said or co is None:
        return said
    if isinstance(action, A.PlaceDevelopment):
        return _development(state, co, action)
    if isinstance(action, (A.Upgrade, A.Develop, A.RemoveObsolescence, A.FoundRailroad)):
        return _upgrade(state, co, action, planner)
    if isinstance(action, A.Rob):
        return _end(state, co, action, planner)
    if state.phase == "income" and isinstance(action, A.Borrow):
        return _loan(state, co, action, then, planner)
    if state.phase == "income" and isinstance(action, A.BuyStock):
        return _stock(state, action)
    return ""


def _loan(state: "RegionalRailsState", co: int, action: A.Borrow, then: Action | None,
          planner: bots.PlannerBot) -> str:
    """What a loan the normal player would not take brings by the turn's end: the turn played
    out by the normal player with the loan and without one, compared."""
    if isinstance(then, A.BuyStock):
        return f"the loan's {action.amount} MB pay for the stock"
    loaned = _turn_end(state, co, action, planner).companies[co]
    kept = _turn_end(state, co, A.EndPhase(), planner).companies[co]   # no loan
    brings = []
    if loaned.train_level > kept.train_level:
        brings.append(f"Train Level {loaned.train_level} this turn instead of {kept.train_level}")
    # VP the money buys by the turn's end (dividends, or stock bought with it), the loan's own VP aside
    bought = loaned.vp - kept.vp + action.amount * rules().section("money")["loan_vp"]
    if bought > 0:
        brings.append(f"{bought} VP more this turn")
    if loaned.money > kept.money:
        brings.append(f"{loaned.money - kept.money} MB more for next turn's track")
    return f"the loan's {action.amount} MB bring {_listed(brings)}" if brings else ""


TURN_STEPS = 40  # the most moves of one railroad's turn a reason plays out


def _turn_end(state: "RegionalRailsState", co: int, action: Action,
              planner: bots.PlannerBot) -> "RegionalRailsState":
    """`state` after `action`, the railroad's turn then played to its end by the normal player
    (the same dice in every line: the copies share the state's generator's position)."""
    after = state.clone()
    after.apply(action)
    for _ in range(TURN_STEPS):
        if after.is_terminal() or after.active != co or after.phase == "build":
            break
        after.apply(planner.choose(after))
    return after


def _stock(state: "RegionalRailsState", action: A.BuyStock) -> str:
    """What a stock purchase the normal player would not make does (the look-ahead found it pays)."""
    money = rules().section("money")
    target = state.companies[action.company]
    per = money["stock_vp"] + rules().company(target.name).perk("stock_bonus", 0)
    return (f"the {action.amount} MB score {action.amount * per} VP now, more than they would bring kept "
            "for track or dividends")


def _setup(state: "RegionalRailsState", action: Action) -> str:
    if isinstance(action, A.PickCompany):
        worth = bots.company_worth(state.board, action.company)
        ability = _lowered(rules().company(action.company).ability)
        return f"its ability is worth most on this map, about {worth:.0f} MB over a game ({ability})"
    if isinstance(action, A.PickTycoon):
        ability = next(t.ability for t in rules().tycoons if t.name == action.tycoon)
        return f"the most useful tycoon left ({_lowered(ability)})"
    assert isinstance(action, A.PickStart)
    h = (action.q, action.r)
    near = sorted((distance(h, p.hex), p.name) for p in state.board.places.values()
                  if 0 < distance(h, p.hex) <= bots.START_REACH)[:NEAR]
    if not near:
        return "the best start left"
    said = [f"{name} {d} hex{'es' if d > 1 else ''} away" if i == 0 else f"{name} {d}"
            for i, (d, name) in enumerate(near)]
    return f"the best start left by the towns and cities around it ({', '.join(said)})"


def _development(state: "RegionalRailsState", co: int, action: A.PlaceDevelopment) -> str:
    seat = state.companies[co].owner
    if any(state.companies[x].owner != seat for x in state.interior.get((action.q, action.r), ())):
        return "it raises the income of a place you are connected to"
    return "no rival is connected there, so its income is yours alone"


def _build(state: "RegionalRailsState", co: int, action: Action, planner: bots.PlannerBot) -> str:
    c = state.companies[co]
    if planner.holds_last_marker(state, co):
        return "your last rail marker would end the game while you are behind"
    aimed = aim(state, co, action, planner)
    if aimed:
        return aimed
    plan = planner.plan(state, co, ahead=0)
    if isinstance(action, A.BuildStation):
        earns = rules().section("income")["station"]
        return f"a station earns {earns} MB every turn, and you have the money to spare beyond the next track"
    if isinstance(action, (A.BuildSide, A.BuildInterior)):
        if planner.racing(state, co):
            return "you lead, and the cheapest rail marker brings the game's end nearer"
        return "your railroad has the fewest rail markers left, and the cheapest one brings the game's end nearer"
    if plan is None:
        return f"no town or city within Train Level {c.train_level} pays back its track in the turns left"
    name = state.place_name(plan.target)
    price = planner._quote(state, co, plan.first).total
    keep = planner.step_reserve(state, co, plan, planner.build_reserve(state, co))
    if price > c.money:
        return f"the next rail marker toward {name} costs {price} MB, more than your {c.money} MB"
    if c.money - price < keep:
        return (f"the next rail marker toward {name} costs {price} MB, and {keep} of your {c.money} MB "
                f"are kept for {_kept_for(state, co, planner)}")
    return f"the next rail marker toward {name} cannot be placed now"


def aim(state: "RegionalRailsState", co: int, action: Action, planner: bots.PlannerBot) -> str:
    """What the planner's rail marker `action` heads for; "" when `action`
    is not the first step of the planner's plan."""
    plan = planner.plan(state, co, ahead=0)
    if plan is None or action != plan.first:
        return ""
    return heading(state, co, plan.target, plan.first, plan.cost, planner)


def heading(state: "RegionalRailsState", co: int, target: Hex, first: Action, cost: int,
            planner: bots.PlannerBot) -> str:
    """What a rail marker toward `target` (`cost` MB of track away, `first`
    the marker) aims at: "it heads for Ashby (2 MB a turn once connected,
    about 5 MB of track away)"; "it connects Ashby, for 2 MB a turn more income"."""
    name = state.place_name(target)
    income = f"{planner._place_income(state, co, target):.0f} MB a turn"
    if first == A.BuildInterior(*target):
        return f"it connects {name}, for {income} more income"
    return f"it heads for {name} ({income} once connected, about {cost} MB of track away)"


def _kept_for(state: "RegionalRailsState", co: int, planner: bots.PlannerBot) -> str:
    """What the reserve is for: upkeep, an Additional Railroad, or both."""
    upkeep, found = planner._reserve(state, co) > 0, planner.founding(state, co)
    if upkeep and found:
        return "the upkeep and an Additional Railroad"
    return "an Additional Railroad" if found else "the upkeep this turn's income will not cover"


def _income(state: "RegionalRailsState", co: int, action: Action, planner: bots.PlannerBot) -> str:
    if isinstance(action, A.Borrow):
        plan = planner.plan(state, co, ahead=0)
        where = state.place_name(plan.target) if plan is not None else "the next place"
        times = "twice" if bots.LOAN_MARGIN == 2 else f"{bots.LOAN_MARGIN} times"
        return f"the loan builds to {where} now, and its income repays the loan's VP {times} over"
    if isinstance(action, A.BuyStock):
        target = state.companies[action.company]
        per = rules().section("money")["stock_vp"] + rules().company(target.name).perk("stock_bonus", 0)
        return f"money beyond the upkeep, the next track and the dividends earns {per} VP per MB as stock"
    if state.turn.borrowed:
        return "the money is kept for track and dividends"
    return "no loan would pay back its VP in time, and the money is kept for track and dividends"


def _dividends(state: "RegionalRailsState", co: int, action: Action, planner: bots.PlannerBot) -> str:
    assert isinstance(action, A.BuyDividends)
    c = state.companies[co]
    if planner.final_turn(state, co) or planner._turns_left(state) <= 1:
        if action.amount < c.money:
            return f"the game ends this turn, and the rest buys a Train Level, worth {_level_vp()} VP at the end"
        return "the game ends this turn, so every MB left buys dividend VP"
    plan = planner.plan(state, co)
    keep = min(c.money, planner.dividend_keep(state, co, plan))
    parts = []
    if plan is not None:
        parts.append(f"the track to {state.place_name(plan.target)}")
    if planner.racing(state, co) or planner.driving(state, co):
        parts.append("the race to use up your rail markers")
    if planner._reserve(state, co) > 0:
        parts.append("the upkeep")
    if planner.founding(state, co):
        parts.append("an Additional Railroad")
    kept = f"{_listed(parts)} need{'s' if len(parts) == 1 else ''} {keep} MB" if keep > 0 and parts else ""
    tiers = _tiers(state, action.amount)
    if not tiers:
        return kept or "there is no money to spare"
    return f"{kept}, and the rest buys {tiers}" if kept else f"nothing else needs the money, and it buys {tiers}"


def _tiers(state: "RegionalRailsState", amount: int) -> str:
    """Which dividend tiers `amount` MB buys (the first roll's MB at 3 VP each, ...)."""
    if amount <= 0:
        return ""
    d1, d2 = state.turn.dividend_rolls
    rates = rules().section("dividends")
    if amount <= d1:
        return f"VP at the best rate, {rates['first_rate']} VP per MB"
    if amount <= d1 + d2:
        return f"VP at {rates['first_rate']} and {rates['second_rate']} VP per MB"
    return "VP at every rate"


def _upgrade(state: "RegionalRailsState", co: int, action: Action, planner: bots.PlannerBot) -> str:
    c = state.companies[co]
    if isinstance(action, A.FoundRailroad):
        return "a second railroad earns income and dividends of its own for the rest of the game"
    if isinstance(action, A.Upgrade):
        case = planner.upgrade_case(state, co)
        if case is None or case[0] != "reach" or case[1] is None:
            return f"a Train Level scores {_level_vp()} VP at the end, more than its price now"
        return f"Train Level {c.train_level + 1} brings {state.place_name(case[1])} within reach"
    if isinstance(action, A.RemoveObsolescence):
        return "an obsolescence token lowers your income every turn"
    if isinstance(action, A.Develop):
        return "a development marker will probably fit one of your towns or cities and earn back its price"
    if planner.founding(state, co):
        return "every MB is saved for an Additional Railroad"
    legal = state.legal_actions()
    level = ("a Train Level would not pay back its price and upkeep now" if A.Upgrade() in legal
             else f"no Train Level now ({state.upgrade_problem(co)})")
    if A.Develop() in legal:
        return f"{level}, and a development marker would not earn back its price"
    return level


def _end(state: "RegionalRailsState", co: int, action: Action, planner: bots.PlannerBot) -> str:
    if isinstance(action, A.Rob):
        return f"{state.seats[state.companies[action.company].owner].name} is the strongest rival"
    return ""


def _level_vp() -> int:
    return int(rules().section("scoring")["train_level"])


def _lowered(sentence: str) -> str:
    """"Stations cost ..." -> "stations cost ..." (inside a sentence; "MB" stays)."""
    return sentence[:1].lower() + sentence[1:]


def _listed(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

