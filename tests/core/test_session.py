import os
import random

import pytest
import yaml

from game.core import atomic
from game.core.engine import Seat
from game.core.errors import IllegalAction, SaveError
from game.core.session import Session

from tests.core.toy_game import Add, Added, Roll, ToyGame

SEATS = [Seat("Ann", "orange"), Seat("Bob", "sky", "computer", "easy")]


def new(seed=5, autosave=None):
    return Session("toy", {}, seed, SEATS, engine=ToyGame, autosave_path=autosave)


def load(text):
    return Session.from_save_text(text, engine_for=lambda gid: ToyGame if gid == "toy" else _unknown(gid))


def _unknown(gid):
    raise ValueError(f"unknown game {gid!r}")


def play(session, moves):
    for m in moves:
        session.apply(m)


MOVES = [Add(2), Roll(), Add(3), Add(1), Roll(), Add(2)]


def test_same_seed_and_actions_give_the_same_state():
    a, b = new(), new()
    play(a, MOVES)
    play(b, MOVES)
    assert a.state.to_dict() == b.state.to_dict()
    assert a.replay().state.to_dict() == a.state.to_dict()


def test_illegal_action_is_refused_and_changes_nothing():
    s = new()
    play(s, MOVES[:2])
    before = s.state.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply(Add(7))
    assert err.value.message == "You may add 1, 2 or 3, not 7."
    assert s.state.to_dict() == before and len(s.actions) == 2


def test_log_lines_are_linked_to_actions():
    s = new()
    play(s, [Add(2), Add(3)])
    assert [(e.action_index, e.seat, e.text) for e in s.log[1:]] == [(0, 0, "Ann adds 2."), (1, 1, "Bob adds 3.")]


def test_undo_replays_and_stops_at_random_draws():
    s = new()
    s.apply(Add(2))
    assert s.undo_refusal() == "Only moves made in the current turn can be undone."
    s.apply(Roll())
    s.apply(Add(1))
    assert "cannot be undone" not in (s.undo_refusal() or "")
    # Add(1) by Ann, now Bob to play: Ann's move is no longer in the current turn.
    with pytest.raises(IllegalAction):
        s.undo()


def test_undo_within_the_turn_restores_the_previous_state():
    class Solo(ToyGame):
        def apply(self, action):
            events = super().apply(action)
            self.turn = 0  # Ann plays forever: every move is in her turn
            return events

    s = Session("toy", {}, 1, SEATS, engine=Solo)
    s.apply(Add(2))
    snapshot = s.state.to_dict()
    log_len = len(s.log)
    s.apply(Add(3))
    s.undo()
    assert s.state.to_dict() == snapshot and len(s.log) == log_len
    s.apply(Roll())
    assert s.undo_refusal() == "That move revealed something hidden or drew at random, so it cannot be undone."


def test_save_load_round_trip(tmp_path):
    s = new()
    play(s, MOVES)
    path = tmp_path / "game.yaml"
    s.save(path)
    back = Session.load(path, engine_for=lambda gid: ToyGame)
    assert back.state.to_dict() == s.state.to_dict()
    assert [a.to_dict() for a in back.actions] == [a.to_dict() for a in s.actions]
    assert yaml.safe_load(path.read_text())["format_version"] == 2


def test_autosave_after_every_action(tmp_path):
    path = tmp_path / "auto.yaml"
    s = new(autosave=str(path))
    s.apply(Add(1))
    assert len(yaml.safe_load(path.read_text())["actions"]) == 1
    s.apply(Roll())
    back = Session.load(path, engine_for=lambda gid: ToyGame)
    assert back.state.to_dict() == s.state.to_dict()


def test_interrupted_save_leaves_the_previous_file_intact(tmp_path, monkeypatch):
    s = new()
    play(s, MOVES[:3])
    path = tmp_path / "game.yaml"
    s.save(path)
    good = path.read_text()

    def crash(src, dst):
        raise OSError("disk pulled out")

    monkeypatch.setattr(atomic.os, "replace", crash)
    s.apply(Add(1))
    with pytest.raises(OSError):
        s.save(path)
    assert path.read_text() == good
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]


@pytest.mark.parametrize("text, words", [
    ("", "is not a Railtable save"),
    ("just words", "is not a Railtable save"),
    ("format_version: 99\ngame: toy\nseed: 1\nseats: [{name: A}]\nactions: []", "newer Railtable"),
    ("format_version: 1\ngame: chess\nseed: 1\nseats: [{name: A}, {name: B}]\nactions: []", "cannot be played"),
    ("format_version: 1\ngame: toy\nseed: one\nseats: [{name: A}]\nactions: []", "seed is not a whole number"),
    ("format_version: 1\ngame: toy\nseed: 1\nseats: []\nactions: []", "lists no players"),
    ("format_version: 1\ngame: toy\nseed: 1\nseats: [{name: A}]\nactions: []", "Toy takes 2 to 4 players, not 1"),
    ("format_version: 1\ngame: toy\nseed: 1\nseats: [{name: A}, {name: B}]\nactions: 3", "list of moves is missing"),
    ("format_version: 1\ngame: toy\nseed: 1\nseats: [{name: A}, {name: B}]\nactions: [{type: toy.fly}]",
     "damaged at move 1: unknown action type 'toy.fly'"),
    ("format_version: 1\ngame: toy\nseed: 1\nseats: [{name: A}, {name: B}]\nactions: [{type: toy.add, amount: 9}]",
     "illegal move at move 1: You may add 1, 2 or 3, not 9."),
    ("format_version: 1\ngame: toy\nseed: 1\nseats: [{name: A}, {name: B}]\nactions: [{type: toy.add}]",
     "missing field 'amount'"),
    ("{a: [1, 2", "not valid YAML"),
    ("{{{", "a key is a list or mapping"),
])
def test_damaged_saves_give_clear_messages(text, words):
    with pytest.raises(SaveError) as err:
        load(text)
    assert words in str(err.value)


def test_fuzzed_saves_never_crash():
    s = new(seed=11)
    play(s, MOVES)
    good = yaml.safe_dump(s.to_save_dict())
    rnd = random.Random(1234)
    outcomes = {"loaded": 0, "refused": 0}
    for i in range(300):
        text = _corrupt(good, rnd, i)
        try:
            loaded = load(text)
        except SaveError as err:
            assert str(err)
            outcomes["refused"] += 1
        else:
            assert loaded.state.to_dict() == loaded.replay().state.to_dict()
            outcomes["loaded"] += 1
    assert outcomes["refused"] > 100


def _corrupt(text, rnd, i):
    kind = i % 5
    if kind == 0:
        return text[: rnd.randrange(len(text))]
    if kind == 1:
        chars = list(text)
        for _ in range(rnd.randint(1, 20)):
            chars[rnd.randrange(len(chars))] = chr(rnd.randrange(32, 0x2FF))
        return "".join(chars)
    data = yaml.safe_load(text)
    if kind == 2:
        key = rnd.choice(list(data))
        data[key] = rnd.choice([None, 3.5, "x", [], {}, True, -1])
    elif kind == 3:
        data["actions"].insert(rnd.randrange(len(data["actions"]) + 1),
                               rnd.choice([{"type": "toy.add", "amount": 5}, {"type": "bogus"}, 7, None]))
    else:
        return bytes(rnd.randrange(256) for _ in range(200)).decode("latin-1")
    return yaml.safe_dump(data)


def test_unreadable_file_is_a_save_error(tmp_path):
    with pytest.raises(SaveError) as err:
        Session.load(tmp_path / "missing.yaml", engine_for=lambda gid: ToyGame)
    assert "Cannot read the save file" in str(err.value)
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(os.urandom(64) + b"\xff\xfe")
    with pytest.raises(SaveError):
        Session.load(binary, engine_for=lambda gid: ToyGame)


def test_setup_events_open_the_log():
    class Dealt(ToyGame):
        @classmethod
        def new_game_with_events(cls, options, seed, seats):
            return cls.new_game(options, seed, seats), [Added(1, 4, "Bob")]

    s = Session("toy", {}, 2, SEATS, engine=Dealt)
    assert [(e.action_index, e.seat, e.text) for e in s.log[1:]] == [(-1, None, "Bob adds 4.")]


def test_save_of_a_game_whose_map_is_damaged_says_so():
    from game.core.errors import MapError

    class Unmapped(ToyGame):
        @classmethod
        def new_game(cls, options, seed, seats):
            raise MapError("maps/toy.tmx: the map has no tile layer named 'terrain'")

    text = "format_version: 1\ngame: toy\nseed: 1\nseats: [{name: A}, {name: B}]\nactions: []"
    with pytest.raises(SaveError) as err:
        Session.from_save_text(text, engine_for=lambda gid: Unmapped)
    assert "map or cards could not be read (maps/toy.tmx: the map has no tile layer named 'terrain')" in str(err.value)
