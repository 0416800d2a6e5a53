"""The pack's environments: one module per environment, named after its id (``logic/sudoku`` -> ``sudoku.py``).

To add one, copy a module here, give the class its own ``id``, and add it to ``ENVIRONMENTS`` (sorted by id).
Solvers, readers and other shared helpers live beside this package (``rlve_plugin_logic.solvers``, ...),
never in it.
"""

from rlve_plugin_logic.environments.alibi_timeline import AlibiTimeline
from rlve_plugin_logic.environments.allen_intervals import AllenIntervals
from rlve_plugin_logic.environments.aquarium import Aquarium
from rlve_plugin_logic.environments.battleships import Battleships
from rlve_plugin_logic.environments.binario import Binario
from rlve_plugin_logic.environments.blocks_world import BlocksWorld
from rlve_plugin_logic.environments.boolean_circuit import BooleanCircuit
from rlve_plugin_logic.environments.bridge_and_torch import BridgeAndTorch
from rlve_plugin_logic.environments.buchi_lasso_word import BuchiLassoWord
from rlve_plugin_logic.environments.calendar_arithmetic import CalendarArithmetic
from rlve_plugin_logic.environments.cardinal_directions import CardinalDirections
from rlve_plugin_logic.environments.cellular_automaton import CellularAutomaton
from rlve_plugin_logic.environments.cfg_derivation import CfgDerivation
from rlve_plugin_logic.environments.chomp_small import ChompSmall
from rlve_plugin_logic.environments.clock_angles import ClockAngles
from rlve_plugin_logic.environments.cnf_conversion import CnfConversion
from rlve_plugin_logic.environments.coin_row_game import CoinRowGame
from rlve_plugin_logic.environments.countdown import Countdown
from rlve_plugin_logic.environments.counterfeit_coin import CounterfeitCoin
from rlve_plugin_logic.environments.cram import Cram
from rlve_plugin_logic.environments.cryptarithm import Cryptarithm
from rlve_plugin_logic.environments.ctl_model_check import CtlModelCheck
from rlve_plugin_logic.environments.cube_net_folding import CubeNetFolding
from rlve_plugin_logic.environments.datalog_query import DatalogQuery
from rlve_plugin_logic.environments.dfa_distinguishing_word import DfaDistinguishingWord
from rlve_plugin_logic.environments.dfa_minimisation import DfaMinimisation
from rlve_plugin_logic.environments.die_rolling import DieRolling
from rlve_plugin_logic.environments.dominosa import Dominosa
from rlve_plugin_logic.environments.epistemic_announcements import EpistemicAnnouncements
from rlve_plugin_logic.environments.euclid_game import EuclidGame
from rlve_plugin_logic.environments.fibonacci_nim import FibonacciNim
from rlve_plugin_logic.environments.first_order_model_check import FirstOrderModelCheck
from rlve_plugin_logic.environments.flood_it import FloodIt
from rlve_plugin_logic.environments.formula_equivalence import FormulaEquivalence
from rlve_plugin_logic.environments.futoshiki import Futoshiki
from rlve_plugin_logic.environments.game_tree_minimax import GameTreeMinimax
from rlve_plugin_logic.environments.gear_train import GearTrain
from rlve_plugin_logic.environments.green_hackenbush import GreenHackenbush
from rlve_plugin_logic.environments.grundy_dag_game import GrundyDagGame
from rlve_plugin_logic.environments.hashiwokakero import Hashiwokakero
from rlve_plugin_logic.environments.hidato import Hidato
from rlve_plugin_logic.environments.hitori import Hitori
from rlve_plugin_logic.environments.horn_inference import HornInference
from rlve_plugin_logic.environments.islanders_variants import IslandersVariants
from rlve_plugin_logic.environments.job_shop_schedule import JobShopSchedule
from rlve_plugin_logic.environments.kakurasu import Kakurasu
from rlve_plugin_logic.environments.kakuro import Kakuro
from rlve_plugin_logic.environments.kayles import Kayles
from rlve_plugin_logic.environments.kenken import Kenken
from rlve_plugin_logic.environments.keys_and_doors import KeysAndDoors
from rlve_plugin_logic.environments.killer_sudoku import KillerSudoku
from rlve_plugin_logic.environments.kinship_relations import KinshipRelations
from rlve_plugin_logic.environments.knight_moves_puzzle import KnightMovesPuzzle
from rlve_plugin_logic.environments.knights_knaves import KnightsKnaves
from rlve_plugin_logic.environments.kurodoko import Kurodoko
from rlve_plugin_logic.environments.lambda_normal_form import LambdaNormalForm
from rlve_plugin_logic.environments.liar_chain import LiarChain
from rlve_plugin_logic.environments.light_up import LightUp
from rlve_plugin_logic.environments.lights_out import LightsOut
from rlve_plugin_logic.environments.logic_grid_negative_clues import LogicGridNegativeClues
from rlve_plugin_logic.environments.ltl_trace_check import LtlTraceCheck
from rlve_plugin_logic.environments.magnets import Magnets
from rlve_plugin_logic.environments.make_target import MakeTarget
from rlve_plugin_logic.environments.mastermind_deduction import MastermindDeduction
from rlve_plugin_logic.environments.mealy_machine_output import MealyMachineOutput
from rlve_plugin_logic.environments.meeting_slot import MeetingSlot
from rlve_plugin_logic.environments.minesweeper_deduction import MinesweeperDeduction
from rlve_plugin_logic.environments.minimal_dnf import MinimalDnf
from rlve_plugin_logic.environments.modal_kripke import ModalKripke
from rlve_plugin_logic.environments.model_counting import ModelCounting
from rlve_plugin_logic.environments.moores_nim import MooresNim
from rlve_plugin_logic.environments.n_queens import NQueens
from rlve_plugin_logic.environments.natural_deduction import NaturalDeduction
from rlve_plugin_logic.environments.nfa_subset_construction import NfaSubsetConstruction
from rlve_plugin_logic.environments.nim_winning_move import NimWinningMove
from rlve_plugin_logic.environments.nonogram import Nonogram
from rlve_plugin_logic.environments.norinori import Norinori
from rlve_plugin_logic.environments.northcott_game import NorthcottGame
from rlve_plugin_logic.environments.nurikabe import Nurikabe
from rlve_plugin_logic.environments.ordering_puzzle import OrderingPuzzle
from rlve_plugin_logic.environments.peg_solitaire import PegSolitaire
from rlve_plugin_logic.environments.petri_net_reachability import PetriNetReachability
from rlve_plugin_logic.environments.polyomino_tiling import PolyominoTiling
from rlve_plugin_logic.environments.post_correspondence import PostCorrespondence
from rlve_plugin_logic.environments.propositional_entailment import PropositionalEntailment
from rlve_plugin_logic.environments.pushdown_acceptance import PushdownAcceptance
from rlve_plugin_logic.environments.rcc8_reasoning import Rcc8Reasoning
from rlve_plugin_logic.environments.regex_membership import RegexMembership
from rlve_plugin_logic.environments.resolution_refutation import ResolutionRefutation
from rlve_plugin_logic.environments.resource_constrained_schedule import ResourceConstrainedSchedule
from rlve_plugin_logic.environments.ricochet_robots import RicochetRobots
from rlve_plugin_logic.environments.river_crossing import RiverCrossing
from rlve_plugin_logic.environments.rotation_puzzle import RotationPuzzle
from rlve_plugin_logic.environments.rush_hour import RushHour
from rlve_plugin_logic.environments.sat import Sat
from rlve_plugin_logic.environments.seating_arrangement import SeatingArrangement
from rlve_plugin_logic.environments.shikaku import Shikaku
from rlve_plugin_logic.environments.skyscrapers import Skyscrapers
from rlve_plugin_logic.environments.sliding_puzzle import SlidingPuzzle
from rlve_plugin_logic.environments.sokoban import Sokoban
from rlve_plugin_logic.environments.staircase_nim import StaircaseNim
from rlve_plugin_logic.environments.star_battle import StarBattle
from rlve_plugin_logic.environments.subtraction_game_sum import SubtractionGameSum
from rlve_plugin_logic.environments.sudoku import Sudoku
from rlve_plugin_logic.environments.suguru import Suguru
from rlve_plugin_logic.environments.syllogisms import Syllogisms
from rlve_plugin_logic.environments.tents import Tents
from rlve_plugin_logic.environments.term_rewriting import TermRewriting
from rlve_plugin_logic.environments.thermometers import Thermometers
from rlve_plugin_logic.environments.time_zone_travel import TimeZoneTravel
from rlve_plugin_logic.environments.tower_of_hanoi import TowerOfHanoi
from rlve_plugin_logic.environments.transition_system_plan import TransitionSystemPlan
from rlve_plugin_logic.environments.turing_machine_trace import TuringMachineTrace
from rlve_plugin_logic.environments.two_sat import TwoSat
from rlve_plugin_logic.environments.unification_mgu import UnificationMgu
from rlve_plugin_logic.environments.water_jugs import WaterJugs
from rlve_plugin_logic.environments.work_rates import WorkRates
from rlve_plugin_logic.environments.wythoff_game import WythoffGame
from rlve_plugin_logic.environments.zebra import Zebra

#: Every environment the pack registers, sorted by id: one line per environment.
ENVIRONMENTS = [
    AlibiTimeline,
    AllenIntervals,
    Aquarium,
    Battleships,
    Binario,
    BlocksWorld,
    BooleanCircuit,
    BridgeAndTorch,
    BuchiLassoWord,
    CalendarArithmetic,
    CardinalDirections,
    CellularAutomaton,
    CfgDerivation,
    ChompSmall,
    ClockAngles,
    CnfConversion,
    CoinRowGame,
    Countdown,
    CounterfeitCoin,
    Cram,
    Cryptarithm,
    CtlModelCheck,
    CubeNetFolding,
    DatalogQuery,
    DfaDistinguishingWord,
    DfaMinimisation,
    DieRolling,
    Dominosa,
    EpistemicAnnouncements,
    EuclidGame,
    FibonacciNim,
    FirstOrderModelCheck,
    FloodIt,
    FormulaEquivalence,
    Futoshiki,
    GameTreeMinimax,
    GearTrain,
    GreenHackenbush,
    GrundyDagGame,
    Hashiwokakero,
    Hidato,
    Hitori,
    HornInference,
    IslandersVariants,
    JobShopSchedule,
    Kakurasu,
    Kakuro,
    Kayles,
    Kenken,
    KeysAndDoors,
    KillerSudoku,
    KinshipRelations,
    KnightMovesPuzzle,
    KnightsKnaves,
    Kurodoko,
    LambdaNormalForm,
    LiarChain,
    LightUp,
    LightsOut,
    LogicGridNegativeClues,
    LtlTraceCheck,
    Magnets,
    MakeTarget,
    MastermindDeduction,
    MealyMachineOutput,
    MeetingSlot,
    MinesweeperDeduction,
    MinimalDnf,
    ModalKripke,
    ModelCounting,
    MooresNim,
    NQueens,
    NaturalDeduction,
    NfaSubsetConstruction,
    NimWinningMove,
    Nonogram,
    Norinori,
    NorthcottGame,
    Nurikabe,
    OrderingPuzzle,
    PegSolitaire,
    PetriNetReachability,
    PolyominoTiling,
    PostCorrespondence,
    PropositionalEntailment,
    PushdownAcceptance,
    Rcc8Reasoning,
    RegexMembership,
    ResolutionRefutation,
    ResourceConstrainedSchedule,
    RicochetRobots,
    RiverCrossing,
    RotationPuzzle,
    RushHour,
    Sat,
    SeatingArrangement,
    Shikaku,
    Skyscrapers,
    SlidingPuzzle,
    Sokoban,
    StaircaseNim,
    StarBattle,
    SubtractionGameSum,
    Sudoku,
    Suguru,
    Syllogisms,
    Tents,
    TermRewriting,
    Thermometers,
    TimeZoneTravel,
    TowerOfHanoi,
    TransitionSystemPlan,
    TuringMachineTrace,
    TwoSat,
    UnificationMgu,
    WaterJugs,
    WorkRates,
    WythoffGame,
    Zebra,
]
