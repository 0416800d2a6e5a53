"""code/sql_output: predict the rows an SQL query returns on a small database. Nothing is executed."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int
from rlve_plugin_code.sql.data import normalise_rows
from rlve_plugin_code.sql.tasks import describe_database, draw_sql_task, employee_count, rows_as_json


def _cell(text: str, expected: Any) -> Any:
    """One value of a row as the model wrote it, read as the type of the value expected there."""
    text = text.strip()
    if isinstance(expected, int):
        return parse_int(text, max_digits=12)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]
    return text


#: Answers that say a query returns nothing.
NO_ROWS = {"", "none", "no rows", "empty", "nothing"}


class SqlOutput(Environment):
    id = "code/sql_output"
    version = 1
    description = "Predict the rows that an SQLite query returns on a small company database."
    difficulty_scales = (
        "employees: 6 + d (slower past d=30); conditions: up to 1 + d // 4, each one removing someone; "
        "per-department aggregates from d=5, "
        "HAVING from d=8, subqueries from d=6..12, top-k from d=10, joins through projects from d=14"
    )
    size_name = "employees"
    answer_format = "the rows, one per line, with the values of a row separated by commas (a row such as: Ada, 4200)"
    tags = ("code", "sql", "tracing")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        task = draw_sql_task(rng, difficulty, hidden=0)
        rows = task.results[0]
        prompt = (
            f"{describe_database(task.databases[0])}\n\n"
            f"Which rows does this query return on that database?\n\n```sql\n{task.query.sql}\n```\n\n"
            "List every row it returns, in any order (a row that appears twice is listed twice), without a header."
        )
        answer = "\n".join(", ".join(str(value) for value in row) for row in rows)
        return Instance(
            prompt=prompt, answer=answer, data={"rows": rows_as_json(rows)}, size=employee_count(difficulty)
        )

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["rows"]
        lines = [line.strip() for line in answer.strip().splitlines() if line.strip()]
        if not expected:  # never drawn (queries return rows on the database shown), but a valid problem
            if len(lines) == 1 and lines[0].strip("()[].").strip().lower() in NO_ROWS:
                return Verdict.right()
            return Verdict.wrong("the query returns no rows")
        width = len(expected[0])
        if len(lines) > 2 * len(expected) + 2:
            raise ParseError(f"{len(lines)} rows is far more than the query can return here")
        rows = []
        for line in lines:
            if line.startswith("(") and line.endswith(")"):
                line = line[1:-1]
            cells = line.split(",")
            if len(cells) != width:
                raise ParseError(f"each row must have {width} comma-separated values, got {line[:60]!r}")
            rows.append(tuple(_cell(cell, value) for cell, value in zip(cells, expected[0])))
        if normalise_rows(rows) != normalise_rows(expected):
            if len(rows) != len(expected):
                return Verdict.wrong(f"the query returns {len(expected)} rows, the answer lists {len(rows)}")
            return Verdict.wrong("the rows listed are not the rows the query returns")
        return Verdict.right()
