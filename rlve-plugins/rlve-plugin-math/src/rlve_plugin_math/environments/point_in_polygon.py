"""math/point_in_polygon: say of each of several lattice points whether it lies strictly inside, on the
boundary of, or outside a simple polygon."""

from __future__ import annotations

import random
import re
from math import gcd
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import split_items
from rlve.scaling import level, slow
from rlve_plugin_math.geometry import (
    BOUNDARY,
    INSIDE,
    OUTSIDE,
    Point,
    edges,
    format_point,
    format_points,
    locate,
    random_star_polygon,
)
from rlve_plugin_math.numbers import clean
from rlve_plugin_math.scaling import LEVEL_CAP

#: The words read as each answer (lower case).
_WORDS = {
    "inside": INSIDE,
    "in": INSIDE,
    "interior": INSIDE,
    "outside": OUTSIDE,
    "out": OUTSIDE,
    "exterior": OUTSIDE,
    "boundary": BOUNDARY,
    "on": BOUNDARY,
    "border": BOUNDARY,
}
#: An optional label before a word: "P3: inside", "3) outside", "point 3 = boundary".
_LABEL = re.compile(r"(?:\bpoint ?|\bp)?_?\{?([0-9]{1,6})\}? ?[:=)]", re.IGNORECASE)


def _boundary_point(rng: random.Random, polygon: list[Point]) -> Point:
    """A vertex, or (where the side has room) a lattice point strictly between two vertices."""
    a, b = rng.choice(edges(polygon))
    g = gcd(b[0] - a[0], b[1] - a[1])
    k = rng.randint(1, g - 1) if g > 1 and rng.random() < 0.8 else 0
    return a[0] + k * (b[0] - a[0]) // g, a[1] + k * (b[1] - a[1]) // g


def _query(rng: random.Random, polygon: list[Point], want: str) -> Point:
    """A point whose place is ``want`` if one is found soon; half of the tries land next to a vertex or a
    side, where the answer is least obvious (and a ray from the point may pass through a vertex)."""
    if want == BOUNDARY:
        return _boundary_point(rng, polygon)
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    p = polygon[0]
    for _ in range(40):
        if rng.random() < 0.5:
            x, y = _boundary_point(rng, polygon)
            p = (x + rng.randint(-1, 1), y + rng.randint(-1, 1))
        else:
            p = (rng.randint(min(xs) - 1, max(xs) + 1), rng.randint(min(ys) - 1, max(ys) + 1))
        if locate(p, polygon) == want:
            return p
    return p


class PointInPolygon(Environment):
    id = "math/point_in_polygon"
    version = 1
    description = (
        "Say of each of several lattice points whether it lies inside, on the boundary of, or outside a simple polygon."
    )
    difficulty_scales = (
        "vertices: 4 + d // 2, points: 3 + (d + 1) // 2 (past d = 100 one more of each per 10 levels); "
        "coordinates up to 4 + 2d in absolute value"
    )
    size_name = "vertices plus points"
    answer_format = (
        "one word per point, in the order the points are given, each inside, boundary or outside, "
        "separated by commas, for example inside, outside, boundary"
    )
    tags = ("math", "geometry")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        vertices, count, bound = 4 + slow(lvl, 2, 10), 3 + slow(lvl + 1, 2, 10), 4 + 2 * lvl
        polygon = random_star_polygon(rng, vertices, bound)
        queries: list[Point] = []
        for _ in range(20 * count):
            if len(queries) == count:
                break
            p = _query(rng, polygon, rng.choice((INSIDE, INSIDE, BOUNDARY, OUTSIDE, OUTSIDE)))
            if p not in queries:
                queries.append(p)
        x = max(abs(v) for p in polygon for v in p) + 2
        while len(queries) < count:  # a polygon too small for distinct points: some far outside
            queries.append((x, len(queries)))
        places = [locate(p, polygon) for p in queries]
        listing = "\n".join(f"P{i} = {format_point(p)}" for i, p in enumerate(queries, start=1))
        prompt = (
            f"A simple polygon (its sides meet only where neighbouring sides share a vertex) has these "
            f"{vertices} vertices, listed in order around its boundary:\n\n{format_points(polygon)}\n\n"
            f"For each of the following {count} points, say whether it lies strictly inside the polygon "
            "(inside), on one of its sides or at a vertex (boundary), or outside it (outside).\n\n" + listing
        )
        data = {"places": places}
        return Instance(prompt=prompt, answer=", ".join(places), data=data, size=vertices + count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        places = data["places"]
        s = clean(answer)
        if len(s) > 40 * len(places) + 100:
            raise ParseError("the answer is far longer than one word per point")
        labels = [int(m.group(1)) for m in _LABEL.finditer(s)]
        if labels and labels != list(range(1, len(places) + 1)):
            raise ParseError("the labels must be P1, P2, ... in order, one per point")
        words = split_items(_LABEL.sub(" ", s), max_items=len(places) + 1)
        said = []
        for word in words:
            if word.lower() not in _WORDS:
                raise ParseError(f"expected inside, boundary or outside, got {word[:40]!r}")
            said.append(_WORDS[word.lower()])
        if len(said) != len(places):
            return Verdict.wrong(f"expected {len(places)} words, one per point, got {len(said)}")
        for i, (got, want) in enumerate(zip(said, places), start=1):
            if got != want:
                return Verdict.wrong(f"P{i} is not {got}")
        return Verdict.right()
