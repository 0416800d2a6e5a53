"""Properties every environment of the pack must have: registration, determinism, correct references,
JSON round trips, growing sizes, fast generation, and no reward or exception for hostile answers."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest
from helpers import ENVS

import rlve_plugin_graph
from rlve import Environment, ParseError, Problem, Verdict
from rlve.environment import answer_instruction
from rlve.registry import validate_environment_class
from rlve.testing import cpu_timer
from rlve_plugin_graph import ENVIRONMENTS

IDS = sorted(ENVS)
DIFFICULTIES = range(0, 31)
SEEDS = (0, 1, 2)


def test_the_pack_has_at_least_twenty_valid_environments_with_the_required_six():
    assert len(ENVIRONMENTS) >= 20
    assert len({cls.id for cls in ENVIRONMENTS}) == len(ENVIRONMENTS)
    for cls in ENVIRONMENTS:
        validate_environment_class(cls)
        # one module per environment, named after the id
        assert cls.__module__ == f"rlve_plugin_graph.{cls.id.split('/')[1]}", cls
    for required in (
        "shortest_path",
        "connected_components",
        "topological_order",
        "minimum_spanning_tree",
        "bipartite",
        "graph_colouring",
    ):
        assert f"graph/{required}" in ENVS


def test_the_hook_registers_every_environment():
    registered = []
    rlve_plugin_graph.register_environments(registered.append)
    assert registered == ENVIRONMENTS


@pytest.mark.parametrize("env_id", IDS)
def test_reference_answers_are_correct_and_problems_round_trip(env_id):
    env = ENVS[env_id]
    for difficulty in DIFFICULTIES:
        for seed in SEEDS:
            problem = env.sample(difficulty, seed)
            verdict = env.score(problem, f"<answer>{problem.answer}</answer>")
            assert verdict.correct and verdict.reward == 1.0, (difficulty, seed, verdict)
            assert Problem.model_validate_json(problem.model_dump_json()) == problem
            assert json.loads(json.dumps(problem.data)) == problem.data  # no tuples, sets or non-str keys
            assert problem.prompt.endswith(answer_instruction(env.answer_format))
            assert problem.prompt.count("<answer>") == 1  # only the standard sentence asks for tags
            assert len(problem.answer) <= env.max_answer_chars


@pytest.mark.parametrize("env_id", IDS)
def test_generation_is_deterministic_and_seeds_differ(env_id):
    env = ENVS[env_id]
    for difficulty in (0, 5, 30):
        assert env.sample(difficulty, 11) == env.sample(difficulty, 11)
        prompts = {env.sample(difficulty, seed).prompt for seed in range(8)}
        assert len(prompts) >= 4, "different seeds should give different problems"


def _fingerprints(ids: list[str]) -> dict[str, str]:
    out = {}
    for env_id in ids:
        for difficulty in (0, 9, 30):
            problem = ENVS[env_id].sample(difficulty, 3)
            out[f"{env_id}|{difficulty}"] = hashlib.sha256(problem.model_dump_json().encode()).hexdigest()
    return out


def test_problems_are_the_same_in_other_processes_with_other_hash_seeds():
    script = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); from test_pack import _fingerprints, IDS; "
        "print(json.dumps(_fingerprints(IDS)))"
    )
    here = _fingerprints(IDS)
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-c", script, os.path.dirname(__file__)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        assert json.loads(result.stdout) == here


@pytest.mark.parametrize("env_id", IDS)
def test_size_is_a_function_of_difficulty_that_grows(env_id):
    env = ENVS[env_id]
    sizes = [env.sample(d, 0).size for d in range(0, 101)]
    assert all(a < b for a, b in zip(sizes, sizes[1:])), sizes  # strictly, at every level up to 100
    for d in (0, 7, 30, 150):
        assert len({env.sample(d, seed).size for seed in range(4)}) == 1, "size must not depend on the seed"
    later = [env.sample(d, 0).size for d in (30, 60, 100, 150, 300, 1000)]
    assert later == sorted(later)


@pytest.mark.parametrize("env_id", IDS)
def test_generation_is_fast_at_every_level(env_id):
    env = ENVS[env_id]
    for difficulty, limit in ((30, 0.05), (100, 1.0), (1000, 5.0)):  # seconds of CPU time
        with cpu_timer() as spent:
            problem = env.sample(difficulty, 5)
        assert spent.cpu < limit, f"d={difficulty}: {spent}"
        assert env.score(problem, f"<answer>{problem.answer}</answer>").correct


def hostile_answers(problem: Problem) -> list[str]:
    ref = problem.answer
    return [
        "1" * 1_000_000,
        "0 " * 500_000,
        "\x00\xff\xfe binary \x1b[31m junk",
        "9**9**9",
        "10^10^10",
        "2003^{2002^{2001}}",
        "1" * 100_000,
        "-" + "9" * 100_000,
        "nan",
        "inf",
        "-inf",
        "1e9",
        "0x1F",
        "3 or 4",
        "١٢٣ ٤٥",  # Arabic-Indic digits: int() would accept them, the parsers must not
        "[[[[[[0]]]]]]",
        "((((((((((",
        "}{)(][",
        "0-" * 5000,
        "0->1:" * 4000,
        "yes " + "1 " * 5000,
        "no",
        "yes",
        "cycle",
        "acyclic",
        "-1",
        "0" * 10_000,
        problem.prompt,
        "__import__('os').system('echo hi')",
        "import os; os._exit(0)",
        f"{ref} {ref}",
        f"{ref}; {ref}",
        f"{ref} or {ref}",
        f"{ref}, {ref}",
        f"[{ref}] [{ref}]",
    ]


@pytest.mark.parametrize("env_id", IDS)
def test_hostile_answers_score_nothing_raise_nothing_and_are_quick(env_id):
    env: Environment = ENVS[env_id]
    for difficulty in (0, 3, 30):
        problem = env.sample(difficulty, 7)
        for answer in hostile_answers(problem):
            with cpu_timer() as spent:
                try:
                    verdict = env.check(problem.data, answer.strip())
                except ParseError:
                    verdict = None
            assert spent.cpu < 0.1, f"{answer[:40]!r}: {spent}"
            assert verdict is None or (isinstance(verdict, Verdict) and not verdict.correct), (answer[:60], verdict)
            scored = env.score(problem, f"<answer>{answer}</answer>")
            assert not scored.correct and scored.reward < 1.0, (answer[:60], scored)
            assert "verifier error" not in scored.reason, scored


@pytest.mark.parametrize("env_id", IDS)
def test_missing_and_empty_answers_are_malformed(env_id):
    env = ENVS[env_id]
    problem = env.sample(4, 1)
    for response in ("", "no tags at all", "<answer></answer>", "<answer>   </answer>", problem.answer):
        verdict = env.score(problem, response)
        assert not verdict.correct and not verdict.format_ok and verdict.reward == 0.0, (response, verdict)


@pytest.mark.parametrize("env_id", IDS)
def test_the_answer_of_another_seed_is_not_accepted_as_a_rule(env_id):
    """A checker that accepted everything would pass the reference tests; this catches it."""
    env = ENVS[env_id]
    accepted = 0
    for seed in range(10):
        problem, other = env.sample(12, seed), env.sample(12, seed + 100)
        accepted += env.score(problem, f"<answer>{other.answer}</answer>").correct
    assert accepted <= 2
