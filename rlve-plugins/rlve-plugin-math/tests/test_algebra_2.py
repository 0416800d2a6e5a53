"""Rational functions, compositions and maps of roots, roots and powers modulo a prime, minimal polynomials:
rational_function_reduce, partial_fractions, polynomial_composition, roots_mod_prime, transformed_roots_polynomial,
surd_minimal_polynomial and polynomial_power_mod.

Each instance is rebuilt from its prompt text alone (read with sympy's own parser, never the pack's readers) and
solved with sympy; then other valid ways of writing the answer are accepted and near misses refused, with a reason
that says why.
"""

from __future__ import annotations

import re

from math_test_helpers import SEEDS
from sympy import (
    ZZ,
    Add,
    Poly,
    Rational,
    Symbol,
    apart,
    cancel,
    compose,
    expand,
    fraction,
    latex,
    minimal_polynomial,
    resultant,
)
from sympy.parsing.sympy_parser import (
    convert_xor,
    implicit_multiplication_application,
    parse_expr,
    standard_transformations,
)
from sympy.polys.galoistools import gf_pow_mod

from rlve.testing import assert_accepted, assert_rejected, find_problem
from rlve_plugin_math.polynomials import format_polynomial

X = Symbol("x")
Y = Symbol("y")
_TRANSFORMS = (*standard_transformations, implicit_multiplication_application, convert_xor)


def sym(text: str):
    """An expression as a prompt or a reference answer writes it (``3/2 x^2 - 5``, ``(x - 1)x``), read by sympy."""
    text = text.replace("^{", "^(").replace("}", ")")
    return parse_expr(text, transformations=_TRANSFORMS, local_dict={"x": X})


def after(prompt: str, label: str) -> str:
    """The rest of the line that follows ``label`` in the prompt."""
    return prompt.split(label, 1)[1].split("\n", 1)[0]


def same(text: str, expected) -> bool:
    return expand(sym(text) - expected) == 0


def written(expr) -> str:
    """An integer polynomial as the pack writes it, from sympy's expression."""
    return format_polynomial([int(c) for c in Poly(expr, X).all_coeffs()])


# -- rational function reduce --------------------------------------------------------------------


def _lowest_terms(problem):
    """sympy's cancelled P/Q, as a numerator and a monic denominator."""
    p, q = sym(after(problem.prompt, "P(x) = ")), sym(after(problem.prompt, "Q(x) = "))
    numerator, denominator = fraction(cancel(p / q))
    lead = Poly(denominator, X).LC()
    return expand(numerator / lead), expand(denominator / lead)


def test_rational_function_reference_is_sympys_cancelled_form():
    polynomial_results = fractional = untouched = 0
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = find_problem("math/rational_function_reduce", lambda p: True, [d], [seed])
            numerator, denominator = _lowest_terms(problem)
            ours = problem.answer.split(";")
            assert same(ours[0], numerator) and same(ours[1], denominator), (problem.prompt, problem.answer)
            polynomial_results += denominator == 1
            fractional += "/" in problem.answer
            shown_q = expand(sym(after(problem.prompt, "Q(x) = ")))
            untouched += Poly(denominator, X).degree() == Poly(shown_q, X).degree()
    assert polynomial_results and fractional and untouched, "some reduce to polynomials, some have fractions"


def test_rational_function_accepts_other_layouts_and_refuses_near_misses():
    def wanted(problem) -> bool:  # fractions, and x on both sides
        return "/" in problem.answer and all("x" in side for side in problem.answer.split(";"))

    problem = find_problem("math/rational_function_reduce", wanted, range(4, 20))
    numerator, denominator = _lowest_terms(problem)
    assert_accepted(problem, f"N(x) = {latex(numerator)}; D(x) = {latex(denominator)}")
    assert_accepted(problem, f"\\frac{{{latex(numerator)}}}{{{latex(denominator)}}}")
    assert_accepted(problem, f"f(x) = ({latex(numerator)}) / ({latex(denominator)})")
    assert_accepted(problem, f"-\\frac{{{latex(expand(-numerator))}}}{{{latex(denominator)}}}")
    assert_rejected(problem, f"\\frac{{{latex(numerator)}}}{{{latex(denominator)}", "could not read")
    # Equal to P/Q but with a common factor left in: not lowest terms.
    padded = f"{latex(expand(numerator * (X - 97)))}; {latex(expand(denominator * (X - 97)))}"
    assert_rejected(problem, padded, "lowest terms")
    assert_rejected(problem, f"{latex(expand(2 * numerator))}; {latex(expand(2 * denominator))}", "monic")
    assert_rejected(problem, f"{latex(expand(numerator + 1))}; {latex(denominator)}", "not equal")
    assert_rejected(problem, f"D(x) = {latex(denominator)}; N(x) = {latex(numerator)}", "numerator comes first")
    assert_rejected(problem, latex(numerator), "semicolon")
    assert_rejected(problem, f"{latex(numerator)}; {latex(denominator)}; 1", "semicolon")


def test_rational_function_that_cancels_to_a_polynomial_wants_denominator_one():
    problem = find_problem("math/rational_function_reduce", lambda p: p.answer.endswith("; 1"), range(3, 31))
    numerator = problem.answer.split(";")[0]
    assert_accepted(problem, f"({numerator})/(1)")
    assert_rejected(problem, f"{numerator}; 0", "denominator is 0")


# -- partial fractions ---------------------------------------------------------------------------


def _decomposition(problem):
    """The constants over each factor, in the prompt's order, and the polynomial part, from sympy's apart."""
    total = sym(after(problem.prompt, "P(x) = ")) / sym(after(problem.prompt, "Q(x) = "))
    by_root, whole = {}, 0
    for term in Add.make_args(apart(total, X)):
        top, bottom = fraction(term)
        if bottom.has(X):
            linear = Poly(bottom, X)
            assert linear.degree() == 1
            by_root[-linear.all_coeffs()[1] / linear.LC()] = top / linear.LC()
        else:
            whole += term
    order = re.findall(r"A_\d+/(\(x [+-] \d+\)|x)(?:,| \+)", problem.prompt.split("as ", 1)[1])
    roots = [0 if factor == "x" else -Rational(factor[3:-1].replace(" ", "")) for factor in order]
    return [by_root[r] for r in roots], expand(whole)


def test_partial_fractions_reference_is_sympys_apart():
    with_whole = 0
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = find_problem("math/partial_fractions", lambda p: True, [d], [seed])
            constants, whole = _decomposition(problem)
            ours = problem.answer.split(";")
            assert [Rational(a) for a in ours[0].split(",")] == constants, (problem.prompt, problem.answer)
            if len(ours) == 2:
                assert same(ours[1], whole) and whole != 0
                with_whole += 1
            else:
                assert whole == 0
    assert with_whole, "some problems have a polynomial part"


def test_partial_fractions_accepts_named_latex_constants_and_refuses_near_misses():
    problem = find_problem("math/partial_fractions", lambda p: ";" in p.answer and "/" in p.answer, range(4, 31))
    constants, whole = _decomposition(problem)
    named = ", ".join(f"A_{{{i + 1}}} = {latex(a)}" for i, a in enumerate(constants))
    assert_accepted(problem, f"{named}; S(x) = {latex(whole)}")
    plain = ", ".join(str(a) for a in constants)
    assert_rejected(problem, plain, "polynomial part")
    assert_rejected(problem, f"{plain}; {latex(whole + 1)}", "polynomial part")
    off = ", ".join(str(a + int(i == 1)) for i, a in enumerate(constants))
    assert_rejected(problem, f"{off}; {latex(whole)}", "A_2")
    assert_rejected(problem, f"{', '.join(str(a) for a in constants[:-1])}; {latex(whole)}", "expected")
    if constants[0] != constants[-1]:
        backwards = ", ".join(str(a) for a in reversed(constants))
        assert_rejected(problem, f"{backwards}; {latex(whole)}", "wrong")


def test_partial_fractions_without_a_polynomial_part():
    problem = find_problem("math/partial_fractions", lambda p: ";" not in p.answer, range(5, 31))
    assert_accepted(problem, f"{problem.answer}; 0")
    assert_accepted(problem, " ".join(problem.answer.split(",")))
    assert_rejected(problem, f"{problem.answer}; x", "polynomial part")


# -- polynomial composition ----------------------------------------------------------------------


def _composition(problem):
    return compose(sym(after(problem.prompt, "p(x) = ")), sym(after(problem.prompt, "q(x) = ")), X)


def test_composition_reference_is_sympys_compose():
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = find_problem("math/polynomial_composition", lambda p: True, [d], [seed])
            assert same(problem.answer, _composition(problem))


def test_composition_accepts_other_spellings_and_refuses_near_misses():
    problem = find_problem("math/polynomial_composition", lambda p: p.size >= 8, range(6, 31))
    expected = _composition(problem)
    coefficients = Poly(expected, X).all_coeffs()
    degree = len(coefficients) - 1
    assert_accepted(problem, f"p(q(x)) = {latex(expected)}")
    rising = reversed(list(enumerate(coefficients)))
    assert_accepted(problem, " + ".join(f"({c})*x^{{{degree - i}}}" for i, c in rising))
    swapped = compose(sym(after(problem.prompt, "q(x) = ")), sym(after(problem.prompt, "p(x) = ")), X)
    assert_rejected(problem, written(swapped), "q(p(x))")
    assert_rejected(problem, written(expected + X), "coefficient of x^1")
    assert_rejected(problem, problem.answer.replace("^", "**"), "**")
    assert_rejected(problem, written(expected * X), "above the degree")


# -- roots modulo a prime ------------------------------------------------------------------------


def _roots_mod_prime(problem) -> tuple[int, list[int]]:
    p = int(re.search(r"the prime p = (\d+)", problem.prompt).group(1))
    f = Poly(sym(after(problem.prompt, "f(x) = ")), X, modulus=p)
    return p, [x for x in range(p) if f.eval(x) == 0]


def test_roots_mod_prime_reference_is_the_brute_force_root_set():
    empty = shifted = 0
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = find_problem("math/roots_mod_prime", lambda p: True, [d], [seed])
            p, roots = _roots_mod_prime(problem)
            assert problem.answer == (" ".join(map(str, roots)) if roots else "none")
            empty += not roots
            shifted += any(abs(c) >= p for c in Poly(sym(after(problem.prompt, "f(x) = ")), X).all_coeffs())
    assert empty and shifted, "some polynomials have no root; some are shown with unreduced coefficients"


def test_roots_mod_prime_accepts_any_order_and_refuses_near_misses():
    problem = find_problem("math/roots_mod_prime", lambda p: len(p.answer.split()) >= 3, range(6, 31))
    p, roots = _roots_mod_prime(problem)
    assert_accepted(problem, ", ".join(f"x = {r}" for r in reversed(roots)))
    assert_rejected(problem, " ".join(map(str, roots[1:])), "3 solutions" if len(roots) == 3 else "solutions")
    stranger = next(x for x in range(p) if x not in roots)
    assert_rejected(problem, " ".join(map(str, [*roots, stranger])), "not divisible")
    assert_rejected(problem, " ".join(map(str, [*roots[:-1], roots[-1] + p])), f"between 0 and {p - 1}")
    assert_rejected(problem, " ".join(map(str, [*roots, roots[0]])), "twice")
    assert_rejected(problem, "none", "has roots")
    rootless = find_problem("math/roots_mod_prime", lambda p: p.answer == "none", range(2, 31))
    assert_accepted(rootless, "no solutions")
    assert_rejected(rootless, "0", "not divisible")


# -- transformed roots ---------------------------------------------------------------------------


def _transformed(problem):
    """The monic polynomial of the new roots, by resultants (squares, reciprocals) or composition (shifts)."""
    f = sym(after(problem.prompt, "f(x) = "))
    rule = re.search(r"the number (.+?) for each root", problem.prompt).group(1)
    if rule == "r_i^2":
        target = resultant(f.subs(X, Y), X - Y**2, Y)
    elif rule == "1/r_i":
        target = resultant(f.subs(X, Y), X * Y - 1, Y)
    else:
        shift = int(rule.replace(" ", "")[3:])
        target = compose(f, X - shift, X)
    return rule, Poly(target, X).monic().as_expr()


def test_transformed_roots_reference_matches_sympy_resultants_and_composition():
    rules = set()
    fractional = 0
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = find_problem("math/transformed_roots_polynomial", lambda p: True, [d], [seed])
            rule, expected = _transformed(problem)
            assert same(problem.answer, expected), (problem.prompt, problem.answer)
            rules.add(rule if rule in ("r_i^2", "1/r_i") else "shift")
            fractional += "/" in problem.answer
    assert rules == {"r_i^2", "1/r_i", "shift"} and fractional


def test_transformed_roots_accepts_latex_and_refuses_near_misses():
    for kind in ("r_i^2", "1/r_i", "r_i +"):
        problem = find_problem(
            "math/transformed_roots_polynomial", lambda p, kind=kind: f"the number {kind}" in p.prompt, range(6, 31)
        )
        _, expected = _transformed(problem)
        assert_accepted(problem, f"g(x) = {latex(expected)}")
        assert_rejected(problem, latex(expand(3 * expected)), "not monic")
        assert_rejected(problem, latex(expand(expected + 1)), "coefficient of x^0")
    shifted = find_problem("math/transformed_roots_polynomial", lambda p: "the number r_i + " in p.prompt, range(2, 31))
    f = sym(after(shifted.prompt, "f(x) = "))
    c = int(re.search(r"the number r_i \+ (\d+)", shifted.prompt).group(1))
    assert_rejected(shifted, latex(expand(compose(f, X + c, X))), "wrong way")


# -- surd minimal polynomial ---------------------------------------------------------------------


def _alpha(problem):
    return parse_expr(after(problem.prompt, "α = "), transformations=(*standard_transformations, convert_xor))


def test_surd_reference_is_sympys_minimal_polynomial():
    degrees = set()
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = find_problem("math/surd_minimal_polynomial", lambda p: True, [d], [seed])
            expected = minimal_polynomial(_alpha(problem), X)
            assert problem.answer == written(expected), (problem.prompt, problem.answer)
            degrees.add(Poly(expected, X).degree())
    assert {2, 3, 4, 8} <= degrees


def test_surd_refuses_the_product_of_all_sign_choices_when_roots_merge():
    # sqrt(a) + sqrt(b) with a b a square has degree 2, not the 4 of the naive product over both signs.
    problem = find_problem(
        "math/surd_minimal_polynomial",
        lambda p: p.prompt.count("sqrt(") == 3 and p.answer.startswith("x^2") and "*" not in p.prompt,
        range(0, 6),
        range(200),
    )
    a, b = (int(v) for v in re.findall(r"sqrt\((\d+)\)", after(problem.prompt, "α = ")))
    naive = expand((X**2 - a - b) ** 2 - 4 * a * b)
    assert_rejected(problem, written(naive), "least degree")
    assert_accepted(problem, problem.answer.replace(" ", ""))
    assert_accepted(problem, f"m_\\alpha(x) = {latex(sym(problem.answer))}")


def test_surd_refuses_non_monic_and_wrong_polynomials():
    problem = find_problem("math/surd_minimal_polynomial", lambda p: p.answer.startswith("x^4"), range(2, 31))
    expected = sym(problem.answer)
    assert_rejected(problem, latex(expand(2 * expected)), "not monic")
    assert_rejected(problem, latex(expand(expected - 1)), "not the minimal polynomial")
    assert_rejected(problem, "0", "not a minimal polynomial")


# -- polynomial power modulo (f, p) --------------------------------------------------------------


def _power_remainder(problem) -> tuple[int, list[int], list[int]]:
    p = int(re.search(r"the prime p = (\d+)", problem.prompt).group(1))
    n = int(after(problem.prompt, "n = "))
    f = [int(c) for c in Poly(sym(after(problem.prompt, "f(x) = ")), X).all_coeffs()]
    return p, f, [int(c) for c in gf_pow_mod([ZZ(1), ZZ(0)], n, [ZZ(c) for c in f], p, ZZ)]


def test_power_mod_reference_is_sympys_gf_pow_mod():
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = find_problem("math/polynomial_power_mod", lambda p: True, [d], [seed])
            _, _, remainder = _power_remainder(problem)
            assert problem.answer == format_polynomial(remainder)


def test_power_mod_accepts_reordered_terms_and_refuses_near_misses():
    problem = find_problem("math/polynomial_power_mod", lambda p: p.answer.count("x") >= 2, range(8, 31))
    p, f, remainder = _power_remainder(problem)
    degree = len(remainder) - 1
    terms = [f"{c}x^{{{degree - i}}}" for i, c in enumerate(remainder) if c]
    assert_accepted(problem, "r(x) = " + " + ".join(reversed(terms)))
    unreduced = remainder[:]
    unreduced[0] -= p  # the same residue, but not from 0 to p - 1
    assert_rejected(problem, format_polynomial(unreduced), f"from 0 to {p - 1}")
    n = int(after(problem.prompt, "n = "))
    next_power = [int(c) for c in gf_pow_mod([ZZ(1), ZZ(0)], n + 1, [ZZ(c) for c in f], p, ZZ)]
    assert_rejected(problem, format_polynomial(next_power), "wrong")
    assert_rejected(problem, f"x^{len(f) - 1} + {problem.answer}", "above the degree")
