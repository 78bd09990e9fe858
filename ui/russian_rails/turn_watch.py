"""While someone else plays (a computer, or a replayed turn), the first
column's free height under the train tells what that player is doing: where
its train stands and what it carries, what its face-up demand cards pay for
those loads, how much of the turn is used, and its moves this turn (or its
last turn's, before it has made one). Only what fits is drawn: the section
never makes the column scroll."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import pygame

from game.core.words import counted
from game.crayon import actions as A
from ui import theme
from ui.russian_rails.panel_kit import PanelCursor, wrapped

if TYPE_CHECKING:
    from ui.russian_rails.controller import Controller

LINE_SIZE = 13
LINE_H = LINE_SIZE + 4  # the cursor's line step for 13 px text
NO_BREAK = "\u00a0"  # a demand wraps as a whole onto the next line
INDENT = 8  # lists under their title
MIN_ROOM = 90  # below this the heading and two facts would be all: leave the column as it is
HEADING_SIZE = 15  # the player's name
DOT_R = 6  # the seat's colour dot before the name
NAME_X = 2 * DOT_R + 6  # the name starts 6 px right of the dot
HEADING_H = 21  # 15 px text and its gap to the facts
TURN_ENDS = (A.EndTurn, A.DiscardHand)  # the actions after which the next turn begins


def draw_turn_watch(cur: PanelCursor, ctl: "Controller") -> None:
    """The acting player's turn, in the room left at the column's bottom:
    the facts, its moves (the latest that fit) and, when there is room for
    all of them besides and the column above does not show them, its demand
    cards."""
    seat = ctl.seat
    if seat is None or ctl.mode() != "wait" or cur.rect.bottom - cur.y < MIN_ROOM:
        return
    st = ctl.state
    cur.rule()
    _heading(cur, st.name(seat), theme.seat_rgb(ctl.scene.session.seats[seat]))
    for fact in [train_words(st, seat), turn_words(st), *load_words(st, seat)]:
        _lines(cur, wrapped(fact, LINE_SIZE, cur.width, False), theme.TEXT_DIM)
    title, moves = turn_moves(ctl.scene.session, seat)
    entries = [wrapped(text, LINE_SIZE, cur.width - INDENT, False) for text in moves]
    cards = [line for text in card_words(st, seat) for line in wrapped(text, LINE_SIZE, cur.width - INDENT, False)
             ] if ctl.demands_seat() != seat else []  # not twice when the column shows its cards already
    moves_h = (1 + sum(map(len, entries))) * LINE_H if entries else 0
    if cards and _fits(cur, 1 + len(cards), moves_h):
        _lines(cur, ("Its demand cards:",), theme.ACCENT)
        _lines(cur, cards, theme.TEXT_DIM, INDENT)
    if not entries or not _fits(cur, 2):
        return
    _lines(cur, (title,), theme.ACCENT)
    room = (cur.rect.bottom - 8 - cur.y) // LINE_H
    left_out = 0
    while sum(map(len, entries)) + (left_out > 0) > room and entries:  # the latest moves that fit
        entries.pop(0)
        left_out += 1
    rows = [f"… and {left_out} earlier (see the game log)" if entries  # none fits: say how many, not "and"
            else f"{counted(left_out, 'move')} (see the game log)"] if left_out else []
    _lines(cur, rows + [line for lines in entries for line in lines], theme.TEXT, INDENT)


def _heading(cur: PanelCursor, name: str, colour: tuple[int, int, int]) -> None:
    cur.y += 4  # a gap under the rule
    pygame.draw.circle(cur.surface, colour, (cur.left + DOT_R, cur.y + HEADING_SIZE // 2 + 2), DOT_R)
    theme.draw_text(cur.surface, f"{name}'s turn", (cur.left + NAME_X, cur.y), HEADING_SIZE, theme.ACCENT, True,
                    max_width=cur.width - NAME_X)
    cur.y += HEADING_H


def _fits(cur: PanelCursor, lines: int, below: int = 0) -> bool:
    """`lines` more text lines fit, with `below` pixels still free under them."""
    return cur.y + lines * LINE_H + below <= cur.rect.bottom - 8


def _lines(cur: PanelCursor, lines: Sequence[str], colour: tuple[int, int, int], indent: int = 0) -> None:
    """Each line that still fits above the column's bottom."""
    for line in lines:
        if not _fits(cur, 1):
            return
        theme.draw_text(cur.surface, line, (cur.left + indent, cur.y), LINE_SIZE, colour,
                        max_width=cur.width - indent)  # a demand wider than the column ends in "…"
        cur.y += LINE_H


def train_words(st: Any, seat: int) -> str:
    """Where the seat's train is and what it carries."""
    p = st.players[seat]
    loads = ", ".join(p.loads) if p.loads else "no loads"
    if p.on_ferry:
        return f"{p.loco} crossing on the {p.on_ferry} · {loads}"
    if p.position is None:
        return f"{p.loco}, not on the map yet"
    return f"{p.loco} at {st.place(p.position)} · {loads}"


def card_words(st: Any, seat: int) -> list[str]:
    """Each face-up demand card of the seat on one line: load to city, payout."""
    return [" · ".join(f"{d.load} to {d.city} {d.payout}M".replace(" ", NO_BREAK) for d in st.card_demands(card))
            for card in st.players[seat].hand]


def turn_words(st: Any) -> str:
    """How much of the turn is used: the building budget, the movement points."""
    built = f"{st.spent}M of {st.rules.build_budget}M built"
    if st.phase != "operate":
        return f"Building rounds: {built} this turn"
    if st.building:
        return f"Building now (no more moving): {built}"
    return f"{counted(st.moves_left, 'movement point')} left · {built}"


def load_words(st: Any, seat: int) -> list[str]:
    """For each load carried, the best payout its own (face-up) demand cards offer."""
    p = st.players[seat]
    demands = [d for card in p.hand for d in st.card_demands(card)]
    words = []
    for load in dict.fromkeys(p.loads):
        best = max((d for d in demands if d.load == load), key=lambda d: d.payout, default=None)
        words.append(f"{load}: {best.city} pays {best.payout}M on its cards" if best is not None
                     else f"{load}: wanted by none of its cards")
    return words


def turn_moves(session: Any, seat: int) -> tuple[str, list[str]]:
    """The seat's log lines since its turn began; before it has made a move,
    those of its last turn (up to and with the move that ended it)."""
    actions, actors = session.actions, session.actors
    begin = _turn_start(actions, actors, seat, len(actions))
    title, first, last = "This turn so far:", begin, len(actions)
    if begin == len(actions):  # nothing done yet this turn: the seat's last turn
        end = next((i for i in range(begin - 1, -1, -1)
                    if actors[i] == seat and isinstance(actions[i], TURN_ENDS)), None)
        if end is None:
            return "", []
        title, first, last = "Its last turn:", _turn_start(actions, actors, seat, end), end + 1
    lines = []
    for entry in reversed(session.log):  # the newest first: stop at the turn's beginning
        if entry.action_index < first:
            break
        if entry.seat == seat and entry.action_index < last:
            lines.append(entry.text)
    return title, lines[::-1]


def _turn_start(actions: Sequence[Any], actors: Sequence[int | None], seat: int, end: int) -> int:
    """The first action of the seat's turn that runs up to (not with) action `end`."""
    start = end
    while start and actors[start - 1] == seat and not isinstance(actions[start - 1], TURN_ENDS):
        start -= 1
    return start
