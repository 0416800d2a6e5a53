"""Number-theory environments: references recomputed by brute force or independent methods, every valid
answer accepted (any Bezout pair, any order of solutions or factors), wrong answers refused with a reason."""

from __future__ import annotations

import math
import random

from math_test_helpers import SEEDS, judge

from rlve.testing import cpu_timer
from rlve_plugin_math.environments.bezout import Bezout
from rlve_plugin_math.environments.chinese_remainder import ChineseRemainder
from rlve_plugin_math.environments.divisor_count import DivisorCount
from rlve_plugin_math.environments.euler_totient import EulerTotient
from rlve_plugin_math.environments.gcd_lcm import GcdLcm
from rlve_plugin_math.environments.linear_congruence import LinearCongruence
from rlve_plugin_math.environments.modular_exponentiation import ModularExponentiation
from rlve_plugin_math.environments.prime_factorization import PrimeFactorization


def trial_factor(n: int) -> dict[int, int]:
    factors: dict[int, int] = {}
    p = 2
    while p * p <= n:
        while n % p == 0:
            factors[p] = factors.get(p, 0) + 1
            n //= p
        p += 1
    if n > 1:
        factors[n] = factors.get(n, 0) + 1
    return factors


# -- modular exponentiation ----------------------------------------------------------------------


def test_modular_exponentiation_reference_and_range():
    env = ModularExponentiation()
    for d in range(0, 31, 5):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            a, e, m = (
                int(x) for x in problem.prompt.split(",")[0].replace("Compute ", "").replace(" mod ", "^").split("^")
            )
            assert pow(a, e, m) == int(problem.answer)
    problem = env.sample(10, 0)
    m, value = int(problem.data["m"]), int(problem.answer)
    congruent = judge(env, problem, str(value + m))
    assert not congruent.correct and "between 0 and" in congruent.reason
    assert "not the remainder" in judge(env, problem, str((value + 1) % m)).reason
    assert judge(env, problem, f"$ {value} $").correct


# -- gcd and lcm ---------------------------------------------------------------------------------


def test_gcd_lcm_reference_and_reasons():
    env = GcdLcm()
    for d in range(0, 31, 3):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            numbers = [int(n) for n in problem.data["numbers"]]
            assert problem.answer == f"{math.gcd(*numbers)} {math.lcm(*numbers)}"
            assert all(n in problem.prompt for n in problem.data["numbers"])
    problem = env.sample(20, 1)
    g, lcm = problem.answer.split()
    assert int(g) > 1, "numbers share a factor by construction"
    assert judge(env, problem, f"gcd = {g}, lcm = {lcm}").correct
    assert judge(env, problem, f"{g}, {lcm}").correct
    assert "gcd is wrong" in judge(env, problem, f"{lcm} {g}").reason
    assert "lcm is wrong" in judge(env, problem, f"{g} {int(lcm) * 2}").reason
    assert "expected two numbers" in judge(env, problem, g).reason


# -- Bezout --------------------------------------------------------------------------------------


def test_bezout_accepts_every_valid_pair():
    env = Bezout()
    for d in (0, 5, 20, 30):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            a, b = int(problem.data["a"]), int(problem.data["b"])
            g, x, y = map(int, problem.answer.split())
            assert g == math.gcd(a, b) and a * x + b * y == g
            for t in (1, -1, 7, -123):
                other = f"{g} {x + t * (b // g)} {y - t * (a // g)}"
                assert judge(env, problem, other).correct, other
            assert judge(env, problem, f"g = {g}, x = {x}, y = {y}").correct
    problem = env.sample(12, 0)
    g, x, y = map(int, problem.answer.split())
    assert "not gcd" in judge(env, problem, f"{g * 2} {2 * x} {2 * y}").reason
    assert "does not equal g" in judge(env, problem, f"{g} {x + 1} {y}").reason
    assert "expected three numbers" in judge(env, problem, f"{x} {y}").reason
    assert not judge(env, problem, f"{g} {y} {x}").correct or x == y


def test_bezout_gcd_is_often_above_one():
    env = Bezout()
    shared = sum(int(env.sample(20, s).answer.split()[0]) > 1 for s in range(40))
    assert 10 <= shared <= 39


# -- Chinese remainder theorem -------------------------------------------------------------------


def test_chinese_remainder_reference_is_the_smallest_solution():
    env = ChineseRemainder()
    for d in range(0, 31, 2):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            moduli = [int(m) for m in problem.data["moduli"]]
            residues = [int(r) for r in problem.data["residues"]]
            x = int(problem.answer)
            assert all(x % m == r for m, r in zip(moduli, residues))
            assert 0 <= x < math.lcm(*moduli) == int(problem.data["modulus"])
            if "pairwise coprime" in problem.prompt:
                assert all(math.gcd(a, b) == 1 for i, a in enumerate(moduli) for b in moduli[i + 1 :])
            if math.lcm(*moduli) < 10**5:  # brute force: nothing smaller works
                assert not any(all(y % m == r for m, r in zip(moduli, residues)) for y in range(x))


def test_chinese_remainder_reasons():
    env = ChineseRemainder()
    problem = env.sample(15, 3)
    x, modulus = int(problem.answer), int(problem.data["modulus"])
    larger = judge(env, problem, str(x + modulus))
    assert not larger.correct and "not the smallest" in larger.reason
    assert " mod " in judge(env, problem, str(x + 1)).reason
    assert judge(env, problem, f"x = {x}").correct


def test_chinese_remainder_sometimes_has_moduli_sharing_factors():
    env = ChineseRemainder()
    problems = [env.sample(12, s) for s in range(40)]
    shared = [p for p in problems if math.prod(int(m) for m in p.data["moduli"]) != int(p.data["modulus"])]
    assert shared and all("not necessarily coprime" in p.prompt for p in shared)


# -- linear congruences --------------------------------------------------------------------------


def test_linear_congruence_solutions_match_brute_force():
    env = LinearCongruence()
    for d in range(0, 5):
        for seed in range(6):
            problem = env.sample(d, seed)
            a, b, m = (int(problem.data[k]) for k in "abm")
            brute = [x for x in range(m) if (a * x - b) % m == 0]
            expected = " ".join(map(str, brute)) if brute else "none"
            assert problem.answer == expected


def test_linear_congruence_accepts_any_order_and_named_items():
    env = LinearCongruence()
    problem = next(p for p in (env.sample(12, s) for s in range(100)) if p.data["count"] >= 3)
    solutions = problem.answer.split()
    assert judge(env, problem, " ".join(reversed(solutions))).correct
    assert judge(env, problem, ", ".join(f"x = {s}" for s in solutions)).correct
    assert judge(env, problem, "{" + ", ".join(solutions) + "}").correct
    missing = judge(env, problem, " ".join(solutions[:-1]))
    assert not missing.correct and "listed" in missing.reason
    assert "twice" in judge(env, problem, " ".join([*solutions[:-1], solutions[0]])).reason
    assert "not a solution" in judge(env, problem, " ".join([*solutions[:-1], str(int(solutions[-1]) + 1)])).reason
    assert "has solutions" in judge(env, problem, "none").reason
    m = int(problem.data["m"])
    shifted = judge(env, problem, " ".join([*solutions[:-1], str(int(solutions[-1]) + m)]))
    assert not shifted.correct and "between 0 and" in shifted.reason
    assert not judge(env, problem, " ".join([*solutions, *solutions])).correct


def test_linear_congruence_without_solutions_wants_none():
    env = LinearCongruence()
    problem = next(p for p in (env.sample(20, s) for s in range(200)) if p.data["count"] == 0)
    for form in ("none", "None.", "no solutions", "No solution", "\\emptyset", "$\\varnothing$", "{}"):
        assert judge(env, problem, form).correct, form
    assert not judge(env, problem, "0").correct
    rate = sum(env.sample(20, s).data["count"] == 0 for s in range(300)) / 300
    assert 0.02 < rate < 0.2, "'none' must be neither absent nor a good blind guess"


# -- factorisation, totient, divisors ------------------------------------------------------------


def test_prime_factorization_reference_is_the_factorisation():
    env = PrimeFactorization()
    for d in range(0, 12):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            n = int(problem.data["n"])
            assert {int(p): e for p, e in problem.data["factors"]} == trial_factor(n)
            assert n.bit_length() <= problem.size


def test_prime_factorization_accepts_every_way_of_writing_it():
    env = PrimeFactorization()
    problem = next(p for p in (env.sample(10, s) for s in range(100)) if any(e > 1 for _, e in p.data["factors"]))
    factors = [(int(p), e) for p, e in problem.data["factors"]]
    n = problem.data["n"]
    flat = [str(p) for p, e in factors for _ in range(e)]
    shuffled = factors[:]
    random.Random(0).shuffle(shuffled)
    forms = [
        problem.answer,
        " * ".join(flat),
        " ".join(flat),
        " \\cdot ".join(f"{p}^{{{e}}}" for p, e in factors),
        " \u00d7 ".join(f"{p}^{e}" for p, e in shuffled),
        "*".join(f"{p}^{e}" for p, e in factors),
        f"{n} = {problem.answer}",
        f"n = {problem.answer}",
        f"${problem.answer}$",
        " * ".join(f"{p} ^ {e}" for p, e in factors),
    ]
    for form in forms:
        assert judge(env, problem, form).correct, form


def test_prime_factorization_wrong_answers_and_reasons():
    env = PrimeFactorization()
    problem = next(p for p in (env.sample(10, s) for s in range(100)) if len(p.data["factors"]) >= 3)
    factors = [(int(p), e) for p, e in problem.data["factors"]]
    (p1, e1), (p2, e2), *rest = factors
    tail = [f"{p}^{e}" for p, e in rest]
    merged = " * ".join([f"{p1 * p2}", f"{p1}^{e1 - 1}" if e1 > 1 else "", f"{p2}^{e2 - 1}" if e2 > 1 else "", *tail])
    merged = " * ".join(part for part in merged.split(" * ") if part)
    assert "is not prime" in judge(env, problem, merged).reason
    assert "missing" in judge(env, problem, " * ".join(tail + [f"{p1}^{e1}"])).reason
    assert "wrong exponent" in judge(env, problem, " * ".join([f"{p1}^{e1 + 1}", f"{p2}^{e2}", *tail])).reason
    stranger = next(q for q in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31) if q not in dict(factors))
    assert "does not divide" in judge(env, problem, f"{problem.answer} * {stranger}").reason
    assert not judge(env, problem, problem.answer + " * 1000003").format_ok  # longer than any factor of n
    assert "not a prime" in judge(env, problem, "1 * " + problem.answer).reason
    assert "at least 1" in judge(env, problem, problem.answer + " * 7^0").reason
    with cpu_timer() as spent:  # refused from the exponents alone, never computed
        huge = judge(env, problem, f"{p1}^999999 * {p2}^999999")
    assert not huge.correct and spent.cpu < 0.05, spent


def test_euler_totient_matches_an_independent_computation():
    env = EulerTotient()
    for d in range(0, 12):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            n = int(problem.data["n"])
            phi = n
            for p in trial_factor(n):
                phi = phi // p * (p - 1)
            assert int(problem.answer) == phi
            if n < 5000:
                assert phi == sum(math.gcd(k, n) == 1 for k in range(1, n + 1))
    problem = env.sample(9, 0)
    assert judge(env, problem, f"\\phi(n) = {problem.answer}").correct
    assert judge(env, problem, f"\u03c6({problem.data['n']}) = {problem.answer}").correct
    assert "not \u03c6" in judge(env, problem, str(int(problem.answer) + 2)).reason


def test_divisor_count_matches_brute_force():
    env = DivisorCount()
    for d in range(0, 12):
        for seed in SEEDS:
            problem = env.sample(d, seed)
            n = int(problem.data["n"])
            assert int(problem.answer) == math.prod(e + 1 for e in trial_factor(n).values())
            if n < 10**6:
                assert int(problem.answer) == sum(n % k == 0 for k in range(1, n + 1))
    problem = env.sample(20, 2)
    assert "not the number of divisors" in judge(env, problem, str(int(problem.answer) - 1)).reason
    assert judge(env, problem, f"d(n) = {problem.answer}").correct
