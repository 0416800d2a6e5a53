"""The mechanism measured in every run: GRPO groups whose completions all got the same reward (zero advantage)
and the rollouts that carried a learning signal, per step and environment, in the history and the trackers."""

from __future__ import annotations

import sqlite3

import pytest
from click.testing import CliRunner
from sqlalchemy import select, text

from rlve.curriculum import Band
from rlve_trainer.group_signal import measure
from rlve_trainer.history import migrations, models, store
from rlve_trainer.history.engine import open_engine, to_url
from rlve_trainer.history.run_history import RunHistory
from rlve_trainer.rewards import Outcome, StepStats


def outcome(slot: int, reward: float, env: str = "math/addition", verifier_error: bool = False) -> Outcome:
    return Outcome(
        slot=slot,
        env=env,
        env_version=1,
        difficulty=1,
        seed=slot,
        reward=reward,
        correct=reward == 1.0,
        format_ok=True,
        completion_tokens=3,
        reason="",
        text=None,
        verifier_error=verifier_error,
    )


# Four groups of four completions: all right, all wrong, mixed (math); one mixed in graph; shaped rewards that
# differ only in partial credit still give an advantage.
BATCH = [
    *[outcome(0, 1.0) for _ in range(4)],
    *[outcome(1, 0.0) for _ in range(4)],
    *[outcome(2, r) for r in (1.0, 0.0, 0.0, 1.0)],
    *[outcome(3, r, env="graph/shortest_path") for r in (0.0, 0.0, 0.0, 0.25)],
]


def test_groups_with_one_reward_have_zero_advantage_and_the_others_carry_the_signal():
    signal = measure(BATCH)
    math = signal["math/addition"]
    assert (math.groups, math.zero_advantage_groups, math.signal_rollouts) == (3, 2, 4)
    assert math.zero_advantage_share == pytest.approx(2 / 3)
    graph = signal["graph/shortest_path"]
    assert (graph.groups, graph.zero_advantage_groups, graph.signal_rollouts) == (1, 0, 4)
    assert graph.zero_advantage_share == 0.0


def test_a_group_split_across_ranks_or_calls_is_measured_whole():
    # Ranks gather their slices in rank order: slot 2's completions arrive interleaved with slot 0's.
    interleaved = [BATCH[0], BATCH[8], BATCH[1], BATCH[9], BATCH[2], BATCH[10], BATCH[3], BATCH[11]]
    assert measure(interleaved)["math/addition"].zero_advantage_groups == 1
    stats = StepStats()
    for item in BATCH[:6]:  # the step's first reward call
        stats.add(item)
    for item in BATCH[6:]:  # its second (gradient accumulation): slot 1 completes here
        stats.add(item)
    assert stats.signal()["math/addition"].zero_advantage_groups == 2
    assert stats.signal()["math/addition"].signal_rollouts == 4
    # A single completion per prompt (num_generations = 1) never has an advantage.
    assert measure([outcome(9, 1.0)])["math/addition"].zero_advantage_share == 1.0


def test_the_reward_logs_the_share_and_the_signal_rollouts_to_the_trackers():
    from test_rewards import make_reward

    reward, stream, _ = make_reward(["math/addition"])
    problem = stream.draw(0)
    logged: dict[str, float] = {}

    class State:
        global_step = 0

    def score(texts, slot):
        n = len(texts)
        reward(
            prompts=[None] * n,
            completions=texts,
            rlve_slot=[slot] * n,
            rlve_env=[problem.env] * n,
            rlve_difficulty=[problem.difficulty] * n,
            rlve_seed=[problem.seed] * n,
            trainer_state=State(),
            log_metric=logged.__setitem__,
        )

    right, wrong = f"<answer>{problem.answer}</answer>", "<answer>-1</answer>"
    score([right, wrong, wrong, right], 0)
    assert logged["rlve/math/addition/zero_advantage_share"] == 0.0
    assert logged["rlve/math/addition/signal_rollouts"] == 4.0
    score([wrong, wrong, wrong, wrong], 0)
    assert logged["rlve/math/addition/zero_advantage_share"] == 1.0
    assert logged["rlve/math/addition/signal_rollouts"] == 0.0


def make_run(engine, run_id="r1"):
    store.create_run(
        engine,
        run_id=run_id,
        name=None,
        config={},
        packages={},
        environments={"math/addition": 1, "graph/shortest_path": 1},
        output_dir="/tmp/x",
        max_steps=3,
        model="m",
        strategy="adaptive",
    )


def test_each_step_writes_the_signal_per_environment_and_history_show_sums_it(tmp_path):
    from rlve import plugins
    from rlve.cli import cli

    url = to_url(str(tmp_path / "h.db"))
    engine = open_engine(url)
    make_run(engine)
    history = RunHistory(engine, "r1")
    bands = {"math/addition": Band(0, 1, 0, None), "graph/shortest_path": Band(0, 0, 0, None)}
    for step in (1, 2):
        stats = StepStats()
        for item in BATCH if step == 1 else BATCH[:8]:
            stats.add(item)
        history.step_end(step, bands, stats, None, None)
    history.writer.close()
    rows = sqlite3.connect(tmp_path / "h.db").execute(
        "SELECT step, env, step_groups, zero_advantage_groups, signal_rollouts FROM curriculum ORDER BY step, env"
    ).fetchall()
    assert rows == [
        (1, "graph/shortest_path", 1, 0, 4),
        (1, "math/addition", 3, 2, 4),
        (2, "graph/shortest_path", 0, 0, 0),  # no problem of it drawn in step 2
        (2, "math/addition", 2, 2, 0),
    ]
    plugins.register_commands(cli)
    shown = CliRunner().invoke(cli, ["history", "show", "r1", "--db", str(tmp_path / "h.db")])
    assert shown.exit_code == 0, shown.output
    line = next(line for line in shown.output.splitlines() if line.startswith("math/addition"))
    assert "zero-adv groups" in shown.output and " 0.800 " in line  # 4 of 5 groups over the run
    engine.dispose()


def test_a_database_from_before_the_signal_columns_opens_and_leaves_them_unknown(tmp_path):
    from sqlalchemy import create_engine

    url = to_url(str(tmp_path / "old.db"))
    old = create_engine(url)
    migrations.upgrade(old, target=5)  # what rlve-trainer wrote before the signal was measured
    make_run(old, "old")
    with old.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO curriculum (run_id, step, env, low, high, samples, accuracy, step_samples) "
                "VALUES ('old', 1, 'math/addition', 0, 1, 5, 0.5, 8)"
            )
        )
    old.dispose()
    engine = open_engine(url)
    with engine.connect() as connection:
        assert migrations.current_version(connection) == migrations.LATEST
        row = connection.execute(select(models.curriculum)).mappings().one()
        assert connection.execute(select(models.ablation_curves)).all() == []
    # Unknown, not zero: an old run did not measure its groups.
    assert row["step_groups"] is None and row["zero_advantage_groups"] is None and row["signal_rollouts"] is None
    from rlve_trainer.history.queries import run_summary

    assert run_summary(engine, "old")["envs"]["math/addition"]["zero_advantage_share"] is None
    engine.dispose()
