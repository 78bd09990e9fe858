"""Moves of Lunar Rails beyond the shared crayon-rails ones (its events and
optional rules)."""
from __future__ import annotations

from typing import Any

from game.core.actions import Action, action
from game.core.words import counted

Hex = tuple[int, int]


@action("crayon.lunar_relocate")
class Relocate(Action):
    """After a meteor strike: the city milepost the train is put back on."""

    milepost: Hex

    def label(self, state: Any) -> str:
        return f"Restart in {state.place(self.milepost)}"


@action("crayon.lunar_deliver_shortage")
class DeliverShortage(Action):
    """Fill a Shortage or Boom in play with one of its loads, in any Major City."""

    card: int
    load: str

    def label(self, state: Any) -> str:
        return f"Deliver {self.load} for the boom"


@action("crayon.lunar_easy_start_discard")
class EasyStartDiscard(Action):
    """Easy Start: the one of the four dealt demand cards given back."""

    card: int

    def label(self, state: Any) -> str:
        return "Give back: " + ", ".join(f"{d.load}→{d.city}" for d in state.card_demands(self.card))


@action("crayon.lunar_fill_contract")
class FillContract(Action):
    """Open Contracts: deliver demand `index` of an open contract card."""

    card: int
    index: int

    def label(self, state: Any) -> str:
        d = state.card_demands(self.card)[self.index]
        return f"Open contract: {d.load} {d.payout}M"


@action("crayon.lunar_take_loan")
class TakeLoan(Action):
    """Mercy: borrow from the bank (repaid double from delivery payoffs)."""

    amount: int

    def label(self, state: Any) -> str:
        return f"Borrow {self.amount}M"


@action("crayon.lunar_backtrack")
class Backtrack(Action):
    """Mercy: reverse the train where it stands, losing this whole turn."""

    def label(self, state: Any) -> str:
        return "Backtrack (lose this turn)"


@action("crayon.lunar_start_over")
class StartOver(Action):
    """Mercy: give everything back and start again with 60M and a Von Braun."""

    def label(self, state: Any) -> str:
        return "Start over"


@action("crayon.lunar_offer_track")
class OfferTrack(Action):
    """Selling and Trading Track: offer `seller` `price` (M) and the own
    sections `give` for its sections `take` (each a pair of mileposts)."""

    seller: int
    take: tuple[tuple[Hex, Hex], ...]
    give: tuple[tuple[Hex, Hex], ...] = ()
    price: int = 0

    def label(self, state: Any) -> str:
        return f"Offer {state.name(self.seller)} {self.price}M for {counted(len(self.take), 'section')}"


@action("crayon.lunar_counter_offer")
class CounterOffer(Action):
    """The answer to a track offer with other terms: the seller's sections
    `take` going to the buyer, the buyer's sections `give` going to the
    seller, and `price` (M) the buyer pays. The other side answers it."""

    take: tuple[tuple[Hex, Hex], ...]
    give: tuple[tuple[Hex, Hex], ...] = ()
    price: int = 0

    def label(self, state: Any) -> str:
        return f"Counter: {self.price}M for {counted(len(self.take), 'section')}"


@action("crayon.lunar_answer_offer")
class AnswerOffer(Action):
    """The answer (the seller's, or the buyer's to a counter-offer) to the
    track offer waiting for it."""

    accept: bool

    def label(self, state: Any) -> str:
        return "Accept the offer" if self.accept else "Refuse the offer"


@action("crayon.lunar_build_warehouse")
class BuildWarehouse(Action):
    """Private Warehousing: build the player's warehouse on a mare milepost."""

    milepost: Hex

    def label(self, state: Any) -> str:
        return f"Build a warehouse at {state.place(self.milepost)}"


@action("crayon.lunar_store")
class Store(Action):
    """Put a carried load into the own warehouse the train stands on."""

    load: str

    def label(self, state: Any) -> str:
        return f"Store {self.load}"


@action("crayon.lunar_fetch")
class Fetch(Action):
    """Take a load from the own warehouse the train stands on."""

    load: str

    def label(self, state: Any) -> str:
        return f"Take {self.load}"


@action("crayon.lunar_warehouse_trade")
class WarehouseTrade(Action):
    """At another player's warehouse: ask to take `load`, giving the carried
    load `give` in exchange, or paying the sale price when `give` is empty
    (the owner accepts or refuses)."""

    owner: int
    load: str
    give: str = ""

    def label(self, state: Any) -> str:
        if self.give:
            return f"Ask to swap {self.give} for {self.load}"
        return f"Ask to buy {self.load} {state.variant('warehouse_sale')}M"


@action("crayon.lunar_answer_trade")
class AnswerTrade(Action):
    """The warehouse owner's answer to the swap or sale a passing train asks for."""

    accept: bool

    def label(self, state: Any) -> str:
        r = state.lunar.request
        if r is None:
            return "Accept" if self.accept else "Refuse"
        deal = f"swap {r.load} for {r.give}" if r.give else f"sell {r.load} for {state.variant('warehouse_sale')}M"
        return f"Yes, {deal}" if self.accept else "No, keep it"


@action("crayon.lunar_retrieve")
class Retrieve(Action):
    """At a city whose tray is empty: send for a load of its kind from a
    private warehouse (`owner`) or a field warehouse (`city`), waiting a turn."""

    load: str
    owner: int = -1
    city: str = ""

    def label(self, state: Any) -> str:
        where = self.city or f"{state.name(self.owner)}'s warehouse"
        return f"Send for {self.load} from {where} (lose a turn)"


@action("crayon.lunar_choose_train")
class ChooseTrain(Action):
    """Additional Trains: the Level II loco taken as second train at set-up."""

    loco: str

    def label(self, state: Any) -> str:
        return f"Second train: {self.loco}"


@action("crayon.lunar_switch_train")
class SwitchTrain(Action):
    """Additional Trains: run (or upgrade) the player's other train now."""

    def label(self, state: Any) -> str:
        other = state.lunar.spare[state.seat]
        where = state.place(other.position) if other.position is not None else "not placed"
        return f"Run the {other.loco} ({where})"


@action("crayon.lunar_declare_rental")
class DeclareRental(Action):
    """Starting Over: whether this player declares a run over the old track
    of the player starting over (it then stays until the end of its next turn)."""

    keep: bool

    def label(self, state: Any) -> str:
        return "Keep the old track for my run" if self.keep else "Let the old track go"


@action("crayon.lunar_confirm_restart")
class ConfirmRestart(Action):
    """Starting Over, after another player declared a run over the old
    track: start over (the track stays for that run) or not after all."""

    restart: bool

    def label(self, state: Any) -> str:
        return "Start over anyway" if self.restart else "Stay: do not start over"
