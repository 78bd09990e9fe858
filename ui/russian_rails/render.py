"""Russian Rails board drawing: the pure `draw_board` the controller calls.

The generic crayon renderer (crayon_board) knows nothing about Russia; this
module turns a CrayonBoard and a game state into its inputs, with the Russian
Rails palette. Lunar Rails can reuse `geometry_for` and the renderer with its
own `CrayonStyle`.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Sequence

import pygame

from game.core.derived_cache import derived
from game.core.geometry import point_in_polygon
from game.core.hexgrid import Hex, neighbours as hex_neighbours, offset_to_axial
from game.crayon.board import HOME_REGION
from ui.camera import Camera
from ui.russian_rails.crayon_board import StaticLayer, TrackLayer, TrackTiles, blit_layers
from ui.russian_rails.crayon_overlay import Overlay, Pawn, draw_notes, draw_overlay, draw_pawns, pawn_rects
from ui.russian_rails.crayon_geometry import (BoardGeometry, CityGeom, Point, WaterGeom, centroid, chaikin,
                                              frame_rect, outlines)
from ui.russian_rails.crayon_style import RGB, CrayonStyle, goods_colour
from ui.russian_rails.lunar_look import LUNAR_STYLE, draw_sites, lunar_geometry, split_pole_cities
from ui.russian_rails.tile_cache import TileCache
from ui.still_view import StillView

RUSSIAN_STYLE = CrayonStyle()
DRAWING_CACHE_VERSION = 1  # bump when outlines or water labels are computed differently


def style_for(board: Any) -> CrayonStyle:
    """The printed look of a board: the Moon's grey on black, or Russia's."""
    return LUNAR_STYLE if getattr(board, "wraps", None) else RUSSIAN_STYLE


@dataclass
class Selection:
    """What the player is pointing at or proposing, plus the seat colours
    (seat colours live in the session, not in the rules state)."""

    colours: Sequence[RGB] = ()
    overlay: Overlay = field(default_factory=Overlay)
    hidden_pawns: frozenset[int] = frozenset()  # seats whose pawn an animation is drawing
    show_sites: bool = True  # Lunar Rails: the historic landing and impact sites layer
    tile_budget_ms: float | None = None  # while the view moves: time for new map tiles this frame (None: all;
    # 0: none at all, while the zoom is still changing)
    version: Any = None  # changes whenever the state changes in place (the session's move count and state);
    # None: unknown, so the track is compared section by section every frame


_GEOMETRY: dict[int, tuple[Any, BoardGeometry]] = {}
_LAYERS: dict[tuple[int, int], tuple[Any, StaticLayer]] = {}
_TRACKS: dict[tuple[int, int], tuple[Any, TrackTiles]] = {}
_STILL: dict[int, tuple[Any, StillView]] = {}
TILES = TileCache()  # every board's map and track tiles, one memory bound


def geometry_for(board: Any) -> BoardGeometry:
    """The drawing geometry of a CrayonBoard, computed once per board."""
    hit = _GEOMETRY.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    geom = build_geometry(board)
    _GEOMETRY[id(board)] = (board, geom)
    return geom


def static_layer(board: Any, style: CrayonStyle | None = None) -> StaticLayer:
    """The cached printed-board layer for a board and style (by default, the board's own)."""
    style = style or style_for(board)
    key = (id(board), id(style))
    hit = _LAYERS.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    layer = StaticLayer(geometry_for(board), style, TILES)
    _LAYERS[key] = (board, layer)
    return layer


def track_tiles(board: Any, style: CrayonStyle | None = None) -> TrackTiles:
    """The cached crayon-track layer for a board and style (by default, the board's own)."""
    style = style or style_for(board)
    key = (id(board), id(style))
    hit = _TRACKS.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    tiles = TrackTiles(geometry_for(board), style, TILES)
    _TRACKS[key] = (board, tiles)
    return tiles


def still_view(board: Any) -> StillView:
    """The last still picture of a board's map (scaled under missing tiles while the view moves)."""
    hit = _STILL.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    still = StillView()
    _STILL[id(board)] = (board, still)
    return still


def build_geometry(board: Any) -> BoardGeometry:
    layout = board.layout()
    cols, rows = board.grid_size
    cells = {offset_to_axial(c, r, "y", "odd") for r in range(rows) for c in range(cols)}
    foreign_loops, water_labels = _slow_parts(board, layout, cells)
    cities = [CityGeom(c.name, c.size, c.center, tuple(c.goods), tuple(c.mileposts))
              for c in sorted(board.cities.values(), key=lambda c: c.name)]
    waters = [WaterGeom(name, board.water_kinds.get(name, "sea"), tuple(rings), water_labels.get(name))
              for name, rings in board.water_shapes.items()]
    rivers = [(name, chaikin(list(line), closed=False)) for name, lines in board.river_lines.items()
              for line in lines if len(line) >= 2]
    borders = [(name, list(line)) for name, lines in board.border_lines.items() for line in lines if len(line) >= 2]
    lunar = lunar_geometry(board)
    if lunar is not None:  # the sides are titled by the Moon's own painter; maria are named like seas
        cities, labels = split_pole_cities(board, cities), []
        waters = [WaterGeom(name, "sea" if kind == "mare" else "lake", (), at) for name, kind, at in board.place_names]
    else:
        labels = _region_labels(board, layout)
    return BoardGeometry(layout, dict(board.mileposts), frame_rect(layout, cells), cities,
                         foreign_loops, waters, rivers, borders,
                         [(f.a, f.b, f.name) for f in board.ferries], labels, lunar=lunar)


def _region_labels(board: Any, layout: Any) -> list[tuple[str, Point]]:
    """Each named region's name at its middle (regions of fewer than 8 mileposts go unnamed)."""
    regions: dict[str, list[Hex]] = {}
    for h, region in board.region_of.items():
        regions.setdefault(region, []).append(h)
    return [(name, centroid(layout, hs)) for name, hs in sorted(regions.items())
            if name != HOME_REGION and len(hs) >= 8]


def _slow_parts(board: Any, layout: Any, cells: set[Hex]) -> tuple[list[tuple[list[Point], bool]],
                                                                   dict[str, Point | None]]:
    """The outlines of the land beyond the territory and where each water's
    name goes: most of the geometry's time, so kept in the derived-data cache
    per map file."""
    def compute() -> dict[str, Any]:
        centres = {c: layout.to_pixel(c) for c in cells}
        loops = outlines(layout, cells, _foreign_cells(board, layout, cells))
        return {"outlines": [[[list(p) for p in loop], outer] for loop, outer in loops],
                "water_labels": {name: _water_label(centres, rings) for name, rings in board.water_shapes.items()}}

    def decode(stored: Any) -> tuple[list[tuple[list[Point], bool]], dict[str, Point | None]]:
        loops = [([(float(x), float(y)) for x, y in loop], bool(outer)) for loop, outer in stored["outlines"]]
        labels = {str(name): None if at is None else (float(at[0]), float(at[1]))
                  for name, at in stored["water_labels"].items()}
        return loops, labels

    try:
        return decode(derived(board.path, "drawing", DRAWING_CACHE_VERSION, compute))
    except (KeyError, AttributeError, TypeError, ValueError):  # a damaged cache entry
        return decode(compute())


def _foreign_cells(board: Any, layout: Any, cells: set[Hex]) -> set[Hex]:
    """Cells of the land beyond the playable territory: empty cells reached
    from the map edge without crossing water (empty cells beside a lake stay
    plain land)."""
    scale = 0.5
    w, h = board.pixel_size()
    mask = pygame.Surface((int(w * scale) + 2, int(h * scale) + 2))
    for rings in board.water_shapes.values():
        for ring in rings:
            pygame.draw.polygon(mask, (255, 255, 255), [(x * scale, y * scale) for x, y in ring])

    def wet(c: Hex) -> bool:
        x, y = layout.to_pixel(c)
        px, py = int(x * scale), int(y * scale)
        return 0 <= px < mask.get_width() and 0 <= py < mask.get_height() and mask.get_at((px, py))[0] > 0

    empty = {c for c in cells if c not in board.mileposts and not wet(c)}
    edge = [c for c in empty if any(n not in cells for n in hex_neighbours(c))]
    seen = set(edge)
    while edge:
        c = edge.pop()
        for n in hex_neighbours(c):
            if n in empty and n not in seen:
                seen.add(n)
                edge.append(n)
    return seen


def _water_label(centres: dict[Hex, tuple[float, float]],
                 rings: Sequence[Sequence[tuple[float, float]]]) -> tuple[float, float] | None:
    """The middle of the map cells inside a water body (a polygon's own centroid
    can fall on land for a curved sea)."""
    boxes = [(min(x for x, _ in ring), min(y for _, y in ring), max(x for x, _ in ring), max(y for _, y in ring), ring)
             for ring in rings]
    inside = [p for p in centres.values()
              if any(x0 <= p[0] <= x1 and y0 <= p[1] <= y1 and point_in_polygon(p, ring)
                     for x0, y0, x1, y1, ring in boxes)]
    if len(inside) < 4:
        return None
    cx = sum(p[0] for p in inside) / len(inside)
    cy = sum(p[1] for p in inside) / len(inside)
    return min(inside, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)


def track_layers(state: Any, colours: Sequence[RGB]) -> list[TrackLayer]:
    """Each seat's track sections; a section between two matching wrap letters
    is left out (the letters say it: a line would cross empty space)."""
    jumps = getattr(state.board, "teleports", None) or {}
    by_seat: dict[int, list[tuple[Hex, Hex]]] = {}
    for pair, seat in state.track.items():
        if jumps.get(pair[0]) != pair[1]:
            by_seat.setdefault(seat, []).append(pair)
    grey = (120, 120, 120)
    return [TrackLayer(colours[s] if s < len(colours) else grey, pairs) for s, pairs in sorted(by_seat.items())]


def pawns(state: Any, colours: Sequence[RGB], hidden: frozenset[int] = frozenset()) -> list[Pawn]:
    """Every train on the map (a game giving players two trains lists both)."""
    grey = (120, 120, 120)
    trains = getattr(state, "train_list", None)
    out = []
    for i, p in enumerate(state.players):
        if i in hidden:
            continue
        for _loco, loads, at, running in (trains(i) if trains else [(p.loco, p.loads, p.position, True)]):
            if at is not None:
                out.append(Pawn(colours[i] if i < len(colours) else grey, at,
                                tuple(goods_colour(RUSSIAN_STYLE, load) for load in loads), not running))
    return out


def draw_board(surface: pygame.Surface, board: Any, state: Any, camera: Camera,
               selection: Selection | None = None) -> bool:
    """Draw the printed board, every player's crayon track, the pawns and the
    current selection. Pure: reads its arguments, changes nothing but pixels
    (and the tile cache). Returns False while map tiles are still missing
    (they come on the next frames)."""
    sel = selection or Selection()
    style = style_for(board)
    layer = static_layer(board, style)
    moving = sel.tile_budget_ms is not None
    deadline = time.perf_counter() + sel.tile_budget_ms / 1000 if sel.tile_budget_ms is not None else None
    layers: list[Any] = [layer]
    if state is not None:
        track = track_tiles(board, style)
        seen = sel.version if sel.version is not None else frozenset(state.track.items())
        track.update((seen, tuple(sel.colours)), lambda: track_layers(state, sel.colours))
        layers.append(track)
    complete = blit_layers(surface, camera, layers, deadline, still_view(board), layer.stand_in,
                           least=0 if sel.tile_budget_ms == 0 else 1)
    if complete and not moving:
        layer.warm_up()
    clip = surface.get_clip()
    surface.set_clip(camera.viewport)
    label_zoom = layer.label_zoom(camera, moving)
    if sel.show_sites:
        draw_sites(surface, layer.geom, camera, layer.labels(label_zoom)[1])
    layer.draw_labels(surface, camera, label_zoom)
    draw_overlay(surface, layer.geom, camera, sel.overlay)
    if state is not None:
        shown = pawns(state, sel.colours, sel.hidden_pawns)
        draw_pawns(surface, layer.geom, camera, shown)
        layer.draw_labels_over(surface, pawn_rects(layer.geom, camera, shown))
    draw_notes(surface, layer.geom, camera, sel.overlay)
    surface.set_clip(clip)
    return complete
