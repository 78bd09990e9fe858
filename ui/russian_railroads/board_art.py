"""The printed parts of the boards: everything that never moves during a game.

Painted through a Pen in world units, so the same code paints the cached
layers (one per zoom level) that render.py blits every frame.
"""
from __future__ import annotations

from game.russian_railroads.data import ActionSpace, Area, Data, Effect
from ui.russian_railroads import geometry as g
from ui.russian_railroads import look
from ui.russian_railroads import usa_art
from ui.russian_railroads.pen import LABEL, TITLE, Pen

COST_ICON_H = 26.0


# Action board --------------------------------------------------------------------

def paint_action_board(pen: Pen, data: Data, mode: str) -> None:
    pen.rect((g.AB_X - 6, g.AB_Y - 6, g.AB_W + 12, g.AB_H + 12), look.BOARD_EDGE, radius=18)
    pen.rect((g.AB_X, g.AB_Y, g.AB_W, g.AB_H), look.BOARD_BG, radius=14)
    _paint_titles(pen)
    _paint_turn_order_track(pen, mode)
    _paint_engineer_strip(pen, data, mode)
    for space in data.spaces:
        if space.area in ("engineer", "coal") or space.id == "LAST":
            continue
        rect = g.ACTION_SPACE_RECTS[space.id]
        if mode in space.modes:
            paint_space(pen, space, rect)
        else:
            paint_blocked(pen, rect, "blocked in solo" if mode == "solo" and space.id == "A-2R" else "")
    _paint_supply_labels(pen, len(data.q_cards))


def paint_coal_board(pen: Pen, data: Data, mode: str) -> None:
    """The coal board under the side column: its spaces, the foundry note (the display and pile are pieces)."""
    x, y, w, h = g.coal_board_rect()
    pen.rect((x - 6, y - 6, w + 12, h + 12), look.BOARD_EDGE, radius=18)
    pen.rect((x, y, w, h), (58, 52, 50), radius=14)
    pen.text("Coal", (x + 12, y + 16), TITLE, look.BOARD_INK, True, "midleft")
    rects = g.coal_space_rects(mode)
    if "C-COAL2" in rects:
        pen.rect(g.combined_space_rect(), look.BOARD_EDGE, width=2, radius=10)
        pen.text("framed: one of the two per round", (x + 12, y + h - 18), LABEL, look.BOARD_INK, False,
                 "midleft", max_width=w - 20)
    for sid, rect in rects.items():
        paint_space(pen, data.space(sid), rect)
    pen.text("Foundries: 2 coal, once a round", (x + 12, g.FOUNDRY_NOTE_Y), LABEL, look.BOARD_INK,
             False, "midleft", max_width=w - 20)


def _paint_titles(pen: Pen) -> None:
    ink = look.BOARD_INK
    pen.text("Track advancement", (g.TRACK_COL_X + 4, g.ROW_B_Y + 10), TITLE, ink, True, "midleft")
    for col, x in g.COLUMN_X.items():
        pen.text(g.COLUMN_TITLES[col], (x + 4, g.ROW_B_Y + 10), TITLE, ink, True, "midleft",
                 max_width=g.COLUMN_W - 8)
    pen.text("Turn order", (g.TO_X + 2, 18), LABEL, ink, True, "midleft")


def _paint_turn_order_track(pen: Pen, mode: str) -> None:
    n = {"solo": 1, "2p": 2, "3p": 3, "4p": 4}[mode]
    for pos in range(1, 5):
        r = g.to_position_rect(pos)
        if pos > max(n, 1):
            pen.rect(r, look.BOARD_EDGE, radius=6)
            continue
        pen.rect(r, (226, 214, 190), radius=6)
        pen.rect(r, look.BOARD_EDGE, width=2, radius=6)
        pen.text(str(pos), (r[0] + 10, r[1] + 12), LABEL, look.INK, True)


def _paint_engineer_strip(pen: Pen, data: Data, mode: str) -> None:
    public = data.public_slots[mode]
    rects = g.engineer_slot_rects(public, data.hire_slot)
    fill = data.engineer_fill[mode]
    for i, r in enumerate(rects):
        if fill[i] is None:
            pen.rect(r, look.BOARD_EDGE, radius=8)
            continue
        kind = "hire" if i == data.hire_slot else ("public" if i in public else "dark")
        colour = {"dark": (70, 56, 50), "public": look.AREA_FILL["engineer"], "hire": (236, 214, 150)}[kind]
        pen.rect(r, colour, radius=8)
        pen.rect(r, look.BOARD_EDGE, width=2, radius=8)
        num_colour = look.BOARD_INK if kind == "dark" else look.INK
        pen.text(str(data.slot_numbers[i]), (r[0] + r[2] / 2, r[1] + r[3] - 12), LABEL, num_colour, True)
        if kind == "hire":
            pen.text("Hire", (r[0] + r[2] / 2, r[1] + 16), LABEL, look.INK, True)
            pen.coin((r[0] + r[2] / 2, r[1] + 42), 13)
        elif kind == "public":
            pen.pawn_outline((r[0] + 18, r[1] + 20), COST_ICON_H, look.INK)


def paint_cost(pen: Pen, space: ActionSpace, rect: g.WRect) -> list[tuple[float, float]]:
    """The cost icons (pawn outlines, coin outlines) in a row at the top of a
    space; returns their centres so placed pieces can sit on them."""
    icons = (["own"] * space.cost.own + ["any"] * (space.cost.any + space.cost.worker)
             + ["rouble"] * space.cost.rouble + ["coal"] * space.cost.coal)
    centres = cost_centres(rect, len(icons))
    for kind, c in zip(icons, centres):
        if kind == "coal":
            pen.coal(c, COST_ICON_H * 0.42)
        elif kind == "rouble":
            pen.coin(c, COST_ICON_H * 0.42, filled=False)
            pen.circle(c, COST_ICON_H * 0.42, look.INK, 1.5)
        else:
            pen.pawn_outline(c, COST_ICON_H, look.INK)
    return centres


def cost_centres(rect: g.WRect, n: int) -> list[tuple[float, float]]:
    x, y, w, _h = rect
    step = COST_ICON_H * 0.95
    return [(x + 18 + i * step, y + 19) for i in range(n)]


def paint_space(pen: Pen, space: ActionSpace, rect: g.WRect) -> None:
    x, y, w, h = rect
    pen.rect(rect, look.AREA_FILL.get(space.area, look.PAPER), radius=8)
    pen.rect(rect, look.BOARD_EDGE, width=2, radius=8)
    if space.id == "T-BOTTOM":
        paint_cost(pen, space, (x, y - 2, w, h))
        paint_effects(pen, space.effects, (x + 84, y + h / 2), 22)
        pen.text(look.space_words(space), (x + 130, y + h / 2), LABEL, look.INK, True, "midleft")
        return
    paint_cost(pen, space, rect)
    if space.area == "turn_order":
        pen.text(look.ordinal(space.position), (x + w - 6, y + h - 14), LABEL, look.INK, True, "midright")
        return
    icon_y = y + (h * 0.52 if h > 70 else h * 0.5)
    if space.id == "T-ANY":
        paint_effects(pen, space.effects, (x + 150, y + h / 2), 26)
        pen.text("2 advancements of any colour", (x + 200, y + h / 2), LABEL + 1, look.INK, True, "midleft",
                 max_width=w - 210)
        return
    paint_effects(pen, space.effects, (x + w / 2, icon_y), 32, max_width=w - 14)
    if h > 70:
        words = look.space_words(space)
        bold = pen.fits(words, LABEL, w - 8, bold=True)
        pen.text(words, (x + w / 2, y + h - 14), LABEL, look.INK, bold, max_width=w - 8)


def paint_blocked(pen: Pen, rect: g.WRect, note: str) -> None:
    x, y, w, h = rect
    pen.rect(rect, (80, 34, 28), radius=8)
    pen.line((x + 12, y + 12), (x + w - 12, y + h - 12), (130, 60, 50), 5)
    pen.line((x + 12, y + h - 12), (x + w - 12, y + 12), (130, 60, 50), 5)
    if note:
        pen.text(note, (x + w / 2, y + h / 2), LABEL, look.BOARD_INK, False, max_width=w - 8)


def paint_effects(pen: Pen, effects: tuple[Effect, ...], centre: tuple[float, float], size: float,
                  max_width: float | None = None) -> None:
    """The effect icons of a space, engineer, factory, token or card, centred
    (shrunk to `max_width` when given)."""
    groups = [_effect_icons(e) for e in effects]
    flat: list[tuple[str, object]] = []
    for i, grp in enumerate(groups):
        if i:
            flat.append(("plus", None))
        flat.extend(grp)
    widths = [_icon_width(kind, arg, size) for kind, arg in flat]
    if max_width is not None and sum(widths) > max_width:
        shrink = max_width / sum(widths)
        size *= shrink
        widths = [w * shrink for w in widths]
    x = centre[0] - sum(widths) / 2
    for (kind, arg), w in zip(flat, widths):
        c = (x + w / 2, centre[1])
        _icon(pen, kind, arg, c, size, w)
        x += w


def _icon_width(kind: str, arg: object, size: float) -> float:
    """Room an icon takes in a row: words take room by their length."""
    if kind in ("plus", "or"):
        return size * 0.5
    if kind == "text":
        return max(size * 1.05, size * 0.36 * len(str(arg)))
    return size * 1.05


def _effect_icons(e: Effect) -> list[tuple[str, object]]:
    if e.kind == "track":
        if e.colours == "any":
            return [("track_any", None)] * e.count
        if len(e.colours) > 1:
            out: list[tuple[str, object]] = []
            for i, c in enumerate(e.colours):
                if i:
                    out.append(("or", None))
                out.append(("track", c))
            return out
        return [("track", e.colours[0])] * e.count
    if e.kind == "industry":
        return [("industry", None)] * e.count
    if e.kind == "loco_or_factory":
        return [("loco", None), ("or", None), ("factory", None)]
    if e.kind in ("loco", "factory", "doubler"):
        return [(e.kind, None)] * max(1, e.count if e.kind == "doubler" else 1)
    if e.kind == "roubles":
        return [("coin", None)] * e.count
    if e.kind == "temp_workers":
        return [("temp", None)] * 2
    if e.kind == "points":
        return [("points", e.count)]
    if e.kind == "turn_order":
        return [("text", f"{e.position}.")]
    if e.kind == "coal":
        return [("coal", None)] * e.count
    if e.kind in ("foundry", "boilerman"):
        return [(e.kind, None)]
    if e.kind == "coal_factory":
        return [("factory", None)]
    if e.kind in PICTURES:
        return [(PICTURES[e.kind], None)]
    return [("text", look.effect_words(e))]


# Effects drawn as a small picture instead of words (the tooltip says them in full).
PICTURES = {"reuse": "reuse", "reuse_two": "reuse", "best_loco": "best_loco", "best_two_locos": "best_loco",
            "end_bonus": "end_bonus", "engineer_sum": "engineer", "public_engineer": "engineer", "hire": "engineer",
            "revaluation": "revalue", "german_revaluation": "revalue", "foreign_engineer": "engineer",
            "ludmilla": "bonus_cards", "gray_behind_black": "gray_behind_black", "stock": "stock",
            "stock_climb": "stock", "golden_spike": "spike"}


def _icon(pen: Pen, kind: str, arg: object, c: tuple[float, float], size: float, width: float = 0.0) -> None:
    if kind == "track":
        pen.track_tile(c, size * 0.95, look.TRACK_RGB[str(arg)])
    elif kind == "track_any":
        x, y = c
        s = size * 0.95
        stripe = s / 5
        for i, colour in enumerate(look.TRACK_RGB.values()):
            pen.rect((x - s / 2 + i * stripe, y - s * 0.32, stripe + 0.5, s * 0.64), colour)
        pen.rect((x - s / 2, y - s * 0.32, s, s * 0.64), look.INK, width=1.5, radius=s * 0.08)
    elif kind == "industry":
        pen.industry_arrow(c, size * 0.8)
    elif kind == "loco":
        pen.loco((c[0] - size * 0.55, c[1] - size * 0.4, size * 1.1, size * 0.8), None)
    elif kind == "factory":
        pen.factory((c[0] - size * 0.45, c[1] - size * 0.45, size * 0.9, size * 0.9), None)
    elif kind == "doubler":
        pen.doubler(c, size * 0.42)
    elif kind == "coal":
        pen.coal(c, size * 0.42)
    elif kind == "boilerman":
        pen.boilerman(c, size * 0.9)
    elif kind == "foundry":
        pen.foundry((c[0] - size * 0.45, c[1] - size * 0.4, size * 0.9, size * 0.8))
    elif kind == "coin":
        pen.coin(c, size * 0.4)
    elif kind == "temp":
        pen.pawn(c, size * 0.9, look.TEMP_RGB)
    elif kind == "points":
        pen.star(c, size * 0.55, str(arg))
    elif kind == "stock":
        pen.stock(c, size * 0.45)
    elif kind == "spike":
        pen.rect((c[0] - size * 0.5, c[1] - size * 0.2, size, size * 0.4), (214, 176, 60), radius=size * 0.1)
    elif kind == "plus":
        pen.glyph("+", c, size * 0.7, look.INK)
    elif kind == "or":
        pen.glyph("/", c, size * 0.7, look.INK)
    elif kind in ("reuse", "best_loco", "end_bonus", "engineer", "revalue", "bonus_cards", "gray_behind_black"):
        _picture(pen, kind, c, size)
    else:
        pen.text(str(arg), c, size * 0.6, look.INK, True, max_width=width or None)


def _picture(pen: Pen, kind: str, c: tuple[float, float], size: float) -> None:
    """Re-use a space (a worker and a turning arrow), best locomotive points (a locomotive with a
    star), an End Bonus card, an engineer tile, a revaluation (a track piece worth more: an arrow up),
    Starting Bonus cards handed round (a fan of cards), a gray track following a black one."""
    x, y = c
    if kind == "revalue":
        pen.track_tile((x - size * 0.15, y), size * 0.7, look.TRACK_RGB["gray"])
        pen.glyph("⬆", (x + size * 0.35, y), size * 0.55, (40, 130, 60))
    elif kind == "reuse":
        pen.pawn_outline((x - size * 0.18, y), size * 0.8, look.INK)
        pen.glyph("↻", (x + size * 0.3, y - size * 0.12), size * 0.6, look.INK)
    elif kind == "best_loco":
        pen.loco((x - size * 0.55, y - size * 0.3, size * 1.0, size * 0.7), None)
        pen.star((x + size * 0.32, y - size * 0.3), size * 0.3, "")
    elif kind == "bonus_cards":
        for dx in (-0.2, 0.0, 0.2):
            card = (x + size * (dx - 0.25), y - size * 0.4 + abs(dx) * size * 0.3, size * 0.5, size * 0.75)
            pen.rect(card, (236, 226, 200), radius=size * 0.06)
            pen.rect(card, look.INK, width=1.5, radius=size * 0.06)
    elif kind == "gray_behind_black":
        pen.track_tile((x - size * 0.22, y), size * 0.6, look.TRACK_RGB["black"])
        pen.track_tile((x + size * 0.22, y), size * 0.6, look.TRACK_RGB["gray"])
    elif kind == "end_bonus":
        pen.rect((x - size * 0.32, y - size * 0.45, size * 0.64, size * 0.9), (50, 70, 110), radius=size * 0.08)
        pen.rect((x - size * 0.32, y - size * 0.45, size * 0.64, size * 0.9), (220, 200, 150), width=1.5,
                 radius=size * 0.08)
        pen.glyph("★", c, size * 0.45, (240, 230, 200))
    else:
        pen.rect((x - size * 0.4, y - size * 0.45, size * 0.8, size * 0.9), look.AREA_FILL["engineer"],
                 radius=size * 0.1)
        pen.rect((x - size * 0.4, y - size * 0.45, size * 0.8, size * 0.9), look.INK_DIM, width=1.5,
                 radius=size * 0.1)
        pen.pawn((x, y + size * 0.05), size * 0.62, (120, 104, 86))


def _paint_supply_labels(pen: Pen, q_cards: int) -> None:
    ink = look.BOARD_INK
    pen.line((12, g.SUPPLY_Y - 6), (g.AB_W - 12, g.SUPPLY_Y - 6), look.BOARD_EDGE, 3)
    pen.text("Locomotives: take the lowest pile", (14, g.SUPPLY_Y + 12), LABEL, ink, True, "midleft")
    pen.text("? cards", (g.q_card_rect(0, q_cards)[0] + 2, g.SUPPLY_Y + 12), LABEL, ink, True, "midleft")
    r = g.end_bonus_pile_rect()
    pen.text("End Bonus", (r[0] + r[2], g.SUPPLY_Y + 12), LABEL, ink, True, "midright")


# Player board ----------------------------------------------------------------------

def paint_player_board(pen: Pen, data: Data, frame: g.Frame) -> None:
    """The blank player board at `frame` (no pieces, no names)."""
    f = frame
    pen.rect(f.rect((0, 0, g.PB_W, g.PB_H)), look.PAPER, radius=f.s(12))
    for rr in data.railroads:
        _paint_railroad(pen, data, f, rr.id)
    doublers = data.railroad(data.main_railroad).doubler_spaces
    for i in range(1, doublers + 1):
        c = f.pt(*g.doubler_slot_center(data, i))
        pen.circle(c, f.s(12), look.PAPER_DARK)
        pen.circle(c, f.s(12), look.INK_DIM, f.s(1.5))
    end = g.doubler_slot_center(data, doublers)
    main = data.railroad(data.main_railroad)
    label = "doublers (×2 the space below)"
    room = g.RIGHT_X - end[0] - 28
    if main.switch_after:  # the branch letters (H9, B9) explained; the end of the top branch keeps its points
        label = " · ".join(f"{b.name[0]}: {b.name}" for b in main.branches[:2])
        room = g.space_rect(data, main.id, g.MAX_LENGTH - 1)[0] - end[0] - 24
    pen.text(label, f.pt(end[0] + 20, end[1]), f.s(LABEL), look.INK_DIM, False, "midleft", max_width=f.s(room))
    if data.usa is not None:
        usa_art.paint_board_art(pen, data, f)
        usa_art.paint_industry_art(pen, data, f)
    else:
        _paint_industry(pen, data, f)
    pen.rect(f.rect(g.right_rect()), look.PAPER_DARK, radius=f.s(8))


def _paint_railroad(pen: Pen, data: Data, f: g.Frame, rid: str) -> None:
    rr = data.railroad(rid)
    for s in range(rr.loco_slots):
        pen.rect(f.rect(g.loco_slot_rect(data, rid, s)), look.PAPER_DARK, radius=f.s(6))
    x0, y0, w, h = g.rail_rect(data, rid)
    pen.text(rr.label, f.pt(6, y0 + 9), f.s(LABEL), look.INK, False, "midleft", max_width=f.s(g.LOCO_COL_W))
    specials = {s.space: s for s in rr.specials}
    unlock_at = {v: k for k, v in data.colour_unlocks.items()} if rid == data.main_railroad else {}
    in_areas = {a.space + k for a in rr.areas for k in range(a.length)}
    if rr.switch_after:
        _paint_branches(pen, data, f, rid)
    for i in range(1, (rr.switch_after or rr.length) + 1):
        r = g.space_rect(data, rid, i)
        pen.rect(f.rect(r), (246, 238, 220), radius=f.s(5))
        pen.rect(f.rect(r), look.PAPER_DARK, width=f.s(1.5), radius=f.s(5))
        if i not in in_areas:   # a station's name stands in for its area's space numbers
            pen.text(str(i), f.pt(r[0] + 3, r[1] + 1), f.s(LABEL), look.INK_DIM, anchor="topleft")
        if i in specials:
            pen.rect(f.rect(r), look.SPECIAL_RING, width=f.s(2.5), radius=f.s(5))
            paint_special_icon(pen, specials[i], f.pt(r[0] + r[2] / 2, r[1] + r[3] - g.SPECIAL_DY), f.s(9))
        if i in unlock_at:
            colour = unlock_at[i]
            pen.track_tile(f.pt(r[0] + r[2] - 11, r[1] + 9), f.s(14), look.TRACK_RGB[colour])
    for area in rr.areas:
        paint_area(pen, data, f, rid, area)
    if rr.switch_after:
        return
    end = g.space_rect(data, rid, rr.length)
    if rr.scoring_terminus:   # USA: the end scores in every railroad scoring
        pen.text(f"+{rr.scoring_terminus} each", f.pt(end[0] + end[2] + 6, end[1] + end[3] / 2 - 10), f.s(LABEL),
                 look.SPECIAL_RING, True, "midleft")
        pen.text("scoring", f.pt(end[0] + end[2] + 6, end[1] + end[3] / 2 + 12), f.s(LABEL), look.SPECIAL_RING,
                 False, "midleft")
    elif rr.length < g.MAX_LENGTH:  # the points for reaching the end: beside the last space, or above it
        pen.text(f"+{rr.terminus_points}", f.pt(end[0] + end[2] + 6, end[1] + end[3] / 2), f.s(LABEL),
                 look.SPECIAL_RING, True, "midleft")
    else:
        pen.text(f"+{rr.terminus_points}", f.pt(end[0] + end[2], end[1] - 1), f.s(LABEL), look.SPECIAL_RING, True,
                 "bottomright")


def paint_area(pen: Pen, data: Data, f: g.Frame, rid: str, area: Area) -> None:
    """A dashed area: blank until an extension is placed, the station named along its top."""
    first = g.space_rect(data, rid, area.space)
    last = g.space_rect(data, rid, area.space + area.length - 1)
    x0, y0 = first[0] - 1, first[1] - 1
    outline = (x0, y0, last[0] + last[2] + 1 - x0, last[1] + last[3] + 1 - y0)
    pen.dashed_rect(f.rect(outline), look.SPECIAL_RING, f.s(2), f.s(7))
    paint_station(pen, f, first, area.station, area.length)


def paint_station(pen: Pen, f: g.Frame, first: g.WRect, name: str, length: int) -> None:
    """A station's name centred along the top of its area, in place of the
    area's space numbers (which it would cross), above where track lies; the
    name may use the area's whole width (a two-space "Würzburg" at 11 px needs it)."""
    width = (length - 1) * g.SPACE_W + first[2]
    pen.text(name, f.pt(first[0] + width / 2, first[1] - 1), f.s(LABEL), look.INK, False, "midtop",
             max_width=f.s(width))


def _paint_branches(pen: Pen, data: Data, f: g.Frame, rid: str) -> None:
    """Beyond the switch: one half-height row per branch, each with its name, spaces and specials."""
    rr = data.railroad(rid)
    for row, branch in enumerate(rr.branches[:2]):
        specials = {s.space: s for s in branch.specials}
        unlocks = {**{k: v for k, v in data.colour_unlocks.items()}, **branch.colour_unlocks}
        unlock_at = {v: k for k, v in unlocks.items()}
        for i in range(rr.switch_after + 1, branch.length + 1):
            r = g.branch_cell(data, rid, i, row)
            pen.rect(f.rect(r), (246, 238, 220) if row == 0 else (238, 232, 214), radius=f.s(4))
            pen.rect(f.rect(r), look.PAPER_DARK, width=f.s(1.2), radius=f.s(4))
            label = f"{branch.name[0]}{i}" if i == rr.switch_after + 1 else str(i)
            pen.text(label, f.pt(r[0] + 3, r[1] - 1), f.s(LABEL), look.INK_DIM, anchor="topleft")
            if i in specials:
                pen.rect(f.rect(r), look.SPECIAL_RING, width=f.s(2), radius=f.s(4))
                paint_special_icon(pen, specials[i], f.pt(r[0] + r[2] - 12, r[1] + r[3] / 2 + 3), f.s(7))
            if i in unlock_at:
                pen.track_tile(f.pt(r[0] + 9, r[1] + r[3] - 7), f.s(10), look.TRACK_RGB[unlock_at[i]])
        end = g.branch_cell(data, rid, branch.length, row)
        if branch.length < g.MAX_LENGTH:  # the points for reaching the end: beside the last cell, or above it
            pen.text(f"+{rr.terminus_points}", f.pt(end[0] + end[2] + 6, end[1] + end[3] / 2), f.s(LABEL),
                     look.SPECIAL_RING, True, "midleft")
        else:
            pen.text(f"+{rr.terminus_points}", f.pt(end[0] + end[2], end[1] - 1), f.s(LABEL), look.SPECIAL_RING,
                     True, "bottomright")


def paint_special_icon(pen: Pen, special, c: tuple[float, float], r: float) -> None:
    """What a circled space gives: worker, ? token, x2, star, medal."""
    kind = special.effect
    if kind == "extra_worker":
        pen.pawn(c, r * 2.0, (250, 250, 250))
    elif kind == "q_token":
        pen.qtoken(c, r)
    elif kind == "double_railroad":
        pen.doubler(c, r)
    elif kind == "star":
        pen.star(c, r * 1.25, str(special.points))
    elif kind == "medal":
        pen.circle(c, r, (212, 170, 50))
        pen.glyph(str(special.points), c, r * 1.1, (60, 40, 0))
    elif kind == "income":
        pen.rect((c[0] - r * 1.2, c[1] - r * 0.8, r * 2.4, r * 1.6), (70, 130, 90), radius=r * 0.3)
        pen.glyph("inc", c, r * 1.0, (255, 255, 255))
    elif kind == "industry_marker":
        pen.circle(c, r * 0.9, (150, 90, 180))
        pen.glyph("+M", c, r * 0.9, (255, 255, 255))
    elif kind in ("gain", "coin"):
        paint_effects(pen, special.effects, c, r * 1.6)
        if kind == "coin":
            pen.coin((c[0] + r * 2.3, c[1] - r * 0.2), r * 0.7)
    elif kind == "stock":
        pen.stock(c, r)
    elif kind == "boulder":
        usa_art.boulder(pen, c, r, "")
    if special.track != "black":
        pen.rect((c[0] - r * 2.4, c[1] - r * 0.6, r * 1.0, r * 1.2), look.TRACK_RGB[special.track])


def _paint_industry(pen: Pen, data: Data, f: g.Frame) -> None:
    pen.text("Industry", f.pt(g.RAIL_X - 8, g.IND_Y + g.IND_H / 2), f.s(LABEL), look.INK, True, "midright")
    for pos, sp in enumerate(data.industry):
        r = g.industry_rect(pos)
        if sp.kind == "gap":
            pen.rect(f.rect(r), look.PAPER_DARK, radius=f.s(6))
            pen.rect(f.rect(r), (150, 110, 170), width=f.s(2), radius=f.s(6))
            pen.text(f"F{sp.factory}", f.pt(r[0] + r[2] / 2, r[1] + r[3] / 2), f.s(LABEL), (120, 80, 140), True)
            continue
        pen.rect(f.rect(r), look.AREA_FILL["industry"], radius=f.s(6))
        pen.rect(f.rect(r), (150, 110, 170), width=f.s(1.5), radius=f.s(6))
        if sp.kind == "q":
            pen.qtoken(f.pt(r[0] + r[2] / 2, r[1] + r[3] / 2), f.s(14))
        else:
            pen.text(str(sp.value), f.pt(r[0] + r[2] / 2, r[1] + r[3] / 2), f.s(LABEL), look.INK, True)
