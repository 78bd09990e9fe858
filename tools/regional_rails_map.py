"""Write the authored Regional Rails map (maps/regional_rails/) from the readable
description below: the .tmx (Tiled, hexagonal, pointy-top, odd rows staggered),
its external tileset .tsx and the tileset PNG. Deterministic: running it twice
gives the same files.

The board is a hexagon of radius 7 (169 hexes). ROWS lists it top to bottom,
one token per hex, left to right. A token is a terrain letter followed by an
optional place letter:
    terrain  .  plains   *  forest   ^  mountain   ~  sea
    place    T  town     C  city     S  starting city (the six corners)
Places are named by NAMES in reading order. Rivers are lists of waypoint hex
sides ``(q, r, side)`` in centre-relative axial coordinates, side one of E NE NW
W SW SE; consecutive waypoints are joined along the shortest chain of hex sides.

Usage: python3 tools/regional_rails_map.py
"""
from __future__ import annotations

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core.hexgrid import axial_to_offset, offset_to_axial  # noqa: E402
from game.regional_rails.rivers import waypoint_corners  # noqa: E402

RADIUS = 7
TILE_W, TILE_H, SIDE = 70, 80, 40  # pointy hex of size 40: width ~sqrt(3)*40, height 80
OUT_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "maps", "regional_rails")
TERRAIN_LETTERS = {".": "plains", "*": "forest", "^": "mountain", "~": "sea"}
TERRAIN_TILES = ("plains", "forest", "mountain", "sea")  # tile ids 0..3
PLACE_LETTERS = {"T": "town", "C": "city", "S": "start_city"}
SIDES = {"E": 0, "NE": 1, "NW": 2, "W": 3, "SW": 4, "SE": 5}

ROWS = """
               .S  .T  .T  ~   ~   *T  *   .S
             .   *   .C  ~   ~   ~   ~   .T  .
           .T  *   *T  .   .T  ~   .C  *   ^   .T
         .   ^   ^   .   .   .   .   *   ^T  ^   .
       .C  ^   ^T  ^   .T  .C  .T  .   .   ^   .   .C
     .T  .   ^   .   .   .T  .   *   *T  .   .   .   .
   .   .   .   *   *   .   .   .C  *   *   .T  ^   ^   .T
 .S  .T  .   .C  *T  .   .   .   .   .   .   .T  ^T  ^   .S
   .   .   .   .   .   .   .C  .   .   .   ^   ^   .   .
     .T  *   .   .T  .   .   .   .T  .   .C  .   .T  .
       .   *   *T  .   .   .C  .   .   ~   ~   .   .
         .   .   .   .T  .   .   .T  ~   ~   ~   .C
           .C  .   *   .   ^   .   ~   ~   ~   .
             .   *   *T  ^   ^T  ~   ~   .T  .
               .S  .T  .   .T  ~   .T  .   .S
"""

NAMES = [
    "Northgate", "Ashcombe", "Saltmarsh", "Pinecrest", "Eastwatch",     # row 1
    "Gullhaven", "Highmoor",                                             # row 2
    "Fernley", "Briarwood", "Hollin", "Harbourton", "Tarnby",            # row 3
    "Redstone",                                                          # row 4
    "Westfield", "Coldpeak", "Ashby", "Kingsbridge", "Elmstead", "Cragmoor",  # row 5
    "Lowfield", "Dunmere", "Oakhurst",                                   # row 6
    "Greystone", "Millbrook", "Brookend",                                # row 7
    "Westmarch", "Wickham", "Thornbury", "Fallowby", "Stonecliff", "Flintby", "Eastmarch",  # row 8
    "Ironford",                                                          # row 9
    "Barrow", "Hazelden", "Lowmoor", "Riverton", "Sandholm",             # row 10
    "Woodhall", "Marston",                                               # row 11
    "Cobbleton", "Leighton", "Southport",                                # row 12
    "Ravensby",                                                          # row 13
    "Hawkmoor", "Ryeford", "Southley",                                   # row 14
    "Southgate", "Dunford", "Seaview", "Gullpoint", "Southwatch",        # row 15
]

RIVERS = [
    # Silver River: past the town Dunmere, round four sides of Ironford, into the southern sea.
    [(0, -2, "SW"), (-1, 1, "NE"), (-1, 1, "E"), (-1, 1, "SE"), (-1, 1, "SW"), (0, 3, "E")],
    # Bay Brook: a short stream into the northern bay beside Gullhaven.
    [(1, -5, "W"), (1, -6, "SE")],
    # Crag Water: round two sides of the mountain town Redstone, then south-west.
    [(5, -4, "NW"), (5, -4, "W"), (5, -4, "SW"), (3, -1, "E")],
    # Fen River: across the western plains into the southern sea.
    [(-5, 1, "NE"), (-4, 3, "E"), (-1, 4, "E")],
]


def parse_rows() -> tuple[dict[tuple[int, int], str], dict[tuple[int, int], tuple[str, str]]]:
    """Centre-relative axial hex -> terrain, and -> (place kind, name)."""
    terrain, places = {}, {}
    names = iter(NAMES)
    lines = [ln for ln in ROWS.splitlines() if ln.strip()]
    if len(lines) != 2 * RADIUS + 1:
        raise SystemExit(f"ROWS must have {2 * RADIUS + 1} rows, not {len(lines)}")
    for i, line in enumerate(lines):
        r = i - RADIUS
        qs = range(max(-RADIUS, -r - RADIUS), min(RADIUS, RADIUS - r) + 1)
        tokens = line.split()
        if len(tokens) != len(qs):
            raise SystemExit(f"row {i} has {len(tokens)} hexes, expected {len(qs)}")
        for q, tok in zip(qs, tokens):
            terrain[(q, r)] = TERRAIN_LETTERS[tok[0]]
            if len(tok) > 1:
                places[(q, r)] = (PLACE_LETTERS[tok[1]], next(names))
    if next(names, None) is not None:
        raise SystemExit("NAMES has more names than ROWS has places")
    return terrain, places


def river_corners(waypoints):
    """The corner sequence of a river through its waypoint sides, in order."""
    return waypoint_corners([((q, r), SIDES[side]) for q, r, side in waypoints])


# TMX geometry ---------------------------------------------------------------------

CENTER_OFFSET = (RADIUS, RADIUS)
CENTER = offset_to_axial(*CENTER_OFFSET, "y", "odd")


def absolute(h):
    return (CENTER[0] + h[0], CENTER[1] + h[1])


def cell_center(h):
    col, row = axial_to_offset(absolute(h), "y", "odd")
    row_height = (TILE_H - SIDE) / 2 + SIDE
    x = col * TILE_W + (TILE_W / 2 if row & 1 else 0)
    return (x + TILE_W / 2, row * row_height + TILE_H / 2)


def corner_point(corner):
    pts = [cell_center(h) for h in corner]
    return (round(sum(p[0] for p in pts) / 3, 2), round(sum(p[1] for p in pts) / 3, 2))


# Writing ----------------------------------------------------------------------------

def tmx_text(terrain, places) -> str:
    size = 2 * RADIUS + 1
    grid = [[0] * size for _ in range(size)]
    for h, t in terrain.items():
        col, row = axial_to_offset(absolute(h), "y", "odd")
        grid[row][col] = TERRAIN_TILES.index(t) + 1
    csv = ",\n".join(",".join(str(g) for g in row) for row in grid)
    objs, oid = [], 1
    place_lines = []
    for h in sorted(places, key=lambda h: (h[1], h[0])):
        kind, name = places[h]
        x, y = cell_center(h)
        place_lines.append(f'  <object id="{oid}" name="{name}" type="{kind}" x="{x:g}" y="{y:g}">\n'
                           f'   <properties>\n    <property name="place_name" value="{name}"/>\n'
                           f'   </properties>\n   <point/>\n  </object>')
        oid += 1
    objs.append(' <objectgroup id="3" name="places">\n' + "\n".join(place_lines) + "\n </objectgroup>")
    river_lines = []
    for i, waypoints in enumerate(RIVERS):
        pts = [corner_point(c) for c in river_corners(waypoints)]
        x0, y0 = pts[0]
        rel = " ".join(f"{x - x0:g},{y - y0:g}" for x, y in pts)
        river_lines.append(f'  <object id="{oid}" name="river {i + 1}" type="river" x="{x0:g}" y="{y0:g}">\n'
                           f'   <polyline points="{rel}"/>\n  </object>')
        oid += 1
    objs.append(' <objectgroup id="4" name="rivers">\n' + "\n".join(river_lines) + "\n </objectgroup>")
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" '
            f'width="{size}" height="{size}" tilewidth="{TILE_W}" tileheight="{TILE_H}" infinite="0" '
            f'hexsidelength="{SIDE}" staggeraxis="y" staggerindex="odd" nextlayerid="5" nextobjectid="{oid}">\n'
            f' <properties>\n  <property name="title" value="The Five Valleys"/>\n </properties>\n'
            f' <tileset firstgid="1" source="terrain.tsx"/>\n'
            f' <layer id="1" name="terrain" width="{size}" height="{size}">\n'
            f'  <data encoding="csv">\n{csv}\n</data>\n </layer>\n' + "\n".join(objs) + "\n</map>\n")


def tsx_text() -> str:
    tiles = "\n".join(f' <tile id="{i}">\n  <properties>\n   <property name="terrain" value="{t}"/>\n'
                      f'  </properties>\n </tile>' for i, t in enumerate(TERRAIN_TILES))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="{TILE_W}" '
            f'tileheight="{TILE_H}" tilecount="{len(TERRAIN_TILES)}" columns="{len(TERRAIN_TILES)}">\n'
            f' <image source="terrain.png" width="{TILE_W * len(TERRAIN_TILES)}" height="{TILE_H}"/>\n'
            f'{tiles}\n</tileset>\n')


def write_png(path: str) -> None:
    """The tileset image: one hex per terrain, drawn as the rulebook describes
    (blue waves, orange angles, green triangles, blank plains)."""
    import pygame
    surf = pygame.Surface((TILE_W * len(TERRAIN_TILES), TILE_H), pygame.SRCALPHA)
    fills = {"plains": (236, 228, 200), "forest": (200, 226, 180), "mountain": (236, 214, 186),
             "sea": (170, 205, 235)}
    for i, t in enumerate(TERRAIN_TILES):
        cx, cy = i * TILE_W + TILE_W / 2, TILE_H / 2
        pts = [(cx + 40 * math.cos(math.radians(30 + 60 * k)), cy + 40 * math.sin(math.radians(30 + 60 * k)))
               for k in range(6)]
        pygame.draw.polygon(surf, fills[t], pts)
        pygame.draw.polygon(surf, (120, 120, 120), pts, 1)
        if t == "sea":
            for dy in (-12, 0, 12):
                for dx in (-16, 4):
                    pygame.draw.arc(surf, (40, 90, 190), (cx + dx, cy + dy - 4, 12, 8), 0, math.pi, 2)
        elif t == "mountain":
            for dx, dy in ((-12, 8), (8, 8), (-2, -8)):
                pygame.draw.lines(surf, (220, 120, 30), False,
                                  [(cx + dx - 8, cy + dy + 6), (cx + dx, cy + dy - 6), (cx + dx + 8, cy + dy + 6)], 3)
        elif t == "forest":
            for dx, dy in ((-12, 8), (8, 8), (-2, -8)):
                pygame.draw.polygon(surf, (40, 130, 50),
                                    [(cx + dx - 6, cy + dy + 6), (cx + dx, cy + dy - 6), (cx + dx + 6, cy + dy + 6)])
    pygame.image.save(surf, path)


def main() -> None:
    terrain, places = parse_rows()
    os.makedirs(OUT_DIR, exist_ok=True)
    with open(os.path.join(OUT_DIR, "regional_rails.tmx"), "w", encoding="utf-8") as fh:
        fh.write(tmx_text(terrain, places))
    with open(os.path.join(OUT_DIR, "terrain.tsx"), "w", encoding="utf-8") as fh:
        fh.write(tsx_text())
    write_png(os.path.join(OUT_DIR, "terrain.png"))
    land = sum(1 for t in terrain.values() if t != "sea")
    print(f"wrote {OUT_DIR}: {len(terrain)} hexes, {land} land, {len(places)} places, {len(RIVERS)} rivers")


if __name__ == "__main__":
    main()
