"""Algebra and linear algebra: references against independent computations, every valid form accepted."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from math_test_helpers import SEEDS, judge

from rlve_plugin_math.environments.determinant import Determinant
from rlve_plugin_math.environments.linear_recurrence import LinearRecurrence, nth_term
from rlve_plugin_math.environments.linear_system import LinearSystem
from rlve_plugin_math.environments.polynomial_expansion import PolynomialExpansion
from rlve_plugin_math.environments.polynomial_roots import PolynomialRoots
from rlve_plugin_math.linalg import determinant, solve
from rlve_plugin_math.polynomials import evaluate, format_polynomial, parse_polynomial

# -- polynomial roots ----------------------------------------------------------------------------


def _shown_polynomial(problem) -> list[int]:
    text = problem.prompt.split("p(x) = ")[1].split("\n")[0]
    degree = problem.data["degree"]
    return parse_polynomial(text, max_degree=degree, max_digits=400)


def test_polynomial_roots_are_exactly_the_integer_zeros():
    env = PolynomialRoots()
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            coefficients = _shown_polynomial(problem)
            bound = problem.size + 10
            zeros = [x for x in range(-bound, bound + 1) if evaluate(coefficients, x) == 0]
            assert zeros == problem.data["roots"] == sorted(map(int, problem.answer.split()))
            assert len(zeros) >= 2


def test_polynomial_roots_have_hidden_factors_and_double_roots_later():
    env = PolynomialRoots()
    problems = [env.sample(12, s) for s in range(30)]
    assert all(p.data["degree"] > len(p.data["roots"]) for p in problems)


def test_polynomial_roots_forms_and_reasons():
    env = PolynomialRoots()
    problem = next(p for p in (env.sample(10, s) for s in range(50)) if len(p.data["roots"]) >= 3)
    roots = problem.answer.split()
    assert judge(env, problem, " ".join(reversed(roots))).correct
    assert judge(env, problem, ", ".join(f"x = {r}" for r in roots)).correct
    assert judge(env, problem, "{" + "; ".join(roots) + "}").correct
    assert "missing" in judge(env, problem, " ".join(roots[1:])).reason
    assert "twice" in judge(env, problem, " ".join([roots[0], *roots[:-1]])).reason
    stranger = next(x for x in range(1000) if str(x) not in roots)
    assert "not a root" in judge(env, problem, " ".join([*roots[:-1], str(stranger)])).reason
    assert "has integer roots" in judge(env, problem, "none").reason
    assert not judge(env, problem, " or ".join(roots)).correct


# -- polynomial expansion ------------------------------------------------------------------------


def test_polynomial_expansion_reference_multiplies_out_the_shown_factors():
    env = PolynomialExpansion()
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            shown = problem.prompt.split("\n\n")[1]
            factors = shown[1:-1].split(")(")
            assert len(factors) >= 2
            degree = problem.size
            expected = [int(c) for c in problem.answer.split()]
            assert len(expected) == degree + 1
            for x in (-3, -1, 0, 2, 5):
                product = math.prod(evaluate(parse_polynomial(f, max_degree=2, max_digits=10)[-3:], x) for f in factors)
                assert evaluate(expected, x) == product


def test_polynomial_expansion_accepts_the_written_polynomial():
    env = PolynomialExpansion()
    problem = env.sample(7, 2)
    coefficients = [int(c) for c in problem.answer.split()]
    written = format_polynomial(coefficients)
    degree = len(coefficients) - 1
    for form in (
        written,
        f"p(x) = {written}",
        f"${written}$",
        written.replace(" ", ""),
        ", ".join(map(str, coefficients)),
    ):
        assert judge(env, problem, form).correct, form
    spelled = " + ".join(f"{c}*x^{{{degree - i}}}" for i, c in enumerate(coefficients))
    assert judge(env, problem, spelled.replace("+ -", "- ")).correct
    reordered = " + ".join(f"({c})x^{degree - i}" for i, c in enumerate(coefficients))
    assert not judge(env, problem, reordered).correct  # brackets are not part of the accepted forms
    backwards = " + ".join(f"{c}x^{degree - i}" for i, c in reversed(list(enumerate(coefficients)))).replace(
        "+ -", "- "
    )
    assert judge(env, problem, backwards).correct
    assert "coefficients" in judge(env, problem, " ".join(map(str, coefficients[:-1]))).reason
    bumped = coefficients[:]
    bumped[1] += 1
    assert f"x^{degree - 1} is wrong" in judge(env, problem, " ".join(map(str, bumped))).reason
    assert not judge(env, problem, written + " + x^" + str(degree + 1)).correct
    assert not judge(env, problem, written + " + x^99999999").correct


# -- linear recurrences --------------------------------------------------------------------------


def test_nth_term_matches_direct_iteration():
    for k in (1, 2, 3, 5):
        coefficients = [(3 * i + 2) % 7 + 1 for i in range(k)]
        initial = [(5 * i + 1) % 9 for i in range(k)]
        sequence = initial[:]
        for n in range(k, 400):
            sequence.append(sum(c * sequence[n - i] for i, c in enumerate(coefficients, start=1)))
        for n in range(400):
            assert nth_term(coefficients, initial, n, 97) == sequence[n] % 97


def test_linear_recurrence_reference_by_iterating_the_prompt():
    env = LinearRecurrence()
    for d in range(0, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            text = problem.prompt
            starts = text.split("defined by ")[1].split(" and a(n) = ")[0]
            initial = [int(part.split("= ")[1]) for part in starts.split(", ")]
            rule = text.split(" and a(n) = ")[1].split(" for n")[0]
            coefficients = [0] * len(initial)
            for term in rule.split(" + "):
                c, lag = term.split("\u00b7a(n-")
                coefficients[int(lag.rstrip(")")) - 1] = int(c)
            n = int(text.split("Compute a(")[1].split(")")[0])
            m = int(problem.data["m"])
            sequence = initial[:]
            while len(sequence) <= n:
                sequence.append(sum(c * sequence[-i] for i, c in enumerate(coefficients, start=1)) % m)
            assert int(problem.answer) == sequence[n]
    problem = env.sample(10, 0)
    m = int(problem.data["m"])
    assert "between 0 and" in judge(env, problem, str(int(problem.answer) + m)).reason
    assert "not a(n)" in judge(env, problem, str((int(problem.answer) + 1) % m)).reason


# -- linear systems and determinants -------------------------------------------------------------


def test_linear_system_reference_solves_the_shown_equations():
    env = LinearSystem()
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            matrix, rhs = problem.data["matrix"], problem.data["rhs"]
            solution = [Fraction(x) for x in problem.answer.split()]
            assert determinant(matrix) != 0
            assert [sum(a * x for a, x in zip(row, solution)) for row in matrix] == rhs
            assert solve(matrix, rhs) == solution
            assert problem.prompt.count(" = ") == len(matrix)
    denominators = {Fraction(x).denominator for s in range(20) for x in env.sample(20, s).answer.split()}
    assert len(denominators) > 2, "solutions are fractions, not only integers"


def test_linear_system_accepts_equivalent_forms():
    env = LinearSystem()
    problem = next(p for p in (env.sample(12, s) for s in range(40)) if "/" in p.answer)
    values = [Fraction(x) for x in problem.answer.split()]
    n = len(values)
    named = ", ".join(f"x{i} = {v}" for i, v in enumerate(values, start=1))
    latex = ", ".join(
        f"x_{{{i}}} = " + (f"\\frac{{{v.numerator}}}{{{v.denominator}}}" if v.denominator > 1 else str(v))
        for i, v in enumerate(values, start=1)
    )
    doubled = " ".join(f"{2 * v.numerator}/{2 * v.denominator}" for v in values)
    for form in (named, latex, doubled, "(" + ", ".join(map(str, values)) + ")", f"${problem.answer}$"):
        assert judge(env, problem, form).correct, form
    assert "expected" in judge(env, problem, " ".join(map(str, values[:-1]))).reason
    swapped = values[::-1]
    if swapped != values:
        assert "is wrong" in judge(env, problem, " ".join(map(str, swapped))).reason
    misnamed = ", ".join(f"x{n + 1 - i} = {v}" for i, v in enumerate(values, start=1))
    assert not judge(env, problem, misnamed).correct
    if all(v.denominator in (1, 2, 4, 5, 8) for v in values):
        assert judge(env, problem, " ".join(f"{float(v):.3f}" for v in values)).correct  # exact decimals
    repeating = next(
        p
        for p in (env.sample(12, s) for s in range(80))
        if any(Fraction(x).denominator % 3 == 0 for x in p.answer.split())
    )
    rounded = " ".join(f"{float(Fraction(x)):.6f}" for x in repeating.answer.split())
    assert not judge(env, repeating, rounded).correct  # 0.333333 is not 1/3


def _leibniz(matrix: list[list[int]]) -> int:
    n = len(matrix)
    total = 0
    for perm in itertools.permutations(range(n)):
        inversions = sum(perm[i] > perm[j] for i in range(n) for j in range(i + 1, n))
        total += (-1) ** inversions * math.prod(matrix[i][perm[i]] for i in range(n))
    return total


def test_determinant_matches_independent_methods():
    env = Determinant()
    for d in range(0, 31):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            matrix = problem.data["matrix"]
            value = int(problem.answer)
            if len(matrix) <= 6:
                assert value == _leibniz(matrix)
            rows = [[Fraction(v) for v in row] for row in matrix]  # plain Gaussian elimination over Q
            det = Fraction(1)
            for col in range(len(rows)):
                pivot = next((r for r in range(col, len(rows)) if rows[r][col]), None)
                if pivot is None:
                    det = Fraction(0)
                    break
                if pivot != col:
                    rows[col], rows[pivot] = rows[pivot], rows[col]
                    det = -det
                det *= rows[col][col]
                for r in range(col + 1, len(rows)):
                    factor = rows[r][col] / rows[col][col]
                    rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
            assert value == det
    problem = env.sample(10, 1)
    assert "not the determinant" in judge(env, problem, str(-int(problem.answer) or 1)).reason
    assert judge(env, problem, f"\\det(A) = {problem.answer}").correct


def test_determinant_handles_singular_and_pivot_free_matrices():
    assert determinant([[0, 1], [1, 0]]) == -1
    assert determinant([[0, 0, 1], [0, 1, 0], [1, 0, 0]]) == -1
    assert determinant([[1, 2], [2, 4]]) == 0
    assert determinant([[0, 0], [0, 5]]) == 0
    assert determinant([[7]]) == 7
