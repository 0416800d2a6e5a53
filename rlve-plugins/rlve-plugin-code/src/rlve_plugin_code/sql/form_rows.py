"""The rows a query returns, computed in Python from the rows of its source that pass its WHERE (``form_rows``).

Used to tell a near variant from the query without running it: the source's rows are read once
(``where_masks.RowTable``), the rows passing each WHERE are a bit mask, and here the rest of the query (the
select list, GROUP BY, HAVING, ORDER BY with LIMIT) is applied to them as SQLite would. Only the shapes the
generator writes are computed (a LIMIT without ORDER BY keeps the first rows of SQLite's scan, which reads the
employees in id order); for anything else (an ORDER BY that leaves ties to the scan order before a LIMIT, an
unknown column) the answer is None and the caller runs the query.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from rlve_plugin_code.sql.data import Database, normalise_rows
from rlve_plugin_code.sql.forms import Aggregate, Compare, Form
from rlve_plugin_code.sql.where_masks import COMPARISONS, EMPLOYEES_SOURCE, RowTable, WhereMasks, aggregate

#: GROUP BY d.id groups by the employee's department (the JOIN makes them equal).
GROUP_COLUMNS = {"d.id": "e.department_id", "e.id": "e.id"}
#: The columns that one value of the group key fixes, which a grouped query may select bare.
FIXED_BY_GROUP = {
    "d.id": {"d.name", "d.city", "e.department_id"},
    "e.id": {"e.id", "e.name", "e.department_id", "e.salary", "e.age", "e.hired", "d.name", "d.city"},
}


def form_rows(form: Form, table: RowTable, mask: int) -> list[tuple[Any, ...]] | None:
    """The rows (normalised as ``normalise_rows`` does) that ``form`` returns when the rows of ``table`` in
    ``mask`` pass its WHERE; None where that is not computed here."""
    at = table.at
    for column in form.select:
        argument = column.argument if isinstance(column, Aggregate) else column
        if argument != "*" and argument not in at:
            return None
    if form.group is None:
        if form.having is not None or any(isinstance(column, Aggregate) for column in form.select):
            return None
        if form.limit is not None:
            rows = _top(form, table, mask)
            if rows is None:
                return None
        else:
            rows = [row for bit, row in zip(table.bits, table.rows) if mask & bit]
        indices = [at[column] for column in form.select]
        return normalise_rows([tuple(row[index] for index in indices) for row in rows])
    if form.group not in GROUP_COLUMNS or form.limit is not None:
        return None
    rows = [row for bit, row in zip(table.bits, table.rows) if mask & bit]
    if any(not isinstance(column, Aggregate) and column not in FIXED_BY_GROUP[form.group] for column in form.select):
        return None
    groups: dict[Any, list[tuple[Any, ...]]] = {}
    key = at[GROUP_COLUMNS[form.group]]
    for row in rows:
        groups.setdefault(row[key], []).append(row)
    result = []
    for members in groups.values():
        if form.having is not None:
            kept = _having(form.having, members, at)
            if kept is None:
                return None
            if not kept:
                continue
        values = []
        for column in form.select:
            if isinstance(column, Aggregate):
                values.append(_aggregate(column, members, at))
            else:
                values.append(members[0][at[column]])  # a column of the group's own row (d.name by d.id)
        result.append(tuple(values))
    return normalise_rows(result)


def rows_on(connection: Any, database: Database, form: Form) -> list[tuple[Any, ...]]:
    """The rows (normalised) that ``form`` returns on ``database``, which ``connection`` holds: computed in
    Python where ``WhereMasks`` and ``form_rows`` can, else run on the connection (written to only then, where
    it is a ``pool.Deferred``)."""
    try:
        masks = WhereMasks(connection, form.source, [form.where], database)
    except sqlite3.Error:
        masks = None
    rows = form_rows(form, masks.table, masks.of(form.where)) if masks is not None and masks.exact else None
    return normalise_rows(connection.execute(form.sql()).fetchall()) if rows is None else rows


def _aggregate(column: Aggregate, members: list[tuple[Any, ...]], at: dict[str, int]) -> Any:
    if column.argument == "*":
        return len(members)
    index = at[column.argument]
    return aggregate(column.function, [row[index] for row in members])


def _having(having: Compare, members: list[tuple[Any, ...]], at: dict[str, int]) -> bool | None:
    if not isinstance(having.left, Aggregate) or not isinstance(having.right, int) or having.op not in COMPARISONS:
        return None
    if having.left.argument != "*" and having.left.argument not in at:
        return None
    value = _aggregate(having.left, members, at)
    return None if value is None else COMPARISONS[having.op](value, having.right)


def _top(form: Form, table: RowTable, mask: int) -> list[tuple[Any, ...]] | None:
    """The first ``limit`` rows in ``mask`` in the ORDER BY, when it ends with the unique e.id (no tie left to
    the scan). The table's rows are put in that order once (a query's variants mostly share it), and the rows in
    ``mask`` read off it: sorting a subset gives the subset of the sorted rows, the sorts being stable."""
    order = form.order
    if not order and form.source == EMPLOYEES_SOURCE:
        # No ORDER BY: the first rows of SQLite's scan, which reads the employees (the outer loop of the join,
        # the departments looked up by id) in the order of their ids, the table's rowids.
        order = (("e.id", "ASC"),)
    ordered = in_order(order, table)
    if ordered is None:
        return None
    if form.limit < 0:  # a negative LIMIT is none in SQLite
        return [row for bit, row in ordered if mask & bit]
    rows: list[tuple[Any, ...]] = []
    for bit, row in ordered:
        if len(rows) == form.limit:
            break
        if mask & bit:
            rows.append(row)
    return rows


def in_order(order: tuple[tuple[str, str], ...], table: RowTable) -> list[tuple[int, tuple[Any, ...]]] | None:
    """The table's rows with their bits in the ORDER BY ``order``, sorted once per table and kept; None unless it
    ends with the unique e.id and names only the table's columns (else ties are left to SQLite's scan). The rows
    of a mask read off it in this order are that subset sorted, the sorts being stable."""
    if not order or order[-1][0] != "e.id" or any(column not in table.at for column, _ in order):
        return None
    return table.derived(("ORDER BY", order), lambda: _ordered(order, table))


def _ordered(order: tuple[tuple[str, str], ...], table: RowTable) -> list[tuple[int, tuple[Any, ...]]]:
    """The table's rows with their bits, in the ORDER BY."""
    ordered = list(zip(table.bits, table.rows))
    for column, direction in reversed(order):  # stable sorts, last key first
        index = table.at[column]
        ordered.sort(key=lambda pair: pair[1][index], reverse=direction == "DESC")
    return ordered
