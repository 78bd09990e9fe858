"""Render a quick preview PNG of a crayon-rails board (for checking the
geography by eye; the game's own renderer lives in ui/).

Usage: python3 -m tools.russian_rails_map.preview [map.tmx] [out.png] [scale]
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from game.crayon.board import CrayonBoard  # noqa: E402

DEFAULT_MAP = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                           "maps", "russian_rails", "russian_rails.tmx")
DOT = {"clear": (90, 80, 60), "mountain": (120, 70, 30), "alpine": (255, 255, 255), "marsh": (40, 120, 60),
       "ferry_port": (20, 40, 200)}
REGION_TINT = {"Russia": (236, 226, 200)}


def render(board: CrayonBoard, scale: float) -> pygame.Surface:
    w, h = board.pixel_size()
    surf = pygame.Surface((int(w * scale), int(h * scale)))
    surf.fill((205, 200, 185))
    lay = board.layout()

    def px(p):
        return (p[0] * scale, p[1] * scale)

    for name, rings in board.water_shapes.items():
        for ring in rings:
            pygame.draw.polygon(surf, (150, 185, 215), [px(p) for p in ring])
    for h_, t in board.mileposts.items():
        region = board.region_of[h_]
        tint = REGION_TINT.get(region, (215 - 7 * (hash(region) % 5), 230, 200 + 9 * (hash(region) % 5)))
        pygame.draw.polygon(surf, tint, [px(c) for c in lay.corners(h_)])
    for name, lines in board.river_lines.items():
        for line in lines:
            pygame.draw.lines(surf, (40, 90, 200), False, [px(p) for p in line], max(1, int(2 * scale)))
    for name, lines in board.border_lines.items():
        for line in lines:
            pygame.draw.lines(surf, (200, 0, 0), False, [px(p) for p in line], max(1, int(2 * scale)))
    for pair, cost in board.water.items():
        if cost == 3:
            pygame.draw.line(surf, (0, 200, 255), px(lay.to_pixel(pair[0])), px(lay.to_pixel(pair[1])), 2)
    for h_, t in board.mileposts.items():
        c = px(lay.to_pixel(h_))
        if t.endswith("_city"):
            continue
        if t in ("mountain", "alpine"):
            r = 3 * scale + 1
            pygame.draw.polygon(surf, DOT[t], [(c[0], c[1] - r), (c[0] - r, c[1] + r), (c[0] + r, c[1] + r)])
            if t == "alpine":
                pygame.draw.polygon(surf, (0, 0, 0), [(c[0], c[1] - r), (c[0] - r, c[1] + r), (c[0] + r, c[1] + r)], 1)
        else:
            pygame.draw.circle(surf, DOT[t], c, max(1.5, 1.6 * scale))
    for city in board.cities.values():
        if city.size == "major":
            pygame.draw.polygon(surf, (220, 30, 30), [px(lay.to_pixel(m)) for m in city.mileposts[1:]], 0)
        c = px(lay.to_pixel(city.center))
        r = 5 * scale
        if city.size == "medium":
            pygame.draw.rect(surf, (200, 30, 30), (c[0] - r, c[1] - r, 2 * r, 2 * r))
        else:
            pygame.draw.circle(surf, (200, 30, 30), c, r)
    font = pygame.font.Font(None, max(12, int(16 * scale)))
    for city in board.cities.values():
        c = px(lay.to_pixel(city.center))
        surf.blit(font.render(city.name, True, (0, 0, 0)), (c[0] + 6 * scale, c[1] - 6 * scale))
    for f in board.ferries:
        pygame.draw.line(surf, (20, 40, 200), px(lay.to_pixel(f.a)), px(lay.to_pixel(f.b)), 2)
    return surf


def main(argv: list[str]) -> int:
    path = argv[1] if len(argv) > 1 else DEFAULT_MAP
    out = argv[2] if len(argv) > 2 else "/tmp/russian_rails_preview.png"
    scale = float(argv[3]) if len(argv) > 3 else 1.0
    pygame.init()
    pygame.image.save(render(CrayonBoard.load(path), scale), out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
