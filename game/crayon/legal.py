"""The finite, useful subset of legal actions offered to bots and tests:
single track sections out of the network, moves to reachable cities and to
neighbouring mileposts, load handling where the train stands, upgrades and
the end of the turn. Larger builds and moves are legal too (validated in full
by ``apply``); they are simply not enumerated."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.actions import Action
from game.core.hexgrid import pair_key
from game.crayon import actions as A
from game.crayon.building import ferry_at, quote_build
from game.crayon.content import CIRCUS
from game.crayon.movement import move_tree, plan_move

if TYPE_CHECKING:
    from game.crayon.host import CrayonHost as _Host
else:
    _Host = object


class LegalActionsMixin(_Host):

    def enumerated(self, action: Action) -> bool:
        """Builds of more than one section and runs of more than one milepost
        are legal but only partly listed (see the module docstring)."""
        if isinstance(action, A.BuildTrack):
            return len(action.path) <= 2
        if isinstance(action, A.Move):
            return len(action.path) <= 1
        return True

    def legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self.pending:
            return list(self.decision_options(self.pending[0]))
        seat = self.seat
        out: list[Action] = []
        if self.phase == "operate" and not self.building and not self.forfeit:
            out += self.operation_actions(seat)
        elif self.players[seat].position is None and not self.building and not self.forfeit:
            out += self.placement_actions()  # a train may start in any city from the first turn
        if not self.forfeit:
            out += self.build_actions(seat)
            out += [A.Upgrade(lc.name) for lc in self.rules.upgrades_from(self.players[seat].loco)
                    if not self.upgrade_refusal(seat, lc.name)]
        if not self.forfeit:
            out.append(A.EndTurn())
        return out

    def operation_actions(self, seat: int) -> list[Action]:
        p = self.players[seat]
        out: list[Action] = []
        if not self.acted:
            out.append(A.DiscardHand())
        if p.position is None:
            return out + self.placement_actions()
        if p.on_ferry:
            return out
        out += self.load_actions(seat)
        if self.moves_left > 0:
            out += self.move_actions(seat)
        ferry = ferry_at(self.board, p.position)
        if ferry is not None and self.ferry_owners.get(ferry.name):
            if seat in self.ferry_owners[ferry.name] or p.cash >= self.rules.rent:
                out.append(A.BoardFerry())
        return out

    def placement_actions(self) -> list[Action]:
        """The train may be put on any milepost of any city."""
        return [A.PlaceTrain(h) for h in sorted(self.board.city_at)]

    def load_actions(self, seat: int) -> list[Action]:
        p = self.players[seat]
        city = self.board.city_at.get(p.position)
        if city is None:
            return []
        out: list[Action] = [A.Drop(load) for load in sorted(set(p.loads))]
        candidates = set(self.data.supplies.get(city, ()))
        if city in self.circus_at:
            candidates.add(CIRCUS)
        out += [A.PickUp(load) for load in sorted(candidates) if not self.pickup_refusal(seat, city, load)]
        if self.city_refusal(city):
            return out
        for card in p.hand:
            for i, d in enumerate(self.card_demands(card)):
                if d.city == city and d.load in p.loads:
                    out.append(A.Deliver(card, i))
        for ev in self.active:
            spec = self.active_spec(ev)
            if spec.kind == "special_demand" and spec.get("city") == city:
                carried = list(p.loads)
                if all(carried.count(x) >= list(spec.get("loads")).count(x) for x in spec.get("loads")):
                    out.append(A.DeliverSpecial(ev.card))
        return out

    def move_actions(self, seat: int) -> list[Action]:
        p = self.players[seat]
        tree = move_tree(self, seat, self.moves_left)
        out: list[Action] = []
        seen_cities = {self.board.city_at.get(p.position)}
        for node, path in sorted(tree.items(), key=lambda kv: len(kv[1])):
            if not path:
                continue
            city = self.board.city_at.get(node)
            single = len(path) == 1
            if not single and (city is None or city in seen_cities):
                continue
            if plan_move(self, seat, path).legal:
                out.append(A.Move(path))
                if city:
                    seen_cities.add(city)
        return out

    def build_actions(self, seat: int) -> list[Action]:
        """Single new track sections from the network (or an allowed Major City start)."""
        if self.spent >= self.rules.build_budget or self.players[seat].cash <= 0:
            return []
        board = self.board
        starts = set(self.network(seat))
        if self.major_starts_used < self.rules.major_city_starts:
            starts |= {m for c in board.cities.values() if c.size == "major" for m in c.mileposts}
        out: list[Action] = []
        for a in sorted(starts):
            for b in board.neighbours(a):
                pair = pair_key(a, b)
                if pair in self.track or pair in board.red_area:
                    continue
                if quote_build(self, seat, (a, b)).legal:
                    out.append(A.BuildTrack((a, b)))
        return out
