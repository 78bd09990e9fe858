"""What the conformance suite (tests/test_conformance.py) and the soak run
(``python3 -m bench soak``) play: per game, a small table of options and
player counts, and the game's own invariants (money, chips, cards, workers
and markers conserved) checked after every move.

A new game, or a new expansion option of a game, is one more row here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game import registry
from game.core.conformance import Case, Invariant
from game.core.engine import GameState
from game.core.events import Event
from game.core.search_bot import HARD, Budget, SearchBot
from tests.crayon.helpers import check_invariants as crayon_invariants
from tests.crayon.tinyboard import TinyRussian
from tests.lunar_rails.helpers import check_invariants as lunar_invariants
from tests.lunar_rails.moonboard import MoonGame
from tests.regional_rails.helpers import check_bookkeeping
from tests.russian_railroads.helpers import check_invariants as railroads_invariants


def _crayon(before: GameState, events: list[Event], after: GameState) -> None:
    crayon_invariants(after)


def _lunar(before: GameState, events: list[Event], after: GameState) -> None:
    lunar_invariants(after)


def _railroads(before: GameState, events: list[Event], after: GameState) -> None:
    railroads_invariants(after)  # type: ignore[arg-type]


def _regional(before: GameState, events: list[Event], after: GameState) -> None:
    check_bookkeeping(before, events, after)


INVARIANTS: dict[str, Invariant] = {
    "russian_rails": _crayon, "lunar_rails": _lunar, "tiny_russian": _crayon, "tiny_moon": _lunar,
    "russian_railroads": _railroads, "regional_rails": _regional,
}


@dataclass(frozen=True)
class Row:
    """`games` seeded games of `steps` checked moves each, after `warmup`
    unchecked random moves (to reach later positions cheaply)."""

    game_id: str
    options: dict[str, Any]
    players: int
    games: int
    steps: int
    warmup: int = 0
    bot_share: float = 0.1
    every: int = 7
    engine: type[GameState] | None = None  # a test engine not in the registry

    def case(self) -> Case:
        engine = self.engine or registry.engine(self.game_id)
        game_id = self.game_id

        def make_bot(difficulty: str, seed: int) -> Any:
            if self.engine is not None:
                return _crayon_bot(difficulty, seed)
            return registry.make_bot(game_id, difficulty, seed, CONFORMANCE_BUDGET)
        return Case(self.game_id, engine, dict(self.options), self.players, make_bot,
                    INVARIANTS.get(self.game_id), self.bot_share, self.every, self.warmup)


def _crayon_bot(difficulty: str, seed: int) -> Any:
    from game.crayon.bots import make_crayon_bot
    from game.crayon.search import HOOKS

    if difficulty == HARD:
        return SearchBot(HOOKS, seed, CONFORMANCE_BUDGET)
    return make_crayon_bot(difficulty, seed)


CONFORMANCE_BUDGET = Budget(None, 4)  # hard seats look ahead a little, the same way every run
RUSSIAN_RAILS_VARIANTS = {"fast_trains": True, "circus": True, "turn_limit": "20", "history": "early"}
LUNAR_RAILS_VARIANTS = {"turn_limit": "20", "equal_turns": True, "golden_spike": True, "easy_start": True,
                        "new_craters": True, "open_contracts": True, "light_engine": True, "loans": "on",
                        "backtracking": True, "starting_over": True, "honeymoon": True,
                        "warehousing": "wordelmann", "operating_expenses": True, "cost_to_load": True,
                        "branching": True, "circus": True, "late_payment": True, "track_trading": True,
                        "private_warehousing": True, "additional_trains": "two_trains"}
LUNAR_THREE_PLAYERS = {**{k: v for k, v in LUNAR_RAILS_VARIANTS.items() if k != "honeymoon"},
                       "warehousing": "four_turns", "additional_trains": "four_cards"}

# The real crayon maps list their moves slowly (a few tenths of a second a
# position), so their games are short and the crayon engine is played deep on
# the tiny test boards (Russian rules; the small Moon) instead.
TABLE: tuple[Row, ...] = (
    Row("russian_rails", {}, 3, games=3, steps=6, bot_share=0.0, every=3),
    Row("russian_rails", RUSSIAN_RAILS_VARIANTS, 2, games=3, steps=6, bot_share=0.0, every=3),
    Row("lunar_rails", {}, 3, games=2, steps=6, bot_share=0.0, every=3),
    Row("lunar_rails", LUNAR_RAILS_VARIANTS, 2, games=2, steps=6, bot_share=0.0, every=3),
    Row("tiny_russian", {}, 3, games=10, steps=30, warmup=60, engine=TinyRussian),
    Row("tiny_russian", RUSSIAN_RAILS_VARIANTS, 2, games=10, steps=30, warmup=20, engine=TinyRussian),
    Row("tiny_moon", {}, 3, games=10, steps=30, warmup=60, engine=MoonGame),
    Row("tiny_moon", LUNAR_RAILS_VARIANTS, 2, games=10, steps=30, warmup=20, engine=MoonGame),
    Row("tiny_moon", LUNAR_THREE_PLAYERS, 3, games=10, steps=30, warmup=30, engine=MoonGame),
    Row("russian_railroads", {}, 1, games=20, steps=30, warmup=40),
    Row("russian_railroads", {}, 2, games=20, steps=30, warmup=80),
    Row("russian_railroads", {}, 3, games=20, steps=30, warmup=10),
    Row("russian_railroads", {}, 4, games=20, steps=30, warmup=150),
    Row("russian_railroads", {"coal": True}, 1, games=6, steps=30, warmup=30),
    Row("russian_railroads", {"coal": True}, 2, games=6, steps=30, warmup=60),
    Row("russian_railroads", {"coal": True}, 3, games=6, steps=30, warmup=100),
    Row("russian_railroads", {"coal": True, "new_components": True}, 2, games=6, steps=30, warmup=60),
    Row("russian_railroads", {"new_components": True}, 4, games=6, steps=30, warmup=120),
    Row("russian_railroads", {"dsp": True}, 2, games=6, steps=30, warmup=60),
    Row("russian_railroads", {"dsp": True, "olga": True, "coal": True}, 3, games=6, steps=30, warmup=90),
    Row("russian_railroads", {"board": "germany"}, 2, games=6, steps=30, warmup=120),
    Row("russian_railroads", {"board": "germany", "coal": True, "dsp": True}, 4, games=4, steps=30, warmup=200),
    Row("russian_railroads", {"board": "usa"}, 2, games=6, steps=30, warmup=120),
    Row("russian_railroads", {"board": "usa", "coal": True, "new_components": True, "dsp": True}, 3, games=4,
        steps=30, warmup=150),
    Row("regional_rails", {"map": "authored"}, 2, games=25, steps=40, warmup=30),
    Row("regional_rails", {"map": "random", "tycoons": True}, 4, games=25, steps=40, warmup=150),
    Row("regional_rails", {"map": "authored", "tycoons": True, "additional_railroads": True}, 6,
        games=20, steps=40, warmup=400),
)


def rows_for(game_id: str) -> list[Row]:
    """The rows of one game (the registry game and its test-board stand-ins)."""
    stand_ins = {"russian_rails": ("tiny_russian",), "lunar_rails": ("tiny_moon",)}
    ids = (game_id,) + stand_ins.get(game_id, ())
    return [r for r in TABLE if r.game_id in ids]
