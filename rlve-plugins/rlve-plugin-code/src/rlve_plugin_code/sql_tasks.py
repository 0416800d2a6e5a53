"""What the two SQL environments share: drawing databases and a checked query, and showing them."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rlve_plugin_code.scaling import taper
from rlve_plugin_code.sqldata import SCHEMA, Database, draw_database
from rlve_plugin_code.sqlqueries import Query, draw_checked_query

#: Databases a written query is checked on besides the one shown.
HIDDEN_DATABASES = 3


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
    databases = [draw_database(rng, employee_count(difficulty)) for _ in range(1 + hidden)]
    # The sql_output task has no hidden databases; it still wants a query that depends on the data.
    probes = databases if hidden else databases + [draw_database(rng, employee_count(difficulty))]
    query, results = draw_checked_query(rng, difficulty, condition_count(difficulty), probes)
    return SqlTask(databases, query, results[: len(databases)])


def describe_database(database: Database) -> str:
    return f"An SQLite database has these tables:\n\n{SCHEMA}\n\nand these rows:\n\n{database.text()}"


def rows_as_json(rows: list[tuple[Any, ...]]) -> list[list[Any]]:
    return [list(row) for row in rows]


def show_rows(rows: list[Any]) -> str:
    return "\n".join("  (" + ", ".join(repr(value) for value in row) + ")" for row in rows)
