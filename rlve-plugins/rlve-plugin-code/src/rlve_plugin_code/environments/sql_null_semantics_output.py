"""code/sql_null_semantics_output: the rows, in order, of an SQLite query where NULLs decide the result.

The tables have NULLs on purpose (a missing category, price or stock; an order with no item), and the query is
one where SQL's three-valued logic matters: a WHERE that keeps only rows whose condition is TRUE (not NULL),
NOT (...) of an unknown staying unknown, NOT IN over a list with a NULL keeping nothing, COUNT(*) against
COUNT(column), SUM and AVG skipping NULLs, NULL as its own group, NULLs sorting first in ascending order,
COALESCE, arithmetic with a NULL, a LEFT JOIN's missing rows, CASE falling through to ELSE. Every query ends with
an ORDER BY whose last key is unique. The rows come from running our own generated query with sqlite3 on the
shown tables; nothing the model writes is executed.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import taper
from rlve_plugin_code.sql.ordered_rows import (
    ROWS_FORMAT,
    ROWS_INSTRUCTIONS,
    check_ordered_rows,
    literal,
    run_query,
    show_rows,
    table_text,
)

ITEMS = (
    "lamp mug kettle chair desk rug vase clock fan kite drum bell sofa shelf pot pan cup bowl fork spoon knife "
    "plate jar broom mop bucket towel pillow quilt sheet stool bench ladder hammer saw drill wrench rope tent"
).split()
CATEGORIES = ("home", "tools", "garden", "kitchen", "toys")
SCHEMA = """CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT, price INTEGER,
                    stock INTEGER);
CREATE TABLE orders (id INTEGER PRIMARY KEY, item_id INTEGER, qty INTEGER);"""
COLUMNS = {"items": ("id", "name", "category", "price", "stock"), "orders": ("id", "item_id", "qty")}
MOST_ROWS = 30


def item_count(difficulty: int) -> int:
    return 4 + taper(difficulty)


def draw_tables(rng: random.Random, items: int) -> dict[str, list[tuple[Any, ...]]]:
    pool = rng.sample(ITEMS, min(items, len(ITEMS)))
    names = pool + [f"{pool[i % len(pool)]}{i // len(pool) + 1}" for i in range(len(pool), items)]
    categories = CATEGORIES[: 2 + items // 6]

    def maybe(value: Any) -> Any:
        return None if rng.random() < 0.25 else value

    rows = [
        (i + 1, names[i], maybe(rng.choice(categories)), maybe(rng.randint(1, 60)), maybe(rng.randint(0, 20)))
        for i in range(items)
    ]
    # At least one NULL in each nullable column: they are the point.
    for column in (2, 3, 4):
        if all(row[column] is not None for row in rows):
            victim = rng.randrange(items)
            rows[victim] = rows[victim][:column] + (None,) + rows[victim][column + 1 :]
    orders = []
    for i in range(max(2, items // 2)):
        item = rng.randint(1, items + 2) if rng.random() < 0.85 else None  # an unknown or a missing item
        orders.append((i + 1, item, rng.randint(1, 9) if rng.random() < 0.85 else None))
    return {"items": rows, "orders": orders}


class _Drawer:
    def __init__(self, rng: random.Random, difficulty: int, tables: dict[str, list[tuple[Any, ...]]]):
        self.rng = rng
        self.d = difficulty
        self.tables = tables
        prices = [row[3] for row in tables["items"] if row[3] is not None] or [10]
        self.middle = sorted(prices)[len(prices) // 2]

    def category(self) -> str:
        return literal(self.rng.choice([row[2] for row in self.tables["items"] if row[2] is not None] or ["home"]))

    def predicate(self) -> str:
        rng, d = self.rng, self.d
        options = [
            f"price > {self.middle + rng.randint(-5, 5)}",
            f"price <= {self.middle + rng.randint(-5, 5)}",
            f"stock < {rng.randint(3, 15)}",
            f"category = {self.category()}",
            f"category <> {self.category()}",
        ]
        if d >= 2:
            options += ["price IS NULL", "stock IS NOT NULL", f"price <> {self.middle}"]
        if d >= 4:
            options += [f"category IN ({self.category()}, NULL)", f"price BETWEEN {self.middle - 10} AND {self.middle}"]
        if d >= 6:
            options += [f"category NOT IN ({self.category()}, NULL)", "price = NULL", "price * stock > 100"]
        return rng.choice(options)

    def condition(self) -> str:
        rng = self.rng
        parts = [self.predicate() for _ in range(1 + min(self.d, 30) // 8)]
        text = parts[0]
        for part in parts[1:]:
            text = f"{text} {rng.choice(['AND', 'OR'])} {part}"
            if rng.random() < 0.3:
                text = f"({text})"
        if self.d >= 3 and rng.random() < 0.4:
            text = f"NOT ({text})"
        return text

    def query(self) -> str:
        rng, d = self.rng, self.d
        kinds = ["where", "aggregate"]
        kinds += ["group", "order"] if d >= 2 else []
        kinds += ["coalesce", "not_in"] if d >= 4 else []
        kinds += ["left_join", "case"] if d >= 6 else []
        kinds += ["join_count"] if d >= 8 else []
        kind = rng.choice(kinds)
        if kind == "where":
            return f"SELECT name, category, price, stock FROM items\nWHERE {self.condition()}\nORDER BY name"
        if kind == "aggregate":
            where = f"\nWHERE {self.condition()}" if d >= 3 and rng.random() < 0.5 else ""
            measures = ["COUNT(*)", "COUNT(price)", "COUNT(category)", "SUM(stock)", "COUNT(DISTINCT category)"]
            measures += ["AVG(price)", "MIN(stock)", "MAX(price)"] if d >= 2 else []
            chosen = rng.sample(measures, min(len(measures), 2 + min(d, 30) // 10))
            return f"SELECT {', '.join(chosen)}\nFROM items{where}"
        if kind == "group":
            measures = rng.sample(["COUNT(*)", "COUNT(price)", "SUM(stock)", "MAX(price)", "AVG(stock)"], 2)
            having = f"\nHAVING COUNT(price) >= {rng.randint(1, 2)}" if d >= 8 and rng.random() < 0.4 else ""
            return f"SELECT category, {', '.join(measures)}\nFROM items\nGROUP BY category{having}\nORDER BY category"
        if kind == "order":
            column, other = rng.sample(["price", "stock", "category"], 2)
            direction = rng.choice(["ASC", "DESC"])
            return f"SELECT name, {column}, {other} FROM items\nORDER BY {column} {direction}, {other}, name"
        if kind == "coalesce":
            fallback = rng.choice(["0", "stock", "-1"])
            return (
                f"SELECT name, COALESCE(price, {fallback}) AS shown, price * stock AS worth, price + 0 * stock AS odd\n"
                f"FROM items\nORDER BY shown DESC, name"
            )
        if kind == "not_in":
            negated = rng.choice(["NOT IN", "IN", "NOT IN"])
            source = rng.choice(["SELECT item_id FROM orders", "SELECT item_id FROM orders WHERE item_id IS NOT NULL"])
            if rng.random() < 0.3:
                return (
                    "SELECT name, price FROM items i\nWHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.item_id = i.id)"
                    "\nORDER BY name"
                )
            return f"SELECT name, price FROM items\nWHERE id {negated} ({source})\nORDER BY name"
        if kind == "left_join":
            return (
                "SELECT i.name, o.id, o.qty\nFROM items i\nLEFT JOIN orders o ON o.item_id = i.id\n"
                "ORDER BY i.name, o.id"
            )
        if kind == "case":
            cut = self.middle
            return (
                f"SELECT name, CASE WHEN price > {cut} THEN 'high' WHEN price <= {cut} THEN 'low' ELSE 'unknown' END "
                f"AS band,\n       CASE category WHEN NULL THEN 'missing' ELSE category END AS label\nFROM items\n"
                "ORDER BY name"
            )
        return (
            "SELECT i.name, COUNT(*) AS lines, COUNT(o.qty) AS counted, SUM(o.qty) AS total\nFROM items i\n"
            "LEFT JOIN orders o ON o.item_id = i.id\nGROUP BY i.id\nORDER BY total DESC, i.name"
        )


class SqlNullSemanticsOutput(Environment):
    id = "code/sql_null_semantics_output"
    version = 1
    description = (
        "Give, in order, the rows of an SQLite query where NULLs decide the result: three-valued logic in WHERE, "
        "NOT IN with a NULL, COUNT(*) against COUNT(column), NULL groups and sort order, COALESCE, LEFT JOINs."
    )
    difficulty_scales = (
        "items: 4 + d (slower past d=30); conditions in a WHERE: 1 + d // 8 (up to 4); NULL groups, sorting by a "
        "column with NULLs, IS NULL and <> from d=2, NOT (...) from d=3, COALESCE, IN lists with a NULL and "
        "NOT IN over a subquery from d=4, LEFT JOINs, CASE, = NULL and NOT IN lists with a NULL from d=6, "
        "HAVING and per-item LEFT JOIN counts from d=8"
    )
    size_name = "items"
    answer_format = ROWS_FORMAT
    tags = ("code", "sql", "tracing", "null")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        items = item_count(difficulty)
        tables = draw_tables(rng, items)
        drawer = _Drawer(rng, difficulty, tables)
        for attempt in range(40):
            sql = drawer.query()
            rows = run_query(SCHEMA, tables, sql)  # our own generated query on our own tables
            if len(rows) <= MOST_ROWS and (rows or attempt % 3 == 0 or "NOT IN" in sql):
                break
        else:
            sql = "SELECT COUNT(*), COUNT(price) FROM items"
            rows = run_query(SCHEMA, tables, sql)
        listing = "\n\n".join(table_text(name, COLUMNS[name], table) for name, table in tables.items())
        prompt = (
            f"An SQLite database has these tables:\n\n{SCHEMA}\n\nand these rows:\n\n{listing}\n\n"
            f"Which rows does this SQLite query return on that database, and in which order?\n\n```sql\n{sql}\n```\n\n"
            "SQLite follows standard SQL on NULLs, and sorts NULL before every other value (first in ascending "
            "order, last in descending order); SUM, MIN, MAX and AVG of no values are NULL, AVG gives a value with a "
            f"fraction. {ROWS_INSTRUCTIONS}."
        )
        return Instance(prompt=prompt, answer=show_rows(rows), data={"rows": [list(row) for row in rows]}, size=items)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_ordered_rows(answer, [tuple(row) for row in data["rows"]])
