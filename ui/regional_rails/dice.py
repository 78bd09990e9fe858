"""Dice drawing and the short roll animation (a tween on the shell's queue).

The roll itself already happened in the engine (seeded Rng, logged); the
tween only tumbles faces for a moment and then shows the real result, drawn
in screen space at the top of the board so it never hides what is built.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui import theme
from ui.animation import Tween

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
DOCK_WIDTH = 424  # board pixels on the right kept for the docked dialog (dialogs.py)
TUMBLE = 0.45  # seconds of tumbling faces before the real result shows
HOLD = 0.9  # seconds the result stays up


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int, tilt: float = 0.0) -> None:
    """One white die with pips; `tilt` (degrees) for the tumbling look."""
    face = pygame.Surface(rect.size, pygame.SRCALPHA)
    r = face.get_rect()
    pygame.draw.rect(face, (250, 248, 240), r, border_radius=max(3, r.w // 6))
    pygame.draw.rect(face, (40, 36, 32), r, 2, border_radius=max(3, r.w // 6))
    dot = max(2, r.w // 10)
    for fx, fy in PIPS.get(value, ()):
        pygame.draw.circle(face, (30, 28, 26), (int(fx * r.w), int(fy * r.h)), dot)
    if tilt:
        face = pygame.transform.rotate(face, tilt)
    surface.blit(face, face.get_rect(center=rect.center))


@dataclass(frozen=True)
class Roll:
    """One roll to show: who or what it is for, the dice, the modifier."""

    label: str
    dice: tuple[int, ...]
    modifier: int = 0

    @property
    def total(self) -> int:
        return sum(self.dice) + self.modifier

    def tail(self) -> str:
        if self.modifier:
            sign = "+" if self.modifier > 0 else "−"
            return f"{sign}{abs(self.modifier)} = {self.total}"
        return f"= {self.total}" if len(self.dice) > 1 else ""


def draw_dice_panel(surface: pygame.Surface, centre: tuple[int, int], title: str, rolls: list[Roll],
                    size: int = 40, tumble_step: int | None = None) -> pygame.Rect:
    """A panel with a title line and the rolls side by side; while
    `tumble_step` is set the faces are random-looking and tilted."""
    gap = 8
    widths = []
    for roll in rolls:
        w = theme.font(16, True).size(roll.label)[0] + 10 + len(roll.dice) * (size + gap)
        if tumble_step is None and roll.tail():
            w += theme.font(18, True).size(roll.tail())[0] + 8
        widths.append(w)
    w = max(theme.font(18, True).size(title)[0], sum(widths) + 28 * (len(rolls) - 1)) + 32
    box = pygame.Rect(0, 0, w, size + 52)
    box.center = centre
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=10)
    theme.draw_text(surface, title, (box.centerx, box.y + 8), 18, theme.ACCENT, bold=True, anchor="midtop")
    x, y = box.x + 16, box.y + 38
    for k, roll in enumerate(rolls):
        r = theme.draw_text(surface, roll.label, (x, y + size // 2), 16, theme.TEXT, bold=True, anchor="midleft")
        x = r.right + 10
        for i, v in enumerate(roll.dice):
            face, tilt = v, 0.0
            if tumble_step is not None:
                face = (v + tumble_step * (i + k + 2)) % 6 + 1
                tilt = ((tumble_step + i) % 3 - 1) * 14
            draw_die(surface, pygame.Rect(x, y, size, size), face, tilt)
            x += size + gap
        if tumble_step is None and roll.tail():
            r = theme.draw_text(surface, roll.tail(), (x, y + size // 2), 18, theme.ACCENT, bold=True,
                                anchor="midleft")
            x = r.right + 8
        x += 28
    return box


class DiceRoll(Tween):
    """Tumbling dice that land on the real result of one or more rolls."""

    def __init__(self, title: str, rolls: list[Roll], *, parallel: bool = False) -> None:
        super().__init__(TUMBLE + HOLD, parallel=parallel)
        self.title = title
        self.rolls = list(rolls)

    def draw(self, surface: pygame.Surface, camera) -> None:
        vp = camera.viewport
        centre = (vp.x + max(vp.w - DOCK_WIDTH, vp.w // 2) // 2, vp.top + 100)
        step = int(self.elapsed * 30) if self.elapsed < TUMBLE else None
        draw_dice_panel(surface, centre, self.title, self.rolls, tumble_step=step)
