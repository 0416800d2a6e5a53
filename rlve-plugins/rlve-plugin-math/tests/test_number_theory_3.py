"""Number-theory environments of the third wave (sums of two squares, Legendre's formula, Lucas sequence gcds,
continued fractions of square roots, Farey neighbours, Mertens' function, digit-power cycles).

Each instance is rebuilt from its prompt text alone and solved with sympy or by brute force; then alternative
valid answers are accepted and near misses refused, with a reason."""

from __future__ import annotations

import math
import re
from fractions import Fraction

from math_test_helpers import SEEDS, judge, numbers_after
from sympy import Rational, divisors, factorial, factorint, fibonacci, mobius, multiplicity
from sympy.ntheory.continued_fraction import continued_fraction_periodic
from sympy.ntheory.digits import digits as sympy_digits

from rlve_plugin_math.environments.digit_power_cycle import DigitPowerCycle
from rlve_plugin_math.environments.farey_neighbours import FareyNeighbours
from rlve_plugin_math.environments.legendre_factorial_exponent import LegendreFactorialExponent
from rlve_plugin_math.environments.lucas_sequence_gcd import LucasSequenceGcd
from rlve_plugin_math.environments.mertens_function import MertensFunction
from rlve_plugin_math.environments.sqrt_continued_fraction import SqrtContinuedFraction
from rlve_plugin_math.environments.sum_of_two_squares import SumOfTwoSquares


def read_factorisation(text: str) -> dict[int, int]:
    factors = {}
    for token in text.split(" * "):
        base, _, exponent = token.partition("^")
        factors[int(base)] = int(exponent or 1)
    return factors


# -- sum of two squares --------------------------------------------------------------------------


def test_sum_of_two_squares_matches_divisor_formula_and_brute_force():
    env = SumOfTwoSquares()
    zeros = 0
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            match = re.search(r"Let n = (\d+)(?: = ([0-9^* ]+))?\.", problem.prompt)
            n = int(match.group(1))
            assert factorint(n) == (read_factorisation(match.group(2)) if match.group(2) else {n: 1})
            # Jacobi's r2 = 4 (d1 - d3), counted on sympy's divisors: independent of the factorisation formula.
            ones = sum(1 for q in divisors(n) if q % 4 == 1)
            threes = sum(1 for q in divisors(n) if q % 4 == 3)
            assert int(problem.answer) == 4 * (ones - threes)
            if n < 5000:
                brute = sum(1 for x in range(-71, 72) for y in range(-71, 72) if x * x + y * y == n)
                assert int(problem.answer) == brute
            zeros += problem.answer == "0"
    assert 0 < zeros < 20


def test_sum_of_two_squares_near_misses():
    env = SumOfTwoSquares()
    problem = next(p for p in (env.sample(10, s) for s in range(40)) if int(p.answer) > 0)
    count = int(problem.answer)
    assert judge(env, problem, f"r_2(n) = {count}").correct
    assert "sign" in judge(env, problem, str(count // 4)).reason
    assert not judge(env, problem, str(count + 4)).correct
    assert not judge(env, problem, f"{count}{count}").correct


# -- Legendre's formula --------------------------------------------------------------------------


def test_legendre_exponent_and_trailing_zeros_match_sympy():
    env = LegendreFactorialExponent()
    modes = set()
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            (n,) = numbers_after(problem.prompt, r"Let n = (\d+)\.")
            value = int(problem.answer)
            prime = re.search(r"exponent of the prime (\d+)", problem.prompt)
            if prime:
                modes.add("prime")
                p = int(prime.group(1))
                assert p in factorint(p)
                if n < 3000:
                    assert value == multiplicity(p, factorial(n))
                # (n - digit sum of n in base p) / (p - 1): another route to the same exponent.
                assert value == (n - sum(sympy_digits(n, p)[1:])) // (p - 1)
            else:
                modes.add("base")
                (b,) = numbers_after(problem.prompt, r"in base (\d+) \(")
                stated = re.search(r"where \d+ = ([0-9^* ]+)\)", problem.prompt).group(1)
                assert factorint(b) == read_factorisation(stated)
                if n < 3000:
                    assert value == multiplicity(b, factorial(n))
                else:
                    assert value == min(
                        (n - sum(sympy_digits(n, p)[1:])) // (p - 1) // e for p, e in factorint(b).items()
                    )
    assert modes == {"prime", "base"}


def test_legendre_near_misses():
    env = LegendreFactorialExponent()
    problem = env.sample(12, 1)
    value = int(problem.answer)
    assert judge(env, problem, f"k = {value}").correct
    assert "too large" in judge(env, problem, str(value + 1)).reason
    assert "too small" in judge(env, problem, str(value - 1)).reason
    assert not judge(env, problem, "-1").correct


# -- Lucas sequence gcd --------------------------------------------------------------------------


def read_lucas(prompt: str) -> tuple[int, int, int, int]:
    p, q = numbers_after(prompt, r"P = (\d+) and Q = (-?\d+) ")
    a, b = numbers_after(prompt, r"a = (\d+) and b = (\d+) ")
    return p, q, a, b


def lucas_terms(p: int, q: int, count: int) -> list[int]:
    terms = [0, 1]
    while len(terms) < count:
        terms.append(p * terms[-1] - q * terms[-2])
    return terms


def test_lucas_gcd_matches_exact_terms_and_divisibility():
    env = LucasSequenceGcd()
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            p, q, a, b = read_lucas(problem.prompt)
            value = int(problem.answer)
            if max(a, b) <= 3000:  # the terms themselves, exactly
                terms = lucas_terms(p, q, max(a, b) + 1)
                assert value == math.gcd(terms[a], terms[b])
            else:  # U_g divides U_a and U_b: their residues modulo it vanish (2x2 matrix powers)
                g = math.gcd(a, b)
                assert value == abs(lucas_terms(p, q, g + 1)[g])
                for index in (a, b):
                    assert lucas_mod(p, q, index, value) == 0
            if (p, q) == (1, -1):
                assert value == fibonacci(math.gcd(a, b))


def lucas_mod(p: int, q: int, n: int, m: int) -> int:
    """U_n mod m from [[P, -Q], [1, 0]]^n, whose lower-left entry is U_n."""
    result, base = ((1, 0), (0, 1)), ((p % m, -q % m), (1, 0))

    def mul(x, y):
        return tuple(tuple(sum(x[i][k] * y[k][j] for k in range(2)) % m for j in range(2)) for i in range(2))

    while n:
        if n & 1:
            result = mul(result, base)
        base, n = mul(base, base), n >> 1
    return result[1][0]


def test_lucas_gcd_near_misses():
    env = LucasSequenceGcd()
    problem = next(p for p in (env.sample(20, s) for s in range(50)) if int(p.answer) > 2)
    value = int(problem.answer)
    assert judge(env, problem, f"gcd = {value}").correct
    assert "negative" in judge(env, problem, str(-value)).reason
    assert not judge(env, problem, str(value + 1)).correct
    assert not judge(env, problem, "1").correct


# -- continued fraction of sqrt(n) ---------------------------------------------------------------


def test_sqrt_continued_fraction_matches_sympy():
    env = SqrtContinuedFraction()
    for d in (0, 1, 2, 3, 5, 6, 8, 10, 12):  # sympy's expansion slows down past n ~ 10^5
        for seed in SEEDS:
            problem = env.sample(d, seed)
            (n,) = numbers_after(problem.prompt, r"continued fraction of \u221a(\d+) is")
            a0, period = continued_fraction_periodic(0, 1, n)
            if d < 6:
                assert problem.answer == f"{a0}; " + ", ".join(map(str, period))
            else:
                assert int(problem.answer) == len(period)


def test_sqrt_continued_fraction_formats_and_near_misses():
    env = SqrtContinuedFraction()
    problem = env.sample(3, 2)
    (n,) = numbers_after(problem.prompt, r"continued fraction of \u221a(\d+) is")
    a0, period = continued_fraction_periodic(0, 1, n)
    body = ", ".join(map(str, period))
    for text in (f"[{a0}; {body}]", f"{a0}, {body}", f"[{a0}; \\overline{{{body}}}]"):
        assert judge(env, problem, text).correct, text
    assert "more than once" in judge(env, problem, f"{a0}; {body}, {body}").reason
    assert "a0" in judge(env, problem, f"{a0 + 1}; {body}").reason
    assert not judge(env, problem, f"{a0}; {body}, 1").correct
    later = env.sample(12, 0)
    assert not judge(env, later, str(int(later.answer) + 1)).correct
    assert not judge(env, later, str(2 * int(later.answer))).correct


# -- Farey neighbours ----------------------------------------------------------------------------


def read_farey(prompt: str) -> tuple[int, int, int]:
    return numbers_after(prompt, r"For N = (\d+), the fraction (\d+)/(\d+) is in it")


def test_farey_neighbours_by_brute_force_and_by_the_neighbour_criterion():
    env = FareyNeighbours()
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            n, a, b = read_farey(problem.prompt)
            left, right = (Rational(x) for x in problem.answer.split(", "))
            middle = Rational(a, b)
            if n <= 60:
                farey = sorted({Rational(p, q) for q in range(1, n + 1) for p in range(q + 1)})
                i = farey.index(middle)
                assert (left, right) == (farey[i - 1], farey[i + 1])
            # Consecutive in F_N exactly when the determinant is 1 and the denominators add up to more than N.
            for x, y in ((left, middle), (middle, right)):
                assert x.q <= n and y.p * x.q - x.p * y.q == 1 and x.q + y.q > n


def test_farey_neighbours_near_misses():
    env = FareyNeighbours()
    problem = env.sample(8, 3)
    n, a, b = read_farey(problem.prompt)
    left, right = (Fraction(x) for x in problem.answer.split(", "))
    assert judge(env, problem, f"\\frac{{{left.numerator}}}{{{left.denominator}}}, {right}").correct
    assert "wrong side" in judge(env, problem, f"{right}, {left}").reason
    mediant = Fraction(left.numerator + a, left.denominator + b)  # between them, but its denominator exceeds N
    assert "larger than N" in judge(env, problem, f"{mediant}, {right}").reason
    assert "between" in judge(env, problem, f"0/1, {right}").reason
    assert not judge(env, problem, f"{left}").correct


# -- Mertens' function ---------------------------------------------------------------------------


def test_mertens_matches_sympy_mobius():
    env = MertensFunction()
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            (n,) = numbers_after(problem.prompt, r"M\((\d+)\) =")
            assert int(problem.answer) == sum(mobius(k) for k in range(1, n + 1))


def test_mertens_near_misses():
    env = MertensFunction()
    problem = next(p for p in (env.sample(20, s) for s in range(50)) if int(p.answer) != 0)
    value = int(problem.answer)
    assert judge(env, problem, f"M = {value}").correct
    assert "sign" in judge(env, problem, str(-value)).reason
    assert not judge(env, problem, str(value + 1)).correct


# -- digit-power cycles --------------------------------------------------------------------------


def brute_orbit(start: int, k: int, steps: int) -> list[int]:
    terms = [start]
    for _ in range(steps):
        terms.append(sum(digit**k for digit in sympy_digits(terms[-1], 10)[1:]))
    return terms


def test_digit_power_cycle_by_brute_force():
    env = DigitPowerCycle()
    modes = set()
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            (start,) = numbers_after(problem.prompt, r"Let x_0 = (\d+) ")
            (k,) = numbers_after(problem.prompt, r"power k = (\d+) ")
            t = re.search(r"Find x_t for t = (\d+)\.", problem.prompt)
            terms = brute_orbit(start, k, 700)
            mu = next(i for i in range(700) if terms[i] in terms[i + 1 :])
            lam = terms[mu + 1 :].index(terms[mu]) + 1
            if t:
                modes.add("term")
                steps = int(t.group(1))
                index = steps if steps < 700 else mu + (steps - mu) % lam
                assert int(problem.answer) == terms[index]
            else:
                modes.add("shape")
                assert problem.answer == f"{mu}, {lam}"
    assert modes == {"term", "shape"}


def test_digit_power_cycle_near_misses():
    env = DigitPowerCycle()
    problem = next(p for p in (env.sample(1, s) for s in range(20)) if "Give" in p.prompt)
    mu, lam = (int(x) for x in problem.answer.split(", "))
    assert judge(env, problem, f"\u03bc = {mu}, \u03bb = {lam}").correct
    assert judge(env, problem, f"mu = {mu}; lambda = {lam}").correct
    assert not judge(env, problem, f"{lam}, {mu}").correct or mu == lam
    assert "mu" in judge(env, problem, f"{mu + 1}, {lam}").reason
    assert "lambda" in judge(env, problem, f"{mu}, {2 * lam}").reason
    assert not judge(env, problem, f"{mu}").correct
