"""Personal records kept on this computer: per game and options, the best solo
scores (with date and seed, to try the same deal again) and, per human seat
name, games, wins and total score against computer players.

The rulebook's solo goal is "score as many points as you can – and then to
score even more next time", so the results screen says where a game ranks.
The file is plain YAML in the user's data folder, written atomically; a
damaged file is treated as empty rather than stopping the results screen.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import yaml

from game import registry
from game.core.atomic import write_text_atomic
from game.core.session import Session
from game.core.words import counted

MAX_SOLO_SCORES = 20  # best solo scores kept per game and options
MAX_RECORDED = 500  # games remembered per table so reopening results never counts one twice


@dataclass(frozen=True)
class SoloScore:
    score: int
    date: str
    seed: int


@dataclass
class SeatStats:
    games: int = 0
    wins: int = 0
    total: int = 0

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0

    def summary(self, unit: str, average: Callable[[str], str] = str) -> str:
        """"3 games, 1 win, average 86.0M": the score in the game's own `unit`
        (crayon scores are cash), its average passed through `average` (e.g. bold)."""
        mean = average(f"{self.average:.1f}")
        return f"{counted(self.games, 'game')}, {counted(self.wins, 'win')}, average {mean}{unit}"


@dataclass
class Table:
    """The records of one game played with one set of options."""

    game: str
    options: dict[str, Any]
    solo: list[SoloScore]
    seats: dict[str, SeatStats]
    recorded: list[str]
    solo_played: int = 0


@dataclass(frozen=True)
class Outcome:
    """What the results screen says about the game just recorded."""

    solo_rank: int | None = None  # 1 = best of all solo games so far
    solo_games: int = 0
    personal_best: bool = False
    seat_lines: tuple[str, ...] = ()


def table_key(game: str, options: dict[str, Any]) -> str:
    return f"{game} {json.dumps(options, sort_keys=True, default=str)}"


def load_tables(path: Path) -> dict[str, Table]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError, UnicodeDecodeError):
        return {}
    tables: dict[str, Table] = {}
    for raw in data.get("tables", []) if isinstance(data, dict) else []:
        try:
            table = Table(str(raw["game"]), dict(raw.get("options") or {}),
                          [SoloScore(int(s["score"]), str(s["date"]), int(s["seed"])) for s in raw.get("solo", [])],
                          {str(n): SeatStats(int(v["games"]), int(v["wins"]), int(v["total"]))
                           for n, v in (raw.get("seats") or {}).items()},
                          [str(k) for k in raw.get("recorded", [])], int(raw.get("solo_played", 0)))
        except (KeyError, TypeError, ValueError, AttributeError):
            continue  # one damaged table is dropped, the others kept
        tables[table_key(table.game, table.options)] = table
    return tables


def save_tables(path: Path, tables: dict[str, Table]) -> None:
    data = {"tables": [{"game": t.game, "options": t.options,
                        "solo": [{"score": s.score, "date": s.date, "seed": s.seed} for s in t.solo],
                        "seats": {n: {"games": v.games, "wins": v.wins, "total": v.total}
                                  for n, v in t.seats.items()},
                        "recorded": t.recorded, "solo_played": t.solo_played} for t in tables.values()]}
    write_text_atomic(path, yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def game_key(session: Session) -> str:
    """One finished game, so reopening its results never records it twice."""
    return f"{session.seed}:{len(session.actions)}:{','.join(s.name for s in session.seats)}"


def record_game(path: Path, session: Session) -> Outcome:
    """Add a finished game to the records (once) and say how it ranks. Solo
    games rank among the best scores; games with computer players count for
    each human seat's name."""
    if not session.state.is_terminal():
        return Outcome()
    tables = load_tables(path)
    key = table_key(session.game_id, session.options)
    table = tables.setdefault(key, Table(session.game_id, dict(session.options), [], {}, []))
    scores = [s.total for s in session.state.scores()]
    solo = len(session.seats) == 1 and not session.seats[0].is_computer
    against_computer = any(s.is_computer for s in session.seats)
    me = game_key(session)
    fresh = me not in table.recorded
    if fresh and (solo or against_computer):
        table.recorded = (table.recorded + [me])[-MAX_RECORDED:]
        if solo:
            entry = SoloScore(scores[0], time.strftime("%Y-%m-%d"), session.seed)
            table.solo = sorted(table.solo + [entry], key=lambda s: -s.score)[:MAX_SOLO_SCORES]
            table.solo_played += 1
        else:
            winners = set(session.state.winners())
            for i, seat in enumerate(session.seats):
                if seat.is_computer:
                    continue
                stats = table.seats.setdefault(seat.name, SeatStats())
                stats.games += 1
                stats.wins += i in winners
                stats.total += scores[i]
        save_tables(path, tables)
    return _outcome(table, session, scores)


def _outcome(table: Table, session: Session, scores: list[int]) -> Outcome:
    if len(session.seats) == 1:
        rank = next((i + 1 for i, s in enumerate(table.solo)
                     if s.score == scores[0] and s.seed == session.seed), None)
        # the best, strictly above every earlier solo game (the very first game beats nobody)
        best = rank == 1 and len(table.solo) > 1 and table.solo[1].score < scores[0]
        return Outcome(solo_rank=rank, solo_games=table.solo_played, personal_best=best)
    if not any(seat.is_computer for seat in session.seats):
        return Outcome()  # people only: nothing is recorded, nothing to say
    lines = []
    unit = registry.score_unit(session.game_id)
    for seat in session.seats:
        stats = table.seats.get(seat.name)
        if seat.is_computer or stats is None:
            continue
        lines.append(f"{seat.name} against computer players: {stats.summary(unit)}")
    return Outcome(seat_lines=tuple(lines))


def outcome_text(outcome: Outcome) -> list[str]:
    """The results screen's lines about the records."""
    lines = list(outcome.seat_lines)
    if outcome.solo_rank is not None:
        head = "New personal best! " if outcome.personal_best else ""
        lines.insert(0, f"{head}Rank {outcome.solo_rank} of your best solo scores "
                        f"({outcome.solo_games} solo game{'s' * (outcome.solo_games != 1)} recorded)")
    elif outcome.solo_games:
        lines.insert(0, f"Not among your {MAX_SOLO_SCORES} best solo scores")
    return lines
