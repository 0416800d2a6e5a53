"""An environment's version is part of a run's identity (gymnasium's rule): resuming a run after one changed
is refused (one line, exit 2, before torch, nothing written) unless ``--allow-version-change``, which
records the change; an ablation arm that finds other versions than the ablation started with refuses too."""

import json
import os
import sqlite3
import subprocess
import sys

import pytest
from click.testing import CliRunner
from quick_run import quick_config

import rlve
from rlve import plugins
from rlve.cli import cli
from rlve.errors import RlveError
from rlve_trainer.config import TrainConfig
from rlve_trainer.history import store
from rlve_trainer.history.engine import open_engine, to_url
from rlve_trainer.versions import VersionChange, version_changes

RUN_ID = "20260101-000000-abcd"


def test_version_changes_are_the_environments_whose_recorded_version_differs():
    recorded = json.dumps({"a/x": 1, "a/y": 2, "a/gone": 1})
    assert version_changes(recorded, {"a/x": 1, "a/y": 3, "a/new": 5}) == [VersionChange("a/y", 2, 3)]
    assert version_changes({"a/x": 1}, {"a/x": 1}) == []


def store_run(output, environments):
    """A stopped demo run in ``output``'s history that recorded ``environments`` when it started."""
    engine = open_engine(to_url(str(output / "history.db")))
    store.create_run(
        engine,
        run_id=RUN_ID,
        name=None,
        config=quick_config().model_dump(mode="json"),
        packages={},
        environments=environments,
        output_dir=str(output / RUN_ID),
        max_steps=30,
        model="tiny (built offline)",
        strategy="adaptive",
    )
    store.set_status(engine, RUN_ID, "stopped", error="interrupted", last_step=4)
    engine.dispose()


def rlve_in_a_fresh_process(args, cwd):
    """``rlve ARGS`` in a new interpreter; returns (exit code, stdout, stderr, whether torch was imported)."""
    script = (
        "import json, sys\n"
        "from rlve.cli import main\n"
        "try:\n"
        "    main(sys.argv[1:])\n"
        "    code = 0\n"
        "except SystemExit as stop:\n"
        "    code = stop.code\n"
        "print(json.dumps({'code': code, 'torch': 'torch' in sys.modules}))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=dict(os.environ, HF_HUB_OFFLINE="1"),
        timeout=300,  # a bound against a hang, not a speed requirement
    )
    *out, last = completed.stdout.strip().splitlines()
    result = json.loads(last)
    return result["code"], "\n".join(out), completed.stderr, result["torch"]


def test_resume_after_a_version_change_is_refused_before_torch_and_writes_nothing(tmp_path):
    output = tmp_path / "o"
    installed = rlve.registry().get("graph/shortest_path").version
    unchanged = rlve.registry().get("graph/connected_components").version
    store_run(output, {"graph/shortest_path": installed + 1, "graph/connected_components": unchanged})
    before = (output / "history.db").read_bytes()

    code, stdout, stderr, torch_loaded = rlve_in_a_fresh_process(
        ["train", "--resume", RUN_ID[:8], "--output", str(output)], tmp_path
    )
    assert code == 2 and not torch_loaded and stdout == "", stderr
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error:") and "Traceback" not in stderr, stderr
    for fragment in (
        f"run {RUN_ID}",
        f"graph/shortest_path was version {installed + 1} when the run started and is version {installed} now",
        "rlve-plugin-graph",
        "Reinstall the pack release the run started with",
        "start a new run",
        f"rlve train --resume {RUN_ID} --output {output} --allow-version-change",
    ):
        assert fragment in lines[0], lines[0]
    assert "connected_components" not in lines[0]  # only what changed is named
    assert not (output / RUN_ID).exists()  # no folder, no lock, no tiny model
    db = sqlite3.connect(output / "history.db")
    assert db.execute("SELECT status, last_step FROM runs").fetchone() == ("stopped", 4)
    assert db.execute("SELECT COUNT(*) FROM environment_changes").fetchone()[0] == 0
    db.close()
    assert (output / "history.db").read_bytes() == before


def test_allow_version_change_needs_resume():
    plugins.register_commands(cli)
    result = CliRunner().invoke(cli, ["train", "--demo", "--allow-version-change"])
    assert result.exit_code == 2 and "--allow-version-change goes with --resume" in result.output


def test_allow_version_change_continues_the_run_and_records_the_change(tmp_path, tiny_model, fakes, capsys):
    from rlve_trainer.train import train

    config = TrainConfig.model_validate(
        {
            "model": {"path": str(tiny_model)},
            "envs": ["testfake/always_right"],
            "grpo": {
                "num_generations": 4,
                "per_device_train_batch_size": 8,
                "max_completion_length": 4,
                "save_steps": 1,
            },
            "max_steps": 1,
            "output": str(tmp_path),
        }
    )
    run_id = train(config, quiet=True).run_id
    installed = rlve.registry().get("testfake/always_right").version
    db = sqlite3.connect(tmp_path / "history.db")
    with db:  # as if the run had started under version 7 of the environment
        db.execute("UPDATE runs SET environments = ?", (json.dumps({"testfake/always_right": 7}),))

    with pytest.raises(RlveError, match=f"testfake/always_right was version 7 .* is version {installed} now"):
        train(config, resume=run_id, overrides=["max_steps=2"], quiet=True)
    assert db.execute("SELECT status, last_step, max_steps FROM runs").fetchone() == ("finished", 1, 1)

    capsys.readouterr()
    result = train(config, resume=run_id, overrides=["max_steps=2"], allow_version_change=True)
    assert result.final_step == 2
    printed = capsys.readouterr().out
    assert f"testfake/always_right goes on with version {installed} (it was version 7)" in printed
    changes = db.execute("SELECT run_id, step, env, old_version, new_version FROM environment_changes").fetchall()
    assert changes == [(run_id, 1, "testfake/always_right", 7, installed)]
    assert json.loads(db.execute("SELECT environments FROM runs").fetchone()[0]) == {"testfake/always_right": installed}
    versions = dict(db.execute("SELECT step, MIN(env_version) FROM rollouts GROUP BY step").fetchall())
    assert versions == {1: installed, 2: installed}

    from click.testing import CliRunner

    from rlve import plugins
    from rlve.cli import cli

    plugins.register_commands(cli)  # what `rlve` does at start: the trainer adds `history`
    shown = CliRunner().invoke(cli, ["history", "show", run_id, "--output", str(tmp_path)])
    assert shown.exit_code == 0, shown.output
    assert f"testfake/always_right changed from version 7 to {installed} at step 1" in shown.output
    as_json = CliRunner().invoke(cli, ["history", "show", run_id, "--output", str(tmp_path), "--json"])
    assert json.loads(as_json.output)["version_changes"][0]["new_version"] == installed

    # Recorded: the next resume finds nothing changed and needs no flag.
    assert train(config, resume=run_id, overrides=["max_steps=3"], quiet=True).final_step == 3
    assert db.execute("SELECT COUNT(*) FROM environment_changes").fetchone()[0] == 1
    db.close()


def test_an_ablation_arm_refuses_other_environment_versions_than_the_start_was_scored_with():
    from rlve_trainer.ablate.arms import ArmJob, run_arm
    from rlve_trainer.ablate.evaluate import EvalPlan

    installed = rlve.registry().get("graph/shortest_path").version
    job = ArmJob(
        arm="adaptive",
        strategy="adaptive",
        seed=0,
        config={},  # never reached: the check comes first
        plan=EvalPlan({"graph/shortest_path": [0]}, problems_per_level=1, eval_seed=0, max_new_tokens=4),
        threads=1,
        env_versions={"graph/shortest_path": installed + 1},
    )
    with pytest.raises(RlveError, match=rf"arm 'adaptive' \(seed 0\).*graph/shortest_path version {installed + 1} ->"):
        run_arm(job)
