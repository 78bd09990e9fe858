"""Colours, fonts and cached text for every screen.

Seat colours come from the Okabe–Ito palette so that players with the common
forms of colour blindness can still tell the seats apart. Fonts are the DejaVu
TTFs bundled in assets/fonts (never SysFont) so every machine draws the same
pixels. Text surfaces are cached because rendering text each frame is the
single most expensive thing a board-game UI does.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from game.core.resources import program_path
from ui.colour_distance import delta_e

RGB = tuple[int, int, int]

ASSETS = Path(program_path("assets"))
FONT_DIR = ASSETS / "fonts"

SEAT_COLOURS: dict[str, RGB] = {
    "orange": (230, 159, 0),
    "sky": (86, 180, 233),
    "green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "purple": (204, 121, 167),
    "magenta": (160, 30, 130),
    "grey": (120, 120, 120),
    "tangerine": (245, 140, 0),
    "olive": (120, 120, 0),
    "brown": (110, 50, 10),
}
SEAT_ORDER: tuple[str, ...] = ("orange", "sky", "green", "vermillion", "blue", "yellow", "purple", "grey")
# Crayon track runs beside blue rivers, lakes and seas (and the Moon's grey
# maria): those games offer no blue or grey seat. Six seats' track must also
# be told apart at a glance, so the palette is chosen as a whole: a deeper
# orange (tangerine) that yellow cannot be mistaken for, olive and brown in
# place of the pink and vermillion that read as magenta and orange. Every
# colour here stays at least SEAT_WATER_MIN_DELTA_E (CIEDE2000) from every
# water colour of both maps and SEAT_SEAT_MIN_DELTA_E from each other
# (tests/ui_russian_rails/test_seat_contrast.py).
CRAYON_SEAT_ORDER: tuple[str, ...] = ("tangerine", "green", "magenta", "yellow", "brown", "olive")
GAME_SEAT_ORDER: dict[str, tuple[str, ...]] = {"russian_rails": CRAYON_SEAT_ORDER, "lunar_rails": CRAYON_SEAT_ORDER}


def seat_order(game_id: str | None) -> tuple[str, ...]:
    """The seat colours a game offers, in the order new seats take them."""
    return GAME_SEAT_ORDER.get(game_id or "", SEAT_ORDER)

# UI colours: a dark, warm "wooden table" palette.
BG: RGB = (33, 28, 24)
BG_DEEP: RGB = (22, 19, 16)
PANEL: RGB = (48, 41, 35)
PANEL_EDGE: RGB = (92, 78, 62)
TEXT: RGB = (238, 228, 210)
TEXT_DIM: RGB = (168, 155, 136)
ACCENT: RGB = (222, 166, 72)
GOOD: RGB = (112, 190, 120)
BAD: RGB = (226, 92, 72)
HIGHLIGHT: RGB = (255, 236, 150)

_FONT_FILES = {
    (False, False, False): "DejaVuSans.ttf",
    (True, False, False): "DejaVuSans-Bold.ttf",
    (False, True, False): "DejaVuSansMono.ttf",
    (True, True, False): "DejaVuSansMono.ttf",
    (False, False, True): "DejaVuSansCondensed.ttf",
    (True, False, True): "DejaVuSansCondensed-Bold.ttf",
}


LOG_MIN_DELTA_E = 35.0  # CIEDE2000 between a name's colour and the dark log: read at a glance


def on_dark(colour: RGB) -> RGB:
    """A seat colour made light enough to read as text on the dark panels:
    mixed with white, a tenth at a time, until it stands LOG_MIN_DELTA_E from
    the log's background (brown and olive track read on the map, not as a
    name in the log); colours that already do are kept."""
    mixed = colour
    for step in range(1, 11):
        if delta_e(mixed, BG_DEEP) >= LOG_MIN_DELTA_E:
            break
        r, g, b = (round(v + (255 - v) * step / 10) for v in colour)
        mixed = (r, g, b)
    return mixed


def seat_rgb(seat_or_colour: Any) -> RGB:
    """The RGB of a seat (anything with `.colour`) or a palette key; grey if unknown."""
    key = getattr(seat_or_colour, "colour", seat_or_colour)
    return SEAT_COLOURS.get(str(key), SEAT_COLOURS["grey"])


def text_on(colour: RGB) -> RGB:
    """Black or off-white, whichever reads better on `colour`."""
    r, g, b = colour[:3]
    return (20, 18, 16) if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (248, 244, 236)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, mono: bool = False, condensed: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    name = _FONT_FILES[(bold, mono, condensed and not mono)]
    return pygame.font.Font(str(FONT_DIR / name), max(1, int(size)))


@lru_cache(maxsize=4096)
def text_surface(text: str, size: int, colour: RGB, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: safe to call every frame with the same arguments."""
    return font(size, bold).render(text, True, colour)


def ellipsize(text: str, size: int, bold: bool, max_width: int) -> str:
    """`text` cut to fit `max_width` px, ending in "…" where it was cut."""
    f = font(size, bold)
    if f.size(text)[0] <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid].rstrip() + "…")[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


@lru_cache(maxsize=2048)
def _fitted(text: str, size: int, bold: bool, max_width: int) -> str:
    return ellipsize(text, size, bold, max_width)


def draw_text(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int = 16,
              colour: RGB = TEXT, bold: bool = False, anchor: str = "topleft",
              max_width: int | None = None) -> pygame.Rect:
    """Blit `text` with its `anchor` point (any Rect attribute) at `pos`; cut
    with an ellipsis when wider than `max_width`. Returns the drawn rect."""
    if max_width is not None:
        text = _fitted(text, size, bold, int(max_width))
    surf = text_surface(text, size, tuple(colour[:3]), bold)
    rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surface.blit(surf, rect)
    return rect


def wrap_text(text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines no wider than `max_width` pixels (word wrap)."""
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= max_width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def gui_theme() -> dict[str, Any]:
    """The pygame_gui theme (as a dict) matching the palette and bundled fonts."""
    def hexc(c: RGB) -> str:
        return "#{:02x}{:02x}{:02x}".format(*c)

    regular = str(FONT_DIR / "DejaVuSans.ttf")
    bold = str(FONT_DIR / "DejaVuSans-Bold.ttf")
    base_font = {"name": "dejavu", "size": "16",
                 "regular_path": regular, "bold_path": bold,
                 "italic_path": regular, "bold_italic_path": bold}
    colours = {
        "normal_bg": hexc((70, 58, 46)), "hovered_bg": hexc((96, 78, 58)),
        "disabled_bg": hexc((48, 42, 36)), "selected_bg": hexc((150, 104, 40)),
        "active_bg": hexc((170, 118, 44)), "dark_bg": hexc(PANEL),
        "normal_text": hexc(TEXT), "hovered_text": hexc(HIGHLIGHT),
        "selected_text": hexc(TEXT), "disabled_text": hexc((118, 108, 96)),
        "active_text": hexc(TEXT), "normal_border": hexc(PANEL_EDGE),
        "hovered_border": hexc(ACCENT), "disabled_border": hexc((70, 62, 54)),
        "selected_border": hexc(ACCENT), "active_border": hexc(HIGHLIGHT),
        "text_cursor": hexc(ACCENT), "link_text": hexc(ACCENT),
        "link_hover": hexc(HIGHLIGHT), "link_selected": hexc(HIGHLIGHT),
        "filled_bar": hexc(ACCENT), "unfilled_bar": hexc(BG_DEEP),
        "normal_caret_bg": hexc((70, 58, 46)), "hovered_caret_bg": hexc((96, 78, 58)),
        "selected_caret_bg": hexc((150, 104, 40)),
    }
    shape = {"shape": "rounded_rectangle", "shape_corner_radius": "6",
             "border_width": "1", "shadow_width": "0"}
    theme: dict[str, Any] = {
        "defaults": {"colours": colours, "misc": shape},
        "label": {"colours": {"dark_bg": "#00000000", "normal_text": hexc(TEXT)}},
        "text_box": {"colours": {"dark_bg": hexc(BG_DEEP)}, "misc": {"padding": "8,6"}},
        "#accent_button": {"colours": {"normal_bg": hexc((176, 118, 38)),
                                       "hovered_bg": hexc((206, 146, 56)),
                                       "normal_text": "#1a1612", "hovered_text": "#1a1612"},
                           "font": {**base_font, "bold": "1"}},
        "#title_label": {"font": {**base_font, "size": "40", "bold": "1"},
                         "colours": {"normal_text": hexc(ACCENT)}},
        "#heading_label": {"font": {**base_font, "size": "22", "bold": "1"}},
        "#dim_label": {"colours": {"normal_text": hexc(TEXT_DIM)}},
        "window": {"colours": {"dark_bg": hexc(PANEL), "normal_border": hexc(ACCENT)},
                   "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "8",
                            "border_width": "2", "shadow_width": "4"}},
        "tool_tip": {"colours": {"dark_bg": hexc((20, 17, 14))},
                     "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "4"}},
        "horizontal_scroll_bar": {"colours": {"dark_bg": hexc(BG_DEEP)}},
        "vertical_scroll_bar": {"colours": {"dark_bg": hexc(BG_DEEP)}},
        "drop_down_menu": {"colours": {"dark_bg": hexc(PANEL)}},
        "#drop_up": {"misc": {"expand_direction": "up"}},
        "selection_list": {"colours": {"dark_bg": hexc(BG_DEEP)}},
        "panel": {"colours": {"dark_bg": hexc(PANEL)}},
    }
    theme["selection_list"]["misc"] = {"list_item_height": "44", "border_width": "1"}
    theme["selection_list.button"] = {  # items given as (text, id) lose "#item_list_item"
        "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "14", "shape": "rectangle",
                 "border_width": "0"}}
    theme["#dim_label"]["misc"] = {"text_horiz_alignment": "left"}
    theme["text_box"]["font"] = {**base_font, "size": "15"}
    # pygame_gui takes fonts and shapes per element type, not from "defaults".
    for element in GUI_FONT_ELEMENTS:
        block = theme.setdefault(element, {})
        block.setdefault("font", dict(base_font))
        if element in ("button", "drop_down_menu", "text_entry_line"):
            block.setdefault("misc", {}).update(shape)
    return theme


GUI_FONT_ELEMENTS = ("button", "label", "text_box", "text_entry_line", "check_box", "drop_down_menu",
                     "selection_list", "tool_tip", "window", "text_entry_box")
# Fonts the log and rules HTML use that no theme block loads already.
GUI_FONT_PRELOAD: list[dict[str, str | int | float]] = [
    {"name": "dejavu", "point_size": 15, "style": "bold"},
    {"name": "dejavu", "point_size": 15, "style": "italic"},
    {"name": "dejavu", "point_size": 16, "style": "italic"}]
