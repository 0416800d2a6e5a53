"""`rlve engines verl run.toml --run`: verl's main_ppo in a child process, and how its run ended in the history.

A stand-in for main_ppo (fake_verl_main.py) starts the run with rlve's live curriculum, as verl's driver does,
then ends as each test asks; verl itself is not needed."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from rlve_trainer.cli.engines import engines
from rlve_trainer.engines.verl_launch import run_verl

HERE = Path(__file__).resolve().parent


@pytest.fixture
def toml(tmp_path, monkeypatch) -> Path:
    # `python -m fake_verl_main` in the child, which keeps whatever else PYTHONPATH held
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")])))
    (tmp_path / "model").mkdir()
    path = tmp_path / "run.toml"
    path.write_text(
        f'envs = {json.dumps(["graph/shortest_path"])}\nmax_steps = 5\ndb = "{tmp_path / "history.db"}"\n'
        f'[model]\npath = "{tmp_path / "model"}"\n'
    )
    return path


def launch(toml: Path, end: str, *settings: str, db: str = "history.db"):
    ended = run_verl([f"toml={toml}", f"end={end}", *settings], module="fake_verl_main")
    with sqlite3.connect(toml.parent / db) as connection:
        rows = connection.execute("SELECT id, status, error FROM runs").fetchall()
    return ended, rows


def test_a_crashed_verl_run_is_recorded_failed_with_how_it_ended(toml):
    ended, rows = launch(toml, "crash")
    assert ended.code == 1 and ended.marked == "failed"
    assert rows == [(ended.run_id, "failed", "verl's main_ppo exited with code 1")]
    assert ended.db_url == f"sqlite:///{toml.parent / 'history.db'}"


def test_the_run_is_marked_in_the_database_verl_was_given(toml):
    other = toml.parent / "other.db"
    ended, rows = launch(toml, "crash", f"+data.rlve_db=sqlite:///{other}", db="other.db")
    assert rows == [(ended.run_id, "failed", "verl's main_ppo exited with code 1")]
    assert not (toml.parent / "history.db").exists()


def test_a_verl_run_stopped_by_sigterm_is_recorded_stopped(toml):
    ended, rows = launch(toml, "sigterm")
    assert ended.code == -15 and ended.marked == "stopped"
    assert rows == [(ended.run_id, "stopped", "verl's main_ppo was ended by SIGTERM")]


def test_a_run_verl_finished_keeps_its_status(toml):
    ended, rows = launch(toml, "finished")
    assert ended.code == 0 and ended.marked is None
    assert rows == [(ended.run_id, "finished", None)]


def test_verl_ending_before_any_run_marks_nothing(toml):
    ended = run_verl([f"toml={toml}", "end=before the run"], module="fake_verl_main")
    assert (ended.code, ended.run_id, ended.marked) == (3, None, None)


def test_verl_settings_without_run_are_refused_with_where_they_go(toml):
    result = CliRunner().invoke(engines, ["verl", str(toml), "trainer.default_local_dir=ckpt"])
    assert result.exit_code == 2
    assert "go with --run" in result.output and "$(rlve engines verl CONFIG)" in result.output


def test_a_run_file_that_cannot_be_written_does_not_stop_the_run(toml, tmp_path, capsys):
    from rlve_trainer.engines.verl_live import LiveCurriculum, load_config

    # verl's driver on another machine of a Ray cluster: the launcher's folder is not there
    live = LiveCurriculum(load_config(toml), batch_size=2, run_file=str(tmp_path / "absent" / "run_id"))
    live.draw_next()
    assert live.run_id is not None and live.history is not None
    assert f"the run {live.run_id} stays recorded as running" in capsys.readouterr().err
    live.history.close()
