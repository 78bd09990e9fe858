"""Screen-space overlays: the card chooser (starting bonus, End Bonus, "once
more"), the board-value breakdown dialog and another player's board opened
full size."""
from __future__ import annotations

from typing import Any

import pygame

from game.russian_railroads.data import Data
from game.russian_railroads.queries import final_bonus_preview
from game.russian_railroads.scoring import board_value, engineer_count
from game.russian_railroads.usa import final_bonus as usa_final_bonus
from ui import theme
from ui.russian_railroads import board_art, look
from ui.russian_railroads import geometry as g
from ui.russian_railroads.choices import Card
from ui.russian_railroads.pen import Pen, View
from ui.russian_railroads.player_pieces import BoardInfo, draw_player

CARD_W, CARD_H = 190, 170
CARD_TEXT = ((17, 22), (15, 19))  # (chosen) a card's text size and line step: the smaller when the larger is cut


def _shade(surface: pygame.Surface, area: pygame.Rect) -> None:
    veil = pygame.Surface(area.size, pygame.SRCALPHA)
    veil.fill((10, 8, 6, 150))
    surface.blit(veil, area.topleft)


def chooser_box(area: pygame.Rect, count: int) -> tuple[pygame.Rect, int]:
    """Where the chooser of `count` cards stands in `area` (at the bottom:
    the table stays visible above) and how many cards a row holds; the hint's
    sentence stands above it."""
    per_row = max(1, min(count, (area.width - 40) // (CARD_W + 16)))
    rows = (count + per_row - 1) // per_row
    box = pygame.Rect(0, 0, per_row * (CARD_W + 16) - 16 + 48, rows * (CARD_H + 16) + 86)
    box.midbottom = (area.centerx, area.bottom - 12)
    return box, per_row


def draw_chooser(surface: pygame.Surface, area: pygame.Rect, title: str, cards: list[Card],
                 mouse: tuple[int, int], hinted: Any = None) -> tuple[list[tuple[pygame.Rect, Card]], pygame.Rect]:
    """Cards in a row at the bottom of the board; the card pointed at, or
    else the one whose action is `hinted`, is lit. Returns (rect, card) pairs
    for clicks and the chooser's box."""
    box, per_row = chooser_box(area, len(cards))
    rects = [pygame.Rect(box.x + 24 + (i % per_row) * (CARD_W + 16), box.y + 62 + (i // per_row) * (CARD_H + 16),
                         CARD_W, CARD_H) for i in range(len(cards))]
    pointed = any(r.collidepoint(mouse) for r in rects)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=12)
    theme.draw_text(surface, title, (box.centerx, box.y + 28), 21, theme.ACCENT, True, "center",
                    max_width=box.width - 24)
    hits = []
    pen = Pen(surface, View((0.0, 0.0), 1.0))
    for r, card in zip(rects, cards):
        hover = r.collidepoint(mouse) or (not pointed and hinted is not None and card.action == hinted)
        pygame.draw.rect(surface, (246, 236, 212) if hover else (232, 220, 194), r, border_radius=10)
        pygame.draw.rect(surface, theme.HIGHLIGHT if hover else look.INK_DIM, r, 3 if hover else 2, border_radius=10)
        theme.draw_text(surface, card.title, (r.centerx, r.y + 20), 15, look.INK_DIM, True, "center")
        if card.effects:
            board_art.paint_effects(pen, card.effects, (r.centerx, r.y + 66), 34, max_width=CARD_W - 24)
        top = r.y + (104 if card.effects else 56)
        size, step, lines = _card_lines(card.text, r.bottom - 8 - top)
        for j, line in enumerate(lines):
            theme.draw_text(surface, line, (r.centerx, top + j * step), size, look.INK, True, "center")
        hits.append((r, card))
    return hits, box


def _card_lines(text: str, room: int) -> tuple[int, int, list[str]]:
    """A card's text size, line step and lines in `room` pixels of height:
    the larger size when it holds the whole text, else the smaller, its last
    line cut with "…" only if even that does not hold it."""
    for size, step in CARD_TEXT:
        lines = theme.wrap_text(text, size, CARD_W - 20, bold=True)
        most = max(1, room // step)
        if len(lines) <= most:
            return size, step, lines
    kept = lines[:most - 1] + [theme.ellipsize(" ".join(lines[most - 1:]), size, True, CARD_W - 20)]
    return size, step, kept


def draw_breakdown(surface: pygame.Surface, area: pygame.Rect, data: Data, state: Any, seat: int, name: str,
                   colour: tuple[int, int, int], show_cards: bool) -> pygame.Rect:
    """What the board of `seat` would score now, railroad by railroad."""
    _shade(surface, area)
    p = state.players[seat]
    bv = board_value(data, p)
    box = pygame.Rect(0, 0, min(760, area.width - 40), min(600, area.height - 40))
    box.center = area.center
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
    pygame.draw.rect(surface, colour, box, 3, border_radius=12)
    x, y = box.x + 24, box.y + 18
    theme.draw_text(surface, f"{name}: board value {bv.total}", (x, y), 22, theme.ACCENT, True)
    theme.draw_text(surface, "click anywhere to close", (box.right - 18, y + 6), 13, theme.TEXT_DIM,
                    anchor="topright")
    y += 40
    for rs in bv.railroads:
        road = data.railroad(rs.railroad)
        theme.draw_text(surface, road.name, (x, y), 17, theme.TEXT, True)
        theme.draw_text(surface, f"{rs.total}", (box.right - 24, y), 18, theme.GOOD, True, "topright")
        y += 24
        cx = x
        for sp in rs.spaces:
            cell = pygame.Rect(cx, y, 30, 26)
            fill = look.TRACK_RGB.get(sp.colour, (90, 80, 70))
            pygame.draw.rect(surface, fill, cell, border_radius=3)
            val = sp.value * (2 if sp.doubled else 1)
            theme.draw_text(surface, str(val), cell.center, 13, theme.text_on(fill), True, "center")
            if sp.doubled:
                pygame.draw.rect(surface, look.SPECIAL_RING, cell, 2, border_radius=3)
            cx += 33
        bits = [f"reach {rs.reach}", f"tracks {rs.tracks}"]
        if rs.multiplier > 1:
            bits.append(f"×{rs.multiplier} ({road.name} bonus)")
        if rs.stars:
            bits.append(f"stars +{rs.stars}")
        if rs.medal:
            bits.append(f"medal +{rs.medal}")
        if rs.ends:
            spike = " with the Golden Spike" if p.board is not None and p.board.golden_spike else ""
            bits.append(f"completed end +{rs.ends}{spike}")
        bits += _board_bits(data, p, road)
        if not rs.spaces:
            theme.draw_text(surface, "no locomotive: scores nothing", (x, y + 4), 14, theme.TEXT_DIM)
        y += 30
        theme.draw_text(surface, " · ".join(bits), (x, y), 14, theme.TEXT_DIM)
        y += 26
    theme.draw_text(surface, "Industry", (x, y), 17, theme.TEXT, True)
    theme.draw_text(surface, f"{bv.industry}", (box.right - 24, y), 18, theme.GOOD, True, "topright")
    if len(p.industry) > 1:
        theme.draw_text(surface, f"{len(p.industry)} markers", (x + 110, y + 2), 14, theme.TEXT_DIM)
    y += 32
    if p.board is not None and p.board.income:
        names = ", ".join(data.income_markers[m].name + (" (used)" if i in p.board.income_used else "")
                          for i, m in enumerate(p.board.income))
        theme.draw_text(surface, f"Income markers, once each round: {names}", (x, y - 6), 14, theme.TEXT_DIM)
        y += 20
    if p.dsp is not None and p.dsp.public_token and data.dsp is not None:
        theme.draw_text(surface, f"Public ? token: {data.dsp.public_tokens[p.dsp.public_token].name}", (x, y - 6), 14,
                        theme.TEXT_DIM)
        y += 20
    pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (box.right - 24, y))
    y += 10
    parts = ", ".join(f"{k} {v}" for k, v in p.score_parts.items() if v) or "nothing yet"
    for line in theme.wrap_text(f"Score so far {p.score}: {parts}.", 15, box.width - 48)[:3]:
        theme.draw_text(surface, line, (x, y), 15, theme.TEXT)
        y += 20
    finals = final_bonus_preview(state, seat)
    extra = (f"If the game ended now: engineer majority {finals.pop('Engineer majority', 0)} points "
             f"({engineer_count(p)} engineer(s)).")
    if data.usa is not None and state.board is not None:
        stock = dict(usa_final_bonus(state)).get(seat, 0)
        extra += f" Stock price level {state.board.stock_level(seat)}: {stock} points."
    if show_cards and finals:
        extra += " End Bonus: " + ", ".join(f"{name} {pts}" for name, pts in finals.items()) + "."
    elif p.end_bonus:
        extra += f" {len(p.end_bonus)} End Bonus card(s), face down."
    for line in theme.wrap_text(extra, 15, box.width - 48)[:3]:
        theme.draw_text(surface, line, (x, y), 15, theme.TEXT_DIM)
        y += 20
    return box


def _board_bits(data: Data, p: Any, road: Any) -> list[str]:
    """Germany's switch and extensions, USA's boulders, DSP's freight car: what else shapes a railroad's
    score."""
    bits = []
    if road.switch_after and p.board is not None:
        branch = road.branch(p.board.branch) if p.board.branch else None
        bits.append(f"towards {branch.name} (ends at {branch.length})" if branch else
                    f"switch after {road.switch_after} not passed yet")
    for area in road.areas:
        if p.board is not None and area.id in p.board.extensions:
            bits.append(f"{area.station} extension placed")
    if data.usa is not None and p.board is not None:
        bits += [f"boulder {b.label} on space {b.space}" for b in data.usa.boulders
                 if b.railroad == road.id and b.id not in p.board.boulders]
    if p.dsp is not None and p.dsp.freight_car == road.id:
        bits.append("freight car: 2 advancements before each scoring")
    return bits


def opened_board_picture(area: pygame.Rect, data: Data, p: Any, info: BoardInfo) -> pygame.Surface:
    """Another player's board as large as `area` allows, drawn by the same
    code as the large board on the table (a thumbnail is too small to read)."""
    scale = min((area.width - 32) / g.PB_W, (area.height - 56) / g.PB_H)
    pic = pygame.Surface((round(g.PB_W * scale), round(g.PB_H * scale)), pygame.SRCALPHA)
    pen = Pen(pic, View((0.0, 0.0), scale))
    frame = g.Frame(0.0, 0.0, 1.0)
    board_art.paint_player_board(pen, data, frame)
    draw_player(pen, data, frame, p, info)
    return pic


def draw_opened_board(surface: pygame.Surface, area: pygame.Rect, pic: pygame.Surface, name: str,
                      how: str) -> pygame.Rect:
    """The opened board over the shaded table, with `how` to close (or keep) it."""
    _shade(surface, area)
    box = pic.get_rect(center=(area.centerx, area.centery + 12))
    surface.blit(pic, box)
    caption = pygame.Rect(box.x, box.y - 30, box.width, 28)
    pygame.draw.rect(surface, theme.PANEL, caption, border_radius=6)
    theme.draw_text(surface, f"{name}'s board — {how}",
                    caption.center, 16, theme.TEXT, True, "center", max_width=box.width - 16)
    return box
