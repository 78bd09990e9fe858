"""Reading and writing save files safely.

A save may come from anywhere (a download, a damaged disk, a hand edit), so
reading one is bounded before any work is done: the file must be a regular
file under a size cap, and its YAML is built from the event stream of
libyaml's parser (a state machine: no recursion in C) by a loop that stops at
the first sign of abuse: nesting too deep, too many values, a value too long,
an anchor, alias or tag (a save written by Railtable has none), or a value
that is not plain data. Nothing here recurses, so no input can exhaust the
stack, and the work done is proportional to a capped amount of text.

Every save written records its number of moves and a digest of its contents,
so a save cut short or edited is noticed instead of silently loading an
earlier position.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml
from yaml.events import (AliasEvent, MappingEndEvent, MappingStartEvent, ScalarEvent, SequenceEndEvent,
                         SequenceStartEvent)
from yaml.nodes import ScalarNode

from game.core.errors import SaveError

# The longest game measured (6-player Russian Rails played out by computer
# players: 820 moves) writes an 81 KB save with 17,700 YAML values. The caps
# leave several times that for long games between people, and keep the worst
# file under them quick to refuse or read: 0.6 s CPU for the slowest 1 MB
# file built to be slow (python3 -m bench.saves).
MAX_SAVE_BYTES = 1024 * 1024
MAX_VALUES = 100_000
MAX_DEPTH = 16  # a save nests 4 deep (moves > move > field > list of pairs)
MAX_TEXT = 1_000  # characters of one value; names and ids are far shorter
MAX_HAND_WRITTEN = 500  # distinct numbers spelt otherwise than the dumper does ("0x1f", "yes"): hand edits
HEADER_BYTES = 64 * 1024  # enough for any header; the moves come after it

_PARSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_STR_TAG = "tag:yaml.org,2002:str"
_RESOLVER = yaml.resolver.Resolver()


class _SaveDumper(_DUMPER):  # type: ignore[misc, valid-type]
    """The safe dumper, never writing anchors: a save is a tree of plain data."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump_save(data: dict[str, Any]) -> str:
    return yaml.dump(data, Dumper=_SaveDumper, sort_keys=False, allow_unicode=True)


def read_save_text(path: str | os.PathLike[str], limit: int = MAX_SAVE_BYTES) -> str:
    """The text of a save file: a regular file of at most `limit` bytes, in
    UTF-8. Devices, pipes and folders are refused before reading."""
    name = os.fspath(path)
    try:
        raw = _read_head(path, limit + 1)
    except OSError as exc:
        raise SaveError(f"Cannot read the save file {name}: {exc.strerror or exc}.") from exc
    if raw is None:
        raise SaveError(f"{name} is not a save file (it is a folder or a device).")
    if len(raw) > limit:
        raise _refusal(name, f"it is larger than {limit // 1024} KB (the longest games are under 100 KB)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _refusal(name, f"it is not text (byte {exc.start} is not UTF-8)") from exc


def read_save_header(path: Path) -> dict[str, Any] | None:
    """The header of a save (everything before its moves), for listing saves
    without replaying them; None if it cannot be read."""
    try:
        raw = _read_head(path, HEADER_BYTES)
    except OSError:
        return None
    if raw is None:
        return None
    head = raw.decode("utf-8", errors="replace")
    cut = head.find("\nactions:")
    try:
        data = parse_save_text(head if cut < 0 else head[:cut + 1], path.name)
    except SaveError:
        return None
    return data if isinstance(data, dict) else None


def _read_head(path: str | os.PathLike[str], size: int) -> bytes | None:
    """At most `size` bytes from the start of a regular file; None for a
    folder, device or pipe (checked before opening, and again once open, in
    case the path changed in between; opened non-blocking so a pipe never
    waits for a writer)."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        return None
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            return None
        return fh.read(size)


def parse_save_text(text: str, name: str = "the save") -> Any:
    """The plain data (dicts with text keys, lists, text, numbers, booleans,
    None) a save's YAML holds; SaveError at the first thing a save never holds."""
    try:
        return _build(yaml.parse(text, Loader=_PARSER), name)
    except yaml.YAMLError as exc:
        if "nesting depth" in str(getattr(exc, "problem", "")):  # libyaml's own cap (PyYAML 6.0.4 on) comes first
            raise _refusal(name, f"its lists nest more than {MAX_DEPTH} deep") from exc
        where = getattr(exc, "problem_mark", None)
        line = f" (line {where.line + 1})" if where is not None else ""
        raise SaveError(f"{name} is damaged: it is not valid YAML{line}.") from exc


def _build(events: Any, name: str) -> Any:
    """Build the document from parser events with an explicit stack.

    Each open collection is [container, pending key or _NO_KEY]; a mapping
    takes a key, then its value. Plain scalars are resolved once per distinct
    text (a save repeats the same few words and numbers thousands of times)."""
    stack: list[list[Any]] = []
    root: Any = None
    count = 0
    memo: dict[Any, Any] = {}
    for event in events:
        kind = type(event)
        if kind is ScalarEvent:
            if event.anchor is not None:
                raise _refusal(name, "it uses YAML anchors or aliases")
            value = _scalar(event, name, memo)
        elif kind is SequenceStartEvent or kind is MappingStartEvent:
            _check_open(event, stack, name)
            stack.append([[] if kind is SequenceStartEvent else {}, _NO_KEY])
            count += 1
            if count > MAX_VALUES:
                raise _refusal(name, f"it holds more than {MAX_VALUES:,} values")
            continue
        elif kind is SequenceEndEvent or kind is MappingEndEvent:
            value = stack.pop()[0]
        elif kind is AliasEvent:
            raise _refusal(name, "it uses YAML anchors or aliases")
        else:
            continue  # stream and document boundaries
        count += 1
        if count > MAX_VALUES:
            raise _refusal(name, f"it holds more than {MAX_VALUES:,} values")
        if not stack:
            root = value
            continue
        _add(stack[-1], value, name)
    return root


_NO_KEY = object()
_DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]{0,17})\Z")  # how the dumper writes every whole number


def _refusal(name: str, why: str) -> SaveError:
    return SaveError(f"{name} is not a Railtable save: {why}.")


def _check_open(event: Any, stack: list[list[Any]], name: str) -> None:
    if event.anchor is not None:
        raise _refusal(name, "it uses YAML anchors or aliases")
    if event.tag is not None:
        raise _refusal(name, f"it uses a YAML tag ({event.tag[:60]})")
    if len(stack) >= MAX_DEPTH:
        raise _refusal(name, f"its lists nest more than {MAX_DEPTH} deep")
    top = stack[-1] if stack else None
    if top is not None and isinstance(top[0], dict) and top[1] is _NO_KEY:
        raise _refusal(name, "a key is a list or mapping")


def _add(top: list[Any], value: Any, name: str) -> None:
    container = top[0]
    if isinstance(container, list):
        container.append(value)
    elif top[1] is _NO_KEY:
        if not isinstance(value, str):
            raise _refusal(name, f"a key is not text ({str(value)[:40]!r})")
        top[1] = value
    else:
        container[top[1]] = value
        top[1] = _NO_KEY


def _scalar(event: Any, name: str, memo: dict[Any, Any]) -> Any:
    text = event.value
    if len(text) > MAX_TEXT:
        raise _refusal(name, f"a value is {len(text):,} characters long (at most {MAX_TEXT:,})")
    if event.tag is not None:
        raise _refusal(name, f"it uses a YAML tag ({event.tag[:60]})")
    if not event.implicit[0]:  # quoted: always text
        return text
    if text not in memo:
        memo[text] = _plain_scalar(text, event.implicit, name, memo)
    return memo[text]


def _plain_scalar(text: str, implicit: tuple[bool, bool], name: str, memo: dict[Any, Any]) -> Any:
    """An unquoted value read as YAML 1.1 reads it. The forms the dumper
    writes take a fast path; other spellings of numbers and booleans (a hand
    edit's "yes", "0x1f") are read too, but only a few hundred distinct ones,
    as each costs a slow lookup; dates and other non-data are refused."""
    if text in _WORDS:
        return _WORDS[text]
    if _DECIMAL.match(text):
        return int(text)
    if text and text[0] not in _MAY_RESOLVE:
        return text
    tag = _RESOLVER.resolve(ScalarNode, text, implicit)
    if tag == _STR_TAG:
        return text
    if tag not in _PLAIN_TAGS:
        raise _refusal(name, f"{text[:40]!r} is not plain data")
    memo[_HAND_WRITTEN] = memo.get(_HAND_WRITTEN, 0) + 1
    if memo[_HAND_WRITTEN] > MAX_HAND_WRITTEN:
        raise _refusal(name, f"more than {MAX_HAND_WRITTEN} of its numbers are not written the way Railtable "
                             "writes them")
    try:
        return _CONSTRUCTOR.construct_object(ScalarNode(tag, text))
    except ValueError as exc:  # PyYAML reads "0b_" as a number it then cannot convert
        raise _refusal(name, f"{text[:40]!r} is not a number") from exc


_HAND_WRITTEN = object()  # the memo's count of hand-written numbers (no text is this key)
_WORDS: dict[str, Any] = {"true": True, "false": False, "null": None, "": None}
# First characters of a plain scalar that YAML 1.1 may read as something other than text.
_MAY_RESOLVE = set("yYnNtTfFoO~<=.+-0123456789")
_PLAIN_TAGS = {"tag:yaml.org,2002:" + t for t in ("null", "bool", "int", "float")}
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


def save_digest(data: dict[str, Any]) -> str:
    """sha256 of what a save holds (game, seed, options, seats, undo barrier
    and moves) in a canonical form, so the digest is the same whatever
    whitespace or key order the YAML has."""
    covered = {key: data.get(key) for key in ("game", "seed", "options", "seats", "undo_barrier", "actions")}
    canonical = json.dumps(covered, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=True)
    return hashlib.sha256(canonical.encode("utf-8", errors="surrogatepass")).hexdigest()
