"""Russian Rails on the crayon-rails engine: where its map and cards are,
and its own rules: the fall of Communism (dual events switch halves, 20% of
cash lost, a duty entering Russia) and the "Forcing the Hand of History"
variant."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.engine import OptionSpec
from game.core.events import Event
from game.core.hexgrid import pair_key
from game.core.resources import program_path
from game.crayon.content import EVENT_KINDS, Content, EventRefs, EventSpec, load_demands, load_events, load_loads
from game.crayon.events import Note
from game.crayon.rules import load_rules
from game.crayon.state import BASE_OPTIONS, CrayonState

if TYPE_CHECKING:
    from game.crayon.state import CrayonState as _Base
else:
    _Base = object

HERE = program_path("game", "crayon", "russian_rails")
MAP_DIR = program_path("maps", "russian_rails")
MAP_FILE = os.path.join(MAP_DIR, "russian_rails.tmx")
RULES_FILE = os.path.join(HERE, "rules.yaml")

FALL_KIND = "communism_falls"
HISTORY = OptionSpec(
    "history", "Forcing the Hand of History", "choice", "shuffled",
    ("shuffled", "early", "late", "never", "fallen", "four_majors", "hundred_million"),
    "When Communism falls: shuffled in (the normal game), early or late in the deck, never (Communist "
    "all game), already fallen at the start, or when a player first connects 4 Major Cities or has 100M.")


def load_russian_content() -> Content:
    """The map, rules and cards, each checked against the others (a card naming
    a city the map lacks is refused here, not when it is drawn)."""
    from game.crayon.board import CrayonBoard
    board = CrayonBoard.load(MAP_FILE)
    loads = load_loads(os.path.join(MAP_DIR, "loads.yaml"), board.cities)
    names = {lt.name for lt in loads}
    return Content.build(board, load_rules(RULES_FILE, board), loads,
                         load_demands(os.path.join(MAP_DIR, "demands.yaml"), board.cities, names),
                         load_events(os.path.join(MAP_DIR, "events.yaml"), EventRefs.of(board, names),
                                     {**EVENT_KINDS, FALL_KIND: {}}))


class RussianRulesMixin(_Base):
    """Communism, its fall, the border duty and the history variant."""

    def _fall_cards(self) -> list[int]:
        return [n for n, ec in self.data.events.items()
                if not ec.is_dual and ec.spec is not None and ec.spec.kind == FALL_KIND]

    @property
    def communist(self) -> bool:
        return self.era == "top"

    def era_note(self) -> str:
        """One line for the events panel: which half of the dual events is in force."""
        if self.communist:
            return "Communism rules: dual events use their top half."
        return "Communism has fallen: 2M duty entering Russia; dual events use their bottom half."

    def setup_cards(self, cards: list[int]) -> list[int]:
        if self.options.get("history", "shuffled") == "shuffled":
            return []
        return self._fall_cards()

    def place_held_cards(self, held: list[int]) -> None:
        mode = self.options.get("history", "shuffled")
        window = self.rules.history_window
        pile = self.deck.draw_pile
        for card in held:
            if mode == "early":
                pile.insert(len(pile) - self.rng.below(min(window, len(pile)) + 1), card)
            elif mode == "late":
                pile.insert(self.rng.below(min(window, len(pile)) + 1), card)
            else:
                self.removed.append(card)
        if mode == "fallen":
            self.era = "bottom"
            self.flags["fallen_at_start"] = True

    def after_turn(self, seat: int) -> list[Event]:
        mode = self.options.get("history", "shuffled")
        if mode not in ("four_majors", "hundred_million") or not self.communist:
            return []
        rules = self.rules
        if mode == "four_majors":
            hit = any(len(self.connected_majors(i)) >= rules.history_trigger_majors for i in range(len(self.players)))
        else:
            hit = any(p.cash >= rules.history_trigger_cash for p in self.players)
        if not hit:
            return []
        events: list[Event] = []
        for card in self._fall_cards():
            if card in self.removed:
                self.removed.remove(card)
                events += self.resolve_event(card, seat)
        return events

    def event_communism_falls(self, card: int, spec: EventSpec, drawer: int) -> tuple[str, list[Event]]:
        events: list[Event] = []
        for i, p in enumerate(self.players):
            loss = max(p.cash, 0) // 5
            if loss:
                self.pay(i, None, loss)
                events.append(Note(i, f"{self.name(i)} loses {loss}M as the old currency collapses."))
        for ev in list(self.active):
            if self.data.events[ev.card].is_dual:
                self.active.remove(ev)
                self.deck.discard(ev.card)
                events.append(Note(None, f"The {self.active_spec(ev).title} leaves play."))
        self.era = "bottom"
        return "permanent", events

    def step_fee(self, seat: int, a: Any, b: Any) -> int:
        if self.communist or pair_key(a, b) not in self.border_pairs():
            return 0
        home = self.rules.home_region
        region = self.board.region_of
        if region.get(b) == home and region.get(a) != home:
            return self.rules.border_duty
        return 0


class RussianRailsState(RussianRulesMixin, CrayonState):
    game_id: ClassVar[str] = "russian_rails"
    title: ClassVar[str] = "Russian Rails"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = BASE_OPTIONS + (HISTORY,)

    @classmethod
    def load_content(cls) -> Content:
        return load_russian_content()
