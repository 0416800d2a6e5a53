"""Calculus and exact sums: definite integrals, limits of rational functions, Taylor coefficients, power sums,
geometric and telescoping sums; and two counting/optimisation tasks, integer programs and polynomial sign counts.

Every instance is rebuilt from its prompt text alone (regular expressions and sympy's parser over the prompt,
never the environment's data or readers) and solved independently: with sympy's integrate, limit, series and
summation, by evaluating the polynomial at every integer of the range, or by scanning the whole box of an
integer program. Then other ways of writing the answer (accepted) and near misses (refused, with a reason)
are tried.
"""

from __future__ import annotations

import itertools
import re

from math_test_helpers import ENVS, SEEDS
from sympy import Poly, Rational, Symbol, integrate, latex, limit, oo, series, summation
from sympy.concrete.gosper import gosper_sum
from sympy.parsing.sympy_parser import (
    convert_xor,
    implicit_multiplication_application,
    parse_expr,
    standard_transformations,
)

from rlve.testing import assert_accepted, assert_rejected, find_problem

X, INDEX, K, N = Symbol("x"), Symbol("i"), Symbol("k"), Symbol("n")
_TRANSFORMS = (*standard_transformations, implicit_multiplication_application, convert_xor)


def sym(text: str, **names):
    """An expression as a prompt writes it (``3x^2 - 1``, ``(-2) · i · (3/4)^i``), read by sympy."""
    text = text.replace("\u00b7", "*")
    return parse_expr(text, transformations=_TRANSFORMS, local_dict={"x": X, **names})


def problems(name: str, difficulties, seeds=SEEDS):
    env = ENVS[f"math/{name}"]
    return [env.sample(d, s) for d in difficulties for s in seeds]


def found(pattern: str, prompt: str) -> tuple[str, ...]:
    match = re.search(pattern, prompt)
    assert match, (pattern, prompt)
    return match.groups()


def fraction_forms(value: Rational) -> list[str]:
    """The same number written other ways: LaTeX, unreduced, named, in math mode."""
    forms = [f"\\frac{{{2 * value.p}}}{{{2 * value.q}}}", f"{3 * value.p}/{3 * value.q}", f"S = {value}"]
    return forms + [f"$ {latex(value)} $", f"\\dfrac{{{value.p}}}{{{value.q}}}" if value.q != 1 else f"{value}.0"]


# -- definite integral -------------------------------------------------------------------------------------------


def _integral(problem) -> Rational:
    (polynomial,) = found(r"Let p\(x\) = (.+)\.\n", problem.prompt)
    lower, upper = found(r"from x = (\S+) \(lower limit\) to x = (\S+) \(upper limit\)", problem.prompt)
    return integrate(sym(polynomial), (X, Rational(lower), Rational(upper)))


def test_definite_integral_is_sympys_integral_between_the_shown_limits():
    reversed_limits = fractional_limits = 0
    for problem in problems("definite_integral", (0, 1, 3, 6, 10, 17, 24, 30)):
        assert Rational(problem.answer) == _integral(problem)
        lower, upper = found(r"from x = (\S+) \(lower limit\) to x = (\S+) \(upper limit\)", problem.prompt)
        reversed_limits += bool(Rational(lower) > Rational(upper))
        fractional_limits += "/" in lower + upper
    assert reversed_limits and fractional_limits


def test_definite_integral_accepts_equal_forms_and_refuses_near_misses():
    problem = find_problem("math/definite_integral", lambda p: "/" in p.answer and "/" in p.prompt, range(3, 20))
    value = _integral(problem)
    for form in fraction_forms(value):
        assert_accepted(problem, form)
    assert_rejected(problem, str(-value), "not the value")  # the limits swapped
    assert_rejected(problem, f"{value.p + 1}/{value.q}", "not the value")
    assert_rejected(problem, f"{value.p}/{value.q}/2")
    assert_rejected(problem, f"0{value}" if value > 0 else f"-0{-value}", "leading zero")


# -- rational limit ----------------------------------------------------------------------------------------------


def _limit(problem) -> str:
    (quotient,) = found(r"Let f\(x\) = (.+)\.\n", problem.prompt)
    (target,) = found(r"as x tends to (-?infinity|-?\d+(?:/\d+)?)", problem.prompt)
    f = sym(quotient)
    if target.endswith("infinity"):
        value = limit(f, X, -oo if target.startswith("-") else oo)
        return "infinity" if value == oo else "-infinity" if value == -oo else str(value)
    left, right = limit(f, X, Rational(target), "-"), limit(f, X, Rational(target), "+")
    if left != right:
        return "does not exist"
    return "infinity" if left == oo else "-infinity" if left == -oo else str(left)


def test_rational_limit_is_sympys_one_sided_limits_combined_by_the_prompts_rules():
    chosen = problems("rational_limit", (0, 1, 3, 6, 10), range(2))
    for outcome in ("0", "infinity", "-infinity", "does not exist"):  # every kind of answer, some at infinity
        chosen.append(find_problem("math/rational_limit", lambda p, o=outcome: p.answer == o, range(2, 12), range(10)))
    chosen.append(find_problem("math/rational_limit", lambda p: "tends to -infinity" in p.prompt, range(5, 12)))
    chosen.append(find_problem("math/rational_limit", lambda p: "tends to infinity" in p.prompt, range(2, 12)))
    for problem in chosen:
        assert problem.answer == _limit(problem), problem.prompt


def test_rational_limit_cancels_the_common_factor_at_level_zero():
    for problem in problems("rational_limit", [0]):
        (quotient,) = found(r"Let f\(x\) = (.+)\.\n", problem.prompt)
        (target,) = found(r"as x tends to (-?\d+)", problem.prompt)
        numerator, denominator = sym(quotient).as_numer_denom()
        assert numerator.subs(X, int(target)) == 0 == denominator.subs(X, int(target))  # 0/0: factor first
        assert_accepted(problem, problem.answer)


def test_rational_limit_accepts_every_spelling_of_each_outcome_and_refuses_the_others():
    def with_answer(answer: str):
        return find_problem("math/rational_limit", lambda p: p.answer == answer, range(2, 31), range(20))

    spellings = {
        "infinity": ("\\infty", "+\\infty", "$\\infty$", "L = +\\infty", "+infinity", "positive infinity"),
        "-infinity": ("-\\infty", "$-\\infty$", "- infinity", "\\lim = -infinity", "negative infinity"),
        "does not exist": ("DNE", "does not exist.", "The limit does not exist", "Does Not Exist"),
    }
    for word, forms in spellings.items():
        problem = with_answer(word)
        for form in forms:
            assert_accepted(problem, form)
        for other in spellings:
            if other != word:
                assert_rejected(problem, other, other)
        assert_rejected(problem, "0", "not a finite number")
        assert_rejected(problem, "maybe infinity")
        for float_spelling in ("inf", "-inf", "Infinity", "\u221e"):  # what float() reads: refused everywhere
            assert_rejected(problem, float_spelling, "could not read")
    finite = find_problem("math/rational_limit", lambda p: "/" in p.answer, range(2, 31))
    value = Rational(finite.answer)
    for form in fraction_forms(value):
        assert_accepted(finite, form)
    assert_rejected(finite, "infinity", "finite number")
    assert_rejected(finite, "does not exist", "finite number")
    assert_rejected(finite, str(value + 1), "not the limit")


# -- Taylor coefficient ------------------------------------------------------------------------------------------


def _series_coefficients(problem) -> tuple[int, list[Rational]]:
    """k and the series coefficients of x^(k - 1), x^k and x^(k + 1), from sympy's series."""
    (quotient,) = found(r"Let f\(x\) = (.+)\.\n", problem.prompt)
    (k,) = found(r"coefficient c_(\d+) of x\^(?:\d+)", problem.prompt)
    k = int(k)
    expansion = series(sym(quotient), X, 0, k + 2).removeO()
    return k, [expansion.coeff(X, power) for power in (k - 1, k, k + 1)]


def test_taylor_coefficient_is_sympys_series_coefficient():
    fractional = 0
    for problem in problems("taylor_coefficient", (0, 1, 3, 5, 8, 12, 17), range(3)):
        k, (_, expected, _) = _series_coefficients(problem)
        assert k == problem.size and Rational(problem.answer) == expected
        fractional += "/" in problem.answer
    assert fractional, "a constant term +-2 or +-3 brings fractions"


def test_taylor_coefficient_refuses_the_neighbouring_coefficients():
    problem = find_problem("math/taylor_coefficient", lambda p: "/" in p.answer, range(4, 12))
    k, (before, value, after) = _series_coefficients(problem)
    for form in fraction_forms(value):
        assert_accepted(problem, form)
    assert_accepted(problem, f"c_{{{k}}} = {latex(value)}")
    assert_rejected(problem, str(before), f"x^{k}")
    assert_rejected(problem, str(after), f"x^{k}")


# -- power sum ---------------------------------------------------------------------------------------------------


def _power_sum(problem, terms_fewer: int = 0) -> int:
    k, n = map(int, found(r"sum of i\^(\d+) over the integers i from 1 to n = (\d+)", problem.prompt))
    total = summation(INDEX**k, (INDEX, 1, N)).subs(N, n - terms_fewer)  # Faulhaber's polynomial, then n
    modulus = re.search(r"modulo the prime (\d+)", problem.prompt)
    return int(total) % int(modulus.group(1)) if modulus else int(total)


def test_power_sum_is_sympys_faulhaber_polynomial_exactly_or_modulo_the_prime():
    modular = exact = 0
    for problem in problems("power_sum", (0, 1, 2, 4, 6, 7, 11, 16, 23, 30), range(3)):
        assert int(problem.answer) == _power_sum(problem)
        modular += "modulo" in problem.prompt
        exact += "exact value" in problem.prompt
    assert modular and exact


def test_power_sum_accepts_thousands_separators_and_refuses_a_term_short():
    problem = find_problem("math/power_sum", lambda p: "exact value" in p.prompt and int(p.answer) > 10**6)
    value = int(problem.answer)
    assert_accepted(problem, f"{value:,}")
    assert_accepted(problem, f"S = {value}")
    assert_rejected(problem, str(_power_sum(problem, terms_fewer=1)), "not the sum")
    modular = find_problem("math/power_sum", lambda p: "modulo" in p.prompt)
    p = int(found(r"modulo the prime (\d+)", modular.prompt)[0])
    assert_rejected(modular, str(int(modular.answer) + p), "between 0 and")
    assert_rejected(modular, str(_power_sum(modular, terms_fewer=1)), "not the sum")


# -- geometric series --------------------------------------------------------------------------------------------


def _geometric(problem, terms_fewer: int = 0) -> Rational:
    term, first, last = found(r"sum of (.+) over the integers i from (\d+) to (\d+)", problem.prompt)
    return summation(sym(term, i=INDEX), (INDEX, int(first), int(last) - terms_fewer))


def test_geometric_series_is_sympys_summation():
    weighted = negative_ratio = 0
    for problem in problems("geometric_series", (0, 1, 2, 3, 5, 8, 13, 21, 30)):
        assert Rational(problem.answer) == _geometric(problem)
        weighted += "i \u00b7" in problem.prompt
        negative_ratio += "^i" in problem.prompt and "(-" in problem.prompt.split("^i")[0].rsplit("\u00b7", 1)[-1]
    assert weighted and negative_ratio


def test_geometric_series_accepts_equal_forms_and_refuses_a_term_short():
    problem = find_problem("math/geometric_series", lambda p: "/" in p.answer and "i \u00b7" in p.prompt, range(3, 20))
    value = _geometric(problem)
    for form in fraction_forms(value):
        assert_accepted(problem, form)
    assert_rejected(problem, str(_geometric(problem, terms_fewer=1)), "not the value")
    assert_rejected(problem, f"{value} + 1")


# -- telescoping sum ---------------------------------------------------------------------------------------------


def _telescoping(problem, terms_fewer: int = 0) -> Rational:
    term, n = found(r"sum of (.+) over the integers k from 1 to n = (\d+)", problem.prompt)
    closed = gosper_sum(sym(term, k=K), (K, 1, N))  # sympy's closed form in n (Gosper's algorithm), then the huge n
    return Rational(closed.subs(N, int(n) - terms_fewer))


def test_telescoping_sum_is_sympys_closed_form_at_the_shown_n():
    triples = gaps = 0
    for problem in problems("telescoping_sum", (0, 2, 5, 9, 14, 22, 30), range(2)):
        assert Rational(problem.answer) == _telescoping(problem)
        (term,) = found(r"sum of (.+) over", problem.prompt)
        triples += term.count("(") == 4
        gaps += term.count("(") == 3 and "(k)" not in term
    assert triples and gaps


def test_telescoping_sum_accepts_equal_forms_and_refuses_a_term_short():
    problem = find_problem("math/telescoping_sum", lambda p: p.size > 8, range(6, 20))
    value = Rational(problem.answer)
    for form in fraction_forms(value):
        assert_accepted(problem, form)
    assert_rejected(problem, str(_telescoping(problem, terms_fewer=1)), "not the value")
    assert_rejected(problem, f"{value.p}/{value.q + 1}", "not the value")


# -- integer program ---------------------------------------------------------------------------------------------


def _program(problem):
    """The objective, rows, limits and box read from the prompt, as integer coefficient lists."""
    low, high = map(int, found(r"each from (-?\d+) to (-?\d+) inclusive", problem.prompt))
    names = [Symbol(f"x{i}") for i in range(1, 5)]
    local = {str(s): s for s in names}
    n = problem.prompt.split(", each from")[0].count("x")
    variables = names[:n]

    def coefficients(text: str) -> list[int]:
        expression = sym(text, **local)
        return [int(expression.coeff(v)) for v in variables]

    block = problem.prompt.split("\n\n")[1]
    rows, limits = [], []
    for line in block.splitlines():
        left, right = line.split("<=")
        rows.append(coefficients(left))
        limits.append(int(right))
    (objective,) = found(r"and make (.+) as large as possible", problem.prompt)
    return coefficients(objective), rows, limits, low, high


def _optimal_points(problem) -> tuple[int, list[tuple[int, ...]]]:
    """The maximum and every point reaching it, by scanning the whole box."""
    objective, rows, limits, low, high = _program(problem)
    best, points = None, []
    for x in itertools.product(range(low, high + 1), repeat=len(objective)):
        if all(sum(r * v for r, v in zip(row, x)) <= limit for row, limit in zip(rows, limits)):
            value = sum(c * v for c, v in zip(objective, x))
            if best is None or value > best:
                best, points = value, [x]
            elif value == best:
                points.append(x)
    return best, points


def test_integer_program_optimum_matches_a_scan_of_the_whole_box():
    for problem in problems("integer_program", (0, 1, 3, 6, 9, 14, 18)):
        best, points = _optimal_points(problem)
        value, point = problem.answer.split(";")
        assert int(value) == best
        assert tuple(int(v) for v in point.split(",")) in points


def test_integer_program_accepts_any_optimal_point_and_refuses_feasible_or_infeasible_near_misses():
    problem = find_problem("math/integer_program", lambda p: len(_optimal_points(p)[1]) > 1, range(0, 12), range(30))
    best, points = _optimal_points(problem)
    for point in points:
        assert_accepted(problem, f"{best}; {', '.join(map(str, point))}")
    other = points[-1]
    assert_accepted(problem, f"M = {best}, " + ", ".join(f"x_{{{i}}} = {v}" for i, v in enumerate(other, start=1)))
    assert_accepted(problem, f"{best}, ({', '.join(map(str, other))})")
    objective, rows, limits, low, high = _program(problem)
    feasible = [
        x
        for x in itertools.product(range(low, high + 1), repeat=len(objective))
        if all(sum(r * v for r, v in zip(row, x)) <= limit for row, limit in zip(rows, limits))
    ]
    worse = max((x for x in feasible if x not in points), key=lambda x: sum(c * v for c, v in zip(objective, x)))
    worse_value = sum(c * v for c, v in zip(objective, worse))
    assert_rejected(problem, f"{worse_value}; {', '.join(map(str, worse))}", "not optimal")
    assert_rejected(problem, f"{best}; {', '.join(map(str, worse))}", "not")
    infeasible = next(
        x
        for x in itertools.product(range(low, high + 1), repeat=len(objective))
        if x not in feasible and sum(c * v for c, v in zip(objective, x)) > best
    )
    value = sum(c * v for c, v in zip(objective, infeasible))
    assert_rejected(problem, f"{value}; {', '.join(map(str, infeasible))}", "breaks the inequality")
    outside = (high + 1,) + points[0][1:]
    assert_rejected(problem, f"{best}; {', '.join(map(str, outside))}", "outside")
    assert_rejected(problem, f"{best}; {', '.join(map(str, points[0][:-1]))}", "expected")
    assert_rejected(problem, str(best), "expected")


# -- polynomial inequality count ---------------------------------------------------------------------------------


_COMPARE = {"<": lambda v: v < 0, "<=": lambda v: v <= 0, ">": lambda v: v > 0, ">=": lambda v: v >= 0}


def _inequality_count(problem, relation: str | None = None) -> int:
    (polynomial,) = found(r"Let P\(x\) = (.+)\.\n", problem.prompt)
    low, high, shown = found(r"integers x with (-?\d+) <= x <= (-?\d+) satisfy P\(x\) (<=|>=|<|>) 0", problem.prompt)
    p = Poly(sym(polynomial), X)
    compare = _COMPARE[relation or shown]
    return sum(compare(int(p.eval(x))) for x in range(int(low), int(high) + 1))


def test_polynomial_inequality_count_matches_evaluation_at_every_integer_of_the_range():
    relations = set()
    for problem in problems("polynomial_inequality_count", (0, 1, 2, 3, 4, 6, 9, 13, 19, 25, 30)):
        assert int(problem.answer) == _inequality_count(problem)
        relations.add(found(r"satisfy P\(x\) (<=|>=|<|>) 0", problem.prompt)[0])
    assert relations == set(_COMPARE)


def test_polynomial_inequality_count_refuses_the_count_for_the_strict_or_loose_relation():
    def touches_zero(p) -> bool:  # an integer root inside the range: < and <= give different counts
        shown = found(r"satisfy P\(x\) (<=|>=|<|>) 0", p.prompt)[0]
        other = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}[shown]
        return _inequality_count(p) != _inequality_count(p, other)

    problem = find_problem("math/polynomial_inequality_count", touches_zero, range(1, 12), range(8))
    shown = found(r"satisfy P\(x\) (<=|>=|<|>) 0", problem.prompt)[0]
    other = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}[shown]
    count = int(problem.answer)
    assert_accepted(problem, f"N = {count}")
    assert_rejected(problem, str(_inequality_count(problem, other)), "not the number")
    assert_rejected(problem, str(count + 1), "not the number")
    assert_rejected(problem, f"0{count}", "leading zero")
