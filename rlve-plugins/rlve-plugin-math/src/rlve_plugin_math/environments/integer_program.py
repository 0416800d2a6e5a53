"""math/integer_program: maximise c . x over the integer points of a small box that satisfy a few linear
inequalities; the maximum and one optimal point (any optimal point is accepted).

The generator solves it exactly by depth-first search over the box, variable by variable: a partial point is
dropped as soon as some inequality cannot be met whatever the remaining variables are, or the objective cannot
beat the best point found so far even with every remaining variable at its best end.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import clean, digits_of, parse_integers, refuse_leading_zeros
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed


def format_linear(coefficients: list[int]) -> str:
    """``[3, 0, -1]`` as ``3x1 - x3``."""
    parts: list[str] = []
    for i, c in enumerate(coefficients, start=1):
        if c == 0:
            continue
        body = f"{'' if abs(c) == 1 else abs(c)}x{i}"
        parts.append((f"-{body}" if c < 0 else body) if not parts else f"{'-' if c < 0 else '+'} {body}")
    return " ".join(parts) if parts else "0"


def _extreme(c: int, low: int, high: int, largest: bool) -> int:
    """The largest (or smallest) value of c * x for low <= x <= high."""
    values = (c * low, c * high)
    return max(values) if largest else min(values)


def maximise(
    objective: list[int], rows: list[list[int]], limits: list[int], low: int, high: int
) -> tuple[int, list[int]] | None:
    """The maximum of objective . x over integer x in [low, high]^n with rows . x <= limits, and a point that
    reaches it (the first found in the search order); None if no point is feasible."""
    n = len(objective)
    # What the variables from i on can still add at least (to each row) and at most (to the objective).
    row_floor = [[sum(_extreme(r[j], low, high, False) for j in range(i, n)) for r in rows] for i in range(n + 1)]
    gain_ceiling = [sum(_extreme(objective[j], low, high, True) for j in range(i, n)) for i in range(n + 1)]
    # Try each variable's better end first, so good points are found early and the bound bites.
    orders = [range(high, low - 1, -1) if c >= 0 else range(low, high + 1) for c in objective]
    best: list[Any] = [None, None]
    point = [0] * n

    def search(i: int, used: list[int], value: int) -> None:
        if best[0] is not None and value + gain_ceiling[i] <= best[0]:
            return
        if i == n:
            best[0], best[1] = value, point[:]
            return
        floor = row_floor[i + 1]
        for x in orders[i]:
            new = [u + r[i] * x for u, r in zip(used, rows)]
            if all(u + rest <= limit for u, rest, limit in zip(new, floor, limits)):
                point[i] = x
                search(i + 1, new, value + objective[i] * x)

    search(0, [0] * len(rows), 0)
    return None if best[0] is None else (best[0], best[1])


def _row(rng: random.Random, n: int, bound: int) -> list[int]:
    """The coefficients of one inequality, not all zero."""
    row = [random_signed(rng, bound) for _ in range(n)]
    if not any(row):
        row[rng.randrange(n)] = random_signed(rng, bound, nonzero=True)
    return row


class IntegerProgram(Environment):
    id = "math/integer_program"
    version = 1
    description = "Maximise a linear objective over the integer points of a box that satisfy a few linear inequalities."
    difficulty_scales = (
        "coefficients up to 3 + d in absolute value; variables: 2, 3 from d = 6, 4 from d = 16; inequalities: "
        "2 + d // 5 (at most 6); each variable from -w to w with w = 3 + d // 6 (at most 8), or from 0 to "
        "2 + d // 3 (at most 12) in half the problems"
    )
    size_name = "largest allowed absolute value of a coefficient"
    answer_format = "the maximum, then an optimal point x1, x2, ..., as M; x1, x2, ... for example 17; 3, -1, 2"
    tags = ("math", "optimisation", "integer-programming")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bound = 3 + lvl
        n = 2 if lvl < 6 else 3 if lvl < 16 else 4
        m = min(6, 2 + lvl // 5)
        if rng.random() < 0.5:
            low, high = 0, min(12, 2 + lvl // 3)
        else:
            high = min(8, 3 + lvl // 6)
            low = -high
        while True:
            objective = [random_signed(rng, bound, nonzero=True) for _ in range(n)]
            rows = [_row(rng, n, bound) for _ in range(m)]
            inside = [rng.randint(low, high) for _ in range(n)]  # a point that satisfies every inequality
            limits = [sum(r * x for r, x in zip(row, inside)) + rng.randint(0, bound) for row in rows]
            corner = [high if c > 0 else low for c in objective]
            # Only problems where the inequalities cut off the box's best corner: else they would not matter.
            if any(sum(r * x for r, x in zip(row, corner)) > limit for row, limit in zip(rows, limits)):
                break
        solution = maximise(objective, rows, limits, low, high)
        assert solution is not None, "the point inside satisfies every inequality"
        best, witness = solution
        constraints = "\n".join(f"{format_linear(row)} <= {limit}" for row, limit in zip(rows, limits))
        names = ", ".join(f"x{i}" for i in range(1, n + 1))
        prompt = (
            f"Find integers {names}, each from {low} to {high} inclusive, that satisfy all of these inequalities\n\n"
            f"{constraints}\n\nand make {format_linear(objective)} as large as possible. Give the maximum value M "
            f"of {format_linear(objective)}, then the values of {names} at one point that reaches it. At least one "
            "point satisfies every inequality; if several reach the maximum, any one of them is accepted."
        )
        data = {
            "objective": objective,
            "rows": rows,
            "limits": limits,
            "low": low,
            "high": high,
            "maximum": best,
            "max_digits": digits_of(best) + 4,
        }
        answer = f"{best}; {', '.join(map(str, witness))}"
        return Instance(prompt=prompt, answer=answer, data=data, size=bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        objective, rows, limits = data["objective"], data["rows"], data["limits"]
        n = len(objective)
        refuse_leading_zeros(answer)
        s = clean(answer)
        opening, closing = s.count("(") + s.count("["), s.count(")") + s.count("]")
        if opening > 2 or opening != closing:  # "(17; (3, -1, 2))" at most
            raise ParseError("expected M; x1, x2, ... with at most two pairs of brackets")
        for bracket in "()[]":  # "17; (3, -1, 2)" and "17, 3, -1, 2" are the same numbers
            s = s.replace(bracket, " ")
        if s.count(";") > 1:
            raise ParseError("expected M; x1, x2, ... with one semicolon at most")
        names = [("m", "max", "maximum", "value", "z", "opt", "optimum")] + [
            (f"x{i}", "x") if i == 1 else (f"x{i}",) for i in range(1, n + 1)
        ]
        values = parse_integers(s, max_items=n + 2, max_digits=data["max_digits"], names=names)
        if len(values) != n + 1:
            return Verdict.wrong(f"expected {n + 1} numbers: the maximum and x1 to x{n}, got {len(values)}")
        claimed, point = values[0], values[1:]
        if any(not data["low"] <= x <= data["high"] for x in point):
            return Verdict.wrong(f"a variable lies outside {data['low']}..{data['high']}")
        for row, limit in zip(rows, limits):
            if sum(r * x for r, x in zip(row, point)) > limit:
                return Verdict.wrong(f"the point breaks the inequality {format_linear(row)} <= {limit}")
        reached = sum(c * x for c, x in zip(objective, point))
        if reached != claimed:
            return Verdict.wrong(f"the objective at that point is {reached}, not {claimed}")
        if reached != data["maximum"]:
            return Verdict.wrong("that point is feasible but not optimal: the maximum is larger")
        return Verdict.right()
