"""CNF formulas in prompts and answers: clauses as text, truth assignments read from an answer, and the first
clause an assignment leaves false. Shared by logic/sat and logic/two_sat."""

from __future__ import annotations

import re

from rlve import ParseError
from rlve.parse import split_items

_TRUE = frozenset({"1", "t", "true", "yes"})
_FALSE = frozenset({"0", "f", "false", "no"})


def format_clause(clause: list[int]) -> str:
    return "(" + " or ".join(f"x{lit}" if lit > 0 else f"not x{-lit}" for lit in clause) + ")"


def read_assignment(answer: str, variables: int) -> list[bool]:
    """n values in variable order: 0/1, true/false or T/F; "x3=1" items in any order are accepted too."""
    items = split_items(answer, max_items=variables + 1)
    if len(items) != variables:
        raise ParseError(f"expected {variables} values, got {len(items)}")
    named = [re.fullmatch(r"x(\d{1,7})\s*[=:]\s*(\w+)", item, re.IGNORECASE) for item in items]
    values: dict[int, bool] = {}
    for position, (item, match) in enumerate(zip(items, named), start=1):
        index, word = (int(match.group(1)), match.group(2)) if match else (position, item)
        if any(named) and not match:
            raise ParseError("mix of 'x3=1' items and bare values")
        word = word.lower()
        if word not in _TRUE and word not in _FALSE:
            raise ParseError(f"not a truth value: {word[:20]!r}")
        if not 1 <= index <= variables or index in values:
            raise ParseError(f"variable x{index} is out of range or given twice")
        values[index] = word in _TRUE
    return [values[i] for i in range(1, variables + 1)]


def first_unsatisfied(clauses: list[list[int]], values: list[bool]) -> int | None:
    for k, clause in enumerate(clauses):
        if not any(values[abs(lit) - 1] == (lit > 0) for lit in clause):
            return k
    return None
