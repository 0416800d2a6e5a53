"""Queries over the company database (sqldata), drawn at random with an exact English description.

A query is one of four shapes (a filtered list, a per-department aggregate, a top-k, per-employee
project hours) with a growing number of conditions on the employees. The description states the
columns and their order; rows are compared as multisets, so ORDER BY never matters except in top-k,
where it decides which rows are in, and its ties are broken by id explicitly.

A query is kept in a structured form (``Form``: the select list, the conditions as a small tree, the
grouping, order and limit) that renders its SQL. ``near_variants`` lists the queries one slip away
from it: a constant off by one, a comparison swapped for its neighbour, AND turned OR and back, a
condition left out, an order flipped or dropped, a limit off by one, another aggregate. The hidden
databases of code/sql_query are chosen so that every one of those returns other rows than the query.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable

from rlve_plugin_code.sql.data import CITIES, Database, normalise_rows
from rlve_plugin_code.sql.forms import (
    JOIN,
    Aggregate,
    Between,
    Chain,
    Compare,
    Condition,
    Exists,
    Fixed,
    Form,
    Like,
    Node,
    Query,
    Scalar,
    chain,
)
from rlve_plugin_code.sql.pool import Deferred
from rlve_plugin_code.sql.where_masks import EMPLOYEE_COLUMNS, RowTable, Subqueries, combine, kept_table, operands


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
        return Condition(Compare("e.salary", ">=", x), f"earns at least {x}")
    if kind == "salary_max":
        x = _salary(rng)
        return Condition(Compare("e.salary", "<", x), f"earns less than {x}")
    if kind == "older":
        x = rng.randint(25, 55)
        return Condition(Compare("e.age", ">", x), f"is older than {x}")
    if kind == "younger":
        x = rng.randint(25, 55)
        return Condition(Compare("e.age", "<=", x), f"is at most {x} years old")
    if kind == "hired_before":
        y = rng.randint(2008, 2022)
        return Condition(Compare("e.hired", "<", y), f"was hired before {y}")
    if kind == "hired_since":
        y = rng.randint(2008, 2022)
        return Condition(Compare("e.hired", ">=", y), f"was hired in {y} or later")
    if kind == "city":
        city = rng.choice(CITIES[:4])
        return Condition(Compare("d.city", "=", f"'{city}'"), f"works in a department located in {city}")
    if kind == "department":
        name = rng.choice(departments)
        return Condition(Compare("d.name", "<>", f"'{name}'"), f"does not work in the {name} department")
    if kind == "initial":
        letter = rng.choice("ABDEHJKLMNS")
        return Condition(Like("e.name", f"{letter}%"), f"has a name starting with {letter}")
    low = _salary(rng)
    high = low + 500 * rng.randint(2, 8)
    return Condition(Between("e.salary", low, high), f"earns from {low} to {high} (both included)")


ON_PROJECT = Fixed("a.employee_id = e.id")
ASSIGNMENTS = "FROM assignments a"
ASSIGNED_PROJECTS = "FROM assignments a JOIN projects p ON p.id = a.project_id"


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
        return Condition(Exists(ASSIGNMENTS, chain([ON_PROJECT])), "works on at least one project")
    if kind == "no_project":
        return Condition(Exists(ASSIGNMENTS, chain([ON_PROJECT]), negated=True), "works on no project")
    if kind == "above_average":
        average = Scalar(Aggregate("AVG", "salary"), "FROM employees")
        return Condition(Compare("e.salary", ">", average), "earns more than the average salary of all employees")
    if kind == "above_department_average":
        average = Scalar(Aggregate("AVG", "e2.salary"), "FROM employees e2 WHERE e2.department_id = e.department_id")
        return Condition(
            Compare("e.salary", ">", average),
            "earns more than the average salary of the employees of their own department",
        )
    if kind == "either":
        first = _simple_condition(rng, difficulty, departments)
        second = _simple_condition(rng, difficulty, departments)
        return Condition(
            chain([first.node, second.node], "OR", parenthesised=True), f"{first.text} or {second.text} (or both)"
        )
    if kind == "big_project":
        x = 1000 * rng.randint(15, 50)
        return Condition(
            Exists(ASSIGNED_PROJECTS, chain([ON_PROJECT, Compare("p.budget", ">=", x)])),
            f"works on at least one project with a budget of at least {x}",
        )
    if kind == "foreign_project":
        return Condition(
            Exists(ASSIGNED_PROJECTS, chain([ON_PROJECT, Compare("p.department_id", "<>", "e.department_id")])),
            "works on at least one project that belongs to a department other than their own",
        )
    k = rng.randint(2, 3)
    count = Scalar(Aggregate("COUNT", "*"), "FROM assignments a WHERE a.employee_id = e.id")
    return Condition(Compare(count, ">=", k), f"works on at least {k} different projects")


def _where(conditions: list[Condition], *more: Node) -> Chain:
    return chain([condition.node for condition in conditions] + list(more), separator="\n  ")


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
    (Aggregate("COUNT", "*"), "the number of such employees"),
    (Aggregate("SUM", "e.salary"), "the total salary of those employees"),
    (Aggregate("MAX", "e.age"), "the age of the oldest of them"),
    (Aggregate("MIN", "e.salary"), "the lowest salary among them"),
    (Aggregate("MAX", "e.hired"), "the latest year in which one of them was hired"),
)


class _Masks:
    """Which employees of a database meet each condition, as bit masks: plain comparisons are tested in Python
    on the rows read once (``RowTable``), anything else (a subquery) by one query per distinct condition.

    Given the ``database`` that ``connection`` holds, its rows are read from it (joined in Python, and kept on it
    for the hidden databases' judges), and ``connection`` is queried only for what is not computed. Only counts of
    employees are read off the masks, so the order of the rows does not matter.
    """

    def __init__(self, connection: sqlite3.Connection, database: Database | None = None):
        self.connection = connection
        self.database = database
        table = kept_table(database, JOIN, EMPLOYEE_COLUMNS) if database is not None else None
        if table is None:
            rows = connection.execute(f"SELECT {', '.join(EMPLOYEE_COLUMNS)}\n{JOIN}").fetchall()
            table = RowTable(rows, EMPLOYEE_COLUMNS, Subqueries(connection))
        self.table = table
        self.bit = {row[0]: bit for row, bit in zip(self.table.rows, self.table.bits)}
        self.everyone = self.table.everyone
        self.cache: dict[str, int] = {}

    def departments(self) -> list[str]:
        """The departments' names, in the order of their ids (SQLite's scan, by rowid)."""
        if self.database is not None:
            return [row[1] for row in sorted(self.database.tables["departments"])]
        return [row[0] for row in self.connection.execute("SELECT name FROM departments")]

    def of(self, condition: Condition) -> int:
        mask = self.cache.get(condition.sql)
        if mask is None:
            mask = self.cache[condition.sql] = self._mask(condition.node)
        return mask

    def _mask(self, node: Node) -> int:
        if isinstance(node, Chain):
            items = operands(node)[0]
            masks = {id(item): self.table.mask(item) for item in items}
            if None not in masks.values():
                return combine(node, lambda item: masks[id(item)])
        else:
            mask = self.table.mask(node)
            if mask is not None:
                return mask
        rows = self.connection.execute(f"SELECT e.id\n{JOIN}\nWHERE {node.sql()}")
        return sum(self.bit[row[0]] for row in rows)

    def all_matter(self, conditions: list[Condition], matching: int) -> bool:
        """Leaving out any one condition lets more employees through: none is implied by the others."""
        masks = [self.of(condition) for condition in conditions]
        before = [self.everyone]  # before[i]: the employees meeting the conditions before the i-th
        for mask in masks[:-1]:
            before.append(before[-1] & mask)
        after = self.everyone  # the employees meeting the conditions after the current one
        for index in range(len(masks) - 1, -1, -1):
            if (before[index] & after).bit_count() <= matching:
                return False
            after &= masks[index]
        return True


def attributes(node: Node) -> list[str]:
    """The columns that the comparisons of ``node`` constrain (a salary above an average counts as salary)."""
    if isinstance(node, Chain):
        return [attribute for item in node.items for attribute in attributes(item)]
    if isinstance(node, Compare) and isinstance(node.left, str):
        return [node.left]
    if isinstance(node, (Between, Like)):
        return [node.expr]
    return []


#: Conditions on these may repeat (not inside an OR): each ``d.name <> 'X'`` leaves out another department.
REPEATABLE = {"d.name"}


def fits(condition: Condition, conditions: list[Condition]) -> bool:
    """Whether ``condition`` constrains no column that another condition (or its other side) already does.

    Without it a boundary can be dead: with ``e.salary >= 6000``, the lower bound of ``e.salary BETWEEN
    5000 AND 8000`` changes nothing, nor does ``e.age <= 27`` in ``(e.age <= 44 OR e.age <= 27)``, so the
    query off by one there is not a wrong query, and no database can tell it apart. (A salary above the
    average and ``e.salary >= 4000`` are kept apart too: where the average is above 4000, the bound is dead.)
    """
    return _fits_columns(condition, {attribute for other in conditions for attribute in attributes(other.node)})


def _fits_columns(condition: Condition, used: set[str]) -> bool:
    """``fits``, given the columns that the other conditions constrain."""
    own = attributes(condition.node)
    if len(set(own)) < len(own):  # the two sides of an OR on the same column
        return False
    return not used.intersection(own) or (isinstance(condition.node, Compare) and own[0] in REPEATABLE)


def draw_conditions(
    rng: random.Random,
    difficulty: int,
    count: int,
    shown: sqlite3.Connection,
    masks: _Masks | None = None,
    strict: bool = False,
) -> list[Condition]:
    """Up to ``count`` conditions on the employees such that, on the shown database, at least two
    employees meet them all and leaving out any one of them lets more through: none is redundant.

    ``strict`` (for code/sql_query) also keeps each column to one condition (``fits``), and stops at the
    first condition that cannot be added.
    """
    masks = masks or _Masks(shown)
    departments = masks.departments()
    conditions: list[Condition] = []
    # What the conditions so far let through and the columns they constrain, kept as they grow: each of the
    # (often dozens of) conditions drawn is checked against them.
    meeting = masks.everyone
    used: set[str] = set()
    for _ in range(count):
        if strict and meeting.bit_count() <= 2:
            # No condition can be added: it would have to let through at least two employees and fewer than
            # now. Only code/sql_query stops here; code/sql_output's problems stay as they were drawn (the 60
            # draws that are sure to fail still advance its random stream).
            break
        for _attempt in range(60):
            condition = _condition(rng, difficulty, departments)
            if any(condition.sql == other.sql for other in conditions):
                continue
            if strict and not _fits_columns(condition, used):
                continue
            left = (meeting & masks.of(condition)).bit_count()  # the employees meeting them all
            candidate = conditions + [condition]
            if left >= 2 and masks.all_matter(candidate, left):
                conditions = candidate
                meeting &= masks.of(condition)
                used.update(attributes(condition.node))
                break
        else:
            if strict:
                break  # nothing more fits: the next ones would try the same again
    if not conditions:
        condition = _condition(rng, difficulty, departments)
        conditions = [condition] if not strict or fits(condition, []) else [_simple_condition(rng, 0, departments)]
    return conditions


def draw_query(rng: random.Random, difficulty: int, conditions: list[Condition], strict: bool = False) -> Query:
    """A query of one of the shapes that ``difficulty`` allows, with these conditions.

    ``strict`` leaves out the per-employee project hours when a condition is that the employee works on
    a project (with a big enough budget): joining the projects may imply it, and the condition be dead.
    """
    shapes = ["list"]
    if difficulty >= 5:
        shapes.append("per_department")
    if difficulty >= 10:
        shapes.append("top")
    if difficulty >= 14 and not (strict and any(_on_projects(condition.node) for condition in conditions)):
        shapes.append("hours")
    shape = rng.choice(shapes)
    who = _who(conditions)
    if shape == "list":
        columns = [LIST_COLUMNS[0]] + rng.sample(LIST_COLUMNS[1:], rng.randint(0, 2))
        form = Form(tuple(c for c, _ in columns), JOIN, _where(conditions))
        text = f"one row for every employee {who}"
        return Query(form, text, tuple(d for _, d in columns))
    if shape == "per_department":
        aggregate, described = rng.choice(AGGREGATES)
        having = None
        text = f"one row for every department that has at least one employee {who}"
        if difficulty >= 8 and rng.random() < 0.5:
            k = rng.randint(2, 3)
            having = Compare(Aggregate("COUNT", "*"), ">=", k)
            text += f"\n(only departments with at least {k} such employees)"
        form = Form(("d.name", aggregate), JOIN, _where(conditions), group="d.id", having=having)
        return Query(form, text, ("the department's name", described + " (in that department)"))
    if shape == "top":
        k = rng.randint(2, 4)
        if rng.random() < 0.5:
            order, rank, column = ("e.salary", "DESC"), "highest salaries", ("e.salary", "the salary")
        else:
            order, rank, column = ("e.age", "ASC"), "lowest ages", ("e.age", "the age")
        form = Form(("e.name", column[0]), JOIN, _where(conditions), order=(order, ("e.id", "ASC")), limit=k)
        text = (
            f"the {k} employees with the {rank} among the employees {who}\n"
            f"(when several tie, the ones with the smaller id come first; fewer rows if fewer employees qualify)"
        )
        return Query(form, text, ("the employee's name", column[1]))
    x = 1000 * rng.randint(10, 40)
    source = f"{JOIN}\nJOIN assignments a ON a.employee_id = e.id\nJOIN projects p ON p.id = a.project_id"
    where = _where(conditions, Compare("p.budget", ">=", x))
    form = Form(("e.name", Aggregate("SUM", "a.hours")), source, where, group="e.id")
    text = f"one row for every employee {who}\nand who works on at least one project with a budget of at least {x}"
    return Query(form, text, ("the employee's name", f"their total hours on projects with a budget of at least {x}"))


def _on_projects(node: Node) -> bool:
    """Whether the condition is that the employee works on a project (with a budget of at least x)."""
    if not isinstance(node, Exists) or node.negated:
        return False
    return all(isinstance(item, Fixed) or getattr(item, "left", None) == "p.budget" for item in node.where.items)


def draw_checked_query(
    rng: random.Random,
    difficulty: int,
    condition_count: int,
    databases: list[Database],
    max_rows: int = 30,
    connections: list[sqlite3.Connection] | list[Deferred] | None = None,
    strict: bool = False,
    rows_on: Callable[[int, Query], list[tuple]] | None = None,
) -> tuple[Query, list[list[tuple]]]:
    """A query whose result on the first database is non-empty and small, and differs on another one.

    The last condition means a query that just spells out the shown rows as constants fails.
    ``connections``, when given, are open copies of ``databases`` (left open); ``strict`` goes to
    ``draw_conditions``. ``rows_on(index, query)``, when given, finds the query's rows (normalised) on each
    database in place of running it on its connection (code/sql_query computes them in Python), and the
    conditions are then tested on the rows of the first database read from it (``_Masks``).
    """
    own = connections is None
    connections = [database.connect() for database in databases] if connections is None else connections
    masks = _Masks(connections[0], databases[0] if rows_on is not None else None)
    try:
        best = None
        for attempt in range(30):
            conditions = draw_conditions(rng, difficulty, condition_count, connections[0], masks, strict)
            query = draw_query(rng, difficulty, conditions, strict)
            if rows_on is None:
                shown = normalise_rows(connections[0].execute(query.sql).fetchall())
            else:
                shown = rows_on(0, query)
            if not 0 < len(shown) <= max_rows:
                continue  # the other databases need not be asked
            if rows_on is None:
                results = [shown] + [normalise_rows(c.execute(query.sql).fetchall()) for c in connections[1:]]
            else:
                results = [shown] + [rows_on(index, query) for index in range(1, len(databases))]
            if all(result == results[0] for result in results[1:]):
                continue
            best = (query, results)
            if len(results[0]) >= 2 or attempt >= 20:  # prefer several rows: they say more
                break
        if best is None:
            raise RuntimeError("no suitable query found")  # pragma: no cover - the list shape always fits
        return best
    finally:
        if own:
            for connection in connections:
                connection.close()
