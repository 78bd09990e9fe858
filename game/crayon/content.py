"""Cards and load chips of a crayon-rails game, read from readable YAML files,
and the :class:`Content` bundle (board + rules + cards) a game shares between
all its states."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Collection, Mapping

from game.core.datafile import Node, load_data
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
    short: str = ""  # a few words that tell it from the deck's other events in play ("Snow: Urals"); "": the title

    @property
    def label(self) -> str:
        """The event named where a title would be cut (the panel's chips): its
        short title; a special demand without one by its city and reward
        ("Murmansk 110M": what a player looks for, and its titles are long);
        else its title."""
        if self.short:
            return self.short
        if self.kind == "special_demand":
            return f"{self.params['city']} {self.params['reward']}M"
        return self.title

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
        side = self.bottom if era == "bottom" else self.top
        assert side is not None, "a dual card has both halves"
        return side

    @property
    def title(self) -> str:
        if self.spec is not None:
            return self.spec.title
        assert self.top is not None and self.bottom is not None, "a card without a spec is dual"
        return f"{self.top.title} / {self.bottom.title}"


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
        twice = sorted({n for n in numbers if numbers.count(n) > 1})
        if twice:
            raise MapError(f"The demand and event decks both hold card {twice[0]}: cards need different numbers.")
        return cls(board, rules, MappingProxyType({lt.name: lt for lt in loads}),
                   MappingProxyType({c.number: c for c in demands}),
                   MappingProxyType({e.number: e for e in events}),
                   MappingProxyType({k: tuple(v) for k, v in supplies.items()}))

    @property
    def total_chips(self) -> int:
        return sum(lt.chips for lt in self.loads.values())


# Reading the files ------------------------------------------------------------------
# Each loader checks every value's type and range, and, when given the names
# the game knows (the map's cities, the load types), every name a card uses,
# so a damaged file is refused at load with the file and key, never later.

Names = Collection[str] | None


def _entries(root: Node, key: str) -> list[Node]:
    root.check_keys({key}, required={key})
    return root[key].as_list(min_len=1)


def _card_number(entry: Node, earlier: list[Any]) -> int:
    number = entry["number"].as_int(1, 99999)
    if any(card.number == number for card in earlier):
        entry["number"].fail(f"card {number} is already in this deck")
    return number


def _known(node: Node, names: Names, what: str) -> str:
    value = node.as_str()
    if names is not None and value not in names:
        node.fail(f"'{value}' is not {what}")
    return value


def load_loads(path: str, cities: Names = None) -> list[LoadType]:
    """The load chips; `cities` (the map's) checks every source city."""
    root = load_data(path)
    out = []
    for entry in _entries(root, "loads"):
        # `homes` (the generator notes where Circus chips start) is checked, but
        # rules.yaml `circus_homes` is the value the game uses.
        entry.check_keys({"name", "chips", "sources", "homes"}, required={"name", "chips"})
        sources = tuple(_known(c, cities, "a city on the map") for c in entry.get("sources", []).as_list())
        for home in entry.get("homes", []).as_list():
            _known(home, cities, "a city on the map")
        out.append(LoadType(entry["name"].as_str(), entry["chips"].as_int(1, 99), sources))
    if len({lt.name for lt in out}) != len(out):
        root["loads"].fail("two loads have the same name")
    return out


_DEMAND_KEYS = frozenset({"city", "load", "payout"})


def load_demands(path: str, cities: Names = None, loads: Names = None) -> list[DemandCard]:
    """The demand cards; `cities` and `loads` check the names they use."""
    out: list[DemandCard] = []
    for entry in _entries(load_data(path), "cards"):
        entry.check_keys({"number", "demands"}, required={"number", "demands"})
        number = _card_number(entry, out)
        demands = []
        for d in entry["demands"].as_list(min_len=1, max_len=9):
            d.check_keys(_DEMAND_KEYS, required=_DEMAND_KEYS)
            demands.append(Demand(_known(d["city"], cities, "a city on the map"),
                                  _known(d["load"], loads, "a load in loads.yaml"), d["payout"].as_int(1, 9999)))
        out.append(DemandCard(number, tuple(demands)))
    return out


@dataclass(frozen=True)
class EventRefs:
    """The names an event card may use: the map's cities, rivers, areas and
    regions, and the load types (None: not checked)."""

    cities: Names = None
    rivers: Names = None
    areas: Names = None
    regions: Names = None
    loads: Names = None

    @classmethod
    def of(cls, board: Any, loads: Collection[str]) -> "EventRefs":
        return cls(board.cities, board.rivers, board.areas, set(board.region_of.values()), loads)


Param = Callable[[Node, EventRefs], Any]


def _names(what: str, attr: str, min_len: int = 1, max_len: int | None = None) -> Param:
    return lambda node, refs: tuple(_known(n, getattr(refs, attr), what) for n in node.as_list(min_len, max_len))


def _count(lo: int, hi: int) -> Param:
    return lambda node, refs: node.as_int(lo, hi)


def _brackets(node: Node, refs: EventRefs) -> tuple[Mapping[str, int], ...]:
    out = []
    for b in node.as_list(min_len=1):
        b.check_keys({"from", "tax"}, required={"from", "tax"})
        out.append(MappingProxyType({"from": b["from"].as_int(0, 10**6), "tax": b["tax"].as_int(0, 10**6)}))
    return tuple(out)


_CITIES = _names("a city on the map", "cities")
Kinds = Mapping[str, Mapping[str, Param]]
# The engine's event kinds and their parameters (all required). A game adds its
# own kinds (with an ``event_<kind>`` method on its state) by passing
# ``{**EVENT_KINDS, ...}`` to load_events.
EVENT_KINDS: Kinds = {
    "rail_tax": {"brackets": _brackets},
    "supply_scandal": {"radius": _count(0, 99)},
    "flood": {"rivers": _names("a river on the map", "rivers")},
    "derailment": {"cities": _CITIES, "radius": _count(0, 99)},
    "weather": {"areas": _names("an area on the map", "areas")},
    "lockdown": {"regions": _names("a region on the map", "regions")},
    "closed_borders": {},
    "special_demand": {"city": lambda node, refs: _known(node, refs.cities, "a city on the map"),
                       "loads": _names("a load in loads.yaml", "loads", 1, 3), "reward": _count(1, 9999)},
}
_SPEC_KEYS = {"title", "short", "kind", "text"}


def _spec(node: Node, refs: EventRefs, kinds: Kinds) -> EventSpec:
    kind = node["kind"].as_str(choices=tuple(kinds))
    params = kinds[kind]
    node.check_keys(_SPEC_KEYS | set(params), required={"title", "kind"} | set(params))
    return EventSpec(node["title"].as_str(), kind, node.get("text").opt_str(""),
                     MappingProxyType({key: read(node[key], refs) for key, read in params.items()}),
                     node.get("short").opt_str(""))


def load_events(path: str, refs: EventRefs = EventRefs(), kinds: Kinds = EVENT_KINDS) -> list[EventCard]:
    """The event cards, of the given `kinds`; `refs` checks the names they use."""
    out: list[EventCard] = []
    for entry in _entries(load_data(path), "cards"):
        number = _card_number(entry, out)
        if entry.has("dual"):
            entry.check_keys({"number", "dual"})
            dual = entry["dual"]
            dual.check_keys({"top", "bottom"}, required={"top", "bottom"})
            out.append(EventCard(number, None, _spec(dual["top"], refs, kinds), _spec(dual["bottom"], refs, kinds)))
        else:
            out.append(EventCard(number, _spec(_without(entry, "number"), refs, kinds)))
    return out


def _without(node: Node, key: str) -> Node:
    """The same mapping without `key` (a single card holds its number beside its event)."""
    node.as_map()  # a mapping, or a MapError naming it
    return Node({k: v for k, v in node.value.items() if k != key}, node.file, node.path)
