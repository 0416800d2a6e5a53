"""code/sql_window_output: the rows, in order, of an SQLite query with a window function.

The query (``sql.windows``) ranks employees (ROW_NUMBER, RANK, DENSE_RANK), keeps a running aggregate over a
frame (ROWS n PRECEDING, UNBOUNDED PRECEDING, or SQLite's default RANGE frame where employees hired the same
year are peers), looks back or ahead with LAG / LEAD, or compares with the whole partition; the database has
ties on purpose, since ties are where the ranking functions and frames differ. The rows come from running our
own generated query with sqlite3; nothing the model writes is executed.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import taper
from rlve_plugin_code.sql.ordered_rows import ROWS_FORMAT, ROWS_INSTRUCTIONS, check_ordered_rows, show_rows
from rlve_plugin_code.sql.windows import database_text, draw_tied_database, draw_window


def employee_count(difficulty: int) -> int:
    return 4 + taper(difficulty)


class SqlWindowOutput(Environment):
    id = "code/sql_window_output"
    version = 1
    description = (
        "Give, in order, the rows of an SQLite query with a window function (ROW_NUMBER/RANK/DENSE_RANK, running "
        "aggregates over a frame, LAG/LEAD, PARTITION BY) on a small database with ties."
    )
    difficulty_scales = (
        "employees: 4 + d (slower past d=30); PARTITION BY from d=2, RANK and DENSE_RANK from d=3, running "
        "aggregates over ROWS frames from d=4, LAG/LEAD from d=6, descending id tie-breaks from d=8, rows kept up "
        "to a place and the default RANGE frame (peers) from d=10, offsets of 2 from d=10, running AVG from d=12"
    )
    size_name = "employees"
    answer_format = ROWS_FORMAT
    tags = ("code", "sql", "tracing")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        employees = employee_count(difficulty)
        database = draw_tied_database(rng, employees)
        window = draw_window(rng, difficulty, limited=False)
        sql = window.sql()
        rows = database.query(sql)  # our own generated query on our own data
        prompt = (
            f"{database_text(database)}\n\n"
            f"Which rows does this query return on that database, and in which order?\n\n```sql\n{sql}\n```\n\n"
            f"{ROWS_INSTRUCTIONS}."
        )
        data = {"rows": [list(row) for row in rows]}
        return Instance(prompt=prompt, answer=show_rows(rows), data=data, size=employees)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_ordered_rows(answer, [tuple(row) for row in data["rows"]])
