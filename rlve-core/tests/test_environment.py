"""The Environment base class: seeding, argument checks, the prompt sentence and verdict guards."""

from __future__ import annotations

import subprocess
import sys

import pytest
from toy_envs import AddEnv, CrashingEnv

from rlve import Instance, Problem, Verdict
from rlve.environment import VERIFIER_ERROR, InvalidArgument


def test_sample_is_a_pure_function_of_seed_and_difficulty():
    env = AddEnv()
    assert env.sample(3, 11) == env.sample(3, 11)
    assert env.sample(3, 11) != env.sample(3, 12)
    assert env.sample(3, 11).data != env.sample(4, 11).data


def test_sample_is_identical_in_a_fresh_process_with_another_hash_seed():
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from toy_envs import AddEnv; "
        "print(AddEnv().sample(5, 99).model_dump_json())"
    )
    here = str(__import__("pathlib").Path(__file__).parent)
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code, here], capture_output=True, text=True, env={"PYTHONHASHSEED": seed}, check=True
        ).stdout
        for seed in ("1", "2")
    }
    assert outputs == {AddEnv().sample(5, 99).model_dump_json() + "\n"}


def test_problem_records_where_it_came_from_and_round_trips_json():
    problem = AddEnv().sample(2, 5)
    assert (problem.env, problem.env_version, problem.difficulty, problem.seed, problem.size) == ("toy/add", 1, 2, 5, 3)
    assert Problem.model_validate_json(problem.model_dump_json()) == problem


def test_every_prompt_states_the_answer_format():
    prompt = AddEnv().sample(0, 0).prompt
    assert "<answer></answer>" in prompt and "an integer" in prompt


@pytest.mark.parametrize("difficulty", [-1, 1.5, "3", True, None])
def test_invalid_difficulty_says_what_is_allowed(difficulty):
    with pytest.raises(InvalidArgument, match="integer >= 0"):
        AddEnv().sample(difficulty, 0)


@pytest.mark.parametrize("seed", [-1, 2**63, "x"])
def test_invalid_seed_says_what_is_allowed(seed):
    with pytest.raises(InvalidArgument, match="seed must be an integer from 0"):
        AddEnv().sample(0, seed)


def test_large_difficulty_is_accepted():
    assert AddEnv().sample(500, 1).size == 501


def test_score_accepts_the_reference_and_rejects_others():
    env = AddEnv()
    problem = env.sample(4, 3)
    assert env.score(problem, f"thinking <answer>{problem.answer}</answer>").correct
    assert env.score(problem, f"\\boxed{{{problem.answer}}}").correct
    wrong = env.score(problem, f"<answer>{int(problem.answer) + 1}</answer>")
    assert (wrong.correct, wrong.format_ok, wrong.reward) == (False, True, 0.0)


@pytest.mark.parametrize(
    ("response", "reason"),
    [
        ("no tags", "no answer found"),
        ("<answer> </answer>", "empty"),
        ("<answer>twelve</answer>", "could not read the answer"),
        ("<answer>" + "1" * 30_000 + "</answer>", "characters, more than"),
    ],
)
def test_malformed_answers_score_zero_with_a_reason(response, reason):
    env = AddEnv()
    verdict = env.score(env.sample(1, 1), response)
    assert (verdict.correct, verdict.format_ok, verdict.reward) == (False, False, 0.0)
    assert reason in verdict.reason


def test_a_crashing_checker_costs_the_reward_not_the_run():
    env = CrashingEnv()
    verdict = env.score(env.sample(1, 1), "<answer>5</answer>")
    assert not verdict.correct and verdict.reason.startswith(VERIFIER_ERROR)
    assert "ZeroDivisionError" in verdict.reason
    # Marked as unjudged, so trainers neither penalise the format nor count it; unreadable answers are not.
    assert verdict.is_verifier_error and verdict.reward == 0.0
    assert not AddEnv().score(AddEnv().sample(1, 1), "<answer>twelve</answer>").is_verifier_error
    assert not Verdict.malformed("no tags").is_verifier_error and not Verdict.wrong("no").is_verifier_error


def test_verifying_another_environments_problem_is_refused():
    problem = AddEnv().sample(1, 1)
    assert not CrashingEnv().verify(problem, problem.answer).correct


def test_a_problem_of_another_version_is_not_judged():
    """gymnasium's rule: the version is part of the identity. Version 2's checker never judges (even
    correctly-looking) answers to version 1's problems: a verifier error naming both versions."""

    class AddEnvV2(AddEnv):
        version = 2

    old = AddEnv().sample(2, 5)
    for judge in (AddEnvV2().verify(old, old.answer), AddEnvV2().score(old, f"<answer>{old.answer}</answer>")):
        assert judge.is_verifier_error and not judge.correct and judge.reward == 0.0
        assert "version 1" in judge.reason and "version 2 is installed" in judge.reason
        assert "regenerate" in judge.reason
    # The other way round too, and the installed version still judges its own problems.
    new = AddEnvV2().sample(2, 5)
    assert AddEnv().verify(new, new.answer).is_verifier_error
    assert AddEnvV2().verify(new, new.answer).correct
    # A Problem whose version field was edited is refused as well: the check reads the field, not the data.
    forged = old.model_copy(update={"env_version": 7})
    assert "version 7" in AddEnv().verify(forged, old.answer).reason


def test_verdict_bounds():
    assert Verdict.wrong("close", partial=0.5).reward == 0.5
    with pytest.raises(ValueError):
        Verdict.wrong("too generous", partial=1.0)
    with pytest.raises(ValueError):
        Verdict(reward=1.5, correct=True, format_ok=True)


def test_data_reaches_check_as_json_types_and_unserialisable_data_fails_early():
    class TupleEnv(AddEnv):
        id = "toy/tuples"

        def generate(self, difficulty, rng):
            return Instance(prompt="p", answer="1", data={"pair": (1, 2)}, size=difficulty)

    assert TupleEnv().sample(0, 0).data == {"pair": [1, 2]}

    class SetEnv(AddEnv):
        id = "toy/sets"

        def generate(self, difficulty, rng):
            return Instance(prompt="p", answer="1", data={"s": {1}}, size=difficulty)

    with pytest.raises(TypeError, match="must be JSON-serialisable"):
        SetEnv().sample(0, 0)
