"""The rows a query returns, computed in Python from the rows of its source that pass its WHERE (``form_rows``).

Used to tell a near variant from the query without running it: the source's rows are read once
(``where_masks.RowTable``), the rows passing each WHERE are a bit mask, and here the rest of the query (the
select list, GROUP BY, HAVING, ORDER BY with LIMIT) is applied to them as SQLite would. Only the shapes the
generator writes are computed; for anything else (an ORDER BY that leaves ties to the scan order before a
LIMIT, an unknown column) the answer is None and the caller runs the query.
"""

from __future__ import annotations

from typing import Any

from rlve_plugin_code.sql.data import normalise_rows
from rlve_plugin_code.sql.forms import Aggregate, Compare, Form
from rlve_plugin_code.sql.where_masks import COMPARISONS, RowTable, aggregate

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
    rows = [row for bit, row in zip(table.bits, table.rows) if mask & bit]
    if form.group is None:
        if form.having is not None or any(isinstance(column, Aggregate) for column in form.select):
            return None
        if form.limit is not None:
            rows = _top(form, rows, at)
            if rows is None:
                return None
        indices = [at[column] for column in form.select]
        return normalise_rows([tuple(row[index] for index in indices) for row in rows])
    if form.group not in GROUP_COLUMNS or form.limit is not None:
        return None
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


def _top(form: Form, rows: list[tuple[Any, ...]], at: dict[str, int]) -> list[tuple[Any, ...]] | None:
    """The first ``limit`` rows in the ORDER BY, when it ends with the unique e.id (no tie left to the scan)."""
    if not form.order or form.order[-1][0] != "e.id" or any(column not in at for column, _ in form.order):
        return None
    ordered = list(rows)
    for column, direction in reversed(form.order):  # stable sorts, last key first
        index = at[column]
        ordered.sort(key=lambda row: row[index], reverse=direction == "DESC")
    return ordered if form.limit < 0 else ordered[: form.limit]  # a negative LIMIT is none in SQLite
