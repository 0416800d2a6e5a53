"""Logic pack: generation and verification throughput against the nearest reasoning-gym and RLVE-Gym tasks,
each peer configured to the size of our problem at each level (``envs.py`` says how; the functions below read
our problem and give the peer's settings, or say why the sizes cannot be matched).

RLVE-Gym's CountdownEqual is left out: it keeps no reference answer, so its verification could only be
timed on a wrong one. Its KnightsAndKnaves and Binario fail to generate at the highest level measured
(the harness reports it on that row).
"""

from __future__ import annotations

from envs import Pair, compare

#: RLVE-Gym's grid puzzles draw each side at random from 2 to MAX_N_M: no parameter fixes the board.
RANDOM_SIDES = "RLVE-Gym draws each board side at random from 2 to MAX_N_M; no parameter fixes the size"


def _sudoku_rg(problem):
    side = problem.data["box_rows"] * problem.data["box_cols"]
    if side != 9:
        return f"reasoning-gym's sudoku is 9x9 only; ours is {side}x{side} at this level"
    return {"min_empty": problem.size, "max_empty": problem.size}


def _zebra_rg(problem):
    return {"num_people": problem.data["houses"], "num_characteristics": len(problem.data["values"])}


def _countdown_rg(problem):
    count = len(problem.data["numbers"])
    return {"min_numbers": count, "max_numbers": count, "min_value": 1, "max_value": problem.size}


def _queens_rg(problem):
    n = problem.data["n"]
    return {"n": n, "min_remove": n - len(problem.data["placed"]), "max_remove": n - len(problem.data["placed"])}


def _kakurasu_rg(problem):
    rows, cols = len(problem.data["rows"]), len(problem.data["cols"])
    return {"min_rows": rows, "max_rows": rows, "min_cols": cols, "max_cols": cols}


def _cryptarithm_gym(problem):
    addends = problem.data["addends"]
    if len(addends) != 2:
        return f"RLVE-Gym's Cryptarithmetic adds exactly two numbers; ours adds {len(addends)} here"
    return {"N": 10, "addend_length": max(map(len, addends))}


def _hanoi_rg(problem):
    if problem.data["ask"] != "moves":
        return "from 9 discs ours asks for the position after m moves; reasoning-gym always asks for the moves"
    discs = problem.data["discs"]
    return {"min_disks": discs, "max_disks": discs, "min_pegs": 3, "max_pegs": 3}


def _sokoban_rg(problem):
    rows, cols = len(problem.data["map"]), len(problem.data["map"][0])
    boxes = sum(row.count("$") + row.count("*") for row in problem.data["map"])
    return {"min_w": cols, "max_w": cols, "min_h": rows, "max_h": rows, "min_boxes": boxes, "max_boxes": boxes}


def _knight_swap_rg(problem):
    squares = len(problem.data["squares"])
    return {"min_nodes": squares, "max_nodes": squares}


PAIRS = [
    Pair("logic/sudoku", reasoning_gym="sudoku", rlve_gym="Sudoku", rg_size=_sudoku_rg, gym_size=RANDOM_SIDES),
    Pair(
        "logic/knights_knaves",
        reasoning_gym="knights_knaves",
        rlve_gym="KnightsAndKnaves",
        rg_size=lambda p: {"n_people": p.size},
        gym_size=lambda p: {"N": p.size},
    ),
    Pair("logic/zebra", reasoning_gym="zebra_puzzles", rg_size=_zebra_rg),
    Pair("logic/countdown", reasoning_gym="countdown", rg_size=_countdown_rg),
    Pair(
        "logic/futoshiki",
        reasoning_gym="futoshiki",
        rlve_gym="FutoshikiPuzzle",
        rg_size=lambda p: {"min_board_size": p.data["n"], "max_board_size": p.data["n"]},
        gym_size=lambda p: {"N": p.data["n"]},
    ),
    Pair(
        "logic/n_queens",
        reasoning_gym="n_queens",
        rlve_gym="QueenPlacement",
        rg_size=_queens_rg,
        gym_size=lambda p: {"N": p.data["n"]},
    ),
    Pair("logic/kakurasu", reasoning_gym="kakurasu", rlve_gym="Kakurasu", rg_size=_kakurasu_rg, gym_size=RANDOM_SIDES),
    Pair(
        "logic/water_jugs",
        reasoning_gym="jugs",
        rlve_gym="JugPuzzle",
        # Both peers' size is the number of jugs and the fewest moves a solution takes.
        rg_size=lambda p: {"num_jugs": len(p.data["capacities"]), "difficulty": p.data["steps"]},
        gym_size=lambda p: {"N": len(p.data["capacities"]), "steps": p.data["steps"]},
    ),
    Pair("logic/binario", rlve_gym="Binario", gym_size=RANDOM_SIDES),
    Pair("logic/sat", rlve_gym="SAT", gym_size=lambda p: {"N": p.data["variables"], "M": len(p.data["clauses"])}),
    Pair(
        "logic/two_sat", rlve_gym="TwoSAT", gym_size=lambda p: {"N": p.data["variables"], "M": len(p.data["clauses"])}
    ),
    Pair("logic/sliding_puzzle", rlve_gym="EightDigitPuzzle", gym_size=RANDOM_SIDES),
    Pair("logic/light_up", rlve_gym="LightUpPuzzle", gym_size=RANDOM_SIDES),
    Pair("logic/star_battle", rlve_gym="StarBattle", gym_size=RANDOM_SIDES),
    Pair("logic/skyscrapers", rlve_gym="SkyscraperPuzzle", gym_size=lambda p: {"N": p.data["n"]}),
    Pair("logic/hitori", rlve_gym="HitoriPuzzle", gym_size=RANDOM_SIDES),
    Pair("logic/euclid_game", rlve_gym="EuclidGame", gym_size=lambda p: {"MAX_X_Y": p.size}),
    Pair(
        "logic/cryptarithm",
        reasoning_gym="cryptarithm",
        rlve_gym="Cryptarithmetic",
        rg_size="reasoning-gym's cryptarithm sets the number of words, not their length (ours grows the length)",
        gym_size=_cryptarithm_gym,
    ),
    Pair(
        "logic/kinship_relations",
        reasoning_gym="family_relationships",
        rg_size=lambda p: {"min_family_size": p.size, "max_family_size": p.size},
    ),
    Pair("logic/rotation_puzzle", rlve_gym="TwiddlePuzzle", gym_size=RANDOM_SIDES),
    Pair("logic/minesweeper_deduction", rlve_gym="Minesweeping", gym_size=RANDOM_SIDES),
    Pair("logic/tents", rlve_gym="CampsitePuzzle", gym_size=RANDOM_SIDES),
    Pair("logic/tower_of_hanoi", reasoning_gym="tower_of_hanoi", rg_size=_hanoi_rg),
    Pair("logic/sokoban", reasoning_gym="sokoban", rg_size=_sokoban_rg),
    Pair(
        "logic/rush_hour",
        reasoning_gym="rush_hour",
        rg_size="reasoning-gym's rush_hour draws 6x6 boards from a fixed collection; its only knob is the move count",
    ),
    Pair("logic/knight_moves_puzzle", reasoning_gym="knight_swap", rg_size=_knight_swap_rg),
    Pair(
        "logic/boolean_circuit",
        reasoning_gym="circuit_logic",
        rg_size="reasoning-gym's circuits are sums of products (terms x inputs), ours gate netlists: no common size",
    ),
    Pair(
        "logic/syllogisms",
        reasoning_gym="syllogism",
        rg_size="reasoning-gym's syllogisms always have two premises; ours chain 2 + d",
    ),
    Pair(
        "logic/liar_chain",
        reasoning_gym="self_reference",
        rg_size="reasoning-gym's self_reference always has 7 statements; ours has 3 + d",
    ),
    Pair(
        "logic/calendar_arithmetic",
        reasoning_gym="calendar_arithmetic",
        rg_size=lambda p: {"offset_upper_bound": p.size},
    ),
    Pair(
        "logic/die_rolling",
        reasoning_gym="color_cube_rotation",
        rg_size=lambda p: {"min_rotations": p.size, "max_rotations": p.size},
    ),
]


def run(report) -> None:
    compare(report, PAIRS)
