import itertools

import pytest

from rlve import Problem
from rlve.testing import EnvironmentConformance
from rlve_plugin_logic.sat import Sat, first_unsatisfied

ENV = Sat()
HOSTILE = [
    "",
    "1" * 1_000_000,
    "\x00\xff" * 50,
    "9**9**9",
    "10^10^10",
    "nan",
    "inf",
    "1 or 0",
    "[[[[1]]]]",
    "import os; os.system('ls')",
    "0 " * 100_000,
]


def _tag(text: str) -> str:
    return f"<answer>{text}</answer>"


class TestConformance(EnvironmentConformance):
    environments = [Sat]


@pytest.mark.parametrize("difficulty", range(31))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_reference_satisfies(difficulty: int, seed: int) -> None:
    problem = ENV.sample(difficulty, seed)
    assert ENV.score(problem, _tag(problem.answer)).correct
    assert all(len({abs(lit) for lit in clause}) == 3 for clause in problem.data["clauses"])


@pytest.mark.parametrize("seed", range(6))
def test_other_satisfying_assignment_accepted(seed: int) -> None:
    problem = ENV.sample(6, seed)
    n, clauses = problem.data["variables"], problem.data["clauses"]
    solutions = [v for v in itertools.product([False, True], repeat=n) if first_unsatisfied(clauses, list(v)) is None]
    reference = [c == "1" for c in problem.answer.split()]
    for values in solutions[:5]:
        text = " ".join("1" if v else "0" for v in values)
        assert ENV.score(problem, _tag(text)).correct
        named = ", ".join(f"x{i + 1}={'true' if v else 'false'}" for i, v in reversed(list(enumerate(values))))
        assert ENV.score(problem, _tag(named)).correct
    for values in itertools.product([False, True], repeat=n):
        if first_unsatisfied(clauses, list(values)) is not None:
            verdict = ENV.score(problem, _tag(" ".join("1" if v else "0" for v in values)))
            assert not verdict.correct and "is false" in verdict.reason
            break
    assert list(reference) in [list(s) for s in solutions]


def test_malformed_and_hostile() -> None:
    problem = ENV.sample(20, 0)
    n = problem.data["variables"]
    cases = HOSTILE + [
        problem.prompt,
        problem.answer + " 1",
        " ".join(["2"] * n),
        "x1=1 " + "1 " * (n - 1),
        " ".join(f"x1={i % 2}" for i in range(n)),
    ]
    for text in cases:
        verdict = ENV.score(problem, _tag(text))
        assert not verdict.correct
        assert "verifier error" not in verdict.reason


def test_hidden_assignment_not_given_away_by_signs() -> None:
    """Literal signs agree with the planted values about half the time, so majority voting does not solve it."""
    agree = total = 0
    for seed in range(10):
        problem = ENV.sample(60, seed)
        hidden = [c == "1" for c in problem.answer.split()]
        for clause in problem.data["clauses"]:
            for lit in clause:
                agree += hidden[abs(lit) - 1] == (lit > 0)
                total += 1
    assert 0.45 < agree / total < 0.55


def test_determinism_json_size() -> None:
    for d in (0, 9, 30):
        a = ENV.sample(d, 5)
        assert a == ENV.sample(d, 5)
        assert Problem.model_validate_json(a.model_dump_json()) == a
    sizes = [ENV.sample(d, 0).size for d in range(31)]
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0]
