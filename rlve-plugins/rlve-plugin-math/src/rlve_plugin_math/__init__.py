"""rlve-plugin-math: arithmetic, number theory, combinatorics, algebra and linear algebra environments.

One environment per module, named after its id; shared pieces live in ``numbers`` (answer readers),
``scaling`` (the level cap and digit limits; the difficulty curves are core's ``rlve.scaling``), ``primes``,
``combinatorics``, ``polynomials``, ``factorisations`` and ``linalg``.
"""

from rlve import hookimpl
from rlve_plugin_math.addition import Addition
from rlve_plugin_math.base_conversion import BaseConversion
from rlve_plugin_math.bezout import Bezout
from rlve_plugin_math.binomial_mod_prime import BinomialModPrime
from rlve_plugin_math.catalan_mod_prime import CatalanModPrime
from rlve_plugin_math.chinese_remainder import ChineseRemainder
from rlve_plugin_math.derangements_mod_prime import DerangementsModPrime
from rlve_plugin_math.determinant import Determinant
from rlve_plugin_math.dice_probability import DiceProbability
from rlve_plugin_math.divisor_count import DivisorCount
from rlve_plugin_math.euler_totient import EulerTotient
from rlve_plugin_math.fraction_arithmetic import FractionArithmetic
from rlve_plugin_math.gcd_lcm import GcdLcm
from rlve_plugin_math.lattice_paths import LatticePaths
from rlve_plugin_math.linear_congruence import LinearCongruence
from rlve_plugin_math.linear_recurrence import LinearRecurrence
from rlve_plugin_math.linear_system import LinearSystem
from rlve_plugin_math.long_division import LongDivision
from rlve_plugin_math.modular_exponentiation import ModularExponentiation
from rlve_plugin_math.multiplication import Multiplication
from rlve_plugin_math.polynomial_expansion import PolynomialExpansion
from rlve_plugin_math.polynomial_roots import PolynomialRoots
from rlve_plugin_math.prime_factorization import PrimeFactorization
from rlve_plugin_math.signed_sum import SignedSum
from rlve_plugin_math.stirling_second_kind import StirlingSecondKind

ENVIRONMENTS = [
    # arithmetic
    Addition,
    Multiplication,
    LongDivision,
    SignedSum,
    FractionArithmetic,
    BaseConversion,
    # number theory
    ModularExponentiation,
    GcdLcm,
    Bezout,
    ChineseRemainder,
    LinearCongruence,
    PrimeFactorization,
    EulerTotient,
    DivisorCount,
    # combinatorics and probability
    BinomialModPrime,
    CatalanModPrime,
    DerangementsModPrime,
    StirlingSecondKind,
    LatticePaths,
    DiceProbability,
    # algebra
    PolynomialRoots,
    PolynomialExpansion,
    LinearRecurrence,
    # linear algebra
    LinearSystem,
    Determinant,
]


@hookimpl
def register_environments(register):
    for environment in ENVIRONMENTS:
        register(environment)
