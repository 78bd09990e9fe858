"""Russian Rails on the game screen: turns clicks, drags and keys into
crayon-rails actions, keeps the player's proposal (track being drawn, move
being previewed) and hands the renderer what to draw.

Modes: "place" (put the train in a city), "move" (click a destination, click
again or press Enter to go), "build" (click or drag from your network or a
Major City; right-click or R = cheapest route to a milepost; Enter or the
panel's Build button confirms), "decide" (answer an event), "wait" (someone
else is playing).
"""
from __future__ import annotations

from typing import Any

import pygame

from game.core.actions import Action
from game.crayon import actions as A
from game.crayon.events import Delivered, EventDrawn, TrackBuilt, TrainMoved
from game.crayon.movement import move_tree
from game.crayon.network import connected_majors
from ui import theme
from ui.animation import DrawIn, FloatText, MoveAlong, Pulse
from ui.game_scene import GameController
from ui.hint_place import HINT_SIDE
from ui.russian_rails import panel_layout, panels
from ui.russian_rails.panel_kit import PanelCursor, PanelView, Section
from ui.russian_rails.crayon_overlay import Overlay, PathMark, pick_milepost
from ui.russian_rails.drafts import BuildDraft, MoveDraft
from ui.russian_rails.render import Selection, draw_board, geometry_for
from ui.russian_rails.route_hints import DemandHint, demand_hint

Hex = tuple[int, int]
MOVE_SECONDS_PER_MILEPOST = 0.12  # pawn animation speed (chosen: 9 mileposts ≈ 1 s)
REACH_RING = (60, 170, 90)  # rings on the mileposts the train can reach this turn
TILE_BUDGET_MS = 3.0  # once the view moved, time per frame for painting new map tiles (the rest come later)
PANEL_SCROLL_STEP = 40  # pixels per mouse-wheel notch when the panel is taller than the window


class Controller(GameController):
    fit_margin = 0.015  # the map as large as the window allows, a thin frame of table round it

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.geom = geometry_for(self.board)
        self.build = BuildDraft()
        self.move = MoveDraft()
        self.prefer_build = False  # the player switched to building before moving
        self.hover: Hex | None = None
        self.hover_demand: tuple[int, int] | None = None
        self._hint: DemandHint | None = None
        self._hint_key: tuple[Any, ...] | None = None
        self.advice: Action | None = None  # the move a hint (the Hint button) suggests
        self.dragging = False
        self._drag_moved = False
        self.mouse = (0, 0)
        self.cursor: PanelView | None = None  # the panel's areas as last drawn (clicks, hovers, tips)
        self._moving_seat: int | None = None
        self._seen_actions: tuple[int, int] = (-1, 0)
        self._last_viewer: int | None = None  # the human who last had the screen
        self.shown_demands: int | None = None  # a player picked in the panel
        self.scrolls: dict[str, int] = {}  # pixels each panel area is scrolled
        self.sections: dict[str, Section] = {}  # panel rows' pictures kept between paints (PanelCursor.section)
        self._content_height = 0  # the tallest the panel's upper area has been (the log takes the rest)
        self._thumb_grip: tuple[str, int] | None = None  # a scroll thumb being dragged: area, grip offset
        self._view_seen: tuple[float, tuple[float, float]] | None = None
        self._progressive = False  # the view moved: new map tiles are painted a few per frame until complete
        self._viewer_seen: int | None = None
        self._drag_start: Hex | None = None
        # this version's track by owner, and the Major Cities counted for it by seat
        self._majors: tuple[tuple[int, int], dict[int, dict[tuple[Hex, Hex], int]], dict[int, int]] = ((-1, 0), {}, {})
        self._majors_seen: dict[int, tuple[object, int]] = {}  # seat -> (its track and ferries, Major Cities joined)
        self._reach: tuple[tuple[int, int], tuple[Hex, ...]] = ((-1, 0), ())

    # Shortcuts -------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.scene.state

    @property
    def board(self) -> Any:
        return self.scene.state.board

    @property
    def seat(self) -> int | None:
        return self.state.current_player()

    def colours(self) -> list[tuple[int, int, int]]:
        return [theme.seat_rgb(s) for s in self.scene.session.seats]

    def viewer(self) -> int | None:
        """Whose eyes the screen is for: the human to play, else the last human
        who played; None when every seat is a computer (all is shown)."""
        seats = self.scene.session.seats
        humans = [i for i, s in enumerate(seats) if not s.is_computer]
        if not humans or self.scene.reveal_all:
            return None
        seat = self.seat
        if seat is not None and seat in humans:
            return seat
        return self._last_viewer if self._last_viewer is not None else humans[0]

    def demands_seat(self) -> int | None:
        """Whose demand cards the panel lists: the one clicked in the player
        list (cards are face up for all), else the viewer's."""
        if self.shown_demands is not None:
            return self.shown_demands
        return self.viewer() if self.viewer() is not None else self.seat

    def show_demands_of(self, seat: int) -> None:
        self.shown_demands = None if seat == self.viewer() else seat

    def mode(self) -> str:
        st, seat = self.state, self.seat
        if seat is None or not self.scene.is_human_turn():
            return "wait"
        self._last_viewer = seat
        if st.pending:
            return "decide"
        if st.forfeit:
            return "done"
        if st.phase == "operate" and not st.building:
            p = st.players[seat]
            if p.position is None:
                return "place"
            if not self.prefer_build and st.moves_left > 0 and not p.on_ferry:
                return "move"
        return "build"

    def set_mode(self, mode: str) -> None:
        self.prefer_build = mode == "build"
        self.clear()

    def clear(self) -> None:
        self.build.clear()
        self.move.clear()

    # GameController ----------------------------------------------------------

    def version(self) -> tuple[int, int]:
        """Changes with every action and every undo (caches key on it)."""
        return (len(self.scene.session.actions), id(self.state))

    def reachable(self) -> tuple[Hex, ...]:
        """Mileposts the train can reach this turn (cached until the next action)."""
        n = self.version()
        if self._reach[0] != n:
            st, seat = self.state, self.seat
            tree = move_tree(st, seat, st.moves_left) if seat is not None else {}
            self._reach = (n, tuple(h for h, path in tree.items() if path))
        return self._reach[1]

    def majors_of(self, seat: int) -> int:
        """Major Cities the seat's network joins, worked out again only when
        its own track or ferries changed (the panel is painted after every
        move, and counting every seat's network anew cost 0.3 ms of it)."""
        n = self.version()
        if self._majors[0] != n:
            own: dict[int, dict[tuple[Hex, Hex], int]] = {}
            for pair, owner in self.state.track.items():
                own.setdefault(owner, {})[pair] = owner
            self._majors = (n, own, {})
        counts = self._majors[2]
        if seat not in counts:  # once a version: the key below costs a pass over the seat's track
            st, track = self.state, self._majors[1].get(seat, {})
            key = (frozenset(track), tuple(sorted(name for name, owners in st.ferry_owners.items() if seat in owners)))
            kept = self._majors_seen.get(seat)
            if kept is None or kept[0] != key:
                kept = self._majors_seen[seat] = (key, len(connected_majors(st.board, track, seat, st.ferry_owners)))
            counts[seat] = kept[1]
        return counts[seat]

    def world_bounds(self) -> tuple[float, float, float, float]:
        return self.geom.frame

    def update(self, dt: float) -> None:
        n = self.version()
        if n != self._seen_actions:  # a move, an undo or a computer turn: proposals are stale
            self._seen_actions = n
            self.clear()
            self.prefer_build = self.prefer_build and self.seat == self._last_viewer
            self._hint_key = None
        if not self.scene.anim.busy:
            self._moving_seat = None
        viewer = self.viewer()
        if viewer != self._viewer_seen:  # another player has the screen now
            self._viewer_seen = viewer
            self.shown_demands = None

    @property
    def covers_board(self) -> bool:  # type: ignore[override]
        """The view stands where the last complete frame was: every map tile
        is at hand and covers the board (while the view moves, a scaled
        picture may leave a pixel's seam that the cleared board shows)."""
        camera = self.scene.camera
        return not self._progressive and self._view_seen == (camera.zoom, camera.center)

    def draw_world(self, surface: pygame.Surface, camera: Any) -> None:
        hidden = frozenset({self._moving_seat}) if self._moving_seat is not None else frozenset()
        view = (camera.zoom, camera.center)
        zooming = self._view_seen is not None and camera.zoom != self._view_seen[0]
        if self._view_seen is not None and view != self._view_seen:  # a zoom or a pan
            self._progressive = True
        self._view_seen = view
        budget = 0.0 if zooming else TILE_BUDGET_MS if self._progressive else None
        complete = draw_board(surface, self.board, self.state, camera,
                              Selection(self.colours(), self.overlay_now(), hidden, tile_budget_ms=budget,
                                        version=self.version()))
        self._progressive = self._progressive and not complete

    def overlay_now(self) -> Overlay:
        """The map marks of the moment: events in force, the proposal, the
        hovered demand's cities and route, the milepost under the mouse."""
        ov = Overlay(hover=self.hover)
        panels.event_marks(self.state, ov)
        if self.mode() == "move" and self.move.plan is None:
            ov.zones.append((self.reachable(), REACH_RING))
        hint = self.current_hint()
        if hint is not None:
            for route in hint.routes:
                ov.paths.append(PathMark(route, theme.HIGHLIGHT, 0.45, dashed=True))
            ov.rings += [(h, theme.GOOD) for h in hint.supply]
            ov.rings += [(h, theme.ACCENT) for h in hint.destination]
        self._advice_marks(ov)
        if self.build.path:
            ov.paths.append(self._build_mark())
            q = self.build.quote
            if q is not None:
                ov.bad_segments += [(s.a, s.b, s.reason) for s in q.segments if s.reason][:1]
        if self.move.plan is not None and len(self.move.plan.path) >= 2:
            ok = self.move.plan.legal
            note = f"{self.move.plan.points_used} mp" + (f" + {self.move.plan.rent}M rent" if self.move.plan.rent else "")
            ov.paths.append(PathMark(self.move.plan.path, theme.GOOD if ok else theme.BAD, 0.32,
                                     end_label=note if ok else "can't go"))
        return ov

    def show_hint(self, action: Action | None) -> None:
        self.advice = action

    def advice_hexes(self) -> tuple[Hex, ...]:
        """The mileposts of the hinted move: a build's or a move's path, a
        train placement's milepost, else where the train stands (a load, a
        delivery)."""
        action = self.advice
        path = getattr(action, "path", None)
        if path is not None and len(path) >= 2:
            return tuple(path)
        if isinstance(action, A.PlaceTrain):
            return (action.milepost,)
        where = self.state.players[self.seat].position if action is not None and self.seat is not None else None
        return (where,) if where is not None else ()

    def hint_spots(self) -> list[tuple[float, float]]:
        return [self.geom.pos(h) for h in self.advice_hexes()]

    def hint_area(self, board: pygame.Rect) -> pygame.Rect:
        """In the panel when the hinted move is a panel button (discard,
        upgrade, end turn, a load): under the rows of the wide panel's first
        column, or over the docked panel's game log (the log is what was, the
        hint what to do now), so the sentence stands in the column of the
        outlined button it explains and the map keeps its foot in view; a
        wide panel whose first column is full (a small window) lends the
        sentence its second column's log instead; else the board (a sentence
        too tall for that room goes back to the board too)."""
        view = self.cursor  # the panel as last drawn
        if view is None or self.advice is None or not any(b.move == self.advice for b in view.buttons):
            return board
        main = view.cursors["main"]
        if "side" in view.cursors:
            room = _room_under(main) or _log_room(view.cursors["side"], self.scene.panel_rect)
        else:
            room = _log_room(main, self.scene.panel_rect)
        return board if room is None else _banner_room(room)

    def hint_spill(self, board: pygame.Rect, area: pygame.Rect, height: int) -> pygame.Rect:
        """A button's sentence too tall for the room under the wide panel's
        first column stands over the second column's game log (a small
        window); else, or too tall there too, on the board."""
        view = self.cursor
        if area == board or view is None or "side" not in view.cursors:
            return board
        room = _banner_room(_log_room(view.cursors["side"], self.scene.panel_rect))
        return board if room == area else room

    def _advice_marks(self, ov: Overlay) -> None:
        """A hinted build or move drawn like a proposal; a hinted train
        placement, load or delivery ringed where it happens."""
        hexes = self.advice_hexes()
        if len(hexes) >= 2:
            ov.paths.append(PathMark(hexes, theme.GOOD, 0.45, dashed=True, end_label="hint"))
        elif hexes:
            ov.rings.append((hexes[0], theme.GOOD))

    def _build_mark(self) -> PathMark:
        seat = self.seat if self.seat is not None else 0
        colour = self.colours()[seat]
        labels = []
        q = self.build.quote
        if q is not None:
            for i, s in enumerate(q.segments):
                if s.builds and not s.reason:
                    labels.append((i, f"{s.cost}", theme.TEXT))
        end = "" if q is None else (f"{q.total}M · {q.budget_left}M left" if q.legal else "illegal")
        return PathMark(tuple(self.build.path), colour, 0.28, dashed=True, labels=labels, end_label=end)

    def current_hint(self) -> DemandHint | None:
        if self.hover_demand is None:
            return None
        seat = self.demands_seat()
        if seat is None:
            return None
        key = (self.hover_demand, seat, self.version())
        if key != self._hint_key:
            self._hint_key = key
            self._hint = demand_hint(self.state, seat, *self.hover_demand)
        return self._hint

    # Layout --------------------------------------------------------------------

    def screen_split(self, area: tuple[int, int], panel_width: int) -> tuple[int, int]:
        deck, cards = self.state.data.demands, self.state.rules.hand_size
        s = panel_layout.split(area, self.geom.frame[2:], panel_width,
                               lambda w: panels.dock_height(w, deck, cards), self.fit_margin)
        return s.panel_w, s.dock_h

    def columns(self, panel: pygame.Rect) -> panel_layout.Columns:
        return panel_layout.columns(panel, not self.scene.dock_rect.height, self._content_height)

    def log_rect(self, panel: pygame.Rect) -> pygame.Rect:
        return self.columns(panel).log

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        cols = self.columns(rect)
        view = PanelView()
        wide = cols.side is not None
        train_left = wide and rect.height >= panel_layout.TRAIN_LEFT_MIN_H
        tallest = 0 if wide else panel_layout.tallest_main(rect)
        main = self._area(surface, "main", cols.main,
                          lambda cur: panels.draw_main(cur, self, with_cards=wide, with_train=train_left),
                          tallest, short=(tallest or cols.main.height) < panel_layout.SHORT_COLUMN_H)
        view.cursors["main"] = main
        if not wide:  # grows only, so the log below does not jump with every button row
            self._content_height = max(self._content_height, main.content_height)
        if cols.side is not None:
            pygame.draw.line(surface, theme.PANEL_EDGE, (cols.side.left - panel_layout.GAP // 2, rect.top + 8),
                             (cols.side.left - panel_layout.GAP // 2, rect.bottom - 8))
            side = self._area(surface, "side", cols.side,
                              lambda cur: panels.draw_players(cur, self, with_train=not train_left))
            view.cursors["side"] = side
            self._content_height = side.content_height
        self.cursor = view

    def draw_dock(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The demand cards under the map (drawn after the panel, so it joins this frame's areas)."""
        dock = self._area(surface, "dock", rect, lambda cur: panels.draw_dock(cur, self))
        if self.cursor is not None:
            self.cursor.cursors["dock"] = dock

    def panel_key(self) -> object:
        """Everything the panel and the card dock show: the game, whose eyes
        and cards, the proposal, the demand and button under the mouse, the
        scrolls and the layout (the side panel is drawn again only when it changes)."""
        hot = self.cursor.hot_at(self.mouse) if self.cursor is not None else None
        return (self.version(), self.mode(), self.viewer(), self.demands_seat(), self.scene.replaying,
                tuple(self.build.path), self.build.quote, self.build.suggested, self.move.target, self.move.plan,
                self.hover_demand, hot, tuple(sorted(self.scrolls.items())), self._content_height,
                self.advice, self.game_key())

    def game_key(self) -> object:
        """Hook: what a game's own panel rows show besides the state (Lunar Rails' picks)."""
        return None

    def _area(self, surface: pygame.Surface, name: str, rect: pygame.Rect, draw: Any,
              tallest: int = 0, short: bool = False) -> PanelCursor:
        """Draw one panel area clipped to its rect, scrolled, with a scroll bar
        when it overflows; `tallest`: the height it may grow to with its content; `short`: a short
        window's column (see PanelCursor)."""
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip) if clip else rect)
        cur = PanelCursor(surface, rect, self.mouse, scroll=self.scrolls.get(name, 0), sections=self.sections,
                          tallest=tallest, short=short, hinted=self.advice)
        draw(cur)
        self.scrolls[name] = min(cur.scroll, cur.overflow)
        cur.draw_scrollbar()
        surface.set_clip(clip)
        return cur

    def game_rows(self, cur: Any, mode: str) -> None:
        """Hook: panel rows of a game's own moves (Lunar Rails' options), under the turn's controls."""

    def picking_rows(self, cur: Any, mode: str) -> bool:
        """Hook: while the player picks on the map for a game's own move (a
        Lunar Rails track offer), draw its rows in place of the turn's
        controls, and say so."""
        return False

    def overlay(self, surface: pygame.Surface) -> None:
        """Explain the panel button under the mouse (why a disabled one is off)."""
        if self.cursor is not None:
            self.cursor.draw_tip(surface, self.mouse)

    def on_panel_click(self, pos: tuple[int, int], button: int) -> bool:
        if self.cursor is None:
            return False
        b = self.cursor.hit(pos)
        if b is None:
            return False
        b.action()
        return True

    def on_hover(self, world_pos: tuple[float, float]) -> str | None:
        h = pick_milepost(self.geom, self.scene.camera, self.scene.camera.world_to_screen(world_pos))
        self.hover = h
        if h is None:
            return None
        return panels.milepost_tip(self.state, h)

    def status_text(self) -> str:
        return panels.status_line(self)

    def chart_value(self, state: Any, seat: int) -> float:
        return float(state.players[seat].cash)

    # Input ---------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self._thumb_grip is not None:
                self._thumb_drag(event.pos)
                return True
            self._hover_panel(event.pos)
            if not self.scene.board_rect.collidepoint(event.pos):
                self.hover = None
            if self.dragging:
                self._drag(event.pos)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._thumb_press(event.pos) or self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._thumb_grip is not None:
            self._thumb_grip = None
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            if not self._drag_moved:
                self.click_milepost(self._pick(event.pos), 1)
            else:
                self.build.reprice(self.state, self.seat)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel(event.y)
        return False

    def _wheel(self, notches: int) -> bool:
        """The wheel over a panel area scrolls it (when it is taller than its rect)."""
        found = self.cursor.at(self.mouse) if self.cursor is not None else None
        if found is None:
            return False
        name, cur = found
        self.scrolls[name] = max(0, min(self.scrolls.get(name, 0) - notches * PANEL_SCROLL_STEP, cur.overflow))
        return True

    def _thumb_press(self, pos: tuple[int, int]) -> bool:
        """A press on a scroll bar: grab the thumb (a press on the track first
        moves the thumb there)."""
        found = self.cursor.at(pos) if self.cursor is not None else None
        if found is None or not found[1].overflow or not found[1].bar_rect().collidepoint(pos):
            return False
        name, cur = found
        thumb = cur.thumb_rect()
        grip = pos[1] - thumb.top if thumb.collidepoint(pos) else thumb.height // 2
        self._thumb_grip = (name, grip)
        self.scrolls[name] = cur.scroll_for(pos[1], grip)
        return True

    def _thumb_drag(self, pos: tuple[int, int]) -> None:
        if self._thumb_grip is None or self.cursor is None:
            return
        name, grip = self._thumb_grip
        cur = self.cursor.cursors.get(name)
        if cur is not None:
            self.scrolls[name] = cur.scroll_for(pos[1], grip)

    def _pick(self, screen_pos: tuple[int, int]) -> Hex | None:
        if not self.scene.board_rect.collidepoint(screen_pos):
            return None
        return pick_milepost(self.geom, self.scene.camera, screen_pos)

    def _hover_panel(self, pos: tuple[int, int]) -> None:
        if self.cursor is None or self.cursor.at(pos) is None:
            self.hover_demand = None
            return
        spot = next((s for s in self.cursor.hotspots if s.rect.collidepoint(pos)), None)
        self.hover_demand = spot.key if spot is not None else None

    def _press(self, pos: tuple[int, int]) -> bool:
        """A left press on the board in build mode on a place track may start
        from begins a drag; anything else is left to the scene (pan, click)."""
        if self.mode() != "build" or self.scene.anim.busy:
            return False
        h = self._pick(pos)
        if h is None:
            return False
        starts_here = not self.build.path and self.build.can_start(self.state, self.seat, h)
        continues = bool(self.build.path) and h == self.build.path[-1]
        if not (starts_here or continues):
            return False
        if starts_here:
            self.build.clear()
            self.build.path = [h]
        self.dragging = True
        self._drag_moved = False
        self._drag_start = h
        return True

    def _drag(self, pos: tuple[int, int]) -> None:
        h = self._pick(pos)
        if h is None or h == self.build.path[-1]:
            return
        if not self._drag_moved and h == self._drag_start:
            return
        self._drag_moved = True
        self.build.drag_to(self.state, h)
        self.build.suggested = False
        self.build.reprice(self.state, self.seat)

    def _key(self, key: int) -> bool:
        mode = self.mode()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.confirm()
        if key == pygame.K_ESCAPE and (self.build.path or self.move.target is not None):
            self.clear()
            return True
        if key == pygame.K_BACKSPACE and self.build.path:
            self.build.path.pop()
            self.build.reprice(self.state, self.seat)
            return True
        if key == pygame.K_b and mode in ("move", "build"):
            self.set_mode("build")
            return True
        if key == pygame.K_m and mode == "build" and self.can_move():
            self.set_mode("move")
            return True
        if key == pygame.K_r and self.hover is not None and mode in ("move", "build"):
            self.suggest_route(self.hover)
            return True
        return False

    def can_move(self) -> bool:
        st = self.state
        return st.phase == "operate" and not st.building and st.moves_left > 0

    def on_click(self, world_pos: tuple[float, float], button: int) -> None:
        h = pick_milepost(self.geom, self.scene.camera, self.scene.camera.world_to_screen(world_pos))
        self.click_milepost(h, button)

    def click_milepost(self, h: Hex | None, button: int) -> None:
        mode = self.mode()
        if h is None or mode in ("wait", "decide", "done"):
            return
        if button == 3:
            if mode in ("move", "build"):
                self.suggest_route(h)
            return
        if button != 1:
            return
        if mode == "place":
            self.scene.submit(A.PlaceTrain(h))
        elif mode == "move":
            self._click_move(h)
        elif mode == "build":
            self._click_build(h)

    def _click_move(self, h: Hex) -> None:
        if h == self.move.target and self.move.ready:
            self.confirm()
            return
        self.move.aim(self.state, self.seat, h)

    def _click_build(self, h: Hex) -> None:
        draft = self.build
        if draft.path and h == draft.path[-1] and len(draft.path) >= 2:
            self.confirm()
            return
        if not draft.path:
            if draft.can_start(self.state, self.seat, h):
                draft.path = [h]
            else:
                self.suggest_route(h)
                return
        else:
            draft.extend_to(self.state, h)
            draft.suggested = False
        draft.reprice(self.state, self.seat)

    def suggest_route(self, h: Hex) -> None:
        """Cheapest track from the network (or a Major City) to h, as a proposal."""
        route = self.state.cheapest_route(h, self.seat)
        if self.mode() == "move":
            self.set_mode("build")
        self.build.clear()
        if route is None or len(route.path) < 2:
            place = self.state.place(h)
            if self.build.can_start(self.state, self.seat, h):  # the way there starts right here
                self.scene.show_banner(f"Your track can start at {place}: drag from it, or right-click "
                                       "the milepost you want to reach.", theme.ACCENT)
            else:
                self.scene.show_banner(f"No track can be built to {place} from your network now.")
            return
        self.build.path = list(route.path)
        self.build.suggested = True
        self.build.reprice(self.state, self.seat)

    def confirm(self) -> bool:
        """Submit the proposal on screen (Enter, a second click, the panel button)."""
        if self.build.path:
            if self.build.quote is None or not self.build.quote.legal:
                reason = self.build.quote.reason if self.build.quote is not None else ""
                self.scene.show_banner(reason or "Draw at least one new track section first.")
                return True
            if self.scene.submit(A.BuildTrack(tuple(self.build.path))):
                self.build.clear()
            return True
        if self.move.plan is not None:
            if not self.move.ready:
                self.scene.show_banner(self.move.plan.reason or "Pick a milepost along your track.")
                return True
            if self.scene.submit(A.Move(self.move.entered)):
                self.move.clear()
            return True
        return False

    def submit(self, action: Any) -> None:
        """Panel buttons' way to act (pick up, deliver, end turn...)."""
        if self.scene.submit(action):
            self.clear()

    # Animation -------------------------------------------------------------------

    def animate(self, events: list[Any], queue: Any) -> None:
        colours = self.colours()
        size = self.geom.layout.size
        for ev in events:
            if isinstance(ev, TrainMoved) and len(ev.path) >= 2:
                pts = [self.geom.pos(h) for h in ev.path]
                self._moving_seat = ev.seat
                queue.push(MoveAlong(pts, colours[ev.seat], size * 0.55,
                                     MOVE_SECONDS_PER_MILEPOST * (len(pts) - 1)))
            elif isinstance(ev, TrackBuilt) and ev.segments:
                for a, b in ev.segments:  # a bright pass over the new sections, one after another
                    queue.push(DrawIn([self.geom.pos(a), self.geom.pos(b)], theme.HIGHLIGHT, size * 0.45, 0.06))
            elif isinstance(ev, EventDrawn):
                self.scene.show_banner(f"Event: {ev.title}. {ev.description}", theme.ACCENT)
            elif isinstance(ev, Delivered):
                city = self.board.cities.get(ev.city)
                if city is not None:
                    p = self.geom.pos(city.center)
                    queue.push(Pulse(p, size * 2.5, theme.GOOD))
                    queue.push(FloatText(p, f"+{ev.payout}M", theme.GOOD, parallel=True))


def _banner_room(room: pygame.Rect) -> pygame.Rect:
    """A panel room as a hint's area: wider by the banner's side margins less the panel's padding,
    so the banner takes the column's width inside its padding."""
    return room.inflate(2 * (HINT_SIDE - PanelCursor.pad), 0)


def _log_room(column: PanelCursor, panel: pygame.Rect) -> pygame.Rect:
    """A panel column's room under its rows, where the game log stands, down to the panel's foot
    (the log hides behind a sentence there)."""
    return pygame.Rect(column.rect.x, column.rect.bottom, column.rect.width, panel.bottom - column.rect.bottom)


def _room_under(cur: PanelCursor) -> pygame.Rect | None:
    """The part of a panel column under everything written in it (None when its rows overflow it)."""
    if cur.overflow:
        return None
    top = cur.rect.top + cur.content_height
    return pygame.Rect(cur.rect.x, top, cur.rect.width, max(0, cur.rect.bottom - top))
