"""Math pack: generation and verification throughput against the nearest reasoning-gym and RLVE-Gym tasks."""

from __future__ import annotations

from envs import Pair, compare

PAIRS = [
    Pair("math/multiplication", reasoning_gym="basic_arithmetic", rlve_gym="Multiplication"),
    Pair("math/long_division", rlve_gym="Division"),
    Pair("math/signed_sum", reasoning_gym="chain_sum"),
    Pair("math/gcd_lcm", reasoning_gym="gcd", rlve_gym="LCM"),
    Pair("math/bezout", rlve_gym="BezoutIdentity"),
    Pair("math/chinese_remainder", rlve_gym="CRT"),
    Pair("math/linear_congruence", rlve_gym="CongruentEquation"),
    Pair("math/prime_factorization", reasoning_gym="prime_factorization"),
    Pair("math/base_conversion", reasoning_gym="base_conversion"),
    Pair("math/fraction_arithmetic", reasoning_gym="fraction_simplification"),
    Pair("math/polynomial_expansion", reasoning_gym="polynomial_multiplication"),
    Pair("math/modular_exponentiation", reasoning_gym="power_function"),
    Pair("math/catalan_mod_prime", rlve_gym="CatalanNumberMod"),
    Pair("math/stirling_second_kind", rlve_gym="StirlingSecond"),
    Pair("math/linear_system", reasoning_gym="simple_equations", rlve_gym="GaussianElimination"),
    Pair("math/polynomial_roots", reasoning_gym="polynomial_equations"),
    Pair("math/dice_probability", reasoning_gym="dice"),
    Pair("math/discrete_logarithm", rlve_gym="DiscreteLogarithm"),
    Pair("math/convex_hull", rlve_gym="ConvexHull"),
    Pair("math/polynomial_interpolation", rlve_gym="PolynomialInterpolation"),
    Pair("math/polynomial_factorisation", rlve_gym="PolynomialFactorization"),
    Pair("math/polynomial_division", rlve_gym="PolynomialRemainder"),
    Pair("math/integer_program", rlve_gym="IntegerProgramming"),
    Pair("math/definite_integral", rlve_gym="Integral"),
    Pair("math/legendre_factorial_exponent", rlve_gym="FactorialTrailingZeroCount"),
    Pair("math/matrix_power_mod", rlve_gym="MatrixBinaryExponentiation"),
    Pair("math/totient_summatory", rlve_gym="SumPhiInterval"),
    Pair("math/lcm_sum", rlve_gym="SumLcm"),
    Pair("math/gcd_sum", rlve_gym="SumGcd"),
]


def run(report) -> None:
    compare(report, PAIRS)
