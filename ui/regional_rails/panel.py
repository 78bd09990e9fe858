"""The Regional Rails part of the side panel: one block per railroad (money,
Train Level, markers and stations left, obsolescence, VP for its owner
only), the viewer's secret development markers as clickable chips, and the
income the active railroad would earn now.

`PanelModel` is built from the state by :func:`panel_model` (hiding what the
viewer may not see), then drawn; the chip rects come back for clicks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.regional_rails.data import DevelopmentKind, rules

from ui import theme
from ui.regional_rails.pieces import company_colours, seat_colour_keys

RGB = tuple[int, int, int]
ROW_H = 64
PLACE_HINT = "Click a marker to place it on a town or city."
CHIP_H = 28


@dataclass
class CompanyRow:
    name: str
    owner: str
    colour: RGB
    line: str  # "12 MB · Train Level 2 · 38 rail · 4 stations"
    vp: str  # "23 VP" for the viewer's own railroads and at the end, else "VP hidden"
    active: bool = False
    note: str = ""  # tycoon, extra railroad


@dataclass
class PanelModel:
    rows: list[CompanyRow] = field(default_factory=list)
    hand_title: str = ""
    hand: list[str] = field(default_factory=list)  # development kinds the viewer holds
    selected: str | None = None
    selected_text: str = ""
    income: str = ""
    interactive: bool = True  # chips can be clicked (not after the game)


def describe_kind(k: DevelopmentKind) -> str:
    """A development marker's placement condition in words."""
    place = k.place
    words = []
    if k.coastal is True:
        words.append(f"coastal {place}")
    elif k.coastal is False:
        words.append(f"{place} away from the sea")
    else:
        words.append(place)
    if k.on:
        words.append(f"in a {k.on} hex")
    near = []
    if k.rivers == 1:
        near.append("a river")
    for what, n in k.near.items():
        if what == "sea":
            continue
        label = {"town": "towns", "plains": "plains"}.get(what, what + "s" if n > 1 else what)
        near.append(f"{n} {label}" if n > 1 else ("plains" if what == "plains" else f"a {what}"))
    if near:
        words.append("next to " + " and ".join(near))
    if k.rivers > 1:
        words.append(f"with a river on {k.rivers} or more sides")
    if "sea" in k.near:
        words.append(f"with sea on {k.near['sea']} or more sides")
    return " ".join(words)


def panel_model(state: Any, viewer: int | None, reveal: bool, selected: str | None,
                spots: int, income: tuple[int, list[str]] | None, narrow: bool = False) -> PanelModel:
    colours = company_colours(state)
    colours_by_seat = [theme.SEAT_COLOURS[k] for k in seat_colour_keys(state.seats)]
    order = list(state.turn_order) or [c.index for c in state.companies]
    model = PanelModel()
    for i in order:
        c = state.companies[i]
        seat = state.seats[c.owner]
        mine = reveal or c.owner == viewer
        level = f"TL {c.train_level}" if narrow else f"Train Level {c.train_level}"
        line = (f"{c.money} MB · {level} · {c.rail_left} RM · "
                f"{c.stations_left} SM · {len(c.developments)} DM")
        if c.obsolescence:
            line += f" · {c.obsolescence} obs."
        notes = [n for n in (state.tycoons[c.owner] if state.tycoons else None,
                             "additional railroad" if c.extra else None) if n]
        model.rows.append(CompanyRow(c.name, seat.name, colours[i], line,
                                     f"{c.vp} VP" if mine else "VP hidden", i == state.active,
                                     " · ".join(notes)))
    named = {c.owner for c in state.companies}
    for seat, s in enumerate(state.seats):
        if seat not in named:
            model.rows.append(CompanyRow("No company yet", s.name, colours_by_seat[seat], "picks during setup",
                                         "", seat == state.current_player()))
    if viewer is not None:
        hand = sorted(k for c in state.companies if c.owner == viewer for k in c.developments)
        model.hand = hand
        model.hand_title = f"Secret development markers ({len(hand)})"
        if reveal:
            model.hand_title = f"Development markers never placed ({len(hand)})"
            model.interactive = False
        if selected is not None and selected in hand:
            model.selected = selected
            kind = describe_kind(rules().development(selected))
            where = (f"Click one of the {spots} highlighted places." if spots
                     else "No free town or city fits it right now.")
            model.selected_text = f"{selected}: goes on a {kind}. {where}"
    if income is not None:
        model.income = f"Income if collected now: {income[0]} MB"
    return model


@dataclass
class PanelHits:
    chips: list[tuple[str, pygame.Rect]] = field(default_factory=list)


def _chip_width(kind: str) -> int:
    return theme.font(14, True).size(kind)[0] + 20


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, model: PanelModel) -> PanelHits:
    hits = PanelHits()
    y = rect.y + 10
    for row in model.rows:
        _draw_row(surface, pygame.Rect(rect.x + 8, y, rect.w - 16, ROW_H - 6), row)
        y += ROW_H
    if model.hand_title:
        y += 4
        theme.draw_text(surface, model.hand_title, (rect.x + 12, y), 15, theme.ACCENT, bold=True,
                        max_width=rect.w - 24)
        y += 26
        x = rect.x + 12
        for kind in model.hand:
            w = _chip_width(kind)
            if x > rect.x + 12 and x + w > rect.right - 12:
                x, y = rect.x + 12, y + CHIP_H + 6
            chip = pygame.Rect(x, y, w, CHIP_H)
            selected = kind == model.selected
            pygame.draw.rect(surface, (250, 206, 80) if selected else (74, 62, 48), chip, border_radius=14)
            pygame.draw.rect(surface, theme.HIGHLIGHT if selected else (250, 206, 80), chip, 1, border_radius=14)
            theme.draw_text(surface, kind, chip.center, 14, (26, 22, 18) if selected else theme.TEXT, bold=True,
                            anchor="center")
            if model.interactive:
                hits.chips.append((kind, chip))
            x += w + 6
        y += (CHIP_H + 6 if model.hand else 0) + 4
        if model.selected_text:
            for line in theme.wrap_text(model.selected_text, 14, rect.w - 24):
                theme.draw_text(surface, line, (rect.x + 12, y), 14, theme.TEXT)
                y += 20
        elif model.hand and model.interactive:
            for line in theme.wrap_text(PLACE_HINT, 14, rect.w - 24):
                theme.draw_text(surface, line, (rect.x + 12, y), 14, theme.TEXT_DIM)
                y += 20
    if model.income:
        theme.draw_text(surface, model.income, (rect.x + 12, y + 4), 15, theme.GOOD, bold=True,
                        max_width=rect.w - 24)
    return hits


def _draw_row(surface: pygame.Surface, r: pygame.Rect, row: CompanyRow) -> None:
    """Three lines: railroad and VP; owner and tycoon; money and supplies."""
    fill = (70, 58, 44) if row.active else (56, 48, 40)
    pygame.draw.rect(surface, fill, r, border_radius=6)
    if row.active:
        pygame.draw.rect(surface, theme.ACCENT, r, 2, border_radius=6)
    pygame.draw.rect(surface, row.colour, (r.x, r.y, 8, r.h), border_top_left_radius=6,
                     border_bottom_left_radius=6)
    vp_w = theme.font(14, True).size(row.vp)[0]
    theme.draw_text(surface, row.name, (r.x + 16, r.y + 4), 15, theme.TEXT, bold=True,
                    max_width=r.w - vp_w - 36)
    theme.draw_text(surface, row.vp, (r.right - 8, r.y + 5), 14, theme.ACCENT if "hidden" not in row.vp
                    else theme.TEXT_DIM, bold=True, anchor="topright")
    who = row.owner + (f" · {row.note}" if row.note else "")
    theme.draw_text(surface, who, (r.x + 16, r.y + 23), 13, theme.TEXT_DIM, max_width=r.w - 24)
    theme.draw_text(surface, row.line, (r.x + 16, r.y + 39), 13, theme.TEXT, max_width=r.w - 24)
