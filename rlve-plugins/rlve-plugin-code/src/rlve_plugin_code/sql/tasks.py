"""What the two SQL environments share: drawing databases and a checked query, and showing them.

For code/sql_query it also finds the hidden databases that tell the query apart from each of its near
variants (``separating_databases``). The generator is trusted, so that search runs our own queries with
Python's sqlite3; only the model's query goes through the sandbox.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rlve.scaling import taper
from rlve_plugin_code.sql import pool
from rlve_plugin_code.sql.data import SCHEMA, Database, draw_database
from rlve_plugin_code.sql.form_rows import rows_on
from rlve_plugin_code.sql.forms import Query
from rlve_plugin_code.sql.queries import draw_checked_query
from rlve_plugin_code.sql.separating import separating_databases

#: Databases drawn at random that a written query is checked on besides the one shown; more are
#: added where these do not tell the query apart from one of its near variants (``separating``).
HIDDEN_DATABASES = 3
#: Queries tried before falling back to the simplest ones (d = 0: one comparison), and those tried then.
QUERY_ATTEMPTS = 4
FALLBACK_ATTEMPTS = 4


def employee_count(difficulty: int) -> int:
    return 6 + taper(difficulty)


def condition_count(difficulty: int) -> int:
    return 1 + taper(difficulty) // 4


@dataclass(frozen=True)
class SqlTask:
    databases: list[Database]  # the first one is shown
    query: Query
    results: list[list[tuple[Any, ...]]]


def draw_sql_task(rng: random.Random, difficulty: int, hidden: int) -> SqlTask:
    """A database to show, a query, and ``hidden`` more databases (none for sql_output).

    With hidden databases, more are added until every near variant of the query (``near_variants``)
    returns other rows than the query on at least one of them; a query for which that search gives up
    is replaced by another one.
    """
    databases = [draw_database(rng, employee_count(difficulty)) for _ in range(1 + hidden)]
    if not hidden:
        # The sql_output task has no hidden databases; it still wants a query that depends on the data.
        probes = databases + [draw_database(rng, employee_count(difficulty))]
        query, results = draw_checked_query(rng, difficulty, condition_count(difficulty), probes)
        return SqlTask(databases, query, results[:1])
    # Copies of the databases written to SQLite only when a query runs on them: the query's rows on each, its
    # conditions on the shown one, and most of what the search for separating databases asks, come from the rows.
    connections = [pool.Deferred(database) for database in databases]
    try:
        for attempt in range(QUERY_ATTEMPTS + FALLBACK_ATTEMPTS):
            # In 3,000 tasks over d = 0..10**9, two attempts sufficed but for one task, which took three.
            level = difficulty if attempt < QUERY_ATTEMPTS else 0
            query, results = draw_checked_query(
                rng,
                level,
                condition_count(level),
                databases,
                connections=connections,
                strict=True,
                rows_on=lambda index, query: rows_on(connections[index], databases[index], query.form),
            )
            added = separating_databases(query.form, databases, connections, results, rng)
            if added is not None:
                extra = [database for database, _ in added]
                return SqlTask(databases + extra, query, results + [rows for _, rows in added])
        raise RuntimeError("no query whose near variants the hidden databases tell apart")  # pragma: no cover
    finally:
        for connection in connections:
            connection.close()


def describe_database(database: Database) -> str:
    return f"An SQLite database has these tables:\n\n{SCHEMA}\n\nand these rows:\n\n{database.text()}"


def rows_as_json(rows: list[tuple[Any, ...]]) -> list[list[Any]]:
    return [list(row) for row in rows]


def show_rows(rows: list[Any]) -> str:
    return "\n".join("  (" + ", ".join(repr(value) for value in row) + ")" for row in rows)
