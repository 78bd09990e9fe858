"""Read a Tiled hexagonal ``.tmx`` map with ``pytmx.TiledMap`` (no display)
into plain, immutable data in axial coordinates.

Each game turns a :class:`TmxMap` into its own board. Tiled stores no per-cell
properties, so terrain comes from tileset tile properties, and everything on
edges or spanning cells (cities, rivers, borders, ferries) comes from objects.
Any problem raises :class:`MapError` naming the file, layer or object.

What a map parses to is kept as JSON in the disk cache under the digest of
the map's text and its tilesets' (reading it back is several times faster
than pytmx, which is then not even imported); an edited or damaged file has
another digest, so it is checked and parsed afresh.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping
from xml.etree.ElementTree import ParseError

from game.core.derived_cache import derived_for
from game.core.errors import MapError
from game.core.hexgrid import Hex, axial_to_offset, offset_to_axial
from game.core.tmxcheck import check_tiled_files

TMX_CACHE_VERSION = 1  # of the parsed maps kept on disk: bump when TmxMap or its reading changes

Point = tuple[float, float]


@dataclass(frozen=True)
class MapObject:
    layer: str
    name: str
    type: str
    properties: Mapping[str, Any]
    x: float
    y: float
    points: tuple[Point, ...] = ()  # absolute pixel points of a polyline/polygon
    closed: bool = False  # polygon rather than polyline


@dataclass(frozen=True)
class TmxMap:
    path: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    side_length: float
    stagger_axis: str  # "y": pointy-top rows; "x": flat-top columns
    stagger_index: str  # "odd" or "even"
    properties: Mapping[str, Any]
    layers: Mapping[str, Mapping[Hex, Mapping[str, Any]]]  # layer -> cell -> tile properties
    objects: tuple[MapObject, ...] = field(default=())

    @property
    def pointy(self) -> bool:
        return self.stagger_axis == "y"

    def cell_center(self, h: Hex) -> Point:
        """Pixel centre of a cell as Tiled draws it."""
        col, row = axial_to_offset(h, self.stagger_axis, self.stagger_index)
        w, hh, s = self.tile_width, self.tile_height, self.side_length
        even = self.stagger_index == "even"
        if self.stagger_axis == "y":
            row_height = (hh - s) / 2 + s
            x = col * w + (w / 2 if (row & 1) ^ even else 0)
            y = row * row_height
        else:
            col_width = (w - s) / 2 + s
            x = col * col_width
            y = row * hh + (hh / 2 if (col & 1) ^ even else 0)
        return (x + w / 2, y + hh / 2)

    def pixel_to_cell(self, x: float, y: float) -> Hex:
        """The cell whose centre is nearest to a pixel (object positions)."""
        w, hh, s = self.tile_width, self.tile_height, self.side_length
        if self.stagger_axis == "y":
            row = int(round((y - hh / 2) / ((hh - s) / 2 + s)))
            col = int(round((x - w / 2) / w))
        else:
            col = int(round((x - w / 2) / ((w - s) / 2 + s)))
            row = int(round((y - hh / 2) / hh))
        best, best_d = None, float("inf")
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                h = offset_to_axial(col + dc, row + dr, self.stagger_axis, self.stagger_index)
                cx, cy = self.cell_center(h)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if d < best_d:
                    best, best_d = h, d
        assert best is not None
        return best

    def layer(self, name: str) -> Mapping[Hex, Mapping[str, Any]]:
        if name not in self.layers:
            raise MapError(f"{self.path}: the map has no tile layer named {name!r}")
        return self.layers[name]

    def objects_in(self, layer: str) -> list[MapObject]:
        return [o for o in self.objects if o.layer == layer]


def load_tmx(path: str | os.PathLike[str]) -> TmxMap:
    name = os.fspath(path)
    if not os.path.exists(name):
        raise MapError(f"{name}: the map file does not exist")
    digest = check_tiled_files(name)  # damage named by file and layer/object, before pytmx
    parsed: list[TmxMap] = []

    def compute() -> dict[str, Any]:
        parsed.append(_parse(name))
        stored = _to_json(parsed[0])
        return stored if _from_json(name, json.loads(json.dumps(stored))) == parsed[0] else {}

    kept = derived_for(digest, "tmx-map", TMX_CACHE_VERSION, compute)
    if parsed:
        return parsed[0]
    try:
        return _from_json(name, kept)
    except (KeyError, TypeError, ValueError, AttributeError):  # nothing kept, or a damaged cache entry
        return _parse(name)


def _parse(name: str) -> TmxMap:
    """Read a checked map with pytmx (imported here: a map kept on disk never needs it)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx

    try:
        tiled = pytmx.TiledMap(name)
    except ParseError as exc:
        raise MapError(f"{name}: the map is not valid XML ({exc})") from exc
    except Exception as exc:  # pytmx raises bare Exceptions and ValueErrors
        raise MapError(f"{name}: the map cannot be read ({exc})") from exc
    if getattr(tiled, "orientation", None) != "hexagonal":
        raise MapError(f"{name}: the map must be hexagonal, not {getattr(tiled, 'orientation', '?')}")
    axis = getattr(tiled, "staggeraxis", None)
    index = getattr(tiled, "staggerindex", None)
    if axis not in ("x", "y") or index not in ("odd", "even"):
        raise MapError(f"{name}: the map needs staggeraxis x|y and staggerindex odd|even")
    side = float(getattr(tiled, "hexsidelength", 0) or 0)
    if side <= 0:
        raise MapError(f"{name}: the map has no hexsidelength")
    return TmxMap(
        path=name, width=int(tiled.width), height=int(tiled.height),
        tile_width=int(tiled.tilewidth), tile_height=int(tiled.tileheight), side_length=side,
        stagger_axis=axis, stagger_index=index,
        properties=MappingProxyType(dict(tiled.properties or {})),
        layers=MappingProxyType(_tile_layers(tiled, name, axis, index)),
        objects=tuple(_objects(tiled, name)),
    )


def _tile_layers(tiled: Any, name: str, axis: str, index: str) -> dict[str, Mapping[Hex, Mapping[str, Any]]]:
    import pytmx

    out: dict[str, Mapping[Hex, Mapping[str, Any]]] = {}
    for layer in tiled.layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        cells: dict[Hex, Mapping[str, Any]] = {}
        for row, line in enumerate(layer.data):
            for col, gid in enumerate(line):
                if not gid:
                    continue
                props = tiled.get_tile_properties_by_gid(gid)
                if props is None:
                    raise MapError(f"{name}: layer {layer.name!r}, cell ({col}, {row}) uses a tile "
                                   f"with no properties")
                cells[offset_to_axial(col, row, axis, index)] = MappingProxyType(dict(props))
        out[layer.name] = MappingProxyType(cells)
    return out


def _objects(tiled: Any, name: str) -> list[MapObject]:
    out = []
    for group in tiled.objectgroups:
        for obj in group:
            kind = obj.type or getattr(obj, "class", None) or ""
            points = tuple((float(p.x), float(p.y)) for p in getattr(obj, "points", ()) or ())
            closed = getattr(obj, "closed", False) if points else False
            out.append(MapObject(layer=group.name, name=obj.name or "", type=str(kind),
                                 properties=MappingProxyType(dict(obj.properties or {})),
                                 x=float(obj.x), y=float(obj.y), points=points, closed=bool(closed)))
    return out


def _to_json(tmx: TmxMap) -> dict[str, Any]:
    """A parsed map as JSON data (all but its path, which the reader gives)."""
    return {"size": [tmx.width, tmx.height, tmx.tile_width, tmx.tile_height, tmx.side_length],
            "stagger": [tmx.stagger_axis, tmx.stagger_index], "properties": dict(tmx.properties),
            "layers": {layer: _cells_to_json(cells) for layer, cells in tmx.layers.items()},
            "objects": [[o.layer, o.name, o.type, dict(o.properties), o.x, o.y, [list(p) for p in o.points], o.closed]
                        for o in tmx.objects]}


def _from_json(name: str, data: dict[str, Any]) -> TmxMap:
    width, height, tile_width, tile_height, side = data["size"]
    axis, index = data["stagger"]
    layers = {layer: _cells_from_json(cells) for layer, cells in data["layers"].items()}
    objects = tuple(MapObject(layer=layer, name=obj_name, type=kind, properties=MappingProxyType(props), x=x, y=y,
                              points=tuple((px, py) for px, py in points), closed=closed)
                    for layer, obj_name, kind, props, x, y, points, closed in data["objects"])
    return TmxMap(path=name, width=width, height=height, tile_width=tile_width, tile_height=tile_height,
                  side_length=side, stagger_axis=axis, stagger_index=index,
                  properties=MappingProxyType(data["properties"]), layers=MappingProxyType(layers), objects=objects)


def _cells_to_json(cells: Mapping[Hex, Mapping[str, Any]]) -> dict[str, Any]:
    """A tile layer as its distinct tile properties (a map uses a few tiles
    thousands of times) and a flat list of q, r, index triples."""
    kinds: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    flat: list[int] = []
    for (q, r), props in cells.items():
        key = json.dumps(dict(props))
        if key not in index:
            index[key] = len(kinds)
            kinds.append(dict(props))
        flat += (q, r, index[key])
    return {"kinds": kinds, "cells": flat}


def _cells_from_json(data: dict[str, Any]) -> Mapping[Hex, Mapping[str, Any]]:
    kinds = [MappingProxyType(props) for props in data["kinds"]]
    flat = data["cells"]
    return MappingProxyType({(flat[k], flat[k + 1]): kinds[flat[k + 2]] for k in range(0, len(flat), 3)})
