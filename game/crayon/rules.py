"""The numbers of a crayon-rails game (costs, locomotives, win target...),
read from the game's ``rules.yaml`` so that each value lives in one place."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Mapping

from game.core.datafile import read_yaml
from game.core.errors import MapError


@dataclass(frozen=True)
class Loco:
    name: str
    level: int
    capacity: int
    speed: int
    fast_speed: int  # speed under the Fast Trains variant


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

    def with_values(self, **values: Any) -> "Rules":
        return replace(self, **values)


def load_rules(path: str) -> Rules:
    """Read a rules.yaml; a missing or malformed value raises MapError naming it."""
    raw = read_yaml(path)
    try:
        locos = tuple(Loco(str(d["name"]), int(d["level"]), int(d["capacity"]), int(d["speed"]),
                           int(d.get("fast_speed", d["speed"]))) for d in raw.pop("locomotives"))
        values: dict[str, Any] = {"locos": locos}
        for key in ("terrain_cost", "city_entry_limit"):
            values[key] = MappingProxyType({str(k): int(v) for k, v in raw.pop(key).items()})
        if "circus_homes" in raw:
            values["circus_homes"] = tuple(raw.pop("circus_homes"))
        known = set(Rules.__dataclass_fields__)
        unknown = set(raw) - known
        if unknown:
            raise MapError(f"{path}: unknown rule value(s) {', '.join(sorted(unknown))}")
        values.update(raw)
        return Rules(**values)
    except (KeyError, TypeError, ValueError) as exc:
        raise MapError(f"{path}: a rule value is missing or malformed ({exc})") from exc
