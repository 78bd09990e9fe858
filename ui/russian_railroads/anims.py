"""Engine events -> tweens. Round scoring plays step by step: all players'
points of the main railroad rise together, then each other railroad's, then
industry, in the order the engine scored them."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.russian_railroads import events as E
from game.russian_railroads.data import Data, load
from ui import theme
from ui.animation import AnimationQueue, FloatText, Pulse, Tween, ease_out
from ui.russian_railroads import geometry as g
from ui.russian_railroads import look
from ui.russian_railroads.places import space_rects

SCORING_STEP = 0.9  # seconds each railroad's points stay rising during round scoring


def _centre(r: g.WRect) -> tuple[float, float]:
    return (r[0] + r[2] / 2, r[1] + r[3] / 2)


def part_name(data: Data, part: str) -> str:
    """A scored part's name: a railroad of the board, or the industry track."""
    return data.railroad(part).name if part in data.railroad_by_id else part.capitalize()


def animate(events: list[Any], queue: AnimationQueue, mode: str, frames: dict[int, g.Frame],
            colour_of: Callable[[int], tuple[int, int, int]], data: Data | None = None) -> None:
    """Queue the tweens for `events`; `data` is the game's board (the base
    game's when not given)."""
    data = data if data is not None else load()
    rects = space_rects(data, mode)
    scoring: dict[str, list[Any]] = {}
    for ev in events:
        seat = getattr(ev, "seat", None)
        f = frames.get(seat) if seat is not None else None
        if isinstance(ev, E.WorkerPlaced) and ev.space in rects:
            queue.push(Pulse(_centre(rects[ev.space]), 60, colour_of(ev.seat), 0.45))
        elif isinstance(ev, E.EmilAction) and ev.space in rects:
            queue.push(Pulse(_centre(rects[ev.space]), 60, look.EMIL_RGB, 0.5))
            queue.push(Badge(_centre(rects[ev.space]), "Emil", 22, 0.8, (230, 230, 230), parallel=True))
        elif isinstance(ev, E.TrackAdvanced) and f is not None:
            r = f.rect(g.space_rect(data, ev.railroad, min(ev.space, data.railroad(ev.railroad).length)))
            queue.push(Pulse(_centre(r), f.s(34), look.TRACK_RGB.get(ev.colour, (255, 255, 255)), 0.3))
        elif isinstance(ev, E.LocomotivePlaced) and f is not None:
            queue.push(Pulse(_centre(f.rect(g.loco_slot_rect(data, ev.railroad, 0))), f.s(50), (90, 200, 255), 0.4))
        elif isinstance(ev, E.RoundScored) and f is not None:
            scoring.setdefault(ev.part, []).append((ev, f))
        elif isinstance(ev, (E.PointsScored, E.Passed, E.FinalBonus)) and f is not None and ev.points:
            queue.push(FloatText(f.pt(g.PB_W * 0.35, g.HEADER_H / 2 + 30), f"+{ev.points}", look.USABLE, 0.8))
    for part, group in scoring.items():
        title = f"Round {group[0][0].round} scoring: {part_name(data, part)}"
        queue.push(Badge((g.AB_W / 2, g.ROW_B_Y - 30), title, 30, SCORING_STEP))
        for ev, f in group:
            queue.push(_scoring_text(data, ev, f))


class Badge(Tween):
    """Text on a dark rounded plate, rising a little and fading at the end:
    readable over any board colour."""

    RISE = 26.0

    def __init__(self, pos: tuple[float, float], text: str, size: int, duration: float,
                 colour: tuple[int, int, int] = look.USABLE, *, parallel: bool = False) -> None:
        super().__init__(duration, parallel=parallel)
        self.pos, self.text, self.size, self.colour = pos, text, size, colour

    def draw(self, surface: pygame.Surface, camera) -> None:
        x, y = camera.world_to_screen(self.pos)
        label = theme.text_surface(self.text, self.size, self.colour, True)
        plate = pygame.Surface((label.get_width() + 24, label.get_height() + 10), pygame.SRCALPHA)
        pygame.draw.rect(plate, (24, 18, 14, 225), plate.get_rect(), border_radius=10)
        pygame.draw.rect(plate, (*self.colour, 255), plate.get_rect(), 2, border_radius=10)
        plate.blit(label, (12, 5))
        fade = 1.0 if self.t < 0.75 else max(0.0, (1 - self.t) / 0.25)
        plate.set_alpha(int(255 * fade))
        surface.blit(plate, plate.get_rect(center=(int(x), int(y - self.RISE * ease_out(self.t)))))


def _scoring_text(data: Data, ev: Any, f: g.Frame) -> "Badge":
    if ev.part == "industry":
        pos = f.pt(g.IND_X + 400, g.IND_Y + g.IND_H / 2)
    else:
        r = g.rail_rect(data, ev.part)
        pos = f.pt(r[0] + r[2] / 2, r[1] + r[3] / 2)
    size = 28 if f.scale == 1.0 else 18
    return Badge(pos, f"+{ev.points} {part_name(data, ev.part)}", size, SCORING_STEP, parallel=True)
