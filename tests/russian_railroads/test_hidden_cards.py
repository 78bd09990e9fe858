"""End Bonus cards are held face down (rulebook: "Players reveal their End
Bonus cards at this time", the final scoring), so hot-seat players pass the
screen once anyone holds one."""
from game.core.engine import Seat
from game.russian_railroads import ENGINE


def test_screen_is_shared_until_someone_holds_an_end_bonus_card():
    state = ENGINE.new_game({}, 5, [Seat("Ann"), Seat("Bob")])
    assert ENGINE.has_hidden_information
    assert not state.hidden_from(0) and not state.hidden_from(1)
    state.players[1].end_bonus.append(state.end_bonus_pile.pop())
    assert state.hidden_from(0) and state.hidden_from(1)
