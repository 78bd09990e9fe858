"""Pure drawing of the Regional Rails board: ``draw_board(surface, board,
state, camera, selection)`` changes nothing but pixels, so it is tested
off-screen and shared by the game screen and the screenshot CLI.

Layers, bottom to top: cached terrain tiles (dimmed outside the Train Level
limit), legal-place hints, rail markers (bars across hex sides, squares in
hex interiors, in seat colours), stations, development markers, then the
hover and selection outlines with the cost card of the selected place.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import math

import pygame

from game.core.hexgrid import EdgeId, Hex, edge_hexes, edge_id
from game.regional_rails.data import rules

from ui import theme
from ui.regional_rails import geometry as geo
from ui.regional_rails.boardview import BoardView, view_of
from ui.regional_rails.pieces import Pieces, pieces_of
from ui.regional_rails.terrain import TerrainLayer, label_surface, name_spots
from ui.still_view import StillView

RGB = tuple[int, int, int]
OUTLINE: RGB = (24, 22, 20)
DM_FILL: RGB = (250, 206, 80)
LIMIT: RGB = (70, 40, 90)
TRACK_WIDTH = 0.10  # a railroad's track line, fraction of HEX_SIZE
SIDE_REACH = 0.45  # side track reaches this share of the apothem into each hex
SIDE_SPACING = 0.28  # between railroads sharing a side, fraction of HEX_SIZE


@dataclass
class Preview:
    """What building on the selected place would cost, or why it cannot."""

    target: geo.Target
    title: str
    cost: int | None = None
    lines: tuple[tuple[str, int], ...] = ()  # (reason, MB) cost breakdown
    reason: str = ""  # non-empty: the place is illegal and this says why
    confirm_label: str = "Build"
    station_cost: int | None = None  # a station may also be built here, for this much


@dataclass
class Selection:
    """UI-only state the board drawing depends on (never game state)."""

    hover: geo.Target | None = None
    selected: geo.Target | None = None
    preview: Preview | None = None
    dim: frozenset[Hex] = frozenset()  # towns/cities beyond the current player's Train Level
    limit: tuple[EdgeId, ...] = ()  # outline of the Train Level distance area
    hints: frozenset[tuple] = frozenset()  # Target.key of places the player may build on
    colour: RGB = theme.ACCENT  # current player's colour for hints


_LAYERS: list[TerrainLayer] = []  # most recent last; a game screen needs one
MAX_LAYERS = 2


def terrain_layer(view: BoardView) -> TerrainLayer:
    """The tile cache of a board view, kept across frames (only the last few
    boards keep theirs, so old games free their tiles)."""
    for layer in _LAYERS:
        if layer.board is view:
            return layer
    layer = TerrainLayer(view)
    _LAYERS.append(layer)
    del _LAYERS[:-MAX_LAYERS]
    return layer


class _Shown:
    """The board as last drawn whole under the hover and selection marks:
    while nothing changes a frame blits it (drawing every rail and label
    again took 4 ms a frame), and while the wheel turns it is scaled."""

    def __init__(self) -> None:
        self.still = StillView()
        self.zoom: float | None = None  # the last frame's zoom


_SHOWN = _Shown()


def draw_board(surface: pygame.Surface, board: Any, state: Any, camera, selection: Selection | None = None) -> None:
    """Draw everything on the board inside ``camera.viewport``."""
    sel = selection or Selection()
    view = view_of(board)
    pieces = pieces_of(state) if state is not None else Pieces()
    content = (None if isinstance(state, Pieces) else  # pieces a caller may change in place are never kept
               (view, pieces, sel.dim, sel.limit, sel.hints, sel.colour))  # the view itself: a new game's may reuse an id
    still = _SHOWN.still
    zooming, _SHOWN.zoom = _SHOWN.zoom is not None and camera.zoom != _SHOWN.zoom, camera.zoom
    clip = surface.get_clip()
    surface.set_clip(camera.viewport)
    if content is not None and still.pic is not None and still.shows(camera, content):
        surface.blit(still.pic, camera.viewport)
    elif zooming and content is not None and still.pic is not None and still.content == content:
        seen = still.covers(camera)
        if seen is None or not seen.contains(camera.viewport):
            terrain_layer(view).draw(surface, camera)
        still.draw(surface, camera)
    else:
        complete = terrain_layer(view).draw(surface, camera)
        visible = _visible_filter(camera)
        draw_shade(surface, camera, sel.dim, visible)
        draw_limit(surface, camera, sel.limit, visible)
        if sel.hints:
            draw_hints(surface, camera, sel.hints, sel.colour, visible)
        draw_rails(surface, camera, pieces, visible)
        draw_stations(surface, camera, pieces, visible)
        draw_developments(surface, camera, pieces, visible)
        draw_labels(surface, camera, view, visible)
        if complete and content is not None:
            still.offer(surface, camera, content)
    if sel.hover is not None and sel.hover != sel.selected:
        draw_target(surface, camera, sel.hover, theme.HIGHLIGHT, 2)
    if sel.selected is not None:
        ok = sel.preview is None or not sel.preview.reason
        draw_target(surface, camera, sel.selected, theme.GOOD if ok else theme.BAD, 4)
    surface.set_clip(clip)
    if sel.preview is not None:
        draw_cost_card(surface, camera, sel.preview)


def _visible_filter(camera):
    x, y, w, h = camera.visible_world_rect()
    m = geo.HEX_SIZE

    def visible(p: tuple[float, float]) -> bool:
        return x - m <= p[0] <= x + w + m and y - m <= p[1] <= y + h + m
    return visible


_SHADES: dict[float, pygame.Surface] = {}


def _shade(zoom: float) -> pygame.Surface:
    """A translucent dark hex at this zoom (cached): laid over places out of reach."""
    key = round(zoom, 5)
    surf = _SHADES.get(key)
    if surf is None:
        if len(_SHADES) > 16:
            _SHADES.clear()
        r = geo.HEX_SIZE * zoom
        size = (int(r * 1.8) + 2, int(r * 2) + 2)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        c = (size[0] / 2, size[1] / 2)
        poly = [(c[0] + (x - 0) * zoom, c[1] + y * zoom) for x, y in geo.hex_corners((0, 0))]
        pygame.draw.polygon(surf, (40, 36, 34, 60), poly)
        step = max(6, int(r / 5))
        for k in range(-size[1], size[0], step):
            pygame.draw.line(surf, (40, 36, 34, 80), (k, size[1]), (k + size[1], 0), max(1, int(r / 30)))
        mask = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), poly)
        surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        _SHADES[key] = surf
    return surf


def draw_shade(surface: pygame.Surface, camera, hexes, visible) -> None:
    """Hatch and darken the towns and cities beyond the Train Level limit."""
    if not hexes:
        return
    shade = _shade(camera.zoom)
    for h in hexes:
        c = geo.hex_center(h)
        if visible(c):
            x, y = camera.world_to_screen(c)
            surface.blit(shade, shade.get_rect(center=(round(x), round(y))))


def draw_limit(surface: pygame.Surface, camera, edges, visible) -> None:
    """Dashed outline of the area within the Train Level of the start city
    (dark, so it never looks like a place to build)."""
    w = max(2, int(camera.scale(geo.HEX_SIZE * 0.06)))
    for e in edges:
        if not visible(geo.edge_midpoint(e)):
            continue
        a, b = geo.edge_segment(e)
        for t0, t1 in ((0.0, 0.3), (0.4, 0.6), (0.7, 1.0)):
            p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            pygame.draw.line(surface, LIMIT, camera.world_to_screen(p), camera.world_to_screen(q), w)


def track_width(zoom: float) -> float:
    """Screen width of one railroad's track: thick enough to read at a
    glance at fit zoom, three abreast still inside a side."""
    return max(3.0, geo.HEX_SIZE * TRACK_WIDTH * zoom)


def _offset(p: tuple[float, float], normal: tuple[float, float], k: float) -> tuple[float, float]:
    return (p[0] + normal[0] * k, p[1] + normal[1] * k)


@lru_cache(maxsize=8192)
def side_track(edge: EdgeId, lane: int, lanes: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """World segment of the track of the `lane`-th owner of a side: across
    the side, joining the two hexes (and the spokes of their interiors) into
    one line; parallel lanes along the side when several railroads share it."""
    (ax, ay), (bx, by) = geo.edge_segment(edge)
    length = math.hypot(bx - ax, by - ay) or 1.0
    tangent = ((bx - ax) / length, (by - ay) / length)
    m = _offset(geo.edge_midpoint(edge), tangent, (lane - (lanes - 1) / 2) * geo.HEX_SIZE * SIDE_SPACING)
    n = geo.side_normal(edge)
    reach = geo.APOTHEM * SIDE_REACH
    return _offset(m, n, -reach), _offset(m, n, reach)


def hub_point(h: Hex, lane: int, lanes: int) -> tuple[float, float]:
    """Where the `lane`-th railroad's track meets inside a hex (railroads
    sharing a hex meet side by side, not on top of each other)."""
    cx, cy = geo.hex_center(h)
    k = (lane - (lanes - 1) / 2) * geo.HEX_SIZE * TRACK_WIDTH * 1.6
    return (cx + k, cy)


def _hex_sides(h: Hex) -> list[EdgeId]:
    return [edge_id(h, d) for d in range(6)]


RailSegment = tuple[tuple[float, float], int, tuple[float, float], tuple[float, float]]  # anchor, owner, ends
RailHub = tuple[tuple[float, float], int, tuple[float, float]]  # anchor, owner, centre


class _RailShapes:
    """The world geometry of the rails last drawn, kept while the rails stay
    the same: a view gliding to a hint, or a zoom, draws every rail at each
    new zoom, and working their points out again took about a third of it."""

    def __init__(self) -> None:
        self.of: tuple[dict, dict] | None = None  # the pieces' sides and interiors it was made for
        self.lines: list[RailSegment] = []
        self.hubs: list[RailHub] = []

    def update(self, pieces: Pieces) -> None:
        if self.of is not None and self.of == (pieces.sides, pieces.interiors):
            return
        self.of = (dict(pieces.sides), dict(pieces.interiors))  # (copies: a caller may change its pieces in place)
        self.lines, self.hubs = [], []
        for edge, owners in pieces.sides.items():
            mid = geo.edge_midpoint(edge)
            for lane, seat in enumerate(owners[:3]):
                a, b = side_track(edge, lane, min(3, len(owners)))
                self.lines.append((mid, seat, a, b))
        for h, owners in pieces.interiors.items():
            centre = geo.hex_center(h)
            shown = list(dict.fromkeys(owners))[:len(geo.RM_SLOTS)]
            for lane, seat in enumerate(shown):
                hub = hub_point(h, lane, len(shown))
                self.hubs.append((centre, seat, hub))
                for e in _hex_sides(h):
                    if seat in pieces.sides.get(e, ()):
                        self.lines.append((centre, seat, hub, geo.edge_midpoint(e)))


_RAILS = _RailShapes()


def draw_rails(surface: pygame.Surface, camera, pieces: Pieces, visible) -> None:
    """Each railroad's network as continuous track in its colour: a thick
    line along every side it built, and in every hex interior it built a hub
    with spokes to the sides of that hex it also built. Dark edges keep
    light colours visible on the pale terrain."""
    width = track_width(camera.zoom)
    _RAILS.update(pieces)
    to_screen = camera.world_to_screen
    lines = [(seat, to_screen(a), to_screen(b)) for anchor, seat, a, b in _RAILS.lines if visible(anchor)]
    hubs = [(seat, to_screen(c)) for anchor, seat, c in _RAILS.hubs if visible(anchor)]
    edge_w = int(width + max(2, width * 0.45))
    for _, a, b in lines:
        pygame.draw.line(surface, OUTLINE, a, b, edge_w)
        pygame.draw.circle(surface, OUTLINE, a, edge_w / 2)
        pygame.draw.circle(surface, OUTLINE, b, edge_w / 2)
    for _, c in hubs:
        pygame.draw.circle(surface, OUTLINE, c, width * 1.1 + edge_w / 2 - width / 2)
    for seat, a, b in lines:
        colour = pieces.colour(seat)
        pygame.draw.line(surface, colour, a, b, int(width))
        pygame.draw.circle(surface, colour, a, width / 2)
        pygame.draw.circle(surface, colour, b, width / 2)
    for seat, c in hubs:
        pygame.draw.circle(surface, pieces.colour(seat), c, width * 1.1)


def draw_labels(surface: pygame.Surface, camera, view: BoardView, visible) -> None:
    """Every place's name above the track: a tag may stand beside its place,
    over a neighbour's rails."""
    spots = name_spots(view, camera.zoom)
    for h, place in view.places.items():
        at = spots.get(h)
        if at is None or not visible(geo.hex_center(h)):
            continue
        cx, cy = camera.world_to_screen(geo.hex_center(h))
        surface.blit(label_surface(place, camera.zoom), (round(cx) + at[0], round(cy) + at[1]))


def _house(c: tuple[float, float], s: float) -> list[tuple[float, float]]:
    x, y = c
    return [(x - s, y + s), (x - s, y - s * 0.2), (x, y - s), (x + s, y - s * 0.2), (x + s, y + s)]


def draw_stations(surface: pygame.Surface, camera, pieces: Pieces, visible) -> None:
    for h, seat in pieces.stations.items():
        c = geo.interior_point(h, geo.STATION_SLOT)
        if not visible(c):
            continue
        s = max(4.0, camera.scale(geo.HEX_SIZE * 0.13))
        poly = _house(camera.world_to_screen(c), s)
        pygame.draw.polygon(surface, pieces.colour(seat), poly)
        pygame.draw.polygon(surface, (255, 255, 255), poly, max(1, int(s / 5)))
        if s >= 9:
            x, y = camera.world_to_screen(c)
            theme.draw_text(surface, "S", (x, y + s * 0.2), int(s * 1.1), theme.text_on(pieces.colour(seat)),
                            bold=True, anchor="center")


def draw_developments(surface: pygame.Surface, camera, pieces: Pieces, visible) -> None:
    for h, kind in pieces.developments.items():
        c = geo.interior_point(h, geo.DM_SLOT)
        if not visible(c):
            continue
        x, y = camera.world_to_screen(c)
        s = max(5.0, camera.scale(geo.HEX_SIZE * 0.16))
        poly = [(x, y - s), (x + s, y), (x, y + s), (x - s, y)]
        pygame.draw.polygon(surface, DM_FILL, poly)
        pygame.draw.polygon(surface, OUTLINE, poly, max(2, int(s / 5)))
        if s >= 10:
            theme.draw_text(surface, abbreviation(kind), (x, y), int(s * 0.8), OUTLINE, bold=True, anchor="center")


@lru_cache(maxsize=1)
def _abbreviations() -> dict[str, str]:
    """Unique short labels for the development marker kinds, in rules order:
    initials for two words, else the first letter and the first later letter
    that no earlier kind took ("Cattle" Ca, "Cannery" Cn, "Capital" Cp)."""
    out: dict[str, str] = {}
    for kind in rules().development_kinds:
        words = kind.split()
        if len(words) > 1:
            out[kind] = "".join(w[0] for w in words[:2]).upper()
            continue
        used = set(out.values())
        out[kind] = next((kind[0] + ch for ch in kind[1:] if kind[0] + ch not in used), kind[:2])
    return out


def abbreviation(kind: str) -> str:
    """Two letters for a development marker on the board ("Military Base" → "MB")."""
    return _abbreviations().get(kind, kind[:2])


def draw_hints(surface: pygame.Surface, camera, hints, colour: RGB, visible) -> None:
    """Marks in the player's colour (with a dark edge, so light colours show
    on the pale terrain) on every place the player may click now."""
    w = max(2, int(camera.scale(geo.HEX_SIZE * 0.05)))
    for kind, where in hints:
        if kind == "side":
            if not visible(geo.edge_midpoint(where)):
                continue
            a, b = geo.edge_segment(where)
            mx, my = geo.edge_midpoint(where)
            a = camera.world_to_screen(((a[0] * 2 + mx) / 3, (a[1] * 2 + my) / 3))
            b = camera.world_to_screen(((b[0] * 2 + mx) / 3, (b[1] * 2 + my) / 3))
            pygame.draw.line(surface, OUTLINE, a, b, w + 2)
            pygame.draw.line(surface, colour, a, b, w)
        elif kind == "station":
            c = geo.interior_point(where, geo.STATION_SLOT)
            if visible(c):
                poly = _house(camera.world_to_screen(c), max(4.0, camera.scale(geo.HEX_SIZE * 0.13)))
                pygame.draw.polygon(surface, OUTLINE, poly, w + 2)
                pygame.draw.polygon(surface, colour, poly, w)
        else:
            c = geo.hex_center(where)
            if not visible(c):
                continue
            x, y = camera.world_to_screen(c)
            r = camera.scale(geo.HEX_SIZE * 0.62)
            pygame.draw.circle(surface, OUTLINE, (x, y), r + 1, w + 2)
            pygame.draw.circle(surface, colour, (x, y), r, w)


def draw_target(surface: pygame.Surface, camera, target: geo.Target, colour: RGB, width: int) -> None:
    if target.kind == "side":
        a, b = geo.edge_segment(target.side)
        pygame.draw.line(surface, colour, camera.world_to_screen(a), camera.world_to_screen(b), width + 3)
        return
    poly = [camera.world_to_screen(p) for p in geo.hex_corners(target.hex)]
    pygame.draw.polygon(surface, colour, poly, width)


@dataclass
class CardLayout:
    rect: pygame.Rect
    buttons: list[tuple[str, str, pygame.Rect]] = field(default_factory=list)  # key, label, rect
    rows: list[tuple[str, str]] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)

    def hit(self, pos: tuple[int, int]) -> str | None:
        """"build", "station", "cancel", "inside" or None (outside the card)."""
        for key, _, rect in self.buttons:
            if rect.collidepoint(pos):
                return key
        return "inside" if self.rect.collidepoint(pos) else None


CARD_W = 340
ROW_H = 22
TEXT_W = CARD_W - 24


def _card_buttons(preview: Preview) -> list[tuple[str, str]]:
    out = []
    if not preview.reason:
        out.append(("build", f"{preview.confirm_label} ({preview.cost} MB)"))
    if preview.station_cost is not None:
        out.append(("station", f"Station ({preview.station_cost} MB)"))
    out.append(("cancel", "Cancel"))
    return out


def card_layout(camera, preview: Preview) -> CardLayout:
    """Where the cost card of the selected place goes: beside the place,
    kept inside the viewport. Shared by drawing and click handling."""
    rows = [(name, f"+{mb}" if mb >= 0 else str(mb)) for name, mb in preview.lines]
    titles = theme.wrap_text(preview.title, 17, TEXT_W, bold=True)[:2]
    body = len(rows) + 1
    if preview.reason:
        body = len(theme.wrap_text(preview.reason, 15, TEXT_W)) + (len(rows) + 1 if rows else 0)
    height = 16 + 24 * len(titles) + body * ROW_H + 50
    t = preview.target
    anchor = geo.edge_midpoint(t.side) if t.kind == "side" else geo.hex_center(t.hex)
    ax, ay = camera.world_to_screen(anchor)
    gap = int(camera.scale(geo.HEX_SIZE * 0.5)) + 8
    rect = pygame.Rect(0, 0, CARD_W, height)
    # Above-right of the place, else below-left: never where the pointer's
    # tooltip opens (below-right of the pointer).
    rect.bottomleft = (int(ax + gap), int(ay - gap))
    vp = camera.viewport
    if rect.top < vp.top + 52 or rect.right > vp.right - 8:
        rect.topright = (int(ax - gap), int(ay + gap))
    rect.clamp_ip(vp.inflate(-16, -16))
    layout = CardLayout(rect, rows=rows, titles=titles)
    buttons = _card_buttons(preview)
    gap_x = 8
    widths = [max(80, theme.font(15, True).size(label)[0] + 20) for _, label in buttons]
    scale = min(1.0, (CARD_W - 24 - gap_x * (len(buttons) - 1)) / sum(widths))
    x = rect.x + 12
    for (key, label), w in zip(buttons, widths):
        w = int(w * scale)
        layout.buttons.append((key, label, pygame.Rect(x, rect.bottom - 42, w, 30)))
        x += w + gap_x
    return layout


def draw_cost_card(surface: pygame.Surface, camera, preview: Preview) -> CardLayout:
    lay = card_layout(camera, preview)
    r = lay.rect
    pygame.draw.rect(surface, theme.PANEL, r, border_radius=8)
    pygame.draw.rect(surface, theme.BAD if preview.reason else theme.ACCENT, r, 2, border_radius=8)
    for i, title in enumerate(lay.titles):
        theme.draw_text(surface, title, (r.x + 12, r.y + 10 + 24 * i), 17, theme.TEXT, bold=True,
                        max_width=TEXT_W)
    y = r.y + 16 + 24 * len(lay.titles)
    if preview.reason:
        for line in theme.wrap_text(preview.reason, 15, TEXT_W):
            theme.draw_text(surface, line, (r.x + 12, y), 15, theme.BAD)
            y += ROW_H
    if lay.rows:
        for name, mb in lay.rows:
            theme.draw_text(surface, name, (r.x + 12, y), 15, theme.TEXT_DIM, max_width=r.w - 90)
            theme.draw_text(surface, f"{mb} MB", (r.right - 12, y), 15, theme.TEXT, anchor="topright")
            y += ROW_H
        pygame.draw.line(surface, theme.PANEL_EDGE, (r.x + 12, y + 2), (r.right - 12, y + 2))
        theme.draw_text(surface, "Total", (r.x + 12, y + 5), 15, theme.TEXT, bold=True)
        theme.draw_text(surface, f"{preview.cost} MB", (r.right - 12, y + 5), 15, theme.ACCENT, bold=True,
                        anchor="topright")
    for key, label, rect in lay.buttons:
        _button(surface, rect, label, key == "build" or (key == "station" and bool(preview.reason)))
    return lay


def _button(surface: pygame.Surface, rect: pygame.Rect, text: str, accent: bool) -> None:
    pygame.draw.rect(surface, (176, 118, 38) if accent else (70, 58, 46), rect, border_radius=6)
    pygame.draw.rect(surface, theme.ACCENT if accent else theme.PANEL_EDGE, rect, 1, border_radius=6)
    theme.draw_text(surface, text, rect.center, 15, (26, 22, 18) if accent else theme.TEXT, bold=accent,
                    anchor="center", max_width=rect.w - 8)

