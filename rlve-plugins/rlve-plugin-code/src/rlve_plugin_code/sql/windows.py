"""Queries with window functions over the employees of the company database (``sql.data``).

One ``Window`` is a query's structured form: ranking (ROW_NUMBER / RANK / DENSE_RANK, kept up to a place or
not), a running aggregate over a frame, LAG / LEAD, or an aggregate over the whole partition. It writes its
SQL (in a fixed row order, for code/sql_window_output), its exact English description (for
code/sql_window_query) and its near variants (a slip each: another ranking function, a place off by one, a
frame one row wider, RANGE for ROWS, LAG for LEAD, the partition dropped, an order flipped), which the
hidden databases of code/sql_window_query tell apart.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from rlve_plugin_code.sql.data import CITIES, DEPARTMENTS, NAMES, SCHEMA, Database

#: Only the two tables the window queries read are shown.
SCHEMA_SHOWN = ";\n".join(SCHEMA.split(";\n")[:2]) + ";"
SOURCE = "FROM employees e\nJOIN departments d ON d.id = e.department_id"
RANKINGS = ("ROW_NUMBER", "RANK", "DENSE_RANK")

#: How an employee compares with others on a column, for the descriptions: (descending, ascending).
BETTER = {
    "salary": ("earn more than", "earn less than"),
    "age": ("are older than", "are younger than"),
    "hired": ("were hired in a later year than", "were hired in an earlier year than"),
}
WORDS = {"salary": "salary", "age": "age", "hired": "hiring year"}
HIGHER = {"salary": ("higher", "lower"), "age": ("higher", "lower"), "hired": ("later", "earlier")}
EXTREME = {"salary": ("highest", "lowest"), "age": ("highest", "lowest"), "hired": ("latest", "earliest")}


@dataclass(frozen=True)
class Window:
    kind: str  # rank, running, lag, whole
    function: str  # rank: a RANKINGS entry; running/whole: SUM, MAX, MIN, COUNT, AVG; lag: LAG or LEAD
    column: str  # what the window is ordered by (rank) or what the aggregate / LAG reads
    partition: str | None = "e.department_id"  # or d.city, or None: one window over everybody
    descending: bool = True
    tie_desc: bool = False  # the e.id tie-break of ROW_NUMBER and of ROWS frames, descending
    frame: int | None = None  # running: None = SQLite's default RANGE frame (peers included), -1 = all rows before
    offset: int = 1  # lag
    limit: int | None = None  # rank: keep rows with place <= limit

    # -- SQL ------------------------------------------------------------------------------------------------

    def over(self) -> str:
        parts = [f"PARTITION BY {self.partition}"] if self.partition else []
        direction = " DESC" if self.descending else ""
        tie = ", e.id DESC" if self.tie_desc else ", e.id"
        if self.kind == "rank":
            parts.append(f"ORDER BY e.{self.column}{direction}" + (tie if self.function == "ROW_NUMBER" else ""))
        elif self.kind == "running":
            if self.frame is None:
                parts.append(f"ORDER BY e.hired{direction}")
            else:
                rows = "UNBOUNDED PRECEDING" if self.frame < 0 else f"BETWEEN {self.frame} PRECEDING AND CURRENT ROW"
                parts.append(f"ORDER BY e.hired{direction}{tie} ROWS {rows}")
        elif self.kind == "lag":
            parts.append(f"ORDER BY e.hired{direction}{tie}")
        return "OVER (" + " ".join(parts) + ")"

    def value(self) -> tuple[str, str]:
        """The window expression and its column name."""
        if self.kind == "rank":
            return f"{self.function}() {self.over()}", "place"
        if self.kind == "lag":
            return f"e.{self.column} - {self.function}(e.{self.column}, {self.offset}) {self.over()}", "change"
        argument = "*" if self.function == "COUNT" else f"e.{self.column}"
        if self.kind == "whole":
            return f"{self.function}({argument}) {self.over()} - e.{self.column}", "gap"
        return f"{self.function}({argument}) {self.over()}", "total"

    def shown_columns(self) -> tuple[str, ...]:
        """The employee columns a row shows besides the department, the name and the window value."""
        if self.kind in ("rank", "whole") or self.column == "hired":
            return (self.column,)
        return ("hired", self.column)

    def sql(self) -> str:
        """The query, its rows in one fixed order (department name, the window's order, then a unique key)."""
        expression, name = self.value()
        shown = ", ".join(f"e.{column}" for column in self.shown_columns())
        order = self._row_order()
        select = f"SELECT d.name AS department, e.name AS name, {shown}, {expression} AS {name}\n{SOURCE}"
        if self.limit is None:
            return f"{select}\nORDER BY {order}"
        outer = ", ".join(["department", "name", *self.shown_columns(), name])
        order = order.replace("d.name", "department").replace("d.city", "city").replace("e.", "")
        if self.partition == "d.city":
            select = select.replace("e.name AS name,", "e.name AS name, d.city AS city,")
        return f"SELECT {outer}\nFROM (\n{select}\n)\nWHERE {name} <= {self.limit}\nORDER BY {order}"

    def _row_order(self) -> str:
        keys = {"e.department_id": ["d.name"], "d.city": ["d.city"], None: []}[self.partition]
        if self.kind == "rank":
            keys += ["place", "e.name"]
        else:
            keys += ["e.hired", "e.name"]
        return ", ".join(keys)

    # -- description (code/sql_window_query) -----------------------------------------------------------------

    def columns(self) -> tuple[str, ...]:
        """What each column of a row holds, for the query task's prompt."""
        shown = tuple(f"the employee's {WORDS[column]}" for column in self.shown_columns())
        return ("the name of the employee's department", "the employee's name", *shown, self._measure())

    def _scope(self) -> str:
        return {"e.department_id": "of their department", "d.city": "of their department's city", None: ""}[
            self.partition
        ]

    def _sequence(self) -> str:
        group = f"the employees {self._scope()}" if self.partition else "all employees"
        order = "latest" if self.descending else "earliest"
        ties = "highest" if self.tie_desc else "lowest"
        return f"{group} are listed by hiring year, {order} first, and by id, {ties} first, within a year"

    def _measure(self) -> str:
        scope = self._scope() or "of the company"
        if self.kind == "rank":
            better = BETTER[self.column][0 if self.descending else 1]
            if self.function == "RANK":
                return f"1 + the number of employees {scope} who {better} them"
            if self.function == "DENSE_RANK":
                beyond = HIGHER[self.column][0 if self.descending else 1]
                return (
                    f"1 + the number of different {WORDS[self.column]} values among the employees {scope} that are "
                    f"{beyond} than theirs"
                )
            extreme = EXTREME[self.column][0 if self.descending else 1]
            ties = "higher" if self.tie_desc else "lower"
            return (
                f"their place (1 for the first) when the employees {scope} are listed by {WORDS[self.column]}, "
                f"{extreme} first, an employee with the {ties} id first among equal values"
            )
        if self.kind == "lag":
            places = "just before" if self.offset == 1 else f"{self.offset} places before"
            where = places if self.function == "LAG" else places.replace("before", "after")
            return (
                f"their {self.column} minus the {self.column} of the employee {where} them when {self._sequence()}; "
                "NULL where there is no such employee"
            )
        if self.kind == "whole":
            word = {"MAX": "highest", "MIN": "lowest"}[self.function]
            return f"the {word} {self.column} among the employees {scope} minus their own {self.column}"
        if self.function == "COUNT":
            what = "how many employees there are among"
        else:
            what = f"the {self.function_word()} {self.column} among"
        if self.frame is None:
            year = "later" if self.descending else "earlier"
            return f"{what} the employees {scope} hired in the same year as them or {year} (themselves included)"
        if self.frame < 0:
            return f"{what} them and every employee before them when {self._sequence()}"
        before = "the employee" if self.frame == 1 else f"the (up to) {self.frame} employees"
        return f"{what} them and {before} just before them (if any) when {self._sequence()}"

    def function_word(self) -> str:
        return {"SUM": "total", "MAX": "highest", "MIN": "lowest", "AVG": "average"}[self.function]

    def description(self) -> str:
        """Which rows the query returns, in words (row order is free in the query task)."""
        if self.limit is None:
            return "one row for each employee"
        return f"one row for each employee for whom the last column below is at most {self.limit}"

    # -- near variants ---------------------------------------------------------------------------------------------

    def variants(self) -> list[Window]:
        found: dict[str, Window] = {}
        for variant in self._slips():
            if variant != self and variant.sql() not in found and variant.sql() != self.sql():
                found[variant.sql()] = variant
        return list(found.values())

    def _slips(self) -> Iterator[Window]:
        yield replace(self, descending=not self.descending)
        for partition in ("e.department_id", "d.city", None):
            yield replace(self, partition=partition)
        if self.kind == "rank":
            for function in RANKINGS:
                yield replace(self, function=function)
            if self.function == "ROW_NUMBER":
                yield replace(self, tie_desc=not self.tie_desc)
            if self.limit is not None:
                yield replace(self, limit=self.limit - 1)
                yield replace(self, limit=self.limit + 1)
        elif self.kind == "running":
            for frame in (None, -1, 0 if self.frame is None else self.frame - 1, 1 + max(0, self.frame or 0)):
                yield replace(self, frame=frame)
            for function in ("SUM", "MAX", "MIN", "COUNT"):
                yield replace(self, function=function)
            if self.frame is not None:
                yield replace(self, tie_desc=not self.tie_desc)
        elif self.kind == "lag":
            yield replace(self, function="LEAD" if self.function == "LAG" else "LAG")
            yield replace(self, offset=self.offset + 1)
            if self.offset > 1:
                yield replace(self, offset=self.offset - 1)
            yield replace(self, tie_desc=not self.tie_desc)
        else:
            yield replace(self, function="MIN" if self.function == "MAX" else "MAX")


def draw_window(rng: random.Random, difficulty: int, limited: bool) -> Window:
    """A window query of a kind the level allows; ``limited``: a ranking keeps the rows up to a place."""
    d = difficulty
    kinds = ["whole", "rank"] + (["running"] if d >= 4 else []) + (["lag"] if d >= 6 else [])
    kind = rng.choice(kinds[-2:] if d >= 8 and rng.random() < 0.6 else kinds)
    partition = rng.choice(["e.department_id", "e.department_id", "d.city", None]) if d >= 2 else None
    descending = rng.random() < 0.5
    if kind == "rank":
        functions = ("ROW_NUMBER",) if d < 3 else RANKINGS
        limit = rng.randint(1, 3) if limited or (d >= 10 and rng.random() < 0.5) else None
        return Window("rank", rng.choice(functions), rng.choice(["salary", "age", "hired"]), partition,
                      descending, tie_desc=d >= 8 and rng.random() < 0.3, limit=limit)
    if kind == "whole":
        return Window("whole", rng.choice(["MAX", "MIN"]), rng.choice(["salary", "age"]), partition or "d.city")
    if kind == "running":
        frames = [-1, 1, 2] + ([None] if d >= 10 else [])
        function = rng.choice(["SUM", "SUM", "MAX", "COUNT"] + (["AVG"] if d >= 12 and not limited else []))
        return Window("running", function, rng.choice(["salary", "age"]), partition, descending,
                      tie_desc=d >= 12 and rng.random() < 0.3, frame=rng.choice(frames))
    return Window("lag", rng.choice(["LAG", "LEAD"]), rng.choice(["salary", "age"]), partition, descending,
                  tie_desc=d >= 12 and rng.random() < 0.3, offset=1 if d < 10 else rng.choice([1, 1, 2]))


def draw_tied_database(rng: random.Random, employees: int) -> Database:
    """Departments and employees as ``draw_database`` draws them (no projects: no window query reads them),
    where some employees share a department and a salary, an age or a hiring year with another: ties are
    what ranking functions and frames differ on."""
    count = min(len(DEPARTMENTS), 3 + employees // 8)
    departments = [
        (i + 1, name, rng.choice(CITIES[: 3 + count // 3])) for i, name in enumerate(rng.sample(DEPARTMENTS, count))
    ]
    pool = rng.sample(NAMES, min(len(NAMES), employees))
    people = [
        [i + 1, pool[i] if i < len(pool) else f"{pool[i % len(pool)]}{i // len(pool) + 1}", rng.randint(1, count),
         100 * rng.randint(20, 90), rng.randint(21, 64), rng.randint(2005, 2024)]
        for i in range(employees)
    ]
    for _ in range(max(1, employees // 3)):
        first, second = rng.sample(people, 2)
        if rng.random() < 0.7:
            second[2] = first[2]  # same department
        column = rng.choice([3, 4, 5])
        second[column] = first[column]
    return Database({"departments": departments, "employees": [tuple(row) for row in people]})


def database_text(database: Database) -> str:
    return f"An SQLite database has these tables:\n\n{SCHEMA_SHOWN}\n\nand these rows:\n\n{database.text()}"


