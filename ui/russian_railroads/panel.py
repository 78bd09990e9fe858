"""The game-specific top of the side panel: what to do now (with the few
buttons a turn needs: Pass, Skip, toggles) and the score table, each score
with its live board value (click a row for the breakdown)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ui import theme
from ui.russian_railroads.choices import Button, Choices

PAD = 12
PROMPT_SIZE = 16
BUTTON_H = 34
ROW_H = 34


@dataclass(frozen=True)
class Hit:
    rect: pygame.Rect
    kind: str          # "button" or "row"
    button: Button | None = None
    seat: int = -1


def prompt_lines(text: str, width: int) -> list[str]:
    return theme.wrap_text(text, PROMPT_SIZE, width - 2 * PAD)


PROMPT_LINES = 4   # room kept for the prompt, so the panel (and the log under it) never jumps
BUTTON_ROOM = 3


def panel_height(n_rows: int) -> int:
    return (PAD + 22 + PROMPT_LINES * 21 + 8 + BUTTON_ROOM * (BUTTON_H + 6) + 14 + 24
            + n_rows * ROW_H + PAD)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, choices: Choices, rows: list[dict[str, Any]],
               mouse: tuple[int, int]) -> list[Hit]:
    """Draw the panel; returns the clickable regions."""
    hits: list[Hit] = []
    x, y, w = rect.x + PAD, rect.y + PAD, rect.width - 2 * PAD
    theme.draw_text(surface, "What to do", (x, y), 15, theme.ACCENT, True)
    y += 22
    for line in prompt_lines(choices.prompt, rect.width)[:PROMPT_LINES + BUTTON_ROOM - len(choices.buttons)]:
        theme.draw_text(surface, line, (x, y), PROMPT_SIZE, theme.TEXT)
        y += 21
    y += 8
    for b in choices.buttons:
        r = pygame.Rect(x, y, w, BUTTON_H)
        hover = r.collidepoint(mouse)
        fill: tuple[int, ...] = (176, 118, 38) if b.action is not None else (70, 58, 46)
        if hover:
            fill = tuple(min(255, c + 30) for c in fill)
        pygame.draw.rect(surface, fill, r, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, r, 1, border_radius=6)
        ink = (26, 22, 18) if b.action is not None else theme.TEXT
        theme.draw_text(surface, b.label, r.center, 16, ink, True, "center", max_width=w - 12)
        hits.append(Hit(r, "button", b))
        y += BUTTON_H + 6
    y += 14
    theme.draw_text(surface, "Score (+ board value now)", (x, y), 14, theme.TEXT_DIM, True,
                    max_width=w)
    y += 24
    for row in rows:
        r = pygame.Rect(x, y, w, ROW_H - 4)
        hover = r.collidepoint(mouse)
        pygame.draw.rect(surface, (70, 60, 50) if hover else (58, 50, 42), r, border_radius=6)
        if row.get("turn"):
            pygame.draw.rect(surface, theme.HIGHLIGHT, r, 2, border_radius=6)
        pygame.draw.circle(surface, row["colour"], (r.x + 14, r.centery), 8)
        theme.draw_text(surface, row["name"], (r.x + 28, r.centery), 16, theme.TEXT, True, "midleft",
                        max_width=w - 140)
        theme.draw_text(surface, f"{row['score']}", (r.right - 64, r.centery), 17, theme.TEXT, True, "midright")
        theme.draw_text(surface, f"(+{row['value']})", (r.right - 58, r.centery), 15, theme.GOOD, False, "midleft")
        hits.append(Hit(r, "row", seat=row["seat"]))
        y += ROW_H
    return hits
