"""The Lunar Rails tileset: one flat-coloured hex per terrain and per side
(the PNG writer is the Russian Rails one, so the bytes are machine-stable)."""
from __future__ import annotations

import os

from tools.russian_rails_map.tiles import tileset_png

TERRAINS = ("clear", "mountain", "alpine", "small_city", "medium_city", "major_city", "wrap")
REGIONS = ("Near Side", "Far Side")
TILESET_NAME = "lunar_rails_tiles"
COLUMNS = 10
COLOURS = {
    "clear": (70, 72, 78), "mountain": (170, 170, 168), "alpine": (226, 226, 222), "small_city": (200, 60, 60),
    "medium_city": (170, 40, 40), "major_city": (220, 20, 20), "wrap": (230, 150, 40),
    "Near Side": (120, 120, 140), "Far Side": (140, 120, 120),
}


def write_tileset(out_dir: str, w: int, h: int, side: int) -> str:
    """Write <name>.png and <name>.tsx; return the .tsx file name. Tile i is
    TERRAINS[i], then REGIONS."""
    names = list(TERRAINS) + list(REGIONS)
    data, width, height = tileset_png(w, h, side, [COLOURS[n] for n in names])
    with open(os.path.join(out_dir, TILESET_NAME + ".png"), "wb") as fh:
        fh.write(data)
    tiles = []
    for i, name in enumerate(names):
        key = "terrain" if name in TERRAINS else "region"
        tiles.append(f'  <tile id="{i}">\n   <properties>\n    <property name="{key}" value="{name}"/>\n'
                     f'   </properties>\n  </tile>')
    text = (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<tileset version="1.10" tiledversion="1.10.2" name="{TILESET_NAME}" tilewidth="{w}" '
            f'tileheight="{h}" tilecount="{len(names)}" columns="{COLUMNS}">\n'
            f' <image source="{TILESET_NAME}.png" width="{width}" height="{height}"/>\n'
            + "\n".join(tiles) + "\n</tileset>\n")
    with open(os.path.join(out_dir, TILESET_NAME + ".tsx"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    return TILESET_NAME + ".tsx"
