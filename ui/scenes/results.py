"""End of game: winners (shared on ties), each player's score breakdown, and a
chart of the controller's `chart_value` over the game, sampled by replaying the
action log on a fresh state (so loaded games get a full chart too)."""
from __future__ import annotations

import math
import threading
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.core.session import Session
from game.core.words import counted
from ui import theme, widgets
from ui.records import outcome_text, record_game
from ui.scene import Scene
from ui.scenes.launch import random_seed, start_game

if TYPE_CHECKING:
    from ui.app import App
    from ui.game_scene import GameController

MAX_SAMPLES = 240  # points per line on the chart


def sample_chart(session: Session, controller: "GameController") -> list[list[float]]:
    """Per seat, the chart value after every k-th action (k keeps it under MAX_SAMPLES)."""
    n = len(session.actions)
    stride = max(1, -(-n // MAX_SAMPLES))
    state = session.engine.new_game(session.options, session.seed, session.seats)
    seats = range(len(session.seats))
    series = [[controller.chart_value(state, s)] for s in seats]
    for i, action in enumerate(session.actions, start=1):
        state.apply(action)
        if i % stride == 0 or i == n:
            for s in seats:
                series[s].append(float(controller.chart_value(state, s)))
    return series


def winners_text(session: Session) -> str:
    """The results headline; a solo game has nobody to beat, so it names the score."""
    if len(session.seats) == 1:
        total = session.state.scores()[0].total
        return f"{session.seats[0].name} finishes with {counted(total, 'point')}"
    names = [session.seats[i].name for i in session.state.winners()]
    if not names:
        return "The game is over."
    if len(names) == 1:
        return f"{names[0]} wins!"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win!"


CHART_MIN_H = 150  # the chart's least height (legend, axis and lines) when the table needs the rest
COMPACT_ROW_H = 28  # the smallest row holding a name (15 px) over its detail (12 px)


class ResultsScene(Scene):
    """The chart replays the whole game, so by default it is sampled in a
    background thread and drawn when ready; the scores show at once."""

    def __init__(self, app: "App", session: Session, controller: "GameController",
                 chart_in_background: bool = True) -> None:
        super().__init__(app)
        self.session = session
        self.controller = controller
        self.series: list[list[float]] | None = None
        self.chart_failed = False
        self._cache: pygame.Surface | None = None
        self.record_lines = self._record()
        self.chart_thread = threading.Thread(target=self._sample, name="results-chart", daemon=True)
        if chart_in_background:
            self.chart_thread.start()
        else:
            self._sample()
        self._build()

    def _record(self) -> list[str]:
        """Add the game to the personal records; a records file that cannot
        be written costs the lines about it, never the results."""
        try:
            return outcome_text(record_game(self.app.paths.records_file, self.session))
        except Exception:
            return []

    def _sample(self) -> None:
        try:
            self.series = sample_chart(self.session, self.controller)
        except Exception:  # a chart is a nicety: never let it block the results
            self.chart_failed = True
        self._cache = None

    @property
    def chart_pending(self) -> bool:
        return self.series is None and not self.chart_failed

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self._cache = None
        w, h = self.size
        bw, gap = 200, 16
        x = w // 2 - (4 * bw + 3 * gap) // 2
        y = h - 76
        self.board_button = widgets.button(self.ui, (x, y, bw, 48), "Look at the board")
        self.replay_button = widgets.button(self.ui, (x + bw + gap, y, bw, 48), "Replay",
                                            tooltip="Step through the whole game move by move, all cards shown")
        self.again_button = widgets.button(self.ui, (x + 2 * (bw + gap), y, bw, 48), "Play again", accent=True,
                                           tooltip="Same players and options, a new seed")
        self.menu_button = widgets.button(self.ui, (x + 3 * (bw + gap), y, bw, 48), "Main menu")

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._build()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            actions = {self.board_button: self.app.pop, self.menu_button: self.app.back_to_menu,
                       self.again_button: self._play_again, self.replay_button: self._replay}
            if event.ui_element in actions:
                actions[event.ui_element]()
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return self.ui.process_events(event)

    def _replay(self) -> None:
        from ui.scenes.replay import ReplayScene

        self.app.push(ReplayScene(self.app, self.session, type(self.controller)))

    def _play_again(self) -> None:
        s = self.session
        start_game(self.app, s.game_id, s.options, random_seed(), s.seats, engine=s.engine,
                   controller_cls=type(self.controller))

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_cached(surface)
        self.ui.draw_ui(surface)

    # Static rendering (cached) ---------------------------------------------------

    def _render(self) -> pygame.Surface:
        w, h = self.size
        surf = widgets.vertical_gradient((w, h), (46, 38, 31), theme.BG_DEEP)
        theme.draw_text(surf, winners_text(self.session), (w // 2, 28), 40, theme.ACCENT, True, "midtop", w - 60)
        theme.draw_text(surf, f"{self.session.engine.title} · {len(self.session.actions)} moves · "
                        f"seed {self.session.seed}", (w // 2, 84), 16, theme.TEXT_DIM, anchor="midtop")
        for i, line in enumerate(self.record_lines):
            colour = theme.GOOD if line.startswith("New personal best") else theme.TEXT
            theme.draw_text(surf, line, (w // 2, 110 + 22 * i), 16, colour, i == 0, "midtop", w - 80)
        top = 120 + 22 * len(self.record_lines)
        content = pygame.Rect(40, top, w - 80, h - top - 96)
        table_h = min(60 + 40 * len(self.session.seats),  # rows 40 high when the chart keeps its least height
                      max(content.height // 2, content.height - 20 - CHART_MIN_H))
        self._draw_table(surf, pygame.Rect(content.x, content.y, content.width, table_h))
        chart = pygame.Rect(content.x, content.y + table_h + 20, content.width, content.height - table_h - 20)
        self._draw_chart(surf, chart)
        return surf

    def _draw_table(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        widgets.draw_panel(surf, rect)
        scores = self.session.state.scores()
        winners = set(self.session.state.winners())
        parts: list[str] = []
        for sc in scores:
            parts.extend(k for k in sc.parts if k not in parts)
        name_w = min(230, rect.width // 6)
        cols = len(parts) + 1
        col_w = (rect.width - name_w - 40) / max(1, cols)
        row_h = min(40, (rect.height - 50) // max(1, len(scores)))
        y = rect.y + 14
        for j, key in enumerate([*parts, "Total"]):
            cx = rect.x + 20 + name_w + col_w * (j + 0.5)
            size, lines = header_lines(key[:1].upper() + key[1:], int(col_w) - 6)  # "cash" heads as "Cash"
            for k, line in enumerate(lines):
                theme.draw_text(surf, line, (cx, y + (size + 2) * k - (size // 2) * (len(lines) - 1)), size,
                                theme.TEXT_DIM, True, "midtop", int(col_w) - 4)
        y += 34
        for row, i in enumerate(self.session.state.placings()):
            sc = scores[i]
            seat = self.session.seats[i]
            ry = y + row * row_h
            if i in winners:
                pygame.draw.rect(surf, (74, 60, 38), (rect.x + 8, ry - 4, rect.width - 16, row_h - 2),
                                 border_radius=6)
            pygame.draw.circle(surf, theme.seat_rgb(seat), (rect.x + 30, ry + row_h // 2 - 3), 9)
            label = seat.name + ("  ★" if i in winners else "")
            detail = seat_detail(seat, self.session.hints[i])
            mid = ry + row_h // 2 - 3
            if row_h >= 36:  # the level or hints on a second, smaller line
                theme.draw_text(surf, label, (rect.x + 48, mid - 8), 17, theme.TEXT, True, "midleft", name_w - 30)
                theme.draw_text(surf, detail, (rect.x + 48, mid + 10), 13, theme.TEXT_DIM, False, "midleft",
                                name_w - 30)
            elif row_h >= COMPACT_ROW_H:  # six players in a low window: the same two lines, smaller
                theme.draw_text(surf, label, (rect.x + 48, mid - 7), 15, theme.TEXT, True, "midleft", name_w - 30)
                theme.draw_text(surf, detail, (rect.x + 48, mid + 8), 12, theme.TEXT_DIM, False, "midleft",
                                name_w - 30)
            else:
                theme.draw_text(surf, f"{label} · {detail}", (rect.x + 48, mid), 15, theme.TEXT, True,
                                "midleft", name_w - 30)
            values = [sc.parts.get(k, 0) for k in parts] + [sc.total]
            for j, v in enumerate(values):
                cx = rect.x + 20 + name_w + col_w * (j + 0.5)
                bold = j == len(values) - 1
                theme.draw_text(surf, str(v), (cx, ry + row_h // 2 - 3), 18,
                                theme.HIGHLIGHT if bold else theme.TEXT, bold, "center")

    def _draw_chart(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        widgets.draw_panel(surf, rect)
        label = getattr(self.controller, "chart_label", "Score")
        theme.draw_text(surf, f"{label} over the game", (rect.x + 16, rect.y + 10), 16, theme.TEXT_DIM, True)
        if not self.series or rect.height < 80:
            note = "Drawing the chart…" if self.chart_pending else "No chart for this game."
            theme.draw_text(surf, note, rect.center, 16, theme.TEXT_DIM, anchor="center")
            return
        plot = pygame.Rect(rect.x + 70, rect.y + 40, rect.width - 100, rect.height - 76)
        lo = min(min(s) for s in self.series)
        hi = max(max(s) for s in self.series)
        ticks = nice_ticks(min(lo, 0.0), hi)
        lo, hi = ticks[0], ticks[-1]
        for v in ticks:
            y = plot.bottom - plot.height * (v - lo) / (hi - lo)
            pygame.draw.line(surf, (70, 60, 50), (plot.x, y), (plot.right, y))
            theme.draw_text(surf, _fmt(v), (plot.x - 8, y), 13, theme.TEXT_DIM, anchor="midright")
        theme.draw_text(surf, "start", (plot.x, plot.bottom + 6), 13, theme.TEXT_DIM)
        theme.draw_text(surf, "end", (plot.right, plot.bottom + 6), 13, theme.TEXT_DIM, anchor="topright")
        for seat, values in zip(self.session.seats, self.series):
            pts = [(plot.x + plot.width * i / max(1, len(values) - 1),
                    plot.bottom - plot.height * (v - lo) / (hi - lo)) for i, v in enumerate(values)]
            if len(pts) >= 2:
                pygame.draw.lines(surf, theme.seat_rgb(seat), False, pts, 4)
        x = rect.right - 16
        for seat in reversed(self.session.seats):
            r = theme.draw_text(surf, seat.name, (x, rect.y + 20), 14, theme.TEXT, anchor="midright")
            pygame.draw.line(surf, theme.seat_rgb(seat), (r.x - 28, r.centery), (r.x - 8, r.centery), 4)
            x = r.x - 44


def nice_ticks(lo: float, hi: float, target: int = 4) -> list[float]:
    """Round axis values (steps of 1, 2, 2.5 or 5 times a power of ten) from
    at or below `lo` to at or above `hi`, about `target` steps apart."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / target
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first, last = math.floor(lo / step), math.ceil(hi / step)
    return [k * step for k in range(first, last + 1)]


def _fmt(v: Any) -> str:
    return f"{v:.0f}" if abs(v) >= 10 or float(v).is_integer() else f"{v:.1f}"


def header_lines(text: str, width: int) -> tuple[int, list[str]]:
    """A column header in at most three whole lines: the largest readable
    size (14 down to 11 px) at which no word is cut; hyphenated names
    ("Trans-Siberian") may break after the hyphen."""
    words = text.replace("-", "- ").split(" ")
    for size in range(14, 10, -1):
        f = theme.font(size, True)
        lines = theme.wrap_text(text, size, width, bold=True)
        if len(lines) > 3 or any(f.size(line)[0] > width for line in lines):
            lines = [ln.replace("- ", "-") for ln in theme.wrap_text(" ".join(words), size, width, bold=True)]
        if len(lines) <= 3 and all(f.size(line)[0] <= width for line in lines):
            return size, lines
    return 11, theme.wrap_text(text, 11, width, bold=True)[:3]


def seat_detail(seat: Any, hints: int) -> str:
    """Under a name on the results table: a computer player's level, or how
    many hints a person used."""
    if seat.is_computer:
        return f"computer, {seat.difficulty}"
    return f"{counted(hints, 'hint')} used" if hints else "no hints used"
