"""Build the Lunar Rails board from geography.yaml.

Projects each hemisphere orthographically onto its own disc of a pointy-top
hex grid (near side left, far side right, seen from behind) and writes,
deterministically:
  - <out>/lunar_rails.tmx: tile layers `terrain` (clear / mountain / alpine /
    *_city / wrap) and `regions` ("Near Side" / "Far Side"), object layers
    `cities`, `rims` (crater rims and valley rilles, property `feature`),
    `wraps` (the wrap letters), `poles` (Scott and Peary: near pole -> far
    pole), `sites` (landing and impact sites), `names` (where the maria and
    ranges are named on the drawing), `areas` (each side, and the North /
    South / East / West halves of the Moon) and `territory` (the discs);
  - <out>/lunar_rails_tiles.tsx + .png: the tileset;
  - <out>/loads.yaml: load chips and their supply cities.

Usage: python3 -m tools.lunar_rails_map.build_map [geography.yaml] [out_dir]
"""
from __future__ import annotations

import math
import os
import sys
from dataclasses import dataclass, field
from typing import Any

import yaml

from game.core.hexgrid import Hex, neighbours, offset_to_axial
from tools.lunar_rails_map.selenography import FAR, NEAR, Disc, Zone, side_of, small_circle, zone
from tools.lunar_rails_map.tiles import REGIONS, TERRAINS, write_tileset
from tools.russian_rails_map.grid import Grid, Point
from tools.russian_rails_map.tmx_writer import TmxWriter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_GEOGRAPHY = os.path.join(HERE, "geography.yaml")
DEFAULT_OUT = os.path.join(ROOT, "maps", "lunar_rails")
MAP_NAME = "lunar_rails.tmx"
MIN_CITY_NEIGHBOURS = 3  # a small city admits 2 players, a medium one 3
NAMED_WITHIN = 0.9  # share of a disc's radius inside which maria are named (by the limb names hit the wrap letters)
POLE_ROWS = {"north": -1, "south": 1}  # screen direction of each pole from a disc's centre
# Each seam's limb on each disc: +1 right, -1 left. The 90E seam is the near
# side's east limb and the far side's west limb (the far disc is seen from behind).
SEAM_LIMB = {(True, NEAR): 1, (True, FAR): -1, (False, NEAR): -1, (False, FAR): 1}


@dataclass(frozen=True)
class WrapSpec:
    name: str
    letter: str
    sign: str
    prime: bool
    spike: str


@dataclass
class Built:
    grid: Grid
    discs: dict[str, Disc]
    terrain: dict[Hex, str] = field(default_factory=dict)
    region: dict[Hex, str] = field(default_factory=dict)
    city_cells: dict[str, Hex] = field(default_factory=dict)
    poles: dict[str, tuple[Hex, Hex]] = field(default_factory=dict)  # north/south -> (near, far)
    wraps: dict[Hex, WrapSpec] = field(default_factory=dict)


def load_geography(path: str) -> dict[str, Any]:
    with open(path, "r", encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def make_grid(geo: dict[str, Any]) -> tuple[Grid, dict[str, Disc]]:
    g = geo["grid"]
    radius, gap, m = float(g["disc_radius"]), int(g["disc_gap"]), int(g["margin"])
    tw, th, side = int(g["tile_width"]), int(g["tile_height"]), int(g["side_length"])
    reach = math.ceil(radius) + 2  # cells from a disc's centre to beyond its wrap letters
    row_h = (th - side) / 2 + side
    c1 = m + reach
    c2 = c1 + math.ceil(2 * radius) + gap
    r0 = m + math.ceil(reach * tw / row_h)
    r0 += r0 & 1
    grid = Grid(tw, th, side, c2 + reach + m + 1, 2 * r0 + 1, (0.0, 0.0, 1.0), m)
    discs = {s: Disc(s, grid.center(offset_to_axial(c, r0, "y", "odd")), radius * tw)
             for s, c in ((NEAR, c1), (FAR, c2))}
    return grid, discs


def build(geo: dict[str, Any]) -> Built:
    grid, discs = make_grid(geo)
    moon = float(geo["grid"]["moon_radius_km"])
    maria = [zone(n, s, moon) for n, s in geo["maria"].items()] + _floors(geo, moon)
    alpine = [zone(n, s, moon) for n, s in geo["alpine"].items()]
    out = Built(grid, discs)
    for h in grid.cells():
        p = grid.center(h)
        for side, disc in discs.items():
            ll = disc.unproject(p)
            if ll is not None:
                out.terrain[h] = _terrain(ll, maria, alpine)
                out.region[h] = side
    _place_poles(out)
    _place_cities(geo, out)
    _check_city_access(geo, out)
    _place_wraps(geo, out)
    return out


def _floors(geo: dict[str, Any], moon: float) -> list[Zone]:
    share = float(geo["grid"]["floor_share"])
    return [Zone(name, (float(lat), float(lon)), float(d) / 2 * share / moon)
            for name, (lat, lon, d, floor) in geo["craters"].items() if floor in ("mare", "plain")]


def _terrain(ll: tuple[float, float], maria: list[Zone], alpine: list[Zone]) -> str:
    if any(z.contains(ll) for z in maria):
        return "clear"
    if any(z.contains(ll) for z in alpine):
        return "alpine"
    return "mountain"


def _place_poles(out: Built) -> None:
    """The pole mileposts: straight above/below each disc's centre, on the limb."""
    g = out.grid
    for pole, sign in POLE_ROWS.items():
        ends = []
        for side in (NEAR, FAR):
            disc = out.discs[side]
            cell = g.nearest((disc.center[0], disc.center[1] + sign * disc.radius))
            if abs(g.center(cell)[0] - disc.center[0]) > 1e-6:
                raise ValueError(f"the {pole} pole milepost of the {side} is off the central meridian")
            ends.append(cell)
        out.poles[pole] = (ends[0], ends[1])


def _city_spot(out: Built, c: dict[str, Any]) -> list[Hex]:
    """The centre milepost(s) of a city: its nearest land milepost, or both pole mileposts."""
    if "pole" in c:
        return list(out.poles[c["pole"]])
    lat, lon = c["at"]
    p = out.discs[side_of(lon)].project(lat, lon)
    cell = out.grid.nearest(p)
    if cell not in out.terrain:
        land = [h for h in [cell] + neighbours(cell) if h in out.terrain]
        cell = min(land, key=lambda h: (math.dist(out.grid.center(h), p), h)) if land else cell
    return [cell]


def _place_cities(geo: dict[str, Any], out: Built) -> None:
    taken: dict[Hex, str] = {}
    for name, c in geo["cities"].items():
        spots = _city_spot(out, c)
        for spot in spots:
            side = out.region.get(spot) or out.region[next(n for n in neighbours(spot) if n in out.region)]
            for h in [spot] + (neighbours(spot) if c["size"] == "major" else []):
                if h in taken:
                    raise ValueError(f"{name} overlaps {taken[h]} at cell {h}; move one of them")
                if not out.grid.inside(h):
                    raise ValueError(f"{name} falls outside the grid at cell {h}")
                taken[h] = name
                out.terrain[h] = f"{c['size']}_city"
                out.region[h] = side
        out.city_cells[name] = spots[0]


def _check_city_access(geo: dict[str, Any], out: Built) -> None:
    for name, cell in out.city_cells.items():
        if geo["cities"][name]["size"] == "major":
            continue
        count = sum(1 for n in neighbours(cell) if n in out.terrain)
        if count < MIN_CITY_NEIGHBOURS:
            raise ValueError(f"{name} has only {count} neighbouring mileposts; move it")


def _place_wraps(geo: dict[str, Any], out: Built) -> None:
    """One wrap letter per seam, latitude and disc, just beyond the limb; the
    far disc's letter is the mirror image of the near disc's (same latitude)."""
    w = geo["wraps"]
    offset = float(geo["grid"]["wrap_offset"]) * out.grid.tile_w
    near, far = out.discs[NEAR], out.discs[FAR]
    for prime in (True, False):
        for sign in ("+", "-"):
            for lat, letter in zip(w["latitudes"], w["letters"]):
                name = f"{sign}{letter}{chr(39) if prime else ''}"
                phi = math.radians(lat if sign == "+" else -lat)
                reach = near.radius + offset
                limb = SEAM_LIMB[(prime, NEAR)]
                target = (near.center[0] + limb * reach * math.cos(phi), near.center[1] - reach * math.sin(phi))
                cell, twin = _wrap_cells(out, target)
                spec = WrapSpec(name, letter, sign, prime, str(w.get("spikes", {}).get(name, "")))
                for h, side in ((cell, NEAR), (twin, FAR)):
                    out.terrain[h] = "wrap"
                    out.region[h] = side
                    out.wraps[h] = spec
    _check_wraps(out)


def _wrap_cells(out: Built, target: Point) -> tuple[Hex, Hex]:
    """The free cell beside the near disc's limb nearest `target`, and its
    mirror image beside the far disc's limb; neither may touch a city."""
    near, far = out.discs[NEAR], out.discs[FAR]
    guess = out.grid.nearest(target)
    cands = sorted({guess} | set(neighbours(guess)) | {m for n in neighbours(guess) for m in neighbours(n)},
                   key=lambda h: (math.dist(out.grid.center(h), target), h))
    for cell in cands:
        x, y = out.grid.center(cell)
        twin = out.grid.nearest((far.center[0] - (x - near.center[0]), y))
        if math.dist(out.grid.center(twin), (far.center[0] - (x - near.center[0]), y)) > 1e-6:
            raise ValueError("the two discs' lattices are not mirror images")
        if all(_free_beside_limb(out, h) for h in (cell, twin)):
            return cell, twin
    raise ValueError(f"no free cell beside the limb near {target}")


def _free_beside_limb(out: Built, h: Hex) -> bool:
    around = [out.terrain.get(n) for n in neighbours(h)]
    return (h not in out.terrain and any(t is not None for t in around)
            and not any(t is not None and t.endswith("_city") for t in around))


def _check_wraps(out: Built) -> None:
    for h, spec in out.wraps.items():
        for n in neighbours(h):
            t = out.terrain.get(n)
            if t == "wrap":
                raise ValueError(f"wrap letters {spec.name} and {out.wraps[n].name} touch; space them out")
            if t is not None and t.endswith("_city"):
                raise ValueError(f"wrap letter {spec.name} touches a city at {n}; move the letter or the city")


# -- objects ---------------------------------------------------------------------

def half_disc(center: Point, radius: float, toward: Point, offset: float, steps: int = 48) -> list[Point]:
    """The part of a circle on the `toward` side of a line through its centre,
    moved by `offset` pixels against `toward` (positive: a little more than half)."""
    a = math.asin(max(-1.0, min(1.0, offset / radius)))
    mid = math.atan2(toward[1], toward[0])
    lo, hi = mid - (math.pi / 2 + a), mid + (math.pi / 2 + a)
    return [(round(center[0] + radius * math.cos(lo + (hi - lo) * i / steps), 2),
             round(center[1] + radius * math.sin(lo + (hi - lo) * i / steps), 2)) for i in range(steps + 1)]


def area_polygons(out: Built) -> list[tuple[str, list[Point]]]:
    """Each side whole, and the Moon's four halves as one half-disc per side.
    The equator's mileposts count as north, the 0-degree meridian's as east
    and the 180-degree meridian's as west (ESTIMATED tie-breaks)."""
    reach = {s: d.radius + 2.5 * out.grid.tile_w for s, d in out.discs.items()}
    polys = [(side, out.discs[side].circle(reach[side])) for side in (NEAR, FAR)]
    halves = {"North": ((0, -1), 1.0, (0, -1), 1.0), "South": ((0, 1), -1.0, (0, 1), -1.0),
              "East": ((1, 0), 1.0, (-1, 0), -1.0), "West": ((-1, 0), -1.0, (1, 0), 1.0)}
    for name, (near_dir, near_off, far_dir, far_off) in halves.items():
        polys.append((name, half_disc(out.discs[NEAR].center, reach[NEAR], near_dir, near_off)))
        polys.append((name, half_disc(out.discs[FAR].center, reach[FAR], far_dir, far_off)))
    return polys


def write_all(geo: dict[str, Any], out_dir: str) -> Built:
    built = build(geo)
    grid = built.grid
    os.makedirs(out_dir, exist_ok=True)
    tsx = write_tileset(out_dir, grid.tile_w, grid.tile_h, grid.side)
    w = TmxWriter(grid.cols, grid.rows, grid.tile_w, grid.tile_h, grid.side, tsx, len(TERRAINS) + len(REGIONS))
    moon = float(geo["grid"]["moon_radius_km"])
    w.properties = {"title": geo.get("title", ""), "rim_surcharge": int(geo["rim_surcharge"]),
                    "spacing_km": round(moon / float(geo["grid"]["disc_radius"]), 2)}
    w.tile_layer("terrain", {h: TERRAINS.index(t) for h, t in built.terrain.items()})
    w.tile_layer("regions", {h: len(TERRAINS) + REGIONS.index(r) for h, r in built.region.items()}, visible=False)
    _write_objects(w, geo, built)
    with open(os.path.join(out_dir, MAP_NAME), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(w.render())
    write_loads(geo, os.path.join(out_dir, "loads.yaml"))
    return built


def _write_objects(w: TmxWriter, geo: dict[str, Any], built: Built) -> None:
    grid, discs = built.grid, built.discs
    moon = float(geo["grid"]["moon_radius_km"])
    g = w.group("cities")
    for name, c in geo["cities"].items():
        cell = built.city_cells[name]
        g.point(name, "city", grid.center(cell), {
            "city_name": name, "city_size": c["size"], "goods": ", ".join(c.get("goods", [])),
            "region": built.region[cell]})
    g = w.group("rims")
    for name, (lat, lon, diameter, _) in geo["craters"].items():
        ring = small_circle((float(lat), float(lon)), float(diameter) / 2, moon)
        for disc in discs.values():
            for run in disc.runs(ring):
                g.line(name, "rim", run, {"feature": "rim"})
    for name, line in geo["rilles"].items():
        pts = [(float(a), float(b)) for a, b in line]
        for disc in discs.values():
            for run in disc.runs(pts):
                g.line(name, "rille", run, {"feature": "rille"})
    g = w.group("wraps")
    for h in sorted(built.wraps, key=lambda h: (built.region[h] != NEAR, built.wraps[h].name)):
        s = built.wraps[h]
        g.point(s.name, "wrap", grid.center(h), {"letter": s.letter, "sign": s.sign, "prime": s.prime,
                                                   "spike": s.spike})
    g = w.group("poles")
    for pole, city in (("south", _pole_city(geo, "south")), ("north", _pole_city(geo, "north"))):
        a, b = built.poles[pole]
        g.line(city, "pole", [grid.center(a), grid.center(b)], {"pole": pole})
    g = w.group("sites")
    for label, s in geo["sites"].items():
        lat, lon = (float(v) for v in s["at"])
        g.point(label, "site", discs[side_of(lon)].project(lat, lon), {"label": label, "mission": s["mission"]})
    g = w.group("names")
    for kind, features in (("mare", geo["maria"]), ("range", geo["alpine"])):
        for name, spec in features.items():
            if name in geo["cities"] or (kind == "range" and isinstance(spec, dict)):
                continue  # a city's own label says it; a basin ring has no name of its own
            lat, lon = spec["center"] if isinstance(spec, dict) else _middle(spec)
            disc = discs[side_of(lon)]
            at = disc.project(lat, lon)
            if math.dist(at, disc.center) <= NAMED_WITHIN * disc.radius:
                g.point(name, "name", at, {"kind": kind})
    g = w.group("areas")
    for name, poly in area_polygons(built):
        g.polygon(name, "area", poly)
    g = w.group("territory", visible=False)
    for side, disc in discs.items():
        g.polygon(side, "disc", disc.circle(disc.radius + grid.tile_w * 0.5))


def _middle(ring: list[list[float]]) -> tuple[float, float]:
    """The middle of a small lat/lon polygon (where its name is written)."""
    return (sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring))


def _pole_city(geo: dict[str, Any], pole: str) -> str:
    names = [n for n, c in geo["cities"].items() if c.get("pole") == pole]
    if len(names) != 1:
        raise ValueError(f"the {pole} pole needs exactly one city, not {names}")
    return names[0]


def write_loads(geo: dict[str, Any], path: str) -> None:
    sources: dict[str, list[str]] = {good: [] for good in geo["loads"]}
    for name, c in geo["cities"].items():
        for good in c.get("goods", []):
            if good not in sources:
                raise ValueError(f"{name} supplies {good}, which is not in the loads list")
            sources[good].append(name)
    total = sum(geo["loads"].values()) + geo["circus"]["chips"]
    lines = ["# Load chips of Lunar Rails: generated by tools/lunar_rails_map/build_map.py",
             "# from geography.yaml (chip counts under `loads`, sources = cities listing the good).",
             f"# Chip counts are ESTIMATED (the real chart was never published): {total} chips as in the",
             "# rulebook, with the 2 Circus chips (variant; they start in the `homes`).",
             "loads:"]
    for good, chips in geo["loads"].items():
        if not sources[good]:
            raise ValueError(f"No city supplies {good}")
        lines.append(f"  - {{name: {good}, chips: {chips}, sources: [{', '.join(sources[good])}]}}")
    circus = geo["circus"]
    lines.append(f"  - {{name: Circus, chips: {circus['chips']}, sources: [], homes: [{', '.join(circus['homes'])}]}}")
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(lines) + "\n")


def main(argv: list[str]) -> int:
    geo_path = argv[1] if len(argv) > 1 else DEFAULT_GEOGRAPHY
    out_dir = argv[2] if len(argv) > 2 else DEFAULT_OUT
    built = write_all(load_geography(geo_path), out_dir)
    counts: dict[str, int] = {}
    for t in built.terrain.values():
        counts[t] = counts.get(t, 0) + 1
    land = sum(v for k, v in counts.items() if k != "wrap")
    sides = {s: sum(1 for h, r in built.region.items() if r == s and built.terrain[h] != "wrap") for s in built.discs}
    print(f"grid {built.grid.cols}x{built.grid.rows}, land mileposts {land} "
          f"({', '.join(f'{s} {n}' for s, n in sides.items())}), wrap letters {len(built.wraps)}")
    print("terrain: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
