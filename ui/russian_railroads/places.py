"""World rects of every clickable action space for a board side, and where
placed pieces sit on them. Shared by the renderer and the controller so a
click always lands on what is drawn."""
from __future__ import annotations

from game.russian_railroads.data import Data
from ui.russian_railroads import board_art
from ui.russian_railroads import geometry as g


def slot_kind(data: Data, mode: str, slot: int) -> str:
    if slot == data.hire_slot:
        return "hire"
    return "public" if slot in data.public_slots[mode] else "dark"


_RECTS: dict[tuple, dict[str, g.WRect]] = {}


def space_rects(data: Data, mode: str) -> dict[str, g.WRect]:
    """Every action space of this board side (engineer spaces = their strip
    slot), computed once per game data and side."""
    key = (data.key, mode)
    if key not in _RECTS:
        _RECTS[key] = _space_rects(data, mode)
    return _RECTS[key]


def _space_rects(data: Data, mode: str) -> dict[str, g.WRect]:
    strip = g.engineer_slot_rects(data.public_slots[mode], data.hire_slot)
    coal = g.coal_space_rects(mode)
    out: dict[str, g.WRect] = {}
    for sp in data.spaces:
        if mode not in sp.modes:
            continue
        if sp.engineer_slot is not None:
            out[sp.id] = strip[sp.engineer_slot]
        elif sp.area == "coal":
            out[sp.id] = coal[sp.id]
        else:
            out[sp.id] = g.ACTION_SPACE_RECTS[sp.id]
    return out


def piece_centres(data: Data, mode: str, space_id: str, n: int) -> list[tuple[float, float]]:
    """Where n placed pieces (workers, roubles) sit on a space."""
    sp = data.space(space_id)
    rect = space_rects(data, mode)[space_id]
    if sp.engineer_slot is not None:
        base = g.engineer_cost_centres(rect, slot_kind(data, mode, sp.engineer_slot))
        return [(base[0][0] + i * 24.0, base[0][1]) for i in range(n)]
    return board_art.cost_centres(rect, n)


def space_at(data: Data, mode: str, pos: tuple[float, float], last_round: bool) -> str | None:
    """The action space under a world point (the Last Round space covers the
    turn-order spaces in the last round)."""
    for sid, r in space_rects(data, mode).items():
        if sid == "LAST" and not last_round:
            continue
        if sid.startswith("TO-") and last_round:
            continue
        if r[0] <= pos[0] <= r[0] + r[2] and r[1] <= pos[1] <= r[1] + r[3]:
            return sid
    return None


def printed_blocked_at(data: Data, mode: str, pos: tuple[float, float]) -> str | None:
    """A space printed but blocked on this board side (2-player side, solo blockade)."""
    rects = space_rects(data, mode)
    for sid, r in g.ACTION_SPACE_RECTS.items():
        if sid in rects or sid == "LAST":
            continue
        if r[0] <= pos[0] <= r[0] + r[2] and r[1] <= pos[1] <= r[1] + r[3]:
            return sid
    return None
