"""The phase bar across the top of the board: whose turn, which round, and
the seven phases with the current one lit, so a player always sees where
the turn is (and that Event and Upkeep happen by themselves)."""
from __future__ import annotations

from dataclasses import dataclass

from typing import Any

import pygame

from game.regional_rails.state import SETUP_COMPANY, SETUP_START, SETUP_TYCOON, TURN_PHASES

from ui import theme
from ui.regional_rails.pieces import company_colours, seat_colour

RGB = tuple[int, int, int]
BAR_H = 44
LABEL_SIZE = 15  # phase chip text, shrunk down to MIN_SIZE before anything is cut
MIN_SIZE = 11
WHO_SHARE = 0.24  # at most this share of the bar names whose turn it is
WHO_SMALL = 13  # whose turn, in two lines when one line of 16 px does not fit
SETUP_LABELS = {"setup_company": "Pick companies", "setup_start": "Pick start cities",
                "setup_tycoon": "Pick tycoons"}
TURN_LABELS = {"build": "1 Build", "income": "2 Income", "event": "3 Event", "upkeep": "4 Upkeep",
               "dividends": "5 Dividends", "upgrade": "6 Upgrade", "end": "7 End"}


@dataclass(frozen=True)
class PhaseItem:
    key: str
    label: str
    state: str  # "done", "current" or "todo"


@dataclass(frozen=True)
class BarModel:
    """Everything the bar shows, read from the game state by the controller."""

    items: tuple[PhaseItem, ...]
    who: str  # "Round 3 · Red Runner (Ann)"
    colour: RGB


def items_for(phases: tuple[str, ...], labels: dict[str, str], current: str | None) -> tuple[PhaseItem, ...]:
    """Items for a row of phases: those before `current` are done."""
    out, seen = [], current not in phases
    for key in phases:
        if key == current:
            out.append(PhaseItem(key, labels[key], "current"))
            seen = True
        else:
            out.append(PhaseItem(key, labels[key], "todo" if seen else "done"))
    return tuple(out)


SETUP_ROLL = "setup_roll"
SETUP_ROW = (SETUP_ROLL, SETUP_COMPANY, SETUP_START, SETUP_TYCOON)
NEXT_PICK = {"company": SETUP_COMPANY, "start": SETUP_START, "tycoon": SETUP_TYCOON}


def bar_model(state: Any) -> BarModel:
    """The bar for a game state: setup steps during setup, else the seven
    phases of the turn of the railroad that is playing."""
    seat = state.current_player()
    if state.phase in SETUP_ROW:
        current = state.phase if state.phase != SETUP_ROLL else NEXT_PICK.get(state.roll_for)
        keys = (SETUP_COMPANY, SETUP_START) + ((SETUP_TYCOON,) if state.options.get("tycoons") else ())
        items = items_for(keys, SETUP_LABELS, current)
        if state.phase == SETUP_ROLL and state.roll_for == "turn":
            items = tuple(PhaseItem(i.key, i.label, "done") for i in items)
        who = "Setup" + (f" · {state.seats[seat].name}" if seat is not None else "")
        return BarModel(items, who, seat_colour(state, seat))
    if seat is None:
        return BarModel(items_for(TURN_PHASES, TURN_LABELS, None), f"Game over · {state.end_reason}", theme.ACCENT)
    c = state.companies[state.active]
    who = f"Round {state.round} · {c.name} ({state.seats[c.owner].name})"
    return BarModel(items_for(TURN_PHASES, TURN_LABELS, state.phase), who, company_colours(state)[c.index])


def chip_label(item: PhaseItem, width: int) -> tuple[str, int, bool]:
    """Text, font size and boldness of a phase chip `width` pixels wide: the
    whole label if it fits at some size down to MIN_SIZE, else without its
    number and tick (a done chip is shaded anyway), then not bold (the
    current chip is lit anyway), so the phase name is never cut."""
    tick = "✓ " if item.state == "done" else ""
    name = item.label.split(" ", 1)[-1]
    for text, bold in ((tick + item.label, item.state == "current"), (tick + name, item.state == "current"),
                       (name, item.state == "current"), (name, False)):
        for size in range(LABEL_SIZE, MIN_SIZE - 1, -1):
            if theme.font(size, bold).size(text)[0] <= width:
                return text, size, bold
    return name, MIN_SIZE, False


def who_lines(who: str, width: int) -> tuple[list[str], int]:
    """Whose turn in one line of 16 px, else (a long railroad name in a
    narrow window) in two lines split before the owner's name, else three
    (round, railroad, owner), shrinking down to MIN_SIZE, so neither the
    round, the railroad nor its owner is cut."""
    head, sep, owner = who.partition(" (")
    owner = sep.strip() + owner
    rnd, dot, name = head.partition(" · ")
    choices = [([who], range(16, WHO_SMALL - 1, -1)),
               ([head, owner] if sep else [who], range(WHO_SMALL, MIN_SIZE - 1, -1)),
               ([rnd, name, owner] if dot and sep else [who], range(WHO_SMALL, MIN_SIZE - 1, -1))]
    for lines, sizes in choices:
        for size in sizes:
            if all(theme.font(size, True).size(line)[0] <= width for line in lines):
                return lines, size
    return choices[-1][0], MIN_SIZE


def bar_rect(viewport: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(viewport.x, viewport.y, viewport.width, BAR_H)


def draw_phase_bar(surface: pygame.Surface, rect: pygame.Rect, model: BarModel) -> list[pygame.Rect]:
    """Draw the bar; returns the rect of each phase chip (same order as items)."""
    pygame.draw.rect(surface, (30, 26, 22), rect)
    pygame.draw.line(surface, theme.PANEL_EDGE, rect.bottomleft, rect.bottomright)
    pygame.draw.circle(surface, model.colour, (rect.x + 18, rect.centery), 8)
    pygame.draw.circle(surface, theme.TEXT_DIM, (rect.x + 18, rect.centery), 8, 1)  # a black railroad shows too
    who_w = min(460, theme.font(16, True).size(model.who)[0] + 48, int(rect.width * WHO_SHARE))
    lines, size = who_lines(model.who, who_w - 36)
    step = size + (3 if len(lines) < 3 else 1)
    top = rect.centery - len(lines) * step // 2
    for k, line in enumerate(lines):
        theme.draw_text(surface, line, (rect.x + 32, top + k * step), size, theme.TEXT, bold=True,
                        max_width=who_w - 36)
    x = rect.x + who_w
    n = max(1, len(model.items))
    chip_w = min(150, (rect.right - x - 8) // n - 6)
    chips = []
    for item in model.items:
        chip = pygame.Rect(x, rect.y + 7, chip_w, rect.height - 14)
        if item.state == "current":
            pygame.draw.rect(surface, theme.ACCENT, chip, border_radius=6)
            colour: RGB = (26, 22, 18)
        elif item.state == "done":
            pygame.draw.rect(surface, (58, 50, 42), chip, border_radius=6)
            colour = theme.TEXT_DIM
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, chip, 1, border_radius=6)
            colour = theme.TEXT
        text, size, bold = chip_label(item, chip.w - 8)
        theme.draw_text(surface, text, chip.center, size, colour, bold=bold, anchor="center", max_width=chip.w - 8)
        chips.append(chip)
        x += chip_w + 6
    return chips
