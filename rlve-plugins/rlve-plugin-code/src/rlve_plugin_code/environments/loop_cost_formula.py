"""code/loop_cost_formula: how many times a marked line in nested loops runs, for an n far too large to run.

The loops' bounds are linear in n and in the outer loop variables, so the count is a polynomial in n: it is
computed exactly here by summing polynomials (Faulhaber's sums over Fractions), never by running the loops.
Each drawn range is proved never to be negative-length for any n >= 1 (interval bounds on every variable), so
the nested sums are exact; loops beside the marked line's chain are there to be told apart from it.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from math import comb, isqrt
from typing import Any

from rlve import Instance, Verdict
from rlve.environment import Environment
from rlve.parse import parse_int
from rlve.scaling import taper

VARIABLES = ("i", "j", "k", "p", "q")
#: A linear form: {"n": a, "i": b, ..., "": constant}.
Form = dict[str, int]
#: A polynomial: {exponents over (n, *VARIABLES): coefficient}.
Poly = dict[tuple[int, ...], Fraction]
ORDER = ("n", *VARIABLES)
ATTEMPTS = 200


# -- polynomials ---------------------------------------------------------------------------------------------


def constant(value: int | Fraction) -> Poly:
    return {(0,) * len(ORDER): Fraction(value)} if value else {}


def variable(name: str) -> Poly:
    exponents = [0] * len(ORDER)
    exponents[ORDER.index(name)] = 1
    return {tuple(exponents): Fraction(1)}


def add(a: Poly, b: Poly, scale: int | Fraction = 1) -> Poly:
    out = dict(a)
    for key, value in b.items():
        out[key] = out.get(key, Fraction(0)) + scale * value
        if not out[key]:
            del out[key]
    return out


def multiply(a: Poly, b: Poly) -> Poly:
    out: Poly = {}
    for ka, va in a.items():
        for kb, vb in b.items():
            key = tuple(x + y for x, y in zip(ka, kb))
            out[key] = out.get(key, Fraction(0)) + va * vb
    return {key: value for key, value in out.items() if value}


def from_form(form: Form) -> Poly:
    poly = constant(form.get("", 0))
    for name, coefficient in form.items():
        if name:
            poly = add(poly, variable(name), coefficient)
    return poly


@cache
def faulhaber(power: int) -> tuple[Fraction, ...]:
    """Coefficients (by degree) of F(m) = sum of v**power for v from 0 to m - 1, a polynomial in m."""
    # m**(p+1) = sum over j <= p of C(p+1, j) F_j(m), so F_p = (m**(p+1) - sum_{j<p} C(p+1, j) F_j) / (p+1).
    coefficients = [Fraction(0)] * (power + 2)
    coefficients[power + 1] = Fraction(1)
    for lower in range(power):
        for degree, value in enumerate(faulhaber(lower)):
            coefficients[degree] -= comb(power + 1, lower) * value
    return tuple(value / (power + 1) for value in coefficients)


def substitute_power_sum(power: int, upper: Poly) -> Poly:
    """F_power(upper) as a polynomial, by Horner's rule."""
    result: Poly = {}
    for value in reversed(faulhaber(power)):
        result = add(multiply(result, upper), constant(value))
    return result


def sum_over(poly: Poly, name: str, low: Form, high: Form) -> Poly:
    """The sum of ``poly`` for ``name`` from ``low`` to ``high`` - 1 (valid when high >= low everywhere)."""
    at = ORDER.index(name)
    by_power: dict[int, Poly] = {}
    for key, value in poly.items():
        rest = key[:at] + (0,) + key[at + 1 :]
        by_power.setdefault(key[at], {})[rest] = value
    result: Poly = {}
    lower, upper = from_form(low), from_form(high)
    for power, coefficient in by_power.items():
        span = add(substitute_power_sum(power, upper), substitute_power_sum(power, lower), -1)
        result = add(result, multiply(coefficient, span))
    return result


def chain_count(chain: list[dict[str, Any]]) -> Poly:
    """The number of times the innermost body of nested loops runs, as a polynomial in n."""
    poly = constant(1)
    for loop in reversed(chain):
        poly = sum_over(poly, loop["var"], loop["low"], loop["high"])
    return poly


def value_at(poly: Poly, n: int) -> int:
    total = sum(coefficient * n ** key[0] for key, coefficient in poly.items())
    assert total.denominator == 1 and all(sum(key[1:]) == 0 for key in poly)
    return int(total)


# -- drawing loops -------------------------------------------------------------------------------------------


def lowest(form: Form, ranges: dict[str, tuple[int, tuple[int, int]]]) -> tuple[int, int]:
    """A lower bound (a*n + b) of the form over every reachable value of the variables, n >= 1."""
    a, b = form.get("n", 0), form.get("", 0)
    for name, coefficient in form.items():
        if name in ranges:
            low, (ha, hb) = ranges[name]
            if coefficient > 0:
                b += coefficient * low
            else:
                a, b = a + coefficient * ha, b + coefficient * hb
    return a, b


def highest(form: Form, ranges: dict[str, tuple[int, tuple[int, int]]]) -> tuple[int, int]:
    a, b = form.get("n", 0), form.get("", 0)
    for name, coefficient in form.items():
        if name in ranges:
            low, (ha, hb) = ranges[name]
            if coefficient > 0:
                a, b = a + coefficient * ha, b + coefficient * hb
            else:
                b += coefficient * low
    return a, b


def nonnegative(a: int, b: int) -> bool:
    """a*n + b >= 0 for every n >= 1."""
    return a >= 0 and a + b >= 0


def draw_range(rng: random.Random, outer: list[str], ranges: dict, difficulty: int) -> tuple[Form, Form]:
    """Bounds [low, high) with high - low >= 0 wherever the outer variables can be (proved by interval bounds)."""
    v = rng.choice(outer) if outer else None
    lows: list[Form] = [{}, {"": 1}]
    highs: list[Form] = [{"n": 1}, {"n": 1, "": 1}]
    if difficulty >= 4:
        highs.append({"n": 2})
    if v:
        lows += [{v: 1}, {v: 1, "": 1}, {v: 1}]
        highs += [{v: 1}, {v: 1, "": 1}, {"n": 1, v: -1}, {v: 1, "": rng.randint(2, 4)}]
        if difficulty >= 4:
            highs += [{v: 2}, {"n": 1, v: 1}]
            lows.append({v: 2} if rng.random() < 0.3 else {v: 1})
    for _ in range(ATTEMPTS):
        low, high = rng.choice(lows), rng.choice(highs)
        width = {key: high.get(key, 0) - low.get(key, 0) for key in set(low) | set(high)}
        width = {key: value for key, value in width.items() if value}
        if not width or set(width) == {""}:
            continue  # a constant number of rounds whatever n is: too easy
        if nonnegative(*lowest(width, ranges)):
            return low, high
    return {}, {"n": 1}


def show_form(form: Form) -> str:
    terms = []
    for name in ("n", *VARIABLES):
        coefficient = form.get(name, 0)
        if coefficient:
            text = name if abs(coefficient) == 1 else f"{abs(coefficient)} * {name}"
            terms.append(("-" if coefficient < 0 else "+", text))
    if form.get(""):
        terms.append(("-" if form[""] < 0 else "+", str(abs(form[""]))))
    if not terms:
        return "0"
    first_sign, first = terms[0]
    text = ("-" if first_sign == "-" else "") + first
    return text + "".join(f" {sign} {term}" for sign, term in terms[1:])


def shifted(form: Form, by: int) -> Form:
    out = dict(form)
    out[""] = out.get("", 0) + by
    return {key: value for key, value in out.items() if value}


def loop_lines(loop: dict[str, Any], style: str) -> tuple[list[str], list[str]]:
    """The lines opening a loop and the lines closing its body (for a while loop, the increment)."""
    var, low, high = loop["var"], loop["low"], loop["high"]
    if style == "while":
        return [f"{var} = {show_form(low)}", f"while {var} < {show_form(high)}:"], [f"    {var} += 1"]
    if style == "down":
        return [f"for {var} in range({show_form(shifted(high, -1))}, {show_form(shifted(low, -1))}, -1):"], []
    if not low:
        return [f"for {var} in range({show_form(high)}):"], []
    return [f"for {var} in range({show_form(low)}, {show_form(high)}):"], []


def draw_style(rng: random.Random, difficulty: int) -> str:
    styles = ["up", "up"] + (["while"] if difficulty >= 8 else []) + (["down"] if difficulty >= 12 else [])
    return rng.choice(styles)


def depth_for(difficulty: int) -> int:
    return 1 + min(4, (min(difficulty, 30) + 2) // 5)


def digits_for(difficulty: int) -> int:
    t = taper(difficulty)
    return 4 + min(t, 30) + isqrt(max(0, t - 30))


class LoopCostFormula(Environment):
    id = "code/loop_cost_formula"
    version = 1
    description = (
        "Give exactly how many times a marked line inside nested loops (bounds linear in n and in the outer loop "
        "variables) runs for an n far too large to run, so the count needs a closed form."
    )
    difficulty_scales = (
        "digits of n: 4 + d (slower past d=30); loops around the marked line: 1, 2 from d=3, 3 from d=8, 4 from "
        "d=13, 5 from d=18; bounds 2n, 2i and n + i from d=4; other loops beside the chain: d // 4 up to 6; while "
        "loops from d=8, counting-down ranges from d=12"
    )
    size_name = "digits of n"
    answer_format = "a single integer (the exact count)"
    tags = ("code", "counting", "math", "complexity")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        depth = depth_for(difficulty)
        chain: list[dict[str, Any]] = []
        ranges: dict[str, tuple[int, tuple[int, int]]] = {}
        for var in VARIABLES[:depth]:
            low, high = draw_range(rng, [loop["var"] for loop in chain], ranges, difficulty)
            chain.append({"var": var, "low": low, "high": high, "style": draw_style(rng, difficulty)})
            ranges[var] = (lowest(low, ranges)[1], highest(shifted(high, -1), ranges))
        extras = min(6, difficulty // 4)
        places = sorted(rng.randint(0, depth - 1) for _ in range(extras))
        lines = ["def work(n):", "    total = 0"]
        lines += self.body(rng, difficulty, chain, ranges, places, 0)
        lines.append("    return total")
        digits = digits_for(difficulty)
        n = rng.randint(10 ** (digits - 1), 10**digits - 1)
        count = value_at(chain_count(chain), n)
        prompt = (
            "Here is a Python function:\n\n```python\n" + "\n".join(lines) + "\n```\n\n"
            f"How many times does the line marked # <-- run during the call work({n})? Give the exact number "
            "(running the function is hopeless at this size: find a formula)."
        )
        data = {"count": str(count), "chain": chain}
        return Instance(prompt=prompt, answer=str(count), data=data, size=digits)

    def body(
        self, rng: random.Random, difficulty: int, chain: list[dict[str, Any]], ranges: dict, places: list[int],
        level: int,
    ) -> list[str]:
        """The lines of chain loop ``level`` and everything inside it, indented for the function body."""
        loop = chain[level]
        indent = "    " * (level + 1)
        opening, closing = loop_lines(loop, loop["style"])
        inner: list[str] = []
        if level + 1 < len(chain):
            inner += self.body(rng, difficulty, chain, ranges, places, level + 1)
        else:
            inner.append(f"{indent}    total += {rng.choice(['1', loop['var'], '2'])}  # <--")
        outer = [entry["var"] for entry in chain[: level + 1]]
        for _ in range(places.count(level)):
            extra = self.distractor(rng, difficulty, outer, ranges, indent + "    ")
            inner = extra + inner if rng.random() < 0.5 else inner + extra
        return [indent + line for line in opening] + inner + [indent + line for line in closing]

    def distractor(
        self, rng: random.Random, difficulty: int, outer: list[str], ranges: dict, indent: str
    ) -> list[str]:
        """A loop beside the chain (its own counter, its own variable): it changes nothing that is counted."""
        var = rng.choice(("r", "s", "t"))
        low, high = draw_range(rng, outer, ranges, difficulty)
        opening, closing = loop_lines({"var": var, "low": low, "high": high}, draw_style(rng, difficulty))
        body = [f"{indent}    total -= 1" if rng.random() < 0.5 else f"{indent}    total += {var}"]
        return [indent + line for line in opening] + body + [indent + line for line in closing]

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = int(data["count"])
        got = parse_int(answer.replace("_", ""), max_digits=len(data["count"]) + 10, allow_thousands=True)
        if got == expected:
            return Verdict.right()
        if abs(got - expected) <= 2:
            return Verdict.wrong("off by a little: check the loops' first and last rounds")
        return Verdict.wrong("not the number of times the marked line runs")
