"""code/sql_join_output: the rows, in order, of an SQL query that joins tables and groups the result.

The query joins two or three tables of the company database (``sql.data``; a LEFT JOIN keeps groups with no
match, where COUNT of a column gives 0 and SUM or MAX give NULL), groups, may filter rows (WHERE) and groups
(HAVING), may divide integers (SQLite truncates) and ends with an ORDER BY whose last key is unique, so exactly
one order is right and the answer is checked row by row in that order (code/sql_output asks for the rows in any
order). The reference rows come from running our own generated query with sqlite3 on the shown database, as
code/sql_output does; nothing the model writes is executed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int
from rlve.scaling import taper
from rlve_plugin_code.sql.data import Database, draw_database
from rlve_plugin_code.sql.tasks import describe_database

#: Answers for a missing value.
NULL_WORDS = ("null", "none")
#: Most rows a query may return (fewer is preferred; the drawing retries queries that return more or none).
MOST_ROWS = 12


@dataclass(frozen=True)
class Query:
    sql: str
    columns: int


def employee_count(difficulty: int) -> int:
    return 4 + taper(difficulty)


def _having(rng: random.Random, aggregate: str, values: list[int]) -> str:
    """``HAVING aggregate >= c`` with c one of the values the groups reach (so it keeps some and drops some)."""
    return f"HAVING {aggregate} >= {rng.choice(sorted(set(values))[1:] or values)}"


def draw_query(rng: random.Random, difficulty: int, database: Database) -> Query:
    """One of the query shapes the level allows, with its clauses; every ORDER BY ends with a unique name."""
    d = difficulty
    shapes = ["departments", "cities"] + (["projects", "departments_projects"] if d >= 6 else [])
    shapes += ["hours"] if d >= 8 else []
    shape = rng.choice(shapes)
    direction = rng.choice(["DESC", "ASC"])
    if shape == "departments":
        measures = [("COUNT(*)", "people"), ("SUM(e.salary)", "payroll"), ("MAX(e.age)", "oldest")]
        if d >= 10:
            measures.append(("SUM(e.salary) / COUNT(*)", "mean_salary"))  # integer division: SQLite truncates
        first, second = rng.sample(measures, 2)
        where = f"WHERE e.age > {rng.randint(25, 50)}\n" if d >= 2 and rng.random() < 0.5 else ""
        groups = _group_values(database, first[0], "FROM departments d\nJOIN employees e ON e.department_id = d.id")
        having = _having(rng, first[0], groups) + "\n" if d >= 4 and rng.random() < 0.5 and groups else ""
        sql = (
            f"SELECT d.name, {first[0]} AS {first[1]}, {second[0]} AS {second[1]}\n"
            "FROM departments d\nJOIN employees e ON e.department_id = d.id\n"
            f"{where}GROUP BY d.id\n{having}ORDER BY {rng.choice([first[1], second[1]])} {direction}, d.name ASC"
        )
        return Query(sql, 3)
    if shape == "cities":
        measure, name = rng.choice([("COUNT(*)", "people"), ("MIN(e.salary)", "lowest"), ("SUM(e.age)", "ages")])
        where = f"WHERE e.hired >= {rng.randint(2008, 2020)}\n" if d >= 2 and rng.random() < 0.5 else ""
        sql = (
            f"SELECT d.city, COUNT(DISTINCT d.id) AS departments, {measure} AS {name}\n"
            "FROM departments d\nJOIN employees e ON e.department_id = d.id\n"
            f"{where}GROUP BY d.city\nORDER BY {name} {direction}, d.city ASC"
        )
        return Query(sql, 3)
    if shape == "projects":  # LEFT JOIN: a project nobody works on still has a row
        measure, name = rng.choice([("SUM(a.hours)", "hours"), ("MAX(a.hours)", "longest")])
        having = f"HAVING COUNT(a.employee_id) <= {rng.randint(1, 3)}\n" if d >= 8 and rng.random() < 0.4 else ""
        sql = (
            f"SELECT p.name, COUNT(a.employee_id) AS staff, {measure} AS {name}\n"
            "FROM projects p\nLEFT JOIN assignments a ON a.project_id = p.id\n"
            f"GROUP BY p.id\n{having}ORDER BY staff {direction}, p.name ASC"
        )
        return Query(sql, 3)
    if shape == "departments_projects":
        sql = (
            "SELECT d.name, COUNT(p.id) AS projects, MAX(p.budget) AS biggest\n"
            "FROM departments d\nLEFT JOIN projects p ON p.department_id = d.id\n"
            f"GROUP BY d.id\nORDER BY projects {direction}, d.name ASC"
        )
        return Query(sql, 3)
    budget = 1000 * rng.randint(10, 40)
    source = "FROM employees e\nJOIN assignments a ON a.employee_id = e.id\nJOIN projects p ON p.id = a.project_id"
    groups = _group_values(database, "SUM(a.hours)", source, "e.id")
    having = _having(rng, "SUM(a.hours)", groups) + "\n" if rng.random() < 0.6 and groups else ""
    sql = (
        f"SELECT e.name, COUNT(*) AS projects, SUM(a.hours) AS hours\n{source}\n"
        f"WHERE p.budget >= {budget}\nGROUP BY e.id\n{having}ORDER BY hours {direction}, e.name ASC"
    )
    return Query(sql, 3)


def _group_values(database: Database, aggregate: str, source: str, group: str = "d.id") -> list[int]:
    """The values ``aggregate`` takes per group (for a HAVING threshold that matters)."""
    return [row[0] for row in database.query(f"SELECT {aggregate}\n{source}\nGROUP BY {group}") if row[0] is not None]


def _cell(text: str, number: bool) -> Any:
    """One value of a row as the model wrote it: NULL, or a number or a text as its column holds."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]
    if text.lower() in NULL_WORDS:
        return None
    return parse_int(text, max_digits=12) if number else text


def show(value: Any) -> str:
    return "NULL" if value is None else str(value)


class SqlJoinOutput(Environment):
    id = "code/sql_join_output"
    version = 1
    description = (
        "Give, in order, the rows of an SQLite query that joins tables, groups, filters groups and sorts them."
    )
    difficulty_scales = (
        "employees: 4 + d (slower past d=30); WHERE from d=2, HAVING from d=4, LEFT JOINs (NULL sums) from d=6, "
        "three-table joins from d=8, integer division from d=10"
    )
    size_name = "employees"
    answer_format = (
        "the rows in the order the query returns them, one per line, with the values of a row separated by commas "
        "(a row such as: Sales, 3, 12400), NULL for a missing value"
    )
    tags = ("code", "sql", "tracing")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        employees = employee_count(difficulty)
        database = draw_database(rng, employees)
        rows: list[tuple[Any, ...]] = []
        for attempt in range(40):
            query = draw_query(rng, difficulty if attempt < 30 else 0, database)
            rows = database.query(query.sql)  # our own generated query on our own data
            if 2 <= len(rows) <= MOST_ROWS or (attempt >= 20 and 1 <= len(rows) <= MOST_ROWS):
                break
        prompt = (
            f"{describe_database(database)}\n\n"
            f"Which rows does this query return on that database, and in which order?\n\n```sql\n{query.sql}\n```\n\n"
            "List the rows in the order the query returns them, one row per line, without a header. In SQLite, "
            "dividing two integers gives an integer (the fraction is dropped), and SUM or MAX over no values is NULL."
        )
        answer = "\n".join(", ".join(show(value) for value in row) for row in rows)
        return Instance(prompt=prompt, answer=answer, data={"rows": [list(row) for row in rows]}, size=employees)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = [tuple(row) for row in data["rows"]]
        lines = [line.strip() for line in answer.strip().splitlines() if line.strip()]
        if len(lines) > 2 * len(expected) + 2:
            raise ParseError(f"{len(lines)} rows is far more than the query can return here")
        width = len(expected[0]) if expected else 0
        numbers = [any(isinstance(row[column], int) for row in expected) for column in range(width)]
        rows = []
        for line in lines:
            if line.startswith("(") and line.endswith(")"):
                line = line[1:-1]
            cells = line.split(",")
            if len(cells) != width:
                raise ParseError(f"each row must have {width} comma-separated values, got {line[:60]!r}")
            rows.append(tuple(_cell(cell, number) for cell, number in zip(cells, numbers)))
        if rows == expected:
            return Verdict.right()
        if len(rows) != len(expected):
            return Verdict.wrong(f"the query returns {len(expected)} rows, the answer lists {len(rows)}")
        if sorted(rows, key=repr) == sorted(expected, key=repr):
            return Verdict.wrong("the rows are right but not in the order the query returns them")
        wrong = next(number for number, (a, b) in enumerate(zip(rows, expected), start=1) if a != b)
        return Verdict.wrong(f"row {wrong} is not the row the query returns there")
