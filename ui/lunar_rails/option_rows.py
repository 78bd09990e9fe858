"""Panel rows of Lunar Rails' Challenge options: the player's warehouse
(placing it; storing, taking, swapping and buying loads where the train
stands) and a track offer being put together (sections clicked on the map,
the price set with buttons). The second train's button is one of the turn's
own moves (``extra_actions``)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from game.crayon.lunar_rails import actions as LA
from ui import theme

Hex = tuple[int, int]
Pair = tuple[Hex, Hex]
PRICE_STEPS = (1, 5)  # the price buttons: -5 -1 +1 +5 (M)


@dataclass
class Picks:
    """What the player is picking on the map for a Lunar Rails option."""

    what: str = ""  # "", "warehouse" (a mare milepost) or "offer" (track sections)
    take: list[Pair] = field(default_factory=list)  # the seller's sections wanted
    give: list[Pair] = field(default_factory=list)  # own sections given in exchange
    seller: int | None = None
    price: int = 0

    def clear(self) -> None:
        self.what, self.take, self.give, self.seller, self.price = "", [], [], None, 0

    def offer(self) -> Any:
        return LA.OfferTrack(self.seller if self.seller is not None else -1, tuple(self.take), tuple(self.give),
                             self.price)

    def toggle(self, state: Any, seat: int, pair: Pair) -> str:
        """Add or remove a clicked section; a message when it cannot be part of the offer."""
        owner = state.track.get(pair)
        for chosen in (self.take, self.give):
            if pair in chosen:
                chosen.remove(pair)
                if not self.take:
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
    st, seat = ctl.state, ctl.seat
    if seat is None or mode in ("wait", "decide"):
        return
    if st.options.get("private_warehousing"):
        _warehouse(cur, ctl, mode)
    if st.options.get("track_trading") and mode in ("move", "build", "done") and not st.forfeit:
        _offer(cur, ctl)


def _warehouse(cur: Any, ctl: Any, mode: str) -> None:
    st, seat, picks = ctl.state, ctl.seat, ctl.picks
    here = st.warehouse_actions(seat)
    own = st.lunar.warehouses.get(seat)
    if here:
        owner, w = st.warehouse_here(seat)
        cur.rule()
        cur.heading(f"{st.name(owner)}'s warehouse: {', '.join(w.loads) or 'empty'}")
        cur.buttons_row([(a.label(st), partial(ctl.submit, a), True, "") for a in here])
    if own is None and mode in ("move", "build"):
        cur.rule()
        if picks.what == "warehouse":
            cur.text("Click a mare milepost for your warehouse (Esc: cancel).", 13, theme.HIGHLIGHT)
        else:
            cost = st.variant("warehouse_cost")
            room = min(st.rules.build_budget - st.spent, st.players[seat].cash) >= cost
            cur.buttons_row([(f"Place warehouse {cost}M", partial(ctl.start_pick, "warehouse"), room,
                              "Then click a mare milepost" if room else f"A warehouse costs {cost}M of the "
                              f"turn's building")])


def _offer(cur: Any, ctl: Any) -> None:
    st, picks = ctl.state, ctl.picks
    cur.rule()
    if picks.what != "offer":
        blocked = st.flags.get("built") or st.flags.get("bought")
        cur.buttons_row([("Buy track…", partial(ctl.start_pick, "offer"), not blocked,
                          "A purchase is instead of building this turn" if blocked else
                          "Pick another player's sections on the map and offer a price")])
        return
    who = st.name(picks.seller) if picks.seller is not None else "nobody yet"
    cur.heading(f"Offer to {who}")
    cur.text(f"Wanted: {len(picks.take)} section(s) · given: {len(picks.give)} of yours · price {picks.price}M",
             13, theme.TEXT)
    cur.text("Click their track to want it, yours to give it (marked in the new owner's colour).", 13,
             theme.TEXT_DIM)
    steps = [(f"{'+' if d > 0 else '−'}{abs(d)}M", partial(ctl.change_price, d), True, "Change the price")
             for d in (-PRICE_STEPS[1], -PRICE_STEPS[0], PRICE_STEPS[0], PRICE_STEPS[1])]
    cur.buttons_row(steps)
    why = st.offer_refusal(picks.offer())
    cur.buttons_row([("Send offer", ctl.send_offer, not why, why or "The other player accepts or refuses"),
                     ("Cancel", ctl.cancel_pick, True, "Forget this offer")])


def offer_marks(ctl: Any) -> list[tuple[Pair, tuple[int, int, int]]]:
    """Sections in the offer being made: wanted ones in the buyer's colour, given ones in the seller's."""
    picks, colours = ctl.picks, ctl.colours()
    seat = ctl.seat if ctl.seat is not None else 0
    other = picks.seller if picks.seller is not None else seat
    return [(p, colours[seat]) for p in picks.take] + [(p, colours[other]) for p in picks.give]

