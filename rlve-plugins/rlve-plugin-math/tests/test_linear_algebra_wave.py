"""Linear algebra of the second wave: null spaces, reduced row echelon forms, matrix powers modulo m,
characteristic polynomials, recurrences recovered from their first terms, and linear systems modulo a prime.

Each instance is rebuilt from its prompt text alone and solved with sympy (kernels, rref, charpoly, linear
systems over GF(p), Cayley-Hamilton for matrix powers); then other valid answers are accepted and near misses
refused, with a reason that says why.
"""

from __future__ import annotations

import re

from math_test_helpers import SEEDS
from sympy import GF, ZZ, Matrix, Rational, Symbol, expand, latex, linsolve, symbols
from sympy.parsing.sympy_parser import (
    convert_xor,
    implicit_multiplication_application,
    parse_expr,
    standard_transformations,
)
from sympy.polys.galoistools import gf_pow_mod
from sympy.polys.matrices import DomainMatrix

from rlve.testing import assert_accepted, assert_rejected, find_problem

X = Symbol("x")
_TRANSFORMS = (*standard_transformations, implicit_multiplication_application, convert_xor)


def shown_matrix(prompt: str) -> Matrix:
    """The matrix in the prompt: the block after the first blank line, one row per line."""
    block = prompt.split("\n\n")[1]
    return Matrix([[Rational(v) for v in line.split()] for line in block.splitlines()])


def answer_rows(answer: str) -> list[list[Rational]]:
    return [[Rational(v) for v in line.split()] for line in answer.splitlines()]


def lines(rows) -> str:
    return "\n".join(" ".join(str(v) for v in row) for row in rows)


def pmatrix(rows) -> str:
    return "\\begin{pmatrix} " + " \\\\ ".join(" & ".join(latex(v) for v in row) for row in rows) + " \\end{pmatrix}"


# -- null space ----------------------------------------------------------------------------------


def test_null_space_reference_spans_sympys_kernel():
    nullities, shapes = set(), set()
    for d in (0, 1, 2, 5, 9, 14, 22, 30):
        for seed in SEEDS:
            problem = find_problem("math/null_space", lambda p: True, [d], [seed])
            a = shown_matrix(problem.prompt)
            kernel = a.nullspace()
            basis = [Matrix(v) for v in answer_rows(problem.answer)]
            assert len(basis) == len(kernel) == a.cols - a.rank() >= 1
            assert all(a * v == Matrix.zeros(a.rows, 1) for v in basis)
            assert Matrix.hstack(*basis).rank() == len(basis)
            assert all(any(a.col(j)) for j in range(a.cols))  # no zero column gives a kernel vector away
            nullities.add(len(kernel))
            shapes.add(a.rows == a.cols)
    assert max(nullities) >= 3 and shapes == {True, False}


def test_null_space_accepts_any_basis_in_any_spelling():
    problem = find_problem("math/null_space", lambda p: p.answer.count("\n") == 1, range(8, 31))
    a = shown_matrix(problem.prompt)
    kernel = a.nullspace()  # sympy's own basis, with fractions: not the reference one
    u, v = answer_rows(problem.answer)
    assert_accepted(problem, lines([list(k) for k in kernel]))
    assert_accepted(problem, lines([[x + y for x, y in zip(u, v)], [2 * x - 3 * y for x, y in zip(u, v)]]))
    assert_accepted(problem, lines([v, u]))
    assert_accepted(problem, ", ".join("(" + ", ".join(map(str, w)) + ")" for w in (u, v)))
    assert_accepted(problem, "v_1 = [" + ", ".join(map(str, u)) + "], v_2 = [" + ", ".join(map(str, v)) + "]")
    columns = ", ".join("\\begin{pmatrix} " + " \\\\ ".join(latex(x) for x in w) + " \\end{pmatrix}" for w in kernel)
    assert_accepted(problem, f"\\left\\{{ {columns} \\right\\}}")
    assert_accepted(problem, pmatrix([u, v]))
    assert_accepted(problem, "[[" + "], [".join(", ".join(map(str, w)) for w in (u, v)) + "]]")


def test_null_space_refuses_too_few_dependent_or_wrong_vectors():
    problem = find_problem("math/null_space", lambda p: p.answer.count("\n") == 1, range(8, 31))
    a = shown_matrix(problem.prompt)
    u, v = answer_rows(problem.answer)
    assert_rejected(problem, lines([u]), "do not span")
    assert_rejected(problem, lines([u, [2 * x for x in u]]), "not linearly independent")
    assert_rejected(problem, lines([u, v, [x + y for x, y in zip(u, v)]]), "not linearly independent")
    assert_rejected(problem, lines([u, [0] * len(u)]), "zero vector")
    nudged = v[:]
    nudged[-1] += 1
    assert_rejected(problem, lines([u, nudged]), "not in the null space")
    row = next(list(a.row(i)) for i in range(a.rows) if any(a.row(i)))
    assert_rejected(problem, lines([u, row]), "not in the null space")
    assert_rejected(problem, lines([u, v[:-1]]), "entries")
    assert_rejected(problem, "none")


# -- reduced row echelon form --------------------------------------------------------------------


def test_rref_reference_is_sympys_rref():
    fractional_inputs = fractional_answers = rank_deficient = 0
    for d in (0, 1, 3, 6, 9, 14, 20, 30):
        for seed in SEEDS:
            problem = find_problem("math/reduced_row_echelon_form", lambda p: True, [d], [seed])
            a = shown_matrix(problem.prompt)
            reduced, pivots = a.rref()
            assert Matrix(answer_rows(problem.answer)) == reduced
            assert f"Give all {a.rows} rows" in problem.prompt
            fractional_inputs += "/" in problem.prompt.split("\n\n")[1]
            fractional_answers += "/" in problem.answer
            rank_deficient += len(pivots) < min(a.shape)
    assert fractional_inputs >= 8 and fractional_answers >= 16 and rank_deficient >= 8


def _rref_problem():
    """A problem whose answer has fractions and ends with a zero row."""
    return find_problem(
        "math/reduced_row_echelon_form",
        lambda p: "/" in p.answer and set(p.answer.splitlines()[-1].split()) == {"0"},
        range(6, 15),
    )


def test_rref_accepts_latex_brackets_and_left_out_zero_rows():
    problem = _rref_problem()
    rows = answer_rows(problem.answer)
    nonzero = [row for row in rows if any(row)]
    assert len(nonzero) < len(rows)
    assert_accepted(problem, pmatrix(rows))
    assert_accepted(problem, "\\mathrm{rref}(A) = " + pmatrix(rows).replace("pmatrix", "bmatrix"))
    array = pmatrix(rows).replace("\\begin{pmatrix}", "\\begin{array}{" + "c" * len(rows[0]) + "}")
    assert_accepted(problem, "\\left[" + array.replace("\\end{pmatrix}", "\\end{array}") + "\\right]")
    assert_accepted(problem, "[[" + "], [".join(", ".join(map(str, row)) for row in rows) + "]]")
    assert_accepted(problem, lines(nonzero))
    assert_accepted(problem, "\n".join(" ".join(f"{2 * v.p}/{2 * v.q}" for v in row) for row in rows))


def test_rref_refuses_echelon_forms_that_are_not_reduced_and_near_misses():
    problem = _rref_problem()
    a = shown_matrix(problem.prompt)
    rows = answer_rows(problem.answer)
    echelon = a.echelon_form()  # row echelon, not reduced: leading entries not 1, entries above them not 0
    assert echelon != a.rref()[0]
    assert_rejected(problem, lines(echelon.tolist()), "wrong")
    doubled = [[2 * v for v in rows[0]], *rows[1:]]
    assert_rejected(problem, lines(doubled), "row 1, column 1 is wrong")
    swapped = [rows[1], rows[0], *rows[2:]]
    assert_rejected(problem, lines(swapped), "row 1")
    off = [row[:] for row in rows]
    i, j = next((i, j) for i, row in enumerate(rows) for j, v in enumerate(row) if v.q > 1)
    off[i][j] += 1
    assert_rejected(problem, lines(off), f"row {i + 1}, column {j + 1}")
    nonzero = [row for row in rows if any(row)]
    assert_rejected(problem, lines(nonzero[:-1]), "rows")
    assert_rejected(problem, lines(a.tolist()), "wrong")
    assert_rejected(problem, lines([row[:-1] for row in rows]), "entries")


# -- matrix power modulo m -----------------------------------------------------------------------


def _power_problem(prompt: str) -> tuple[Matrix, int, int]:
    k, m = map(int, re.search(r"Compute A\^(\d+) modulo (\d+)", prompt).groups())
    return shown_matrix(prompt), k, m


def cayley_hamilton_power(a: Matrix, k: int, m: int) -> Matrix:
    """A^k mod m as r(A), where r = x^k mod (the characteristic polynomial of A), all modulo m (sympy)."""
    char = [int(c) % m for c in a.charpoly(X).all_coeffs()]
    remainder = gf_pow_mod([1, 0], k, char, m, ZZ)
    result, power = Matrix.zeros(a.rows), Matrix.eye(a.rows)
    for c in reversed(remainder):
        result += int(c) * power
        power = (power * a).applyfunc(lambda v: v % m)
    return result.applyfunc(lambda v: v % m)


def test_matrix_power_reference_agrees_with_cayley_hamilton_and_direct_powers():
    for d in (0, 1, 4, 10, 17, 23, 30):
        for seed in SEEDS:
            problem = find_problem("math/matrix_power_mod", lambda p: True, [d], [seed])
            a, k, m = _power_problem(problem.prompt)
            assert k.bit_length() == problem.size == 4 + 2 * d
            expected = cayley_hamilton_power(a, k, m)
            assert Matrix(answer_rows(problem.answer)) == expected
            if d <= 1:
                assert (a**k).applyfunc(lambda v, m=m: v % m) == expected


def test_matrix_power_accepts_other_layouts_and_refuses_near_misses():
    problem = find_problem("math/matrix_power_mod", lambda p: True, [12])
    a, k, m = _power_problem(problem.prompt)
    rows = answer_rows(problem.answer)
    assert_accepted(problem, pmatrix(rows))
    assert_accepted(problem, "A^k = [[" + "], [".join(", ".join(map(str, row)) for row in rows) + "]]")
    assert_rejected(problem, lines(cayley_hamilton_power(a, k - 1, m).tolist()), "wrong")
    assert_rejected(problem, lines(cayley_hamilton_power(a, k + 1, m).tolist()), "wrong")
    assert Matrix(rows).T != Matrix(rows)
    assert_rejected(problem, lines(Matrix(rows).T.tolist()), "wrong")
    unreduced = [row[:] for row in rows]
    unreduced[0][0] += m
    assert_rejected(problem, lines(unreduced), f"from 0 to {m - 1}")
    assert_rejected(problem, lines(rows[:-1]), "rows")


# -- characteristic polynomial -------------------------------------------------------------------


def test_characteristic_polynomial_reference_is_sympys_charpoly():
    for d in (0, 1, 3, 6, 10, 16, 23, 30):
        for seed in SEEDS:
            problem = find_problem("math/characteristic_polynomial", lambda p: True, [d], [seed])
            a = shown_matrix(problem.prompt)
            expected = a.charpoly(X).as_expr()
            assert expand(_sym(problem.answer) - expected) == 0
            assert a.rows == 2 + d // 4


def _sym(text: str):
    """A polynomial as the reference writes it (``x^3 - 2x^2 + 5``), read by sympy's own parser."""
    return expand(parse_expr(text, transformations=_TRANSFORMS, local_dict={"x": X}))


def test_characteristic_polynomial_accepts_latex_and_refuses_det_a_minus_x_and_near_misses():
    problem = find_problem("math/characteristic_polynomial", lambda p: True, range(12, 16))
    a = shown_matrix(problem.prompt)
    n = a.rows
    assert n % 2 == 1
    poly = a.charpoly(X)
    assert_accepted(problem, f"$p(x) = {latex(poly.as_expr())}$")
    assert_accepted(problem, " + ".join(f"{c}*x^{i}" for i, c in enumerate(reversed(poly.all_coeffs()))))
    assert_rejected(problem, latex(expand(-poly.as_expr())), "det(A - xI)")
    trace_sign = expand(poly.as_expr() + 2 * poly.all_coeffs()[1] * X ** (n - 1))  # -tr(A) written as +tr(A)
    if a.trace() != 0:
        assert_rejected(problem, latex(trace_sign), f"x^{n - 1}")
    assert_rejected(problem, latex(expand(poly.as_expr() + 1)), "x^0")
    assert_rejected(problem, latex(a.det()), f"x^{n}")
    assert_rejected(problem, problem.answer + f" + x^{n + 1}", "above the degree")


# -- recurrence from terms -----------------------------------------------------------------------


def _terms(prompt: str) -> list[int]:
    return [int(v) for v in prompt.split("\n\n")[1].split(", ")]


def least_recurrence(terms: list[int]) -> tuple[int, ...]:
    """The least order r whose Hankel system has a solution, and that solution, by sympy's linsolve."""
    for r in range(1, len(terms) // 2 + 1):
        c = symbols(f"c1:{r + 1}")
        equations = [sum(ci * terms[n - i] for i, ci in enumerate(c, start=1)) - terms[n] for n in range(r, len(terms))]
        solutions = linsolve(equations, c)
        if solutions:
            (solution,) = solutions
            assert all(v.is_Integer for v in solution), "least order solutions are unique, here integers"
            return tuple(int(v) for v in solution)
    raise AssertionError("no recurrence of order at most k")


def test_recurrence_reference_is_the_least_order_solution_of_sympys_hankel_systems():
    below_k = 0
    for d in (0, 1, 3, 6, 10, 15, 21):
        for seed in SEEDS:
            problem = find_problem("math/recurrence_from_terms", lambda p: True, [d], [seed])
            terms = _terms(problem.prompt)
            k = int(re.search(r"order r at most (\d+)", problem.prompt).group(1))
            assert len(terms) == 2 * k
            expected = least_recurrence(terms)
            assert tuple(int(v) for v in problem.answer.split()) == expected
            below_k += len(expected) < k
    assert below_k >= 5, "the least order is often below the largest allowed one"


def _recurrence_text(coefficients, name: str = "a_n") -> str:
    body = " ".join(f"{'-' if c < 0 else '+'} {abs(c)}a_{{n-{i}}}" for i, c in enumerate(coefficients, 1) if c)
    return f"{name} = {body.removeprefix('+ ')}"


def test_recurrence_accepts_other_spellings_and_refuses_longer_or_wrong_recurrences():
    def below_largest_order(p) -> bool:
        order, k = len(p.answer.split()), int(re.search(r"order r at most (\d+)", p.prompt).group(1))
        return 3 <= order < k and p.answer.split() != p.answer.split()[::-1]

    problem = find_problem("math/recurrence_from_terms", below_largest_order, range(6, 31))
    c = [int(v) for v in problem.answer.split()]
    assert_accepted(problem, _recurrence_text(c))
    assert_accepted(problem, _recurrence_text(c).replace("a_{n-", "a(n-").replace("}", ")").replace("a_n", "a(n)"))
    assert_accepted(problem, ", ".join(f"c_{i} = {v}" for i, v in enumerate(c, 1)))
    assert_accepted(problem, "[" + ", ".join(map(str, c)) + "]")
    # Multiplied by (1 - x): a valid recurrence of order r + 1, but not the least.
    longer = [c[0] + 1] + [c[i] - c[i - 1] for i in range(1, len(c))] + [-c[-1]]
    assert_rejected(problem, " ".join(map(str, longer)), "not the least")
    assert_rejected(problem, _recurrence_text(longer), "not the least")
    assert_rejected(problem, problem.answer + " 0", "not the least")
    off = c[:]
    off[0] += 1
    assert_rejected(problem, " ".join(map(str, off)), "does not give")
    assert_rejected(problem, " ".join(map(str, c[:-1])), "does not give")
    assert_rejected(problem, " ".join(map(str, reversed(c))), "does not give")
    assert_rejected(problem, "a_n = 2a_{n-1} + a_{n-99}", "beyond")


# -- linear system modulo a prime ----------------------------------------------------------------


def _system(prompt: str) -> tuple[list[list[int]], list[int], int, int]:
    p = int(re.search(r"modulo the prime (\d+)", prompt).group(1))
    n = len(re.search(r"unknowns ([x0-9, ]+) over", prompt).group(1).split(", "))
    matrix, rhs = [], []
    for line in prompt.split("\n\n")[1].splitlines():
        left, right = line.split(" = ")
        row = [0] * n
        for sign, digits, index in re.findall(r"([+-]?) ?(\d*)x(\d+)", left):
            row[int(index) - 1] += (-1 if sign == "-" else 1) * int(digits or 1)
        matrix.append(row)
        rhs.append(int(right))
    return matrix, rhs, p, n


def _over_gf(rows: list[list[int]], p: int) -> DomainMatrix:
    field = GF(p)
    return DomainMatrix([[field(v) for v in row] for row in rows], (len(rows), len(rows[0])), field)


def test_linear_system_mod_prime_reference_against_sympy_over_gf_p():
    kinds = {"unique": 0, "many": 0, "none": 0}
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = find_problem("math/linear_system_mod_prime", lambda p: True, [d], [seed])
            matrix, rhs, p, n = _system(problem.prompt)
            rank = _over_gf(matrix, p).rank()
            augmented = _over_gf([row + [b] for row, b in zip(matrix, rhs)], p).rank()
            if augmented > rank:
                assert problem.answer == "none"
                kinds["none"] += 1
                continue
            x = [int(v) for v in problem.answer.split()]
            assert len(x) == n and all(0 <= v < p for v in x)
            assert all((sum(a * v for a, v in zip(row, x)) - b) % p == 0 for row, b in zip(matrix, rhs))
            kinds["unique" if rank == n else "many"] += 1
    assert min(kinds.values()) >= 8, kinds


def _many_solutions(problem) -> bool:
    matrix, _, p, n = _system(problem.prompt)
    return problem.answer != "none" and _over_gf(matrix, p).rank() < n


def test_linear_system_mod_prime_accepts_any_solution_and_refuses_near_misses():
    problem = find_problem("math/linear_system_mod_prime", _many_solutions, range(8, 31))
    matrix, rhs, p, n = _system(problem.prompt)
    kernel = _over_gf(matrix, p).nullspace().to_Matrix()
    x = [int(v) for v in problem.answer.split()]
    other = [(v + int(k)) % p for v, k in zip(x, kernel.row(0))]
    assert other != x
    assert_accepted(problem, " ".join(map(str, other)))
    assert_accepted(problem, ", ".join(f"x_{i} = {v}" for i, v in enumerate(x, 1)))
    assert_rejected(problem, "none", "has a solution")
    shifted = [x[0] + p, *x[1:]]
    assert_rejected(problem, " ".join(map(str, shifted)), f"from 0 to {p - 1}")
    broken = [(x[0] + 1) % p, *x[1:]] if any(row[0] % p for row in matrix) else [x[0], (x[1] + 1) % p, *x[2:]]
    assert_rejected(problem, " ".join(map(str, broken)), "does not hold")
    assert_rejected(problem, " ".join(map(str, x[:-1])), f"expected {n} values")

    unsolvable = find_problem("math/linear_system_mod_prime", lambda p: p.answer == "none", range(6, 31))
    assert_accepted(unsolvable, "No solution.")
    assert_rejected(unsolvable, " ".join(["0"] * _system(unsolvable.prompt)[3]), "no solution")
