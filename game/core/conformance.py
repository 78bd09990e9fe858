"""The engine contract, checked by playing: one seeded game of any engine,
with every promise of :class:`~game.core.engine.GameState` tested along the way.

Used by the conformance test suite (short games, many seeds) and by
``python3 -m bench soak`` (as many games as time allows). A broken promise is
raised as :class:`ContractBroken` naming the game, seed, step and what broke,
so a failure can be replayed from that line alone.
"""
from __future__ import annotations

import dataclasses
import random
import types
import typing
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from game.core.actions import Action, registered_types
from game.core.engine import DIFFICULTIES, GameState, Seat
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.session import Session

# Called after every applied action with (state before, events, state after).
Invariant = Callable[[GameState, list[Event], GameState], None]
SEAT_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


class ContractBroken(AssertionError):
    """A promise of the engine contract that did not hold."""


@dataclass(frozen=True)
class Case:
    """One way to play a game: its options, player count, who plays and how
    often the costlier checks run."""

    game_id: str
    engine: type[GameState]
    options: dict[str, Any]
    players: int
    make_bot: Callable[[str, int], Any]
    invariant: Invariant | None = None
    bot_share: float = 0.1  # fraction of moves made by the seats' bots (of every difficulty)
    every: int = 7  # the costly checks (all legal actions, round trips) run every `every` steps
    warmup: int = 0  # random moves made before the checks start (later positions, cheaply)

    @property
    def label(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game_id}[{self.players}p{' ' + opts if opts else ''}]"


@dataclass
class Tally:
    games: int = 0
    steps: int = 0
    refusals: int = 0  # malformed or unlisted actions refused


def check_game(case: Case, seed: int, steps: int, tally: Tally | None = None) -> GameState:
    """Play `steps` moves of one seeded game, checking the contract; returns
    the final state. Raises ContractBroken at the first broken promise."""
    tally = tally if tally is not None else Tally()
    seats = [Seat(SEAT_NAMES[i]) for i in range(case.players)]
    rnd = random.Random(seed)
    bots = [case.make_bot(DIFFICULTIES[(seed + i) % 3], seed * 10 + i) for i in range(case.players)]
    where = {"step": 0}

    def fail(message: str) -> ContractBroken:
        return ContractBroken(f"{case.label} seed {seed} step {where['step']}: {message}")

    state = case.engine.new_game(dict(case.options), seed, seats)
    _expect(state == case.engine.new_game(dict(case.options), seed, seats),
            fail, "two new games from one seed differ")
    session = Session(case.game_id, case.options, seed, seats, engine=case.engine)
    _expect(session.state == state, fail, "a Session starts from another state than new_game")
    actions: list[Action] = []
    for _ in range(case.warmup):
        if state.is_terminal():
            break
        action = rnd.choice(state.legal_actions())
        state.apply(action)
        session.apply(action)
        actions.append(action)
    for _ in range(steps):
        where["step"] = len(actions)
        if state.is_terminal():
            _expect(state.legal_actions() == [], fail, "a finished game still lists moves")
            break
        legal = state.legal_actions()
        _expect(bool(legal), fail, "the player to move has no legal action")
        tally.refusals += _check_refusals(state, legal, rnd, fail)
        if len(actions) % case.every == 0:
            _check_copies(state, legal, rnd, fail)
            _check_observation(state, legal, rnd, fail)
            _check_all_legal_apply(state, legal, fail)
        seat = state.current_player()
        if rnd.random() < case.bot_share and seat is not None:
            action = _bot_choice(state, bots[seat], seat, legal, fail)
        else:
            action = rnd.choice(legal)
        before = state.clone()
        try:
            events = state.apply(action)
        except Exception as exc:
            raise fail(f"the listed move {action!r} was refused: {exc!r}") from exc
        actions.append(action)
        session.apply(action)
        if case.invariant is not None:
            try:
                case.invariant(before, events, state)
            except AssertionError as exc:
                raise fail(f"after {action!r} an invariant broke: {exc}") from exc
        tally.steps += 1
    _check_replay(case, seed, seats, actions, state, session, fail)
    tally.games += 1
    return state


def _expect(ok: bool, fail: Callable[[str], ContractBroken], message: str) -> None:
    if not ok:
        raise fail(message)


def _bot_choice(state: GameState, bot: Any, seat: int, legal: list[Action],
                fail: Callable[[str], ContractBroken]) -> Action:
    """The bot's move; the bot must leave the state as it found it and pick a listed move."""
    before = state.to_dict()
    action = bot.choose(state)
    _expect(state.to_dict() == before, fail, "a bot changed the state it was given")
    _expect(action in legal or not state.enumerated(action), fail,
            f"the bot of seat {seat} chose an unlisted move {action!r}")
    return action


def _check_copies(state: GameState, legal: list[Action], rnd: random.Random,
                  fail: Callable[[str], ContractBroken]) -> None:
    """clone and to_dict/from_dict give equal, independent states."""
    data = state.to_dict()
    copy = state.clone()
    _expect(copy == state, fail, "a clone differs from the state")
    restored = type(state).from_dict(data)
    _expect(restored.to_dict() == data, fail, "from_dict(to_dict()) differs from the state")
    _expect(restored.legal_actions() == legal, fail, "a restored state lists other moves")
    copy.apply(rnd.choice(legal))
    _expect(state.to_dict() == data, fail, "a move on a clone changed the original")
    restored.apply(legal[0])
    _expect(state.to_dict() == data, fail, "a move on a restored copy changed the original")


def _check_observation(state: GameState, legal: list[Action], rnd: random.Random,
                       fail: Callable[[str], ContractBroken]) -> None:
    """A seat's observation is playable, offers the player to move the same
    moves, leaves the state alone, and depends only on what the seat sees:
    re-dealing an observation gives the same observation."""
    data = state.to_dict()
    mover = state.current_player()
    seats = {rnd.randrange(len(state.scores()))} | ({mover} if mover is not None else set())
    for seat in seats:
        first, second = rnd.getrandbits(32), rnd.getrandbits(32)
        view = state.observation(seat, first)
        _expect(state.to_dict() == data, fail, f"observation({seat}) changed the state")
        _expect(view.observation(seat, second) == state.observation(seat, second), fail,
                f"observation({seat}) depends on something seat {seat} cannot see")
        if seat == mover:
            _expect(view.legal_actions() == legal, fail, f"observation({seat}) offers other moves")
            view.apply(rnd.choice(legal))


def _check_all_legal_apply(state: GameState, legal: list[Action],
                           fail: Callable[[str], ContractBroken], cap: int = 60) -> None:
    """Every listed move applies (a sample of `cap` when there are more)."""
    chosen = legal if len(legal) <= cap else random.Random(len(legal)).sample(legal, cap)
    for action in chosen:
        try:
            state.clone().apply(action)
        except Exception as exc:
            raise fail(f"the listed move {action!r} was refused: {exc!r}") from exc


def _check_refusals(state: GameState, legal: list[Action], rnd: random.Random,
                    fail: Callable[[str], ContractBroken], count: int = 6) -> int:
    """Malformed and unlisted moves are refused with IllegalAction, leaving the
    state unchanged; a move apply accepts must be one legal_actions lists."""
    data = state.to_dict()
    refused = 0
    for bad in malformed_actions(state, legal, rnd, count):
        probe = state.clone()
        try:
            probe.apply(bad)
        except IllegalAction:
            if probe.to_dict() != data:
                raise fail(f"refusing {bad!r} changed the state")
            refused += 1
            continue
        except Exception as exc:
            raise fail(f"{bad!r} raised {exc!r} instead of IllegalAction") from exc
        if bad not in legal and state.enumerated(bad):
            raise fail(f"{bad!r} was accepted but legal_actions does not list it")
    return refused


# Malformed actions -------------------------------------------------------------

def malformed_actions(state: GameState, legal: Sequence[Action], rnd: random.Random,
                      count: int) -> list[Action]:
    """`count` moves most of which the rules must refuse: listed moves with one
    field changed (wrong type, out of range, unknown id, a value from another
    move), moves of this game with random fields, and other games' moves."""
    pool = _field_pool(legal)
    own = [c for c in registered_types().values()
           if not state.action_namespaces or c.type.split(".", 1)[0] in state.action_namespaces]
    foreign = [c for c in registered_types().values() if c not in own]
    out: list[Action] = []
    while len(out) < count:
        roll = rnd.random()
        if roll < 0.6 and legal:
            made = _mutated(rnd.choice(list(legal)), rnd, pool)
        elif roll < 0.9 or not foreign:
            made = _random_action(rnd.choice(own), rnd, pool)
        else:
            made = _random_action(rnd.choice(foreign), rnd, pool)
        if made is not None:
            out.append(made)
    return out


_ODD_VALUES: tuple[Any, ...] = (None, True, False, 0, 1, -1, 2, 7, 99, -10 ** 6, 10 ** 30, 0.5, float("nan"),
                                "", "x", "ENG-1x", "ENG-", "ENG-99", "ENG--1", "ts", "gray", "\x00", "é" * 50,
                                (), (0,), (0, 0), ((0, 0),), ((0, 0), (0, 0)), ((10 ** 9, -10 ** 9),),
                                ((1, 2, 3),), (("a", "b"),), [1, 2], {"a": 1})


def _field_pool(legal: Sequence[Action]) -> list[Any]:
    """Values seen in this position's legal moves, plus odd values of every kind."""
    seen: list[Any] = []
    for act in legal[:200]:
        for f in dataclasses.fields(act):
            value = getattr(act, f.name)
            seen.append(value)
            if isinstance(value, tuple) and value:
                seen.append(value[:-1])
                seen.append(value + value[-1:])
                seen.append(tuple(reversed(value)))
    return seen + list(_ODD_VALUES)


def _mutated(act: Action, rnd: random.Random, pool: list[Any]) -> Action | None:
    fields = dataclasses.fields(act)
    if not fields:
        return None
    f = rnd.choice(fields)
    value = _typed_value(typing.get_type_hints(type(act))[f.name], rnd, pool) if rnd.random() < 0.5 \
        else rnd.choice(pool)
    return _build(type(act), {**{g.name: getattr(act, g.name) for g in fields}, f.name: value})


def _random_action(cls: type[Action], rnd: random.Random, pool: list[Any]) -> Action | None:
    hints = typing.get_type_hints(cls)
    values = {f.name: (_typed_value(hints[f.name], rnd, pool) if rnd.random() < 0.7 else rnd.choice(pool))
              for f in dataclasses.fields(cls)}
    return _build(cls, values)


def _build(cls: type[Action], values: dict[str, Any]) -> Action | None:
    try:
        return cls(**values)
    except (TypeError, ValueError):
        return None


def _of(pool: list[Any], kind: type) -> list[Any]:
    return [v for v in pool if type(v) is kind]


def _typed_value(hint: Any, rnd: random.Random, pool: list[Any]) -> Any:
    """A value of the declared type, often at an edge (negative, huge, empty, unknown)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is bool:
        return rnd.random() < 0.5
    if hint is int:
        return rnd.choice(_of(pool, int) + [-1, 0, 1, 2, 3, 10, 99, -10 ** 6, 10 ** 30])
    if hint is str:
        same = _of(pool, str)
        return rnd.choice(same + ["", "nope", "ENG-1x", "ENG-0", "ENG-99"]) if rnd.random() < 0.8 \
            else rnd.choice(same or ["x"]) + rnd.choice(["x", "1", " "])
    if hint is float:
        return rnd.choice([0.0, -1.0, 1e300])
    if origin is typing.Literal:
        return rnd.choice(args)
    if origin in (typing.Union, types.UnionType):
        return _typed_value(rnd.choice(args), rnd, pool)
    if hint is type(None) or hint is None:
        return None
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        same = _of(pool, tuple)
        if same and rnd.random() < 0.6:
            return rnd.choice(same)
        return tuple(_typed_value(args[0], rnd, pool) for _ in range(rnd.choice([0, 1, 2, 3, 8])))
    if origin is tuple:
        return tuple(_typed_value(a, rnd, pool) for a in args)
    return rnd.choice(pool)


# Replay ---------------------------------------------------------------------------

def _check_replay(case: Case, seed: int, seats: list[Seat], actions: list[Action], state: GameState,
                  session: Session, fail: Callable[[str], ContractBroken]) -> None:
    """Same seed + same actions = same game, live, through a Session and its save."""
    again = case.engine.new_game(dict(case.options), seed, seats)
    for action in actions:
        again.apply(action)
    _expect(again == state, fail, "replaying the moves from the seed gives another state")
    _expect(session.state == state, fail, "the Session's state differs from the live state")
    _expect(session.replay().state == state, fail, "the Session's replay differs from the live state")
