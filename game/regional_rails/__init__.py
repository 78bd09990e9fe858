"""Regional Rails: a hex-map railroad game for 2-6 players (rules: shared/rules/003).

Package map
-----------
- ``rules.yaml`` + ``data.py``: every number and table (cost charts, caps,
  companies, tycoons, development markers, event table) and every rule choice;
  ``rules()`` returns them as frozen records.
- ``board.py``: the immutable :class:`Board` (shared by clones).
- ``tmx_board.py``: loads maps/regional_rails/regional_rails.tmx (written by
  tools/regional_rails_map.py); ``mapgen.py``: the seeded random-map generator
  (option ``map: random``) and ``board_problems`` (the fairness checks both kinds
  pass); ``rivers.py``: rivers as walks along hex corners; ``maps.py``: ``board_for``.
- ``actions.py``: every move (``regional.*``); ``events.py``: what happened.
- ``state.py``: CompanyState / TurnState records and phase names.
- ``engine.py``: :class:`RegionalRailsState` (the GameState); ``costs.py``:
  build quotes; ``placement.py``: development marker conditions;
  ``queries.py``: read-only helpers for the UI; ``bots.py``: ``make_bot``
  (``bot_paths.py``: the bots' cheapest-route planning).

State shape (``RegionalRailsState``)
------------------------------------
- ``board: Board`` — ``terrain[hex]`` in plains/forest/mountain/sea, ``places[hex]``
  -> ``Place(name, kind "town"|"city", hex, start)``, ``start_cities`` (6, corner
  order), ``coastal`` / ``land`` / ``sides`` frozensets, ``rivers`` (canonical
  edge ids ``(q, r, side)`` from ``hexgrid.edge_id``), ``layout(size, origin)``
  -> pointy-top ``Layout`` with the centre hex at ``origin``.
- ``companies: list[CompanyState]`` — index, name, owner (seat), start hex, money,
  vp (secret), train_level, rail_left, stations_left, developments (secret kinds
  in hand), obsolescence, turns_taken, extra (Additional Railroad).
- ``tycoons: list[str | None]`` per seat.
- ``interior: dict[hex, list[company]]`` and ``side_rails: dict[edge, list[company]]``
  — rail markers in build order (a company may appear twice: shutout rule).
- ``stations: dict[hex, company]``; ``developments: dict[hex, kind]``.
- ``phase`` (state.py names: setup_roll, setup_company, setup_start, setup_tycoon,
  build, income, dividends, upgrade, end, over; event and upkeep resolve by
  themselves), ``roll_for`` (which setup roll is pending), ``round``,
  ``turn_order`` (company indices), ``active`` (company whose turn it is, or None in
  setup), ``turn: TurnState`` (rails built this turn, dice: loan_roll, invest_roll,
  dividend_rolls ...), ``end_reason``.

Query helpers (``queries.py``; all read-only, all take the state)
-----------------------------------------------------------------
- ``quote_interior(state, hex)`` / ``quote_side(state, edge)`` /
  ``quote_station(state, hex)`` -> ``Quote(lines, total, legal, reason, code)``
  for the acting company (``company=`` to ask for another one).
- ``distance_area(state, company)`` -> land hexes within its Train Level.
- ``income_preview(state, company)`` -> ``(total, lines)``.
- ``phase_offer(state)`` -> ``Offer(phase, seat, company, limits)`` describing the
  pending decision: limits hold money, loan_roll/loan_max, invest_roll/stock_max/
  stock_targets, dividend_rolls/max, upgrade_cost and the why-not sentences
  (upgrade_problem, develop_problem, dealer_dan_problem), rob_targets ...
- The state itself answers: ``start_choices(seat)``, ``found_choices(seat)``,
  ``development_spots(kind)``, ``stock_targets(company)``, ``upgrade_cost(company)``,
  ``upgrade_problem / develop_problem / dealer_dan_problem(company)``,
  ``connected_hexes(company)``, ``place_name(hex)``, ``where(place)``, ``tycoon_of(company)``.
- Dice: every roll is an ``events.DiceRolled(who, purpose, dice, modifier, total)``.
- ``dividend_vp(state, amount)``; ``development_places(state, kind)``;
  ``connected_places(state, company)``; ``legal_builds(state)``.
"""

from game.regional_rails.bots import make_bot  # noqa: E402
from game.regional_rails.engine import RegionalRailsState  # noqa: E402

ENGINE = RegionalRailsState

__all__ = ["ENGINE", "RegionalRailsState", "make_bot"]
