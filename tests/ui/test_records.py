"""Personal records: best solo scores with date and seed, games/wins/average
per player against computer players, shown on the results screen and from
the menu's Records button."""
import pygame

from game import registry
from game.core.engine import Seat
from game.core.session import Session
from tests.ui.fake_game import Draw, RaceController, RaceState, Step
from tests.ui.helpers import click_element, key, make_app, register_fake_game
from ui.game_scene import GameScene
from ui.records import SeatStats, SoloScore, Table, load_tables, outcome_text, record_game, table_key
from ui.scenes.menu import MenuScene
from ui.scenes.records import RecordsScene, table_html
from ui.scenes.results import ResultsScene

SOLO = [Seat("Ann", "orange")]


def finished(seats, seed, draws=0):
    """A finished race: `draws` cards drawn first (each adds to the score), then steps to the goal."""
    session = Session("fake_race", {"mood": "calm"}, seed, seats, engine=RaceState)
    for _ in range(draws):
        session.apply(Draw())
    while not session.state.is_terminal():
        session.apply(Step(3))
    return session


def test_solo_scores_rank_and_a_new_best_is_named(tmp_path):
    path = tmp_path / "records.yaml"
    first = finished(SOLO, 1, draws=2)
    assert outcome_text(record_game(path, first)) == ["Rank 1 of your best solo scores (1 solo game recorded)"]
    better = finished(SOLO, 2, draws=6)
    assert better.state.scores()[0].total > first.state.scores()[0].total
    outcome = record_game(path, better)
    assert outcome.personal_best and outcome.solo_rank == 1 and outcome.solo_games == 2
    assert outcome_text(outcome)[0].startswith("New personal best! Rank 1")
    assert record_game(path, better).solo_games == 2  # reopening the results records nothing twice
    worse = finished(SOLO, 3)
    outcome = record_game(path, worse)
    assert not outcome.personal_best and outcome.solo_rank == 3
    record_game(path, finished([Seat("Ann", "orange"), Seat("Cy", "sky", "computer")], 4))
    assert record_game(path, worse).solo_games == 3  # a game against a computer is no solo game
    assert record_game(path, finished([Seat("Bot", "sky", "computer")], 9)).solo_rank is None  # no person played
    table = load_tables(path)[table_key("fake_race", {"mood": "calm"})]
    assert [(s.score, s.seed) for s in table.solo] == [(better.state.scores()[0].total, 2),
                                                       (first.state.scores()[0].total, 1), (12, 3)]
    assert all(len(s.date) == 10 for s in table.solo)


def test_games_against_computers_count_per_name_and_hot_seat_games_do_not(tmp_path):
    path = tmp_path / "records.yaml"
    vs = [Seat("Ann", "orange"), Seat("Cy", "sky", "computer")]
    won = finished(vs, 1)  # Ann moves first and reaches the goal first
    lost = finished(vs, 2, draws=1)  # Ann spends her first turn drawing a card: Cy gets there first
    assert won.state.winners() == [0] and lost.state.winners() == [1]
    record_game(path, won)
    outcome = record_game(path, lost)
    average = (won.state.scores()[0].total + lost.state.scores()[0].total) / 2
    assert outcome.seat_lines == (f"Ann against computer players: 2 games, 1 win, average {average:.1f} points",)
    assert record_game(path, finished([Seat("Ann", "orange"), Seat("Bo", "sky")], 3)).seat_lines == ()
    assert len(load_tables(path)) == 1 and set(load_tables(path)[table_key("fake_race", {"mood": "calm"})].seats) == {"Ann"}


def test_a_damaged_records_file_is_read_as_empty_and_rewritten(tmp_path):
    path = tmp_path / "records.yaml"
    path.write_text("tables: [{game: fake_race, solo: [{score: lots}]}]\n: : :", encoding="utf-8")
    assert load_tables(path) == {}
    assert record_game(path, finished(SOLO, 1)).solo_rank == 1
    assert len(load_tables(path)) == 1


def test_results_screen_and_records_scene_show_the_records(tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    record_game(app.paths.records_file, finished(SOLO, 1))
    session = finished(SOLO, 42, draws=5)
    app.push(GameScene(app, session, RaceController))
    app.step()
    results = app.top
    assert isinstance(results, ResultsScene)
    assert results.record_lines[0].startswith("New personal best! Rank 1 of your best solo scores")
    app.back_to_menu()
    app.step()
    click_element(app, app.top.records_button)
    assert isinstance(app.top, RecordsScene)
    html = app.top.text.html_text
    assert "Fake Race" in html and "mood: calm" in html and f"<b>{session.state.scores()[0].total}</b>" in html
    assert "seed 42" in html and "seed 1" in html
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_averages_are_said_in_the_games_own_unit():
    stats = SeatStats(games=2, wins=1, total=173)
    assert stats.summary(registry.score_unit("lunar_rails")) == "2 games, 1 win, average 86.5M"  # cash
    assert stats.summary(registry.score_unit("regional_rails")) == "2 games, 1 win, average 86.5 VP"
    assert registry.score_unit("not_a_game") == " points"
    html = table_html(Table("russian_rails", {}, [], {"Ann": stats}, []))
    assert "Ann: 2 games, 1 win, average <b>86.5</b>M<br>" in html
    solo = table_html(Table("russian_railroads", {}, [SoloScore(347, "2026-11-28", 5)], {}, []))
    assert "1. <b>347</b> points · 2026-11-28 · seed 5" in solo
