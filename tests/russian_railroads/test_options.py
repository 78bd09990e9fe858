"""Setup options: offered as option_specs, checked in new_game with a
sentence, saved with the game and restored on load."""
from __future__ import annotations

import pytest

from game.core.engine import Seat
from game.russian_railroads import ENGINE

SEATS = [Seat("Ann"), Seat("Bob")]


def test_the_board_option_offers_only_built_boards():
    specs = {spec.key: spec for spec in ENGINE.option_specs}
    assert specs["board"].kind == "choice" and specs["board"].default == "russia"
    assert specs["board"].choices == ("russia", "germany", "usa")
    assert {k: specs[k].kind for k in ("coal", "new_components")} == {"coal": "bool", "new_components": "bool"}


def test_no_options_is_the_base_game_on_the_russia_board():
    st = ENGINE.new_game({}, 3, SEATS)
    assert st.options["board"] == "russia" and st.data.board == "russia"
    assert st.to_dict() == ENGINE.new_game({"board": "russia"}, 3, SEATS).to_dict()


@pytest.mark.parametrize("options, words", [
    ({"board": "atlantis"}, "The option board cannot be 'atlantis'; choose russia"),
    ({"colour_blind": True}, "Russian Railroads has no option colour_blind"),
    ({"coal": "yes"}, "The option coal is on or off"),
])
def test_bad_options_are_refused_with_a_sentence(options, words):
    with pytest.raises(ValueError, match=words):
        ENGINE.new_game(options, 1, SEATS)


def test_options_are_saved_and_restored():
    st = ENGINE.new_game({"board": "russia"}, 5, SEATS)
    saved = st.to_dict()
    assert saved["options"]["board"] == "russia"
    back = ENGINE.from_dict(saved)
    assert back == st and back.options == st.options and back.data is st.data


def test_a_save_from_before_options_loads_as_the_base_game():
    saved = ENGINE.new_game({}, 5, SEATS).to_dict()
    del saved["options"]
    assert ENGINE.from_dict(saved).data.board == "russia"
