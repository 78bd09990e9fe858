"""The look of a crayon-rails board, as data.

Everything the board renderer paints comes from one :class:`CrayonStyle`, so
another crayon game (Lunar Rails: grey maria on black) only supplies a new
style, not a new renderer.
"""
from __future__ import annotations

from dataclasses import dataclass, field

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class CrayonStyle:
    """Colours and proportions of a printed crayon board."""

    outside: RGB = (28, 24, 21)  # beyond the map frame
    water: RGB = (150, 190, 214)
    water_shallow: RGB = (178, 210, 228)  # the band along every coast
    coast: RGB = (64, 112, 150)
    land: RGB = (238, 228, 196)
    foreign: RGB = (206, 204, 196)  # land beyond the playable territory
    foreign_edge: RGB = (120, 116, 108)
    water_label: RGB = (40, 86, 130)
    frame: RGB = (86, 66, 44)
    terrain_tint: dict[str, RGB] = field(default_factory=lambda: {
        "mountain": (214, 192, 152), "alpine": (236, 236, 240), "marsh": (204, 218, 176)})
    dot: RGB = (46, 40, 34)
    mountain_dot: RGB = (110, 72, 38)
    alpine_dot: RGB = (70, 70, 86)
    marsh_dot: RGB = (60, 110, 70)
    river: RGB = (44, 110, 190)
    river_width: float = 0.16  # in hex sizes
    border_colours: tuple[RGB, ...] = ((0, 140, 70), (20, 20, 20), (200, 30, 30))
    ferry: RGB = (24, 70, 130)
    city_fill: RGB = (196, 34, 40)
    city_edge: RGB = (70, 12, 14)
    major_fill: RGB = (214, 58, 52)
    major_edge: RGB = (120, 20, 20)
    major_dot: RGB = (255, 244, 230)
    label: RGB = (30, 24, 20)
    label_halo: RGB = (246, 240, 222)
    region_label: RGB = (150, 128, 100)
    goods_palette: tuple[RGB, ...] = (
        (176, 96, 40), (60, 120, 60), (40, 90, 160), (150, 50, 120), (120, 110, 30),
        (30, 130, 140), (160, 60, 50), (90, 70, 150), (60, 60, 60), (190, 130, 20))
    # Level of detail, as the on-screen distance between neighbouring mileposts.
    lod_dots: float = 7.0  # below: no milepost dots, only terrain tints
    lod_small_names: float = 12.0  # below: only major and medium names
    lod_ferry_name: float = 20.0  # from here: the ferry's name on its line
    lod_goods: float = 26.0  # from here: goods glyphs beside cities
    lod_goods_text: float = 52.0  # from here: goods written out
    seed_salt: int = 0  # varies the crayon jitter between games that share a style


def water_colours(style: CrayonStyle) -> tuple[RGB, ...]:
    """Every colour a style paints water with (seas, coastal shallows, coast
    lines, rivers, the ferry line): no seat's track may look like them."""
    return (style.water, style.water_shallow, style.coast, style.river, style.ferry)


def goods_colour(style: CrayonStyle, good: str) -> RGB:
    """A stable colour per good (same good, same colour, every run)."""
    h = 0
    for ch in good:
        h = (h * 131 + ord(ch)) & 0xFFFFFF
    return style.goods_palette[h % len(style.goods_palette)]


def goods_abbrev(good: str) -> str:
    """Two letters that name a good on a small glyph ("Consumer Goods" -> "CG")."""
    words = [w for w in good.replace("-", " ").split() if w]
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return good[:2].capitalize()
