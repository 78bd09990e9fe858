"""Check a Tiled map (.tmx) and the tilesets (.tsx) it names before pytmx reads
them, so that any damage is a :class:`MapError` naming the file and the layer,
object or tile, where pytmx would raise a bare ``ValueError`` naming nothing.

What is checked is what pytmx converts: the file is readable UTF-8 XML of a
sane size, the numeric attributes pytmx turns into numbers, CSV tile data,
and every typed ``<property>`` (int, float, bool).
"""
from __future__ import annotations

import hashlib
import os
from xml.etree import ElementTree

from game.core.datafile import read_text
from game.core.derived_cache import derived_for
from game.core.errors import MapError

# Attributes pytmx turns into numbers, on whatever element they stand (as pytmx does).
_ATTR_TYPES: dict[str, type] = {
    **dict.fromkeys(("id", "gid", "firstgid", "tilecount", "columns", "margin", "spacing", "tilewidth",
                     "tileheight", "offsetx", "offsety", "nextobjectid", "tileid", "duration"), int),
    **dict.fromkeys(("width", "height", "x", "y", "rotation", "opacity", "hexsidelength", "probability"), float),
}
_BOOLS = ("true", "false", "1", "0")
CHECK_VERSION = 1  # bump when the checks change: maps are walked again


def check_tiled_files(path: str) -> str:
    """Check a .tmx and each external .tsx it uses (MapError on any damage),
    and return a digest of all their texts (what the map reads as).
    Files that passed before, with exactly this text, are not walked again:
    the map's digest and those of its tilesets are kept in the disk cache."""
    name = os.fspath(path)
    digest = _digest(read_text(name, name))
    tilesets = derived_for(digest, "tiled-checked", CHECK_VERSION, lambda: _check_all(name))
    folder = os.path.dirname(name)
    if not isinstance(tilesets, dict) or \
            any(_file_digest(os.path.join(folder, source)) != kept for source, kept in tilesets.items()):
        tilesets = _check_all(name)  # a tileset changed since (or a damaged cache entry)
    return _digest(" ".join([digest, *(f"{source} {kept}" for source, kept in sorted(tilesets.items()))]))


def _check_all(path: str) -> dict[str, str]:
    """Walk the map and its tilesets; the digest of each tileset file, by
    its name in the map (relative to the map's folder)."""
    root = _read_xml(path, "map")
    out = {}
    for tileset in root.iter("tileset"):
        source = tileset.get("source")
        if source:
            full = os.path.join(os.path.dirname(path), source)
            _read_xml(full, "tileset")
            out[source] = _file_digest(full)
    return out


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _file_digest(path: str) -> str:
    return _digest(read_text(path, path))


def _read_xml(path: str, top: str) -> ElementTree.Element:
    name = os.fspath(path)
    raw = read_text(name, name)
    if not raw.strip():
        raise MapError(f"{name}: the file is empty")
    try:
        root = ElementTree.fromstring(raw)
    except ElementTree.ParseError as exc:
        raise MapError(f"{name}: not valid XML ({exc})") from exc
    if root.tag != top:
        raise MapError(f"{name}: the file holds a <{root.tag}>, not a Tiled <{top}>")
    _check_element(root, name, "")
    return root


def _check_element(element: ElementTree.Element, name: str, where: str) -> None:
    """Walk the tree, keeping `where` (layer, object or tile) for messages."""
    here = _label(element) or where
    for attr, kind in _ATTR_TYPES.items():
        _number(element.get(attr), kind, name, here, f"the {element.tag} attribute {attr}")
    if element.tag in ("polyline", "polygon"):
        for coord in (element.get("points") or "").replace(",", " ").split():
            _number(coord, float, name, here, "a coordinate of its points")
    if element.tag == "data" and element.get("encoding") == "csv":
        for token in (element.text or "").replace("\n", "").split(","):
            _number(token.strip() or None, int, name, here, "a tile number of the CSV data")
    if element.tag == "property":
        _property(element, name, here)
    for child in element:
        _check_element(child, name, here)


def _label(element: ElementTree.Element) -> str:
    tag = element.tag
    if tag in ("layer", "objectgroup"):
        return f"layer {element.get('name', '?')!r}"
    if tag == "object":
        return f"object {element.get('name') or element.get('id', '?')!r}"
    if tag == "tile":
        return f"tile {element.get('id', '?')}"
    return ""


def _property(element: ElementTree.Element, name: str, where: str) -> None:
    kind, value = element.get("type", "string"), element.get("value")
    what = f"the property {element.get('name', '?')!r}"
    if kind == "int":
        _number(value, int, name, where, what)
    elif kind == "float":
        _number(value, float, name, where, what)
    elif kind == "bool" and (value or "").lower() not in _BOOLS:
        _fail(name, where, f"{what} must be true or false, not {value!r}")


def _number(text: str | None, kind: type, name: str, where: str, what: str) -> None:
    if text is None:
        return
    try:
        kind(text)
    except ValueError:
        word = "a whole number" if kind is int else "a number"
        _fail(name, where, f"{what} must be {word}, not {text[:40]!r}")


def _fail(name: str, where: str, problem: str) -> None:
    raise MapError(f"{name}: {where + ', ' if where else ''}{problem}")
