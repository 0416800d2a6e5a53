"""`rlve history runs/show/sql/plot` on a database with a known run."""

import csv
import io
import json

import pytest
from click.testing import CliRunner

from rlve import plugins
from rlve.cli import cli
from rlve_trainer.history import models, store
from rlve_trainer.history.engine import open_engine, to_url


@pytest.fixture(scope="module")
def history_db(tmp_path_factory):
    plugins.register_commands(cli)
    folder = tmp_path_factory.mktemp("hist")
    engine = open_engine(to_url(str(folder / "history.db")))
    store.create_run(
        engine,
        run_id="20250101-000000-abcd",
        name="climb",
        config={},
        packages={},
        environments={"graph/shortest_path": 2, "math/add": 1},
        output_dir=str(folder),
        max_steps=4,
        model="m",
        strategy="adaptive",
    )
    with engine.begin() as connection:
        for step in range(1, 5):
            for env, high in (("graph/shortest_path", step // 2), ("math/add", 0)):
                connection.execute(
                    models.curriculum.insert().values(
                        run_id="20250101-000000-abcd",
                        step=step,
                        env=env,
                        low=max(0, high - 3),
                        high=high,
                        samples=step,
                        accuracy=0.5,
                        step_samples=4,
                        step_accuracy=0.25,
                    )
                )
                connection.execute(
                    models.rollouts.insert(),
                    [
                        dict(
                            run_id="20250101-000000-abcd",
                            step=step,
                            slot=step,
                            env=env,
                            env_version=1,
                            difficulty=high,
                            seed=i,
                            reward=float(i % 2),
                            correct=bool(i % 2),
                            format_ok=True,
                            completion_tokens=5,
                            reason="",
                            text=None,
                        )
                        for i in range(4)
                    ],
                )
        connection.execute(
            models.difficulty_changes.insert().values(
                run_id="20250101-000000-abcd", step=2, env="graph/shortest_path", old_high=0, new_high=1, reason="r"
            )
        )
    store.set_status(engine, "20250101-000000-abcd", "finished", last_step=4)
    engine.dispose()
    return folder


def invoke(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_runs_table_and_json(history_db):
    result = invoke("history", "runs", "--output", str(history_db))
    assert result.exit_code == 0 and "20250101-000000-abcd" in result.output and "4/4" in result.output
    rows = json.loads(invoke("history", "runs", "--json", "--db", str(history_db / "history.db")).output)
    assert rows[0]["name"] == "climb" and rows[0]["status"] == "finished"


def test_a_run_without_a_step_budget_shows_its_step_alone(tmp_path):
    # A Ray actor's run (or a script's, before its trainer starts) has max_steps 0: "3/0" would read as overrun.
    engine = open_engine(to_url(str(tmp_path / "history.db")))
    store.create_run(
        engine, run_id="20250102-000000-beef", name="actor", config={}, packages={}, environments={},
        output_dir="", max_steps=0, model="remote", strategy="adaptive",
    )
    store.set_status(engine, "20250102-000000-beef", "running", last_step=3)
    engine.dispose()
    listed = invoke("history", "runs", "--output", str(tmp_path)).output
    row = next(line for line in listed.splitlines() if "20250102-000000-beef" in line)
    assert " 3 " in row + " " and "3/0" not in row
    shown = invoke("history", "show", "actor", "--output", str(tmp_path)).output
    assert "step 3," in shown and "3/0" not in shown


def test_show_says_when_a_running_run_was_killed(tmp_path):
    from rlve_trainer.run_lock import LOCK_FILE, RunLock

    engine = open_engine(to_url(str(tmp_path / "history.db")))
    folder = tmp_path / "20250103-000000-dead"
    folder.mkdir()
    store.create_run(
        engine, run_id=folder.name, name="killed", config={}, packages={}, environments={}, output_dir=str(folder),
        max_steps=10, model="m", strategy="adaptive",
    )  # fmt: skip
    store.set_status(engine, folder.name, "running", last_step=3)
    engine.dispose()

    def shown(*extra):
        return invoke("history", "show", "killed", *extra, "--output", str(tmp_path)).output

    assert "no process holds" not in shown() and json.loads(shown("--json"))["run"]["lock"] == "unknown"
    assert " s ago)" in shown()  # a running run says how long ago it was last recorded
    lock = RunLock(folder, folder.name).acquire()  # training
    assert "no process holds" not in shown() and json.loads(shown("--json"))["run"]["lock"] == "held"
    lock._handle.close()  # killed: the file stays, nobody holds it
    assert (folder / LOCK_FILE).exists()
    assert f"it ended without recording it (killed, or out of memory); `rlve train --resume {folder.name}`" in shown()
    assert json.loads(shown("--json"))["run"]["lock"] == "free"
    assert (folder / LOCK_FILE).exists()  # looking did not remove or take it
    RunLock(folder, folder.name).acquire().release()  # a resume can still take it


def test_time_since_reads_the_history_timestamps():
    from datetime import datetime, timedelta, timezone

    from rlve_trainer.cli.history import time_since

    def ago(**delta):
        return time_since((datetime.now(timezone.utc) - timedelta(**delta)).isoformat(timespec="seconds"))

    assert ago(seconds=5) in ("5 s", "6 s") and ago(minutes=12) == "12 min"
    assert ago(hours=3, minutes=5) == "3 h 5 min" and ago(days=2, hours=4) == "2 d 4 h"
    assert time_since("not a time") == "an unknown time"


def test_show_band_over_time(history_db):
    result = invoke("history", "show", "climb", "--output", str(history_db))
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if line.startswith("graph/shortest_path"))
    assert "0-2" in line and "1: 0-0, 2: 0-1, 4: 0-2" in line and "0.500" in line
    data = json.loads(invoke("history", "show", "climb", "--json", "--output", str(history_db)).output)
    assert data["envs"]["graph/shortest_path"]["changes"] == [[2, 0, 1]]


def test_sql_formats(history_db):
    query = "SELECT env, MAX(high) AS top FROM curriculum GROUP BY env ORDER BY env"
    table = invoke("history", "sql", query, "--output", str(history_db)).output
    assert "graph/shortest_path" in table and "top" in table
    rows = list(csv.reader(io.StringIO(invoke("history", "sql", query, "--csv", "--output", str(history_db)).output)))
    assert rows == [["env", "top"], ["graph/shortest_path", "2"], ["math/add", "0"]]
    assert json.loads(invoke("history", "sql", query, "--json", "--output", str(history_db)).output)[0]["top"] == 2
    bad = invoke("history", "sql", "SELECT * FROM nope", "--output", str(history_db))
    assert bad.exit_code == 2 and "query failed" in bad.output


def test_plot_writes_a_png(history_db, tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "frontier.png"
    result = invoke("history", "plot", "climb", "-o", str(out), "--output", str(history_db))
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert invoke("history", "plot", "nope", "--output", str(history_db)).exit_code == 2


@pytest.mark.parametrize(
    "statement",
    [
        "DELETE FROM runs",
        "UPDATE runs SET status = 'x' WHERE 0",
        "INSERT INTO steps (run_id, step, finished_at) VALUES ('r', 1, 't') RETURNING step",
        "DROP TABLE rollouts",
        "CREATE TEMP TABLE scratch (a)",
        "PRAGMA user_version = 7",
        "ATTACH DATABASE 'attached.db' AS other",
        "VACUUM INTO 'copy.db'",
    ],
)
def test_sql_is_read_only(history_db, tmp_path, monkeypatch, statement):
    monkeypatch.chdir(tmp_path)  # where ATTACH / VACUUM INTO would create their files
    before = invoke("history", "sql", "SELECT COUNT(*) AS n FROM rollouts", "--json", "--output", str(history_db))
    result = CliRunner().invoke(cli, ["history", "sql", statement, "--output", str(history_db)])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.strip().splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: rlve history sql is read-only"), result.output
    assert "nothing was run" in lines[0] and str(history_db / "history.db") in lines[0]
    after = invoke("history", "sql", "SELECT COUNT(*) AS n FROM rollouts", "--json", "--output", str(history_db))
    assert after.output == before.output
    assert (
        json.loads(invoke("history", "runs", "--json", "--output", str(history_db)).output)[0]["status"] == "finished"
    )
    assert not (tmp_path / "attached.db").exists() and not (tmp_path / "copy.db").exists()


def test_sql_reads_pragmas_and_ctes(history_db):
    result = invoke("history", "sql", "PRAGMA table_info(steps)", "--output", str(history_db))
    assert result.exit_code == 0 and "finished_at" in result.output
    query = "WITH s AS (SELECT step FROM curriculum) SELECT COUNT(*) AS n FROM s"
    assert json.loads(invoke("history", "sql", query, "--json", "--output", str(history_db)).output) == [{"n": 8}]


def test_plot_checks_the_run_before_matplotlib(history_db, tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    unknown = CliRunner().invoke(cli, ["history", "plot", "nope", "--output", str(history_db)])
    assert unknown.exit_code == 2 and "no run 'nope'" in unknown.output and "matplotlib" not in unknown.output
    known = CliRunner().invoke(
        cli, ["history", "plot", "climb", "-o", str(tmp_path / "f.png"), "--output", str(history_db)]
    )
    assert known.exit_code == 2 and "rlve-trainer[plot]" in known.output, known.output
    assert len(known.output.strip().splitlines()) == 1


def test_identical_curves_stay_visible_in_the_frontier_plot():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from rlve_trainer.history.queries import frontier_figure

    same = [(1, 0, 0), (2, 0, 0), (3, 0, 1), (4, 0, 1)]
    series = {"graph/shortest_path": same, "graph/connected_components": list(same), "math/add": [(1, 0, 3), (4, 0, 3)]}
    figure = frontier_figure({"id": "r", "name": None}, series)
    try:
        axes = figure.axes[0]
        lines = {line.get_label(): line for line in axes.get_lines()}
        first, second = (
            lines["graph/connected_components"],
            lines["graph/shortest_path (same curve as graph/connected_components)"],
        )
        assert list(first.get_xdata()) == list(second.get_xdata())
        assert all(a != b for a, b in zip(first.get_ydata(), second.get_ydata())), (
            "equal curves drawn on top of each other"
        )
        assert first.get_linestyle() != second.get_linestyle()
        assert all(abs(a - b) < 0.5 for a, b in zip(first.get_ydata(), second.get_ydata()))  # still reads as level 0/1
        legend = [text.get_text() for text in axes.get_legend().get_texts()]
        assert legend == [
            "graph/connected_components",
            "graph/shortest_path (same curve as graph/connected_components)",
            "math/add",
        ]
    finally:
        plt.close(figure)
