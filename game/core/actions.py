"""Actions: what a player (human, bot, replay) asks the engine to do.

An action is a frozen dataclass holding plain data only (ints, strings, bools,
None and tuples of those), registered under a unique `type` string so that it
can be written to a save file and read back.  Type names are namespaced by game,
e.g. ``"rrd.place_worker"``.

Every field is checked against its declared type (:func:`malformed`) before an
engine looks at the action, so no engine has to guard against a string where
it expects a number: wrong shapes are refused here, once, for every game.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Callable, ClassVar, Literal, TypeVar, Union, dataclass_transform

from game.core.errors import ActionFormatError

_REGISTRY: dict[str, type["Action"]] = {}

A = TypeVar("A", bound="Action")
Check = Callable[[Any], bool]


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


@dataclass_transform(frozen_default=True)
def action(type_name: str) -> Callable[[type[A]], type[A]]:
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
    """Every action class by its type name (tests build malformed actions from it)."""
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


# Shape checks ------------------------------------------------------------------

_CHECKS: dict[type, tuple[tuple[str, Check, str], ...]] = {}


def malformed(act: object, namespaces: tuple[str, ...] = (), game: str = "this game") -> str | None:
    """Why `act` is not a well-formed action of the game whose action types
    are named ``<prefix>.<move>`` with a prefix in `namespaces` (any registered
    type when empty), or None.

    The sentence names the move and the field, for a player or a save reader."""
    if not isinstance(act, Action) or _REGISTRY.get(act.type) is not type(act):
        return f"That is not a move of {game}."
    name = type(act).__name__
    if namespaces and act.type.split(".", 1)[0] not in namespaces:
        return f"{name} is not a move of {game}."
    for field_name, check, wanted in _field_checks(type(act)):
        value = getattr(act, field_name, None)
        if not check(value):
            return f"The move {name} is malformed: its {field_name} must be {wanted}, not {_shown(value)}."
    return None


def _field_checks(cls: type) -> tuple[tuple[str, Check, str], ...]:
    """(field, check, description) per field, built once per class from its type hints."""
    if cls not in _CHECKS:
        hints = typing.get_type_hints(cls)
        _CHECKS[cls] = tuple((f.name, _checker(hints[f.name]), _describe(hints[f.name]))
                             for f in dataclasses.fields(cls))
    return _CHECKS[cls]


def _checker(hint: Any) -> Check:
    """A predicate for one type hint: int, str, bool, float, None, unions,
    Literal and tuples (fixed or ``...``) of those; bool is never an int."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return lambda v: True
    if hint is None or hint is type(None):
        return lambda v: v is None
    if hint is bool:
        return lambda v: type(v) is bool
    if hint is int:
        return lambda v: type(v) is int
    if hint is float:
        return lambda v: type(v) in (int, float) and v == v
    if hint is str:
        return lambda v: type(v) is str
    if origin is Literal:
        return lambda v: any(type(v) is type(a) and v == a for a in args)
    if origin in (Union, types.UnionType):
        parts = [_checker(a) for a in args]
        return lambda v: any(p(v) for p in parts)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _checker(args[0])
        return lambda v: type(v) is tuple and all(item(x) for x in v)
    if origin is tuple:
        items = [_checker(a) for a in args]
        return lambda v: type(v) is tuple and len(v) == len(items) and all(c(x) for c, x in zip(items, v))
    raise TypeError(f"action fields may not be of type {hint!r}")


def _describe(hint: Any) -> str:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    simple = {bool: "true or false", int: "a whole number", float: "a number", str: "a text",
              type(None): "empty", None: "empty"}
    if hint in simple:
        return simple[hint]
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in args)
    if origin in (Union, types.UnionType):
        return " or ".join(_describe(a) for a in args)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return f"a list of {_describe(args[0])}"
    if origin is tuple:
        return "(" + ", ".join(_describe(a) for a in args) + ")"
    return "anything"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
