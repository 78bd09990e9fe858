"""Read-only questions the UI asks: which spaces can be used and why not,
the live board value, locomotive displacement chains, the round scoring
preview and the pending decisions. Nothing here changes the state."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.actions import Action
from game.russian_railroads import effects, tasks, tracks
from game.russian_railroads.actions import Place, own_engineer_space
from game.russian_railroads.data import Cost
from game.russian_railroads.events import RoundScored
from game.russian_railroads.scoring import (BoardValue, board_value as _board_value, end_bonus_points,
                                            majority_counts, majority_awards, railroad_score)
from game.russian_railroads.spaces import (availability_refusal, occupant, payments, space_cost, space_label,
                                           space_refusal)
from game.russian_railroads.state import Task

if TYPE_CHECKING:
    from game.russian_railroads.engine import RussianRailroads


@dataclass(frozen=True)
class SpaceState:
    """One action space as the current player sees it."""

    space: str
    label: str
    cost: Cost
    usable: bool
    reason: str                      # "" when usable
    occupant: int | None             # seat (-1 Emil) or None
    payments: tuple[tuple[int, int, int, int], ...]  # (workers, temps, roubles, black)
    own_engineer: bool


def space_states(st: "RussianRailroads", seat: int | None = None) -> list[SpaceState]:
    """Every action space in data order (those blocked on this board side or in
    solo included, refused with the reason), then the player's own engineers."""
    if seat is None:
        seat = st.current_player() or 0
    placing = st.phase == "actions" and not st.tasks and seat == st.active and not st.players[seat].passed
    ids = [sp.id for sp in st.data.spaces] + [own_engineer_space(n) for n in st.players[seat].engineers]
    out = []
    for space in ids:
        reason = space_refusal(st, seat, space) if placing else _not_now(st, seat, space)
        pays = tuple(payments(st, seat, space_cost(st, space))) if not reason else ()
        out.append(SpaceState(space, space_label(st, space), space_cost(st, space), not reason, reason or "",
                              occupant(st, space), pays, space.startswith("ENG-")))
    return out


def _not_now(st: "RussianRailroads", seat: int, space: str) -> str:
    blocked = availability_refusal(st, seat, space)
    if blocked and space in st.data.space_by_id and st.mode not in st.data.space(space).modes:
        return blocked
    if st.phase == "over":
        return "The game is over."
    if st.tasks:
        return "First finish: " + effects.describe(st.actionable_tasks()[0]) + "."
    if st.phase == "draft":
        return "First the starting bonuses are chosen."
    if st.phase == "relocate":
        return "The turn-order workers are being moved."
    return "It is not your turn, or you have passed."


def default_payment(st: "RussianRailroads", space: str) -> Place | None:
    """The payment a click uses: temporary workers first, then own workers,
    the black worker where it earns a black advancement, roubles last."""
    seat = st.active
    options = payments(st, seat, space_cost(st, space))
    if not options:
        return None
    best = min(options, key=lambda o: (o[2], -o[1], -o[3], o[0]))
    return Place(space, *best)


def board_value(st: "RussianRailroads", seat: int) -> BoardValue:
    """What `seat`'s board would score if the round ended now, with a breakdown."""
    return _board_value(st.data, st.players[seat])


def final_bonus_preview(st: "RussianRailroads", seat: int) -> dict[str, int]:
    """What the final scoring would give `seat` if the game ended now: each
    held End Bonus card by name, and the engineer majority."""
    d = st.data
    p = st.players[seat]
    out = {d.end_bonus_cards[c].name: end_bonus_points(d, p, c) for c in p.end_bonus}
    counts = majority_counts(st.data, st.players, st.emil.engineers if st.emil is not None else None)
    out["Engineer majority"] = majority_awards(d, counts)[seat]
    return out


def round_scoring_preview(st: "RussianRailroads", seat: int) -> list[RoundScored]:
    """The round scoring of one player, one event per railroad then industry."""
    p = st.players[seat]
    out = []
    for road in st.data.railroads:
        r = railroad_score(st.data, p, road.id)
        out.append(RoundScored(seat, st.round, road.id, r.total, r.detail(), road.name))
    out.append(RoundScored(seat, st.round, "industry", tracks.industry_points(st.data, p),
                           "markers on " + ", ".join(str(m) for m in p.industry)))
    return out


@dataclass(frozen=True)
class LocoPreview:
    """A locomotive placement: what it displaces and where that one may go
    (an empty list of destinations means it would become a factory in the supply)."""

    number: int
    railroad: str
    displaced: int
    destinations: tuple[tuple[str, int], ...]


def loco_preview(st: "RussianRailroads", seat: int, number: int, railroad: str, slot: int) -> LocoPreview:
    p = st.players[seat]
    here = p.locos[railroad]
    displaced = here[slot] if slot < len(here) else 0
    dest: tuple[tuple[str, int], ...] = ()
    if displaced:
        probe = p.clone()
        probe.locos[railroad][slot] = number
        dest = tuple(tracks.loco_slots_for(st.data, probe, displaced, exclude=railroad))
    return LocoPreview(number, railroad, displaced, dest)


def next_locomotive(st: "RussianRailroads") -> int:
    """The number a new locomotive would have (lowest pile), 0 if none is left."""
    return st.lowest_pile()


def pending(st: "RussianRailroads") -> list[tuple[Task, str, list[Action]]]:
    """The actionable tasks with a prompt and their step actions."""
    return [(t, effects.describe(t), tasks.task_options(st, t)) for t in st.actionable_tasks()]


def describe_task(task: Task) -> str:
    return effects.describe(task)


def reach(st: "RussianRailroads", seat: int, railroad: str) -> int:
    return tracks.reach(st.players[seat], railroad)
