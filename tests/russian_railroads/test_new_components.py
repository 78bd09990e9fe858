"""German Railroads' new components (option new_components), each with the
rulebook sentence it follows (/work/shared/rules/002_02062cc64240f741.txt)."""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.russian_railroads.actions import ChooseCard, ChooseToken, Place, UseFactory
from game.russian_railroads.data import Effect, load
from game.russian_railroads.effects import add_task, gain
from game.russian_railroads.scoring import end_bonus_points, railroad_score
from game.russian_railroads.tasks import card_refusal
from tests.russian_railroads.helpers import check_invariants, finish_tasks, me, new_game, play, skip_draft

NEW = {"new_components": True}


def new_game_ready(players: int = 3, seed: int = 1, options: dict | None = None):
    st = skip_draft(new_game(players, seed, options or NEW))
    finish_tasks(st)
    return st


def hire(st, p, number: int) -> None:
    """Give a player an engineer from wherever it lies (nothing is made up)."""
    if number in st.engineer_box:
        st.engineer_box.remove(number)
    elif number in st.strip:
        st.strip[st.strip.index(number)] = 0
    p.engineers.append(number)


def test_new_engineers_replace_those_of_the_same_number():
    """"No two engineers with the same number in one game": the new 5, 6 and 15 replace the base ones."""
    d = load("russia", new_components=True)
    assert d.engineers[6].effects == (Effect("track", 3, ("gray",)),)
    assert d.engineers[15].cost is not None and d.engineers[15].cost.rouble == 1
    assert d.engineers[110].value == -10 and len(d.engineers) == 16
    assert load("russia").engineers[6].effects != d.engineers[6].effects


def test_engineer_15_needs_a_coin():
    """"Engineer 15: To use this engineer, you must place 1 coin. Get 1 black, 1 gray, and 1 brown track
    advancement.\""""
    st = new_game_ready()
    p = me(st)
    p.engineers.append(15)   # the letterless engineer: it lay on its ? card with its rouble
    st.q_cards.remove("engineer")
    p.roubles += 1
    with pytest.raises(IllegalAction, match="needs a rouble"):
        st.apply(Place("ENG-15", workers=1))
    st.apply(Place("ENG-15", roubles=1))
    assert [t.colours for t in st.tasks] == [["black"], ["gray"], ["brown"]]
    check_invariants(st)


def test_engineer_minus_10_uses_a_factory_and_costs_two_workers():
    """"Engineer -10: To use this engineer, you must place 2 workers. Immediately use the ability of one of
    your factories ... You must count this engineer when using factory #1 ... (but never negative points).\""""
    st = new_game_ready()
    p = me(st)
    hire(st, p, 110)
    for n in (6, 1):
        st.loco_piles[n] -= 1 if st.loco_piles[n] else 0
    p.factories = [6]
    before = p.roubles
    assert not [a for a in st.legal_actions() if isinstance(a, Place) and a.space == "ENG-110" and a.workers == 1
                and a.roubles == 0]
    st.apply(Place("ENG-110", workers=2))
    st.apply(UseFactory(st.tasks[0].id, 0))
    assert p.roubles == before + 1   # factory #6: 1 rouble
    p2 = st.players[(st.players.index(p) + 1) % 3]
    p2.engineers = [110]
    gain(st, st.players.index(p2), (Effect("engineer_sum"),), [], mandatory=False, source="test", depth=0)
    assert p2.score_parts.get("Engineers & factories", 0) == 0


def test_engineer_5_gains_two_random_starting_bonuses():
    """"Engineer 5: Draw 2 Starting Bonus cards at random and gain the depicted [advantages].\""""
    st = new_game_ready(2, 4)
    p = me(st)
    hire(st, p, 5)
    events = st.apply(Place("ENG-5", workers=1))
    assert sum(1 for e in events if type(e).__name__ == "StartBonusTaken") == 2


def test_four_coins_token():
    """"Take 4 coins from the supply. Use this token no matter which modules you choose to use.\""""
    st = new_game_ready()
    p = me(st)
    seat = st.players.index(p)
    st.tasks.clear()
    task = add_task(st, seat, Effect("token"), True, "test", 0)
    before = p.roubles
    st.apply(ChooseToken(task.id, "coins4"))
    assert p.roubles == before + 4
    check_invariants(st)


def test_german_revaluation_values_and_no_combination():
    """"Place the new revaluation token on this card ... You may not combine this revaluation marker with a
    revaluation marker from the base game"; its values (gray 2, brown 3, natural 7, white 8)."""
    st = new_game_ready()
    p = me(st)
    seat = st.players.index(p)
    p.locos["ts"] = [9]
    p.tracks["ts"][:3] = [9, 6, 3]
    base = railroad_score(st.data, p, "ts").total
    p.german_revaluation = True
    assert railroad_score(st.data, p, "ts").total == base + 6   # 3 gray spaces 1 -> 2, 3 brown 2 -> 3
    p.german_revaluation = False
    p.revaluation = True
    assert card_refusal(st, seat, "gr_revaluation") == (
        "You may not combine the German revaluation with the Revaluation token you placed.")
    p.revaluation = False
    st.tasks.clear()
    task = add_task(st, seat, Effect("card"), True, "test", 0)
    st.apply(ChooseCard(task.id, "gr_revaluation"))
    assert p.german_revaluation
    task = add_task(st, seat, Effect("token"), True, "test", 0)
    assert ChooseToken(task.id, "revaluation") not in st.legal_actions()


def test_token_end_bonus_cap_is_35():
    """"score 7 points per ? token ... (max. 28 points, German Railroads max. 35 points)\""""
    st = new_game(2, 1, NEW)
    p = st.players[0]
    p.tokens_used = ["tracks4", "industry5", "marker2", "doublers3", "kiev_medal", "coins4"]
    assert end_bonus_points(st.data, p, "tokens") == 35
    assert end_bonus_points(load("russia"), p, "tokens") == 28


def test_the_factory_ability_choice_names_only_own_factories():
    st = new_game_ready()
    p = me(st)
    hire(st, p, 110)
    st.loco_piles[4] -= 1
    st.loco_piles[7] -= 1
    p.factories = [4, 7]
    st.apply(Place("ENG-110", workers=2))
    assert {a.slot for a in st.legal_actions() if isinstance(a, UseFactory)} == {0, 1}
    st.apply(UseFactory(st.tasks[0].id, 0))
    assert p.doublers == 2 and not any(isinstance(a, UseFactory) for a in st.legal_actions())


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_whole_games_with_new_components(players):
    play(players, 3, ["random"], options=NEW)
    play(players, 4, ["random"], options={**NEW, "coal": True})


@pytest.mark.parametrize("players", [1, 4])
def test_bot_games_with_new_components_and_coal(players):
    st = play(players, 6, ["normal", "easy"], options={**NEW, "coal": True})
    assert all(p.score > 0 for p in st.players)
