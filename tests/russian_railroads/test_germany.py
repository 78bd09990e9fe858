"""The Germany board of German Railroads (option board=germany), each rule with the rulebook sentence
it follows (/work/shared/rules/002_02062cc64240f741.txt, "German Railroads"). The board's printed
numbers are reconstructions (boards/germany.yaml, ESTIMATED); the tests read them from the data."""
from __future__ import annotations

import json

import pytest

import main
from game.core.errors import IllegalAction
from game.russian_railroads.actions import (Advance, ChooseBranch, ChooseExtension, ChooseIncome, EndTurn, Pass,
                                            Place, Relocate, UseIncome)
from game.russian_railroads.data import Effect, load
from game.russian_railroads.effects import add_task, check_specials
from game.russian_railroads.scoring import railroad_score
from game.russian_railroads.tracks import can_advance, refusal_to_advance, road_length, unlocked_colours
from tests.russian_railroads.helpers import check_invariants, finish_tasks, me, new_game, play, skip_draft

GERMANY = {"board": "germany"}


def germany_game(players: int = 3, seed: int = 1, options: dict | None = None):
    st = skip_draft(new_game(players, seed, {**GERMANY, **(options or {})}))
    finish_tasks(st)
    return st


def black_task(st, seat: int, count: int = 1):
    st.tasks.clear()
    return add_task(st, seat, Effect("track", count, ("black",)), True, "test", 0)


def seat_of(st, p) -> int:
    return st.players.index(p)


# The board --------------------------------------------------------------------------------

def test_the_germany_board_and_its_mandatory_pieces():
    """München, Dresden and Nürnberg-Fürth; "the 4-coins token and the new revaluation card are mandatory
    with the Germany board" (they come without the new components option)."""
    d = load("germany")
    assert [r.name for r in d.railroads] == ["München", "Dresden", "Nürnberg-Fürth"]
    muc = d.railroad("muc")
    assert muc.switch_after == 8 and {b.name: b.length for b in muc.branches} == {"Hamburg": 15, "Berlin": 13}
    assert [a.station for r in d.railroads for a in r.areas] == ["Hannover", "Würzburg", "Frankfurt"]
    assert sorted(a.length for r in d.railroads for a in r.areas) == [2, 3, 4]
    assert "coins4" in d.q_tokens and "gr_revaluation" in d.q_cards and d.token_bonus_cap == 35
    assert not any(e.kind == "factory_ability" for eng in d.engineers.values() for e in eng.effects)
    st = new_game(2, 1, GERMANY)
    assert st.data.board_name == "Germany" and st.players[0].locos == {"muc": [1], "dd": [], "nf": []}
    check_invariants(st)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("coal", [False, True])
def test_setup_table_on_germany(players, coal):
    """The Germany board changes no count of the setup table ("Basic gameplay remains the same"): rounds,
    workers, roubles, engineers and locomotives as on the Russia board with the same modules; the extension
    tiles and income markers lie in the general supply."""
    options = {"coal": True} if coal else {}
    base, st = new_game(players, 2, options), new_game(players, 2, {**GERMANY, **options})
    assert (st.rounds, st.loco_piles) == (base.rounds, base.loco_piles)
    assert [(p.workers, p.roubles) for p in st.players] == [(p.workers, p.roubles) for p in base.players]
    assert [n for n in st.strip if n] == [n for n in base.strip if n]
    assert sorted(st.board.extensions) == sorted(st.data.extensions)
    assert len(st.board.income) == sum(st.data.income_copies.values())
    check_invariants(st)


# The switch ----------------------------------------------------------------------------------

def test_the_switch_is_chosen_when_black_reaches_space_9_and_binds_every_colour():
    """"When advancing the black track to the space 9 of the München railroad, you must decide to which
    space 9 you will advance ... You may not change the destination of this railroad for the rest of the
    game. You may not "reverse course" and the tracks of other colors must also be advanced towards the same
    destination.\""""
    st = germany_game()
    p = me(st)
    seat = seat_of(st, p)
    p.tracks["muc"][0] = 8
    st.track_supply["gray"] -= 3
    st.track_supply["brown"] -= 3
    task = black_task(st, seat, 2)
    st.apply(Advance(task.id, "muc", "black"))
    assert {a.branch for a in st.legal_actions()} == {"hamburg", "berlin"}
    with pytest.raises(IllegalAction, match="First finish"):
        st.apply(Advance(task.id, "muc", "black"))
    st.apply(ChooseBranch(st.tasks[-1].id, "berlin"))
    assert p.board.branch == "berlin" and road_length(st.data, p, st.data.railroad("muc")) == 13
    muc = st.data.railroad("muc")
    token = {b.id: min(s.space for s in b.specials if s.effect == "q_token") for b in muc.branches}
    assert token["berlin"] < token["hamburg"]   # Berlin: "reach specific upgrades earlier"
    assert not any(isinstance(a, ChooseBranch) for a in st.legal_actions())
    p.tracks["muc"][:2] = [13, 12]
    st.track_supply["natural"] -= 2   # gained when black passed space 10
    assert not can_advance(st.data, p, "muc", "gray")
    assert refusal_to_advance(st.data, p, "muc", "black") == "Your black track is already at the end of the München."
    check_invariants(st)


def test_hamburg_is_longer_and_grants_white():
    """"The longer route towards Hamburg will earn you more points and eventually grant you access to white
    tracks." Berlin never reaches the white track's space."""
    st = germany_game()
    p = me(st)
    seat = seat_of(st, p)
    p.tracks["muc"][0] = 8
    st.track_supply["gray"] -= 3
    st.track_supply["brown"] -= 3
    task = black_task(st, seat, 7)
    st.apply(Advance(task.id, "muc", "black"))
    st.apply(ChooseBranch(st.tasks[-1].id, "hamburg"))
    assert "natural" not in unlocked_colours(st.data, p)
    for _ in range(6):
        st.apply(Advance(task.id, "muc", "black"))
        finish_tasks_of(st, task)
    assert p.tracks["muc"][0] == 15 and "white" in unlocked_colours(st.data, p)
    assert p.score_parts["Termini"] == 10
    check_invariants(st)


def finish_tasks_of(st, keep) -> None:
    """Resolve the tasks a step opened (? tokens, white advancements...), leaving `keep` alone."""
    while st.tasks and st.actionable_tasks()[0].id != keep.id:
        st.apply(st.legal_actions()[0])


# Railroad extensions --------------------------------------------------------------------------

def test_an_extension_of_fitting_length_is_chosen_at_the_station_from_those_left():
    """"Whenever you advance the black track on these railroads to one of these intermediate stations, you
    must place a railroad extension at the corresponding outlined area ... choose and place one of the
    available railroad extensions that fits the corresponding outlined area (2-space, 3-space, or 4-space)".
    "The sooner you advance to a particular intermediate station, the greater your selection will be.\""""
    st = germany_game()
    p = me(st)
    seat = seat_of(st, p)
    p.tracks["dd"][0] = 5
    task = black_task(st, seat)
    st.apply(Advance(task.id, "dd", "black"))
    threes = sorted(t for t, x in st.data.extensions.items() if x.length == 3)
    assert sorted(a.tile for a in st.legal_actions()) == threes
    st.apply(ChooseExtension(st.tasks[-1].id, threes[0]))
    assert p.board.extensions == {"hannover": threes[0]} and p.tracks["dd"][0] == 6
    other = st.players[(seat + 1) % 3]
    other.tracks["dd"][0] = 5
    task = black_task(st, seat_of(st, other))
    st.apply(Advance(task.id, "dd", "black"))
    assert sorted(a.tile for a in st.legal_actions()) == threes[1:]
    check_invariants(st)


def test_an_extension_s_spaces_count_like_printed_ones():
    """"If you satisfy the conditions for a particular special space, you receive the depicted advantage":
    a star on an extension tile scores with black and a locomotive reaching it."""
    st = germany_game()
    p = me(st)
    tile = next(t for t, x in st.data.extensions.items() if x.length == 3 and
                any(s.effect == "star" and s.space == 3 for s in x.specials) and len(x.specials) == 1)
    star = st.data.extensions[tile].specials[0].points
    st.board.extensions.remove(tile)
    p.board.extensions["hannover"] = tile
    p.tracks["dd"][0] = 8
    st.loco_piles[8] -= 1
    p.locos["dd"] = [8]
    assert railroad_score(st.data, p, "dd").stars == star


# Special spaces -----------------------------------------------------------------------------------

def test_the_kiev_medal_lies_on_dresden_space_5():
    """"The Kiev medal, if acquired, is placed on space 5 of the Dresden railroad.\""""
    st = germany_game()
    p = me(st)
    p.kiev_medal = True
    p.tracks["dd"][:2] = [6, 5]
    st.loco_piles[5] -= 1
    p.locos["dd"] = [5]
    assert railroad_score(st.data, p, "dd").medal == 20


def test_immediate_effects_come_once():
    """"Immediate effects: As soon as you satisfy the conditions for one of these spaces, you immediately and
    only once receive the depicted advantage. These advantages include: 2 industry advancements, 2 coins, or
    1 locomotive/factory.\""""
    st = germany_game()
    p = me(st)
    seat = seat_of(st, p)
    coins = next(s for s in st.data.railroad("muc").specials if s.effect == "gain")
    p.tracks["muc"][0] = coins.space - 1
    before = p.roubles
    task = black_task(st, seat)
    st.apply(Advance(task.id, "muc", "black"))
    assert p.roubles == before + 2
    check_specials(st, seat, [])
    assert p.roubles == before + 2


def test_an_additional_industry_marker_up_to_three():
    """"Once you advance a black track to this space, you may take an additional industry marker and place it
    on space 0 of your industry track. You may still get your second industry marker with the token, making
    it possible to have 3 industry markers on your industry track.\""""
    st = germany_game()
    p = me(st)
    seat = seat_of(st, p)
    tile = next(t for t, x in st.data.extensions.items() if x.length == 3 and x.specials[0].effect == "industry_marker")
    st.board.extensions.remove(tile)
    p.board.extensions["hannover"] = tile
    p.tracks["dd"][0] = 7
    st.loco_piles[8] -= 1
    p.locos["dd"] = [8]
    p.industry = [3, 0]   # the second marker from the ? token
    check_specials(st, seat, [])
    assert p.industry == [3, 0, 0]


def test_natural_tracks_on_two_railroads_of_your_choice():
    """"The natural tracks may be used on all three railroads of the Germany board. However, as in the base
    game, you only have 2 of these tracks to use.\""""
    st = germany_game()
    p = me(st)
    p.board.branch = "hamburg"
    p.tracks["muc"][:3] = [12, 4, 3]
    tile = next(t for t in st.board.extensions if st.data.extensions[t].length == 2)
    st.board.extensions.remove(tile)
    p.board.extensions["wuerzburg"] = tile
    for rid in ("dd", "nf"):
        p.tracks[rid][:3] = [5, 4, 3]
    st.track_supply["gray"] -= 3
    st.track_supply["brown"] -= 3
    st.track_supply["natural"] -= 2
    p.tracks["dd"][3] = 1
    p.tracks["nf"][3] = 1
    assert refusal_to_advance(st.data, p, "muc", "natural") == (
        "Your natural tracks already lie on 2 railroads: they may only be used on 2 railroads of your choice.")
    assert can_advance(st.data, p, "dd", "natural")
    check_invariants(st)


# Income markers ----------------------------------------------------------------------------------

def income_game(seat_marker: str = "inc_coin"):
    st = germany_game(2)
    p = me(st)
    seat = seat_of(st, p)
    st.tasks.clear()
    task = add_task(st, seat, Effect("income"), True, "test", 0)
    st.apply(ChooseIncome(task.id, seat_marker))
    return st, p, seat


def test_income_space_takes_a_marker():
    """"Income: As soon as you satisfy the conditions for one of these spaces, immediately take one of the
    income markers and place it faceup next to your board.\""""
    st = germany_game()
    p = me(st)
    seat = seat_of(st, p)
    berlin = st.data.railroad("muc").branch("berlin")
    income = next(s for s in berlin.specials if s.effect == "income")
    p.board.branch = "berlin"
    p.tracks["muc"][0] = income.space - 1
    for colour in unlocked_colours(st.data, p)[1:]:   # the colours black has gained on the way
        st.track_supply[colour] -= st.data.tracks_per_player(colour)
    st.loco_piles[8] -= 1
    st.loco_piles[4] -= 1
    p.locos["muc"] = [8, 4]
    st.returned_factories.append(1)   # the displaced #1: a factory beside the piles
    task = black_task(st, seat)
    st.apply(Advance(task.id, "muc", "black"))
    assert {a.marker for a in st.legal_actions()} == set(st.data.income_markers)
    st.apply(ChooseIncome(st.tasks[-1].id, "inc_black_gray"))
    assert p.board.income == ["inc_black_gray"]
    check_invariants(st)


def test_income_markers_before_or_after_placing_once_per_round():
    """"You may use each of your income markers once per round ... You may use an income marker before or
    after you have placed workers ... Once you have used an income marker, flip it facedown.\""""
    st, p, seat = income_game()
    before = p.roubles
    st.apply(UseIncome(0))
    assert p.roubles == before + 1 and p.board.income_used == [0]
    with pytest.raises(IllegalAction, match="face down"):
        st.apply(UseIncome(0))
    st.apply(Place("A-DBL", workers=1))
    assert st.active != seat   # no marker left face up: the turn ends with the placement


def test_after_placing_the_turn_waits_while_an_income_marker_is_face_up():
    st, p, seat = income_game()
    st.apply(Place("A-DBL", workers=1))
    assert st.active == seat and UseIncome(0) in st.legal_actions() and EndTurn() in st.legal_actions()
    st.apply(UseIncome(0))
    assert st.active != seat   # nothing more to use: the turn passes on
    check_invariants(st)


def test_no_income_markers_after_passing_nor_while_relocating_and_face_up_after_scoring():
    """"You may not use income markers once you have passed, when you are relocating a worker on the turn
    order track, or during scoring ... After the scoring phase, flip all income markers faceup.\""""
    st, p, seat = income_game()
    st.apply(Pass())
    assert not any(isinstance(a, UseIncome) for a in st.legal_actions())
    p.board.income_used = [0]
    while st.round == 1:
        if st.phase == "relocate":
            assert not any(isinstance(a, UseIncome) for a in st.legal_actions())
            st.apply(Relocate(""))
        else:
            st.apply(Pass() if not st.tasks else st.legal_actions()[0])
    assert p.board.income_used == []


# Whole games ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_whole_random_games_on_germany(players):
    play(players, 3, ["random"], options=GERMANY)
    play(players, 4, ["random"], options={**GERMANY, "coal": True, "new_components": True, "dsp": True})


@pytest.mark.parametrize("players, options", [
    (1, GERMANY), (2, {**GERMANY, "coal": True}), (3, {**GERMANY, "dsp": True}),
    (4, {**GERMANY, "new_components": True})])
def test_whole_bot_games_on_germany(players, options):
    st = play(players, 2, ["normal", "easy"], options=options)
    assert any(p.board.branch for p in st.players) or players == 1


def test_simulate_germany_with_coal_finishes(capsys):
    assert main.main(["simulate", "russian_railroads", "--players", "3", "--games", "2", "--seed", "1",
                      "--option", "board=germany", "--option", "coal=true", "--difficulty", "random"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{\"")]
    games = [line for line in lines if "finished" in line]
    assert len(games) == 2 and all(g["finished"] for g in games) and "München" in games[0]["parts"][0]
