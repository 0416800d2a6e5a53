"""The shared curriculum actor under Ray on CPU: concurrent workers, exactly-once, order, restart, history.

One local Ray instance (2 CPUs) serves the whole module. Workers answer ``math/addition`` problems with the
right sum except for a few seeds, so the adaptive curriculum (min_samples lowered to 8) climbs while they run.
"""

from __future__ import annotations

import json
import sys
import time

import pytest

ray = pytest.importorskip("ray", reason='the Ray actor tests need Ray: pip install "rlve-trainer[ray]"')

from sqlalchemy import create_engine, text  # noqa: E402

import rlve  # noqa: E402
from rlve.curriculum import create  # noqa: E402
from rlve.errors import RlveError  # noqa: E402
from rlve_trainer.engines.curriculum_service import CurriculumService  # noqa: E402
from rlve_trainer.engines.ray_curriculum import (  # noqa: E402
    get_or_create_curriculum,
    record_outcomes,
    sample_problems,
    score_and_record,
)

ENV = "math/addition"
PARAMS = {"min_samples": 8, "threshold": 0.75}


@pytest.fixture(scope="module", autouse=True)
def ray_cluster():
    # Ray ships the worker function below to its worker processes by value: they cannot import a test module.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, namespace="rlve-tests")
    yield
    ray.shutdown()


def answer_for(problem: dict) -> str:
    """The right sum, except for about one seed in seven."""
    right = rlve.registry().get(problem["env"]).sample(problem["difficulty"], problem["seed"]).answer
    return f"<answer>{right}</answer>" if problem["seed"] % 7 else "<answer>-1</answer>"


@ray.remote(num_cpus=1)
def worker(curriculum_name: str, worker_id: int, batches: int, size: int) -> list[dict]:
    """A worker loop: draw, answer, score and record; it re-sends its first batch at the end, as after a lost
    reply. Returns what it sent and the receipts, for the test to replay."""
    sent = []
    for batch_id in range(batches):
        problems = sample_problems(curriculum_name, size)
        responses = [answer_for(problem) for problem in problems]
        rewards, receipt = score_and_record(curriculum_name, worker_id, batch_id, problems, responses)
        sent.append({"problems": problems, "rewards": rewards, "receipt": receipt, "responses": responses})
    first = sent[0]
    _, again = score_and_record(curriculum_name, worker_id, 0, first["problems"], first["responses"])
    return [*sent, {"retry_of": 0, "receipt": again}]


def rows(db_url: str, sql: str, **params) -> list[tuple]:
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql), params)]
    finally:
        engine.dispose()


def test_concurrent_workers_apply_each_batch_once_in_one_order(tmp_path):
    db = f"sqlite:///{tmp_path / 'history.db'}"
    settings = {"params": PARAMS, "state_path": str(tmp_path / "state.json"), "save_every": 4, "db": db}
    curriculum = get_or_create_curriculum("concurrent", [ENV], **settings)
    workers, batches, size = 4, 6, 4
    results = ray.get([worker.remote("rlve-tests/concurrent", w, batches, size) for w in range(workers)])

    sent = [(w, item) for w, result in enumerate(results) for item in result if "retry_of" not in item]
    retries = [(w, item) for w, result in enumerate(results) for item in result if "retry_of" in item]
    info = ray.get(curriculum.info.remote())
    # Every batch applied exactly once: one sequence number each, 1..N; retries acknowledged, not counted.
    assert sorted(item["receipt"]["seq"] for _, item in sent) == list(range(1, workers * batches + 1))
    assert not any(item["receipt"]["duplicate"] for _, item in sent)
    assert info["seq"] == workers * batches
    assert info["outcomes_applied"] == workers * batches * size
    assert info["duplicates"] == workers
    for w, item in retries:
        receipt = item["receipt"]
        assert (receipt["duplicate"], receipt["applied"], receipt["seq"]) == (True, 0, results[w][0]["receipt"]["seq"])
    # Slots are never handed out twice, even to workers drawing at the same time.
    slots = [p["slot"] for _, item in sent for p in item["problems"]]
    assert sorted(slots) == list(range(len(slots)))

    # Replaying the batches in the actor's order into a fresh curriculum reaches the actor's state.
    replay = create("adaptive", [ENV], **PARAMS)
    for _, item in sorted(sent, key=lambda pair: pair[1]["receipt"]["seq"]):
        for problem, reward in zip(item["problems"], item["rewards"]):
            replay.record(problem["env"], problem["difficulty"], reward == 1.0)
    state = ray.get(curriculum.state_dict.remote())
    assert state["curriculum"] == replay.state_dict()
    assert replay.bands()[ENV].high >= 2, "the workers answer mostly right: the band must have climbed"
    changes = [c for _, item in sent for c in item["receipt"]["changes"]]
    assert len(changes) == replay.bands()[ENV].high

    # The history, written by the actor alone: one step per batch (step = seq), every rollout once.
    run_id = info["run_id"]
    by_step = rows(db, "SELECT step, count(*), sum(correct) FROM rollouts WHERE run_id = :r GROUP BY step", r=run_id)
    expected = {
        item["receipt"]["seq"]: (size, int(sum(item["rewards"])))
        for _, item in sent  # rewards are 1.0 exactly when correct
    }
    assert {step: (count, correct) for step, count, correct in by_step} == expected
    recorded_changes = rows(db, "SELECT old_high, new_high FROM difficulty_changes WHERE run_id = :r", r=run_id)
    assert sorted(recorded_changes) == sorted((c["old_high"], c["new_high"]) for c in changes)
    last = rows(db, "SELECT high, samples FROM curriculum WHERE run_id = :r AND step = :s", r=run_id, s=info["seq"])
    assert last == [(replay.bands()[ENV].high, replay.bands()[ENV].samples)]
    assert rows(db, "SELECT status, last_step FROM runs WHERE id = :r", r=run_id) == [("running", info["seq"])]
    ray.get(curriculum.close.remote())
    assert rows(db, "SELECT status FROM runs WHERE id = :r", r=run_id) == [("finished",)]
    # A closed curriculum asked for again is replaced by one resuming from the state saved at close.
    curriculum = get_or_create_curriculum("concurrent", [ENV], **settings)
    assert ray.get(curriculum.state_dict.remote())["curriculum"] == replay.state_dict()
    assert ray.get(curriculum.info.remote())["run_id"] == run_id
    kill(curriculum)


def kill(curriculum) -> None:
    """``ray.kill`` and wait until Ray reports the actor dead, so its name is free for the next one (the kill
    travels through Ray's control store: calls sent after it may still reach the actor for a moment)."""
    ray.kill(curriculum)
    for _ in range(1000):
        try:
            ray.get(curriculum.info.remote())
        except ray.exceptions.RayActorError:
            return
        time.sleep(0.05)
    pytest.fail("ray.kill did not stop the curriculum actor")


def outcome(problem: dict, correct: bool) -> dict:
    return {key: problem[key] for key in ("slot", "env", "difficulty", "seed")} | {"correct": correct}


def test_killed_actor_restarts_from_its_saved_state(tmp_path):
    db = f"sqlite:///{tmp_path / 'history.db'}"
    settings = {"params": PARAMS, "state_path": str(tmp_path / "state.json"), "save_every": 3, "db": db}
    curriculum = get_or_create_curriculum("restart", [ENV], **settings)
    batches = []
    for batch_id in range(7):
        problems = sample_problems(curriculum, 4)
        batches.append([outcome(p, correct=True) for p in problems])
        assert record_outcomes(curriculum, "w", batch_id, batches[-1])["seq"] == batch_id + 1
    info = ray.get(curriculum.info.remote())
    assert (info["seq"], info["saved_seq"]) == (7, 6)
    saved = json.loads((tmp_path / "state.json").read_text())
    assert saved["seq"] == 6 and [b for _, b, _ in saved["applied"]] == list(range(6))
    handed_out = info["next_slot"]
    kill(curriculum)

    curriculum = get_or_create_curriculum("restart", [ENV], **settings)
    info = ray.get(curriculum.info.remote())
    assert (info["seq"], info["outcomes_applied"]) == (6, 24)  # batch 6 (seq 7) was after the last save: lost
    assert ray.get(curriculum.state_dict.remote())["curriculum"] == saved["curriculum"]
    # Re-sending is safe: a saved batch is acknowledged with its old seq, the lost one applies again.
    receipt = record_outcomes(curriculum, "w", 2, batches[2])
    assert (receipt["seq"], receipt["duplicate"], receipt["applied"]) == (3, True, 0)
    receipt = record_outcomes(curriculum, "w", 6, batches[6])
    assert (receipt["seq"], receipt["duplicate"], receipt["applied"]) == (7, False, 4)
    replay = create("adaptive", [ENV], **PARAMS)
    for batch in batches:
        for o in batch:
            replay.record(o["env"], o["difficulty"], o["correct"])
    assert ray.get(curriculum.state_dict.remote())["curriculum"] == replay.state_dict()
    # No slot is handed out twice: the restarted actor starts after every slot that may have left before.
    assert sample_problems(curriculum, 1)[0]["slot"] >= handed_out
    # The history holds step 7 once: the rows written before the kill were cut back with the state.
    run_id = info["run_id"]
    steps = rows(db, "SELECT step, count(*) FROM rollouts WHERE run_id = :r GROUP BY step", r=run_id)
    assert steps == [(step, 4) for step in range(1, 8)]
    kill(curriculum)
    # A state file is resumed only by the curriculum it was saved for.
    with pytest.raises(RlveError, match="saved for another curriculum \\(params differ\\)"):
        get_or_create_curriculum("restart", [ENV], **(settings | {"params": {"min_samples": 9}}))


def test_bad_input_is_a_clear_error_and_the_actor_lives_on(tmp_path):
    with pytest.raises(RlveError, match="unknown environment 'math/no_such_env'"):
        get_or_create_curriculum("bad", ["math/no_such_env"])
    curriculum = get_or_create_curriculum("bad", [ENV], params=PARAMS)  # the failed attempt left no actor
    with pytest.raises(RlveError, match="already runs with other settings"):
        get_or_create_curriculum("bad", [ENV])
    problem = sample_problems(curriculum, 1)[0]
    good = outcome(problem, correct=True)
    bad_batches = {
        "environment 'logic/sudoku' is not in this curriculum": [good | {"env": "logic/sudoku"}],
        "difficulty must be an integer >= 0": [good, good | {"difficulty": "2"}],
        "lacks correct": [{k: v for k, v in good.items() if k != "correct"}],
        "correct must be true or false": [good | {"correct": "yes"}],
        "version 99 made this problem": [good | {"env_version": 99}],
        "unknown fields": [good | {"corect": True}],
        "outcomes must be a list": {"env": ENV},
        "has no outcomes": [],
    }
    for message, batch in bad_batches.items():
        with pytest.raises(RlveError, match=message):
            record_outcomes(curriculum, "w", "b1", batch)
    with pytest.raises(RlveError, match="batch_id must be a string or an integer"):
        record_outcomes(curriculum, "w", 1.5, [good])
    # Nothing of a rejected batch was applied, and its name is still free for the corrected batch.
    assert ray.get(curriculum.info.remote())["outcomes_applied"] == 0
    assert record_outcomes(curriculum, "w", "b1", [good])["duplicate"] is False
    assert ray.get(curriculum.info.remote())["outcomes_applied"] == 1
    with pytest.raises(RlveError, match="2 problems but 1 responses"):
        score_and_record(curriculum, "w", "b2", [problem, problem], ["<answer>1</answer>"])
    with pytest.raises(RlveError, match="no curriculum actor named 'rlve-tests/missing'"):
        sample_problems("rlve-tests/missing", 1)
    ray.kill(curriculum)


def test_descriptors_name_the_problem_and_hold_no_answer():
    curriculum = get_or_create_curriculum("descriptors", [ENV, "logic/sudoku"], seed=5, system_prompt="Be brief.")
    problems = sample_problems(curriculum, 6)
    registry = rlve.registry()
    for problem in problems:
        assert "answer" not in problem and "data" not in problem
        made = registry.get(problem["env"]).sample(problem["difficulty"], problem["seed"])
        assert problem["prompt"] == made.prompt and problem["env_version"] == made.env_version
        assert problem["messages"] == [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": made.prompt},
        ]
    # Without prompts, the same seed and state draw the same problems (the workers make the prompts).
    bare = get_or_create_curriculum("bare", [ENV, "logic/sudoku"], seed=5, system_prompt="Be brief.", prompts=False)
    drawn = sample_problems(bare, 6)
    names = ("slot", "env", "env_version", "difficulty", "seed")
    assert [{k: p[k] for k in names} for p in drawn] == [{k: p[k] for k in names} for p in problems]
    assert "prompt" not in drawn[0]
    kill(curriculum)
    kill(bare)


def test_state_file_is_replaced_whole_and_a_damaged_one_is_refused(tmp_path):
    path = tmp_path / "state.json"
    service = CurriculumService([ENV], params=PARAMS, state_path=str(path), save_every=1)
    problems = service.sample(3)
    service.record("w", 0, [outcome(p, correct=True) for p in problems])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.json"]  # the temporary file was renamed
    assert json.loads(path.read_text())["seq"] == 1
    state = json.loads(path.read_text())
    path.write_text(path.read_text()[:-20])  # cut short, as a copy without the atomic rename could be
    with pytest.raises(RlveError, match="cannot read the curriculum state .*move it away"):
        CurriculumService([ENV], params=PARAMS, state_path=str(path))
    path.write_text(json.dumps({key: state[key] for key in ("format", "spec", "curriculum")}))
    with pytest.raises(RlveError, match="is damaged .*move it away"):
        CurriculumService([ENV], params=PARAMS, state_path=str(path))
