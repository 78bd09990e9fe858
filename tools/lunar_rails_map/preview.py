"""Render the Lunar Rails board with the game's own crayon renderer, off
screen, fitted to a window, to PNGs (for judging the look by eye).

Usage: python3 -m tools.lunar_rails_map.preview [out_prefix] [WxH ...]
writes <out_prefix>_<W>x<H>.png (default /tmp/lunar_rails, 1280x720 and 1920x1080),
<out_prefix>_zoom.png (the near side's centre at a playing zoom) and
<out_prefix>_wrap.png (a crayon line from Crisium to
Mare Moscoviense through a wrap letter, with the same route proposed as a path) and
<out_prefix>_event.png (the South of the Moon shaded, as for a Solar Flare).
"""
from __future__ import annotations

import os
import sys
from collections import deque
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from game.core.hexgrid import Hex, pair_key  # noqa: E402
from game.crayon.board import CrayonBoard  # noqa: E402
from tools.lunar_rails_map.build_map import DEFAULT_OUT, MAP_NAME  # noqa: E402
from ui.camera import Camera  # noqa: E402
from ui.russian_rails.crayon_overlay import Overlay, PathMark  # noqa: E402
from ui.russian_rails.render import Selection, draw_board, geometry_for  # noqa: E402

CRAYON = (40, 110, 230)


def render(board: CrayonBoard, size: tuple[int, int], zoom: float | None = None,
           centre: tuple[float, float] | None = None, state: object = None,
           selection: Selection | None = None) -> pygame.Surface:
    surf = pygame.Surface(size)
    camera = Camera(pygame.Rect(0, 0, *size))
    camera.fit(geometry_for(board).frame, margin=0.01)
    if zoom is not None:
        camera.set_zoom(zoom)
    if centre is not None:
        camera.center = centre
    draw_board(surf, board, state, camera, selection or Selection())
    return surf


def route(board: CrayonBoard, a: Hex, b: Hex) -> list[Hex]:
    """Fewest mileposts from a to b through the lattice, wraps and poles."""
    prev: dict[Hex, Hex | None] = {a: None}
    todo = deque([a])
    while todo:
        h = todo.popleft()
        for n in board.neighbours(h):
            if n not in prev:
                prev[n] = h
                todo.append(n)
    path = [b]
    while prev[path[-1]] is not None:
        path.append(prev[path[-1]])  # type: ignore[arg-type]
    return path[::-1]


def wrap_route_picture(board: CrayonBoard) -> pygame.Surface:
    path = route(board, board.cities["Crisium"].center, board.cities["Mare Moscoviense"].center)
    state = SimpleNamespace(board=board, track={pair_key(a, b): 0 for a, b in zip(path, path[1:])}, players=[])
    mark = PathMark(path, (250, 200, 40), 0.3, dashed=True, end_label="through a wrap letter")
    lay = board.layout()
    mid = [lay.to_pixel(path[0]), lay.to_pixel(path[-1])]
    centre = ((mid[0][0] + mid[1][0]) / 2, (mid[0][1] + mid[1][1]) / 2)
    return render(board, (1280, 720), 1.1, centre, state, Selection(colours=[CRAYON], overlay=Overlay(paths=[mark])))


def main(argv: list[str]) -> int:
    prefix = argv[1] if len(argv) > 1 else "/tmp/lunar_rails"
    sizes = [tuple(int(v) for v in a.split("x")) for a in argv[2:]] or [(1280, 720), (1920, 1080)]
    pygame.init()
    pygame.display.set_mode((1, 1))
    board = CrayonBoard.load(os.path.join(DEFAULT_OUT, MAP_NAME))
    for w, h in sizes:
        pygame.image.save(render(board, (w, h)), f"{prefix}_{w}x{h}.png")
    tb = board.cities["Tranquility Base"].center
    pygame.image.save(render(board, (1280, 720), 1.6, board.layout().to_pixel(tb)), f"{prefix}_zoom.png")
    pygame.image.save(wrap_route_picture(board), f"{prefix}_wrap.png")
    flare = Selection(overlay=Overlay(areas=[("South", (255, 120, 40))]))
    pygame.image.save(render(board, (1280, 720), selection=flare), f"{prefix}_event.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
