import itertools

import pytest

from rlve_plugin_logic.cnf import first_unsatisfied
from rlve_plugin_logic.environments.sat import Sat

ENV = Sat()


def _tag(text: str) -> str:
    return f"<answer>{text}</answer>"


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


def test_malformed_assignments_score_nothing() -> None:
    problem = ENV.sample(20, 0)
    n = problem.data["variables"]
    cases = [
        problem.answer + " 1",
        " ".join(["2"] * n),
        "x1=1 " + "1 " * (n - 1),
        " ".join(f"x1={i % 2}" for i in range(n)),
        "0 " * 100_000,
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
