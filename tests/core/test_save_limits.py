"""Hostile and damaged saves (issue 10, "Saves and autosaves"): every one is
refused with a SaveError sentence, quickly, and never crashes, hangs or
overflows the stack; a save cut short or edited is noticed."""
import os

import pytest
import yaml

from game.core.engine import Seat
from game.core.errors import EditedSaveError, SaveError
from game.core.savefile import MAX_SAVE_BYTES, dump_save, parse_save_text
from game.core.session import Session

from tests.core.toy_game import Add, Roll, ToyGame

SEATS = [Seat("Ann", "orange"), Seat("Bob", "sky", "computer", "easy")]
HEADER = "format_version: 1\ngame: toy\nseed: 1\n"


def toy(_gid):
    return ToyGame


def load_text(text, **kw):
    return Session.from_save_text(text, engine_for=toy, **kw)


def refused(text, words, **kw):
    with pytest.raises(SaveError) as err:
        load_text(text, **kw)
    assert words in str(err.value), str(err.value)
    assert len(str(err.value)) < 600
    return err.value


def game_text(moves=(Add(2), Roll(), Add(3), Add(1))):
    s = Session("toy", {}, 5, SEATS, engine=ToyGame)
    for m in moves:
        s.apply(m)
    return s, yaml.safe_dump(s.to_save_dict(), sort_keys=False)


def test_a_seed_longer_than_pythons_int_limit_is_refused():
    refused(HEADER.replace("seed: 1", "seed: " + "7" * 4301) + "seats: [{name: A}, {name: B}]\nactions: []",
            "a value is 4,301 characters long")
    refused(HEADER.replace("seed: 1", "seed: " + "7" * 30) + "seats: [{name: A}, {name: B}]\nactions: []",
            "seed is not a whole number below 2^64")


def test_a_deep_list_in_a_seat_name_is_refused():
    deep = "[" * 1000 + "]" * 1000
    refused(HEADER + f"seats: [{{name: {deep}}}, {{name: B}}]\nactions: []", "nest more than 16 deep")


def test_thirty_thousand_nested_brackets_do_not_reach_the_c_loader():
    refused("[" * 30_000 + "]" * 30_000, "nest more than 16 deep")
    refused("a: " + "{a: " * 30_000, "nest more than 16 deep")


def test_billion_laughs_is_refused_at_the_first_anchor():
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]")
    refused("\n".join(lines), "anchors or aliases")
    refused("- !!python/object/apply:os.system ['true']", "YAML tag")
    refused("seed: !!int 5", "YAML tag")


@pytest.mark.parametrize("value, words", [
    ("2001-12-14", "is not plain data"),  # a date: a save never holds one
    ("!!binary aGVsbG8=", "YAML tag"),
    ("x" * 1001, "characters long"),
])
def test_values_that_are_not_plain_data_are_refused(value, words):
    refused(HEADER + f"seats: [{{name: {value}}}, {{name: B}}]\nactions: []", words)


def test_too_many_values_are_refused():
    refused("[" + "0," * 200_000 + "0]", "more than 100,000 values")
    refused("[" + ",".join(f"0x{i:x}" for i in range(600)) + "]", "more than 500 of its numbers are not written")


def test_values_read_as_yaml_reads_them():
    text = ("a: [1, -0, 007, 0x1f, 1:20, +5, 1_000, 1.5, 1.0e+20, .inf, 1e5, yes, No, 'yes', ~, null, '', "
            "2nd, ENG-1, Player 1, y, n]")
    assert parse_save_text(text) == yaml.safe_load(text)
    _, save = game_text()
    assert parse_save_text(save) == yaml.safe_load(save)


def test_a_hand_edited_yes_is_a_true_option():
    ok = Session.from_save_text(HEADER + "options: {fast: yes, map: large}\nseats: [{name: A}, {name: B}]\n"
                                "actions: []", engine_for=lambda gid: Optioned)
    assert ok.options == {"fast": True, "map": "large"}


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_devices_folders_and_huge_files_are_refused_before_reading(tmp_path):
    for path, words in (("/dev/zero", "is not a save file"), (tmp_path, "is not a save file")):
        with pytest.raises(SaveError) as err:
            Session.load(path, engine_for=toy)
        assert words in str(err.value)
    huge = tmp_path / "huge.yaml"
    with open(huge, "wb") as fh:
        fh.truncate(MAX_SAVE_BYTES + 1)
    with pytest.raises(SaveError) as err:
        Session.load(huge, engine_for=toy)
    assert "larger than 1024 KB" in str(err.value)


@pytest.mark.parametrize("seats, words", [
    ("[{name: 5}, {name: B}]", "player 1 has no name of 1 to 40 characters"),
    ("[{name: " + "n" * 41 + "}, {name: B}]", "player 1 has no name"),
    ("[{name: '  '}, {name: B}]", "player 1 has no name"),
    ("[{name: A}, {name: B, kind: robot}]", "player 2 is neither a person nor a computer player"),
    ("[{name: A}, {name: B, difficulty: [x]}]", "player 2 has an unknown difficulty"),
    ("[{name: A}, {name: B, colour: {r: 1}}]", "player 2 has a colour that is not a colour name"),
    ("[{name: A}, {name: B, hat: top}]", "player 2 is not a name, colour, kind and difficulty"),
    ("[A, B]", "player 1 is not a name"),
    ("[{name: A}, {name: B}, {name: C}, {name: D}, {name: E}]", "Toy takes 2 to 4 players, not 5"),
])
def test_seat_fields_have_strict_types(seats, words):
    refused(HEADER + f"seats: {seats}\nactions: []", words)


class Optioned(ToyGame):
    from game.core.engine import OptionSpec

    option_specs = (OptionSpec("fast", "Fast game", "bool", False),
                    OptionSpec("map", "Map", "choice", "small", ("small", "large")))


@pytest.mark.parametrize("options, words", [
    ("{colour: red}", "Toy has no option 'colour'"),
    ("{fast: 'yes'}", "option 'Fast game' cannot be 'yes'"),
    ("{fast: [[[]]]}", "option 'Fast game' cannot be"),
    ("{map: huge}", "option 'Map' cannot be 'huge'"),
    ("{map: 3}", "option 'Map' cannot be '3'"),
    ("[fast]", "options are not a mapping"),
])
def test_options_are_only_the_games_declared_ones(options, words):
    with pytest.raises(SaveError) as err:
        Session.from_save_text(HEADER + f"options: {options}\nseats: [{{name: A}}, {{name: B}}]\nactions: []",
                               engine_for=lambda gid: Optioned)
    assert words in str(err.value)
    ok = Session.from_save_text(HEADER + "options: {fast: true, map: large}\nseats: [{name: A}, {name: B}]\n"
                                "actions: []", engine_for=lambda gid: Optioned)
    assert ok.options == {"fast": True, "map": "large"}


@pytest.mark.parametrize("problem", [RecursionError("deep"), MemoryError(), KeyError("x" * 10_000),
                                     TypeError("bad"), ZeroDivisionError("oops")])
def test_anything_an_engine_raises_during_replay_is_a_save_error(problem):
    class Broken(ToyGame):
        def apply(self, action):
            raise problem

    _, text = game_text()
    with pytest.raises(SaveError) as err:
        Session.from_save_text(text, engine_for=lambda gid: Broken)
    message = str(err.value)
    assert "at move 1: The game could not apply that move (" in message and len(message) < 300
    assert "()" not in message  # a problem without words is named by its kind


def test_an_engine_lookup_that_fails_any_way_is_a_save_error():
    def lookup(gid):
        raise KeyError(gid)

    _, text = game_text()
    with pytest.raises(SaveError) as err:
        Session.from_save_text(text, engine_for=lookup)
    assert "is for a game that cannot be played" in str(err.value)


def test_a_save_of_another_game_is_refused_when_a_game_is_expected():
    _, text = game_text()
    with pytest.raises(SaveError) as err:
        Session.from_save_text(text, engine_for=lambda gid: {"toy": ToyGame}[gid], expect_game="toy2")
    assert "is a save of Toy, not of toy2" in str(err.value)


def test_every_save_records_its_move_count_and_a_checksum():
    s, text = game_text()
    data = yaml.safe_load(text)
    assert data["format_version"] == 2 and data["moves"] == 4 and len(data["digest"]) == 64
    assert list(data)[-1] == "actions"  # a cut always loses moves, never the checksum first
    assert load_text(text).state == s.state


def test_a_truncated_save_is_refused_not_loaded_as_an_earlier_position():
    s, text = game_text([Add(2), Roll(), Add(3), Add(1), Add(2), Add(1)])
    cut = text[: text.rindex("- type:")]  # the last move lost, the YAML still valid
    err = refused(cut, "was cut short or edited: it should hold 6 moves but holds 5")
    assert isinstance(err, EditedSaveError) and "Load it anyway only if you changed it on purpose" in str(err)
    earlier = load_text(cut, trust_edited=True)  # on purpose: it loads
    assert len(earlier.actions) == 5


def test_an_edited_save_is_refused_unless_trusted():
    _, text = game_text()
    edited = text.replace("amount: 3", "amount: 1")
    refused(edited, "its checksum does not match its contents")
    assert [a.to_dict() for a in load_text(edited, trust_edited=True).actions][2] == {"type": "toy.add",
                                                                                      "amount": 1}
    refused(text.replace("seed: 5", "seed: 6"), "its checksum does not match")
    refused(text.replace("moves: 4\n", ""), "its move count and checksum are missing")


def test_the_checksum_ignores_layout():
    s, text = game_text()
    data = yaml.safe_load(text)
    reordered = yaml.safe_dump(dict(reversed(list(data.items()))), default_flow_style=True, width=40)
    assert load_text(reordered).state == s.state


def test_an_old_save_without_checksum_loads_as_before():
    s, text = game_text()
    data = yaml.safe_load(text)
    for key in ("moves", "digest", "round", "finished"):
        del data[key]
    data["format_version"] = 1
    back = load_text(yaml.safe_dump(data, sort_keys=False))
    assert back.state == s.state


def test_the_dumper_writes_no_anchors_even_for_shared_values():
    shared = ["a", "b"]
    s = Session("toy", {"x": shared, "y": shared}, 5, SEATS, engine=ToyGame)
    text = dump_save(s.to_save_dict())
    assert "&" not in text and "*" not in text
    assert parse_save_text(text)["options"] == {"x": shared, "y": shared}


def test_a_number_pyyaml_cannot_convert_is_refused():
    refused(HEADER + "seats: [{name: A}, {name: B}]\nundo_barrier: 0b_\nactions: []", "'0b_' is not a number")


def test_anything_unexpected_while_reading_is_a_save_error(monkeypatch):
    import game.core.session as session_module

    def broken(text, name):
        raise MemoryError()

    monkeypatch.setattr(session_module, "parse_save_text", broken)
    refused("a: 1", "the save could not be loaded: MemoryError")


def test_every_declared_option_value_of_every_built_game_passes_the_checks():
    from game import registry
    from game.core.save_checks import check_save

    for game_id in (g for g in registry.GAME_IDS if registry.GAMES[g].built):
        engine = registry.engine(game_id)
        for spec in engine.option_specs:
            for value in spec.choices if spec.kind == "choice" else (True, False):
                data = {"format_version": 1, "game": game_id, "seed": 1, "options": {spec.key: value},
                        "seats": [{"name": f"P{i}"} for i in range(engine.min_players)], "actions": []}
                assert check_save(data, registry.engine, "s").options == {spec.key: value}
