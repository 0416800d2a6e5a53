"""code/sql_recursive_cte_output: the rows, in order, of an SQLite WITH RECURSIVE query.

Three kinds of recursion: a walk down (or up) a reporting hierarchy with the depth (and, later, the path as
text), reachability in a small graph with cycles where UNION stops the walk and a depth bound ends it, and a
number series whose recursive step has a stop condition (a counter, a value bound, a CASE rule). Each query ends
with an ORDER BY whose last key is unique, so one order is right. The rows come from running our own generated
query with sqlite3 on the shown tables; nothing the model writes is executed.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import taper
from rlve_plugin_code.sql.data import NAMES
from rlve_plugin_code.sql.ordered_rows import (
    ROWS_FORMAT,
    ROWS_INSTRUCTIONS,
    check_ordered_rows,
    run_query,
    show_rows,
    table_text,
)

#: Most rows an answer may have to list; queries returning more are drawn again (a lower bound is kept).
MOST_ROWS = 24
NODES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def size_of(difficulty: int) -> int:
    return 4 + taper(difficulty)


def _hierarchy(rng: random.Random, size: int, difficulty: int) -> tuple[str, dict, str]:
    """A staff table (each boss listed before their reports) and a walk down from someone, or up to the top."""
    pool = rng.sample(NAMES, min(size, len(NAMES)))
    names = pool + [f"{pool[i % len(pool)]}{i // len(pool) + 1}" for i in range(len(pool), size)]
    staff = [(1, names[0], None)]
    for i in range(2, size + 1):
        # Mostly a bushy tree; a few long chains from d=4.
        boss = rng.randint(max(1, i - 3), i - 1) if difficulty >= 4 and rng.random() < 0.3 else rng.randint(1, i - 1)
        staff.append((i, names[i - 1], boss))
    schema = "CREATE TABLE staff (id INTEGER PRIMARY KEY, name TEXT NOT NULL, boss_id INTEGER REFERENCES staff(id));"
    tables = {"staff": staff}
    with_paths = difficulty >= 6 and rng.random() < 0.5
    if difficulty >= 3 and rng.random() < 0.3:  # up the chain of bosses from someone deep
        start = rng.choice(staff[size // 2 :])[1]
        path = ", c.path || ' < ' || s.name" if with_paths else ""
        sql = (
            "WITH RECURSIVE chain(id, name, boss_id, steps" + (", path" if with_paths else "") + ") AS (\n"
            f"  SELECT id, name, boss_id, 0{', name' if with_paths else ''} FROM staff WHERE name = '{start}'\n"
            "  UNION ALL\n"
            f"  SELECT s.id, s.name, s.boss_id, c.steps + 1{path} FROM staff s JOIN chain c ON s.id = c.boss_id\n"
            ")\n"
            f"SELECT name, steps{', path' if with_paths else ''} FROM chain ORDER BY steps DESC"
        )
        return schema, tables, sql
    below = [1] * (size + 1)  # people in each one's team, themselves included (reports come after their boss)
    for person, _, boss in reversed(staff):
        if boss is not None:
            below[boss] += below[person]
    start = rng.choice([row for row in staff if 2 <= below[row[0]] <= MOST_ROWS] or staff[-1:])
    bound = f"\n  WHERE t.depth < {rng.randint(1, 3)}" if difficulty >= 4 and rng.random() < 0.5 else ""
    path = ", t.path || '/' || s.name" if with_paths else ""
    select = "name, depth" + (", path" if with_paths else "")
    outer = f"SELECT {select} FROM team ORDER BY depth, name"
    if difficulty >= 8 and not with_paths and rng.random() < 0.4:
        outer = "SELECT depth, COUNT(*) AS people, MIN(name) AS first FROM team GROUP BY depth ORDER BY depth"
    sql = (
        "WITH RECURSIVE team(id, name, depth" + (", path" if with_paths else "") + ") AS (\n"
        f"  SELECT id, name, 0{', name' if with_paths else ''} FROM staff WHERE name = '{start[1]}'\n"
        "  UNION ALL\n"
        f"  SELECT s.id, s.name, t.depth + 1{path} FROM staff s JOIN team t ON s.boss_id = t.id{bound}\n"
        ")\n"
        f"{outer}"
    )
    return schema, tables, sql


def _graph(rng: random.Random, size: int, difficulty: int) -> tuple[str, dict, str]:
    """Directed links between lettered places (cycles included) and what a bounded walk from one reaches."""
    nodes = NODES[: min(len(NODES), 4 + size // 3)]
    pairs: set[tuple[str, str]] = set()
    while len(pairs) < size:
        a, b = rng.sample(nodes, 2)
        pairs.add((a, b))
    links = sorted(pairs)
    schema = "CREATE TABLE links (src TEXT NOT NULL, dst TEXT NOT NULL);"
    branching = [node for node in nodes if sum(src == node for src, _ in links) >= 2]
    start = rng.choice(branching or nodes)
    limit = rng.randint(2, 4)
    if difficulty >= 8 and rng.random() < 0.4:  # UNION ALL: every walk, counted per end and length
        limit = rng.randint(2, 3)
        sql = (
            "WITH RECURSIVE walk(node, steps) AS (\n"
            f"  SELECT '{start}', 0\n"
            "  UNION ALL\n"
            f"  SELECT l.dst, w.steps + 1 FROM links l JOIN walk w ON l.src = w.node WHERE w.steps < {limit}\n"
            ")\n"
            "SELECT steps, COUNT(*) AS walks, COUNT(DISTINCT node) AS places FROM walk GROUP BY steps ORDER BY steps"
        )
        return schema, {"links": links}, sql
    outer = "SELECT node, MIN(steps) AS fewest FROM reach GROUP BY node ORDER BY fewest, node"
    if difficulty >= 5 and rng.random() < 0.5:  # every (node, steps) pair UNION keeps, not only the fewest
        outer = "SELECT node, steps FROM reach ORDER BY steps, node"
    sql = (
        "WITH RECURSIVE reach(node, steps) AS (\n"
        f"  SELECT '{start}', 0\n"
        "  UNION\n"
        f"  SELECT l.dst, r.steps + 1 FROM links l JOIN reach r ON l.src = r.node WHERE r.steps < {limit}\n"
        ")\n"
        f"{outer}"
    )
    return schema, {"links": links}, sql


def _series(rng: random.Random, size: int, difficulty: int) -> tuple[str, dict, str]:
    """A number series from a seed value, with a stop condition; the outer query may keep only some terms."""
    terms = min(size, MOST_ROWS)
    roll = rng.random()
    if difficulty >= 5 and roll < 0.35:
        start = rng.randint(3, 40)
        step = "CASE WHEN v % 2 = 0 THEN v / 2 ELSE 3 * v + 1 END"
        stop = f"v <> 1 AND n < {terms}"
    elif difficulty >= 10 and roll < 0.7:  # two columns step together
        a, b = rng.randint(0, 3), rng.randint(1, 4)
        sql = (
            "WITH RECURSIVE fib(n, a, b) AS (\n"
            f"  SELECT 1, {a}, {b}\n"
            "  UNION ALL\n"
            f"  SELECT n + 1, b, a + b FROM fib WHERE b < {rng.randint(30, 300)} AND n < {terms}\n"
            ")\n"
            f"SELECT n, a FROM fib WHERE a % {rng.choice([2, 3])} = 0 ORDER BY n"
        )
        return "", {}, sql
    else:
        start = rng.randint(1, 9)
        multiplier, modulus = rng.randint(2, 7), rng.choice([11, 13, 17, 19, 23])
        step = f"(v * {multiplier} + n) % {modulus}" if difficulty >= 2 else f"v + {rng.randint(2, 9)}"
        stop = f"n < {terms}" if difficulty < 3 or rng.random() < 0.5 else f"v <> {start} AND n < {terms}"
    where = ""
    if difficulty >= 7 and rng.random() < 0.5:
        where = f" WHERE v % {rng.choice([2, 3])} = {rng.randint(0, 1)}"
    sql = (
        "WITH RECURSIVE seq(n, v) AS (\n"
        f"  SELECT 1, {start}\n"
        "  UNION ALL\n"
        f"  SELECT n + 1, {step} FROM seq WHERE {stop}\n"
        ")\n"
        f"SELECT n, v FROM seq{where} ORDER BY n"
    )
    return "", {}, sql


class SqlRecursiveCteOutput(Environment):
    id = "code/sql_recursive_cte_output"
    version = 1
    description = (
        "Give, in order, the rows of an SQLite WITH RECURSIVE query: a walk through a hierarchy with depths, "
        "reachability in a graph with cycles within a number of steps, or a number series with a stop condition."
    )
    difficulty_scales = (
        "rows in the table, or terms the series may have: 4 + d (slower past d=30; a series stops at 24 terms); "
        "graphs and modular series from d=2, walks up the chain from d=3, depth bounds and long chains from d=4, "
        "Collatz-like CASE steps and every (place, steps) pair from d=5, paths as text from d=6, filtered terms "
        "from d=7, grouped results and UNION ALL walk counts from d=8, two-column series from d=10"
    )
    size_name = "rows or terms"
    answer_format = ROWS_FORMAT
    tags = ("code", "sql", "tracing", "recursion")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        size = size_of(difficulty)
        kinds = [_hierarchy, _series] + ([_graph] if difficulty >= 2 else [])
        rows: list[tuple[Any, ...]] = []
        for attempt in range(30):
            schema, tables, sql = rng.choice(kinds)(rng, size, difficulty if attempt < 20 else 0)
            rows = run_query(schema, tables, sql)  # our own generated query on our own tables
            if 2 <= len(rows) <= MOST_ROWS:
                break
        else:  # pragma: no cover - a plain series always has 4 to 24 rows
            raise RuntimeError("no recursive query with a reasonable number of rows")
        shown = ""
        if tables:
            columns = {"staff": ("id", "name", "boss_id"), "links": ("src", "dst")}
            listing = "\n\n".join(table_text(name, columns[name], table) for name, table in tables.items())
            shown = f"An SQLite database has this table:\n\n{schema}\n\nand these rows:\n\n{listing}\n\n"
        prompt = (
            f"{shown}Which rows does this SQLite query return{' on that database' if tables else ''}, and in which "
            f"order?\n\n```sql\n{sql}\n```\n\n"
            "In SQLite, dividing two integers gives an integer (the fraction is dropped), % is the remainder, || "
            "joins texts, UNION ALL keeps every row the recursive step makes, and UNION drops a row equal to one "
            f"already made (the recursion stops when a step makes no new rows). {ROWS_INSTRUCTIONS}."
        )
        return Instance(prompt=prompt, answer=show_rows(rows), data={"rows": [list(row) for row in rows]}, size=size)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_ordered_rows(answer, [tuple(row) for row in data["rows"]])
