"""A deck of cards identified by plain ids (ints or strings), drawn through the
game's :class:`Rng`. Cards are conserved: every id is in exactly one of draw
pile, discard pile or wherever the game moved it after drawing."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable, Sequence, TypeVar

from game.core.rng import Rng

C = TypeVar("C")


@dataclass
class Deck:
    draw_pile: list[Any] = field(default_factory=list)  # index -1 is the top
    discards: list[Any] = field(default_factory=list)

    @classmethod
    def shuffled(cls, cards: list[Hashable], rng: Rng) -> "Deck":
        pile = list(cards)
        rng.shuffle(pile)
        return cls(pile, [])

    def __len__(self) -> int:
        return len(self.draw_pile)

    def draw(self, rng: Rng | None = None) -> Any | None:
        """Top card, or None when empty. With an rng, an empty pile is first
        refilled by shuffling the discards."""
        if not self.draw_pile and rng is not None and self.discards:
            self.reshuffle_discards(rng)
        return self.draw_pile.pop() if self.draw_pile else None

    def discard(self, card: Any) -> None:
        self.discards.append(card)

    def reshuffle_discards(self, rng: Rng) -> None:
        self.draw_pile = self.discards + self.draw_pile
        self.discards = []
        rng.shuffle(self.draw_pile)

    def shuffle_in(self, cards: list[Any], rng: Rng) -> None:
        self.draw_pile.extend(cards)
        rng.shuffle(self.draw_pile)

    def all_cards(self) -> list[Any]:
        return self.draw_pile + self.discards

    def clone(self) -> "Deck":
        return Deck(list(self.draw_pile), list(self.discards))

    def to_dict(self) -> dict[str, list[Any]]:
        return {"draw_pile": list(self.draw_pile), "discards": list(self.discards)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Deck":
        return cls(list(data["draw_pile"]), list(data["discards"]))


def redeal(piles: Sequence[Sequence[C]], rng: Rng) -> list[list[C]]:
    """The cards of `piles` shuffled together and dealt back in the same sizes.

    The shuffle starts from the cards in sorted order, so the result depends
    only on which cards there are and on `rng`, never on where each one was:
    this is how an observation re-deals what a player cannot see."""
    cards: list[Any] = sorted(c for pile in piles for c in pile)
    rng.shuffle(cards)
    out: list[list[C]] = []
    for pile in piles:
        out.append(cards[:len(pile)])
        del cards[:len(pile)]
    return out
