"""math/taxicab_median: a lattice point minimising the (weighted) sum of Manhattan distances to given points,
and that minimum. The sum splits into an x part and a y part, each minimised at a (weighted) median; with an
even total weight a whole range of medians can tie, and any point of the optimal box is accepted."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import clean, digits_of, parse_integers
from rlve_plugin_math.scaling import LEVEL_CAP

#: Names a model may put before the three numbers: x = .., y = .., S = ..
_NAMES = (("x",), ("y",), ("s", "sum", "total", "d", "distance", "min", "minimum"))


def weighted_median(values: list[int], weights: list[int]) -> int:
    """The smallest v at which the weight of the values <= v reaches half the total: a minimiser of
    sum w_i |v - v_i| (the greatest such minimiser is the same from the other side)."""
    total, running = sum(weights), 0
    for v, w in sorted(zip(values, weights)):
        running += w
        if 2 * running >= total:
            return v
    raise ValueError("no values")


def total_distance(x: int, y: int, points: list[list[int]], weights: list[int]) -> int:
    return sum(w * (abs(x - px) + abs(y - py)) for (px, py), w in zip(points, weights))


class TaxicabMedian(Environment):
    id = "math/taxicab_median"
    version = 1
    description = (
        "Find a lattice point minimising the (weighted) sum of Manhattan distances to given points, and the minimum."
    )
    difficulty_scales = (
        "points: 3 + d (past d = 100 +1 per 2 levels); coordinates up to 5 + 3d in absolute value; "
        "from d = 4 half the problems give the points integer weights up to 2 + d // 5"
    )
    size_name = "points"
    answer_format = "the point and the minimum sum as (x, y), S, for example (3, -1), 17"
    tags = ("math", "geometry", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        n, bound = 3 + slow(lvl, 1, 2), 5 + 3 * lvl
        points = [[rng.randint(-bound, bound), rng.randint(-bound, bound)] for _ in range(n)]
        weighted = lvl >= 4 and rng.random() < 0.5
        weights = [rng.randint(1, 2 + lvl // 5) if weighted else 1 for _ in range(n)]
        x = weighted_median([p[0] for p in points], weights)
        y = weighted_median([p[1] for p in points], weights)
        best = total_distance(x, y, points, weights)
        if weighted:
            listing = "\n".join(f"({px}, {py}) with weight {w}" for (px, py), w in zip(points, weights))
            goal = "the sum over the points of weight \u00d7 distance"
        else:
            listing = ", ".join(f"({px}, {py})" for px, py in points)
            goal = "the sum of the distances"
        prompt = (
            f"The Manhattan distance between (a, b) and (c, d) is |a - c| + |b - d|. Given these {n} points"
            f"{' and weights' if weighted else ''}:\n\n{listing}\n\nfind a point (x, y) with integer "
            f"coordinates that minimises {goal} from (x, y) to the given points, and that minimum S. If "
            "several points reach the minimum, any one of them is accepted. Points may repeat."
        )
        data = {
            "points": points,
            "weights": weights,
            "minimum": best,
            "max_digits": digits_of(best) + 4,
        }
        return Instance(prompt=prompt, answer=f"({x}, {y}), {best}", data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        s = clean(answer)
        opening, closing = s.count("(") + s.count("["), s.count(")") + s.count("]")
        if opening > 2 or opening != closing:  # "((3, -1), 17)" at most
            raise ParseError("expected (x, y), S with at most two pairs of brackets")
        for bracket in "()[]":  # "(3, -1), 17" and "3, -1, 17" are the same three numbers
            s = s.replace(bracket, " ")
        values = parse_integers(s, max_items=4, max_digits=data["max_digits"], names=_NAMES)
        if len(values) != 3:
            return Verdict.wrong(f"expected three numbers x, y, S, got {len(values)}")
        x, y, claimed = values
        best = data["minimum"]
        reached = total_distance(x, y, data["points"], data["weights"])
        if claimed != reached:
            return Verdict.wrong(f"the sum for ({x}, {y}) is not {claimed}")
        if reached != best:
            return Verdict.wrong(f"({x}, {y}) does not reach the minimum: another point does better")
        return Verdict.right()
