"""The Regional Rails board: immutable terrain, towns and cities, rivers.

Hexes are axial ``(q, r)`` tuples (pointy-top, ``game.core.hexgrid``). Hex
sides are canonical edge ids ``(q, r, side)`` from ``hexgrid.edge_id``; a
building place is either a hex (its interior) or such an edge id. The board is
shared, never copied, by every clone of a game state.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Mapping

from game.core.hexgrid import DIRECTIONS, EdgeId, Hex, Layout, distance, edge_id, edge_hexes, neighbour

if TYPE_CHECKING:
    from game.regional_rails.bot_paths import Link
    from game.regional_rails.costs import Charts

PLAINS, FOREST, MOUNTAIN, SEA = "plains", "forest", "mountain", "sea"
TERRAINS = (PLAINS, FOREST, MOUNTAIN, SEA)
TOWN, CITY = "town", "city"


COMPASS = ("east", "north-east", "north-west", "west", "south-west", "south-east")  # DIRECTIONS, y down


@dataclass(frozen=True)
class Place:
    """A town or city. `start` marks one of the six Starting Cities (corners)."""

    name: str
    kind: str  # TOWN or CITY
    hex: Hex
    start: bool = False

    @property
    def is_city(self) -> bool:
        return self.kind == CITY


@dataclass(frozen=True)
class Board:
    """Terrain of every hex on the board (sea included), places, rivers.

    Derived, cached sets: `land`, `coastal` (land hexes next to sea), `sides`
    (every hex side between two land hexes: the only sides one can build on),
    `development_places` (a kind's legal places), `price_charts` (a
    company's chart prices) and `route_links` (the same prices per link):
    the bots ask for them hundreds of thousands of times a game, for a fixed
    board.
    """

    name: str
    terrain: Mapping[Hex, str]
    places: Mapping[Hex, Place]
    rivers: frozenset[EdgeId]
    start_cities: tuple[Hex, ...]
    center: Hex
    land: frozenset[Hex] = field(init=False, repr=False, compare=False)
    coastal: frozenset[Hex] = field(init=False, repr=False, compare=False)
    sides: frozenset[EdgeId] = field(init=False, repr=False, compare=False)
    # where each development marker kind may ever go (placement.legal_places), remembered when first asked
    development_places: dict[str, tuple[Hex, ...]] = field(init=False, repr=False, compare=False)
    # each company's chart prices and the caps (costs.charts), remembered when first asked: at most one per
    # company of the rules (12), about a thousand numbers each on the authored map
    price_charts: dict[str, Charts] = field(init=False, repr=False, compare=False)
    # each company's land links with those prices bound to them (bot_paths.links), remembered when first
    # asked, as the charts: on the board, so a finished game's board takes them along when it goes
    route_links: dict[str, dict[Hex, list[Link]]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        land = frozenset(h for h, t in self.terrain.items() if t != SEA)
        coastal = frozenset(h for h in land
                            if any(self.terrain.get(neighbour(h, d)) == SEA for d in range(6)))
        sides = frozenset(edge_id(h, d) for h in land for d in range(6) if neighbour(h, d) in land)
        object.__setattr__(self, "land", land)
        object.__setattr__(self, "coastal", coastal)
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "development_places", {})
        object.__setattr__(self, "price_charts", {})
        object.__setattr__(self, "route_links", {})

    # Questions about hexes --------------------------------------------------

    def is_land(self, h: Hex) -> bool:
        return h in self.land

    def place(self, h: Hex) -> Place | None:
        return self.places.get(h)

    def landmark(self, h: Hex) -> tuple[Place, int, str] | None:
        """The nearest town or city to `h` (ties: the first by name), how many
        hexes away and in which compass direction `h` lies from it, so the
        log can name a hex without a name by something printed on the map."""
        if not self.places:
            return None
        place = min(self.places.values(), key=lambda p: (distance(p.hex, h), p.name))
        dq, dr = h[0] - place.hex[0], h[1] - place.hex[1]
        # The neighbour direction whose axial vector points most nearly the same way
        # (dot product in the pointy-top plane: x = q + r/2, y = 3r/4 with y down).
        x, y = dq + dr / 2, dr * 0.75
        best = max(range(6), key=lambda d: (DIRECTIONS[d][0] + DIRECTIONS[d][1] / 2) * x
                   + DIRECTIONS[d][1] * 0.75 * y)
        return place, distance(place.hex, h), COMPASS[best]

    def place_named(self, name: str) -> Place:
        for p in self.places.values():
            if p.name == name:
                return p
        raise KeyError(name)

    def cities(self) -> list[Place]:
        return [p for p in self.places.values() if p.is_city]

    def towns(self) -> list[Place]:
        return [p for p in self.places.values() if not p.is_city]

    def is_start_city(self, h: Hex) -> bool:
        return h in self.start_cities

    def land_neighbours(self, h: Hex) -> list[Hex]:
        return [n for n in (neighbour(h, d) for d in range(6)) if n in self.land]

    def river_sides(self, h: Hex) -> int:
        """How many of the hex's six sides are rivers."""
        return sum(1 for d in range(6) if edge_id(h, d) in self.rivers)

    def sides_of(self, h: Hex) -> list[EdgeId]:
        """The buildable sides (to another land hex) of a land hex."""
        return [e for e in (edge_id(h, d) for d in range(6)) if e in self.sides]

    def is_river(self, e: EdgeId) -> bool:
        return e in self.rivers

    @staticmethod
    def side_hexes(e: EdgeId) -> tuple[Hex, Hex]:
        return edge_hexes(e)

    def within(self, center: Hex, radius: int) -> list[Hex]:
        """Land hexes at most `radius` hexes from `center` (the distance limit area)."""
        return sorted(h for h in self.land if distance(h, center) <= radius)

    # Drawing ----------------------------------------------------------------

    def layout(self, size: float = 1.0, origin: tuple[float, float] = (0.0, 0.0)) -> Layout:
        """A pointy-top Layout placing the board's centre hex at `origin`."""
        cx, cy = Layout(True, size).to_pixel(self.center)
        return Layout(True, size, (origin[0] - cx, origin[1] - cy))

    def radius(self) -> int:
        return max(distance(h, self.center) for h in self.terrain)


def make_board(name: str, terrain: Mapping[Hex, str], places: Iterable[Place],
               rivers: Iterable[EdgeId], center: Hex) -> Board:
    """Build a board; start cities are listed in corner order around the centre."""
    place_map = {p.hex: p for p in places}
    starts = sorted((p.hex for p in place_map.values() if p.start),
                    key=lambda h: _corner_order(h, center))
    return Board(name=name, terrain=dict(terrain), places=place_map,
                 rivers=frozenset(rivers), start_cities=tuple(starts), center=center)


def _corner_order(h: Hex, center: Hex) -> tuple[int, Hex]:
    """Sort key: the board direction (0..5) the hex lies in (cube dot product)."""
    dq, dr = h[0] - center[0], h[1] - center[1]
    best = max(range(6), key=lambda d: DIRECTIONS[d][0] * dq + DIRECTIONS[d][1] * dr
               + (DIRECTIONS[d][0] + DIRECTIONS[d][1]) * (dq + dr))
    return (best, h)
