"""Mileposts named in words a player can find on the map: a city by its
name, a Wrap Letter by its letter, any other milepost by how many mileposts
it lies from the nearest city and in which compass direction as the map is
drawn (north up; on both Moon discs east is to the right). Coordinates mean
nothing to a player, so every message and dialog names mileposts through
`milepost_name`."""
from __future__ import annotations

import math
from typing import Any

from game.core.hexgrid import Layout, distance
from game.core.words import counted
from game.crayon.links import wraps

Hex = tuple[int, int]
# the eight directions by screen angle, starting east and turning clockwise (y grows downwards)
COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


def milepost_name(board: Any, h: Hex) -> str:
    """The milepost in words: 'Copernicus', 'the Wrap Letter -E\'',
    '3 mileposts east of Copernicus'."""
    h = (int(h[0]), int(h[1]))
    city = board.city_at.get(h)
    if city:
        return str(city)
    wrap = wraps(board).get(h)
    if wrap is not None:
        return f"the Wrap Letter {wrap.name}"
    if not _plain(board, h):
        return f"the point {h}"
    words, city = _from_city(board, h)
    return f"{words} of {city}"


def section_name(board: Any, a: Hex, b: Hex) -> str:
    """A section of track by its two ends ('from Copernicus to 1 milepost
    east of Copernicus'), a city named by both said once: 'from 1 milepost
    east to 2 mileposts east of Copernicus'."""
    first, second = milepost_name(board, a), milepost_name(board, b)
    if _plain(board, a) and _plain(board, b):
        (w1, c1), (w2, c2) = _from_city(board, a), _from_city(board, b)
        if c1 == c2:
            return f"from {w1} to {w2} of {c1}"
    return f"from {first} to {second}"


def _plain(board: Any, h: Hex) -> bool:
    """A milepost named after the nearest city (no city, no Wrap Letter there)."""
    h = (int(h[0]), int(h[1]))
    return h in board.mileposts and h not in board.city_at and h not in wraps(board) and bool(board.cities)


def _from_city(board: Any, h: Hex) -> tuple[str, str]:
    """('3 mileposts east', 'Copernicus'): how far and which way `h` lies from its nearest city."""
    city, steps = nearest_city(board, h)
    centre = board.cities[city].center
    layout = Layout()  # the boards' pointy-top lattice: the direction needs no scale
    (x0, y0), (x1, y1) = layout.to_pixel(centre), layout.to_pixel(h)
    direction = COMPASS[round(math.atan2(y1 - y0, x1 - x0) / (math.pi / 4)) % 8]
    return f"{counted(steps, 'milepost')} {direction}", city


def nearest_city(board: Any, h: Hex) -> tuple[str, int]:
    """The city nearest to `h` counted in mileposts to its nearest milepost
    (a tie goes to the city whose centre is nearer), preferring a city of the same region (a Moon disc, a country), so a
    milepost on one disc is never named after a city across the gap."""
    region = getattr(board, "region_of", {}).get(h)
    cities = [c for c in board.cities.values() if board.region_of.get(c.center) == region] if region else []
    steps, _, name = min((min(distance(m, h) for m in c.mileposts), distance(c.center, h), c.name)
                         for c in cities or board.cities.values())
    return name, steps
