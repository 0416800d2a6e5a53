"""code/sql_window_query: write an SQLite query, naturally with a window function, that returns the rows described.

Judged as code/sql_query is: the query runs in the sandbox, read-only, on the shown database and on hidden
ones, and must return the right rows (a multiset) on each. The hidden databases have ties on purpose, and more
are drawn until every near variant of the reference query (``Window.variants``: another ranking function, a
place off by one, another frame, RANGE for ROWS, LAG for LEAD, another offset, partition or order) returns
other rows than the reference on at least one of them.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.environments.sql_query import SqlQuery
from rlve_plugin_code.sql.data import Database
from rlve_plugin_code.sql.tasks import rows_as_json, show_rows
from rlve_plugin_code.sql.windows import Window, database_text, draw_tied_database, draw_window

#: Hidden databases always drawn; more are added (up to MAX_HIDDEN) until every near variant is told apart.
HIDDEN = 3
MAX_HIDDEN = 12
#: Databases drawn in all before another query is drawn.
MAX_DRAWN = 30


def employee_count(difficulty: int) -> int:
    return 5 + taper(difficulty)


def separated(window: Window, rng: random.Random, employees: int) -> list[tuple[Database, list]] | None:
    """The shown database and the hidden ones, each with the reference's rows on it, or None when the near
    variants could not all be told apart (rows compared as multisets, as the checker does)."""
    reference = window.sql()
    found: list[tuple[Database, list]] = []
    remaining = window.variants()
    for _ in range(MAX_DRAWN):
        database = draw_tied_database(rng, employees)
        connection = database.connect()
        try:
            rows = connection.execute(reference).fetchall()
            if not found and len(rows) < 2:
                continue  # the shown database has rows to show
            counted = Counter(rows)
            left = [variant for variant in remaining if Counter(connection.execute(variant.sql())) == counted]
        finally:
            connection.close()
        if len(found) <= HIDDEN or len(left) < len(remaining):
            found.append((database, [tuple(row) for row in rows]))
            remaining = left
        if not remaining and len(found) > HIDDEN:
            return found
        if len(found) > MAX_HIDDEN:
            return None
    return None


class SqlWindowQuery(SqlQuery):
    id = "code/sql_window_query"
    version = 1
    description = (
        "Write an SQLite query (ranking within groups, running totals over a frame, the previous row's value) that "
        "returns the rows described, on the shown database and on hidden ones built so that near misses differ."
    )
    difficulty_scales = (
        "employees: 5 + d (slower past d=30); groups by department or city from d=2, RANK and DENSE_RANK from d=3, "
        "running aggregates over a frame from d=4, differences with the previous or next row from d=6, "
        "descending tie-breaks from d=8, same-year peers from d=10, offsets of 2 from d=10"
    )
    size_name = "employees"

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        employees = employee_count(difficulty)
        while True:
            window = draw_window(rng, difficulty, limited=True)
            found = separated(window, rng, employees)
            if found is not None:
                break
        sql = window.sql()
        databases = [database for database, _ in found]
        results = [rows for _, rows in found]
        columns = "\n".join(f"  {number}. {column}" for number, column in enumerate(window.columns(), 1))
        prompt = (
            f"{database_text(databases[0])}\n\n"
            f"Write one SQL query (SQLite) that returns {window.description()}.\n\n"
            f"Each row must have exactly these columns, in this order:\n{columns}\n\n"
            "Rows may come in any order. On the database above, the right query returns:\n\n"
            f"{show_rows(results[0])}\n\n"
            f"Your query is also run on {len(databases) - 1} other databases with the same tables and different "
            "rows, and must return the right rows on every one. Some of them have ties (equal salaries, ages or "
            "hiring years) on purpose. It runs read-only, as a single statement; SQLite's window functions are "
            "available."
        )
        data: dict[str, Any] = {
            "scripts": [database.script() for database in databases],
            "expected": [rows_as_json(rows) for rows in results],
            "width": len(window.columns()),
            "max_rows": 10 * max(len(rows) for rows in results) + 100,
        }
        return Instance(prompt=prompt, answer=sql, data=data, size=employees)
