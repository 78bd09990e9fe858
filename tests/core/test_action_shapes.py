"""Malformed actions are refused with IllegalAction("malformed", sentence) by
the shared check in GameState.apply, before any engine code runs, and
value-level nonsense (empty paths, odd space ids) is refused by the rules."""
from __future__ import annotations

import pytest

from game.core.actions import Action, action, malformed
from game.core.engine import Seat
from game.core.errors import IllegalAction
from game.crayon import actions as C
from game.crayon.russian_rails import ENGINE as RUSSIAN_RAILS
from game.regional_rails import actions as G
from game.regional_rails import ENGINE as REGIONAL_RAILS
from game.russian_railroads import ENGINE as RUSSIAN_RAILROADS
from game.russian_railroads import actions as R

SEATS = [Seat("Ann"), Seat("Bob")]


@action("test.shapes")
class Shapes(Action):
    n: int
    path: tuple[tuple[int, int], ...]
    name: str | None = None
    flag: bool = False


def refusal(state, act) -> IllegalAction:
    before = state.to_dict()
    with pytest.raises(IllegalAction) as err:
        state.apply(act)
    assert state.to_dict() == before
    return err.value


@pytest.fixture(scope="module")
def railroads():
    return RUSSIAN_RAILROADS.new_game({}, 1, SEATS)


def test_field_types_come_from_the_dataclass():
    assert malformed(Shapes(1, ((0, 0), (1, -1)))) is None
    assert malformed(Shapes(1, (), name="x", flag=True)) is None
    assert malformed(Shapes(True, ())) == "The move Shapes is malformed: its n must be a whole number, not True."
    assert malformed(Shapes(1, ((0, "a"),))) == (
        "The move Shapes is malformed: its path must be a list of (a whole number, a whole number), "
        "not ((0, 'a'),).")
    assert malformed(Shapes(1, [(0, 0)])) is not None  # a list is not a tuple (actions are frozen)
    assert malformed(Shapes(1, ((0, 0, 0),))) is not None
    assert malformed(Shapes(1, (), name=3)) == (
        "The move Shapes is malformed: its name must be a text or empty, not 3.")
    assert malformed(Shapes(1, (), flag=1)) is not None
    assert malformed(Shapes(1.0, ())) is not None


def test_actions_of_other_games_and_non_actions_are_refused(railroads):
    assert refusal(railroads, G.Rob(0)).message == "Rob is not a move of Russian Railroads."
    assert refusal(railroads, "pass").message == "That is not a move of Russian Railroads."
    assert refusal(railroads, None).code == "malformed"  # type: ignore[arg-type]


def test_wrong_typed_fields_are_refused_before_the_rules_run(railroads):
    err = refusal(railroads, R.Relocate(space=None))  # type: ignore[arg-type]
    assert (err.code, err.message) == ("malformed", "The move Relocate is malformed: its space must be a text, "
                                                    "not None.")
    assert refusal(railroads, R.Place("A-2R", workers="1")).code == "malformed"  # type: ignore[arg-type]
    assert refusal(railroads, R.Place("A-2R", workers=True)).code == "malformed"
    regional = REGIONAL_RAILS.new_game({}, 1, SEATS)
    assert refusal(regional, G.BuildSide(0, 0, "2")).code == "malformed"  # type: ignore[arg-type]


def test_an_own_engineer_id_must_be_exact(railroads):
    st = railroads.clone()
    while st.phase == "draft":
        st.apply(st.legal_actions()[0])
    for space in ("ENG-1x", "ENG-", "ENG- 1", "ENG-01", "ENG-١"):
        assert refusal(st, R.Place(space, workers=1)).message == f"There is no action space called {space}."


def test_a_track_path_needs_two_mileposts():
    state = RUSSIAN_RAILS.new_game({}, 1, SEATS)
    for path in ((), ((3, 38),)):
        assert refusal(state, C.BuildTrack(path)).message == "A track path needs at least two mileposts."
    assert refusal(state, C.BuildTrack(((10 ** 9, 0), (10 ** 9, 1)))).code == "build"
