"""The bench's hard-player section times real searched decisions and says
how many the app's clock would cut short, alone and in the app's worker
processes."""
from __future__ import annotations

import bench.hard as hard
from game.core import rollouts


def test_the_hard_section_times_the_hard_seats_searched_decisions(monkeypatch, capsys):
    monkeypatch.setattr(hard, "QUICK_HARD_DECISIONS", 2)
    monkeypatch.setattr(rollouts, "cores", lambda: 2)
    hard.hard_rows("regional_rails", quick=True)
    lines = capsys.readouterr().out.splitlines()
    assert "Regional Rails, 4 players: hard decisions" in lines[0]
    assert "(2 decisions, " in lines[0] and " rollouts)" in lines[0]  # setup picks are searched
    counted = lines[1].split("the app's clock")[1].split()
    assert counted[1:] == ["of", "2", "2", "s", "a", "decision"] and counted[0] in ("0", "1", "2")
    assert "the same, in 2 worker processes as the app (wall ms)" in lines[2]
    counted = lines[3].split("the app's clock")[1].split()
    assert counted[1:] == ["of", "2", "2", "s", "a", "decision"] and counted[0] in ("0", "1", "2")
    assert rollouts.pool() is None  # the bench's processes are gone with its figures
