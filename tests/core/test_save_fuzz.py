"""1,000 damaged and hostile saves made from real games of every built game:
each either loads to a state equal to replaying its own moves, or is refused
with a SaveError sentence. Nothing else may escape (issue 10)."""
import copy
import random
from typing import Any

import pytest
import yaml

from game import registry
from game.core.engine import Seat
from game.core.errors import SaveError
from game.core.session import Session

CASES = 1000
MOVES = 30  # a few dozen moves of each game
BUILT = [gid for gid in registry.GAME_IDS if registry.GAMES[gid].built]
COLOURS = ("orange", "sky", "green", "yellow")


def real_save(game_id: str, seed: int) -> tuple[str, dict]:
    engine = registry.engine(game_id)
    count = max(engine.min_players, min(3, engine.max_players))
    seats = [Seat(f"Player {i + 1}", COLOURS[i], "human" if i == 0 else "computer", "easy") for i in range(count)]
    session = Session(game_id, {}, seed, seats, engine=engine)
    bots: dict[int, Any] = {}
    for _ in range(MOVES):
        seat = session.state.current_player()
        if seat is None:
            break
        bot = bots.setdefault(seat, registry.make_bot(game_id, "random", seed * 7 + seat))
        session.apply(bot.choose(session.state))
    data = session.to_save_dict()
    return dump(data), data


@pytest.fixture(scope="module")
def corpus():
    return [real_save(gid, 3) for gid in BUILT]


ODD_VALUES = [None, True, False, -1, 0, 2 ** 70, 10 ** 300, 1.5, float("inf"), "", "x" * 500, "🚂",
              [], {}, [1, [2, [3]]], {"a": {"b": 1}}, "russian_rails", "computer", -2 ** 64]


def truncate(text, rnd, data):
    return text[: rnd.randrange(len(text))]


def flip_bytes(text, rnd, data):
    raw = bytearray(text.encode("utf-8"))
    for _ in range(rnd.randint(1, 12)):
        raw[rnd.randrange(len(raw))] = rnd.randrange(256)
    return raw.decode("utf-8", errors="replace")


def flip_chars(text, rnd, data):
    chars = list(text)
    for _ in range(rnd.randint(1, 6)):
        chars[rnd.randrange(len(chars))] = rnd.choice("0123456789[]{}:-&*!|>'\"#, \nabz")
    return "".join(chars)


def wrong_header_type(text, rnd, data):
    data = _copy(data)
    key = rnd.choice([k for k in data if k != "actions"] + ["options.x", "seats.name", "seats.kind",
                                                            "seats.difficulty", "seats.colour", "seats"])
    value = rnd.choice(ODD_VALUES)
    if key == "options.x":
        data["options"] = {rnd.choice(["x", "map", "history", "circus", "tycoons"]): value}
    elif key.startswith("seats."):
        rnd.choice(data["seats"])[key.split(".")[1]] = value
    else:
        data[key] = value
    return dump(data)


def wrong_action_field(text, rnd, data):
    data = _copy(data)
    if not data["actions"]:
        return text
    move = rnd.choice(data["actions"])
    field = rnd.choice(list(move))
    move[field] = rnd.choice(ODD_VALUES)
    if rnd.random() < 0.3:
        data["actions"].insert(rnd.randrange(len(data["actions"]) + 1), rnd.choice(ODD_VALUES))
    return dump(data)


def deep_nesting(text, rnd, data):
    depth = rnd.choice([17, 100, 1000, 30_000])
    deep = "[" * depth + "]" * depth
    key = rnd.choice(["seed", "undo_barrier", "options", "  name", "- type"])
    lines = text.splitlines()
    at = next((i for i, line in enumerate(lines) if line.startswith(key)), 0)
    lines[at] = lines[at].split(":")[0] + ": " + deep
    return "\n".join(lines)


def alias_bomb(text, rnd, data):
    levels = rnd.randint(2, 9)
    bomb = ['b0: &b0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    bomb += [f"b{i}: &b{i} [" + ",".join([f"*b{i - 1}"] * 9) + "]" for i in range(1, levels)]
    if rnd.random() < 0.5:
        return "\n".join(bomb) + "\n" + text
    return text.replace("options: {}", f"options: &o {{x: 1}}\nmore: *o", 1)


def yaml_tags(text, rnd, data):
    tag = rnd.choice(["!!python/object/apply:os.system ['true']", "!!python/name:os.system", "!!binary aGk=",
                      "!!timestamp 2001-12-14", "!!set {a, b}", "!!omap [a: 1]", "!custom 5", "!!int 7",
                      "!!str seed", "2001-12-14", "<<: {a: 1}"])
    key = rnd.choice(["seed", "game", "undo_barrier", "format_version"])
    return "\n".join(f"{key}: {tag}" if line.startswith(key + ":") else line for line in text.splitlines())


def huge_numbers(text, rnd, data):
    digits = rnd.choice([20, 400, 999, 4301, 100_000])
    number = rnd.choice(["", "-", "0x", "0o", "1_"]) + "9" * digits
    key = rnd.choice(["seed", "undo_barrier", "moves", "format_version"])
    out = "\n".join(f"{key}: {number}" if line.startswith(key + ":") else line for line in text.splitlines())
    return out if rnd.random() < 0.7 else out.replace("- type:", f"- x: {number}\n  type:", 1)


def huge_strings(text, rnd, data):
    size = rnd.choice([41, 1001, 100_000, 2_000_000])
    where = rnd.choice(["name: Player 1", "colour: orange", "game: ", "type: "])
    return text.replace(where, where + "n" * size, 1)


def reformat(text, rnd, data):
    """The same save in another YAML layout (flow style, keys reversed):
    nothing changed that matters, so it loads."""
    return yaml.dump(dict(reversed(list(data.items()))), Dumper=DUMPER, default_flow_style=rnd.random() < 0.5,
                     width=rnd.choice([40, 80, 200]))


def cut_moves(text, rnd, data):
    """Moves cut off at a move boundary: refused, or loaded on purpose as
    the earlier position."""
    data = _copy(data)
    del data["actions"][rnd.randrange(len(data["actions"]) + 1):]
    return dump(data)


DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def dump(data):
    return yaml.dump(data, Dumper=DUMPER, sort_keys=False, allow_unicode=True)


def _copy(data):
    return copy.deepcopy(data)


MUTATIONS = [truncate, flip_bytes, flip_chars, wrong_header_type, wrong_action_field, deep_nesting, alias_bomb,
             yaml_tags, huge_numbers, huge_strings, reformat, cut_moves]


def test_a_thousand_damaged_saves_load_exactly_or_are_refused(corpus):
    rnd = random.Random(20261123)
    escapes, outcomes = [], {"loaded": 0, "refused": 0}
    for case in range(CASES):
        mutate = MUTATIONS[case % len(MUTATIONS)]
        text, data = corpus[rnd.randrange(len(corpus))]
        damaged = mutate(text, rnd, data)
        trust = case % 3 == 0  # a third as if the player chose "Load anyway", to reach past the checksum
        try:
            loaded = Session.from_save_text(damaged, trust_edited=trust)
        except SaveError as err:
            assert str(err) and len(str(err)) < 1000
            outcomes["refused"] += 1
            continue
        except BaseException as exc:  # noqa: BLE001 (counting escapes is the point)
            escapes.append((case, mutate.__name__, type(exc).__name__, str(exc)[:200]))
            continue
        assert loaded.state == loaded.replay().state, (case, mutate.__name__)
        if not trust and loaded.to_save_dict()["actions"] != data["actions"]:
            assert yaml.safe_load(damaged).get("format_version") == 1, (case, mutate.__name__)
        outcomes["loaded"] += 1
    assert escapes == []
    assert outcomes["refused"] > 500 and outcomes["loaded"] > 50, outcomes
