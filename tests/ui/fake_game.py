"""A tiny game used to exercise the shell before (and independently of) the
real games: players race along a track of 12 squares by stepping 1-3 squares or
drawing a secret card (a random draw that reveals hidden information)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import pygame

from game.core.actions import Action, action
from game.core.engine import GameState, OptionSpec, Score, Seat
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.rng import Rng
from ui.animation import FloatText
from ui.game_scene import GameController

GOAL = 12


@action("fake.step")
class Step(Action):
    squares: int


@action("fake.draw")
class Draw(Action):
    pass


@dataclass(frozen=True)
class Stepped(Event):
    seat: int
    squares: int

    def text(self) -> str:
        return f"steps {self.squares}."


@dataclass(frozen=True)
class Drew(Event):
    seat: int
    card: int
    reveals_hidden = True

    def text(self) -> str:
        return "draws a secret card."


class RaceState(GameState):
    game_id = "fake_race"
    title = "Fake Race"
    min_players = 1
    max_players = 4
    has_hidden_information = True
    option_specs = (OptionSpec("long", "Long track", "bool", False, help="Doubles nothing; just a checkbox."),
                    OptionSpec("mood", "Mood", "choice", "calm", ("calm", "wild")))

    def __init__(self, n: int, seed: int) -> None:
        self.pos = [0] * n
        self.cards: list[list[int]] = [[] for _ in range(n)]
        self.turn = 0
        self.rng = Rng(seed)

    @classmethod
    def new_game(cls, options: dict[str, Any], seed: int, seats: Sequence[Seat]) -> "RaceState":
        return cls(len(seats), seed)

    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.turn

    def legal_actions(self) -> list[Action]:
        return [] if self.is_terminal() else [Step(1), Step(2), Step(3), Draw()]

    def _apply(self, a: Action) -> list[Event]:
        if self.is_terminal():
            raise IllegalAction("over", "The race is over.")
        seat = self.turn
        if isinstance(a, Step):
            if not 1 <= a.squares <= 3:
                raise IllegalAction("too_far", f"You can step 1 to 3 squares, not {a.squares}.")
            self.pos[seat] = min(GOAL, self.pos[seat] + a.squares)
            events: list[Event] = [Stepped(seat, a.squares)]
        elif isinstance(a, Draw):
            card = self.rng.randint(1, 3)
            self.cards[seat].append(card)
            events = [Drew(seat, card)]
        else:
            raise IllegalAction("unknown", "That is not a move in this race.")
        self.turn = (self.turn + 1) % len(self.pos)
        return events

    def is_terminal(self) -> bool:
        return max(self.pos) >= GOAL

    def scores(self) -> list[Score]:
        return [Score(p + sum(c), {"Squares": p, "Cards": sum(c)}) for p, c in zip(self.pos, self.cards)]

    def progress(self) -> float:
        return max(self.pos) / GOAL

    def clone(self) -> "RaceState":
        other = RaceState.__new__(RaceState)
        other.pos = list(self.pos)
        other.cards = [list(c) for c in self.cards]
        other.turn = self.turn
        other.rng = self.rng.clone()
        return other

    def to_dict(self) -> dict[str, Any]:
        return {"pos": list(self.pos), "cards": [list(c) for c in self.cards], "turn": self.turn,
                "rng": self.rng.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RaceState":
        other = cls.__new__(cls)
        other.pos = list(data["pos"])
        other.cards = [list(c) for c in data["cards"]]
        other.turn = data["turn"]
        other.rng = Rng.from_dict(data["rng"])
        return other


class StepBot:
    """Always steps 2 squares."""

    def choose(self, state: RaceState) -> Action:
        return Step(2)


def bot_factory(seat_index: int, seat: Seat) -> StepBot:
    return StepBot()


def make_bot(difficulty: str, seed: int) -> StepBot:
    return StepBot()


ENGINE = RaceState


class RaceController(GameController):
    """Board: one lane per player, 40 world units per square. Left half of
    the board steps 1, right half tries an illegal 5-square step."""

    def world_bounds(self) -> tuple[float, float, float, float]:
        return (0.0, 0.0, 40.0 * GOAL, 40.0 * len(self.scene.state.pos))

    def draw_world(self, surface: pygame.Surface, camera: Any) -> None:
        for i, p in enumerate(self.scene.state.pos):
            x, y = camera.world_to_screen((p * 40 + 20, i * 40 + 20))
            pygame.draw.circle(surface, (200, 100, 50), (int(x), int(y)), max(2, int(camera.scale(15))))

    def on_click(self, world_pos: tuple[float, float], button: int) -> None:
        self.scene.submit(Step(1) if world_pos[0] < 40.0 * GOAL / 2 else Step(5))

    def on_hover(self, world_pos: tuple[float, float]) -> str | None:
        return "The race track" if world_pos[0] >= 0 else None

    def animate(self, events: list[Event], queue: Any) -> None:
        for ev in events:
            if isinstance(ev, Stepped):
                queue.push(FloatText((self.scene.state.pos[ev.seat] * 40, ev.seat * 40), f"+{ev.squares}"))

    def status_text(self) -> str:
        return "Click the left half to step one square."
