"""The rules data of Regional Rails, read once from ``rules.yaml`` beside this
file, as frozen records the engine, the bots and the UI share.

Every value is checked when the file is read (the tables below give each one's
type and range), so a changed number can only be refused at the start of a
game with the file and key named, never fail in the middle of one."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Callable, Mapping

from game.core.datafile import Node, load_data
from game.core.resources import program_path
from game.regional_rails.board import CITY, TERRAINS, TOWN

RULES_FILE = program_path("game", "regional_rails", "rules.yaml")


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


# Reading and checking rules.yaml ---------------------------------------------------

Reader = Callable[[Node], Any]
MAX_PLAYERS = 6  # every player needs a railroad and, with the option, a tycoon


def _int(lo: int, hi: int) -> Reader:
    return lambda node: node.as_int(lo, hi)


def _bool(node: Node) -> bool:
    return node.as_bool()


def _number_keys(node: Node, lo: int, hi: int) -> dict[int, Node]:
    """A mapping keyed by whole numbers in [lo, hi] (YAML `3: 1`)."""
    out = {}
    for key, value in node.as_map().items():
        if not key.lstrip("-").isdecimal() or not lo <= int(key) <= hi:
            value.fail(f"the key must be a whole number from {lo} to {hi}")
        out[int(key)] = value
    return out


def _surcharge(node: Node) -> Mapping[int, int]:
    return MappingProxyType({k: v.as_int(0, 99) for k, v in _number_keys(node, 1, 99).items()})


_EVENT_KEYS = {"name", "obsolescence", "vp", "money", "wreck"}


def _events(node: Node) -> Mapping[int, EventResult]:
    rows = _number_keys(node, 1, 12)
    if not rows or sorted(rows) != list(range(1, len(rows) + 1)):
        node.fail("must hold the rolls 1, 2, 3, ... with none left out")
    out = {}
    for roll, row in rows.items():
        row.check_keys(_EVENT_KEYS, required={"name"})
        out[roll] = EventResult(roll, row["name"].as_str(), row.get("obsolescence").opt_int(0, 0, 9),
                                row.get("vp").opt_int(0, -99, 99), row.get("money").opt_int(0, -99, 99),
                                row.get("wreck").opt_bool(False))
    return MappingProxyType(out)


_COST = _int(0, 99)
_CAP = _int(1, 9)
# Section -> key -> reader; every key is required and no other is allowed.
SECTIONS: dict[str, dict[str, Reader]] = {
    "supply": {"rail_markers": _int(1, 500), "stations": _int(0, 50), "start_money": _int(0, 999),
               "start_vp": _int(0, 999), "start_train_level": _int(1, 9), "secret_developments": _int(0, 9),
               "extra_rail_markers": _int(1, 500), "extra_stations": _int(0, 50),
               "additional_railroad_cost": _int(0, 999), "development_copies": _int(1, 9)},
    "build": {"max_per_turn": _int(1, 20), "surcharge": _surcharge, "station_cost": _COST,
              "stations_per_turn": _CAP, "own_per_place": _CAP,
              "distance": lambda node: node.as_str(choices=("hexes_from_start_city",)),
              "own_station_fee": _bool, "side_cap": _CAP, "side_cap_river": _CAP, "side_cap_mountain": _CAP,
              "interior_cap": _CAP, "interior_cap_small": _CAP, "interior_cap_mountain": _CAP},
    "hexside_costs": dict.fromkeys(("base", "river", "mountain", "coastal_to_coastal", "station", "per_marker"),
                                   _COST),
    "interior_costs": dict.fromkeys(("base", "town", "city", "forest", "coastal", "mountain", "station",
                                     "per_marker"), _COST),
    "income": {**dict.fromkeys(("city", "town", "development", "station", "other_start_city"), _COST),
               "obsolescence": _int(-99, 0), "minimum": _int(-99, 99)},
    "events": {"first_turns_bonus": _int(0, 6), "first_turns": _int(0, 99), "table": _events},
    "upkeep": {"vp_per_unpaid": _COST},
    "dividends": {"first_rate": _COST, "second_rate": _COST, "rest_rate": _COST},
    "upgrade": {"cost_per_level": _int(1, 99), "development_cost": _COST, "developments_per_turn": _int(0, 9),
                "dealer_dan_cost": _COST},
    "money": {"loan_vp": _COST, "stock_vp": _COST, "purple_pusher_bonus": _COST, "lester_bonus": _int(0, 12),
              "phil_bonus": _int(0, 6)},
    "scoring": {"train_level": _COST, "sole_connection": _COST, "cash_in_mb_per_vp": _int(1, 99)},
}
# A company's ability, as numbers and flags (all optional).
PERKS: dict[str, Reader] = {
    "extra_rail": _int(0, 500), "river_discount": _COST, "place_discount": _COST, "mountain_discount": _COST,
    "start_level": _int(1, 9), "upkeep_discount": _int(0, 9), "station_cost": _int(1, 99),
    "no_surcharge": _bool, "stock_bonus": _COST, "any_city": _bool, "event_bonus": _int(-6, 6),
    "extra_developments": _int(0, 9), "no_marker_charge": _bool,
}
def _company(node: Node) -> Company:
    node.check_keys({"name", "ability", *PERKS}, required={"name", "ability"})
    perks = {key: PERKS[key](value) for key, value in node.items() if key in PERKS}
    return Company(node["name"].as_str(), node["ability"].as_str(), MappingProxyType(perks))


def _tycoon(node: Node) -> Tycoon:
    node.check_keys({"name", "ability"}, required={"name", "ability"})
    return Tycoon(node["name"].as_str(), node["ability"].as_str())


_DEVELOPMENT_KEYS = {"kind", "place", "terrain", "coastal", "rivers", "near"}


def _development(node: Node) -> DevelopmentKind:
    node.check_keys(_DEVELOPMENT_KEYS, required={"kind", "place"})
    terrain = node.get("terrain")
    near = {}
    for what, count in node.get("near", {}).items():
        if what not in (*TERRAINS, TOWN):
            count.fail(f"'{what}' is not one of {', '.join((*TERRAINS, TOWN))}")
        near[what] = count.as_int(1, 6)
    return DevelopmentKind(kind=node["kind"].as_str(), place=node["place"].as_str(choices=(TOWN, CITY)),
                           on=None if terrain.value is None else terrain.as_str(choices=TERRAINS),
                           coastal=None if node.get("coastal").value is None else node["coastal"].as_bool(),
                           rivers=node.get("rivers").opt_int(0, 0, 6), near=MappingProxyType(near))


def _unique(node: Node, names: list[str], what: str) -> None:
    if len(set(names)) != len(names):
        node.fail(f"two {what} have the same name")


def load_rules(path: str = RULES_FILE) -> Rules:
    """Read and check a Regional Rails rules file (MapError naming the file
    and the key on any problem)."""
    root = load_data(path)
    lists = ("developments", "companies", "tycoons")
    root.check_keys({*SECTIONS, "max_rounds", *lists}, required={*SECTIONS, "max_rounds", *lists})
    raw: dict[str, Any] = {"max_rounds": root["max_rounds"].as_int(1, 999)}
    for name, fields in SECTIONS.items():
        section = root[name]
        section.check_keys(set(fields), required=set(fields))
        raw[name] = MappingProxyType({key: read(section[key]) for key, read in fields.items()})
    companies = tuple(_company(n) for n in root["companies"].as_list(min_len=MAX_PLAYERS))
    tycoons = tuple(_tycoon(n) for n in root["tycoons"].as_list(min_len=MAX_PLAYERS))
    developments = tuple(_development(n) for n in root["developments"].as_list(min_len=1))
    _unique(root["companies"], [c.name for c in companies], "companies")
    _unique(root["tycoons"], [t.name for t in tycoons], "tycoons")
    _unique(root["developments"], [d.kind for d in developments], "development kinds")
    supply = raw["supply"]
    dealt = MAX_PLAYERS * supply["secret_developments"] + max(c.perk("extra_developments") for c in companies)
    if len(developments) * supply["development_copies"] < dealt:
        root["developments"].fail(f"too few development markers: up to {dealt} are dealt at the start")
    return Rules(raw=MappingProxyType(raw), companies=companies, tycoons=tycoons, developments=developments,
                 events=raw["events"]["table"])


@lru_cache(maxsize=1)
def rules() -> Rules:
    """The rules data (cached: it never changes while the program runs)."""
    return load_rules(RULES_FILE)
