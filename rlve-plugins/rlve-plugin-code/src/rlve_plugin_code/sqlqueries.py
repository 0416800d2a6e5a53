"""Queries over the company database (sqldata), drawn at random with an exact English description.

A query is one of four shapes (a filtered list, a per-department aggregate, a top-k, per-employee
project hours) with a growing number of conditions on the employees. The description states the
columns and their order; rows are compared as multisets, so ORDER BY never matters except in top-k,
where it decides which rows are in, and its ties are broken by id explicitly.
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass

from rlve_plugin_code.sqldata import CITIES, Database, normalise_rows

JOIN = "FROM employees e\nJOIN departments d ON d.id = e.department_id"


@dataclass(frozen=True)
class Condition:
    sql: str
    text: str


@dataclass(frozen=True)
class Query:
    sql: str
    text: str
    columns: tuple[str, ...]


def _salary(rng: random.Random) -> int:
    return 500 * rng.randint(5, 17)


def _simple_condition(rng: random.Random, difficulty: int, departments: list[str]) -> Condition:
    kinds = ["salary_min", "salary_max", "older", "younger"]
    if difficulty >= 2:
        kinds += ["hired_before", "hired_since", "city", "department"]
    if difficulty >= 4:
        kinds += ["initial", "salary_between"]
    kind = rng.choice(kinds)
    if kind == "salary_min":
        x = _salary(rng)
        return Condition(f"e.salary >= {x}", f"earns at least {x}")
    if kind == "salary_max":
        x = _salary(rng)
        return Condition(f"e.salary < {x}", f"earns less than {x}")
    if kind == "older":
        x = rng.randint(25, 55)
        return Condition(f"e.age > {x}", f"is older than {x}")
    if kind == "younger":
        x = rng.randint(25, 55)
        return Condition(f"e.age <= {x}", f"is at most {x} years old")
    if kind == "hired_before":
        y = rng.randint(2008, 2022)
        return Condition(f"e.hired < {y}", f"was hired before {y}")
    if kind == "hired_since":
        y = rng.randint(2008, 2022)
        return Condition(f"e.hired >= {y}", f"was hired in {y} or later")
    if kind == "city":
        city = rng.choice(CITIES[:4])
        return Condition(f"d.city = '{city}'", f"works in a department located in {city}")
    if kind == "department":
        name = rng.choice(departments)
        return Condition(f"d.name <> '{name}'", f"does not work in the {name} department")
    if kind == "initial":
        letter = rng.choice("ABDEHJKLMNS")
        return Condition(f"e.name LIKE '{letter}%'", f"has a name starting with {letter}")
    low = _salary(rng)
    high = low + 500 * rng.randint(2, 8)
    return Condition(f"e.salary BETWEEN {low} AND {high}", f"earns from {low} to {high} (both included)")


def _condition(rng: random.Random, difficulty: int, departments: list[str]) -> Condition:
    kinds = ["simple"] * 4
    if difficulty >= 6:
        kinds += ["on_project", "no_project"]
    if difficulty >= 8:
        kinds += ["above_average", "above_department_average"]
    if difficulty >= 10:
        kinds += ["either"]
    if difficulty >= 12:
        kinds += ["big_project", "foreign_project", "several_projects"]
    kind = rng.choice(kinds)
    if kind == "simple":
        return _simple_condition(rng, difficulty, departments)
    if kind == "on_project":
        return Condition(
            "EXISTS (SELECT 1 FROM assignments a WHERE a.employee_id = e.id)", "works on at least one project"
        )
    if kind == "no_project":
        return Condition("NOT EXISTS (SELECT 1 FROM assignments a WHERE a.employee_id = e.id)", "works on no project")
    if kind == "above_average":
        return Condition(
            "e.salary > (SELECT AVG(salary) FROM employees)", "earns more than the average salary of all employees"
        )
    if kind == "above_department_average":
        return Condition(
            "e.salary > (SELECT AVG(e2.salary) FROM employees e2 WHERE e2.department_id = e.department_id)",
            "earns more than the average salary of the employees of their own department",
        )
    if kind == "either":
        first = _simple_condition(rng, difficulty, departments)
        second = _simple_condition(rng, difficulty, departments)
        return Condition(f"({first.sql} OR {second.sql})", f"{first.text} or {second.text} (or both)")
    if kind == "big_project":
        x = 1000 * rng.randint(15, 50)
        return Condition(
            "EXISTS (SELECT 1 FROM assignments a JOIN projects p ON p.id = a.project_id "
            f"WHERE a.employee_id = e.id AND p.budget >= {x})",
            f"works on at least one project with a budget of at least {x}",
        )
    if kind == "foreign_project":
        return Condition(
            "EXISTS (SELECT 1 FROM assignments a JOIN projects p ON p.id = a.project_id "
            "WHERE a.employee_id = e.id AND p.department_id <> e.department_id)",
            "works on at least one project that belongs to a department other than their own",
        )
    k = rng.randint(2, 3)
    return Condition(
        f"(SELECT COUNT(*) FROM assignments a WHERE a.employee_id = e.id) >= {k}",
        f"works on at least {k} different projects",
    )


def _where(conditions: list[Condition]) -> str:
    return "WHERE " + "\n  AND ".join(condition.sql for condition in conditions)


def _who(conditions: list[Condition]) -> str:
    if len(conditions) == 1:
        return f"who {conditions[0].text}"
    return "who meets all of these conditions:\n" + "\n".join(f"  - {c.text}" for c in conditions)


LIST_COLUMNS = (
    ("e.name", "the employee's name"),
    ("e.salary", "the salary"),
    ("e.age", "the age"),
    ("e.hired", "the year hired"),
    ("d.name", "the department's name"),
    ("d.city", "the department's city"),
)
AGGREGATES = (
    ("COUNT(*)", "the number of such employees"),
    ("SUM(e.salary)", "the total salary of those employees"),
    ("MAX(e.age)", "the age of the oldest of them"),
    ("MIN(e.salary)", "the lowest salary among them"),
    ("MAX(e.hired)", "the latest year in which one of them was hired"),
)


def _matching(connection: sqlite3.Connection, conditions: list[Condition]) -> int:
    where = f"\n{_where(conditions)}" if conditions else ""
    return connection.execute(f"SELECT COUNT(*)\n{JOIN}{where}").fetchone()[0]


def _all_matter(connection: sqlite3.Connection, conditions: list[Condition], matching: int) -> bool:
    """Leaving out any one condition lets more employees through: none is implied by the others."""
    return all(
        _matching(connection, conditions[:index] + conditions[index + 1 :]) > matching
        for index in range(len(conditions))
    )


def draw_conditions(rng: random.Random, difficulty: int, count: int, shown: sqlite3.Connection) -> list[Condition]:
    """Up to ``count`` conditions on the employees such that, on the shown database, at least two
    employees meet them all and leaving out any one of them lets more through: none is redundant."""
    departments = [row[0] for row in shown.execute("SELECT name FROM departments")]
    conditions: list[Condition] = []
    for _ in range(count):
        for _attempt in range(60):
            condition = _condition(rng, difficulty, departments)
            if any(condition.sql == other.sql for other in conditions):
                continue
            candidate = conditions + [condition]
            left = _matching(shown, candidate)
            if left >= 2 and _all_matter(shown, candidate, left):
                conditions = candidate
                break
    return conditions or [_condition(rng, difficulty, departments)]


def draw_query(rng: random.Random, difficulty: int, conditions: list[Condition]) -> Query:
    shapes = ["list"]
    if difficulty >= 5:
        shapes.append("per_department")
    if difficulty >= 10:
        shapes.append("top")
    if difficulty >= 14:
        shapes.append("hours")
    shape = rng.choice(shapes)
    who = _who(conditions)
    if shape == "list":
        columns = [LIST_COLUMNS[0]] + rng.sample(LIST_COLUMNS[1:], rng.randint(0, 2))
        sql = f"SELECT {', '.join(c for c, _ in columns)}\n{JOIN}\n{_where(conditions)}"
        text = f"one row for every employee {who}"
        return Query(sql, text, tuple(d for _, d in columns))
    if shape == "per_department":
        aggregate, described = rng.choice(AGGREGATES)
        having = ""
        text = f"one row for every department that has at least one employee {who}"
        if difficulty >= 8 and rng.random() < 0.5:
            k = rng.randint(2, 3)
            having = f"\nHAVING COUNT(*) >= {k}"
            text += f"\n(only departments with at least {k} such employees)"
        sql = f"SELECT d.name, {aggregate}\n{JOIN}\n{_where(conditions)}\nGROUP BY d.id{having}"
        return Query(sql, text, ("the department's name", described + " (in that department)"))
    if shape == "top":
        k = rng.randint(2, 4)
        if rng.random() < 0.5:
            order, rank, column = "e.salary DESC", "highest salaries", ("e.salary", "the salary")
        else:
            order, rank, column = "e.age ASC", "lowest ages", ("e.age", "the age")
        sql = f"SELECT e.name, {column[0]}\n{JOIN}\n{_where(conditions)}\nORDER BY {order}, e.id ASC\nLIMIT {k}"
        text = (
            f"the {k} employees with the {rank} among the employees {who}\n"
            f"(when several tie, the ones with the smaller id come first; fewer rows if fewer employees qualify)"
        )
        return Query(sql, text, ("the employee's name", column[1]))
    x = 1000 * rng.randint(10, 40)
    sql = (
        f"SELECT e.name, SUM(a.hours)\n{JOIN}\nJOIN assignments a ON a.employee_id = e.id\n"
        f"JOIN projects p ON p.id = a.project_id\n{_where(conditions)}\n  AND p.budget >= {x}\nGROUP BY e.id"
    )
    text = f"one row for every employee {who}\nand who works on at least one project with a budget of at least {x}"
    return Query(sql, text, ("the employee's name", f"their total hours on projects with a budget of at least {x}"))


def draw_checked_query(
    rng: random.Random, difficulty: int, condition_count: int, databases: list[Database], max_rows: int = 30
) -> tuple[Query, list[list[tuple]]]:
    """A query whose result on the first database is non-empty and small, and differs on another one.

    The last condition means a query that just spells out the shown rows as constants fails.
    """
    connections = [database.connect() for database in databases]
    try:
        best = None
        for attempt in range(30):
            conditions = draw_conditions(rng, difficulty, condition_count, connections[0])
            query = draw_query(rng, difficulty, conditions)
            results = [normalise_rows(connection.execute(query.sql).fetchall()) for connection in connections]
            if not 0 < len(results[0]) <= max_rows or all(result == results[0] for result in results[1:]):
                continue
            best = (query, results)
            if len(results[0]) >= 2 or attempt >= 20:  # prefer several rows: they say more
                break
        if best is None:
            raise RuntimeError("no suitable query found")  # pragma: no cover - the list shape always fits
        return best
    finally:
        for connection in connections:
            connection.close()
