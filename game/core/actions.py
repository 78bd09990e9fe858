"""Actions: what a player (human, bot, replay) asks the engine to do.

An action is a frozen dataclass holding plain data only (ints, strings, bools,
None and tuples of those), registered under a unique `type` string so that it
can be written to a save file and read back.  Type names are namespaced by game,
e.g. ``"rrd.place_worker"``.
"""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, TypeVar

from game.core.errors import ActionFormatError

_REGISTRY: dict[str, type["Action"]] = {}

A = TypeVar("A", bound="Action")


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every action. Subclasses are frozen dataclasses decorated with
    :func:`action`."""

    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out

    @staticmethod
    def from_dict(data: Any) -> "Action":
        return action_from_dict(data)


def action(type_name: str):
    """Class decorator: make a frozen dataclass and register it as `type_name`."""

    def wrap(cls: type[A]) -> type[A]:
        if type_name in _REGISTRY and _REGISTRY[type_name].__qualname__ != cls.__qualname__:
            raise ValueError(f"action type {type_name!r} is registered twice")
        cls = dataclasses.dataclass(frozen=True)(cls)
        cls.type = type_name
        _REGISTRY[type_name] = cls
        return cls

    return wrap


def registered_types() -> dict[str, type[Action]]:
    return dict(_REGISTRY)


def action_from_dict(data: Any) -> Action:
    """Rebuild an action; unknown types, missing or unknown fields raise
    :class:`ActionFormatError` with a sentence naming the problem."""
    if not isinstance(data, dict):
        raise ActionFormatError(f"an action must be a mapping, not {type(data).__name__}")
    name = data.get("type")
    if not isinstance(name, str):
        raise ActionFormatError("an action has no 'type'")
    cls = _REGISTRY.get(name)
    if cls is None:
        raise ActionFormatError(f"unknown action type {name!r}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = set(data) - set(fields) - {"type"}
    if extra:
        raise ActionFormatError(f"action {name!r} has unknown field(s): {', '.join(sorted(extra))}")
    kwargs = {}
    for fname, f in fields.items():
        if fname in data:
            kwargs[fname] = _frozen(data[fname])
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ActionFormatError(f"action {name!r} is missing field {fname!r}")
    return cls(**kwargs)


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        raise ActionFormatError("action fields may not be mappings")
    if value is not None and not isinstance(value, (int, str, bool, float, tuple)):
        raise ActionFormatError(f"action field of unsupported type {type(value).__name__}")
    return value
