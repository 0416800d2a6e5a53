"""Exact plane geometry on integer points, shared by the geometry environments: orientation, shoelace
areas, lattice points on edges, locating a point in a polygon, convex hulls, random simple polygons, and
the reader for points written in answers.

Everything is integer (or ``Fraction``) arithmetic: no floating point, so "on the boundary" and
"collinear" are decided exactly, the way the prompts state them.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from math import gcd

from rlve import ParseError
from rlve_plugin_math.numbers import clean, format_fraction, parse_rational_value, parse_rationals, split_name

Point = tuple[int, int]

#: Where a point lies relative to a polygon, as the prompts name it.
INSIDE, BOUNDARY, OUTSIDE = "inside", "boundary", "outside"

#: The four open quadrants, in counter-clockwise order (signs of x and y).
_QUADRANTS = ((1, 1), (-1, 1), (-1, -1), (1, -1))


def cross(o: Point, a: Point, b: Point) -> int:
    """Twice the signed area of triangle o a b: > 0 when o -> a -> b turns left, 0 when collinear."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def edges(vertices: list[Point]) -> list[tuple[Point, Point]]:
    """The sides of a polygon: each vertex with the next, the last with the first."""
    return [(vertices[i], vertices[(i + 1) % len(vertices)]) for i in range(len(vertices))]


def twice_signed_area(vertices: list[Point]) -> int:
    """The shoelace sum: twice the area, positive for a counter-clockwise polygon."""
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in edges(vertices))


def boundary_lattice_points(vertices: list[Point]) -> int:
    """Lattice points on the boundary of a lattice polygon: side (a, b) holds gcd(|dx|, |dy|) besides b."""
    return sum(gcd(b[0] - a[0], b[1] - a[1]) for a, b in edges(vertices))


def on_segment(p: tuple, a: tuple, b: tuple) -> bool:
    """Whether p lies on the closed segment a b (exact for integers and Fractions alike)."""
    if (b[0] - a[0]) * (p[1] - a[1]) != (b[1] - a[1]) * (p[0] - a[0]):
        return False
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def locate(p: Point, vertices: list[Point]) -> str:
    """``INSIDE``, ``BOUNDARY`` or ``OUTSIDE`` of a simple polygon, by counting crossings of a ray to the right.

    The half-open rule (a side counts when exactly one end lies above p) makes a ray through a vertex
    count once or twice as it should; the comparison with the crossing's x is multiplied out, so exact.
    """
    px, py = p
    crossings = 0
    for a, b in edges(vertices):
        if on_segment(p, a, b):
            return BOUNDARY
        if (a[1] > py) != (b[1] > py):
            # p lies left of the side at height py: (px - ax) < (py - ay)(bx - ax)/(by - ay), times (by - ay)
            left = (px - a[0]) * (b[1] - a[1]) - (py - a[1]) * (b[0] - a[0])
            crossings += (left < 0) == (b[1] > a[1])
    return INSIDE if crossings % 2 else OUTSIDE


def convex_hull(points: list[Point]) -> list[Point]:
    """The corners of the convex hull, counter-clockwise from the lowest (then leftmost) point.

    Andrew's monotone chain; points on a side between two corners are not corners (a turn of 0 is
    popped). Needs three points that are not all on one line.
    """
    ordered = sorted(set(points))
    lower: list[Point] = []
    upper: list[Point] = []
    for p in ordered:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(ordered):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    hull = lower[:-1] + upper[:-1]
    start = min(range(len(hull)), key=lambda i: (hull[i][1], hull[i][0]))
    return hull[start:] + hull[:start]


def _angle_key(offset: Point) -> tuple[int, Fraction]:
    """Sorts offsets in open quadrants by angle: the quadrant, then the slope (tan grows within each)."""
    dx, dy = offset
    return _QUADRANTS.index((1 if dx > 0 else -1, 1 if dy > 0 else -1)), Fraction(dy, dx)


def random_star_polygon(rng: random.Random, vertices: int, bound: int) -> list[Point]:
    """A random simple polygon with ``vertices`` >= 4 integer corners, all coordinates within ``bound`` >= 4.

    The corners are offsets from a lattice centre c, at distinct angles, taken round the four open
    quadrants in turn, sorted by angle. With every quadrant used, consecutive angles are less than half a
    turn apart, so the triangles c p_i p_(i+1) tile the polygon without overlap: it is simple, and
    star-shaped around c (which keeps generation linear, with no intersection tests). Three consecutive
    collinear corners are avoided, so every listed vertex is a real corner. Listed from a random corner,
    in a random orientation.
    """
    polygon: list[Point] = []
    for _ in range(100):  # a collinear triple is rare except in the smallest boxes; draw again then
        cx, cy = rng.randint(-(bound // 2), bound // 2), rng.randint(-(bound // 2), bound // 2)
        reach = bound - max(abs(cx), abs(cy))
        directions: set[Point] = set()
        offsets: list[Point] = []
        for i in range(vertices):
            sx, sy = _QUADRANTS[i % 4]
            for _ in range(30):
                dx, dy = rng.randint(1, reach), rng.randint(1, reach)
                g = gcd(dx, dy)
                if (sx * dx // g, sy * dy // g) not in directions:
                    directions.add((sx * dx // g, sy * dy // g))
                    offsets.append((sx * dx, sy * dy))
                    break
        if len(offsets) < vertices:
            continue
        offsets.sort(key=_angle_key)
        polygon = [(cx + dx, cy + dy) for dx, dy in offsets]
        n = len(polygon)
        if all(cross(polygon[i - 1], polygon[i], polygon[(i + 1) % n]) for i in range(n)):
            break
    start = rng.randrange(len(polygon))
    polygon = polygon[start:] + polygon[:start]
    return polygon[::-1] if rng.random() < 0.5 else polygon


def format_point(point: tuple) -> str:
    """``(7/2, -1)``: integer or Fraction coordinates, fractions in lowest terms."""
    return f"({format_fraction(Fraction(point[0]))}, {format_fraction(Fraction(point[1]))})"


def format_points(points: list[tuple]) -> str:
    return ", ".join(format_point(p) for p in points)


# -- reading points from answers ---------------------------------------------------------------------

#: One bracketed point, ``(x, y)`` or ``[x, y]``; no nesting, so the scan is linear.
_GROUP = re.compile(r"[(\[]([^()\[\]]*)[)\]]")
_SIZING = re.compile(r"\\left|\\right|\\bigl|\\bigr|\\big|\\Big")
#: What may stand between points: separators and arrows ("(0, 0) -> (3, 0)").
_BETWEEN = re.compile(r"(?:[\s,;]|->|\u2192|\\to)*")


def _coordinates(group: str, max_digits: int) -> tuple[Fraction, Fraction]:
    parts = group.split(",") if "," in group else group.split(";") if ";" in group else group.split()
    if len(parts) != 2:
        raise ParseError(f"a point needs two coordinates, got {group.strip()[:40]!r}")
    return parse_rational_value(parts[0], max_digits=max_digits), parse_rational_value(parts[1], max_digits=max_digits)


def _bracketed(s: str, max_items: int, max_digits: int) -> list[tuple[Fraction, Fraction]] | None:
    """The points of ``s`` if it is bracketed points and separators only, else None."""
    groups = _GROUP.findall(s)
    if len(groups) > max_items:
        raise ParseError(f"more than {max_items} points")
    if not _BETWEEN.fullmatch(_GROUP.sub(" ", s)):
        return None
    return [_coordinates(group, max_digits) for group in groups]


def read_points(text: str, *, max_items: int, max_digits: int) -> list[tuple[Fraction, Fraction]]:
    """Points written ``(x1, y1), (x2, y2), ...`` (or with square brackets, or in one pair of outer
    brackets, or after a name: ``P = (1, 2)``), coordinates integers or exact fractions; nothing else may
    stand between them."""
    s = _SIZING.sub("", clean(text))
    name, value = split_name(s)
    if name is not None and value[:1] in "([":  # "H = (1, 2)": the name is only a label
        s = value
    points = _bracketed(s, max_items, max_digits)
    if points is None and len(s) >= 2 and (s[0], s[-1]) in {("[", "]"), ("{", "}"), ("(", ")")}:
        points = _bracketed(s[1:-1], max_items, max_digits)  # "[(0, 0), (3, 0)]"
    if points is None:
        raise ParseError("expected points written (x, y), separated by commas")
    return points


def read_point(text: str, *, max_digits: int) -> tuple[Fraction, Fraction]:
    """One point: ``(7/2, -1)``, ``H = (7/2, -1)``, ``x = 7/2, y = -1`` or ``7/2, -1``."""
    s = _SIZING.sub("", clean(text))
    if "(" in s or "[" in s:
        points = read_points(s, max_items=2, max_digits=max_digits)
    else:
        values = parse_rationals(s, max_items=3, max_digits=max_digits, names=(("x",), ("y",)))
        points = [tuple(values)] if len(values) == 2 else []
    if len(points) != 1:
        raise ParseError("expected one point (x, y)")
    return points[0]
