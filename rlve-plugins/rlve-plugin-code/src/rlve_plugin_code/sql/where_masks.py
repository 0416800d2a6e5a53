"""Which rows of a query's source meet each of many WHERE clauses, from one scan of the source (``WhereMasks``).

The near variants of a query (``variants``) mostly change only its conditions. Whether such a variant returns
other rows than the query on a database comes down to which rows of the source pass its WHERE: where the same
rows pass, the rest of the query (grouping, order, limit) is the same and so are its rows. Running every
variant as its own query scans the source once per variant; here one query reads the source's columns and the
conditions that need SQL (subqueries), the plain comparisons are tested in Python on the rows read
(``RowTable``, with SQLite's semantics for them), and a clause's rows are a bit mask combined from its
conditions' masks.
"""

from __future__ import annotations

import operator
import re
import sqlite3
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Iterable
from math import inf
from typing import Any

from rlve_plugin_code.sql.data import Database
from rlve_plugin_code.sql.forms import Aggregate, Between, Chain, Compare, Exists, Fixed, Like, Node, Operand, Scalar

#: The columns of the source read for the comparisons tested in Python; the first is the employee's id.
EMPLOYEE_COLUMNS = ("e.id", "e.name", "e.department_id", "e.salary", "e.age", "e.hired", "d.name", "d.city")
#: ... and where projects are joined (the per-employee project hours), the project's.
PROJECT_COLUMNS = ("p.id", "p.budget", "p.department_id", "a.hours")
#: The columns that hold text (all the others hold integers, and none is NULL: the schema says NOT NULL).
TEXT_COLUMNS = {"e.name", "d.name", "d.city"}
COMPARISONS = {">": operator.gt, ">=": operator.ge, "<": operator.lt, "<=": operator.le, "=": operator.eq}
COMPARISONS["<>"] = operator.ne
#: SQLite's LIKE folds the case of ASCII letters only.
ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
LITERAL = re.compile(r"'([^']*)'")
PREFIX_PATTERN = re.compile(r"([^%_]*)%")

Row = tuple[Any, ...]

#: Each row's bit, for the tables of up to 256 rows: made once, not for each table.
BITS = [1 << index for index in range(256)]
#: The rows of a column that meet ``column <op> constant``, as a bit mask (``bits``: each row's bit).
SCANS: dict[str, Callable[[list[int], list[Any], Any], int]] = {
    ">": lambda bits, values, constant: sum(bit for bit, value in zip(bits, values) if value > constant),
    ">=": lambda bits, values, constant: sum(bit for bit, value in zip(bits, values) if value >= constant),
    "<": lambda bits, values, constant: sum(bit for bit, value in zip(bits, values) if value < constant),
    "<=": lambda bits, values, constant: sum(bit for bit, value in zip(bits, values) if value <= constant),
    "=": lambda bits, values, constant: sum(bit for bit, value in zip(bits, values) if value == constant),
    "<>": lambda bits, values, constant: sum(bit for bit, value in zip(bits, values) if value != constant),
}
#: Comparisons on a column that ``RowTable.scan`` makes by a pass before it sorts the column.
PASSES_BEFORE_SORTING = 4
#: ``constant <op> column`` is ``column <mirrored op> constant``.
MIRRORED = {">": "<", ">=": "<=", "<": ">", "<=": ">=", "=": "=", "<>": "<>"}


class RowTable:
    """Rows read from a query's source (``columns``, in order), and the masks of the rows meeting the plain
    comparisons (``mask``), computed in Python with SQLite's semantics for them."""

    def __init__(self, rows: list[Row], columns: tuple[str, ...], subqueries: Subqueries | None = None):
        self.rows = rows
        self.subqueries = subqueries
        self.at = {column: index for index, column in enumerate(columns)}
        self.bits = BITS[: len(rows)] if len(rows) <= len(BITS) else [1 << index for index in range(len(rows))]
        self.everyone = (1 << len(rows)) - 1
        self._columns: dict[Hashable, list[Any]] = {}
        #: id of a column -> (the column, kept alive; its values in order, or None; prefix masks), for ``scan``
        self._sorted: dict[int, tuple[list[Any], list[Any] | None, list[int]]] = {}
        #: id of a column -> (the column, kept alive; how many times ``scan`` passed over it)
        self._passes: dict[int, tuple[list[Any], int]] = {}
        #: the text of a condition -> ``mask`` of it, for ``WhereMasks`` (the judges of one database share them)
        self.known: dict[str, int | None] = {}

    def column(self, name: str) -> list[Any]:
        values = self._columns.get(name)
        if values is None:
            index = self.at[name]
            values = self._columns[name] = [row[index] for row in self.rows]
        return values

    def scan(self, values: list[Any], op: str, constant: Any) -> int:
        """The rows whose value in ``values`` (a column, one value per row) meets ``<op> constant``: what
        ``SCANS[op]`` gives, read off the column sorted once (a bisection and two prefix masks per comparison,
        not a pass over the rows: a query's variants compare the same columns with many constants). The first
        few comparisons on a column pass over it: sorting costs several passes, and most tables built to judge
        one database compare a column with only a few constants."""
        known = self._sorted.get(id(values))
        if known is None:
            passes = self._passes.get(id(values), (values, 0))[1]
            if passes < PASSES_BEFORE_SORTING:
                self._passes[id(values)] = (values, passes + 1)
                return SCANS[op](self.bits, values, constant)
            try:
                pairs = sorted(zip(values, self.bits))
            except TypeError:  # values of several types that do not order: compare them one by one
                pairs = None
            below = [0]  # below[i]: the rows of the i smallest values
            for _, bit in pairs or ():
                below.append(below[-1] | bit)
            known = self._sorted[id(values)] = (values, [value for value, _ in pairs] if pairs else None, below)
        _, ordered, below = known
        if ordered is None:
            return SCANS[op](self.bits, values, constant)
        if op == "<":
            return below[bisect_left(ordered, constant)]
        if op == "<=":
            return below[bisect_right(ordered, constant)]
        if op == ">":
            return self.everyone ^ below[bisect_right(ordered, constant)]
        if op == ">=":
            return self.everyone ^ below[bisect_left(ordered, constant)]
        equal = below[bisect_right(ordered, constant)] ^ below[bisect_left(ordered, constant)]
        return equal if op == "=" else self.everyone ^ equal

    def _operand(self, operand: Operand) -> tuple[str, Any, bool] | None:
        """("column", name, is text) or ("constant", value, is text); None for anything else."""
        if isinstance(operand, int):
            return "constant", operand, False
        if isinstance(operand, str) and operand in self.at:
            return "column", operand, operand in TEXT_COLUMNS
        literal = LITERAL.fullmatch(operand) if isinstance(operand, str) else None
        return ("constant", literal.group(1), True) if literal is not None else None

    def mask(self, node: Node) -> int | None:
        """The rows meeting ``node`` for a comparison of columns and constants of one type, a BETWEEN, or a
        LIKE 'prefix%'; None for anything else (SQL evaluates those)."""
        if (
            isinstance(node, Compare)
            and node.op in SCANS
            and self.subqueries is not None
            and (isinstance(node.left, Scalar) or isinstance(node.right, Scalar))  # what _compare_subquery reads
        ):
            mask = self._compare_subquery(node, self.subqueries)
            if mask is not None:
                return mask
        if isinstance(node, Exists) and self.subqueries is not None:
            return self._exists(node, self.subqueries)
        if isinstance(node, Compare) and node.op in SCANS:
            left, right = self._operand(node.left), self._operand(node.right)
            if left is None or right is None or left[2] != right[2]:  # SQLite orders mixed types its own way
                return None
            if left[0] == "column" and right[0] == "constant":
                return self.scan(self.column(left[1]), node.op, right[1])
            if left[0] == "constant" and right[0] == "column":
                return self.scan(self.column(right[1]), MIRRORED[node.op], left[1])
            if left[0] == "column":
                compare = COMPARISONS[node.op]
                pairs = zip(self.bits, self.column(left[1]), self.column(right[1]))
                return sum(bit for bit, first, second in pairs if compare(first, second))
            return None
        if isinstance(node, Between) and node.expr in self.at and node.expr not in TEXT_COLUMNS:
            values = self.column(node.expr)
            return self.scan(values, ">=", node.low) & self.scan(values, "<=", node.high)
        if isinstance(node, Like) and node.expr in TEXT_COLUMNS and node.expr in self.at:
            prefix = PREFIX_PATTERN.fullmatch(node.pattern)
            if prefix is None:
                return None
            start = prefix.group(1).translate(ASCII_LOWER)
            folded = self._columns.get(f"lower {node.expr}")
            if folded is None:
                folded = [value.translate(ASCII_LOWER) for value in self.column(node.expr)]
                self._columns[f"lower {node.expr}"] = folded
            return sum(bit for bit, value in zip(self.bits, folded) if value.startswith(start))
        return None


    def _compare_subquery(self, node: Compare, facts: Subqueries) -> int | None:
        """``e.salary <op> (SELECT <aggregate> of all salaries, or of the department's)``, and ``(SELECT COUNT(*)
        of the employee's assignments) <op> k``; None for any other comparison."""
        compare = COMPARISONS[node.op]
        if isinstance(node.left, str) and node.left in self.at and node.left not in TEXT_COLUMNS:
            scalar = node.right
            if not isinstance(scalar, Scalar) or scalar.aggregate.argument not in ("*", "salary", "e2.salary"):
                return None
            if scalar.rest == ALL_EMPLOYEES and scalar.aggregate.argument in ("*", "salary"):
                value = aggregate(scalar.aggregate.function, facts.salaries())
                if value is None:
                    return None
                return self.scan(self.column(node.left), node.op, value)
            if scalar.rest == SAME_DEPARTMENT and scalar.aggregate.argument in ("*", "e2.salary"):
                by_department = facts.salaries_by_department()
                values = {key: aggregate(scalar.aggregate.function, group) for key, group in by_department.items()}
                departments = self.column("e.department_id")
                if any(values.get(department) is None for department in departments):
                    return None
                pairs = zip(self.bits, self.column(node.left), departments)
                return sum(bit for bit, value, department in pairs if compare(value, values[department]))
            return None
        scalar = node.left
        if (
            isinstance(scalar, Scalar)
            and scalar.rest == OWN_ASSIGNMENTS
            and scalar.aggregate == Aggregate("COUNT", "*")
            and isinstance(node.right, int)
        ):
            counts = facts.assignment_counts()
            limit = node.right
            employees = self.column("e.id")
            return sum(bit for bit, employee in zip(self.bits, employees) if compare(counts.get(employee, 0), limit))
        return None

    def _exists(self, node: Exists, facts: Subqueries) -> int | None:
        """Whether the employee has an assignment (to a project with a budget <op> x, or of a department <op>
        their own): ``EXISTS`` with the correlation ANDed to at most one such comparison; None for others."""
        items = node.where.items
        if items[:1] != (Fixed(CORRELATION),) or any(word != "AND" for word in node.where.words):
            return None
        if node.source == ASSIGNMENTS_ONLY and len(items) == 1:
            counts = facts.assignment_counts()
            mask = sum(bit for bit, employee in zip(self.bits, self.column("e.id")) if counts.get(employee, 0))
        elif node.source == ASSIGNED_PROJECTS_SOURCE and len(items) <= 2:
            mask = self._assigned_mask(items[1] if len(items) == 2 else None, facts)
            if mask is None:
                return None
        else:
            return None
        return mask ^ self.everyone if node.negated else mask

    def _assigned_mask(self, item: Node | None, facts: Subqueries) -> int | None:
        """The rows whose employee has a project (the JOIN keeps only existing ones) meeting ``item``: a budget
        above or below x reads the largest or smallest budget of the employee's projects."""
        assigned = self.derived("assigned", lambda: _assigned_projects(self, facts))
        if item is None:
            return sum(bit for bit, projects in zip(self.bits, assigned) if projects)
        test = _project_test(item)
        if test is None:
            return None
        if item.left == "p.budget" and item.op in (">", ">="):
            # max of the (budget, department) pairs: the largest budget comes first in the pair that wins
            largest = self.derived("largest budget", lambda: [max(p)[0] if p else -inf for p in assigned])
            return self.scan(largest, item.op, item.right)
        if item.left == "p.budget" and item.op in ("<", "<="):
            smallest = self.derived("smallest budget", lambda: [min(p)[0] if p else inf for p in assigned])
            return self.scan(smallest, item.op, item.right)
        rows = zip(self.bits, assigned, self.column("e.department_id"))
        return sum(bit for bit, projects, own in rows if any(test(budget, place, own) for budget, place in projects))

    def derived(self, name: Hashable, make: Callable[[], list[Any]]) -> list[Any]:
        """Something computed from the rows (a column of derived values, their order), made once and kept."""
        values = self._columns.get(name)
        if values is None:
            values = self._columns[name] = make()
        return values


def _assigned_projects(table: RowTable, facts: Subqueries) -> list[tuple[tuple[int, int], ...]]:
    """For each row, the (budget, department) of each project its employee works on."""
    projects, work = facts.projects(), facts.work()
    return [
        tuple([projects[project] for project in work.get(employee, ()) if project in projects])
        for employee in table.column("e.id")
    ]


def _project_test(item: Node) -> Callable[[int, int, int], bool] | None:
    """``p.budget <op> x`` or ``p.department_id <op> e.department_id``, as a test of (budget, department, own)."""
    if not isinstance(item, Compare) or item.op not in COMPARISONS:
        return None
    compare = COMPARISONS[item.op]
    if item.left == "p.budget" and isinstance(item.right, int):
        limit = item.right
        return lambda budget, department, own: compare(budget, limit)
    if item.left == "p.department_id" and item.right == "e.department_id":
        return lambda budget, department, own: compare(department, own)
    return None


#: The subqueries that ``RowTable`` evaluates in Python (the texts ``queries`` writes them with).
ALL_EMPLOYEES = "FROM employees"
SAME_DEPARTMENT = "FROM employees e2 WHERE e2.department_id = e.department_id"
OWN_ASSIGNMENTS = "FROM assignments a WHERE a.employee_id = e.id"
ASSIGNMENTS_ONLY = "FROM assignments a"
ASSIGNED_PROJECTS_SOURCE = "FROM assignments a JOIN projects p ON p.id = a.project_id"
CORRELATION = "a.employee_id = e.id"


def aggregate(function: str, values: list[int]) -> int | float | None:
    """SQLite's aggregate of integers: AVG a float, SUM an integer, NULL (None) over no rows but for COUNT."""
    if function == "COUNT":
        return len(values)
    if not values:
        return None
    if function == "SUM":
        return sum(values)
    if function == "AVG":
        return sum(values) / len(values)
    return min(values) if function == "MIN" else max(values)


class Subqueries:
    """What the subqueries of the conditions read (the salaries, the assignments, the projects), read from one
    database on first use and kept."""

    def __init__(self, connection: sqlite3.Connection | None, database: Database | None = None):
        self.connection = connection
        self.database = database  # the rows the connection holds, when known: read without a query
        self._cache: dict[str, Any] = {}

    def _read(self, name: str, sql: str, columns: tuple[int, ...]) -> list[Row]:
        rows = self._cache.get(name)
        if rows is None:
            if self.database is not None:
                rows = list(map(operator.itemgetter(*columns), self.database.tables[name]))  # 2+ columns: tuples
            else:
                rows = self.connection.execute(sql).fetchall()
            self._cache[name] = rows
        return rows

    def _employees(self) -> list[Row]:
        return self._read("employees", "SELECT department_id, salary FROM employees", (2, 3))

    def _assignments(self) -> list[Row]:
        return self._read("assignments", "SELECT employee_id, project_id FROM assignments", (0, 1))

    def salaries(self) -> list[int]:
        if "salaries" not in self._cache:
            self._cache["salaries"] = [salary for _, salary in self._employees()]
        return self._cache["salaries"]

    def salaries_by_department(self) -> dict[int, list[int]]:
        if "by_department" not in self._cache:
            groups: dict[int, list[int]] = {}
            for department, salary in self._employees():
                groups.setdefault(department, []).append(salary)
            self._cache["by_department"] = groups
        return self._cache["by_department"]

    def assignment_counts(self) -> dict[int, int]:
        if "counts" not in self._cache:
            self._cache["counts"] = {employee: len(projects) for employee, projects in self.work().items()}
        return self._cache["counts"]

    def work(self) -> dict[int, list[int]]:
        """employee -> the projects they are assigned to."""
        if "work" not in self._cache:
            work: dict[int, list[int]] = {}
            for employee, project in self._assignments():
                work.setdefault(employee, []).append(project)
            self._cache["work"] = work
        return self._cache["work"]

    def projects(self) -> dict[int, tuple[int, int]]:
        """project -> (budget, department)."""
        if "by_id" not in self._cache:
            rows = self._read("projects", "SELECT id, budget, department_id FROM projects", (0, 3, 2))
            self._cache["by_id"] = {project: (budget, department) for project, budget, department in rows}
        return self._cache["by_id"]


def operands(chain: Chain) -> tuple[list[Node], list[str]]:
    """The chain as SQL reads it: operands (conditions, or parenthesised chains) between connectors. A nested
    chain without parentheses is spliced in, since its text is read with the outer chain's precedence."""
    if not any(isinstance(item, Chain) and not item.parenthesised for item in chain.items):
        return list(chain.items), list(chain.words)
    found: list[Node] = []
    words: list[str] = []
    for index, item in enumerate(chain.items):
        if index:
            words.append(chain.words[index - 1])
        if isinstance(item, Chain) and not item.parenthesised:
            inner, inner_words = operands(item)
            found += inner
            words += inner_words
        else:
            found.append(item)
    return found, words


def combine(chain: Chain, mask_of: Callable[[Node], int]) -> int:
    """The rows meeting ``chain``, from the rows meeting each operand. AND binds tighter than OR: the chain
    is an OR of runs of ANDed operands. (No operand is ever NULL here: callers make sure of it.)"""
    items, words = operands(chain)
    result = 0
    run = mask_of(items[0])
    for word, item in zip(words, items[1:]):
        if word == "AND":
            run &= mask_of(item)
        else:
            result |= run
            run = mask_of(item)
    return result | run


def _leaves(node: Node, found: dict[int, Node]) -> None:
    """The conditions in ``node`` (nesting does not matter here, only for combining)."""
    for item in node.items if isinstance(node, Chain) else (node,):
        if isinstance(item, Chain):
            _leaves(item, found)
        elif id(item) not in found:
            found[id(item)] = item


#: The sources that ``source_rows`` joins in Python: the employees with their department, and with their
#: projects too (the per-employee project hours).
EMPLOYEES_SOURCE = "FROM employees e\nJOIN departments d ON d.id = e.department_id"
HOURS_SOURCE = f"{EMPLOYEES_SOURCE}\nJOIN assignments a ON a.employee_id = e.id\nJOIN projects p ON p.id = a.project_id"


def source_rows(database: Database, source: str) -> list[Row] | None:
    """The rows of ``source`` on ``database`` (the columns EMPLOYEE_COLUMNS, and PROJECT_COLUMNS where projects
    are joined), as the inner joins give them (in another order than a scan may: callers do not depend on
    it); None for another source."""
    if source not in (EMPLOYEES_SOURCE, HOURS_SOURCE):
        return None
    departments = {row[0]: row for row in database.tables["departments"]}
    joined = [
        (*employee, departments[employee[2]][1], departments[employee[2]][2])
        for employee in database.tables["employees"]
        if employee[2] in departments
    ]
    if source == EMPLOYEES_SOURCE:
        return joined
    projects = {row[0]: row for row in database.tables["projects"]}
    work: dict[int, list[tuple[int, int]]] = {}
    for employee, project, hours in database.tables["assignments"]:
        if project in projects:
            work.setdefault(employee, []).append((project, hours))
    return [
        (*row, project, projects[project][3], projects[project][2], hours)
        for row in joined
        for project, hours in work.get(row[0], ())
    ]


def kept_table(database: Database, source: str, columns: tuple[str, ...]) -> RowTable | None:
    """The ``RowTable`` of ``source`` on ``database`` (None for a source that ``source_rows`` does not join),
    made once and kept on the database: its rows, columns, derived columns and masks depend on nothing else (a
    database is frozen), and code/sql_query reads a hidden database for its query's rows, then judges it."""
    tables = database.__dict__.get("_row_tables")
    if tables is None:
        tables = {}
        object.__setattr__(database, "_row_tables", tables)  # not a field: equality and the script ignore it
    table = tables.get(source)
    if table is None:
        rows = source_rows(database, source)
        if rows is None:
            return None
        table = tables[source] = RowTable(rows, columns, Subqueries(None, database))  # reads the database only
    return table


class WhereMasks:
    """For one database and one source (FROM ... JOIN ...): the rows of the source, and for each condition of
    ``wheres`` the bit mask of the rows that meet it (bit i: the i-th row of the scan)."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        source: str,
        wheres: Iterable[Chain | None],
        database: Database | None = None,
    ):
        """``database``, when given, is what ``connection`` holds: the source's rows are then joined in Python."""
        found: dict[int, Node] = {}
        for where in wheres:
            if where is not None:
                _leaves(where, found)
        projects = "JOIN projects p" in source
        columns = EMPLOYEE_COLUMNS + (PROJECT_COLUMNS if projects else ())
        table = kept_table(database, source, columns) if database is not None else None
        if table is None:
            rows = connection.execute(f"SELECT {', '.join(columns)}\n{source}").fetchall()
            table = RowTable(rows, columns, Subqueries(connection, database))
        rows = table.rows
        key = table.at["p.id"] if projects else None
        #: The key (the employee's id, and the project's where projects are joined) of each row.
        self.keys = [(row[0], row[key]) if key is not None else (row[0],) for row in rows]
        self.everyone = table.everyone
        self.table = table
        by_text: dict[str, int | None] = {}
        for node in found.values():
            text = node.sql()
            if text not in by_text:
                if text not in table.known:
                    table.known[text] = table.mask(node)
                by_text[text] = table.known[text]
        #: False where a condition is NULL on some row: SQL's third truth value is not modelled, so the
        #: caller runs its queries instead.
        self.exact = True
        in_sql = [text for text, mask in by_text.items() if mask is None]
        if in_sql:  # the rest (subqueries of other shapes) in one more query, its rows matched by their keys
            bit_of = {row_key: bit for row_key, bit in zip(self.keys, table.bits)}
            self.exact = len(bit_of) == len(rows)
            key_columns = "e.id, p.id" if projects else "e.id"
            width = 2 if projects else 1
            masks = [0] * len(in_sql)
            for row in connection.execute(f"SELECT {key_columns}, {', '.join(in_sql)}\n{source}"):
                bit = bit_of.get(tuple(row[:width]), 0)
                self.exact = self.exact and bit != 0 and None not in row
                for index, value in enumerate(row[width:]):
                    if value:
                        masks[index] |= bit
            by_text.update(zip(in_sql, masks))
        #: id of a node -> (the node, kept alive so that its id stays its own; the rows meeting it)
        self.masks = {identity: (node, by_text[node.sql()]) for identity, node in found.items()}

    def of(self, where: Chain | None) -> int:
        """The rows that meet ``where`` (every row where there is none)."""
        return self.everyone if where is None else self._node(where)

    def _node(self, node: Node) -> int:
        known = self.masks.get(id(node))
        if known is None:
            known = self.masks[id(node)] = (node, combine(node, self._node))
        return known[1]

    def keys_of(self, mask: int, since: int) -> set[tuple[int, ...]]:
        """The keys of the rows in ``mask`` whose employee id is at least ``since``."""
        return {key for bit, key in enumerate(self.keys) if mask >> bit & 1 and key[0] >= since}
