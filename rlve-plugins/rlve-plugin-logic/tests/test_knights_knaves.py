import json

import pytest

from rlve import Problem
from rlve.testing import EnvironmentConformance
from rlve_plugin_logic.knights_knaves import KnightsKnaves, _atom_tables, holds, table_of

ENV = KnightsKnaves()
HOSTILE = [
    "",
    "x" * 1_000_000,
    "\x00\xff" * 50,
    "9**9**9",
    "knight or knave",
    "[[[[knight]]]]",
    "nan",
    "inf",
    "import os; os.system('ls')",
]


def _tag(text: str) -> str:
    return f"<answer>{text}</answer>"


class TestConformance(EnvironmentConformance):
    environments = [KnightsKnaves]


@pytest.mark.parametrize("difficulty", list(range(0, 31, 3)) + [60])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_reference_correct_and_unique(difficulty: int, seed: int) -> None:
    problem = ENV.sample(difficulty, seed)
    assert ENV.score(problem, _tag(problem.answer)).correct
    names = problem.data["names"]
    n = len(names)
    tables = _atom_tables(n)
    full = (1 << (1 << n)) - 1
    alive = full
    for speaker, formula in problem.data["statements"]:
        alive &= full ^ (tables[speaker] ^ table_of(formula, tables, full))
    assert alive.bit_count() == 1
    # brute force agrees with the bitset count on small instances
    if n <= 8:
        count = 0
        for a in range(1 << n):
            roles = [bool(a >> i & 1) for i in range(n)]
            count += all(holds(f, roles) == roles[s] for s, f in problem.data["statements"])
        assert count == 1


def test_named_form_accepted_in_any_order() -> None:
    problem = ENV.sample(10, 4)
    roles = problem.answer.split()
    items = [f"{name}: {role}" for name, role in zip(problem.data["names"], roles)]
    assert ENV.score(problem, _tag("\n".join(reversed(items)))).correct
    items = [f"{name} is a {role}" for name, role in zip(problem.data["names"], roles)]
    assert ENV.score(problem, _tag(", ".join(items))).correct
    assert ENV.score(problem, _tag(problem.answer.upper())).correct


@pytest.mark.parametrize("seed", range(5))
def test_wrong_answers_rejected(seed: int) -> None:
    problem = ENV.sample(15, seed)
    roles = problem.answer.split()
    for i in range(len(roles)):
        flipped = list(roles)
        flipped[i] = "knave" if roles[i] == "knight" else "knight"
        verdict = ENV.score(problem, _tag(" ".join(flipped)))
        assert not verdict.correct and "could not say" in verdict.reason
    short = ENV.score(problem, _tag(" ".join(roles[:-1])))
    assert not short.correct and not short.format_ok
    dup = [f"{problem.data['names'][0]}: knight"] * len(roles)
    assert not ENV.score(problem, _tag("\n".join(dup))).correct


def test_hostile_answers() -> None:
    problem = ENV.sample(20, 0)
    for text in HOSTILE + [problem.prompt, problem.answer + " " + problem.answer]:
        verdict = ENV.score(problem, _tag(text))
        assert not verdict.correct
        assert "verifier error" not in verdict.reason


def test_determinism_and_json() -> None:
    for d in (0, 7, 30):
        a, b = ENV.sample(d, 9), ENV.sample(d, 9)
        assert a == b
        assert Problem.model_validate_json(a.model_dump_json()) == a
        assert json.loads(json.dumps(a.data)) == a.data
    assert ENV.sample(30, 1) != ENV.sample(30, 2)


def test_size_grows() -> None:
    sizes = [ENV.sample(d, 0).size for d in range(31)]
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0]
