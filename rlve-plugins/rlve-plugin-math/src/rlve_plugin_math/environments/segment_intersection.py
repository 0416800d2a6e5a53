"""math/segment_intersection: where two closed segments with integer endpoints meet: nowhere, at one point
(given exactly, as fractions), or along a shared piece (given by its two ends)."""

from __future__ import annotations

import random
from fractions import Fraction
from math import gcd
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.geometry import Point, format_point, format_points, read_point, read_points
from rlve_plugin_math.numbers import clean, digits_of, says_none
from rlve_plugin_math.scaling import LEVEL_CAP

Segment = tuple[Point, Point]
#: Other ways of saying "no common point".
_NO_POINT = {"no intersection", "no common point", "no common points", "disjoint", "they do not intersect"}


def common_points(s: Segment, t: Segment) -> list[tuple[Fraction, Fraction]]:
    """[] when the closed segments do not meet, [p] when they meet in one point, [a, b] (a != b) when they
    share the segment a b."""
    (p, p2), (q, q2) = s, t
    d, e = (p2[0] - p[0], p2[1] - p[1]), (q2[0] - q[0], q2[1] - q[1])
    w = (q[0] - p[0], q[1] - p[1])
    denominator = d[0] * e[1] - d[1] * e[0]
    if denominator:  # not parallel: the lines meet once; is that point on both segments?
        t_s = Fraction(w[0] * e[1] - w[1] * e[0], denominator)
        t_t = Fraction(w[0] * d[1] - w[1] * d[0], denominator)
        if 0 <= t_s <= 1 and 0 <= t_t <= 1:
            return [(p[0] + t_s * d[0], p[1] + t_s * d[1])]
        return []
    if w[0] * d[1] - w[1] * d[0]:  # parallel, on different lines
        return []
    # One line: where t's ends fall along s (0 at p, 1 at p2), clipped to s.
    length = d[0] * d[0] + d[1] * d[1]
    ends = [Fraction((r[0] - p[0]) * d[0] + (r[1] - p[1]) * d[1], length) for r in (q, q2)]
    low, high = max(Fraction(0), min(ends)), min(Fraction(1), max(ends))
    if low > high:
        return []
    return [(p[0] + x * d[0], p[1] + x * d[1]) for x in ((low,) if low == high else (low, high))]


def _random_point(rng: random.Random, bound: int) -> Point:
    return rng.randint(-bound, bound), rng.randint(-bound, bound)


def _random_segment(rng: random.Random, bound: int) -> Segment:
    a = _random_point(rng, bound)
    b = a
    while b == a:
        b = _random_point(rng, bound)
    return a, b


def _touching(rng: random.Random, bound: int) -> tuple[Segment, Segment]:
    """t starts at a lattice point of s (an end of s or a point between) and leaves s's line."""
    s = _random_segment(rng, bound)
    (a, b), g = s, gcd(s[1][0] - s[0][0], s[1][1] - s[0][1])
    k = rng.randint(0, g)
    touch = (a[0] + k * (b[0] - a[0]) // g, a[1] + k * (b[1] - a[1]) // g)
    other = _random_point(rng, bound)
    while (b[0] - a[0]) * (other[1] - a[1]) == (b[1] - a[1]) * (other[0] - a[0]):
        other = _random_point(rng, bound)
    return s, (touch, other) if rng.random() < 0.5 else (other, touch)


def _collinear(rng: random.Random, bound: int, overlapping: bool) -> tuple[Segment, Segment]:
    """Two segments on one line: overlapping along a piece, or apart or end to end."""
    reach = max(1, bound // 2)
    dx, dy = 0, 0
    while (dx, dy) == (0, 0):
        dx, dy = rng.randint(-reach, reach), rng.randint(-reach, reach)
    g = gcd(dx, dy)
    dx, dy = dx // g, dy // g
    steps = 2 * bound // max(abs(dx), abs(dy))  # at least 4
    x0 = rng.randint(-bound, bound - steps * dx) if dx >= 0 else rng.randint(-bound - steps * dx, bound)
    y0 = rng.randint(-bound, bound - steps * dy) if dy >= 0 else rng.randint(-bound - steps * dy, bound)
    while True:
        t = sorted(rng.randint(0, steps) for _ in range(4))
        if overlapping and t[1] < t[2]:
            pairs = ((t[0], t[2]), (t[1], t[3])) if rng.random() < 0.5 else ((t[0], t[3]), (t[1], t[2]))
            break
        if not overlapping and t[0] < t[1] <= t[2] < t[3]:
            pairs = ((t[0], t[1]), (t[2], t[3]))
            break
    segments = [[(x0 + u * dx, y0 + u * dy) for u in pair] for pair in pairs]
    for segment in segments:
        rng.shuffle(segment)
    rng.shuffle(segments)
    return tuple(segments[0]), tuple(segments[1])


def _random_pair(rng: random.Random, bound: int, want_cross: bool) -> tuple[Segment, Segment]:
    """Random segments that cross at one point inside both (``want_cross``) or that do not meet at all."""
    for _ in range(200):
        s, t = _random_segment(rng, bound), _random_segment(rng, bound)
        meet = common_points(s, t)
        if want_cross and len(meet) == 1 and meet[0] not in (*s, *t):
            return s, t
        if not want_cross and not meet:
            return s, t
    # Practically unreachable: a crossing, or two parallel sides of the box.
    return (((-bound, -bound), (bound, bound)), ((-bound, bound), (bound, -bound))) if want_cross else (
        ((-bound, -bound), (bound, -bound)),
        ((-bound, bound), (bound, bound)),
    )


class SegmentIntersection(Environment):
    id = "math/segment_intersection"
    version = 1
    description = (
        "Find where two segments with integer endpoints meet: nowhere, at one exact point, or along a shared piece."
    )
    difficulty_scales = (
        "coordinates up to 3 + 2d in absolute value (past d = 100 about +40 per doubling); about a third "
        "of the pairs cross, a fifth touch at a point of one of them, a fifth are collinear, a quarter miss"
    )
    size_name = "largest allowed absolute value of a coordinate"
    answer_format = (
        "none, or one point (x, y), or two points (x1, y1), (x2, y2), with exact integer or fraction "
        "coordinates, for example (7/3, -1/2)"
    )
    tags = ("math", "geometry")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        bound = 3 + 2 * level(difficulty, cap=LEVEL_CAP)
        kind = rng.choices(("cross", "touch", "overlap", "collinear", "apart"), weights=(7, 4, 2, 2, 5))[0]
        if kind == "touch":
            s, t = _touching(rng, bound)
        elif kind in ("overlap", "collinear"):
            s, t = _collinear(rng, bound, overlapping=kind == "overlap")
        else:
            s, t = _random_pair(rng, bound, want_cross=kind == "cross")
        meet = common_points(s, t)
        prompt = (
            f"Segment S joins {format_point(s[0])} and {format_point(s[1])}; segment T joins "
            f"{format_point(t[0])} and {format_point(t[1])}. Both segments are closed: they include their "
            "endpoints. Find the points the two segments have in common. Answer none if they have no common "
            "point; the point (x, y) if they have exactly one (touching at an endpoint counts as meeting "
            "there); or, if they lie on one line and share a piece of positive length, the two ends of that "
            "shared piece, in either order. Give every coordinate exactly, as an integer or a fraction p/q."
        )
        answer = format_points(meet) if meet else "none"
        largest = max([1] + [abs(v.numerator) + v.denominator for point in meet for v in point])
        data = {
            "meet": [[str(v) for v in point] for point in meet],
            "max_digits": digits_of(largest) + 4,
        }
        return Instance(prompt=prompt, answer=answer, data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        meet = [tuple(Fraction(v) for v in point) for point in data["meet"]]
        if says_none(answer) or clean(answer).lower() in _NO_POINT:
            return Verdict.right() if not meet else Verdict.wrong("the segments do have a common point")
        if "(" in answer or "[" in answer:
            listed = read_points(answer, max_items=3, max_digits=data["max_digits"])
        else:  # one point written without brackets: "x = 7/3, y = -1/2" or "7/3, -1/2"
            listed = [read_point(answer, max_digits=data["max_digits"])]
        if not meet:
            return Verdict.wrong("the segments have no common point")
        if len(listed) not in (1, 2):
            return Verdict.wrong("expected none, one point or the two ends of a shared piece")
        if len(listed) == 1 and len(meet) == 2:
            return Verdict.wrong("the segments share a whole piece, not a single point")
        if len(listed) == 2 and len(meet) == 1:
            return Verdict.wrong("the segments have exactly one common point")
        if len(listed) == 2 and listed[0] == listed[1]:
            return Verdict.wrong("the two ends of the shared piece must differ")
        if set(listed) != set(meet):
            return Verdict.wrong("that is not where the segments meet")
        return Verdict.right()
