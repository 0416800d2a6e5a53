"""rlve-plugin-logic: logic-puzzle environments for rlve. One environment per module, named after its id."""

from rlve import hookimpl
from rlve_plugin_logic.binario import Binario
from rlve_plugin_logic.boolean_circuit import BooleanCircuit
from rlve_plugin_logic.bridge_and_torch import BridgeAndTorch
from rlve_plugin_logic.countdown import Countdown
from rlve_plugin_logic.futoshiki import Futoshiki
from rlve_plugin_logic.kakurasu import Kakurasu
from rlve_plugin_logic.knights_knaves import KnightsKnaves
from rlve_plugin_logic.lights_out import LightsOut
from rlve_plugin_logic.make_target import MakeTarget
from rlve_plugin_logic.n_queens import NQueens
from rlve_plugin_logic.nonogram import Nonogram
from rlve_plugin_logic.propositional_entailment import PropositionalEntailment
from rlve_plugin_logic.river_crossing import RiverCrossing
from rlve_plugin_logic.sat import Sat
from rlve_plugin_logic.sliding_puzzle import SlidingPuzzle
from rlve_plugin_logic.sudoku import Sudoku
from rlve_plugin_logic.syllogisms import Syllogisms
from rlve_plugin_logic.tower_of_hanoi import TowerOfHanoi
from rlve_plugin_logic.two_sat import TwoSat
from rlve_plugin_logic.water_jugs import WaterJugs
from rlve_plugin_logic.zebra import Zebra

ENVIRONMENTS = [
    # grid puzzles with exactly one solution
    Sudoku,
    Futoshiki,
    Binario,
    Nonogram,
    Kakurasu,
    # constraint satisfaction with any valid solution
    NQueens,
    LightsOut,
    Sat,
    TwoSat,
    # deduction
    KnightsKnaves,
    Zebra,
    PropositionalEntailment,
    Syllogisms,
    BooleanCircuit,
    # arithmetic puzzles
    Countdown,
    MakeTarget,
    # shortest plans
    TowerOfHanoi,
    WaterJugs,
    SlidingPuzzle,
    BridgeAndTorch,
    RiverCrossing,
]


@hookimpl
def register_environments(register):
    for environment in ENVIRONMENTS:
        register(environment)
