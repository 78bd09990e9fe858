"""The numbers of a crayon-rails game (costs, locomotives, win target...),
read from the game's ``rules.yaml`` so that each value lives in one place."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Callable, Mapping

from game.core.datafile import Node, load_data


@dataclass(frozen=True)
class Loco:
    name: str
    level: int
    capacity: int
    speed: int
    fast_speed: int  # speed under the Fast Trains variant
    cards: int = 0  # loco cards of this type in the bank (0: as many as needed)


@dataclass(frozen=True)
class Rules:
    starting_cash: int = 60
    hand_size: int = 3
    build_budget: int = 20
    initial_build_rounds: int = 2
    major_city_starts: int = 2
    terrain_cost: Mapping[str, int] = field(default_factory=dict)
    ferry_cost: int = 8
    ferry_max_builders: int = 2
    city_entry_limit: Mapping[str, int] = field(default_factory=dict)
    max_sections_into_city: int = 3
    rent: int = 4
    win_cash: int = 250
    tie_cash: int = 300
    win_majors: int = 5
    equal_turns: bool = True  # a declared victory waits for the round's end (else it wins at once)
    locos: tuple[Loco, ...] = ()
    upgrade_cost: int = 20
    upgrade_levels_per_turn: int = 1
    bank_start: int = 100000
    home_region: str = ""
    border_duty: int = 2
    circus_payout: int = 20
    circus_homes: tuple[str, ...] = ()
    history_window: int = 20
    history_trigger_majors: int = 4
    history_trigger_cash: int = 100
    block_check_room: int = 150
    bot_own_rides: bool = True  # "normal" computer players price a leg its own track joins along that track
    bot_major_line: float = 0.0  # share of track on the line joining the Major Cities "hard" counts back (0: none)
    bot_sim_routes: int = 6  # routes best by estimate the "hard" computer player plays to their ends (6 if unsaid)
    variants: Mapping[str, Any] = field(default_factory=dict)  # a game's own numbers (its optional rules)

    def loco(self, name: str) -> Loco:
        for lc in self.locos:
            if lc.name == name:
                return lc
        raise KeyError(name)

    @property
    def first_loco(self) -> Loco:
        return min(self.locos, key=lambda lc: lc.level)

    def upgrades_from(self, name: str) -> list[Loco]:
        """Locos reachable from `name` in one building phase."""
        level = self.loco(name).level
        top = level + self.upgrade_levels_per_turn
        return [lc for lc in self.locos if level < lc.level <= top]

    def variant(self, key: str) -> Any:
        """A number of one of the game's own rules (rules.yaml `variants:`)."""
        if key not in self.variants:
            raise KeyError(f"rules.yaml has no variants.{key}")
        return self.variants[key]

    def with_values(self, **values: Any) -> "Rules":
        return replace(self, **values)


Reader = Callable[[Node], Any]


def _int(lo: int, hi: int) -> Reader:
    return lambda node: node.as_int(lo, hi)


def _share(node: Node) -> float:
    return node.as_float(0.0, 1.0)


def _text(node: Node) -> str:
    return node.as_str()


def _texts(node: Node) -> tuple[str, ...]:
    return node.str_list()


def _costs(lo: int, hi: int) -> Reader:
    """A non-empty mapping of names to whole numbers in [lo, hi]."""
    def read(node: Node) -> Mapping[str, int]:
        values = {key: value.as_int(lo, hi) for key, value in node.items()}
        if not values:
            node.fail("must name at least one entry")
        return MappingProxyType(values)
    return read


_LOCO_KEYS = frozenset({"name", "level", "capacity", "speed", "fast_speed", "cards"})


def _locos(node: Node) -> tuple[Loco, ...]:
    locos = []
    for entry in node.as_list(min_len=1):
        entry.check_keys(_LOCO_KEYS, required=_LOCO_KEYS - {"fast_speed", "cards"})
        speed = entry["speed"].as_int(1, 99)
        locos.append(Loco(entry["name"].as_str(), entry["level"].as_int(1, 9), entry["capacity"].as_int(1, 9),
                          speed, entry.get("fast_speed").opt_int(speed, 1, 99), entry.get("cards").opt_int(0, 0, 99)))
    names = [lc.name for lc in locos]
    if len(set(names)) != len(names):
        node.fail("two locomotives have the same name")
    if [lc.level for lc in locos].count(min(lc.level for lc in locos)) != 1:
        node.fail("exactly one locomotive must have the lowest level (every player starts with it)")
    return tuple(locos)


def _bool(node: Node) -> bool:
    return node.as_bool()


def _variants(node: Node) -> Mapping[str, Any]:
    """A game's own numbers: whole numbers, or mappings of names to words."""
    out: dict[str, Any] = {}
    for key, value in node.items():
        if isinstance(value.value, dict):
            out[key] = MappingProxyType({k: v.as_str() for k, v in value.items()})
        else:
            out[key] = value.as_int(0, MONEY)
    return MappingProxyType(out)


@dataclass(frozen=True)
class RuleField:
    """How one rules.yaml value is read and checked; `required=False` keeps
    the Rules default when the file leaves it out."""

    read: Reader
    required: bool = True


MONEY = 100_000  # no single price or payout of a crayon game comes near this
# One line per rules.yaml value (type and range). A value only some games use
# gets a default in Rules and ``required=False`` here.
FIELDS: dict[str, RuleField] = {
    "starting_cash": RuleField(_int(0, MONEY)),
    "hand_size": RuleField(_int(1, 9)),
    "build_budget": RuleField(_int(1, MONEY)),
    "initial_build_rounds": RuleField(_int(0, 20)),
    "major_city_starts": RuleField(_int(0, 20)),
    "terrain_cost": RuleField(_costs(0, MONEY)),
    "ferry_cost": RuleField(_int(0, MONEY), required=False),
    "ferry_max_builders": RuleField(_int(1, 6), required=False),
    "city_entry_limit": RuleField(_costs(1, 6)),
    "max_sections_into_city": RuleField(_int(1, 6)),
    "rent": RuleField(_int(0, MONEY)),
    "win_cash": RuleField(_int(1, MONEY)),
    "tie_cash": RuleField(_int(1, MONEY)),
    "win_majors": RuleField(_int(1, 99)),
    "equal_turns": RuleField(_bool, required=False),
    "locos": RuleField(_locos),
    "upgrade_cost": RuleField(_int(0, MONEY)),
    "upgrade_levels_per_turn": RuleField(_int(1, 9)),
    "bank_start": RuleField(_int(0, 10**9)),
    "home_region": RuleField(_text, required=False),
    "border_duty": RuleField(_int(0, MONEY), required=False),
    "circus_payout": RuleField(_int(0, MONEY)),
    "circus_homes": RuleField(_texts, required=False),
    "history_window": RuleField(_int(0, 1000), required=False),
    "history_trigger_majors": RuleField(_int(1, 99), required=False),
    "history_trigger_cash": RuleField(_int(0, MONEY), required=False),
    "block_check_room": RuleField(_int(1, 10**6)),
    "bot_own_rides": RuleField(_bool, required=False),
    "bot_major_line": RuleField(_share, required=False),
    "bot_sim_routes": RuleField(_int(1, 50), required=False),
    "variants": RuleField(_variants, required=False),
}
FILE_KEYS = {"locomotives": "locos"}  # rules.yaml spellings that differ from the Rules field


def load_rules(path: str, board: Any = None) -> Rules:
    """Read and check a rules.yaml: every value's type and range, so that no
    edit can make the game fail later. With `board`, also that the names it
    uses (terrains, cities, regions) are on the map. Any problem is a MapError
    naming the file and the key."""
    root = load_data(path)
    file_key = {field: key for key, field in FILE_KEYS.items()}
    names = {file_key.get(name, name): name for name in FIELDS}
    root.check_keys(frozenset(names), required={k for k, v in names.items() if FIELDS[v].required})
    values = {field: FIELDS[field].read(root[key]) for key, field in names.items() if root.has(key)}
    rules = Rules(**values)
    if rules.tie_cash < rules.win_cash:
        root["tie_cash"].fail(f"must be at least win_cash ({rules.win_cash})")
    if board is not None:
        _check_against_board(root, rules, board)
    return rules


def _check_against_board(root: Node, rules: Rules, board: Any) -> None:
    missing = sorted(set(board.mileposts.values()) - set(rules.terrain_cost))
    if missing:
        root["terrain_cost"].fail(f"has no cost for the map's terrain {', '.join(missing)}")
    majors = sum(1 for city in board.cities.values() if city.size == "major")
    for key in ("win_majors", "history_trigger_majors"):
        if getattr(rules, key) > majors:
            root[key].fail(f"is {getattr(rules, key)}, but the map has only {majors} Major Cities")
    for i, home in enumerate(rules.circus_homes):
        if home not in board.cities:
            root["circus_homes"].as_list()[i].fail(f"'{home}' is not a city on the map")
