"""The bench's hard-player section times real searched decisions and says
how many the app's clock would cut short."""
from __future__ import annotations

import bench.hard as hard


def test_the_hard_section_times_the_hard_seats_searched_decisions(monkeypatch, capsys):
    monkeypatch.setattr(hard, "QUICK_HARD_DECISIONS", 2)
    hard.hard_rows("regional_rails", quick=True)
    lines = capsys.readouterr().out.splitlines()
    assert "Regional Rails, 4 players: hard decisions" in lines[0]
    assert "(2 decisions, " in lines[0] and " rollouts)" in lines[0]  # setup picks are searched
    counted = lines[1].split("the app's clock")[1].split()
    assert counted[1:] == ["of", "2", "2", "s", "a", "decision"] and counted[0] in ("0", "1", "2")
