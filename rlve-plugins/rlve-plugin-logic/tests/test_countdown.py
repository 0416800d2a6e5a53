from fractions import Fraction

import pytest

from rlve import ParseError
from rlve_plugin_logic.environments.countdown import Countdown
from rlve_plugin_logic.expressions import Limits, evaluate

ENV = Countdown()


def _tag(text: str) -> str:
    return f"<answer>{text}</answer>"


def test_evaluator_precedence_and_fractions() -> None:
    assert evaluate("2 + 3 * 4")[0] == 14
    assert evaluate("(2 + 3) * 4")[0] == 20
    assert evaluate("8 - 3 - 2")[0] == 3
    assert evaluate("8 / 4 / 2")[0] == 1
    assert evaluate("1 / 3 + 1 / 6")[0] == Fraction(1, 2)
    assert evaluate("3 × (4 ÷ 2)") == (Fraction(6), [3, 4, 2])


@pytest.mark.parametrize(
    "text",
    [
        "9**9**9",
        "10^10^10",
        "-5 + 3",
        "2 3",
        "(2 + 3",
        "2 + 3)",
        "",
        "()",
        "1 / (2 - 2)",
        "(" * 60 + "1" + ")" * 60,
        "__import__('os')",
        "1e9",
        "nan",
        "inf",
        "2.5 * 2",
        "1" * 50,
        "+".join(["1"] * 500),
    ],
)
def test_evaluator_rejects(text: str) -> None:
    with pytest.raises(ParseError):
        evaluate(text, Limits(max_literals=10))


@pytest.mark.parametrize("difficulty", range(31))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_reference_correct(difficulty: int, seed: int) -> None:
    problem = ENV.sample(difficulty, seed)
    assert ENV.score(problem, _tag(problem.answer)).correct
    assert ENV.score(problem, _tag(f"{problem.answer} = {problem.data['target']}")).correct
    assert problem.data["target"] not in problem.data["numbers"]


def test_other_expressions_accepted_and_wrong_rejected() -> None:
    problem = ENV.sample(0, 0)
    assert evaluate(problem.answer)[0] == problem.data["target"]
    data = {"numbers": [4, 6, 10, 25, 6], "target": 34}
    for valid in ["4 * 6 + 10", "10 + 6 * 4", "4 * 10 - 6", "25 + 10 - 6 / 6", "[25 + 10] - 6 / 6 = 34"]:
        assert ENV.check(data, valid).correct, valid
    verdict = ENV.check(data, "25 + 10 - 4 / 4")  # 4 given once
    assert not verdict.correct and "more often" in verdict.reason
    verdict = ENV.check(data, "25 + 10")
    assert not verdict.correct and "not 34" in verdict.reason
    verdict = ENV.check(data, "25 / 10")
    assert not verdict.correct and "5/2" in verdict.reason
    assert not ENV.check(data, "(34)").correct  # 34 is not a given number
    for malformed in ["4 * 6 + 10 = 35", "4 * 6 + 10 = 34 = 34", "4 * 6 + 10 + 25 + 6 + 6 + 1", "4 * -6"]:
        with pytest.raises(ParseError):
            ENV.check(data, malformed)


@pytest.mark.parametrize("difficulty", [0, 12, 30, 100])
def test_small_numbers_stay_within_the_size(difficulty: int) -> None:
    for seed in range(5):
        problem = ENV.sample(difficulty, seed)
        small = [x for x in problem.data["numbers"] if x not in (25, 50, 75, 100)]
        assert all(1 <= x <= problem.size for x in small)
