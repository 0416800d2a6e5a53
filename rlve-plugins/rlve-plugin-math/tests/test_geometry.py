"""Geometry environments (polygon areas, Pick counts, convex hulls, segment intersections, point location,
triangle centres, Manhattan medians, lattice points in discs and ellipses).

Each instance is rebuilt from its prompt text alone and solved again with sympy.geometry, or by scanning the
lattice where that is simpler; then alternative valid answers are accepted and near misses refused, with a
reason."""

from __future__ import annotations

import math
import re
from fractions import Fraction

from math_test_helpers import SEEDS, judge
from sympy import Point, Polygon, Rational, Segment, Triangle, convex_hull

from rlve.testing import assert_accepted, assert_rejected, find_problem
from rlve_plugin_math.environments.circle_lattice_points import CircleLatticePoints
from rlve_plugin_math.environments.convex_hull import ConvexHull
from rlve_plugin_math.environments.lattice_points_pick import LatticePointsPick
from rlve_plugin_math.environments.point_in_polygon import PointInPolygon
from rlve_plugin_math.environments.polygon_area import PolygonArea
from rlve_plugin_math.environments.segment_intersection import SegmentIntersection
from rlve_plugin_math.environments.taxicab_median import TaxicabMedian
from rlve_plugin_math.environments.triangle_centre import TriangleCentre

INT_POINT = re.compile(r"\((-?\d+), (-?\d+)\)")
RATIONAL = r"-?\d+(?:/\d+)?"
RATIONAL_POINT = re.compile(rf"\(({RATIONAL}), ({RATIONAL})\)")


def int_points(text: str) -> list[tuple[int, int]]:
    return [(int(x), int(y)) for x, y in INT_POINT.findall(text)]


def rational_points(text: str) -> list[tuple[Fraction, Fraction]]:
    return [(Fraction(x), Fraction(y)) for x, y in RATIONAL_POINT.findall(text)]


def fraction(value: Rational) -> Fraction:
    return Fraction(int(value.p), int(value.q))


def read_polygon(prompt: str) -> list[tuple[int, int]]:
    """The polygon's vertices, as stated in the prompt (their count checked against the sentence before)."""
    match = re.search(r"has these (\d+) vertices, listed in order around its boundary:\n\n([^\n]+)\n", prompt)
    assert match, prompt[:300]
    vertices = int_points(match.group(2))
    assert len(vertices) == int(match.group(1))
    return vertices


def scan_polygon(vertices: list[tuple[int, int]]) -> tuple[int, int]:
    """(interior, boundary) lattice points, by looking at every point of the bounding box: on a side when
    collinear with it and between its ends, inside when the angles it sees the sides under add up to a turn."""
    sides = list(zip(vertices, vertices[1:] + vertices[:1]))
    xs, ys = [v[0] for v in vertices], [v[1] for v in vertices]
    interior = boundary = 0
    for x in range(min(xs), max(xs) + 1):
        for y in range(min(ys), max(ys) + 1):
            on_side = False
            winding = 0.0
            for (ax, ay), (bx, by) in sides:
                if on_segment((x, y), (ax, ay), (bx, by)):
                    on_side = True
                    break
                u, v = (ax - x, ay - y), (bx - x, by - y)
                winding += math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1])
            if on_side:
                boundary += 1
            elif abs(winding) > math.pi:
                interior += 1
    return interior, boundary


def on_segment(p: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> bool:
    """p on the closed segment a b: collinear with it and within its bounding box."""
    collinear = (b[0] - a[0]) * (p[1] - a[1]) == (b[1] - a[1]) * (p[0] - a[0])
    return collinear and min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def assert_simple(vertices: list[tuple[int, int]]) -> None:
    """No two sides meet except neighbours, at their shared vertex (sympy's segment intersection)."""
    n = len(vertices)
    sides = [Segment(Point(vertices[i]), Point(vertices[(i + 1) % n])) for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            meet = sides[i].intersection(sides[j])
            if j == i + 1 or (i == 0 and j == n - 1):
                shared = Point(vertices[j]) if j == i + 1 else Point(vertices[0])
                assert meet == [shared], (vertices, i, j, meet)
            else:
                assert meet == [], (vertices, i, j, meet)


# -- math/polygon_area ---------------------------------------------------------------------------


def test_polygon_area_matches_sympy_and_the_polygons_are_simple():
    env = PolygonArea()
    for d in (0, 1, 2, 3, 5, 8, 12, 20, 30):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            vertices = read_polygon(problem.prompt)
            assert max(abs(v) for p in vertices for v in p) <= problem.size
            assert abs(fraction(Polygon(*vertices).area)) == Fraction(problem.answer)
            if d <= 5:
                assert_simple(vertices)
    for other in (LatticePointsPick(), PointInPolygon()):  # the same generator, other sizes
        for d in (0, 4):
            assert_simple(read_polygon(other.sample(d, 1).prompt))


def test_polygon_area_lists_vertices_in_both_orientations_from_any_corner():
    env = PolygonArea()
    signs = {fraction(Polygon(*read_polygon(env.sample(d, seed).prompt)).area) > 0 for d in range(6) for seed in SEEDS}
    assert signs == {True, False}


def test_polygon_area_accepts_equal_forms_and_refuses_near_misses():
    problem = find_problem("math/polygon_area", lambda p: "/" in p.answer, difficulties=range(2, 10))
    area = Fraction(problem.answer)
    assert_accepted(problem, f"{float(area)}")
    assert_accepted(problem, f"\\frac{{{area.numerator}}}{{{area.denominator}}}")
    assert_accepted(problem, f"{2 * area.numerator}/4")
    assert_accepted(problem, f"A = {problem.answer}")
    assert_rejected(problem, str(2 * area), "twice")
    assert_rejected(problem, str(area + Fraction(1, 2)), "not the area")
    assert_rejected(problem, f"-{problem.answer}", "negative")
    assert not judge(PolygonArea(), problem, f"{problem.answer} or {area + 1}").correct


# -- math/lattice_points_pick --------------------------------------------------------------------


def pick_question(prompt: str) -> str:
    if "strictly inside the polygon" in prompt:
        return "interior"
    if "on the boundary of the polygon" in prompt:
        return "boundary"
    assert "inside the polygon or on its boundary" in prompt
    return "closed"


def test_pick_counts_match_a_scan_of_the_lattice():
    env = LatticePointsPick()
    kinds = set()
    for d in (0, 1, 2, 3, 5, 7, 9):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            interior, boundary = scan_polygon(read_polygon(problem.prompt))
            kind = pick_question(problem.prompt)
            kinds.add(kind)
            expected = {"interior": interior, "boundary": boundary, "closed": interior + boundary}[kind]
            assert int(problem.answer) == expected, (d, seed, kind)
    assert kinds == {"interior", "boundary", "closed"}


def test_pick_counts_far_up_match_sympy_area_and_a_scan_of_the_sides():
    env = LatticePointsPick()
    for seed in SEEDS:
        problem = env.sample(30, seed)
        vertices = read_polygon(problem.prompt)
        boundary = 0  # lattice points on each side but its last vertex, one column (or row) at a time
        for (ax, ay), (bx, by) in zip(vertices, vertices[1:] + vertices[:1]):
            if ax == bx:
                boundary += abs(by - ay)
                continue
            step = 1 if bx > ax else -1
            boundary += sum((by - ay) * (x - ax) % (bx - ax) == 0 for x in range(ax, bx, step))
        interior = fraction(abs(Polygon(*vertices).area)) - Fraction(boundary, 2) + 1
        counts = {"interior": interior, "boundary": boundary, "closed": interior + boundary}
        assert int(problem.answer) == counts[pick_question(problem.prompt)]


def test_pick_refuses_the_other_counts_with_a_reason():
    problem = find_problem("math/lattice_points_pick", lambda p: "strictly inside" in p.prompt and int(p.answer) > 999)
    interior, boundary = int(problem.answer), problem.data["counts"]["boundary"]
    assert_accepted(problem, f"{interior:,}")
    assert_accepted(problem, f"I = {interior}")
    assert_rejected(problem, str(interior + boundary), "closed")
    assert_rejected(problem, str(interior + 1), "not the number")
    assert_rejected(problem, str(interior - 1), "not the number")


# -- math/convex_hull ----------------------------------------------------------------------------


def read_hull_problem(prompt: str) -> list[tuple[int, int]]:
    match = re.search(r"Here are (\d+) distinct points in the plane:\n\n([^\n]+)\n", prompt)
    points = int_points(match.group(2))
    assert len(points) == int(match.group(1)) == len(set(points))
    return points


def test_convex_hull_matches_sympy():
    env = ConvexHull()
    on_sides = 0
    for d in (0, 1, 2, 4, 7, 12, 20, 30):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            points = read_hull_problem(problem.prompt)
            answer = int_points(problem.answer)
            hull = convex_hull(*points)
            assert {(int(p.x), int(p.y)) for p in hull.vertices} == set(answer)
            listed = Polygon(*answer)
            assert len(listed.vertices) == len(answer) and listed.is_convex() and listed.area > 0  # corners, CCW
            assert answer[0] == min(answer, key=lambda p: (p[1], p[0]))
            sides = list(zip(answer, answer[1:] + answer[:1]))
            on_sides += sum(p not in answer and any(on_segment(p, a, b) for a, b in sides) for p in points)
    assert on_sides >= 20, "points on a side of the hull that are not corners are the task's trap"


def test_convex_hull_accepts_other_writings_and_refuses_near_misses():
    problem = find_problem("math/convex_hull", lambda p: len(int_points(p.answer)) >= 4, difficulties=range(5, 12))
    hull = int_points(problem.answer)
    points = read_hull_problem(problem.prompt)
    write = ", ".join
    assert_accepted(problem, write(f"({x},{y})" for x, y in hull))
    assert_accepted(problem, "[" + write(f"[{x}, {y}]" for x, y in hull) + "]")
    assert_accepted(problem, " -> ".join(f"({x}, {y})" for x, y in [*hull, hull[0]]))  # closed up
    assert_rejected(problem, write(f"({x}, {y})" for x, y in [hull[0], *hull[:0:-1]]), "counter-clockwise")
    assert_rejected(problem, write(f"({x}, {y})" for x, y in hull[1:] + hull[:1]), "lowest")
    assert_rejected(problem, write(f"({x}, {y})" for x, y in hull[:-1]), "vertices")
    inner = next(p for p in points if p not in hull)
    assert_rejected(problem, write(f"({x}, {y})" for x, y in [*hull[:-1], inner]), "not a vertex")
    assert_rejected(problem, write(f"({x}, {y})" for x, y in [*hull[:-1], (hull[-1][0] + 999, 0)]), "not one of")
    assert not judge(ConvexHull(), problem, " ".join(str(v) for p in hull for v in p)).correct  # no brackets


def test_convex_hull_refuses_a_point_on_a_side():
    def has_side_point(problem):
        hull = convex_hull(*read_hull_problem(problem.prompt))
        return any(
            p not in int_points(problem.answer) and any(s.contains(Point(p)) for s in hull.sides)
            for p in read_hull_problem(problem.prompt)
        )

    problem = find_problem("math/convex_hull", has_side_point, difficulties=range(3, 8), seeds=range(10))
    hull = int_points(problem.answer)
    sides = [Segment(Point(a), Point(b)) for a, b in zip(hull, hull[1:] + hull[:1])]
    on_side = next(
        p for p in read_hull_problem(problem.prompt) if p not in hull and any(s.contains(Point(p)) for s in sides)
    )
    at = next(i for i, side in enumerate(sides) if side.contains(Point(on_side)))
    with_it = [*hull[: at + 1], on_side, *hull[at + 1 :]]
    assert_rejected(problem, ", ".join(f"({x}, {y})" for x, y in with_it), "side")


# -- math/segment_intersection -------------------------------------------------------------------


def read_segments(prompt: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    match = re.search(r"Segment S joins (\(.+?\)) and (\(.+?\)); segment T joins (\(.+?\)) and (\(.+?\))\.", prompt)
    a, b, c, d = (int_points(group)[0] for group in match.groups())
    return [a, b], [c, d]


def test_segment_intersection_matches_sympy():
    env = SegmentIntersection()
    seen = set()
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            s, t = read_segments(problem.prompt)
            meet = Segment(Point(s[0]), Point(s[1])).intersection(Segment(Point(t[0]), Point(t[1])))
            if not meet:
                assert problem.answer == "none"
                seen.add("none")
            elif isinstance(meet[0], Point):
                (point,) = rational_points(problem.answer)
                assert point == (fraction(meet[0].x), fraction(meet[0].y))
                seen.add("endpoint" if point in {*map(tuple, s), *map(tuple, t)} else "point")
            else:
                shared = {(fraction(p.x), fraction(p.y)) for p in meet[0].points}
                assert set(rational_points(problem.answer)) == shared and len(shared) == 2
                seen.add("overlap")
            assert max(abs(v) for p in s + t for v in p) <= problem.size
    assert seen == {"none", "point", "endpoint", "overlap"}


def test_segment_intersection_accepts_other_writings_and_refuses_near_misses():
    env = SegmentIntersection()
    crossing = find_problem("math/segment_intersection", lambda p: "/" in p.answer and "), (" not in p.answer)
    ((x, y),) = rational_points(crossing.answer)
    assert_accepted(crossing, f"x = {x}, y = {y}")
    assert_accepted(crossing, f"\\left(\\frac{{{x.numerator}}}{{{x.denominator}}}, {y}\\right)")
    assert_accepted(crossing, f"P = ({x}, {y})")
    assert_rejected(crossing, f"({y}, {x})" if x != y else f"({x}, {y + 1})", "not where")
    assert_rejected(crossing, "none", "do have")
    assert_rejected(crossing, f"({x}, {y}), ({x + 1}, {y})", "exactly one")

    overlap = find_problem("math/segment_intersection", lambda p: "), (" in p.answer)
    a, b = rational_points(overlap.answer)
    assert_accepted(overlap, f"({b[0]}, {b[1]}), ({a[0]}, {a[1]})")  # either order
    assert_rejected(overlap, f"({a[0]}, {a[1]})", "whole piece")
    assert_rejected(overlap, f"({a[0]}, {a[1]}), ({a[0]}, {a[1]})", "differ")

    apart = find_problem("math/segment_intersection", lambda p: p.answer == "none")
    assert_accepted(apart, "no intersection")
    assert_accepted(apart, "\\emptyset")
    s, _ = read_segments(apart.prompt)
    assert_rejected(apart, f"({s[0][0]}, {s[0][1]})", "no common point")
    assert not judge(env, apart, "none or (0, 0)").correct


# -- math/point_in_polygon -----------------------------------------------------------------------


def test_point_in_polygon_matches_sympy():
    env = PointInPolygon()
    seen = set()
    for d in (0, 1, 2, 4, 7, 10):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            polygon = Polygon(*read_polygon(problem.prompt))
            queries = [(int(x), int(y)) for _, x, y in re.findall(r"P(\d+) = \((-?\d+), (-?\d+)\)", problem.prompt)]
            assert problem.size == len(read_polygon(problem.prompt)) + len(queries)
            expected = []
            for q in queries:
                if any(side.contains(Point(q)) for side in polygon.sides):
                    expected.append("boundary")
                else:
                    expected.append("inside" if polygon.encloses_point(Point(q)) else "outside")
            assert problem.answer.split(", ") == expected, (d, seed)
            seen.update(expected)
    assert seen == {"inside", "boundary", "outside"}


def test_point_in_polygon_accepts_labels_and_synonyms_and_refuses_near_misses():
    problem = find_problem(
        "math/point_in_polygon", lambda p: len(set(p.answer.split(", "))) == 3, difficulties=range(4, 9)
    )
    words = problem.answer.split(", ")
    short = {"inside": "in", "outside": "out", "boundary": "on"}
    assert_accepted(problem, "\n".join(f"P{i}: {w}" for i, w in enumerate(words, start=1)))
    assert_accepted(problem, " ".join(short[w] for w in words))
    assert_accepted(problem, ", ".join(w.upper() for w in words))
    flipped = {"inside": "outside", "outside": "boundary", "boundary": "inside"}
    for i in range(len(words)):
        changed = [*words[:i], flipped[words[i]], *words[i + 1 :]]
        assert_rejected(problem, ", ".join(changed), f"P{i + 1}")
    assert_rejected(problem, ", ".join(words[:-1]), "expected")
    assert not judge(PointInPolygon(), problem, ", ".join(words[:-1] + ["maybe"])).correct
    labelled_wrongly = "\n".join(f"P{i + 1}: {w}" for i, w in enumerate(words, start=1))
    assert not judge(PointInPolygon(), problem, labelled_wrongly).correct


# -- math/triangle_centre ------------------------------------------------------------------------


TRIANGLE = r"A = (\(.+?\)), B = (\(.+?\)) and C = (\(.+?\))\. Find the ([a-z-]+(?: centre)?) "


def test_triangle_centre_matches_sympy():
    env = TriangleCentre()
    kinds = set()
    for d in range(0, 31, 5):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            match = re.search(TRIANGLE, problem.prompt)
            a, b, c = (Point(int_points(group)[0]) for group in match.groups()[:3])
            triangle = Triangle(a, b, c)
            assert isinstance(triangle, Triangle)
            kind = match.group(4)
            kinds.add(kind)
            centre = {
                "centroid": triangle.centroid,
                "circumcentre": triangle.circumcenter,
                "orthocentre": triangle.orthocenter,
                "nine-point centre": triangle.nine_point_circle.center,
            }[kind]
            assert rational_points(problem.answer) == [(fraction(centre.x), fraction(centre.y))], (d, seed, kind)
    assert kinds == {"centroid", "circumcentre", "orthocentre", "nine-point centre"}


def test_triangle_centre_accepts_other_writings_and_refuses_near_misses():
    problem = find_problem("math/triangle_centre", lambda p: "orthocentre" in p.prompt and p.answer.count("/") == 2)
    ((x, y),) = rational_points(problem.answer)
    assert_accepted(problem, f"H = ({x}, {y})")
    assert_accepted(problem, f"x = {x}, y = {y}")
    assert_accepted(problem, f"({2 * x.numerator}/{2 * x.denominator}, {y})")
    assert_accepted(problem, f"$\\left(\\dfrac{{{x.numerator}}}{{{x.denominator}}}, {y}\\right)$")
    assert_rejected(problem, f"({y}, {x})", "swapped")
    assert_rejected(problem, f"({x}, {y + 1})", "x is right")
    assert_rejected(problem, f"({x + Fraction(1, 2)}, {y})", "not the orthocentre")
    assert_rejected(problem, f"({x}, {y}), ({x}, {y})")
    assert not judge(TriangleCentre(), problem, f"({x}, {y}) or ({y}, {x})").correct


# -- math/taxicab_median -------------------------------------------------------------------------


def read_taxicab(prompt: str) -> tuple[list[tuple[int, int]], list[int]]:
    body = prompt.split(":\n\n", 1)[1].split("\n\nfind", 1)[0]
    if "weight" in body:
        rows = re.findall(r"\((-?\d+), (-?\d+)\) with weight (\d+)", body)
        return [(int(x), int(y)) for x, y, _ in rows], [int(w) for _, _, w in rows]
    points = int_points(body)
    return points, [1] * len(points)


def axis_costs(values: list[int], weights: list[int]) -> dict[int, int]:
    """The weighted distance sum at every coordinate from the smallest value to the largest."""
    return {v: sum(w * abs(v - u) for u, w in zip(values, weights)) for v in range(min(values), max(values) + 1)}


def test_taxicab_median_matches_a_brute_force_search():
    env = TaxicabMedian()
    weighted = 0
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            points, weights = read_taxicab(problem.prompt)
            assert len(points) == problem.size
            weighted += any(w > 1 for w in weights)
            x, y, best = (int(v) for v in re.findall(r"-?\d+", problem.answer))

            def total(px, py, points=points, weights=weights):
                return sum(w * (abs(px - a) + abs(py - b)) for (a, b), w in zip(points, weights))

            assert total(x, y) == best
            if d <= 3:  # every lattice point of the bounding box (the optimum lies inside it)
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                scan = min(total(i, j) for i in range(min(xs), max(xs) + 1) for j in range(min(ys), max(ys) + 1))
            else:  # the sum splits into an x part and a y part
                scan = min(axis_costs(*zip(*[(p[0], w) for p, w in zip(points, weights)])).values())
                scan += min(axis_costs(*zip(*[(p[1], w) for p, w in zip(points, weights)])).values())
            assert best == scan, (d, seed)
    assert weighted >= 10


def test_taxicab_median_accepts_every_optimal_point_and_nothing_else():
    def wide(problem):
        points, weights = read_taxicab(problem.prompt)
        costs = axis_costs([p[0] for p in points], weights)
        return sum(c == min(costs.values()) for c in costs.values()) >= 3

    problem = find_problem("math/taxicab_median", wide, difficulties=range(1, 8))
    points, weights = read_taxicab(problem.prompt)
    x_costs, y_costs = axis_costs([p[0] for p in points], weights), axis_costs([p[1] for p in points], weights)
    best = min(x_costs.values()) + min(y_costs.values())
    x_opt = [x for x, c in x_costs.items() if c == min(x_costs.values())]
    y_opt = [y for y, c in y_costs.items() if c == min(y_costs.values())]
    for x in x_opt:
        assert_accepted(problem, f"({x}, {y_opt[0]}), {best}")
    y = y_opt[-1]
    assert_accepted(problem, f"x = {x_opt[0]}, y = {y}, S = {best}")
    assert_accepted(problem, f"(({x_opt[-1]}, {y}), {best})")
    outside = x_opt[-1] + 1
    assert_rejected(problem, f"({outside}, {y}), {x_costs[outside] + min(y_costs.values())}", "minimum")
    assert_rejected(problem, f"({outside}, {y}), {best}", "sum for")
    assert_rejected(problem, f"({x_opt[0]}, {y}), {best + 1}", "sum for")
    assert_rejected(problem, f"({x_opt[0]}, {y})", "three numbers")


# -- math/circle_lattice_points ------------------------------------------------------------------


def scan_region(prompt: str) -> tuple[int, int]:
    """(points strictly inside, points inside or on) the disc or ellipse of the prompt, by scanning its box."""
    match = re.search(r"satisfy (\d*)x\u00b2 \+ (\d*)y\u00b2 (<|\u2264) (\d+)\?", prompt)
    p, q, limit = int(match.group(1) or 1), int(match.group(2) or 1), int(match.group(4))
    reach = math.isqrt(limit // min(p, q)) + 1
    strict = closed = 0
    for x in range(-reach, reach + 1):
        for y in range(-reach, reach + 1):
            value = p * x * x + q * y * y
            strict += value < limit
            closed += value <= limit
    return strict, closed


def test_circle_lattice_points_match_a_scan():
    env = CircleLatticePoints()
    shapes = set()
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            strict, closed = scan_region(problem.prompt)
            expected = strict if "strictly inside" in problem.prompt else closed
            assert int(problem.answer) == expected, (d, seed)
            shapes.add(("circle" if "circle" in problem.prompt else "ellipse", "strictly" in problem.prompt))
    assert len(shapes) == 4


def test_circle_lattice_points_refuses_the_other_boundary_convention():
    def boundary_matters(problem):
        strict, closed = scan_region(problem.prompt)
        return strict != closed and closed > 1000

    for is_strict in (True, False):
        problem = find_problem(
            "math/circle_lattice_points", lambda p, s=is_strict: ("strictly" in p.prompt) == s and boundary_matters(p)
        )
        strict, closed = scan_region(problem.prompt)
        assert_accepted(problem, f"{int(problem.answer):,}")
        assert_rejected(problem, str(closed if is_strict else strict), "not the number")
        assert_rejected(problem, str(int(problem.answer) + 1), "not the number")
