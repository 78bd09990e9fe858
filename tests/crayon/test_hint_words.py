"""A crayon hint's build says where it runs, by its ends, as the issue's
example has it ("..., then build Kiev–Lvov"): the build's log line says
only how much track for how much money, leaving the place to the map."""
from __future__ import annotations

from game import registry
from game.core.engine import Seat
from game.core.hints import explain
from game.core.search_bot import Decision
from game.crayon.actions import BuildTrack
from game.crayon.places import section_name


def _first_build(game_id: str, seed: int = 3):
    state = registry.engine(game_id).new_game({}, seed, [Seat(n) for n in ("Ann", "Bob")])
    bot = registry.make_bot(game_id, "normal", 1)
    while True:
        move = bot.choose(state)
        if isinstance(move, BuildTrack) and len(move.path) > 2:
            return state, move
        state.apply(move)


def test_a_build_hint_names_the_ends_of_its_track():
    for game_id in ("russian_rails", "lunar_rails"):
        state, build = _first_build(game_id)
        ends = section_name(state.board, build.path[0], build.path[-1])
        assert state.move_place(build) == ends and ends.startswith("from ")
        said = explain(state, Decision(build, 0.0, 0.0, None, 0, 0, build), "M")
        sections = len(build.path) - 1
        assert said.startswith(f"Build {sections} track sections for "), said
        assert f"M {ends}: " in said, said


def test_only_a_build_gets_a_place():
    state, build = _first_build("russian_rails")
    assert state.move_place(BuildTrack(build.path[:1])) is None
    assert all(state.move_place(a) is None for a in state.legal_actions() if not isinstance(a, BuildTrack))
