"""The immutable crayon-rails board, read from a Tiled hexagonal map.

Map conventions (tools/russian_rails_map/build_map.py writes them):
- tile layer ``terrain``: every non-empty cell is a milepost; its tile's
  ``terrain`` property is one of :data:`TERRAINS`.
- tile layer ``regions`` (optional): tile property ``region`` ("Russia",
  "Ukraine", ...); mileposts without one belong to :data:`HOME_REGION`.
- object layer ``cities``: point objects with properties ``city_name``,
  ``city_size`` (major/medium/small), ``goods`` (comma list), ``region``.
- object layers ``rivers`` (polyline name = river), ``inlets`` (lake or ocean
  inlet crossings, +3), ``borders`` (property ``republic``): every milepost
  segment a polyline crosses gets the feature.
- object layer ``ferries``: a polyline from port to port, properties
  ``ferry_name`` and ``cost``.
- object layers ``water`` (sea/lake polygons, drawn by the UI, used for
  ``coast``), ``areas`` (named polygons for weather events) and
  ``territory`` (the playable land's outline, for drawing).

Lunar Rails adds (tools/lunar_rails_map/build_map.py writes them; all optional):
- terrain ``wrap``: a wrap-letter circle beside a disc's rim.
- object layer ``rims``: polylines named for a crater or rille, property
  ``feature`` (rim/rille); every segment between two non-wrap mileposts they
  cross costs the map property ``rim_surcharge`` more (merged into ``water``).
- object layer ``wraps``: a point on each wrap milepost, name like "-E'",
  properties ``letter``, ``sign`` (+/-), ``prime`` (bool), ``spike`` (""/G/Y);
  the two objects of one name, on different sides, are partners.
- object layer ``poles``: a two-point polyline named for the pole city, from
  its centre milepost on one disc to the same point on the other disc; a
  Major's six surrounding mileposts on the second disc belong to it too.
- object layer ``sites``: landing and impact sites (``label``, ``mission``).
- object layer ``names``: where a mare or range is named (property ``kind``).
Wrap partners and pole twins are ``teleports``: `neighbours` includes them,
so every search walks through them.

Everything here is built once and shared by every game state.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Iterable, Mapping, Sequence

from game.core.derived_cache import derived
from game.core.errors import MapError
from game.core.geometry import point_in_polygon
from game.core.hexgrid import DIRECTIONS, SQRT3, Hex, Layout, neighbours as hex_neighbours, offset_to_axial, pair_key
from game.core.tmxmap import MapObject, TmxMap, load_tmx

Point = tuple[float, float]
Pair = tuple[Hex, Hex]

TERRAINS = ("clear", "mountain", "alpine", "marsh", "small_city", "medium_city", "major_city", "ferry_port", "wrap")
CITY_SIZES = ("major", "medium", "small")
RIVER_SURCHARGE = 2
INLET_SURCHARGE = 3
HOME_REGION = "Russia"
WRAP = "wrap"
WRAP_SIGNS = ("+", "-")
WRAP_SPIKES = ("", "G", "Y")
RIM_FEATURES = ("rim", "rille")
CROSSINGS_VERSION = 2  # bump when the crossing geometry changes: cached results are recomputed
AREAS_VERSION = 1  # likewise for the mileposts inside the areas layer's polygons


@dataclass(frozen=True)
class City:
    name: str
    size: str  # "major" | "medium" | "small"
    center: Hex
    mileposts: tuple[Hex, ...]  # a major city: centre + its six neighbours
    goods: tuple[str, ...]
    region: str


@dataclass(frozen=True)
class Ferry:
    name: str
    a: Hex
    b: Hex
    cost: int = 8

    def other(self, port: Hex) -> Hex:
        return self.b if port == self.a else self.a


@dataclass(frozen=True)
class Wrap:
    """A wrap letter: free to build to and move to, it continues at its
    partner (the same name on the other side, always east-west)."""

    name: str  # sign + letter + prime, e.g. "-E'"
    letter: str
    sign: str  # "+" or "-"
    prime: bool
    spike: str  # "" or the Golden Spike route it marks: "G" (east-west), "Y" (north-south)
    side: str  # region of its milepost ("Near Side" / "Far Side")
    partner: Hex

    @property
    def colour_class(self) -> tuple[str, bool]:
        """What the circle's colour encodes: the sign and the prime."""
        return (self.sign, self.prime)


@dataclass(frozen=True)
class Pole:
    """A pole city's centre milepost on both discs: one point for the rules."""

    city: str
    first: Hex  # the city object's milepost
    second: Hex  # the same point on the other disc


@dataclass(frozen=True)
class Site:
    """A historic landing or impact site (display only)."""

    label: str
    mission: str
    point: Point  # Tiled pixels
    milepost: Hex  # the cell under it


@dataclass(frozen=True)
class CrayonBoard:
    mileposts: Mapping[Hex, str]
    cities: Mapping[str, City]
    city_at: Mapping[Hex, str]
    red_area: frozenset[Pair]
    water: Mapping[Pair, int]
    rivers: Mapping[str, frozenset[Pair]]
    borders: Mapping[str, frozenset[Pair]]
    region_of: Mapping[Hex, str]
    ferries: tuple[Ferry, ...]
    areas: Mapping[str, frozenset[Hex]]
    coast: Mapping[Hex, str] = field(default_factory=dict)  # milepost -> sea/lake it touches
    inlets: Mapping[str, frozenset[Pair]] = field(default_factory=dict)  # water body -> +3 segments
    # Drawing data in Tiled pixels (same space as layout()): polygons and polylines.
    water_shapes: Mapping[str, tuple[tuple[Point, ...], ...]] = field(default_factory=dict)
    water_kinds: Mapping[str, str] = field(default_factory=dict)  # name -> "sea" | "lake"
    river_lines: Mapping[str, tuple[tuple[Point, ...], ...]] = field(default_factory=dict)
    border_lines: Mapping[str, tuple[tuple[Point, ...], ...]] = field(default_factory=dict)
    territory_shape: tuple[tuple[Point, ...], ...] = ()  # the playable land's outline (beyond: foreign land)
    tile_size: tuple[int, int, float] = (26, 30, 15.0)  # tile width, tile height, side length
    grid_size: tuple[int, int] = (0, 0)  # columns, rows
    path: str = ""
    # Lunar Rails (empty on other maps).
    wraps: Mapping[Hex, Wrap] = field(default_factory=dict)
    poles: Mapping[str, Pole] = field(default_factory=dict)  # pole city -> its two mileposts
    teleports: Mapping[Hex, Hex] = field(default_factory=dict)  # wrap partners and pole twins, both ways
    rims: Mapping[str, frozenset[Pair]] = field(default_factory=dict)  # crater/rille -> segments it crosses
    rim_features: Mapping[str, str] = field(default_factory=dict)  # crater/rille -> "rim" | "rille"
    rim_lines: Mapping[str, tuple[tuple[Point, ...], ...]] = field(default_factory=dict)
    rim_surcharge: int = 0
    sites: Mapping[str, Site] = field(default_factory=dict)  # label -> site
    area_shapes: Mapping[str, tuple[tuple[Point, ...], ...]] = field(default_factory=dict)  # for shading
    place_names: tuple[tuple[str, str, Point], ...] = ()  # (name, kind, where) of maria and ranges, for drawing

    # -- adjacency ---------------------------------------------------------------

    def neighbours(self, h: Hex) -> list[Hex]:
        """Adjacent mileposts, i.e. every milepost a track segment from `h` may
        reach (mileposts exist only on land, so this never crosses open sea),
        plus the teleport partner of a wrap letter or pole milepost (the same
        place for the rules). Ferries are not included: see `ferries`."""
        out = [n for n in hex_neighbours(h) if n in self.mileposts]
        far = self.teleports.get(h)
        if far is not None:
            out.append(far)
        return out

    def is_teleport(self, a: Hex, b: Hex) -> bool:
        """True when a-b is a wrap-letter pair or a pole's two mileposts."""
        return self.teleports.get(a) == b

    def land_neighbours(self, h: Hex) -> list[Hex]:
        """Adjacent mileposts not across a lake or ocean inlet."""
        return [n for n in self.neighbours(h) if self.water.get(pair_key(h, n), 0) != INLET_SURCHARGE]

    def ferry_at(self, h: Hex) -> Ferry | None:
        return next((f for f in self.ferries if h in (f.a, f.b)), None)

    def segments(self) -> list[Pair]:
        """Every milepost pair a track could join, once each."""
        return _segments(self.mileposts)

    def layout(self) -> Layout:
        """Pixel positions of mileposts as Tiled draws the map. Tiled rows are
        `(h - s) / 2 + s` apart; with the 26/30/15 tiles this equals the regular
        hex spacing to 0.1%, so one size fits both axes."""
        w, h, _ = self.tile_size
        return Layout(pointy=True, size=w / SQRT3, origin=(w / 2, h / 2))

    def pixel_size(self) -> tuple[float, float]:
        w, h, s = self.tile_size
        cols, rows = self.grid_size
        return (cols * w + w / 2, (rows - 1) * ((h - s) / 2 + s) + h)

    # -- loading -------------------------------------------------------------------

    @classmethod
    def load(cls, path: str) -> "CrayonBoard":
        return _Loader(load_tmx(path)).board()


class _Loader:
    def __init__(self, tmx: TmxMap) -> None:
        self.tmx = tmx
        self.path = tmx.path

    def fail(self, message: str) -> MapError:
        return MapError(f"{self.path}: {message}")

    def board(self) -> CrayonBoard:
        mileposts = self._mileposts()
        region_of = self._regions(mileposts)
        poles = self._poles(mileposts)
        cities, city_at = self._cities(mileposts, poles, region_of)
        rims, rivers, inlets, borders = self._all_crossings(mileposts)
        ferries = self._ferries(mileposts)
        shapes, kinds = self._water_shapes()
        areas = self._areas(mileposts, region_of)
        wraps = self._wraps(mileposts, region_of)
        teleports = {h: w.partner for h, w in wraps.items()}
        for pole in poles.values():
            teleports.update({pole.first: pole.second, pole.second: pole.first})
        surcharge = self._rim_surcharge() if rims else 0
        water = _surcharges(rivers, inlets)
        for pairs in rims.values():
            for pair in pairs:
                water[pair] = max(water.get(pair, 0), surcharge)
        return CrayonBoard(
            mileposts=MappingProxyType(mileposts), cities=MappingProxyType(cities),
            city_at=MappingProxyType(city_at), red_area=_red_area(cities.values()),
            water=MappingProxyType(water),
            rivers=_freeze(rivers), borders=_freeze(borders), region_of=MappingProxyType(region_of),
            ferries=ferries, areas=MappingProxyType(areas),
            coast=MappingProxyType(self._coast(mileposts, shapes)), inlets=_freeze(inlets),
            water_shapes=MappingProxyType(shapes), water_kinds=MappingProxyType(kinds),
            river_lines=self._lines("rivers", lambda o: o.name),
            border_lines=self._lines("borders", lambda o: str(o.properties.get("republic") or o.name)),
            territory_shape=tuple(tuple(o.points) for o in self.tmx.objects_in("territory") if len(o.points) >= 3),
            tile_size=(self.tmx.tile_width, self.tmx.tile_height, self.tmx.side_length),
            grid_size=(self.tmx.width, self.tmx.height), path=self.path,
            wraps=MappingProxyType(wraps), poles=MappingProxyType(poles), teleports=MappingProxyType(teleports),
            rims=_freeze({k: v for k, v in rims.items()}),
            rim_features=MappingProxyType({o.name: str(o.properties.get("feature"))
                                           for o in self.tmx.objects_in("rims")}),
            rim_lines=self._lines("rims", lambda o: o.name), rim_surcharge=surcharge,
            sites=MappingProxyType(self._sites()), area_shapes=self._lines("areas", lambda o: o.name),
            place_names=tuple((o.name, str(o.properties.get("kind") or ""), (o.x, o.y))
                              for o in self.tmx.objects_in("names")))

    # -- tiles ---------------------------------------------------------------------

    def _mileposts(self) -> dict[Hex, str]:
        if not self.tmx.pointy:
            raise self.fail("a crayon-rails map must use pointy-top hexes (staggeraxis y)")
        out = {}
        for h, props in self.tmx.layer("terrain").items():
            terrain = props.get("terrain")
            if terrain not in TERRAINS:
                raise self.fail(f"layer 'terrain', cell {h} uses a tile whose terrain is {terrain!r}; "
                                f"expected one of {', '.join(TERRAINS)}")
            out[h] = str(terrain)
        if not out:
            raise self.fail("layer 'terrain' has no mileposts")
        return out

    def _regions(self, mileposts: Mapping[Hex, str]) -> dict[Hex, str]:
        layer = self.tmx.layers.get("regions", {})
        return {h: str(layer[h].get("region") or HOME_REGION) if h in layer else HOME_REGION for h in mileposts}

    # -- objects -------------------------------------------------------------------

    def _objects(self, layer: str, required: bool) -> list[MapObject]:
        objs = self.tmx.objects_in(layer)
        if required and not objs:
            raise self.fail(f"the map has no object layer named {layer!r} (or it is empty)")
        return objs

    def _cities(self, mileposts: Mapping[Hex, str], poles: Mapping[str, Pole],
                region_of: dict[Hex, str]) -> tuple[dict[str, City], dict[Hex, str]]:
        """City objects; a city's region covers its mileposts. A pole city also
        owns the same mileposts round its twin centre on the other disc (they
        keep their own region)."""
        cities: dict[str, City] = {}
        city_at: dict[Hex, str] = {}
        for obj in self._objects("cities", required=True):
            label = f"layer 'cities', object {obj.name or '(unnamed)'!r} at ({obj.x:.0f}, {obj.y:.0f})"
            name = obj.properties.get("city_name")
            if not name:
                raise self.fail(f"{label} has no city_name property")
            size = obj.properties.get("city_size")
            if size not in CITY_SIZES:
                raise self.fail(f"{label} ({name}) has city_size {size!r}; expected major, medium or small")
            center = self.tmx.pixel_to_cell(obj.x, obj.y)
            cells = (center,) + (tuple(hex_neighbours(center)) if size == "major" else ())
            region = str(obj.properties.get("region") or HOME_REGION)
            region_of.update({h: region for h in cells if h in mileposts})
            pole = poles.get(str(name))
            if pole is not None:
                if pole.first != center:
                    raise self.fail(f"layer 'poles', object {name!r} must start at the city's milepost {center}")
                cells += (pole.second,) + (tuple(hex_neighbours(pole.second)) if size == "major" else ())
            want = f"{size}_city"
            for h in cells:
                if mileposts.get(h) != want:
                    raise self.fail(f"{label} ({name}): milepost {h} should be a {want} tile, "
                                    f"not {mileposts.get(h, 'empty')}")
                if h in city_at:
                    raise self.fail(f"{label} ({name}) overlaps {city_at[h]} at milepost {h}")
                city_at[h] = str(name)
            if name in cities:
                raise self.fail(f"{label}: a second city called {name}")
            goods = tuple(g.strip() for g in str(obj.properties.get("goods") or "").split(",") if g.strip())
            cities[str(name)] = City(str(name), str(size), center, cells, goods, region)
        for name in poles:
            if name not in cities:
                raise self.fail(f"layer 'poles', object {name!r} names no city")
        for h, t in mileposts.items():
            if t.endswith("_city") and h not in city_at:
                raise self.fail(f"layer 'terrain', cell {h} is a {t} tile but no city object stands there")
        return cities, city_at

    def _all_crossings(self, mileposts: Mapping[Hex, str]) -> tuple[dict[str, set[Pair]], ...]:
        """Sections crossing each rim, river, inlet and border: the slowest part
        of loading a map, so kept in the derived-data cache per map file (a
        file that once loaded is valid, so nothing is left unchecked)."""
        def compute() -> list[dict[str, list[list[int]]]]:
            index = _SegmentIndex(self.tmx, _segments(mileposts))
            rims = self._rims(index, mileposts)
            found = [rims, self._crossings("rivers", index, lambda o: o.name, required=not rims),
                     self._crossings("inlets", index, lambda o: o.name, required=False),
                     self._crossings("borders", index, lambda o: str(o.properties.get("republic") or o.name),
                                     required=False)]
            return [{name: sorted([*a, *b] for a, b in pairs) for name, pairs in d.items()} for d in found]

        def decode(stored: Any) -> tuple[dict[str, set[Pair]], ...]:
            if len(stored) != 4:
                raise ValueError("a cache entry of another shape")
            return tuple({str(name): {pair_key((q1, r1), (q2, r2)) for q1, r1, q2, r2 in pairs}
                          for name, pairs in d.items()} for d in stored)

        try:
            return decode(derived(self.path, "crossings", CROSSINGS_VERSION, compute))
        except (AttributeError, TypeError, ValueError):  # a damaged cache entry
            return decode(compute())

    def _poles(self, mileposts: Mapping[Hex, str]) -> dict[str, Pole]:
        out: dict[str, Pole] = {}
        for obj in self.tmx.objects_in("poles"):
            label = f"layer 'poles', object {obj.name or '(unnamed)'!r}"
            if len(obj.points) != 2 or obj.closed:
                raise self.fail(f"{label} must be a polyline of two points (one pole milepost on each disc)")
            a, b = (self.tmx.pixel_to_cell(*p) for p in obj.points)
            for h in (a, b):
                if h not in mileposts:
                    raise self.fail(f"{label} ends at {h}, which is not a milepost")
            if a == b or obj.name in out:
                raise self.fail(f"{label} must join two different mileposts, once")
            out[obj.name] = Pole(obj.name, a, b)
        return out

    def _rims(self, index: "_SegmentIndex", mileposts: Mapping[Hex, str]) -> dict[str, set[Pair]]:
        for obj in self.tmx.objects_in("rims"):
            if obj.properties.get("feature") not in RIM_FEATURES:
                raise self.fail(f"layer 'rims', object {obj.name!r} has feature "
                                f"{obj.properties.get('feature')!r}; expected rim or rille")
        rims = self._crossings("rims", index, lambda o: o.name, required=False)
        return {k: {p for p in v if mileposts[p[0]] != WRAP and mileposts[p[1]] != WRAP} for k, v in rims.items()}

    def _rim_surcharge(self) -> int:
        value = self.tmx.properties.get("rim_surcharge")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.fail(f"the map property rim_surcharge is {value!r}; the 'rims' layer needs a whole number")
        return value

    def _wraps(self, mileposts: Mapping[Hex, str], region_of: Mapping[Hex, str]) -> dict[Hex, Wrap]:
        by_name: dict[str, list[tuple[Hex, MapObject]]] = {}
        for obj in self.tmx.objects_in("wraps"):
            h = self.tmx.pixel_to_cell(obj.x, obj.y)
            label = f"layer 'wraps', object {obj.name or '(unnamed)'!r} at {h}"
            if mileposts.get(h) != WRAP:
                raise self.fail(f"{label} stands on {mileposts.get(h, 'no milepost')}, not a wrap tile")
            p = obj.properties
            letter, sign, prime, spike = p.get("letter"), p.get("sign"), p.get("prime"), p.get("spike") or ""
            if not (isinstance(letter, str) and len(letter) == 1 and letter.isupper()):
                raise self.fail(f"{label} has letter {letter!r}; expected one capital letter")
            if sign not in WRAP_SIGNS or not isinstance(prime, bool) or spike not in WRAP_SPIKES:
                raise self.fail(f"{label} needs sign +/-, prime true/false and spike ''/G/Y, "
                                f"not {sign!r}, {prime!r}, {spike!r}")
            if obj.name != f"{sign}{letter}{chr(39) if prime else ''}":
                raise self.fail(f"{label}: the name must be sign, letter and prime ({sign}{letter}"
                                f"{chr(39) if prime else ''})")
            by_name.setdefault(obj.name, []).append((h, obj))
        out: dict[Hex, Wrap] = {}
        for name, ends in sorted(by_name.items()):
            sides = {region_of[h] for h, _ in ends}
            if len(ends) != 2 or len(sides) != 2:
                raise self.fail(f"layer 'wraps': letter {name!r} must appear once on each side, "
                                f"not at {[h for h, _ in ends]}")
            for (h, obj), (other, _) in (ends, ends[::-1]):
                p = obj.properties
                out[h] = Wrap(name, p["letter"], p["sign"], p["prime"], p.get("spike") or "", region_of[h], other)
        for h, t in mileposts.items():
            if t == WRAP and h not in out:
                raise self.fail(f"layer 'terrain', cell {h} is a wrap tile but no wrap letter stands there")
        return out

    def _sites(self) -> dict[str, Site]:
        out = {}
        for obj in self.tmx.objects_in("sites"):
            label = str(obj.properties.get("label") or obj.name)
            if not label or label in out:
                raise self.fail(f"layer 'sites', object at ({obj.x:.0f}, {obj.y:.0f}) needs a label of its own")
            out[label] = Site(label, str(obj.properties.get("mission", "")), (obj.x, obj.y),
                              self.tmx.pixel_to_cell(obj.x, obj.y))
        return out

    def _crossings(self, layer: str, index: "_SegmentIndex", key: Any, required: bool) -> dict[str, set[Pair]]:
        out: dict[str, set[Pair]] = {}
        for obj in self._objects(layer, required):
            if len(obj.points) < 2:
                raise self.fail(f"layer {layer!r}, object {obj.name!r} must be a polyline")
            name = key(obj)
            if not name:
                raise self.fail(f"layer {layer!r} has an object with no name at ({obj.x:.0f}, {obj.y:.0f})")
            pts = list(obj.points) + ([obj.points[0]] if obj.closed else [])
            out.setdefault(name, set()).update(index.crossed(pts))
        return out

    def _lines(self, layer: str, key: Any) -> Mapping[str, tuple[tuple[Point, ...], ...]]:
        out: dict[str, list[tuple[Point, ...]]] = {}
        for obj in self.tmx.objects_in(layer):
            out.setdefault(key(obj), []).append(tuple(obj.points))
        return MappingProxyType({k: tuple(v) for k, v in out.items()})

    def _ferries(self, mileposts: Mapping[Hex, str]) -> tuple[Ferry, ...]:
        out = []
        for obj in self.tmx.objects_in("ferries"):
            label = f"layer 'ferries', object {obj.name!r}"
            if len(obj.points) < 2:
                raise self.fail(f"{label} must be a polyline from port to port")
            a = self.tmx.pixel_to_cell(*obj.points[0])
            b = self.tmx.pixel_to_cell(*obj.points[-1])
            for h in (a, b):
                if mileposts.get(h) != "ferry_port":
                    raise self.fail(f"{label} ends at milepost {h}, which is not a ferry_port tile")
            try:
                cost = int(obj.properties.get("cost", 8))
            except (TypeError, ValueError) as exc:
                raise self.fail(f"{label} has a cost that is not a number") from exc
            if not 0 <= cost <= 99:
                raise self.fail(f"{label} costs {cost}; a ferry costs 0 to 99")
            out.append(Ferry(str(obj.properties.get("ferry_name") or obj.name), a, b, cost))
        return tuple(out)

    def _water_shapes(self) -> tuple[dict[str, tuple[tuple[Point, ...], ...]], dict[str, str]]:
        shapes: dict[str, list[tuple[Point, ...]]] = {}
        kinds: dict[str, str] = {}
        for obj in self.tmx.objects_in("water"):
            if len(obj.points) < 3:
                raise self.fail(f"layer 'water', object {obj.name!r} must be a polygon")
            shapes.setdefault(obj.name, []).append(tuple(obj.points))
            kinds[obj.name] = obj.type or "sea"
        return {k: tuple(v) for k, v in shapes.items()}, kinds

    def _areas(self, mileposts: Mapping[Hex, str], region_of: Mapping[Hex, str]) -> dict[str, frozenset[Hex]]:
        """Mileposts inside each polygon of the `areas` layer (kept on disk
        by the map's hash, as the crossings are), plus each foreign region."""

        def compute() -> dict[str, list[list[int]]]:
            centers = {h: self.tmx.cell_center(h) for h in mileposts}
            found: dict[str, set[Hex]] = {}
            for obj in self.tmx.objects_in("areas"):
                if len(obj.points) < 3:
                    raise self.fail(f"layer 'areas', object {obj.name!r} must be a polygon")
                box = _bbox(obj.points)
                hits = {h for h, p in centers.items() if _in_box(p, box) and point_in_polygon(p, obj.points)}
                found.setdefault(obj.name, set()).update(hits)
            return {name: sorted([q, r] for q, r in hits) for name, hits in found.items()}

        def decode(stored: Any) -> dict[str, set[Hex]]:
            return {str(name): {(int(q), int(r)) for q, r in hexes} for name, hexes in stored.items()}

        try:
            out = decode(derived(self.path, "areas", AREAS_VERSION, compute))
        except (AttributeError, TypeError, ValueError):  # a damaged cache entry
            out = decode(compute())
        for h, region in region_of.items():
            if region != HOME_REGION:
                out.setdefault(region, set()).add(h)
        return {k: frozenset(v) for k, v in out.items()}

    def _coast(self, mileposts: Mapping[Hex, str],
               shapes: Mapping[str, tuple[tuple[Point, ...], ...]]) -> dict[Hex, str]:
        boxes = [(name, ring, _bbox(ring)) for name, rings in shapes.items() for ring in rings]
        out = {}
        for h in mileposts:
            for n in hex_neighbours(h):
                if n in mileposts:
                    continue
                p = self.tmx.cell_center(n)
                hit = next((name for name, ring, box in boxes if _in_box(p, box) and point_in_polygon(p, ring)),
                           None)
                if hit:
                    out[h] = hit
                    break
        return out


class _SegmentIndex:
    """Milepost segments bucketed by the cell of their first end, so a polyline
    piece only tests the segments near it."""

    def __init__(self, tmx: TmxMap, segments: Sequence[Pair]) -> None:
        self.tmx = tmx
        self.center = {h: tmx.cell_center(h) for pair in segments for h in pair}
        self.by_cell: dict[Hex, list[Pair]] = {}
        for a, b in segments:
            self.by_cell.setdefault(a, []).append((a, b))
        self.reach = max(tmx.tile_width, tmx.tile_height) * 1.5

    def crossed(self, pts: Sequence[Point]) -> set[Pair]:
        out: set[Pair] = set()
        for p, q in zip(pts, pts[1:]):
            x0, x1, y0, y1 = min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1])
            for pair in self._near(p, q):
                a, b = self.center[pair[0]], self.center[pair[1]]
                if max(a[0], b[0]) < x0 or min(a[0], b[0]) > x1 or max(a[1], b[1]) < y0 or min(a[1], b[1]) > y1:
                    continue  # boxes apart: cannot cross
                if _segments_cross(p, q, a, b):
                    out.add(pair)
        return out

    def _near(self, p: Point, q: Point) -> Iterable[Pair]:
        x0, x1 = min(p[0], q[0]) - self.reach, max(p[0], q[0]) + self.reach
        y0, y1 = min(p[1], q[1]) - self.reach, max(p[1], q[1]) + self.reach
        w, h, s = self.tmx.tile_width, self.tmx.tile_height, self.tmx.side_length
        row_h = (h - s) / 2 + s
        axis, index = self.tmx.stagger_axis, self.tmx.stagger_index
        for row in range(int(math.floor(y0 / row_h)) - 2, int(math.ceil(y1 / row_h)) + 2):
            for col in range(int(math.floor(x0 / w)) - 2, int(math.ceil(x1 / w)) + 2):
                yield from self.by_cell.get(offset_to_axial(col, row, axis, index), ())


def _red_area(cities: Iterable[City]) -> frozenset[Pair]:
    """Every segment between two mileposts of one Major City."""
    out: set[Pair] = set()
    for city in cities:
        if city.size == "major":
            ms = set(city.mileposts)
            out.update(pair_key(a, b) for a in ms for b in hex_neighbours(a) if b in ms)
    return frozenset(out)


def _surcharges(rivers: Mapping[str, set[Pair]], inlets: Mapping[str, set[Pair]]) -> dict[Pair, int]:
    """River +2, lake or inlet +3; a segment crossing both pays the larger."""
    water: dict[Pair, int] = {}
    for pairs, cost in [(p, RIVER_SURCHARGE) for p in rivers.values()] + [(p, INLET_SURCHARGE) for p in inlets.values()]:
        for pair in pairs:
            water[pair] = max(water.get(pair, 0), cost)
    return water


def _segments(mileposts: Mapping[Hex, str]) -> list[Pair]:
    out = []
    for h in sorted(mileposts):
        for d in range(3):
            n = (h[0] + DIRECTIONS[d][0], h[1] + DIRECTIONS[d][1])
            if n in mileposts:
                out.append(pair_key(h, n))
    return out


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _segments_cross(p: Point, q: Point, a: Point, b: Point) -> bool:
    """Proper crossing of segments p-q and a-b (touching ends do not count)."""
    d1, d2 = _orient(p, q, a), _orient(p, q, b)
    d3, d4 = _orient(a, b, p), _orient(a, b, q)
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 != 0 and d2 != 0 and d3 != 0 and d4 != 0


def _bbox(pts: Sequence[Point]) -> tuple[float, float, float, float]:
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def _in_box(p: Point, box: tuple[float, float, float, float]) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


def _freeze(d: Mapping[str, set[Pair]]) -> Mapping[str, frozenset[Pair]]:
    return MappingProxyType({k: frozenset(v) for k, v in sorted(d.items())})
