"""Near variants of a query: the queries one slip away from it (a constant off by one, a comparison swapped
for its neighbour, AND turned OR and back, a condition left out, an order flipped or dropped, a limit off by
one, another aggregate). The hidden databases of code/sql_query tell every one of them apart."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from rlve_plugin_code.sql.forms import (
    AGGREGATE_FUNCTIONS,
    EMPLOYEE_COLUMNS,
    NEIGHBOURS,
    Aggregate,
    Between,
    Chain,
    Compare,
    Exists,
    Fixed,
    Form,
    Node,
    Operand,
    Scalar,
)


@dataclass(frozen=True)
class Variant:
    """A query one slip away from the reference. ``focus`` is the condition of the reference it changes,
    or what else it changes (("aggregate", column), "order", "limit"; None for AND / OR), which says
    what a database that tells them apart should vary."""

    form: Form
    label: str
    focus: Node | str | tuple[str, str | None] | None = None

    @property
    def sql(self) -> str:
        return self.form.sql()


def _operand_variants(operand: Operand) -> Iterator[tuple[Operand, str]]:
    if isinstance(operand, int):
        yield operand - 1, f"{operand} -> {operand - 1}"
        yield operand + 1, f"{operand} -> {operand + 1}"
    elif isinstance(operand, Aggregate):
        for aggregate, label in _aggregate_variants(operand):
            yield aggregate, label
    elif isinstance(operand, Scalar):
        for aggregate, label in _aggregate_variants(operand.aggregate):
            yield replace(operand, aggregate=aggregate), f"subquery {label}"


def _aggregate_variants(aggregate: Aggregate) -> Iterator[tuple[Aggregate, str]]:
    """The same aggregate with another function (COUNT as COUNT(*)); none for COUNT(*), which reads no column."""
    if aggregate.argument == "*":
        return
    for function in AGGREGATE_FUNCTIONS:
        if function != aggregate.function:
            other = Aggregate(function, "*") if function == "COUNT" else Aggregate(function, aggregate.argument)
            yield other, f"{aggregate.sql()} -> {other.sql()}"


def node_variants(node: Node) -> Iterator[tuple[Node, str]]:
    """Each way to slip on one part of a condition; a Chain also drops parts and swaps AND / OR."""
    if isinstance(node, Compare):
        for op in NEIGHBOURS[node.op]:
            yield replace(node, op=op), f"{node.sql()} -> {op}"
        for left, label in _operand_variants(node.left):
            yield replace(node, left=left), label
        for right, label in _operand_variants(node.right):
            yield replace(node, right=right), label
    elif isinstance(node, Between):
        for low in (node.low - 1, node.low + 1):
            yield replace(node, low=low), f"{node.sql()} -> low {low}"
        for high in (node.high - 1, node.high + 1):
            yield replace(node, high=high), f"{node.sql()} -> high {high}"
    elif isinstance(node, Exists):
        yield replace(node, negated=not node.negated), "EXISTS negated"
        for where, label in _chain_variants(node.where):
            yield replace(node, where=where), f"in EXISTS: {label}"
    elif isinstance(node, Chain):
        yield from _chain_variants(node)


def _chain_variants(chain: Chain) -> Iterator[tuple[Chain, str]]:
    items, words = chain.items, chain.words
    for index, item in enumerate(items):
        for variant, label in node_variants(item):
            yield replace(chain, items=items[:index] + (variant,) + items[index + 1 :]), label
    uniform = len(set(words)) <= 1
    for index, item in enumerate(items):
        if isinstance(item, Fixed) or not uniform:
            continue
        rest = items[:index] + items[index + 1 :]
        if not rest:
            continue
        yield replace(chain, items=rest, words=words[1:]), f"dropped {item.sql()}"
    if not words:
        return
    other = {"AND": "OR", "OR": "AND"}
    for index, word in enumerate(words):
        flat = words[:index] + (other[word],) + words[index + 1 :]
        yield replace(chain, words=flat), f"connector {index + 1} {word} -> {other[word]}"
        if len(items) > 2:
            pair = Chain(items[index : index + 2], (other[word],), " ", parenthesised=True)
            grouped = items[:index] + (pair,) + items[index + 2 :]
            yield (
                replace(chain, items=grouped, words=words[:index] + words[index + 1 :]),
                f"connector {index + 1} {word} -> ({other[word]})",
            )
    if len(words) > 1:
        yield replace(chain, words=tuple(other[word] for word in words)), "every connector swapped"


def near_variants(form: Form) -> list[Variant]:
    """Every query one slip away from ``form``, without duplicates or the reference itself.

    Left out on purpose: dropping the tie-break ``e.id ASC`` of a top-k. SQLite reads employees in id
    order and its sort keeps that order among ties, so without the tie-break it returns the same rows.
    """
    found: dict[str, Variant] = {}

    def add(variant: Form, label: str, focus: Node | str | tuple[str, str | None] | None) -> None:
        sql = variant.sql()
        if sql != reference and sql not in found:
            found[sql] = Variant(variant, label, focus)

    reference = form.sql()
    if form.where is not None:
        items = form.where.items
        for where, label in node_variants(form.where):
            focus = _changed_item(items, where)
            add(replace(form, where=where), label, focus)
        if len(items) == 1:
            add(replace(form, where=None), f"dropped {items[0].sql()}", items[0])
    for index, column in enumerate(form.select):
        for other, label in _operand_variants(column) if isinstance(column, Aggregate) else ():
            argument = column.argument if column.argument in EMPLOYEE_COLUMNS else None
            add(
                replace(form, select=form.select[:index] + (other,) + form.select[index + 1 :]),
                label,
                ("aggregate", argument),
            )
    if form.having is not None:
        for having, label in node_variants(form.having):
            add(replace(form, having=having), f"HAVING {label}", form.having)
        add(replace(form, having=None), "HAVING dropped", form.having)
    if form.order:
        for index, (expression, direction) in enumerate(form.order):
            flipped = "ASC" if direction == "DESC" else "DESC"
            order = form.order[:index] + ((expression, flipped),) + form.order[index + 1 :]
            add(replace(form, order=order), f"ORDER BY {expression} {flipped}", "order")
        for index in range(len(form.order) - 1):  # the last key is the tie-break: see above
            add(replace(form, order=form.order[:index] + form.order[index + 1 :]), "ORDER BY key dropped", "order")
        add(replace(form, order=()), "ORDER BY dropped", "order")
    if form.limit is not None:
        for limit in (form.limit - 1, form.limit + 1):
            add(replace(form, limit=limit), f"LIMIT {limit}", "limit")
        add(replace(form, limit=None), "LIMIT dropped", "limit")
    return list(found.values())


def _changed_item(items: tuple[Node, ...], where: Node) -> Node | None:
    """The reference's condition that a variant of the whole WHERE changes, when there is one."""
    if not isinstance(where, Chain) or len(where.items) != len(items):
        dropped = [item for item in items if not isinstance(where, Chain) or item not in where.items]
        return dropped[0] if len(dropped) == 1 else None
    changed = [old for old, new in zip(items, where.items) if old != new]
    return changed[0] if len(changed) == 1 else None
