"""Rules-audit findings: each test quotes the rule it checks and failed before the fix."""
import pytest

from game.core.errors import IllegalAction
from game.russian_railroads.actions import Advance, ChooseCard, Place, Reuse, Skip
from game.russian_railroads.data import Effect
from game.russian_railroads.effects import add_task
from game.russian_railroads.spaces import space_refusal
from tests.russian_railroads.helpers import check_invariants, me, ready


def test_a_black_advancement_of_the_same_action_unlocks_the_gray_it_needs():
    # Yucata clarification: "Actions a player gets during his move may be performed at any time."
    # Rulebook p.6: "Once a player has advanced the black track to or beyond space 2 of the TRANS-SIBERIAN,
    # she immediately takes 3 gray tracks [...] She may now begin advancing her gray tracks."
    # So public engineer 3 (1 black + 1 gray) can be performed in full with black on space 1.
    st = ready(4)
    seat = st.current_player()
    p = me(st)
    p.tracks["ts"] = [1, 0, 0, 0, 0]
    st.strip[5] = 3
    assert space_refusal(st, seat, "E-PUB2") is None
    st.apply(Place("E-PUB2", workers=1))
    assert p.tracks["ts"][:2] == [2, 1] and not st.tasks
    check_invariants(st)


def test_a_colour_no_advancement_of_the_action_can_unlock_is_still_refused():
    # Public engineer 13 (1 gray + 1 brown) gives no black advancement: without brown it cannot be done in full.
    st = ready(4)
    seat = st.current_player()
    me(st).tracks["ts"] = [5, 2, 0, 0, 0]
    st.strip[5] = 13
    assert space_refusal(st, seat, "E-PUB2") == (
        "You have no brown track yet: the Trans-Siberian black track must reach space 6 first.")


def _card_task(st):
    add_task(st, st.current_player(), Effect("q_card"), True, "test", 0)
    return st.tasks[-1].id


def test_four_actions_card_needs_room_for_the_second_time():
    # ? card: "Perform 4 actions: place 1 doubler, get 1 industry advancement, and get 1 black rail advancement.
    # Then, do 1 of these 3 actions a second time." Yucata: the ? cards must be performable in full to be chosen.
    st = ready(4)
    p = me(st)
    p.doublers = 7                               # room for one doubler only
    st.doubler_supply -= 7
    p.industry = [3]                             # one step before the first gap
    p.tracks = {"ts": [14, 0, 0, 0, 0], "stp": [9, 0, 0, 0, 0], "kiev": [9, 0, 0, 0, 0]}
    task = _card_task(st)
    assert "four_actions" not in {a.card for a in st.legal_actions() if isinstance(a, ChooseCard)}
    before = st.to_dict()
    with pytest.raises(IllegalAction) as err:
        st.apply(ChooseCard(task, "four_actions"))
    assert err.value.message == "You could not do the doubler, the industry or the black advancement a second time."
    assert st.to_dict() == before
    p.industry = [2]                             # now industry can be done twice
    assert "four_actions" in {a.card for a in st.legal_actions() if isinstance(a, ChooseCard)}


def test_factory_card_needs_its_two_industry_advancements():
    # ? card: "Build a factory (as seen on page 10). You also get 2 industry advancements to use immediately."
    # With 5 factories and the marker on the last space, the 2 advancements are impossible.
    st = ready(4)
    p = me(st)
    p.factories = [2, 2, 3, 3, 4]
    for number in (2, 2, 3, 3, 4):
        st.loco_piles[number] -= 1
    p.industry = [15]
    task = _card_task(st)
    with pytest.raises(IllegalAction) as err:
        st.apply(ChooseCard(task, "factory"))
    assert err.value.message == (
        "Your industry marker could not make the 2 advancements of this card, even with the new factory.")
    p.factories = []
    p.industry = [4]                             # the new factory opens the gap: 2 steps possible
    st.apply(ChooseCard(task, "factory"))
    st.apply(st.legal_actions()[0])              # build the factory; the single-marker steps follow by themselves
    assert p.industry == [6] and not st.tasks


def test_reusing_a_space_is_in_the_log():
    from game.russian_railroads.events import SpaceReused
    # Factory #3: "Choose a one-worker action space you have already used this round [...] You can reuse that action."
    st = ready(2)
    seat = st.current_player()
    p = st.players[seat]
    st.apply(Place("A-2R", workers=1))
    st.apply(st.legal_actions()[-1])   # the other player passes
    p.factories = [3]
    p.industry = [4]
    st.apply(Place("I-1", workers=1))
    events = st.apply(Reuse(st.tasks[0].id, "A-2R"))
    reused = [e for e in events if isinstance(e, SpaceReused)]
    assert [e.text() for e in reused] == [f"{st.names[seat]} uses the 2 roubles space again."]


def test_final_scoring_log_names_the_end_bonus_card():
    # "Players reveal their End Bonus cards at this time." The log line says which card scored.
    from game.russian_railroads.rounds import final_scoring
    st = ready(2)
    a = st.players[0]
    a.end_bonus = ["points15"]
    events = []
    final_scoring(st, events)
    texts = [e.text() for e in events]
    assert 'Final scoring: Player 1 scores 15 for the End Bonus card "15 points".' in texts


def test_feasibility_search_keeps_any_and_black_parts_apart():
    # Public engineer 11: "You get 1 track advancement of your choice and 1 black track advancement."
    # Board actions "must be performable in full to be chosen" (Yucata clarification): here they are,
    # black to Trans-Siberian 15 for the black part, then the gray track into the freed space.
    st = ready(4)
    seat = st.current_player()
    p = me(st)
    p.tracks = {"ts": [14, 13, 12, 11, 0], "stp": [9, 8, 7, 6, 0], "kiev": [9, 8, 7, 0, 0]}
    st.strip[5] = 11
    assert space_refusal(st, seat, "E-PUB2") is None
    st.apply(Place("E-PUB2", workers=1))
    assert p.tracks["ts"][0] == 15                # the only black move that keeps the rest possible
    while st.tasks and st.tasks[-1].source == "Trans-Siberian space 15":
        st.apply(Skip(st.tasks[-1].id))           # the optional white advancements
    st.apply(Advance(st.tasks[0].id, "ts", "gray"))
    assert p.tracks["ts"][:2] == [15, 14] and not st.tasks
