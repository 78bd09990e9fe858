"""Every data file of Russian Rails and Lunar Rails (the crayon engine) and Regional Rails,
damaged in every way a person editing it could: the damage is refused at load
with a MapError naming the file (and the key, layer or object), and the
command line (`play`, `screenshot`, `simulate`) says so in one sentence with
exit code 2, never a traceback.

The damage is done to a copy of the program in a temporary folder (game/,
ui/, maps/, main.py and a link to assets/), so the real files are never
touched. Every (file, damage) pair goes through the file's loader in-process;
a representative subset runs the real command line as a subprocess.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from game.core.errors import MapError

ROOT = Path(__file__).resolve().parent.parent
RR_RULES = "game/crayon/russian_rails/rules.yaml"
LOADS, DEMANDS, EVENTS = (f"maps/russian_rails/{n}.yaml" for n in ("loads", "demands", "events"))
RR_MAP, RR_TILES = "maps/russian_rails/russian_rails.tmx", "maps/russian_rails/russian_rails_tiles.tsx"
LR_RULES = "game/crayon/lunar_rails/rules.yaml"
LR_LOADS, LR_DEMANDS, LR_EVENTS = (f"maps/lunar_rails/{n}.yaml" for n in ("loads", "demands", "events"))
LR_MAP, LR_TILES = "maps/lunar_rails/lunar_rails.tmx", "maps/lunar_rails/lunar_rails_tiles.tsx"
REG_RULES = "game/regional_rails/rules.yaml"
REG_MAP, REG_TILES = "maps/regional_rails/regional_rails.tmx", "maps/regional_rails/terrain.tsx"


@dataclass(frozen=True)
class Damage:
    """`old` replaced by `new` (once) in the file; the message must hold
    `words` and name `names` (the damaged file unless said otherwise)."""

    name: str
    old: str
    new: str
    words: str
    names: str = ""


def _generic(path: str) -> list[Damage]:
    """Empty, one byte \\xff, and a syntax error: the same for every file of a kind."""
    if path.endswith(".yaml"):
        return [Damage("empty", "", "", "the file is empty"),
                Damage("byte ff", "\n", "\n\udcff", "is not UTF-8 text"),
                Damage("syntax", "\n", "\nbad: line: here\n", "not valid YAML at line 2")]
    return [Damage("empty", "", "", "the file is empty"),
            Damage("byte ff", "\n", "\n\udcff", "is not UTF-8 text"),
            Damage("syntax", "<properties>", "<properties", "not valid XML")]


# Per file: a wrong type, a missing key, an unknown key (or value), an out-of-range number.
SPECIFIC: dict[str, list[Damage]] = {
    RR_RULES: [
        Damage("type", "rent: 4 ", "rent: four ", "rent: must be a whole number, not the text 'four'"),
        Damage("missing", "hand_size: 3 ", "# hand_size: 3 ", "the key(s) hand_size are missing"),
        Damage("unknown", "rent: 4 ", "rentt: 4\nrent: 4 ", "unknown key(s) rentt"),
        Damage("range", "ferry_max_builders: 2", "ferry_max_builders: 0", "ferry_max_builders: is 0"),
    ],
    LOADS: [
        Damage("type", "{name: Oil, chips: 4,", "{name: Oil, chips: many,", "loads[0].chips: must be a whole number"),
        Damage("missing", "{name: Oil, chips: 4,", "{name: Oil,", "loads[0]: the key(s) chips are missing"),
        Damage("unknown", "{name: Oil, chips: 4,", "{name: Oil, colour: black, chips: 4,",
               "loads[0]: unknown key(s) colour"),
        Damage("range", "{name: Oil, chips: 4,", "{name: Oil, chips: 0,", "loads[0].chips: is 0"),
    ],
    DEMANDS: [
        Damage("type", "payout: 26}", "payout: 26M}", "cards[0].demands[0].payout: must be a whole number"),
        Damage("missing", "{city: Orenburg, load: Cotton,", "{load: Cotton,",
               "cards[0].demands[0]: the key(s) city are missing"),
        Damage("unknown", "payout: 26}", "payout: 26, bonus: 1}", "cards[0].demands[0]: unknown key(s) bonus"),
        Damage("range", "payout: 26}", "payout: -26}", "cards[0].demands[0].payout: is -26"),
    ],
    EVENTS: [
        Damage("type", "radius: 7", "radius: [7]", "cards[2].radius: must be a whole number, not a list"),
        Damage("missing", "    radius: 7\n", "", "cards[2]: the key(s) radius are missing"),
        Damage("unknown", "    radius: 7\n", "    radius: 7\n    duration: 2\n", "cards[2]: unknown key(s) duration"),
        Damage("range", "reward: 35", "reward: 0", "cards[16].dual.top.reward: is 0"),
    ],
    RR_MAP: [
        Damage("type", 'type="float" value="58"', 'type="float" value="fifty"',
               "the property 'spacing_km' must be a number, not 'fifty'"),
        Damage("missing", 'name="cities">', 'name="towns">', "no object layer named 'cities'"),
        Damage("unknown", '<property name="city_size" value="major"/>', '<property name="city_size" value="huge"/>',
               "(Moscow) has city_size 'huge'"),
        Damage("range", 'hexsidelength="15"', 'hexsidelength="0"', "the map has no hexsidelength"),
        Damage("range", 'name="cost" type="int" value="8"', 'name="cost" type="int" value="-8"',
               "layer 'ferries', object 'Caspian Ferry' costs -8; a ferry costs 0 to 99"),
    ],
    RR_TILES: [
        Damage("type", '<property name="terrain" value="clear"/>', '<property name="terrain" type="bool" value="clear"/>',
               "tile 0, the property 'terrain' must be true or false"),
        Damage("missing", '<property name="terrain" value="clear"/>', "", "layer 'terrain'", names=RR_MAP),
        Damage("unknown", '<property name="terrain" value="clear"/>', '<property name="terrain" value="tundra"/>',
               "terrain is 'tundra'", names=RR_MAP),
        Damage("range", '<tile id="0">', '<tile id="999">', "layer 'terrain'", names=RR_MAP),
    ],
    REG_RULES: [
        Damage("type", "max_per_turn: 4", "max_per_turn: 4.5", "build.max_per_turn: must be a whole number"),
        Damage("missing", "  rest_rate: 1\n", "", "dividends: the key(s) rest_rate are missing"),
        Damage("unknown", "upkeep:\n", "upkeep:\n  vp_per_paid: 1\n", "upkeep: unknown key(s) vp_per_paid"),
        Damage("range", "side_cap: 3", "side_cap: 30", "build.side_cap: is 30, but must be at most 9"),
    ],
    REG_MAP: [
        Damage("type", 'x="315" y="40"', 'x="west" y="40"',
               "object 'Northgate', the object attribute x must be a number, not 'west'"),
        Damage("missing", 'name="places">', 'name="towns">', "no object layer 'places'"),
        Damage("unknown", 'type="start_city" x="315"', 'type="capital" x="315"', "has type 'capital'"),
        Damage("range", 'x="315" y="40"', 'x="31500" y="40"', "(Northgate) is not on a land hex"),
    ],
    REG_TILES: [
        Damage("type", '<property name="terrain" value="plains"/>',
               '<property name="terrain" type="int" value="plains"/>',
               "tile 0, the property 'terrain' must be a whole number, not 'plains'"),
        Damage("missing", '<property name="terrain" value="plains"/>', "", "layer 'terrain'", names=REG_MAP),
        Damage("unknown", 'value="plains"', 'value="swamp"', "has terrain 'swamp'", names=REG_MAP),
        Damage("range", '<tile id="0">', '<tile id="999">', "layer 'terrain'", names=REG_MAP),
    ],
}
SPECIFIC.update({
    LR_RULES: [
        Damage("type", "rent: 4 ", "rent: four ", "rent: must be a whole number, not the text 'four'"),
        Damage("missing", "hand_size: 3 ", "# hand_size: 3 ", "the key(s) hand_size are missing"),
        Damage("range", "rent: 4 ", "rent: -4 ", "rent: is -4"),
    ],
    LR_DEMANDS: [
        Damage("type", "load: Machinery, payout: 27}", "load: Machinery, payout: 27M}", "payout: must be a whole number"),
        Damage("unknown", "load: Machinery, payout: 27}", "load: Machinery, payout: 27, bonus: 1}",
               "unknown key(s) bonus"),
    ],
    LR_EVENTS: [Damage("type", "distance: 3", "distance: three", "must be a whole number")],
    LR_LOADS: [],
    LR_MAP: [],
    LR_TILES: [],
})
CASES = [(path, damage) for path, damages in SPECIFIC.items() for damage in _generic(path) + damages]


# The copy of the program ----------------------------------------------------------


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    """A copy of the program to damage (pycache kept: copies keep their times)."""
    top = tmp_path_factory.mktemp("program")
    for folder in ("game", "ui", "maps"):
        shutil.copytree(ROOT / folder, top / folder)
    shutil.copy2(ROOT / "main.py", top / "main.py")
    (top / "assets").symlink_to(ROOT / "assets")
    return top


@pytest.fixture
def damage(tree):
    """Damage one file of the copy for one test, and put it back after."""
    saved: dict[Path, bytes] = {}

    def apply(path: str, d: Damage) -> None:
        target = tree / path
        saved[target] = target.read_bytes()
        text = saved[target].decode("utf-8")
        assert d.old in text, f"{d.old!r} is no longer in {path}: update the damage"
        changed = "" if d.name == "empty" else text.replace(d.old, d.new, 1)
        target.write_bytes(changed.encode("utf-8", "surrogateescape"))

    yield apply
    for target, data in saved.items():
        target.write_bytes(data)


# In-process: every (file, damage) pair through the loader the game uses ------------


@pytest.fixture(scope="module")
def lunar_refs(tree):
    from game.crayon.board import CrayonBoard
    from game.crayon.content import load_loads

    board = CrayonBoard.load(str(tree / LR_MAP))
    return board, {lt.name for lt in load_loads(str(tree / LR_LOADS), board.cities)}


@pytest.fixture(scope="module")
def russian_refs(tree):
    from game.crayon.board import CrayonBoard
    from game.crayon.content import load_loads

    board = CrayonBoard.load(str(tree / RR_MAP))
    return board, {lt.name for lt in load_loads(str(tree / LOADS))}


def _lunar_loader(path: str, tree: Path, lunar_refs) -> Callable[[], object]:
    from game.crayon.board import CrayonBoard
    from game.crayon.content import EventRefs, load_demands, load_events, load_loads
    from game.crayon.lunar_rails.engine import LUNAR_KINDS
    from game.crayon.rules import load_rules

    full = str(tree / path)
    board, loads = lunar_refs
    return {
        LR_RULES: lambda: load_rules(full, board),
        LR_LOADS: lambda: load_loads(full, board.cities),
        LR_DEMANDS: lambda: load_demands(full, board.cities, loads),
        LR_EVENTS: lambda: load_events(full, EventRefs.of(board, loads), LUNAR_KINDS),
        LR_MAP: lambda: CrayonBoard.load(full),
        LR_TILES: lambda: CrayonBoard.load(str(tree / LR_MAP)),
    }[path]


def _loader(path: str, tree: Path, russian_refs) -> Callable[[], object]:
    from game.crayon.board import CrayonBoard
    from game.crayon.content import EVENT_KINDS, EventRefs, load_demands, load_events, load_loads
    from game.crayon.rules import load_rules as crayon_rules
    from game.crayon.russian_rails.engine import FALL_KIND
    from game.regional_rails.data import load_rules as regional_rules
    from game.regional_rails.tmx_board import load_board

    full = str(tree / path)
    board, loads = russian_refs
    return {
        RR_RULES: lambda: crayon_rules(full, board),
        LOADS: lambda: load_loads(full, board.cities),
        DEMANDS: lambda: load_demands(full, board.cities, loads),
        EVENTS: lambda: load_events(full, EventRefs.of(board, loads), {**EVENT_KINDS, FALL_KIND: {}}),
        RR_MAP: lambda: CrayonBoard.load(full),
        RR_TILES: lambda: CrayonBoard.load(str(tree / RR_MAP)),
        REG_RULES: lambda: regional_rules(full),
        REG_MAP: lambda: load_board(full),
        REG_TILES: lambda: load_board(str(tree / REG_MAP)),
    }[path]


@pytest.mark.parametrize("path, d", CASES, ids=[f"{os.path.basename(p)}-{d.name}" for p, d in CASES])
def test_every_damage_is_refused_naming_the_file_and_key(path, d, tree, damage, russian_refs, lunar_refs):
    lunar = "lunar_rails" in path
    load = _lunar_loader(path, tree, lunar_refs) if lunar else _loader(path, tree, russian_refs)
    damage(path, d)
    with pytest.raises(MapError) as err:
        load()
    message = str(err.value)
    assert (d.names or path) in message and d.words in message


def test_the_copy_loads_when_undamaged(tree, russian_refs):
    """The damages above are the only reason the loads fail (the tilesets load with their maps)."""
    for path in (RR_RULES, LOADS, DEMANDS, EVENTS, RR_MAP, REG_RULES, REG_MAP):
        _loader(path, tree, russian_refs)()


def test_the_lunar_copy_loads_when_undamaged(tree, lunar_refs):
    for path in (LR_RULES, LR_LOADS, LR_DEMANDS, LR_EVENTS, LR_MAP):
        _lunar_loader(path, tree, lunar_refs)()


# Subprocesses: the command line reports it ------------------------------------------

COMMANDS = {
    "play": lambda game, tmp: ["--quit-after-frames", "1", "play", game, "--players", "2", "--seed", "1"],
    "screenshot": lambda game, tmp: ["screenshot", game, "--out", str(tmp / "shot.png"), "--size", "640x480",
                                     "--frames", "1"],
    "simulate": lambda game, tmp: ["simulate", game, "--players", "2", "--games", "1"],
}
GAME_OF = {RR_RULES: "russian_rails", LOADS: "russian_rails", DEMANDS: "russian_rails", EVENTS: "russian_rails",
           RR_MAP: "russian_rails", RR_TILES: "russian_rails", REG_RULES: "regional_rails",
           REG_MAP: "regional_rails", REG_TILES: "regional_rails",
           **{p: "lunar_rails" for p in (LR_RULES, LR_LOADS, LR_DEMANDS, LR_EVENTS, LR_MAP, LR_TILES)}}


def _pick(path: str, name: str) -> Damage:
    return next(d for d in _generic(path) + SPECIFIC[path] if d.name == name)


# Each file once, each command in turn, and a file of each game through all three.
RUNS = [(path, _pick(path, name), command) for path, name, command in [
    (RR_RULES, "range", "play"), (LOADS, "byte ff", "screenshot"), (DEMANDS, "missing", "simulate"),
    (EVENTS, "unknown", "play"), (EVENTS, "syntax", "screenshot"), (EVENTS, "type", "simulate"),
    (RR_MAP, "missing", "screenshot"), (RR_TILES, "syntax", "simulate"),
    (REG_RULES, "range", "play"), (REG_RULES, "empty", "screenshot"), (REG_RULES, "missing", "simulate"),
    (REG_MAP, "unknown", "play"), (REG_TILES, "type", "screenshot"),
    (LR_RULES, "range", "play"), (LR_LOADS, "byte ff", "screenshot"), (LR_EVENTS, "syntax", "simulate"),
    (LR_MAP, "syntax", "screenshot"),
]]


@pytest.mark.parametrize("path, d, command", RUNS,
                         ids=[f"{os.path.basename(p)}-{d.name}-{c}" for p, d, c in RUNS])
def test_the_command_line_reports_damage_in_one_sentence(path, d, command, tree, damage, tmp_path):
    damage(path, d)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "RAILTABLE_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, str(tree / "main.py"), *COMMANDS[command](GAME_OF[path], tmp_path)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("railtable: ")
    assert (d.names or path) in done.stderr and d.words in done.stderr
    assert not (tmp_path / "shot.png").exists() and done.stdout == ""
