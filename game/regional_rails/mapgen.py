"""The seeded random-map generator (setup option ``map: random``).

It makes boards of the same kind as the authored one: a hexagon of radius 7
around the same centre hex, six starting cities in the corners (plains, not
coastal), seas on the rim, mountain ranges, forests, rivers along hex sides,
towns and cities spread evenly over the six sextants so every corner has
places nearby, and at least one place for every development marker kind
(repaired where chance left none). Only ``game.core.rng.Rng`` is used, so a
seed always gives the same board.
"""
from __future__ import annotations

from game.core.errors import MapError
from game.core.hexgrid import DIRECTIONS, Hex, distance, neighbour, neighbours, ring, spiral
from game.core.rng import Rng

from game.regional_rails.board import CITY, FOREST, MOUNTAIN, PLAINS, SEA, TOWN, Board, Place, make_board
from game.regional_rails.data import DevelopmentKind, rules
from game.regional_rails.placement import unsatisfied_kinds
from game.regional_rails.rivers import shortest_path, side_corners, side_edge_id, side_of

RADIUS = 7
CENTER: Hex = (4, 7)  # the authored map's centre, so both kinds share one coordinate frame
MIN_LAND = 120
CITIES_PER_SEXTANT = 2
TOWNS_PER_SEXTANT = 4
PREFIXES = ("Ash", "Oak", "Stone", "Elm", "Thorn", "Wolf", "Red", "Black", "Green", "Hay", "Kings",
            "Marsh", "Raven", "Salt", "Wind", "Frost", "Bram", "Cold", "Deer", "Fox", "Glen", "High",
            "Iron", "Long", "Moor", "North", "Pine", "Rush", "Silver", "West", "Willow", "York")
SUFFIXES = ("ford", "by", "ton", "ham", "wick", "field", "bury", "stead", "mere", "dale", "holm",
            "ley", "well", "worth", "combe", "haven")


class _Draft:
    """A board being made: mutable terrain, places and rivers."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.hexes = list(spiral(CENTER, RADIUS))
        self.terrain = {h: PLAINS for h in self.hexes}
        self.corners = [(CENTER[0] + d[0] * RADIUS, CENTER[1] + d[1] * RADIUS) for d in DIRECTIONS]
        self.places: dict[Hex, Place] = {}
        self.rivers: set = set()
        self.names: list[str] = [p + s for p in PREFIXES for s in SUFFIXES]
        rng.shuffle(self.names)

    def land(self, h: Hex) -> bool:
        return self.terrain.get(h, SEA) != SEA

    def coastal(self, h: Hex) -> bool:
        return self.land(h) and any(self.terrain.get(n) == SEA for n in neighbours(h))

    def near_corner(self, h: Hex, radius: int) -> bool:
        return any(distance(h, c) <= radius for c in self.corners)

    def free(self, h: Hex) -> bool:
        """Land without a place and with no place next to it."""
        return self.land(h) and h not in self.places and not any(n in self.places for n in neighbours(h))

    def add_place(self, h: Hex, kind: str, start: bool = False) -> None:
        self.places[h] = Place(self.names.pop(), kind, h, start)

    def board(self) -> Board:
        edges = {side_edge_id(s) for s in self.rivers
                 if all(self.land(h) for h in s)}
        return make_board("Random map", self.terrain, self.places.values(), edges, CENTER)


def _grow(d: _Draft, seed: Hex, size: int, terrain: str, allowed) -> None:
    area = [seed]
    d.terrain[seed] = terrain
    while len(area) < size:
        frontier = sorted({n for h in area for n in neighbours(h)
                           if n in d.terrain and d.terrain[n] != terrain and allowed(n)})
        if not frontier:
            return
        n = d.rng.choice(frontier)
        d.terrain[n] = terrain
        area.append(n)


def _seas(d: _Draft) -> None:
    rim = [h for h in ring(CENTER, RADIUS) if not d.near_corner(h, 2)]
    for _ in range(d.rng.randint(2, 3)):
        _grow(d, d.rng.choice(rim), d.rng.randint(7, 13), SEA,
              lambda h: distance(h, CENTER) >= 4 and not d.near_corner(h, 2))


def _relief(d: _Draft) -> None:
    inland = [h for h in d.hexes if d.land(h) and not d.near_corner(h, 1)]
    for _ in range(4):  # mountain ranges: walks that mostly keep their heading
        h, heading = d.rng.choice(inland), d.rng.below(6)
        for _ in range(d.rng.randint(5, 8)):
            if d.land(h) and not d.near_corner(h, 1):
                d.terrain[h] = MOUNTAIN
            if d.rng.below(10) < 3:
                heading = (heading + d.rng.choice((-1, 1))) % 6
            h = neighbour(h, heading)
    for _ in range(4):
        _grow(d, d.rng.choice(inland), d.rng.randint(4, 8), FOREST,
              lambda h: d.land(h) and not d.near_corner(h, 1))


def _sextant(h: Hex) -> int:
    dq, dr = h[0] - CENTER[0], h[1] - CENTER[1]
    return max(range(6), key=lambda k: DIRECTIONS[k][0] * dq + DIRECTIONS[k][1] * dr
               + (DIRECTIONS[k][0] + DIRECTIONS[k][1]) * (dq + dr))


def _places(d: _Draft) -> None:
    for c in d.corners:
        d.add_place(c, CITY, start=True)
    for c in d.corners:  # a town next to every start: reachable at Train Level 1
        d.add_place(d.rng.choice([n for n in neighbours(c) if d.land(n) and n not in d.places]), TOWN)
    for sextant in range(6):
        zone = [h for h in d.hexes if _sextant(h) == sextant and distance(h, CENTER) >= 1]
        for kind, count in ((CITY, CITIES_PER_SEXTANT), (TOWN, TOWNS_PER_SEXTANT)):
            for _ in range(count):
                spots = [h for h in zone if d.free(h) and (kind == TOWN or d.terrain[h] == PLAINS)]
                if spots:
                    d.add_place(d.rng.choice(spots), kind)


def _rivers(d: _Draft) -> None:
    """Rivers rise in the hills and wind to the nearest sea (or the rim) along
    hex sides, through a random bend half-way."""
    highs = [h for h in d.hexes if d.terrain[h] == MOUNTAIN] or [h for h in d.hexes if d.land(h)]
    mouths = [(s, n) for s in d.hexes if d.terrain[s] == SEA for n in neighbours(s) if d.land(n)]
    mouths += [(h, n) for h in ring(CENTER, RADIUS) for n in neighbours(h) if n not in d.terrain]
    for _ in range(d.rng.randint(3, 4)):
        source = d.rng.choice(highs)
        start = side_corners(side_of(source, d.rng.below(6)))[0]
        mouths.sort(key=lambda m: (distance(m[0], source), m))
        a, b = d.rng.choice(mouths[:6])
        goal = side_corners(frozenset((a, b)))[0]
        bend = d.rng.choice([h for h in d.hexes if d.land(h) and distance(h, source) <= 3])
        middle = side_corners(side_of(bend, d.rng.below(6)))[0]
        on_board = lambda c: any(h in d.terrain for h in c)  # noqa: E731
        first = shortest_path(start, middle, d.rivers, on_board)
        second = shortest_path(middle, goal, set(d.rivers) | set(first), on_board) if first else []
        d.rivers.update(first + second)


# Repairs: make every development marker kind placeable somewhere -------------------

def _candidates(d: _Draft, kind: DevelopmentKind) -> list[Hex]:
    out = []
    for h, p in sorted(d.places.items()):
        if p.start or p.kind != kind.place:
            continue
        if kind.coastal is not None and d.coastal(h) != kind.coastal:
            continue
        if d.coastal(h) and sum(d.terrain.get(n) == SEA for n in neighbours(h)) < kind.near.get(SEA, 0):
            continue
        out.append(h)
    return out


def _new_place_for(d: _Draft, kind: DevelopmentKind) -> Hex | None:
    spots = [h for h in d.hexes if d.free(h) and not d.near_corner(h, 1)
             and (kind.coastal is None or d.coastal(h) == kind.coastal)
             and sum(d.terrain.get(n) == SEA for n in neighbours(h)) >= kind.near.get(SEA, 0)]
    if not spots:
        return None
    h = d.rng.choice(spots)
    if kind.place == CITY:
        d.terrain[h] = PLAINS
    d.add_place(h, kind.place)
    return h


def _repair(d: _Draft, kind: DevelopmentKind) -> None:
    cands = _candidates(d, kind)
    h = d.rng.choice(cands) if cands else _new_place_for(d, kind)
    if h is None:
        return
    if kind.on is not None:
        d.terrain[h] = kind.on
    for what, least in kind.near.items():
        if what == SEA:
            continue
        spare = [n for n in neighbours(h) if d.land(n) and n not in d.places and n not in d.corners]
        d.rng.shuffle(spare)
        if what == TOWN:
            have = sum(1 for n in neighbours(h) if n in d.places and d.places[n].kind == TOWN)
        else:
            have = sum(d.terrain.get(n) == what for n in neighbours(h))
        for n in spare[:max(0, least - have)]:
            if what == TOWN:
                d.add_place(n, TOWN)
            else:
                d.terrain[n] = what
    start = d.rng.below(6)
    for k in range(6):
        if sum(side_of(h, x) in d.rivers for x in range(6)) >= kind.rivers:
            break
        s = side_of(h, (start + k) % 6)
        if all(d.land(x) for x in s):
            d.rivers.add(s)


def _fair(board: Board) -> bool:
    """Every corner has a town or city next to it (reachable at Train Level 1)
    and at least three within 3 hexes."""
    return all(any(distance(p, s) == 1 for p in board.places)
               and sum(1 for p in board.places if p != s and distance(p, s) <= 3) >= 3
               for s in board.start_cities)


def _connected(board: Board) -> bool:
    start = board.start_cities[0]
    seen, todo = {start}, [start]
    while todo:
        h = todo.pop()
        for n in board.land_neighbours(h):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == set(board.land)


def board_problems(board: Board) -> list[str]:
    """What keeps a board from being a fair Regional Rails board (empty: fine).
    The tests check the authored map and generated maps with this."""
    out = []
    if len(board.land) < MIN_LAND:
        out.append(f"only {len(board.land)} land hexes (need {MIN_LAND})")
    if len(board.start_cities) != 6:
        out.append(f"{len(board.start_cities)} starting cities (need 6)")
    corners = {(board.center[0] + d[0] * RADIUS, board.center[1] + d[1] * RADIUS) for d in DIRECTIONS}
    if set(board.start_cities) != corners:
        out.append("the starting cities are not in the six corners")
    if any(h in board.coastal for h in board.start_cities):
        out.append("a starting city is coastal")
    missing = unsatisfied_kinds(board)
    if missing:
        out.append("no place for development marker(s): " + ", ".join(missing))
    if not _connected(board):
        out.append("the land is not all connected")
    if not _fair(board):
        out.append("a starting city has no town or city next to it, or fewer than 3 within 3 hexes")
    if not board.rivers:
        out.append("no rivers")
    return out


def generate_board(seed: int) -> Board:
    """A fair random board for `seed` (tries successive sub-seeds until one passes)."""
    for attempt in range(50):
        d = _Draft(Rng((seed << 8) + attempt))
        _seas(d)
        _relief(d)
        _places(d)
        _rivers(d)
        for _ in range(3):
            missing = unsatisfied_kinds(d.board())
            if not missing:
                break
            for name in missing:
                _repair(d, rules().development(name))
        board = d.board()
        if not board_problems(board):
            return board
    raise MapError(f"the map generator found no fair board for seed {seed}")

