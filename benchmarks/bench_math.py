"""Math pack: generation and verification throughput against the nearest reasoning-gym and RLVE-Gym tasks, each
peer configured to the size of our problem at each level (``envs.py`` says how): digits, terms, degrees.
"""

from __future__ import annotations

from envs import Pair, compare


def _digits(number) -> int:
    return len(str(abs(int(number))))


def _multiplication_rg(p):
    # Our size is the digits of both factors together; reasoning-gym gives each term min..max digits.
    first = p.size - p.size // 2
    return {
        "min_terms": 2,
        "max_terms": 2,
        "min_digits": p.size // 2,
        "max_digits": first,
        "operators": ("*",),
        "allow_parentheses": False,
        "allow_negation": False,
    }


def _division_gym(p):
    divisor = _digits(p.data["b"])
    return {"divisor_digit_num": divisor, "answer_digit_num": max(1, _digits(p.data["a"]) - divisor + 1)}


def _chain_sum_rg(p):
    largest = max(1, p.difficulty // 3 + 1)  # digits per term: up to 1 + d // 3 (the environment's scale)
    return {"min_terms": p.size, "max_terms": p.size, "min_digits": 1, "max_digits": largest}


def _gcd_rg(p):
    return {
        "min_numbers": len(p.data["numbers"]),
        "max_numbers": len(p.data["numbers"]),
        "max_value": 10 ** p.size - 1,
    }


def _dice_rg(p):
    # The problem keeps only the probability: dice 2 + d // 2 and faces 4 + (d + 1) // 2 are the environment's scale.
    return {"num_dice": 2 + p.difficulty // 2, "max_dice_size": 4 + (p.difficulty + 1) // 2}


PAIRS = [
    Pair(
        "math/multiplication",
        reasoning_gym="basic_arithmetic",
        rlve_gym="Multiplication",
        rg_size=_multiplication_rg,
        gym_size=lambda p: {"digit_num": p.size - p.size // 2},
    ),
    Pair("math/long_division", rlve_gym="Division", gym_size=_division_gym),
    Pair("math/signed_sum", reasoning_gym="chain_sum", rg_size=_chain_sum_rg),
    Pair(
        "math/gcd_lcm",
        reasoning_gym="gcd",
        rlve_gym="LCM",
        rg_size=_gcd_rg,
        gym_size=lambda p: {"MAX_a_b": 10 ** p.size - 1},
    ),
    Pair("math/bezout", rlve_gym="BezoutIdentity", gym_size=lambda p: {"N": 2, "MAX_A": 10 ** p.size - 1}),
    Pair(
        "math/chinese_remainder",
        rlve_gym="CRT",
        gym_size=lambda p: {"MAX_X": int(p.data["modulus"]), "M": len(p.data["moduli"])},
    ),
    Pair("math/linear_congruence", rlve_gym="CongruentEquation", gym_size=lambda p: {"MAX_A_B": int(p.data["m"])}),
    Pair(
        "math/prime_factorization",
        reasoning_gym="prime_factorization",
        rg_size=lambda p: {"min_value": 2, "max_value": 2**p.size - 1},
    ),
    Pair(
        "math/base_conversion",
        reasoning_gym="base_conversion",
        rg_size=lambda p: {"min_value": 2 ** (p.size - 1), "max_value": 2**p.size - 1},
    ),
    Pair(
        "math/fraction_arithmetic",
        reasoning_gym="fraction_simplification",
        rg_size="reasoning-gym simplifies one fraction; ours evaluates an expression of 2 + d // 2 fractions",
    ),
    Pair(
        "math/polynomial_expansion",
        reasoning_gym="polynomial_multiplication",
        rg_size=lambda p: {
            "min_polynomials": 2,
            "max_polynomials": 2,
            "min_degree": p.size // 2,
            "max_degree": p.size - p.size // 2,
        },
    ),
    Pair(
        "math/modular_exponentiation",
        reasoning_gym="power_function",
        rg_size="reasoning-gym's power_function is a floating-point power, not modular exponentiation",
    ),
    Pair("math/catalan_mod_prime", rlve_gym="CatalanNumberMod", gym_size=lambda p: {"MAX_N": int(p.data["n"])}),
    Pair(
        "math/stirling_second_kind",
        rlve_gym="StirlingSecond",
        gym_size=lambda p: {"MAX_N": p.data["n"], "MAX_R": p.data["k"]},
    ),
    Pair(
        "math/linear_system",
        reasoning_gym="simple_equations",
        rlve_gym="GaussianElimination",
        rg_size="reasoning-gym's simple_equations is one equation in one unknown; ours a system of 2 + d // 5",
        gym_size=lambda p: {"N": len(p.data["solution"]), "M": len(p.data["matrix"])},
    ),
    Pair(
        "math/polynomial_roots",
        reasoning_gym="polynomial_equations",
        rg_size=lambda p: {"min_degree": p.data["degree"], "max_degree": p.data["degree"]},
    ),
    Pair("math/dice_probability", reasoning_gym="dice", rg_size=_dice_rg),
    Pair("math/discrete_logarithm", rlve_gym="DiscreteLogarithm", gym_size=lambda p: {"MAX_Z": int(p.data["p"])}),
    Pair("math/convex_hull", rlve_gym="ConvexHull", gym_size=lambda p: {"N": len(p.data["points"])}),
    Pair(
        "math/polynomial_interpolation",
        rlve_gym="PolynomialInterpolation",
        gym_size=lambda p: {"N": len(p.data["coefficients"]) - 1},
    ),
    Pair(
        "math/polynomial_factorisation",
        rlve_gym="PolynomialFactorization",
        gym_size=lambda p: {"N": len(p.data["polynomial"]) - 1},
    ),
    Pair(
        "math/polynomial_division",
        rlve_gym="PolynomialRemainder",
        gym_size=lambda p: {"N": p.data["degree"], "M": len(p.data["quotient"]) - 1},
    ),
    Pair(
        "math/integer_program",
        rlve_gym="IntegerProgramming",
        gym_size=lambda p: {"N": len(p.data["objective"]), "M": len(p.data["rows"])},
    ),
    Pair(
        "math/definite_integral",
        rlve_gym="Integral",
        gym_size="RLVE-Gym's Integral draws a random expression tree (node_num); ours integrates polynomials",
    ),
    Pair(
        "math/legendre_factorial_exponent",
        rlve_gym="FactorialTrailingZeroCount",
        gym_size="RLVE-Gym's MAX_N_K bounds n and the base together; ours sizes n (6 + 2d bits) and the base apart",
    ),
    Pair("math/matrix_power_mod", rlve_gym="MatrixBinaryExponentiation"),
    Pair("math/totient_summatory", rlve_gym="SumPhiInterval"),
    Pair("math/lcm_sum", rlve_gym="SumLcm"),
    Pair("math/gcd_sum", rlve_gym="SumGcd"),
]


def run(report) -> None:
    compare(report, PAIRS)
