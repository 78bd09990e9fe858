"""What lies on the action board this round: engineers on the strip, workers
and roubles on the spaces, pawns on the turn-order track, the Last Round
marker, the supplies (locomotive piles, returned factories, ? cards, End
Bonus pile) and the usable/blocked highlighting (drawn over the boards every frame)."""
from __future__ import annotations

from functools import partial
from typing import Any

from game.russian_railroads.data import Data
from game.russian_railroads.state import EMIL
from ui import theme
from ui.russian_railroads import board_art, usa_art
from ui.russian_railroads import geometry as g
from ui.russian_railroads import look
from ui.russian_railroads.parts import Part, draw_parts, part
from ui.russian_railroads.pen import LABEL, Pen
from ui.russian_railroads.places import piece_centres, slot_kind, space_rects
from ui.russian_railroads.player_pieces import draw_engineer_tile, draw_foundry

BOTTOM_PAWNS = 14  # pawns drawn on the bottom track space; more are counted
# A ? card's words under its picture, at most two short lines (the tooltip names the card in full).
Q_CARD_GLYPH = {"four_actions": "3 + 1 again", "engineer": "hire + ₽", "factory": "factory + 2",
                "black_worker": "black worker", "loco9": "#9 loco", "coal_factory": "coal factory",
                "gr_revaluation": "revalue"}


def draw_action_pieces(pen: Pen, data: Data, mode: str, state: Any, sel: Any) -> None:
    draw_parts(pen, action_parts(data, mode, state, sel))


def draw_coal_pieces(pen: Pen, data: Data, mode: str, state: Any, sel: Any) -> None:
    draw_parts(pen, coal_parts(data, mode, state, sel))


def action_parts(data: Data, mode: str, state: Any, sel: Any) -> list[Part]:
    """What lies on the action board, in drawing order, each part with what
    it shows and where (a move repaints only the parts that changed)."""
    text = f"Round {max(state.round, 1)} of {state.rounds}"
    if state.round >= state.rounds:
        text = f"Last round {state.round}/{state.rounds}"
    parts = [part(("round", text), partial(_round_label, text=text), g.ROUND_CHIP)]
    strip = g.engineer_slot_rects(data.public_slots[mode], data.hire_slot)
    for slot, number in enumerate(state.strip):
        parts.append(part(("engineer", slot, number), partial(_engineer, data=data, mode=mode, slot=slot,
                                                              number=number), strip[slot]))
    last = state.is_last_round()
    parts.append(part(("last round", last), partial(_last_round_marker, data=data, mode=mode, shown=last),
                      g.ACTION_SPACE_RECTS["LAST"], pad=3))
    parts += _turn_order_parts(state, sel)
    parts += _placement_parts(data, mode, state, sel, coal=False)
    parts += _supply_parts(data, state)
    parts += _steelworks_parts(data, state)
    return parts


def _steelworks_parts(data: Data, state: Any) -> list[Part]:
    """The USA board's steelworks tags on the locomotive piles they still wait beside."""
    if data.usa is None or state.board is None:
        return []
    piles = [g.loco_pile_rect(pile) for pile in data.usa.steelworks.values()]
    return [part(("steelworks", tuple(state.board.steelworks)),
                 partial(usa_art.draw_pile_steelworks, data=data, state=state), *piles)]


def coal_parts(data: Data, mode: str, state: Any, sel: Any) -> list[Part]:
    """What lies on the coal board: pieces on its spaces, the foundries, the pile."""
    c = state.coal
    table = (*(g.foundry_display_rect(i) for i in range(len(c.display))), g.foundry_pile_rect())
    return (_placement_parts(data, mode, state, sel, coal=True)
            + [part(("coal table", tuple(c.display), len(c.pile), c.supply),
                    partial(_coal_table, data=data, state=state), *table)])


def _board_rects(data: Data, mode: str, coal: bool) -> dict[str, g.WRect]:
    """The action spaces of one board: the coal board's, or the action board's."""
    return {sid: r for sid, r in space_rects(data, mode).items() if (data.space(sid).area == "coal") == coal}


def _round_label(pen: Pen, text: str) -> None:
    """The round on a paper chip of its own: beside the "Turn order" title it must not read as one phrase."""
    x, y, w, h = g.ROUND_CHIP
    pen.rect(g.ROUND_CHIP, look.PAPER, radius=6)
    pen.rect(g.ROUND_CHIP, look.BOARD_EDGE, width=1.5, radius=6)
    pen.text(text, (x + w / 2, y + h / 2), LABEL, look.INK, False, max_width=w - 8)


def _engineer(pen: Pen, data: Data, mode: str, slot: int, number: int) -> None:
    if number:
        kind = slot_kind(data, mode, slot)
        r = g.engineer_tile_rect(g.engineer_slot_rects(data.public_slots[mode], data.hire_slot)[slot], kind)
        if kind == "dark":
            pen.rect(r, (46, 38, 34), radius=6)
            pen.rect(r, (120, 100, 86), width=1.5, radius=6)
            eng = data.engineers.get(number)
            pen.text(f"#{eng.value if eng else number}", (r[0] + r[2] / 2, r[1] + 16), LABEL, look.BOARD_INK, True)
            if eng:
                board_art.paint_effects(pen, eng.effects, (r[0] + r[2] / 2, r[1] + r[3] * 0.6), 15)
                pen.veil(r, (30, 24, 20, 110))
        else:
            draw_engineer_tile(pen, data, r, number, 1.0)


def _last_round_marker(pen: Pen, data: Data, mode: str, shown: bool) -> None:
    r = g.ACTION_SPACE_RECTS["LAST"]
    sp = data.space("LAST")
    if not shown or mode not in sp.modes:
        return
    pen.rect((r[0] - 3, r[1] - 3, r[2] + 6, r[3] + 6), (40, 30, 26), radius=9)
    pen.rect(r, look.AREA_FILL["industry"], radius=8)
    board_art.paint_cost(pen, sp, r)
    board_art.paint_effects(pen, sp.effects, (r[0] + r[2] * 0.75, r[1] + 20), 20)
    pen.text("last round", (r[0] + r[2] / 2, r[1] + r[3] - 14), LABEL, look.INK, True)


def _turn_order_parts(state: Any, sel: Any) -> list[Part]:
    if state.mode == "solo":
        return [part(("solo",), _solo_label, (g.TO_X, g.TO_TRACK_Y, g.ENG_X - g.TO_X - 8, g.TO_TRACK_H))]
    out = []
    for pos, seat in enumerate(state.order, start=1):
        colour = sel.colours[seat] if seat < len(sel.colours) else (200, 200, 200)
        passed = state.players[seat].passed
        out.append(part(("turn order", pos, colour, passed), partial(_turn_pawn, pos=pos, colour=colour, passed=passed),
                        g.to_position_rect(pos)))
    return out


def _solo_label(pen: Pen) -> None:
    pen.text("solo vs Emil", (g.TO_X + g.TO_POS_W + 6, g.TO_TRACK_Y + g.TO_TRACK_H / 2), LABEL, look.BOARD_INK,
             True, "midleft")


def _turn_pawn(pen: Pen, pos: int, colour: tuple[int, int, int], passed: bool) -> None:
    r = g.to_position_rect(pos)
    c = (r[0] + r[2] / 2 + 8, r[1] + r[3] / 2 + 2)
    if passed:  # a hollow pawn: out for this round
        pen.pawn_outline(c, 34, colour)
    else:
        pen.pawn(c, 34, colour)


def _piece_colour(sel: Any, seat: int) -> tuple[int, int, int]:
    if seat == EMIL:
        return look.EMIL_RGB
    return sel.colours[seat] if seat < len(sel.colours) else (200, 200, 200)


PIECE_REACH = 18.0  # a placed piece's half size round its centre (pawn, coin, coal disc)


def _placement_parts(data: Data, mode: str, state: Any, sel: Any, coal: bool) -> list[Part]:
    """One part per action space of the board: the pieces placed there."""
    on: dict[str, list[Any]] = {}
    for pl in state.placements:
        on.setdefault(pl.space, []).append(pl)
    out = []
    for sid, r in _board_rects(data, mode, coal).items():
        here = on.get(sid, [])
        if sid == "T-BOTTOM":
            shown = tuple(_piece_colour(sel, pl.seat) for pl in here)
            out.append(part(("bottom", shown), partial(_bottom_pawns, r=r, colours=shown), r))
            continue
        pieces: list[tuple[str, tuple[int, int, int], bool, tuple[float, float]]] = []
        for pl in here:  # each placement's pieces from the space's first spot
            kinds = _kinds(data, pl)
            pieces += [(kind, _piece_colour(sel, pl.seat), pl.seat == EMIL, c)
                       for kind, c in zip(kinds, piece_centres(data, mode, sid, len(kinds)))]
        reach = [(x - PIECE_REACH, y - PIECE_REACH, 2 * PIECE_REACH, 2 * PIECE_REACH) for *_, (x, y) in pieces]
        out.append(part(("space", sid, tuple(pieces)), partial(_pieces, pieces=tuple(pieces)), r, *reach))
    return out


def _kinds(data: Data, pl: Any) -> list[str]:
    return (["w"] * pl.workers + ["t"] * pl.temps + ["b"] * pl.black + ["r"] * pl.roubles
            + ["c"] * data.space(pl.space).cost.coal)


def _pieces(pen: Pen, pieces: tuple[tuple[str, tuple[int, int, int], bool, tuple[float, float]], ...]) -> None:
    for kind, colour, emil, c in pieces:
        _piece(pen, kind, c, colour, emil)


def _bottom_pawns(pen: Pen, r: g.WRect, colours: tuple[tuple[int, int, int], ...]) -> None:
    """The never-occupied space: everybody's pawns in a row at its right end."""
    if not colours:
        return
    shown = colours[-BOTTOM_PAWNS:]
    x = r[0] + r[2] - 14
    for colour in reversed(shown):
        pen.pawn((x, r[1] + r[3] / 2), 26, colour)
        x -= 18
    if len(colours) > len(shown):
        pen.text(f"+{len(colours) - len(shown)}", (x + 4, r[1] + r[3] / 2), LABEL, look.INK, True, "midright")


def _piece(pen: Pen, kind: str, c: tuple[float, float], colour: tuple[int, int, int], emil: bool) -> None:
    if kind == "c":   # coal on a coal-paid space, on a disc of the player's colour
        pen.circle(c, 13, colour)
        pen.coal(c, 9)
    elif kind == "r":
        pen.coin(c, 11)
    elif kind == "t":
        pen.pawn(c, 28, look.TEMP_RGB)
    elif kind == "b":
        pen.pawn(c, 28, look.BLACK_WORKER, (200, 200, 200))
    else:
        pen.pawn(c, 28, colour)
        if emil:
            pen.glyph("E", (c[0], c[1] + 5), 11, (255, 255, 255))


def _supply_parts(data: Data, state: Any) -> list[Part]:
    """The locomotive piles, the returned factories, the supplies, the ? cards and the End Bonus pile."""
    lowest = state.lowest_pile()
    out = []
    for number in range(2, 10):
        count = state.loco_piles[number]
        r, fr = g.loco_pile_rect(number), g.pile_factory_rect(number)
        out.append(part(("pile", number, count, number == lowest),
                        partial(_pile, data=data, number=number, count=count, lowest=number == lowest), r, fr, pad=6))
    returned = tuple(state.returned_factories[:6])
    fr = g.returned_factories_rect()
    out.append(part(("returned", returned), partial(_returned, numbers=returned), fr,
                    (fr[0], g.SUPPLY_Y, 120.0, 30.0)))
    words = f"Supply: {state.doubler_supply} doublers · {state.roubles_supply} roubles"
    out.append(part(("supply", words), partial(_supply_words, words=words), (0.0, g.AB_H - 30, 480.0, 30.0)))
    for i, card in enumerate(data.q_cards):
        r = g.q_card_rect(i, len(data.q_cards))
        up = card in state.q_cards
        out.append(part(("? card", card, up), partial(_q_card, data=data, card=card, r=r, up=up), r))
    pile = len(state.end_bonus_pile)
    out.append(part(("end bonus", pile), partial(_end_bonus_pile, count=pile), g.end_bonus_pile_rect()))
    return out


def _pile(pen: Pen, data: Data, number: int, count: int, lowest: bool) -> None:
    r = g.loco_pile_rect(number)
    pen.loco((r[0], r[1] + 4, r[2] - 8, r[3] - 8), number, (70, 110, 150) if count else (110, 110, 110))
    pen.badge((r[0] + r[2] - 10, r[1] + 12), f"×{count}", LABEL, (40, 34, 28))
    fr = g.pile_factory_rect(number)   # the factory on the tile's back: what it does
    pen.rect(fr, (120, 70, 150), radius=5)
    board_art.paint_effects(pen, data.factories.get(number, ()), (fr[0] + fr[2] / 2, fr[1] + fr[3] / 2), 22,
                            max_width=fr[2] - 6)
    if lowest:
        pen.rect((r[0] - 3, r[1] - 6, r[2] + 6, fr[1] + fr[3] - r[1] + 9), look.USABLE, width=2, radius=6)
    elif not count:
        pen.veil((r[0], r[1], r[2], r[3]), (40, 20, 16, 150))


def _returned(pen: Pen, numbers: tuple[int, ...]) -> None:
    fr = g.returned_factories_rect()
    pen.text("Returned", (fr[0], g.SUPPLY_Y + 12), LABEL, look.BOARD_INK, True, "midleft")
    for i, number in enumerate(numbers):
        pen.factory(g.returned_factory_rect(i), number)


def _supply_words(pen: Pen, words: str) -> None:
    pen.text(words, (14, g.AB_H - 13), LABEL, look.BOARD_INK, anchor="midleft")


def _q_card(pen: Pen, data: Data, card: str, r: g.WRect, up: bool) -> None:
    if up:
        pen.rect(r, (236, 226, 200), radius=6)
        pen.rect(r, (60, 120, 70), width=2.5, radius=6)
        _q_card_face(pen, data, card, r)
    else:
        pen.rect(r, (80, 34, 28), radius=6)
        pen.text("taken", (r[0] + r[2] / 2, r[1] + r[3] / 2), LABEL, (170, 120, 110))


def _end_bonus_pile(pen: Pen, count: int) -> None:
    r = g.end_bonus_pile_rect()
    pen.rect(r, (50, 70, 110), radius=6)
    pen.rect(r, (220, 200, 150), width=2, radius=6)
    pen.text(str(count), (r[0] + r[2] / 2, r[1] + r[3] / 2 - 8), 28, (240, 230, 200), True)
    pen.text("cards", (r[0] + r[2] / 2, r[1] + r[3] / 2 + 22), LABEL, (240, 230, 200))


def _q_card_face(pen: Pen, data: Data, card: str, r: g.WRect) -> None:
    """A face-up ? card: its ? token, its picture and its words (at most two
    short lines; the tooltip names the card in full). A tall card shows the
    words under the picture, a low one (two rows of cards) beside it."""
    x, y, w, h = r
    if h >= 80:
        pen.qtoken((x + 16, y + 16), 11)
        _q_card_picture(pen, data, card, (x + w / 2, y + h * 0.4), w - 8)
        _q_card_words(pen, Q_CARD_GLYPH.get(card, card), (x + w / 2, y + h - 14), w - 4, up=True)
        return
    pic_w = min(52.0, w - 86)   # the words keep 78 units: "revalue", "#9 loco" on one line
    pen.qtoken((x + 10, y + 10), 8)
    _q_card_picture(pen, data, card, (x + 4 + pic_w / 2, y + h / 2 + 4), pic_w)
    words_x, words_w = x + pic_w + 6, w - pic_w - 8
    _q_card_words(pen, Q_CARD_GLYPH.get(card, card), (words_x + words_w / 2, y + h / 2), words_w, up=False)


def _q_card_words(pen: Pen, words: str, at: tuple[float, float], width: float, up: bool) -> None:
    """Words on one or two lines: ending at `at` (`up`), or centred on it."""
    lines = pen.wrap(words, LABEL, width)[:2]
    top = at[1] - (len(lines) - 1) * (20 if up else 10)
    for j, line in enumerate(lines):
        pen.text(line, (at[0], top + j * 20), LABEL, look.INK, False, max_width=width)


def _q_card_picture(pen: Pen, data: Data, card: str, c: tuple[float, float], width: float = 72) -> None:
    """A ? card's picture, at most `width` wide (a low card's picture is smaller)."""
    x, y = c
    k = min(1.0, width / 56)
    if card == "engineer":
        pen.rect((x - 26 * k, y - 16 * k, 30 * k, 32 * k), look.AREA_FILL["engineer"], radius=4 * k)
        pen.glyph(f"#{data.card_engineer}", (x - 11 * k, y), 11 * k, look.INK)
        pen.coin((x + 16 * k, y), 10 * k)
    elif card == "black_worker":
        pen.pawn((x, y), 34 * k, look.BLACK_WORKER, (200, 200, 200))
    elif card == "loco9":
        pen.loco((x - 26 * k, y - 16 * k, 52 * k, 34 * k), data.card_loco)
    else:  # the four-actions card shows its three actions; its label says one comes again
        effects = tuple(e for e in data.q_cards[card].effects if e.kind != "repeat_one")
        board_art.paint_effects(pen, effects, c, 22 * k, max_width=min(72, width))


def _shown(sid: str, last: bool) -> bool:
    """The Last Round space only in the last round, the turn-order spaces otherwise."""
    if sid == "LAST":
        return last
    return not (sid.startswith("TO-") and last)


def draw_highlights(pen: Pen, data: Data, mode: str, state: Any, sel: Any) -> None:
    """Usable spaces outlined, closed ones dimmed, drawn every frame over the
    cached boards (action and coal): when a turn starts or ends some thirty
    spaces change at once, and painting them into the boards' pictures cost
    as much as painting the boards whole."""
    if not sel.usable and not sel.blocked:
        return
    last = state.is_last_round()
    for sid, r in space_rects(data, mode).items():
        if sid in sel.usable or sid in sel.blocked:
            if _shown(sid, last):
                _highlight(pen, r, "usable" if sid in sel.usable else "blocked")


def _highlight(pen: Pen, r: g.WRect, look_now: str) -> None:
    if look_now == "usable":
        pen.rect((r[0] - 3, r[1] - 3, r[2] + 6, r[3] + 6), look.USABLE, width=3, radius=10)
    elif look_now == "blocked":
        pen.veil(r, (20, 10, 8, 120))


def draw_hover(pen: Pen, data: Data, mode: str, state: Any, sel: Any) -> None:
    """The space under the mouse, drawn every frame over the cached board."""
    sid = sel.hover_space
    r = space_rects(data, mode).get(sid) if sid else None
    if r is None or not _shown(sid, state.is_last_round()):
        return
    if sid in sel.usable:
        pen.veil(r, (255, 236, 150, 70))
        pen.rect((r[0] - 3, r[1] - 3, r[2] + 6, r[3] + 6), look.USABLE, width=4, radius=10)
    elif sid in sel.blocked:
        pen.rect(r, theme.BAD, width=2, radius=8)


def _coal_table(pen: Pen, data: Data, state: Any) -> None:
    """The face-up foundries, the face-down pile (boilermen) and the coal supply."""
    for i, fid in enumerate(state.coal.display):
        draw_foundry(pen, data, g.foundry_display_rect(i), fid, False, 1.0)
    r = g.foundry_pile_rect()
    pen.rect(r, (60, 40, 34), radius=8)
    pen.rect(r, look.BOARD_EDGE, width=2, radius=8)
    pen.boilerman((r[0] + 30, r[1] + r[3] / 2), 36)
    pen.text(f"{len(state.coal.pile)} face down", (r[0] + 60, r[1] + 26), LABEL, look.BOARD_INK, True, "midleft")
    pen.text(f"coal supply: {state.coal.supply}", (r[0] + 60, r[1] + 56), LABEL, look.BOARD_INK, True, "midleft")
