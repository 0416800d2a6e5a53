"""What every math environment must do: registered, deterministic, its reference right, hostile answers
refused fast and without exceptions, JSON round trip, sizes that grow, generation fast at every level."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest

import rlve
from rlve import ParseError, Problem
from rlve.testing import cpu_timer
from rlve_plugin_math import ENVIRONMENTS

IDS = [cls.id for cls in ENVIRONMENTS]
ENVS = {cls.id: cls() for cls in ENVIRONMENTS}
EASY_TO_HARD = list(range(31))
SEEDS = (0, 1, 2)

#: Shared by every environment; answers specific to one environment live in its own test file.
HOSTILE = [
    "9**9**9",
    "2003^{2002^{2001}}",
    "10^10^10",
    "2^{2^{2^{2^{2}}}}",
    "9" * 100_000,
    "9" * 19_000,
    "1" * 4_400,
    "-" + "7" * 5_000,
    "1e309",
    "1e9",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "Infinity",
    "3 or 4",
    "3 and 4",
    "-",
    "+",
    "=",
    "1/0",
    "0/0",
    "\\frac{1}{0}",
    "\\frac{9**9}{1}",
    "x =",
    "none",
    "[" * 5_000 + "1" + "]" * 5_000,
    "(" * 3_000 + ")" * 3_000,
    "{" * 10_000,
    "\x00\x01\x02\xff\xfe binary \u0000",
    bytes(range(256)).decode("latin-1"),
    "__import__('os').system('echo hacked')",
    "lambda: 0",
    "print(1)",
    "<answer>5</answer>",
    " ".join(str(i) for i in range(5_000)),
    ", ".join(["1/2"] * 3_000),
    "2^99999999999 * 3^99999999999",
    "x = 1, x = 2, x = 3, " * 500,
    "$$$$",
    "\\boxed{}",
    "1,2,3,4,5,6,7,8,9",
    "0x" + "F" * 6_000,
]


def _problems(env_id: str, difficulties=(0, 3, 10, 30), seeds=SEEDS) -> list[Problem]:
    return [ENVS[env_id].sample(d, s) for d in difficulties for s in seeds]


def test_the_pack_registers_at_least_twenty_distinct_environments():
    assert len(IDS) >= 20
    assert len(set(IDS)) == len(IDS)
    for env_id in IDS:
        assert env_id.startswith("math/")
        assert type(rlve.get_environment(env_id)).__name__ == type(ENVS[env_id]).__name__


@pytest.mark.parametrize("env_id", IDS)
def test_reference_answer_is_correct_at_every_difficulty(env_id):
    env = ENVS[env_id]
    for difficulty in [*EASY_TO_HARD, 45, 64, 100]:
        for seed in SEEDS:
            problem = env.sample(difficulty, seed)
            verdict = env.score(problem, f"Let me think. <answer>{problem.answer}</answer>")
            assert verdict.correct and verdict.reward == 1.0, (difficulty, seed, problem.answer[:80], verdict)
            assert env.score(problem, f"so the result is \\boxed{{{problem.answer}}}").correct


@pytest.mark.parametrize("env_id", IDS)
def test_generation_is_deterministic_and_seeds_differ(env_id):
    env = ENVS[env_id]
    for difficulty in (0, 7, 30):
        assert env.sample(difficulty, 11) == env.sample(difficulty, 11)
    prompts = {env.sample(30, seed).prompt for seed in range(8)}
    assert len(prompts) >= 6, "different seeds should give different problems"


@pytest.mark.parametrize("env_id", IDS)
def test_problems_survive_a_json_round_trip(env_id):
    for problem in _problems(env_id):
        assert Problem.model_validate_json(problem.model_dump_json()) == problem
        assert json.loads(json.dumps(problem.data)) == problem.data


@pytest.mark.parametrize("env_id", IDS)
def test_size_depends_on_difficulty_only_and_grows(env_id):
    env = ENVS[env_id]
    sizes = [env.sample(d, 0).size for d in range(31)]
    assert all(a < b for a, b in zip(sizes, sizes[1:])), sizes
    for d in (0, 17, 30, 150):
        assert len({env.sample(d, seed).size for seed in range(4)}) == 1
    later = [env.sample(d, 0).size for d in (30, 60, 100, 101, 200, 1000, 10**6)]
    assert all(a <= b for a, b in zip(later, later[1:])), later


@pytest.mark.parametrize("env_id", IDS)
def test_prompt_states_the_answer_form(env_id):
    env = ENVS[env_id]
    problem = env.sample(5, 0)
    assert env.answer_format.rstrip(".") in problem.prompt
    assert problem.prompt.count("<answer></answer>") == 1


@pytest.mark.parametrize("env_id", IDS)
def test_hostile_answers_are_refused_quickly_and_only_with_parse_errors(env_id):
    env = ENVS[env_id]
    for problem in _problems(env_id, difficulties=(0, 30), seeds=(0,)):
        hostile = [
            *HOSTILE,
            problem.prompt,
            f"{problem.answer} or {problem.answer}9",
            f"{problem.answer}; or maybe 1",
            f"{problem.answer}\n{problem.answer}0",
            problem.answer + "0" * 50,
        ]
        for answer in hostile:
            if answer.strip() == problem.answer:
                continue
            with cpu_timer() as spent:
                try:
                    verdict = env.check(problem.data, answer.strip())
                except ParseError:
                    verdict = None
            assert verdict is None or not verdict.correct, (answer[:60], verdict)
            assert spent.cpu < 0.1, f"{answer[:40]!r} used {spent}"
            scored = env.score(problem, f"<answer>{answer}</answer>")
            assert not scored.correct and scored.reward < 1.0


@pytest.mark.parametrize("env_id", IDS)
def test_empty_and_missing_answers_score_zero(env_id):
    env = ENVS[env_id]
    problem = env.sample(4, 0)
    for response in ("", "no tags here", "<answer></answer>", "<answer>   </answer>", "\\boxed{}"):
        verdict = env.score(problem, response)
        assert not verdict.correct and verdict.reward == 0.0 and not verdict.format_ok


@pytest.mark.parametrize("env_id", IDS)
def test_generation_is_fast_and_sane_far_up(env_id):
    env = ENVS[env_id]
    for difficulty, budget in ((30, 0.05), (100, 1.0), (1000, 3.0), (10**9, 5.0), (10**100, 10.0)):  # CPU seconds
        with cpu_timer() as spent:
            problem = env.sample(difficulty, 5)
        assert spent.cpu < budget, f"d={difficulty}: generation used {spent}"
        assert len(problem.answer) <= env.max_answer_chars
        assert len(problem.prompt) < 120_000
        with cpu_timer() as spent:
            assert env.verify(problem, problem.answer).correct
        assert spent.cpu < 0.05 * (10 if difficulty > 100 else 1), f"d={difficulty}: verification used {spent}"


def _digest(difficulties=(0, 9, 30), seeds=(0, 1)) -> str:
    text = "".join(ENVS[env_id].sample(d, s).model_dump_json() for env_id in IDS for d in difficulties for s in seeds)
    return hashlib.sha256(text.encode()).hexdigest()


def test_problems_are_identical_in_another_process_with_another_hash_seed():
    code = (
        "from rlve_plugin_math import ENVIRONMENTS; import hashlib; "
        "envs = [c() for c in ENVIRONMENTS]; "
        "text = ''.join(e.sample(d, s).model_dump_json() for e in envs for d in (0, 9, 30) for s in (0, 1)); "
        "print(hashlib.sha256(text.encode()).hexdigest())"
    )
    for hash_seed in ("0", "12345"):
        result = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            timeout=120,
        )
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == _digest()
