"""New-game setup: game, number of seats within the engine's limits, per seat
a name, a palette colour and human/computer (with difficulty), the engine's
options as checkboxes and drop-downs, and a seed (random unless typed).

The choices live in a small model (`SeatChoice` list, options dict) so that
widgets can be rebuilt freely when the game or seat count changes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UICheckBox, UITextEntryLine

from game import registry
from game.core.engine import COMPUTER, DIFFICULTIES, DIFFICULTY_TEXT, HUMAN, Seat
from game.core.errors import MapError
from ui import theme, widgets
from ui.games import DEFAULT_PLAYERS
from ui.scene import Scene
from ui.scenes import tile_art
from ui.scenes.launch import random_seed, show_error, start_game

if TYPE_CHECKING:
    from ui.app import App

KINDS: tuple[tuple[str, str], ...] = (("Human", HUMAN),) + tuple(
    (f"Computer · {d}", f"{COMPUTER}:{d}") for d in DIFFICULTIES)
MAX_SEATS = 8
SETUP_HINTS = (
    "Computer players: " + " ".join(DIFFICULTY_TEXT[d] for d in DIFFICULTIES),
    "The seed decides every shuffle and die roll: the same seed, seats and options give the same game.",
    "Human players share this computer: when cards are secret, the screen hides itself between turns.",
)
ROW_H = 50
COMPACT_ROW_H = 42  # five or more seats in a low window: the options below get their room (Lunar Rails had 8 pages)
COMPACT_BELOW_H = 900  # window height under which many seats take compact rows


@dataclass
class SeatChoice:
    name: str
    colour: str
    kind: str = HUMAN  # "human" or "computer:<difficulty>"

    def default_name(self, index: int) -> str:
        return f"Player {index + 1}" if self.kind == HUMAN else f"Computer {index + 1}"

    def to_seat(self, index: int) -> Seat:
        kind, _, difficulty = self.kind.partition(":")
        return Seat(self.name.strip() or self.default_name(index), self.colour, kind, difficulty or "normal")


def built_games() -> list[str]:
    return [gid for gid, gi in registry.GAMES.items() if gi.built]


def damaged_files_dialog(ui: pygame_gui.UIManager, exc: MapError) -> pygame_gui.windows.UIMessageWindow:
    """The dialog for a game whose data files cannot be read (the message names the file and key)."""
    return show_error(ui, f"The game's map or cards could not be read: {exc}", "Damaged game files")


class SetupScene(Scene):
    def __init__(self, app: "App", game_id: str | None = None) -> None:
        super().__init__(app)
        games = built_games()
        self.game_id = game_id if game_id in games else (games[0] if games else None)
        self.seats = [SeatChoice("", theme.SEAT_ORDER[i], HUMAN if i == 0 else f"{COMPUTER}:normal")
                      for i in range(MAX_SEATS)]
        for i, s in enumerate(self.seats):
            s.name = s.default_name(i)
        self.seed_text = str(random_seed())
        self.count = 0
        self.option_page = 0  # options that do not fit the window are shown a page at a time
        self._mouse = (-1, -1)
        self._set_game(self.game_id)
        self._cache: pygame.Surface | None = None
        self.error: pygame_gui.windows.UIMessageWindow | None = None  # the last problem shown
        self._build()

    # Model ----------------------------------------------------------------------

    def _set_game(self, game_id: str | None) -> None:
        """Choose the game (MapError, nothing changed, if its files are damaged)."""
        engine = registry.engine(game_id) if game_id else None
        self.game_id, self.engine = game_id, engine
        if self.engine is None:
            self.count, self.options = 0, {}
            return
        lo, hi = self.engine.min_players, min(self.engine.max_players, MAX_SEATS)
        self.count = max(lo, min(hi, self.count or DEFAULT_PLAYERS))
        self.options = {spec.key: spec.default for spec in self.engine.option_specs}
        self.option_page = 0
        self._fit_colours()

    def _fit_colours(self) -> None:
        """Keep each seat's colour when the game offers it (and no earlier seat
        has it), else give it the first free colour of the game's palette."""
        palette = theme.seat_order(self.game_id)
        taken: set[str] = set()
        for s in self.seats:
            if s.colour not in palette or s.colour in taken:
                s.colour = next((c for c in palette if c not in taken), palette[0])
            taken.add(s.colour)

    def chosen_seats(self) -> list[Seat]:
        return [self.seats[i].to_seat(i) for i in range(self.count)]

    def seed(self) -> int:
        text = self.seed_text.strip()
        return int(text) if text.isdigit() else random_seed()

    def _pick_colour(self, index: int, colour: str) -> None:
        """Give seat `index` the colour; a seat that had it takes the old one (no duplicates)."""
        old = self.seats[index].colour
        for other in self.seats:
            if other.colour == colour:
                other.colour = old
        self.seats[index].colour = colour

    # Widgets -------------------------------------------------------------------

    def _content(self) -> pygame.Rect:
        w, h = self.size
        cw = min(1180, w - 64)
        return pygame.Rect((w - cw) // 2, 96, cw, h - 96 - 96)

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self._cache = None
        self._widget_roles: dict[Any, tuple[str, Any]] = {}
        c = self._content()
        left_w = min(400, c.width // 3)
        x, y = c.x + 24, c.y + 24
        names = built_games()
        if names and self.game_id is not None:
            opts = [(registry.GAMES[g].title, g) for g in names]
            dd = widgets.drop_down(self.ui, opts, (registry.GAMES[self.game_id].title, self.game_id),
                                   (x, y + 26, left_w - 48, 40))
            self._widget_roles[dd] = ("game", None)
        y += 26 + 40 + 92
        if self.engine is not None:
            lo, hi = self.engine.min_players, min(self.engine.max_players, MAX_SEATS)
            counts = [(str(n), str(n)) for n in range(lo, hi + 1)]
            dd = widgets.drop_down(self.ui, counts, (str(self.count), str(self.count)),
                                   (x, y + 26, self._count_w(left_w), 40))
            self._widget_roles[dd] = ("count", None)
        seed_x = x + self._count_w(left_w) + 20
        entry = UITextEntryLine(pygame.Rect(seed_x, y + 26, x + left_w - 48 - 48 - seed_x, 40), self.ui)
        entry.set_allowed_characters("numbers")
        entry.set_text_length_limit(12)
        entry.set_text(self.seed_text)
        self._widget_roles[entry] = ("seed", None)
        self.seed_entry = entry
        dice = widgets.button(self.ui, (int(entry.relative_rect.right) + 6, y + 26, 42, 40), "↻",
                              tooltip="A new random seed")
        self._widget_roles[dice] = ("reseed", None)
        self._left_bottom = y + 26 + 40 + 24
        area = pygame.Rect(c.x + left_w + 8, c.y + 24, c.width - left_w - 32, c.height - 48)
        self._seat_widgets(area)
        self._options_top = area.y + 40 + self.count * self._row_h() + 14
        self._option_grid(pygame.Rect(area.x + 44, self._options_top + 30, area.width - 44,
                                      c.bottom - 12 - self._options_top - 30))
        w, h = self.size
        self.back_button = widgets.button(self.ui, (c.x, h - 76, 160, 52), "Back")
        self.start_button = widgets.button(self.ui, (c.right - 240, h - 76, 240, 52), "Start game", accent=True)
        if self.engine is None:
            self.start_button.disable()

    @staticmethod
    def _count_w(left_w: int) -> int:
        """The player-count drop-down narrows in a small window, so a whole seed fits beside it."""
        return 120 if left_w >= 360 else 88

    def _option_grid(self, area: pygame.Rect) -> None:
        """The engine's options in two columns below the seats, a page at a
        time when they do not all fit (with ◀ ▶ beside the heading)."""
        col_w = (area.width - 24) // 2
        self._option_rects: list[tuple[pygame.Rect, Any]] = []
        pages = option_pages(list(self.engine.option_specs if self.engine else ()), area.height)
        self.option_page = min(self.option_page, len(pages) - 1)
        y = area.y
        for pair in pages[self.option_page]:
            tall = any(spec.kind != "bool" for spec in pair)
            for k, spec in enumerate(pair):
                rect = pygame.Rect(area.x + k * (col_w + 24), y, col_w, 36)
                self._option_widget(spec, rect, tall)
                self._option_rects.append((pygame.Rect(rect.x, y, col_w, row_height(pair)), spec))
            y += row_height(pair)
        self._page_count = len(pages)
        if len(pages) > 1:
            top = self._options_top - 6
            right = area.right
            self._widget_roles[widgets.button(self.ui, (right - 40, top, 40, 32), "▶",
                                              tooltip="More options")] = ("page", 1)
            self._widget_roles[widgets.button(self.ui, (right - 84, top, 40, 32), "◀",
                                              tooltip="Previous options")] = ("page", -1)

    def _option_widget(self, spec: Any, rect: pygame.Rect, beside_choice: bool = False) -> None:
        """A checkbox or a labelled drop-down; a checkbox beside a drop-down
        lines up with the drop-down's box, not with its label."""
        if spec.kind == "bool":
            top = rect.y + (26 + 7 if beside_choice else 6)
            box = UICheckBox(pygame.Rect(rect.x, top, 24, 24), spec.label, self.ui,
                             initial_state=bool(self.options.get(spec.key)), tool_tip_text=spec.help or None)
            self._widget_roles[box] = ("option", spec)
        else:
            widgets.label(self.ui, (rect.x, rect.y, rect.width, 24), spec.label, "dim")
            choices = [(choice_words(ch), str(ch)) for ch in spec.choices]
            current = str(self.options.get(spec.key, spec.default))
            dd = widgets.drop_down(self.ui, choices, (choice_words(current), current),
                                   (rect.x, rect.y + 26, rect.width, 38))
            self._widget_roles[dd] = ("option", spec)

    def _row_h(self) -> int:
        """The height of a seat's row: compact for five seats or more in a low window."""
        return COMPACT_ROW_H if self.count >= 5 and self.size[1] < COMPACT_BELOW_H else ROW_H

    def _seat_widgets(self, area: pygame.Rect) -> None:
        self._seat_area = area
        name_w = max(160, min(260, area.width - 44 - 170 - 230 - 24))
        row_h = self._row_h()
        tall = row_h - 10  # the widgets' height
        for i in range(self.count):
            s = self.seats[i]
            y = area.y + 40 + i * row_h
            x = area.x + 44
            entry = UITextEntryLine(pygame.Rect(x, y, name_w, tall), self.ui)
            entry.set_text_length_limit(20)
            entry.set_text(s.name)
            self._widget_roles[entry] = ("name", i)
            x += name_w + 12
            colours = [(c.capitalize(), c) for c in theme.seat_order(self.game_id)]
            dd = widgets.drop_down(self.ui, colours, (s.colour.capitalize(), s.colour), (x, y, 160, tall))
            self._widget_roles[dd] = ("colour", i)
            x += 160 + 12
            label = next(t for t, k in KINDS if k == s.kind)
            dd = widgets.drop_down(self.ui, list(KINDS), (label, s.kind), (x, y, 230, tall))
            self._widget_roles[dd] = ("kind", i)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._build()

    # Events --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
        element = getattr(event, "ui_element", None)
        role = self._widget_roles.get(element) if element is not None else None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if element is self.back_button:
                self.app.pop()
                return True
            if element is self.start_button:
                self.start()
                return True
            if role and role[0] == "page":
                self.option_page = (self.option_page + role[1]) % max(1, self._page_count)
                self._build()
                return True
            if role and role[0] == "reseed":
                self.seed_text = str(random_seed())
                self.seed_entry.set_text(self.seed_text)
                return True
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and role:
            self._on_choice(role, event.selected_option_id)
            return True
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED) and role:
            self.options[role[1].key] = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            return True
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and role:
            if role[0] == "name":
                self.seats[role[1]].name = event.text
            elif role[0] == "seed":
                self.seed_text = event.text
            return True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return self.ui.process_events(event)

    def _on_choice(self, role: tuple[str, Any], value: str) -> None:
        kind, arg = role
        if kind == "game" and value != self.game_id:
            try:
                self._set_game(value)
            except MapError as exc:
                self._build()  # the drop-down shows the game still chosen
                self.error = damaged_files_dialog(self.ui, exc)
                return
        elif kind == "count":
            self.count = int(value)
        elif kind == "colour":
            self._pick_colour(arg, value)
        elif kind == "kind":
            seat = self.seats[arg]
            renamed = seat.name.strip() in ("", seat.default_name(arg))
            seat.kind = value
            if renamed:
                seat.name = seat.default_name(arg)
        elif kind == "option":  # keep the engine's own value (drop-downs speak strings)
            self.options[arg.key] = next((c for c in arg.choices if str(c) == value), value)
            return
        self._build()

    def start(self) -> None:
        if self.game_id is None:
            return
        try:
            start_game(self.app, self.game_id, dict(self.options), self.seed(), self.chosen_seats())
        except ImportError as exc:
            self.error = show_error(self.ui, f"This game's screen is not ready yet ({exc}).", "Coming soon")
        except MapError as exc:
            self.error = damaged_files_dialog(self.ui, exc)

    # Drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_cached(surface)
        area = self._seat_area
        row_h = self._row_h()
        for i in range(self.count):
            y = area.y + 40 + i * row_h + (row_h - 10) // 2
            pygame.draw.circle(surface, theme.seat_rgb(self.seats[i].colour), (area.x + 18, y), 13)
            pygame.draw.circle(surface, theme.TEXT, (area.x + 18, y), 13, 2)
        self.ui.draw_ui(surface)
        self._draw_option_help(surface)

    def hovered_option(self) -> Any:
        """The option under the mouse, whose explanation the left column shows."""
        return next((spec for rect, spec in self._option_rects if rect.collidepoint(self._mouse)), None)

    def _draw_option_help(self, surface: pygame.Surface) -> None:
        spec = self.hovered_option()
        if spec is None or not spec.help:
            return
        c = self._content()
        left_w = min(400, c.width // 3)
        box = pygame.Rect(c.x + 12, self._left_bottom + 8, left_w - 32, c.bottom - 12 - self._left_bottom - 8)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=8)
        x, y = box.x + 12, box.y + 10
        theme.draw_text(surface, spec.label, (x, y), 16, theme.ACCENT, True, max_width=box.width - 24)
        y += 26
        for line in theme.wrap_text(spec.help, 15, box.width - 24):
            if y > box.bottom - 20:
                break
            theme.draw_text(surface, line, (x, y), 15, theme.TEXT)
            y += 20

    def _render(self) -> pygame.Surface:
        surf = tile_art.background(self.size)
        c = self._content()
        theme.draw_text(surf, "New game", (c.x, 48), 40, theme.ACCENT, True, "midleft")
        widgets.draw_panel(surf, c)
        left_w = min(400, c.width // 3)
        pygame.draw.line(surf, theme.PANEL_EDGE, (c.x + left_w - 8, c.y + 16), (c.x + left_w - 8, c.bottom - 16))
        x, y = c.x + 24, c.y + 24
        theme.draw_text(surf, "Game", (x, y), 16, theme.TEXT_DIM, True)
        if self.game_id is None:
            theme.draw_text(surf, "No game is ready to play yet.", (x, y + 34), 16, theme.TEXT)
        else:
            for i, line in enumerate(theme.wrap_text(registry.GAMES[self.game_id].blurb, 15, left_w - 48)[:4]):
                theme.draw_text(surf, line, (x, y + 26 + 48 + i * 20), 15, theme.TEXT_DIM)
        y += 26 + 40 + 92
        theme.draw_text(surf, "Players", (x, y), 16, theme.TEXT_DIM, True)
        theme.draw_text(surf, "Seed", (x + self._count_w(left_w) + 20, y), 16, theme.TEXT_DIM, True)
        area = self._seat_area
        theme.draw_text(surf, "Seats", (area.x, area.y), 16, theme.TEXT_DIM, True)
        if self.engine is not None and self.engine.option_specs:
            pages = f"  (page {self.option_page + 1} of {self._page_count})" if self._page_count > 1 else ""
            theme.draw_text(surf, f"Options: point at one to read what it does{pages}", (area.x, self._options_top),
                            16, theme.TEXT_DIM, True)
        y = self._left_bottom + 20
        hints = SETUP_HINTS if self.engine is None or self.engine.has_hidden_information else SETUP_HINTS[:2]
        for hint in hints:
            lines = theme.wrap_text(hint, 14, left_w - 48)
            if y + 19 * len(lines) > c.bottom - 16:  # a small window: only the hints that fit
                break
            for line in lines:
                theme.draw_text(surf, line, (x, y), 14, theme.TEXT_DIM)
                y += 19
            y += 8
        art_h = min(170, c.bottom - 24 - y)
        if self.game_id is not None and art_h >= 60:
            art = widgets.round_corners(tile_art.tile_art(self.game_id, (left_w - 48, art_h)), 10)
            surf.blit(art, (x, c.bottom - 24 - art_h))
        return surf


def row_height(pair: Sequence[Any]) -> int:
    """A row of two options: taller when it holds a labelled drop-down."""
    return 70 if any(spec.kind != "bool" for spec in pair) else 44


def option_pages(specs: list[Any], height: int) -> list[list[list[Any]]]:
    """The options in rows of two, cut into pages of rows that fit `height`."""
    rows = [specs[i:i + 2] for i in range(0, len(specs), 2)]
    pages: list[list[list[Any]]] = [[]]
    used = 0
    for row in rows:
        if pages[-1] and used + row_height(row) > height:
            pages.append([])
            used = 0
        pages[-1].append(row)
        used += row_height(row)
    return pages


def choice_words(value: object) -> str:
    """A choice as a player reads it ("four_cards" → "Four cards", an
    abbreviation "usa" → "USA"); the drop-down still answers with the
    engine's own value."""
    text = str(value).replace("_", " ")
    if text.isalpha() and len(text) <= 3:
        return text.upper()
    return text[:1].upper() + text[1:]
