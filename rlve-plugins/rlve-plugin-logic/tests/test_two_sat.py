import itertools
import random

import pytest

from rlve import Problem
from rlve.testing import EnvironmentConformance
from rlve_plugin_logic.sat import first_unsatisfied
from rlve_plugin_logic.two_sat import TwoSat, solve_2sat

ENV = TwoSat()
HOSTILE = [
    "",
    "1" * 1_000_000,
    "\x00\xff" * 50,
    "9**9**9",
    "nan",
    "inf",
    "unsatisfiable or 1 0 1",
    "[[[[1]]]]",
    "unsatisfiable unsatisfiable",
    "import os",
]


def _tag(text: str) -> str:
    return f"<answer>{text}</answer>"


class TestConformance(EnvironmentConformance):
    environments = [TwoSat]


def test_solver_matches_brute_force() -> None:
    rng = random.Random(3)
    for _ in range(300):
        n, m = rng.randint(2, 8), rng.randint(1, 14)
        clauses = []
        for _ in range(m):
            a, b = rng.sample(range(1, n + 1), 2)
            clauses.append([a * rng.choice([1, -1]), b * rng.choice([1, -1])])
        solution = solve_2sat(n, clauses)
        brute = any(first_unsatisfied(clauses, list(v)) is None for v in itertools.product([False, True], repeat=n))
        assert (solution is not None) == brute
        if solution is not None:
            assert first_unsatisfied(clauses, solution) is None


@pytest.mark.parametrize("difficulty", range(31))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_reference_and_opposite_verdict(difficulty: int, seed: int) -> None:
    problem = ENV.sample(difficulty, seed)
    assert ENV.score(problem, _tag(problem.answer)).correct
    n = problem.data["variables"]
    if problem.data["satisfiable"]:
        verdict = ENV.score(problem, _tag("unsatisfiable"))
        assert not verdict.correct and "satisfiable" in verdict.reason
    else:
        for values in ("0 " * n, "1 " * n):
            assert not ENV.score(problem, _tag(values)).correct


def test_both_outcomes_occur() -> None:
    outcomes = {ENV.sample(d, s).data["satisfiable"] for d in (10, 30) for s in range(10)}
    assert outcomes == {True, False}


def test_other_assignment_accepted() -> None:
    found = 0
    for seed in range(40):
        problem = ENV.sample(4, seed)
        if not problem.data["satisfiable"]:
            continue
        n, clauses = problem.data["variables"], problem.data["clauses"]
        for values in itertools.product([False, True], repeat=n):
            text = " ".join("1" if v else "0" for v in values)
            if first_unsatisfied(clauses, list(values)) is None and text != problem.answer:
                assert ENV.score(problem, _tag(text)).correct
                found += 1
                break
    assert found > 0


def test_hostile() -> None:
    problem = ENV.sample(20, 1)
    for text in HOSTILE + [problem.prompt]:
        verdict = ENV.score(problem, _tag(text))
        assert not verdict.correct
        assert "verifier error" not in verdict.reason


def test_determinism_json_size() -> None:
    for d in (0, 9, 30):
        a = ENV.sample(d, 5)
        assert a == ENV.sample(d, 5)
        assert Problem.model_validate_json(a.model_dump_json()) == a
    sizes = [ENV.sample(d, 0).size for d in range(31)]
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0]
