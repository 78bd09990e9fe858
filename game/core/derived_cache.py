"""A disk cache for what is derived from a map file and costly to recompute
at every start (which track sections cross which river, for instance).

Entries are JSON files in the user's cache folder, named by the map file's
SHA-256 (or a digest of the data the value comes from) and a format
version, so an edited map or a new derivation simply misses. A damaged, unreadable or unwritable cache is never an error: the
value is computed as if there were no cache.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

ENV_HOME = "RAILTABLE_HOME"  # the same override as ui.paths: tests and portable installs


def cache_dir() -> Path:
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home) / "cache"
    if sys.platform.startswith("win"):
        return Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local")) / "railtable" / "cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "railtable"
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "railtable"


def derived(source: str, kind: str, version: int, compute: Callable[[], Any]) -> Any:
    """`compute()` (a JSON-able value) for the file `source`, from the cache
    when this exact file was seen before."""
    try:
        with open(source, "rb") as fh:
            digest = hashlib.sha256(fh.read()).hexdigest()[:32]
    except OSError:
        return compute()
    return derived_for(digest, kind, version, compute)


def derived_for(digest: str, kind: str, version: int, compute: Callable[[], Any]) -> Any:
    """`compute()` (a JSON-able value) for inputs whose digest the caller
    made (a file's SHA-256, or that of the data the value is derived from),
    from the cache when the same digest was seen before."""
    path = cache_dir() / f"{kind}-v{version}-{digest[:32]}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        pass
    value = compute()
    write_cached(path, json.dumps(value, separators=(",", ":")).encode("utf-8"))
    return value


def write_cached(path: Path, data: bytes) -> None:
    """Write a cache file whole or not at all, even with two games starting
    at once; a cache that cannot be written is simply not kept."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, delete=False, suffix=".tmp") as out:
            out.write(data)
        os.replace(out.name, path)
    except OSError:
        pass
