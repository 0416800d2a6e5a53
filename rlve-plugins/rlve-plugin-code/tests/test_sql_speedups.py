"""What makes the SQL generators faster must not change what they compute: the kept SQLite connections
(``sql.pool``: a refilled connection answers every query exactly as a new copy of the database does, rows in the
same scan order included, since the generator's choices follow that order), and the masks of comparisons read
off a sorted column (``RowTable.scan``: the rows a pass over the column finds)."""

from __future__ import annotations

import random

from rlve_plugin_code.environments.sql_query import SqlQuery
from rlve_plugin_code.sql import pool
from rlve_plugin_code.sql.data import Database, Draft, draw_database
from rlve_plugin_code.sql.where_masks import SCANS, RowTable

QUERIES = [
    "SELECT * FROM departments",
    "SELECT * FROM employees",
    "SELECT * FROM projects",
    "SELECT * FROM assignments",
    "SELECT e.id, d.name FROM employees e JOIN departments d ON d.id = e.department_id",
    "SELECT e.name, p.name, a.hours FROM employees e JOIN assignments a ON a.employee_id = e.id "
    "JOIN projects p ON p.id = a.project_id WHERE p.budget > 20000",
    "SELECT rowid, * FROM assignments",
]


def answers(connection, queries=QUERIES):
    return [connection.execute(sql).fetchall() for sql in queries]


def test_a_refilled_connection_answers_as_a_new_copy():
    rng = random.Random(4)
    big = draw_database(rng, 30)
    draft = Draft(big)
    for employee in list(draft.employees)[::3]:
        draft.delete(employee)
    databases = [big, draw_database(rng, 6), draft.freeze(), Database({name: [] for name in big.tables}), big]
    connection = pool.holding(databases[0])
    for database in databases:
        pool.refill(connection, database)
        fresh = database.connect()
        try:
            assert answers(connection) == answers(fresh)
        finally:
            fresh.close()
    pool.release(connection)
    again = pool.holding(databases[1])
    assert again is connection  # kept, not reopened
    assert answers(again) == answers(databases[1].connect())
    pool.release(again)


def test_tasks_are_the_same_with_kept_connections_and_without():
    env = SqlQuery()
    for difficulty, seed in [(3, 0), (12, 1), (22, 2)]:
        first = env.sample(difficulty, seed)
        for connection in pool._idle():  # leave no kept connection: the next task opens new ones
            connection.close()
        pool._idle().clear()
        second = env.sample(difficulty, seed)
        third = env.sample(difficulty, seed)  # now with the connections the second one kept
        assert first.model_dump() == second.model_dump() == third.model_dump()


def test_scan_of_a_sorted_column_finds_the_rows_a_pass_finds():
    rng = random.Random(9)
    columns = [
        [rng.randint(1, 6) for _ in range(25)],  # many ties
        [rng.randint(-50, 50) for _ in range(40)],
        [rng.choice(["Oslo", "Lima", "Paris", "oslo", ""]) for _ in range(12)],
        [1, 2.5, 2, float("inf"), -float("inf"), 2.0],  # derived columns mix ints and floats
        [3, "3", 1],  # values that do not order: compared one by one
        [],
    ]
    for values in columns:
        table = RowTable([(value,) for value in values], ("c",))
        constants = [value for value in values if not isinstance(value, str)] or [0]
        constants = sorted(set(constants)) if all(isinstance(c, (int, float)) for c in constants) else constants
        probes = [c + delta for c in constants for delta in (-1, 0, 0.5, 1) if isinstance(c, (int, float))]
        if any(isinstance(value, str) for value in values) and all(isinstance(value, str) for value in values):
            probes = ["", "Lima", "Lz", "oslo", "Paris", "zzz"]
        for op, scan in SCANS.items():
            for constant in probes:
                try:
                    expected = scan(table.bits, values, constant)
                except TypeError:
                    continue
                assert table.scan(values, op, constant) == expected, (values, op, constant)
