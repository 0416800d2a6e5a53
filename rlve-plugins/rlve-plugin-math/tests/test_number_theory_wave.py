"""Number-theory environments of the second wave (discrete logarithms, primitive roots, Jacobi symbols, modular
square roots, gcd sums, Pisano periods, best rational approximations, Pell equations, digit sums over a range).

Each instance is rebuilt from its prompt text alone and solved with sympy (or by brute force where the numbers
are small); then alternative valid answers are accepted and near misses refused, with a reason."""

from __future__ import annotations

import math
import re
from fractions import Fraction

from math_test_helpers import SEEDS, judge, numbers_after
from sympy import Rational, divisors, factorint, jacobi_symbol, totient
from sympy.ntheory import discrete_log, is_primitive_root, n_order, primitive_root, sqrt_mod
from sympy.ntheory.continued_fraction import continued_fraction
from sympy.solvers.diophantine.diophantine import diop_DN

from rlve_plugin_math.environments.best_rational_approximation import BestRationalApproximation
from rlve_plugin_math.environments.digit_sum_range import DigitSumRange
from rlve_plugin_math.environments.discrete_logarithm import DiscreteLogarithm
from rlve_plugin_math.environments.gcd_sum import GcdSum
from rlve_plugin_math.environments.jacobi_symbol import JacobiSymbol
from rlve_plugin_math.environments.modular_square_root import ModularSquareRoot
from rlve_plugin_math.environments.pell_equation import PellEquation
from rlve_plugin_math.environments.pisano_period import PisanoPeriod
from rlve_plugin_math.environments.primitive_root import PrimitiveRoot


def read_factorisation(text: str) -> dict[int, int]:
    factors = {}
    for token in text.split(" * "):
        base, _, exponent = token.partition("^")
        factors[int(base)] = int(exponent or 1)
    return factors


# -- discrete logarithm --------------------------------------------------------------------------


def read_discrete_log(prompt: str) -> tuple[int, int, int]:
    return numbers_after(prompt, r"such that (\d+)\^x \u2261 (\d+) \(mod (\d+)\)")


def test_discrete_logarithm_is_the_smallest_exponent():
    env = DiscreteLogarithm()
    bases_not_primitive = 0
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            g, h, p = read_discrete_log(problem.prompt)
            assert p.bit_length() == problem.size
            x = int(problem.answer)
            assert x == discrete_log(p, h, g) and pow(g, x, p) == h
            assert 0 <= x < n_order(g, p)  # below the order of g: nothing smaller works
            if p < 200:
                assert x == next(k for k in range(p) if pow(g, k, p) == h)
            bases_not_primitive += not is_primitive_root(g, p)
    assert bases_not_primitive >= 4, "g must sometimes not be a primitive root, so that 'smallest' matters"


def test_discrete_logarithm_refuses_larger_exponents_and_near_misses():
    env = DiscreteLogarithm()
    problem = env.sample(20, 1)
    g, h, p = read_discrete_log(problem.prompt)
    x, order = int(problem.answer), n_order(g, p)
    assert judge(env, problem, f"x = {x}").correct
    assert judge(env, problem, f"$ {x} $").correct
    larger = judge(env, problem, str(x + order))
    assert pow(g, x + order, p) == h and not larger.correct and "smallest" in larger.reason
    assert "not congruent" in judge(env, problem, str(x + 1)).reason
    assert "at least 0" in judge(env, problem, str(x - order)).reason
    assert not judge(env, problem, f"{x} or {x + order}").correct


# -- primitive root ------------------------------------------------------------------------------


def read_primitive_root(prompt: str) -> tuple[int, dict[int, int]]:
    (p,) = numbers_after(prompt, r"modulo the prime p = (\d+):")
    stated = re.search(r"p \u2212 1 = (\d+) = ([0-9^* ]+)\.", prompt)
    assert stated and int(stated.group(1)) == p - 1
    return p, read_factorisation(stated.group(2))


def test_primitive_root_reference_and_stated_factorisation():
    env = PrimitiveRoot()
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            p, factors = read_primitive_root(problem.prompt)
            assert factorint(p - 1) == factors and p.bit_length() == problem.size
            assert is_primitive_root(int(problem.answer), p)


def test_primitive_root_accepts_every_primitive_root_and_nothing_else():
    env = PrimitiveRoot()
    for seed in range(6):
        problem = env.sample(2, seed)
        p, _ = read_primitive_root(problem.prompt)
        for g in range(1, p):
            assert judge(env, problem, str(g)).correct == is_primitive_root(g, p), (p, g)
    problem = env.sample(25, 0)
    p, _ = read_primitive_root(problem.prompt)
    smallest = primitive_root(p)
    assert judge(env, problem, str(smallest)).correct
    coprime = next(k for k in range(3, p) if math.gcd(k, p - 1) == 1)
    assert judge(env, problem, f"g = {pow(smallest, coprime, p)}").correct  # another primitive root
    square = judge(env, problem, str(smallest * smallest % p))
    assert not square.correct and "order" in square.reason
    assert not judge(env, problem, str(p - 1)).correct
    assert "between 1 and" in judge(env, problem, str(smallest + p)).reason
    assert "between 1 and" in judge(env, problem, "0").reason


# -- Jacobi symbol -------------------------------------------------------------------------------


def test_jacobi_symbol_matches_sympy():
    env = JacobiSymbol()
    seen = []
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            a, n = numbers_after(problem.prompt, r"for a = (\d+) and n = (\d+)\.")
            assert n % 2 == 1 and n > 1 and len(str(n)) == problem.size
            assert int(problem.answer) == jacobi_symbol(a, n)
            seen.append(int(problem.answer))
    zeros = [env.sample(12, s).answer for s in range(200)].count("0")
    assert 5 <= zeros <= 40, "0 (a and n sharing a factor) must be present but rare"
    assert seen.count(1) > 10 and seen.count(-1) > 10


def test_jacobi_symbol_reads_only_the_three_values():
    env = JacobiSymbol()
    problem = next(p for p in (env.sample(20, s) for s in range(50)) if p.answer == "1")
    for form in ("1", "+1", "J(a, n) = 1", "$1$"):
        assert judge(env, problem, form).correct, form
    assert "not (a/n)" in judge(env, problem, "-1").reason
    assert "-1, 0 or 1" in judge(env, problem, "2").reason
    for malformed in ("11", "01", "1/1", "one"):
        assert not judge(env, problem, malformed).format_ok, malformed
    zero = next(p for p in (env.sample(20, s) for s in range(200)) if p.answer == "0")
    assert judge(env, zero, "0").correct and not judge(env, zero, "00").correct


# -- modular square root -------------------------------------------------------------------------


def read_square_root(prompt: str) -> tuple[int, int]:
    return numbers_after(prompt, r"x\^2 \u2261 (\d+) \(mod (\d+)\)")


def test_modular_square_root_matches_sympy():
    env = ModularSquareRoot()
    nones = 0
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            a, p = read_square_root(problem.prompt)
            roots = sorted(sqrt_mod(a, p, all_roots=True))
            assert problem.answer == (" ".join(map(str, roots)) if roots else "none")
            nones += not roots
            if p < 100:
                assert roots == [x for x in range(p) if x * x % p == a]
    assert 0 < nones < 20
    two_adic = [(lambda p: ((p - 1) & -(p - 1)).bit_length() - 1)(read_square_root(env.sample(30, s).prompt)[1])
                for s in range(30)]
    assert max(two_adic) >= 6, "some primes need many Tonelli-Shanks rounds"


def test_modular_square_root_accepts_any_order_and_refuses_near_misses():
    env = ModularSquareRoot()
    problem = next(p for p in (env.sample(15, s) for s in range(40)) if p.answer != "none")
    a, p = read_square_root(problem.prompt)
    r1, r2 = map(int, problem.answer.split())
    for form in (f"{r2} {r1}", f"x = {r1}, x = {r2}", f"{{{r2}, {r1}}}", f"{r1},{r2}"):
        assert judge(env, problem, form).correct, form
    assert "listed" in judge(env, problem, str(r1)).reason
    assert "twice" in judge(env, problem, f"{r1} {r1}").reason
    assert "not congruent" in judge(env, problem, f"{r1} {r2 + 1}").reason
    assert "between 0 and" in judge(env, problem, f"{r1} {r2 + p}").reason
    assert "has square roots" in judge(env, problem, "none").reason
    missing = next(p for p in (env.sample(15, s) for s in range(100)) if p.answer == "none")
    for form in ("none", "No solution", "\\emptyset"):
        assert judge(env, missing, form).correct, form
    assert not judge(env, missing, "0").correct and not judge(env, missing, "1").correct


# -- gcd sum (Pillai's function) -----------------------------------------------------------------


def test_gcd_sum_matches_sympy_and_brute_force():
    env = GcdSum()
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            match = re.search(r"Let n = (\d+) = ([0-9^* ]+)\. ", problem.prompt)
            n = int(match.group(1))
            assert read_factorisation(match.group(2)) == factorint(n) and n.bit_length() <= problem.size
            assert int(problem.answer) == sum(k * totient(n // k) for k in divisors(n))
            if n < 20_000:
                assert int(problem.answer) == sum(math.gcd(k, n) for k in range(1, n + 1))
    problem = env.sample(10, 0)
    assert judge(env, problem, f"P(n) = {problem.answer}").correct
    assert "gcd" in judge(env, problem, str(int(problem.answer) - 1)).reason


# -- Pisano period -------------------------------------------------------------------------------


def fibonacci_mod(n: int, m: int) -> tuple[int, int]:
    """(F_n, F_(n+1)) mod m by powers of the matrix [[1, 1], [1, 0]] (not the environment's fast doubling)."""
    result, power = ((1, 0), (0, 1)), ((1, 1), (1, 0))

    def times(x, y):
        return tuple(tuple(sum(x[i][k] * y[k][j] for k in range(2)) % m for j in range(2)) for i in range(2))

    while n:
        if n & 1:
            result = times(result, power)
        power, n = times(power, power), n >> 1
    return result[1][0], result[0][0]


def brute_pisano(m: int) -> int:
    a, b, k = 1, 1, 1
    while (a, b) != (0, 1):
        a, b, k = b, (a + b) % m, k + 1
    return k


def test_pisano_period_is_the_least_period():
    env = PisanoPeriod()
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            (m,) = numbers_after(problem.prompt, r"for m = (\d+):")
            period = int(problem.answer)
            if m < 5_000:
                assert period == brute_pisano(m)
            assert fibonacci_mod(period, m) == (0, 1)
            assert all(fibonacci_mod(period // r, m) != (0, 1) for r in factorint(period))


def test_pisano_period_reasons():
    env = PisanoPeriod()
    problem = env.sample(12, 2)
    period = int(problem.answer)
    assert judge(env, problem, f"\\pi(m) = {period}").correct
    twice = judge(env, problem, str(2 * period))
    assert not twice.correct and "also after fewer" in twice.reason
    assert "does not repeat" in judge(env, problem, str(period + 1)).reason
    assert "at least 1" in judge(env, problem, "0").reason


# -- best rational approximation -----------------------------------------------------------------


def read_approximation(prompt: str) -> tuple[Fraction, int]:
    limit, a, b = numbers_after(prompt, r"1 \u2264 q \u2264 (\d+), find the one closest to x = (\d+)/(\d+)\.")
    return Fraction(a, b), limit


def closest_by_continued_fraction(x: Fraction, limit: int) -> Fraction:
    """The closest of all convergents and semiconvergents of x (sympy's expansion) with denominator <= limit."""
    terms = continued_fraction(Rational(x.numerator, x.denominator))
    candidates = []
    p0, q0, p1, q1 = 0, 1, 1, 0
    for a in terms:
        for t in range(1, a + 1):
            if q0 + t * q1 > limit:
                break
            candidates.append(Fraction(p0 + t * p1, q0 + t * q1))
        p0, q0, p1, q1 = p1, q1, p0 + a * p1, q0 + a * q1
    return min(candidates, key=lambda f: (abs(x - f), f.denominator))


def closest_by_brute_force(x: Fraction, limit: int) -> Fraction:
    candidates = [Fraction(math.floor(x * q) + k, q) for q in range(1, limit + 1) for k in (0, 1)]
    return min(candidates, key=lambda f: (abs(x - f), f.denominator))


def test_best_rational_approximation_matches_continued_fractions_and_brute_force():
    env = BestRationalApproximation()
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            x, limit = read_approximation(problem.prompt)
            best = Fraction(problem.answer)
            assert best == closest_by_continued_fraction(x, limit)
            if limit <= 5_000:
                assert best == closest_by_brute_force(x, limit)


def test_best_rational_approximation_ties_go_to_the_smaller_denominator():
    env = BestRationalApproximation()
    ties = 0
    for seed in range(60):
        problem = env.sample(6, seed)
        x, limit = read_approximation(problem.prompt)
        best = Fraction(problem.answer)
        mirror = 2 * x - best  # the same distance on the other side
        if mirror.denominator <= limit:
            ties += 1
            assert mirror.denominator > best.denominator
            assert closest_by_brute_force(x, limit) == best
            verdict = judge(env, problem, f"{mirror.numerator}/{mirror.denominator}")
            assert not verdict.correct and "larger denominator" in verdict.reason
    assert ties >= 2


def test_best_rational_approximation_forms_and_near_misses():
    env = BestRationalApproximation()
    problem = env.sample(8, 3)
    x, limit = read_approximation(problem.prompt)
    best = Fraction(problem.answer)
    p, q = best.numerator, best.denominator
    for form in (f"{p}/{q}", f"\\frac{{{p}}}{{{q}}}", f"r = {p}/{q}", f"${p}/{q}$"):
        assert judge(env, problem, form).correct, form
    assert judge(env, problem, f"{2 * p}/{2 * q}").correct  # the same fraction, not in lowest terms
    assert "closer" in judge(env, problem, f"{p + 1}/{q}").reason
    assert "larger than N" in judge(env, problem, f"{x.numerator}/{x.denominator}").reason
    assert not judge(env, problem, f"{p}/{q} or {p + 1}/{q}").correct


# -- Pell equation -------------------------------------------------------------------------------


def test_pell_equation_matches_sympy():
    env = PellEquation()
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            (big_d,) = numbers_after(problem.prompt, r"x\^2 \u2212 (\d+)\u00b7y\^2 = 1")
            assert math.isqrt(big_d) ** 2 != big_d and big_d <= problem.size
            [(x, y)] = diop_DN(big_d, 1)
            assert problem.answer == f"{x} {y}"


def test_pell_equation_refuses_larger_solutions_and_near_misses():
    env = PellEquation()
    problem = env.sample(10, 1)
    x, y = map(int, problem.answer.split())
    big_d = problem.data["d"]
    for form in (f"{x} {y}", f"x = {x}, y = {y}", f"({x}, {y})"):
        assert judge(env, problem, form).correct, form
    second = (x * x + big_d * y * y, 2 * x * y)  # (x + y sqrt D)^2: a solution, not the smallest
    verdict = judge(env, problem, f"{second[0]} {second[1]}")
    assert not verdict.correct and "not the smallest" in verdict.reason
    assert "positive" in judge(env, problem, "1 0").reason
    assert "is not 1" in judge(env, problem, f"{x + 1} {y}").reason
    assert not judge(env, problem, f"{y} {x}").correct
    assert "two numbers" in judge(env, problem, str(x)).reason


# -- digit sums over a range ---------------------------------------------------------------------


def digit_sums_up_to(n: int) -> int:
    """s(1) + ... + s(n), place by place: full cycles above a place, then its partial cycle."""
    total, place = 0, 1
    while place <= n:
        high, digit, low = n // (place * 10), n // place % 10, n % place
        total += high * 45 * place + digit * (digit - 1) // 2 * place + digit * (low + 1)
        place *= 10
    return total


def test_digit_sum_range_matches_brute_force_and_a_place_by_place_count():
    env = DigitSumRange()
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            low, high = numbers_after(problem.prompt, r"over every integer n with (\d+) \u2264 n \u2264 (\d+)\.")
            assert low < high and len(str(high)) == problem.size
            assert int(problem.answer) == digit_sums_up_to(high) - digit_sums_up_to(low - 1)
            if high - low < 50_000:
                assert int(problem.answer) == sum(sum(map(int, str(n))) for n in range(low, high + 1))


def test_digit_sum_range_refuses_off_by_one_ranges():
    env = DigitSumRange()
    problem = env.sample(7, 0)
    low, high = numbers_after(problem.prompt, r"over every integer n with (\d+) \u2264 n \u2264 (\d+)\.")
    total = int(problem.answer)
    assert judge(env, problem, f"S = {total}").correct
    without_high = total - sum(map(int, str(high)))
    with_one_below = total + sum(map(int, str(low - 1)))
    for wrong in (without_high, with_one_below, total + 1):
        verdict = judge(env, problem, str(wrong))
        assert not verdict.correct and "digit sums" in verdict.reason
