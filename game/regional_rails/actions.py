"""Every move of Regional Rails, as serializable actions (namespace ``regional.``).

Hexes travel as ``q, r`` ints, hex sides as ``q, r, side`` (the canonical
``hexgrid.edge_id``), railroads as their index in ``state.companies``.
"""
from __future__ import annotations

from game.core.actions import Action, action


# Setup -------------------------------------------------------------------------

@action("regional.roll")
class RollDice(Action):
    """Roll the pending setup roll (company, start city, tycoon or turn order)."""


@action("regional.pick_company")
class PickCompany(Action):
    company: str


@action("regional.pick_start")
class PickStart(Action):
    q: int
    r: int


@action("regional.pick_tycoon")
class PickTycoon(Action):
    tycoon: str


# Build phase ---------------------------------------------------------------------

@action("regional.build_interior")
class BuildInterior(Action):
    q: int
    r: int


@action("regional.build_side")
class BuildSide(Action):
    q: int
    r: int
    side: int


@action("regional.build_station")
class BuildStation(Action):
    q: int
    r: int


@action("regional.end_phase")
class EndPhase(Action):
    """Finish the Build, Income or Upgrade phase."""


# Income phase --------------------------------------------------------------------

@action("regional.borrow")
class Borrow(Action):
    amount: int


@action("regional.buy_stock")
class BuyStock(Action):
    company: int
    amount: int


# Dividends phase -----------------------------------------------------------------

@action("regional.buy_dividends")
class BuyDividends(Action):
    """Spend `amount` MB on VP (0 to buy none); ends the Dividends phase."""

    amount: int


# Upgrade phase -------------------------------------------------------------------

@action("regional.upgrade")
class Upgrade(Action):
    """Raise the Train Level by one."""


@action("regional.develop")
class Develop(Action):
    """Regional development: pay for one random unused development marker."""


@action("regional.remove_obsolescence")
class RemoveObsolescence(Action):
    """Dealer Dan: pay to return one obsolescence token."""


@action("regional.found_railroad")
class FoundRailroad(Action):
    """Additional Railroads option: start an extra company in a city."""

    company: str
    q: int
    r: int


# End phase / any time ------------------------------------------------------------

@action("regional.rob")
class Rob(Action):
    """Rob the Robber Baron: steal 1 VP from a railroad of another player."""

    company: int


@action("regional.place_development")
class PlaceDevelopment(Action):
    """Place one of your secret development markers (any time on your turn)."""

    kind: str
    q: int
    r: int
