"""The math environments, one module per environment, named after its id (``math/addition`` is
``addition.py``), and ``ENVIRONMENTS``: the one list the pack registers.

To add an environment: copy a module here (``addition.py`` is the simplest), give it a new ``id`` and
module name, and add its class to ``ENVIRONMENTS`` (kept sorted by id). Shared pieces (answer readers,
solvers, random generators, size limits) live one level up, in ``rlve_plugin_math``, not here.
"""

from __future__ import annotations

from rlve_plugin_math.environments.addition import Addition
from rlve_plugin_math.environments.base_conversion import BaseConversion
from rlve_plugin_math.environments.bezout import Bezout
from rlve_plugin_math.environments.binomial_mod_prime import BinomialModPrime
from rlve_plugin_math.environments.catalan_mod_prime import CatalanModPrime
from rlve_plugin_math.environments.chinese_remainder import ChineseRemainder
from rlve_plugin_math.environments.derangements_mod_prime import DerangementsModPrime
from rlve_plugin_math.environments.determinant import Determinant
from rlve_plugin_math.environments.dice_probability import DiceProbability
from rlve_plugin_math.environments.divisor_count import DivisorCount
from rlve_plugin_math.environments.euler_totient import EulerTotient
from rlve_plugin_math.environments.fraction_arithmetic import FractionArithmetic
from rlve_plugin_math.environments.gcd_lcm import GcdLcm
from rlve_plugin_math.environments.lattice_paths import LatticePaths
from rlve_plugin_math.environments.linear_congruence import LinearCongruence
from rlve_plugin_math.environments.linear_recurrence import LinearRecurrence
from rlve_plugin_math.environments.linear_system import LinearSystem
from rlve_plugin_math.environments.long_division import LongDivision
from rlve_plugin_math.environments.modular_exponentiation import ModularExponentiation
from rlve_plugin_math.environments.multiplication import Multiplication
from rlve_plugin_math.environments.polynomial_expansion import PolynomialExpansion
from rlve_plugin_math.environments.polynomial_roots import PolynomialRoots
from rlve_plugin_math.environments.prime_factorization import PrimeFactorization
from rlve_plugin_math.environments.signed_sum import SignedSum
from rlve_plugin_math.environments.stirling_second_kind import StirlingSecondKind

#: Every environment of the pack, sorted by id: the package's hook registers exactly these.
ENVIRONMENTS = [
    Addition,
    BaseConversion,
    Bezout,
    BinomialModPrime,
    CatalanModPrime,
    ChineseRemainder,
    DerangementsModPrime,
    Determinant,
    DiceProbability,
    DivisorCount,
    EulerTotient,
    FractionArithmetic,
    GcdLcm,
    LatticePaths,
    LinearCongruence,
    LinearRecurrence,
    LinearSystem,
    LongDivision,
    ModularExponentiation,
    Multiplication,
    PolynomialExpansion,
    PolynomialRoots,
    PrimeFactorization,
    SignedSum,
    StirlingSecondKind,
]
