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
                values = ", ".join("(" + ", ".join(_literal(value) for value in row) + ")" for row in rows)
                parts.append(f"INSERT INTO {table} VALUES {values};")
        return "\n".join(parts)

    def text(self) -> str:
        """The rows of every table, for a prompt."""
        blocks = []
        for table, rows in self.tables.items():
            lines = [f"{table} ({', '.join(COLUMNS[table])}):"]
            lines += [f"  ({', '.join(_literal(value) for value in row)})" for row in rows]
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)

    def connect(self) -> sqlite3.Connection:
        """A fresh in-memory copy, for running our own generated (trusted) queries."""
        connection = sqlite3.connect(":memory:")
        connection.executescript(self.script())
        return connection

    def query(self, sql: str) -> list[tuple[Any, ...]]:
        connection = self.connect()
        try:
            return [tuple(row) for row in connection.execute(sql).fetchall()]
        finally:
            connection.close()


def _literal(value: Any) -> str:
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


def normalise_rows(rows: list[Any]) -> list[tuple[Any, ...]]:
    """Rows as sorted tuples, integral floats as ints: SQL results are compared as multisets of values."""

    def value(cell: Any) -> Any:
        if isinstance(cell, float) and cell.is_integer():
            return int(cell)
        return cell

    return sorted((tuple(value(cell) for cell in row) for row in rows), key=repr)
