"""Arithmetic-function environments: totient sums, lcm sums, counts of non-negative solutions of linear
equations, Carmichael's lambda, multiplicative orders, divisor sums sigma_k, greedy Egyptian fractions and the
shape of repeating decimals.

Each instance is rebuilt from its prompt text alone and solved with sympy (totient, reduced_totient, n_order,
divisor_sigma, diophantine, egyptian_fraction, Rational) or by brute force where the numbers are small; then
alternative valid answers are accepted and near misses refused, with a reason."""

from __future__ import annotations

import itertools
import math
import re

from math_test_helpers import SEEDS, judge, numbers_after
from sympy import (
    Rational,
    divisor_count,
    divisor_sigma,
    divisors,
    egyptian_fraction,
    factorint,
    interpolate,
    reduced_totient,
    symbols,
    totient,
)
from sympy.ntheory import n_order
from sympy.ntheory.digits import digits
from sympy.solvers.diophantine.diophantine import diophantine

from rlve.testing import find_problem
from rlve_plugin_math.environments.carmichael_lambda import CarmichaelLambda
from rlve_plugin_math.environments.divisor_sigma import DivisorSigma
from rlve_plugin_math.environments.egyptian_fraction_greedy import EgyptianFractionGreedy
from rlve_plugin_math.environments.lcm_sum import LcmSum
from rlve_plugin_math.environments.linear_diophantine_count import LinearDiophantineCount
from rlve_plugin_math.environments.multiplicative_order import MultiplicativeOrder
from rlve_plugin_math.environments.repeating_decimal import RepeatingDecimal
from rlve_plugin_math.environments.totient_summatory import TotientSummatory

LEVELS = range(0, 31, 5)


def read_factorisation(text: str) -> dict[int, int]:
    factors: dict[int, int] = {}
    for token in text.split(" * "):
        base, _, exponent = token.partition("^")
        factors[int(base)] = int(exponent or 1)
    return factors


def read_stated_number(prompt: str) -> tuple[int, dict[int, int]]:
    """``n = 98 = 2 * 7^2``: n and its stated factorisation, which must be sympy's."""
    match = re.search(r"n = (\d+) = (\d+(?:\^\d+)?(?: \* \d+(?:\^\d+)?)*)", prompt)
    assert match, prompt[:200]
    n, factors = int(match.group(1)), read_factorisation(match.group(2))
    assert factorint(n) == factors, (n, factors)
    return n, factors


# -- sum of totients -----------------------------------------------------------------------------


def test_totient_summatory_matches_sympy():
    env = TotientSummatory()
    for d in LEVELS:
        for seed in SEEDS:
            problem = env.sample(d, seed)
            (n,) = numbers_after(problem.prompt, r"\+ \u03c6\((\d+)\), the sum")
            assert problem.size // 2 < n <= problem.size
            assert int(problem.answer) == sum(int(totient(k)) for k in range(1, n + 1))


def test_totient_summatory_refuses_off_by_one_sums():
    env = TotientSummatory()
    problem = env.sample(12, 0)
    (n,) = numbers_after(problem.prompt, r"\+ \u03c6\((\d+)\), the sum")
    total = int(problem.answer)
    assert judge(env, problem, f"S = {total}").correct and judge(env, problem, f"${total}$").correct
    for near in (total - 1, total + 1, total - int(totient(n)), total + int(totient(n + 1))):
        verdict = judge(env, problem, str(near))
        assert not verdict.correct and "sum of" in verdict.reason


# -- sum of lcm(k, n) ----------------------------------------------------------------------------


def sympy_lcm_sum(n: int) -> int:
    """n times the sum over d | n of the sum of the units below d (d phi(d) / 2, and 1 for d = 1)."""
    return n * sum(1 if d == 1 else d * int(totient(d)) // 2 for d in divisors(n))


def test_lcm_sum_matches_sympy_and_brute_force():
    env = LcmSum()
    checked = 0
    for d in LEVELS:
        for seed in SEEDS:
            problem = env.sample(d, seed)
            n, _ = read_stated_number(problem.prompt)
            assert n.bit_length() <= problem.size
            if divisor_count(n) <= 600:  # sympy's totient of every divisor is slow beyond
                assert int(problem.answer) == sympy_lcm_sum(n)
                checked += 1
            if n < 20_000:
                assert int(problem.answer) == sum(math.lcm(k, n) for k in range(1, n + 1))
    assert checked >= 15


def test_lcm_sum_refuses_the_gcd_sum_and_near_misses():
    env = LcmSum()
    problem = env.sample(8, 1)
    n, _ = read_stated_number(problem.prompt)
    total = int(problem.answer)
    assert judge(env, problem, f"{total}.").correct
    gcd_sum = sum(n // d * int(totient(d)) for d in divisors(n))
    for near in (total - n, total + 1, gcd_sum, n * n):
        verdict = judge(env, problem, str(near))
        assert not verdict.correct and "lcm" in verdict.reason


# -- non-negative solutions of a x + b y (+ c z) = n ---------------------------------------------


def read_equation(prompt: str) -> tuple[list[int], int]:
    match = re.search(r"satisfy ((?:\d+[xyz] \+ )+\d+[xyz]) = (\d+)\?", prompt)
    assert match, prompt[:200]
    return [int(term[:-1]) for term in match.group(1).split(" + ")], int(match.group(2))


def brute_force_count(coefficients: list[int], n: int) -> int:
    """The number of ways to make n from the coefficients, each unknown its own coin (a dynamic programme)."""
    ways = [1] + [0] * n
    for coefficient in coefficients:
        for total in range(coefficient, n + 1):
            ways[total] += ways[total - coefficient]
    return ways[n]


def sympy_pair_count(a: int, b: int, n: int) -> int:
    """Count the t for which sympy's general solution (x(t), y(t)) of a x + b y = n is non-negative."""
    x, y = symbols("x y", integer=True)
    solutions = diophantine(a * x + b * y - n)
    if not solutions:
        return 0
    low, high = -(10**9) * n, 10**9 * n
    for expression in next(iter(solutions)):
        (t,) = expression.free_symbols
        slope, constant = int(expression.coeff(t)), int(expression.subs(t, 0))
        if slope > 0:
            low = max(low, -(constant // slope))  # ceil(-constant / slope)
        else:
            high = min(high, constant // -slope)
    return max(0, high - low + 1)


def quasi_polynomial_count(coefficients: list[int], n: int) -> int:
    """For three unknowns the count is, on each residue class of n modulo L = lcm(a, b, c), a polynomial of
    degree 2 in (n - r) / L (from the generating function 1 / ((1 - x^a)(1 - x^b)(1 - x^c))): three values
    by brute force, then sympy's exact interpolation."""
    period = math.lcm(*coefficients)
    r = n % period
    known = [(j, brute_force_count(coefficients, r + j * period)) for j in range(3)]
    j = symbols("j")
    return int(interpolate(known, j).subs(j, Rational(n - r, period)))


def test_linear_diophantine_count_matches_sympy_and_brute_force():
    env = LinearDiophantineCount()
    shapes = set()
    for d in LEVELS:
        for seed in range(6):
            problem = env.sample(d, seed)
            coefficients, n = read_equation(problem.prompt)
            assert len(str(n)) == problem.size
            count = int(problem.answer)
            shapes.add((len(coefficients), count == 0))
            if len(coefficients) == 2:
                assert count == sympy_pair_count(*coefficients, n), (coefficients, n)
            elif math.lcm(*coefficients) <= 3000:
                assert count == quasi_polynomial_count(coefficients, n), (coefficients, n)
            if n <= 5000:
                assert count == brute_force_count(coefficients, n), (coefficients, n)
    assert {(2, False), (3, False)} <= shapes


def test_linear_diophantine_count_small_cases_by_enumeration():
    env = LinearDiophantineCount()
    for d in range(4):
        for seed in range(8):
            problem = env.sample(d, seed)
            coefficients, n = read_equation(problem.prompt)
            if n > 2000:
                continue
            ranges = [range(n // k + 1) for k in coefficients[:-1]]
            count = sum(
                (n - sum(k * v for k, v in zip(coefficients, values, strict=False))) % coefficients[-1] == 0
                and sum(k * v for k, v in zip(coefficients, values, strict=False)) <= n
                for values in itertools.product(*ranges)
            )
            assert count == int(problem.answer), (coefficients, n)


def test_linear_diophantine_count_answers_zero_when_the_gcd_does_not_divide():
    problem = find_problem(
        "math/linear_diophantine_count", lambda p: p.answer == "0" and len(read_equation(p.prompt)[0]) == 2
    )
    env = LinearDiophantineCount()
    coefficients, n = read_equation(problem.prompt)
    assert sympy_pair_count(*coefficients, n) == 0
    assert judge(env, problem, "0").correct
    assert "number of solutions" in judge(env, problem, "1").reason
    assert not judge(env, problem, "none").correct


def test_linear_diophantine_count_refuses_counts_that_include_negatives_or_miss_an_end():
    env = LinearDiophantineCount()
    problem = find_problem("math/linear_diophantine_count", lambda p: int(p.answer) > 3, difficulties=range(3, 10))
    count = int(problem.answer)
    assert judge(env, problem, f"N = {count}").correct
    for near in (count - 1, count + 1, 2 * count):
        verdict = judge(env, problem, str(near))
        assert not verdict.correct and "number of solutions" in verdict.reason


# -- Carmichael lambda -----------------------------------------------------------------------------


def brute_force_lambda(n: int) -> int:
    units = [a for a in range(1, n) if math.gcd(a, n) == 1] or [1]
    return math.lcm(*(next(k for k in range(1, n + 1) if pow(a, k, n) == 1 % n) for a in units))


def test_carmichael_lambda_matches_sympy_and_brute_force():
    env = CarmichaelLambda()
    high_powers_of_two = 0
    for d in LEVELS:
        for seed in SEEDS:
            problem = env.sample(d, seed)
            n, factors = read_stated_number(problem.prompt)
            assert n.bit_length() <= problem.size
            assert int(problem.answer) == int(reduced_totient(n))
            if n < 3000:
                assert int(problem.answer) == brute_force_lambda(n)
            high_powers_of_two += factors.get(2, 0) >= 3
    assert high_powers_of_two >= 5, "2^e with e >= 3 (lambda below phi) must be common"


def test_carmichael_lambda_refuses_phi_and_proper_divisors():
    env = CarmichaelLambda()
    problem = find_problem(
        "math/carmichael_lambda", lambda p: int(totient(read_stated_number(p.prompt)[0])) > 2 * int(p.answer)
    )
    n, _ = read_stated_number(problem.prompt)
    value = int(problem.answer)
    assert judge(env, problem, f"\\lambda(n) = {value}").correct
    phi = judge(env, problem, str(int(totient(n))))
    assert not phi.correct and "smaller m" in phi.reason
    if value % 2 == 0:
        half = judge(env, problem, str(value // 2))
        assert not half.correct and "some a" in half.reason
    assert "at least 1" in judge(env, problem, "0").reason


# -- multiplicative order ----------------------------------------------------------------------------


def read_order_problem(prompt: str) -> tuple[int, int]:
    n, factors = read_stated_number(prompt)
    (a,) = numbers_after(prompt, r" and a = (\d+) \(gcd")
    for p in factors:
        if p > 2:
            stated = re.search(rf"\b{p} \u2212 1 = ([0-9^* =]+?)[;.]", prompt)
            assert stated, (p, prompt)
            assert factorint(p - 1) == read_factorisation(stated.group(1).split(" = ")[-1])
    return a, n


def test_multiplicative_order_matches_sympy():
    env = MultiplicativeOrder()
    below_lambda = 0
    for d in LEVELS:
        for seed in SEEDS:
            problem = env.sample(d, seed)
            a, n = read_order_problem(problem.prompt)
            assert math.gcd(a, n) == 1 and n.bit_length() <= problem.size
            order = int(problem.answer)
            assert order == n_order(a, n)
            if n < 5000:
                assert order == next(k for k in range(1, n) if pow(a, k, n) == 1)
            below_lambda += order < int(reduced_totient(n))
    assert below_lambda >= 5, "orders below lambda(n) must be common, so that lambda is not always the answer"


def test_multiplicative_order_refuses_multiples_and_non_periods():
    env = MultiplicativeOrder()
    problem = find_problem(
        "math/multiplicative_order",
        lambda p: int(p.answer) < int(reduced_totient(read_order_problem(p.prompt)[1])),
        difficulties=range(6, 20),
    )
    a, n = read_order_problem(problem.prompt)
    order = int(problem.answer)
    assert judge(env, problem, f"k = {order}").correct
    for multiple in (2 * order, int(reduced_totient(n)), int(totient(n))):
        verdict = judge(env, problem, str(multiple))
        assert not verdict.correct and "smaller k" in verdict.reason
    verdict = judge(env, problem, str(order + 1))
    assert not verdict.correct and "not 1" in verdict.reason
    assert "at least 1" in judge(env, problem, "0").reason


# -- sigma_k -------------------------------------------------------------------------------------------


def read_sigma(prompt: str) -> tuple[int, int]:
    return numbers_after(prompt, r"\u03c3_(\d)\((\d+)\)")


def test_divisor_sigma_matches_sympy():
    env = DivisorSigma()
    powers = set()
    for d in LEVELS:
        for seed in SEEDS:
            problem = env.sample(d, seed)
            k, n = read_sigma(problem.prompt)
            assert n.bit_length() <= problem.size
            assert int(problem.answer) == divisor_sigma(n, k)
            if n < 10**6:
                assert int(problem.answer) == sum(t**k for t in range(1, n + 1) if n % t == 0)
            powers.add(k)
    assert powers == {1, 2, 3}
    assert {read_sigma(env.sample(0, seed).prompt)[0] for seed in range(10)} == {1}


def test_divisor_sigma_refuses_proper_divisor_sums_and_other_powers():
    env = DivisorSigma()
    problem = find_problem("math/divisor_sigma", lambda p: read_sigma(p.prompt)[0] == 2, difficulties=range(5, 20))
    k, n = read_sigma(problem.prompt)
    value = int(problem.answer)
    assert judge(env, problem, f"\\sigma_2(n) = {value}").correct
    for near in (value - n**k, value + 1, value - 1 - n**k, int(divisor_sigma(n, 1))):
        verdict = judge(env, problem, str(near))
        assert not verdict.correct and "\u03c3_2" in verdict.reason


# -- greedy Egyptian fractions ---------------------------------------------------------------------


def read_fraction(prompt: str) -> tuple[int, int]:
    return numbers_after(prompt, r"^Write (\d+)/(\d+) as")


def test_egyptian_fraction_greedy_matches_sympy():
    env = EgyptianFractionGreedy()
    lengths = set()
    for d in LEVELS:
        for seed in SEEDS:
            problem = env.sample(d, seed)
            a, b = read_fraction(problem.prompt)
            terms = [int(c) for c in problem.answer.split(", ")]
            assert terms == egyptian_fraction(Rational(a, b), algorithm="Greedy")
            assert max(len(str(c)) for c in terms) <= problem.size
            lengths.add(len(terms))
    assert max(lengths) >= 5


def other_expansion(a: int, b: int, terms: list[int]) -> list[int] | None:
    """Another expansion into as many distinct unit fractions: the greedy terms but the last two replaced."""
    rest = Rational(a, b) - sum(Rational(1, c) for c in terms[:-2])
    for x in range(terms[-2] + 1, int(2 / rest) + 1):
        left = rest - Rational(1, x)
        if left > 0 and left.p == 1 and left.q not in (*terms[:-2], x):
            return [*terms[:-2], x, int(left.q)]
    return None


def test_egyptian_fraction_greedy_accepts_any_order_and_refuses_other_expansions():
    env = EgyptianFractionGreedy()
    problem = find_problem(
        "math/egyptian_fraction_greedy",
        lambda p: other_expansion(*read_fraction(p.prompt), [int(c) for c in p.answer.split(", ")]) is not None,
        difficulties=range(0, 4),
    )
    a, b = read_fraction(problem.prompt)
    terms = [int(c) for c in problem.answer.split(", ")]
    assert judge(env, problem, ", ".join(map(str, reversed(terms)))).correct
    assert judge(env, problem, "[" + " ".join(map(str, terms)) + "]").correct
    other = other_expansion(a, b, terms)
    assert sum(Rational(1, c) for c in other) == Rational(a, b)
    assert "greedy rule picks other" in judge(env, problem, ", ".join(map(str, other))).reason
    assert "do not add up" in judge(env, problem, ", ".join(map(str, [*terms[:-1], terms[-1] + 1]))).reason
    assert "number of terms" in judge(env, problem, ", ".join(map(str, terms[:-1]))).reason
    split = [terms[0] + 1, terms[0] * (terms[0] + 1), *terms[1:]]  # 1/c = 1/(c+1) + 1/(c(c+1)): the same sum
    assert sum(Rational(1, c) for c in split) == Rational(a, b)
    assert "number of terms" in judge(env, problem, ", ".join(map(str, split))).reason
    duplicated = ", ".join(map(str, [*terms[:-1], terms[0]]))
    assert "distinct" in judge(env, problem, duplicated).reason


# -- repeating decimals ------------------------------------------------------------------------------


def long_division_shape(a: int, b: int) -> tuple[int, int]:
    """(digits before the cycle, cycle length) by long division: the first remainder that comes back."""
    seen: dict[int, int] = {}
    remainder, position = a % b, 0
    while remainder not in seen:
        seen[remainder] = position
        remainder, position = remainder * 10 % b, position + 1
    if remainder == 0:
        return seen[0], 1
    return seen[remainder], position - seen[remainder]


def follows_definition(a: int, b: int, r: int, c: int) -> bool:
    """The first digits after the point (sympy's digits) repeat with period c after r digits, and with no
    smaller r or c."""
    count = r + 3 * c + 10
    shown = digits(a * 10**count // b, 10)[1:]
    fraction = [0] * (count - len(shown)) + shown  # leading zeros after the point

    def periodic(start: int, period: int) -> bool:
        return all(fraction[i + period] == fraction[i] for i in range(start, count - period))

    return periodic(r, c) and (r == 0 or not periodic(r - 1, c)) and not any(periodic(r, k) for k in range(1, c))


def shape_by_sympy(a: int, b: int) -> tuple[int, int]:
    b //= math.gcd(a, b)
    factors = factorint(b)
    rest = b // (2 ** factors.get(2, 0) * 5 ** factors.get(5, 0))
    return max(factors.get(2, 0), factors.get(5, 0)), 1 if rest == 1 else int(n_order(10, rest))


def test_repeating_decimal_matches_sympy_and_long_division():
    env = RepeatingDecimal()
    kinds = set()
    for d in LEVELS:
        for seed in SEEDS:
            problem = env.sample(d, seed)
            a, b = numbers_after(problem.prompt, r"the fraction (\d+)/(\d+) as")
            r, c = (int(v) for v in problem.answer.split(", "))
            assert 0 < a < b and b.bit_length() <= problem.size
            assert (r, c) == shape_by_sympy(a, b)
            if b < 10**6:
                assert (r, c) == long_division_shape(a, b)
            if c < 300:
                assert follows_definition(a, b, r, c)
            kinds.add((r > 0, c > 1, math.gcd(a, b) > 1))
    # with and without digits before the cycle, terminating or not, with and without a factor to cancel
    assert len(kinds) >= 5


def test_repeating_decimal_accepts_named_answers_and_refuses_near_misses():
    env = RepeatingDecimal()
    problem = find_problem(
        "math/repeating_decimal", lambda p: p.answer.split(", ")[0] != "0" and int(p.answer.split(", ")[1]) > 2
    )
    r, c = (int(v) for v in problem.answer.split(", "))
    for written in (f"r = {r}, c = {c}", f"({r}, {c})", f"{r} {c}", f"$r={r},\\ c={c}$"):
        assert judge(env, problem, written).correct, written
    assert "multiple of the shortest" in judge(env, problem, f"{r}, {2 * c}").reason
    assert "not a period" in judge(env, problem, f"{r}, {c + 1}").reason
    assert "too large" in judge(env, problem, f"{r + 1}, {c}").reason
    assert "too small" in judge(env, problem, f"{r - 1}, {c}").reason
    assert not judge(env, problem, f"{c}, {r}").correct
    assert not judge(env, problem, f"c = {c}, r = {r}").correct  # the names say the order is wrong
    assert not judge(env, problem, f"{r}").correct and not judge(env, problem, f"{r}, {c}, {c}").correct
    assert "at least 1" in judge(env, problem, f"{r}, 0").reason
