"""A small writer for Tiled hexagonal .tmx files (pointy-top, odd rows
shifted): tile layers in CSV and object layers of points, polylines and
polygons. Numbers are printed with fixed rounding so output is byte-stable."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import quoteattr

from game.core.hexgrid import Hex, axial_to_offset

Point = tuple[float, float]


def num(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _props(props: dict[str, Any], indent: str) -> str:
    if not props:
        return ""
    lines = [f"{indent}<properties>"]
    for k, v in props.items():
        if isinstance(v, bool):
            lines.append(f'{indent} <property name="{k}" type="bool" value="{str(v).lower()}"/>')
        elif isinstance(v, int):
            lines.append(f'{indent} <property name="{k}" type="int" value="{v}"/>')
        elif isinstance(v, float):
            lines.append(f'{indent} <property name="{k}" type="float" value="{num(v)}"/>')
        else:
            lines.append(f'{indent} <property name="{k}" value={quoteattr(str(v))}/>')
    lines.append(f"{indent}</properties>")
    return "\n".join(lines) + "\n"


@dataclass
class ObjectGroup:
    name: str
    visible: bool
    next_id: list[int]
    items: list[str] = field(default_factory=list)

    def _open(self, name: str, kind: str, x: float, y: float) -> str:
        oid = self.next_id[0]
        self.next_id[0] += 1
        return f'  <object id="{oid}" name={quoteattr(name)} type="{kind}" x="{num(x)}" y="{num(y)}">\n'

    def point(self, name: str, kind: str, p: Point, props: dict[str, Any]) -> None:
        self.items.append(self._open(name, kind, *p) + _props(props, "   ") + "   <point/>\n  </object>")

    def _shape(self, tag: str, name: str, kind: str, pts: list[Point], props: dict[str, Any]) -> None:
        x0, y0 = pts[0]
        rel = " ".join(f"{num(x - x0)},{num(y - y0)}" for x, y in pts)
        self.items.append(self._open(name, kind, x0, y0) + _props(props, "   ")
                          + f'   <{tag} points="{rel}"/>\n  </object>')

    def line(self, name: str, kind: str, pts: list[Point], props: dict[str, Any] | None = None) -> None:
        self._shape("polyline", name, kind, pts, props or {})

    def polygon(self, name: str, kind: str, pts: list[Point], props: dict[str, Any] | None = None) -> None:
        self._shape("polygon", name, kind, pts, props or {})


@dataclass
class TmxWriter:
    cols: int
    rows: int
    tile_w: int
    tile_h: int
    side: int
    tileset: str
    tilecount: int
    properties: dict[str, Any] = field(default_factory=dict)
    layers: list[str] = field(default_factory=list)
    groups: list[ObjectGroup] = field(default_factory=list)
    next_id: list[int] = field(default_factory=lambda: [1])

    def tile_layer(self, name: str, tiles: dict[Hex, int], visible: bool = True) -> None:
        """`tiles` maps cells to tile indexes in the tileset (0-based)."""
        grid = [[0] * self.cols for _ in range(self.rows)]
        for h, index in tiles.items():
            col, row = axial_to_offset(h, "y", "odd")
            grid[row][col] = index + 1
        csv = ",\n".join(",".join(str(v) for v in row) for row in grid)
        vis = "" if visible else ' visible="0"'
        self.layers.append(f' <layer id="{len(self.layers) + len(self.groups) + 1}" name="{name}" '
                           f'width="{self.cols}" height="{self.rows}"{vis}>\n  <data encoding="csv">\n'
                           f'{csv}\n</data>\n </layer>')

    def group(self, name: str, visible: bool = True) -> ObjectGroup:
        g = ObjectGroup(name, visible, self.next_id)
        self.groups.append(g)
        return g

    def render(self) -> str:
        head = (f'<?xml version="1.0" encoding="UTF-8"?>\n'
                f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" '
                f'width="{self.cols}" height="{self.rows}" tilewidth="{self.tile_w}" tileheight="{self.tile_h}" '
                f'infinite="0" hexsidelength="{self.side}" staggeraxis="y" staggerindex="odd" '
                f'nextlayerid="{len(self.layers) + len(self.groups) + 1}" nextobjectid="{self.next_id[0]}">\n')
        body = [_props(self.properties, " ").rstrip("\n")] if self.properties else []
        body.append(f' <tileset firstgid="1" source="{self.tileset}"/>')
        body += self.layers
        for i, g in enumerate(self.groups):
            vis = "" if g.visible else ' visible="0"'
            gid = len(self.layers) + i + 1
            body.append(f' <objectgroup id="{gid}" name="{g.name}"{vis}>\n' + "\n".join(g.items)
                        + "\n </objectgroup>")
        return head + "\n".join(body) + "\n</map>\n"
