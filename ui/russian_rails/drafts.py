"""What a player is proposing before confirming: a track path being drawn or
a move being previewed. Pure bookkeeping over mileposts, asking the rules
engine's read-only queries for prices, paths and reasons."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.hexgrid import distance, line

Hex = tuple[int, int]


def is_ferry_hop(board: Any, a: Hex, b: Hex) -> bool:
    return any({a, b} == {f.a, f.b} for f in board.ferries)


@dataclass
class BuildDraft:
    """A track path drawn milepost by milepost (first milepost = where the
    track starts); `quote` is the engine's price of it, kept up to date."""

    path: list[Hex] = field(default_factory=list)
    quote: Any = None
    suggested: bool = False  # the path came from "cheapest route to here"

    def clear(self) -> None:
        self.path = []
        self.quote = None
        self.suggested = False

    def can_start(self, state: Any, seat: int | None, h: Hex) -> bool:
        """Track may begin at h: the player's network or any Major City milepost."""
        return (seat is not None and h in state.network(seat)) or state.board.mileposts.get(h) == "major_city"

    def extend_to(self, state: Any, h: Hex) -> None:
        """Add h to the end of the path; a milepost already on the path cuts
        the path back to it; a distant one is reached by a straight line."""
        if h in self.path:
            del self.path[self.path.index(h) + 1:]
            return
        last = self.path[-1]
        if distance(last, h) == 1 or is_ferry_hop(state.board, last, h):
            self.path.append(h)
            return
        for step in line(last, h)[1:]:
            if step not in state.board.mileposts or step in self.path:
                break
            self.path.append(step)

    def drag_to(self, state: Any, h: Hex) -> None:
        """Follow the mouse: stepping back onto the previous milepost undoes the last step."""
        if len(self.path) >= 2 and h == self.path[-2]:
            self.path.pop()
        elif h != self.path[-1]:
            self.extend_to(state, h)

    def reprice(self, state: Any, seat: int | None) -> None:
        """Quote the path for `seat` (None: whoever's turn it is)."""
        self.quote = state.quote_build(tuple(self.path), seat) if len(self.path) >= 2 else None

    @property
    def ready(self) -> bool:
        return self.quote is not None and self.quote.legal


@dataclass
class MoveDraft:
    """A move previewed to a destination: the engine's MovePlan for it."""

    target: Hex | None = None
    plan: Any = None

    def clear(self) -> None:
        self.target = None
        self.plan = None

    def aim(self, state: Any, seat: int | None, h: Hex) -> None:
        """Plan the move to h for `seat` (None: whoever's turn it is)."""
        self.target = h
        self.plan = state.move_preview(h, seat)

    @property
    def ready(self) -> bool:
        return self.plan is not None and self.plan.legal and len(self.plan.path) >= 2

    @property
    def entered(self) -> tuple[Hex, ...]:
        """The mileposts a Move action lists (the start is not repeated)."""
        return tuple(self.plan.path[1:]) if self.plan is not None else ()
