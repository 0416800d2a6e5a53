"""What the two SQL environments share: drawing databases and a checked query, and showing them.

For code/sql_query it also finds the hidden databases that tell the query apart from each of its near
variants (``separating_databases``). The generator is trusted, so that search runs our own queries with
Python's sqlite3; only the model's query goes through the sandbox.
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass, replace
from typing import Any

from rlve.scaling import taper
from rlve_plugin_code.sqldata import (
    CITIES,
    EMPLOYEE_FIELDS,
    SCHEMA,
    Database,
    Draft,
    draw_database,
    normalise_rows,
)
from rlve_plugin_code.sqlqueries import (
    Aggregate,
    Between,
    Chain,
    Compare,
    Exists,
    Form,
    Like,
    Query,
    Scalar,
    Variant,
    draw_checked_query,
    near_variants,
)

#: Databases drawn at random that a written query is checked on besides the one shown; more are
#: added where these do not tell the query apart from one of its near variants.
HIDDEN_DATABASES = 3
#: At most this many databases are added to separate the near variants ...
MAX_ADDED_DATABASES = 12
#: ... and at most this many edited databases that separate nothing are tried, before another query is drawn.
MAX_FAILED_TRIES = 20
#: Queries tried before falling back to the simplest ones (d = 0: one comparison), and those tried then.
QUERY_ATTEMPTS = 4
FALLBACK_ATTEMPTS = 4

#: An edit of a database: what to change, and to what.
Hint = tuple[Any, ...]


def employee_count(difficulty: int) -> int:
    return 6 + taper(difficulty)


def condition_count(difficulty: int) -> int:
    return 1 + taper(difficulty) // 4


@dataclass(frozen=True)
class SqlTask:
    databases: list[Database]  # the first one is shown
    query: Query
    results: list[list[tuple[Any, ...]]]


def draw_sql_task(rng: random.Random, difficulty: int, hidden: int) -> SqlTask:
    """A database to show, a query, and ``hidden`` more databases (none for sql_output).

    With hidden databases, more are added until every near variant of the query (``near_variants``)
    returns other rows than the query on at least one of them; a query for which that search gives up
    is replaced by another one.
    """
    databases = [draw_database(rng, employee_count(difficulty)) for _ in range(1 + hidden)]
    if not hidden:
        # The sql_output task has no hidden databases; it still wants a query that depends on the data.
        probes = databases + [draw_database(rng, employee_count(difficulty))]
        query, results = draw_checked_query(rng, difficulty, condition_count(difficulty), probes)
        return SqlTask(databases, query, results[:1])
    connections = [database.connect() for database in databases]
    try:
        for attempt in range(QUERY_ATTEMPTS + FALLBACK_ATTEMPTS):
            # In 3,000 tasks over d = 0..10**9, two attempts sufficed but for one task, which took three.
            level = difficulty if attempt < QUERY_ATTEMPTS else 0
            query, results = draw_checked_query(
                rng, level, condition_count(level), databases, connections=connections, strict=True
            )
            added = separating_databases(query.form, databases, connections, results, rng)
            if added is not None:
                extra = [database for database, _ in added]
                return SqlTask(databases + extra, query, results + [rows for _, rows in added])
        raise RuntimeError("no query whose near variants the hidden databases tell apart")  # pragma: no cover
    finally:
        for connection in connections:
            connection.close()


# -- separating the near variants --------------------------------------------------------------------------------------


def _rows(connection: sqlite3.Connection, sql: str) -> list[tuple[Any, ...]] | None:
    try:
        return normalise_rows(connection.execute(sql).fetchall())
    except sqlite3.Error:
        return None  # a variant that fails is told apart by failing


def separating_databases(
    form: Form,
    databases: list[Database],
    connections: list[sqlite3.Connection],
    results: list[list[tuple[Any, ...]]],
    rng: random.Random,
) -> list[tuple[Database, list[tuple[Any, ...]]]] | None:
    """Databases to add, with the query's rows on each, so that every near variant of ``form`` returns
    other rows than ``form`` on one of ``databases`` or the added ones; None if the search gives up.

    The added databases are edited copies of the others. First, for the variants that change only the
    conditions: a probe copy gets clones of employees that meet the conditions, each with one value
    changed (to each side of each constant of the query, another department, no project...); a clone
    that one condition lets through and the other does not is a witness, and a copy of the database
    with a few witnesses (and, for a top-k or per-department query, without the other employees that
    would drown them) tells those variants apart. Then, for what is left (orders, limits, aggregates,
    a salary equal to an average), random edits. A copy is kept when it tells apart at least one
    variant that the databases so far do not.
    """
    remaining = [
        variant
        for variant in near_variants(form)
        if all(_rows(connection, variant.sql) == rows for connection, rows in zip(connections, results))
    ]
    if not remaining:
        return []
    search = _Search(form, rng)
    for database, connection in zip(databases, connections):
        search.bases.append((database, _passing(connection, form)))
    remaining = search.witnesses(remaining)
    remaining = search.random_edits(remaining)
    return None if remaining else search.added


def _passing(connection: sqlite3.Connection, form: Form) -> list[int]:
    """The employees that meet the conditions of ``form``, each once, best ranked first for a top-k."""
    return list(dict.fromkeys(row[0] for row in connection.execute(form.selection())))


class _Search:
    """The databases to separate from (``bases``, with the employees meeting the conditions on each), and
    those added so far."""

    def __init__(self, form: Form, rng: random.Random):
        self.form = form
        self.rng = rng
        self.reference = form.sql()
        self.bases: list[tuple[Database, list[int]]] = []
        self.added: list[tuple[Database, list[tuple[Any, ...]]]] = []

    def full(self) -> bool:
        return len(self.added) >= MAX_ADDED_DATABASES

    def keep(self, candidate: Database, remaining: list[Variant]) -> list[Variant]:
        """The variants that ``candidate`` does not tell apart; the candidate is added if it tells any."""
        connection = candidate.connect()
        try:
            rows = _rows(connection, self.reference)
            if rows is None:  # pragma: no cover - our own query on our own data
                raise RuntimeError(f"the reference query fails on an edited database: {self.reference}")
            left = [variant for variant in remaining if _rows(connection, variant.sql) == rows]
            if len(left) < len(remaining):
                self.added.append((candidate, rows))
                self.bases.append((candidate, _passing(connection, self.form)))
            return left
        finally:
            connection.close()

    # -- witnesses, for variants of the conditions --------------------------------------------------------------------

    def witnesses(self, remaining: list[Variant]) -> list[Variant]:
        """Add databases with witnesses for the variants that change only the conditions; returns the
        variants still not told apart."""
        form = self.form
        conditions = [variant for variant in remaining if replace(variant.form, where=form.where) == form]
        others = [variant for variant in remaining if variant not in conditions]
        for base_index in PROBES:
            if not conditions or self.full():
                break
            base, passing = self.bases[min(base_index, len(self.bases) - 1)]
            conditions = self._witnesses_on(base, passing, conditions)
        return conditions + others

    def _witnesses_on(self, base: Database, passing: list[int], remaining: list[Variant]) -> list[Variant]:
        """One probe: clones of one employee of ``base`` that meets the conditions, each edited once
        (``_witness_edits``); then databases with a few of the witnesses found, tried in rounds."""
        rng, form = self.rng, self.form
        probe = Draft(base)
        first = max(probe.employees) + 1
        last_project = max(probe.projects, default=0)
        source = rng.choice(passing or list(probe.employees))
        for edit in _witness_edits(form, probe):
            clone = probe.clone(source)
            if clone is not None:
                _apply_edit(probe, clone, edit, rng, self.reference)
        database = probe.freeze()
        connection = database.connect()
        try:
            reference = set(connection.execute(form.selection(first)).fetchall())
            found: dict[int, list[int]] = {}  # variant index -> witnesses
            for index, variant in enumerate(remaining):
                rows = set(connection.execute(variant.form.selection(first)).fetchall())
                found[index] = sorted({row[0] for row in rows ^ reference})
            meeting = _passing(connection, form)
        finally:
            connection.close()
        tried: set[tuple[int, int]] = set()
        for _round in range(WITNESS_ROUNDS):
            open_ = [index for index in found if found[index] and any((index, w) not in tried for w in found[index])]
            if not open_ or self.full():
                break
            chosen = self._choose(open_, found, tried, probe)
            candidate = _isolate(database, chosen, meeting, first, last_project, form)
            targeted = {index for index in open_ if any(w in chosen for w in found[index])}
            left = self.keep(candidate, [remaining[index] for index in found])
            kept = {id(variant) for variant in left}
            found = {index: witnesses for index, witnesses in found.items() if id(remaining[index]) in kept}
            for index in targeted & set(found):
                tried.update((index, w) for w in chosen)
        return [remaining[index] for index in found]

    def _choose(self, open_: list[int], found: dict[int, list[int]], tried: set, probe: Draft) -> list[int]:
        """A few witnesses that together cover many variants; for a per-department query, in distinct
        departments; for a top-k, fewer than the limit."""
        form, rng = self.form, self.rng
        if form.limit is not None:
            most = max(1, form.limit - 1)
        elif form.group == "d.id":
            most = 4
        else:
            most = 12
        chosen: list[int] = []
        departments: set[int] = set()
        order = list(open_)
        rng.shuffle(order)
        for index in order:
            if any(w in chosen for w in found[index]):
                continue
            options = [w for w in found[index] if (index, w) not in tried and w in probe.employees]
            if form.group == "d.id":
                options = [w for w in options if probe.employees[w][2] not in departments]
            if not options:
                continue
            witness = rng.choice(options)
            chosen.append(witness)
            departments.add(probe.employees[witness][2])
            if len(chosen) >= most:
                break
        return chosen

    # -- random edits, for the rest ---------------------------------------------------------------------------------

    def random_edits(self, remaining: list[Variant]) -> list[Variant]:
        """Add randomly edited copies (``_edit``, aimed at up to three of the variants each) while they
        tell some apart, up to ``MAX_FAILED_TRIES`` that do not; returns the variants still left."""
        general = _hints(self.form.where) + _hints(self.form.having)
        failures = 0
        while remaining and not self.full() and failures < MAX_FAILED_TRIES:
            base, passing = self.rng.choice([base for base in self.bases if base[1]] or self.bases)
            draft = Draft(base)
            witnesses: set[int] = set()
            for target in self.rng.sample(remaining, min(3, len(remaining))):
                _edit(draft, self.form, target, passing, general, witnesses, self.rng)
            left = self.keep(draft.freeze(), remaining)
            failures += len(left) == len(remaining)
            remaining = left
        return remaining


#: The databases that probes with witnesses are built from (the shown one, the first hidden one, the
#: shown one again: each probe clones another employee), and databases with witnesses tried per probe.
PROBES = (0, 1, 0)
WITNESS_ROUNDS = 6


def _witness_edits(form: Form, draft: Draft) -> list[Hint]:
    """One change per clone: each value next to each constant, each department, other projects...; and
    for a condition ``(A OR B)`` one change for A with one for B, so that exactly one of them holds."""
    edits = _edits_for(form.where, draft)
    for item in form.where.items if form.where is not None else ():
        if isinstance(item, Chain) and len(item.items) == 2:
            first, second = (_edits_for(side, draft) for side in item.items)
            edits += [("both", one, other) for one in first for other in second]
    return list(dict.fromkeys(edits))


def _edits_for(node: Any, draft: Draft) -> list[Hint]:
    edits: list[Hint] = []
    for hint in _hints(node):
        kind = hint[0]
        if kind == "set":
            edits += [("set", hint[1], value) for value in hint[2]]
        elif kind == "budget":
            edits += [
                (how, value, foreign)
                for value in hint[1]
                for how in ("budgets", "extra_project")
                for foreign in (False, True)
            ]
        elif kind == "projects":
            edits += [("projects", value) for value in hint[1] if value >= 0]
        elif kind == "foreign":
            edits += [("foreign", True), ("foreign", False)]
        elif kind == "department":  # in and out of the department named, or of the city
            city, name = hint[1:]
            if city:
                other = next(c for c in CITIES if c != city)
                edits += [("place", city, None, False), ("place", other, None, False)]
                edits += [("place", city, None, True), ("place", other, None, True)]
            else:
                edits += [("place", None, name, False), ("place", None, None, True)]
        elif kind == "average":
            edits.append(("place", None, None, True))
        elif kind == "rename":
            edits += [("rename", None), ("rename", hint[1])]
    return list(dict.fromkeys(edits))


def _apply_edit(draft: Draft, employee: int, edit: Hint, rng: random.Random, avoid: str) -> None:
    kind = edit[0]
    if kind == "set":
        draft.set(employee, edit[1], edit[2])
    elif kind in ("budgets", "extra_project"):  # new projects with this budget, of their department or not
        own = draft.employees[employee][2]
        others = [row[0] for row in draft.departments if row[0] != own] or [own]
        count = max(1, len(draft.projects_of(employee))) if kind == "budgets" else 1
        if kind == "budgets":
            draft.work[employee] = {}
        for _ in range(count):
            draft.assign(employee, draft.add_project(rng.choice(others) if edit[2] else own, edit[1]), rng)
    elif kind == "projects":
        draft.set_project_count(employee, edit[1], rng)
    elif kind == "foreign":
        own = draft.employees[employee][2]
        others = [row[0] for row in draft.departments if row[0] != own] or [own]
        department = own if edit[1] else rng.choice(others)
        draft.only_project(employee, draft.add_project(department, 1000 * rng.randint(5, 60)), rng)
    elif kind == "place":
        _place(draft, employee, edit[1], edit[2], edit[3], avoid)
    elif kind == "rename":
        draft.rename(employee, rng, edit[1])
    elif kind == "both":
        first, second = edit[1:]
        if first[0] == second[0] == "place":  # one department, with the city of one and the name of the other
            first = ("place", first[1] or second[1], first[2] or second[2], first[3] and second[3])
            second = ("none",)
        _apply_edit(draft, employee, first, rng, avoid)
        _apply_edit(draft, employee, second, rng, avoid)


def _place(draft: Draft, employee: int, city: str | None, name: str | None, alone: bool, avoid: str) -> None:
    """Move the employee to a department in ``city`` (if given) named ``name`` (if given): a new one where
    ``alone`` (its average salary is then the employee's) or where none fits, else one that exists."""
    own = next(row for row in draft.departments if row[0] == draft.employees[employee][2])
    fitting = [
        row for row in draft.departments if (city is None or row[2] == city) and (name is None or row[1] == name)
    ]
    named = [row for row in draft.departments if row[1] == name]
    if fitting and not alone:
        draft.set(employee, "e.department_id", fitting[0][0])
    elif not named:
        draft.set(employee, "e.department_id", draft.add_department(city or own[2], name, avoid))
    elif named[0][0] not in draft.moved:  # the department with that name moves to that city (once)
        draft.moved.add(named[0][0])
        draft.departments[draft.departments.index(named[0])] = (named[0][0], name, city or named[0][2])
        draft.set(employee, "e.department_id", named[0][0])


def _isolate(
    probe: Database,
    chosen: list[int],
    meeting: list[int],
    first: int,
    last_project: int,
    form: Form,
) -> Database:
    """The probe without the clones that are not chosen, and, where other employees that meet the
    conditions would hide the witnesses (a top-k, a group), without those either."""
    draft = Draft(probe)
    for employee in [key for key in draft.employees if key >= first and key not in chosen]:
        draft.delete(employee)
    draft.drop_projects_above(last_project)
    present = [key for key in meeting if key in draft.employees and key not in chosen]
    if form.limit is not None:
        for key in present:
            draft.delete(key)
    elif form.group == "d.id":  # each witness alone in its department, with copies to pass a HAVING
        departments = {draft.employees[w][2] for w in chosen if w in draft.employees}
        for key in present:
            if draft.employees[key][2] in departments:
                draft.delete(key)
        if form.having is not None and isinstance(form.having.right, int):
            for witness in chosen:
                for _ in range(form.having.right - 1):
                    draft.clone(witness)
    return draft.freeze()


def _hints(node: Any) -> list[Hint]:
    """The edits that make a database tell a change of ``node`` apart: which values to put where."""
    if node in ("order", "limit"):
        return [("rank",)]
    if isinstance(node, tuple) and node[0] == "aggregate":
        return [("spread", node[1]), ("group", (2, 3))]
    if isinstance(node, Chain):
        return [hint for item in node.items for hint in _hints(item)]
    if isinstance(node, Exists):
        return [("projects", (0, 1, 2))] + _hints(node.where)
    if isinstance(node, Between):
        return [("set", node.expr, (node.low - 1, node.low, node.low + 1, node.high - 1, node.high, node.high + 1))]
    if isinstance(node, Like):
        return [("rename", node.pattern[0])]
    if not isinstance(node, Compare):
        return []
    hints: list[Hint] = []
    for side, other in ((node.left, node.right), (node.right, node.left)):
        near = (other - 1, other, other + 1) if isinstance(other, int) else ()
        if side in EMPLOYEE_FIELDS and near:
            hints.append(("set", side, near))
        elif side == "p.budget" and near:
            hints.append(("budget", near))
        elif side == "d.city":
            hints.append(("department", other.strip("'"), None))
        elif side == "d.name":
            hints.append(("department", None, other.strip("'")))
        elif side == "p.department_id":
            hints.append(("foreign",))
        elif isinstance(side, Aggregate) and near:  # HAVING COUNT(*) >= k
            hints.append(("group", near))
        elif isinstance(side, Scalar) and side.aggregate.function == "COUNT" and near:
            hints.append(("projects", near))
        elif isinstance(side, Scalar):
            hints.append(("average", "department_id" in side.rest))
    return hints


#: Edits that change which rows meet the conditions, for variants with no hint of their own.
GENERIC: tuple[Hint, ...] = (("clone",), ("delete",), ("move",), ("department",), ("projects", (0, 1, 2)))
#: Edits that grow groups or the rows that meet the conditions, which shrinking would undo.
GROWING = ("rank", "group", "spread", "clone")


def _edit(
    draft: Draft,
    form: Form,
    target: Variant,
    passing: list[int],
    general: list[Hint],
    witnesses: set[int],
    rng: random.Random,
) -> None:
    """Edit ``draft`` towards telling ``target`` apart from the reference.

    ``passing`` lists the employees that meet the reference's conditions on the database drafted from
    (best ranked first for a top-k). The edit picks one of them as a witness and changes it (a value at
    a boundary, other projects, another department, a clone...), then maybe deletes others that meet
    the conditions, so that the witness alone changes a top-k or an aggregate.
    """
    own = _hints(target.focus)
    roll = rng.random()
    if own and roll < 0.7:
        hint = rng.choice(own)
    elif general and roll < 0.9:
        hint = rng.choice(general)
    else:
        hint = rng.choice(GENERIC)
    present = [employee for employee in passing if employee in draft.employees]
    if present and form.limit is not None and rng.random() < 0.5:
        employee = rng.choice(present[: form.limit])
    elif present and rng.random() < 0.85:
        employee = rng.choice(present)
    else:
        employee = rng.choice(list(draft.employees))
    witnesses.add(employee)
    _apply(draft, form, hint, employee, present, rng)
    if hint[0] not in GROWING and rng.random() < 0.5:
        keep = rng.randint(0, max(0, (form.limit or 3) - 2))
        others = [key for key in present if key not in witnesses]
        rng.shuffle(others)
        for key in others[keep:]:
            draft.delete(key)


def _apply(draft: Draft, form: Form, hint: Hint, employee: int, present: list[int], rng: random.Random) -> None:
    kind = hint[0]
    if kind == "set":
        draft.set(employee, hint[1], rng.choice(hint[2]))
    elif kind == "budget":
        projects = draft.projects_of(employee)
        if not projects:
            draft.assign(employee, rng.choice(list(draft.projects)), rng)
            projects = draft.projects_of(employee)
        draft.projects[rng.choice(projects)][3] = rng.choice(hint[1])
    elif kind == "projects":
        draft.set_project_count(employee, max(0, rng.choice(hint[1])), rng)
    elif kind == "average":
        draft.match_average(employee, hint[1], rng)
    elif kind == "foreign":
        project = rng.choice(draft.projects_of(employee) or list(draft.projects))
        draft.assign(employee, project, rng)
        departments = [row[0] for row in draft.departments]
        draft.projects[project][2] = rng.choice([draft.employees[employee][2], rng.choice(departments)])
    elif kind == "department":
        draft.set(employee, "e.department_id", rng.choice(draft.departments)[0])
    elif kind == "rename":
        draft.rename(employee, rng, rng.choice([None, hint[1]]))
    elif kind == "clone":
        draft.clone(employee)
    elif kind == "delete":
        draft.delete(employee)
    elif kind == "move":
        other = rng.choice(present or list(draft.employees))
        draft.set(employee, "e.department_id", draft.employees[other][2])
    elif kind == "group":  # exactly n of the employees that meet the conditions in one department
        department = draft.employees[employee][2]
        members = [key for key in present if draft.employees[key][2] == department] or [employee]
        size = max(1, rng.choice(hint[1]))
        while len(members) < size:
            members.append(draft.clone(rng.choice(members)))
        while len(members) > size:
            draft.delete(members.pop(rng.randrange(len(members))))
    elif kind == "spread":  # a second member of the group, with another value
        clone = draft.clone(employee)
        other = rng.choice(present or [employee])
        column = hint[1] or rng.choice(("e.salary", "e.age", "e.hired"))
        value = draft.employees[other][EMPLOYEE_FIELDS[column]]
        if other == employee:
            value += rng.choice((-3, -2, -1, 1, 2, 3))
        draft.set(clone, column, value)
        if rng.random() < 0.5 and draft.projects:
            draft.assign(clone, rng.choice(list(draft.projects)), rng)
    elif kind == "rank":  # more employees than the limit, maybe a tie where the limit cuts
        limit = form.limit or 3
        ranked = present or [employee]
        for _ in range(max(0, limit + rng.randint(1, 2) - len(ranked))):
            draft.clone(rng.choice(ranked[: limit + 1]))
        if rng.random() < 0.5 and len(ranked) >= limit:
            draft.clone(ranked[limit - 1])


def describe_database(database: Database) -> str:
    return f"An SQLite database has these tables:\n\n{SCHEMA}\n\nand these rows:\n\n{database.text()}"


def rows_as_json(rows: list[tuple[Any, ...]]) -> list[list[Any]]:
    return [list(row) for row in rows]


def show_rows(rows: list[Any]) -> str:
    return "\n".join("  (" + ", ".join(repr(value) for value in row) + ")" for row in rows)
