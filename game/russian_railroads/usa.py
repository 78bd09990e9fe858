"""The rules of American Railroads' USA board: the stocks board (stock
advancements, dividend tokens, personal and general payouts), the steelworks,
the boulders, the coin spaces with their Done markers and doublers above three
railroads. (Boulders blocking tracks and the top industry track: tracks.py;
completed ends and the Golden Spike in scoring: scoring.py, the meeting space:
effects.py.)

Choices are tasks (tasks.py): the dividend token of a new level, the boulder a
boulder space removes, the railroad a doubler goes above, where a steelworks
goes. A stock advancement and a payout are tasks too, but with nothing to
choose: they are carried out by `settle` in the order their depth gives them
(so "first advance ... and receive the advantage of the new level. Additionally
you receive a personal payout" happens in that order). A payout's advantages
are optional tasks of one depth: "You may use them in any order and also
decline to receive an advantage in parts or entirely."
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.events import Event
from game.russian_railroads import tracks as T
from game.russian_railroads.actions import ChooseDividend, PayCoin, PlaceDoubler, RemoveBoulder
from game.russian_railroads.board_rules import holdings, table
from game.russian_railroads.data import Effect, Special, UsaRules
from game.russian_railroads.effects import add_points, add_task, deepest, gain
from game.russian_railroads.events import (BoulderRemoved, CoinSpaceUsed, DividendPlaced, DoublerPlaced, Payout,
                                           SteelworksTaken, StockRaised)
from game.russian_railroads.state import BoardHoldings, BoardTable, Task

if TYPE_CHECKING:
    from game.russian_railroads.engine import RussianRailroads

BOULDERS = "Boulders"   # score part: boulders removed
STOCKS = "Stocks"       # score part: the game end bonus for the stock price
CLIMB = "stock_climb"   # the dividend token: one level up and a personal payout
AUTO_KINDS = frozenset({"stock", "payout"})   # tasks carried out without a choice
KINDS = frozenset({"dividend", "boulder", "doubler"})


def rules_of(st: "RussianRailroads") -> UsaRules:
    assert st.data.usa is not None
    return st.data.usa


def set_up(st: "RussianRailroads") -> None:
    """"Each player places the stock price marker in their color on the bottom of the stocks board";
    the steelworks lie beside their piles; "You start the game with both industry markers"."""
    rules = rules_of(st)
    st.board = BoardTable(stock_rows=[list(range(st.num_players))] + [[] for _ in range(rules.levels)],
                          level_tokens=[""] * (rules.levels + 1), dividends=list(rules.dividends),
                          steelworks=sorted(rules.steelworks))
    for p in st.players:
        p.board = BoardHoldings()
        p.industry = [0, 0]


# The stocks board ----------------------------------------------------------------------------

def _raise(st: "RussianRailroads", t: Task, events: list[Event]) -> None:
    """One stock level up: first on a level -> the very left and a dividend token to choose; later
    arrivals to the right, with that level's advantage; on the top level a personal payout instead."""
    rules = rules_of(st)
    board = table(st)
    level = board.stock_level(t.seat)
    if level >= rules.levels:
        add_task(st, t.seat, Effect("payout"), True, t.source, t.depth)
        return
    board.stock_rows[level].remove(t.seat)
    new = level + 1
    first = not board.level_tokens[new] and not any(x.kind == "dividend" and x.number == new for x in st.tasks)
    if first:
        board.stock_rows[new].insert(0, t.seat)   # "you move your stock price marker to the very left"
    else:
        board.stock_rows[new].append(t.seat)      # "to the right of those"
    events.append(StockRaised(t.seat, new, first))
    if first and board.dividends:
        add_task(st, t.seat, Effect("dividend"), True, t.source, t.depth, number=new)
    else:
        _level_advantage(st, t.seat, new, events, deepest(st) + 1)


def _level_advantage(st: "RussianRailroads", seat: int, level: int, events: list[Event], depth: int) -> None:
    token = table(st).level_tokens[level]
    if not token:
        return
    named = rules_of(st).dividends[token]
    if any(e.kind == CLIMB for e in named.effects):
        return   # ESTIMATED: only its chooser climbs (a payout would otherwise start another without end)
    gain(st, seat, named.effects, events, mandatory=False, source=f"stock level {level} ({named.name})", depth=depth)


def _payout(st: "RussianRailroads", t: Task, events: list[Event]) -> None:
    """The advantages of the seat's level and of every level below it, in any order."""
    level = table(st).stock_level(t.seat)
    events.append(Payout(t.seat, t.origin == "general", level))
    depth = deepest(st) + 1
    for lvl in range(1, level + 1):
        _level_advantage(st, t.seat, lvl, events, depth)


def _dividend(st: "RussianRailroads", t: Task, a: ChooseDividend, events: list[Event]) -> None:
    rules = rules_of(st)
    board = table(st)
    st.tasks.remove(t)
    board.dividends.remove(a.token)
    level = t.number   # the level reached first (the marker may have climbed on since)
    board.level_tokens[level] = a.token
    named = rules.dividends[a.token]
    events.append(DividendPlaced(t.seat, level, named.name))
    if any(e.kind == CLIMB for e in named.effects):
        # "you first advance your stock price marker one level up and receive the advantage of the new
        # level. Additionally you receive a personal payout." (the deeper task comes first)
        add_task(st, t.seat, Effect("payout"), True, named.name, t.depth)
        add_task(st, t.seat, Effect("stock"), True, named.name, t.depth + 1)
    else:
        gain(st, t.seat, named.effects, events, mandatory=False, source=f"stock level {level} ({named.name})",
             depth=deepest(st) + 1)


def settle(st: "RussianRailroads", events: list[Event]) -> bool:
    """Carry out a stock advancement or payout that is up next; True when one was."""
    for t in st.actionable_tasks():
        if t.kind in AUTO_KINDS:
            st.tasks.remove(t)
            (_raise if t.kind == "stock" else _payout)(st, t, events)
            return True
    return False


def payout_ready(st: "RussianRailroads") -> bool:
    """A general payout waits for the end of the turn of the player who took the steelworks."""
    if st.board is None or not st.board.payout_due or st.tasks:
        return False
    return st.phase == "relocate" or st.phase == "actions" and st.turn_done and not st.waiting_turn()


def start_payout(st: "RussianRailroads") -> None:
    """"The player who took the steelworks goes first ... After, all other players follow in turn order.\""""
    taker = table(st).payout_due.pop(0)
    for seat in [taker] + [s for s in st.order if s != taker]:
        add_task(st, seat, Effect("payout"), True, "the general payout", 0, origin="general")


def stock_ranking(st: "RussianRailroads") -> list[int]:
    """Seats off the bottom, best first: higher level, then further left."""
    rows = table(st).stock_rows
    return [seat for level in range(len(rows) - 1, 0, -1) for seat in rows[level]]


def final_bonus(st: "RussianRailroads") -> list[tuple[int, int]]:
    """"The player whose stock price marker is at the top of the board scores 20 points. The player in
    second place scores 10 points. In case of a tie, the player whose stock price marker is farther to
    the left scores the points." (seat, points) pairs; a marker still on the bottom scores nothing."""
    return list(zip(stock_ranking(st), rules_of(st).end_points))


# The steelworks --------------------------------------------------------------------------------

def steelworks_taken(st: "RussianRailroads", seat: int, number: int, events: list[Event]) -> None:
    """"You may flip the steelworks and place it like a regular factory ... Also, you may place it back
    in the box." Then, after the turn, a general payout."""
    events.append(SteelworksTaken(seat, rules_of(st).steelworks[number]))
    add_task(st, seat, Effect("factory"), False, "the steelworks", deepest(st) + 1, number=number)
    table(st).payout_due.append(seat)


def is_steelworks(st: "RussianRailroads", number: int) -> bool:
    return st.data.usa is not None and number in st.data.usa.steelworks


def to_box(st: "RussianRailroads", number: int) -> None:
    """A steelworks declined or replaced by a factory goes back in the box."""
    table(st).steelworks_box.append(number)


def steelworks_slots(st: "RussianRailroads", seat: int) -> list[int]:
    """"When you build a new factory, you may replace the steelworks with the new factory, even if not
    all 5 gaps of your industry track are filled yet.\""""
    return [i for i, f in enumerate(st.players[seat].factories) if is_steelworks(st, f)]


# Boulders, doublers -------------------------------------------------------------

def options(st: "RussianRailroads", t: Task) -> list[Action]:
    d = st.data
    p = st.players[t.seat]
    if t.kind == "dividend":
        return [ChooseDividend(t.id, tok) for tok in table(st).dividends]
    if t.kind == "boulder":
        return [RemoveBoulder(t.id, b.id) for b in rules_of(st).boulders if b.id not in holdings(st, t.seat).boulders]
    if t.kind == "doubler" and st.doubler_supply > 0:
        return [PlaceDoubler(t.id, road.id) for road in d.railroads
                if T.doublers_on(p, d, road) < road.doubler_spaces]
    return []


def _boulder(st: "RussianRailroads", t: Task, a: RemoveBoulder, events: list[Event]) -> None:
    rules = rules_of(st)
    st.tasks.remove(t)
    boulder = rules.boulder(a.boulder)
    holdings(st, t.seat).boulders.append(a.boulder)
    where = (f"space {boulder.space} of the {st.data.railroad(boulder.railroad).name}" if boulder.railroad
             else f"the {boulder.industry} industry track")
    events.append(BoulderRemoved(t.seat, boulder.label, where))
    add_points(st, t.seat, BOULDERS, rules.boulder_points, events, f"the boulder {boulder.label}")


def _doubler(st: "RussianRailroads", t: Task, a: PlaceDoubler, events: list[Event]) -> None:
    d = st.data
    p = st.players[t.seat]
    t.count -= 1
    if t.count <= 0:
        st.tasks.remove(t)
    road = d.railroad(a.railroad)
    if road.id == d.main_railroad:
        p.doublers += 1
    else:
        held = holdings(st, t.seat)
        held.doublers[road.id] = held.doublers.get(road.id, 0) + 1
    st.doubler_supply -= 1
    events.append(DoublerPlaced(t.seat, 1, T.doublers_on(p, d, road), road.name))


# Coin spaces -----------------------------------------------------------------------------------

def coin_special(st: "RussianRailroads", space: str) -> tuple[str, Special] | None:
    for road in st.data.railroads:
        for sp in road.specials:
            if sp.id == space and sp.effect == "coin":
                return road.id, sp
    return None


def coin_refusal(st: "RussianRailroads", seat: int, space: str) -> str | None:
    """"As soon as you reach one of these spaces with the track in the color shown, you may pay a coin and
    receive the depicted advantage. You may do this in a later turn." In your own turn, like an income
    marker; each once ("you may only receive each advantage once")."""
    found = coin_special(st, space)
    if found is None or st.players[seat].board is None:
        return "There is no such coin space on your board."
    return _turn_refusal(st, seat) or _space_refusal(st, seat, *found)


def _turn_refusal(st: "RussianRailroads", seat: int) -> str | None:
    """Why no coin space can be paid for now, whichever it is."""
    if st.phase != "actions" or seat != st.active:
        return "Coin spaces are only paid for in your own turn."
    if st.players[seat].passed:
        return "You have passed: coin spaces can wait for the next round."
    if st.tasks:
        return "First finish what you are doing."
    return None


def _space_refusal(st: "RussianRailroads", seat: int, rid: str, sp: Special) -> str | None:
    """Why this coin space cannot be paid for in a turn where coin spaces can be."""
    p = st.players[seat]
    if sp.id in p.claimed:
        return "Your Done marker already lies there: each advantage is received once."
    if p.tracks[rid][st.data.colour_index(sp.track)] < sp.space:
        return f"Your {sp.track} track must reach space {sp.space} of the {st.data.railroad(rid).name} first."
    if p.roubles < rules_of(st).coin_cost:
        return "You need a coin to pay for it."
    return None


def coin_actions(st: "RussianRailroads", seat: int) -> list[Action]:
    """The coin spaces payable now (the turn is checked once, then each space)."""
    if st.data.usa is None or st.players[seat].board is None or _turn_refusal(st, seat):
        return []
    return [PayCoin(sp.id) for road in st.data.railroads for sp in road.specials
            if sp.effect == "coin" and _space_refusal(st, seat, road.id, sp) is None]


def pay_coin(st: "RussianRailroads", action: PayCoin, events: list[Event]) -> None:
    seat = st.active
    reason = coin_refusal(st, seat, action.space)
    if reason:
        raise IllegalAction("coin_space", reason)
    found = coin_special(st, action.space)
    assert found is not None
    rid, sp = found
    p = st.players[seat]
    cost = rules_of(st).coin_cost
    p.roubles -= cost
    st.roubles_supply += cost
    p.claimed.append(sp.id)
    where = f"{st.data.railroad(rid).name} space {sp.space}"
    title = ", ".join(e.text() for e in sp.effects)
    events.append(CoinSpaceUsed(seat, where, title))
    gain(st, seat, sp.effects, events, mandatory=False, source=where, depth=deepest(st) + 1)


HANDLERS: dict[type[Action], Callable[..., None]] = {
    ChooseDividend: _dividend, RemoveBoulder: _boulder, PlaceDoubler: _doubler}
