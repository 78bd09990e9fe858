"""Hit-testing a click: the interior of a hex or one of its sides, decided by
the distance to the nearest side; both hexes of a side name it the same way."""
import math

import pytest

from game.core.hexgrid import edge_id, neighbour
from ui.regional_rails import geometry as geo


@pytest.mark.parametrize("h", [(0, 0), (3, -2), (-4, 7)])
def test_centre_and_near_centre_pick_the_interior(h):
    cx, cy = geo.hex_center(h)
    assert geo.pick((cx, cy)) == geo.Target("interior", h)
    assert geo.pick((cx + geo.APOTHEM * 0.5, cy)).kind == "interior"


@pytest.mark.parametrize("d", range(6))
def test_points_near_each_side_pick_that_side(d):
    h = (2, 1)
    mx, my = geo.LAYOUT.edge_midpoint(h, d)
    cx, cy = geo.hex_center(h)
    inward = 0.9  # just inside the hex, within the side band
    p = (mx + (cx - mx) * (1 - inward), my + (cy - my) * (1 - inward))
    t = geo.pick(p)
    assert t.kind == "side"
    assert t.edge == edge_id(h, d)


def test_band_edge_separates_side_from_interior():
    h = (0, 0)
    mx, my = geo.LAYOUT.edge_midpoint(h, 0)
    band = geo.SIDE_BAND * geo.APOTHEM
    assert geo.pick((mx - band + 0.5, my)).kind == "side"
    assert geo.pick((mx - band - 0.5, my)).kind == "interior"


@pytest.mark.parametrize("d", range(6))
def test_both_hexes_of_a_side_give_the_same_canonical_edge(d):
    h = (1, 1)
    n = neighbour(h, d)
    mx, my = geo.LAYOUT.edge_midpoint(h, d)
    ha, hb = geo.hex_center(h), geo.hex_center(n)
    from_h = geo.pick((mx + (ha[0] - mx) * 0.05, my + (ha[1] - my) * 0.05))
    from_n = geo.pick((mx + (hb[0] - mx) * 0.05, my + (hb[1] - my) * 0.05))
    assert from_h.edge == from_n.edge == edge_id(h, d)
    assert from_h.key == from_n.key


def test_off_board_click_near_a_board_side_picks_that_side():
    board = {(0, 0)}
    mx, my = geo.LAYOUT.edge_midpoint((0, 0), 0)
    outside = (mx + geo.APOTHEM * 0.2, my)  # in the neighbour, close to the shared side
    assert geo.pick(outside, board.__contains__) == geo.side_target(edge_id((0, 0), 0))


def test_side_slots_are_spread_and_stay_on_the_side():
    e = edge_id((0, 0), 1)
    slots = geo.side_slots(e, 3)
    (ax, ay), (bx, by) = geo.edge_segment(e)
    for (x, y) in slots:
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        assert abs(cross) < 1e-6  # on the side's line
    gaps = [math.dist(slots[i], slots[i + 1]) for i in range(2)]
    assert min(gaps) >= geo.HEX_SIZE * 0.25
