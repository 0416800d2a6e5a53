"""Propositional formulas as nested lists: random ones, their truth tables, and the text prompts show.

Shared by logic/propositional_entailment, logic/formula_equivalence, logic/cnf_conversion and
logic/resolution_refutation.
"""

from __future__ import annotations

import random
from typing import Any

from rlve_plugin_logic.truth_tables import all_true, variable_table

VARIABLE_NAMES = "p q r s t u w x y z a b c d e f g h k m".split()
MAX_VARIABLES = len(VARIABLE_NAMES)  # 20: truth tables of a million bits
BINARY = {"and": "and", "or": "or", "implies": "->", "iff": "<->"}

Formula = list[Any]  # ["var", i] | ["not", f] | [op, f, g]


def random_formula(connectives: int, variables: int, rng: random.Random, negated: bool = False) -> Formula:
    """A random formula with exactly ``connectives`` connectives (no double negation, no ``x op x``)."""
    if connectives == 0:
        return ["var", rng.randrange(variables)]
    if not negated and rng.random() < 0.2:
        return ["not", random_formula(connectives - 1, variables, rng, negated=True)]
    left = rng.randint(0, connectives - 1)
    op = rng.choice(("and", "or", "implies", "implies", "iff"))
    a = random_formula(left, variables, rng)
    b = random_formula(connectives - 1 - left, variables, rng)
    for _try in range(10):  # no "s -> s" or "t or t": both sides the same says nothing
        if a != b or variables == 1:
            break
        b = random_formula(connectives - 1 - left, variables, rng)
    return [op, a, b]


def table_of(formula: Formula, variables: int) -> int:
    """The formula's truth table over ``variables`` variables (see truth_tables)."""
    kind = formula[0]
    if kind == "var":
        return variable_table(formula[1], variables)
    full = all_true(variables)
    if kind == "not":
        return full ^ table_of(formula[1], variables)
    a, b = table_of(formula[1], variables), table_of(formula[2], variables)
    if kind == "and":
        return a & b
    if kind == "or":
        return a | b
    if kind == "implies":
        return (full ^ a) | b
    return full ^ (a ^ b)


def text_of(formula: Formula, top: bool = True) -> str:
    """The formula as the prompt writes it, with only one reading whatever precedence a reader gives ``not``.

    Every compound part is bracketed, negations included: ``(not p) -> q`` and ``not (p -> q)``, never
    ``not p -> q`` (which binds ``not`` tightly in most logic texts and loosely in others). Only a whole
    formula goes without brackets.
    """
    kind = formula[0]
    if kind == "var":
        return VARIABLE_NAMES[formula[1]]
    if kind == "not":
        inner = "not " + text_of(formula[1], top=False)
        return inner if top else f"({inner})"
    inner = f"{text_of(formula[1], top=False)} {BINARY[kind]} {text_of(formula[2], top=False)}"
    return inner if top else f"({inner})"
