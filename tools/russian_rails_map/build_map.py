"""Build the Russian Rails board from geography.yaml.

Projects the geography onto a pointy-top hex grid (each cell centre is a
milepost) and writes, deterministically:
  - <out>/russian_rails.tmx: tile layers `terrain` and `regions`, object
    layers `cities`, `ferries`, `rivers`, `inlets`, `borders`, `water`,
    `areas`, `territory`;
  - <out>/russian_rails_tiles.tsx + .png: the tileset (tile properties carry
    `terrain` or `region`);
  - <out>/loads.yaml: load chips and their supply cities.

Usage: python3 -m tools.russian_rails_map.build_map [geography.yaml] [out_dir]
"""
from __future__ import annotations

import math
import os
import sys
from dataclasses import dataclass, field
from typing import Any

import yaml

from game.core.hexgrid import DIRECTIONS, Hex, neighbours, pair_key
from tools.russian_rails_map.geo import Conic, Polygon, share_inside
from tools.russian_rails_map.grid import Grid, Point
from tools.russian_rails_map.tiles import TERRAINS, write_tileset
from tools.russian_rails_map.tmx_writer import TmxWriter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_GEOGRAPHY = os.path.join(HERE, "geography.yaml")
DEFAULT_OUT = os.path.join(ROOT, "maps", "russian_rails")
MAP_NAME = "russian_rails.tmx"
RUSSIA = "Russia"
TERRAIN_ORDER = ("alpine", "mountain", "marsh")  # first match wins
MIN_CITY_NEIGHBOURS = 3  # a small city admits 2 players, a medium one 3


@dataclass
class Built:
    grid: Grid
    terrain: dict[Hex, str] = field(default_factory=dict)
    region: dict[Hex, str] = field(default_factory=dict)
    city_cells: dict[str, Hex] = field(default_factory=dict)
    ports: dict[str, tuple[Hex, Hex]] = field(default_factory=dict)
    inlets: dict[tuple[Hex, Hex], str] = field(default_factory=dict)
    dropped: int = 0


def load_geography(path: str) -> dict[str, Any]:
    with open(path, "r", encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def make_grid(geo: dict[str, Any], proj: Conic) -> Grid:
    g = geo["grid"]
    pts = [proj.project(*p) for p in geo["territory"]]
    xmin, xmax = min(p[0] for p in pts), max(p[0] for p in pts)
    ymin, ymax = min(p[1] for p in pts), max(p[1] for p in pts)
    s, tw, th, side, m = g["spacing_km"], g["tile_width"], g["tile_height"], g["side_length"], g["margin"]
    row_h = (th - side) / 2 + side
    cols = math.ceil((xmax - xmin) / s) + 2 * m + 2
    rows = math.ceil((ymax - ymin) / s * tw / row_h) + 2 * m + 1
    return Grid(tw, th, side, cols, rows, (xmin, ymax, s), m)


def polygons(grid: Grid, proj: Conic, named: dict[str, Any]) -> list[Polygon]:
    """Named polygons in pixels; a value may be one ring or a list of rings."""
    out = []
    for name, rings in named.items():
        if rings and isinstance(rings[0][0], (int, float)):
            rings = [rings]
        for ring in rings:
            out.append(Polygon(name, tuple(grid.to_px(proj.project(*p)) for p in ring)))
    return out


def build(geo: dict[str, Any]) -> tuple[Built, dict[str, Any]]:
    proj = Conic(**geo["projection"])
    grid = make_grid(geo, proj)
    territory = Polygon("territory", tuple(grid.to_px(proj.project(*p)) for p in geo["territory"]))
    water = polygons(grid, proj, {k: v["outline"] for k, v in geo.get("water", {}).items()})
    regions = polygons(grid, proj, geo.get("regions", {}))
    zones = {kind: polygons(grid, proj, geo.get("terrain", {}).get(kind, {})) for kind in TERRAIN_ORDER}
    out = Built(grid)
    for h in grid.cells():
        p = grid.center(h)
        if territory.contains(p) and not any(w.contains(p) for w in water):
            out.terrain[h] = next((k for k in TERRAIN_ORDER if any(z.contains(p) for z in zones[k])), "clear")
    _place_cities(geo, grid, proj, out)
    _place_ferries(geo, grid, out)
    _drop_cityless_islands(out)
    _check_city_access(geo, out)
    for h in out.terrain:
        p = grid.center(h)
        out.region[h] = next((r.name for r in regions if r.contains(p)), RUSSIA)
    for name, cell in out.city_cells.items():
        declared = geo["cities"][name].get("region", out.region[cell])
        if declared != out.region[cell]:
            raise ValueError(f"{name} is declared in {declared} but stands in {out.region[cell]}")
        if out.terrain[cell] == "major_city":
            out.region.update({n: out.region[cell] for n in neighbours(cell)})
    _find_inlets(geo, grid, water, out)
    context = {"proj": proj, "territory": territory, "water": water}
    return out, context


def _place_cities(geo: dict[str, Any], grid: Grid, proj: Conic, out: Built) -> None:
    """A city takes the nearest cell, or the nearest land cell when the nearest
    one is water (coastal cities would otherwise stand in the sea)."""
    taken: dict[Hex, str] = {}
    for name, c in geo["cities"].items():
        p = grid.to_px(proj.project(c["lat"], c["lon"]))
        cell = grid.nearest(p)
        if cell not in out.terrain:
            land = [h for h in [cell] + neighbours(cell) if h in out.terrain]
            cell = min(land, key=lambda h: (math.dist(grid.center(h), p), h)) if land else cell
        cells = [cell] + (neighbours(cell) if c["size"] == "major" else [])
        for h in cells:
            if h in taken:
                raise ValueError(f"{name} overlaps {taken[h]} at cell {h}; move one of them")
            if not grid.inside(h):
                raise ValueError(f"{name} falls outside the grid at cell {h}")
            taken[h] = name
            out.terrain[h] = f"{c['size']}_city"
        out.city_cells[name] = cell


def _check_city_access(geo: dict[str, Any], out: Built) -> None:
    """Small and medium cities need MIN_CITY_NEIGHBOURS mileposts around them,
    or the entry rules (2 or 3 players) could not be met."""
    for name, cell in out.city_cells.items():
        if geo["cities"][name]["size"] == "major":
            continue
        count = sum(1 for n in neighbours(cell) if n in out.terrain)
        if count < MIN_CITY_NEIGHBOURS:
            raise ValueError(f"{name} has only {count} neighbouring mileposts; "
                             f"move it or its coast so it has {MIN_CITY_NEIGHBOURS}")


def _place_ferries(geo: dict[str, Any], grid: Grid, out: Built) -> None:
    """Each port is the free land milepost next to its city that lies nearest
    the far city."""
    city_cells = set()
    for name, cell in out.city_cells.items():
        city_cells.add(cell)
        if out.terrain[cell] == "major_city":
            city_cells.update(neighbours(cell))
    for fname, f in geo.get("ferries", {}).items():
        a_city, b_city = out.city_cells[f["from"]], out.city_cells[f["to"]]
        ends = []
        for here, there in ((a_city, b_city), (b_city, a_city)):
            far = grid.center(there)
            cands = [n for n in neighbours(here) if n in out.terrain and n not in city_cells]
            if not cands:
                raise ValueError(f"{fname}: no free land milepost next to the port city at {here}")
            port = min(cands, key=lambda n: (math.dist(grid.center(n), far), n))
            out.terrain[port] = "ferry_port"
            ends.append(port)
        out.ports[fname] = (ends[0], ends[1])


def _drop_cityless_islands(out: Built) -> None:
    """Land pieces with no city and no port can never be reached: drop them."""
    keep: set[Hex] = set()
    anchors = set(out.city_cells.values()) | {p for pair in out.ports.values() for p in pair}
    seen: set[Hex] = set()
    for start in sorted(out.terrain):
        if start in seen:
            continue
        comp, stack = [], [start]
        seen.add(start)
        while stack:
            h = stack.pop()
            comp.append(h)
            for n in neighbours(h):
                if n in out.terrain and n not in seen:
                    seen.add(n)
                    stack.append(n)
        if anchors.intersection(comp):
            keep.update(comp)
    out.dropped = len(out.terrain) - len(keep)
    out.terrain = {h: t for h, t in out.terrain.items() if h in keep}


def _find_inlets(geo: dict[str, Any], grid: Grid, water: list[Polygon], out: Built) -> None:
    limit = geo["grid"].get("inlet_fraction", 0.25)
    for h in sorted(out.terrain):
        for d in range(3):
            n = (h[0] + DIRECTIONS[d][0], h[1] + DIRECTIONS[d][1])
            if n not in out.terrain:
                continue
            shares = share_inside(grid.center(h), grid.center(n), water)
            if shares and sum(shares.values()) >= limit:
                out.inlets[pair_key(h, n)] = max(sorted(shares), key=lambda k: shares[k])


def border_chains(grid: Grid, out: Built) -> dict[str, list[list[Point]]]:
    """Per republic, the hex sides between its mileposts and Russian ones,
    joined into polylines (each side crosses exactly one milepost segment)."""
    sides: dict[str, list[tuple[Point, Point]]] = {}
    for h in sorted(out.terrain):
        for n in neighbours(h):
            if n not in out.terrain or h >= n:
                continue
            ra, rb = out.region[h], out.region[n]
            if ra == rb or RUSSIA not in (ra, rb):
                continue
            other = rb if ra == RUSSIA else ra
            sides.setdefault(other, []).append(grid.side_between(h, n))
    return {k: _chain(v) for k, v in sorted(sides.items())}


def _chain(sides: list[tuple[Point, Point]]) -> list[list[Point]]:
    adj: dict[Point, list[Point]] = {}
    for a, b in sides:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    used: set[tuple[Point, Point]] = set()
    chains = []
    starts = sorted(p for p, ns in adj.items() if len(ns) == 1) + sorted(adj)
    for s in starts:
        for nxt in sorted(adj[s]):
            if (s, nxt) in used:
                continue
            line = [s]
            prev, cur = s, nxt
            used.update({(prev, cur), (cur, prev)})
            while True:
                line.append(cur)
                step = [p for p in sorted(adj[cur]) if (cur, p) not in used]
                if not step:
                    break
                prev, cur = cur, step[0]
                used.update({(prev, cur), (cur, prev)})
            chains.append(line)
    return chains


def write_all(geo: dict[str, Any], out_dir: str) -> Built:
    built, ctx = build(geo)
    grid, proj = built.grid, ctx["proj"]
    os.makedirs(out_dir, exist_ok=True)
    region_names = [RUSSIA] + [r for r in geo.get("regions", {}) if r != RUSSIA]
    tsx = write_tileset(out_dir, grid.tile_w, grid.tile_h, grid.side, region_names)
    w = TmxWriter(grid.cols, grid.rows, grid.tile_w, grid.tile_h, grid.side, tsx, len(TERRAINS) + len(region_names))
    w.properties = {"title": geo.get("title", ""), "spacing_km": float(geo["grid"]["spacing_km"])}
    w.tile_layer("terrain", {h: TERRAINS.index(t) for h, t in built.terrain.items()})
    w.tile_layer("regions", {h: len(TERRAINS) + region_names.index(r) for h, r in built.region.items()},
                 visible=False)
    _write_objects(w, geo, built, ctx, region_names)
    with open(os.path.join(out_dir, MAP_NAME), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(w.render())
    write_loads(geo, os.path.join(out_dir, "loads.yaml"))
    return built


def _write_objects(w: TmxWriter, geo: dict[str, Any], built: Built, ctx: dict[str, Any],
                   region_names: list[str]) -> None:
    grid, proj = built.grid, ctx["proj"]
    g = w.group("cities")
    for name, c in geo["cities"].items():
        cell = built.city_cells[name]
        g.point(name, "city", grid.center(cell), {
            "city_name": name, "city_size": c["size"], "goods": ", ".join(c.get("goods", [])),
            "region": built.region[cell]})
    g = w.group("ferries")
    for fname, f in geo.get("ferries", {}).items():
        a, b = built.ports[fname]
        g.line(fname, "ferry", [grid.center(a), grid.center(b)],
               {"ferry_name": fname, "cost": int(f["cost"]), "port_a": f["from"], "port_b": f["to"]})
    g = w.group("rivers")
    for rname, pts in geo.get("rivers", {}).items():
        g.line(rname, "river", [grid.to_px(proj.project(*p)) for p in pts], {"river_name": rname})
    g = w.group("inlets")
    for pair in sorted(built.inlets):
        end_a, end_b = grid.side_between(*pair)
        tick = [(end_a[0] * 0.75 + end_b[0] * 0.25, end_a[1] * 0.75 + end_b[1] * 0.25),
                (end_a[0] * 0.25 + end_b[0] * 0.75, end_a[1] * 0.25 + end_b[1] * 0.75)]
        g.line(built.inlets[pair], "inlet", tick, {"surcharge": 3})
    g = w.group("borders")
    for republic, chains in border_chains(grid, built).items():
        for chain in chains:
            g.line(republic, "border", chain, {"republic": republic})
    g = w.group("water")
    for poly in ctx["water"]:
        g.polygon(poly.name, geo["water"][poly.name]["kind"], list(poly.points))
    g = w.group("areas")
    for poly in polygons(grid, proj, geo.get("areas", {})):
        g.polygon(poly.name, "area", list(poly.points))
    g = w.group("territory", visible=False)
    g.polygon("territory", "territory", list(ctx["territory"].points))


def write_loads(geo: dict[str, Any], path: str) -> None:
    sources: dict[str, list[str]] = {good: [] for good in geo["loads"]}
    for name, c in geo["cities"].items():
        for good in c.get("goods", []):
            if good not in sources:
                raise ValueError(f"{name} supplies {good}, which is not in the loads list")
            sources[good].append(name)
    lines = ["# Load chips of Russian Rails: generated by tools/russian_rails_map/build_map.py",
             "# from geography.yaml (chip counts under `loads`, sources = cities listing the good).",
             "# Chip counts are ESTIMATED (the real chart was never published): 14 goods x 4,",
             "# 14 goods x 3, plus the 2 Circus chips (variant; they start in the `homes`).",
             "loads:"]
    for good, chips in geo["loads"].items():
        if not sources[good]:
            raise ValueError(f"No city supplies {good}")
        lines.append(f"  - {{name: {good}, chips: {chips}, sources: [{', '.join(sources[good])}]}}")
    circus = geo.get("circus")
    if circus:
        lines.append(f"  - {{name: Circus, chips: {circus['chips']}, sources: [], "
                     f"homes: [{', '.join(circus['homes'])}]}}")
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(lines) + "\n")


def main(argv: list[str]) -> int:
    geo_path = argv[1] if len(argv) > 1 else DEFAULT_GEOGRAPHY
    out_dir = argv[2] if len(argv) > 2 else DEFAULT_OUT
    built = write_all(load_geography(geo_path), out_dir)
    counts: dict[str, int] = {}
    for t in built.terrain.values():
        counts[t] = counts.get(t, 0) + 1
    print(f"grid {built.grid.cols}x{built.grid.rows}, land mileposts {len(built.terrain)}, "
          f"dropped islands {built.dropped}, inlet crossings {len(built.inlets)}")
    print("terrain: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
