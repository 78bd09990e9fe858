"""Solo against Emil."""
from game.russian_railroads.actions import Pass, Place
from game.russian_railroads.effects import add_points
from game.russian_railroads.queries import space_states
from game.russian_railroads.emil import emil_turn
from game.russian_railroads.rounds import final_scoring
from game.russian_railroads.state import Placement
from tests.russian_railroads.helpers import DATA, check_invariants, finish_tasks, new_game


def solo(seed=1):
    st = new_game(1, seed)
    # start from a known position: take Emil's first block back
    for number in st.emil.locos:
        st.loco_piles[number] += 1
    if st.emil.engineers:
        st.strip[6] = st.emil.engineers[0]
    st.roubles_supply += sum(pl.roubles for pl in st.placements)
    st.placements = []
    st.emil.workers_free = st.emil.workers
    st.emil.locos = []
    st.emil.engineers = []
    st.emil.discards = []
    check_invariants(st)
    return st


def test_emil_deck_has_16_cards_without_the_coal_card():
    assert len(DATA.emil_cards) == 16
    assert "A-2R" not in DATA.emil_cards and "TO-1" not in DATA.emil_cards


def test_emil_blocks_the_space_on_his_card():
    st = solo()
    st.emil.draw_pile = ["I-2"]
    events = []
    emil_turn(st, events)
    assert st.placements == [Placement("I-2", -1, workers=2)]
    assert st.emil.workers_free == 4
    assert events[0].text() == "Emil blocks the 2 industry advancements space."
    assert events[0].reveals_hidden


def test_emil_redraws_for_locked_colours_occupied_spaces_and_missing_workers():
    st = solo()
    st.placements = [Placement("I-1", 0, workers=1)]
    st.emil.workers_free = 1
    st.emil.draw_pile = ["A-DBL", "T-BLK3", "I-1", "T-BRN1"]   # drawn from the end
    events = []
    emil_turn(st, events)
    assert events[0].discarded == ("T-BRN1", "I-1", "T-BLK3")
    assert st.placements[-1] == Placement("A-DBL", -1, workers=1)
    assert st.emil.discards == ["T-BRN1", "I-1", "T-BLK3", "A-DBL"]


def test_emil_takes_locomotives_and_the_lowest_factory_when_none_are_left():
    st = solo()
    st.emil.draw_pile = ["L-3"]
    emil_turn(st, [])
    assert st.emil.locos == [2, 2] and st.loco_piles[2] == 0
    check_invariants(st)
    st.loco_piles = [0] * 10
    st.returned_factories = [7, 4]
    st.emil.draw_pile = ["L-1"]
    emil_turn(st, [])
    assert st.emil.locos == [2, 2, 4] and st.returned_factories == [7]


def test_emil_hires_engineers_and_pays_roubles_from_the_supply():
    st = solo()
    number = st.strip[6]
    supply = st.roubles_supply
    st.emil.draw_pile = ["T-ANY", "E-HIRE"]
    emil_turn(st, [])
    emil_turn(st, [])
    assert st.emil.engineers == [number] and st.strip[6] == 0
    assert st.roubles_supply == supply - 2
    assert Placement("T-ANY", -1, workers=1, roubles=1) in st.placements
    check_invariants(st)


def test_emil_passes_when_his_deck_is_empty_then_the_player_plays_on():
    st = solo()
    st.emil.draw_pile = []
    events = []
    emil_turn(st, events)
    assert st.emil.passed and events[0].text() == "Emil passes."
    st.apply(Place("I-1", workers=1))
    st.apply(Place("A-DBL", workers=1))
    assert st.current_player() == 0 and st.round == 1


def test_emil_passes_without_workers():
    st = solo()
    st.emil.workers_free = 0
    st.emil.draw_pile = ["I-1"]
    emil_turn(st, [])
    assert st.emil.passed and st.emil.draw_pile == ["I-1"]


def test_emil_plays_after_each_player_turn():
    st = solo()
    st.emil.draw_pile = ["I-2", "A-DBL"]
    st.apply(Place("T-BLK3", workers=2))
    finish_tasks(st)
    assert st.placements[-1] == Placement("A-DBL", -1, workers=1)


def test_emil_gets_a_worker_at_50_and_150_points():
    st = solo()
    add_points(st, 0, "Engineers & factories", 49, [], "")
    assert st.emil.workers == 6
    events = []
    add_points(st, 0, "Engineers & factories", 1, events, "")
    assert st.emil.workers == 7 and st.emil.workers_free == 7
    assert events[-1].text() == "Emil gains an extra worker (the player reached 50 points)."
    add_points(st, 0, "Engineers & factories", 100, [], "")
    assert st.emil.workers == 8
    add_points(st, 0, "Engineers & factories", 100, [], "")
    assert st.emil.workers == 8


def test_player_pass_ends_the_round_and_emil_reshuffles():
    st = new_game(1, 3)
    st.apply(Pass())
    assert st.round == 2
    assert len(st.emil.draw_pile) + len(st.emil.discards) == 16
    assert sum(1 for pl in st.placements if pl.seat == -1) == 1   # Emil begins the new round
    assert st.players[0].score_parts.get("Passing", 0) == 0


def test_solo_has_no_turn_order_spaces():
    st = solo()
    reasons = {s.space: s.reason for s in space_states(st)}
    assert reasons["TO-1"] == "The turn order serves no purpose in the solo game."
    assert reasons["LAST"] == "The turn order serves no purpose in the solo game."


def test_emil_engineers_count_for_the_majority():
    st = solo()
    st.players[0].engineers = [3]
    st.emil.engineers = [5, 9]
    final_scoring(st, [])
    assert st.players[0].score_parts["Engineer majority"] == 20


def test_solo_game_lasts_6_rounds():
    st = new_game(1, 8)
    while not st.is_terminal():
        st.apply(Pass())
    assert st.round == 6


def test_emil_only_blocks_spaces_the_player_could_use_now():
    """ "Emil only blocks spaces that you can use … Emil will only bother
    himself with blocking spaces that you can use": he draws on past the
    public engineer whose action needs a colour the player has not unlocked,
    and past the doubler space once the player has no room for a doubler."""
    from game.russian_railroads.tracks import colour_unlocked
    st = solo()
    player = st.players[0]
    slot = DATA.space("E-PUB2").engineer_slot
    locked = next(n for n, eng in sorted(DATA.engineers.items())
                  if any(e.kind == "track" and e.colours != "any"
                         and not any(colour_unlocked(DATA, player, c) for c in e.colours) for e in eng.effects)
                  and not any(e.kind == "track" and "black" in e.colours for e in eng.effects))
    st.strip[slot] = locked
    player.doublers = DATA.railroad(DATA.main_railroad).doubler_spaces
    st.emil.workers_free = 2
    st.emil.draw_pile = ["I-1", "A-DBL", "E-PUB2"]   # drawn from the end
    events = []
    emil_turn(st, events)
    assert events[0].discarded == ("E-PUB2", "A-DBL")
    assert st.placements[-1].space == "I-1"
