"""The math environments, one module per environment, named after its id (``math/addition`` is
``addition.py``), and ``ENVIRONMENTS``: the one list the pack registers.

To add an environment: copy a module here (``addition.py`` is the simplest), give it a new ``id`` and
module name, and add its class to ``ENVIRONMENTS`` (kept sorted by id). Shared pieces (answer readers,
solvers, random generators, size limits) live one level up, in ``rlve_plugin_math``, not here.
"""

from __future__ import annotations

from rlve_plugin_math.environments.addition import Addition
from rlve_plugin_math.environments.base_conversion import BaseConversion
from rlve_plugin_math.environments.bayes_posterior import BayesPosterior
from rlve_plugin_math.environments.bell_numbers_mod_prime import BellNumbersModPrime
from rlve_plugin_math.environments.best_rational_approximation import BestRationalApproximation
from rlve_plugin_math.environments.bezout import Bezout
from rlve_plugin_math.environments.binary_strings_no_run import BinaryStringsNoRun
from rlve_plugin_math.environments.binomial_mod_prime import BinomialModPrime
from rlve_plugin_math.environments.bounded_compositions import BoundedCompositions
from rlve_plugin_math.environments.bounded_dyck_paths import BoundedDyckPaths
from rlve_plugin_math.environments.carmichael_lambda import CarmichaelLambda
from rlve_plugin_math.environments.catalan_mod_prime import CatalanModPrime
from rlve_plugin_math.environments.characteristic_polynomial import CharacteristicPolynomial
from rlve_plugin_math.environments.chinese_remainder import ChineseRemainder
from rlve_plugin_math.environments.circle_lattice_points import CircleLatticePoints
from rlve_plugin_math.environments.convex_hull import ConvexHull
from rlve_plugin_math.environments.coupon_collector import CouponCollector
from rlve_plugin_math.environments.definite_integral import DefiniteIntegral
from rlve_plugin_math.environments.delannoy_numbers import DelannoyNumbers
from rlve_plugin_math.environments.derangements_mod_prime import DerangementsModPrime
from rlve_plugin_math.environments.determinant import Determinant
from rlve_plugin_math.environments.dice_probability import DiceProbability
from rlve_plugin_math.environments.digit_power_cycle import DigitPowerCycle
from rlve_plugin_math.environments.digit_sum_range import DigitSumRange
from rlve_plugin_math.environments.discrete_logarithm import DiscreteLogarithm
from rlve_plugin_math.environments.divisor_count import DivisorCount
from rlve_plugin_math.environments.divisor_sigma import DivisorSigma
from rlve_plugin_math.environments.egyptian_fraction_greedy import EgyptianFractionGreedy
from rlve_plugin_math.environments.euler_totient import EulerTotient
from rlve_plugin_math.environments.eulerian_numbers import EulerianNumbers
from rlve_plugin_math.environments.expected_rolls import ExpectedRolls
from rlve_plugin_math.environments.farey_neighbours import FareyNeighbours
from rlve_plugin_math.environments.fraction_arithmetic import FractionArithmetic
from rlve_plugin_math.environments.gamblers_ruin import GamblersRuin
from rlve_plugin_math.environments.gcd_lcm import GcdLcm
from rlve_plugin_math.environments.gcd_sum import GcdSum
from rlve_plugin_math.environments.geometric_series import GeometricSeries
from rlve_plugin_math.environments.inclusion_exclusion import InclusionExclusion
from rlve_plugin_math.environments.integer_partitions import IntegerPartitions
from rlve_plugin_math.environments.integer_program import IntegerProgram
from rlve_plugin_math.environments.jacobi_symbol import JacobiSymbol
from rlve_plugin_math.environments.lattice_paths import LatticePaths
from rlve_plugin_math.environments.lattice_points_pick import LatticePointsPick
from rlve_plugin_math.environments.lcm_sum import LcmSum
from rlve_plugin_math.environments.legendre_factorial_exponent import LegendreFactorialExponent
from rlve_plugin_math.environments.linear_congruence import LinearCongruence
from rlve_plugin_math.environments.linear_diophantine_count import LinearDiophantineCount
from rlve_plugin_math.environments.linear_recurrence import LinearRecurrence
from rlve_plugin_math.environments.linear_system import LinearSystem
from rlve_plugin_math.environments.linear_system_mod_prime import LinearSystemModPrime
from rlve_plugin_math.environments.long_division import LongDivision
from rlve_plugin_math.environments.lucas_sequence_gcd import LucasSequenceGcd
from rlve_plugin_math.environments.markov_absorption import MarkovAbsorption
from rlve_plugin_math.environments.matrix_inverse import MatrixInverse
from rlve_plugin_math.environments.matrix_power_mod import MatrixPowerMod
from rlve_plugin_math.environments.matrix_rank_mod_prime import MatrixRankModPrime
from rlve_plugin_math.environments.mertens_function import MertensFunction
from rlve_plugin_math.environments.modular_exponentiation import ModularExponentiation
from rlve_plugin_math.environments.modular_square_root import ModularSquareRoot
from rlve_plugin_math.environments.motzkin_numbers import MotzkinNumbers
from rlve_plugin_math.environments.multiplication import Multiplication
from rlve_plugin_math.environments.multiplicative_order import MultiplicativeOrder
from rlve_plugin_math.environments.necklace_colourings import NecklaceColourings
from rlve_plugin_math.environments.null_space import NullSpace
from rlve_plugin_math.environments.optimal_stopping_dice import OptimalStoppingDice
from rlve_plugin_math.environments.partial_fractions import PartialFractions
from rlve_plugin_math.environments.pattern_waiting_time import PatternWaitingTime
from rlve_plugin_math.environments.pell_equation import PellEquation
from rlve_plugin_math.environments.permutations_by_cycle_type import PermutationsByCycleType
from rlve_plugin_math.environments.permutations_by_inversions import PermutationsByInversions
from rlve_plugin_math.environments.pisano_period import PisanoPeriod
from rlve_plugin_math.environments.point_in_polygon import PointInPolygon
from rlve_plugin_math.environments.polygon_area import PolygonArea
from rlve_plugin_math.environments.polynomial_composition import PolynomialComposition
from rlve_plugin_math.environments.polynomial_division import PolynomialDivision
from rlve_plugin_math.environments.polynomial_expansion import PolynomialExpansion
from rlve_plugin_math.environments.polynomial_factorisation import PolynomialFactorisation
from rlve_plugin_math.environments.polynomial_gcd import PolynomialGcd
from rlve_plugin_math.environments.polynomial_inequality_count import PolynomialInequalityCount
from rlve_plugin_math.environments.polynomial_interpolation import PolynomialInterpolation
from rlve_plugin_math.environments.polynomial_power_mod import PolynomialPowerMod
from rlve_plugin_math.environments.polynomial_roots import PolynomialRoots
from rlve_plugin_math.environments.power_sum import PowerSum
from rlve_plugin_math.environments.power_sums_of_roots import PowerSumsOfRoots
from rlve_plugin_math.environments.prime_factorization import PrimeFactorization
from rlve_plugin_math.environments.primitive_root import PrimitiveRoot
from rlve_plugin_math.environments.rational_function_reduce import RationalFunctionReduce
from rlve_plugin_math.environments.rational_limit import RationalLimit
from rlve_plugin_math.environments.recurrence_from_terms import RecurrenceFromTerms
from rlve_plugin_math.environments.reduced_row_echelon_form import ReducedRowEchelonForm
from rlve_plugin_math.environments.repeating_decimal import RepeatingDecimal
from rlve_plugin_math.environments.restricted_compositions import RestrictedCompositions
from rlve_plugin_math.environments.resultant import Resultant
from rlve_plugin_math.environments.rook_placements import RookPlacements
from rlve_plugin_math.environments.roots_mod_prime import RootsModPrime
from rlve_plugin_math.environments.segment_intersection import SegmentIntersection
from rlve_plugin_math.environments.signed_sum import SignedSum
from rlve_plugin_math.environments.sqrt_continued_fraction import SqrtContinuedFraction
from rlve_plugin_math.environments.stirling_first_kind import StirlingFirstKind
from rlve_plugin_math.environments.stirling_second_kind import StirlingSecondKind
from rlve_plugin_math.environments.sum_of_two_squares import SumOfTwoSquares
from rlve_plugin_math.environments.surd_minimal_polynomial import SurdMinimalPolynomial
from rlve_plugin_math.environments.surjections_mod_prime import SurjectionsModPrime
from rlve_plugin_math.environments.taxicab_median import TaxicabMedian
from rlve_plugin_math.environments.taylor_coefficient import TaylorCoefficient
from rlve_plugin_math.environments.telescoping_sum import TelescopingSum
from rlve_plugin_math.environments.totient_summatory import TotientSummatory
from rlve_plugin_math.environments.transformed_roots_polynomial import TransformedRootsPolynomial
from rlve_plugin_math.environments.triangle_centre import TriangleCentre
from rlve_plugin_math.environments.urn_draws import UrnDraws

#: Every environment of the pack, sorted by id: the package's hook registers exactly these.
ENVIRONMENTS = [
    Addition,
    BaseConversion,
    BayesPosterior,
    BellNumbersModPrime,
    BestRationalApproximation,
    Bezout,
    BinaryStringsNoRun,
    BinomialModPrime,
    BoundedCompositions,
    BoundedDyckPaths,
    CarmichaelLambda,
    CatalanModPrime,
    CharacteristicPolynomial,
    ChineseRemainder,
    CircleLatticePoints,
    ConvexHull,
    CouponCollector,
    DefiniteIntegral,
    DelannoyNumbers,
    DerangementsModPrime,
    Determinant,
    DiceProbability,
    DigitPowerCycle,
    DigitSumRange,
    DiscreteLogarithm,
    DivisorCount,
    DivisorSigma,
    EgyptianFractionGreedy,
    EulerTotient,
    EulerianNumbers,
    ExpectedRolls,
    FareyNeighbours,
    FractionArithmetic,
    GamblersRuin,
    GcdLcm,
    GcdSum,
    GeometricSeries,
    InclusionExclusion,
    IntegerPartitions,
    IntegerProgram,
    JacobiSymbol,
    LatticePaths,
    LatticePointsPick,
    LcmSum,
    LegendreFactorialExponent,
    LinearCongruence,
    LinearDiophantineCount,
    LinearRecurrence,
    LinearSystem,
    LinearSystemModPrime,
    LongDivision,
    LucasSequenceGcd,
    MarkovAbsorption,
    MatrixInverse,
    MatrixPowerMod,
    MatrixRankModPrime,
    MertensFunction,
    ModularExponentiation,
    ModularSquareRoot,
    MotzkinNumbers,
    Multiplication,
    MultiplicativeOrder,
    NecklaceColourings,
    NullSpace,
    OptimalStoppingDice,
    PartialFractions,
    PatternWaitingTime,
    PellEquation,
    PermutationsByCycleType,
    PermutationsByInversions,
    PisanoPeriod,
    PointInPolygon,
    PolygonArea,
    PolynomialComposition,
    PolynomialDivision,
    PolynomialExpansion,
    PolynomialFactorisation,
    PolynomialGcd,
    PolynomialInequalityCount,
    PolynomialInterpolation,
    PolynomialPowerMod,
    PolynomialRoots,
    PowerSum,
    PowerSumsOfRoots,
    PrimeFactorization,
    PrimitiveRoot,
    RationalFunctionReduce,
    RationalLimit,
    RecurrenceFromTerms,
    ReducedRowEchelonForm,
    RepeatingDecimal,
    RestrictedCompositions,
    Resultant,
    RookPlacements,
    RootsModPrime,
    SegmentIntersection,
    SignedSum,
    SqrtContinuedFraction,
    StirlingFirstKind,
    StirlingSecondKind,
    SumOfTwoSquares,
    SurdMinimalPolynomial,
    SurjectionsModPrime,
    TaxicabMedian,
    TaylorCoefficient,
    TelescopingSum,
    TotientSummatory,
    TransformedRootsPolynomial,
    TriangleCentre,
    UrnDraws,
]
