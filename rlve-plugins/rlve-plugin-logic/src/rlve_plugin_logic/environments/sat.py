"""logic/sat: a random 3-SAT formula with a hidden satisfying assignment; any satisfying assignment scores.

Planting naively (drop clauses the hidden assignment falsifies) biases every literal towards its hidden value,
so a majority vote over literal signs would find it. Clauses are instead drawn with the sign patterns weighted
so that a literal agrees with the hidden assignment exactly half the time ("hidden" 3-SAT): 0.2 for each
pattern with one true literal, 0.1 for each with two, 0.1 for all three true.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_logic.cnf import first_unsatisfied, format_clause, read_assignment

#: (number of literals the hidden assignment makes true, weight in tenths) for the 7 satisfied patterns.
_PATTERN_WEIGHTS = ((1, 2), (1, 2), (1, 2), (2, 1), (2, 1), (2, 1), (3, 1))


def plan(difficulty: int) -> tuple[int, int]:
    """(variables, clauses): variables 4 + L; the clause ratio climbs from 3.0 to 4.2 (the hard region) by L 30."""
    lvl = level(difficulty)
    variables = 4 + lvl
    return variables, variables * (300 + 4 * min(lvl, 30)) // 100


def _sign_patterns() -> list[tuple[bool, bool, bool]]:
    """The 7 agree/disagree patterns that keep a clause true, in a fixed order (one true literal first)."""
    patterns = [(a, b, c) for a in (True, False) for b in (True, False) for c in (True, False) if a or b or c]
    return sorted(patterns, key=lambda p: (sum(p), [not x for x in p]))


class Sat(Environment):
    id = "logic/sat"
    version = 1
    description = "Find a satisfying assignment of a random 3-SAT formula (a satisfying assignment is planted)."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): variables 4 + L; clauses per variable 3.0 + 0.04 L, "
        "capped at 4.2 (the satisfiability threshold region) from L 30"
    )
    size_name = "variables"
    answer_format = "the value of every variable, x1 first, as 0 or 1 separated by spaces, for example 1 0 0 1"
    tags = ("logic", "sat", "constraint-satisfaction")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        variables, count = plan(difficulty)
        hidden = [rng.random() < 0.5 for _ in range(variables)]
        patterns = _sign_patterns()
        weights = [w for _, w in _PATTERN_WEIGHTS]
        clauses: list[list[int]] = []
        for _ in range(count):
            chosen = sorted(rng.sample(range(1, variables + 1), 3))
            agree = rng.choices(patterns, weights=weights)[0]
            # a literal is true under `hidden` when its sign matches the variable's value
            clauses.append([v if hidden[v - 1] == a else -v for v, a in zip(chosen, agree)])
        lines = "\n".join(format_clause(clause) for clause in clauses)
        prompt = (
            f"Find values for the Boolean variables x1 to x{variables} that make every one of the following "
            f"{count} clauses true. A clause is true when at least one of its literals is true; 'not x' is true "
            f"when x is 0 (false).\n{lines}\nAt least one satisfying assignment exists; any satisfying assignment "
            "is accepted. List the value (0 or 1) of every variable in order x1, x2, ..."
        )
        answer = " ".join("1" if value else "0" for value in hidden)
        return Instance(prompt=prompt, answer=answer, data={"variables": variables, "clauses": clauses}, size=variables)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        values = read_assignment(answer, data["variables"])
        k = first_unsatisfied(data["clauses"], values)
        if k is not None:
            return Verdict.wrong(f"clause {k + 1} {format_clause(data['clauses'][k])} is false")
        return Verdict.right()
