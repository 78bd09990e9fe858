"""The movable pieces on the board, flattened from a game state for drawing:
rail markers per side and per interior (in the order they were built),
stations and placed development markers, and the colour of each railroad."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
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


# The colour each railroad's name promises, chosen so that any two differ by
# at least TOO_NEAR (so every table of railroads stays distinguishable).
NAME_COLOURS: dict[str, RGB] = {
    "Red Runner": (213, 40, 40),
    "White Wonder": (245, 245, 240),
    "Blacks Tracks": (35, 35, 35),
    "Grey Goose Express": (128, 128, 128),
    "Blue Lightning": (0, 114, 178),
    "Green Machines": (0, 150, 70),
    "Yellow Fellow Lines": (240, 228, 66),
    "Purple Pusher": (170, 80, 190),
    "Silver Streak": (175, 185, 200),
    "Golden Boy": (205, 150, 30),
    "Indigo Engines": (60, 40, 140),
    "Pink Puffer": (245, 140, 200),
}
TOO_NEAR = 75.0  # RGB distance under which two railroads' track would be confused
COLOURINGS_KEPT = 32  # railroad colourings remembered (a game has one; a few games a session)


def _distance(a: RGB, b: RGB) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def company_colours(state: Any) -> tuple[RGB, ...]:
    """One colour per railroad: the colour in its name ("Yellow Fellow
    Lines" yellow). A name without a colour, or one too near a railroad
    already coloured, takes its owner's seat colour, else the first palette
    colour still far from all."""
    keys = seat_colour_keys(state.seats)
    return _colours_for(tuple((c.name, keys[c.owner]) for c in state.companies))


@lru_cache(maxsize=COLOURINGS_KEPT)
def _colours_for(companies: tuple[tuple[str, str], ...]) -> tuple[RGB, ...]:
    """``company_colours`` for (railroad name, owner's palette key) pairs, remembered: a frame asks
    for them about ten times (the board, the panel, the bar, the dialogs)."""
    out: list[RGB] = []
    for name, key in companies:
        wanted = [NAME_COLOURS.get(name), theme.SEAT_COLOURS[key]]
        wanted += [theme.SEAT_COLOURS[k] for k in theme.SEAT_ORDER]
        out.append(next((w for w in wanted if w is not None and all(_distance(w, o) >= TOO_NEAR for o in out)),
                        theme.SEAT_COLOURS[key]))
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
