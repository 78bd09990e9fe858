"""The crayon-rails engine (Empire Builder family): track drawn milepost by
milepost, a train hauling loads to demand cards, events drawn from the same
deck. Game packages (Russian Rails, later Lunar Rails) add only their data and
a few rule hooks on top of :class:`game.crayon.state.CrayonState`.

Map of the package:
- ``state``: setup, turn order, end of game, saving; mixes in
  ``operations`` (a turn's actions), ``eventcards`` (drawing and every event
  kind), ``legal`` (the enumerated actions) and ``queries`` (UI previews).
- ``building`` (prices and refusals of track), ``movement`` (train paths),
  ``pathfind`` (cheapest track), ``network`` (what a player's track joins).
- ``content`` (cards and loads from YAML), ``rules`` (rules.yaml numbers),
  ``actions``, ``events`` (log lines), ``player``, ``bots``.

Read-only helpers for the UI (all on the state): ``quote_build(path, seat)``,
``cheapest_route(milepost, seat)``, ``move_preview(milepost, seat)``,
``active_events()``, ``cities_connected(seat)``, ``connected_majors(seat)``,
``hand_demands(seat)``, ``upgrade_refusal(seat, loco)``,
``pickup_refusal(seat, city, load)``, ``network(seat)``.

Hooks a game package may override: ``load_content``, ``setup_cards`` /
``place_held_cards`` (deck set-up), ``after_turn``, ``step_fee`` and
``step_refusal`` (running the train), ``rent_fee``, ``earn`` (payoffs),
``blocked_build_segments``, ``no_build_mileposts``, ``build_refusal``,
``terrain_at`` / ``surcharge`` / ``altered_mileposts`` (a map changed in
play), ``equal_turns``, ``decision_title``, and ``event_<kind>(card, spec,
drawer)`` for its own event kinds (a kind may stay in play for a number of
the drawer's turns). Wrap Letters and poles are board links (``links``)
that building, running, networks and searches follow.
"""
