"""A small company database (departments, employees, projects, assignments), drawn at random.

The same generator makes the database shown in a prompt and the hidden ones a query is also run on.
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass
from typing import Any

DEPARTMENTS = [
    "Sales",
    "Research",
    "Support",
    "Legal",
    "Finance",
    "Design",
    "Operations",
    "Marketing",
    "Logistics",
    "Security",
    "Training",
    "Quality",
]
CITIES = ["Paris", "Lima", "Oslo", "Cairo", "Quito", "Seoul", "Perth", "Dakar"]
NAMES = [
    "Ada",
    "Ben",
    "Cleo",
    "Dan",
    "Eve",
    "Finn",
    "Gus",
    "Hana",
    "Ivo",
    "Jun",
    "Kai",
    "Lea",
    "Mia",
    "Noor",
    "Otto",
    "Pia",
    "Quin",
    "Rui",
    "Sam",
    "Tess",
    "Uma",
    "Vik",
    "Wes",
    "Xia",
    "Yara",
    "Zed",
    "Amir",
    "Bea",
    "Cyril",
    "Dina",
    "Emil",
    "Fay",
    "Gil",
    "Hugo",
    "Iris",
    "Joel",
    "Kira",
    "Liam",
    "Maya",
    "Nils",
]
PROJECTS = [
    "Apollo",
    "Beacon",
    "Comet",
    "Delta",
    "Ember",
    "Falcon",
    "Granite",
    "Harbor",
    "Iris",
    "Juniper",
    "Kestrel",
    "Lantern",
    "Meteor",
    "Nova",
    "Orchid",
    "Pulsar",
]

SCHEMA = """CREATE TABLE departments (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL);
CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
                        department_id INTEGER NOT NULL REFERENCES departments(id),
                        salary INTEGER NOT NULL, age INTEGER NOT NULL, hired INTEGER NOT NULL);
CREATE TABLE projects (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
                       department_id INTEGER NOT NULL REFERENCES departments(id), budget INTEGER NOT NULL);
CREATE TABLE assignments (employee_id INTEGER NOT NULL REFERENCES employees(id),
                          project_id INTEGER NOT NULL REFERENCES projects(id), hours INTEGER NOT NULL);"""

COLUMNS = {
    "departments": ("id", "name", "city"),
    "employees": ("id", "name", "department_id", "salary", "age", "hired"),
    "projects": ("id", "name", "department_id", "budget"),
    "assignments": ("employee_id", "project_id", "hours"),
}


@dataclass(frozen=True)
class Database:
    tables: dict[str, list[tuple[Any, ...]]]

    def script(self) -> str:
        """SQL that builds this database: the schema, then one INSERT per table."""
        parts = [SCHEMA]
        for table, rows in self.tables.items():
            if rows:
                values = ", ".join([f"({_literals(row)})" for row in rows])
                parts.append(f"INSERT INTO {table} VALUES {values};")
        return "\n".join(parts)

    def text(self) -> str:
        """The rows of every table, for a prompt."""
        blocks = []
        for table, rows in self.tables.items():
            lines = [f"{table} ({', '.join(COLUMNS[table])}):"]
            lines += [f"  ({_literals(row)})" for row in rows]
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)

    def connect(self) -> sqlite3.Connection:
        """A fresh in-memory copy, for running our own generated (trusted) queries."""
        connection = sqlite3.connect(":memory:")
        connection.executescript(SCHEMA)
        for table, rows in self.tables.items():
            if rows:  # the same rows as script() inserts, without writing them out as SQL
                connection.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(rows[0]))})", rows)
        connection.commit()
        return connection

    def query(self, sql: str) -> list[tuple[Any, ...]]:
        connection = self.connect()
        try:
            return [tuple(row) for row in connection.execute(sql).fetchall()]
        finally:
            connection.close()


def _literals(row: tuple[Any, ...]) -> str:
    """``_literal`` of each value, comma-separated; ints and strings written inline (a database has thousands)."""
    return ", ".join(
        [
            str(value) if type(value) is int else "'" + value.replace("'", "''") + "'" if type(value) is str
            else _literal(value)
            for value in row
        ]
    )


def _literal(value: Any) -> str:
    if type(value) is int:  # the most common value first (a bool goes on: it is not exactly an int)
        return str(value)
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    return str(value)


def draw_database(rng: random.Random, employees: int) -> Database:
    department_count = min(len(DEPARTMENTS), 3 + employees // 8)
    names = rng.sample(DEPARTMENTS, department_count)
    departments = [(i + 1, name, rng.choice(CITIES[: 3 + department_count // 3])) for i, name in enumerate(names)]
    people = []
    pool = rng.sample(NAMES, min(len(NAMES), employees))
    for i in range(employees):
        name = pool[i] if i < len(pool) else f"{pool[i % len(pool)]}{i // len(pool) + 1}"
        salary = 100 * rng.randint(20, 90)
        people.append(
            (i + 1, name, rng.randint(1, department_count), salary, rng.randint(21, 64), rng.randint(2005, 2024))
        )
    project_count = min(len(PROJECTS), 2 + employees // 5)
    projects = [
        (i + 1, name, rng.randint(1, department_count), 1000 * rng.randint(5, 60))
        for i, name in enumerate(rng.sample(PROJECTS, project_count))
    ]
    pairs = set()
    for _ in range(employees + employees // 2):
        pairs.add((rng.randint(1, employees), rng.randint(1, project_count)))
    assignments = [(e, p, 5 * rng.randint(1, 12)) for e, p in sorted(pairs)]
    return Database({"departments": departments, "employees": people, "projects": projects, "assignments": assignments})


#: Where each column of an employee row is.
EMPLOYEE_FIELDS = {"e.name": 1, "e.department_id": 2, "e.salary": 3, "e.age": 4, "e.hired": 5}


class Draft:
    """A mutable copy of a database, edited into a hidden database that tells two queries apart.

    Every edit keeps what the shown databases promise: ids and names unique (a clone keeps the initial
    of the name it copies), every reference valid, at most one assignment per employee and project.
    """

    def __init__(self, database: Database):
        self.departments = list(database.tables["departments"])
        self.employees = {row[0]: list(row) for row in database.tables["employees"]}
        self.projects = {row[0]: list(row) for row in database.tables["projects"]}
        self.work: dict[int, dict[int, int]] = {employee: {} for employee in self.employees}  # project -> hours
        for employee, project, hours in database.tables["assignments"]:
            self.work[employee][project] = hours
        self.names = {row[1] for row in self.employees.values()}
        self.moved: set[int] = set()  # departments given another city

    def freeze(self) -> Database:
        return Database(
            {
                "departments": list(self.departments),
                "employees": [tuple(self.employees[key]) for key in sorted(self.employees)],
                "projects": [tuple(self.projects[key]) for key in sorted(self.projects)],
                "assignments": [
                    (employee, project, hours)
                    for employee in sorted(self.work)
                    for project, hours in sorted(self.work[employee].items())
                ],
            }
        )

    def set(self, employee: int, column: str, value: Any) -> None:
        if employee in self.employees:
            self.employees[employee][EMPLOYEE_FIELDS[column]] = value

    def projects_of(self, employee: int) -> list[int]:
        return list(self.work.get(employee, ()))

    def clone(self, employee: int) -> int | None:
        """A new employee with the same department, salary, age, year and projects; returns its id."""
        if employee not in self.employees:
            return None
        row = self.employees[employee]
        stem = row[1].rstrip("0123456789")
        number = 2
        while f"{stem}{number}" in self.names:
            number += 1
        new = max(self.employees) + 1
        self.employees[new] = [new, f"{stem}{number}"] + row[2:]
        self.names.add(f"{stem}{number}")
        self.work[new] = dict(self.work[employee])
        return new

    def rename(self, employee: int, rng: random.Random, initial: str | None = None) -> None:
        """Another name: starting with ``initial``, or by default with another letter than now."""
        if employee not in self.employees:
            return
        current = self.employees[employee][1][0]
        free = [
            name for name in NAMES if name not in self.names and (name[0] == initial if initial else name[0] != current)
        ]
        if initial and not free:
            free = [f"{initial}{name[1:].lower()}" for name in NAMES]
            free = [name for name in free if name not in self.names]
        if free:
            name = rng.choice(free)
            self.names.discard(self.employees[employee][1])
            self.names.add(name)
            self.employees[employee][1] = name

    def delete(self, employee: int) -> None:
        if employee in self.employees and len(self.employees) > 1:
            self.names.discard(self.employees.pop(employee)[1])
            del self.work[employee]

    def add_department(self, city: str, name: str | None = None, avoid: str = "") -> int:
        """A new department in ``city``, named ``name`` or else a name no department has and that
        ``avoid`` (a query's text) does not mention; returns its id."""
        taken = {row[1] for row in self.departments}
        if name is None or name in taken:
            pool = [n for n in DEPARTMENTS if n not in taken and f"'{n}'" not in avoid]
            name = pool[0] if pool else f"Unit{len(self.departments) + 1}"
        new = max((row[0] for row in self.departments), default=0) + 1
        self.departments.append((new, name, city))
        return new

    def add_project(self, department: int, budget: int) -> int:
        """A new project, with a name no other project has; returns its id."""
        taken = {row[1] for row in self.projects.values()}
        name = next((name for name in PROJECTS if name not in taken), None)
        number = 2
        while name is None:
            name = next((f"{base}{number}" for base in PROJECTS if f"{base}{number}" not in taken), None)
            number += 1
        new = max(self.projects, default=0) + 1
        self.projects[new] = [new, name, department, budget]
        return new

    def drop_projects_above(self, last: int) -> None:
        """Remove the projects with an id above ``last`` that nobody works on any more."""
        used = {project for projects in self.work.values() for project in projects}
        for project in [p for p in self.projects if p > last and p not in used]:
            del self.projects[project]

    def assign(self, employee: int, project: int, rng: random.Random) -> None:
        if employee in self.employees and project in self.projects:
            self.work[employee].setdefault(project, 5 * rng.randint(1, 12))

    def only_project(self, employee: int, project: int, rng: random.Random) -> None:
        """The employee works on this one project and no other."""
        if employee in self.employees:
            self.work[employee] = {}
            self.assign(employee, project, rng)

    def set_project_count(self, employee: int, count: int, rng: random.Random) -> None:
        """Exactly ``count`` projects (as far as there are projects), keeping some of the current ones."""
        if employee not in self.employees:
            return
        current = self.projects_of(employee)
        rng.shuffle(current)
        for project in current[max(0, count) :]:
            del self.work[employee][project]
        others = [p for p in self.projects if p not in self.work[employee]]
        for project in rng.sample(others, max(0, min(len(others), count - len(current)))):
            self.work[employee][project] = 5 * rng.randint(1, 12)

    def match_average(self, employee: int, same_department: bool, rng: random.Random) -> None:
        """Make the employee's salary exactly the average salary of all employees, or of their department's."""
        if employee not in self.employees:
            return
        department = self.employees[employee][2]
        others = [
            row
            for key, row in self.employees.items()
            if key != employee and (not same_department or row[2] == department)
        ]
        if not others:
            return  # alone (in the department): the salary is already its own average
        total = sum(row[3] for row in others)
        remainder = total % len(others)
        if remainder:
            fix = rng.choice(others)
            fix[3] -= remainder  # now the others' total divides evenly
            total -= remainder
        self.employees[employee][3] = total // len(others)


def normalise_rows(rows: list[Any]) -> list[tuple[Any, ...]]:
    """Rows as sorted tuples, integral floats as ints: SQL results are compared as multisets of values."""

    def value(cell: Any) -> Any:
        if isinstance(cell, float) and cell.is_integer():
            return int(cell)
        return cell

    return sorted((tuple(value(cell) for cell in row) for row in rows), key=repr)
