"""The rules of an expansion player board (German Railroads' Germany board):
the switch on the main railroad, the railroad extensions at the intermediate
stations and the income markers.

The choices are tasks (tasks.py) made when black reaches the place: the
branch when it first enters the space after the switch ("you must decide to
which space 9 you will advance ... You may not change the destination ... the
tracks of other colors must also be advanced towards the same destination"),
an extension tile of the area's length from those still available when it
reaches a station, an income marker on an income space. Income markers are
used like coal: in your own turn, before or after placing, once a round each.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.events import Event
from game.russian_railroads.actions import ChooseBranch, ChooseExtension, ChooseIncome, UseIncome
from game.russian_railroads.effects import check_specials, deepest, gain, unlock_colours
from game.russian_railroads.events import BranchChosen, ExtensionPlaced, IncomeTaken, IncomeUsed
from game.russian_railroads.state import BoardHoldings, BoardTable, Task

if TYPE_CHECKING:
    from game.russian_railroads.engine import RussianRailroads


def set_up(st: "RussianRailroads") -> None:
    """The extension tiles and the income markers lie in the general supply."""
    d = st.data
    markers = [mid for mid, copies in d.income_copies.items() for _ in range(copies)]
    st.board = BoardTable(list(d.extensions), markers)
    for p in st.players:
        p.board = BoardHoldings()


def table(st: "RussianRailroads") -> BoardTable:
    assert st.board is not None
    return st.board


def holdings(st: "RussianRailroads", seat: int) -> BoardHoldings:
    held = st.players[seat].board
    assert held is not None
    return held


def options(st: "RussianRailroads", t: Task) -> list[Action]:
    """The step actions of a board task now."""
    d = st.data
    out: list[Action] = []
    if t.kind == "branch":
        out += [ChooseBranch(t.id, b.id) for b in d.railroad(d.main_railroad).branches]
    elif t.kind == "extension":
        length = _area(st, t.origin).length
        out += [ChooseExtension(t.id, tile) for tile in sorted(set(table(st).extensions))
                if d.extensions[tile].length == length]
    elif t.kind == "income":
        out += [ChooseIncome(t.id, m) for m in d.income_markers if m in table(st).income]
    return out


def _area(st: "RussianRailroads", area_id: str):
    return next(a for road in st.data.railroads for a in road.areas if a.id == area_id)


def _branch(st: "RussianRailroads", t: Task, a: ChooseBranch, events: list[Event]) -> None:
    d = st.data
    st.tasks.remove(t)
    road = d.railroad(d.main_railroad)
    branch = road.branch(a.branch)
    assert branch is not None
    holdings(st, t.seat).branch = a.branch
    events.append(BranchChosen(t.seat, road.name, branch.name))
    unlock_colours(st, t.seat, events)
    check_specials(st, t.seat, events)


def _extension(st: "RussianRailroads", t: Task, a: ChooseExtension, events: list[Event]) -> None:
    st.tasks.remove(t)
    table(st).extensions.remove(a.tile)
    holdings(st, t.seat).extensions[t.origin] = a.tile
    area = _area(st, t.origin)
    events.append(ExtensionPlaced(t.seat, area.station, area.length, extension_text(st, a.tile)))
    check_specials(st, t.seat, events)   # black stands on its first space already


def extension_text(st: "RussianRailroads", tile: str) -> str:
    """What an extension tile's spaces give, for the log and the chooser."""
    ext = st.data.extensions[tile]
    bits = []
    for sp in ext.specials:
        what = {"income": "an income marker", "industry_marker": "an industry marker", "q_token": "a ? token",
                "star": f"{sp.points} points each scoring", "gain": ", ".join(e.text() for e in sp.effects),
                "extra_worker": "a worker"}.get(sp.effect, sp.effect)
        bits.append(f"space {sp.space}: {what}" + (" (with a locomotive)" if sp.loco else ""))
    return "; ".join(bits) or "no special space"


def _income(st: "RussianRailroads", t: Task, a: ChooseIncome, events: list[Event]) -> None:
    st.tasks.remove(t)
    table(st).income.remove(a.marker)
    holdings(st, t.seat).income.append(a.marker)
    events.append(IncomeTaken(t.seat, st.data.income_markers[a.marker].name))


# Using income markers ------------------------------------------------------------------------

def income_refusal(st: "RussianRailroads", seat: int, marker: int) -> str | None:
    """"You may only use an income marker during your own turn ... before or after you have placed
    workers ... You may not use income markers once you have passed, when you are relocating a worker
    on the turn order track, or during scoring." Once a round each."""
    p = st.players[seat]
    held = p.board
    if held is None or not 0 <= marker < len(held.income):
        return "You have no such income marker."
    if st.phase != "actions" or seat != st.active:
        return "Income markers are only used in your own turn (not while relocating, nor in scoring)."
    if p.passed:
        return "You have passed: income markers can no longer be used this round."
    if st.tasks:
        return "First finish what you are doing."
    if marker in held.income_used:
        return "That income marker is face down: it was used this round."
    return None


def income_actions(st: "RussianRailroads", seat: int) -> list[Action]:
    held = st.players[seat].board
    if held is None:
        return []
    return [UseIncome(i) for i in range(len(held.income)) if income_refusal(st, seat, i) is None]


def use_income(st: "RussianRailroads", action: UseIncome, events: list[Event]) -> None:
    seat = st.active
    reason = income_refusal(st, seat, action.marker)
    if reason:
        raise IllegalAction("income", reason)
    held = holdings(st, seat)
    held.income_used.append(action.marker)
    marker = st.data.income_markers[held.income[action.marker]]
    events.append(IncomeUsed(seat, marker.name))
    # "You may even choose to use an income marker when you are unable to fully use its advantage."
    gain(st, seat, marker.effects, events, mandatory=False, source=f"the income marker ({marker.name})",
         depth=deepest(st) + 1)


def end_of_round(st: "RussianRailroads") -> None:
    """"After the scoring phase, flip all income markers faceup.\""""
    for p in st.players:
        if p.board is not None:
            p.board.income_used = []


HANDLERS: dict[type[Action], Callable[..., None]] = {
    ChooseBranch: _branch, ChooseExtension: _extension, ChooseIncome: _income}
KINDS = frozenset({"branch", "extension", "income"})
