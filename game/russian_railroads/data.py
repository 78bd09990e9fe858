"""The board data of Russian Railroads, read once from data.yaml into frozen
records shared by every game state (never copied by clone())."""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.core.datafile import read_yaml

DATA_FILE = os.path.join(os.path.dirname(__file__), "data.yaml")
ANY = "any"
MODES = ("solo", "2p", "3p", "4p")


def mode_for(num_players: int) -> str:
    """The board mode for a player count (1 = solo against Emil)."""
    return "solo" if num_players == 1 else f"{num_players}p"


@dataclass(frozen=True)
class Effect:
    """One part of what a space, engineer, factory, token or card gives.

    kind: track, industry, doubler, roubles, temp_workers, points, loco_or_factory,
    loco, factory, reuse, hire, public_engineer, turn_order, engineer_sum,
    best_two_locos, end_bonus, q_card, second_marker, revaluation, kiev_medal,
    black_worker, card_engineer, card_loco, repeat_one.
    colours: for track effects, the allowed colours ("any" = all colours).
    """

    kind: str
    count: int = 1
    colours: tuple[str, ...] | str = ()
    position: int = 0

    def text(self) -> str:
        return effect_text(self)


@dataclass(frozen=True)
class Cost:
    """What a space costs: `any` worker slots (own, temporary or black worker,
    or a rouble), `rouble` slots that must be roubles, `own` slots that must be
    own-colour workers."""

    any: int = 0
    rouble: int = 0
    own: int = 0

    @property
    def total(self) -> int:
        return self.any + self.rouble + self.own


@dataclass(frozen=True)
class ActionSpace:
    id: str
    area: str
    cost: Cost
    modes: tuple[str, ...]
    effects: tuple[Effect, ...]
    shared: bool = False           # the bottom track space: never occupied
    engineer_slot: int | None = None
    position: int = 0              # turn-order spaces: the position they give
    not_last_round: bool = False   # covered by the Last Round marker
    last_round_only: bool = False  # the marker's own space


@dataclass(frozen=True)
class Special:
    """A circled space on a railroad."""

    id: str
    space: int
    track: str     # the colour that must reach the space
    loco: bool     # a locomotive must reach it as well
    effect: str    # extra_worker, q_token, double_railroad, star, medal
    points: int = 0


@dataclass(frozen=True)
class Railroad:
    id: str
    name: str
    length: int
    colours: tuple[str, ...]
    loco_slots: int
    doubler_spaces: int
    terminus_points: int
    specials: tuple[Special, ...]


@dataclass(frozen=True)
class IndustrySpace:
    kind: str       # start, space, gap, q
    value: int      # points scored on this space (last printed value for gap/q)
    factory: int = 0  # for gaps: which factory slot (1..5) fills it


@dataclass(frozen=True)
class Engineer:
    number: int
    letter: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Named:
    """A ? token, ? card, End Bonus card or starting bonus."""

    id: str
    name: str
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Data:
    colours: tuple[str, ...]
    track_values: dict[str, dict[str, int]]
    track_supply: dict[str, int]
    colour_unlocks: dict[str, int]
    main_railroad: str
    white_bonus_advancements: int
    railroads: tuple[Railroad, ...]
    industry: tuple[IndustrySpace, ...]
    factory_slots: int
    loco_copies: dict[int, int]
    locos_removed: dict[str, int]
    factories: dict[int, tuple[Effect, ...]]
    supplies: dict[str, int]
    rounds: dict[str, int]
    workers: dict[str, int]
    extra_worker_supply: int
    roubles: dict[str, int]
    emil_workers: int
    emil_bonus_scores: tuple[int, ...]
    spaces: tuple[ActionSpace, ...]
    slot_numbers: tuple[int, ...]
    hire_slot: int
    public_slots: dict[str, tuple[int, ...]]
    engineer_fill: dict[str, tuple[str | None, ...]]
    engineers: dict[int, Engineer]
    q_tokens: dict[str, Named]
    q_cards: dict[str, Named]
    card_engineer: int
    card_loco: int
    end_bonus_cards: dict[str, Named]
    end_bonus_removed: int
    end_bonus_points: int
    pass_points: dict[int, int]
    starting_bonuses: dict[str, Named]
    majority_points: tuple[int, ...]
    emil_cards: tuple[str, ...]
    space_by_id: dict[str, ActionSpace]
    railroad_by_id: dict[str, Railroad]

    def space(self, space_id: str) -> ActionSpace:
        return self.space_by_id[space_id]

    def railroad(self, rid: str) -> Railroad:
        return self.railroad_by_id[rid]

    @property
    def railroad_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.railroads)

    def colour_index(self, colour: str) -> int:
        return self.colours.index(colour)


def _effect(raw: dict[str, Any]) -> Effect:
    colours = raw.get("colours", ())
    if isinstance(colours, list):
        colours = tuple(colours)
    return Effect(str(raw["kind"]), int(raw.get("count", 1)), colours, int(raw.get("position", 0)))


def _effects(raw: list[dict[str, Any]] | None) -> tuple[Effect, ...]:
    return tuple(_effect(e) for e in raw or ())


def _industry(raw: list[dict[str, Any]]) -> tuple[IndustrySpace, ...]:
    out: list[IndustrySpace] = []
    last = 0
    for entry in raw:
        if "value" in entry:
            last = int(entry["value"])
        out.append(IndustrySpace(str(entry["kind"]), last, int(entry.get("factory", 0))))
    return tuple(out)


def _space(raw: dict[str, Any]) -> ActionSpace:
    cost = raw["cost"]
    return ActionSpace(
        id=str(raw["id"]), area=str(raw["area"]),
        cost=Cost(int(cost.get("any", 0)), int(cost.get("rouble", 0)), int(cost.get("own", 0))),
        modes=tuple(raw["modes"]), effects=_effects(raw["effects"]), shared=bool(raw.get("shared", False)),
        engineer_slot=raw.get("engineer_slot"), position=int(raw.get("position", 0)),
        not_last_round=bool(raw.get("not_last_round", False)),
        last_round_only=bool(raw.get("last_round_only", False)))


def _railroad(raw: dict[str, Any]) -> Railroad:
    specials = tuple(Special(str(s["id"]), int(s["space"]), str(s["track"]), bool(s["loco"]), str(s["effect"]),
                             int(s.get("points", 0))) for s in raw["specials"])
    return Railroad(str(raw["id"]), str(raw["name"]), int(raw["length"]), tuple(raw["colours"]),
                    int(raw["loco_slots"]), int(raw["doubler_spaces"]), int(raw["terminus_points"]), specials)


def _named(raw: list[dict[str, Any]]) -> dict[str, Named]:
    return {str(e["id"]): Named(str(e["id"]), str(e["name"]), _effects(e.get("effects"))) for e in raw}


@lru_cache(maxsize=1)
def load() -> Data:
    """The board data (cached: every state shares one immutable copy)."""
    raw = read_yaml(DATA_FILE)
    setup = raw["setup"]
    strip = raw["engineer_strip"]
    spaces = tuple(_space(s) for s in raw["action_spaces"])
    railroads = tuple(_railroad(r) for r in raw["railroads"])
    return Data(
        colours=tuple(raw["colours"]),
        track_values={k: dict(v) for k, v in raw["track_values"].items()},
        track_supply=dict(raw["track_supply"]),
        colour_unlocks=dict(raw["colour_unlocks"]),
        main_railroad=str(raw["main_railroad"]),
        white_bonus_advancements=int(raw["white_bonus_advancements"]),
        railroads=railroads,
        industry=_industry(raw["industry_track"]),
        factory_slots=int(raw["factory_slots"]),
        loco_copies={int(k): int(v) for k, v in raw["locomotives"]["copies"].items()},
        locos_removed={str(k): int(v) for k, v in raw["locomotives"]["removed_per_number"].items()},
        factories={int(k): _effects(v) for k, v in raw["factories"].items()},
        supplies=dict(raw["supplies"]),
        rounds=dict(setup["rounds"]), workers=dict(setup["workers"]),
        extra_worker_supply=int(setup["extra_worker_supply"]), roubles=dict(setup["roubles"]),
        emil_workers=int(setup["emil_workers"]), emil_bonus_scores=tuple(setup["emil_bonus_worker_scores"]),
        spaces=spaces,
        slot_numbers=tuple(strip["slot_numbers"]), hire_slot=int(strip["hire_slot"]),
        public_slots={k: tuple(v) for k, v in strip["public_slots"].items()},
        engineer_fill={k: tuple(v) for k, v in strip["fill"].items()},
        engineers={int(e["number"]): Engineer(int(e["number"]), str(e["letter"]), _effects(e["effects"]))
                   for e in raw["engineers"]},
        q_tokens=_named(raw["q_tokens"]), q_cards=_named(raw["q_cards"]),
        card_engineer=int(raw["card_engineer_number"]), card_loco=int(raw["card_loco_number"]),
        end_bonus_cards=_named(raw["end_bonus_cards"]), end_bonus_removed=int(raw["end_bonus_removed"]),
        end_bonus_points=int(raw["end_bonus_points_instead"]),
        pass_points={int(k): int(v) for k, v in raw["turn_order_pass_points"].items()},
        starting_bonuses=_named(raw["starting_bonuses"]),
        majority_points=tuple(raw["engineer_majority_points"]),
        emil_cards=tuple(raw["emil_cards"]),
        space_by_id={s.id: s for s in spaces},
        railroad_by_id={r.id: r for r in railroads},
    )


def effect_text(e: Effect) -> str:
    """A short phrase for an effect, for tooltips and the log."""
    n = e.count
    if e.kind == "track":
        if e.colours == ANY:
            what = "track advancement" + ("s" if n > 1 else "") + " of your choice"
        else:
            what = " or ".join(e.colours) + " advancement" + ("s" if n > 1 else "")
        return f"{n} {what}"
    simple = {
        "industry": f"{n} industry advancement" + ("s" if n > 1 else ""),
        "doubler": f"{n} doubler" + ("s" if n > 1 else ""),
        "roubles": f"{n} rouble" + ("s" if n > 1 else ""),
        "temp_workers": "2 temporary workers",
        "points": f"{n} points",
        "loco_or_factory": "1 locomotive or 1 factory",
        "loco": "1 locomotive",
        "factory": "1 factory",
        "reuse": "re-use a one-worker space you used this round",
        "hire": "hire the engineer",
        "public_engineer": "the action of the engineer on this space",
        "turn_order": f"position {e.position} in the next round's turn order",
        "engineer_sum": "points equal to the sum of your engineers' numbers",
        "best_two_locos": "points equal to your two best locomotives",
        "end_bonus": "an End Bonus card or 10 points",
        "q_card": "a ? card",
        "second_marker": "your second industry marker",
        "revaluation": "the Revaluation token",
        "kiev_medal": "the Kiev Medal",
        "black_worker": "the black worker",
        "card_engineer": "the letterless engineer and its rouble",
        "card_loco": "the #9 locomotive",
        "repeat_one": "one of doubler, industry or black once more",
    }
    return simple.get(e.kind, e.kind)
