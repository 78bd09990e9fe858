"""A small two-sided Moon built in code, with what the Lunar Rails rules
need: two sides joined by Wrap Letters (pairs A and B, both marked G for the
Golden Spike), the Peary pole drawn on both sides, Major Cities with red
areas, small and medium cities, highlands, a crater rim, and the halves of
the Moon as areas; and a test game on it using the real rules.yaml and
events.yaml.

Layout (axial q, r): near side q 0..9 × r 0..7, far side q 14..23 × r 0..7.
Wrap A: near (10, 3) <-> far (13, 3); wrap B: near (-1, 5) <-> far (24, 5).
Peary: near (4, 0) = far (18, 0).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from game.core.hexgrid import neighbours as hex_neighbours, pair_key
from game.crayon.content import CIRCUS, Content, Demand, DemandCard, LoadType
from game.crayon.lunar_rails.engine import RULES_FILE, LunarRailsState, build_content
from game.crayon.rules import load_rules
from tests.crayon.tinyboard import City

Hex = tuple[int, int]


@dataclass(frozen=True)
class Wrap:
    name: str
    letter: str
    sign: str
    prime: bool
    spike: str
    side: str
    partner: Hex


@dataclass(frozen=True)
class MoonBoard:
    mileposts: Mapping[Hex, str]
    cities: Mapping[str, City]
    city_at: Mapping[Hex, str]
    red_area: frozenset
    water: Mapping[tuple[Hex, Hex], int]
    areas: Mapping[str, frozenset]
    wraps: Mapping[Hex, Wrap]
    teleports: Mapping[Hex, Hex]
    rivers: Mapping[str, frozenset] = field(default_factory=dict)
    borders: Mapping[str, frozenset] = field(default_factory=dict)
    region_of: Mapping[Hex, str] = field(default_factory=dict)
    ferries: tuple = ()

    def neighbours(self, h: Hex) -> list[Hex]:
        out = [n for n in hex_neighbours(h) if n in self.mileposts]
        if h in self.teleports:
            out.append(self.teleports[h])
        return out


NEAR = {(q, r) for q in range(10) for r in range(8)}
FAR = {(q, r) for q in range(14, 24) for r in range(8)}
MAJORS = {"Sinus Iridum": (3, 4), "Mare Nectaris": (7, 5), "Hertzsprung": (18, 4)}
SMALL = {"Pythagoras": (2, 0), "Oceanus": (1, 7), "Peary": (4, 0)}
MEDIUM = {"Apollo": (21, 2)}
PEARY_FAR = (18, 0)
GOODS = {"Sinus Iridum": ("Robots",), "Mare Nectaris": ("Titanium Ore",), "Hertzsprung": ("Beer",),
         "Pythagoras": ("Bauxite",), "Oceanus": ("Oxygen",), "Peary": ("Ice",), "Apollo": ("Artifacts", "Concrete")}
MOUNTAINS = {(6, 2), (6, 3), (14, 2), (15, 5), (16, 5)}
ALPINE = {(8, 1)}
RIM = pair_key((5, 2), (6, 2))  # crossing it into the mountain (6, 2) costs 2 + 1
WRAP_A = ((10, 3), (13, 3))
WRAP_B = ((-1, 5), (24, 5))


def build_board() -> MoonBoard:
    terrain: dict[Hex, str] = {h: "clear" for h in NEAR | FAR}
    for h in MOUNTAINS:
        terrain[h] = "mountain"
    for h in ALPINE:
        terrain[h] = "alpine"
    cities: dict[str, City] = {}
    city_at: dict[Hex, str] = {}
    red: set = set()
    for name, c in MAJORS.items():
        posts = (c,) + tuple(hex_neighbours(c))
        for h in posts:
            terrain[h] = "major_city"
            city_at[h] = name
        red |= {pair_key(a, b) for a in posts for b in posts if a < b and b in hex_neighbours(a)}
        cities[name] = City(name, "major", c, posts, GOODS[name], "")
    for size, group in (("small", SMALL), ("medium", MEDIUM)):
        for name, c in group.items():
            posts = (c, PEARY_FAR) if name == "Peary" else (c,)
            for h in posts:
                terrain[h] = f"{size}_city"
                city_at[h] = name
            cities[name] = City(name, size, c, posts, GOODS[name], "")
    wraps: dict[Hex, Wrap] = {}
    teleports: dict[Hex, Hex] = {}
    for (near, far), letter, sign in ((WRAP_A, "A", "+"), (WRAP_B, "B", "-")):
        terrain[near] = terrain[far] = "wrap"
        wraps[near] = Wrap(f"{sign}{letter}", letter, sign, False, "G", "near", far)
        wraps[far] = Wrap(f"{sign}{letter}", letter, sign, False, "G", "far", near)
        teleports[near], teleports[far] = far, near
    teleports[SMALL["Peary"]], teleports[PEARY_FAR] = PEARY_FAR, SMALL["Peary"]
    land = NEAR | FAR
    areas = {"Near Side": frozenset(NEAR), "Far Side": frozenset(FAR),
             "North": frozenset(h for h in land if h[1] <= 3), "South": frozenset(h for h in land if h[1] >= 4),
             "East": frozenset(h for h in land if (h in NEAR and h[0] >= 5) or (h in FAR and h[0] >= 19)),
             "West": frozenset(h for h in land if (h in NEAR and h[0] < 5) or (h in FAR and h[0] < 19))}
    return MoonBoard(MappingProxyType(terrain), MappingProxyType(cities), MappingProxyType(city_at),
                     frozenset(red), MappingProxyType({RIM: 1}), MappingProxyType(areas),
                     MappingProxyType(wraps), MappingProxyType(teleports))


LOAD_TYPES = [LoadType(load, 3, (city,)) for city, goods in GOODS.items() for load in goods] + \
    [LoadType(CIRCUS, 2, ())]
CITY_NAMES = list(MAJORS) + list(SMALL) + list(MEDIUM)


def demand_cards(count: int = 40) -> list[DemandCard]:
    """Deterministic cards: 3 different cities and loads, never a city's own good."""
    loads = [lt.name for lt in LOAD_TYPES if lt.name != CIRCUS]
    cards = []
    for n in range(1, count + 1):
        picks: list[Demand] = []
        k = n
        while len(picks) < 3:
            city = CITY_NAMES[k % len(CITY_NAMES)]
            load = loads[(k * 3 + n) % len(loads)]
            k += 1
            if load in GOODS[city] or any(d.city == city or d.load == load for d in picks):
                continue
            picks.append(Demand(city, load, 10 + (k * 7 + n * 5) % 25))
        cards.append(DemandCard(n, tuple(picks)))
    # the rulebook's Meteor Showers example card
    cards.append(DemandCard(131, (Demand("Sinus Iridum", "Bauxite", 18), Demand("Oceanus", "Beer", 24),
                                  Demand("Pythagoras", "Robots", 7))))
    return cards


MOON_RULES = load_rules(RULES_FILE).with_values(win_majors=2, win_cash=150, tie_cash=180, block_check_room=12)
BOARD = build_board()


class MoonGame(LunarRailsState):
    game_id = "tiny_moon"
    title = "Tiny Moon"

    @classmethod
    def load_content(cls) -> Content:
        return build_content(BOARD, MOON_RULES, LOAD_TYPES, demand_cards())


def extras_chips(s: Any) -> int:
    """Chips the shared crayon state does not see: left in cities, boxed, in
    private warehouses, on second trains."""
    return len(s.lunar.stored) + sum(s.lunar.boxed.values()) + \
        sum(len(w.loads) for w in s.lunar.warehouses.values()) + sum(len(t.loads) for t in s.lunar.spare.values())
