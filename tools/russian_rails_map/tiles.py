"""The map's tileset: one tile per terrain and one per region, drawn as
flat-coloured hexes into a small PNG written with zlib (no image library,
so the bytes are the same on every machine)."""
from __future__ import annotations

import os
import struct
import zlib

TERRAINS = ("clear", "mountain", "alpine", "marsh", "small_city", "medium_city", "major_city", "ferry_port")
TILESET_NAME = "russian_rails_tiles"
COLUMNS = 10

TERRAIN_COLOURS = {
    "clear": (222, 214, 170), "mountain": (168, 132, 96), "alpine": (240, 240, 250),
    "marsh": (120, 160, 120), "small_city": (200, 60, 60), "medium_city": (170, 40, 40),
    "major_city": (220, 20, 20), "ferry_port": (60, 90, 200),
}
REGION_PALETTE = ((230, 200, 200), (200, 230, 200), (200, 200, 240), (240, 230, 170), (210, 240, 240),
                  (240, 210, 240), (250, 220, 190), (220, 220, 220), (190, 220, 250), (250, 240, 210),
                  (220, 250, 190), (230, 210, 250))


def _png(width: int, height: int, rgba: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + rgba[y * width * 4:(y + 1) * width * 4] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b""))


def _in_hex(x: float, y: float, w: int, h: int, side: int) -> bool:
    """Pointy-top hex filling a w x h tile (Tiled's shape for staggeraxis y)."""
    cx, cy = w / 2, h / 2
    dx, dy = abs(x - cx), abs(y - cy)
    if dx > w / 2 or dy > h / 2:
        return False
    return dy <= side / 2 + (h / 2 - side / 2) * (1 - dx / (w / 2))


def tileset_png(w: int, h: int, side: int, colours: list[tuple[int, int, int]]) -> tuple[bytes, int, int]:
    rows = (len(colours) + COLUMNS - 1) // COLUMNS
    width, height = COLUMNS * w, rows * h
    pixels = bytearray(width * height * 4)
    for i, (r, g, b) in enumerate(colours):
        ox, oy = (i % COLUMNS) * w, (i // COLUMNS) * h
        for y in range(h):
            for x in range(w):
                if _in_hex(x + 0.5, y + 0.5, w, h, side):
                    k = ((oy + y) * width + ox + x) * 4
                    pixels[k:k + 4] = bytes((r, g, b, 255))
    return _png(width, height, bytes(pixels)), width, height


def write_tileset(out_dir: str, w: int, h: int, side: int, regions: list[str]) -> str:
    """Write <name>.png and <name>.tsx; return the .tsx file name."""
    colours = [TERRAIN_COLOURS[t] for t in TERRAINS] + [REGION_PALETTE[i % len(REGION_PALETTE)]
                                                         for i in range(len(regions))]
    data, width, height = tileset_png(w, h, side, colours)
    with open(os.path.join(out_dir, TILESET_NAME + ".png"), "wb") as fh:
        fh.write(data)
    tiles = [f'  <tile id="{i}">\n   <properties>\n    <property name="terrain" value="{t}"/>\n'
             f'   </properties>\n  </tile>' for i, t in enumerate(TERRAINS)]
    tiles += [f'  <tile id="{len(TERRAINS) + i}">\n   <properties>\n    <property name="region" value="{r}"/>\n'
              f'   </properties>\n  </tile>' for i, r in enumerate(regions)]
    text = (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<tileset version="1.10" tiledversion="1.10.2" name="{TILESET_NAME}" tilewidth="{w}" '
            f'tileheight="{h}" tilecount="{len(colours)}" columns="{COLUMNS}">\n'
            f' <image source="{TILESET_NAME}.png" width="{width}" height="{height}"/>\n'
            + "\n".join(tiles) + "\n</tileset>\n")
    name = TILESET_NAME + ".tsx"
    with open(os.path.join(out_dir, name), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    return name
