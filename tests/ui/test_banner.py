"""A banner (refusals, hints) too long for its lines says so: its last line
ends in "…" rather than stopping mid-sentence as if the text were whole."""
from __future__ import annotations

from ui.theme import font
from ui.widgets import BANNER_PAD, BANNER_SIZES, NARROW_BANNER, banner_lines

LONG = ("Build 4 track sections for 7M: the route picks up Oil at Baku for Lvov (33M) and Coal at Donetsk "
        "for Kiev (21M) and Wood at Perm for Minsk (18M), done in about 9 turns, worth 18M more than the "
        "next route, which would pick up Caviar at Astrakhan for Moscow and Fish at Murmansk for Riga.")


def test_a_banner_cut_short_ends_its_last_line_in_an_ellipsis() -> None:
    size, lines = banner_lines(LONG, 420, max_lines=4)
    assert size == BANNER_SIZES[-1] and len(lines) == 4
    assert lines[-1].endswith("…") and not lines[-2].endswith("…")
    assert font(size, True).size(lines[-1])[0] <= 420 - 2 * BANNER_PAD


def test_a_banner_that_holds_its_text_is_not_marked_cut() -> None:
    size, lines = banner_lines("Deliver Oil to Lvov for 33M.", 420)
    assert size == BANNER_SIZES[0] and lines == ["Deliver Oil to Lvov for 33M."]


def test_a_narrow_banner_in_a_panel_column_keeps_less_padding() -> None:
    """A sentence in a panel column (300 px) is wrapped with NARROW_BANNER's
    padding: its lines run wider than the wide banner's padding would let
    them."""
    pad = NARROW_BANNER[1]
    size, lines = banner_lines(LONG, 300, max_lines=20)
    widest = max(font(size, True).size(line)[0] for line in lines)
    assert pad < BANNER_PAD and 300 - 2 * BANNER_PAD < widest <= 300 - 2 * pad
