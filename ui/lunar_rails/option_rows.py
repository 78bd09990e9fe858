"""Panel rows of Lunar Rails' Challenge options: the player's warehouse
(placing it; storing, taking, swapping and buying loads where the train
stands) and a track offer being put together (sections clicked on the map,
the price set with buttons), and a counter-offer put together the same way
by the player answering an offer. The second train's button is one of the
turn's own moves (``extra_actions``)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from game.core.words import counted
from game.crayon.lunar_rails import actions as LA
from ui import theme

Hex = tuple[int, int]
Pair = tuple[Hex, Hex]
PRICE_STEPS = (1, 5)  # the price buttons: -5 -1 +1 +5 (M)


@dataclass
class Picks:
    """What the player is picking on the map for a Lunar Rails option."""

    what: str = ""  # "", "warehouse" (a mare milepost), "offer" or "counter" (track sections)
    take: list[Pair] = field(default_factory=list)  # the other player's sections wanted
    give: list[Pair] = field(default_factory=list)  # own sections given in exchange
    seller: int | None = None  # the other player (for a counter-offer: fixed, the other side of the deal)
    price: int = 0  # what the buyer pays

    def clear(self) -> None:
        self.what, self.take, self.give, self.seller, self.price = "", [], [], None, 0

    def offer(self) -> Any:
        return LA.OfferTrack(self.seller if self.seller is not None else -1, tuple(self.take), tuple(self.give),
                             self.price)

    def start_counter(self, offer: Any, seat: int) -> None:
        """Begin a counter-offer from the terms of `offer`, seen from `seat`'s side."""
        selling = seat == offer.seller
        self.what, self.price = "counter", offer.price
        self.seller = offer.buyer if selling else offer.seller
        self.take = list(offer.give if selling else offer.take)
        self.give = list(offer.take if selling else offer.give)

    def counter(self, offer: Any, seat: int) -> Any:
        """The counter-offer picked, in the deal's own terms (the seller's sections, the buyer's, the price)."""
        if seat == offer.seller:
            return LA.CounterOffer(tuple(self.give), tuple(self.take), self.price)
        return LA.CounterOffer(tuple(self.take), tuple(self.give), self.price)

    def toggle(self, state: Any, seat: int, pair: Pair) -> str:
        """Add or remove a clicked section; a message when it cannot be part of the offer."""
        owner = state.track.get(pair)
        for chosen in (self.take, self.give):
            if pair in chosen:
                chosen.remove(pair)
                if not self.take and self.what != "counter":
                    self.seller = None
                return ""
        if owner is None:
            return "Nobody has track there."
        if owner == seat:
            self.give.append(pair)
            return ""
        if self.seller is not None and owner != self.seller:
            return f"This offer is to {state.name(self.seller)}: pick only their track (or clear the offer)."
        self.seller = owner
        self.take.append(pair)
        return ""


def nearest_section(state: Any, geom: Any, world: tuple[float, float]) -> Pair | None:
    """The track section whose middle is nearest the clicked point (within a milepost)."""
    best, best_d = None, geom.spacing * 0.8
    for pair in state.track:
        a, b = geom.pos(pair[0]), geom.pos(pair[1])
        d = math.dist(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), world)
        if d < best_d:
            best, best_d = pair, d
    return best


def draw_rows(cur: Any, ctl: Any, mode: str) -> None:
    """Under the turn's controls: what can be done at the warehouse the train
    stands on, then one row to start placing a warehouse or buying track."""
    st, seat = ctl.state, ctl.seat
    if seat is None or mode in ("wait", "decide"):
        return
    starts: list[tuple[str, Any, bool, str]] = []
    if st.options.get("private_warehousing"):
        _at_warehouse(cur, ctl)
        if seat not in st.lunar.warehouses and mode in ("move", "build"):
            cost = st.variant("warehouse_cost")
            room = min(st.rules.build_budget - st.spent, st.players[seat].cash) >= cost
            starts.append((f"Warehouse {cost}M…", partial(ctl.start_pick, "warehouse"), room,
                           "Place your warehouse: then click a mare milepost" if room else f"A warehouse costs {cost}M of the "
                           f"turn's building"))
    if st.options.get("track_trading") and mode in ("move", "build", "done") and not st.forfeit:
        blocked = st.flags.get("built") or st.flags.get("bought")
        starts.append(("Buy track…", partial(ctl.start_pick, "offer"), not blocked,
                       "A purchase is instead of building this turn" if blocked else
                       "Pick another player's sections on the map and offer a price"))
    if starts:
        cur.rule()
        cur.buttons_row(starts)


def draw_pick(cur: Any, ctl: Any) -> None:
    """The rows of what the player is picking on the map, in place of the turn's controls."""
    what = ctl.picks.what
    if what == "warehouse":
        cur.rule()
        cur.text("Click a mare milepost for your warehouse.", 13, theme.HIGHLIGHT)
        cur.buttons_row([("Cancel (Esc)", ctl.cancel_pick, True, "Do not place a warehouse now")])
    elif what == "offer":
        _offer(cur, ctl)
    elif what == "counter":
        _counter(cur, ctl)


def _at_warehouse(cur: Any, ctl: Any) -> None:
    st, seat = ctl.state, ctl.seat
    here = st.warehouse_actions(seat)
    if here:
        owner, w = st.warehouse_here(seat)
        cur.rule()
        cur.heading(f"{st.name(owner)}'s warehouse: {', '.join(w.loads) or 'empty'}")
        cur.buttons_row([(a.label(st), partial(ctl.submit, a), True, "") for a in here], here)


def _offer(cur: Any, ctl: Any) -> None:
    """A track offer being put together by the player whose turn it is."""
    st, picks = ctl.state, ctl.picks
    cur.rule()
    who = st.name(picks.seller) if picks.seller is not None else "nobody yet"
    cur.heading(f"Offer to {who}")
    cur.text(f"Wanted: {counted(len(picks.take), 'section')} · given: {len(picks.give)} of yours · "
             f"price {picks.price}M",
             13, theme.TEXT)
    cur.text("Click their track to want it, yours to give it (marked in the new owner's colour).", 13,
             theme.TEXT_DIM)
    _price_steps(cur, ctl)
    why = st.offer_refusal(picks.offer())
    cur.buttons_row([("Send offer", ctl.send_offer, not why, why or "The other player accepts, refuses or counters"),
                     ("Cancel (Esc)", ctl.cancel_pick, True, "Forget this offer")])


def _price_steps(cur: Any, ctl: Any) -> None:
    cur.buttons_row([(f"{'+' if d > 0 else '−'}{abs(d)}M", partial(ctl.change_price, d), True, "Change the price")
                     for d in (-PRICE_STEPS[1], -PRICE_STEPS[0], PRICE_STEPS[0], PRICE_STEPS[1])])


def _counter(cur: Any, ctl: Any) -> None:
    """A counter-offer being put together by the player answering an offer."""
    st, picks, seat = ctl.state, ctl.picks, ctl.seat
    offer = st.lunar.offer
    other = st.name(picks.seller) if picks.seller is not None else "?"
    cur.rule()
    cur.heading(f"Counter-offer to {other}")
    if seat == offer.seller:
        cur.text(f"You sell: {counted(len(picks.give), 'section')} · you get: {len(picks.take)} of theirs · "
                 f"they pay {picks.price}M", 13, theme.TEXT)
    else:
        cur.text(f"Wanted: {counted(len(picks.take), 'section')} · given: {len(picks.give)} of yours · "
                 f"you pay {picks.price}M", 13, theme.TEXT)
    cur.text("Click track to add or drop it (marked in the new owner's colour).", 13, theme.TEXT_DIM)
    _price_steps(cur, ctl)
    why = st.counter_refusal(picks.counter(offer, seat))
    cur.buttons_row([("Send counter-offer", ctl.send_counter, not why, why or f"{other} accepts, refuses or "
                      f"counters"), ("Back (Esc)", ctl.cancel_pick, True, "Back to the offer: accept or refuse it")])


def offer_marks(ctl: Any) -> list[tuple[Pair, tuple[int, int, int]]]:
    """Sections in the offer being made: wanted ones in the buyer's colour, given ones in the seller's."""
    picks, colours = ctl.picks, ctl.colours()
    seat = ctl.seat if ctl.seat is not None else 0
    other = picks.seller if picks.seller is not None else seat
    return [(p, colours[seat]) for p in picks.take] + [(p, colours[other]) for p in picks.give]

