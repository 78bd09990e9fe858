"""Computer players for crayon-rails games.

"random" picks uniformly among the enumerated legal actions. "normal" and
"easy" are plan-based: they list every delivery their demand cards allow,
price each with the build pathfinder (track still to build) and a travel
estimate, pick the best profit per turn, then run the train toward the next
stop and build toward unconnected stops; they upgrade when cash allows and
connect Major Cities as the cash target nears. A plan is kept until it is
done or clearly beaten. "easy" picks any of its three best plans instead of
the best one and never drops it for a better one. A bot never changes the
state it is given.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.hexgrid import distance
from game.crayon import actions as A
from game.crayon.building import quote_build
from game.crayon.content import CIRCUS
from game.crayon.movement import move_tree, plan_move
from game.crayon.network import components
from game.crayon.pathfind import CostField, cost_field

Hex = tuple[int, int]


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)

    def choose(self, state: Any) -> Action:
        return self.rnd.choice(state.legal_actions())


@dataclass(frozen=True)
class Plan:
    card: int
    index: int
    load: str
    source: str | None  # None when the load is already on the train
    dest: str
    payout: int
    build: int  # estimated track still to build
    score: float  # estimated profit per turn
    count: int = 1  # loads of that kind delivered together (special demands)

    def missing(self, loads: list[str]) -> int:
        return self.count - loads.count(self.load)


class PlanBot:
    """The plan-based computer player."""

    def __init__(self, seed: int = 0, sharp: bool = True) -> None:
        self.rnd = random.Random(seed)
        self.sharp = sharp
        self._cache: tuple[Any, Any] | None = None
        self._anchor: str | None = None  # a Major City to start the very first track from
        self._major_field: CostField | None = None  # costs from the piece joining most Major Cities
        self._idle: dict[int, int] = {}  # turns in a row each seat ended without doing anything
        self._kept: dict[int, tuple[int, int]] = {}  # seat -> (card, demand index) being worked on

    # Entry ---------------------------------------------------------------------

    def choose(self, state: Any) -> Action:
        """The bot's move, checked on a copy; a move the rules refuse (a bot
        bug) is replaced by a random legal one so the game never stalls."""
        action = self.decide(state)
        try:
            state.clone().apply(action)
        except IllegalAction:
            return self.rnd.choice(state.legal_actions())
        return action

    def decide(self, state: Any) -> Action:
        """The bot's own choice, unchecked (tests call this to catch bot bugs)."""
        if state.pending:
            return self._decide(state)
        seat = state.current_player()
        if state.phase == "operate" and not state.building and not state.forfeit:
            action = self._operate(state, seat)
            if action is not None:
                return action
        if not state.forfeit:
            action = self._build(state, seat)
            if action is not None:
                return action
        if state.phase == "operate":
            self._idle[seat] = 0 if state.acted else self._idle.get(seat, 0) + 1
        return A.EndTurn()

    # Planning ------------------------------------------------------------------

    def _field(self, state: Any, seat: int) -> CostField:
        key = (seat, hash(frozenset(state.track.items())), state.spent, state.major_starts_used,
               tuple(state.reservations), tuple(e.card for e in state.active),
               tuple(tuple(v) for v in state.ferry_owners.values()))
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        net = self.home(state, seat)
        sources = set(net) if net else {m for c in state.board.cities.values() if c.size == "major"
                                        for m in c.mileposts}
        field = cost_field(state, seat, sources)
        self._cache = (key, field)
        return field

    def home(self, state: Any, seat: int, majors_first: bool = False) -> set[Hex]:
        """The piece of the network the bot works from: the one its train is on
        (or, with `majors_first` or no train on the network, the one joining
        the most Major Cities)."""
        pieces = components(state.board, state.track, seat, state.ferry_owners)
        if not pieces:
            return set()
        pos = state.players[seat].position
        if not majors_first:
            for nodes, _majors in pieces:
                if pos in nodes:
                    return nodes
        return max(pieces, key=lambda pc: (len(pc[1]), len(pc[0])))[0]

    def city_cost(self, state: Any, field: CostField, city: str) -> int | None:
        costs = [field.dist[m] for m in state.board.cities[city].mileposts if m in field.dist]
        return min(costs) if costs else None

    def plans(self, state: Any, seat: int) -> list[Plan]:
        """Every delivery the hand (and any special demand of one kind of
        load) allows, best estimated profit per turn first."""
        field = self._field(state, seat)
        out = []
        for card, index, d in state.hand_demands(seat):
            out += self._priced(state, seat, field, (card, index, d.load, d.city, d.payout, 1))
        for ev in state.active:
            spec = state.active_spec(ev)
            loads = list(spec.get("loads", ())) if spec.kind == "special_demand" else []
            if loads and len(set(loads)) == 1 and len(loads) <= state.capacity(seat):
                demand = (ev.card, -1, loads[0], spec.get("city"), int(spec.get("reward")), len(loads))
                out += self._priced(state, seat, field, demand)
        out.sort(key=lambda pl: -pl.score)
        return out

    def _priced(self, state: Any, seat: int, field: CostField, demand: tuple) -> list[Plan]:
        card, index, load, dest, payout, count = demand
        p = state.players[seat]
        dest_cost = self.city_cost(state, field, dest)
        if dest_cost is None:
            return []
        here = p.position
        dest_center = state.board.cities[dest].center
        missing = count - p.loads.count(load)
        options: list[tuple[str | None, int, int]] = []
        if missing <= 0:
            options.append((None, 0, distance(here, dest_center) if here else 0))
        else:
            for src in self._sources(state, load, missing):
                src_cost = self.city_cost(state, field, src)
                if src_cost is not None:
                    c = state.board.cities[src].center
                    options.append((src, src_cost, (distance(here, c) if here else 0) + distance(c, dest_center)))
        out = []
        speed = max(state.speed(seat), 1)
        for src, src_cost, trip in options:
            build = src_cost + dest_cost
            turns = max(trip * 1.3 / speed, build / state.rules.build_budget) + 1.0
            score = (payout - build) / turns
            if build > p.cash:
                score = min(score, 0.0) - build / 10  # cannot be paid for: last resort only
            out.append(Plan(card, index, load, src, dest, payout, build, score, count))
        return out

    def _sources(self, state: Any, load: str, missing: int = 1) -> list[str]:
        if load == CIRCUS:
            return list(state.circus_at)
        if state.supply.get(load, 0) < missing:
            return []
        return [name for name, loads in state.data.supplies.items() if load in loads]

    def best_plan(self, state: Any, seat: int) -> Plan | None:
        """The plan to follow: the one chosen before while it still works and
        is not clearly beaten, else the best (for "easy": one of the best 3)."""
        plans = self.plans(state, seat)
        if not plans:
            return None
        kept = self._kept.get(seat)
        if kept is not None:
            same = [pl for pl in plans if (pl.card, pl.index) == kept]
            if same and (not self.sharp or same[0].score * 1.5 >= plans[0].score):
                return same[0]
        choice = plans[0] if self.sharp else self.rnd.choice(plans[:3])
        self._kept[seat] = (choice.card, choice.index)
        return choice

    # Operating -----------------------------------------------------------------

    def _operate(self, state: Any, seat: int) -> Action | None:
        p = state.players[seat]
        plan = self.best_plan(state, seat)
        if p.position is None:
            return self._place(state, seat, plan)
        if p.on_ferry:
            return None
        if not state.acted and (self._hopeless(state, seat, plan) or self._idle.get(seat, 0) >= 2):
            self._idle[seat] = 0
            return A.DiscardHand()
        loads_here = state.load_actions(seat)
        delivers = [a for a in loads_here if isinstance(a, (A.Deliver, A.DeliverSpecial))]
        if delivers:
            return max(delivers, key=lambda a: self._payout(state, a))
        action = self._handle_loads(state, seat, plan, loads_here)
        if action is not None:
            return action
        if state.moves_left > 0 and plan is not None:
            return self._move_toward(state, seat, plan)
        return None

    def _payout(self, state: Any, a: Action) -> int:
        if isinstance(a, A.Deliver):
            return state.card_demands(a.card)[a.index].payout
        ev = next(e for e in state.active if e.card == a.card)
        return int(state.active_spec(ev).get("reward"))

    def _hopeless(self, state: Any, seat: int, plan: Plan | None) -> bool:
        p = state.players[seat]
        wanted = {d.load for _c, _i, d in state.hand_demands(seat)}
        if any(load in wanted for load in p.loads):
            return False
        return plan is None or plan.build > p.cash + 2 * state.rules.build_budget or plan.score <= 0

    def _place(self, state: Any, seat: int, plan: Plan | None) -> Action:
        board = state.board
        net = state.network(seat)
        if plan is not None:
            for city in (plan.source, plan.dest):
                if city and any(m in net for m in board.cities[city].mileposts):
                    return A.PlaceTrain(board.cities[city].center)
            return A.PlaceTrain(board.cities[plan.source or plan.dest].center)
        on_net = [c for c in board.cities.values() if any(m in net for m in c.mileposts)]
        return A.PlaceTrain((on_net or list(board.cities.values()))[0].center)

    def _handle_loads(self, state: Any, seat: int, plan: Plan | None, loads_here: list[Action]) -> Action | None:
        p = state.players[seat]
        wanted = [d.load for _c, _i, d in state.hand_demands(seat)]
        pickups = [a for a in loads_here if isinstance(a, A.PickUp)]
        need = plan.missing(p.loads) if plan is not None and plan.source is not None else 0
        if need > 0 and state.board.city_at.get(p.position) == plan.source:
            if any(a.load == plan.load for a in pickups):
                return A.PickUp(plan.load)
            if len(p.loads) >= state.capacity(seat):
                useless = [x for x in p.loads if x not in wanted and x != plan.load]
                if useless:
                    return A.Drop(useless[0])
        keep = set(wanted) | ({plan.load} if plan is not None else set())
        idle_loads = [x for x in p.loads if x not in keep]
        if idle_loads and state.board.city_at.get(p.position):
            return A.Drop(idle_loads[0])  # give the chip back for others (and later hands)
        spare = state.capacity(seat) - len(p.loads) - max(need, 0)
        if spare > 0:
            for a in pickups:
                if a.load in wanted and p.loads.count(a.load) < wanted.count(a.load):
                    return a
        return None

    def _move_toward(self, state: Any, seat: int, plan: Plan) -> Action | None:
        p = state.players[seat]
        city = plan.source if plan.source is not None and plan.missing(p.loads) > 0 else plan.dest
        targets = set(state.board.cities[city].mileposts)
        allow_rent = p.cash >= state.rules.rent + 10
        tree = move_tree(state, seat, None, allow_rent)
        reach = [tree[t] for t in targets if t in tree and tree[t]]
        if p.position in targets:
            return None
        if reach:
            path = min(reach, key=len)
        else:
            ferry_action = self._ferry_step(state, seat, tree, targets)
            if ferry_action is not None:
                return ferry_action
            path = self._approach(state, seat, tree, state.board.cities[city].center, allow_rent)
            if not path:
                return None
        for cut in range(min(len(path), state.moves_left), 0, -1):
            if plan_move(state, seat, path[:cut]).legal:
                return A.Move(path[:cut])
        return None

    def _approach(self, state: Any, seat: int, tree: dict, goal: Hex, allow_rent: bool) -> tuple[Hex, ...]:
        """The path to the milepost nearest `goal` the train can reach and
        still leave again (it may only reverse in cities), or ()."""
        p = state.players[seat]
        here = distance(p.position, goal)
        for h in sorted(tree, key=lambda h: (distance(h, goal), len(tree[h]))):
            if distance(h, goal) >= here:
                return ()
            path = tree[h]
            prev = path[-2] if len(path) > 1 else p.position
            onward = move_tree(state, seat, None, allow_rent, start=h, came_from=prev)
            if any(n in state.board.city_at for n in onward):
                return path
        return ()

    def _ferry_step(self, state: Any, seat: int, tree: dict, targets: set) -> Action | None:
        p = state.players[seat]
        for ferry in state.board.ferries:
            if not state.ferry_owners.get(ferry.name):
                continue
            for here, there in ((ferry.a, ferry.b), (ferry.b, ferry.a)):
                if here not in tree:
                    continue
                far = move_tree(state, seat, None, True, start=there, came_from=None)
                if not any(t in far for t in targets):
                    continue
                if p.position == here:
                    return A.BoardFerry()
                path = tree[here]
                for cut in range(min(len(path), state.moves_left), 0, -1):
                    if plan_move(state, seat, path[:cut]).legal:
                        return A.Move(path[:cut])
        return None

    # Building ------------------------------------------------------------------

    def _build(self, state: Any, seat: int) -> Action | None:
        p = state.players[seat]
        rules = state.rules
        plan = self.best_plan(state, seat)
        reserve = 0 if plan is not None and plan.build <= p.cash else self.reserve(state, seat)
        budget = min(rules.build_budget - state.spent, p.cash - reserve)
        if budget <= 0:
            return None
        target = self._build_target(state, seat, plan)
        if target is None:
            return self._upgrade(state, seat)
        action = self._build_toward(state, seat, target, budget)
        if action is None and state.spent == 0:
            return self._upgrade(state, seat)
        return action

    def reserve(self, state: Any, seat: int) -> int:
        """Cash kept back from building that cannot finish a plan this turn
        (for rent), once the building rounds are over."""
        return 0 if state.phase == "initial" else state.rules.rent + 2

    def _connected(self, state: Any, seat: int, city: str) -> bool:
        net = self.home(state, seat)
        return any(m in net for m in state.board.cities[city].mileposts)

    def _build_target(self, state: Any, seat: int, plan: Plan | None) -> str | None:
        p = state.players[seat]
        rules = state.rules
        majors = state.connected_majors(seat)
        endgame = p.cash >= state.target_cash - 40 or (p.cash >= 120 and state.spent == 0 and
                                                     self._plan_ready(state, seat, plan))
        if endgame and len(majors) < rules.win_majors:
            return self._next_major(state, seat, majors)
        if plan is None:
            return None
        stops = [c for c in (plan.source, plan.dest) if c]
        if not state.network(seat):
            majors_first = sorted(stops, key=lambda c: state.board.cities[c].size != "major")
            if len(majors_first) > 1 and state.board.cities[majors_first[0]].size == "major":
                self._anchor = majors_first[0]
                return majors_first[1]
        for city in stops:
            if not self._connected(state, seat, city):
                return city
        return None

    def _plan_ready(self, state: Any, seat: int, plan: Plan | None) -> bool:
        return plan is None or all(self._connected(state, seat, c) for c in (plan.source, plan.dest) if c)

    def _next_major(self, state: Any, seat: int, majors: list[str]) -> str | None:
        field = cost_field(state, seat, self.home(state, seat, majors_first=True))
        self._major_field = field
        options = []
        for city in state.board.cities.values():
            if city.size == "major" and city.name not in majors:
                cost = self.city_cost(state, field, city.name)
                if cost is not None:
                    options.append((cost, city.name))
        return min(options)[1] if options else None

    def _build_toward(self, state: Any, seat: int, city: str, budget: int) -> Action | None:
        field = self._field(state, seat)
        anchor, self._anchor = self._anchor, None
        if anchor is not None:
            field = cost_field(state, seat, state.board.cities[anchor].mileposts)
        major_field, self._major_field = self._major_field, None
        if major_field is not None:
            field = major_field
        routes = [field.route(m) for m in state.board.cities[city].mileposts if m in field.dist]
        routes = [r for r in routes if r is not None]
        if not routes:
            return None
        path = min(routes, key=lambda r: r.cost).path
        quote = quote_build(state, seat, path)
        best = None
        spent = 0
        for i, seg in enumerate(quote.segments):
            if seg.reason:
                break
            spent += seg.cost
            if spent > budget:
                break
            if seg.builds:
                best = i + 2
        if best is None:
            return None
        return A.BuildTrack(tuple(path[:best]))

    def _upgrade(self, state: Any, seat: int) -> Action | None:
        p = state.players[seat]
        if state.spent > 0 or p.cash < 20 + (60 if state.phase == "operate" else 40):
            return None
        options = [lc for lc in state.rules.upgrades_from(p.loco) if not state.upgrade_refusal(seat, lc.name)]
        if not options:
            return None
        return A.Upgrade(max(options, key=lambda lc: (lc.speed, lc.capacity)).name)

    # Event choices -------------------------------------------------------------

    def _decide(self, state: Any) -> Action:
        d = state.pending[0]
        options = state.decision_options(d)
        wanted = [dm.load for _c, _i, dm in state.hand_demands(d.seat)]
        if d.kind == "return_load":
            useless = [a for a in options if a.load not in wanted]
            return (useless or options)[0]
        good = [a for a in options if a.load in wanted and (not a.dump or a.dump not in wanted)]
        return good[0] if good else options[0]


def make_crayon_bot(difficulty: str, seed: int = 0) -> Any:
    if difficulty == "random":
        return RandomBot(seed)
    if difficulty == "easy":
        return PlanBot(seed, sharp=False)
    return PlanBot(seed, sharp=True)
