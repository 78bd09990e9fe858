"""Russian Railroads (Ohley & Orgler, 2013): 2-4 players, or 1 against Emil.

State shape (game.russian_railroads.engine.RussianRailroads, see state.py):
  phase: "draft" | "actions" | "relocate" | "over"; round (1-based), rounds;
  names: seat names (used in event texts); mode: "solo" | "2p" | "3p" | "4p";
  order: seats by turn-order position; active: seat on turn (actions phase);
  players[seat]: PlayerState (tracks[railroad][colour_index] positions,
    locos[railroad] numbers, factories, industry markers, doublers, workers,
    workers_free, temps_free, black_worker/black_free, roubles, engineers,
    engineers_used, tokens_used, claimed specials, end_bonus, turn_card,
    passed, score_parts; .score);
  placements: Placement(space, seat (-1 = Emil), workers, temps, roubles, black)
    for this round; strip[slot]: engineer numbers (slot 6 = hiring space,
    public slots per data.public_slots[mode]); loco_piles[number];
    returned_factories; q_cards (face up); end_bonus_pile; roubles_supply,
    doubler_supply, temps_board; emil (EmilState, solo only);
  tasks: pending decisions of the current player (state.Task); the actions
    for them come from legal_actions() and carry the task id.
  Board data (spaces, railroads, industry, engineers, tokens, cards):
    RussianRailroads.data (data.py / data.yaml), shared and immutable.

Query helpers for the UI (game.russian_railroads.queries, all read-only):
  space_states(st) -> SpaceState per board space and own engineer: usable,
    reason sentence when refused, cost, payments, occupant;
  default_payment(st, space); board_value(st, seat) -> scoring.BoardValue
    (per-railroad RailroadScore with each space, multiplier, stars, medal;
    industry; total) — the "live board value";
  loco_preview(st, seat, number, railroad, slot) -> what a locomotive
    placement displaces and where that one could go (the chain);
  final_bonus_preview(st, seat) -> End Bonus cards and engineer majority now;
  round_scoring_preview(st, seat) -> RoundScored events, one per railroad and
    industry, in display order; pending(st) -> [(Task, description, actions)];
  reach(st, seat, railroad); describe_task(task).
Actions: game.russian_railroads.actions (one click each; task steps carry the
task id). Events: game.russian_railroads.events (seat events carry seat and
name; RoundScored comes once per player per railroad and industry, in order).
Bots: make_bot("random" | "easy" | "normal", seed) -> bot.choose(state).
"""
from game.russian_railroads.bots import make_bot
from game.russian_railroads.engine import RussianRailroads

ENGINE = RussianRailroads

__all__ = ["ENGINE", "RussianRailroads", "make_bot"]
