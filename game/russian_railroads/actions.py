"""Every decision a Russian Railroads player makes, one click each.

A turn is: ``Place`` (an action space or an own engineer, with the payment),
then the follow-up decisions the engine lists as pending tasks (state.tasks):
``Advance``, ``MoveIndustry``, ``BuildLoco``, ``BuildFactory``, ``MoveLoco``,
``ChooseToken``, ``ChooseCard``, ``ChooseEndBonus``, ``Reuse``, ``Repeat``
or ``Skip`` (give up the rest of an optional task). Every task-step action
names its task by ``task`` (the Task.id), so the engine knows which of
several gained actions a step uses. ``Pass`` ends your round; ``Relocate``
moves your turn-order worker after everyone passed; ``ChooseStartBonus`` is
the setup draft.
"""
from __future__ import annotations

from game.core.actions import Action, action

OWN_ENGINEER_PREFIX = "ENG-"


def own_engineer_space(number: int) -> str:
    """The space id of a player's own hired engineer."""
    return f"{OWN_ENGINEER_PREFIX}{number}"


def own_engineer_number(space: str) -> int | None:
    """The engineer number of an own-engineer space id ("ENG-7" -> 7), None when
    `space` is not exactly such an id ("ENG-7x", "ENG- 7", "ENG-07")."""
    digits = space[len(OWN_ENGINEER_PREFIX):]
    if space.startswith(OWN_ENGINEER_PREFIX) and digits.isascii() and digits.isdigit() \
            and own_engineer_space(int(digits)) == space:
        return int(digits)
    return None


@action("rrd.start_bonus")
class ChooseStartBonus(Action):
    """Setup draft: take one Starting Bonus card (ids in data.yaml)."""

    bonus: str


@action("rrd.place")
class Place(Action):
    """Occupy an action space (or "ENG-<n>", an own engineer) with this payment:
    own workers, temporary workers, roubles and the black worker (0/1)."""

    space: str
    workers: int = 0
    temps: int = 0
    roubles: int = 0
    black: int = 0


@action("rrd.pass")
class Pass(Action):
    """Stop playing this round (scores the back of your Turn Order card)."""


@action("rrd.advance")
class Advance(Action):
    """Move the `colour` track one space on `railroad` (ts, stp, kiev)."""

    task: int
    railroad: str
    colour: str


@action("rrd.industry")
class MoveIndustry(Action):
    """Advance industry marker `marker` (0 or 1) one space."""

    task: int
    marker: int = 0


@action("rrd.build_loco")
class BuildLoco(Action):
    """Take the locomotive from the lowest pile (or the #9 from its card) and
    put it in slot `slot` of `railroad`: a free slot (slot == number of locos
    there) or replacing a lower locomotive, which must then be moved."""

    task: int
    railroad: str
    slot: int


@action("rrd.build_factory")
class BuildFactory(Action):
    """Build a factory: `source` 0 = the lowest locomotive pile, otherwise the
    number of a returned factory beside the piles; `slot` = the next free
    factory slot, or (all 5 full) the slot whose factory it replaces."""

    task: int
    source: int
    slot: int


@action("rrd.move_loco")
class MoveLoco(Action):
    """Place a displaced locomotive on another railroad (free slot or replacing a lower one)."""

    task: int
    railroad: str
    slot: int


@action("rrd.token")
class ChooseToken(Action):
    """Take one of your ? tokens (ids in data.yaml) and apply it."""

    task: int
    token: str


@action("rrd.card")
class ChooseCard(Action):
    """Take one of the face-up ? cards and apply it."""

    task: int
    card: str


@action("rrd.end_bonus")
class ChooseEndBonus(Action):
    """Take an End Bonus card from the pile, or "" for 10 points instead."""

    task: int
    card: str


@action("rrd.reuse")
class Reuse(Action):
    """Use again a one-worker space you occupied this round (engineer 8, factory 3)."""

    task: int
    space: str


@action("rrd.repeat")
class Repeat(Action):
    """Four-actions ? card: do doubler, industry or black once more."""

    task: int
    what: str


@action("rrd.skip")
class Skip(Action):
    """Give up the rest of an optional task (own engineer, factory, ? token...)."""

    task: int


@action("rrd.relocate")
class Relocate(Action):
    """After the turn order is reorganised: move your turn-order worker to a
    free one-worker space (or own engineer) and perform it; "" declines."""

    space: str


# The Coal module ----------------------------------------------------------------------

@action("rrd.spend_coal")
class SpendCoal(Action):
    """Use a coal-paid space (the boilerman space): paid with coal, beside
    your normal action, before or after it, in your own turn."""

    space: str


@action("rrd.use_foundry")
class UseFoundry(Action):
    """Put 2 coal on one of your open foundries (once per round) and do what it shows."""

    foundry: str


@action("rrd.end_turn")
class EndTurn(Action):
    """End your turn after placing, leaving coal actions unused."""


@action("rrd.take_foundry")
class TakeFoundry(Action):
    """Take one of the face-up foundries beside the board."""

    task: int
    foundry: str


@action("rrd.close_foundry")
class CloseFoundry(Action):
    """Close the foundry you just used: it becomes a boilerman (Skip keeps it open)."""

    task: int


@action("rrd.boilerman")
class PlaceBoilerman(Action):
    """Put a boilerman beside a piece of yours without one: `piece` is
    "loco:<railroad>:<slot>" (+1 to that locomotive) or "factory:<slot>"."""

    task: int
    piece: str


@action("rrd.factory_coal")
class FeedCoalFactory(Action):
    """At the coal factory: spend `coal` coal (0..3) for 2 more black advancements each."""

    task: int
    coal: int


# German Railroads' new components ------------------------------------------------------

@action("rrd.use_factory")
class UseFactory(Action):
    """Engineer -10: use the ability of your factory in `slot`, as if a marker arrived there."""

    task: int
    slot: int


# The DSP mini expansion ------------------------------------------------------------------

@action("rrd.pick_bonus")
class PickBonus(Action):
    """Ludmilla: take one of the Starting Bonus cards going round, or "" for the points instead."""

    task: int
    bonus: str


@action("rrd.pick_engineer")
class PickEngineer(Action):
    """Olga: use an opponent's vacant engineer `number`; the public engineer token: hire spare `number`."""

    task: int
    number: int


@action("rrd.gray_up")
class GrayUp(Action):
    """Dimitrij: move the gray track on `railroad` to just behind its black track."""

    task: int
    railroad: str


@action("rrd.freight_car")
class PlaceFreightCar(Action):
    """Put the freight car behind the locomotives of `railroad` (reaching 3 or more)."""

    task: int
    railroad: str


# Expansion boards (Germany) ----------------------------------------------------------------

@action("rrd.branch")
class ChooseBranch(Action):
    """At the switch: the branch (Hamburg or Berlin) the main railroad goes on along, for every colour."""

    task: int
    branch: str


@action("rrd.extension")
class ChooseExtension(Action):
    """At an intermediate station: the railroad extension tile (of the area's length) placed there."""

    task: int
    tile: str


@action("rrd.income")
class ChooseIncome(Action):
    """On an income space: the income marker taken from the general supply."""

    task: int
    marker: str


@action("rrd.use_income")
class UseIncome(Action):
    """Use your income marker number `marker` (face up) in your own turn; it turns face down."""

    marker: int


# The USA board (American Railroads) ---------------------------------------------------------

@action("rrd.dividend")
class ChooseDividend(Action):
    """First on a stock level: the dividend token placed on it (its advantage is yours at once)."""

    task: int
    token: str


@action("rrd.boulder")
class RemoveBoulder(Action):
    """On a boulder space: the boulder removed (10 points; the space behind it is free)."""

    task: int
    boulder: str


@action("rrd.doubler")
class PlaceDoubler(Action):
    """A doubler placed above the next free doubler space of this railroad (USA: main line or a
    Transcontinental line)."""

    task: int
    railroad: str


@action("rrd.coin_space")
class PayCoin(Action):
    """Pay a coin at a coin space you reached (special space id) for its advantage, in your own turn."""

    space: str
