from hypothesis import given, strategies as st

from game.core import hexgrid as hg

coords = st.integers(min_value=-60, max_value=60)
hexes = st.tuples(coords, coords)


@given(hexes, st.integers(min_value=0, max_value=5))
def test_neighbours_are_at_distance_one_and_edges_are_shared(h, d):
    n = hg.neighbour(h, d)
    assert hg.distance(h, n) == 1
    assert hg.direction_to(h, n) == d and hg.direction_to(n, h) == (d + 3) % 6
    assert hg.edge_id(h, d) == hg.edge_id(n, d + 3)
    assert set(hg.edge_hexes(hg.edge_id(h, d))) == {h, n}


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert hg.distance(a, b) == hg.distance(b, a) >= 0
    assert (hg.distance(a, b) == 0) == (a == b)
    assert hg.distance(a, c) <= hg.distance(a, b) + hg.distance(b, c)


@given(hexes, st.integers(min_value=0, max_value=8))
def test_rings_and_spirals(center, radius):
    ring = hg.ring(center, radius)
    assert len(ring) == (6 * radius if radius else 1) == len(set(ring))
    assert all(hg.distance(center, h) == radius for h in ring)
    assert len(list(hg.spiral(center, radius))) == 1 + 3 * radius * (radius + 1)


@given(hexes, hexes)
def test_line_is_contiguous(a, b):
    pts = hg.line(a, b)
    assert pts[0] == a and pts[-1] == b and len(pts) == hg.distance(a, b) + 1
    assert all(hg.distance(p, q) == 1 for p, q in zip(pts, pts[1:]))


@given(st.integers(-80, 80), st.integers(-80, 80), st.sampled_from("xy"), st.sampled_from(["odd", "even"]))
def test_offset_round_trip(col, row, axis, index):
    assert hg.axial_to_offset(hg.offset_to_axial(col, row, axis, index), axis, index) == (col, row)


@given(st.integers(-80, 80), st.integers(-80, 80), st.sampled_from("xy"), st.sampled_from(["odd", "even"]))
def test_offset_neighbours_are_adjacent_hexes(col, row, axis, index):
    """Tiled's staggered rows/columns line up with axial adjacency."""
    h = hg.offset_to_axial(col, row, axis, index)
    along = (col + 1, row) if axis == "y" else (col, row + 1)
    assert hg.distance(h, hg.offset_to_axial(*along, axis, index)) == 1


@given(hexes, st.booleans(), st.floats(min_value=2, max_value=60))
def test_pixel_round_trip(h, pointy, size):
    layout = hg.Layout(pointy, size, (13.0, -7.0))
    assert layout.from_pixel(*layout.to_pixel(h)) == h
    corners = layout.corners(h)
    cx, cy = layout.to_pixel(h)
    assert all(abs(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 - size) < 1e-6 for x, y in corners)


def test_edge_segment_lies_between_the_two_centres():
    layout = hg.Layout(True, 10.0)
    a, b = layout.edge_segment((0, 0), 0)
    assert abs(a[0] - b[0]) < 1e-9 and abs(abs(a[1] - b[1]) - 10.0) < 1e-9
    assert abs(a[0] - layout.edge_midpoint((0, 0), 0)[0]) < 1e-9


def test_pair_key_is_order_free():
    assert hg.pair_key((1, 2), (0, 5)) == hg.pair_key((0, 5), (1, 2)) == ((0, 5), (1, 2))


def test_point_in_polygon_even_odd():
    from game.core.geometry import point_in_polygon

    square = [(0, 0), (4, 0), (4, 4), (0, 4)]
    assert point_in_polygon((2, 2), square) and not point_in_polygon((5, 2), square)
    ring_with_notch = [(0, 0), (4, 0), (4, 4), (2, 1), (0, 4)]
    assert not point_in_polygon((2, 3), ring_with_notch) and point_in_polygon((1, 1), ring_with_notch)
