"""Shared helpers for the logic pack's tests (imported by name: the tests folder is on sys.path)."""

from __future__ import annotations

from rlve import Environment, Problem, Verdict
from rlve_plugin_logic import ENVIRONMENTS
from rlve_plugin_logic.binario import Binario
from rlve_plugin_logic.bridge_and_torch import BridgeAndTorch
from rlve_plugin_logic.futoshiki import Futoshiki
from rlve_plugin_logic.kakurasu import Kakurasu
from rlve_plugin_logic.lights_out import LightsOut
from rlve_plugin_logic.make_target import MakeTarget
from rlve_plugin_logic.n_queens import NQueens
from rlve_plugin_logic.nonogram import Nonogram
from rlve_plugin_logic.propositional_entailment import PropositionalEntailment
from rlve_plugin_logic.river_crossing import RiverCrossing
from rlve_plugin_logic.sliding_puzzle import SlidingPuzzle
from rlve_plugin_logic.sudoku import Sudoku
from rlve_plugin_logic.syllogisms import Syllogisms
from rlve_plugin_logic.water_jugs import WaterJugs
from rlve_plugin_logic.zebra import Zebra

ENVS: dict[str, Environment] = {cls.id: cls() for cls in ENVIRONMENTS}

#: The environments these tests cover property by property. The others (boolean_circuit, countdown,
#: knights_knaves, sat, two_sat, tower_of_hanoi) have their own test modules, test_<name>.py.
COVERED = [
    Sudoku, Futoshiki, Binario, Nonogram, Kakurasu, NQueens, LightsOut, Zebra, PropositionalEntailment,
    Syllogisms, MakeTarget, WaterJugs, SlidingPuzzle, BridgeAndTorch, RiverCrossing,
]  # fmt: skip
COVERED_IDS = sorted(cls.id for cls in COVERED)


def env(name: str) -> Environment:
    return ENVS[f"logic/{name}"]


def score(problem: Problem, answer: str) -> Verdict:
    """Score ``answer`` as a model would write it: inside answer tags, after some reasoning."""
    return ENVS[problem.env].score(problem, f"Let me think.\n<answer>{answer}</answer>")


def assert_right(problem: Problem, answer: str) -> None:
    verdict = score(problem, answer)
    assert verdict.correct and verdict.reward == 1.0, (problem.env, answer, verdict)


def assert_wrong(problem: Problem, answer: str, *reason_words: str) -> Verdict:
    """The answer scores 0 and is not correct; its reason mentions each of ``reason_words``."""
    verdict = score(problem, answer)
    assert not verdict.correct and verdict.reward == 0.0, (problem.env, answer, verdict)
    for word in reason_words:
        assert word.lower() in verdict.reason.lower(), (answer, verdict.reason, word)
    return verdict


def find(name: str, predicate, difficulties=range(0, 31), seeds=range(30)) -> Problem:
    """The first problem (by difficulty, then seed) satisfying ``predicate``; fails the test if none does."""
    for difficulty in difficulties:
        for seed in seeds:
            problem = env(name).sample(difficulty, seed)
            if predicate(problem):
                return problem
    raise AssertionError(f"no {name} problem satisfies the predicate")


def grid_text(rows, spaced: bool = True) -> str:
    return "\n".join((" " if spaced else "").join(str(c) for c in row) for row in rows)


def parse_rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines()]
