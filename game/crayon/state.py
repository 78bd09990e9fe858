"""The crayon-rails game state: setup, turn order (switchback start, lost
turns, rounds), the end of the game, and saving. Rules for single actions live
in the mixins (operations, event cards, legal actions, UI queries)."""
from __future__ import annotations

from typing import Any, ClassVar, Self, Sequence

from game.core.actions import Action
from game.core.decks import Deck, redeal
from game.core.engine import GameState, OptionSpec, Score, Seat
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.hexgrid import distance, pair_key
from game.core.rng import Rng
from game.crayon.actions import BuildTrack
from game.crayon.content import CIRCUS, Content, Demand
from game.crayon.eventcards import EventCardsMixin
from game.crayon.events import GameOver, Note
from game.crayon.legal import LegalActionsMixin
from game.crayon.links import teleports, travel
from game.crayon.network import connected_majors, network_nodes
from game.crayon.operations import OperationsMixin
from game.crayon.player import ActiveEvent, Decision, Player
from game.crayon.places import milepost_name, section_name
from game.crayon.queries import QueriesMixin

Hex = tuple[int, int]

FAST_TRAINS = OptionSpec("fast_trains", "Fast Trains", "bool", False, (),
                         "Freight and Heavy Freight move 12, Fast and Super Freight 16 (recommended for beginners).")
CIRCUS_OPTION = OptionSpec("circus", "The Circus", "bool", False, (),
                           "Two Circus chips tour the cities; cards numbered 10, 20, ... ask for the Circus.")
TURN_LIMIT = OptionSpec("turn_limit", "Tournament time limit", "choice", "none", ("none", "20", "30", "40", "60"),
                        "After this many rounds the game ends: most cash among players with the Major Cities "
                        "connected wins (else most cash).")
BASE_OPTIONS: tuple[OptionSpec, ...] = (FAST_TRAINS, CIRCUS_OPTION, TURN_LIMIT)


def _own_track_seat(key: Any) -> int | None:
    """The seat whose own track and ferries alone decide the cached value
    under `key` (`network`, `connected_majors`), or None."""
    if type(key) is int:
        return key
    if type(key) is tuple and len(key) == 2 and key[0] == "majors":
        return int(key[1])
    return None


class CrayonState(OperationsMixin, EventCardsMixin, LegalActionsMixin, QueriesMixin, GameState):
    game_id: ClassVar[str] = "crayon"
    action_namespaces: ClassVar[tuple[str, ...]] = ("crayon",)
    title: ClassVar[str] = "Crayon Rails"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    has_hidden_information: ClassVar[bool] = True
    option_specs: ClassVar[tuple[OptionSpec, ...]] = BASE_OPTIONS
    _contents: ClassVar[dict[type, Content]] = {}

    # Content ---------------------------------------------------------------

    @classmethod
    def load_content(cls) -> Content:
        """The game's board, rules and cards (game packages override this)."""
        raise NotImplementedError(f"{cls.__name__} does not say where its map and cards are")

    @classmethod
    def content(cls) -> Content:
        if cls not in CrayonState._contents:
            CrayonState._contents[cls] = cls.load_content()
        return CrayonState._contents[cls]

    @property
    def board(self) -> Any:
        return self.data.board

    @property
    def rules(self) -> Any:
        return self.data.rules

    # Setup -----------------------------------------------------------------

    def __init__(self) -> None:
        self.data = self.content()
        self.options: dict[str, Any] = {}
        self.names: list[str] = []
        self.rng = Rng(0)
        self.players: list[Player] = []
        self.track: dict[tuple[Hex, Hex], int] = {}
        self.ferry_owners: dict[str, list[int]] = {}
        self.deck = Deck()
        self.removed: list[int] = []
        self.active: list[ActiveEvent] = []
        self.supply: dict[str, int] = {}
        self.circus_at: list[str] = []
        self.era = "top"
        self.cash_public = False
        self.reservations: dict[tuple[Hex, Hex], tuple[int, int | None]] = {}
        self.bank = 0
        self.phase = "initial"
        self.round = 0
        self.order: list[int] = []
        self.order_pos = 0
        self.first = 0
        self.pending: list[Decision] = []
        self.declared: list[int] = []
        self.target_cash = 0
        self.winner_seats: list[int] = []
        self.flags: dict[str, Any] = {}
        self._reset_turn()
        self._net: dict[Any, Any] = {}  # derived from the track: networks and joined Major Cities

    def _reset_turn(self) -> None:
        self.moves_left = 0
        self.halved = False
        self.rent_paid: list[int] = []
        self.spent = 0
        self.major_starts_used = 0
        self.acted = False
        self.building = False
        self.forfeit = False
        self.turn_lost = False  # this turn was lost to an event (nothing could be done in it)

    @classmethod
    def new_game(cls, options: dict[str, Any], seed: int, seats: Sequence[Seat]) -> Self:
        if not cls.min_players <= len(seats) <= cls.max_players:
            raise ValueError(f"{cls.title} needs {cls.min_players} to {cls.max_players} players")
        s = cls()
        s.options = {spec.key: options.get(spec.key, spec.default) for spec in cls.option_specs}
        s.names = [seat.name for seat in seats]
        s.rng = Rng(seed)
        rules = s.rules
        s.players = [Player(rules.starting_cash, rules.first_loco.name) for _ in seats]
        s.bank = rules.bank_start - rules.starting_cash * len(seats)
        s.target_cash = rules.win_cash
        s.ferry_owners = {f.name: [] for f in s.board.ferries}
        s._setup_loads()
        s._setup_deck()
        s.first = s._first_player()
        s.order = [(s.first + i) % len(seats) for i in range(len(seats))]
        s._begin_turn()
        return s

    def _setup_loads(self) -> None:
        self.supply = {name: lt.chips for name, lt in self.data.loads.items()}
        if self.options.get("circus") and CIRCUS in self.supply:
            homes = list(self.rules.circus_homes)[: self.supply[CIRCUS]]
            self.circus_at = homes
            self.supply[CIRCUS] -= len(homes)

    def setup_cards(self, cards: list[int]) -> list[int]:
        """Hook: cards to hold back from the shuffle (returned), e.g. for a variant."""
        return []

    def place_held_cards(self, held: list[int]) -> None:
        """Hook: put held-back cards into the deck (or out of the game) after the deal."""
        self.removed.extend(held)

    def _setup_deck(self) -> None:
        cards = sorted(self.data.demands) + sorted(self.data.events)
        held = self.setup_cards(cards)
        self.deck = Deck.shuffled([c for c in cards if c not in held], self.rng)
        aside: list[int] = []
        for p in self.players:
            while len(p.hand) < self.rules.hand_size:
                card = self.deck.draw()
                if card is None:
                    break
                (p.hand if card in self.data.demands else aside).append(card)
        self.deck.shuffle_in(aside, self.rng)
        self.place_held_cards(held)

    def _first_player(self) -> int:
        def key(i: int) -> tuple[list[int], int]:
            pays = sorted((d.payout for c in self.players[i].hand for d in self.card_demands(c)), reverse=True)
            return pays, -i
        return max(range(len(self.players)), key=key)

    # Lookups ---------------------------------------------------------------

    @property
    def seat(self) -> int:
        return self.order[self.order_pos]

    def name(self, seat: int) -> str:
        return self.names[seat]

    def move_place(self, action: Action) -> str | None:
        """Where a build runs, by its ends ("from Copernicus to 2 mileposts east
        of Kepler"): a hint says it after the build's log line, which leaves
        the place to the map. None for other moves."""
        if isinstance(action, BuildTrack) and len(action.path) > 1:
            return section_name(self.board, action.path[0], action.path[-1])
        return None

    def place(self, h: Hex) -> str:
        """A milepost named for players (see ``places``)."""
        return milepost_name(self.board, h)

    def card_demands(self, card: int) -> tuple[Demand, ...]:
        """A demand card's demands, with the Circus variant applied."""
        demands = self.data.demands[card].demands
        if self.options.get("circus") and card % 10 == 0 and CIRCUS in self.data.loads:
            low = min(d.payout for d in demands)
            return tuple(Demand(d.city, CIRCUS, self.rules.circus_payout) if d.payout == low else d
                         for d in demands)
        return demands

    def network(self, seat: int) -> set[Hex]:
        if seat not in self._net:
            self._net[seat] = network_nodes(self.board, self.track, seat, self.ferry_owners)
        return self._net[seat]

    def connected_majors(self, seat: int) -> list[str]:
        """The most Major Cities one continuous piece of the player's track joins."""
        key = ("majors", seat)
        if key not in self._net:
            self._net[key] = connected_majors(self.board, self.track, seat, self.ferry_owners)
        return list(self._net[key])

    def speed(self, seat: int) -> int:
        loco = self.rules.loco(self.players[seat].loco)
        return loco.fast_speed if self.options.get("fast_trains") else loco.speed

    def capacity(self, seat: int) -> int:
        return self.rules.loco(self.players[seat].loco).capacity

    def travel(self, a: Hex, b: Hex) -> int:
        """Mileposts a train covers from a to b on a straight line (the
        computer players' estimate), through Wrap Letters and poles if any."""
        if teleports(self.board):
            return travel(self.board, a, b)
        return distance(a, b)

    def terrain_at(self, h: Hex) -> str:
        """The terrain a milepost has now (a game may change it, e.g. new craters)."""
        return self.board.mileposts[h]

    def surcharge(self, pair: tuple[Hex, Hex]) -> int:
        """The extra cost of building across a section (rivers, inlets, rims)."""
        return self.board.water.get(pair, 0)

    def altered_mileposts(self) -> tuple[Hex, ...]:
        """Mileposts whose terrain or surcharges the game changed from the map's."""
        return ()

    def build_refusal(self, seat: int, a: Hex, b: Hex) -> str:
        """Hook: why a game's own rule forbids `seat` to build a-b now, or ""."""
        return ""

    def rent_on_credit(self, seat: int) -> bool:
        """Hook: may `seat` run on others' track without the cash for the fee (paid later)?"""
        return False

    def path_refusal(self, seat: int, path: tuple[Hex, ...]) -> str:
        """Hook: why a game's own rule forbids the whole move along `path` (start first), or ""."""
        return ""

    def rent_fee(self) -> int:
        """What running on one opponent's track costs this turn (events may waive it)."""
        return self.rules.rent

    def _track_changed(self, builder: int | None = None) -> None:
        """Forget what was derived from the track. After `builder`'s own build
        only its network and Major Cities change, so the other seats' stay
        (counting every seat's Major Cities again was a visible part of the
        frame after a build); anything else derived from the track goes."""
        if builder is None:
            self._net = {}
        else:
            self._net = {k: v for k, v in list(self._net.items()) if _own_track_seat(k) not in (None, builder)}

    def pay(self, payer: int | None, payee: int | None, amount: int) -> None:
        """Move cash between players and the bank (None)."""
        if payer is None:
            self.bank -= amount
        else:
            self.players[payer].cash -= amount
        if payee is None:
            self.bank += amount
        else:
            self.players[payee].cash += amount

    # Turn order ------------------------------------------------------------

    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.pending:
            return self.pending[0].seat
        return self.seat

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def _begin_turn(self) -> list[Event]:
        """Start the turn of order[order_pos], skipping lost turns."""
        events: list[Event] = []
        while self.phase != "over":
            self._reset_turn()
            seat = self.seat
            p = self.players[seat]
            if self.phase == "operate" and p.lost_turns > 0:
                p.lost_turns -= 1
                self.turn_lost = True
                events.append(Note(seat, f"{self.name(seat)} loses this turn."))
                events += self._finish_turn(advance=False)
                continue
            if self.phase == "operate":
                self.moves_left = self.speed(seat)
                if p.on_ferry:
                    ferry = next(f for f in self.board.ferries if f.name == p.on_ferry)
                    p.position = ferry.b if p.position == ferry.a else ferry.a
                    p.came_from = None
                    p.on_ferry = ""
                    self.moves_left = (self.moves_left + 1) // 2
                    self.halved = True
                    events.append(Note(seat, f"{self.name(seat)} lands at {self.place(p.position)} "
                                             f"and moves at half rate."))
                elif p.position is not None and p.position in self.weather_mileposts():
                    self.moves_left = (self.moves_left + 1) // 2
                    self.halved = True
            break
        return events

    def _finish_turn(self, advance: bool = True) -> list[Event]:
        """End-of-turn bookkeeping for the current seat, then (when `advance`)
        start the next player's turn."""
        seat = self.seat
        p = self.players[seat]
        p.turns_taken += 1
        events = self._expire_events(seat)
        for pair, (owner, deadline) in list(self.reservations.items()):
            # the first right to rebuild lasts until a turn in which the owner could build: a lost turn keeps it
            if deadline is not None and self.players[owner].turns_taken >= deadline \
                    and not (self.turn_lost and owner == seat):
                del self.reservations[pair]
        if seat not in self.declared and self.declares_on_ending(seat):
            self.declared.append(seat)
            events.append(Note(seat, f"{self.name(seat)} declares victory with {p.cash}M."))
        events += self.after_turn(seat)
        if self.declared and not self.equal_turns() and self.phase != "over":
            events += self._settle_victory()
            if self.phase == "over":
                return events
        self.order_pos += 1
        if self.order_pos >= len(self.order):
            events += self._end_round()
        if advance and self.phase != "over":
            events += self._begin_turn()
        return events

    def declares_on_ending(self, seat: int) -> bool:
        """Ending the seat's turn now declares victory: the cash target in
        hand with the Major Cities joined (computer players then stop
        spending, or they fall back below the target)."""
        return self.phase == "operate" and self.players[seat].cash >= self.target_cash \
            and len(self.connected_majors(seat)) >= self.rules.win_majors

    def equal_turns(self) -> bool:
        """Does a declared victory wait for the end of the round (every player
        then has had as many turns)? Else the first to reach it wins at once."""
        return bool(self.options.get("equal_turns", self.rules.equal_turns))

    def after_turn(self, seat: int) -> list[Event]:
        """Hook for game packages (e.g. a variant's trigger)."""
        return []

    def _end_round(self) -> list[Event]:
        n = len(self.players)
        forward = [(self.first + i) % n for i in range(n)]
        self.order_pos = 0
        if self.phase == "initial":
            self.round += 1
            if self.round < self.rules.initial_build_rounds:
                self.order = forward if self.round % 2 == 0 else list(reversed(forward))
                return []
            self.phase, self.round, self.order = "operate", 0, forward
            return [Note(None, "The building rounds are over: trains start running.")]
        self.round += 1
        self.order = forward
        if self.declared:
            return self._settle_victory()
        limit = self.options.get("turn_limit", "none")
        if limit not in (None, "none") and self.round >= int(limit):
            return self._time_limit_end()
        return []

    def _settle_victory(self) -> list[Event]:
        best = max(self.players[s].cash for s in self.declared)
        top = [s for s in self.declared if self.players[s].cash == best]
        if len(top) == 1:
            return self._game_over(top, f"{self.rules.win_majors} Major Cities connected and {best}M in cash")
        self.declared = []
        self.target_cash = self.rules.tie_cash
        return [Note(None, f"{' and '.join(self.name(s) for s in top)} tie with {best}M: "
                           f"the target rises to {self.target_cash}M.")]

    def _time_limit_end(self) -> list[Event]:
        linked = [s for s in range(len(self.players))
                  if len(self.connected_majors(s)) >= self.rules.win_majors]
        pool = linked or list(range(len(self.players)))
        best = max(self.players[s].cash for s in pool)
        top = [s for s in pool if self.players[s].cash == best]
        why = "the time limit, most cash" + (" with the Major Cities connected" if linked else "")
        return self._game_over(top, why)

    def _game_over(self, seats: list[int], reason: str) -> list[Event]:
        self.phase = "over"
        self.winner_seats = list(seats)
        return [GameOver(tuple(self.name(s) for s in seats), reason)]

    # Applying --------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        if self.phase == "over":
            raise IllegalAction("game_over", "The game is over.")
        handler = self.handler_for(action)
        if handler is None:
            raise IllegalAction("unknown", f"{type(action).__name__} is not a move in {self.title}.")
        events = handler(action)
        return events + self._settle()

    def _settle(self) -> list[Event]:
        """Resolve automatic decisions; end a forfeited turn once nothing waits."""
        events = self.auto_decisions()
        if not self.pending and self.forfeit and self.phase != "over":
            events += self._finish_turn()
        return events

    # Results ---------------------------------------------------------------

    def scores(self) -> list[Score]:
        return [Score(p.cash, {"cash": p.cash, "major cities": len(self.connected_majors(i))})
                for i, p in enumerate(self.players)]

    def winners(self) -> list[int]:
        return list(self.winner_seats)

    def placings(self) -> list[int]:
        """ "Having a connection to all five cities takes precedence over having
        the most money for those positions as well": the connected first, then
        by cash."""
        won = set(self.winners())
        return sorted(range(len(self.players)), key=lambda i: (
            i not in won, len(self.connected_majors(i)) < self.rules.win_majors, -self.players[i].cash, i))

    def progress(self) -> float:
        if self.phase == "over":
            return 1.0
        best = 0.0
        for i, p in enumerate(self.players):
            cash = min(1.0, max(0, p.cash) / self.target_cash)
            majors = min(1.0, len(self.connected_majors(i)) / self.rules.win_majors)
            best = max(best, (cash + majors) / 2)
        return best

    def hidden_from(self, seat: int) -> bool:
        return not self.cash_public

    def observation(self, seat: int, seed: int) -> "CrayonState":
        """The order of the draw pile and the RNG are re-dealt from `seed`.

        Nothing else is secret from a seat that keeps count: hands, loads and
        discards are face up, and every payment (builds, rent, deliveries,
        events) is made in the open, so each player's cash follows from the
        table even before the Rail Tax makes it public."""
        view = self.clone()
        rng = Rng(seed)
        view.deck = Deck(redeal([self.deck.draw_pile], rng)[0], list(self.deck.discards))
        view.rng = self.rng.reseeded(rng.next64())
        return view

    def hidden_text(self) -> str:
        return "Cash is hidden until a Rail Tax makes it public; demand cards, track and loads are open to all."

    # Copying and saving ----------------------------------------------------

    def clone(self) -> Self:
        c = type(self).__new__(type(self))
        c.__dict__.update(self.__dict__)
        c.options = dict(self.options)
        c.names = list(self.names)
        c.rng = self.rng.clone()
        c.players = [p.clone() for p in self.players]
        c.track = dict(self.track)
        c.ferry_owners = {k: list(v) for k, v in self.ferry_owners.items()}
        c.deck = self.deck.clone()
        c.removed = list(self.removed)
        c.active = list(self.active)
        c.supply = dict(self.supply)
        c.circus_at = list(self.circus_at)
        c.reservations = dict(self.reservations)
        c.order = list(self.order)
        c.pending = list(self.pending)
        c.declared = list(self.declared)
        c.winner_seats = list(self.winner_seats)
        c.flags = dict(self.flags)
        c.rent_paid = list(self.rent_paid)
        c._net = self._net  # shared until either copy's track changes (_track_changed makes a new one)
        return c

    _TURN_FIELDS = ("moves_left", "halved", "spent", "major_starts_used", "acted", "building", "forfeit",
                    "turn_lost")

    def to_dict(self) -> dict[str, Any]:
        return {
            "options": dict(self.options), "names": list(self.names), "rng": self.rng.to_dict(),
            "players": [p.to_dict() for p in self.players],
            "track": sorted([a[0], a[1], b[0], b[1], o] for (a, b), o in self.track.items()),
            "ferry_owners": {k: list(v) for k, v in self.ferry_owners.items()},
            "deck": self.deck.to_dict(), "removed": list(self.removed),
            "active": [e.to_dict() for e in self.active], "supply": dict(self.supply),
            "circus_at": list(self.circus_at), "era": self.era, "cash_public": self.cash_public,
            "reservations": sorted([a[0], a[1], b[0], b[1], o, d] for (a, b), (o, d) in self.reservations.items()),
            "bank": self.bank, "phase": self.phase, "round": self.round, "order": list(self.order),
            "order_pos": self.order_pos, "first": self.first, "pending": [d.to_dict() for d in self.pending],
            "declared": list(self.declared), "target_cash": self.target_cash,
            "winner_seats": list(self.winner_seats), "flags": dict(self.flags),
            "rent_paid": list(self.rent_paid),
            "turn": {k: getattr(self, k) for k in self._TURN_FIELDS},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        s = cls()
        s.options = dict(data["options"])
        s.names = list(data["names"])
        s.rng = Rng.from_dict(data["rng"])
        s.players = [Player.from_dict(p) for p in data["players"]]
        s.track = {pair_key((t[0], t[1]), (t[2], t[3])): int(t[4]) for t in data["track"]}
        s.ferry_owners = {k: [int(x) for x in v] for k, v in data["ferry_owners"].items()}
        s.deck = Deck.from_dict(data["deck"])
        s.removed = list(data["removed"])
        s.active = [ActiveEvent.from_dict(e) for e in data["active"]]
        s.supply = {k: int(v) for k, v in data["supply"].items()}
        s.circus_at = list(data["circus_at"])
        s.era = str(data["era"])
        s.cash_public = bool(data["cash_public"])
        s.reservations = {pair_key((t[0], t[1]), (t[2], t[3])): (int(t[4]), None if t[5] is None else int(t[5]))
                          for t in data["reservations"]}
        s.bank = int(data["bank"])
        s.phase = str(data["phase"])
        s.round, s.order, s.order_pos = int(data["round"]), list(data["order"]), int(data["order_pos"])
        s.first = int(data["first"])
        s.pending = [Decision.from_dict(d) for d in data["pending"]]
        s.declared = list(data["declared"])
        s.target_cash = int(data["target_cash"])
        s.winner_seats = list(data["winner_seats"])
        s.flags = dict(data["flags"])
        s.rent_paid = list(data["rent_paid"])
        for k, v in data["turn"].items():
            setattr(s, k, v)
        return s
