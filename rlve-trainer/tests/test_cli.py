"""`rlve train` bad input: a one-line error saying what to do, exit code 2, no half-written run; `rlve history`."""

import json
import os
import shutil
import sqlite3
import subprocess
import sys

import pytest
from click.testing import CliRunner
from quick_run import quick_config


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
    assert_one_line_error(invoke(rlve_cli, args, tmp_path), "/no/such/model", "does not exist", "model.path")
    assert not (tmp_path / "o").exists()  # no history.db, no run folder


def rlve_in_a_fresh_process(args, cwd, env=None, prelude=""):
    """``rlve ARGS`` in a new interpreter; returns (exit code, stderr, whether torch was imported)."""
    script = prelude + (
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
        env=dict(os.environ, HF_HUB_OFFLINE="1", **(env or {})),
        timeout=300,  # a bound against a hang, not a speed requirement
    )
    result = json.loads(completed.stdout.strip().splitlines()[-1])
    return result["code"], completed.stderr, result["torch"]


def assert_one_line_stderr(stderr, *fragments):
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error:"), stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def test_bad_model_path_and_unknown_run_are_reported_before_torch_and_create_nothing(tmp_path):
    output = tmp_path / "o"
    missing_model = ["train", "--demo", "--set", "model.tiny=false", "--set", "model.path=/no/such/model"]
    code, stderr, torch_loaded = rlve_in_a_fresh_process([*missing_model, "--output", str(output)], tmp_path)
    assert code == 2 and not torch_loaded, stderr
    assert_one_line_stderr(stderr, "/no/such/model", "does not exist")
    assert not output.exists() and not (tmp_path / "rlve-runs").exists()

    code, stderr, torch_loaded = rlve_in_a_fresh_process(
        ["train", "--resume", "NOPE", "--output", str(output)], tmp_path
    )
    assert code == 2 and not torch_loaded, stderr
    assert_one_line_stderr(stderr, "no history database")
    assert not output.exists()

    from rlve_trainer.history.engine import open_engine, to_url

    open_engine(to_url(str(output / "history.db"))).dispose()
    before = sorted(p.name for p in output.iterdir())
    code, stderr, torch_loaded = rlve_in_a_fresh_process(
        ["train", "--resume", "NOPE", "--output", str(output)], tmp_path
    )
    assert code == 2 and not torch_loaded, stderr
    assert_one_line_stderr(stderr, "no run 'NOPE'")
    assert sorted(p.name for p in output.iterdir()) == before


NOT_INSTALLED = """import importlib.metadata as metadata
_version = metadata.version
def _pretend_missing(name):
    if name.lower().replace("_", "-") == {distribution!r}:
        raise metadata.PackageNotFoundError(name)
    return _version(name)
metadata.version = _pretend_missing
"""


@pytest.mark.parametrize(
    "command, distribution, env_id",
    [("ablate", "rlve-plugin-math", "math/addition"), ("train", "rlve-plugin-code", "code/recursive_call_count")],
)
def test_demo_without_its_pack_says_which_package_adds_it(tmp_path, command, distribution, env_id):
    others = "rlve-plugin-graph" if distribution == "rlve-plugin-math" else "rlve-plugin-math"
    code, stderr, torch_loaded = rlve_in_a_fresh_process(
        [command, "--demo", "--output", str(tmp_path / "o")],
        tmp_path,
        env={"RLVE_LOAD_PLUGINS": f"{others},rlve-trainer"},
        prelude=NOT_INSTALLED.format(distribution=distribution),
    )
    assert code == 2 and not torch_loaded, stderr
    assert_one_line_stderr(
        stderr, f"`rlve {command} --demo`", env_id, f"pip install {distribution}", f"./rlve-plugins/{distribution}"
    )
    assert not (tmp_path / "o").exists()
    # Installed but left out by RLVE_LOAD_PLUGINS: say that instead.
    code, stderr, _ = rlve_in_a_fresh_process(
        [command, "--demo", "--output", str(tmp_path / "o")],
        tmp_path,
        env={"RLVE_LOAD_PLUGINS": f"{others},rlve-trainer"},
    )
    assert code == 2
    assert_one_line_stderr(stderr, distribution, "RLVE_LOAD_PLUGINS")


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
    from rlve_trainer.history import store
    from rlve_trainer.history.engine import open_engine, to_url
    from rlve_trainer.run_lock import LOCK_FILE

    run_dir = tmp_path / "o" / "20260101-000000-abcd"
    engine = open_engine(to_url(str(tmp_path / "o" / "history.db")))
    store.create_run(
        engine,
        run_id=run_dir.name,
        name=None,
        config=quick_config().model_dump(mode="json"),
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
    assert (run_dir / LOCK_FILE).exists()  # killed, not released: the file stays, unlocked


@pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")
def test_run_lock_is_removed_on_release_and_still_excludes(tmp_path):
    from rlve.errors import RlveError
    from rlve_trainer.run_lock import LOCK_FILE, RunLock

    first = RunLock(tmp_path, "r").acquire()
    assert (tmp_path / LOCK_FILE).read_text() == str(os.getpid())
    with pytest.raises(RlveError, match="being trained by another process"):
        RunLock(tmp_path, "r").acquire()
    first.release()
    assert not (tmp_path / LOCK_FILE).exists()
    second = RunLock(tmp_path, "r").acquire()
    with pytest.raises(RlveError):
        RunLock(tmp_path, "r").acquire()
    second.release()
    assert not (tmp_path / LOCK_FILE).exists()


@pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")
def test_run_lock_never_holds_a_file_that_was_removed(tmp_path, monkeypatch):
    """The gap that removing the file opens: B opens run.lock, A releases (removes it), B locks the orphan.
    B must notice and lock the file at the path instead, or a third process could hold the lock too."""
    from rlve_trainer import run_lock

    holder = run_lock.RunLock(tmp_path, "r").acquire()
    stale = open(tmp_path / run_lock.LOCK_FILE, "a+")  # what B opened just before A released
    holder.release()
    opened = []

    def open_stale_first(path, mode="r", *args, **kwargs):
        handle = stale if not opened else open(path, mode, *args, **kwargs)
        opened.append(handle)
        return handle

    monkeypatch.setattr(run_lock, "open", open_stale_first, raising=False)
    second = run_lock.RunLock(tmp_path, "r").acquire()
    monkeypatch.undo()
    assert len(opened) == 2 and stale.closed
    assert (tmp_path / run_lock.LOCK_FILE).exists()
    with pytest.raises(run_lock.RlveError):  # the file at the path is the one locked
        run_lock.RunLock(tmp_path, "r").acquire()
    second.release()


def test_usage_errors(rlve_cli, tmp_path):
    assert invoke(rlve_cli, ["train"], tmp_path).exit_code == 2
    assert invoke(rlve_cli, ["train", "--demo", "--resume", "x"], tmp_path).exit_code == 2
    assert_one_line_error(invoke(rlve_cli, ["train", "--demo", "--set", "grpo.beta=-1"], tmp_path), "grpo.beta")


def test_history_commands_share_the_default_location(rlve_cli, tmp_path):
    result = invoke(rlve_cli, ["history", "path"], tmp_path)
    assert result.exit_code == 0 and result.output.strip().endswith("rlve-runs/history.db")
    assert_one_line_error(invoke(rlve_cli, ["history", "runs"], tmp_path), "no history database")
