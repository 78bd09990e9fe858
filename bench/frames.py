"""Frame figures on a busy late board at 1920×1080, driven the way a player
drives the game screen: real mouse and wheel events through `App.step`.

Each frame is timed in CPU time of the frame thread (`time.thread_time`):
on a machine shared with other work, wall time measures the neighbours, and
while a computer player thinks in its own thread the process's CPU time
would count the bot's work as the frame's.
"""
from __future__ import annotations

import functools
import math
import random
import time
from typing import Any, Callable, Iterable

import pygame

from bench.late_board import bot_move
from bench.report import frames_row, ms, percentile, row

SIZE = (1920, 1080)
PAN_STEP = 24  # screen pixels per frame of a drag pan (a brisk hand)
LOG_LINES = 1200  # the log grows to this many lines, one per frame
MOVES_AFTER = 12  # moves (and builds) whose first frame is timed
HINTS, QUICK_HINTS = 8, 3  # hints put on the board, each timed with the frames after it
FRAMES_AFTER_HINT = 10  # a hint may move the view: the new map paints over the next frames
HINT_SEARCH_SECONDS = 0.3  # untimed: the hint's move only has to be one the hard player might suggest


class Driver:
    """Steps the app one frame at a time and times it."""

    def __init__(self, app: Any, scene: Any, area: pygame.Rect | None = None) -> None:
        self.app, self.scene = app, scene
        self.area = area or scene.board_rect  # where the mouse roams
        self.mouse = self.area.center

    def frame(self, events: Iterable[pygame.event.Event] = (), before: Callable[[], None] | None = None) -> float:
        start = time.thread_time()
        if before is not None:
            before()
        self.app.step(list(events), dt=1 / 60)
        pygame.display.flip()
        return time.thread_time() - start

    def frames(self, count: int) -> list[float]:
        return [self.frame() for _ in range(count)]

    def motion(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
        rel = (pos[0] - self.mouse[0], pos[1] - self.mouse[1])
        self.mouse = pos
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons)

    def wheel(self, notches: int) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0,
                                   precise_y=float(notches))]

    def settle(self, frames: int = 30) -> None:
        """Let animations and progressive tiles finish (untimed)."""
        self.scene.anim.skip()
        for _ in range(frames):
            self.frame()

    def fit(self) -> None:
        self.scene.fit()
        self.settle(12)


def hover(d: Driver, count: int) -> list[float]:
    board = d.area
    return [d.frame([d.motion((board.x + (i * 37) % board.width, board.y + (i * 23) % board.height))])
            for i in range(count)]


def drag_pan(d: Driver, count: int) -> list[float]:
    """Middle-button drag, turning slowly so the view sweeps new ground."""
    board = d.scene.board_rect
    start = board.center
    times = [d.frame([d.motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=2)])]
    x, y = start
    for i in range(count):
        angle = i / 40.0
        x = min(board.right - 2, max(board.x + 2, int(x + PAN_STEP * math.cos(angle))))
        y = min(board.bottom - 2, max(board.y + 2, int(y + PAN_STEP * math.sin(angle))))
        if not board.inflate(-40, -40).collidepoint(x, y):  # re-grip in the middle, as a hand would
            d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=d.mouse, button=2), d.motion(board.center),
                     pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=board.center, button=2)])
            x, y = board.center
            continue
        times.append(d.frame([d.motion((x, y), (0, 1, 0))]))
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=d.mouse, button=2)])
    return times


def zoom_sweep(d: Driver, sweeps: int) -> list[float]:
    """Wheel in one notch per frame from the fitted view to the closest zoom,
    then back out, about a few different points."""
    board = d.scene.board_rect
    times = []
    for k in range(sweeps):
        d.fit()
        point = (board.x + board.width * (2 + k) // 6, board.y + board.height * (3 + k % 2) // 7)
        d.frame([d.motion(point)])
        cam = d.scene.camera
        fitted = cam.fit_zoom(d.scene.controller.world_bounds())
        for notch, done in ((1, lambda z: z >= cam.max_zoom), (-1, lambda z: z <= fitted * 1.01)):
            while not done(cam.zoom):
                before = cam.zoom
                times.append(d.frame(d.wheel(notch)))
                if cam.zoom == before:  # the screen does not zoom there
                    break
        times += d.frames(10)  # the zoom settles: remaining tiles are drawn
    return times


def zoom_to_max(d: Driver) -> None:
    d.fit()
    cam = d.scene.camera
    cam.set_zoom(cam.max_zoom)
    d.settle(3)


def whole_map_at_max_zoom(d: Driver) -> int:
    """Visit the whole map at the closest zoom, a screenful per frame (the
    memory sweep); returns the frames drawn."""
    cam = d.scene.camera
    zoom_to_max(d)
    x, y, w, h = d.scene.controller.world_bounds()
    vw, vh = cam.viewport.width / cam.zoom, cam.viewport.height / cam.zoom
    frames = 0
    for row_i in range(math.ceil(h / vh) + 1):
        cols = range(math.ceil(w / vw) + 1)
        for col in (cols if row_i % 2 == 0 else reversed(cols)):
            cam.center = (x + vw / 2 + col * vw, y + vh / 2 + row_i * vh)
            d.frame()
            frames += 1
    return frames


def after_moves(d: Driver, count: int, wanted: Callable[[Any], bool] = lambda a: True,
                search: int = 400) -> list[float]:
    """The first frame after each of `count` computer moves that `wanted`
    accepts (other moves are applied untimed on the way)."""
    times: list[float] = []
    for _ in range(search):
        if len(times) >= count or d.scene.state.current_player() is None:
            break
        action = bot_move(d.scene.session)
        if not wanted(action):
            d.scene.session.apply(action)
            continue
        d.settle(2)
        times.append(d.frame(before=lambda: d.scene.submit(action)))
        d.settle(4)
    return times


def turn_changes(d: Driver, count: int, search: int = 400) -> list[float]:
    """The first frame after each of `count` moves that start or end the
    human seat's turn (its usable action spaces light up or go out at once);
    every move is played through the screen, those that keep the turn where
    it was are not timed."""
    times: list[float] = []
    for _ in range(search):
        if len(times) >= count or d.scene.state.current_player() is None:
            break
        action = bot_move(d.scene.session)
        was = d.scene.is_human_turn()
        d.settle(2)
        spent = d.frame(before=lambda: d.scene.submit(action))
        if d.scene.is_human_turn() != was:
            times.append(spent)
        d.settle(2)
    return times


def hints_shown(d: Driver, count: int, search: int = 400) -> list[float]:
    """The frame a hint is put on the board and the FRAMES_AFTER_HINT after
    it, on `count` of the human's turns of the game played on (the hint is
    looked for untimed). A hint may move the view clear of its sentence
    (zoom out, or the whole map up above a dialog's): the hard case."""
    from game.core.hints import find_hint

    scene = d.scene
    times: list[float] = []
    for seed in range(search):
        if len(times) >= count * (1 + FRAMES_AFTER_HINT) or scene.state.current_player() is None:
            break
        if scene.is_human_turn():
            hint = find_hint(scene.session.game_id, scene.state, seed, HINT_SEARCH_SECONDS)
            times.append(d.frame(before=lambda: scene.put_hint(hint)))
            times += d.frames(FRAMES_AFTER_HINT)
        action = bot_move(scene.session)
        d.settle(2)
        d.frame(before=lambda: scene.submit(action))
        d.settle(2)
    return times


def log_growth(d: Driver, lines: int) -> tuple[list[float], int]:
    """One new log line per frame until the log holds `lines` lines; the
    frames past the first 1,000 lines are returned, and the final length."""
    from game.core.session import LogEntry

    log = d.scene.session.log
    source = [e.text for e in log] or ["Round 1 begins."]
    times = []
    i = 0
    while len(log) < lines:
        log.append(LogEntry(-1, None, source[i % len(source)]))
        i += 1
        t = d.frame()
        if len(log) > 1000:
            times.append(t)
    return times, len(log)


def bots_thinking(d: Driver, count: int, limit_s: float = 120.0) -> tuple[list[float], list[float]]:
    """Frames (CPU, wall) drawn while a computer player thinks in its thread;
    the human seat's turns are played by a bot from the bench."""
    scene = d.scene
    scene.bots_paused = False
    cpu: list[float] = []
    wall: list[float] = []
    deadline = time.perf_counter() + limit_s
    while len(cpu) < count and time.perf_counter() < deadline and scene.state.current_player() is not None:
        if scene._job is None and scene.is_human_turn() and not scene.anim.busy:
            scene.submit(bot_move(scene.session))
        thinking = scene._job is not None
        start = time.perf_counter()
        t = d.frame([d.motion(d.mouse)])
        if thinking and scene._job is not None:
            cpu.append(t)
            wall.append(time.perf_counter() - start)
    scene.bots_paused = True
    if scene._job is not None:
        scene._job.thread.join()
    d.settle(3)
    return cpu, wall


# Crayon-rails screens ------------------------------------------------------------

def demand_hover(d: Driver, rounds: int) -> list[float]:
    """Move the mouse onto each demand row of the panel in turn (a new
    demand's sources, destination and cheapest routes are drawn)."""
    d.frame([d.motion(d.scene.panel_rect.center)])
    times = []
    for _ in range(rounds):
        spots = list(d.scene.controller.cursor.hotspots)
        for spot in spots:
            times.append(d.frame([d.motion(spot.rect.center)]))
            d.frame([d.motion(d.scene.panel_rect.topleft)])  # off the rows: the next hover is new
        d.scene.session.apply(bot_move(d.scene.session))  # a new position: no route is cached
    return times


def cheapest_route_asks(d: Driver, count: int, seed: int = 1) -> list[float]:
    """Ask for the cheapest track to random mileposts (right-click): the
    frame includes the route search and drawing the proposal."""
    ctrl = d.scene.controller
    rng = random.Random(seed)
    targets = rng.sample(sorted(ctrl.board.mileposts), count)
    times = []
    for h in targets:
        times.append(d.frame(before=functools.partial(ctrl.suggest_route, h)))
        ctrl.clear()
    d.scene._banner = None
    return times


def drag_build(d: Driver, drags: int, steps: int = 8, moves_per_step: int = 3) -> list[float]:
    """Drag new track out of the human player's network with the left
    button, `steps` mileposts long and `moves_per_step` mouse moves to each
    milepost, at a closer zoom: every frame follows the mouse, prices the
    path and draws it with its cost preview."""
    ctrl, cam = d.scene.controller, d.scene.camera
    times: list[float] = []
    for k in range(drags):
        if not human_builds(d):
            break
        path = drag_path(d.scene.state, ctrl.seat, k, steps)
        d.fit()
        cam.set_zoom(cam.zoom * 3)
        cam.center = ctrl.geom.pos(path[len(path) // 2])
        d.settle(40)

        def at(h: Any) -> tuple[int, int]:
            x, y = cam.world_to_screen(ctrl.geom.pos(h))
            return (int(x), int(y))

        d.frame([d.motion(at(path[0]))])
        times.append(d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(path[0]), button=1)]))
        for a, b in zip(path, path[1:]):
            (ax, ay), (bx, by) = at(a), at(b)
            for m in range(1, moves_per_step + 1):
                f = m / moves_per_step
                times.append(d.frame([d.motion((round(ax + (bx - ax) * f), round(ay + (by - ay) * f)), (1, 0, 0))]))
        times.append(d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=d.mouse, button=1)]))
        ctrl.clear()
    return times


def human_builds(d: Driver, search: int = 400) -> bool:
    """Play computer moves (untimed) until the human seat may build."""
    scene, ctrl = d.scene, d.scene.controller
    for _ in range(search):
        if scene.state.current_player() is None:
            return False
        if scene.is_human_turn() and ctrl.mode() == "move":
            ctrl.set_mode("build")
        if scene.is_human_turn() and ctrl.mode() == "build":
            d.settle(2)
            return True
        scene.session.apply(bot_move(scene.session))
    return False


def drag_path(state: Any, seat: int, k: int, steps: int) -> list[Any]:
    """A walk of `steps` mileposts out of the seat's network (or a Major
    City) over land, heading one of six ways (the `k`-th drag's)."""
    from game.core.hexgrid import neighbours

    board = state.board
    starts = sorted(state.network(seat)) or sorted(h for h, kind in board.mileposts.items() if kind == "major_city")
    start = starts[(k * 7919) % len(starts)]
    path = [start]
    for step in range(steps):
        ways = neighbours(path[-1])
        ways = ways[(k + step // 3) % 6:] + ways[:(k + step // 3) % 6]
        nxt = next((h for h in ways if h in board.mileposts and h not in path), None)
        if nxt is None:
            break
        path.append(nxt)
    return path


def is_build(action: Any) -> bool:
    return type(action).__name__ == "BuildTrack"


def crayon_frames(d: Driver, quick: bool, wanted: Callable[[str], bool]) -> None:
    steps: list[tuple[str, Callable[[], list[float]]]] = [  # drag-building first: the others play the game on
        ("drag-building track (path and cost preview)", lambda: drag_build(d, 2 if quick else 6)),
        ("demand hover (first frame of each)", lambda: demand_hover(d, 1 if quick else 3)),
        ("ask for the cheapest route (right-click)", lambda: cheapest_route_asks(d, 15 if quick else 60)),
        ("first frame after a build", lambda: after_moves(d, 4 if quick else MOVES_AFTER, is_build)),
    ]
    for name, measure in steps:
        if wanted(name):
            d.fit()
            frames_row(name, measure())


# Every game ------------------------------------------------------------------------

def every(name: str) -> bool:
    return True


def game_frames(app: Any, scene: Any, quick: bool, crayon: bool, wanted: Callable[[str], bool] = every) -> None:
    """Print every frame figure of one game screen (those whose name `wanted` accepts)."""
    d = Driver(app, scene)
    n = 60 if quick else 240
    d.settle(10)

    def at_max(measure: Callable[[], list[float]]) -> list[float]:
        zoom_to_max(d)
        return measure()

    def fitted(measure: Callable[[], list[float]]) -> list[float]:
        d.fit()
        return measure()

    steps: list[tuple[str, Callable[[], list[float]]]] = [
        ("idle", lambda: d.frames(n)),
        ("hover over the board", lambda: hover(d, n)),
        ("drag pan, fitted view", lambda: drag_pan(d, n)),
        ("continuous zoom in and out (wheel)", lambda: zoom_sweep(d, 1 if quick else 3)),
        ("drag pan at the closest zoom", lambda: at_max(lambda: drag_pan(d, n))),
        ("first frame after a move", lambda: fitted(lambda: after_moves(d, 4 if quick else MOVES_AFTER))),
        ("first frame of the human's turn starting or ending",
         lambda: fitted(lambda: turn_changes(d, 4 if quick else MOVES_AFTER))),
        (f"a hint shown (its frame, {FRAMES_AFTER_HINT} after)",
         lambda: fitted(lambda: hints_shown(d, QUICK_HINTS if quick else HINTS))),
    ]
    for name, measure in steps:
        if wanted(name):
            frames_row(name, measure())
    if crayon:
        crayon_frames(d, quick, wanted)
    if wanted("a log line added"):
        d.fit()
        times, length = log_growth(d, LOG_LINES if not quick else 1050)
        frames_row(f"a log line added (log of 1,000–{length:,} lines)", times)
    if wanted("while a computer player thinks"):
        cpu, wall = bots_thinking(d, 40 if quick else 150)
        if cpu:
            frames_row("while a computer player thinks", cpu, note=f"(wall p99 {ms(percentile(wall, 99))} ms)")
        else:
            row("while a computer player thinks", "(every decision ended within its frame)")
    if wanted("memory sweep"):
        swept = whole_map_at_max_zoom(d)
        row("memory sweep: whole map at the closest zoom", f"{swept} screens")
