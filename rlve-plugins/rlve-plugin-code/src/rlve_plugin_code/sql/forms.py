"""The structured form of a query over the company database: the select list, the conditions as a small
tree, the grouping, order and limit; it renders its SQL. ``Form`` is what ``variants`` edits."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

JOIN = "FROM employees e\nJOIN departments d ON d.id = e.department_id"

#: The employee columns that an aggregate can read.
EMPLOYEE_COLUMNS = ("e.salary", "e.age", "e.hired")
#: A comparison and its neighbours: the slips a variant makes.
NEIGHBOURS = {">": (">=",), ">=": (">",), "<": ("<=",), "<=": ("<",), "=": ("<>",), "<>": ("=",)}
AGGREGATE_FUNCTIONS = ("COUNT", "SUM", "AVG", "MIN", "MAX")


def rendered_once(method: Callable[[Any], str]) -> Callable[[Any], str]:
    """``sql()`` computed on the first call and kept: the nodes are frozen, and a query's near variants share
    most of their nodes with it, so each node's text is built once, not once per variant and per use."""

    def sql(self: Any) -> str:
        text = self.__dict__.get("_sql")
        if text is None:
            text = method(self)
            object.__setattr__(self, "_sql", text)  # not a field: equality, hashing and replace() ignore it
        return text

    sql.__doc__ = method.__doc__
    return sql


# -- the structured form ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Aggregate:
    function: str  # COUNT, SUM, AVG, MIN or MAX
    argument: str  # a column, or * for COUNT(*)

    @rendered_once
    def sql(self) -> str:
        return f"{self.function}({self.argument})"


@dataclass(frozen=True)
class Scalar:
    """A scalar subquery: ``(SELECT <aggregate> <rest>)``."""

    aggregate: Aggregate
    rest: str

    @rendered_once
    def sql(self) -> str:
        return f"(SELECT {self.aggregate.sql()} {self.rest})"


#: One side of a comparison: an integer constant, SQL text (a column or a quoted literal), an aggregate or a subquery.
Operand = int | str | Aggregate | Scalar


def render_operand(operand: Operand) -> str:
    return str(operand) if isinstance(operand, (int, str)) else operand.sql()


@dataclass(frozen=True)
class Compare:
    left: Operand
    op: str
    right: Operand

    @rendered_once
    def sql(self) -> str:
        return f"{render_operand(self.left)} {self.op} {render_operand(self.right)}"


@dataclass(frozen=True)
class Between:
    expr: str
    low: int
    high: int

    @rendered_once
    def sql(self) -> str:
        return f"{self.expr} BETWEEN {self.low} AND {self.high}"


@dataclass(frozen=True)
class Like:
    expr: str
    pattern: str

    @rendered_once
    def sql(self) -> str:
        return f"{self.expr} LIKE '{self.pattern}'"


@dataclass(frozen=True)
class Fixed:
    """A part never varied: the correlation of a subquery with the outer row."""

    text: str

    def sql(self) -> str:
        return self.text


@dataclass(frozen=True)
class Chain:
    """Conditions joined by AND / OR, read with SQL's precedence (AND binds tighter)."""

    items: tuple[Node, ...]
    words: tuple[str, ...]  # the connectors, one fewer than the items
    separator: str = " "
    parenthesised: bool = False

    @rendered_once
    def sql(self) -> str:
        text = self.items[0].sql() + "".join(
            f"{self.separator}{word} {item.sql()}" for word, item in zip(self.words, self.items[1:])
        )
        return f"({text})" if self.parenthesised else text


@dataclass(frozen=True)
class Exists:
    source: str  # FROM ... of the subquery
    where: Chain
    negated: bool = False

    @rendered_once
    def sql(self) -> str:
        return f"{'NOT ' if self.negated else ''}EXISTS (SELECT 1 {self.source} WHERE {self.where.sql()})"


Node = Compare | Between | Like | Fixed | Chain | Exists


def chain(items: list[Node], word: str = "AND", separator: str = " ", parenthesised: bool = False) -> Chain:
    return Chain(tuple(items), (word,) * (len(items) - 1), separator, parenthesised)


@dataclass(frozen=True)
class Form:
    select: tuple[str | Aggregate, ...]
    source: str  # FROM ... JOIN ...
    where: Chain | None
    group: str | None = None
    having: Compare | None = None
    order: tuple[tuple[str, str], ...] = ()  # (expression, ASC or DESC)
    limit: int | None = None

    @rendered_once
    def sql(self) -> str:
        parts = [f"SELECT {', '.join(render_operand(column) for column in self.select)}", self.source]
        if self.where is not None:
            parts.append(f"WHERE {self.where.sql()}")
        if self.group is not None:
            parts.append(f"GROUP BY {self.group}")
        if self.having is not None:
            parts.append(f"HAVING {self.having.sql()}")
        if self.order:
            parts.append("ORDER BY " + ", ".join(f"{expression} {direction}" for expression, direction in self.order))
        if self.limit is not None:
            parts.append(f"LIMIT {self.limit}")
        return "\n".join(parts)

    def selection(self, since: int | None = None) -> str:
        """A query for the rows that meet the conditions, before grouping and limit: the employee's id
        (and the project's, when projects are joined), best ranked first for a top-k; only employees
        with an id from ``since`` on, if given."""
        keys = "e.id, p.id" if "JOIN projects p" in self.source else "e.id"
        where = f"\nWHERE {self.where.sql()}" if self.where is not None else ""
        if since is not None:
            where = f"\nWHERE e.id >= {since}" + (f" AND ({self.where.sql()})" if self.where is not None else "")
        order = ", ".join(f"{expression} {direction}" for expression, direction in self.order)
        return f"SELECT {keys}\n{self.source}{where}" + (f"\nORDER BY {order}" if order else "")


@dataclass(frozen=True)
class Condition:
    node: Node
    text: str
    sql: str = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sql", self.node.sql())


@dataclass(frozen=True)
class Query:
    form: Form
    text: str
    columns: tuple[str, ...]

    @property
    @rendered_once
    def sql(self) -> str:
        return self.form.sql()
