"""Render the Lunar Rails board with the game's own crayon renderer, off
screen, fitted to a window, to PNGs (for judging the look by eye).

Usage: python3 -m tools.lunar_rails_map.preview [out_prefix] [WxH ...]
writes <out_prefix>_<W>x<H>.png (default /tmp/lunar_rails, 1280x720 and 1920x1080)
and <out_prefix>_zoom.png (the near side's centre at a playing zoom).
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from game.crayon.board import CrayonBoard  # noqa: E402
from tools.lunar_rails_map.build_map import DEFAULT_OUT, MAP_NAME  # noqa: E402
from ui.camera import Camera  # noqa: E402
from ui.russian_rails.render import Selection, draw_board, geometry_for  # noqa: E402


def render(board: CrayonBoard, size: tuple[int, int], zoom: float | None = None,
           centre: tuple[float, float] | None = None) -> pygame.Surface:
    surf = pygame.Surface(size)
    camera = Camera(pygame.Rect(0, 0, *size))
    camera.fit(geometry_for(board).frame, margin=0.01)
    if zoom is not None:
        camera.set_zoom(zoom)
    if centre is not None:
        camera.center = centre
    draw_board(surf, board, None, camera, Selection())
    return surf


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
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
