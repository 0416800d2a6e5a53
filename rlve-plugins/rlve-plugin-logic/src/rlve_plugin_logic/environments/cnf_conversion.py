"""logic/cnf_conversion: rewrite a propositional formula as an equivalent formula in conjunctive normal form,
within a stated number of clauses.

The checker reads the answer with a strict CNF grammar (clauses joined by "and", literals joined by "or" inside
brackets, "not" only on a variable), then compares truth tables as big integers over all assignments of the
few variables: any equivalent CNF within the bound is accepted. The reference is a small CNF found from the
truth table: each false row not yet covered gets the clause that excludes it, widened greedily (literals
dropped while the formula still implies the clause) into a prime implicate; redundant clauses are removed.
The bound is the reference's clause count plus half as much again (at least 2 more).
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.propositional import VARIABLE_NAMES, random_formula, table_of, text_of
from rlve_plugin_logic.truth_tables import all_true, variable_table

#: Past this level the formula stops growing (prompts stay short at absurd difficulties).
MAX_LEVEL = 200
MAX_VARIABLES = 7

_WORD = re.compile(r"[A-Za-z]+|[()&|~!\u00ac\u2227\u2228-]|\S")
_AND = frozenset({"and", "&", "\u2227"})
_OR = frozenset({"or", "|", "\u2228"})
_NOT = frozenset({"not", "~", "!", "\u00ac", "-"})
_EMPTY = frozenset({"empty", "[]", "{}", "()", "false", "\u22a5", "\u25a1"})


def plan(difficulty: int) -> tuple[int, int]:
    """(variables, connectives): variables 2 + (L + 3) / 6 (at most 7); connectives 2 + L to level 30, then one
    more per 4 levels (the level stops at 200)."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return min(MAX_VARIABLES, 2 + (lvl + 3) // 6), 2 + slow(lvl, 1, 4, knee=30)


def literal_table(literal: int, variables: int) -> int:
    table = variable_table(abs(literal) - 1, variables)
    return table if literal > 0 else all_true(variables) ^ table


def clause_table(clause: list[int], variables: int) -> int:
    table = 0
    for literal in clause:
        table |= literal_table(literal, variables)
    return table


def cnf_table(clauses: list[list[int]], variables: int) -> int:
    table = all_true(variables)
    for clause in clauses:
        table &= clause_table(clause, variables)
    return table


def small_cnf(table: int, variables: int, rng: random.Random) -> list[list[int]]:
    """An irredundant CNF of prime implicates with truth table ``table`` (see the module docstring)."""
    full = all_true(variables)
    uncovered = full ^ table  # the false rows no clause excludes yet
    clauses: list[list[int]] = []
    while uncovered:
        row = (uncovered & -uncovered).bit_length() - 1
        clause = [-(i + 1) if row >> i & 1 else i + 1 for i in range(variables)]  # false exactly at ``row``
        for literal in rng.sample(clause, len(clause)):
            wider = [x for x in clause if x != literal]
            if wider and table & ~clause_table(wider, variables) == 0:  # the formula still implies it
                clause = wider
        clauses.append(sorted(clause, key=abs))
        uncovered &= clause_table(clause, variables)
    for clause in list(clauses):
        rest = [c for c in clauses if c is not clause]
        if cnf_table(rest, variables) == table:
            clauses = rest
    return clauses


def format_literal(literal: int) -> str:
    name = VARIABLE_NAMES[abs(literal) - 1]
    return name if literal > 0 else f"not {name}"


def format_clause(clause: list[int]) -> str:
    """``(p or not q)``; a one-literal clause without brackets, the empty clause as ``empty``."""
    if not clause:
        return "empty"
    text = " or ".join(map(format_literal, clause))
    return f"({text})" if len(clause) > 1 else text


def format_cnf(clauses: list[list[int]]) -> str:
    return " and ".join(map(format_clause, clauses))


class _Words:
    """The words of a clause or CNF text (names, and/or/not and their symbols, brackets), read in order."""

    def __init__(self, text: str, variables: int):
        self.words = _WORD.findall(text)
        self.pos = 0
        self.names = {name: i + 1 for i, name in enumerate(VARIABLE_NAMES[:variables])}

    def peek(self) -> str | None:
        return self.words[self.pos].lower() if self.pos < len(self.words) else None

    def take(self) -> str:
        word = self.peek()
        if word is None:
            raise ParseError("the formula ends too early")
        self.pos += 1
        return word

    def literal(self) -> int:
        word = self.take()
        sign = 1
        if word in _NOT:
            sign, word = -1, self.take()
        if word not in self.names:
            raise ParseError(f"expected a variable, got {word[:20]!r}")
        return sign * self.names[word]

    def clause(self) -> list[int]:
        """``(lit or lit ...)`` or one literal alone."""
        if self.peek() != "(":
            return [self.literal()]
        self.take()
        literals = [self.literal()]
        while self.peek() in _OR:
            self.take()
            literals.append(self.literal())
        if self.take() != ")":
            raise ParseError("a clause is not closed with ')', or has something other than 'or' between literals")
        return literals


def read_cnf(text: str, variables: int, max_clauses: int) -> list[list[int]]:
    """Clauses joined by "and"; ParseError for anything that is not a CNF over the variables, or too long."""
    if len(text) > (8 * variables + 8) * max_clauses + 40:
        raise ParseError(f"more than {max_clauses} clauses")
    words = _Words(text.strip().rstrip("."), variables)
    clauses = [words.clause()]
    while words.peek() in _AND:
        words.take()
        if len(clauses) >= max_clauses:
            raise ParseError(f"more than {max_clauses} clauses")
        clauses.append(words.clause())
    if words.peek() is not None:
        raise ParseError(f"unexpected {words.peek()!r}: clauses are joined by 'and', literals inside them by 'or'")
    return clauses


def read_clause(text: str, variables: int) -> list[int]:
    """One clause: ``p or not q`` (brackets optional), or ``empty`` for the empty clause."""
    text = text.strip().rstrip(".").strip()
    if text.lower() in _EMPTY or not text:
        return []
    if len(text) > 12 * (2 * variables + 1):
        raise ParseError("a clause is too long")
    words = _Words(text, variables)
    if words.peek() == "(":
        literals = words.clause()
    else:
        literals = [words.literal()]
        while words.peek() in _OR:
            words.take()
            literals.append(words.literal())
    if words.peek() is not None:
        raise ParseError(f"unexpected {words.peek()!r} in a clause")
    return literals


def differing_row_text(a: int, b: int, variables: int) -> str:
    row = ((a ^ b) & -(a ^ b)).bit_length() - 1
    return ", ".join(f"{VARIABLE_NAMES[i]}={row >> i & 1}" for i in range(variables))


class CnfConversion(Environment):
    id = "logic/cnf_conversion"
    version = 1
    description = "Rewrite a propositional formula as an equivalent CNF (clauses of literals) within a clause bound."
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): variables 2 + (L + 3) / 6 (at most 7); connectives 2 + L to "
        "level 30, then one more per 4 levels; the bound is a small CNF's clause count plus half (at least 2)"
    )
    size_name = "connectives"
    answer_format = (
        "a formula in conjunctive normal form: clauses joined by and, each clause one literal or literals "
        "joined by or inside brackets, a literal a variable or not and a variable, for example "
        "(p or not q) and (not r or q) and r"
    )
    tags = ("logic", "propositional", "normal-form", "cnf")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        variables, size = plan(difficulty)
        full = all_true(variables)
        formula = random_formula(size, variables, rng)
        for _try in range(20):  # neither always true (no clauses) nor always false (the empty clause)
            if table_of(formula, variables) not in (0, full):
                break
            formula = random_formula(size, variables, rng)
        table = table_of(formula, variables)
        if table in (0, full):  # never seen past 20 draws; a tiny fallback keeps the task well posed
            formula = ["or", ["var", 0], ["not", ["var", variables - 1]]]
            table = table_of(formula, variables)
        reference = small_cnf(table, variables, rng)
        bound = len(reference) + max(2, len(reference) // 2)
        names = ", ".join(VARIABLE_NAMES[:variables])
        prompt = (
            f"Variables {names} are each true or false. Formulas use not, and, or, -> (if ... then ...) and <-> "
            "(if and only if), with brackets around every compound part; not applies only to the variable or "
            "bracketed part right after it.\n\n"
            f"F: {text_of(formula)}\n\n"
            "Write a formula in conjunctive normal form (CNF) that is equivalent to F: true under exactly the "
            "same assignments of truth values. A CNF is one or more clauses joined by 'and'; a clause is a single "
            "literal, or several literals joined by 'or' inside round brackets; a literal is a variable or 'not' "
            "followed by a variable. For example: (p or not q) and (not r or q) and r. No other connectives and "
            f"no nested brackets. Use only the variables {names}, and at most {bound} clauses. Any equivalent CNF "
            "within that bound is accepted."
        )
        data = {"variables": variables, "formula": formula, "max_clauses": bound}
        return Instance(prompt=prompt, answer=format_cnf(reference), data=data, size=size)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        variables = data["variables"]
        clauses = read_cnf(answer, variables, data["max_clauses"])
        wanted = table_of(data["formula"], variables)
        got = cnf_table(clauses, variables)
        if got != wanted:
            true_in = "F" if wanted & ~got else "your CNF"
            return Verdict.wrong(
                f"not equivalent: under {differing_row_text(wanted, got, variables)} only {true_in} is true"
            )
        return Verdict.right()
