"""Turns the engine's legal actions into things to click on the table.

Every decision the engine offers (legal_actions) gets a place on the board:
an action space to outline, a track space to advance to, a locomotive slot, a
factory gap, a ? token or card... A few choices without a natural place on the
board (starting bonus, End Bonus, "once more") become cards in a chooser.
Pure: reads the state, returns a `Choices`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.actions import Action
from game.russian_railroads import actions as A
from game.russian_railroads.board_rules import extension_text
from game.russian_railroads.data import ANY, Data
from game.russian_railroads.effects import REPEATABLE, describe
from game.russian_railroads.queries import loco_preview, space_states
from game.russian_railroads.scoring import end_bonus_points
from game.russian_railroads.spaces import space_label
from game.russian_railroads.tracks import doublers_on
from ui.russian_railroads import geometry as g
from ui.russian_railroads import look
from ui.russian_railroads.places import space_rects
from ui.russian_railroads.player_pieces import QTOKEN_R, qtoken_center
from ui.russian_railroads.render import Board, Target

GREEN = look.TARGET
ORANGE = (250, 150, 60)
REPEAT_WORDS = {"doubler": "1 doubler", "industry": "1 industry advancement", "black": "1 black advancement"}


@dataclass(frozen=True)
class Button:
    label: str
    action: Action | None = None
    command: str = ""   # a controller command instead of an action ("toggle_black", ...)
    hint: str = ""


@dataclass(frozen=True)
class Card:
    """A choice shown as a card in the chooser overlay."""

    title: str
    text: str
    action: Action
    effects: tuple = ()


@dataclass
class Choices:
    prompt: str = ""
    usable: dict[str, Action] = field(default_factory=dict)   # space id -> Place (chosen payment)
    blocked: dict[str, str] = field(default_factory=dict)     # space id -> why not
    targets: list[Target] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    card_title: str = ""
    sources: list[Target] = field(default_factory=list)       # factory sources to pick from


@dataclass
class Prefs:
    """The current player's payment wishes, set in the side panel."""

    use_black: bool = False
    prefer_roubles: bool = False
    factory_source: int = 0


def choose_payment(options: list[A.Place], prefs: Prefs) -> A.Place:
    """Temporary workers first (they expire), then own workers, roubles last —
    unless the player asked to pay with roubles; the black worker only when armed."""
    def key(p: A.Place) -> tuple:
        black_ok = (p.black == 1) == prefs.use_black
        rouble_order = -p.roubles if prefs.prefer_roubles else p.roubles
        return (not black_ok, rouble_order, -p.temps, -p.workers)
    return min(options, key=key)


def build(state: Any, board: Board, focus: int, prefs: Prefs, human: bool) -> Choices:
    """The choices of the player to move, placed on the table (`focus` is the
    large board). Nothing is clickable when a computer is to move."""
    ch = Choices()
    seat = state.current_player()
    if seat is None:
        ch.prompt = "The game is over."
        return ch
    legal = state.legal_actions()
    if not human:
        ch.prompt = "A computer player is thinking…"
        return ch
    frame = g.focus_frame() if focus == seat else None
    places = [a for a in legal if isinstance(a, A.Place)]
    if state.tasks:
        _tasks(state, board, seat, frame, legal, prefs, ch)
    elif state.phase == "draft":
        _draft(state, legal, ch)
    elif state.phase == "relocate":
        _relocate(state, board, seat, frame, legal, ch)
    else:
        _placement(state, board, seat, frame, places, prefs, ch)
        _coal_actions(state, seat, frame, legal, ch)
        _income_actions(state, seat, frame, legal, ch)
        _coin_actions(state, seat, frame, legal, ch)
    if frame is None and (ch.targets or any(s.startswith("ENG-") for s in ch.usable)):
        ch.prompt += " (Your board is folded: click it on the right to open it.)"
    return ch


# Placing workers ----------------------------------------------------------------

def _placement(state: Any, board: Board, seat: int, frame: g.Frame | None, places: list[A.Place], prefs: Prefs,
               ch: Choices) -> None:
    by_space: dict[str, list[A.Place]] = {}
    for a in places:
        by_space.setdefault(a.space, []).append(a)
    for space, opts in by_space.items():
        ch.usable[space] = choose_payment(opts, prefs)
    _mark_blocked(state, board, seat, ch, set(by_space))
    p = state.players[seat]
    if frame is not None:
        for i, number in enumerate(p.engineers):
            sid = A.own_engineer_space(number)
            if sid in ch.usable:
                ch.targets.append(Target("space", sid, frame.rect(g.engineer_rect(i)),
                                         f"Use your engineer #{state.data.engineer_value(number)} "
                                         "(you may use it partly).", GREEN,
                                         action=ch.usable[sid]))
    ch.prompt = "Place workers: click an outlined action space, or pass."
    points = state.data.pass_points.get(p.turn_card, 0) if p.turn_card else 0
    ch.buttons.append(Button(f"Pass (+{points} points)" if p.turn_card else "Pass", A.Pass(),
                             hint="Stop for this round; you score the back of your Turn Order card."))
    if p.black_worker and p.black_free:
        ch.buttons.append(Button("Black worker: ON" if prefs.use_black else "Black worker: off",
                                 command="toggle_black", hint="Place the black worker with your next action "
                                 "(it adds a black advancement to spaces that give black)."))
    if p.roubles:
        ch.buttons.append(Button("Pay roubles first: ON" if prefs.prefer_roubles else "Pay roubles first: off",
                                 command="toggle_roubles", hint="Use roubles instead of workers where allowed."))


def _coal_actions(state: Any, seat: int, frame: g.Frame | None, legal: list[Action], ch: Choices) -> None:
    """Coal module: the boilerman space and your foundries, beside the normal
    action; once you placed, the turn waits for them or for End turn."""
    if state.coal is None:
        return
    rules = state.data.coal
    held = state.players[seat].coal
    for a in legal:
        if isinstance(a, A.SpendCoal):
            ch.usable[a.space] = a
            ch.blocked.pop(a.space, None)
        elif isinstance(a, A.UseFoundry) and frame is not None:
            i = held.foundries.index(a.foundry)
            if i < g.MAX_FOUNDRIES_SHOWN:
                ch.targets.append(Target("foundry", a.foundry, frame.rect(g.foundry_rect(i)),
                                         f"Use the foundry for {rules.foundry_coal} coal: "
                                         f"{rules.foundries[a.foundry].name}.", GREEN, action=a))
    if state.turn_done:
        ch.buttons = [Button("End turn", A.EndTurn(), hint="Leave your coal for later and end the turn.")]
        ch.prompt = "You placed: use coal (green foundries, the boilerman space) or end your turn."
    elif any(isinstance(a, (A.SpendCoal, A.UseFoundry)) for a in legal):
        ch.prompt += " Coal: the boilerman space and your foundries (green) come on top of your action."


def _income_actions(state: Any, seat: int, frame: g.Frame | None, legal: list[Action], ch: Choices) -> None:
    """Germany: face-up income markers (green) in your own turn, before or after placing."""
    held = state.players[seat].board
    if held is None:
        return
    data: Data = state.data
    uses = [a for a in legal if isinstance(a, A.UseIncome)]
    if frame is not None:
        for a in uses:
            marker = data.income_markers[held.income[a.marker]]
            ch.targets.append(Target("income", str(a.marker), frame.rect(g.income_rect(a.marker)),
                                     f"Use the income marker: {marker.name} (then it lies face down until the "
                                     "round's scoring).", GREEN, action=a))
    if uses:
        _before_or_after_placing(state, ch, "Keep your income markers face up and end the turn.",
                                 "You placed: use an income marker (green, in your supply column) or end your turn.",
                                 " Your income markers (green) can be used before or after placing.")


def _coin_actions(state: Any, seat: int, frame: g.Frame | None, legal: list[Action], ch: Choices) -> None:
    """USA: coin spaces reached and not yet paid for (green), in your own turn, before or after placing."""
    data: Data = state.data
    pays = [a for a in legal if isinstance(a, A.PayCoin)]
    if frame is not None:
        for a in pays:
            rid, sp = next((r.id, s) for r in data.railroads for s in r.specials if s.id == a.space)
            what = ", ".join(e.text() for e in sp.effects)
            ch.targets.append(Target("coin", a.space, frame.rect(g.space_rect(data, rid, sp.space)),
                                     f"Pay a coin for {what} (a Done marker goes on the space).", GREEN, action=a))
    if pays:
        _before_or_after_placing(state, ch, "Keep your coin spaces for a later turn.",
                                 "You placed: pay a coin at a coin space you reached (green) or end your turn.",
                                 " Coin spaces you reached (green) can be paid for before or after placing.")


def _before_or_after_placing(state: Any, ch: Choices, end_hint: str, placed: str, before: str) -> None:
    """Income markers and coin spaces are used in your own turn, before or after placing: after it,
    End turn is offered beside them (with `end_hint`) and the prompt says so; before it, the prompt adds `before`."""
    if state.turn_done:
        if not any(b.action == A.EndTurn() for b in ch.buttons):
            ch.buttons = [Button("End turn", A.EndTurn(), hint=end_hint)]
        ch.prompt = placed
    else:
        ch.prompt += before


def _usa_choice(state: Any, frame: g.Frame | None, a: Action, ch: Choices) -> None:
    """USA: the dividend token of a new stock level (a card), the boulder to remove and where a doubler
    goes (green boxes on your board; cards when it is folded)."""
    data: Data = state.data
    rules = data.usa
    assert rules is not None
    p = state.players[state.current_player()]
    if isinstance(a, A.ChooseDividend):
        named = rules.dividends[a.token]
        ch.cards.append(Card("Dividend token", named.name, a, named.effects))
        ch.card_title = "First on this stock level: choose its dividend token (yours at once)"
        return
    if isinstance(a, A.RemoveBoulder):
        b = rules.boulder(a.boulder)
        where = data.railroad(b.railroad).name + f" space {b.space}" if b.railroad else f"the {b.industry} industry track"
        text = f"Remove the boulder {b.label} from {where} ({rules.boulder_points} points)."
        rect = g.boulder_rect(data, b)
        label, key = text, a.boulder
    else:
        assert isinstance(a, A.PlaceDoubler)
        road = data.railroad(a.railroad)
        i = doublers_on(p, data, road) + 1
        if road.id == data.main_railroad:
            c = g.doubler_slot_center(data, i)
            rect = (c[0] - 15, c[1] - 15, 30.0, 30.0)
        else:
            c = g.side_doubler_center(data, road.id, i)
            rect = (c[0] - 12, c[1] - 12, 24.0, 24.0)
        label, key = f"Place a doubler above space {i} of the {road.name}.", a.railroad
    if frame is None:
        ch.cards.append(Card("Choose", label, a))
        ch.card_title = "Your board is folded: choose here"
        return
    ch.targets.append(Target("usa", key, frame.rect(rect), label, GREEN, action=a))


def _mark_blocked(state: Any, board: Board, seat: int, ch: Choices, usable: set[str]) -> None:
    """Closed spaces with the engine's reason (queries.space_states)."""
    if state.phase != "actions" or state.tasks:
        return
    for ss in space_states(state, seat):
        if ss.space not in usable and not ss.own_engineer:
            ch.blocked[ss.space] = ss.reason or "You cannot use this space now."


# The turn-order relocation ----------------------------------------------------

def _relocate(state: Any, board: Board, seat: int, frame: g.Frame | None, legal: list[Action],
              ch: Choices) -> None:
    rects = space_rects(board.data, board.mode)
    p = state.players[seat]
    for a in legal:
        if not isinstance(a, A.Relocate):
            continue
        if not a.space:
            ch.buttons.append(Button("Leave the worker", a, hint="Do not use the turn-order worker again."))
        elif a.space in rects:
            ch.targets.append(Target("relocate", a.space, rects[a.space],
                                     f"Move your turn-order worker to {space_label(state, a.space)} and do it.",
                                     GREEN, action=a))
        elif frame is not None and a.space.startswith(A.OWN_ENGINEER_PREFIX):
            number = int(a.space[len(A.OWN_ENGINEER_PREFIX):])
            i = p.engineers.index(number)
            ch.targets.append(Target("relocate", a.space, frame.rect(g.engineer_rect(i)),
                                     "Move your turn-order worker to your engineer "
                                     f"#{state.data.engineer_value(number)}.",
                                     GREEN, action=a))
    ch.prompt = "Turn order changed: move your turn-order worker to a free one-worker space (green)."


# The starting-bonus draft --------------------------------------------------------

def _draft(state: Any, legal: list[Action], ch: Choices) -> None:
    data: Data = state.data
    for a in legal:
        if isinstance(a, A.ChooseStartBonus):
            named = data.starting_bonuses[a.bonus]
            ch.cards.append(Card("Starting bonus", named.name, a, named.effects))
    ch.card_title = "Choose your starting bonus"
    ch.prompt = "Choose a starting bonus card (the last in turn order picks first)."


# Pending tasks --------------------------------------------------------------------------

def _tasks(state: Any, board: Board, seat: int, frame: g.Frame | None, legal: list[Action], prefs: Prefs,
           ch: Choices) -> None:
    data: Data = state.data
    tasks = {t.id: t for t in state.actionable_tasks()}
    p = state.players[seat]
    ch.prompt = _task_prompt(list(tasks.values()))
    advances: dict[tuple[str, str], A.Advance] = {}
    for a in legal:
        t = tasks.get(getattr(a, "task", -1))
        if isinstance(a, A.Advance):
            key = (a.railroad, a.colour)
            if key not in advances or _narrower(tasks[a.task], tasks[advances[key].task]):
                advances[key] = a
        elif isinstance(a, A.MoveIndustry) and frame is not None:
            pos = p.industry[a.marker] + 1
            cell = g.industry_rect(pos, g.marker_row(data, a.marker))
            ch.targets.append(Target("industry", f"{a.marker}", frame.rect(cell),
                                     f"Advance industry marker {a.marker + 1} to this space.", GREEN, action=a))
        elif isinstance(a, (A.BuildLoco, A.MoveLoco)):
            _loco_target(state, frame, p, t, a, ch)
        elif isinstance(a, A.ChooseBranch):
            _branch_target(state, frame, a, ch)
        elif isinstance(a, (A.ChooseExtension, A.ChooseIncome)):
            _board_card(state, a, ch)
        elif isinstance(a, (A.PickBonus, A.PickEngineer, A.GrayUp, A.PlaceFreightCar)) or (
                isinstance(a, A.ChooseToken) and t is not None and t.kind == "public_token"):
            _dsp_card(state, a, ch)
        elif isinstance(a, A.ChooseToken) and frame is not None:
            left = [tid for tid in data.q_tokens if tid not in p.tokens_used]
            c = frame.pt(*qtoken_center(left.index(a.token), len(data.q_tokens)))
            r = QTOKEN_R + 3
            ch.targets.append(Target("token", a.token, (c[0] - r, c[1] - r, 2 * r, 2 * r),
                                     f"Take the ? token: {data.q_tokens[a.token].name}.", GREEN, action=a))
        elif isinstance(a, A.ChooseCard):
            i = list(data.q_cards).index(a.card)
            ch.targets.append(Target("card", a.card, g.q_card_rect(i, len(data.q_cards)),
                                     f"Take the ? card: {data.q_cards[a.card].name}.", GREEN, action=a))
        elif isinstance(a, A.ChooseEndBonus):
            named = data.end_bonus_cards.get(a.card)
            if named:
                now = "" if a.card == "engineer" else f" (now worth {end_bonus_points(data, p, a.card)})"
                ch.cards.append(Card("End Bonus", named.name + now, a))
            else:
                ch.cards.append(Card("Instead", f"{data.end_bonus_points} points now", a))
            ch.card_title = "Look through the End Bonus pile: keep one card, or take 10 points"
        elif isinstance(a, A.Reuse):
            rect = space_rects(board.data, board.mode).get(a.space)
            if rect:
                ch.targets.append(Target("reuse", a.space, rect,
                                         f"Use {space_label(state, a.space)} once more.", GREEN, action=a))
        elif isinstance(a, A.Repeat):
            ch.cards.append(Card("Once more", REPEAT_WORDS.get(a.what, a.what), a,
                                 (REPEATABLE[a.what],) if a.what in REPEATABLE else ()))
            ch.card_title = "Four-actions card: do one of these once more"
        elif isinstance(a, A.Skip) and t is not None and t.kind == "close_foundry":
            ch.buttons.append(Button("Keep the foundry open", a, hint="Use it again in later rounds."))
        elif isinstance(a, A.Skip):
            ch.buttons.append(Button(f"Skip: {describe(t)}" if t else "Skip", a,
                                     hint="Give up the rest of this optional action."))
        elif isinstance(a, (A.TakeFoundry, A.PlaceBoilerman, A.CloseFoundry, A.FeedCoalFactory)):
            _coal_task_choice(state, frame, p, a, ch)
        elif isinstance(a, (A.ChooseDividend, A.RemoveBoulder, A.PlaceDoubler)):
            _usa_choice(state, frame, a, ch)
        elif isinstance(a, A.UseFactory) and frame is not None:
            gap = [i for i, sp in enumerate(data.industry) if sp.kind == "gap"][a.slot]
            ch.targets.append(Target("use_factory", str(a.slot), frame.rect(g.gap_rect(data, gap)),
                                     f"Use the ability of your factory #{p.factories[a.slot]}.", GREEN, action=a))
    if frame is not None:
        for a in advances.values():
            _advance_target(data, frame, p, a, ch)
    _factory_targets(state, frame, p, tasks, legal, prefs, ch)
    if ch.cards:
        ch.prompt += " Choose a card below the board."
    elif ch.targets:
        ch.prompt += " Click a green box" + (" (or pick the factory source first)." if ch.sources else ".")


def _branch_target(state: Any, frame: g.Frame | None, a: A.ChooseBranch, ch: Choices) -> None:
    """The switch: a green box over each branch's row (or a card when the board is folded)."""
    data: Data = state.data
    road = data.railroad(data.main_railroad)
    row = [b.id for b in road.branches].index(a.branch)
    branch = road.branches[row]
    text = (f"Build on towards {branch.name} (ends at {branch.length}); every colour follows, for the rest of "
            "the game.")
    if frame is None:
        ch.cards.append(Card(branch.name, text, a))
        ch.card_title = f"The {road.name} switch"
        return
    first = g.branch_cell(data, road.id, road.switch_after + 1, row)
    last = g.branch_cell(data, road.id, branch.length, row)
    ch.targets.append(Target("branch", a.branch, frame.rect((first[0], first[1], last[0] + last[2] - first[0],
                                                            first[3])), text, GREEN, action=a))


def _board_card(state: Any, a: Action, ch: Choices) -> None:
    """Germany: an extension tile for the station, an income marker from the supply."""
    data: Data = state.data
    if isinstance(a, A.ChooseExtension):
        ext = data.extensions[a.tile]
        ch.cards.append(Card(f"{ext.length}-space extension", extension_text(state, a.tile), a))
        ch.card_title = "Choose the railroad extension for this station (black goes on its first space)"
    elif isinstance(a, A.ChooseIncome):
        named = data.income_markers[a.marker]
        left = state.board.income.count(a.marker)
        ch.cards.append(Card("Income marker", f"{named.name} once every round ({left} left)", a, named.effects))
        ch.card_title = "Take an income marker"


def _dsp_card(state: Any, a: Action, ch: Choices) -> None:
    """DSP choices shown as cards: Ludmilla's Starting Bonus cards, an engineer for Olga or the public token,
    a railroad for Dimitrij or the freight car, a public ? token."""
    data: Data = state.data
    rules = data.dsp
    assert rules is not None
    if isinstance(a, A.PickBonus):
        named = rules.bonus_cards.get(a.bonus)
        ch.cards.append(Card("Starting bonus", named.name, a, named.effects) if named else
                        Card("Instead", f"{rules.points_instead} points now", a))
        ch.card_title = "Ludmilla: choose a Starting Bonus card (the rest go on in turn order) or the points"
    elif isinstance(a, A.PickEngineer):
        eng = data.engineers[a.number]
        ch.cards.append(Card(eng.label.capitalize(), "; ".join(e.text() for e in eng.effects), a, eng.effects))
        ch.card_title = "Choose the engineer"
    elif isinstance(a, A.GrayUp):
        ch.cards.append(Card(data.railroad(a.railroad).name, "gray up to just behind black", a))
        ch.card_title = "Dimitrij: which railroad's gray track moves up behind its black track?"
    elif isinstance(a, A.PlaceFreightCar):
        ch.cards.append(Card(data.railroad(a.railroad).name, "2 advancements there before each scoring", a))
        ch.card_title = "Where does the freight car go?"
    elif isinstance(a, A.ChooseToken):
        token = rules.public_tokens[a.token]
        ch.cards.append(Card("Public ? token", token.name, a, token.effects))
        ch.card_title = "The double-sided ? token: take one of the public ? tokens"


def _coal_task_choice(state: Any, frame: g.Frame | None, p: Any, a: Action, ch: Choices) -> None:
    """Coal module choices: a face-up foundry, a boilerman's place, closing a foundry, coal for the coal factory."""
    data: Data = state.data
    rules = data.coal
    assert rules is not None
    if isinstance(a, A.TakeFoundry):
        i = state.coal.display.index(a.foundry)
        ch.targets.append(Target("foundry", a.foundry, g.foundry_display_rect(i),
                                 f"Take the foundry: {rules.foundries[a.foundry].name}.", GREEN, action=a))
    elif isinstance(a, A.PlaceBoilerman) and frame is not None:
        kind, *where = a.piece.split(":")
        if kind == "loco":
            rect = g.loco_slot_rect(data, where[0], int(where[1]))
            what = f"the #{p.locos[where[0]][int(where[1])]} locomotive on the {data.railroad(where[0]).name} (+1)"
        else:
            gap = [i for i, sp in enumerate(data.industry) if sp.kind == "gap"][int(where[0])]
            rect = g.gap_rect(data, gap)
            what = f"factory #{p.factories[int(where[0])]} (its ability once more when a marker arrives)"
        ch.targets.append(Target("boilerman", a.piece, frame.rect(rect), f"Put the boilerman beside {what}.", GREEN,
                                 action=a))
    elif isinstance(a, A.CloseFoundry):
        ch.buttons.append(Button("Close it: a boilerman", a, hint="The foundry's action is lost; its 2 coal go back "
                                 "and it becomes a boilerman beside a locomotive or factory."))
    elif isinstance(a, A.FeedCoalFactory):
        black = rules.coal_factory_black + rules.black_per_coal * a.coal
        ch.cards.append(Card("Coal factory", f"Spend {a.coal} coal: {black} black advancements", a))
        ch.card_title = "The coal factory: spend up to 3 coal, 2 more black advancements each"


def _task_prompt(tasks: list[Any]) -> str:
    """'From the 1 locomotive and 1 factory space: build a locomotive; build a factory.'"""
    by_source: dict[str, list[str]] = {}
    for t in tasks:
        by_source.setdefault(t.source, []).append(describe(t).removesuffix(f" from {t.source}"))
    parts = [f"from {src}: " + "; ".join(what) if src else "; ".join(what) for src, what in by_source.items()]
    text = " · ".join(parts)
    return "Now, " + text + "."


def _narrower(a: Any, b: Any) -> bool:
    """Spend the most restricted task first (black-only before any colour)."""
    la = 99 if a.colours == ANY else len(a.colours)
    lb = 99 if b.colours == ANY else len(b.colours)
    return la < lb


def _advance_target(data: Data, frame: g.Frame, p: Any, a: A.Advance, ch: Choices) -> None:
    ci = data.colour_index(a.colour)
    space = p.tracks[a.railroad][ci] + 1
    rect = frame.rect(g.space_rect(data, a.railroad, space))
    name = data.railroad(a.railroad).name
    ch.targets.append(Target("advance", f"{a.railroad}:{a.colour}", rect,
                             f"Advance your {a.colour} track on the {name} to space {space}.", GREEN,
                             ghost=a.colour, action=a))


def _loco_target(state: Any, frame: g.Frame | None, p: Any, t: Any, a: Any, ch: Choices) -> None:
    number = t.number if t and t.kind in ("move_loco", "card_loco") else state.lowest_pile()
    if not a.railroad:
        ch.targets.append(Target("loco", "", g.returned_factories_rect(),
                                 f"Your #{number} locomotive fits on no railroad: it becomes a factory in the "
                                 "supply.", ORANGE, action=a))
        return
    if frame is None:
        return
    here = p.locos[a.railroad]
    replaced = here[a.slot] if a.slot < len(here) else 0
    name = state.data.railroad(a.railroad).name
    label = f"Put the #{number} locomotive on the {name}"
    if replaced:
        label += f", replacing your #{replaced} (you then move the #{replaced} to another railroad)"
    slot_rect = frame.rect(g.loco_slot_rect(state.data, a.railroad, a.slot))
    ch.targets.append(Target("loco", f"{a.railroad}:{a.slot}", slot_rect,
                             label + ".", GREEN, ghost=number, action=a))


def chain_preview(state: Any, frame: g.Frame, seat: int, target: Target) -> list[tuple[g.WRect, str]]:
    """Where a locomotive displaced by this target could go next (shown on hover)."""
    if target.kind != "loco" or not target.key:
        return []
    rid, slot = target.key.split(":")
    preview = loco_preview(state, seat, int(target.ghost or 0), rid, int(slot))
    if not preview.displaced:
        return []
    d = preview.displaced
    out = [(frame.rect(g.loco_slot_rect(state.data, rid, int(slot))), f"#{d} must move")]
    for r2, s2 in preview.destinations:
        out.append((frame.rect(g.loco_slot_rect(state.data, r2, s2)), f"#{d} →"))
    if not preview.destinations:
        out.append((g.returned_factories_rect(), f"#{d} → factory"))
    return out


def _factory_targets(state: Any, frame: g.Frame | None, p: Any, tasks: dict, legal: list[Action], prefs: Prefs,
                     ch: Choices) -> None:
    builds = [a for a in legal if isinstance(a, A.BuildFactory)]
    if not builds:
        return
    sources = sorted({a.source for a in builds})
    source = prefs.factory_source if prefs.factory_source in sources else sources[0]
    if len(sources) > 1:
        for src in sources:
            if src == 0:
                rect = g.loco_pile_rect(state.lowest_pile())
                label = f"Build the factory from the #{state.lowest_pile()} pile."
            else:
                i = state.returned_factories.index(src)
                rect = g.returned_factory_rect(i)
                label = f"Build the returned factory #{src}."
            colour = GREEN if src == source else (150, 200, 160)
            ch.sources.append(Target("source", str(src), rect, label, colour))
    if frame is None:
        return
    number = source or state.lowest_pile()
    for a in builds:
        if a.source != source:
            continue
        gap = [i for i, sp in enumerate(state.data.industry) if sp.kind == "gap" and sp.factory == a.slot + 1][0]
        replaced = p.factories[a.slot] if a.slot < len(p.factories) else 0
        label = f"Build factory #{number} in slot {a.slot + 1}"
        if replaced:
            label += f", returning factory #{replaced} to the supply"
        ch.targets.append(Target("factory", str(a.slot), frame.rect(g.gap_rect(state.data, gap)), label + ".", GREEN,
                                 ghost=number, action=a))
