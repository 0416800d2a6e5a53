"""Polynomials over the rationals and exact linear algebra: interpolation, division, gcd, factorisation,
resultant, power sums of roots, matrix inverse and rank modulo a prime.

Each instance is rebuilt from its prompt text alone (read with sympy's own parser, never the pack's readers)
and solved with sympy; then the readers are tried with other valid ways of writing the answer (accepted) and
with near misses (refused, with a reason that says why).
"""

from __future__ import annotations

import re
from fractions import Fraction

from math_test_helpers import SEEDS
from sympy import (
    GF,
    Matrix,
    Poly,
    Rational,
    Symbol,
    div,
    expand,
    factor_list,
    gcd,
    interpolate,
    latex,
    resultant,
)
from sympy.parsing.sympy_parser import (
    convert_xor,
    implicit_multiplication_application,
    parse_expr,
    standard_transformations,
)
from sympy.polys.matrices import DomainMatrix

from rlve.testing import assert_accepted, assert_rejected, find_problem
from rlve_plugin_math.polynomial_tasks import format_rational_polynomial, parse_rational_polynomial
from rlve_plugin_math.polynomials import format_polynomial

X = Symbol("x")
_TRANSFORMS = (*standard_transformations, implicit_multiplication_application, convert_xor)


def sym(text: str):
    """A polynomial as written in a prompt or a reference answer (``3/2 x^2 - 5``), read by sympy."""
    text = text.replace("^{", "^(").replace("}", ")")
    return expand(parse_expr(text, transformations=_TRANSFORMS, local_dict={"x": X}))


def after(prompt: str, label: str) -> str:
    """The rest of the line that follows ``label`` in the prompt."""
    return prompt.split(label, 1)[1].split("\n", 1)[0]


def shown_matrix(prompt: str) -> list[list[int]]:
    block = prompt.split("\n\n")[1]
    return [[int(v) for v in line.split()] for line in block.splitlines()]


def same(text: str, expected) -> bool:
    return expand(sym(text) - expected) == 0


# -- polynomial interpolation --------------------------------------------------------------------


def test_interpolation_reference_is_sympys_interpolant_through_the_shown_points():
    denominators = set()
    for d in (0, 1, 2, 5, 9, 14, 22, 30):
        for seed in SEEDS:
            problem = find_problem("math/polynomial_interpolation", lambda p: True, [d], [seed])
            points = re.findall(r"\((-?\d+), (-?\d+(?:/\d+)?)\)", problem.prompt.split("\n\n")[1])
            n = int(problem.prompt.split("degree less than ")[1].split()[0])
            assert len(points) == n == len({x for x, _ in points})
            expected = interpolate([(int(x), Rational(y)) for x, y in points], X)
            assert same(problem.answer, expected)
            assert Poly(expected, X).degree() == n - 1
            denominators |= {Rational(c).q for c in Poly(expected, X).all_coeffs()}
    assert denominators != {1}, "some interpolants have fractional coefficients"


def test_interpolation_accepts_other_spellings_and_refuses_near_misses():
    problem = find_problem("math/polynomial_interpolation", lambda p: "/" in p.answer, range(4, 12))
    expected = sym(problem.answer)
    coefficients = [Fraction(int(c.p), int(c.q)) for c in Poly(expected, X).all_coeffs()]
    degree = len(coefficients) - 1
    assert_accepted(problem, f"$p(x) = {latex(expected)}$")  # \frac{3 x^{2}}{2} - x + \frac{1}{4}
    bracketed = " + ".join(f"({c})x^{{{degree - i}}}" for i, c in enumerate(coefficients))
    assert_accepted(problem, bracketed)
    assert_accepted(problem, " + ".join(f"{c}*x^{degree - i}" for i, c in reversed(list(enumerate(coefficients)))))
    off = coefficients[:]
    off[-1] += 1
    assert_rejected(problem, format_rational_polynomial(off), "x^0")
    assert_rejected(problem, problem.answer + f" + x^{degree + 1}", "above the degree")
    # Through all points but the last: the interpolant of the others.
    points = re.findall(r"\((-?\d+), (-?\d+(?:/\d+)?)\)", problem.prompt.split("\n\n")[1])
    fewer = interpolate([(int(x), Rational(y)) for x, y in points[:-1]], X)
    assert_rejected(problem, latex(fewer), "wrong")
    assert_rejected(problem, problem.answer.replace("^", "**"), "**")


# -- polynomial division -------------------------------------------------------------------------


def _division_operands(problem):
    a = problem.prompt.split("A(x) = ")[1].split(" by ")[0]
    return sym(a), sym(after(problem.prompt, "B(x) = ").split(" over")[0])


def test_division_reference_is_sympys_quotient_and_remainder():
    fractional = 0
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = find_problem("math/polynomial_division", lambda p: True, [d], [seed])
            a, b = _division_operands(problem)
            quotient, remainder = div(a, b, X)
            ours = problem.answer.split(";")
            assert same(ours[0], quotient) and same(ours[1], remainder)
            fractional += "/" in problem.answer
    assert fractional > 0, "divisors that are not monic bring fractions"


def test_division_accepts_named_and_latex_parts_and_refuses_near_misses():
    problem = find_problem("math/polynomial_division", lambda p: "/" in p.answer, range(6, 20))
    a, b = _division_operands(problem)
    quotient, remainder = div(a, b, X)
    assert_accepted(problem, f"Q(x) = {latex(quotient)}; R(x) = {latex(remainder)}")
    assert_accepted(problem, f"{latex(quotient)}, {latex(remainder)}")
    assert_rejected(problem, f"R(x) = {latex(remainder)}; Q(x) = {latex(quotient)}", "quotient comes first")
    assert_rejected(problem, f"{latex(remainder)}; {latex(quotient)}", "wrong")
    # Dividing by B / lead instead of B: a quotient off by the leading coefficient.
    lead = Poly(b, X).LC()
    monic_quotient, monic_remainder = div(a, b / lead, X)
    assert_rejected(problem, f"{latex(monic_quotient)}; {latex(monic_remainder)}", "quotient is wrong")
    assert_rejected(problem, f"{latex(quotient)}; {latex(remainder + 1)}", "remainder is wrong")
    assert_rejected(problem, latex(quotient), "semicolon")
    assert_rejected(problem, f"{latex(quotient)}; {latex(remainder)}; 0", "semicolon")


def test_division_with_an_exact_divisor_wants_a_zero_remainder():
    problem = find_problem("math/polynomial_division", lambda p: p.answer.endswith("; 0"), range(0, 31), range(200))
    quotient = problem.answer.split(";")[0]
    assert_accepted(problem, f"{quotient}; 0")
    assert_rejected(problem, quotient, "semicolon")


# -- polynomial gcd ------------------------------------------------------------------------------


def _gcd_operands(problem):
    return sym(after(problem.prompt, "A(x) = ")), sym(after(problem.prompt, "B(x) = "))


def test_gcd_reference_is_sympys_monic_gcd():
    answers = []
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = find_problem("math/polynomial_gcd", lambda p: True, [d], [seed])
            a, b = _gcd_operands(problem)
            expected = Poly(gcd(a, b), X, domain="QQ").monic().as_expr()
            assert same(problem.answer, expected)
            answers.append(problem.answer)
    assert "1" in answers, "some pairs are coprime"
    assert any("/" in answer for answer in answers), "some monic gcds have fractions"


def test_gcd_accepts_latex_and_refuses_multiples_and_smaller_divisors():
    problem = find_problem("math/polynomial_gcd", lambda p: "/" in p.answer and "^" in p.answer, range(4, 31))
    expected = sym(problem.answer)
    assert_accepted(problem, f"\\gcd(A, B) = {latex(expected)}")
    assert_rejected(problem, latex(expand(6 * expected)), "not the monic")
    assert_rejected(problem, "1", "not the greatest")  # a common divisor, but not the greatest
    assert_rejected(problem, latex(expected + 1), "not the greatest common divisor")
    assert_rejected(problem, "0", "not a divisor")
    coprime = find_problem("math/polynomial_gcd", lambda p: p.answer == "1", range(2, 31))
    assert_accepted(coprime, "gcd = 1")
    assert_rejected(coprime, "x", "not the greatest common divisor")


# -- polynomial factorisation --------------------------------------------------------------------


def _normalised_factors(content, factors) -> tuple[int, dict[tuple[int, ...], int]]:
    """sympy's factor list with every factor's leading coefficient made positive (signs go to the content)."""
    sign, table = 1, {}
    for factor, exponent in factors:
        coefficients = [int(c) for c in Poly(factor, X).all_coeffs()]
        if coefficients[0] < 0:
            coefficients, sign = [-c for c in coefficients], sign * (-1) ** exponent
        table[tuple(coefficients)] = table.get(tuple(coefficients), 0) + exponent
    return int(content) * sign, table


def test_factorisation_reference_is_sympys_factorisation_over_the_integers():
    seen_content = seen_repeat = seen_cubic = False
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = find_problem("math/polynomial_factorisation", lambda p: True, [d], [seed])
            polynomial = sym(after(problem.prompt, "p(x) = "))
            content, table = _normalised_factors(*factor_list(polynomial))
            assert content == problem.data["content"]
            assert table == {tuple(f): e for f, e in problem.data["factors"]}
            assert same(problem.answer, polynomial)  # the reference multiplies out to p
            assert sum(table.values()) >= 2, "there is something to factor"
            seen_content |= abs(content) > 1
            seen_repeat |= max(table.values()) > 1
            seen_cubic |= max(len(f) for f in table) == 4
    assert seen_content and seen_repeat and seen_cubic


def test_factorisation_accepts_any_order_and_sign_convention():
    problem = find_problem(
        "math/polynomial_factorisation",
        lambda p: abs(p.data["content"]) > 1
        and any(e > 1 for _, e in p.data["factors"])
        and len(p.data["factors"]) >= 3,
        range(6, 31),
    )
    content, factors = problem.data["content"], [(f, e) for f, e in problem.data["factors"]]
    written = [f"({format_polynomial(f)})" + (f"^{e}" if e > 1 else "") for f, e in factors]
    assert_accepted(problem, f"{content}" + "".join(reversed(written)))
    assert_accepted(problem, f"p(x) = {content} \\cdot " + " \\cdot ".join(written))
    # Every repeated factor written out each time, and the first factor negated with the sign moved out.
    spelled = "".join(f"({format_polynomial(f)})" * e for f, e in factors)
    assert_accepted(problem, f"{content}{spelled}")
    first, first_power = factors[0]
    negated = f"({format_polynomial([-c for c in first])})" + (f"^{first_power}" if first_power > 1 else "")
    assert_accepted(problem, f"{content * (-1) ** first_power}{negated}" + "".join(written[1:]))
    # The constant written as a product is still the same constant (content * 1, not the digits run together).
    assert_accepted(problem, f"{content} * 1 " + " ".join(written))
    assert_rejected(problem, f"{content}1" + "".join(written), "constant")


def test_factorisation_refuses_reducible_factors_wrong_constants_and_powers():
    problem = find_problem(
        "math/polynomial_factorisation",
        lambda p: abs(p.data["content"]) > 1
        and len(p.data["factors"]) >= 3
        and p.data["factors"][0][1] == 1
        and len(p.data["factors"][0][0]) == 2,
        range(6, 31),
    )
    content, factors = problem.data["content"], [(f, e) for f, e in problem.data["factors"]]
    written = [f"({format_polynomial(f)})" + (f"^{e}" if e > 1 else "") for f, e in factors]
    rest = "".join(written[2:])
    # Two factors multiplied together are a factor of p that can be factored further.
    (f, _), (g, _) = factors[0], factors[1]
    product = Poly(sym(format_polynomial(f)) * sym(format_polynomial(g)), X)
    merged = f"({format_polynomial([int(c) for c in product.all_coeffs()])})"
    if factors[1][1] == 1:
        assert_rejected(problem, f"{content}{merged}{rest}", "factored further")
    # The content pushed into a factor: the factor is no longer primitive.
    scaled = f"({format_polynomial([content * c for c in f])})"
    assert_rejected(problem, scaled + "".join(written[1:]), "share the factor")
    assert_rejected(problem, f"{-content}" + "".join(written), "constant")
    assert_rejected(problem, f"{content}" + "".join(written[1:]), "degree")
    powered = f"({format_polynomial(f)})^2" + "".join(written[1:])
    assert_rejected(problem, f"{content}{powered}", "degree")
    polynomial = sym(after(problem.prompt, "p(x) = "))
    shift = next(c for c in range(1, 99) if [1, c] not in [f for f, _ in factors] and polynomial.subs(X, -c) != 0)
    stranger = f"(x + {shift})"
    assert_rejected(problem, f"{content}{stranger}" + "".join(written[1:]), "not a factor")
    expanded = after(problem.prompt, "p(x) = ")
    assert_rejected(problem, expanded, "brackets")
    assert_rejected(problem, f"{content}" + "".join(written) + "**1", "**")


# -- resultant -----------------------------------------------------------------------------------


def test_resultant_reference_is_sympys_resultant():
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = find_problem("math/resultant", lambda p: True, [d], [seed])
            a, b = sym(after(problem.prompt, "A(x) = ")), sym(after(problem.prompt, "B(x) = "))
            value = resultant(a, b, X)
            assert value != 0 and int(problem.answer) == value


def test_resultant_refuses_the_wrong_sign_and_near_misses():
    problem = find_problem("math/resultant", lambda p: True, [10], [1])
    value = int(problem.answer)
    assert_accepted(problem, f"\\operatorname{{Res}}(A, B) = {value}")
    assert_rejected(problem, str(-value), "sign")
    assert_rejected(problem, str(value + 1), "not the resultant")


# -- power sums of roots -------------------------------------------------------------------------


def companion(coefficients) -> Matrix:
    """The companion matrix of a monic polynomial: its eigenvalues are the polynomial's roots."""
    n = len(coefficients) - 1
    return Matrix(n, n, lambda i, j: -coefficients[n - i] if j == n - 1 else int(i == j + 1))


def test_power_sums_match_the_trace_of_a_power_of_the_companion_matrix():
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = find_problem("math/power_sums_of_roots", lambda p: True, [d], [seed])
            coefficients = Poly(sym(after(problem.prompt, "p(x) = ")), X).all_coeffs()
            k = int(re.search(r"r_1\^(\d+)", problem.prompt).group(1))
            assert coefficients[0] == 1
            # The roots of p are the eigenvalues of its companion matrix C, so their k-th powers sum to tr(C^k).
            assert int(problem.answer) == (companion(coefficients) ** k).trace()


def test_power_sums_refuse_the_neighbouring_power():
    problem = find_problem("math/power_sums_of_roots", lambda p: True, [6], [2])
    coefficients = Poly(sym(after(problem.prompt, "p(x) = ")), X).all_coeffs()
    k = int(re.search(r"r_1\^(\d+)", problem.prompt).group(1))
    assert_accepted(problem, f"p_{k} = {problem.answer}")
    previous = (companion(coefficients) ** (k - 1)).trace()
    if previous != int(problem.answer):
        assert_rejected(problem, str(previous), "powers of the roots")


# -- matrix inverse ------------------------------------------------------------------------------


def _inverse_rows(problem) -> list[list[Rational]]:
    return [[Rational(v) for v in line.split()] for line in problem.answer.splitlines()]


def test_inverse_reference_is_sympys_inverse():
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = find_problem("math/matrix_inverse", lambda p: True, [d], [seed])
            matrix = Matrix(shown_matrix(problem.prompt))
            assert matrix.det() != 0
            assert Matrix(_inverse_rows(problem)) == matrix.inv()


def test_inverse_accepts_latex_brackets_and_a_common_factor():
    problem = find_problem("math/matrix_inverse", lambda p: "/" in p.answer, range(3, 12))
    matrix = Matrix(shown_matrix(problem.prompt))
    inverse = matrix.inv()
    det = matrix.det()
    adjugate = (inverse * det).applyfunc(int)
    rows = [list(inverse.row(i)) for i in range(inverse.rows)]
    assert_accepted(problem, latex(inverse))  # \left[\begin{matrix}... \\ ...\end{matrix}\right]
    assert_accepted(problem, "A^{-1} = [" + ", ".join("[" + ", ".join(map(str, row)) + "]" for row in rows) + "]")
    adj = " \\\\ ".join(" & ".join(str(adjugate[i, j]) for j in range(matrix.cols)) for i in range(matrix.rows))
    assert_accepted(problem, f"\\frac{{1}}{{{det}}} \\begin{{pmatrix}} {adj} \\end{{pmatrix}}")
    assert_accepted(problem, "\n".join(" ".join(f"{2 * v.p}/{2 * v.q}" for v in row) for row in rows))


def test_inverse_refuses_near_misses():
    problem = find_problem(
        "math/matrix_inverse", lambda p: "/" in p.answer and p.answer.count("\n") == 2, range(8, 31)
    )
    matrix = Matrix(shown_matrix(problem.prompt))
    inverse = matrix.inv()
    rows = [list(inverse.row(i)) for i in range(inverse.rows)]
    transpose = inverse.T
    if transpose != inverse:
        text = "\n".join(" ".join(str(transpose[i, j]) for j in range(3)) for i in range(3))
        assert_rejected(problem, text, "wrong")
    bumped = [row[:] for row in rows]
    bumped[2][1] += 1
    assert_rejected(problem, "\n".join(" ".join(map(str, row)) for row in bumped), "row 3, column 2")
    assert_rejected(problem, "\n".join(" ".join(map(str, row)) for row in rows[:2]), "3 rows")
    assert_rejected(problem, "\n".join(" ".join(map(str, row[:2])) for row in rows), "entries")
    adjugate = (inverse * matrix.det()).applyfunc(int)
    assert_rejected(problem, "\n".join(" ".join(str(adjugate[i, j]) for j in range(3)) for i in range(3)), "wrong")
    assert_rejected(problem, "[[[" + problem.answer + "]]]", "")


# -- rank modulo a prime -------------------------------------------------------------------------


def test_rank_mod_prime_reference_is_sympys_rank_over_gf_p():
    differs_from_rational_rank = 0
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = find_problem("math/matrix_rank_mod_prime", lambda p: True, [d], [seed])
            p = int(re.search(r"integers modulo (\d+)", problem.prompt).group(1))
            rows = shown_matrix(problem.prompt)
            rank = DomainMatrix([[GF(p)(v) for v in row] for row in rows], (len(rows), len(rows[0])), GF(p)).rank()
            assert int(problem.answer) == rank >= 1
            differs_from_rational_rank += Matrix(rows).rank() != rank
    assert differs_from_rational_rank >= 20, "the rank over the rationals is usually a wrong answer"


def test_rank_mod_prime_refuses_the_rational_rank_and_neighbours():
    problem = find_problem(
        "math/matrix_rank_mod_prime", lambda p: Matrix(shown_matrix(p.prompt)).rank() != int(p.answer), range(6, 20)
    )
    assert_accepted(problem, f"rank = {problem.answer}")
    assert_rejected(problem, str(Matrix(shown_matrix(problem.prompt)).rank()), "not the rank")
    assert_rejected(problem, str(int(problem.answer) + 1), "not the rank")


# -- the shared reader ---------------------------------------------------------------------------


def test_rational_polynomial_reader_reads_every_spelling_of_a_coefficient_and_nothing_else():
    want = [Fraction(1), Fraction(-3, 2), Fraction(1, 2)]
    for text in (
        "x^2 - 3/2 x + 1/2",
        "x^2 - 3/2x + 1/2",
        "x^{2} + (-3/2)x + 0.5",
        "\\frac{1}{2} - \\frac{3x}{2} + x^2",
        "x^2 - 3x/2 + 1/2",
        "p(x) = x^2 - 1.5 \\cdot x + \\dfrac{1}{2}",
        "x^2 - -(-3/2)x + 1/2",
    ):
        assert parse_rational_polynomial(text, max_degree=2, max_digits=5) == want, text
    for text in ("x(-3/2) + x^2", "3/2/2x", "1/2x/3", "x^2 - 3/2 x + 1/2 or x", "x^3", "2**x", "x^2 + 1/0"):
        try:
            parse_rational_polynomial(text, max_degree=2, max_digits=5)
        except ValueError:
            continue
        raise AssertionError(f"{text!r} was read")
