"""Engine events turned into tweens on the shell's animation queue: the dice
of a move (one panel per move, with the real faces), a pulse where a marker,
station or development marker lands, and floating money and Train Level
changes at the railroad's start city. VP changes never float: VP are secret."""
from __future__ import annotations

from typing import Any

from game.regional_rails.events import (
    DevelopmentPlaced, DiceRolled, EventResolved, IncomeEarned, LevelRaised, RailBuilt, RailroadFounded,
    StationBuilt, UpkeepPaid)

from ui import theme
from ui.animation import FloatText, Pulse, Tween
from ui.regional_rails import geometry as geo
from ui.regional_rails.describe import sentence
from ui.regional_rails.dice import DiceRoll, Roll
from ui.regional_rails.pieces import company_colours


def tweens_for(events: list, state: Any) -> list[Tween]:
    """The tweens for the events of one move, in order."""
    colours = company_colours(state)
    out: list[Tween] = []
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    if rolls:
        out.append(dice_tween(rolls))
    for e in events:
        company = getattr(e, "company", None)  # a railroad index (CompanyPicked holds a name)
        start = state.companies[company].start if isinstance(company, int) else None
        if isinstance(e, RailBuilt):
            pos = geo.hex_center(e.place) if len(e.place) == 2 else geo.edge_midpoint(e.place)
            out.append(Pulse(pos, geo.HEX_SIZE * 0.7, colours[e.company], 0.45))
            out.append(FloatText(pos, f"−{e.cost} MB", theme.HIGHLIGHT, 0.7, parallel=True))
        elif isinstance(e, (StationBuilt, DevelopmentPlaced)):
            out.append(Pulse(geo.hex_center(e.hex), geo.HEX_SIZE, colours[e.company], 0.5))
        elif start is None:
            continue
        elif isinstance(e, IncomeEarned):
            out.append(FloatText(geo.hex_center(start), f"+{e.amount} MB", theme.GOOD, 0.9))
        elif isinstance(e, LevelRaised):
            out.append(FloatText(geo.hex_center(start), f"Train Level {e.level}", theme.HIGHLIGHT, 0.9))
        elif isinstance(e, EventResolved):
            out.append(FloatText(geo.hex_center(start), e.event, theme.ACCENT, 1.0))
        elif isinstance(e, UpkeepPaid) and e.paid:
            out.append(FloatText(geo.hex_center(start), f"−{e.paid} MB upkeep", theme.BAD, 0.8))
        elif isinstance(e, RailroadFounded):
            out.append(Pulse(geo.hex_center(start), geo.HEX_SIZE * 1.2, colours[e.company], 0.7))
    return out


def dice_tween(rolls: list) -> DiceRoll:
    """One tween for all dice of an action: the shared purpose as the title
    and who rolled as labels (setup), or the roller as title and purposes."""
    purposes = {e.purpose.replace(" (tie)", "") for e in rolls}
    if len(purposes) == 1 and len({e.who for e in rolls}) > 1:
        title = "Roll for " + next(iter(purposes))
        shown = [Roll(e.who, tuple(e.dice), e.modifier) for e in rolls]
    else:
        title = f"{rolls[0].who} rolls"
        shown = [Roll(sentence(e.purpose).rstrip(".") + ":", tuple(e.dice), e.modifier) for e in rolls]
    return DiceRoll(title, shown[:8])
