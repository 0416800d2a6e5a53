"""An ablation arm that starts at the frontier (``initial_difficulty = "from-eval:start"``): the search on the
starting model, recorded as an evaluation, run once and reused on resume; the report's rollouts to that level."""

from __future__ import annotations

import json
import sqlite3

import pytest
from click.testing import CliRunner

from rlve.errors import RlveError
from rlve_trainer.ablate import config as config_module
from rlve_trainer.ablate import records, report, runner, saving
from rlve_trainer.ablate.evaluate import LevelScore
from rlve_trainer.ablate.frontier import evaluation_name
from rlve_trainer.evaluation import records as evaluation_records
from rlve_trainer.evaluation.frontier import Frontier
from rlve_trainer.history import models, store
from rlve_trainer.history.engine import open_engine, to_url

CONFIG = """
name = "frontier arm"
seeds = [0]
steps = 3

[train]
envs = ["math/addition"]
grpo = { num_generations = 4, per_device_train_batch_size = 8, max_completion_length = 8, learning_rate = 1e-3 }

[[arms]]
name = "adaptive"
strategy = "adaptive"
params = { min_samples = 1000 }

[[arms]]
name = "from frontier"
strategy = "adaptive"
params = { min_samples = 1000, initial_difficulty = "from-eval:start" }

[eval]
difficulties = [0, 1]
problems_per_level = 4
held_out_envs = ["math/signed_sum"]

[frontier]
threshold = 0.25
problems = 8
max_tokens = 6

[warm_start]
steps = 40
batch_size = 16
hidden_size = 32
layers = 1
learning_rate = 3e-3
"""


def run(rlve_cli, *args):
    return CliRunner().invoke(rlve_cli, list(args), catch_exceptions=False)


# --- the figure itself, on hand-made histories ---


def test_first_reach_counts_the_rollouts_of_the_steps_up_to_the_move():
    history = [(1, 0, 8), (2, 1, 6), (3, 2, 10), (4, 2, 8)]  # (step, band's upper end after it, rollouts)
    assert saving.first_reach(0, history, 2) == saving.Reach(3, 24, 4)
    assert saving.first_reach(0, history, 1) == saving.Reach(2, 14, 4)
    assert saving.first_reach(2, history, 2) == saving.Reach(0, 0, 4)  # started there: nothing spent
    assert saving.first_reach(0, history, 3) == saving.Reach(None, 32, 4)  # never: all the run's rollouts
    assert saving.first_reach(0, [(1, 1, 8)], 1) == saving.Reach(1, 8, 1)  # moved by its first step's outcomes


def test_a_band_starts_where_its_first_move_began_or_where_it_always_was():
    rows = [
        {"arm": "a", "seed": 0, "env": "e", "step": 1, "high": 3, "step_samples": 8},  # moved 2 -> 3 at step 1
        {"arm": "a", "seed": 0, "env": "e", "step": 2, "high": 3, "step_samples": 8},
        {"arm": "b", "seed": 0, "env": "e", "step": 1, "high": 1, "step_samples": 8},  # never moved
        {"arm": "b", "seed": 0, "env": "other", "step": 1, "high": 0, "step_samples": 8},  # no level asked
    ]
    found = saving.reaches(rows, {("a", 0, "e"): 2}, {"e": 2})
    assert found == {("a", "e"): {0: saving.Reach(0, 0, 2)}, ("b", "e"): {0: saving.Reach(None, 8, 1)}}
    found = saving.reaches(rows, {("a", 0, "e"): 2}, {"e": 3})
    assert found[("a", "e")][0] == saving.Reach(1, 8, 2)


def _handmade_ablation(url: str) -> tuple[str, str]:
    """An ablation's rows written by hand: three arms x two seeds on two environments, four steps each, and the
    frontier search on the start (addition 2, signed_sum none: 0). Returns (ablation id, evaluation id)."""
    engine = open_engine(url)
    ablation_id = "20260101-000000-abcd"
    config = config_module.AblateConfig(
        seeds=[0, 1],
        steps=4,
        train={"envs": ["math/addition", "math/signed_sum"]},
        arms=[
            {"name": "adaptive", "strategy": "adaptive"},
            {"name": "from frontier", "strategy": "adaptive", "params": {"initial_difficulty": "from-eval:start"}},
            {"name": "fixed d=1", "strategy": "fixed", "params": {"difficulty": 1}},
        ],
    )
    records.create(engine, ablation_id=ablation_id, name=None, config=config.model_dump(mode="json"), packages={},
                   start_model="/start")
    evaluation_id = "20260101-000001-eeee"
    evaluation_records.create(
        engine, evaluation_id=evaluation_id, name=evaluation_name(ablation_id), model="/start", backend="hf",
        settings={}, packages={}, environments={}, threshold=0.5, problems=8,
    )
    evaluation_records.write_frontier(engine, evaluation_id, "math/addition", 1, Frontier(frontier=2, failed_at=3))
    evaluation_records.write_frontier(engine, evaluation_id, "math/signed_sum", 1, Frontier(frontier=None, failed_at=0))
    evaluation_records.set_status(engine, evaluation_id, "finished")
    # (arm, seed) -> env -> [(band's upper end after the step, rollouts of the env in the step)], and the moves
    highs = {
        ("adaptive", 0): {"math/addition": [(0, 8), (1, 6), (2, 10), (2, 8)], "math/signed_sum": [(0, 8)] * 4},
        ("adaptive", 1): {"math/addition": [(0, 8), (0, 8), (1, 8), (2, 8)], "math/signed_sum": [(1, 8)] * 4},
        ("from frontier", 0): {"math/addition": [(2, 8), (2, 8), (3, 8), (3, 8)], "math/signed_sum": [(0, 8)] * 4},
        ("from frontier", 1): {"math/addition": [(2, 8)] * 4, "math/signed_sum": [(0, 8)] * 4},
        ("fixed d=1", 0): {"math/addition": [(1, 8)] * 4, "math/signed_sum": [(1, 8)] * 4},
        ("fixed d=1", 1): {"math/addition": [(1, 7)] * 4, "math/signed_sum": [(1, 9)] * 4},
    }
    moves = {("adaptive", 0): [(2, 0, 1), (3, 1, 2)], ("adaptive", 1): [(3, 0, 1), (4, 1, 2)],
             ("from frontier", 0): [(3, 2, 3)]}  # (step, old, new) on addition
    final = {"adaptive": 2, "from frontier": 3, "fixed d=1": 1}  # correct of 4 at each level
    for (arm, seed), envs in highs.items():
        run_id = f"run-{arm}-{seed}".replace(" ", "-")
        store.create_run(engine, run_id=run_id, name=None, config={}, packages={}, environments={}, output_dir="/x",
                         max_steps=4, model=None, strategy="adaptive")
        with engine.begin() as connection:
            for env, series in envs.items():
                connection.execute(models.curriculum.insert(), [
                    {"run_id": run_id, "step": step, "env": env, "low": 0, "high": high, "samples": 0,
                     "step_samples": rollouts}
                    for step, (high, rollouts) in enumerate(series, start=1)
                ])
            for step, old, new in moves.get((arm, seed), []):
                connection.execute(models.difficulty_changes.insert().values(
                    run_id=run_id, step=step, env="math/addition", old_high=old, new_high=new, reason="test"))
        for phase, correct, run in ((records.BEFORE, 1, None), (records.AFTER, final[arm], run_id)):
            scores = [LevelScore(env, d, 4, correct) for env in envs for d in (0, 1)]
            records.write_scores(engine, ablation_id=ablation_id, arm=arm, strategy="adaptive", seed=seed,
                                 phase=phase, run_id=run, scores=scores, held_out=set())
    records.set_status(engine, ablation_id, "finished")
    engine.dispose()
    return ablation_id, evaluation_id


def test_the_report_shows_the_rollouts_each_arm_spent_to_reach_the_frontier(rlve_cli, tmp_path):
    url = to_url(str(tmp_path / "history.db"))
    ablation_id, evaluation_id = _handmade_ablation(url)
    engine = open_engine(url, create=False)
    try:
        ablation, summary = report.load(engine, ablation_id)
    finally:
        engine.dispose()
    found = report.as_json(ablation, summary)["rollouts_to_frontier"]
    assert found["arm"] == "from frontier" and found["evaluation"] == evaluation_id
    assert found["levels"] == {"math/addition": 2, "math/signed_sum": 0}  # no frontier: the band starts at 0
    rows = {(row["arm"], row["env"]): row for row in found["rows"]}
    adaptive = rows[("adaptive", "math/addition")]
    assert adaptive["by_seed"] == {0: {"step": 3, "rollouts": 24}, 1: {"step": 4, "rollouts": 32}}
    assert adaptive["rollouts"]["mean"] == 28 and adaptive["step"]["mean"] == 3.5 and adaptive["reached"] == 2
    assert rows[("from frontier", "math/addition")]["by_seed"] == {0: {"step": 0, "rollouts": 0},
                                                                   1: {"step": 0, "rollouts": 0}}
    fixed = rows[("fixed d=1", "math/addition")]
    assert fixed["reached"] == 0 and fixed["by_seed"][1] == {"step": None, "rollouts": 28}
    assert fixed["never_rollouts"]["mean"] == 30  # (32 + 28) / 2: what it spent without getting there
    assert all(rows[(arm, "math/signed_sum")]["step"]["mean"] == 0 for arm in ("adaptive", "from frontier"))
    assert rows[("from frontier", "math/addition")]["final_accuracy"]["mean"] == 0.75
    # The table, next to the accuracy table: level, steps and rollouts until then, final accuracy.
    printed = run(rlve_cli, "ablate", "report", ablation_id, "--db", url)
    assert printed.exit_code == 0, printed.output
    lines = printed.output.splitlines()
    title = next(i for i, line in enumerate(lines) if line.startswith("rollouts to the frontier"))
    assert evaluation_id in lines[title] and "'from frontier'" in lines[title]
    table = [line.split("  ") for line in lines[title + 3 : title + 9]]
    cells = [[cell.strip() for cell in line if cell.strip()] for line in table]
    assert ["math/addition", "2", "adaptive", "4 ± 6", "28 ± 51", "0.50 ± 0.00"] in cells
    assert ["math/addition", "2", "from frontier", "0", "0", "0.75 ± 0.00"] in cells
    assert ["math/addition", "2", "fixed d=1", "never", "never (> 30)", "0.25 ± 0.00"] in cells
    assert lines.index(next(line for line in lines if line.startswith("greedy accuracy per environment"))) < title


# --- end to end: the search on the tiny start, a stop, a resume ---


@pytest.fixture()
def stopped(tmp_path, monkeypatch):
    """The ablation stopped (Ctrl-C) as its frontier arm begins: the search and the first arm are done."""
    pytest.importorskip("rlve_plugin_math")
    path = tmp_path / "ablate.toml"
    path.write_text(CONFIG)
    config = config_module.load(path, [f"output={tmp_path / 'runs'}"])
    train_arm = runner.run_arm

    def stop_at_the_frontier_arm(job):
        if job.arm == "from frontier":
            raise KeyboardInterrupt
        return train_arm(job)

    monkeypatch.setattr(runner, "run_arm", stop_at_the_frontier_arm)
    with pytest.raises(KeyboardInterrupt):
        runner.run_ablation(config, quiet=True)
    monkeypatch.undo()
    return tmp_path / "runs", sqlite3.connect(tmp_path / "runs" / "history.db")


def test_the_search_is_an_ordinary_evaluation_of_the_start_and_a_resume_reuses_it(rlve_cli, stopped):
    output, db = stopped
    ablation_id, status, start_model = db.execute("SELECT id, status, start_model FROM ablations").fetchone()
    assert status == "stopped"
    evaluations = db.execute("SELECT id, name, status, model, backend, threshold, problems, settings FROM evaluations")
    [(evaluation_id, name, status, model, backend, threshold, problems, settings)] = evaluations.fetchall()
    assert (name, status, model, backend) == (f"ablate-{ablation_id}-start", "finished", start_model, "hf")
    assert (threshold, problems) == (0.25, 8) and json.loads(settings)["max_tokens"] == 6
    assert json.loads(settings)["ablation"] == ablation_id and json.loads(settings)["temperature"] == 0
    # Only the trained environment is searched, from d = 0 on held-out problems, as `rlve eval` does.
    assert db.execute("SELECT DISTINCT env FROM evaluation_results").fetchall() == [("math/addition",)]
    assert db.execute("SELECT MIN(difficulty), MIN(probe) FROM evaluation_results").fetchone() == (0, 1)
    shown = run(rlve_cli, "eval", "report", name, "--output", str(output))
    assert shown.exit_code == 0 and "math/addition" in shown.output, shown.output
    first_adaptive = db.execute("SELECT DISTINCT run_id FROM ablation_results WHERE phase = 'after'").fetchall()
    assert len(first_adaptive) == 1

    # The arm starts where the *recorded* search says: make the record say 2 and resume.
    db.execute("UPDATE evaluation_frontiers SET frontier = 2, failed_at = 3")
    db.commit()
    resumed = run(rlve_cli, "ablate", "resume", ablation_id[:12], "--output", str(output), "--quiet")
    assert resumed.exit_code == 0, resumed.output
    assert db.execute("SELECT COUNT(*) FROM evaluations").fetchone()[0] == 1  # reused, not searched again
    assert db.execute("SELECT status FROM ablations").fetchone()[0] == "finished"
    arms = dict(db.execute("SELECT DISTINCT arm, run_id FROM ablation_results WHERE phase = 'after'").fetchall())
    assert arms["adaptive"] == first_adaptive[0][0]  # the finished arm was not trained again
    config = json.loads(db.execute("SELECT config FROM runs WHERE id = ?", (arms["from frontier"],)).fetchone()[0])
    assert config["curriculum"]["params"]["initial_difficulty"] == f"from-eval:{evaluation_id}"  # names it
    bands = db.execute("SELECT low, high FROM curriculum WHERE run_id = ?", (arms["from frontier"],)).fetchall()
    assert bands and all(high == 2 for _, high in bands)
    assert db.execute(
        "SELECT MAX(difficulty) <= 2 AND MIN(difficulty) >= 0 FROM rollouts WHERE run_id = ?", (arms["from frontier"],)
    ).fetchone()[0]
    before = db.execute("SELECT arm, env, difficulty, correct FROM ablation_results WHERE phase = 'before'").fetchall()
    by_arm = {arm: sorted(row[1:] for row in before if row[0] == arm) for arm in arms}
    assert by_arm["adaptive"] == by_arm["from frontier"]  # both compared with the one start's scores
    # The report: started at the frontier (step 0), adaptive from 0 never got there in 3 steps.
    assert "rollouts to the frontier" in resumed.output
    lines = [line.split() for line in resumed.output.splitlines() if line.startswith("math/addition  2 ")]
    assert ["math/addition", "2", "from", "frontier", "0", "0"] == lines[1][:6]
    assert lines[0][:5] == ["math/addition", "2", "adaptive", "never", "never"]
    again = run(rlve_cli, "ablate", "resume", ablation_id, "--output", str(output))
    assert again.exit_code == 2 and "is finished: nothing to resume" in again.output


@pytest.mark.parametrize(
    ("change", "fragments"),
    [
        (("threshold = 0.25", "threshold = 1.5"), ("frontier.threshold", "1.5")),
        (("problems = 8", "problems = 0"), ("frontier.problems", "greater than or equal to 1")),
        (("max_tokens = 6", "max_tokens = 6\nrounds = 2"), ("frontier.rounds", "unknown field", "max_difficulty")),
        (('name = "from frontier"\nstrategy = "adaptive"', 'name = "from frontier"\nstrategy = "fixed"'),
         ("from frontier", "initial_difficulty")),
        (('"from-eval:start"', '"from-eval:"'), ("from frontier", "names no evaluation", "from-eval:start")),
    ],
)
def test_bad_values_are_one_line_and_record_nothing(rlve_cli, tmp_path, change, fragments):
    pytest.importorskip("rlve_plugin_math")
    text = CONFIG.replace(*change)
    assert text != CONFIG
    path = tmp_path / "ablate.toml"
    path.write_text(text)
    result = run(rlve_cli, "ablate", str(path), "--output", str(tmp_path / "runs"))
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error:"), result.output
    assert all(fragment in lines[0] for fragment in fragments), lines[0]
    assert not (tmp_path / "runs" / "history.db").exists()


def test_resuming_what_is_not_there_is_one_line(rlve_cli, tmp_path):
    missing = run(rlve_cli, "ablate", "resume", "nosuch", "--output", str(tmp_path / "runs"))
    assert missing.exit_code == 2 and "history database" in missing.output


def test_the_example_config_is_valid_and_has_a_frontier_arm():
    pytest.importorskip("rlve_plugin_math")
    from pathlib import Path

    from rlve_trainer.ablate.frontier import wants_start

    example = Path(__file__).resolve().parents[1] / "examples" / "ablate_frontier.toml"
    config = config_module.load(example)
    levels, held_out = runner.check(config)
    assert list(levels) == ["math/addition"] and not held_out
    assert [wants_start(arm.params) for arm in config.arms] == [False, True]


def test_an_ablation_still_running_is_not_resumed_a_second_time(tmp_path):
    # A killed ablation leaves its lock unlocked and resumes; one whose process still holds it would have its
    # arm-seeds trained twice, so the resume is refused in one line before anything is loaded.
    from rlve_trainer.run_lock import RunLock

    path = tmp_path / "ablate.toml"
    path.write_text(f'output = "{tmp_path / "runs"}"\n' + CONFIG)  # top level, before the first table
    config = config_module.load(path)
    url = to_url(str(tmp_path / "runs" / "history.db"))
    engine = open_engine(url)
    records.create(engine, ablation_id="20260101-000000-aaaa", name=None, config=config.model_dump(mode="json"),
                   packages={}, start_model="unused")
    engine.dispose()
    held = RunLock(tmp_path / "runs" / "ablate-20260101-000000-aaaa", "20260101-000000-aaaa").acquire()
    try:
        with pytest.raises(RlveError, match="ablation 20260101-000000-aaaa is being trained by another process"):
            runner.resume_ablation(url, "20260101-000000-aaaa", quiet=True)
    finally:
        held.release()
