import os

from untrusted_env import SlowCode

import rlve
from rlve import Verdict
from rlve.curriculum import create
from rlve_trainer.config import RewardSection
from rlve_trainer.data import ProblemStream
from rlve_trainer.rewards import CurriculumReward, scalar_reward
from rlve_trainer.verify_pool import VerifyPool


def test_reward_modes_and_format_penalty():
    partial = Verdict.wrong("close", partial=0.4)
    unreadable = Verdict.malformed("no tags")
    assert scalar_reward(partial, RewardSection()) == 0.0  # binary by default, as RLVE
    assert scalar_reward(partial, RewardSection(mode="shaped")) == 0.4
    assert scalar_reward(Verdict.right(), RewardSection()) == 1.0
    assert scalar_reward(unreadable, RewardSection(format_penalty=0.2)) == -0.2
    assert scalar_reward(partial, RewardSection(format_penalty=0.2)) == 0.0  # readable: no penalty


def test_an_unjudged_answer_scores_zero_with_no_penalty():
    crashed = Verdict.verifier_failed("SandboxError: could not start the sandbox")
    assert crashed.is_verifier_error and not crashed.format_ok
    assert scalar_reward(crashed, RewardSection(format_penalty=0.5)) == 0.0
    assert scalar_reward(crashed, RewardSection(mode="shaped", format_penalty=0.5)) == 0.0


def make_reward(env_ids, **kwargs):
    registry = rlve.registry()
    environments = {env_id: registry.get(env_id) for env_id in env_ids}
    curriculum = create("adaptive", env_ids, min_samples=4, window=1, threshold=0.5)
    stream = ProblemStream(curriculum, environments, seed=3)
    return CurriculumReward(stream, curriculum, environments, RewardSection(), **kwargs), stream, curriculum


def call(reward, stream, texts, step=0):
    problem = stream.draw(0)

    class State:
        global_step = step

    n = len(texts)
    return reward(
        prompts=[None] * n,
        completions=[[{"role": "assistant", "content": t}] for t in texts],
        completion_ids=[[1, 2, 3]] * n,
        rlve_slot=[0] * n,
        rlve_env=[problem.env] * n,
        rlve_difficulty=[problem.difficulty] * n,
        rlve_seed=[problem.seed] * n,
        trainer_state=State(),
    ), problem


def test_outcomes_are_verified_recorded_and_reported():
    seen = []
    reward, stream, curriculum = make_reward(["graph/shortest_path"], on_outcomes=lambda *a: seen.append(a))
    problem = stream.draw(0)
    texts = [
        f"thinking... <answer>{problem.answer}</answer>",
        "<answer></answer>",
        "<answer>0 or 1 or 2</answer>",
        "no tags at all",
        "x" * 1_000_000,
    ]
    rewards, _ = call(reward, stream, texts, step=4)
    assert rewards == [1.0, 0.0, 0.0, 0.0, 0.0]
    step, outcomes, changes = seen[0]
    assert step == 5 and [o.correct for o in outcomes] == [True, False, False, False, False]
    assert [o.format_ok for o in outcomes][1] is False and all(o.text is None for o in outcomes)
    assert outcomes[0].completion_tokens == 3
    assert outcomes[0].env_version == rlve.registry().get("graph/shortest_path").version
    # 5 outcomes at high: min_samples=4 reached with 1/4 correct < 0.5, so no raise; the fifth starts a new count.
    assert changes == [] and curriculum.bands()["graph/shortest_path"].samples == 1
    assert reward.take_stats().mean_reward == 0.2 and reward.last_slot == 0


class CrashingCheck(rlve.Environment):
    """Its checker fails on every answer but "ok": what a broken sandbox or a checker bug looks like."""

    id = "testfake/crashing_check"
    version = 1
    description = "test environment whose checker raises"
    difficulty_scales = "nothing"
    size_name = "items"
    answer_format = "a word"

    def generate(self, difficulty, rng):
        return rlve.Instance(prompt="Say ok.", answer="ok", data={}, size=difficulty + 1)

    def check(self, data, answer):
        if answer == "ok":
            return Verdict.right()
        raise OSError("the sandbox could not start")


def test_unjudged_answers_are_kept_in_the_history_but_not_counted_by_the_curriculum(capsys):
    from rlve_trainer.progress import Progress, verifier_error_warning

    if CrashingCheck.id not in rlve.registry():
        rlve.registry().add(CrashingCheck, "rlve-trainer-tests")
    seen = []
    reward, stream, curriculum = make_reward([CrashingCheck.id], on_outcomes=lambda *a: seen.append(a))
    reward.config = RewardSection(format_penalty=0.5)
    rewards, _ = call(reward, stream, ["<answer>ok</answer>", "<answer>x</answer>", "<answer>y</answer>"], step=2)
    assert rewards == [1.0, 0.0, 0.0]  # no format penalty for the two the checker could not judge
    _, outcomes, _ = seen[0]
    assert [o.verifier_error for o in outcomes] == [False, True, True]
    assert outcomes[1].reason.startswith("verifier error: OSError: the sandbox could not start")
    assert curriculum.bands()[CrashingCheck.id].samples == 1  # only the judged answer counted
    stats = reward.take_stats()
    assert stats.accuracy == 1.0 and len(stats.verifier_errors) == 2 and len(stats.rewards) == 3
    Progress(10, enabled=False).warn(verifier_error_warning(3, stats))
    err = capsys.readouterr().err
    assert "step 3: 2 of 3 answers could not be verified (testfake/crashing_check; first: verifier error" in err
    assert "rlve history sql" in err


def test_gathered_outcomes_are_applied_in_order():
    reward, stream, curriculum = make_reward(["graph/shortest_path"], gather=lambda local: local + local)
    problem = stream.draw(0)
    call(reward, stream, [f"<answer>{problem.answer}</answer>"] * 2)
    # both "ranks" (the gathered list holds each outcome twice here) count: 4 correct at high -> raise
    assert curriculum.bands()["graph/shortest_path"].high == 1


def test_untrusted_code_is_verified_in_another_process_with_a_time_limit():
    registry = rlve.registry()
    if SlowCode.id not in registry:
        registry.add(SlowCode, "rlve-trainer-tests")
    # The limit counts verification only, not a worker's start-up (next test); the hang sleeps 60 s, so
    # "timed out" proves the limit.
    pool = VerifyPool(workers=2, timeout=3.0)
    try:
        reward, stream, _ = make_reward([SlowCode.id], verify_pool=pool)
        problem = stream.draw(0)
        verdicts = pool.score_many(
            [
                (registry.get(SlowCode.id), problem, t)
                for t in ["<answer>ok</answer>", "<answer>hang</answer>", "<answer>no</answer>", "<answer>ok</answer>"]
            ]
        )
        rewards, _ = call(reward, stream, ["<answer>ok</answer>", "<answer>hang</answer>"])
    finally:
        pool.close()
    assert [v.correct for v in verdicts] == [True, False, False, True]
    assert "timed out" in verdicts[1].reason and verdicts[1].reward == 0 and verdicts[1].is_verifier_error
    assert verdicts[0].reason != f"pid {os.getpid()}" and verdicts[0].reason.startswith("pid ")
    assert verdicts[2].reason.startswith("pid ")  # the answers after the hang were still verified
    assert rewards == [1.0, 0.0]


def test_a_workers_start_up_does_not_count_against_the_answers_time_limit(monkeypatch):
    # The worker spends 5 s starting (importing the environment's module) before its first call; the limit
    # is 3 s of verification. Counted from submission, the correct answer would time out and score 0.
    monkeypatch.setenv("RLVE_TEST_WORKER_START_DELAY", "5")
    registry = rlve.registry()
    if SlowCode.id not in registry:
        registry.add(SlowCode, "rlve-trainer-tests")
    env = registry.get(SlowCode.id)
    problem = env.sample(0, seed=1)
    pool = VerifyPool(workers=1, timeout=3.0)
    try:
        verdicts = pool.score_many([(env, problem, "<answer>ok</answer>"), (env, problem, "<answer>no</answer>")])
    finally:
        pool.close()
    assert [(v.correct, v.is_verifier_error) for v in verdicts] == [(True, False), (False, False)], verdicts
