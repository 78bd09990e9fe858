"""The pure renderer of the Russian Railroads table.

`draw_board(surface, board, state, camera, selection)` draws the action board
and every player board in world coordinates; it reads the state and the
selection (what the controller wants highlighted) and changes neither. The
printed art is cached per zoom level (`ArtCache`), the pieces are drawn on top
every frame.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.russian_railroads.data import Data, mode_for
from game.russian_railroads.scoring import board_value
from ui import theme
from ui.russian_railroads import board_art, look
from ui.russian_railroads import geometry as g
from ui.russian_railroads.action_pieces import draw_action_pieces, draw_hover
from ui.russian_railroads.emil_view import EMIL_H, draw_emil
from ui.russian_railroads.pen import Pen, View
from ui.russian_railroads.player_pieces import BoardInfo, draw_player

MAX_CACHE_PIXELS = 8_000_000    # a layer bigger than this (deep zoom) is painted live instead of cached
CACHE_BUDGET_PIXELS = 24_000_000  # all cached layers together (~96 MB); least recently used go first
ZOOM_SETTLE_FRAMES = 6  # frames without a zoom change before layers are painted at the new zoom


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

    def bounds(self) -> g.WRect:
        return g.table_bounds(self.side_slots(), self.data.coal is not None)


class ArtCache:
    """Cached drawings, one surface per (layer key, zoom), least recently used
    dropped first. Keys carry a signature of what the layer shows, so a layer
    is painted again only when its pieces moved."""

    def __init__(self) -> None:
        self._layers: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._pixels = 0
        self._scale_seen = 0.0
        self._settle = 0  # frames left before layers are painted at the current zoom
        self._painted = False  # a layer was painted this frame (one per frame once the zoom settles)

    def new_frame(self, scale: float) -> None:
        """Note the frame's zoom: while it changes, layers are scaled from
        another zoom instead of painted (painting a board takes 10–40 ms)."""
        if round(scale, 4) != self._scale_seen:
            self._scale_seen = round(scale, 4)
            self._settle = ZOOM_SETTLE_FRAMES
        else:
            self._settle = max(0, self._settle - 1)
        self._painted = False

    def has(self, key: tuple, scale: float) -> bool:
        return (key, round(scale, 4)) in self._layers

    def stand_in(self, key: tuple, scale: float) -> tuple[pygame.Surface, float] | None:
        """While the zoom moves (or a layer was already painted this frame):
        the layer cached at the nearest other zoom, and that zoom."""
        if not self._settle and not self._painted:
            return None
        near = [(abs(z - scale), z) for k, z in self._layers if k == key]
        if not near:
            return None
        z = min(near)[1]
        return self._layers[(key, z)], z

    def layer(self, key: tuple, rect: g.WRect, scale: float, paint) -> pygame.Surface | None:
        w, h = int(rect[2] * scale) + 2, int(rect[3] * scale) + 2
        if w * h > MAX_CACHE_PIXELS:
            return None
        full = (key, round(scale, 4))
        surf = self._layers.get(full)
        if surf is None:
            while self._layers and self._pixels + w * h > CACHE_BUDGET_PIXELS:
                _key, old = self._layers.popitem(last=False)
                self._pixels -= old.get_width() * old.get_height()
            self._pixels += w * h
            surf = pygame.Surface((w, h))  # opaque: blits fast; the table colour shows at the corners
            surf.fill(theme.BG_DEEP)
            paint(Pen(surf, View((rect[0], rect[1]), scale)))
            self._layers[full] = surf
            self._painted = True
        else:
            self._layers.move_to_end(full)
        return surf


_CACHE = ArtCache()


def _blit_layer(surface: pygame.Surface, view: View, key: tuple, rect: g.WRect, paint) -> None:
    """Blit the cached drawing of `rect`, or paint it live when too big to cache."""
    sr = view.rect(rect)
    if not sr.colliderect(surface.get_clip() or surface.get_rect()):
        return
    if not _CACHE.has(key, view.scale):
        near = _CACHE.stand_in(key, round(view.scale, 4))
        if near is not None:
            _blit_scaled(surface, view, rect, *near)
            return
    surf = _CACHE.layer(key, rect, view.scale, paint)
    if surf is None:
        paint(Pen(surface, view))
    else:
        surface.blit(surf, view.pt((rect[0], rect[1])))


def _blit_scaled(surface: pygame.Surface, view: View, rect: g.WRect, pic: pygame.Surface, zoom: float) -> None:
    """Blit the part of a layer drawn at `zoom` that is in view, scaled to
    the view's zoom (only the visible pixels are scaled)."""
    f = view.scale / zoom
    x0, y0 = view.pt((rect[0], rect[1]))
    dest = pygame.Rect(x0, y0, round(pic.get_width() * f), round(pic.get_height() * f))
    seen = dest.clip(surface.get_clip() or surface.get_rect())
    src = pygame.Rect(int((seen.x - x0) / f), int((seen.y - y0) / f), int(seen.width / f) + 2,
                      int(seen.height / f) + 2).clip(pic.get_rect())
    if seen.width <= 0 or seen.height <= 0 or src.width <= 0 or src.height <= 0:
        return
    part = pygame.transform.scale(pic.subsurface(src), (max(1, round(src.width * f)), max(1, round(src.height * f))))
    surface.blit(part, (x0 + round(src.x * f), y0 + round(src.y * f)))


def _with_art(pen: Pen, key: tuple, rect: g.WRect, paint_art) -> None:
    """Lay the printed art (its own cached layer) under pieces being painted."""
    art = _CACHE.layer(key, rect, pen.view.scale, paint_art)
    if art is None:
        paint_art(pen)
    else:
        pen.surface.blit(art, pen.view.pt((rect[0], rect[1])))


def draw_board(surface: pygame.Surface, board: Board, state: Any, camera: Any, selection: Selection) -> None:
    view = View.of_camera(camera)
    _CACHE.new_frame(view.scale)
    pen = Pen(surface, view)
    data = board.data
    left = g.COAL_X if data.coal is not None else g.AB_X   # the coal board sits left of the action board
    ab_rect = (left - 8, g.AB_Y - 8, g.AB_X + g.AB_W - left + 16, g.AB_H + 16)

    def paint_action(p: Pen) -> None:
        _with_art(p, ("action", data.key, board.mode), ab_rect,
                  lambda q: board_art.paint_action_board(q, data, board.mode))
        draw_action_pieces(p, data, board.mode, state, selection)

    _blit_layer(surface, view, ("action+", data.key, board.mode, action_signature(state, selection)), ab_rect,
                paint_action)
    draw_hover(pen, data, board.mode, state, selection)
    _draw_player_boards(surface, view, board, state, selection)
    _draw_targets(pen, selection)


def action_signature(state: Any, sel: Selection) -> tuple:
    """Everything the action-board layer shows, to know when to paint it again."""
    return (tuple(tuple(pl.to_dict().values()) for pl in state.placements), tuple(state.strip),
            tuple(state.loco_piles), tuple(state.returned_factories), tuple(state.q_cards),
            len(state.end_bonus_pile), tuple(state.order), tuple(p.passed for p in state.players), state.round,
            state.is_last_round(), state.doubler_supply, state.roubles_supply, sel.colours,
            frozenset(sel.usable), frozenset(sel.blocked))


def frames_for(board: Board, focus: int) -> dict[int, g.Frame]:
    frames = {focus: g.focus_frame()}
    for slot, seat in enumerate(board.side_seats(focus)):
        frames[seat] = g.side_frame(slot)
    return frames


def _draw_player_boards(surface: pygame.Surface, view: View, board: Board, state: Any, sel: Selection) -> None:
    data = board.data
    current = state.current_player()
    for seat, frame in frames_for(board, sel.focus).items():
        x, y, w, h = frame.bounds
        if frame.scale != 1.0:
            y, h = y - g.SIDE_LABEL_H, h + g.SIDE_LABEL_H  # the name bar above a compact board
        rect = (x, y, w, h)
        p = state.players[seat]
        pieces = repr(p.to_dict())
        info = BoardInfo(
            seat=seat, name=_name(sel, seat), colour=_colour(sel, seat), score=p.score,
            value=_value(data, p, pieces), is_turn=current == seat, focused=frame.scale == 1.0,
            show_end_bonus=sel.reveal_all or sel.reveal_seat == seat)

        def paint(pen: Pen, f: g.Frame = frame, p: Any = p, info: BoardInfo = info) -> None:
            _with_art(pen, ("player", data.key, f.scale), f.bounds, lambda q: board_art.paint_player_board(q, data, f))
            draw_player(pen, data, f, p, info)

        key = ("player+", data.key, frame.scale, frame.y, pieces, info)
        _blit_layer(surface, view, key, rect, paint)
    if board.num_players == 1 and state.emil is not None:
        f = g.side_frame(0)
        rect = (f.x, 0.0, g.SIDE_W, EMIL_H)
        emil_key = ("emil", repr(state.emil.to_dict()), tuple(tuple(pl.to_dict().values()) for pl in state.placements))
        _blit_layer(surface, view, emil_key, rect, lambda pen: draw_emil(pen, data, f, state))


_VALUES: dict[str, int] = {}


def _value(data: Data, p: Any, pieces: str) -> int:
    """The live board value, computed once per arrangement of pieces."""
    if pieces not in _VALUES:
        if len(_VALUES) > 64:
            _VALUES.clear()
        _VALUES[pieces] = board_value(data, p).total
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
