"""The Coal module of German Railroads (option coal), each rule with the
rulebook sentence it follows (/work/shared/rules/002_02062cc64240f741.txt)."""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.russian_railroads.actions import (BuildFactory, BuildLoco, ChooseCard, CloseFoundry, EndTurn,
                                            FeedCoalFactory, MoveLoco, Pass, Place, PlaceBoilerman, Skip, SpendCoal,
                                            TakeFoundry, UseFoundry)
from game.russian_railroads.data import Effect, load
from game.russian_railroads.effects import add_task
from game.russian_railroads.emil import emil_turn
from game.russian_railroads.engine import RussianRailroads
from game.russian_railroads.state import Placement
from game.russian_railroads.tasks import _card
from game.russian_railroads.tracks import reach
from tests.russian_railroads.helpers import check_invariants, finish_tasks, me, new_game, play, skip_draft

COAL = {"coal": True}


def coal_game(players: int = 3, seed: int = 1) -> RussianRailroads:
    """A Coal-module game in its first action turn, draft and tasks done."""
    st = skip_draft(new_game(players, seed, COAL))
    finish_tasks(st)
    return st


def give_factories(st: RussianRailroads, p, numbers: list[int], boilers: list[bool] | None = None) -> None:
    """Factories built from the pile, boilermen from the foundry pile (nothing is made up)."""
    for n in numbers:
        st.loco_piles[n] -= 1
    p.factories = list(numbers)
    p.coal.factory_boilers = list(boilers or [False] * len(numbers))
    for _ in range(sum(p.coal.factory_boilers)):
        st.coal.pile.pop()


def give_foundry(st: RussianRailroads, p, foundry: str) -> None:
    """Hand a foundry to a player from wherever it lies, keeping two face up."""
    where = st.coal.display if foundry in st.coal.display else st.coal.pile
    where.remove(foundry)
    while len(st.coal.display) < 2:
        st.coal.display.append(st.coal.pile.pop())
    p.coal.foundries.append(foundry)


def coal_from_supply(st: RussianRailroads, p, n: int) -> None:
    st.coal.supply -= n
    p.coal.coal += n


# Setup ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, rounds, roubles, a_engineers, b_engineers", [
    (1, 5, 6, 2, 3), (2, 5, 3, 2, 3), (3, 5, 2, 2, 3), (4, 6, 2, 2, 4)])
def test_setup_table_with_coal(players, rounds, roubles, a_engineers, b_engineers):
    """"You will play 1 fewer round ... you will place 1 fewer A engineer than in the base game.
    Each player starts with the same components as they do in the base game, as well as 1 coal and
    1 additional coin." Solo: "Take 5 coins" +1 with coal; 2-3 players: "Place only 2 A and 3 B engineers"."""
    st = new_game(players, 2, COAL)
    d = st.data
    assert st.rounds == rounds
    assert all(p.coal.coal == 1 and p.roubles == roubles for p in st.players)
    letters = [d.engineers[n].letter for n in st.strip if n]
    if st.emil is not None:   # Emil may have hired the engineer of the hiring space already
        letters += [d.engineers[n].letter for n in st.emil.engineers]
    assert letters.count("A") == a_engineers and letters.count("B") == b_engineers
    check_invariants(st)


def test_foundries_two_face_up_the_rest_face_down():
    """"Shuffle the 12 foundries and place them as a facedown supply ... Then draw two foundries and place
    them faceup next to the facedown supply.\""""
    st = new_game(3, 4, COAL)
    assert len(st.coal.display) == 2 and len(st.coal.pile) == 10
    assert set(st.coal.display + st.coal.pile) == set(st.data.coal.foundries)


def test_new_components_come_with_the_module():
    """"The online implementation will add those components automatically if the coal module is chosen":
    the Mining engineer, the 4-coal token, the coal factory card and the coal Starting Bonus card."""
    d = load("russia", coal=True)
    assert d.engineers[100].value == 0 and d.engineers[100].name == "Mining engineer"
    assert "coal4" in d.q_tokens and "coal_factory" in d.q_cards and "coal" in d.starting_bonuses
    assert d.emil_cards[-1] == "C-COAL2" and "C-COAL2" not in load("russia").emil_cards
    st = new_game(4, 1, COAL)
    assert "coal" in st.start_bonuses and "coal_factory" in st.q_cards


def test_the_base_game_has_no_coal():
    st = new_game(3, 1)
    assert st.coal is None and all(p.coal is None for p in st.players)
    assert "coal" not in st.to_dict() and not any(sp.area == "coal" for sp in st.data.spaces)


# The coal board ----------------------------------------------------------------------------

def test_board_sides_of_the_coal_board():
    """"Place the Coal board ... with the side featuring 3 action spaces faceup"; 2 players: "the side
    featuring 2 action spaces faceup (a combined action space and a normal action space)"."""
    def coal_spaces(players):
        st = new_game(players, 1, COAL)
        return sorted(sp.id for sp in st.data.spaces if sp.area == "coal" and st.mode in sp.modes)
    assert coal_spaces(4) == coal_spaces(3) == ["C-BOILER", "C-COAL", "C-FOUNDRY"]
    assert coal_spaces(2) == coal_spaces(1) == ["C-BOILER", "C-COAL2", "C-FOUNDRY2"]


def test_coal_space_gives_one_coal():
    """"By performing actions with the coal wagon symbol, you can gain additional coal.\""""
    st = coal_game(3)
    p = me(st)
    st.apply(Place("C-COAL", workers=1))
    assert p.coal.coal == 2
    check_invariants(st)


def test_combined_space_is_one_use_per_round():
    """"A player may place 1 worker here (to take 1 coal) or place 1 coin (to take 1 foundry and 1 coal).
    Once a player has performed one of these two actions, the action space is then unavailable for the
    rest of the round.\""""
    st = coal_game(2)
    first = st.current_player()
    assert not [a for a in st.legal_actions() if isinstance(a, Place) and a.space == "C-COAL2" and a.roubles]
    st.apply(Place("C-COAL2", workers=1))
    finish_tasks(st)
    if st.turn_done:
        st.apply(EndTurn())
    assert st.current_player() != first
    with pytest.raises(IllegalAction, match="The combined coal space was already used this round"):
        st.apply(Place("C-FOUNDRY2", roubles=1))


def test_foundry_space_takes_a_face_up_foundry_and_a_coal():
    """"place 1 coin (to take 1 foundry and 1 coal)"; the display is refilled from the face-down supply."""
    st = coal_game(3)
    p = me(st)
    wanted = st.coal.display[1]
    st.apply(Place("C-FOUNDRY", roubles=1))
    options = [a for a in st.legal_actions() if isinstance(a, TakeFoundry)]
    assert {a.foundry for a in options} == set(st.coal.display)
    st.apply(TakeFoundry(st.tasks[0].id, wanted))
    assert p.coal.foundries == [wanted] and p.coal.coal == 2
    assert len(st.coal.display) == 2 and len(st.coal.pile) == 9 and wanted not in st.coal.display
    check_invariants(st)


# Coal-paid actions and the turn ---------------------------------------------------------------

def test_coal_actions_come_beside_the_normal_action_before_or_after():
    """"You may use these action spaces in addition to a regular action. You may use these action spaces
    before or after you place a worker. ... You may use coal on the same turn you acquire it.\""""
    st = coal_game(3)
    seat = st.current_player()
    p = st.players[seat]
    coal_from_supply(st, p, 1)   # 2 coal: enough for the boilerman space
    st.apply(SpendCoal("C-BOILER"))   # the #1 is the only piece: the boilerman joins it at once
    assert st.current_player() == seat and not st.turn_done and reach(p, "ts") == 2
    give_foundry(st, p, "f_coins")
    st.apply(Place("C-COAL", workers=1))     # 1 coal: not enough for the foundry yet
    assert st.current_player() != seat
    check_invariants(st)


def test_a_turn_waits_for_end_turn_while_coal_can_still_be_used():
    st = coal_game(3)
    seat = st.current_player()
    p = st.players[seat]
    give_foundry(st, p, "f_coins")
    st.apply(Place("C-COAL", workers=1))     # now 2 coal: the foundry may be used after placing
    assert st.current_player() == seat and st.turn_done
    legal = st.legal_actions()
    assert EndTurn() in legal and UseFoundry(p.coal.foundries[0]) in legal
    assert not [a for a in legal if isinstance(a, (Place, Pass))]
    with pytest.raises(IllegalAction, match="You already placed this turn"):
        st.apply(Place("T-BLK3", workers=2))
    st.apply(EndTurn())
    assert st.current_player() != seat and not st.turn_done


def test_no_coal_actions_after_passing():
    """"You may not use these action spaces once you have passed.\""""
    st = coal_game(3)
    seat = st.current_player()
    p = st.players[seat]
    coal_from_supply(st, p, 3)
    st.apply(Pass())
    st.active = seat
    assert not [a for a in st.legal_actions() if isinstance(a, (SpendCoal, UseFoundry))]
    with pytest.raises(IllegalAction, match="before you pass"):
        st.apply(SpendCoal("C-BOILER"))


def test_boilerman_space_needs_two_coal_and_is_taken_once_per_round():
    """"To use the lower action on the coal board, you must use 2 coal from your personal supply"; "As
    usual, you may only use unoccupied action spaces.\""""
    st = coal_game(3)
    seat = st.current_player()
    with pytest.raises(IllegalAction, match="needs 2 coal"):
        st.apply(SpendCoal("C-BOILER"))
    coal_from_supply(st, st.players[seat], 1)
    st.apply(SpendCoal("C-BOILER"))
    assert st.players[seat].coal.loco_boilers["ts"] == [True]
    st.apply(Place("T-BLK3", workers=2))
    finish_tasks(st)
    other = st.players[st.current_player()]
    coal_from_supply(st, other, 2)
    with pytest.raises(IllegalAction, match="already occupied"):
        st.apply(SpendCoal("C-BOILER"))
    check_invariants(st)


def test_the_boilerman_space_cannot_be_placed_on_with_workers():
    st = coal_game(3)
    with pytest.raises(IllegalAction, match="paid with coal"):
        st.apply(Place("C-BOILER", workers=2))


# Boilermen ------------------------------------------------------------------------------------

def test_boilerman_on_a_locomotive_adds_one_and_travels_with_it():
    """"The boilerman increases the power of the locomotive by 1 ... If you move such a locomotive to a
    different railroad, the boilerman moves along with it.\""""
    st = coal_game(3)
    seat = st.current_player()
    p = st.players[seat]
    coal_from_supply(st, p, 1)
    give_factories(st, p, [5])
    st.apply(SpendCoal("C-BOILER"))
    assert {a.piece for a in st.legal_actions() if isinstance(a, PlaceBoilerman)} == {"loco:ts:0", "factory:0"}
    st.apply(PlaceBoilerman(st.tasks[0].id, "loco:ts:0"))
    assert reach(p, "ts") == 2
    # a #2 ... "For all intents and purposes, this locomotive's actual number is now 1 higher": the #1+1
    # counts as 2, so a #2 cannot replace it; a #3 does and the #1 takes its boilerman along
    st.loco_box[2] += st.loco_piles[2]   # the #2 pile is used up: the next locomotive is a #3
    st.loco_piles[2] = 0
    st.apply(Place("L-1", workers=1))
    slots = {(a.railroad, a.slot) for a in st.legal_actions() if isinstance(a, BuildLoco)}
    assert ("ts", 0) in slots and ("ts", 1) in slots
    st.apply(BuildLoco(st.tasks[0].id, "ts", 0))
    move = st.tasks[-1]
    assert move.kind == "move_loco" and move.number == 1 and move.boiler
    st.apply(MoveLoco(move.id, "kiev", 0))
    assert p.locos["kiev"] == [1] and p.coal.loco_boilers["kiev"] == [True] and reach(p, "kiev") == 2
    assert p.locos["ts"] == [3] and p.coal.loco_boilers["ts"] == [False]
    check_invariants(st)


def test_boilerman_on_a_one_ability_factory_uses_it_twice():
    """"Factories with 1 ability: Immediately use the factory a second time.\""""
    st = coal_game(3)
    p = me(st)
    give_factories(st, p, [6], [True])
    p.industry = [4]
    before = p.roubles
    st.apply(Place("I-1", workers=1))
    assert p.roubles == before + 2   # factory #6: 1 rouble, twice
    check_invariants(st)


def test_boilerman_on_a_point_factory_scores_one_more():
    """"Point scoring factories: Score (only) 1 additional point.\""""
    st = coal_game(3)
    p = me(st)
    give_factories(st, p, [8], [True])
    p.industry = [4]
    st.apply(Place("I-1", workers=1))
    # factory #8: the two best locomotives (only the #1) = 1, + 1 for the boilerman
    assert p.score_parts["Engineers & factories"] == 2


def test_a_replaced_factory_loses_its_boilerman():
    """"If you return a factory with a boilerman to the supply, the boilerman is removed from the game.\""""
    st = coal_game(3)
    p = me(st)
    give_factories(st, p, [2, 3, 4, 5, 6], [True, False, False, False, False])
    st.apply(Place("L-1", workers=1))
    st.apply(BuildFactory(st.tasks[0].id, 0, 0))
    assert p.coal.factory_boilers == [False] * 5 and st.coal.lost == 1
    check_invariants(st)


# Foundries -------------------------------------------------------------------------------------

def test_a_foundry_costs_two_coal_once_per_round_and_may_be_closed():
    """"You may use each of the foundries you have collected once per round. To use a foundry, you must
    place 2 coal ... You may choose to close a foundry immediately after using it ... Return the coal on the
    used foundry to the general supply.\""""
    st = coal_game(3)
    seat = st.current_player()
    p = st.players[seat]
    give_foundry(st, p, "f_coins")
    coal_from_supply(st, p, 3)   # 4 coal
    before = p.roubles
    st.apply(UseFoundry("f_coins"))
    assert p.roubles == before + 2 and p.coal.coal == 2
    assert {type(a) for a in st.legal_actions()} == {CloseFoundry, Skip}
    st.apply(Skip(st.tasks[0].id))   # keep it open
    assert UseFoundry("f_coins") not in st.legal_actions()
    with pytest.raises(IllegalAction, match="already used that foundry this round"):
        st.apply(UseFoundry("f_coins"))
    check_invariants(st)


def test_closing_a_foundry_makes_a_boilerman_and_returns_its_coal():
    st = coal_game(3)
    p = me(st)
    give_foundry(st, p, "f_coins")
    coal_from_supply(st, p, 1)
    supply = st.coal.supply
    st.apply(UseFoundry("f_coins"))
    st.apply(CloseFoundry(st.tasks[0].id))   # the #1 is the only piece: the boilerman joins it at once
    assert p.coal.foundries == [] and p.coal.used == [] and st.coal.supply == supply + 2
    assert p.coal.loco_boilers["ts"] == [True]
    check_invariants(st)


def test_face_up_foundries_cannot_be_used():
    """"Important: You may not use the faceup foundries in the general supply.\""""
    st = coal_game(3)
    coal_from_supply(st, me(st), 3)
    with pytest.raises(IllegalAction, match="not one of your open foundries"):
        st.apply(UseFoundry(st.coal.display[0]))


def test_coal_on_spaces_and_foundries_goes_back_after_scoring():
    """"After the scoring phase, return all coal on these action spaces to the general supply.\""""
    st = coal_game(2)
    st.coal.on_spaces = 2
    st.coal.supply -= 2
    while st.round == 1:
        st.apply(st.legal_actions()[-1] if not st.tasks else st.legal_actions()[0])
    assert st.coal.on_spaces == 0 and all(not p.coal.used for p in st.players)
    check_invariants(st)


# Coal factory and the other new pieces ------------------------------------------------------------

def test_coal_factory_card_and_its_coal():
    """"If you choose this card, take the coal into your personal supply and add the industry to your
    industry track like any other factory"; "When you advance an industry marker to the coal factory, you
    get 2 black track advancements ... you may spend up to 3 coal ... 2 black track advancements for each
    coal you spend.\""""
    st = coal_game(3)
    p = me(st)
    st.tasks.clear()
    task = add_task(st, st.players.index(p), Effect("card"), True, "test", 0)
    _card(st, task, ChooseCard(task.id, "coal_factory"), [])
    assert p.coal.coal == 3
    build = [a for a in st.legal_actions() if isinstance(a, BuildFactory)]
    assert {(a.source, a.slot) for a in build} == {(10, 0)}
    st.apply(build[0])
    assert p.factories == [10]
    st.tasks.clear()
    p.industry = [4]
    p.tracks["ts"][0] = 1
    st.apply(Place("I-1", workers=1))
    assert sorted(a.coal for a in st.legal_actions() if isinstance(a, FeedCoalFactory)) == [0, 1, 2, 3]
    st.apply(FeedCoalFactory(st.tasks[-1].id, 3))
    assert p.coal.coal == 0 and st.tasks[-1].count == 8 and st.tasks[-1].colours == ["black"]
    check_invariants(st)


def test_mining_engineer_takes_two_coal():
    """"Engineer 0: Take 2 coal from the supply. Only use this engineer when playing with the Coal module.\""""
    st = coal_game(3)
    p = me(st)
    p.engineers.append(100)
    st.engineer_box.remove(100) if 100 in st.engineer_box else st.strip.__setitem__(st.strip.index(100), 0)
    st.apply(Place("ENG-100", workers=1))
    assert p.coal.coal == 3
    check_invariants(st)


def test_emil_places_one_worker_on_the_coal_space_and_takes_no_coal():
    """"If Emil's card shows the coal action space, Emil places one of his workers." (never a coin; Emil
    gets no coal)"""
    st = new_game(1, 3, COAL)
    st.placements = [pl for pl in st.placements if pl.seat != -1]
    st.emil.workers_free = st.emil.workers
    st.emil.passed = False
    supply = st.coal.supply
    st.emil.draw_pile = ["C-COAL2"]
    emil_turn(st, [])
    assert Placement("C-COAL2", -1, workers=1) in st.placements and st.coal.supply == supply


# Whole games -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_with_coal_end_with_everything_accounted(players):
    for seed in (1, 2):
        st = play(players, seed, ["random"], options=COAL)
        assert st.rounds == load("russia", coal=True).rounds[st.mode]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bot_games_with_coal_end_with_everything_accounted(players):
    st = play(players, 5, ["normal", "easy"], options=COAL)
    assert st.is_terminal() and all(p.score > 0 for p in st.players)
