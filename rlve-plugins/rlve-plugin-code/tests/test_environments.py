"""What every environment of the pack must do, checked the same way for all of them."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

import pytest

from rlve import ParseError, Problem, Verdict, get_environment
from rlve.registry import validate_environment_class
from rlve.testing import cpu_timer
from rlve_plugin_code import CODE_ENVIRONMENTS, ENVIRONMENTS, VALUE_ENVIRONMENTS
from rlve_plugin_code.batch import score_many
from rlve_plugin_code.sandbox import Limits

IDS = [cls.id for cls in ENVIRONMENTS]
DIFFICULTIES = range(31)
SEEDS = (0, 1)
FAST = Limits(wall_seconds=1.5, cpu_seconds=1)


def fast(cls):
    """The environment with short sandbox limits, for answers that are wrong anyway."""
    return type(cls.__name__, (cls,), {"limits": FAST})() if cls.runs_untrusted_code else cls()


@pytest.fixture(scope="module")
def problems() -> list[Problem]:
    return [cls().sample(d, seed) for cls in ENVIRONMENTS for d in DIFFICULTIES for seed in SEEDS]


def test_sixteen_environments_with_valid_declarations():
    assert len(ENVIRONMENTS) >= 15 and len(set(IDS)) == len(IDS)
    for cls in ENVIRONMENTS:
        validate_environment_class(cls)
        assert cls.id.startswith("code/")
    assert all(cls.runs_untrusted_code for cls in CODE_ENVIRONMENTS)
    assert not any(cls.runs_untrusted_code for cls in VALUE_ENVIRONMENTS)


def test_the_pack_registers_through_its_entry_point():
    for env_id in IDS:
        assert get_environment(env_id).id == env_id


def test_every_reference_answer_verifies(problems):
    verdicts = score_many(problems, [f"<answer>{problem.answer}</answer>" for problem in problems])
    failures = [(p.env, p.difficulty, p.seed, v.reason) for p, v in zip(problems, verdicts) if not v.correct]
    assert not failures


def test_problems_survive_a_json_round_trip(problems):
    for problem in problems:
        assert Problem.model_validate_json(problem.model_dump_json()) == problem, (problem.env, problem.difficulty)


@pytest.mark.parametrize("cls", ENVIRONMENTS, ids=IDS)
def test_generation_is_deterministic(cls):
    env = cls()
    for d in (0, 9, 30):
        assert env.sample(d, 3) == env.sample(d, 3)
    assert env.sample(12, 1) != env.sample(12, 2)


def test_generation_is_the_same_in_another_process_with_another_hash_seed():
    script = (
        "import json; from rlve_plugin_code import ENVIRONMENTS\n"
        "print(json.dumps([c().sample(d, s).model_dump() for c in ENVIRONMENTS for d in (0, 7, 30) for s in (0, 5)]))"
    )
    here = [cls().sample(d, s).model_dump() for cls in ENVIRONMENTS for d in (0, 7, 30) for s in (0, 5)]
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
        assert json.loads(out.stdout) == json.loads(json.dumps(here))


@pytest.mark.parametrize("cls", ENVIRONMENTS, ids=IDS)
def test_size_grows_with_difficulty_and_not_with_the_seed(cls):
    env = cls()
    sizes = [env.sample(d, 0).size for d in DIFFICULTIES]
    assert all(a < b for a, b in zip(sizes, sizes[1:])), sizes
    assert [env.sample(d, 7).size for d in (0, 15, 30)] == [sizes[0], sizes[15], sizes[30]]
    far = [env.sample(d, 0).size for d in (30, 60, 200, 1000)]
    assert far == sorted(far) and far[-1] > far[0]


@pytest.mark.parametrize("cls", ENVIRONMENTS, ids=IDS)
def test_generation_is_fast_at_every_level(cls):
    env = cls()

    def cpu_seconds(d: int, seed: int) -> float:
        with cpu_timer() as spent:
            env.sample(d, seed)
        return spent.cpu

    # Limits on CPU time, which load from other processes does not stretch; the wall clock is nox -s bench's.
    at_30 = [cpu_seconds(30, seed) for seed in range(5)]
    assert statistics.median(at_30) < 0.1, f"CPU seconds at d=30: {at_30}"
    at_100 = [cpu_seconds(100, seed) for seed in range(3)]
    assert max(at_100) < 1.0, f"CPU seconds at d=100: {at_100}"
    assert cpu_seconds(1000, 0) < 5.0


HOSTILE = [
    "",
    " ",
    "9**9**9",
    "10^10^10",
    "1" * 100_000,
    "nan",
    "inf",
    "-inf",
    "3 or 4",
    "3 4 5 6 7 8 9 10 " * 50,
    "[[[[[[[[1]]]]]]]]",
    "(" * 5000,
    "\x00\xff\xfe binary \x1b[31m junk",
    "<answer>5</answer>",
    "```python\n```",
    "```javascript\nconsole.log(1)\n```",
    "def f(:",
    "import os; os.system('rm -rf /')",
    "SELECT * FROM employees; DROP TABLE employees",
    "a" * 20_000,
]


@pytest.mark.parametrize("cls", ENVIRONMENTS, ids=IDS)
def test_hostile_answers_score_zero_and_only_raise_parse_errors(cls):
    env = fast(cls)
    problem = env.sample(6, 0)
    for hostile in HOSTILE + [problem.prompt]:
        with cpu_timer() as spent:  # the sandboxed child's CPU time included: it is waited for
            try:
                verdict = env.check(problem.data, hostile)
            except ParseError:
                verdict = Verdict.malformed("parse error")
        assert not verdict.correct and verdict.reward == 0.0, (hostile[:40], verdict)
        # A sandboxed answer may use its whole CPU limit, plus the harness's start-up and our own work.
        limit = FAST.cpu_seconds + 1.0 if cls.runs_untrusted_code else 0.05
        assert spent.cpu < limit, f"{hostile[:40]!r}: {spent}"
        assert not env.score(problem, f"<answer>{hostile}</answer>").correct


def test_several_candidates_do_not_score():
    for cls in VALUE_ENVIRONMENTS:
        env = cls()
        problem = env.sample(5, 2)
        for response in (
            f"<answer>{problem.answer} or 7</answer>",
            f"<answer>{problem.answer}, {problem.answer}</answer>",
        ):
            assert not env.score(problem, response).correct, (cls.id, response)
