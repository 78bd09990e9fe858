"""The contract every rules engine implements, and the small records it uses.

An engine is a subclass of :class:`GameState`. The state owns everything,
including its :class:`~game.core.rng.Rng`; the UI, bots, tests and replays
only ever call the methods below.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field, asdict
from typing import Any, ClassVar, Sequence, TypeVar, cast

from game.core.actions import Action, malformed
from game.core.errors import IllegalAction
from game.core.events import Event

HUMAN = "human"
COMPUTER = "computer"
DIFFICULTIES = ("random", "easy", "normal", "hard")
DIFFICULTY_TEXT = {  # one sentence per level, for the setup screen
    "random": "Random makes any legal move: for learning the rules.",
    "easy": "Easy plays simple plans and often settles for a weaker move.",
    "normal": "Normal plans its moves to win and answers at once.",
    "hard": "Hard thinks ahead (up to the thinking time set in Settings), playing the normal plans out on "
            "re-dealt games and keeping the best.",
}
S = TypeVar("S", bound="GameState")


@dataclass(frozen=True)
class Seat:
    """Who sits at a place at the table."""

    name: str
    colour: str = ""  # a palette key (see ui.theme); engines never interpret it
    kind: str = HUMAN  # HUMAN or COMPUTER
    difficulty: str = "normal"  # one of DIFFICULTIES, for computer seats

    @property
    def is_computer(self) -> bool:
        return self.kind == COMPUTER

    def to_dict(self) -> dict[str, str]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Seat":
        return cls(str(data["name"]), str(data.get("colour", "")), str(data.get("kind", HUMAN)),
                   str(data.get("difficulty", "normal")))


@dataclass
class Score:
    """One player's score: the total and the parts it is made of, in the order
    the end screen shows them."""

    total: int
    parts: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class OptionSpec:
    """A setup option a game offers (variant, expansion, module).

    kind "bool" is a checkbox; kind "choice" a drop-down over `choices`.
    """

    key: str
    label: str
    kind: str = "bool"
    default: Any = False
    choices: tuple[str, ...] = ()
    help: str = ""


class GameState(ABC):
    """A whole game: the rules and all mutable state of one play."""

    game_id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    has_hidden_information: ClassVar[bool] = False
    action_namespaces: ClassVar[tuple[str, ...]] = ()  # prefixes of this game's action types (() = any)
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()

    @classmethod
    @abstractmethod
    def new_game(cls, options: dict[str, Any], seed: int, seats: Sequence[Seat]) -> "GameState":
        """A fresh game. Same options + seed + seats ⇒ same game."""

    @classmethod
    def new_game_with_events(cls, options: dict[str, Any], seed: int,
                             seats: Sequence[Seat]) -> tuple["GameState", list[Event]]:
        """A fresh game and what happened while setting it up (an automaton's
        first move, cards dealt), so the game log can start with it."""
        return cls.new_game(options, seed, seats), []

    @abstractmethod
    def current_player(self) -> int | None:
        """Index of the seat to act, or None when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action now (enumerable, for bots and tests)."""

    def enumerated(self, action: Action) -> bool:
        """Whether legal_actions() lists every legal action like `action`.

        True in general; an engine whose moves of some kind are too many to
        list (crayon rails' multi-milepost builds and runs) says False for
        those, and legal_actions() then offers a useful subset of them."""
        return True

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return what happened; raise IllegalAction
        (state untouched) otherwise.

        The action's shape (its class belongs to this game, every field has
        its declared type) is checked here, so an engine's `_apply` only
        meets well-typed actions of its own game."""
        problem = malformed(action, self.action_namespaces, self.title or "this game")
        if problem:
            raise IllegalAction("malformed", problem)
        return self._apply(action)

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """The engine's rules for a well-formed action (see `apply`)."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[Score]:
        """Per player, in seat order, with a breakdown."""

    @abstractmethod
    def clone(self) -> "GameState":
        """A cheap independent copy (hand-written, never deepcopy)."""

    def observation(self, seat: int, seed: int) -> "GameState":
        """A playable copy holding only what `seat` may know.

        Everything hidden from the seat (opponents' secret cards or markers,
        the order of decks, the RNG state) is re-dealt at random from `seed`
        among the possibilities consistent with what the seat sees, so a bot
        can look ahead with `apply` without peeking. Games without hidden
        information return a clone."""
        return self.clone()

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """Plain data (dicts, lists, str, int, float, bool, None) only."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: dict[str, Any]) -> "GameState": ...

    # Optional hooks with sensible defaults -------------------------------

    def winners(self) -> list[int]:
        """Seats that share the win (highest total by default)."""
        scores = self.scores()
        if not scores:
            return []
        best = max(s.total for s in scores)
        return [i for i, s in enumerate(scores) if s.total == best]

    def hidden_from(self, seat: int) -> bool:
        """True when the screen must be hidden before `seat` looks at it
        (hot-seat games with secret information)."""
        return self.has_hidden_information

    def placings(self) -> list[int]:
        """Seats from first place to last, for the results table: the winners,
        then by total (ties keep seat order). A game whose places follow other
        rules overrides it."""
        scores, won = self.scores(), set(self.winners())
        return sorted(range(len(scores)), key=lambda i: (i not in won, -scores[i].total, i))

    def hidden_text(self) -> str:
        """One sentence for the hot-seat pass screen naming exactly what is
        kept from the other players in this game."""
        return "What this player keeps secret stays hidden until they are the one looking."

    def progress(self) -> float:
        """Rough fraction of the game played, 0..1 (for charts and bots)."""
        return 0.0

    def tally(self, action: Action) -> tuple[str, ...]:
        """Names under which the arena counts `action`, asked just before it
        is applied, so `simulate` shows how often a game's rarer moves happen
        in computer games (none by default)."""
        return ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


class Viewer:
    """What a computer player sees: each call to `view` gives the observation
    of the player to move, re-dealt from the next seed of the bot's own series,
    so a bot's decision depends on its seed and on what its seat may know only."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.calls = 0

    def view(self, state: S) -> S:
        self.calls += 1
        seat = state.current_player()
        if seat is None:
            return cast(S, state.clone())
        return cast(S, state.observation(seat, self.seed * 1_000_003 + self.calls))
