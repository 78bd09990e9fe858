"""With six players at 1280x720 what a player reads most stays in view
without scrolling: every player row of Lunar Rails' narrow panel and, under
them, the events and the next locos' table (each loco one line, in words
when pointed at), and the events in play (chips, two a row, title and rule
when pointed at, when the rules do not all fit)."""
from __future__ import annotations

import pygame
import pytest

from game.crayon.player import ActiveEvent
from tests.ui_russian_rails.test_panel_layout import open_six as open_layout

LONG_RULES = ("special_demand", "weather", "flood", "lockdown")
LUNAR_RULES = ("solar_flare", "seismic", "strike", "cosmic_rays")


def open_six(tmp_path, game_id: str, size: tuple[int, int], moves: int, events: int = 0, kinds=LONG_RULES,
             watch: bool = True):
    """Six players after `moves` computer moves, a computer's turn on the
    screen (or, not `watch`, the human's), with `events` event cards of
    `kinds` put in play."""
    def put_in_play(st) -> None:
        cards = [c for c, ec in st.data.events.items() if not ec.is_dual and ec.for_era("").kind in kinds]
        st.active[:] = [ActiveEvent(card, 0, None) for card in cards[:events]]

    return open_layout(tmp_path, game_id, size, moves, seed=3, watch=watch, prepare=put_in_play if events else None)


@pytest.mark.parametrize("moves", [0, 40, 200])
def test_lunar_rails_player_rows_all_fit_at_1280x720(tmp_path, moves):
    app, scene = open_six(tmp_path, "lunar_rails", (1280, 720), moves)
    main = scene.controller.cursor.cursors["main"]
    names = {scene.state.name(i) for i in range(6)}
    rows = [b.rect for b in main.buttons if b.label in names]
    assert len(rows) == 6
    assert all(main.rect.contains(r) for r in rows), (main.rect, rows)
    assert all(r.height >= 11 for r in rows)


@pytest.mark.parametrize("moves", [0, 40, 200])
def test_lunar_rails_next_trains_in_view_at_1280x720_without_scrolling(tmp_path, moves):
    app, scene = open_six(tmp_path, "lunar_rails", (1280, 720), moves)
    st = scene.state
    main = scene.controller.cursor.cursors["main"]
    seat = scene.controller.demands_seat()
    nexts = st.rules.upgrades_from(st.players[seat].loco)
    assert nexts and main.overflow == 0  # the column does not scroll
    rows = {b.label: b.rect for b in main.buttons if b.tip}
    for lc in nexts:
        assert main.rect.contains(rows[lc.name]), (lc.name, rows[lc.name], main.rect)
        tip = main.tip_at(rows[lc.name].center)
        assert f"{lc.name} (level {lc.level}) for {st.upgrade_price(seat, lc.name)}M" in tip
        assert f"speed {lc.speed}, {lc.capacity} loads" in tip


def test_lunar_rails_events_in_play_shorten_to_keep_the_next_trains_in_view(tmp_path):
    app, scene = open_six(tmp_path, "lunar_rails", (1280, 720), 40, events=2, kinds=LUNAR_RULES)
    main = scene.controller.cursor.cursors["main"]
    titles = {i.title for i in scene.state.active_events()}
    assert len(titles) == 2 and main.overflow == 0
    tips = {b.label for b in main.buttons if b.tip}
    assert titles <= tips  # one line each, the rule when pointed at


@pytest.mark.parametrize("events", [2, 4])
def test_russian_rails_events_fit_at_1280x720_their_rules_pointed_at(tmp_path, events):
    from ui.russian_rails import panels

    app, scene = open_six(tmp_path, "russian_rails", (1280, 720), 300, events)
    main = scene.controller.cursor.cursors["main"]
    assert main.overflow == 0  # the column does not scroll
    infos = [i for i in scene.state.active_events()][:panels.MAX_EVENTS_SHOWN]
    assert len(infos) == events
    tips = {b.label: b for b in main.buttons if b.tip}
    for info in infos:
        rule = f"{info.forbids} ({info.until})"
        if info.title in tips:  # a chip: its title and rule when pointed at
            title = tips[info.title].rect
            assert main.rect.contains(title) and main.tip_at(title.center) == f"{info.title}: {rule}"
    if events == 4:
        assert set(tips) >= {i.title for i in infos}


def test_russian_rails_events_are_written_in_full_where_they_fit(tmp_path):
    app, scene = open_six(tmp_path, "russian_rails", (1920, 1080), 300, 4)
    main = scene.controller.cursor.cursors["main"]
    titles = {i.title for i in scene.state.active_events()}
    assert main.overflow == 0 and len(titles) == 4
    assert not [b for b in main.buttons if b.tip and b.label in titles]  # no rule hidden in a tip


def test_russian_rails_on_the_players_turn_the_events_fit_and_the_upgrades_are_under_the_train(tmp_path):
    app, scene = open_six(tmp_path, "russian_rails", (1280, 720), 40, events=2, watch=False)
    ctl, st = scene.controller, scene.state
    assert ctl.mode() in ("move", "build")
    main, side = ctl.cursor.cursors["main"], ctl.cursor.cursors["side"]
    assert main.overflow == 0 and side.overflow == 0  # neither column scrolls
    titles = {i.title for i in st.active_events()}
    assert len(titles) == 2 and not [b for b in main.buttons if b.tip and b.label in titles]  # written in full
    for lc in st.rules.upgrades_from(st.players[ctl.seat].loco):
        b = next(b for b in side.buttons if b.label == f"{lc.name} {st.upgrade_price(ctl.seat, lc.name)}M")
        assert side.rect.contains(b.rect)


@pytest.mark.parametrize("moves", [200, 300])
def test_lunar_rails_own_turn_late_fits_at_1280x720_player_rows_one_line_said_whole_when_pointed_at(tmp_path, moves):
    app, scene = open_six(tmp_path, "lunar_rails", (1280, 720), moves, watch=False)
    ctl, st = scene.controller, scene.state
    assert ctl.mode() in ("move", "build")
    main = ctl.cursor.cursors["main"]
    assert main.overflow == 0  # the city's actions, End turn and the upgrades do not push the players out
    assert any(b.label == "End turn" for b in main.buttons)
    for lc in st.rules.upgrades_from(st.players[ctl.seat].loco):
        b = next(b for b in main.buttons if b.label == f"{lc.name} {st.upgrade_price(ctl.seat, lc.name)}M")
        assert main.rect.contains(b.rect) and b.rect.height >= 11
    rows = {b.label: b for b in main.buttons if b.label in {st.name(i) for i in range(6)}}
    assert len(rows) == 6
    one_line = {i for i in range(6) if rows[st.name(i)].tip}
    assert one_line in (set(), set(range(6)))  # all rows alike
    assert one_line or moves != 200  # at 200 moves the rows written in full would not fit
    for i in range(6):
        row = rows[st.name(i)]
        assert main.rect.contains(row.rect) and row.rect.height >= 11
        if i not in one_line:  # written in full (at 300 moves the short events leave the room)
            assert row.rect.height > 30
            continue
        tip = main.tip_at(row.rect.center)
        assert tip.startswith(f"{st.name(i)}: {ctl.majors_of(i)}/") and "majors · " in tip and "cash" in tip
    assert main.hit(rows[st.name(0)].rect.center) is rows[st.name(0)]  # still clicked to show their cards
    picks = [b for b in main.buttons if b.label.startswith("+ ")]  # "+ Beer (3)": the heading is only the city
    assert picks or moves != 200
    for b in picks:
        load, left = b.label[2:].rsplit(" (", 1)
        assert main.tip_at(b.rect.center) == f"Pick up {load}: {left[:-1]} chip{'' if left == '1)' else 's'} left"


def test_lunar_rails_player_rows_written_in_full_where_they_fit(tmp_path):
    app, scene = open_six(tmp_path, "lunar_rails", (1920, 1080), 200, watch=False)
    main = scene.controller.cursor.cursors["main"]
    names = {scene.state.name(i) for i in range(6)}
    rows = [b for b in main.buttons if b.label in names]
    assert main.overflow == 0 and len(rows) == 6
    assert all(not b.tip and b.rect.height > 30 for b in rows)  # the words on their own line, no tip needed


def test_lunar_rails_own_turn_late_with_a_strike_fits_its_refusal_one_line_said_whole_when_pointed_at(tmp_path):
    app, scene = open_six(tmp_path, "lunar_rails", (1280, 720), 200, events=1, kinds=("strike",), watch=False)
    ctl, st = scene.controller, scene.state
    main = ctl.cursor.cursors["main"]
    city = st.board.city_at[st.players[ctl.seat].position]
    refusal = st.city_refusal(city)
    assert refusal and main.overflow == 0
    note = next(b for b in main.buttons if b.label == refusal)
    assert main.rect.contains(note.rect) and note.rect.height == 17 and main.tip_at(note.rect.center) == refusal
    titles = {i.title for i in st.active_events()}
    assert titles <= {b.label for b in main.buttons if b.tip}  # the event: one line, its rule when pointed at


@pytest.mark.parametrize("events", [2, 4])
def test_lunar_rails_own_turn_late_with_events_fits_them_as_chips_said_whole_when_pointed_at(tmp_path, events):
    app, scene = open_six(tmp_path, "lunar_rails", (1280, 720), 200, events=events, kinds=LUNAR_RULES, watch=False)
    ctl, st = scene.controller, scene.state
    assert ctl.mode() in ("move", "build")
    main = ctl.cursor.cursors["main"]
    assert main.overflow == 0  # the column does not scroll (it did by 11 px with two events, 47 px with four)
    labels = {b.label for b in main.buttons}
    assert "End turn" in labels and {st.name(i) for i in range(6)} <= labels
    infos = st.active_events()
    chips = {b.label: b for b in main.buttons if b.label in {i.title for i in infos}}
    assert len(infos) == len(chips) == events
    for info in infos:
        chip = chips[info.title]
        assert main.rect.contains(chip.rect) and chip.rect.height >= 11
        assert main.hit(chip.rect.center) is None  # nothing to press: never lit
        assert main.tip_at(chip.rect.center) == f"{info.title}: {info.forbids} ({info.until})"
    rows = len({chip.rect.y for chip in chips.values()})
    assert rows == (events + 1) // 2 or (events == 2 and rows == 2)  # two a row (two events fit a line each)


def test_russian_rails_own_turn_late_at_1920x1080_the_events_leave_the_train_and_its_upgrades_in_view(tmp_path):
    app, scene = open_six(tmp_path, "russian_rails", (1920, 1080), 300, 4, watch=False)
    ctl, st = scene.controller, scene.state
    assert ctl.mode() in ("move", "build")
    main = ctl.cursor.cursors["main"]
    assert main.overflow == 0  # the events in full pushed the train 87 px out of the column
    for lc in st.rules.upgrades_from(st.players[ctl.seat].loco):
        b = next(b for b in main.buttons if b.label == f"{lc.name} {st.upgrade_price(ctl.seat, lc.name)}M")
        assert main.rect.contains(b.rect)
    titles = {i.title for i in st.active_events()}
    chips = [b for b in main.buttons if b.label in titles]
    assert len(titles) == len(chips) == 4 and all(main.rect.contains(b.rect) and b.tip for b in chips)


@pytest.mark.parametrize("events", [2, 4])
def test_russian_rails_own_turn_late_at_1280x720_keeps_the_city_cards_and_events_in_the_first_column(tmp_path, events):
    app, scene = open_six(tmp_path, "russian_rails", (1280, 720), 300, events, watch=False)
    ctl, st = scene.controller, scene.state
    assert ctl.mode() in ("move", "build")
    main = ctl.cursor.cursors["main"]
    assert main.overflow == 0  # it scrolled by 60 px with two events, 96 px with four
    city = [b for b in main.buttons if b.label.startswith(("+ ", "Drop "))]
    assert city and all(main.rect.contains(b.rect) and b.rect.height >= 11 for b in city)
    hand = st.players[ctl.demands_seat()].hand
    assert len({spot.key[0] for spot in main.hotspots if main.rect.contains(spot.rect)}) == len(hand)
    titles = {i.title for i in st.active_events()}
    chips = [b for b in main.buttons if b.label in titles]
    assert len(titles) == len(chips) == events and all(main.rect.contains(b.rect) for b in chips)
    intro = "Point at a demand: where to get it, and the track still missing."
    notes = [b for b in main.buttons if b.label == intro]  # one line, whole when pointed at
    assert notes and main.tip_at(notes[0].rect.center) == intro


def test_russian_rails_on_a_computers_turn_the_event_titles_keep_a_line_each_where_they_fit(tmp_path):
    """Chips are the last resort: where a line each fits, the titles are cut less."""
    app, scene = open_six(tmp_path, "russian_rails", (1280, 720), 300, 4)
    main = scene.controller.cursor.cursors["main"]
    titles = {i.title for i in scene.state.active_events()}
    rows = [b for b in main.buttons if b.label in titles]
    assert main.overflow == 0 and len(rows) == 4
    assert len({b.rect.y for b in rows}) == 4 and {b.rect.width for b in rows} == {main.width}


@pytest.fixture
def shown(monkeypatch) -> list[tuple[str, tuple[float, float]]]:
    """Every text drawn through the theme from now on, as a player sees it (cut with "…" to its width),
    with where it was drawn."""
    from ui import theme

    texts: list[tuple[str, tuple[float, float]]] = []
    draw_text = theme.draw_text

    def spy(surface, text, pos, size=16, colour=theme.TEXT, bold=False, anchor="topleft", max_width=None, **k):
        cut = theme.ellipsize(text, size, bold, max_width) if max_width else text
        texts.append((cut, pos))
        return draw_text(surface, text, pos, size, colour, bold, anchor, max_width, **k)

    monkeypatch.setattr(theme, "draw_text", spy)
    return texts


@pytest.mark.parametrize("game_id, moves, cards", [
    ("russian_rails", 300, (142, 143, 144, 146)),  # three Heavy Snows and the Black Sea storms
    ("lunar_rails", 220, (213, 214, 217, 218)),  # two Moon Quakes, two Solar Flares
    ("lunar_rails", 220, (219, 220, 213, 217)),  # two Cosmic Rays, the widest labels side by side
    ("russian_rails", 300, (148, 149, 151, 156)),  # special demands: old chips "Olympic Games in…", "Northern Fl…"
    ("lunar_rails", 220, (211, 212, 213, 217)),  # the booms: old chip "Construction B…"
])
def test_event_chips_tell_alike_events_apart_at_1280x720(tmp_path, shown, game_id, moves, cards):
    """Each chip shows its event's short title whole (the cards' `short`), the title and rule when pointed at."""
    def put_in_play(st) -> None:
        st.active[:] = [ActiveEvent(card, 0, None) for card in cards]

    app, scene = open_layout(tmp_path, game_id, (1280, 720), moves, seed=3, prepare=put_in_play)
    main = scene.controller.cursor.cursors["main"]
    infos = scene.state.active_events()
    chips = [b for b in main.buttons if b.label in {i.title for i in infos} and b.tip]
    assert len(chips) == len(cards)
    on_chips = [next(text for text, pos in shown if chip.rect.collidepoint(pos)) for chip in chips]
    assert len(set(on_chips)) == len(cards), on_chips  # old chips: "Heavy Snow in…" three times
    assert all(text and "…" not in text for text in on_chips), on_chips
    for info in infos:  # pointing still gives the whole title and the rule
        chip = next(b for b in chips if main.tip_at(b.rect.center).startswith(f"{info.title}: {info.forbids}"))
        assert chip.rect.height >= 11


def test_lunar_rails_own_turn_late_with_more_than_four_events_fits_at_1280x720_the_rest_counted_and_pointed_at(tmp_path):
    app, scene = open_six(tmp_path, "lunar_rails", (1280, 720), 200, events=6, kinds=LUNAR_RULES, watch=False)
    ctl, st = scene.controller, scene.state
    assert ctl.mode() in ("move", "build")
    main = ctl.cursor.cursors["main"]
    assert main.overflow == 0  # the "… and 2 more" line under the chips scrolled it by 13 px
    infos = st.active_events()
    assert len(infos) == 6
    more = next(b for b in main.buttons if b.label == "+2 more")  # under "Events", beside the second row of chips
    assert main.rect.contains(more.rect) and main.hit(more.rect.center) is None
    chips = [b for b in main.buttons if b.label in {i.title for i in infos}]
    assert len(chips) == 4 and more.rect.y == max(b.rect.y for b in chips)
    tip = main.tip_at(more.rect.center)
    assert all(f"{i.title}: {i.forbids} ({i.until})" in tip for i in infos[4:])


def test_event_lines_tell_events_of_one_title_apart_at_1920x1080(tmp_path, shown):
    """Where each event keeps a line, an event sharing its title with another in play is named by its short title."""
    def put_in_play(st) -> None:
        st.active[:] = [ActiveEvent(card, 0, None) for card in (213, 214, 217, 218, 209)]

    app, scene = open_layout(tmp_path, "lunar_rails", (1920, 1080), 200, seed=3, prepare=put_in_play)
    main = scene.controller.cursor.cursors["main"]
    infos = scene.state.active_events()
    rules = {f"{i.title}: {i.forbids} ({i.until})": i for i in infos[:4]}
    rows = [b for b in main.buttons if b.tip in rules]
    assert len(rows) == 4 and len({b.rect.y for b in rows}) == 4 and main.overflow == 0  # one line each
    on_rows = [next(text for text, pos in shown if row.rect.collidepoint(pos)) for row in rows]
    assert sorted(on_rows) == ["Flares: East", "Flares: Near", "Quake: alpine", "Quake: high"]  # not "Moon Quakes" twice


def test_lunar_rails_at_a_busy_city_with_four_events_keeps_one_row_of_chips_the_rest_counted_beside_events(tmp_path):
    """At a city with three pick-ups and a drop, four upgrades for sale and
    four events in play, two rows of chips scrolled the panel 35 px (14 with
    no event): closer section rules in a short column, and one row of chips,
    "+2" beside "Events" naming the other two when pointed at."""
    def put_in_play(st) -> None:
        st.active[:] = [ActiveEvent(card, 0, None) for card in (213, 214, 217, 218)]  # quakes and flares

    app, scene = open_layout(tmp_path, "lunar_rails", (1280, 720), 210, seed=3, prepare=put_in_play)
    main = scene.controller.cursor.cursors["main"]
    labels = {b.label for b in main.buttons}
    assert {"Drop Oxygen", "+ Beer (4)", "+ Oxygen (3)", "+ Pharmaceuticals (3)", "End turn"} <= labels
    assert len([b for b in labels if b.endswith("0M")]) == 4  # the upgrades
    assert main.overflow == 0
    infos = scene.state.active_events()
    chips = [b for b in main.buttons if b.label in {i.title for i in infos} and b.tip]
    more = next(b for b in main.buttons if b.label == "+2")
    assert len(chips) == 2 and all(main.rect.contains(b.rect) for b in chips + [more])
    assert {b.rect.y for b in chips} == {more.rect.y - 2}  # one row, the count beside "Events"
    tip = main.tip_at(more.rect.center)
    assert all(f"{i.title}: {i.forbids}" in tip for i in infos[2:])
