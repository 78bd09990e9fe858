"""Load a Regional Rails board from a Tiled hexagonal .tmx (pointy-top).

- tile layer ``terrain``: tileset tile property ``terrain`` (plains, forest,
  mountain, sea); empty cells are off the board;
- object layer ``places``: point objects of type ``town``, ``city`` or
  ``start_city`` with property ``place_name``;
- object layer ``rivers``: polylines drawn along hex sides; each segment is
  snapped to the canonical edge id whose midpoint it matches.
"""
from __future__ import annotations

import math
import os

from game.core.errors import MapError
from game.core.hexgrid import EdgeId, Hex, distance, edge_id, neighbour
from game.core.resources import program_path
from game.core.tmxmap import MapObject, TmxMap, load_tmx

from game.regional_rails.board import CITY, TERRAINS, TOWN, Board, Place, make_board

MAP_PATH = program_path("maps", "regional_rails", "regional_rails.tmx")
PLACE_TYPES = {"town": (TOWN, False), "city": (CITY, False), "start_city": (CITY, True)}


def load_board(path: str = MAP_PATH) -> Board:
    tmx = load_tmx(path)
    if not tmx.pointy:
        raise MapError(f"{path}: Regional Rails maps are pointy-top (staggeraxis y)")
    terrain = _terrain(tmx)
    if not tmx.objects_in("places"):
        raise MapError(f"{path}: the map has no object layer 'places' (or it is empty)")
    places = [_place(tmx, o, terrain) for o in tmx.objects_in("places")]
    rivers = [e for o in tmx.objects_in("rivers") for e in _river_edges(tmx, o, terrain)]
    center = min(terrain, key=lambda h: (max(distance(h, o) for o in terrain), h))
    board = make_board(str(tmx.properties.get("title", os.path.basename(path))), terrain, places,
                       rivers, center)
    if len(board.start_cities) != 6:
        raise MapError(f"{path}: a Regional Rails map needs 6 starting cities, not {len(board.start_cities)}")
    return board


def _terrain(tmx: TmxMap) -> dict[Hex, str]:
    out = {}
    for h, props in tmx.layer("terrain").items():
        t = props.get("terrain")
        if t not in TERRAINS:
            raise MapError(f"{tmx.path}: layer 'terrain', cell {h} has terrain {t!r}; "
                           f"use one of {', '.join(TERRAINS)}")
        out[h] = str(t)
    return out


def _place(tmx: TmxMap, obj: MapObject, terrain: dict[Hex, str]) -> Place:
    label = f"{tmx.path}: layer 'places', object {obj.name or '?'!r}"
    if obj.type not in PLACE_TYPES:
        raise MapError(f"{label} has type {obj.type!r}; use town, city or start_city")
    name = obj.properties.get("place_name") or obj.name
    if not name:
        raise MapError(f"{label} has no place_name")
    h = tmx.pixel_to_cell(obj.x, obj.y)
    if terrain.get(h, "sea") == "sea":
        raise MapError(f"{label} ({name}) is not on a land hex")
    kind, start = PLACE_TYPES[obj.type]
    return Place(str(name), kind, h, start)


def _river_edges(tmx: TmxMap, obj: MapObject, terrain: dict[Hex, str]) -> list[EdgeId]:
    if len(obj.points) < 2:
        raise MapError(f"{tmx.path}: layer 'rivers', object {obj.name!r} must be a polyline along hex sides")
    out = []
    for (x1, y1), (x2, y2) in zip(obj.points, obj.points[1:]):
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        h = tmx.pixel_to_cell(mx, my)
        best, best_d = None, math.inf
        for d in range(6):
            ax, ay = tmx.cell_center(h)
            bx, by = tmx.cell_center(neighbour(h, d))
            dist = math.hypot((ax + bx) / 2 - mx, (ay + by) / 2 - my)
            if dist < best_d:
                best, best_d = edge_id(h, d), dist
        if best is None or best_d > tmx.side_length / 3:
            raise MapError(f"{tmx.path}: layer 'rivers', object {obj.name!r}: the segment from "
                           f"({x1:g}, {y1:g}) to ({x2:g}, {y2:g}) is not along a hex side")
        out.append(best)
    return out
