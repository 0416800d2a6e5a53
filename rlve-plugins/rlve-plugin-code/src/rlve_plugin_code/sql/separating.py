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
from collections.abc import Iterable
from dataclasses import fields
from operator import attrgetter
from typing import Any, Protocol

from rlve_plugin_code.sql import pool
from rlve_plugin_code.sql.data import Database, Draft, normalise_rows
from rlve_plugin_code.sql.edits import apply_edit, hints_for, isolate, random_edit, witness_edits
from rlve_plugin_code.sql.form_rows import form_rows, in_order
from rlve_plugin_code.sql.forms import JOIN, Form
from rlve_plugin_code.sql.variants import Variant, near_variants
from rlve_plugin_code.sql.where_masks import WhereMasks

#: At most this many databases are added to separate the near variants ...
MAX_ADDED_DATABASES = 12
#: ... and at most this many edited databases that separate nothing are tried, before another query is drawn.
MAX_FAILED_TRIES = 20


class Executes(Protocol):
    """What the search runs its queries on: an sqlite3 connection, or a copy written when first queried
    (``pool.Deferred``: most edited copies are judged from their rows in Python, never written to SQLite)."""

    def execute(self, sql: str) -> Iterable[tuple[Any, ...]]: ...


def _rows(connection: Executes, sql: str) -> list[tuple[Any, ...]] | None:
    try:
        return normalise_rows(connection.execute(sql).fetchall())
    except sqlite3.Error:
        return None  # a variant that fails is told apart by failing


def separating_databases(
    form: Form,
    databases: list[Database],
    connections: list[Executes],
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
    judges = []
    for database, connection, rows in zip(databases, connections, results):
        if not remaining:
            return []
        # Each database judges only the variants the ones before it did not tell apart (most, the first does).
        judges.append(_Judge(connection, database, form, rows, remaining, conditions))
        remaining = [variant for variant in remaining if judges[-1].same(variant)]
    if not remaining:
        return []
    search = _Search(form, rng, conditions)
    try:
        for database, judge in zip(databases, judges):
            search.bases.append((database, judge.passing()))
        remaining = search.witnesses(remaining)
        remaining = search.ties_at_the_limit(remaining)
        remaining = search.random_edits(remaining)
    finally:
        search.scratch.close()
    return None if remaining else search.added


def _condition_variants(form: Form, variants: list[Variant]) -> set[int]:
    """The ids of the variants that change only the conditions of ``form``: every other field is the same
    (what ``replace(variant.form, where=form.where) == form`` says, without a copy per variant)."""
    rest = _all_but_where(form)
    return {id(variant) for variant in variants if _all_but_where(variant.form) == rest}


#: Every field of a form but its conditions, as a tuple.
_all_but_where = attrgetter(*[field.name for field in fields(Form) if field.name != "where"])


def _masks(
    connection: Executes, database: Database, form: Form, variants: list[Variant]
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

    Without ``rows`` (an edited database), the query's own rows are computed the same way where ``form_rows``
    computes them (test_generation_shortcuts and test_sql_query hold it to SQLite's rows), else run.
    """

    def __init__(
        self,
        connection: Executes,
        database: Database,
        form: Form,
        rows: list[tuple[Any, ...]] | None,
        variants: list[Variant],
        conditions: set[int],
    ):
        self.connection = connection
        self.form = form
        self.conditions = conditions
        self.masks = _masks(connection, database, form, [variant for variant in variants if id(variant) in conditions])
        # The rows of a variant are computed from the source's rows where that gives the query's own rows.
        self.computed = False
        if self.masks is not None:
            self.reference = self.masks.of(form.where)
            computed = form_rows(form, self.masks.table, self.reference)
            if rows is None and computed is not None:
                rows = computed
            self.computed = computed is not None and computed == rows
        if rows is None:
            rows = _rows(connection, form.sql())
            if rows is None:  # pragma: no cover - our own query on our own data
                raise RuntimeError(f"the reference query fails on an edited database: {form.sql()}")
        self.rows = rows
        names = [row[1] for row in database.tables["employees"]]
        self.one_row_each = _one_row_per_employee(form) and len(set(names)) == len(names)
        # For a grouped query: the column of the source whose values its rows are one each of (the group's key).
        key = _named_group_key(form, database) if self.masks is not None and not self.one_row_each else None
        self.key = None if key is None else self.masks.table.at[key]
        if self.key is not None:
            self.reference_keys = self._keys(self.reference)

    def same(self, variant: Variant) -> bool:
        if self.masks is not None:
            if id(variant) in self.conditions:
                mask = self.masks.of(variant.form.where)
                if mask == self.reference:
                    return True
                if self.one_row_each:
                    return False
                if self.key is not None and self._keys(mask) != self.reference_keys:
                    return False  # a group more or less: a row with a name the others do not have
            elif variant.form.where is self.form.where:  # another select list, grouping, order or limit
                mask = self.reference
            else:  # pragma: no cover - near_variants changes either the conditions or the rest
                mask = None
            rows = form_rows(variant.form, self.masks.table, mask) if self.computed and mask is not None else None
            if rows is not None:
                return rows == self.rows
        return _rows(self.connection, variant.sql) == self.rows

    def _keys(self, mask: int) -> set[Any]:
        table, key = self.masks.table, self.key
        return {row[key] for bit, row in zip(table.bits, table.rows) if mask & bit}

    def passing(self) -> list[int]:
        """``_passing``: from the masks where they are known, else by a query."""
        return _passing_known(self.connection, self.masks, self.form)


def _one_row_per_employee(form: Form) -> bool:
    """Whether the query returns one row for each employee its conditions let through, their name first."""
    return (
        form.source == JOIN
        and form.group is None
        and form.limit is None
        and bool(form.select)
        and form.select[0] == "e.name"
    )


def _named_group_key(form: Form, database: Database) -> str | None:
    """For a query grouped by the employee or the department, without HAVING, that shows the group's name first,
    where no two groups share a name: the source column holding the group's key. Then its rows are one per key
    among the rows its WHERE lets through, each named apart, and two WHEREs that let rows of other groups through
    give other rows. None for other queries."""
    if form.having is not None or form.limit is not None or not form.select:
        return None
    if form.group == "e.id" and form.select[0] == "e.name":
        key, names = "e.id", [row[1] for row in database.tables["employees"]]
    elif form.group == "d.id" and form.select[0] == "d.name":
        key, names = "e.department_id", [row[1] for row in database.tables["departments"]]
    else:
        return None
    return key if len(set(names)) == len(names) else None


def _passing(connection: Executes, form: Form) -> list[int]:
    """The employees that meet the conditions of ``form``, each once, best ranked first for a top-k."""
    return list(dict.fromkeys(row[0] for row in connection.execute(form.selection())))


def _passing_known(connection: Executes, masks: WhereMasks | None, form: Form) -> list[int]:
    """``_passing``, read off ``masks`` (the database's, with ``form``'s WHERE) where that can be done."""
    passing = None if masks is None else _passing_in(masks, form, masks.of(form.where))
    return _passing(connection, form) if passing is None else passing


def _passing_in(masks: WhereMasks, form: Form, mask: int) -> list[int] | None:
    """``_passing`` read off the rows in ``mask``, in the order SQLite gives them: without ORDER BY, the
    employees' ids in order (SQLite's scan reads the employees, the outer loop of the join, by rowid, which is
    the id); a top-k's ORDER BY ends with the unique id, so no tie is left to the scan. None for an ORDER BY
    that does not (then the query is run). test_sql_query holds the two to the same lists."""
    table = masks.table
    if not form.order:
        return sorted({row[0] for bit, row in zip(table.bits, table.rows) if mask & bit})
    ordered = in_order(form.order, table)  # the whole table sorted once, shared with form_rows' top-k
    if ordered is None:
        return None
    return list(dict.fromkeys(row[0] for bit, row in ordered if mask & bit))


class _Search:
    """The databases to separate from (``bases``, with the employees meeting the conditions on each), and
    those added so far."""

    def __init__(self, form: Form, rng: random.Random, conditions: set[int]):
        self.form = form
        self.rng = rng
        self.conditions = conditions  # the ids of the variants that change only the conditions
        #: The copy being judged, refilled for each (``pool``): emptying and refilling its tables costs a third of a
        #: new connection with the schema, and its statement cache keeps the queries compiled.
        self.scratch = pool.Deferred()
        self.reference = form.sql()
        self.bases: list[tuple[Database, list[int]]] = []
        self.added: list[tuple[Database, list[tuple[Any, ...]]]] = []

    def full(self) -> bool:
        return len(self.added) >= MAX_ADDED_DATABASES

    def keep(self, candidate: Database, remaining: list[Variant]) -> list[Variant]:
        """The variants that ``candidate`` does not tell apart; the candidate is added if it tells any."""
        judge = _Judge(self.scratch.hold(candidate), candidate, self.form, None, remaining, self.conditions)
        left = [variant for variant in remaining if judge.same(variant)]
        if len(left) < len(remaining):
            self.added.append((candidate, judge.rows))
            self.bases.append((candidate, judge.passing()))
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
        connection = self.scratch.hold(database)
        masks = _masks(connection, database, form, remaining)
        found = _witnesses_found(connection, masks, form, remaining, first)  # variant index -> witnesses
        meeting = _passing_known(connection, masks, form)
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

    # -- a tie at the last place, for a top-k ------------------------------------------------------------------------

    def ties_at_the_limit(self, remaining: list[Variant]) -> list[Variant]:
        """For a top-k, copies of a database with a clone of one of the top k employees: the same values (so it
        meets the same conditions) and the largest id. A clone of the last of them ranks right after it, kept out
        by the tie-break by id alone: that tells apart a tie-break flipped, a limit off by one or dropped. A clone
        of the first enters the top k but comes last by id: that tells apart an order dropped (the first k rows of
        the scan, in id order). Random edits find these only by chance. Tried on each database so far, while
        variants other than those of the conditions are left."""
        limit = self.form.limit
        if limit is None or limit < 2:
            return remaining
        for base, passing in list(self.bases):
            for rank in (limit - 1, 0):
                if self.full() or all(id(variant) in self.conditions for variant in remaining):
                    return remaining
                if len(passing) >= limit:
                    draft = Draft(base)
                    draft.clone(passing[rank])
                    remaining = self.keep(draft.freeze(), remaining)
        return remaining

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
    connection: Executes, masks: WhereMasks | None, form: Form, variants: list[Variant], first: int
) -> dict[int, list[int]]:
    """For each variant of the conditions (by index), the employees from id ``first`` on that it lets through
    and ``form`` does not, or the other way round (read off ``masks``, the probe's, where they are known)."""
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
