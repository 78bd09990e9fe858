"""The rules reader: assets/rules/<game_id>.md (written by each game's UI
engineer) shown in a scrolling pygame_gui text box, with a game list on the
left. A small Markdown subset is converted to pygame_gui's HTML."""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UITextBox

from game import registry
from ui import theme, widgets
from ui.scene import Scene
from ui.scenes import tile_art

if TYPE_CHECKING:
    from ui.app import App

RULES_DIR = theme.ASSETS / "rules"
HEADING_SIZES = {1: 30, 2: 24, 3: 20}
TEXT_SIZE = 15  # the text box's font size (theme.gui_theme)
TEXT_BOX_CHROME = 44  # pixels of a text box's width not used by text: padding, border, scroll bar
WRAP_SLACK = 0.96  # hand-wrapped lines stay a little short of the box so it never re-wraps them
NBSP = "\u00a0"
LINE_MARK = "\x00"  # stands for a hand-made line break while inline markup is converted
PAGE_KEYS = {pygame.K_PAGEDOWN: 1.0, pygame.K_PAGEUP: -1.0, pygame.K_SPACE: 1.0,
             pygame.K_HOME: -1000.0, pygame.K_END: 1000.0}


def rules_path(game_id: str) -> Path:
    return RULES_DIR / f"{game_id}.md"


def _inline(text: str) -> str:
    text = widgets.escape(text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![\w*])[*_](?!\s)(.+?)(?<!\s)[*_](?![\w*])", r"<i>\1</i>", text)
    return re.sub(r"`(.+?)`", r"\1", text)


def _hanging(prefix: str, text: str, width: int) -> str:
    """A list item wrapped to `width` pixels by hand, its continuation lines
    indented under the text after the bullet (the text box cannot indent
    wrapped lines itself). Bold words are measured in bold."""
    f, bold_f = theme.font(TEXT_SIZE), theme.font(TEXT_SIZE, bold=True)
    indent_w = f.size(prefix)[0]
    pad = "&nbsp;" * max(1, round(indent_w / max(1, f.size(NBSP)[0])))
    lines: list[list[str]] = [[]]
    used, bold = indent_w, False
    for word in text.split():
        plain = word.replace("**", "").replace("`", "")
        w = (bold_f if bold or word.startswith("**") else f).size(plain + " ")[0]
        bold ^= word.count("**") % 2 == 1
        if lines[-1] and used + w > width:
            lines.append([])
            used = indent_w
        lines[-1].append(word)
        used += w
    joined = LINE_MARK.join(" ".join(words) for words in lines)
    return _inline(joined).replace(LINE_MARK, "<br>" + pad)


def markdown_to_html(md: str, wrap_width: int | None = None) -> str:
    """Headings, bullet and numbered lists (with wrapped continuation lines),
    bold/italic; paragraphs re-flowed, a little space between blocks. With
    `wrap_width` (pixels of text per line), list items get hanging indents."""
    out: list[str] = []
    block: list[str] = []  # the open paragraph or list item: its prefix, then its lines
    gap = "<font pixel_size=8> </font><br>"

    def flush() -> None:
        if not block:
            return
        text = " ".join(block[1:])
        if block[0] and wrap_width:
            shown = block[0].replace("&nbsp;", NBSP)
            out.append(block[0] + _hanging(shown, text, wrap_width) + "<br>")
        else:
            out.append(block[0] + _inline(text) + "<br>")
        block.clear()

    for raw in md.splitlines():
        line = raw.strip()
        heading = re.match(r"^(#{1,6})\s+(.*)$", line)
        bullet = re.match(r"^[-*+]\s+(.*)$", line)
        numbered = re.match(r"^(\d+)[.)]\s+(.*)$", line)
        if not line:
            flush()
            if out and out[-1] != gap:
                out.append(gap)
        elif heading:
            flush()
            size = HEADING_SIZES.get(len(heading.group(1)), 18)
            colour = widgets.hex_colour(theme.ACCENT if size >= 24 else theme.HIGHLIGHT)
            lead = "<br>" if out and out[-1] != gap else ""
            out.append(f"{lead}<font pixel_size={size} color='{colour}'><b>{_inline(heading.group(2))}</b></font><br>")
        elif item := bullet or numbered:
            flush()
            mark = "•" if bullet else f"{item.group(1)}."
            indent = "&nbsp;" * (2 + 2 * ((len(raw) - len(raw.lstrip())) // 2))
            block.extend([f"{indent}{mark} ", item.group(1) if bullet else item.group(2)])
        else:
            if not block:
                block.append("")
            block.append(line)
    flush()
    while out and out[-1] == gap:
        out.pop()
    html = "".join(out)
    return html[4:] if html.startswith("<br>") else html


def rules_html(game_id: str, box_width: int | None = None) -> str:
    """The game's rules as text-box HTML, list items wrapped for a box
    `box_width` pixels wide."""
    gi = registry.GAMES[game_id]
    wrap = int((box_width - TEXT_BOX_CHROME) * WRAP_SLACK) if box_width else None
    try:
        return markdown_to_html(rules_path(game_id).read_text(encoding="utf-8"), wrap)
    except (OSError, UnicodeDecodeError):
        return (f"<font pixel_size=30 color='{widgets.hex_colour(theme.ACCENT)}'><b>{widgets.escape(gi.title)}</b>"
                f"</font><br><br>{widgets.escape(gi.blurb)}<br><br>"
                "The how-to-play guide for this game has not been written yet. "
                "It will appear here as soon as it is ready.")


class RulesScene(Scene):
    def __init__(self, app: "App", game_id: str | None = None) -> None:
        super().__init__(app)
        fonts: list[dict[str, str | int | float]] = [{"name": "dejavu", "point_size": s, "style": "bold"}
                                                     for s in HEADING_SIZES.values()]
        self.ui.preload_fonts(fonts + [{"name": "dejavu", "point_size": 8, "style": "regular"}])
        self.game_id = game_id if game_id in registry.GAMES else registry.GAME_IDS[0]
        self._cache: pygame.Surface | None = None
        self._build()

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self._cache = None
        w, h = self.size
        list_w = max(220, min(300, w // 6))
        top, margin = 96, 32
        items = [(gi.title, gid) for gid, gi in registry.GAMES.items()]
        self.listing = UISelectionList(pygame.Rect(margin, top, list_w, len(items) * 44 + 8), list(items), self.ui,
                                       default_selection=(registry.GAMES[self.game_id].title, self.game_id))
        area_x = margin * 2 + list_w
        text_w = min(980, w - area_x - margin)
        left = area_x + (w - area_x - margin - text_w) // 2
        self.text = UITextBox(rules_html(self.game_id, text_w), pygame.Rect(left, top, text_w, h - top - 100),
                              self.ui)
        self.back_button = widgets.button(self.ui, (margin, h - 76, 160, 52), "Back")

    def page(self, pages: float) -> None:
        """Scroll by whole screens of text (PageUp/PageDown, Home/End)."""
        bar = self.text.scroll_bar
        if bar is not None:
            bar.set_scroll_from_start_percentage(bar.start_percentage + pages * bar.visible_percentage * 0.9)

    def show(self, game_id: str) -> None:
        self.game_id = game_id
        self.text.set_text(rules_html(game_id, self.text.rect.width))

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._build()

    def handle_event(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.back_button:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in PAGE_KEYS:
            self.page(PAGE_KEYS[event.key])
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and element is self.listing:
            selected = self.listing.get_single_selection(include_object_id=True)
            if selected:
                self.show(selected[1])
            return True
        return self.ui.process_events(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self._cache is None or self._cache.get_size() != self.size:
            self._cache = tile_art.background(self.size)
            theme.draw_text(self._cache, "Rules", (32, 48), 40, theme.ACCENT, True, "midleft")
        surface.blit(self._cache, (0, 0))
        self.ui.draw_ui(surface)
