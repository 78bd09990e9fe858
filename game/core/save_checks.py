"""What a save's header may hold, checked field by field before anything is
built from it: each field has one type and a sane range, options are only the
game's declared ones with their declared values, and the moves must match the
count and digest written with them (unless the player trusts a hand edit)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, TypeGuard

from game.core.engine import COMPUTER, DIFFICULTIES, HUMAN, GameState, OptionSpec, Seat
from game.core.errors import EditedSaveError, SaveError
from game.core.savefile import save_digest

FORMAT_VERSION = 2  # 2 added `moves` and `digest`; format 1 saves load as before
DIGEST_SINCE = 2
APP_TAG = "railtable"
SEED_LIMIT = 2 ** 64  # seeds are masked to 64 bits by the RNG; anything larger is not a seed
NAME_LIMIT = 40  # characters of a seat name (setup allows 20)
WORD_LIMIT = 40  # characters of a game id, colour or other short word
MAX_MOVES = 5_000  # six times the longest game measured (6-player Russian Rails, 820 moves)
SEAT_KEYS = {"name", "colour", "kind", "difficulty"}


@dataclass(frozen=True)
class SaveHeader:
    game: str
    engine: type[GameState]
    seed: int
    options: dict[str, Any]
    seats: list[Seat]
    actions: list[Any]
    undo_barrier: int
    hints: list[int]


def check_save(data: Any, engine_for: Callable[[str], type[GameState]], name: str,
               trust_edited: bool = False, expect_game: str | None = None) -> SaveHeader:
    """The checked header of a parsed save; SaveError naming the first problem."""
    if not isinstance(data, dict):
        raise SaveError(f"{name} is not a Railtable save.")
    version = data.get("format_version")
    if not _is_int(version):
        raise SaveError(f"{name} is not a Railtable save (it has no format version).")
    if FORMAT_VERSION < version < 1000:
        raise SaveError(f"{name} was written by a newer Railtable (format {version}); "
                        f"this version reads format {FORMAT_VERSION}.")
    if not 1 <= version <= FORMAT_VERSION or data.get("app", APP_TAG) != APP_TAG:
        raise SaveError(f"{name} is not a Railtable save.")
    game = data.get("game")
    if not isinstance(game, str) or not 0 < len(game) <= WORD_LIMIT:
        raise SaveError(f"{name} does not say which game it is.")
    engine = _engine(engine_for, game, name)
    if expect_game is not None and game != expect_game:
        raise SaveError(f"{name} is a save of {engine.title or game}, not of {_title(engine_for, expect_game)}.")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise SaveError(f"{name} is damaged: its list of moves is missing.")
    if len(actions) > MAX_MOVES:
        raise SaveError(f"{name} is not a Railtable save: it holds more than {MAX_MOVES:,} moves.")
    if version >= DIGEST_SINCE and not trust_edited:
        _check_digest(data, len(actions), name)
    barrier = data.get("undo_barrier", len(actions))
    if not _is_int(barrier) or not 0 <= barrier <= len(actions):
        raise SaveError(f"{name} is damaged: its undo limit is not a move number.")
    seed, options = _seed(data.get("seed"), name), _options(engine, data.get("options", {}), name)
    seats = _seats(engine, data.get("seats"), name)
    return SaveHeader(game, engine, seed, options, seats, actions, barrier, _hints(data.get("hints"), len(seats), name))


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _engine(engine_for: Callable[[str], type[GameState]], game: str, name: str) -> type[GameState]:
    try:
        return engine_for(game)
    except Exception as exc:  # an unknown or unbuilt game, or one whose code cannot load
        raise SaveError(f"{name} is for a game that cannot be played: {str(exc)[:200]}") from exc


def _title(engine_for: Callable[[str], type[GameState]], game: str) -> str:
    try:
        return engine_for(game).title or game
    except Exception:  # the expected game is named by the caller; its id will do
        return game


def _check_digest(data: dict[str, Any], count: int, name: str) -> None:
    moves, digest = data.get("moves"), data.get("digest")
    edited = "Load it anyway only if you changed it on purpose."
    if not _is_int(moves) or not 0 <= moves <= MAX_MOVES or not isinstance(digest, str):
        raise EditedSaveError(f"{name} was cut short or edited: its move count and checksum are missing. "
                              + edited)
    if moves != count:
        raise EditedSaveError(f"{name} was cut short or edited: it should hold {moves:,} moves but holds "
                              f"{count:,}. " + edited)
    if digest != save_digest(data):
        raise EditedSaveError(f"{name} was edited or damaged after it was written: its checksum does not match "
                              "its contents. " + edited)


def _seed(seed: Any, name: str) -> int:
    if not _is_int(seed) or not -SEED_LIMIT < seed < SEED_LIMIT:
        raise SaveError(f"{name} is damaged: its seed is not a whole number below 2^64.")
    return int(seed)


def _options(engine: type[GameState], options: Any, name: str) -> dict[str, Any]:
    if not isinstance(options, dict):
        raise SaveError(f"{name} is damaged: its options are not a mapping.")
    specs = {spec.key: spec for spec in engine.option_specs}
    for key, value in options.items():
        spec = specs.get(key)
        if spec is None:
            raise SaveError(f"{name} is damaged: {engine.title or 'the game'} has no option {key[:WORD_LIMIT]!r}.")
        if not _option_ok(spec, value):
            raise SaveError(f"{name} is damaged: option {spec.label!r} cannot be {str(value)[:WORD_LIMIT]!r}.")
    return dict(options)


def _option_ok(spec: OptionSpec, value: Any) -> bool:
    if spec.kind == "bool":
        return isinstance(value, bool)
    return isinstance(value, str) and value in spec.choices


def _seats(engine: type[GameState], raw: Any, name: str) -> list[Seat]:
    if not isinstance(raw, list) or not raw:
        raise SaveError(f"{name} is damaged: it lists no players.")
    if not engine.min_players <= len(raw) <= engine.max_players:
        raise SaveError(f"{name} is damaged: {engine.title or 'the game'} takes {engine.min_players} to "
                        f"{engine.max_players} players, not {len(raw)}.")
    return [_seat(entry, number, name) for number, entry in enumerate(raw, start=1)]


def _seat(entry: Any, number: int, name: str) -> Seat:
    where = f"{name} is damaged: player {number}"
    if not isinstance(entry, dict) or not SEAT_KEYS.issuperset(entry):
        raise SaveError(f"{where} is not a name, colour, kind and difficulty.")
    seat_name = entry.get("name")
    if not isinstance(seat_name, str) or not 0 < len(seat_name.strip()) <= NAME_LIMIT:
        raise SaveError(f"{where} has no name of 1 to {NAME_LIMIT} characters.")
    colour = entry.get("colour", "")
    if not isinstance(colour, str) or len(colour) > WORD_LIMIT:
        raise SaveError(f"{where} has a colour that is not a colour name.")
    kind = entry.get("kind", HUMAN)
    if kind not in (HUMAN, COMPUTER):
        raise SaveError(f"{where} is neither a person nor a computer player.")
    difficulty = entry.get("difficulty", "normal")
    if difficulty not in DIFFICULTIES:
        raise SaveError(f"{where} has an unknown difficulty (choose one of {', '.join(DIFFICULTIES)}).")
    return Seat(seat_name, colour, kind, difficulty)


def _hints(raw: Any, seats: int, name: str) -> list[int]:
    """Hints used per seat (none in saves older than hints)."""
    if raw is None:
        return [0] * seats
    if not isinstance(raw, list) or len(raw) != seats or not all(_is_int(n) and 0 <= n <= MAX_MOVES for n in raw):
        raise SaveError(f"{name} is damaged: its count of hints is not one number per player.")
    return list(raw)
