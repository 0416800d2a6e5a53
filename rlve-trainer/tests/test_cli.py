"""`rlve train` bad input: a one-line error saying what to do, exit code 2, no half-written run; `rlve history`."""

import json
import os
import shutil
import sqlite3
import subprocess
import sys

import pytest
from click.testing import CliRunner

from rlve import plugins
from rlve.cli import cli


@pytest.fixture(scope="module")
def rlve_cli():
    plugins.register_commands(cli)
    return cli


def invoke(rlve_cli, args, cwd):
    previous = os.getcwd()
    os.chdir(cwd)  # `rlve history` and `rlve train` default to ./rlve-runs in the current folder
    try:
        return CliRunner().invoke(rlve_cli, args, catch_exceptions=False)
    finally:
        os.chdir(previous)


def run_count(folder):
    db = folder / "history.db"
    if not db.exists():
        return 0
    return sqlite3.connect(db).execute("SELECT COUNT(*) FROM runs").fetchone()[0]


def assert_one_line_error(result, *fragments):
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.strip().splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error:"), result.output
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


@pytest.fixture()
def no_template_model(tmp_path, tiny_model):
    folder = tmp_path / "no-template"
    shutil.copytree(tiny_model, folder)
    (folder / "chat_template.jinja").unlink(missing_ok=True)
    config_path = folder / "tokenizer_config.json"
    data = json.loads(config_path.read_text())
    data.pop("chat_template", None)
    config_path.write_text(json.dumps(data))
    return folder


def test_missing_model_path(rlve_cli, tmp_path):
    (tmp_path / "run.toml").write_text('envs = ["graph/shortest_path"]\n')
    result = invoke(rlve_cli, ["train", str(tmp_path / "run.toml"), "--output", str(tmp_path / "o")], tmp_path)
    assert_one_line_error(result, "model.path", "--demo")
    assert run_count(tmp_path / "o") == 0


def test_model_path_that_is_not_a_folder(rlve_cli, tmp_path):
    args = [
        "train",
        "--demo",
        "--set",
        "model.tiny=false",
        "--set",
        "model.path=/no/such/model",
        "--output",
        str(tmp_path / "o"),
    ]
    assert_one_line_error(invoke(rlve_cli, args, tmp_path), "/no/such/model")
    assert run_count(tmp_path / "o") == 0


def test_model_without_chat_template(rlve_cli, tmp_path, no_template_model):
    args = [
        "train",
        "--demo",
        "--set",
        "model.tiny=false",
        "--set",
        f"model.path={json.dumps(str(no_template_model))}",
        "--output",
        str(tmp_path / "o"),
    ]
    assert_one_line_error(invoke(rlve_cli, args, tmp_path), "chat template")
    assert run_count(tmp_path / "o") == 0


@pytest.mark.parametrize("envs, fragment", [("['graph/no_such_env']", "no_such_env"), ("['zzz/*']", "zzz/*")])
def test_unknown_environment_or_empty_glob(rlve_cli, tmp_path, envs, fragment):
    args = ["train", "--demo", "--set", f"envs={envs}", "--output", str(tmp_path / "o")]
    assert_one_line_error(invoke(rlve_cli, args, tmp_path), fragment)
    assert run_count(tmp_path / "o") == 0


def test_bad_curriculum_parameter(rlve_cli, tmp_path):
    args = ["train", "--demo", "--set", "curriculum.params={speed = 3}", "--output", str(tmp_path / "o")]
    assert_one_line_error(invoke(rlve_cli, args, tmp_path), "speed", "min_samples")
    assert run_count(tmp_path / "o") == 0


def test_database_that_cannot_be_opened(rlve_cli, tmp_path):
    assert_one_line_error(invoke(rlve_cli, ["train", "--demo", "--db", "nosuchdialect://h/db"], tmp_path), "URL")
    (tmp_path / "blocker").write_text("")
    args = ["train", "--demo", "--db", str(tmp_path / "blocker" / "history.db")]
    assert_one_line_error(invoke(rlve_cli, args, tmp_path), "history database")


def test_resume_of_an_unknown_run(rlve_cli, tmp_path):
    result = invoke(rlve_cli, ["train", "--resume", "nope", "--output", str(tmp_path / "o")], tmp_path)
    assert_one_line_error(result, "no history database", "rlve train")
    from rlve_trainer.history.engine import open_engine, to_url

    open_engine(to_url(str(tmp_path / "o" / "history.db"))).dispose()
    result = invoke(rlve_cli, ["train", "--resume", "nope", "--output", str(tmp_path / "o")], tmp_path)
    assert_one_line_error(result, "no run 'nope'", "rlve history runs")


@pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")
def test_resume_of_a_run_another_process_is_training_is_refused(rlve_cli, tmp_path):
    from rlve_trainer.config import demo_config
    from rlve_trainer.history import store
    from rlve_trainer.history.engine import open_engine, to_url
    from rlve_trainer.run_lock import LOCK_FILE

    run_dir = tmp_path / "o" / "20260101-000000-abcd"
    engine = open_engine(to_url(str(tmp_path / "o" / "history.db")))
    store.create_run(
        engine,
        run_id=run_dir.name,
        name=None,
        config=demo_config().model_dump(mode="json"),
        packages={},
        environments={},
        output_dir=str(run_dir),
        max_steps=30,
        model="tiny",
        strategy="adaptive",
    )
    engine.dispose()
    # Another process holds the run's lock, as a training `rlve train` does until it exits.
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from rlve_trainer.run_lock import RunLock; "
            f"lock = RunLock({str(run_dir)!r}, 'x').acquire(); print('held', flush=True); time.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        result = invoke(rlve_cli, ["train", "--resume", run_dir.name, "--output", str(tmp_path / "o")], tmp_path)
        assert_one_line_error(result, "being trained by another process", f"pid {holder.pid}")
    finally:
        holder.kill()
        holder.wait()
    assert (run_dir / LOCK_FILE).exists()


def test_usage_errors(rlve_cli, tmp_path):
    assert invoke(rlve_cli, ["train"], tmp_path).exit_code == 2
    assert invoke(rlve_cli, ["train", "--demo", "--resume", "x"], tmp_path).exit_code == 2
    assert_one_line_error(invoke(rlve_cli, ["train", "--demo", "--set", "grpo.beta=-1"], tmp_path), "grpo.beta")


def test_history_commands_share_the_default_location(rlve_cli, tmp_path):
    result = invoke(rlve_cli, ["history", "path"], tmp_path)
    assert result.exit_code == 0 and result.output.strip().endswith("rlve-runs/history.db")
    assert_one_line_error(invoke(rlve_cli, ["history", "runs"], tmp_path), "no history database")
