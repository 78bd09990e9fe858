"""Tooltips: what an action space costs and gives (and why it is closed now),
and what the pieces and printed spaces of the boards mean."""
from __future__ import annotations

from typing import Any

from game.russian_railroads.data import effect_text
from game.russian_railroads.events import who
from game.russian_railroads.spaces import occupant, space_cost, space_effects, space_label
from game.russian_railroads.tracks import reach, road_specials
from ui.russian_railroads import geometry as g
from ui.russian_railroads.emil_view import emil_tip
from ui.russian_railroads.places import slot_kind
from ui.russian_railroads.player_pieces import FACTORY_WORDS, QTOKEN_R, qtoken_center

SPECIAL_WORDS = {
    "extra_worker": "an extra worker for the rest of the game",
    "income": "take an income marker (use it once every round, in your own turn)",
    "industry_marker": "one more industry marker on space 0 (at most 3)",
    "q_token": "choose one of your ? tokens (once)",
    "double_railroad": "the whole railroad scores double",
    "star": "bonus points at every scoring",
    "medal": "with the medal ? token: bonus points at every scoring",
    "boulder": "remove a boulder of your choice (10 points; the space behind it is free)",
    "stock": "your stock price rises one level (once)",
}


def _inside(r: g.WRect, pos: tuple[float, float]) -> bool:
    return r[0] <= pos[0] <= r[0] + r[2] and r[1] <= pos[1] <= r[1] + r[3]


def cost_words(state: Any, sid: str) -> str:
    c = space_cost(state, sid)
    bits = []
    if c.own:
        bits.append(f"{c.own} worker of your own colour")
    if c.any:
        bits.append(f"{c.any} worker{'s' if c.any > 1 else ''} (or roubles)")
    if c.rouble:
        bits.append(f"{c.rouble} rouble{'s' if c.rouble > 1 else ''} (a worker cannot replace it)")
    return " + ".join(bits)


def space_tip(state: Any, sid: str, choices: Any, names: tuple[str, ...] = ()) -> str:
    label = space_label(state, sid)
    eff = space_effects(state, sid)
    gives = "; ".join(effect_text(e) for e in eff) or "nothing this round"
    text = f"{label[0].upper()}{label[1:]}. Costs {cost_words(state, sid)}. Gives: {gives}."
    holder = occupant(state, sid)
    if holder is not None and sid != "T-BOTTOM":
        text += f" Occupied by {_name(names, holder)}."
    if sid in choices.blocked:
        text += f" Not now: {choices.blocked[sid]}"
    elif sid in choices.usable:
        pay = choices.usable[sid]
        parts = [f"{n} {w}{'s' if n > 1 else ''}" for n, w in (
            (pay.workers, "worker"), (pay.temps, "temporary worker"), (pay.black, "black worker"),
            (pay.roubles, "rouble")) if n]
        text += f" Click to place {', '.join(parts)}."
    return text


def _name(names: tuple[str, ...], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else who(seat)


def board_tip(state: Any, board: Any, frames: dict[int, g.Frame], pos: tuple[float, float]) -> str | None:
    tip = _action_board_tip(state, board, pos)
    if tip:
        return tip
    if state.emil is not None and _inside(board.emil_rect(), pos):
        return emil_tip(state.data, state)
    for seat, f in frames.items():
        if _inside(f.bounds, pos):
            local = f.local(*pos)
            if f.scale == 1.0 and local[1] <= g.HEADER_H:
                return "Click for the board value breakdown: what each railroad and the industry would score now."
            return _player_tip(state, seat, f, local)
    return None


def _action_board_tip(state: Any, board: Any, pos: tuple[float, float]) -> str | None:
    data = state.data
    for i, card in enumerate(data.q_cards):
        if _inside(g.q_card_rect(i, len(data.q_cards)), pos):
            taken = "" if card in state.q_cards else " (already taken)"
            return f"? card: {data.q_cards[card].name}{taken}. Taken with the ? card token."
    if state.coal is not None:
        tip = _coal_table_tip(state, pos)
        if tip:
            return tip
    if data.usa is not None:
        tip = _stocks_tip(state, pos)
        if tip:
            return tip
    if _inside(g.end_bonus_pile_rect(), pos):
        return (f"End Bonus pile: {len(state.end_bonus_pile)} cards. When you may take one, you look through "
                "the pile and keep one, or score 10 points instead.")
    for number in range(2, 10):
        if _inside(g.loco_pile_rect(number), pos):
            works = [n for n, pile in data.usa.steelworks.items() if pile == number and n in state.board.steelworks] \
                if data.usa is not None else []
            beside = (" A steelworks lies beside it (grey tag): the last locomotive of the pile takes it, and a "
                      "general payout follows that turn.") if works else ""
            return (f"Locomotive #{number} (reach {number}): {state.loco_piles[number]} left. Its factory: "
                    f"{FACTORY_WORDS[number]}. Always built from the lowest pile.{beside}")
    if _inside(g.returned_factories_rect(), pos):
        return "Returned factories: may be built instead of one from the lowest pile."
    strip = g.engineer_slot_rects(data.public_slots[board.mode], data.hire_slot)
    for slot, r in enumerate(strip):
        number = state.strip[slot]
        if _inside(r, pos) and number:
            kind = slot_kind(data, board.mode, slot)
            eng = "; ".join(effect_text(e) for e in data.engineers[number].effects)
            if kind == "dark":
                wait = min(data.public_slots[board.mode]) - slot
                return (f"Engineer #{data.engineer_value(number)} ({eng}): usable by everybody in {wait} round(s); "
                        "the engineers move one space right after each round.")
            if kind == "hire":
                return (f"Hire engineer #{data.engineer_value(number)} ({eng}) for 1 rouble: it becomes your private "
                        "action space and counts for the engineer majority (40/20 points at the end).")
    return None


def _special_rect(data: Any, road: Any, sp: Any) -> g.WRect:
    """Where a special space is drawn: its space, or its branch's half beyond a switch."""
    if road.switch_after and sp.space > road.switch_after:
        for row, branch in enumerate(road.branches[:2]):
            if any(s.id == sp.id for s in branch.specials):
                return g.branch_cell(data, road.id, sp.space, row)
    return g.space_rect(data, road.id, sp.space)


def _board_tip(state: Any, seat: int, local: tuple[float, float]) -> str | None:
    """Germany: the switch's branches, the dashed extension areas and the income markers."""
    data = state.data
    p = state.players[seat]
    if p.board is None:
        return None
    for i, mid in enumerate(p.board.income):
        if _inside(g.income_rect(i), local):
            state_word = "face down: used this round" if i in p.board.income_used else "face up: usable"
            return (f"Income marker \"{data.income_markers[mid].name}\" ({state_word}). Use it once every round in "
                    "your own turn, before or after placing; not after passing, while relocating or in scoring.")
    for road in data.railroads:
        if road.switch_after:
            for row, branch in enumerate(road.branches[:2]):
                for i in range(road.switch_after + 1, branch.length + 1):
                    if _inside(g.branch_cell(data, road.id, i, row), local) and not any(
                            s.space == i for s in branch.specials):
                        chosen = ("your branch" if p.board.branch == branch.id else "not your branch"
                                  if p.board.branch else "chosen when your black track first reaches space "
                                  f"{road.switch_after + 1}, for every colour")
                        return f"{road.name} towards {branch.name}, space {i} of {branch.length} ({chosen})."
        for area in road.areas:
            if any(_inside(g.space_rect(data, road.id, area.space + k), local) for k in range(area.length)):
                tile = p.board.extensions.get(area.id)
                if tile:
                    continue   # its special spaces explain themselves below
                return (f"{area.station}: a dashed area of {area.length} spaces. When your black track reaches it, "
                        f"choose one of the {area.length}-space railroad extensions still available (the earlier, "
                        "the more choice).")
    return None


def _player_tip(state: Any, seat: int, f: g.Frame, local: tuple[float, float]) -> str | None:
    data = state.data
    p = state.players[seat]
    coal_tip = coal_player_tip(state, seat, local)
    if coal_tip:
        return coal_tip
    board_tip = _board_tip(state, seat, local) if data.usa is None else _usa_player_tip(state, seat, local)
    if board_tip:
        return board_tip
    for road in data.railroads:
        for sp in road_specials(data, p, road):
            if _inside(_special_rect(data, road, sp), local):
                cond = f"{sp.track} track" + (" and a locomotive" if sp.loco else "") + " reach it"
                what = SPECIAL_WORDS.get(sp.effect, sp.effect)
                if sp.effect == "coin":
                    cond = f"{sp.track} track reaches it"
                    what = (f"pay a coin (now or in a later turn) for {', '.join(effect_text(e) for e in sp.effects)}"
                            ", once")
                elif sp.effect == "star":
                    what = f"{sp.points} bonus points at every scoring"
                elif sp.effect == "gain":
                    what = ", ".join(effect_text(e) for e in sp.effects) + " (once)"
                done = " (done)" if sp.id in p.claimed else ""
                return f"{road.name} space {sp.space}: when your {cond}: {what}{done}."
        for s in range(1, 3):
            if s <= road.loco_slots and _inside(g.loco_slot_rect(data, road.id, s - 1), local):
                boilers = sum(p.coal.loco_boilers.get(road.id, [])) if p.coal is not None else 0
                stoked = f", a boilerman adding 1 to {boilers} of them" if boilers else ""
                return (f"Locomotives of the {road.name}: reach {reach(p, road.id)}{stoked}. Only spaces within reach "
                        "score" + (f" (the {road.loco_slots} {road.name} locomotives add up)."
                                   if road.loco_slots > 1 else "."))
    for pos, sp in enumerate(data.industry):
        if _inside(g.gap_rect(data, pos), local):
            if sp.kind == "gap":
                if sp.factory <= len(p.factories):
                    n = p.factories[sp.factory - 1]
                    boiler = p.coal is not None and p.coal.factory_boilers[sp.factory - 1]
                    more = (" With its boilerman: " + ("1 point more." if n in data.coal.point_factories
                                                       else "its ability once more.")) if boiler else ""
                    words = FACTORY_WORDS.get(n) or "; ".join(effect_text(e) for e in data.factories.get(n, ()))
                    return f"Factory #{n}: when a marker arrives, {words}. Scores {sp.value}.{more}"
                return f"Gap {sp.factory}: build a factory to fill it before a marker may pass."
            if sp.kind == "q":
                return f"? space: take a ? token when a marker arrives (once). Scores {sp.value}."
            return f"Industry space: a marker here scores {sp.value} at each round end."
    for i, number in enumerate(p.engineers):
        if _inside(g.engineer_rect(i), local):
            eff = "; ".join(effect_text(e) for e in data.engineers[number].effects)
            used = " (used this round)" if number in p.engineers_used else ""
            eng = data.engineers[number]
            cost = ("1 coin" if eng.cost.rouble else f"{eng.cost.total} workers") if eng.cost else "1 worker"
            return (f"Your engineer #{eng.value}: {cost}, once per round, may be used partly: {eff}{used}.")
    left = [t for t in data.q_tokens if t not in p.tokens_used]
    for i, tid in enumerate(left):
        c = qtoken_center(i, len(data.q_tokens))
        if abs(local[0] - c[0]) <= QTOKEN_R and abs(local[1] - c[1]) <= QTOKEN_R:
            return f"? token: {data.q_tokens[tid].name}."
    return None


def _usa_player_tip(state: Any, seat: int, local: tuple[float, float]) -> str | None:
    """USA: boulders, the top industry track, the Transcontinental doubler spaces and the meeting space."""
    data = state.data
    rules = data.usa
    p = state.players[seat]
    for b in rules.boulders:
        if b.id not in p.board.boulders and _inside(g.boulder_rect(data, b), local):
            return (f"Boulder {b.label}: no track or marker may reach this space or go beyond until a boulder space "
                    f"of the {data.railroad(data.main_railroad).name} removes it (10 points).")
    if _inside(g.meeting_rect(data), local):
        spike = "placed" if p.board.golden_spike else "not placed (a ? token)"
        return (f"Where the Transcontinental lines meet: {rules.meet_points} points once both ends are reached. "
                f"Golden Spike ({spike}): +{rules.spike_points} per completed end at every railroad scoring.")
    for road in data.railroads:
        for i in range(1, road.doubler_spaces + 1):
            if road.id != data.main_railroad:
                c = g.side_doubler_center(data, road.id, i)
                if _inside((c[0] - 10, c[1] - 10, 20, 20), local):
                    return f"Doubler space {i} of the {road.name}: a doubler here doubles the space's track points."
    for pos, sp in enumerate(rules.top_industry):
        if _inside(g.industry_rect(pos, 1), local):
            over = (f" It lies over gap {sp.factory}: arriving here uses the factory below, if one was there first."
                    if sp.kind == "over" else "")
            return (f"Top industry track (it passes gaps, a factory is not needed): a marker here scores {sp.value}."
                    f"{over}")
    return None


def _stocks_tip(state: Any, pos: tuple[float, float]) -> str | None:
    """The stocks board: levels with their dividend tokens, the tokens still displayed."""
    rules = state.data.usa
    where = g.stocks_place(state.data.coal is not None)
    board = state.board
    if not _inside(g.stocks_rect(where), pos):
        return None
    for i, token in enumerate(board.dividends):
        if _inside(g.dividend_display_rect(where, rules.levels, i), pos):
            named = rules.dividends[token]
            return (f"Dividend token \"{named.name}\": " + "; ".join(effect_text(e) for e in named.effects)
                    + ". The first player to reach a new stock level chooses one for that level.")
    for level in range(rules.levels + 1):
        if _inside(g.stock_level_rect(where, level, rules.levels), pos):
            token = board.level_tokens[level]
            gives = ("; ".join(effect_text(e) for e in rules.dividends[token].effects) if token else
                     "no dividend token yet: the first to arrive chooses one")
            if not level:
                gives = "nothing (the bottom)"
            return (f"Stock level {level}: {gives}. Later arrivals get it too; a payout gives every level up to "
                    "yours. Top of the board at the end: 20 points, second 10 (further left wins a tie).")
    return ("Stocks: raise your stock price on the stock spaces of your board. Steelworks lie beside the "
            "locomotive piles with the grey tag.")


def _coal_table_tip(state: Any, pos: tuple[float, float]) -> str | None:
    """The face-up foundries and the face-down pile beside the coal board."""
    rules = state.data.coal
    for i, fid in enumerate(state.coal.display):
        if _inside(g.foundry_display_rect(i), pos):
            return (f"Face-up foundry: {rules.foundries[fid].name}. Take it with the foundry space (1 coin, also "
                    "1 coal); then use it once per round for 2 coal.")
    if _inside(g.foundry_pile_rect(), pos):
        return (f"{len(state.coal.pile)} foundries face down: their backs are boilermen (the boilerman space, "
                f"2 coal). Coal supply: {state.coal.supply}.")
    return None


def coal_player_tip(state: Any, seat: int, local: tuple[float, float]) -> str | None:
    """A player's foundries and boilermen, in full words."""
    p = state.players[seat]
    held = p.coal
    rules = state.data.coal
    if held is None or rules is None:
        return None
    for i, fid in enumerate(held.foundries[:g.MAX_FOUNDRIES_SHOWN]):
        if _inside(g.foundry_rect(i), local):
            used = " Used this round (its 2 coal lie on it)." if fid in held.used else ""
            return (f"Foundry: {rules.foundries[fid].name}. Once per round for {rules.foundry_coal} coal, in your "
                    f"turn; you may close it right after use to make a boilerman.{used}")
    x0, y0, w, _h = g.right_rect()
    if _inside((x0, y0 + 113, w, 22), local):
        return f"Coal: {held.coal} in your supply (pays the boilerman space, foundries and the coal factory)."
    return None
