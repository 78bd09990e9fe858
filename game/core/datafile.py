"""The one reader of every data file (maps' decks, boards, rules): YAML in,
typed values out, and any damage turned into a :class:`MapError` that names
the file and the key.

Engines never call ``yaml`` themselves. They call :func:`load_data` once,
before the first frame, and walk the result with :class:`Node`, whose
accessors check the type (and range) of each value as it is read, so a
person editing a file learns exactly which value is wrong::

    root = load_data(path)
    start = root["setup"]["start_cash"].as_int(lo=0)
    for load in root["loads"].as_list():
        name = load["name"].as_str()
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from typing import Any, Iterator, NoReturn

import yaml

from game.core.derived_cache import derived_for
from game.core.errors import MapError
from game.core.resources import program_dir

_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_PROGRAM = program_dir()
YAML_CACHE_VERSION = 1  # of the parsed data kept on disk
MAX_DATA_BYTES = 32 * 1024 * 1024  # our largest data file is well under 1 MB
_MISSING = object()


def read_text(path: str | os.PathLike[str], name: str) -> str:
    """A data file's text (any kind: YAML, TMX, TSX), bounded in size; a
    missing, unreadable, oversized or non-UTF-8 file is a MapError naming it."""
    try:
        size = os.path.getsize(path)
        if size > MAX_DATA_BYTES:
            raise MapError(f"{name}: the file is {size} bytes, larger than any data file can be")
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise MapError(f"{name}: cannot be read ({exc.strerror or exc})") from exc
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MapError(f"{name}: byte {exc.start} is not UTF-8 text") from exc


def read_yaml(path: str | os.PathLike[str]) -> Any:
    """Parse a YAML data file; any problem is a MapError naming the file.

    An empty file is an error: every data file of ours holds something.
    What a file parses to is kept as JSON in the disk cache under the
    text's digest (JSON reads back many times faster than YAML), when it
    is plain JSON data (string keys; no dates or sets)."""
    name = shown_name(path)
    text = read_text(path, name)
    parsed: list[Any] = []

    def compute() -> dict[str, Any]:
        parsed.append(_parse_yaml(text, name))
        return {"data": parsed[0]} if _plain_json(parsed[0]) else {}

    kept = derived_for(hashlib.sha256(text.encode("utf-8")).hexdigest(), "yaml-data", YAML_CACHE_VERSION, compute)
    if parsed:
        return parsed[0]
    if isinstance(kept, dict) and "data" in kept:
        return kept["data"]
    return _parse_yaml(text, name)


def _parse_yaml(text: str, name: str) -> Any:
    try:
        data = yaml.load(text, Loader=_SAFE_LOADER)  # noqa: S506 (a safe loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise MapError(f"{name}: not valid YAML{where} ({problem})") from exc
    except (RecursionError, MemoryError, ValueError) as exc:
        raise MapError(f"{name}: cannot be parsed ({type(exc).__name__})") from exc
    if data is None:
        raise MapError(f"{name}: the file is empty")
    return data


def _plain_json(data: Any) -> bool:
    """Does `data` come back from JSON exactly as it is?"""
    try:
        return bool(json.loads(json.dumps(data)) == data)
    except (TypeError, ValueError, RecursionError):
        return False


def load_data(path: str | os.PathLike[str]) -> "Node":
    """The root of a data file, ready to be read with typed accessors."""
    return Node(read_yaml(path), shown_name(path), "")


def shown_name(path: str | os.PathLike[str]) -> str:
    """How messages name a data file: from the program's folder when inside it
    (maps/russian_rails/loads.yaml: there are two rules.yaml), else as given."""
    name = os.fspath(path)
    full = os.path.abspath(name)
    return os.path.relpath(full, _PROGRAM) if full.startswith(_PROGRAM + os.sep) else name


@dataclass(frozen=True)
class Node:
    """A value read from a data file, with the file and key path it came from
    (for error messages)."""

    value: Any
    file: str
    path: str

    # Where and failing ----------------------------------------------------

    def where(self) -> str:
        return f"{self.file}, {self.path}" if self.path else self.file

    def fail(self, problem: str) -> NoReturn:
        raise MapError(f"{self.where()}: {problem}")

    def _child(self, key: Any, value: Any) -> "Node":
        step = f"[{key}]" if isinstance(key, int) else (f".{key}" if self.path else str(key))
        return Node(value, self.file, self.path + step)

    # Mappings ---------------------------------------------------------------

    def _mapping(self) -> dict[Any, Any]:
        if not isinstance(self.value, dict):
            self.fail(f"must be a mapping of keys to values, not {_kind(self.value)}")
        return self.value

    def __getitem__(self, key: str) -> "Node":
        mapping = self._mapping()
        if key not in mapping:
            self.fail(f"the key '{key}' is missing")
        return self._child(key, mapping[key])

    def get(self, key: str, default: Any = None) -> "Node":
        """The value under `key`, or a node holding `default` when absent."""
        mapping = self._mapping()
        return self._child(key, mapping.get(key, default))

    def has(self, key: str) -> bool:
        return key in self._mapping()

    def keys(self) -> list[str]:
        return [str(k) for k in self._mapping()]

    def check_keys(self, allowed: set[str] | frozenset[str], required: set[str] | frozenset[str] = frozenset()) -> None:
        """Refuse unknown keys (a typo would otherwise be silently ignored)
        and missing required ones."""
        mapping = self._mapping()
        unknown = sorted(str(k) for k in mapping if k not in allowed)
        if unknown:
            self.fail(f"unknown key(s) {', '.join(unknown)}")
        missing = sorted(k for k in required if k not in mapping)
        if missing:
            self.fail(f"the key(s) {', '.join(missing)} are missing")

    def items(self) -> Iterator[tuple[str, "Node"]]:
        for key, value in self._mapping().items():
            yield str(key), self._child(key, value)

    def as_map(self) -> dict[str, "Node"]:
        return dict(self.items())

    # Sequences --------------------------------------------------------------

    def as_list(self, min_len: int = 0, max_len: int | None = None) -> list["Node"]:
        if not isinstance(self.value, list):
            self.fail(f"must be a list, not {_kind(self.value)}")
        n = len(self.value)
        if n < min_len or (max_len is not None and n > max_len):
            bound = f"{min_len} to {max_len}" if max_len is not None else f"at least {min_len}"
            self.fail(f"must hold {bound} entries, not {n}")
        return [self._child(i, v) for i, v in enumerate(self.value)]

    def str_list(self, min_len: int = 0) -> tuple[str, ...]:
        return tuple(n.as_str() for n in self.as_list(min_len))

    def int_list(self, min_len: int = 0, lo: int | None = None, hi: int | None = None) -> tuple[int, ...]:
        return tuple(n.as_int(lo, hi) for n in self.as_list(min_len))

    # Scalars ----------------------------------------------------------------

    def as_int(self, lo: int | None = None, hi: int | None = None) -> int:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(f"must be a whole number, not {_kind(v)}")
        _check_range(self, v, lo, hi)
        return v

    def as_float(self, lo: float | None = None, hi: float | None = None) -> float:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v:
            self.fail(f"must be a number, not {_kind(v)}")
        _check_range(self, v, lo, hi)
        return float(v)

    def as_str(self, nonempty: bool = True, choices: tuple[str, ...] | None = None) -> str:
        v = self.value
        if not isinstance(v, str):
            self.fail(f"must be text, not {_kind(v)}")
        if nonempty and not v.strip():
            self.fail("must not be empty")
        if choices is not None and v not in choices:
            self.fail(f"is '{v}', but must be one of {', '.join(choices)}")
        return v

    def as_bool(self) -> bool:
        if not isinstance(self.value, bool):
            self.fail(f"must be true or false, not {_kind(self.value)}")
        return self.value

    def opt_int(self, default: int, lo: int | None = None, hi: int | None = None) -> int:
        return default if self.value is None else self.as_int(lo, hi)

    def opt_str(self, default: str) -> str:
        return default if self.value is None else self.as_str()

    def opt_bool(self, default: bool) -> bool:
        return default if self.value is None else self.as_bool()


def _check_range(node: Node, v: float, lo: float | None, hi: float | None) -> None:
    if lo is not None and v < lo:
        node.fail(f"is {v}, but must be at least {lo}")
    if hi is not None and v > hi:
        node.fail(f"is {v}, but must be at most {hi}")


def _kind(v: Any) -> str:
    if v is None:
        return "nothing"
    return {bool: "true/false", int: "a whole number", float: "a number", str: f"the text '{v}'"[:60],
            list: "a list", dict: "a mapping"}.get(type(v), type(v).__name__)
