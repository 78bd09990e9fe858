"""Cards and load chips of a crayon-rails game, read from readable YAML files,
and the :class:`Content` bundle (board + rules + cards) a game shares between
all its states."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from game.core.datafile import read_yaml
from game.core.errors import MapError
from game.crayon.rules import Rules

CIRCUS = "Circus"


@dataclass(frozen=True)
class LoadType:
    name: str
    chips: int
    sources: tuple[str, ...]  # cities where it can be picked up


@dataclass(frozen=True)
class Demand:
    city: str
    load: str
    payout: int


@dataclass(frozen=True)
class DemandCard:
    number: int
    demands: tuple[Demand, ...]


@dataclass(frozen=True)
class EventSpec:
    """One event (or one half of a dual card): `kind` selects the rule, `params`
    holds its data (cities, rivers, areas, loads, reward, ...)."""

    title: str
    kind: str
    text: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


@dataclass(frozen=True)
class EventCard:
    number: int
    spec: EventSpec | None = None  # single events
    top: EventSpec | None = None  # dual cards: before the political change
    bottom: EventSpec | None = None  # dual cards: after it

    @property
    def is_dual(self) -> bool:
        return self.top is not None

    def for_era(self, era: str) -> EventSpec:
        if not self.is_dual:
            assert self.spec is not None
            return self.spec
        return self.bottom if era == "bottom" else self.top  # type: ignore[return-value]

    @property
    def title(self) -> str:
        if self.spec is not None:
            return self.spec.title
        return f"{self.top.title} / {self.bottom.title}"  # type: ignore[union-attr]


@dataclass(frozen=True)
class Content:
    """Everything immutable a game needs; shared by every state and clone."""

    board: Any  # a CrayonBoard (game.crayon.board) or a test board with the same attributes
    rules: Rules
    loads: Mapping[str, LoadType]
    demands: Mapping[int, DemandCard]
    events: Mapping[int, EventCard]
    supplies: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # city -> loads

    @classmethod
    def build(cls, board: Any, rules: Rules, loads: list[LoadType], demands: list[DemandCard],
              events: list[EventCard]) -> "Content":
        supplies: dict[str, list[str]] = {}
        for lt in loads:
            for city in lt.sources:
                supplies.setdefault(city, []).append(lt.name)
        for name, city in board.cities.items():
            for good in city.goods:
                if good in {lt.name for lt in loads} and good not in supplies.get(name, []):
                    supplies.setdefault(name, []).append(good)
        numbers = [c.number for c in demands] + [e.number for e in events]
        if len(set(numbers)) != len(numbers):
            raise MapError("Demand and event cards must have different numbers.")
        return cls(board, rules, MappingProxyType({lt.name: lt for lt in loads}),
                   MappingProxyType({c.number: c for c in demands}),
                   MappingProxyType({e.number: e for e in events}),
                   MappingProxyType({k: tuple(v) for k, v in supplies.items()}))

    @property
    def total_chips(self) -> int:
        return sum(lt.chips for lt in self.loads.values())


def _entries(data: Any, key: str, path: str) -> list[Any]:
    if isinstance(data, dict):
        data = data.get(key)
    if not isinstance(data, list):
        raise MapError(f"{path} must hold a list of {key}")
    return data


def load_loads(path: str) -> list[LoadType]:
    out = []
    for i, d in enumerate(_entries(read_yaml(path), "loads", path)):
        try:
            out.append(LoadType(str(d["name"]), int(d["chips"]),
                                tuple(str(c) for c in d.get("sources", d.get("cities", ())) or ())))
        except (KeyError, TypeError, ValueError) as exc:
            raise MapError(f"{path}: load entry {i + 1} is incomplete ({exc})") from exc
    return out


def load_demands(path: str) -> list[DemandCard]:
    out = []
    for i, d in enumerate(_entries(read_yaml(path), "cards", path)):
        try:
            number = int(d.get("number", d.get("id")))
            demands = tuple(Demand(str(x["city"]), str(x.get("load", x.get("good"))),
                                   int(x.get("payout", x.get("pay")))) for x in d["demands"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise MapError(f"{path}: demand card entry {i + 1} is incomplete ({exc})") from exc
        out.append(DemandCard(number, demands))
    return out


_SPEC_KEYS = {"title", "kind", "text"}


def _spec(d: dict[str, Any], where: str) -> EventSpec:
    if "kind" not in d or "title" not in d:
        raise MapError(f"{where} needs a title and a kind")
    params = {k: _freeze(v) for k, v in d.items() if k not in _SPEC_KEYS}
    return EventSpec(str(d["title"]), str(d["kind"]), str(d.get("text", "")), MappingProxyType(params))


def _freeze(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return MappingProxyType({k: _freeze(x) for k, x in v.items()})
    return v


def load_events(path: str) -> list[EventCard]:
    out = []
    for i, d in enumerate(_entries(read_yaml(path), "cards", path)):
        where = f"{path}: event card entry {i + 1}"
        if not isinstance(d, dict) or "number" not in d:
            raise MapError(f"{where} needs a number")
        if "dual" in d:
            dual = d["dual"]
            out.append(EventCard(int(d["number"]), None, _spec(dual["top"], where + " (top)"),
                                 _spec(dual["bottom"], where + " (bottom)")))
        else:
            out.append(EventCard(int(d["number"]), _spec({k: v for k, v in d.items() if k != "number"}, where)))
    return out
