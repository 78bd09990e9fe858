"""The Russian Rails side panel (proposal, city, turn, demands, events,
players), the board tooltips and the status line. Everything is read from
the state and the controller; buttons call back into the controller."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from game.core.words import counted
from game.crayon import actions as A
from ui import theme
from ui.russian_rails.crayon_overlay import Overlay
from ui.russian_rails.demand_cards import LOOKS, PANEL_LOOKS, Look, card_height, draw_card
from ui.russian_rails.goods_icons import draw_legend, legend_width
from ui.russian_rails.panel_kit import Button, Hotspot, PanelCursor, wrapped
from ui.russian_rails.render import style_for
from ui.russian_rails.turn_watch import draw_turn_watch

if TYPE_CHECKING:
    from ui.russian_rails.controller import Controller

__all__ = ["HIDDEN", "PanelCursor", "cash_label", "draw_dock", "draw_main", "draw_players",
           "event_marks", "milepost_tip", "status_line"]

TERRAIN_WORDS = {"clear": "Clear", "mountain": "Mountain", "alpine": "Alpine", "marsh": "Marshland",
                 "small_city": "Small city", "medium_city": "Medium city", "major_city": "Major City",
                 "ferry_port": "Ferry port"}
WEATHER_RING = (90, 150, 235)
FLOOD_LINE = (150, 90, 40)
MAX_EVENTS_SHOWN = 4  # events listed in full in the panel; the rest are counted


def draw_main(cur: PanelCursor, ctl: "Controller", with_cards: bool, with_train: bool = False) -> None:
    """The column a player reads first: the turn's controls, then (wide
    panel) the demand cards, the events in play, then the train (a tall wide
    panel) and, while someone else plays, their turn; or the players and the
    train (narrow panel)."""
    mode = ctl.mode()
    _mode_row(cur, ctl, mode, narrow=not with_cards)
    _proposal(cur, ctl)
    if ctl.picking_rows(cur, mode):  # picking on the map for a game's own move: only its rows
        pass
    else:
        if mode == "decide":
            _decision(cur, ctl)
        if mode in ("move", "build"):
            _city(cur, ctl)
        if mode in ("move", "build", "place", "done"):
            _turn(cur, ctl, mode)
        ctl.game_rows(cur, mode)
    if with_cards:
        _demands(cur, ctl)
        _hint(cur, ctl)
        below = cur.measure(("train", ctl.version(), mode, ctl.demands_seat()),
                            lambda c: _train(c, ctl, mode)) if with_train else 0
        _events(cur, ctl, fit=True, below=below)  # chips, when in full they would push the train out
        if with_train:  # a tall wide panel: the players' column leaves the log more height
            _train(cur, ctl, mode)
        draw_turn_watch(cur, ctl)  # the wide panel's free height tells what the player at the table is doing
        return
    # narrow panel: the loco cards, one line each, and the next locos' table (or the upgrade buttons on
    # the player's turn) right under the turn's controls, then every player, then the events (one line
    # each when short of room): nothing a short window needs below the fold
    _train(cur, ctl, mode, compact=True)
    _hint(cur, ctl)
    _players(cur, ctl, fit=True)
    _events(cur, ctl, fit=True)


DOCK_CAPTION_H = 24  # the dock's caption line above the cards
DOCK_GAP = 10


def dock_card_width(dock_w: int, cards: int) -> int:
    cards = max(1, cards)
    return (dock_w - 24 - (cards - 1) * DOCK_GAP) // cards


def dock_height(dock_w: int, deck: Any, cards: int) -> int:
    """The strip under the map: its caption and one row of `cards` cards."""
    return DOCK_CAPTION_H + card_height(dock_card_width(dock_w, cards), deck) + 8


def draw_players(cur: PanelCursor, ctl: "Controller", with_train: bool) -> None:
    """The wide panel's second column above the log: every player, and the
    train unless the first column has it."""
    _players(cur, ctl)
    if with_train:
        _train(cur, ctl, ctl.mode())


def draw_dock(cur: PanelCursor, ctl: "Controller") -> None:
    """The demand cards side by side in the strip under the map (a hand
    larger than the game's usual one, while a card is being given back, is
    drawn narrower and may scroll)."""
    seat = ctl.demands_seat()
    if seat is None:
        return
    st = ctl.state
    r = cur.rect
    legend = draw_legend(cur.surface, (r.right - 12 - legend_width(), r.y + 3), legend_width())
    theme.draw_text(cur.surface, f"{st.name(seat)}'s demand cards · point at a demand for its route",
                    (r.x + 12, r.y + 5), 13, theme.TEXT_DIM, max_width=legend.x - r.x - 24)
    hand = st.players[seat].hand
    w = dock_card_width(r.width, len(hand))
    y = r.y + DOCK_CAPTION_H
    for k, card in enumerate(hand):
        rect = pygame.Rect(r.x + 12 + k * (w + DOCK_GAP), y, w, card_height(w, st.data.demands))
        _card(cur, ctl, seat, card, rect)
    cur.y = rect.bottom if hand else y


# Sections ----------------------------------------------------------------------

def _mode_row(cur: PanelCursor, ctl: "Controller", mode: str, narrow: bool = False) -> None:
    """The Move and Build switch, or the status line: the narrow panel leaves "Waiting for…" to the top
    bar, which says it too, to keep its height for the players."""
    if mode in ("move", "build") and ctl.can_move():
        cur.buttons_row([
            ("● Move (M)" if mode == "move" else "Move (M)", lambda: ctl.set_mode("move"), True,
             "Click a milepost to preview a move"),
            ("● Build (B)" if mode == "build" else "Build (B)", lambda: ctl.set_mode("build"), True,
             "Draw track; you cannot move any more once you build"),
        ])
    if mode in ("decide", "place", "done") or (mode == "wait" and not narrow):
        cur.text(status_line(ctl), 14, theme.TEXT_DIM)


def _proposal(cur: PanelCursor, ctl: "Controller") -> None:
    st = ctl.state
    q = ctl.build.quote
    if ctl.build.path and q is not None:
        cur.rule()
        cur.heading("Proposed track" + (" (cheapest route)" if ctl.build.suggested else ""))
        costs = [str(s.cost) for s in q.segments if s.builds and not s.reason]
        free = sum(1 for s in q.segments if not s.builds and not s.reason)
        if costs:
            line = " + ".join(costs) if len(costs) <= 12 else " + ".join(costs[:11]) + " + …"
            cur.text(f"{counted(len(costs), 'section')}: {line} = {q.total}M", 14)
        if free:
            cur.text(f"{counted(free, 'step')} along existing track or red areas (free).", 13,
                     theme.TEXT_DIM)
        cur.text(f"Budget left this turn after it: {q.budget_left}M  ·  cash {st.players[ctl.seat].cash}M", 14)
        if q.reason:
            cur.text(q.reason, 14, theme.BAD, True)
        cur.buttons_row([(f"Build {q.total}M (Enter)", ctl.confirm, q.legal, "Build this track"),
                         ("Clear (Esc)", ctl.clear, True, "Forget this proposal")])
    elif ctl.build.path:
        cur.rule()
        cur.text(f"Track starts at {ctl.state.place(ctl.build.path[0])}: click or drag to the next milepost.", 14)
    plan = ctl.move.plan
    if plan is not None:
        cur.rule()
        cur.heading(f"Move to {ctl.state.place(ctl.move.target)}")
        if plan.legal:
            extra = []
            if plan.rent:
                names = ", ".join(st.name(o) for o in plan.rent_to)
                extra.append(f"rent {plan.rent}M to {names}")
            if plan.duty:
                extra.append(f"duty {plan.duty}M")
            if plan.halved:
                extra.append("enters bad weather: half speed")
            cur.text(f"{counted(plan.points_used, 'movement point')}, "
                     f"{plan.moves_left} left afterwards" + ("; " + "; ".join(extra) if extra else "") + ".", 14)
        else:
            cur.text(plan.reason, 14, theme.BAD, True)
        cur.buttons_row([("Go (Enter)", ctl.confirm, plan.legal and len(plan.path) >= 2, "Move the train"),
                         ("Clear (Esc)", ctl.clear, True, "Forget this move")])


def _decision(cur: PanelCursor, ctl: "Controller") -> None:
    st = ctl.state
    d = st.pending[0]
    cur.rule()
    title = st.decision_title(d)
    cur.heading(f"{title}: your choice")
    opts = st.decision_options(d)
    specs = [(_describe(st, a), (lambda a=a: ctl.submit(a)), True, "") for a in opts]
    cur.buttons_row(specs, opts)


def _city(cur: PanelCursor, ctl: "Controller") -> None:
    st, seat = ctl.state, ctl.seat
    p = st.players[seat]
    if st.phase != "operate" or st.building or p.position is None or p.on_ferry:
        return
    city = st.board.city_at.get(p.position)
    if city is None:
        return
    cur.rule()
    heading = f"At {city} · + = pick up (chips left)"  # a narrow column: only the city, the buttons' tips say it
    cur.heading(heading if len(wrapped(heading, 15, cur.width, True)) == 1 else f"At {city}")
    refusal = st.city_refusal(city)
    if refusal:
        cur.note(refusal, 13, theme.BAD)
    actions = st.load_actions(seat)
    specs = [(_describe(st, a), (lambda a=a: ctl.submit(a)), True, _load_tip(st, a)) for a in actions]
    if specs:
        cur.buttons_row(specs, actions)
    else:
        cur.text("Nothing to pick up, drop or deliver here.", 13, theme.TEXT_DIM)


def _load_tip(st: Any, a: Any) -> str:
    """What a pick-up button's number means (the city's heading may be too narrow to say it)."""
    left = st.supply.get(a.load) if isinstance(a, A.PickUp) else None
    return f"Pick up {a.load}: {counted(left, 'chip')} left" if left is not None else ""


def _turn(cur: PanelCursor, ctl: "Controller", mode: str) -> None:
    """End turn, discard and a game's own moves (the upgrades are buttons under the train)."""
    st, seat = ctl.state, ctl.seat
    p = st.players[seat]
    cur.rule()
    specs: list[tuple[str, Callable[[], object], bool, str]] = [
        ("End turn", lambda: ctl.submit(A.EndTurn()), True, "Finish your turn")]
    moves: list[object] = [A.EndTurn()]
    if st.phase == "operate" and not st.acted and mode != "done":
        specs.append(("Discard hand", lambda: ctl.scene.confirm(
            "Discard all three demand cards and draw new ones? This is your whole turn.",
            lambda: ctl.submit(A.DiscardHand())), True, "Instead of your turn: draw three new demand cards"))
        moves.append(A.DiscardHand())
    if mode != "done" and hasattr(st, "extra_actions"):  # a game's own moves (e.g. a loan)
        extra = st.extra_actions(seat)
        specs += [(_describe(st, a), partial(ctl.submit, a), True, "") for a in extra]
        moves += extra
    ferry = st.board.ferry_at(p.position) if p.position is not None else None
    if ferry is not None and mode == "move" and st.ferry_owners.get(ferry.name):
        specs.append((f"Board the {ferry.name}", lambda: ctl.submit(A.BoardFerry()), True,
                      "Stop here; next turn start at the far port at half rate"))
        moves.append(A.BoardFerry())
    cur.buttons_row(specs, moves)


def _demands(cur: PanelCursor, ctl: "Controller") -> None:
    st = ctl.state
    seat = ctl.demands_seat()
    if seat is None:
        return
    hand = st.players[seat].hand
    key = (st.name(seat), tuple(st.card_demands(card) for card in hand), tuple(hand), tuple(st.players[seat].loads),
           ctl.hover_demand, id(style_for(st.board)))
    cur.section("demands", key, partial(_demand_cards, cur, ctl, seat))


def _demand_cards(cur: PanelCursor, ctl: "Controller", seat: int) -> None:
    st = ctl.state
    cur.rule()
    cur.heading(f"{st.name(seat)}'s demand cards")
    cur.note("Point at a demand: where to get it, and the track still missing.", 13, theme.TEXT_DIM)
    cur.y = draw_legend(cur.surface, (cur.left, cur.y + 2), cur.width).bottom + 4
    for card in st.players[seat].hand:
        rect = pygame.Rect(cur.left, cur.y + 2, cur.width, card_height(cur.width, st.data.demands, PANEL_LOOKS))
        _card(cur, ctl, seat, card, rect, PANEL_LOOKS)
        cur.y = rect.bottom + 8


def _card(cur: PanelCursor, ctl: "Controller", seat: int, card: int, rect: pygame.Rect,
          looks: Sequence[Look] = LOOKS) -> None:
    st = ctl.state
    rows = draw_card(cur.surface, rect, card, st.card_demands(card), st.players[seat].loads, ctl.hover_demand,
                     style_for(st.board), st.data.demands, looks)
    cur.hotspots += [Hotspot(row.rect, row.key) for row in rows]


def _hint(cur: PanelCursor, ctl: "Controller") -> None:
    hint = ctl.current_hint()
    if hint is not None:
        for line in hint.lines:
            cur.text(line, 13, theme.HIGHLIGHT)


EVENT_FORMS = ("full", "lines", "chips", "row")  # the events' wordings, longest first (see `_event_rows`)


def _events(cur: PanelCursor, ctl: "Controller", fit: bool = False, below: int = 0) -> None:
    """The events in play; with `fit`, in the longest wording that leaves the
    `below` pixels written under them above the column's bottom (or chips,
    the shortest): the column need not scroll."""
    era, infos = _events_in_play(ctl)
    fitting = (f for f in EVENT_FORMS if cur.fits(_events_height(cur, era, infos, f) + below))
    form = next(fitting, EVENT_FORMS[-1]) if fit else EVENT_FORMS[0]
    cur.section("events", (era, tuple(infos), form), partial(_event_rows, cur, era, infos, form))


def _events_in_play(ctl: "Controller") -> tuple[str, list[Any]]:
    """The era's note and the events the panel lists."""
    st = ctl.state
    era = st.era_note() if hasattr(st, "era_note") else ""
    return era, [i for i in st.active_events() if i.kind != "communism_falls"]


def _event_rows(cur: PanelCursor, era: str, infos: list[Any], form: str) -> None:
    """Each event's title and rule written in full; or ("lines") its title on
    one line (its short title when another event in play has the same title:
    two "Solar Flares" looked alike), or ("chips") the short titles as chips,
    title and rule whole when pointed at, two a row ("row": one row, the rest
    counted)."""
    cur.rule()
    if form in ("chips", "row") and infos:
        if era:
            cur.note(era, 13, theme.TEXT_DIM)
        shown = MAX_EVENTS_SHOWN if form == "chips" else EVENT_CHIPS_A_ROW
        _event_chips(cur, infos[:shown], infos[shown:])
        return
    lines = form == "lines" and infos
    cur.heading("Events in play" + (" · point at one" if lines else "") if infos or era
                else "Events in play: none")
    if era:
        cur.text(era, 13, theme.TEXT_DIM)
    titles = [i.title for i in infos]
    for info in infos[:MAX_EVENTS_SHOWN]:
        if lines:
            name = info.title if titles.count(info.title) == 1 else info.label
            cur.cut_line(name, f"{info.title}: {_event_rule(info)}", 14, theme.TEXT, True)
            continue
        for line in wrapped(info.title, 14, cur.width, True):  # written in full: wrapped, never cut
            theme.draw_text(cur.surface, line, (cur.left, cur.y), 14, theme.TEXT, True)
            cur.y += 18
        cur.text(_event_rule(info), 13, theme.TEXT_DIM, indent=8)
    if len(infos) > MAX_EVENTS_SHOWN:
        cur.text(f"… and {len(infos) - MAX_EVENTS_SHOWN} more (see the game log).", 13, theme.TEXT_DIM)


def _event_rule(info: Any) -> str:
    return f"{info.forbids} ({info.until})"


EVENT_CHIP_H, EVENT_CHIP_GAP = 20, 3  # a chip of the events strip (13 px title) and the gap around it
EVENT_CHIPS_A_ROW = 2


def _event_chips(cur: PanelCursor, infos: list[Any], more: list[Any]) -> None:
    """"Events" and the events as chips beside it, two a row (four events take
    two lines), each named by its short title ("Snow: Urals": cut titles of
    one kind, "Heavy Snow in…", looked alike), cut only when its row is too
    narrow for both. A chip pointed at says its title and rule whole; it is
    never lit, as there is nothing to press. The events past those (`more`)
    are counted under "Events", beside the second row, and said when pointed
    at: a line of their own would not fit a short column. With one row of
    chips, the count ("+2") stands beside "Events"."""
    label = theme.draw_text(cur.surface, "Events", (cur.left, cur.y + 3), 14, theme.ACCENT, True)
    if more:
        if len(infos) > EVENT_CHIPS_A_ROW:
            at, words = (cur.left, cur.y + EVENT_CHIP_H + EVENT_CHIP_GAP + 2), f"+{len(more)} more"
        else:
            at, words = (label.right + 4, cur.y + 4), f"+{len(more)}"
        count = theme.draw_text(cur.surface, words, at, 13, theme.TEXT_DIM)
        label = label.union(count)
        rules = " · ".join(f"{i.title}: {_event_rule(i)}" for i in more)
        cur.tip(count.inflate(0, 4), words, f"Also in play: {rules}")
    x0 = label.right + 8
    room = cur.left + cur.width - x0
    for top in range(0, len(infos), EVENT_CHIPS_A_ROW):
        row = infos[top:top + EVENT_CHIPS_A_ROW]
        wants = [theme.font(13).size(i.label)[0] + 16 for i in row]
        x = x0
        for info, w in zip(row, _shares(wants, room - EVENT_CHIP_GAP * (len(row) - 1))):
            chip = pygame.Rect(x, cur.y, w, EVENT_CHIP_H)
            pygame.draw.rect(cur.surface, (62, 53, 44), chip, border_radius=EVENT_CHIP_H // 2)
            pygame.draw.rect(cur.surface, theme.PANEL_EDGE, chip, 1, border_radius=EVENT_CHIP_H // 2)
            theme.draw_text(cur.surface, info.label, (chip.x + 8, chip.y + 2), 13, theme.TEXT,
                            max_width=chip.width - 14)
            cur.tip(chip, info.title, f"{info.title}: {_event_rule(info)}")
            x = chip.right + EVENT_CHIP_GAP
        cur.y += EVENT_CHIP_H + EVENT_CHIP_GAP


def _shares(wants: list[int], room: int) -> list[int]:
    """Widths for things wanting `wants` pixels in `room`: the narrow ones get
    what they want, the wide ones share what is left equally."""
    out = list(wants)
    left = room
    by_width = sorted(range(len(wants)), key=wants.__getitem__)
    for k, i in enumerate(by_width):
        out[i] = min(wants[i], left // (len(by_width) - k))
        left -= out[i]
    return out


def _events_height(cur: PanelCursor, era: str, infos: list[Any], form: str) -> int:
    """How tall `_event_rows` writes them (measured by writing them unseen)."""
    return cur.measure(("events", era, tuple(infos), form), partial(_event_rows, era=era, infos=infos, form=form))


def _players(cur: PanelCursor, ctl: "Controller", fit: bool = False) -> None:
    """A row per player, each kept as a picture until what it shows changes (a build changes one row at most).
    `fit` (the narrow column, the events' titles under it): when the rows written in full would push the
    events out of the column at its tallest (the player's own turn late in the game), each row is one line,
    what it cuts said when pointed at."""
    st = ctl.state
    viewer = ctl.viewer()
    cur.rule()
    cur.heading("Players · click one: their cards")
    majors = sum(1 for c in st.board.cities.values() if c.size == "major")
    rows = []
    for i, p in enumerate(st.players):
        extra = f" · loses {p.lost_turns} turn" if p.lost_turns else ""
        joined, trains = f"{ctl.majors_of(i)}/{majors}", _trains_words(st, i) + extra
        rows.append((("▶ " if st.current_player() == i else "") + st.name(i), f"{joined} majors · {trains}",
                     cash_label(st, viewer, i), theme.seat_rgb(ctl.scene.session.seats[i]),
                     ctl.demands_seat() == i, f"{joined} · {trains}"))
    below = _events_height(cur, *_events_in_play(ctl), EVENT_FORMS[-1]) if fit else 0
    one_line = fit and not cur.fits(sum(_player_height(cur, row[1], False) for row in rows) + below)
    for i, row in enumerate(rows):
        cur.section(f"player {i}", (row, one_line), partial(_player_row, cur, ctl, i, *row, one_line))


PLAYER_LINE = 20  # a player row's first line (name and cash); each wrapped line of words adds 17


def _player_height(cur: PanelCursor, words: str, one_line: bool) -> int:
    return PLAYER_LINE + (0 if one_line else 17 * len(wrapped(words, 13, cur.width - 18, False)))


def _player_row(cur: PanelCursor, ctl: "Controller", seat: int, name: str, words: str, cash: str,
                colour: tuple[int, int, int], shown: bool, brief: str, one_line: bool) -> None:
    """Name and cash, then `words` (majors connected, trains and loads) wrapped under them, or with
    `one_line` `brief` (the same, the majors as a bare count) cut between them, `words` when pointed at."""
    y = cur.y + 2  # the row's lit fill begins at the section's top
    row = pygame.Rect(cur.left - 4, y - 2, cur.width + 8, _player_height(cur, words, one_line))
    if shown:
        cur.surface.fill((66, 56, 44), row)
    pygame.draw.circle(cur.surface, colour, (cur.left + 6, y + 8), 6)
    drawn = theme.draw_text(cur.surface, name, (cur.left + 18, y), 14, theme.TEXT, True, max_width=cur.width // 2)
    shown_cash = "hidden" if one_line and cash == HIDDEN else cash  # one line: the words need the width
    money = theme.draw_text(cur.surface, shown_cash, (cur.left + cur.width, y + (1 if one_line else 0)),
                            13 if one_line else 14, theme.ACCENT if cash != HIDDEN else theme.TEXT_DIM,
                            not one_line, anchor="topright")
    tip = f"{ctl.state.name(seat)}: {words} · {cash if cash == HIDDEN else 'cash ' + cash}" if one_line else ""
    if one_line:  # between the name and the cash, cut with an ellipsis
        theme.draw_text(cur.surface, brief, (drawn.right + 8, y + 1), 13, theme.TEXT_DIM,
                        max_width=money.left - drawn.right - 16)
    else:
        for k, line in enumerate(wrapped(words, 13, cur.width - 18, False)):  # wrapped, never cut
            theme.draw_text(cur.surface, line, (cur.left + 18, y + 18 + 17 * k), 13, theme.TEXT_DIM)
    # Clicking a player shows their (face-up) demand cards.
    cur.buttons.append(Button(row, ctl.state.name(seat), partial(ctl.show_demands_of, seat), True, tip))
    cur.y = row.bottom


def _train(cur: PanelCursor, ctl: "Controller", mode: str = "", compact: bool = False) -> None:
    """The loco cards of the player whose cards are shown (both trains with
    Lunar Rails' Additional Trains): level, speed and capacity (`compact`:
    on one line); then the upgrades of the train being run: buttons, when
    given the turn's `mode` in which the player shown may upgrade now, or
    else the next locos' table, with the cards left in the bank when they
    are limited."""
    st = ctl.state
    seat = ctl.demands_seat()
    if seat is None:
        return
    rules = st.rules
    trains = _trains(st, seat)
    cur.rule()
    cur.heading(f"{st.name(seat)}'s {'trains' if len(trains) > 1 else 'train'}")
    for name, loads, running in trains:
        loco = rules.loco(name)
        role = "" if len(trains) == 1 else "running" if running else "parked"
        _train_box(cur, st, loco, role, None if running or len(trains) == 1 else loads, compact)
    running_loco = rules.loco(trains[0][0])
    nexts_of = rules.upgrades_from(running_loco.name)
    if not nexts_of:
        cur.text("The fastest train: no upgrade left.", 13, theme.TEXT_DIM)
        return
    if seat == ctl.seat and mode in ("move", "build", "place"):
        details = _next_details(st, nexts_of)
        cur.text(f"Upgrade the {running_loco.name}:", 13, theme.TEXT_DIM)
        cur.buttons_row([(f"{lc.name} {st.upgrade_price(seat, lc.name)}M", partial(ctl.submit, A.Upgrade(lc.name)),
                          not st.upgrade_refusal(seat, lc.name),
                          st.upgrade_refusal(seat, lc.name) or ": ".join(details[lc.name])) for lc in nexts_of],
                        [A.Upgrade(lc.name) for lc in nexts_of])
    else:
        _next_table(cur, st, seat, nexts_of)


def _next_details(st: Any, nexts_of: Sequence[Any]) -> dict[str, tuple[str, str]]:
    details = {}
    for lc in nexts_of:
        n = st.locos_left(lc.name)
        left = (f", {n} of {lc.cards} cards left" if n else ", no card left") if lc.cards else ""
        details[lc.name] = (f"level {lc.level}", f"speed {_speed(st, lc)}, {lc.capacity} loads{left}")
    return details


NEXT_ROW = 17  # a row of the next locos' table (13 px text)
NEXT_COLUMNS = (("price", 146), ("speed", 96), ("loads", 46), ("cards", 0))  # label, right edge from the right


def _next_table(cur: PanelCursor, st: Any, seat: int, nexts_of: Sequence[Any]) -> None:
    """The next locos, one line each (price, speed, loads, cards left in the bank when they are limited):
    a short window keeps them in view; a row pointed at says it in words."""
    details = _next_details(st, nexts_of)
    columns: tuple[tuple[str, int], ...] = NEXT_COLUMNS
    right = cur.left + cur.width
    if not any(lc.cards for lc in nexts_of):  # no card limit: no cards column, the others move right
        columns, right = NEXT_COLUMNS[:-1], right + NEXT_COLUMNS[2][1]
    for label, back in columns:
        theme.draw_text(cur.surface, label, (right - back, cur.y), 13, theme.TEXT_DIM, anchor="topright")
    cur.y += NEXT_ROW
    for lc in nexts_of:
        price = st.upgrade_price(seat, lc.name)
        n = st.locos_left(lc.name)
        left = (f"{n}/{lc.cards}" if n else "none") if lc.cards else ""
        cells = (f"{price}M", str(_speed(st, lc)), str(lc.capacity), left)
        theme.draw_text(cur.surface, lc.name, (cur.left, cur.y), 13, theme.TEXT, True,
                        max_width=right - NEXT_COLUMNS[0][1] - 40 - cur.left)
        for k, ((_label, back), cell) in enumerate(zip(columns, cells)):
            theme.draw_text(cur.surface, cell, (right - back, cur.y), 13, theme.ACCENT if k == 0 else theme.TEXT,
                            anchor="topright")
        level, rest = details[lc.name]
        row = pygame.Rect(cur.left, cur.y, cur.width, NEXT_ROW)
        cur.tip(row, lc.name, f"{lc.name} ({level}) for {price}M: {rest}")
        cur.y += NEXT_ROW


def _trains(st: Any, seat: int) -> list[tuple[str, list[str], bool]]:
    """(loco, loads, being run now) for each train of `seat`, the running one first."""
    listed = getattr(st, "train_list", None)
    if listed is None:
        p = st.players[seat]
        return [(p.loco, list(p.loads), True)]
    return [(loco, loads, running) for loco, loads, _at, running in listed(seat)]


def _trains_words(st: Any, seat: int) -> str:
    """Each train of `seat` with its loads, for the player rows."""
    trains = _trains(st, seat)
    if len(trains) == 1:
        name, loads, _running = trains[0]
        return f"{name} · {_loads_words(loads)}"
    return " · ".join(f"{name}: {_loads_words(loads)}" for name, loads, _running in trains)


def _loads_words(loads: Sequence[str]) -> str:
    """"Oil ×2, Beer": a load carried twice is named once, so a row seldom needs a second line."""
    if not loads:
        return "no loads"
    counts = {load: loads.count(load) for load in loads}  # in the order first carried
    return ", ".join(load if n == 1 else f"{load} ×{n}" for load, n in counts.items())


def _train_box(cur: PanelCursor, st: Any, loco: Any, role: str, loads: list[str] | None,
               compact: bool = False) -> None:
    """One loco card, with its `role` (running or parked) when the player has two; `loads` (a parked
    train's) adds a line naming what it carries; `compact` writes its speed and capacity on the name's
    line (a short panel; the next locos' prices below tell the level; the running train comes first)."""
    top = 28 if compact else 48
    box = pygame.Rect(cur.left, cur.y, cur.width, top if loads is None else top + 18)
    pygame.draw.rect(cur.surface, (62, 53, 44), box, border_radius=6)
    pygame.draw.rect(cur.surface, theme.PANEL_EDGE, box, 1, border_radius=6)
    name = theme.draw_text(cur.surface, loco.name, (box.x + 10, box.y + 6), 15, theme.TEXT, True,
                           max_width=box.width // 2)
    if compact:
        theme.draw_text(cur.surface, f"speed {_speed(st, loco)} · {loco.capacity} loads",
                        (box.right - 10, box.y + 7), 13, theme.ACCENT, anchor="topright",
                        max_width=box.right - 24 - name.right)
    else:
        tag = f"level {loco.level}" + (f" · {role}" if role else "")
        theme.draw_text(cur.surface, tag, (box.right - 10, box.y + 7), 13, theme.TEXT_DIM, anchor="topright",
                        max_width=box.width // 2 - 14)
        theme.draw_text(cur.surface, f"speed {_speed(st, loco)} mileposts · carries {loco.capacity} loads",
                        (box.x + 10, box.y + 27), 13, theme.ACCENT, max_width=box.width - 20)
    if loads is not None:
        parked = "parked · " if compact else ""  # (the running train is the first)
        theme.draw_text(cur.surface, f"{parked}loads: {', '.join(loads) if loads else 'none'}",
                        (box.x + 10, box.y + top - 3), 13, theme.TEXT_DIM, max_width=box.width - 20)
    cur.y = box.bottom + 6


def _speed(st: Any, loco: Any) -> int:
    return int(loco.fast_speed if st.options.get("fast_trains") else loco.speed)


# Helpers -----------------------------------------------------------------------

HIDDEN = "cash hidden"


def cash_label(st: Any, viewer: int | None, seat: int) -> str:
    """A player's cash as the viewer may see it: hidden from other players in
    hot-seat play until the Rail Tax has made everyone's cash public."""
    if st.cash_public or viewer is None or viewer == seat:
        return f"{st.players[seat].cash}M"
    return HIDDEN

def _describe(st: Any, a: Any) -> str:
    if hasattr(a, "label"):  # a game's own move says what it is
        return str(a.label(st))
    if isinstance(a, A.PickUp):
        left = st.supply.get(a.load)
        return f"+ {a.load}" + (f" ({left})" if left is not None else "")
    if isinstance(a, A.Drop):
        return f"Drop {a.load}"
    if isinstance(a, A.Deliver):
        d = st.card_demands(a.card)[a.index]
        return f"Deliver {d.load} {d.payout}M"
    if isinstance(a, A.DeliverSpecial):
        return "Deliver the special demand"
    if isinstance(a, A.ReturnLoad):
        return f"Give back {a.load}"
    if isinstance(a, A.ScandalPick):
        if not a.load:
            return "Take nothing"
        return f"Take {a.load}" + (f" (dump {a.dump})" if a.dump else "")
    return type(a).__name__


def event_marks(state: Any, ov: Overlay) -> None:
    """Mark what events in play affect: weather areas (as the rules engine
    computes them) and flooded rivers."""
    weather = state.event_zones() if hasattr(state, "event_zones") else state.weather_mileposts()
    if weather:
        ov.zones.append((tuple(weather), WEATHER_RING))
    for ev in state.active:
        spec = state.active_spec(ev)
        if spec.kind == "flood":
            ov.rivers += [(name, FLOOD_LINE) for name in spec.get("rivers", ()) or ()]


def milepost_tip(state: Any, h: Any) -> str:
    board = state.board
    kind = board.mileposts.get(h)
    if kind is None:
        return ""
    cost = state.rules.terrain_cost.get(kind, 0)
    city = board.city_at.get(h)
    region = board.region_of.get(h, "")
    if city:
        c = board.cities[city]
        goods = ", ".join(c.goods) if c.goods else "no goods"
        text = f"{city} ({TERRAIN_WORDS[kind].lower()}, {region}): {goods}. Building to it costs {cost}M."
    else:
        text = f"{TERRAIN_WORDS.get(kind, kind)} milepost in {region}: {cost}M to build to."
    owners = sorted({owner for pair, owner in state.track.items() if h in pair})
    if owners:
        text += " Track here: " + ", ".join(state.name(i) for i in owners) + "."
    here = [state.name(i) for i, p in enumerate(state.players) if p.position == h]
    if here:
        text += " Train here: " + ", ".join(here) + "."
    return text


def status_line(ctl: "Controller") -> str:
    mode = ctl.mode()
    st = ctl.state
    if mode == "wait":
        seat = ctl.seat
        if seat is None:
            return "Game over."
        if ctl.scene.replaying:
            return f"Replay: {st.name(seat)} moves next. Step with ← and →."
        return f"Waiting for {st.name(seat)}…"
    if mode == "decide":
        return f"{ctl.state.decision_title(ctl.state.pending[0])}: answer with the buttons in the panel."
    if mode == "place":
        return "Click any city to put your train there."
    if mode == "done":
        return "Your turn is over: press End turn."
    if mode == "move":
        return (f"Move: click a milepost on the track ({counted(st.moves_left, 'milepost')} left), click it again or "
                f"press Enter to go. B = build.")
    left = st.rules.build_budget - st.spent
    return (f"Build ({left}M left): drag or click from your track or a Major City; "
            f"right-click or R = cheapest route to a milepost.")
