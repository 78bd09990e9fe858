"""The USA board of American Railroads (option board=usa), each rule with the rulebook sentence it follows
(/work/shared/rules/002_02062cc64240f741.txt, "Additional components"). The board's printed numbers are
reconstructions (boards/usa.yaml, ESTIMATED); the tests read them from the data."""
from __future__ import annotations

import json

import pytest

from game.core.errors import IllegalAction
from game.russian_railroads.actions import (Advance, BuildFactory, BuildLoco, ChooseDividend, ChooseToken,
                                            EndTurn, MoveIndustry, Pass, PayCoin, PlaceDoubler, RemoveBoulder,
                                            Skip)
from game.russian_railroads.data import Effect, load
from game.russian_railroads.effects import add_task, gain
from game.russian_railroads.emil import _take_loco
from game.russian_railroads.engine import RussianRailroads
from game.russian_railroads.rounds import final_scoring
from game.russian_railroads.scoring import board_value, railroad_score, score_parts
from game.russian_railroads.usa import coin_refusal
from game.russian_railroads.tracks import can_move_marker, industry_limit, refusal_to_advance, unlocked_colours
from tests.russian_railroads.helpers import check_invariants, finish_tasks, me, new_game, play, skip_draft

USA = {"board": "usa"}


def usa_game(players: int = 3, seed: int = 1, options: dict | None = None) -> RussianRailroads:
    st = skip_draft(new_game(players, seed, {**USA, **(options or {})}))
    finish_tasks(st)
    return st


def task_for(st: RussianRailroads, seat: int, kind: str, count: int = 1, colours=("black",), mandatory=True):
    st.tasks.clear()
    return add_task(st, seat, Effect(kind, count, colours), mandatory, "test", 0)


def seat_of(st: RussianRailroads, p) -> int:
    return st.players.index(p)


def special(st: RussianRailroads, rid: str, effect: str, nth: int = 0):
    return [s for s in st.data.railroad(rid).specials if s.effect == effect][nth]


def last_locomotive_beside(st: RussianRailroads, steelworks: int) -> int:
    """Empty the lower piles and leave one locomotive in the steelworks' pile (the rest to the box)."""
    pile = st.data.usa.steelworks[steelworks]
    for number in range(2, pile):
        st.loco_box[number] += st.loco_piles[number]
        st.loco_piles[number] = 0
    st.loco_box[pile] += st.loco_piles[pile] - 1
    st.loco_piles[pile] = 1
    return pile


def settle(st: RussianRailroads) -> None:
    st._settle([])


# The board -------------------------------------------------------------------------------------

def test_the_usa_board():
    """The main line and "Transcontinental East ends on space 7, the Transcontinental West on space 9", each
    with "3 dashed spaces for doublers"; "You may build tracks of all colors on all the railroads ... 2 natural
    colored tracks and 1 white colored track"; both industry markers from the start; the second-marker ? token
    is not used."""
    d = load("usa")
    assert [(r.id, r.length, r.doubler_spaces) for r in d.railroads] == [("main", 15, 8), ("east", 7, 3),
                                                                         ("west", 9, 3)]
    assert all(r.colours == d.colours for r in d.railroads)
    assert d.track_limits == {"natural": 2, "white": 1}
    assert d.tracks_per_player("natural") == 2 and d.tracks_per_player("white") == 1
    assert "marker2" not in d.q_tokens and "golden_spike" in d.q_tokens
    st = new_game(2, 1, USA)
    assert all(p.industry == [0, 0] for p in st.players)
    assert st.board.stock_rows[0] == [0, 1] and len(st.board.dividends) == len(d.usa.dividends)
    assert score_parts(d)[-2:] == ("Boulders", "Stocks")
    check_invariants(st)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_table_on_usa_is_the_base_games(players):
    """The USA board changes no count of the setup table: rounds, workers, roubles, engineers, locomotives."""
    base, st = new_game(players, 2), new_game(players, 2, USA)
    assert (st.rounds, st.loco_piles) == (base.rounds, base.loco_piles)
    assert [(p.workers, p.roubles) for p in st.players] == [(p.workers, p.roubles) for p in base.players]
    check_invariants(st)


# Boulders ------------------------------------------------------------------------------------

def test_a_boulder_blocks_its_space_until_a_boulder_space_removes_it():
    """"As long as the boulder token is laying there, you may not advance a track or industry marker onto the
    space or beyond it." "When you fulfill the prerequisites for one of these two spaces, you remove one of the
    two boulder tokens immediately ... You score 10 points immediately." """
    st = usa_game()
    p = me(st)
    seat = seat_of(st, p)
    p.tracks["west"][0] = 7
    assert "boulder" in refusal_to_advance(st.data, p, "west", "black").lower()
    task = task_for(st, seat, "track")
    with pytest.raises(IllegalAction, match="boulder lies on space 8 of the Transcontinental West"):
        st.apply(Advance(task.id, "west", "black"))
    boulder = special(st, "main", "boulder")
    colour = st.data.colour_index(boulder.track)
    before = set(unlocked_colours(st.data, p))
    # the boulder space's colour one step short, each track ahead of it one space further on
    p.tracks["main"][:colour + 1] = [boulder.space + colour - ci for ci in range(colour)] + [boulder.space - 1]
    for gained in set(unlocked_colours(st.data, p)) - before:   # gained as the black track passed them
        st.track_supply[gained] -= st.data.tracks_per_player(gained)
    p.locos["main"] = [1, 9]
    st.loco_piles[9] -= 1
    task = task_for(st, seat, "track", colours=(boulder.track,))
    st.apply(Advance(task.id, "main", boulder.track))
    assert {a.boulder for a in st.legal_actions()} == {"boulder8", "boulder15"}
    st.apply(RemoveBoulder(st.tasks[-1].id, "boulder8"))
    assert p.score_parts["Boulders"] == 10 and p.board.boulders == ["boulder8"]
    assert refusal_to_advance(st.data, p, "west", "black") is None
    check_invariants(st)


def test_the_15_boulder_holds_the_top_industry_track():
    """The boulder "15" lies on the industry space with 15 points: the top marker stops before it."""
    st = usa_game()
    p = me(st)
    top = st.data.usa.top_industry
    boulder = st.data.usa.boulder("boulder15")
    assert top[boulder.space].value == 15
    assert industry_limit(st.data, p, 1) == boulder.space - 1
    p.industry[1] = boulder.space - 1
    assert not can_move_marker(st.data, p, 1)
    p.board.boulders.append("boulder15")
    assert can_move_marker(st.data, p, 1)


# Industry tracks -------------------------------------------------------------------------------

def test_the_top_track_passes_gaps_and_uses_a_factory_below():
    """"On the top industry track you may advance onto gaps and even skip them ... If the gap is occupied by a
    factory, you have to use the function of the factory immediately. Is the gap not occupied yet, nothing
    happens." The bottom track keeps the base rules."""
    st = usa_game()
    p = me(st)
    seat = seat_of(st, p)
    assert not p.factories
    p.industry = [4, 4]
    assert not can_move_marker(st.data, p, 0) and can_move_marker(st.data, p, 1)
    task = task_for(st, seat, "industry", 2, mandatory=False)
    st.apply(MoveIndustry(task.id, 1))
    assert p.industry == [4, 5] and not [t for t in st.tasks if t.id != task.id]
    st.tasks.clear()
    p.industry = [0, 4]
    p.factories = [6]   # take a rouble
    st.loco_piles[6] -= 1
    before = p.roubles
    task = task_for(st, seat, "industry", 1, mandatory=False)
    st.apply(MoveIndustry(task.id, 1))
    assert p.roubles == before + 1
    check_invariants(st)


def test_a_factory_placed_under_a_top_marker_is_not_used():
    """"should you place a factory in a gap with a factory marker above it, you may not use the factory because
    the industry marker has reached it before the factory was placed." Both markers score."""
    st = usa_game()
    p = me(st)
    p.industry = [3, 5]
    value = board_value(st.data, p).industry
    assert value == st.data.industry[3].value + st.data.usa.top_industry[5].value
    p.factories = [6]
    st.loco_piles[6] -= 1
    before = p.roubles
    settle(st)
    assert p.roubles == before


def test_each_marker_keeps_its_own_track():
    """"Each industry marker belongs to its own track. You may not "change tracks"." Split freely."""
    st = usa_game()
    p = me(st)
    task = task_for(st, seat_of(st, p), "industry", 3)
    assert {a.marker for a in st.legal_actions() if isinstance(a, MoveIndustry)} == {0, 1}
    st.apply(MoveIndustry(task.id, 0))
    st.apply(MoveIndustry(task.id, 1))
    st.apply(MoveIndustry(task.id, 1))
    assert p.industry == [1, 2]


# Transcontinental lines and the Golden Spike ---------------------------------------------------------

def complete(p, rid: str, length: int, loco: int = 9) -> None:
    p.tracks[rid][0] = length
    p.locos[rid] = [loco]


def test_completed_ends_score_every_scoring_and_the_golden_spike_adds_25_each():
    """"When you fulfill the conditions of the last space for one of the two tracks you receive 10 additional
    points during each railroad scoring phase." Golden Spike: "+25 points during the railroad scoring phase for
    each of the two spaces for which you fulfill the conditions." """
    st = usa_game()
    p = me(st)
    complete(p, "east", 7)
    assert railroad_score(st.data, p, "east").ends == 10
    assert railroad_score(st.data, p, "west").ends == 0
    p.board.golden_spike = True
    assert railroad_score(st.data, p, "east").ends == 35
    assert "end 35" in railroad_score(st.data, p, "east").detail()


def test_the_golden_spike_is_a_question_token():
    st = usa_game()
    p = me(st)
    seat = seat_of(st, p)
    task = task_for(st, seat, "token", colours=())
    st.apply(ChooseToken(task.id, "golden_spike"))
    assert p.board.golden_spike and "golden_spike" in p.tokens_used


def test_both_ends_give_the_meeting_space_once():
    """"When you fulfill the conditions of the last space for both tracks you also receive the advantage" of
    the dashed space: "+10 points" (once)."""
    st = usa_game()
    p = me(st)
    seat = seat_of(st, p)
    p.board.boulders.append("boulder8")
    p.tracks["east"][0] = 7
    p.tracks["west"][0] = 8
    task = task_for(st, seat, "track", 1)
    st.apply(Advance(task.id, "west", "black"))
    finish_tasks(st)
    assert p.score_parts["Termini"] == st.data.usa.meet_points
    with pytest.raises(IllegalAction, match="already at the end"):
        st.apply(Advance(task_for(st, seat, "track").id, "west", "black"))


# Doublers on three railroads -------------------------------------------------------------------

def test_doublers_go_above_the_railroad_of_your_choice():
    """"The Transcontinental East and West railroads show 3 dashed spaces for doublers where you may place
    doublers, just like on the main railroad." A full railroad takes no more."""
    st = usa_game()
    p = me(st)
    seat = seat_of(st, p)
    st.tasks.clear()
    gain(st, seat, (Effect("doubler", 4),), [], mandatory=False, source="test", depth=0)
    task = st.tasks[0]
    assert {a.railroad for a in st.legal_actions() if isinstance(a, PlaceDoubler)} == {"main", "east", "west"}
    for _ in range(3):
        st.apply(PlaceDoubler(task.id, "east"))
    assert p.board.doublers == {"east": 3}
    assert "east" not in {a.railroad for a in st.legal_actions() if isinstance(a, PlaceDoubler)}
    with pytest.raises(IllegalAction, match="no free doubler space"):
        st.apply(PlaceDoubler(task.id, "east"))
    p.tracks["east"][0] = 4
    p.locos["east"] = [4]
    st.loco_piles[4] -= 1
    assert [s.doubled for s in railroad_score(st.data, p, "east").spaces] == [True, True, True, False]
    check_invariants(st)


# Coin spaces -------------------------------------------------------------------------------------

def test_a_coin_space_is_paid_for_in_a_later_turn_once():
    """"As soon as you reach one of these spaces with the track in the color shown, you may pay a coin and
    receive the depicted advantage. You may do this in a later turn. After you have paid the coin ... you place
    one of your 3 "Done"-markers onto the symbol"."""
    st = usa_game()
    p = me(st)
    coin = special(st, "east", "coin")
    with pytest.raises(IllegalAction, match=f"brown track must reach space {coin.space}"):
        st.apply(PayCoin(coin.id))
    p.tracks["east"][:3] = [coin.space + 2, coin.space + 1, coin.space]
    p.tracks["main"][0] = 6
    st.track_supply["gray"] -= 3
    st.track_supply["brown"] -= 3
    assert PayCoin(coin.id) in st.legal_actions()
    roubles, supply = p.roubles, st.roubles_supply
    st.apply(PayCoin(coin.id))
    assert p.roubles == roubles - 1 and st.roubles_supply == supply + 1 and coin.id in p.claimed
    finish_tasks(st)
    with pytest.raises(IllegalAction, match="Done marker already lies there"):
        st.apply(PayCoin(coin.id))
    check_invariants(st)


def test_a_coin_space_needs_a_coin_and_your_own_turn():
    st = usa_game()
    p = me(st)
    coin = special(st, "east", "coin")
    p.tracks["east"][:3] = [coin.space + 2, coin.space + 1, coin.space]
    p.roubles, st.roubles_supply = 0, st.roubles_supply + p.roubles
    with pytest.raises(IllegalAction, match="You need a coin"):
        st.apply(PayCoin(coin.id))
    p.roubles, st.roubles_supply = 1, st.roubles_supply - 1
    seat = seat_of(st, p)
    st.apply(Pass())
    assert coin_refusal(st, seat, coin.id) == "Coin spaces are only paid for in your own turn."
    assert PayCoin(coin.id) not in st.legal_actions()


# The stock market --------------------------------------------------------------------------------

def raise_stock(st: RussianRailroads, seat: int, times: int = 1) -> None:
    for _ in range(times):
        st.tasks.clear()
        add_task(st, seat, Effect("stock"), True, "test", 0)
        settle(st)


def test_first_on_a_level_chooses_its_dividend_token_later_arrivals_get_it():
    """"When you are the first player to reach a new level, you move your stock price marker to the very left.
    Then you choose one of the displayed dividend tokens and place it on this level ... receive the advantage
    this token shows immediately. Should you reach a level where stock price markers from one or more players
    have been placed already, you place your stock price marker to the right of those. Then you may receive
    the advantage of the dividend token of this level." """
    st = usa_game()
    a, b = st.order[0], st.order[1]
    raise_stock(st, a)
    assert {x.token for x in st.legal_actions()} == set(st.data.usa.dividends)
    before = st.players[a].score
    points = st.data.usa.dividends["div_points"].effects[0].count
    st.apply(ChooseDividend(st.actionable_tasks()[0].id, "div_points"))
    assert st.board.level_tokens[1] == "div_points" and st.players[a].score == before + points
    assert "div_points" not in st.board.dividends
    before = st.players[b].score
    raise_stock(st, b)
    assert st.board.stock_rows[1] == [a, b] and st.players[b].score == before + points
    check_invariants(st)


def test_the_top_level_gives_a_personal_payout():
    """"If you are on the top level already and receive a further advancement on the stock market, you leave
    your stock price marker in place. Instead you receive a personal payout": "the advantages of the level where
    your stock price marker is and of all the levels below it"."""
    st = usa_game()
    seat = st.order[0]
    p = st.players[seat]
    top = st.data.usa.levels
    for level in range(1, top + 1):
        raise_stock(st, seat)
        st.apply(ChooseDividend(st.actionable_tasks()[0].id, "div_points" if level == 1 else
                                next(t for t in st.board.dividends if t not in ("div_climb", "div_points"))))
        finish_tasks(st)
    assert st.board.stock_level(seat) == top
    before = p.score
    raise_stock(st, seat)
    points = st.data.usa.dividends["div_points"].effects[0].count
    assert st.board.stock_level(seat) == top and p.score >= before + points
    check_invariants(st)


def test_the_climb_token_raises_then_pays_out():
    """"Should you choose this token you first advance your stock price marker one level up and receive the
    advantage of the new level. Additionally you receive a personal payout." """
    st = usa_game()
    seat = st.order[0]
    p = st.players[seat]
    raise_stock(st, seat)
    st.apply(ChooseDividend(st.actionable_tasks()[0].id, "div_points"))
    raise_stock(st, seat)
    st.apply(ChooseDividend(st.actionable_tasks()[0].id, "div_climb"))
    assert st.board.stock_level(seat) == 3
    before = p.score
    st.apply(ChooseDividend(st.actionable_tasks()[0].id, "div_coins"))   # level 3's token, then the payout of 1-3
    finish_tasks(st)
    assert p.score == before + st.data.usa.dividends["div_points"].effects[0].count and not st.tasks
    check_invariants(st)


def test_the_steelworks_comes_with_the_last_locomotive_and_starts_a_general_payout():
    """"When you take the last locomotive from a pile next to a steelworks, you also take the steelworks. You
    may flip the steelworks and place it like a regular factory ... Also, you may place it back in the box."
    "After you finish your turn, perform a general payout. The player who took the steelworks goes first."
    Arriving on it gives "one black track" advancement."""
    st = usa_game(3)
    order = list(st.order)
    for seat in order:
        st.board.stock_rows[0].remove(seat)
        st.board.stock_rows[1].append(seat)
    st.board.level_tokens[1] = "div_points"
    st.board.dividends.remove("div_points")
    seat = st.active
    pile = last_locomotive_beside(st, 21)
    place = next(a for a in st.legal_actions() if getattr(a, "space", "") == "L-1")
    st.apply(place)
    build = next(a for a in st.legal_actions() if isinstance(a, BuildLoco))
    st.apply(build)
    factory = [a for a in st.legal_actions() if isinstance(a, BuildFactory)]
    assert factory and factory[0].source == 21 and Skip(st.tasks[0].id) in st.legal_actions()
    scores = [p.score for p in st.players]
    st.apply(factory[0])
    finish_tasks(st)
    if st.waiting_turn():
        st.apply(EndTurn())
    points = st.data.usa.dividends["div_points"].effects[0].count
    assert [p.score - s for p, s in zip(st.players, scores)] == [points] * 3
    assert st.players[seat].factories == [21] and st.board.steelworks == [22, 23]
    check_invariants(st)


def test_a_new_factory_may_replace_the_steelworks_which_leaves_the_game():
    """"When you build a new factory, you may replace the steelworks with the new factory, even if not all 5
    gaps of your industry track are filled yet. The steelworks is placed back in the box." """
    st = usa_game()
    p = me(st)
    seat = seat_of(st, p)
    st.board.steelworks.remove(21)
    p.factories = [21]
    task = task_for(st, seat, "factory", colours=())
    slots = {a.slot for a in st.legal_actions() if isinstance(a, BuildFactory)}
    assert slots == {0, 1}
    st.apply(next(a for a in st.legal_actions() if isinstance(a, BuildFactory) and a.slot == 0))
    assert 21 in st.board.steelworks_box and 21 not in p.factories and 21 not in st.returned_factories
    check_invariants(st)


def test_game_end_stock_bonus_20_and_10_tie_to_the_left():
    """"The player whose stock price marker is at the top of the board scores 20 points. The player in second
    place scores 10 points. In case of a tie, the player whose stock price marker is farther to the left scores
    the points." """
    st = usa_game(3)
    st.board.stock_rows = [[], [2, 0], [1], [], [], [], []]
    final_scoring(st, [])
    assert [p.score_parts.get("Stocks", 0) for p in st.players] == [0, 20, 10]


# Save, clone and whole games ---------------------------------------------------------------------

def test_save_and_clone_keep_the_usa_pieces():
    st = usa_game()
    p = me(st)
    p.board.doublers["east"] = 2
    p.board.boulders.append("boulder15")
    p.board.golden_spike = True
    st.board.payout_due.append(1)
    back = RussianRailroads.from_dict(json.loads(json.dumps(st.to_dict())))
    assert back.to_dict() == st.to_dict() == st.clone().to_dict()


@pytest.mark.parametrize("players, kinds, options", [
    (1, ["random"], {}),
    (2, ["random"], {}),
    (3, ["random"], {"coal": True}),
    (4, ["random"], {"dsp": True, "new_components": True}),
    (2, ["normal", "easy"], {}),
    (3, ["normal", "random"], {"coal": True, "new_components": True, "dsp": True}),
])
def test_whole_games_on_usa_keep_every_invariant(players, kinds, options):
    st = play(players, 3, kinds, options={**USA, **options})
    clone = st.clone()
    assert RussianRailroads.from_dict(json.loads(json.dumps(st.to_dict()))).to_dict() == clone.to_dict()
    assert st.phase == "over"


def test_a_declined_steelworks_goes_back_in_the_box():
    """"Also, you may place it back in the box. In that case proceed with your turn as usual.\""""
    st = usa_game()
    p = me(st)
    seat = seat_of(st, p)
    st.board.steelworks.remove(22)
    st.tasks.clear()
    add_task(st, seat, Effect("factory"), False, "the steelworks", 0, number=22)
    st.apply(Skip(st.tasks[0].id))
    assert st.board.steelworks_box == [22] and 22 not in p.factories
    check_invariants(st)


def test_emil_taking_the_last_locomotive_leaves_the_steelworks_in_the_box():
    """ESTIMATED: Emil "does not perform actions": a steelworks he takes with a pile's last locomotive
    leaves the game, and no general payout follows."""
    st = usa_game(1)
    pile = last_locomotive_beside(st, 21)
    assert _take_loco(st) == pile
    assert 21 in st.board.steelworks_box and not st.board.payout_due
