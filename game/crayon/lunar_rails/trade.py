"""Challenge game: Selling and Trading Track. "Instead of building track, a
player may purchase track from another player for whatever price both
players agree to. The purchase may take place only in the purchasing
player's turn. Players can agree to trade track for track, with no money
involved. In both trading and selling, the selling player replaces his
colored lines with lines of the new owner's color."

The buyer makes an offer (sections wanted, own sections given, a price); the
seller answers it, accepting, refusing or countering with other terms, which
the buyer then accepts, refuses or counters, and so on, before play goes on
("whatever price both players agree to"). Readings (rules.yaml
`track_trading`, `track_offer_counters`): at most that many counter-offers
in one negotiation, then the last offer is accepted or refused; an offer is
made instead of building track (not after track was built this turn, and
after a purchase no track is built that turn; upgrading stays allowed); one
offer to each other player per turn; the city entry limits hold for the new
owner.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.hexgrid import pair_key
from game.core.words import counted
from game.crayon.building import entry_refusal
from game.crayon.events import Note
from game.crayon.lunar_rails import actions as LA
from game.crayon.lunar_rails.extras import TrackOffer
from game.crayon.player import Decision

if TYPE_CHECKING:
    from game.crayon.lunar_rails.variants import LunarVariantsMixin as _Base
else:
    _Base = object

Hex = tuple[int, int]
Pair = tuple[Hex, Hex]
OFFER = "track_offer"  # the answer to the offer waiting (the seller's, the buyer's to a counter-offer)


def terms(take: Any, give: Any) -> tuple[list[Pair], list[Pair]]:
    """Which sections change hands, in one form whatever the order they are
    named in: to compare an offer with its counter-offer."""
    return sorted(pair_key(*p) for p in take), sorted(pair_key(*p) for p in give)


class TrackTradeMixin(_Base):
    """Offers of track between players, and their answers."""

    def offer_refusal(self, a: Any) -> str:
        """Why the player whose turn it is may not make offer `a` now, or ""."""
        buyer = self.seat
        if not self.options.get("track_trading"):
            return "Selling and trading track is not in use in this game."
        if self.forfeit or self.pending:
            return "You may offer to buy track only in your own turn, before it ends."
        if self.flags.get("built"):
            return "A purchase is instead of building: you have already built track this turn."
        if self.flags.get("bought"):
            return "You have already bought track this turn."
        if not 0 <= a.seller < len(self.players) or a.seller == buyer:
            return "Choose another player to buy track from."
        if a.seller in self.flags.get("offered", []):
            return f"You have already made {self.name(a.seller)} an offer this turn."
        return self._terms_refusal(buyer, a.seller, a.take, a.give, a.price, buyer)

    def _terms_refusal(self, buyer: int, seller: int, take_in: Any, give_in: Any, price: int, by: int) -> str:
        """Why the terms (seller's sections `take` and buyer's `give` changing
        hands, `price` paid by the buyer) cannot be offered by `by`, or ""."""
        take, give = [pair_key(*p) for p in take_in], [pair_key(*p) for p in give_in]
        if not take:
            return f"Choose at least one section of {self.name(seller)}'s track."
        if len(set(take + give)) != len(take) + len(give):
            return "A section is named twice in the offer."
        if any(self.track.get(p) != seller for p in take):
            return f"Every section sold must be {self.name(seller)}'s track."
        if any(self.track.get(p) != buyer for p in give):
            whose = "your own" if by == buyer else f"{self.name(buyer)}'s"
            return f"Every section given in exchange must be {whose} track."
        cash = self.players[buyer].cash
        if not 0 <= price <= cash:
            return f"Offer between 0M and your {cash}M in cash." if by == buyer else \
                f"Ask between 0M and {self.name(buyer)}'s {cash}M in cash."
        return self._entry_after(take, give, buyer, seller)

    def counter_refusal(self, a: Any) -> str:
        """Why the player answering the offer waiting may not counter it with `a`, or ""."""
        offer = self.lunar.offer
        if not self.pending or self.pending[0].kind != OFFER or offer is None:
            return "There is no track offer to answer."
        limit = self.variant("track_offer_counters")
        if offer.counters >= limit:
            return f"After {limit} counter-offers the last offer stands: accept or refuse it."
        if (terms(a.take, a.give), a.price) == (terms(offer.take, offer.give), offer.price):
            return "A counter-offer changes the terms: to agree to these, accept."
        take, give = [pair_key(*p) for p in a.take], [pair_key(*p) for p in a.give]
        return self._terms_refusal(offer.buyer, offer.seller, take, give, a.price, self.pending[0].seat)

    def _do_counter_offer(self, a: Any) -> list[Event]:
        self._need_decision(OFFER)
        why = self.counter_refusal(a)
        if why:
            raise IllegalAction("offer", why)
        old = self.lunar.offer
        assert old is not None, "counter_refusal checked the offer"
        by = self.pending.pop(0).seat
        offer = TrackOffer(old.buyer, old.seller, tuple(pair_key(*p) for p in a.take),
                           tuple(pair_key(*p) for p in a.give), a.price, old.counters + 1)
        self.lunar.offer = offer
        self.pending.insert(0, Decision(offer.answer_by, OFFER, 0))
        return [Note(by, f"{self.name(by)} answers with a counter-offer: {self.offer_text(offer)}.")]

    def _entry_after(self, take: list[Pair], give: list[Pair], buyer: int, seller: int) -> str:
        """The city entry limits hold for each section's new owner."""
        track = {p: o for p, o in self.track.items() if p not in take and p not in give}
        for moved, owner in ((take, buyer), (give, seller)):
            for pair in moved:
                for h in pair:
                    why = entry_refusal(self, track, owner, h)
                    if why:
                        return f"{self.name(owner)} cannot own that section: {why}"
                track[pair] = owner
        return ""

    def _do_offer_track(self, a: Any) -> list[Event]:
        self._need_turn()
        why = self.offer_refusal(a)
        if why:
            raise IllegalAction("offer", why)
        offer = TrackOffer(self.seat, a.seller, tuple(pair_key(*p) for p in a.take),
                           tuple(pair_key(*p) for p in a.give), a.price)
        self.lunar.offer = offer
        self.flags["offered"] = self.flags.get("offered", []) + [a.seller]
        self.pending.insert(0, Decision(a.seller, OFFER, 0))
        return [Note(self.seat, f"{self.name(self.seat)} offers {self.name(a.seller)} {self.offer_text(offer)}.")]

    def offer_title(self) -> str:
        """The offer waiting, as its answerer reads it."""
        o = self.lunar.offer
        if o is None:
            return "Track offer"
        if o.counters == 0:
            return f"{self.name(o.buyer)} offers {self.offer_text(o)}"
        who = o.seller if o.answer_by == o.buyer else o.buyer
        return f"{self.name(who)} counters: {self.offer_text(o)}"

    def offer_text(self, offer: TrackOffer) -> str:
        parts = [f"{offer.price}M"] if offer.price or not offer.give else []
        if offer.give:
            parts.append(f"{counted(len(offer.give), 'section')} of track")
        wanted = counted(len(offer.take), "section")
        return f"{' and '.join(parts)} for {wanted} of track"

    def _do_answer_offer(self, a: Any) -> list[Event]:
        self._need_decision(OFFER)
        offer = self.lunar.offer
        if offer is None:
            raise IllegalAction("offer", "There is no offer to answer.")
        by = self.pending.pop(0).seat
        self.lunar.offer = None
        if not a.accept:
            return [Note(by, f"{self.name(by)} refuses the offer.")]
        for pair in offer.take:
            self.track[pair] = offer.buyer
        for pair in offer.give:
            self.track[pair] = offer.seller
        if offer.price:
            self.pay(offer.buyer, offer.seller, offer.price)
        self._track_changed()
        self.flags["bought"] = True
        self.building = True  # instead of building: the purchase is the building phase
        return [Note(by, f"{self.name(by)} accepts: {self.name(offer.buyer)} takes over "
                         f"{counted(len(offer.take), 'section')} of track.")]

    def offer_answers(self) -> list[Any]:
        return [LA.AnswerOffer(True), LA.AnswerOffer(False)]

    def offer_worth(self, offer: TrackOffer) -> int:
        """What the offer gains the seller by build costs: price and sections
        received less the sections handed over (for the computer players)."""
        return offer.price + sum(self.section_cost(p) for p in offer.give) - \
            sum(self.section_cost(p) for p in offer.take)

    def section_cost(self, pair: Pair) -> int:
        """What building the section costs (to its dearer end, with the crossing's surcharge)."""
        cost = self.rules.terrain_cost
        return max(int(cost.get(self.terrain_at(h), 0)) for h in pair) + int(self.surcharge(pair))
