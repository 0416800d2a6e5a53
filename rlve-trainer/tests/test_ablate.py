"""`rlve ablate`: a reduced ablation end to end, repeatable, recorded in the history; bad input refused."""

from __future__ import annotations

import json
import sqlite3

import pytest
from click.testing import CliRunner

pytest.importorskip("rlve_plugin_math")  # the arms train on math/addition

REDUCED = """
name = "reduced"
seeds = [0]
steps = 3
jobs = {jobs}

[train]
envs = ["math/addition"]
grpo = {{ num_generations = 4, per_device_train_batch_size = 8, max_completion_length = 8, learning_rate = 1e-3 }}

[[arms]]
name = "adaptive"
strategy = "adaptive"
params = {{ min_samples = 8, threshold = 0.5 }}

[[arms]]
name = "fixed d=1"
strategy = "fixed"
params = {{ difficulty = 1 }}

[[arms]]
name = "target 0.5"
strategy = "target"
params = {{ target = 0.5, margin = 0.2 }}

[[arms]]
name = "uniform 0..1"
strategy = "uniform"
params = {{ low = 0, high = 1 }}

[eval]
difficulties = [0, 1]
problems_per_level = 8
held_out_envs = ["math/signed_sum"]
curve_every = 1
curve_problems = 4
target_accuracy = 0.3

[warm_start]
steps = 40
batch_size = 16
hidden_size = 32
layers = 1
learning_rate = 3e-3
"""


def run(rlve_cli, *args):
    return CliRunner().invoke(rlve_cli, list(args), catch_exceptions=False)


def write_config(folder, jobs=1, text=REDUCED):
    path = folder / "ablate.toml"
    path.write_text(text.format(jobs=jobs))
    return path


def ablate(rlve_cli, folder, jobs=1):
    result = run(rlve_cli, "ablate", str(write_config(folder, jobs)), "--output", str(folder / "runs"), "--quiet")
    assert result.exit_code == 0, result.output
    return sqlite3.connect(folder / "runs" / "history.db")


def sampled_rollouts(db):
    """What each arm's training saw and earned, in order: the part of a run that depends on its RNG."""
    return db.execute(
        "SELECT r.arm, o.slot, o.difficulty, o.seed, o.reward, o.completion_tokens FROM rollouts o "
        "JOIN (SELECT DISTINCT arm, run_id FROM ablation_results WHERE phase = 'after') r ON r.run_id = o.run_id "
        "ORDER BY r.arm, o.id"
    ).fetchall()


def scores(db):
    return db.execute(
        "SELECT arm, seed, phase, env, difficulty, held_out, problems, correct FROM ablation_results "
        "ORDER BY arm, seed, phase, env, difficulty"
    ).fetchall()


@pytest.fixture(scope="module")
def first(rlve_cli, tmp_path_factory):
    folder = tmp_path_factory.mktemp("ablate-first")
    return folder, ablate(rlve_cli, folder)


def test_reduced_ablation_records_every_arm_seed_phase_and_level(first):
    folder, db = first
    (ablation_id, status, config, packages, start_model) = db.execute(
        "SELECT id, status, config, packages, start_model FROM ablations"
    ).fetchone()
    assert status == "finished"
    assert json.loads(config)["steps"] == 3 and {"rlve-core", "torch", "trl"} <= set(json.loads(packages))
    assert (folder / "runs").resolve() in __import__("pathlib").Path(start_model).parents
    rows = scores(db)
    # 4 arms x 1 seed x (before, after) x (addition trained, signed_sum held out) x 2 levels
    assert len(rows) == 32
    assert {row[3] for row in rows if row[5]} == {"math/signed_sum"}
    assert all(row[6] == 8 and 0 <= row[7] <= 8 for row in rows)
    # Every arm is an ordinary run with its own curriculum strategy, trained for the full budget.
    runs = db.execute(
        "SELECT DISTINCT a.arm, r.curriculum_strategy, r.status, r.last_step FROM ablation_results a "
        "JOIN runs r ON r.id = a.run_id"
    ).fetchall()
    assert sorted(runs) == [
        ("adaptive", "adaptive", "finished", 3),
        ("fixed d=1", "fixed", "finished", 3),
        ("target 0.5", "target", "finished", 3),
        ("uniform 0..1", "uniform", "finished", 3),
    ]
    assert (
        db.execute(
            "SELECT COUNT(*) FROM rollouts WHERE difficulty != 1 AND run_id IN "
            "(SELECT run_id FROM ablation_results WHERE arm = 'fixed d=1')"
        ).fetchone()[0]
        == 0
    )
    # The before rows are the one evaluation of the shared starting checkpoint.
    before = {arm: [row[7] for row in rows if row[0] == arm and row[2] == "before"] for arm, *_ in runs}
    assert len(set(map(tuple, before.values()))) == 1


def test_every_arm_records_its_learning_curve_and_its_zero_advantage_groups(first):
    _, db = first
    # curve_every = 1 with 3 steps: steps 1 and 2 on the first 4 problems per level; step 3 is the final score.
    points = db.execute(
        "SELECT arm, step, COUNT(*), MIN(problems), MAX(problems) FROM ablation_curves GROUP BY arm, step"
    ).fetchall()
    assert len(points) == 4 * 2 and {row[1] for row in points} == {1, 2}
    assert all(row[2] == 4 and row[3] == row[4] == 4 for row in points)  # 2 envs x 2 levels, 4 problems each
    # Every step of every arm's run recorded its groups: 8 completions of 4 generations = 2 groups a step.
    signal = db.execute(
        "SELECT r.arm, SUM(c.step_groups), SUM(c.zero_advantage_groups), SUM(c.signal_rollouts) FROM curriculum c "
        "JOIN (SELECT DISTINCT arm, run_id FROM ablation_results WHERE phase = 'after') r ON r.run_id = c.run_id "
        "GROUP BY r.arm"
    ).fetchall()
    assert len(signal) == 4
    for _arm, groups, zero, rollouts in signal:
        assert groups == 3 * 2 and 0 <= zero <= groups
        assert rollouts == 4 * (groups - zero)  # the rollouts of the groups with mixed rewards
    # and they agree with the rollouts themselves: a group has zero advantage when its rewards are all equal
    groups = db.execute(
        "SELECT r.arm, o.run_id, o.slot, COUNT(DISTINCT o.reward) FROM rollouts o JOIN (SELECT DISTINCT arm, run_id "
        "FROM ablation_results WHERE phase = 'after') r ON r.run_id = o.run_id GROUP BY r.arm, o.run_id, o.slot"
    ).fetchall()
    for arm, _, zero, _ in signal:
        assert zero == sum(1 for row in groups if row[0] == arm and row[3] == 1)


def test_held_out_problems_were_never_training_problems(first):
    from rlve_trainer.data import TRAIN_SEED_LIMIT

    _, db = first
    assert db.execute("SELECT MAX(seed) FROM rollouts").fetchone()[0] < TRAIN_SEED_LIMIT


def test_report_plots_accuracy_by_difficulty(rlve_cli, first, tmp_path):
    pytest.importorskip("matplotlib")
    folder, db = first
    ablation_id = db.execute("SELECT id FROM ablations").fetchone()[0]
    out = tmp_path / "ablation.png"
    result = run(rlve_cli, "ablate", "report", ablation_id, "--output", str(folder / "runs"), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 10_000 and f"wrote {out}" in result.output


def test_report_prints_the_table(rlve_cli, first):
    folder, db = first
    ablation_id = db.execute("SELECT id FROM ablations").fetchone()[0]
    result = run(rlve_cli, "ablate", "report", ablation_id[:10], "--output", str(folder / "runs"))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(line.startswith("math/addition") and " (start) " in line for line in lines)
    assert any(line.startswith("math/signed_sum (held out)") and " fixed d=1 " in line for line in lines)
    assert any(line.startswith("all trained") and " adaptive " in line for line in lines)
    as_json = json.loads(
        run(rlve_cli, "ablate", "report", ablation_id, "--output", str(folder / "runs"), "--json").output
    )
    assert as_json["unjudged"] == 0
    assert {cell["arm"] for cell in as_json["cells"]} == {
        "(start)",
        "adaptive",
        "fixed d=1",
        "target 0.5",
        "uniform 0..1",
    }
    # The other tables: per-environment means, paired differences from the first arm, signal, curve.
    assert "difference from adaptive, paired by seed" in result.output
    assert any(line.startswith("uniform 0..1") and " all held out " in line for line in lines)
    assert "zero-adv share" in result.output and "steps to 0.30" in result.output
    assert "step 0" in result.output and "step 3" in result.output
    assert as_json["reference"] == "adaptive"
    assert {d["arm"] for d in as_json["differences"]} == {"fixed d=1", "target 0.5", "uniform 0..1"}
    assert set(as_json["signal"]) == set(as_json["curve"]) == {"adaptive", "fixed d=1", "target 0.5", "uniform 0..1"}
    assert all(arm["rollouts"]["mean"] == 3 * 8 for arm in as_json["signal"].values())  # compute-matched
    assert all(set(arm["points"]) == {"0", "1", "2", "3"} for arm in as_json["curve"].values())
    listed = run(rlve_cli, "ablate", "list", "--output", str(folder / "runs"))
    assert ablation_id in listed.output and "finished" in listed.output
    sql = run(
        rlve_cli,
        "history",
        "sql",
        "SELECT COUNT(*) AS n FROM ablation_results",
        "--output",
        str(folder / "runs"),
        "--json",
    )
    assert json.loads(sql.output) == [{"n": 32}]


def test_same_config_gives_the_same_results_in_parallel_workers_too(rlve_cli, first, tmp_path):
    _, db = first
    again = ablate(rlve_cli, tmp_path, jobs=2)
    assert scores(again) == scores(db)
    assert sampled_rollouts(again) == sampled_rollouts(db)
    assert len(sampled_rollouts(db)) == 4 * 3 * 8  # four arms, three steps, eight completions


@pytest.mark.parametrize(
    ("change", "fragments"),
    [
        (('strategy = "fixed"', 'strategy = "fixd"'), ("fixed d=1", "fixd")),
        (("difficulty = 1 }", "difficulty = -1 }"), ("fixed d=1", "difficulty")),
        (('held_out_envs = ["math/signed_sum"]', 'held_out_envs = ["math/addition"]'), ("also trained",)),
        (('name = "fixed d=1"', 'name = "adaptive"'), ("repeated: adaptive",)),
        (('envs = ["math/addition"]', 'envs = ["math/nosuch"]'), ("math/nosuch",)),
        (("seeds = [0]", "seeds = [0, 0]"), ("seeds",)),
        (("threshold = 0.5 }", 'threshold = 0.5, initial_difficulty = "from-eval:x" }'), ("adaptive", "database")),
        (("threshold = 0.5 }", 'threshold = 0.5, initial_difficulty = "frontier" }'), ("adaptive", "from-eval:")),
        (('name = "reduced"', 'name = "reduced"\nreference = "nosuch"'), ("reference", "nosuch", "adaptive")),
        (("[warm_start]\nsteps = 40", "[later]\nsteps = 40"), ("later", "unknown field")),
    ],
)
def test_bad_config_is_one_line_error_and_records_nothing(rlve_cli, tmp_path, change, fragments):
    text = REDUCED.replace(*change)
    assert text != REDUCED
    result = run(rlve_cli, "ablate", str(write_config(tmp_path, text=text)), "--output", str(tmp_path / "runs"))
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error:"), result.output
    for fragment in fragments:
        assert fragment in lines[0]
    db = tmp_path / "runs" / "history.db"
    assert not db.exists() or sqlite3.connect(db).execute("SELECT COUNT(*) FROM ablations").fetchone()[0] == 0


def test_no_starting_model_says_what_to_set(rlve_cli, tmp_path):
    text = REDUCED[: REDUCED.index("[warm_start]")]
    result = run(rlve_cli, "ablate", str(write_config(tmp_path, text=text)), "--output", str(tmp_path / "runs"))
    assert result.exit_code == 2 and "train.model.path" in result.output


def test_unknown_ablation_and_missing_arguments(rlve_cli, first):
    folder, _ = first
    result = run(rlve_cli, "ablate", "report", "nosuch", "--output", str(folder / "runs"))
    assert result.exit_code == 2 and "no ablation 'nosuch'" in result.output and "rlve ablate list" in result.output
    assert run(rlve_cli, "ablate").exit_code == 2
    missing = run(rlve_cli, "ablate", str(folder / "nosuch.toml"))
    assert missing.exit_code == 2 and "does not exist" in missing.output


def test_a_finished_warm_start_is_reused_not_retrained(first):
    from rlve_trainer.ablate.warm_start import warm_start

    _, db = first
    start_model = db.execute("SELECT start_model FROM ablations").fetchone()[0]
    result = warm_start(start_model, ["math/addition"], difficulties=[0, 1], steps=40)
    assert result.reused and result.steps <= 40


def test_held_out_seeds_are_outside_the_training_range_and_repeat():
    from rlve_trainer.data import TRAIN_SEED_LIMIT, held_out_seeds

    seeds = held_out_seeds("math/addition", 1, 50, eval_seed=0)
    assert len(set(seeds)) == 50 and min(seeds) >= TRAIN_SEED_LIMIT
    assert seeds == held_out_seeds("math/addition", 1, 50, eval_seed=0)
    assert seeds != held_out_seeds("math/addition", 1, 50, eval_seed=1)
