import json
import sqlite3

import pytest
from sqlalchemy import select, text

from rlve.errors import RlveError
from rlve_trainer.history import migrations, models, queries, store
from rlve_trainer.history.engine import open_engine, to_url
from rlve_trainer.history.writer import HistoryWriter


def make_run(engine, run_id="r1", name="demo"):
    store.create_run(
        engine,
        run_id=run_id,
        name=name,
        config={"max_steps": 3},
        packages={"trl": "x"},
        environments={"graph/shortest_path": 1},
        output_dir="/tmp/x",
        max_steps=3,
        model="m",
        strategy="adaptive",
    )


def test_new_database_has_latest_schema_wal_and_busy_timeout(tmp_path):
    engine = open_engine(to_url(str(tmp_path / "h.db")))
    with engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA busy_timeout")).scalar() >= 1000
        assert migrations.current_version(connection) == migrations.LATEST
    tables = {row[0] for row in sqlite3.connect(tmp_path / "h.db").execute("SELECT name FROM sqlite_master")}
    assert {"runs", "curriculum", "difficulty_changes", "rollouts", "steps", "schema_version"} <= tables


def test_an_older_database_is_upgraded_in_place(tmp_path):
    from sqlalchemy import create_engine

    url = to_url(str(tmp_path / "old.db"))
    old = create_engine(url)
    migrations.upgrade(old, target=1)  # what rlve-trainer with schema 1 wrote
    with old.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO runs (id, status, created_at, updated_at, last_step, max_steps, output_dir, config, "
                "packages, environments, curriculum_strategy) VALUES ('old', 'finished', 't', 't', 2, 2, '/o', '{}', "
                "'{}', '{}', 'adaptive')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO curriculum (run_id, step, env, low, high, samples, accuracy) "
                "VALUES ('old', 1, 'graph/shortest_path', 0, 1, 5, 0.5)"
            )
        )
    old.dispose()
    engine = open_engine(url)
    with engine.connect() as connection:
        assert migrations.current_version(connection) == migrations.LATEST
        row = connection.execute(select(models.curriculum)).mappings().one()
        applied = connection.execute(text("SELECT version FROM schema_version ORDER BY version")).scalars().all()
    assert row["high"] == 1 and row["step_samples"] == 0 and row["step_accuracy"] is None
    assert store.get_run(engine, "old")["status"] == "finished"
    assert applied == list(range(1, migrations.LATEST + 1))
    # The newest tables work on the upgraded database: a version change recorded for the old run.
    store.record_environment_changes(engine, "old", 2, [("graph/shortest_path", 1, 2)], {"graph/shortest_path": 2})
    with engine.connect() as connection:
        change = connection.execute(select(models.environment_changes)).mappings().one()
    assert (change["run_id"], change["step"], change["old_version"], change["new_version"]) == ("old", 2, 1, 2)
    assert json.loads(store.get_run(engine, "old")["environments"]) == {"graph/shortest_path": 2}


def test_migrations_register_themselves_in_order():
    names = [function.__name__ for function in migrations.MIGRATIONS]
    assert names[:4] == ["v1_initial", "v2_step_summaries", "v3_ablations", "v4_environment_changes"]
    assert all(name.startswith(f"v{number}_") for number, name in enumerate(names, start=1))
    assert migrations.LATEST == len(migrations.MIGRATIONS)

    def v2_out_of_place(connection):  # a migration numbered as anything but the next one is refused
        raise AssertionError("never run")

    with pytest.raises(RuntimeError, match=f"number {migrations.LATEST + 1} here"):
        migrations.migration(v2_out_of_place)
    assert len(migrations.MIGRATIONS) == migrations.LATEST


def test_newer_database_is_refused(tmp_path):
    engine = open_engine(to_url(str(tmp_path / "h.db")))
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO schema_version VALUES (99, 't')"))
    engine.dispose()
    with pytest.raises(RlveError, match="newer"):
        open_engine(to_url(str(tmp_path / "h.db")))


def test_unopenable_urls_are_one_line_errors(tmp_path):
    with pytest.raises(RlveError, match="cannot"):
        open_engine("nosuchdialect://x/y")
    (tmp_path / "file").write_text("")
    with pytest.raises(RlveError):
        open_engine(to_url(str(tmp_path / "file" / "h.db")))
    (tmp_path / "junk.db").write_bytes(b"not a database at all" * 100)
    with pytest.raises(RlveError, match="cannot open"):
        open_engine(to_url(str(tmp_path / "junk.db")))
    with pytest.raises(RlveError, match="no history database"):
        open_engine(to_url(str(tmp_path / "missing.db")), create=False)


def test_writer_batches_and_flush_commits(tmp_path):
    engine = open_engine(to_url(str(tmp_path / "h.db")))
    make_run(engine)
    writer = HistoryWriter(engine)
    rows = [
        dict(
            run_id="r1",
            step=1,
            slot=i,
            env="e/x",
            env_version=1,
            difficulty=0,
            seed=i,
            reward=0.0,
            correct=False,
            format_ok=False,
            completion_tokens=3,
            reason="",
            text=None,
        )
        for i in range(500)
    ]
    writer.add_many(models.rollouts, rows)
    writer.flush()
    with sqlite3.connect(tmp_path / "h.db") as other:  # another client sees committed rows
        assert other.execute("SELECT COUNT(*) FROM rollouts").fetchone()[0] == 500
    writer.add(models.rollouts, dict(rows[0], run_id="no-such-run"))  # violates the foreign key
    with pytest.raises(RuntimeError, match="history"):
        writer.flush()
    writer.close()


def test_truncate_after_and_run_lookup(tmp_path):
    engine = open_engine(to_url(str(tmp_path / "h.db")))
    make_run(engine, "20250101-000000-aaaa", name="demo")
    with engine.begin() as connection:
        for step in (1, 2, 3):
            connection.execute(
                models.curriculum.insert().values(
                    run_id="20250101-000000-aaaa", step=step, env="e/x", low=0, high=step, samples=0
                )
            )
    assert store.truncate_after(engine, "20250101-000000-aaaa", 1) == 2
    assert store.get_run(engine, "demo")["last_step"] == 1
    assert store.get_run(engine, "20250101")["id"] == "20250101-000000-aaaa"
    with pytest.raises(RlveError, match="no run 'nope'.*rlve history runs"):
        store.get_run(engine, "nope")


def test_sql_returns_rows_and_commits_nothing(tmp_path):
    engine = open_engine(to_url(str(tmp_path / "h.db")))
    make_run(engine)
    columns, rows = queries.run_sql(engine, "SELECT id, status FROM runs")
    assert columns == ["id", "status"] and rows == [("r1", "running")]
    queries.run_sql(engine, "DELETE FROM runs")
    assert queries.run_sql(engine, "SELECT COUNT(*) FROM runs")[1] == [(1,)]
    with pytest.raises(RlveError, match="query failed"):
        queries.run_sql(engine, "SELECT nope FROM nowhere")
    assert json.loads(store.get_run(engine, "r1")["environments"]) == {"graph/shortest_path": 1}
