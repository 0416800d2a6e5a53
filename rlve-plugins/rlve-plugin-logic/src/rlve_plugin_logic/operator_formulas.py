"""Formulas over named atoms with extra operators (temporal, path and modal ones): random ones and their text.

Shared by logic/ltl_trace_check, logic/ctl_model_check and logic/modal_kripke. A formula is a nested tuple:
``("atom", name)``, ``(op, f)`` for a unary operator, ``(op, f, g)`` for a binary one. Each environment names
its operators and how they are written: a unary template such as ``"G {0}"`` or ``"EX {0}"``, a binary one such
as ``"{0} U {1}"`` or ``"E[{0} U {1}]"``. Every compound part below the top is bracketed (a template that
brackets itself, like ``E[...]``, is not bracketed again), so that a formula has exactly one reading.
"""

from __future__ import annotations

import random
from typing import Any

Formula = tuple[Any, ...]

#: The propositional connectives every environment shares.
CONNECTIVES = {"not": "not {0}", "and": "{0} and {1}", "or": "{0} or {1}", "imp": "{0} -> {1}"}


def random_formula(
    symbols: int, atoms: list[str], unary: list[str], binary: list[str], rng: random.Random, negated: bool = False
) -> Formula:
    """A random formula with exactly ``symbols`` operators (no double negation)."""
    if symbols == 0:
        return ("atom", rng.choice(atoms))
    choices = [op for op in unary if not (negated and op == "not")]
    if rng.random() < 0.45 or (symbols == 1 and rng.random() < 0.5):
        op = rng.choice(choices)
        return (op, random_formula(symbols - 1, atoms, unary, binary, rng, negated=op == "not"))
    op = rng.choice(binary)
    left = rng.randint(0, symbols - 1)
    first = random_formula(left, atoms, unary, binary, rng)
    return (op, first, random_formula(symbols - 1 - left, atoms, unary, binary, rng))


def text_of(formula: Formula, templates: dict[str, str], top: bool = True) -> str:
    if formula[0] == "atom":
        return formula[1]
    template = templates[formula[0]]
    text = template.format(*(text_of(part, templates, top=False) for part in formula[1:]))
    return text if top or template.endswith("]") else f"({text})"
