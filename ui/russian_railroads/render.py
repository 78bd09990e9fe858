"""The pure renderer of the Russian Railroads table.

`draw_board(surface, board, state, camera, selection)` draws the action board
and every player board in world coordinates; it reads the state and the
selection (what the controller wants highlighted) and changes neither. The
printed art is cached per zoom level (`ArtCache`), the pieces are drawn on top
every frame.
"""
from __future__ import annotations

import math
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Sequence, TypeVar

import pygame

from game.russian_railroads.actions import OWN_ENGINEER_PREFIX
from game.russian_railroads.data import Data, mode_for
from game.russian_railroads.scoring import board_total
from ui import theme
from ui.russian_railroads import board_art, look
from ui.russian_railroads import geometry as g
from ui.russian_railroads.action_pieces import action_parts, coal_parts, draw_highlights, draw_hover
from ui.russian_railroads.emil_view import draw_emil
from ui.russian_railroads import usa_art
from ui.russian_railroads.glance import draw_glance, glance_rect
from ui.russian_railroads.parts import Part, draw_parts, part, repaint_changed, signature
from ui.russian_railroads.pen import Pen, View
from ui.russian_railroads.player_pieces import BoardInfo, draw_name_bar, player_parts
from ui.still_view import scale_onto

# Cached art is cut into tiles: only what is in view gets painted. A tile's paint costs ~2 ms of Python
# whatever its size, so a board near the fitted zoom is one tile and a deep zoom has small ones.
SMALL_TILE, LARGE_TILE = 512, 1536  # pixels square
SMALL_TILES_FROM = 1.25  # zoom from which tiles are small
CACHE_BUDGET_PIXELS = 24_000_000  # all cached tiles together (~96 MB); least recently used go first
ZOOM_SETTLE_FRAMES = 6  # frames without a zoom change before tiles are painted at the new zoom
PAINT_BUDGET_S = 0.002  # once a tile is painted in a frame, more only within this time (stand-ins show meanwhile)


@dataclass(frozen=True)
class Target:
    """A place on the table the current player can click to decide something.

    kind: "space" (an action space), "advance", "industry", "loco", "factory",
    "source", "token", "card", "relocate", "reuse"...; key: what it is
    (space id, "ts:gray"...); rect: world rect; label: the hover text.
    """

    kind: str
    key: str
    rect: g.WRect
    label: str
    colour: tuple[int, int, int] = (90, 230, 120)
    ghost: Any = None  # what to preview inside the target (track colour, loco number...)
    action: Any = None  # the engine action a click submits (None: a controller command)


@dataclass
class Selection:
    """What the controller wants shown on top of the state."""

    focus: int = 0
    usable: set[str] = field(default_factory=set)        # action spaces to outline
    blocked: dict[str, str] = field(default_factory=dict)  # action space -> why not (dimmed)
    targets: list[Target] = field(default_factory=list)
    hover: Target | None = None
    hover_space: str | None = None
    chain: list[tuple[g.WRect, str]] = field(default_factory=list)  # displaced-locomotive preview
    names: tuple[str, ...] = ()
    colours: tuple[tuple[int, int, int], ...] = ()
    reveal_seat: int | None = None   # whose secret End Bonus cards may be shown
    reveal_all: bool = False         # every seat's End Bonus cards shown (the replay viewer)
    # Changes whenever the state object changes in place (the session's move count); None: unknown, so the
    # boards' parts are built afresh every frame (see KeptUntilMoved).
    version: Any = None


@dataclass
class Board:
    """The static side of the table for one game: data, board side and the
    seat order of the boards."""

    data: Data
    mode: str
    num_players: int

    @classmethod
    def for_state(cls, state: Any) -> "Board":
        return cls(state.data, mode_for(state.num_players), state.num_players)

    def side_seats(self, focus: int) -> list[int]:
        return [s for s in range(self.num_players) if s != focus]

    def side_slots(self) -> int:
        """Compact boards in the side column (Emil takes one in solo)."""
        return max(1, self.num_players - 1)

    @property
    def stocks_place(self) -> str:
        return g.stocks_place(self.data.coal is not None)

    @property
    def bars(self) -> bool:
        """The other players as name bars only, Emil as a bar (the stocks board over the coal board needs
        the column)."""
        return g.side_bars(self.data.coal is not None, self.data.usa is not None)

    def emil_rect(self) -> g.WRect:
        return g.emil_rect(self.bars)

    def bounds(self) -> g.WRect:
        return g.table_bounds(self.side_slots(), self.data.coal is not None, self.data.usa is not None)


T = TypeVar("T")
Layer = tuple[tuple, g.WRect, Callable[[Pen], None]]  # key, world rect, painter
Patch = Callable[[Pen, tuple], bool]  # turns a tile of the layer's old key (given) into the new one; False: untouched


class ArtCache:
    """Cached drawings of layers cut into tiles, one set per (layer key,
    zoom), least recently used dropped first. Keys carry a signature of what
    the layer shows, so a layer is painted again only when its pieces moved;
    at a deep zoom only the tiles in view are painted, and while the zoom
    moves (or this frame's painting time is spent) a missing tile shows the
    layer drawn whole at the nearest other zoom, scaled."""

    def __init__(self) -> None:
        self._tiles: OrderedDict[tuple, pygame.Surface] = OrderedDict()  # (key, zoom, i, j) -> tile
        self._zooms: dict[tuple, set[float]] = {}  # layer key -> zooms with tiles of it (for stand-ins)
        self._last_key: dict[g.WRect, tuple] = {}  # world rect -> the key last shown there in full
        self._last_of: dict[Any, tuple] = {}  # a layer's source (see draw_layer) -> its key last shown in full
        self._pixels = 0
        self._scale_seen = 0.0
        self._settle = 0  # frames left before tiles are painted at the current zoom
        self._painted = False  # a tile was painted this frame
        self._deadline = 0.0  # perf_counter time after which this frame paints no more tiles a stand-in can cover
        self.painted = 0  # tiles painted so far (tests count them)
        self.patched = 0  # tiles made from the last one by painting only what changed

    def new_frame(self, scale: float) -> None:
        """Note the frame's zoom: while it changes, layers are scaled from
        another zoom instead of painted (painting a board takes 10–40 ms)."""
        if round(scale, 4) != self._scale_seen:
            self._scale_seen = round(scale, 4)
            self._settle = ZOOM_SETTLE_FRAMES
        else:
            self._settle = max(0, self._settle - 1)
        self._painted = False
        self._deadline = time.perf_counter() + PAINT_BUDGET_S

    def draw_layer(self, surface: pygame.Surface, view: View, key: tuple, rect: g.WRect, paint: Callable[[Pen], None],
                   exact: bool = False, under: Layer | None = None, patch: Patch | None = None,
                   source: Any = None) -> None:
        """Blit the tiles of layer `key` (world `rect`, painted by `paint`)
        that fall in the surface's clip; `exact`: paint every missing tile
        now (a layer composed into another). `under` is the layer `paint`
        composes in first: its tiles are painted first, so a frame that
        spent its time on them shows a stand-in and paints the rest next.
        `patch` makes a missing tile from the tile last shown of the same
        `source` (by default its place, `rect`; a player board: that
        player's board at that size, wherever it lay) by painting only what
        changed."""
        zoom = round(view.scale, 4)
        x0, y0 = view.pt((rect[0], rect[1]))
        shown = True  # every tile of `key` itself was shown
        for (i, j), at in tile_spots(rect, view.scale, (x0, y0), surface.get_clip()):
            tile = self._tiles.get((key, zoom, i, j))
            if tile is not None:
                self._tiles.move_to_end((key, zoom, i, j))
            elif exact or not self._stand_in_if_busy(surface, view, key, rect, at, (x0, y0), (i, j)):
                if under is not None and not exact:
                    self.prepare(view, under, at)
                    if self._stand_in_if_busy(surface, view, key, rect, at, (x0, y0), (i, j)):
                        shown = False
                        continue
                tile = (self._patched(key, rect, view.scale, i, j, at.size, patch, rect if source is None else source)
                        or self._paint(key, rect, view.scale, i, j, at.size, paint))
            else:
                shown = False
            if tile is not None:
                surface.blit(tile, at)
        if shown and not exact:
            self._last_key[rect] = key
            self._last_of[rect if source is None else source] = key

    def _stand_in_if_busy(self, surface: pygame.Surface, view: View, key: tuple, rect: g.WRect, at: pygame.Rect,
                          origin: tuple[int, int], spot: tuple[int, int]) -> bool:
        """When this frame may not paint a missing tile: show the layer at the
        nearest other zoom, scaled, or else the picture last shown in its
        place (a board just moved: each frame after a move paints one board,
        the others keep their last picture a frame longer). False: paint it."""
        if not self._may_wait():
            return False
        if self._stand_in(surface, view, key, rect, at, origin):
            return True
        if not self._painted:  # new content gets at least one tile a frame, the zoom moving or not
            return False
        last = self._tiles.get((self._last_key.get(rect), round(view.scale, 4), *spot))
        if last is None or last.get_size() != at.size:
            return False
        surface.blit(last, at)
        return True

    def prepare(self, view: View, layer: Layer, region: pygame.Rect) -> None:
        """Paint the missing tiles of `layer` that meet `region` of the view, without showing them."""
        key, rect, paint = layer
        zoom = round(view.scale, 4)
        for (i, j), at in tile_spots(rect, view.scale, view.pt((rect[0], rect[1])), region):
            if (key, zoom, i, j) not in self._tiles:
                self._paint(key, rect, view.scale, i, j, at.size, paint)

    def _may_wait(self) -> bool:
        """A missing tile may show a stand-in: the zoom still moves, or this
        frame has painted a tile and spent its time."""
        return self._settle > 0 or (self._painted and time.perf_counter() > self._deadline)

    def _patched(self, key: tuple, rect: g.WRect, scale: float, i: int, j: int, size: tuple[int, int],
                 patch: Patch | None, source: Any) -> pygame.Surface | None:
        """The tile last shown of `source`, its changed parts painted again
        and kept under the new key (None: no such tile, or `patch` declined
        and left it untouched). It is changed in place: copying a board's
        picture costs more than painting what a move changes."""
        old_key = self._last_of.get(source)
        if patch is None or old_key is None or old_key[:-1] != key[:-1]:
            return None
        spot = (old_key, round(scale, 4), i, j)
        tile = self._tiles.get(spot)
        if tile is None or tile.get_size() != size:
            return None
        side = tile_size(scale)
        if not patch(Pen(tile, View((rect[0], rect[1]), scale, (-i * side, -j * side))), old_key):
            return None
        self._drop(spot)
        self._keep(key, scale, i, j, tile)
        self.patched += 1
        return tile

    def _make_room(self, size: tuple[int, int]) -> None:
        while self._tiles and self._pixels + size[0] * size[1] > CACHE_BUDGET_PIXELS:
            self._drop(next(iter(self._tiles)))

    def _drop(self, spot: tuple) -> None:
        old_key, old_zoom, *_ = spot
        old = self._tiles.pop(spot)
        self._pixels -= old.get_width() * old.get_height()
        if not any(k[0] == old_key and k[1] == old_zoom for k in self._tiles):
            zooms = self._zooms.get(old_key, set())
            zooms.discard(old_zoom)
            if not zooms:
                self._zooms.pop(old_key, None)

    def _paint(self, key: tuple, rect: g.WRect, scale: float, i: int, j: int, size: tuple[int, int],
               paint: Callable[[Pen], None]) -> pygame.Surface:
        self._make_room(size)
        tile = pygame.Surface(size)  # opaque: blits fast; the table colour shows at the corners
        tile.fill(theme.BG_DEEP)
        side = tile_size(scale)
        paint(Pen(tile, View((rect[0], rect[1]), scale, (-i * side, -j * side))))
        self._keep(key, scale, i, j, tile)
        self.painted += 1
        return tile

    def _keep(self, key: tuple, scale: float, i: int, j: int, tile: pygame.Surface) -> None:
        size = tile.get_size()
        self._tiles[(key, round(scale, 4), i, j)] = tile
        self._zooms.setdefault(key, set()).add(round(scale, 4))
        self._pixels += size[0] * size[1]
        self._painted = True

    def _stand_in(self, surface: pygame.Surface, view: View, key: tuple, rect: g.WRect, at: pygame.Rect,
                  origin: tuple[int, int]) -> bool:
        """Scale the part under `at` of the layer's tiles at the nearest other
        zoom that has all of them; False when no zoom has."""
        seen = at.clip(surface.get_clip())
        for zoom in sorted(self._zooms.get(key, ()), key=lambda z: abs(math.log(z / view.scale))):
            f = view.scale / zoom
            need = pygame.Rect(math.floor((seen.x - origin[0]) / f), math.floor((seen.y - origin[1]) / f),
                               math.ceil(seen.width / f) + 1, math.ceil(seen.height / f) + 1)
            spots = tile_spots(rect, zoom, (0, 0), need)
            tiles = [self._tiles.get((key, zoom, i, j)) for (i, j), _ in spots]
            if not spots or any(t is None for t in tiles):
                continue
            old_clip = surface.get_clip()
            surface.set_clip(seen)
            for (_, spot), tile in zip(spots, tiles):
                assert tile is not None
                src = need.move(-spot.x, -spot.y).clip(tile.get_rect())
                if src.width > 0 and src.height > 0:
                    x, y = spot.x + src.x, spot.y + src.y  # in the layer's pixels at `zoom`
                    dest = pygame.Rect(origin[0] + round(x * f), origin[1] + round(y * f),
                                       max(1, round(src.width * f)), max(1, round(src.height * f)))
                    scale_onto(surface, tile.subsurface(src), dest)
            surface.set_clip(old_clip)
            return True
        return False




def tile_size(scale: float) -> int:
    return SMALL_TILE if scale >= SMALL_TILES_FROM else LARGE_TILE


def tile_spots(rect: g.WRect, scale: float, origin: tuple[int, int],
               clip: pygame.Rect) -> list[tuple[tuple[int, int], pygame.Rect]]:
    """The tiles of a layer (world `rect` at `scale`, its top-left at
    `origin`) that meet `clip`: ((i, j), where the tile goes). Tiles are
    square but the last of a row or column takes a remainder of up to half
    a tile (a 2-pixel tile would cost a whole paint)."""
    side = tile_size(scale)
    w, h = int(rect[2] * scale) + 2, int(rect[3] * scale) + 2
    seen = pygame.Rect(origin, (w, h)).clip(clip)
    if seen.width <= 0 or seen.height <= 0:
        return []
    cols, rows = max(1, round(w / side)), max(1, round(h / side))

    def span(k: int, n: int, length: int) -> tuple[int, int]:
        return k * side, (side if k < n - 1 else length - k * side)

    def index(px: int, n: int) -> int:
        return min(px // side, n - 1)

    out = []
    for j in range(index(seen.y - origin[1], rows), index(seen.bottom - 1 - origin[1], rows) + 1):
        for i in range(index(seen.x - origin[0], cols), index(seen.right - 1 - origin[0], cols) + 1):
            (x, tw), (y, th) = span(i, cols, w), span(j, rows, h)
            out.append(((i, j), pygame.Rect(origin[0] + x, origin[1] + y, tw, th)))
    return out


_CACHE = ArtCache()


def _blit_layer(surface: pygame.Surface, view: View, key: tuple, rect: g.WRect, paint: Callable[[Pen], None],
                art: Layer | None = None, patch: Patch | None = None, source: Any = None) -> None:
    """Blit the cached drawing of `rect` (its tiles in view); `art` is the
    layer its painter lays under the pieces (`_with_art`)."""
    _CACHE.draw_layer(surface, view, key, rect, paint, under=art, patch=patch, source=source)


def _with_art(pen: Pen, art: Layer) -> None:
    """Lay the printed art (its own cached layer) under pieces being painted."""
    _CACHE.draw_layer(pen.surface, pen.view, *art, exact=True)


@dataclass(frozen=True)
class Pieces:
    """A printed board's parts in drawing order and their signature (what they show and where)."""

    parts: list[Part]
    sig: tuple


def _pieces(parts: list[Part]) -> Pieces:
    return Pieces(parts, signature(parts))


def build_parts(board: Board, state: Any, sel: Selection) -> dict[str, Pieces]:
    """The parts of the action board, the coal board and the stocks board (those on the table)."""
    data = board.data
    out = {"action": _pieces(action_parts(data, board.mode, state, sel))}
    if data.coal is not None:
        out["coal"] = _pieces(coal_parts(data, board.mode, state, sel))
    if data.usa is not None:
        where = board.stocks_place
        out["stocks"] = _pieces([part(("stocks", repr(state.board.to_dict()), sel.colours),
                                      lambda q: usa_art.draw_stocks_pieces(q, data, state, sel, where),
                                      g.stocks_rect(where))])
    return out


class KeptUntilMoved(Generic[T]):
    """What `build` makes of the board, the state and the selection, kept
    from the last frame and built again only when the game moved on (another
    state object, or the same one at another version) or what `shown` reads
    of the selection changed: a frame at rest builds nothing. The state and
    board are held, so their identity cannot be reused."""

    def __init__(self, build: Callable[[Board, Any, Selection], T], shown: Callable[[Selection], tuple]) -> None:
        self._build, self._shown = build, shown
        self._seen: tuple[Any, Board, tuple] | None = None
        self._value: T | None = None
        self.built = 0  # times it was built (tests count them)

    def get(self, board: Board, state: Any, sel: Selection) -> T:
        key = (sel.version, *self._shown(sel))
        seen = self._seen
        if sel.version is None or self._value is None or seen is None or seen[0] is not state \
                or seen[1] is not board or seen[2] != key:
            self._value = self._build(board, state, sel)
            self._seen = (state, board, key)
            self.built += 1
        return self._value


_PARTS = KeptUntilMoved(build_parts, lambda sel: (sel.colours,))


def draw_board(surface: pygame.Surface, board: Board, state: Any, camera: Any, selection: Selection) -> None:
    view = View.of_camera(camera)
    _CACHE.new_frame(view.scale)
    pen = Pen(surface, view)
    data = board.data
    pieces = _PARTS.get(board, state, selection)
    ab_rect = (g.AB_X - 8, g.AB_Y - 8, g.AB_W + 16, g.AB_H + 16)
    _board_layer(surface, view, board, "action", ab_rect, board_art.paint_action_board, pieces["action"])
    if data.coal is not None:   # the coal board: its own layer, under the side column
        x, y, w, h = g.coal_board_rect()
        _board_layer(surface, view, board, "coal", (x - 8, y - 8, w + 16, h + 16), board_art.paint_coal_board,
                     pieces["coal"])
    if data.usa is not None:   # the stocks board: its own layer, in the side column
        where = board.stocks_place
        x, y, w, h = g.stocks_rect(where)
        _board_layer(surface, view, board, "stocks", (x - 8, y - 8, w + 16, h + 16),
                     lambda q, d, m: usa_art.paint_stocks_board(q, d, where), pieces["stocks"])
    draw_highlights(pen, data, board.mode, state, selection)
    draw_hover(pen, data, board.mode, state, selection)
    _draw_player_boards(surface, view, board, state, selection)
    _draw_glance(surface, view, board, state, selection)
    _draw_targets(pen, selection)


def _board_layer(surface: pygame.Surface, view: View, board: Board, name: str, rect: g.WRect,
                 paint_art: Callable[[Pen, Any, str], None], pieces: Pieces) -> None:
    """A printed board (its art cached as its own layer) with the parts that
    lie on it; after a move only the parts that changed are painted again."""
    data, mode = board.data, board.mode
    art: Layer = ((name, data.key, mode), rect, lambda q: paint_art(q, data, mode))

    def under(p: Pen) -> None:
        p.surface.fill(theme.BG_DEEP)  # as a new tile starts (within the pen's clip)
        _with_art(p, art)

    def paint(p: Pen) -> None:
        _with_art(p, art)
        draw_parts(p, pieces.parts)

    def patch(p: Pen, old: tuple) -> bool:
        return repaint_changed(p, old[-1], pieces.parts, under)

    _blit_layer(surface, view, (name + "+", data.key, mode, pieces.sig), rect, paint, art, patch)


def frames_for(board: Board, focus: int) -> dict[int, g.Frame]:
    frames = {focus: g.focus_frame()}
    if board.bars:   # the others are name bars only: no board of theirs on the table
        return frames
    for slot, seat in enumerate(board.side_seats(focus)):
        frames[seat] = g.side_frame(slot)
    return frames


def _draw_player_boards(surface: pygame.Surface, view: View, board: Board, state: Any, sel: Selection) -> None:
    data = board.data
    if board.bars:
        pen = Pen(surface, view)
        for slot, seat in enumerate(board.side_seats(sel.focus)):
            p = state.players[seat]
            draw_name_bar(pen, g.side_slot_rect(slot, True), p, _info(data, state, sel, seat, repr(p.to_dict()), False))
    for seat, rect, art, parts in _PLAYERS.get(board, state, sel):
        _player_layer(surface, view, seat, rect, art, parts)
    if board.num_players == 1 and state.emil is not None:
        rect = board.emil_rect()
        emil_key = ("emil", rect, repr(state.emil.to_dict()),
                    tuple(tuple(pl.to_dict().values()) for pl in state.placements))
        _blit_layer(surface, view, emil_key, rect, lambda pen: draw_emil(pen, data, state, rect, board.bars))


PlayerBoard = tuple[int, g.WRect, Layer, list[Part]]  # seat, the board's rect with its name bar, its art, its parts


def player_boards(board: Board, state: Any, sel: Selection) -> list[PlayerBoard]:
    """The player boards on the table: the focused one and the compact ones (unless the column has bars)."""
    data = board.data
    out = []
    for seat, frame in frames_for(board, sel.focus).items():
        x, y, w, h = frame.bounds
        if frame.scale != 1.0:
            y, h = y - g.SIDE_LABEL_H, h + g.SIDE_LABEL_H  # the name bar above a compact board
        p = state.players[seat]
        info = _info(data, state, sel, seat, repr(p.to_dict()), frame.scale == 1.0)

        def paint_art(q: Pen, f: g.Frame = frame) -> None:
            board_art.paint_player_board(q, data, f)

        art: Layer = (("player", data.key, frame.scale), frame.bounds, paint_art)
        out.append((seat, (x, y, w, h), art, player_parts(data, frame, p, info)))
    return out


# the player boards are built again after a move, an undo or a new highlighting, as the printed boards' parts
_PLAYERS = KeptUntilMoved(player_boards, lambda sel: (sel.focus, sel.names, sel.colours, sel.reveal_seat,
                                                      sel.reveal_all))


def _player_layer(surface: pygame.Surface, view: View, seat: int, rect: g.WRect, art: Layer,
                  parts: list[Part]) -> None:
    """A player board: its art with its parts on it. The key names the parts by what they show, not where,
    so a board's picture serves it in any slot of the column; after a move only the changed regions of its
    last picture at that size are painted again (the large board passes from player to player with the
    turn: each player's own last picture there differs from the new one by a move or a round)."""
    keys = tuple(p.key for p in parts)

    def under(pen: Pen) -> None:
        pen.surface.fill(theme.BG_DEEP)
        _with_art(pen, art)

    def paint(pen: Pen) -> None:
        _with_art(pen, art)
        draw_parts(pen, parts)

    def patch(pen: Pen, old: tuple) -> bool:
        return len(old[-1]) == len(parts) and repaint_changed(pen, tuple(zip(old[-1], (p.rect for p in parts))),
                                                              parts, under)

    _blit_layer(surface, view, ("player+", art[0][1], art[0][2], keys), rect, paint, art, patch,
                source=("player", seat, art[0][2]))


def _draw_glance(surface: pygame.Surface, view: View, board: Board, state: Any, sel: Selection) -> None:
    """The opponents in words, in the side column's free height (not in solo,
    nor with the coal board or the USA stocks board there)."""
    rect = glance_rect(board.side_slots())
    if rect is None or board.num_players < 2 or board.data.coal is not None or board.data.usa is not None:
        return
    seats = board.side_seats(sel.focus)
    players = [state.players[s] for s in range(board.num_players)]
    names = [_name(sel, s) for s in range(board.num_players)]
    colours = [_colour(sel, s) for s in range(board.num_players)]
    key = ("glance", board.data.key, tuple(seats), tuple(names), tuple(colours),
           tuple(repr(p.to_dict()) for p in players))
    _blit_layer(surface, view, key, rect, lambda pen: draw_glance(pen, board.data, rect, seats, players, names,
                                                                  colours))


def borrowed_engineers(state: Any, seat: int, colours: Sequence[tuple[int, int, int]]
                       ) -> tuple[tuple[int, tuple[int, int, int]], ...]:
    """`seat`'s engineers another player's worker stands on this round (Olga),
    with that player's colour (Emil's grey)."""
    own = set(state.players[seat].engineers)
    out = []
    for pl in state.placements:
        number = pl.space[len(OWN_ENGINEER_PREFIX):] if pl.space.startswith(OWN_ENGINEER_PREFIX) else ""
        if number.isdigit() and int(number) in own and pl.seat != seat:
            out.append((int(number), colours[pl.seat] if 0 <= pl.seat < len(colours) else look.EMIL_RGB))
    return tuple(out)


_VALUES: dict[str, int] = {}


def _info(data: Data, state: Any, sel: Selection, seat: int, pieces: str, focused: bool) -> BoardInfo:
    p = state.players[seat]
    return BoardInfo(
        seat=seat, name=_name(sel, seat), colour=_colour(sel, seat), score=p.score,
        value=_value(data, p, pieces), is_turn=state.current_player() == seat, focused=focused,
        borrowed=borrowed_engineers(state, seat, sel.colours),
        show_end_bonus=sel.reveal_all or sel.reveal_seat == seat)


def _value(data: Data, p: Any, pieces: str) -> int:
    """The live board value, computed once per arrangement of pieces."""
    if pieces not in _VALUES:
        if len(_VALUES) > 64:
            _VALUES.clear()
        _VALUES[pieces] = board_total(data, p)
    return _VALUES[pieces]


def _name(sel: Selection, seat: int) -> str:
    return sel.names[seat] if seat < len(sel.names) else f"Player {seat + 1}"


def _colour(sel: Selection, seat: int) -> tuple[int, int, int]:
    return sel.colours[seat] if seat < len(sel.colours) else (200, 200, 200)


def _draw_targets(pen: Pen, sel: Selection) -> None:
    for t in sel.targets:
        hovered = sel.hover is not None and sel.hover.kind == t.kind and sel.hover.key == t.key
        x, y, w, h = t.rect
        if t.kind == "advance":
            pen.veil(g.track_inner(t.rect), (*look.TRACK_RGB[t.ghost], 200 if hovered else 120))
        elif t.kind == "loco" and hovered and t.ghost:
            pen.loco((x, y, w, h), int(t.ghost), (60, 150, 90))
        elif t.kind == "factory" and hovered and t.ghost:
            pen.factory((x, y, w, h), int(t.ghost))
        if hovered:
            pen.veil(t.rect, (*t.colour, 70))
        pen.rect((x - 2, y - 2, w + 4, h + 4), t.colour, width=4 if hovered else 3, radius=7)
    for rect, label in sel.chain:
        pen.rect(rect, (250, 120, 60), width=3, radius=6)
        pen.badge((rect[0] + rect[2] / 2, rect[1] + rect[3] / 2), label, 13, (200, 80, 40))
