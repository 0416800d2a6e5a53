"""Rows given in order as an answer (NULLs, texts, integers, averages), and small tables of any schema.

code/sql_join_output reads rows whose columns are all integers or texts; the SQL output environments added
after it also have NULLs in any column and averages (SQLite's REAL), so they share this reader: a cell is
NULL, a quoted or bare text, or a decimal number, and it is compared with the expected value by type
(an average may be written exactly or rounded to 2 decimals).
"""

from __future__ import annotations

import re
import sqlite3
from fractions import Fraction
from typing import Any

from rlve import ParseError, Verdict
from rlve.parse import parse_decimal, parse_int

#: Cells that mean NULL.
NULL_WORDS = ("null", "none")
#: Answers that say the query returns no rows.
NO_ROWS = ("no rows", "none", "empty", "nothing")
#: How far an average written with 2 decimals may be from the exact one.
TOLERANCE = Fraction(1, 200)
_NUMBER = re.compile(r"[+-]?[0-9]*\.?[0-9]+")

ROWS_FORMAT = (
    "the rows in the order the query returns them, one per line, with the values of a row separated by commas "
    "(a row such as: Sales, 3, NULL), NULL for a missing value; no rows as: no rows"
)
ROWS_INSTRUCTIONS = (
    "List the rows in the order the query returns them, one row per line, values separated by commas, without a "
    "header; write NULL for a missing value, texts without quotes, and an average (a value with a fraction) "
    "exactly or rounded to 2 decimals. If the query returns no rows, answer: no rows"
)


def literal(value: Any) -> str:
    """A value as SQL writes it: NULL, a quoted text or a number."""
    if value is None:
        return "NULL"
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    return str(value)


def show_value(value: Any) -> str:
    """A value as an answer writes it: NULL, a bare text, an integer, an average to at most 6 decimals."""
    if value is None:
        return "NULL"
    if isinstance(value, float):
        return f"{value:.6f}".rstrip("0").rstrip(".") if not value.is_integer() else str(int(value))
    return str(value)


def show_rows(rows: list[tuple[Any, ...]]) -> str:
    return "\n".join(", ".join(show_value(value) for value in row) for row in rows) or "no rows"


def table_text(name: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> str:
    lines = [f"{name} ({', '.join(columns)}):"]
    lines += [f"  ({', '.join(literal(value) for value in row)})" for row in rows] or ["  (no rows)"]
    return "\n".join(lines)


def run_query(schema: str, tables: dict[str, list[tuple[Any, ...]]], sql: str) -> list[tuple[Any, ...]]:
    """Our own generated query on a fresh in-memory database built from ``schema`` and ``tables``."""
    connection = sqlite3.connect(":memory:")
    try:
        connection.executescript(schema)
        for table, rows in tables.items():
            if rows:
                connection.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(rows[0]))})", rows)
        return [tuple(row) for row in connection.execute(sql).fetchall()]
    finally:
        connection.close()


def _cell(text: str) -> Any:
    """None, a text or an exact number (Fraction) as the answer wrote it."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    if text.lower() in NULL_WORDS:
        return None
    if _NUMBER.fullmatch(text):
        return Fraction(parse_int(text, max_digits=15)) if "." not in text else parse_decimal(text, max_digits=15)
    return text


def _same(got: Any, expected: Any) -> bool:
    if expected is None or isinstance(expected, str):
        return got == expected
    if not isinstance(got, Fraction):
        return False
    if isinstance(expected, float):
        return abs(got - Fraction(expected)) <= TOLERANCE
    return got == expected


def _read(answer: str, expected: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    lines = [line.strip() for line in answer.strip().splitlines() if line.strip()]
    said = lines[0].lower().rstrip(".").strip() if len(lines) == 1 else ""
    if said in NO_ROWS and (not expected or said not in NULL_WORDS):  # "none" is a NULL where rows are expected
        return []
    if len(lines) > 2 * len(expected) + 2:
        raise ParseError(f"{len(lines)} rows is far more than the query can return here")
    width = len(expected[0]) if expected else None
    rows = []
    for line in lines:
        if line.startswith("(") and line.endswith(")"):
            line = line[1:-1]
        cells = line.split(",")
        if width is not None and len(cells) != width:
            raise ParseError(f"each row must have {width} comma-separated values, got {line[:60]!r}")
        rows.append(tuple(_cell(cell) for cell in cells))
    return rows


def check_ordered_rows(answer: str, expected: list[tuple[Any, ...]]) -> Verdict:
    """Right when the answer lists exactly the ``expected`` rows in their order (see the module docstring)."""
    rows = _read(answer, expected)
    if not expected:
        return Verdict.right() if not rows else Verdict.wrong("the query returns no rows")
    if len(rows) != len(expected):
        return Verdict.wrong(f"the query returns {len(expected)} rows, the answer lists {len(rows)}")
    wrong = [index for index, (row, want) in enumerate(zip(rows, expected)) if not all(map(_same, row, want))]
    if not wrong:
        return Verdict.right()
    unmatched = list(expected)
    for row in rows:  # the same rows in another order?
        match = next((i for i, want in enumerate(unmatched) if all(map(_same, row, want))), None)
        if match is None:
            break
        unmatched.pop(match)
    if not unmatched:
        return Verdict.wrong("the rows are right but not in the order the query returns them")
    return Verdict.wrong(f"row {wrong[0] + 1} is not the row the query returns there")
