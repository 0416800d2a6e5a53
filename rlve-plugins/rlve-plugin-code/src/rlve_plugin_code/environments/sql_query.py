"""code/sql_query: write an SQL query that returns the rows a description asks for.

The query runs in the sandbox, read-only (an authorizer allows only reading, no ATTACH, PRAGMA or
writes), with a step budget, on fresh in-memory copies of the shown database and of hidden ones with
the same tables and other rows, so spelling out the shown result as constants does not pass. Besides
three drawn at random, the hidden databases are built so that every near miss of the reference query
(``sqlqueries.near_variants``: a constant off by one, a neighbouring comparison, AND for OR, a condition
left out, an order flipped, a limit off by one, another aggregate) returns other rows on at least one.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve_plugin_code.code_answer import strip_code_fence
from rlve_plugin_code.sandbox import Job, Limits, run
from rlve_plugin_code.sandboxed import raise_for_infrastructure
from rlve_plugin_code.sql.data import normalise_rows
from rlve_plugin_code.sql.tasks import (
    HIDDEN_DATABASES,
    describe_database,
    draw_sql_task,
    employee_count,
    rows_as_json,
    show_rows,
)

MAX_STEPS = 20_000_000


def _which(index: int) -> str:
    return "the database shown" if index == 0 else f"hidden database {index}"


class SqlQuery(Environment):
    id = "code/sql_query"
    # version 3: no condition is drawn once only two employees meet them (60 sure failures were), and a top-k gets
    # databases with a tie at its limit before random edits; with the rest judged in Python: 6.3 -> 4.2 ms median
    version = 3
    description = (
        "Write an SQLite query that returns the rows described; it is run on the shown database and on 3 to 15 "
        "hidden ones, built so that every near miss of the hidden query returns other rows on one of them."
    )
    difficulty_scales = (
        "employees: 6 + d (slower past d=30); conditions: up to 1 + d // 4, each one removing someone, "
        "each on its own column; per-department aggregates from d=5, "
        "HAVING from d=8, subqueries from d=6..12, top-k from d=10, joins through projects from d=14"
    )
    size_name = "employees"
    answer_format = "one SQL SELECT statement (inside a ```sql fence or not)"
    tags = ("code", "sql")
    runs_untrusted_code = True
    limits = Limits(wall_seconds=5.0, cpu_seconds=2)

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        task = draw_sql_task(rng, difficulty, HIDDEN_DATABASES)
        columns = "\n".join(f"  {number}. {column}" for number, column in enumerate(task.query.columns, 1))
        prompt = (
            f"{describe_database(task.databases[0])}\n\n"
            f"Write one SQL query (SQLite) that returns {task.query.text}\n\n"
            f"Each row must have exactly these columns, in this order:\n{columns}\n\n"
            f"Rows may come in any order. On the database above, the right query returns:\n\n"
            f"{show_rows(task.results[0])}\n\n"
            f"Your query is also run on {len(task.databases) - 1} other databases with the same tables and "
            "different rows, and must return the right rows on every one (none, where no row qualifies). Some "
            "of them are made to catch near misses: values right at each limit the description names (a salary "
            "need not be a multiple of 100 there), ties, departments and projects that the database above does "
            "not have. It runs read-only, as a single statement."
        )
        data: dict[str, Any] = {
            "scripts": [database.script() for database in task.databases],
            "expected": [rows_as_json(rows) for rows in task.results],
            "width": len(task.query.columns),
            "max_rows": 10 * max(len(rows) for rows in task.results) + 100,
        }
        return Instance(prompt=prompt, answer=task.query.sql, data=data, size=employee_count(difficulty))

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        query = strip_code_fence(answer, language="sql").strip()
        if not query:
            raise ParseError("the answer contains no query")
        payload = {"databases": data["scripts"], "max_rows": data["max_rows"], "max_steps": MAX_STEPS}
        result = run(Job("sql", query, payload, self.limits))
        raise_for_infrastructure(result)
        if not result.completed:
            return Verdict.wrong(result.describe())
        errors = [outcome.error for outcome in result.outcomes if outcome is not None and not outcome.ok]
        if errors and len(errors) == len(result.outcomes):
            raise ParseError(f"the query fails: {errors[0]}")
        width = _width(data)
        for index, (outcome, expected) in enumerate(zip(result.outcomes, data["expected"])):
            if outcome is None or not outcome.ok:
                return Verdict.wrong(f"on {_which(index)} the query fails: {outcome.error if outcome else 'no result'}")
            got = outcome.value
            if len(got) > data["max_rows"]:
                return Verdict.wrong(f"on {_which(index)} the query returns more than {data['max_rows']} rows")
            if width is not None and any(len(row) != width for row in got):
                return Verdict.wrong(f"rows must have {width} columns, the query returns others")
            if normalise_rows(got) != normalise_rows(expected):
                if len(got) != len(expected):
                    return Verdict.wrong(
                        f"on {_which(index)} it returns {len(got)} rows, not the {len(expected)} expected rows"
                    )
                return Verdict.wrong(f"on {_which(index)} it returns {len(got)} rows, but not the expected ones")
        return Verdict.right(f"right rows on all {len(data['expected'])} databases")


def _width(data: dict[str, Any]) -> int | None:
    """How many columns a row has: stored since version 2; before, read off a non-empty expected result."""
    if "width" in data:
        return data["width"]
    return next((len(rows[0]) for rows in data["expected"] if rows), None)
