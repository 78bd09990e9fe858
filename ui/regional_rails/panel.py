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
TIGHT_ROW_H = 56  # the same three lines closer together, when the panel is short
SNUG_ROW_H = 48   # closer still
COMPACT_ROW_H = 40  # two lines (the owner joins the supplies when room): six railroads and four markers at 1024x600
ROW_HEIGHTS = (ROW_H, TIGHT_ROW_H, SNUG_ROW_H, COMPACT_ROW_H)
ROW_GAP = 6  # pixels between two rows
THREE_LINES_H = 50  # a row this high holds the name (18 px) over two lines of 16 px
COMPACT_GAP = 4  # between the most compact rows, whose two lines need the 36 px left
PLACE_HINT = "Click a marker to place it on a town or city."
CHIP_H = 28
EXPLAIN_SIZE = 13


@dataclass
class CompanyRow:
    name: str
    owner: str
    colour: RGB
    line: str  # "12 MB · Train Level 2 · 38 rail · 4 stations"
    seat_colour: RGB  # the owner's colour (the dot beside whose turn it is in the top bar)
    vp: str  # "23 VP" for the viewer's own railroads and at the end, else "VP hidden"
    active: bool = False
    note: str = ""  # tycoon, extra railroad
    explain: str = ""  # `line` in full words, shown while the pointer is on the row


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
    legend = ("Colours: the bar on the left is the railroad's own colour (its track on the map); "
              "the dot before {owner} is {owner}'s seat colour, shown beside whose turn it is")
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
        explain = (legend.format(owner=seat.name) + " · "
                   f"{c.money} MB: Money Bags · TL {c.train_level}: Train Level · {c.rail_left} RM: "
                   f"Rail Markers left · {c.stations_left} SM: Station Markers left · "
                   f"{len(c.developments)} DM: Development Markers not yet placed")
        if c.obsolescence:
            explain += f" · {c.obsolescence} obs.: Obsolescence Tokens (1 MB less income each)"
        notes = [n for n in (state.tycoons[c.owner] if state.tycoons else None,
                             "additional railroad" if c.extra else None) if n]
        model.rows.append(CompanyRow(c.name, seat.name, colours[i], line, colours_by_seat[c.owner],
                                     f"{c.vp} VP" if mine else "VP hidden", i == state.active,
                                     " · ".join(notes), explain))
    named = {c.owner for c in state.companies}
    for seat, s in enumerate(state.seats):
        if seat not in named:
            model.rows.append(CompanyRow("No company yet", s.name, colours_by_seat[seat], "",
                                         colours_by_seat[seat], "", seat == state.current_player(),
                                         "picks during setup"))
    if viewer is not None:
        hand = sorted(k for c in state.companies if c.owner == viewer for k in c.developments)
        model.hand = hand
        model.hand_title = f"Secret development markers ({len(hand)})"
        if reveal:
            model.hand_title = f"Development markers in hand ({len(hand)})"  # fits the 1280 panel
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
    explanation: tuple[pygame.Rect, list[str]] | None = None  # box and lines shown for the hovered row
    rows: list[pygame.Rect] = field(default_factory=list)  # each railroad's row, in model order


def _chip_width(kind: str) -> int:
    return theme.font(14, True).size(kind)[0] + 20


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, model: PanelModel,
               mouse: tuple[int, int] | None = None) -> PanelHits:
    hits = PanelHits()
    y = rect.y + 10
    explained: tuple[pygame.Rect, str] | None = None
    row_h = row_height(model, rect)
    for row in model.rows:
        r = pygame.Rect(rect.x + 8, y, rect.w - 16, row_h - (COMPACT_GAP if row_h <= COMPACT_ROW_H else ROW_GAP))
        draw_row(surface, r, row)
        hits.rows.append(r)
        if mouse is not None and row.explain and r.collidepoint(mouse):
            explained = (r, row.explain)
        y += row_h
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
        if model.selected_text:  # the top bar says it too: lines without room are left out, never cut
            for line in theme.wrap_text(model.selected_text, 14, rect.w - 24):
                if y + 20 > rect.bottom:
                    break
                theme.draw_text(surface, line, (rect.x + 12, y), 14, theme.TEXT)
                y += 20
        elif model.hand and model.interactive:
            hint = theme.wrap_text(PLACE_HINT, 14, rect.w - 24)
            if y + 20 * len(hint) <= rect.bottom:  # only a hint: left out rather than cut
                for line in hint:
                    theme.draw_text(surface, line, (rect.x + 12, y), 14, theme.TEXT_DIM)
                    y += 20
    if model.income and y + 24 <= rect.bottom:
        theme.draw_text(surface, model.income, (rect.x + 12, y + 4), 15, theme.GOOD, bold=True,
                        max_width=rect.w - 24)
    if explained is not None:
        hits.explanation = draw_explanation(surface, rect, *explained)
    return hits


def _chip_rows(model: PanelModel, width: int) -> int:
    rows, x = 1, 0
    for kind in model.hand:
        w = _chip_width(kind)
        if x > 0 and x + w > width - 24:
            rows, x = rows + 1, 0
        x += w + 6
    return rows if model.hand else 0


def content_height(model: PanelModel, width: int, row_h: int, optional: bool = True) -> int:
    """How tall the panel's content is with rows `row_h` high, to choose
    closer rows when it would not fit; `optional`: with the hint or the
    chosen marker's words under the chips and the income."""
    height = 10 + len(model.rows) * row_h
    if model.hand_title:
        height += 30 + _chip_rows(model, width) * (CHIP_H + 6) + 4
        text = model.selected_text or (PLACE_HINT if model.hand and model.interactive else "")
        height += 20 * len(theme.wrap_text(text, 14, width - 24)) if text and optional else 0
    return height + (24 if model.income and optional else 0)


def row_height(model: PanelModel, rect: pygame.Rect) -> int:
    """The tallest rows with which everything fits; else with which the
    railroads and chips fit (the hint, a marker's words and the income are
    then left out: the top bar says them too); else the most compact."""
    for optional in (True, False):
        for h in ROW_HEIGHTS:
            if content_height(model, rect.w, h, optional) <= rect.h:
                return h
    return COMPACT_ROW_H


def explanation_lines(text: str, width: int) -> list[str]:
    """The words of a row's abbreviations, one abbreviation a line."""
    return [line for part in text.split(" · ") for line in theme.wrap_text(part, EXPLAIN_SIZE, width)]


def draw_explanation(surface: pygame.Surface, area: pygame.Rect, row: pygame.Rect,
                     text: str) -> tuple[pygame.Rect, list[str]]:
    """What a railroad's abbreviated line means, in a box under its row
    (above it when the panel has no room below), inside the panel."""
    lines = explanation_lines(text, row.w - 20)
    box = pygame.Rect(row.x, row.bottom + 2, row.w, len(lines) * 18 + 12)
    if box.bottom > area.bottom:
        box.bottom = row.top - 2
    box.clamp_ip(area)
    pygame.draw.rect(surface, (20, 17, 14), box, border_radius=6)
    pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=6)
    for i, line in enumerate(lines):
        theme.draw_text(surface, line, (box.x + 10, box.y + 6 + 18 * i), EXPLAIN_SIZE, theme.TEXT)
    return box, lines


def draw_row(surface: pygame.Surface, r: pygame.Rect, row: CompanyRow) -> list[pygame.Rect]:
    """Three lines in a row THREE_LINES_H high or more: railroad and VP; the
    owner (after a dot in their seat colour) and tycoon; money and supplies.
    A shorter row (a short panel) has two lines, centred: the owner joins the
    supplies when both fit. Returns the rects of the words drawn."""
    fill = (70, 58, 44) if row.active else (56, 48, 40)
    pygame.draw.rect(surface, fill, r, border_radius=6)
    if row.active:
        pygame.draw.rect(surface, theme.ACCENT, r, 2, border_radius=6)
    pygame.draw.rect(surface, row.colour, (r.x, r.y, 8, r.h), border_top_left_radius=6,
                     border_bottom_left_radius=6)
    pygame.draw.rect(surface, theme.TEXT_DIM, (r.x, r.y, 8, r.h), 1, border_top_left_radius=6,
                     border_bottom_left_radius=6)  # a dark railroad colour still shows
    vp_w = theme.font(14, True).size(row.vp)[0]
    lines: tuple[int, ...] = (4, 23, 39)
    if r.h < THREE_LINES_H:  # the name (18 px high) over one line of 16 px, centred
        top = max(0, (r.h - 34) // 2)
        lines = (top, top + 18)
    elif r.h < ROW_H - ROW_GAP:  # the three lines closer together: the owner keeps a line of their own
        top = (r.h - THREE_LINES_H) // 2
        lines = (top, top + 18, top + 34)
    drawn = [theme.draw_text(surface, row.name, (r.x + 16, r.y + lines[0]), 15, theme.TEXT, bold=True,
                             max_width=r.w - vp_w - 36)]
    if row.vp:
        drawn.append(theme.draw_text(surface, row.vp, (r.right - 8, r.y + lines[0] + 1), 14,
                                     theme.ACCENT if "hidden" not in row.vp else theme.TEXT_DIM, bold=True,
                                     anchor="topright"))
    who = row.owner + (f" · {row.note}" if row.note else "")
    dot = (r.x + 21, r.y + lines[1] + 8)
    pygame.draw.circle(surface, row.seat_colour, dot, 5)
    pygame.draw.circle(surface, theme.TEXT_DIM, dot, 5, 1)
    if len(lines) == 3:
        drawn.append(theme.draw_text(surface, who, (r.x + 30, r.y + lines[1]), 13, theme.TEXT_DIM,
                                     max_width=r.w - 38))
        if row.line:
            drawn.append(theme.draw_text(surface, row.line, (r.x + 16, r.y + lines[2]), 13, theme.TEXT,
                                         max_width=r.w - 24))
        return drawn
    # two lines: the owner before the supplies when both fit, else the supplies alone (the dot and the
    # row's explanation still name the owner)
    both = f"{who} · {row.line}" if row.line else who
    drawn.append(theme.draw_text(surface, both if theme.font(13).size(both)[0] <= r.w - 38 else row.line,
                                 (r.x + 30, r.y + lines[1]), 13, theme.TEXT, max_width=r.w - 38))
    return drawn
