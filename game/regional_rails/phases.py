"""The automatic parts of a turn (income, event, upkeep, dividend dice) and the
end-of-game checks and scoring. Each function changes the state it is given and
returns the events it caused; callers have validated everything first."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.engine import Score
from game.core.events import Event

from game.regional_rails.data import rules
from game.regional_rails.events import DiceRolled, EventResolved, IncomeEarned, UpkeepPaid, VpChanged

if TYPE_CHECKING:
    from game.regional_rails.engine import RegionalRailsState


def income_of(state: "RegionalRailsState", company: int) -> tuple[int, list[str]]:
    """This turn's income of a railroad and the lines it is made of. The first
    turn follows the same rule: the start city is a connected city (its 2 MB
    are the rulebook's "first turn" note), plus whatever the first Build phase
    connected."""
    inc = rules().section("income")
    c = state.companies[company]
    total, lines = gross_income(state, company)
    if c.obsolescence:
        total += inc["obsolescence"] * c.obsolescence
        lines.append(f"{c.obsolescence} obsolescence token(s) {inc['obsolescence'] * c.obsolescence}")
    return max(int(inc["minimum"]), total), lines


def gross_income(state: "RegionalRailsState", company: int) -> tuple[int, list[str]]:
    """Income from towns, cities, markers and stations, before obsolescence."""
    inc = rules().section("income")
    c = state.companies[company]
    total, lines = 0, []
    for h in state.connected_hexes(company):
        place = state.board.place(h)
        if place is None:
            continue
        amount = int(inc[place.kind])
        parts = [f"{place.kind} {inc[place.kind]}"]
        if h in state.developments:
            amount += inc["development"]
            parts.append(f"{state.developments[h]} +{inc['development']}")
        if state.stations.get(h) == company:
            amount += inc["station"]
            parts.append(f"station +{inc['station']}")
        if place.start and h != c.start:
            amount += inc["other_start_city"]
            parts.append(f"starting city +{inc['other_start_city']}")
        total += amount
        lines.append(f"{place.name}: {', '.join(parts)}")
    return total, lines


def earn_income(state: "RegionalRailsState", company: int) -> list[Event]:
    c = state.companies[company]
    amount, lines = income_of(state, company)
    c.money += amount
    state.turn.income = amount
    return [IncomeEarned(company, c.name, amount, tuple(lines))]


def roll(state: "RegionalRailsState", who: str, purpose: str, count: int, modifier: int = 0) -> tuple[int, Event]:
    """Roll `count` dice with the state's Rng; the total includes `modifier`."""
    dice = tuple(state.rng.d6() for _ in range(count))
    total = sum(dice) + modifier
    return total, DiceRolled(who, purpose, dice, modifier, total)


def resolve_event(state: "RegionalRailsState", company: int) -> list[Event]:
    c = state.companies[company]
    ev_rules = rules().section("events")
    # "Add +2 to your rolls for the first 3 Turns of the game": game turns, not a late railroad's own
    mod = ev_rules["first_turns_bonus"] if state.round <= ev_rules["first_turns"] else 0
    mod += rules().company(c.name).perk("event_bonus", 0)
    total, ev = roll(state, c.name, "event", 1, mod)
    out: list[Event] = [ev]
    result = rules().event(total)
    effects = []
    vp_before, money_before = c.vp, c.money
    if result.obsolescence:
        c.obsolescence += result.obsolescence
        effects.append(f"gains {result.obsolescence} obsolescence token")
    if result.wreck:
        wreck, ev = roll(state, c.name, "train wreck", 2)
        out.append(ev)
        if wreck < c.train_level:
            lost, ev = roll(state, c.name, "VP lost in the wreck", 1)
            out.append(ev)
            c.vp -= lost
            effects.append(f"{wreck} is below Train Level {c.train_level}: loses {lost} VP")
        else:
            effects.append(f"{wreck} is not below Train Level {c.train_level}: no loss")
    if result.vp:
        c.vp += result.vp
        effects.append(f"gains {result.vp} VP")
    if result.money:
        c.money += result.money
        effects.append(f"gains {result.money} MB")
    out.append(EventResolved(company, c.name, result.name, ", ".join(effects), c.vp - vp_before,
                             c.money - money_before, result.obsolescence))
    return out


def upkeep_due(state: "RegionalRailsState", company: int) -> int:
    c = state.companies[company]
    return max(0, c.train_level - rules().company(c.name).perk("upkeep_discount", 0))


def pay_upkeep(state: "RegionalRailsState", company: int) -> list[Event]:
    c = state.companies[company]
    due = upkeep_due(state, company)
    paid = min(due, c.money)
    c.money -= paid
    unpaid = due - paid
    c.vp -= unpaid * rules().section("upkeep")["vp_per_unpaid"]
    return [UpkeepPaid(company, c.name, paid, unpaid)]


def dividend_vp(rolls: tuple[int, int], amount: int) -> int:
    """VP bought with `amount` MB given the two dividend rolls."""
    d = rules().section("dividends")
    first = min(amount, rolls[0])
    second = min(max(amount - rolls[0], 0), rolls[1])
    rest = max(amount - rolls[0] - rolls[1], 0)
    return first * d["first_rate"] + second * d["second_rate"] + rest * d["rest_rate"]


def roll_dividends(state: "RegionalRailsState", company: int) -> list[Event]:
    c = state.companies[company]
    bonus = rules().section("money")["phil_bonus"] if state.tycoon_of(company) == "Philanthropic Phil" else 0
    first, ev1 = roll(state, c.name, "first dividends roll", 1, bonus)
    second, ev2 = roll(state, c.name, "second dividends roll", 1, bonus)
    state.turn.dividend_rolls = (first, second)
    return [ev1, ev2]


def tycoon_vp(state: "RegionalRailsState", company: int, vp: int, reason: str) -> Event:
    c = state.companies[company]
    c.vp += vp
    return VpChanged(company, c.name, vp, 0, reason)


# End of the game ------------------------------------------------------------------

def end_reason(state: "RegionalRailsState") -> str:
    """Why the game ends now (End phase check), or ""."""
    cities = [h for h, p in state.board.places.items() if p.is_city]
    if all(state.interior.get(h) for h in cities):
        return "every city on the map is built to"
    for c in state.companies:
        if c.rail_left <= 0:
            return f"{c.name} has used all its rail markers"
    return ""


def sole_connections(state: "RegionalRailsState", seat: int) -> int:
    """Towns and cities where only this player's railroads have an interior marker."""
    count = 0
    for h in state.board.places:
        owners = {state.companies[co].owner for co in state.interior.get(h, ())}
        count += owners == {seat}
    return count


def final_scores(state: "RegionalRailsState") -> list[Score]:
    sc = rules().section("scoring")
    out = []
    for seat in range(len(state.seats)):
        mine = [c for c in state.companies if c.owner == seat]
        vp = sum(c.vp for c in mine)
        level = sum(c.train_level * sc["train_level"] for c in mine)
        sole = sole_connections(state, seat) * sc["sole_connection"]
        cash = sum(max(c.money, 0) // sc["cash_in_mb_per_vp"] for c in mine)
        parts = {"VP": vp, "Train Level": level, "Only connection": sole, "Cash-in": cash}
        out.append(Score(vp + level + sole + cash, parts))
    return out
