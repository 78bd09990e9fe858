"""What a crayon-rails player can ask for. Mileposts are axial (q, r) tuples;
paths are tuples of mileposts. Multi-segment builds and moves are single
actions, validated in full before anything changes."""
from __future__ import annotations

from game.core.actions import Action, action

Hex = tuple[int, int]


@action("crayon.place_train")
class PlaceTrain(Action):
    """Put the train on a city milepost before its first move."""

    milepost: Hex


@action("crayon.move")
class Move(Action):
    """Run the train along `path`: the mileposts entered, in order (the
    current milepost is not repeated)."""

    path: tuple[Hex, ...]


@action("crayon.pick_up")
class PickUp(Action):
    load: str


@action("crayon.drop")
class Drop(Action):
    load: str


@action("crayon.deliver")
class Deliver(Action):
    """Fill demand `index` (0..2) of demand card `card` with a carried load."""

    card: int
    index: int


@action("crayon.deliver_special")
class DeliverSpecial(Action):
    """Fill the special demand of event card `card` (all its loads at once)."""

    card: int


@action("crayon.board_ferry")
class BoardFerry(Action):
    """Stop at a ferry port; next turn the train starts at the far port at half rate."""


@action("crayon.discard_hand")
class DiscardHand(Action):
    """Instead of a turn: discard all demand cards and draw new ones."""


@action("crayon.build")
class BuildTrack(Action):
    """Build along `path` (first milepost = where the track starts)."""

    path: tuple[Hex, ...]


@action("crayon.upgrade")
class Upgrade(Action):
    loco: str


@action("crayon.end_turn")
class EndTurn(Action):
    pass


@action("crayon.return_load")
class ReturnLoad(Action):
    """Derailment: the load chip this player gives back to the bank."""

    load: str


@action("crayon.scandal_pick")
class ScandalPick(Action):
    """Supply Depot Scandal: take `load` (or nothing when empty), dumping
    `dump` first when the train is full."""

    load: str = ""
    dump: str = ""
