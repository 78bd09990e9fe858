"""The Russian Railroads rules engine: setup, turns, rounds and serialisation.

What each effect does lives in effects.py, how pending tasks are resolved in tasks.py;
which spaces may be used in spaces.py; scoring in scoring.py; Emil in emil.py.
"""
from __future__ import annotations

from typing import Any, Sequence

from game.core.actions import Action
from game.core.decks import redeal
from game.core.engine import GameState, Score, Seat
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.rng import Rng
from game.russian_railroads import board_rules, coal, dsp, effects, rounds, tasks, usa
from game.russian_railroads.actions import (ChooseEndBonus, ChooseStartBonus, EndTurn, Pass, PayCoin, Place, Relocate,
                                            SpendCoal, UseFoundry, UseIncome, own_engineer_space)
from game.russian_railroads.data import Data, mode_for
from game.russian_railroads.options import OPTION_SPECS, data_for, read_options
from game.russian_railroads.events import StartBonusTaken, fill_names
from game.russian_railroads.scoring import score_parts
from game.russian_railroads.state import BoardTable, CoalTable, DspTable, EmilState, Placement, PlayerState, Task
from game.russian_railroads.tracks import doubler_room
from game.russian_railroads.spaces import (board_spaces, effects_refusal, payments, payment_refusal,
                                           relocation_spaces, space_cost, space_effects, space_refusal)

PHASES = ("draft", "actions", "relocate", "freight", "over")


class RussianRailroads(GameState):
    """One game of Russian Railroads (2-4 players, or 1 player against Emil).

    Phases: "draft" (starting bonuses), "actions" (worker placement),
    "relocate" (turn-order workers move after everyone passed), "over".
    Scoring and round changes happen inside apply(); they need no decisions.
    """

    game_id = "russian_railroads"
    action_namespaces = ("rrd",)
    title = "Russian Railroads"
    min_players = 1
    max_players = 4
    has_hidden_information = True  # End Bonus cards are kept face down until the final scoring
    option_specs = OPTION_SPECS

    def __init__(self, options: dict[str, Any], data: Data) -> None:
        self.options = options                # the setup options, checked (options.read_options)
        self.data = data                      # the chosen board with the shared parts; never copied
        self.num_players = 0
        self.names: list[str] = []            # seat names, for the log lines of events
        self.mode = ""
        self.rounds = 0
        self.round = 0
        self.phase = "draft"
        self.order: list[int] = []            # seats by turn-order position (index 0 = first)
        self.active = 0                       # the seat whose turn it is (actions phase)
        self.turn_done = False                # the active player placed or passed; the turn ends when tasks are done
        self.players: list[PlayerState] = []
        self.placements: list[Placement] = []
        self.tasks: list[Task] = []
        self.next_task = 1
        self.loco_piles: list[int] = [0] * 10     # locomotives per number in the supply piles
        self.loco_box: list[int] = [0] * 10       # removed for the player count
        self.returned_factories: list[int] = []   # factories beside the piles (purple side up)
        self.q_cards: list[str] = []              # face-up ? cards still available
        self.end_bonus_pile: list[str] = []
        self.end_bonus_box: list[str] = []        # the 2 removed unseen
        self.strip: list[int] = [0] * 7           # engineer numbers on the strip slots (0 = empty)
        self.engineer_box: list[int] = []
        self.roubles_supply = 0
        self.doubler_supply = 0
        self.temps_board = 0                      # turquoise workers still on their space
        self.track_supply: dict[str, int] = {}
        self.start_bonuses: list[str] = []
        self.draft_queue: list[int] = []
        self.relocation_queue: list[int] = []
        self.emil: EmilState | None = None
        self.coal: CoalTable | None = None        # the Coal module's table (coal.py), when chosen
        self.dsp: DspTable | None = None          # the DSP mini expansion's table (dsp.py), when chosen
        self.board: BoardTable | None = None      # an expansion board's shared pieces (board_rules.py: Germany)
        self.closing = False                      # the player on turn ended it (EndTurn) with free actions left
        self.rng = Rng(0)

    # Setup -----------------------------------------------------------------

    @classmethod
    def new_game(cls, options: dict[str, Any], seed: int, seats: Sequence[Seat]) -> "RussianRailroads":
        return cls.new_game_with_events(options, seed, seats)[0]

    @classmethod
    def new_game_with_events(cls, options: dict[str, Any], seed: int,
                             seats: Sequence[Seat]) -> tuple["RussianRailroads", list[Event]]:
        """Setup; its events are the first round's start and, solo, Emil's first block."""
        n = len(seats)
        if not cls.min_players <= n <= cls.max_players:
            raise ValueError(f"Russian Railroads is for 1 to 4 players, not {n}.")
        opts = read_options(options)
        st = cls(opts, data_for(opts, n))
        d = st.data
        st.num_players = n
        st.names = [seat.name for seat in seats]
        st.mode = mode_for(n)
        st.rounds = d.rounds[st.mode]
        st.rng = Rng(seed)
        st.players = [st._new_player() for _ in range(n)]
        removed = d.locos_removed[st.mode]
        for number, copies in d.loco_copies.items():
            in_play = copies - removed - (n if number == 1 else 0)
            st.loco_box[number] = removed + (in_play if number == 1 else 0)
            st.loco_piles[number] = 0 if number == 1 else in_play
        st.q_cards = list(d.q_cards)
        cards = list(d.end_bonus_cards)
        st.rng.shuffle(cards)
        st.end_bonus_box = cards[:d.end_bonus_removed]
        st.end_bonus_pile = cards[d.end_bonus_removed:]
        st._setup_engineers()
        st.roubles_supply = d.supplies["roubles"] - sum(p.roubles for p in st.players) - 1  # 1 on the engineer card
        st.doubler_supply = d.supplies["doublers"]
        st.temps_board = d.supplies["temp_workers"]
        st.track_supply = dict(d.track_supply)
        st.track_supply["black"] -= len(d.railroads) * n
        if st.mode == "solo":
            st.order = [0]
            st.emil = EmilState(d.emil_workers, d.emil_workers)
        else:
            st.order = list(range(n))
            st.rng.shuffle(st.order)
            for position, seat in enumerate(st.order):
                st.players[seat].turn_card = position + 1
            st.start_bonuses = list(d.starting_bonuses)
            st.draft_queue = [st.order[i] for i in range(n - 1, 0, -1)]
        if d.coal is not None:
            coal.set_up(st)
        if d.dsp is not None:
            dsp.set_up(st)
        if d.extensions or d.income_markers:
            board_rules.set_up(st)
        if d.usa is not None:
            usa.set_up(st)
        st.active = st.order[0]
        events: list[Event] = []
        if not st.draft_queue:
            rounds.begin_round(st, events)
        return st, fill_names(events, st.names)

    def _new_player(self) -> PlayerState:
        d = self.data
        tracks = {road.id: [1] + [0] * (len(d.colours) - 1) for road in d.railroads}
        locos: dict[str, list[int]] = {road.id: [] for road in d.railroads}
        locos[d.main_railroad] = [1]
        workers = d.workers[self.mode]
        return PlayerState(tracks, locos, workers=workers, workers_free=workers, roubles=d.roubles[self.mode])

    def _setup_engineers(self) -> None:
        d = self.data
        piles: dict[str, list[int]] = {"A": [], "B": []}
        for eng in d.engineers.values():
            if eng.letter in piles:
                piles[eng.letter].append(eng.number)
        for pile in piles.values():
            self.rng.shuffle(pile)
        for slot, letter in enumerate(d.engineer_fill[self.mode]):
            self.strip[slot] = piles[letter].pop() if letter else 0
        self.engineer_box = piles["A"] + piles["B"]

    # Small shared queries ----------------------------------------------------

    def is_last_round(self) -> bool:
        return self.round == self.rounds and self.mode != "solo"

    def lowest_pile(self) -> int:
        """The number of the lowest non-empty locomotive pile (0 if none)."""
        for number in range(2, 10):
            if self.loco_piles[number]:
                return number
        return 0

    def loco_available(self) -> bool:
        return self.lowest_pile() > 0

    def locos_in_piles(self) -> int:
        return sum(self.loco_piles)

    def doubler_room(self, seat: int) -> int:
        """Doublers this player can still place: the free doubler spaces (at most what the supply holds)."""
        return min(doubler_room(self.data, self.players[seat]), self.doubler_supply)

    def take_from_pile(self, number: int) -> int:
        """Take a locomotive tile from its pile; the steelworks beside the pile (USA) comes along with the
        last one: its factory id, else 0."""
        self.loco_piles[number] -= 1
        if self.loco_piles[number] or self.board is None or self.data.usa is None:
            return 0
        for steelworks, pile in self.data.usa.steelworks.items():
            if pile == number and steelworks in self.board.steelworks:
                self.board.steelworks.remove(steelworks)
                return steelworks
        return 0

    def reusable_spaces(self, seat: int, most_workers: int = 1) -> list[str]:
        """Board spaces this player occupied this round that can be used again:
        with exactly one worker or rouble (engineer 8, factory 3), or with 1 or 2
        on a space that needs no coin (the re-use foundry, most_workers=2)."""
        out = []
        for pl in self.placements:
            if pl.seat != seat or not 1 <= pl.size <= most_workers or pl.space.startswith("ENG-"):
                continue
            sp = self.data.space(pl.space)
            if sp.area == "turn_order" and not sp.last_round_only or sp.id == "E-HIRE":
                continue
            if most_workers > 1 and (sp.cost.rouble or sp.cost.coal):
                continue
            eff = space_effects(self, pl.space)
            if any(e.kind in ("reuse", "reuse_two") for e in eff) or pl.space in out:
                continue
            if effects_refusal(self, seat, eff) is None:
                out.append(pl.space)
        return out

    def actionable_tasks(self) -> list[Task]:
        """The pending tasks the current player can act on now (deepest first;
        End Bonus choices only when nothing else is left)."""
        if not self.tasks:
            return []
        normal = [t for t in self.tasks if t.kind != "end_bonus"]
        if normal:
            depth = max(t.depth for t in normal)
            deepest = [t for t in normal if t.depth == depth]
            # several players' choices (Ludmilla's cards, freight cars) come one player at a time
            return [t for t in deepest if t.seat == deepest[0].seat]
        return [self.tasks[0]]

    # Contract ------------------------------------------------------------------

    def hidden_from(self, seat: int) -> bool:
        """Hot-seat players pass the screen once anyone holds a face-down End
        Bonus card: before that nothing on the table is secret."""
        return any(p.end_bonus for p in self.players)

    def observation(self, seat: int, seed: int) -> "RussianRailroads":
        """Re-deals from `seed` what `seat` cannot see: the End Bonus cards of
        the others, the 2 removed unseen and the face-down pile (unless `seat`
        is choosing from it now: the rules let the chooser look through it),
        the order of Emil's deck and of the face-down foundries, and the RNG."""
        view = self.clone()
        rng = Rng(seed)
        others = [i for i in range(self.num_players) if i != seat]
        looking = any(t.kind == "end_bonus" and t.seat == seat for t in self.actionable_tasks())
        piles = [self.end_bonus_box] + [self.players[i].end_bonus for i in others]
        piles += [] if looking else [self.end_bonus_pile]
        dealt = redeal(piles, rng)
        view.end_bonus_box = dealt[0]
        for i, cards in zip(others, dealt[1:]):
            view.players[i].end_bonus = sorted(cards)
        view.end_bonus_pile = sorted(self.end_bonus_pile) if looking else dealt[-1]
        if view.emil is not None:
            view.emil.draw_pile = redeal([view.emil.draw_pile], rng)[0]
        if view.coal is not None:   # the order of the face-down foundries (the boilermen's backs)
            view.coal.pile = redeal([view.coal.pile], rng)[0]
        view.rng = self.rng.reseeded(rng.next64())
        return view

    def hidden_text(self) -> str:
        return "End Bonus cards are kept face down until the final scoring; everything else is open."

    def advice(self, action: Action) -> str | None:
        """The End Bonus card to keep, named (a hint's words for the player
        looking through the pile): the log line hides it from the others.
        None for other moves, which their log lines say."""
        if isinstance(action, ChooseEndBonus) and action.card:
            return f"Keep the End Bonus card \"{self.data.end_bonus_cards[action.card].name}\""
        return None

    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.tasks:
            return self.actionable_tasks()[0].seat
        if self.phase == "draft":
            return self.draft_queue[0]
        if self.phase == "relocate":
            return self.relocation_queue[0]
        return self.active

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self.tasks:
            return tasks.task_actions(self)
        seat = self.current_player()
        assert seat is not None
        if self.phase == "draft":
            return [ChooseStartBonus(b) for b in self.start_bonuses]
        if self.phase == "relocate":
            return [Relocate(s) for s in [*relocation_spaces(self, seat), ""]]
        free = self.free_actions(seat)
        if self.turn_done:   # placed; coal actions and income markers may follow
            return free + [EndTurn()]
        out: list[Action] = free
        for space in self.placeable_spaces(seat):
            for w, t, r, b in payments(self, seat, space_cost(self, space)):
                out.append(Place(space, w, t, r, b))
        out.append(Pass())
        return out

    def free_actions(self, seat: int) -> list[Action]:
        """Actions beside the normal one in your own turn: coal (Coal module), income markers (Germany),
        coin spaces (USA)."""
        return coal.free_actions(self, seat) + board_rules.income_actions(self, seat) + usa.coin_actions(self, seat)

    def waiting_turn(self) -> bool:
        """The active player placed and may still use coal or an income marker: the turn goes on until
        EndTurn."""
        if self.closing or self.phase != "actions" or self.tasks or self.players[self.active].passed:
            return False
        return bool(self.free_actions(self.active))

    def placeable_spaces(self, seat: int) -> list[str]:
        """Spaces (board and own engineers) `seat` can use now."""
        candidates = [sp.id for sp in board_spaces(self)]
        candidates += [own_engineer_space(n) for n in self.players[seat].engineers]
        return [s for s in candidates if space_refusal(self, seat, s) is None]

    def _apply(self, action: Action) -> list[Event]:
        if self.phase == "over":
            raise IllegalAction("game_over", "The game is over.")
        events: list[Event] = []
        if self.tasks:
            tasks.apply_task_action(self, action, events)
        elif isinstance(action, ChooseStartBonus) and self.phase == "draft":
            self._choose_start_bonus(action, events)
        elif isinstance(action, EndTurn) and self.phase == "actions":
            self._end_turn()
        elif isinstance(action, (SpendCoal, UseFoundry)) and self.phase == "actions":
            coal.apply_free(self, action, events)
        elif isinstance(action, UseIncome) and self.phase == "actions":
            board_rules.use_income(self, action, events)
        elif isinstance(action, PayCoin) and self.phase == "actions":
            usa.pay_coin(self, action, events)
        elif isinstance(action, Place) and self.phase == "actions" and not self.turn_done:
            self._place(action, events)
        elif isinstance(action, Pass) and self.phase == "actions" and not self.turn_done:
            rounds.pass_turn(self, events)
        elif isinstance(action, Relocate) and self.phase == "relocate":
            rounds.relocate(self, action, events)
        else:
            raise IllegalAction("wrong_step", self._wrong_step_message())
        self._settle(events)
        return fill_names(events, self.names)

    def _end_turn(self) -> None:
        if self.players[self.active].passed:
            raise IllegalAction("not_now", "You have passed: your turn is over.")
        if not self.turn_done:
            raise IllegalAction("not_placed", "Place a worker or pass first: that is what ends a turn.")
        self.closing = True

    def _wrong_step_message(self) -> str:
        if self.phase == "draft":
            return "First choose a starting bonus card."
        if self.phase == "relocate":
            return "First move your turn-order worker to a free one-worker space (or leave it)."
        if self.turn_done:
            return "You already placed this turn: use your coal, income markers or coin spaces, or end the turn."
        return "Choose an action space or pass."

    def _choose_start_bonus(self, action: ChooseStartBonus, events: list[Event]) -> None:
        if action.bonus not in self.start_bonuses:
            raise IllegalAction("no_bonus", f"The starting bonus {action.bonus!r} is not available.")
        seat = self.draft_queue.pop(0)
        self.start_bonuses.remove(action.bonus)
        self.players[seat].start_bonus = action.bonus
        bonus = self.data.starting_bonuses[action.bonus]
        events.append(StartBonusTaken(seat, bonus.id, bonus.name))
        effects.gain(self, seat, bonus.effects, events, mandatory=False, source="starting bonus", depth=0)

    def _place(self, action: Place, events: list[Event]) -> None:
        seat = self.active
        reason = space_refusal(self, seat, action.space)
        if reason:
            raise IllegalAction("space_refused", reason)
        reason = payment_refusal(self, seat, space_cost(self, action.space), action)
        if reason:
            raise IllegalAction("bad_payment", reason)
        effects.occupy(self, seat, action, events)

    def _settle(self, events: list[Event]) -> None:
        """Drop impossible tasks, auto-play forced steps, then move the game on
        (next draft pick, next turn, Emil, end of round)."""
        while True:
            if self.tasks:
                if tasks.settle_tasks(self, events):
                    continue
                return
            if usa.payout_ready(self):
                usa.start_payout(self)
                continue
            if self.phase == "draft" and not self.draft_queue:
                self.start_bonuses = []
                rounds.begin_round(self, events)
            elif self.phase == "relocate" and not self.relocation_queue:
                rounds.after_relocation(self, events)
            elif self.phase == "freight":
                rounds.score_and_continue(self, events)
            elif self.phase == "actions" and self.turn_done:
                if self.waiting_turn():
                    return
                self.turn_done = False
                self.closing = False
                rounds.next_turn(self, events)
                continue
            return

    # Scores --------------------------------------------------------------------

    def scores(self) -> list[Score]:
        parts = score_parts(self.data)
        return [Score(p.score, {k: p.score_parts.get(k, 0) for k in parts}) for p in self.players]

    def progress(self) -> float:
        if self.phase == "over":
            return 1.0
        return max(0.0, (self.round - 1) / self.rounds)

    # Copies ---------------------------------------------------------------------

    def clone(self) -> "RussianRailroads":
        other = RussianRailroads.__new__(RussianRailroads)
        other.options = self.options
        other.data = self.data
        other.num_players = self.num_players
        other.names = self.names
        other.mode = self.mode
        other.rounds = self.rounds
        other.round = self.round
        other.phase = self.phase
        other.order = list(self.order)
        other.active = self.active
        other.turn_done = self.turn_done
        other.players = [p.clone() for p in self.players]
        other.placements = list(self.placements)   # (a placement never changes: the copies share them)
        other.tasks = [t.clone() for t in self.tasks]
        other.next_task = self.next_task
        other.loco_piles = list(self.loco_piles)
        other.loco_box = list(self.loco_box)
        other.returned_factories = list(self.returned_factories)
        other.q_cards = list(self.q_cards)
        other.end_bonus_pile = list(self.end_bonus_pile)
        other.end_bonus_box = list(self.end_bonus_box)
        other.strip = list(self.strip)
        other.engineer_box = list(self.engineer_box)
        other.roubles_supply = self.roubles_supply
        other.doubler_supply = self.doubler_supply
        other.temps_board = self.temps_board
        other.track_supply = dict(self.track_supply)
        other.start_bonuses = list(self.start_bonuses)
        other.draft_queue = list(self.draft_queue)
        other.relocation_queue = list(self.relocation_queue)
        other.emil = self.emil.clone() if self.emil else None
        other.coal = self.coal.clone() if self.coal else None
        other.dsp = self.dsp.clone() if self.dsp else None
        other.board = self.board.clone() if self.board else None
        other.closing = self.closing
        other.rng = self.rng.clone()
        return other

    _SCALARS = ("num_players", "mode", "rounds", "round", "phase", "active", "turn_done", "next_task",
                "roubles_supply", "doubler_supply", "temps_board")
    _LISTS = ("names", "order", "loco_piles", "loco_box", "returned_factories", "q_cards", "end_bonus_pile",
              "end_bonus_box", "strip", "engineer_box", "start_bonuses", "draft_queue", "relocation_queue")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"options": dict(self.options)}
        out.update({k: getattr(self, k) for k in self._SCALARS})
        out.update({k: list(getattr(self, k)) for k in self._LISTS})
        out["players"] = [p.to_dict() for p in self.players]
        out["placements"] = [pl.to_dict() for pl in self.placements]
        out["tasks"] = [t.to_dict() for t in self.tasks]
        out["track_supply"] = dict(self.track_supply)
        out["emil"] = self.emil.to_dict() if self.emil else None
        if self.coal is not None:
            out["coal"] = self.coal.to_dict()
        if self.dsp is not None:
            out["dsp"] = self.dsp.to_dict()
        if self.board is not None:
            out["board"] = self.board.to_dict()
        if self.closing:
            out["closing"] = True
        out["rng"] = self.rng.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RussianRailroads":
        opts = read_options(dict(data.get("options", {})))
        st = cls(opts, data_for(opts, int(data["num_players"])))
        for k in cls._SCALARS:
            setattr(st, k, data[k])
        for k in cls._LISTS:
            setattr(st, k, list(data[k]))
        st.players = [PlayerState.from_dict(p) for p in data["players"]]
        st.placements = [Placement.from_dict(p) for p in data["placements"]]
        st.tasks = [Task.from_dict(t) for t in data["tasks"]]
        st.track_supply = {str(k): int(v) for k, v in data["track_supply"].items()}
        st.emil = EmilState.from_dict(data["emil"]) if data["emil"] else None
        st.coal = CoalTable.from_dict(data["coal"]) if data.get("coal") else None
        st.dsp = DspTable.from_dict(data["dsp"]) if data.get("dsp") else None
        st.board = BoardTable.from_dict(data["board"]) if data.get("board") else None
        st.closing = bool(data.get("closing") or (data.get("coal") or {}).get("closing"))
        st.rng = Rng.from_dict(data["rng"])
        return st

