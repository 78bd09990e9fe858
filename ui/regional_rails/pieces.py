"""The movable pieces on the board, flattened from a game state for drawing:
rail markers per side and per interior (in the order they were built),
stations and placed development markers, and the colour of each railroad."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.hexgrid import EdgeId, Hex

from ui import theme

RGB = tuple[int, int, int]


@dataclass
class Pieces:
    sides: dict[EdgeId, tuple[int, ...]] = field(default_factory=dict)  # owners, build order
    interiors: dict[Hex, tuple[int, ...]] = field(default_factory=dict)
    stations: dict[Hex, int] = field(default_factory=dict)
    developments: dict[Hex, str] = field(default_factory=dict)  # placed markers are public
    colours: tuple[RGB, ...] = ()

    def colour(self, owner: int) -> RGB:
        if 0 <= owner < len(self.colours):
            return self.colours[owner]
        return theme.SEAT_COLOURS["grey"]


def company_colours(state: Any) -> tuple[RGB, ...]:
    """One colour per railroad: its owner's seat colour; an Additional
    Railroad takes the first palette colour no seat uses, so its markers
    never look like its owner's main line."""
    keys = seat_colour_keys(state.seats)
    spare = [k for k in theme.SEAT_ORDER if k not in keys]
    out = []
    for c in state.companies:
        if c.extra and spare:
            out.append(theme.SEAT_COLOURS[spare.pop(0)])
        else:
            out.append(theme.SEAT_COLOURS[keys[c.owner]])
    return tuple(out)


def seat_colour_keys(seats: Any) -> list[str]:
    """Each seat's palette key; a missing or repeated colour gets the next free one."""
    keys: list[str] = []
    for s in seats:
        key = s.colour if s.colour in theme.SEAT_COLOURS and s.colour not in keys else None
        keys.append(key or next(k for k in theme.SEAT_ORDER if k not in keys))
    return keys


def pieces_of(state: Any) -> Pieces:
    """Read the pieces of a Regional Rails state (read-only)."""
    if isinstance(state, Pieces):
        return state
    return Pieces(
        sides={e: tuple(o) for e, o in state.side_rails.items() if o},
        interiors={h: tuple(o) for h, o in state.interior.items() if o},
        stations=dict(state.stations),
        developments=dict(state.developments),
        colours=company_colours(state),
    )


def seat_colour(state: Any, seat: int | None) -> RGB:
    """The colour of a seat (the accent colour when nobody is to play)."""
    if seat is None:
        return theme.ACCENT
    return theme.SEAT_COLOURS[seat_colour_keys(state.seats)[seat]]
