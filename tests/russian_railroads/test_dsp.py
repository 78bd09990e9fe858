"""The DSP mini expansion (option dsp), each rule with the rulebook sentence it follows
(/work/shared/rules/002_02062cc64240f741.txt, "Mini Expansion DSP", "DSP: new Engineers")."""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.russian_railroads import ENGINE
from game.russian_railroads.actions import (Advance, ChooseToken, GrayUp, MoveIndustry, Pass, PickBonus,
                                            PickEngineer, Place, PlaceFreightCar)
from game.russian_railroads.data import Effect
from game.russian_railroads.effects import add_task
from game.russian_railroads.scoring import end_bonus_points
from tests.russian_railroads.helpers import check_invariants, finish_tasks, me, new_game, play, skip_draft

DSP = {"dsp": True}


def dsp_game(players: int = 3, seed: int = 1, options: dict | None = None):
    st = skip_draft(new_game(players, seed, options or DSP))
    finish_tasks(st)
    return st


def hire(st, p, number: int) -> None:
    """Give a player an engineer from wherever it lies (nothing is made up)."""
    if number in st.engineer_box:
        st.engineer_box.remove(number)
        if number in st.dsp.spare_engineers:
            st.dsp.spare_engineers.remove(number)
    elif number in st.strip:
        st.strip[st.strip.index(number)] = 0
    p.engineers.append(number)


def seat_of(st, p) -> int:
    return st.players.index(p)


def public_token(st, p, token: str) -> None:
    """Take the double-sided ? token and the public token `token`."""
    seat = seat_of(st, p)
    st.tasks.clear()
    task = add_task(st, seat, Effect("token"), True, "test", 0)
    st.apply(ChooseToken(task.id, "dsp"))
    st.apply(ChooseToken(st.tasks[-1].id, token))


# Setup and options ------------------------------------------------------------------------

def test_dsp_is_offered_and_olga_needs_it():
    specs = {spec.key: spec for spec in ENGINE.option_specs}
    assert specs["dsp"].kind == "bool" and specs["olga"].kind == "bool"
    assert "own risk" in specs["olga"].help
    with pytest.raises(ValueError, match="Olga is an engineer of the DSP mini expansion"):
        new_game(2, 1, {"olga": True})


@pytest.mark.parametrize("players, options, olga", [
    (1, DSP, True), (2, DSP, True), (3, DSP, False), (4, DSP, False), (3, {**DSP, "olga": True}, True),
    (4, {**DSP, "olga": True}, True)])
def test_olga_plays_with_two_players_and_with_more_only_at_your_own_risk(players, options, olga):
    """"It's recommended to use Olga in 2-player games. If you want to use that engineer in games with 3 or 4
    players you have to do it on your own risk." (Yucata: "Olga will not be part of the selection if playing
    with more than 2 players.")"""
    d = new_game(players, 1, options).data
    assert any(e.kind == "foreign_engineer" for e in d.engineers[4].effects) == olga
    assert d.engineers[7].label == "Ludmilla (7)" and d.engineers[11].label == "Dimitrij (11)"
    assert d.engineers[14].label == "Pjotr (14)"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_table_with_dsp(players):
    """DSP changes no count of the setup table: the 4 engineers replace those of their numbers ("No two
    engineers with the same number"), the 5 public tokens lie beside the board, every player has 8 ? tokens."""
    base, st = new_game(players, 2), new_game(players, 2, DSP)
    assert (st.rounds, [p.roubles for p in st.players]) == (base.rounds, [p.roubles for p in base.players])
    assert len([n for n in st.strip if n]) == len([n for n in base.strip if n])
    assert len(st.data.engineers) == 15 and len(st.data.q_tokens) == 8
    assert len(st.dsp.public_tokens) == 5 and st.dsp.spare_engineers == sorted(st.engineer_box)
    check_invariants(st)


# The engineers ---------------------------------------------------------------------------

def test_ludmilla_hands_the_starting_bonus_cards_round():
    """"Engineer 7 (Ludmilla): The player scores 5 victory points. He furthermore takes the start bonus cards
    and chooses one of them. After that he gives the remaining cards to the next player in turn order who
    chooses one of the cards, too. This continues until every player has chosen one card or 3 victory points.
    Each player gets the advantage of his choice at once.\""""
    st = dsp_game(4)
    user = st.active
    p = st.players[user]
    hire(st, p, 7)
    before = [q.score for q in st.players]
    st.apply(Place("ENG-7", workers=1))
    assert p.score == before[user] + 5
    order = st.order[st.order.index(user):] + st.order[:st.order.index(user)]
    assert st.current_player() == user
    assert {a.bonus for a in st.legal_actions()} == {"dsp_black", "dsp_industry", "dsp_doubler", ""}
    st.apply(PickBonus(st.tasks[-1].id, "dsp_doubler"))
    assert p.doublers == 1   # at once
    second = order[1]
    assert st.current_player() == second
    with pytest.raises(IllegalAction, match="not among those going round"):
        st.apply(PickBonus(st.tasks[-1].id, "dsp_doubler"))
    st.apply(PickBonus(st.tasks[-1].id, "dsp_industry"))
    assert st.current_player() == second   # the industry advancement comes at once, before the next player
    st.apply(next(a for a in st.legal_actions() if isinstance(a, MoveIndustry)))
    assert st.current_player() == order[2]
    st.apply(PickBonus(st.tasks[-1].id, ""))
    assert st.players[order[2]].score == before[order[2]] + 3
    assert {a.bonus for a in st.legal_actions()} == {"dsp_black", ""}
    st.apply(PickBonus(st.tasks[-1].id, "dsp_black"))
    finish_tasks(st)
    assert st.dsp.bonus_cards == [] and not st.tasks
    check_invariants(st)


def test_ludmilla_offers_the_coal_card_only_with_coal():
    """"Take 1 extra coal (only when playing with the coal module)\""""
    assert "dsp_coal" not in new_game(2, 1, DSP).data.dsp.bonus_cards
    assert "dsp_coal" in new_game(2, 1, {**DSP, "coal": True}).data.dsp.bonus_cards


def test_olga_uses_a_foreign_vacant_engineer_which_is_then_occupied():
    """"Engineer 4 (Olga): The player has to place another worker on a foreign vacant engineer and perform
    the action of that engineer. This engineer is then occupied.\""""
    st = dsp_game(2)
    user = st.active
    p, other = st.players[user], st.players[1 - user]
    hire(st, p, 4)
    hire(st, other, 14)   # Pjotr: 3 black advancements
    with pytest.raises(IllegalAction, match="exactly 2 workers"):
        st.apply(Place("ENG-4", workers=1))
    free = p.workers_free
    st.apply(Place("ENG-4", workers=2))
    assert p.workers_free == free - 2
    assert [a.number for a in st.legal_actions() if isinstance(a, PickEngineer)] == [14]
    st.apply(PickEngineer(st.tasks[-1].id, 14))
    assert st.tasks[-1].colours == ["black"] and st.tasks[-1].count == 3
    finish_tasks(st)
    check_invariants(st)
    assert st.active == 1 - user
    other.roubles += 1
    st.roubles_supply -= 1
    with pytest.raises(IllegalAction, match="Olga put .* worker on your engineer 14"):
        st.apply(Place("ENG-14", roubles=1))


def test_public_olga_needs_a_foreign_engineer_own_olga_may_be_wasted():
    """Public engineers must be performable in full; own engineers "may be used partially"."""
    st = dsp_game(2)
    p = me(st)
    where = st.strip.index(4) if 4 in st.strip else None
    if where is None:
        st.engineer_box.remove(4)
        st.dsp.spare_engineers.remove(4)
    else:
        st.strip[where] = 0
    st.engineer_box.append(st.strip[5])
    st.strip[5] = 4
    with pytest.raises(IllegalAction, match="No opponent has a vacant engineer"):
        st.apply(Place("E-PUB2", workers=2))
    st.strip[5] = st.engineer_box.pop()
    hire(st, p, 4)
    st.apply(Place("ENG-4", workers=2))
    assert not st.tasks


def test_dimitrij_moves_gray_up_behind_black():
    """"Engineer 11 (Dimitrij): The player advances the gray track on one railroad just behind the black
    track.\""""
    st = dsp_game()
    p = me(st)
    hire(st, p, 11)
    p.tracks["ts"][:2] = [5, 1]
    p.tracks["kiev"][0] = 7
    st.track_supply["gray"] -= 3   # gained when black passed Trans-Siberian space 2
    st.apply(Place("ENG-11", workers=1))
    assert {a.railroad for a in st.legal_actions() if isinstance(a, GrayUp)} == {"ts", "kiev"}
    st.apply(GrayUp(st.tasks[-1].id, "kiev"))
    assert p.tracks["kiev"][1] == 6
    check_invariants(st)


def test_pjotr_needs_a_coin_for_three_black():
    """"Engineer 14 (Pjotr): To use this engineer the player has to use a coin. He gets 3 steps with the
    black tracks.\""""
    st = dsp_game()
    p = me(st)
    hire(st, p, 14)
    with pytest.raises(IllegalAction, match="needs a rouble"):
        st.apply(Place("ENG-14", workers=1))
    st.apply(Place("ENG-14", roubles=1))
    assert st.tasks[-1].colours == ["black"] and st.tasks[-1].count == 3


# The double-sided token and the public tokens ---------------------------------------------------

def test_the_double_sided_token_takes_a_public_token():
    """"If the player chooses the double-sided ? token, he chooses one of the public ? tokens and place it on
    the ? space. The double-sided ? token is removed.\""""
    st = dsp_game()
    p = me(st)
    public_token(st, p, "pub_industry_black")
    assert "pub_industry_black" not in st.dsp.public_tokens and p.dsp.public_token == "pub_industry_black"
    assert sorted((t.kind, t.count) for t in st.tasks) == [("industry", 3), ("track", 3)]
    assert "dsp" in p.tokens_used
    check_invariants(st)


def test_public_engineer_token_takes_an_engineer_not_chosen_at_setup():
    """"The player chooses one of the engineers not being chosen at the beginning of the game.\""""
    st = dsp_game()
    p = me(st)
    spares = list(st.dsp.spare_engineers)
    public_token(st, p, "pub_engineer")
    assert sorted(a.number for a in st.legal_actions() if isinstance(a, PickEngineer)) == spares
    st.apply(PickEngineer(st.tasks[-1].id, spares[0]))
    assert spares[0] in p.engineers and spares[0] not in st.engineer_box
    check_invariants(st)


def test_industry_doubling_not_for_tokens_and_cards():
    """"From now on the player may double his industry steps. He may choose to omit them in whole or in part.
    He may not double industry steps received by ? tokens and ? cards.\""""
    st = dsp_game()
    p = me(st)
    public_token(st, p, "pub_industry_double")
    assert p.dsp.industry_double and not st.tasks
    st.apply(Place("I-1", workers=1))
    assert [(t.count, t.mandatory) for t in st.tasks] == [(1, True), (1, False)]
    st.tasks.clear()
    task = add_task(st, seat_of(st, p), Effect("token"), True, "test", 0)
    st.apply(ChooseToken(task.id, "industry5"))
    assert [t.count for t in st.tasks] == [5]


def test_the_q_factory_gives_two_tokens_once():
    """"When his marker moves onto that factory he gets 2 of his ? tokens ... Like the ? space of the industry
    track the ? factory may not be used again when reaching it with another industry marker.\""""
    st = dsp_game()
    p = me(st)
    public_token(st, p, "pub_q_factory")
    factory = st.data.dsp.q_factory
    assert p.factories == [factory]   # the only place for it: built at once
    p.industry = [4, 0]
    st.tasks.clear()
    add_task(st, seat_of(st, p), Effect("industry"), False, "test", 0)
    st.apply(MoveIndustry(st.tasks[-1].id, 0))
    assert [t.kind for t in st.tasks] == ["token", "token"]
    st.tasks.clear()
    p.industry = [6, 4]
    add_task(st, seat_of(st, p), Effect("industry"), False, "test", 0)
    st.apply(MoveIndustry(st.tasks[-1].id, 1))
    assert not st.tasks


def test_the_freight_car_moves_before_each_scoring():
    """"he takes the token and places it behind locomotives with a cumulative value of at least 3 ... the
    freight car is activated each round before the scoring takes place. The player then gets two steps with
    any rails on the track with the freight car.\""""
    st = dsp_game(2)
    p = me(st)
    seat = seat_of(st, p)
    st.loco_piles[3] -= 1
    p.locos["kiev"] = [3]
    public_token(st, p, "pub_freight_car")
    assert [a.railroad for a in st.legal_actions() if isinstance(a, PlaceFreightCar)] == ["kiev"]   # the Trans-Siberian's #1 reaches 1
    st.apply(PlaceFreightCar(st.tasks[-1].id, "kiev"))
    assert p.dsp.freight_car == "kiev"
    while st.phase == "actions":
        st.apply(Pass() if not st.tasks else st.legal_actions()[0])
    while st.phase == "relocate":
        st.apply(st.legal_actions()[-1])
    assert st.phase == "freight" and st.current_player() == seat
    assert {a.railroad for a in st.legal_actions() if isinstance(a, Advance)} == {"kiev"}
    black = p.tracks["kiev"][0]
    st.apply(Advance(st.tasks[-1].id, "kiev", "black"))
    st.apply(Advance(st.tasks[-1].id, "kiev", "black"))
    assert p.tracks["kiev"][0] == black + 2 and st.phase == "actions" and st.round == 2
    check_invariants(st)


def test_token_end_bonus_cap_is_42():
    """"score 7 points per ? token on your board (max. 28 points, German Railroads max. 35 points, DSP max.
    42 points)\""""
    st = new_game(2, 1, {**DSP, "new_components": True})
    p = st.players[0]
    p.tokens_used = ["tracks4", "industry5", "marker2", "doublers3", "kiev_medal", "coins4", "dsp"]
    assert end_bonus_points(st.data, p, "tokens") == 42


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_whole_games_with_dsp(players):
    play(players, 3, ["random"], options=DSP)
    play(players, 5, ["random"], options={**DSP, "olga": True, "coal": True, "new_components": True})


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bot_games_with_dsp(players):
    play(players, 2, ["normal", "easy"], options=DSP)
