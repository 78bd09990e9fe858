"""A small crayon-rails board built in code, with every feature the rules
need (majors with red areas, small and medium cities, mountains, a river, a
lake, a border, a ferry to an island, weather areas), and a test game on it.

Layout (axial q, r): the mainland is q 0..11 × r 0..7, the island q 14..16 ×
r 0..2. The river "Blue" runs between q = 4 and q = 5 for r 0..3.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from game.core.hexgrid import neighbours as hex_neighbours, pair_key
from game.crayon.content import CIRCUS, Content, Demand, DemandCard, EventCard, EventSpec, LoadType
from game.crayon.rules import load_rules
from game.crayon.russian_rails.engine import RussianRailsState, RussianRulesMixin
from game.crayon.state import CrayonState

Hex = tuple[int, int]
RULES = os.path.join(os.path.dirname(__file__), "..", "..", "game", "crayon", "russian_rails", "rules.yaml")


@dataclass(frozen=True)
class City:
    name: str
    size: str
    center: Hex
    mileposts: tuple[Hex, ...]
    goods: tuple[str, ...]
    region: str


@dataclass(frozen=True)
class Ferry:
    name: str
    a: Hex
    b: Hex
    cost: int = 8


@dataclass(frozen=True)
class TinyBoard:
    mileposts: Mapping[Hex, str]
    cities: Mapping[str, City]
    city_at: Mapping[Hex, str]
    red_area: frozenset
    water: Mapping[tuple[Hex, Hex], int]
    rivers: Mapping[str, frozenset]
    borders: Mapping[str, frozenset]
    region_of: Mapping[Hex, str]
    ferries: tuple[Ferry, ...]
    areas: Mapping[str, frozenset] = field(default_factory=dict)

    def neighbours(self, h: Hex) -> list[Hex]:
        return [n for n in hex_neighbours(h) if n in self.mileposts]


MAJORS = {"Alpha": (2, 2), "Beta": (9, 2), "Gamma": (4, 6)}
SMALL = {"Smallville": (6, 3), "Port": (11, 6), "Islet": (15, 1)}
MEDIUM = {"Midton": (7, 6), "Westby": (0, 6)}
GOODS = {"Alpha": ("Coal",), "Beta": ("Wine",), "Gamma": ("Fish",), "Smallville": ("Oil",),
         "Midton": ("Wood", "Coal"), "Westby": ("Salt",), "Islet": ("Tea",), "Port": ()}
MOUNTAINS = {(7, 1), (7, 2), (8, 0), (5, 1)}
ALPINE = {(10, 5)}
MARSH = {(2, 5)}
FERRY_A, FERRY_B = (11, 1), (14, 1)


def build_board() -> TinyBoard:
    land = {(q, r) for q in range(12) for r in range(8)} | {(q, r) for q in range(14, 17) for r in range(3)}
    terrain: dict[Hex, str] = {h: "clear" for h in land}
    for h in MOUNTAINS:
        terrain[h] = "mountain"
    for h in ALPINE:
        terrain[h] = "alpine"
    for h in MARSH:
        terrain[h] = "marsh"
    cities: dict[str, City] = {}
    city_at: dict[Hex, str] = {}
    red: set[tuple[Hex, Hex]] = set()
    for name, c in MAJORS.items():
        posts = (c,) + tuple(hex_neighbours(c))
        for h in posts:
            terrain[h] = "major_city"
            city_at[h] = name
        for a in posts:
            for b in posts:
                if a < b and b in hex_neighbours(a):
                    red.add(pair_key(a, b))
        cities[name] = City(name, "major", c, posts, GOODS[name], "Republic" if c[0] >= 8 else "Home")
    for size, group in (("small", SMALL), ("medium", MEDIUM)):
        for name, c in group.items():
            terrain[c] = f"{size}_city"
            city_at[c] = name
            cities[name] = City(name, size, c, (c,), GOODS[name], "Republic" if c[0] >= 8 else "Home")
    terrain[FERRY_A] = terrain[FERRY_B] = "ferry_port"
    river = frozenset(pair_key((4, r), (5, r)) for r in range(4)) | frozenset(
        pair_key((4, r + 1), (5, r)) for r in range(3))
    water: dict[tuple[Hex, Hex], int] = {p: 2 for p in river}
    water[pair_key((9, 6), (9, 7))] = 3  # a lake inlet
    region = {h: ("Republic" if h[0] >= 8 else "Home") for h in land}
    border = frozenset(pair_key(a, b) for a in land for b in hex_neighbours(a)
                       if b in land and region[a] != region[b])
    areas = {"North": frozenset(h for h in land if h[1] == 0),
             "East": frozenset(h for h in land if h[0] >= 9)}
    return TinyBoard(MappingProxyType(terrain), MappingProxyType(cities), MappingProxyType(city_at),
                     frozenset(red), MappingProxyType(water), MappingProxyType({"Blue": river}),
                     MappingProxyType({"Republic": border}), MappingProxyType(region),
                     (Ferry("Tiny Ferry", FERRY_A, FERRY_B, 8),), MappingProxyType(areas))


LOAD_TYPES = [LoadType("Coal", 4, ("Alpha", "Midton")), LoadType("Wine", 3, ("Beta",)),
              LoadType("Fish", 3, ("Gamma",)), LoadType("Oil", 3, ("Smallville",)),
              LoadType("Wood", 3, ("Midton",)), LoadType("Salt", 3, ("Westby",)),
              LoadType("Tea", 3, ("Islet",)), LoadType(CIRCUS, 2, ())]

CITY_NAMES = list(MAJORS) + list(SMALL) + list(MEDIUM)


def demand_cards(count: int = 30) -> list[DemandCard]:
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
            picks.append(Demand(city, load, 8 + (k * 7 + n * 5) % 25))
        cards.append(DemandCard(n, tuple(picks)))
    return cards


def spec(title: str, kind: str, **params: Any) -> EventSpec:
    return EventSpec(title, kind, "", MappingProxyType(params))


def event_cards() -> list[EventCard]:
    return [
        EventCard(101, spec("Rail Tax", "rail_tax", brackets=(
            MappingProxyType({"from": 0, "tax": 0}), MappingProxyType({"from": 51, "tax": 10}),
            MappingProxyType({"from": 101, "tax": 15})))),
        EventCard(102, spec("Supply Depot Scandal", "supply_scandal", radius=7)),
        EventCard(103, spec("Flood", "flood", rivers=("Blue",))),
        EventCard(104, spec("Derailment", "derailment", cities=("Alpha", "Midton"), radius=3)),
        EventCard(105, spec("Heavy Snow", "weather", areas=("North",))),
        EventCard(106, None, spec("Lockdown", "lockdown", regions=("Republic",)),
                  spec("Strike", "closed_borders")),
        EventCard(107, None, spec("Coal for Beta", "special_demand", city="Beta", loads=("Coal", "Coal"), reward=40),
                  spec("Fish for Alpha", "special_demand", city="Alpha", loads=("Fish",), reward=25)),
    ]


TINY_RULES = load_rules(RULES).with_values(win_majors=2, win_cash=150, tie_cash=180, block_check_room=12,
                                           home_region="Home", circus_homes=("Alpha", "Beta"))
BOARD = build_board()


class TinyGame(CrayonState):
    game_id = "tiny_crayon"
    title = "Tiny Crayon"

    @classmethod
    def load_content(cls) -> Content:
        return Content.build(BOARD, TINY_RULES, LOAD_TYPES, demand_cards(), event_cards())


class TinyRussian(RussianRulesMixin, TinyGame):
    """The tiny board with Russian Rails' own rules (Communism, the history variant)."""

    game_id = "tiny_russian"
    option_specs = RussianRailsState.option_specs

    @classmethod
    def load_content(cls) -> Content:
        cards = event_cards() + [EventCard(108, spec("Communism Falls", "communism_falls"))]
        return Content.build(BOARD, TINY_RULES, LOAD_TYPES, demand_cards(), cards)
