"""Finding the hidden databases that tell a query apart from each of its near variants (``separating_databases``).

The generator is trusted, so the search runs our own queries with Python's sqlite3; only the model's query
goes through the sandbox. Most near variants are not run at all: which rows each WHERE lets through is read
from one scan (``where_masks``) and their rows computed from those (``form_rows``), exactly as SQLite would;
the test_generation_shortcuts tests hold the two to the same answers. How a database is edited towards a
witness lives in ``edits``.
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import replace
from typing import Any

from rlve_plugin_code.sql import pool
from rlve_plugin_code.sql.data import Database, Draft, normalise_rows
from rlve_plugin_code.sql.edits import apply_edit, hints_for, isolate, random_edit, witness_edits
from rlve_plugin_code.sql.form_rows import form_rows
from rlve_plugin_code.sql.forms import JOIN, Form
from rlve_plugin_code.sql.variants import Variant, near_variants
from rlve_plugin_code.sql.where_masks import WhereMasks

#: At most this many databases are added to separate the near variants ...
MAX_ADDED_DATABASES = 12
#: ... and at most this many edited databases that separate nothing are tried, before another query is drawn.
MAX_FAILED_TRIES = 20


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
    variants = near_variants(form)
    conditions = _condition_variants(form, variants)
    remaining = variants
    for database, connection, rows in zip(databases, connections, results):
        if not remaining:
            break
        # Each database judges only the variants the ones before it did not tell apart (most, the first does).
        judge = _Judge(connection, database, form, rows, remaining, conditions)
        remaining = [variant for variant in remaining if judge.same(variant)]
    if not remaining:
        return []
    search = _Search(form, rng, conditions)
    try:
        for database, connection in zip(databases, connections):
            search.bases.append((database, _passing(connection, form)))
        remaining = search.witnesses(remaining)
        remaining = search.random_edits(remaining)
    finally:
        search.scratch.close()
    return None if remaining else search.added


def _condition_variants(form: Form, variants: list[Variant]) -> set[int]:
    """The ids of the variants that change only the conditions of ``form``."""
    return {id(variant) for variant in variants if replace(variant.form, where=form.where) == form}


def _masks(
    connection: sqlite3.Connection, database: Database, form: Form, variants: list[Variant]
) -> WhereMasks | None:
    """The rows that the WHERE of ``form`` and of each variant let through on ``database`` (which
    ``connection`` holds), or None where that cannot be told from the conditions' values alone (one fails,
    or is NULL somewhere): then the variants are run."""
    wheres = [form.where] + [variant.form.where for variant in variants]
    try:
        masks = WhereMasks(connection, form.source, wheres, database)
    except sqlite3.Error:
        return None
    return masks if masks.exact else None


class _Judge:
    """Whether a variant returns the same rows as the query on one database, mostly without running it.

    A variant that changes only the conditions returns the same rows where its WHERE lets the same rows of
    the source through (``WhereMasks``), and other rows where it does not and each row of the query is one
    employee, named (names are unique). Otherwise its rows are computed from the rows its WHERE lets through
    (``form_rows``), where that computation gives the query's own rows on this database; only what it does
    not compute is run.
    """

    def __init__(
        self,
        connection: sqlite3.Connection,
        database: Database,
        form: Form,
        rows: list[tuple[Any, ...]],
        variants: list[Variant],
        conditions: set[int],
    ):
        self.connection = connection
        self.form = form
        self.rows = rows
        self.conditions = conditions
        self.masks = _masks(connection, database, form, [variant for variant in variants if id(variant) in conditions])
        # The rows of a variant are computed from the source's rows where that gives the query's own rows.
        self.computed = False
        if self.masks is not None:
            self.reference = self.masks.of(form.where)
            self.computed = form_rows(form, self.masks.table, self.reference) == rows
        names = [row[1] for row in database.tables["employees"]]
        self.one_row_each = _one_row_per_employee(form) and len(set(names)) == len(names)

    def same(self, variant: Variant) -> bool:
        if self.masks is not None:
            if id(variant) in self.conditions:
                mask = self.masks.of(variant.form.where)
                if mask == self.reference:
                    return True
                if self.one_row_each:
                    return False
            elif variant.form.where is self.form.where:  # another select list, grouping, order or limit
                mask = self.reference
            else:  # pragma: no cover - near_variants changes either the conditions or the rest
                mask = None
            rows = form_rows(variant.form, self.masks.table, mask) if self.computed and mask is not None else None
            if rows is not None:
                return rows == self.rows
        return _rows(self.connection, variant.sql) == self.rows


def _one_row_per_employee(form: Form) -> bool:
    """Whether the query returns one row for each employee its conditions let through, their name first."""
    return (
        form.source == JOIN
        and form.group is None
        and form.limit is None
        and bool(form.select)
        and form.select[0] == "e.name"
    )


def _passing(connection: sqlite3.Connection, form: Form) -> list[int]:
    """The employees that meet the conditions of ``form``, each once, best ranked first for a top-k."""
    return list(dict.fromkeys(row[0] for row in connection.execute(form.selection())))


class _Scratch:
    """One in-memory database, refilled for each edited copy tried (``pool``): emptying and refilling its tables
    costs a third of a new connection with the schema, and its statement cache keeps the queries compiled, since
    the same variants run on every copy."""

    def __init__(self) -> None:
        self.connection: sqlite3.Connection | None = None

    def holding(self, database: Database) -> sqlite3.Connection:
        if self.connection is None:
            self.connection = pool.holding(database)
        else:
            pool.refill(self.connection, database)
        return self.connection

    def close(self) -> None:
        if self.connection is not None:
            pool.release(self.connection)


class _Search:
    """The databases to separate from (``bases``, with the employees meeting the conditions on each), and
    those added so far."""

    def __init__(self, form: Form, rng: random.Random, conditions: set[int]):
        self.form = form
        self.rng = rng
        self.conditions = conditions  # the ids of the variants that change only the conditions
        self.scratch = _Scratch()
        self.reference = form.sql()
        self.bases: list[tuple[Database, list[int]]] = []
        self.added: list[tuple[Database, list[tuple[Any, ...]]]] = []

    def full(self) -> bool:
        return len(self.added) >= MAX_ADDED_DATABASES

    def keep(self, candidate: Database, remaining: list[Variant]) -> list[Variant]:
        """The variants that ``candidate`` does not tell apart; the candidate is added if it tells any."""
        connection = self.scratch.holding(candidate)
        rows = _rows(connection, self.reference)
        if rows is None:  # pragma: no cover - our own query on our own data
            raise RuntimeError(f"the reference query fails on an edited database: {self.reference}")
        judge = _Judge(connection, candidate, self.form, rows, remaining, self.conditions)
        left = [variant for variant in remaining if judge.same(variant)]
        if len(left) < len(remaining):
            self.added.append((candidate, rows))
            self.bases.append((candidate, _passing(connection, self.form)))
        return left

    # -- witnesses, for variants of the conditions --------------------------------------------------------------------

    def witnesses(self, remaining: list[Variant]) -> list[Variant]:
        """Add databases with witnesses for the variants that change only the conditions; returns the
        variants still not told apart."""
        conditions = [variant for variant in remaining if id(variant) in self.conditions]
        others = [variant for variant in remaining if variant not in conditions]
        for base_index in PROBES:
            if not conditions or self.full():
                break
            base, passing = self.bases[min(base_index, len(self.bases) - 1)]
            conditions = self._witnesses_on(base, passing, conditions)
        return conditions + others

    def _witnesses_on(self, base: Database, passing: list[int], remaining: list[Variant]) -> list[Variant]:
        """One probe: clones of one employee of ``base`` that meets the conditions, each edited once
        (``witness_edits``); then databases with a few of the witnesses found, tried in rounds."""
        rng, form = self.rng, self.form
        probe = Draft(base)
        first = max(probe.employees) + 1
        last_project = max(probe.projects, default=0)
        source = rng.choice(passing or list(probe.employees))
        for edit in witness_edits(form, probe):
            clone = probe.clone(source)
            if clone is not None:
                apply_edit(probe, clone, edit, rng, self.reference)
        database = probe.freeze()
        connection = self.scratch.holding(database)
        found = _witnesses_found(connection, database, form, remaining, first)  # variant index -> witnesses
        meeting = _passing(connection, form)
        tried: set[tuple[int, int]] = set()
        for _round in range(WITNESS_ROUNDS):
            open_ = [index for index in found if found[index] and any((index, w) not in tried for w in found[index])]
            if not open_ or self.full():
                break
            chosen = self._choose(open_, found, tried, probe)
            candidate = isolate(database, chosen, meeting, first, last_project, form)
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
        """Add randomly edited copies (``random_edit``, aimed at up to three of the variants each) while they
        tell some apart, up to ``MAX_FAILED_TRIES`` that do not; returns the variants still left."""
        general = hints_for(self.form.where) + hints_for(self.form.having)
        failures = 0
        while remaining and not self.full() and failures < MAX_FAILED_TRIES:
            base, passing = self.rng.choice([base for base in self.bases if base[1]] or self.bases)
            draft = Draft(base)
            witnesses: set[int] = set()
            for target in self.rng.sample(remaining, min(3, len(remaining))):
                random_edit(draft, self.form, target, passing, general, witnesses, self.rng)
            left = self.keep(draft.freeze(), remaining)
            failures += len(left) == len(remaining)
            remaining = left
        return remaining


def _witnesses_found(
    connection: sqlite3.Connection, database: Database, form: Form, variants: list[Variant], first: int
) -> dict[int, list[int]]:
    """For each variant of the conditions (by index), the employees from id ``first`` on that it lets through
    and ``form`` does not, or the other way round."""
    masks = _masks(connection, database, form, variants)
    if masks is None:
        reference = set(connection.execute(form.selection(first)).fetchall())
        found = {}
        for index, variant in enumerate(variants):
            rows = set(connection.execute(variant.form.selection(first)).fetchall())
            found[index] = sorted({row[0] for row in rows ^ reference})
        return found
    mask = masks.of(form.where)
    reference = masks.keys_of(mask, first)
    found = {}
    for index, variant in enumerate(variants):
        other = masks.of(variant.form.where)
        rows = reference if other == mask else masks.keys_of(other, first)
        found[index] = sorted({row[0] for row in rows ^ reference})
    return found


#: The databases that probes with witnesses are built from (the shown one, the first hidden one, the
#: shown one again: each probe clones another employee), and databases with witnesses tried per probe.
PROBES = (0, 1, 0)
WITNESS_ROUNDS = 6
