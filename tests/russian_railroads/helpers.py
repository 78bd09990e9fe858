"""Shared helpers for the Russian Railroads tests: game setup, conservation
invariants checked after every action, and small state builders."""
from __future__ import annotations

from game.core.engine import Seat
from game.russian_railroads import ENGINE, make_bot
from game.russian_railroads.actions import ChooseStartBonus
from game.russian_railroads.data import load
from game.russian_railroads.engine import RussianRailroads
from game.russian_railroads.tracks import (doubler_total, doublers_on, industry_limit, road_end,
                                           unlocked_colours)

DATA = load()  # the base game's board (Russia), as every game without options plays it


def new_game(players: int, seed: int = 1, options: dict | None = None) -> RussianRailroads:
    return ENGINE.new_game(options or {}, seed, [Seat(f"P{i + 1}") for i in range(players)])


def skip_draft(st: RussianRailroads) -> RussianRailroads:
    """Finish the starting-bonus draft, leaving the black advancement card unchosen."""
    while st.phase == "draft":
        st.apply(next(a for a in st.legal_actions() if isinstance(a, ChooseStartBonus) and a.bonus != "black"))
        finish_tasks(st)
    return st


def check_invariants(st: RussianRailroads) -> None:
    d = st.data
    # workers and temporary workers
    for seat, p in enumerate(st.players):
        placed = sum(pl.workers for pl in st.placements if pl.seat == seat)
        assert p.workers_free + placed == p.workers, f"workers of seat {seat}"
        extras = sum(1 for c in p.claimed if c.endswith("_worker"))
        assert p.workers == d.workers[st.mode] + extras <= d.workers[st.mode] + d.extra_worker_supply
        black_placed = sum(pl.black for pl in st.placements if pl.seat == seat)
        assert black_placed + (1 if p.black_free else 0) == (1 if p.black_worker else 0)
    owners = sum(1 for p in st.players if p.black_worker)
    assert owners + (1 if "black_worker" in st.q_cards else 0) == 1
    temps = st.temps_board + sum(p.temps_free for p in st.players) + sum(pl.temps for pl in st.placements)
    assert temps == d.supplies["temp_workers"]
    if st.emil is not None:
        placed = sum(pl.workers for pl in st.placements if pl.seat == -1)
        assert st.emil.workers_free + placed == st.emil.workers
    # roubles
    roubles = (st.roubles_supply + sum(p.roubles for p in st.players) + sum(pl.roubles for pl in st.placements)
               + (1 if "engineer" in st.q_cards else 0))
    assert roubles == d.supplies["roubles"] == 18
    # locomotives (37)
    locos = (sum(st.loco_piles) + sum(st.loco_box) + sum(1 for f in st.returned_factories if f in d.loco_copies)
             + sum(len(v) for p in st.players for v in p.locos.values())
             + sum(1 for p in st.players for f in p.factories if f in d.loco_copies)
             + (len(st.emil.locos) if st.emil else 0) + (1 if "loco9" in st.q_cards else 0)
             + sum(1 for t in st.tasks if t.kind in ("move_loco", "card_loco")))
    if d.coal:
        check_coal(st)
    if d.dsp:
        check_dsp(st)
    if st.board is not None and d.usa is None:
        check_board(st)
    if d.usa is not None:
        check_usa(st)
    assert locos == 37
    # doublers (20)
    assert st.doubler_supply + sum(doubler_total(p) for p in st.players) == d.supplies["doublers"] == 20
    assert all(doublers_on(p, d, road) <= road.doubler_spaces for p in st.players for road in d.railroads)
    # track markers (48)
    for colour in d.colours:
        owned = sum(d.tracks_per_player(colour) for p in st.players if colour in unlocked_colours(d, p))
        assert st.track_supply[colour] + owned == d.track_supply[colour], colour
    assert sum(d.track_supply.values()) == 48
    # track order on every railroad
    for p in st.players:
        for road in d.railroads:
            pos = [x for x in p.tracks[road.id] if x > 0]
            assert pos == sorted(pos, reverse=True) and len(set(pos)) == len(pos)
            assert max(pos) <= road_end(d, p, road) <= road.length
    # engineers and End Bonus cards
    engineers = (sum(1 for x in st.strip if x) + len(st.engineer_box) + sum(len(p.engineers) for p in st.players)
                 + (len(st.emil.engineers) if st.emil else 0) + (1 if "engineer" in st.q_cards else 0))
    assert engineers == len(d.engineers) == 15 + (1 if d.coal else 0) + (1 if "new" in d.key else 0)
    assert len(st.end_bonus_pile) + len(st.end_bonus_box) + sum(len(p.end_bonus) for p in st.players) == 10
    # no space used twice except the bottom track space
    used = [pl.space for pl in st.placements if pl.space != "T-BOTTOM"]
    assert len(used) == len(set(used)), used


def play(players: int, seed: int, kinds: list[str], check: bool = True,
         options: dict | None = None) -> RussianRailroads:
    """Play a whole game with bots of the given difficulties, checking the
    invariants and scores never going down after every action (the generic
    promises are checked by tests/test_conformance.py)."""
    st = new_game(players, seed, options)
    bots = [make_bot(kinds[i % len(kinds)], seed * 7 + i) for i in range(players)]
    last = [0] * players
    steps = 0
    while not st.is_terminal():
        seat = st.current_player()
        assert seat is not None
        action = bots[seat].choose(st)
        st.apply(action)
        steps += 1
        assert steps < 3000, "the game does not end"
        if check:
            check_invariants(st)
            scores = [p.score for p in st.players]
            assert all(a >= b for a, b in zip(scores, last)), "a score went down"
            last = scores
    assert st.round == st.rounds
    return st


def duel(strong: str, weak: str, seed: int, game_seed: int) -> tuple[int, int]:
    """The final totals of `strong` and `weak` in one 2-player game (seed
    `game_seed`); `strong` sits in seat seed % 2, so seeds alternate the seats."""
    st = new_game(2, game_seed)
    me = seed % 2
    bots = {me: make_bot(strong, seed), 1 - me: make_bot(weak, seed)}
    while not st.is_terminal():
        seat = st.current_player()
        assert seat is not None
        st.apply(bots[seat].choose(st))
    totals = [s.total for s in st.scores()]
    return totals[me], totals[1 - me]


def ready(players: int = 4, seed: int = 1) -> RussianRailroads:
    """A game in its first action turn (draft done with the first choices), tasks resolved."""
    st = skip_draft(new_game(players, seed))
    finish_tasks(st)
    return st


def finish_tasks(st: RussianRailroads) -> None:
    """Resolve pending tasks with the first legal step each time."""
    while st.tasks:
        st.apply(st.legal_actions()[0])


def me(st: RussianRailroads):
    """The player whose turn it is."""
    seat = st.current_player()
    assert seat is not None
    return st.players[seat]


def step_actions(st: RussianRailroads, cls) -> list:
    return [a for a in st.legal_actions() if isinstance(a, cls)]


def check_coal(st: RussianRailroads) -> None:
    """Coal (25), foundries/boilermen (12 tiles) and the coal factory are never made or lost
    unaccounted; boilermen sit beside existing pieces only."""
    d = st.data
    rules = d.coal
    table = st.coal
    assert rules is not None and table is not None
    held = [p.coal for p in st.players if p.coal is not None]
    assert len(held) == len(st.players)
    assert min([table.supply, table.on_spaces] + [h.coal for h in held]) >= 0
    on_foundries = sum(rules.foundry_coal * len(h.used) for h in held)
    assert table.supply + sum(h.coal for h in held) + table.on_spaces + on_foundries == rules.supply == 25
    tiles = (len(table.pile) + len(table.display) + sum(len(h.foundries) for h in held)
             + sum(h.boilermen for h in held) + table.lost
             + sum(1 for t in st.tasks if t.kind == "boilerman" or t.boiler))
    assert tiles == len(rules.foundries) == 12
    for p, h in zip(st.players, held):
        assert set(h.used) <= set(h.foundries) and len(set(h.foundries)) == len(h.foundries)
        assert len(h.factory_boilers) == len(p.factories)
        for rid, locos in p.locos.items():
            assert len(h.loco_boilers.get(rid, [])) == len(locos), rid
    factory = rules.coal_factory
    places = (("coal_factory" in st.q_cards) + st.returned_factories.count(factory)
              + sum(p.factories.count(factory) for p in st.players)
              + sum(1 for t in st.tasks if t.kind == "factory" and t.number == factory))
    assert places == 1


def check_dsp(st: RussianRailroads) -> None:
    """The 5 public tokens are beside the board or with one player each (taken with the double-sided
    token); spare engineers lie in the box; the ? factory exists once at most."""
    d = st.data
    assert d.dsp is not None and st.dsp is not None
    taken = [p.dsp.public_token for p in st.players if p.dsp is not None and p.dsp.public_token]
    assert sorted(st.dsp.public_tokens + taken) == sorted(d.dsp.public_tokens)
    for p in st.players:
        assert p.dsp is not None
        assert bool(p.dsp.public_token) <= ("dsp" in p.tokens_used)
    assert set(st.dsp.spare_engineers) <= set(st.engineer_box)
    factory = d.dsp.q_factory
    places = (st.returned_factories.count(factory) + sum(p.factories.count(factory) for p in st.players)
              + sum(1 for t in st.tasks if t.kind == "factory" and t.number == factory))
    assert places == ("pub_q_factory" in taken)
    assert set(st.dsp.bonus_cards) <= set(d.dsp.bonus_cards)


def check_board(st: RussianRailroads) -> None:
    """An expansion board (Germany): every extension tile and income marker is in the supply or with one
    player; nothing passes the switch without a branch, no track beyond its branch's end; natural tracks on
    at most 2 railroads; at most 3 industry markers; used income markers are held ones."""
    d = st.data
    assert st.board is not None
    placed = [t for p in st.players for t in (p.board.extensions.values() if p.board else ())]
    assert sorted(st.board.extensions + placed) == sorted(d.extensions)
    held = [m for p in st.players for m in (p.board.income if p.board else ())]
    assert sorted(st.board.income + held) == sorted(m for m, n in d.income_copies.items() for _ in range(n))
    main = d.railroad(d.main_railroad)
    natural = d.colour_index("natural")
    for p in st.players:
        assert p.board is not None
        ends = {b.id: b.length for b in main.branches}
        furthest = p.tracks[main.id][0]
        if not p.board.branch:
            assert furthest <= main.switch_after + 1
        else:
            assert furthest <= ends[p.board.branch]
        for road in d.railroads:
            for area in road.areas:
                if p.tracks[road.id][0] >= area.space and not any(t.kind == "extension" for t in st.tasks):
                    assert area.id in p.board.extensions
        assert sum(1 for r in d.railroads if p.tracks[r.id][natural] > 0) <= d.track_limits.get("natural", 3)
        assert len(p.industry) <= 3
        assert set(p.board.income_used) <= set(range(len(p.board.income)))


def check_usa(st: RussianRailroads) -> None:
    """The USA board: every stock price marker on exactly one level, first arrivals holding the level's
    dividend token; every dividend token displayed or on one level; the 3 steelworks beside their piles,
    in the box, in a factory slot or being placed; boulders removed only once and scored; two industry
    markers, each on its own track and within its limit (gaps, boulders)."""
    d = st.data
    rules = d.usa
    board = st.board
    assert rules is not None and board is not None
    seats = sorted(s for row in board.stock_rows for s in row)
    assert seats == list(range(st.num_players)) and len(board.stock_rows) == rules.levels + 1
    for level, row in enumerate(board.stock_rows):
        if level and row and not any(t.kind == "dividend" for t in st.tasks):
            assert board.level_tokens[level], f"level {level} reached without its dividend token"
    placed = [tok for tok in board.level_tokens if tok]
    assert sorted(placed + board.dividends) == sorted(rules.dividends)
    works = (board.steelworks + board.steelworks_box + [f for p in st.players for f in p.factories if f in rules.steelworks]
             + [t.number for t in st.tasks if t.kind == "factory" and t.number in rules.steelworks])
    assert sorted(works) == sorted(rules.steelworks)
    for number in board.steelworks:
        assert st.loco_piles[rules.steelworks[number]] > 0
    for p in st.players:
        assert p.board is not None and len(p.industry) == 2
        assert len(set(p.board.boulders)) == len(p.board.boulders)
        assert p.score_parts.get("Boulders", 0) == rules.boulder_points * len(p.board.boulders)
        for m, pos in enumerate(p.industry):
            assert pos <= industry_limit(d, p, m)
