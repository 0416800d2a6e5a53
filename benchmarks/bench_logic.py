"""Logic pack: generation and verification throughput against the nearest reasoning-gym and RLVE-Gym tasks.

RLVE-Gym's CountdownEqual is left out: it keeps no reference answer, so its verification could only be
timed on a wrong one. Its KnightsAndKnaves and Binario fail to generate at the highest level measured
(the harness reports it on that row).
"""

from __future__ import annotations

from envs import Pair, compare

PAIRS = [
    Pair("logic/sudoku", reasoning_gym="sudoku", rlve_gym="Sudoku"),
    Pair("logic/knights_knaves", reasoning_gym="knights_knaves", rlve_gym="KnightsAndKnaves"),
    Pair("logic/zebra", reasoning_gym="zebra_puzzles"),
    Pair("logic/countdown", reasoning_gym="countdown"),
    Pair("logic/futoshiki", reasoning_gym="futoshiki", rlve_gym="FutoshikiPuzzle"),
    Pair("logic/n_queens", reasoning_gym="n_queens", rlve_gym="QueenPlacement"),
    Pair("logic/kakurasu", reasoning_gym="kakurasu", rlve_gym="Kakurasu"),
    Pair("logic/water_jugs", reasoning_gym="jugs", rlve_gym="JugPuzzle"),
    Pair("logic/binario", rlve_gym="Binario"),
    Pair("logic/sat", rlve_gym="SAT"),
    Pair("logic/two_sat", rlve_gym="TwoSAT"),
    Pair("logic/sliding_puzzle", rlve_gym="EightDigitPuzzle"),
    Pair("logic/light_up", rlve_gym="LightUpPuzzle"),
    Pair("logic/star_battle", rlve_gym="StarBattle"),
    Pair("logic/skyscrapers", rlve_gym="SkyscraperPuzzle"),
    Pair("logic/hitori", rlve_gym="HitoriPuzzle"),
    Pair("logic/euclid_game", rlve_gym="EuclidGame"),
    Pair("logic/cryptarithm", reasoning_gym="cryptarithm", rlve_gym="Cryptarithmetic"),
    Pair("logic/kinship_relations", reasoning_gym="family_relationships"),
    Pair("logic/rotation_puzzle", rlve_gym="TwiddlePuzzle"),
    Pair("logic/minesweeper_deduction", rlve_gym="Minesweeping"),
    Pair("logic/tents", rlve_gym="CampsitePuzzle"),
    Pair("logic/tower_of_hanoi", reasoning_gym="tower_of_hanoi"),
    Pair("logic/sokoban", reasoning_gym="sokoban"),
    Pair("logic/rush_hour", reasoning_gym="rush_hour"),
    Pair("logic/knight_moves_puzzle", reasoning_gym="knight_swap"),
    Pair("logic/boolean_circuit", reasoning_gym="circuit_logic"),
    Pair("logic/syllogisms", reasoning_gym="syllogism"),
    Pair("logic/liar_chain", reasoning_gym="self_reference"),
    Pair("logic/calendar_arithmetic", reasoning_gym="calendar_arithmetic"),
    Pair("logic/die_rolling", reasoning_gym="color_cube_rotation"),
]


def run(report) -> None:
    compare(report, PAIRS)
