"""The rules data of Regional Rails, read once from ``rules.yaml`` beside this
file, as frozen records the engine, the bots and the UI share."""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Mapping

from game.core.datafile import read_yaml
from game.core.errors import MapError

RULES_FILE = os.path.join(os.path.dirname(__file__), "rules.yaml")


@dataclass(frozen=True)
class Company:
    """A railroad company of the company list; `perks` holds its ability as
    numbers and flags (extra_rail, river_discount, ... see rules.yaml)."""

    name: str
    ability: str
    perks: Mapping[str, Any]

    def perk(self, key: str, default: Any = 0) -> Any:
        return self.perks.get(key, default)


@dataclass(frozen=True)
class Tycoon:
    name: str
    ability: str


@dataclass(frozen=True)
class DevelopmentKind:
    """A development marker kind and its placement condition: `place` town or
    city; `on` the terrain of its own hex; `coastal` True/False/None (don't
    care); `rivers` the least number of its own sides that are rivers; `near`
    the least number of neighbouring hexes of each terrain (or "town")."""

    kind: str
    place: str
    on: str | None
    coastal: bool | None
    rivers: int
    near: Mapping[str, int]


@dataclass(frozen=True)
class EventResult:
    roll: int
    name: str
    obsolescence: int
    vp: int
    money: int
    wreck: bool


@dataclass(frozen=True)
class Rules:
    raw: Mapping[str, Any]
    companies: tuple[Company, ...]
    tycoons: tuple[Tycoon, ...]
    developments: tuple[DevelopmentKind, ...]
    events: Mapping[int, EventResult]

    def section(self, name: str) -> Mapping[str, Any]:
        return self.raw[name]

    def company(self, name: str) -> Company:
        for c in self.companies:
            if c.name == name:
                return c
        raise KeyError(name)

    def development(self, kind: str) -> DevelopmentKind:
        for d in self.developments:
            if d.kind == kind:
                return d
        raise KeyError(kind)

    @property
    def company_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.companies)

    @property
    def tycoon_names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.tycoons)

    @property
    def development_kinds(self) -> tuple[str, ...]:
        return tuple(d.kind for d in self.developments)

    def event(self, roll: int) -> EventResult:
        """The event for a modified roll (6 and above is the last line)."""
        return self.events[max(1, min(roll, max(self.events)))]


def _company(d: dict[str, Any]) -> Company:
    perks = {k: v for k, v in d.items() if k not in ("name", "ability")}
    return Company(str(d["name"]), str(d["ability"]), MappingProxyType(perks))


def _development(d: dict[str, Any]) -> DevelopmentKind:
    return DevelopmentKind(kind=str(d["kind"]), place=str(d["place"]), on=d.get("terrain"),
                           coastal=d.get("coastal"), rivers=int(d.get("rivers", 0)),
                           near=MappingProxyType(dict(d.get("near", {}))))


def _event(roll: int, d: dict[str, Any]) -> EventResult:
    return EventResult(roll, str(d["name"]), int(d.get("obsolescence", 0)), int(d.get("vp", 0)),
                       int(d.get("money", 0)), bool(d.get("wreck", False)))


@lru_cache(maxsize=1)
def rules() -> Rules:
    """The rules data (cached: it never changes while the program runs)."""
    raw = read_yaml(RULES_FILE)
    try:
        return Rules(raw=raw,
                     companies=tuple(_company(c) for c in raw["companies"]),
                     tycoons=tuple(Tycoon(str(t["name"]), str(t["ability"])) for t in raw["tycoons"]),
                     developments=tuple(_development(d) for d in raw["developments"]),
                     events=MappingProxyType({int(k): _event(int(k), v)
                                              for k, v in raw["events"]["table"].items()}))
    except (KeyError, TypeError, ValueError) as exc:
        raise MapError(f"{RULES_FILE}: the rules data cannot be read ({exc})") from exc
