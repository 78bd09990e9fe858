"""Read-only questions the UI asks before a player commits: the price of a
track path, the cheapest route to a milepost, the path and cost of a move,
which events are in play and what they forbid, which cities a network reaches."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.hexgrid import as_hex, as_path
from game.crayon import actions as A
from game.crayon.building import BuildQuote, quote_build
from game.crayon.content import Demand
from game.crayon.movement import MovePlan, find_move_path, plan_move
from game.crayon.network import cities_reached
from game.crayon.pathfind import BuildRoute, cheapest_build

if TYPE_CHECKING:
    from game.crayon.host import CrayonHost as _Host
else:
    _Host = object

Hex = tuple[int, int]


@dataclass(frozen=True)
class ActiveEventInfo:
    card: int
    title: str
    kind: str
    text: str
    forbids: str  # one sentence: what the event forbids or offers now
    until: str  # one sentence: when it leaves play
    label: str  # the few words that tell it from the other events in play, where its title would be cut


class QueriesMixin(_Host):

    def _who(self, seat: int | None) -> int:
        if seat is not None:
            return seat
        current = self.current_player()
        if current is None:
            raise ValueError("no player is taking a turn")
        return current

    def quote_build(self, path: tuple[Hex, ...], seat: int | None = None) -> BuildQuote:
        """Cost of a proposed track path, per segment, with the reason any segment is illegal."""
        return quote_build(self, self._who(seat), as_path(path))

    def cheapest_route(self, target: Hex, seat: int | None = None) -> BuildRoute | None:
        """The cheapest track from the network (own track free) to `target`."""
        return cheapest_build(self, self._who(seat), as_hex(target))

    def move_preview(self, dest: Hex, seat: int | None = None) -> MovePlan:
        """The path a move to `dest` would take, its movement points and rent;
        `reason` says why it cannot be made now (e.g. too far this turn)."""
        who = self._who(seat)
        p = self.players[who]
        if p.position is None:
            return MovePlan((), 0, self.moves_left, (), 0, 0, False, "Place your train on a city first.")
        path = find_move_path(self, who, as_hex(dest))
        if path is None:
            return MovePlan((p.position,), 0, self.moves_left, (), 0, 0, False,
                            f"No usable track leads from your train to {self.place(as_hex(dest))}.")
        return plan_move(self, who, path)

    def delivery_of(self, action: Any) -> tuple[str, int] | None:
        """(load, payoff) when `action` delivers for pay, else None."""
        if isinstance(action, A.Deliver):
            d = self.card_demands(action.card)[action.index]
            return d.load, d.payout
        if isinstance(action, A.DeliverSpecial):
            ev = next(e for e in self.active if e.card == action.card)
            spec = self.active_spec(ev)
            return " + ".join(spec.get("loads", ())), int(spec.get("reward"))
        return None

    def cities_connected(self, seat: int) -> list[str]:
        """Cities on the player's network."""
        return cities_reached(self.board, self.network(seat))

    def hand_demands(self, seat: int) -> list[tuple[int, int, Demand]]:
        """(card, index, demand) for the nine demands in a player's hand."""
        return [(c, i, d) for c in self.players[seat].hand for i, d in enumerate(self.card_demands(c))]

    def active_events(self) -> list[ActiveEventInfo]:
        out = []
        for ev in self.active:
            spec = self.active_spec(ev)
            if ev.until is None:
                until = "until filled" if spec.kind == "special_demand" else "for the rest of the game"
            else:
                until = f"until the end of {self.name(ev.drawer)}'s next turn"
            out.append(ActiveEventInfo(ev.card, spec.title, spec.kind, spec.text, self._forbids(spec), until,
                                       spec.label))
        return out

    def _forbids(self, spec: Any) -> str:
        kind = spec.kind
        if kind == "weather":
            names = ", ".join(spec.get("areas", ()) or spec.get("cities", ()))
            return f"Half-rate movement and no building in {names}."
        if kind == "flood":
            return f"No building or moving across the {', '.join(spec.get('rivers', ()))}."
        if kind == "lockdown":
            return f"No pick-ups or deliveries in {', '.join(spec.get('regions', ()))}."
        if kind == "closed_borders":
            return f"No train may cross the borders of {self.rules.home_region}."
        if kind == "special_demand":
            return (f"First to deliver {', '.join(spec.get('loads', ()))} together to {spec.get('city')} "
                    f"earns {spec.get('reward')}M.")
        return spec.text
