"""logic/model_counting: the number of satisfying assignments of a small CNF formula (#SAT), exactly.

Counting is done with truth tables as big integers (``truth_tables``): one OR per literal and one AND per
clause over all 2**n assignments at once, so variables are kept at most 18 and the clauses grow instead.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_logic.cnf import format_clause
from rlve_plugin_logic.number_answers import read_count
from rlve_plugin_logic.truth_tables import all_true, variable_table

_UNITS = ("satisfying assignments", "assignments", "models", "solutions")


def plan(difficulty: int) -> tuple[int, int]:
    """(variables, clauses): variables 3 + L // 2 capped at 18; clauses 2 + L (L = level, capped at 200)."""
    lvl = level(difficulty, cap=200)
    return min(18, 3 + lvl // 2), 2 + lvl


def count_models(variables: int, clauses: list[list[int]]) -> int:
    table = all_true(variables)
    everything = table
    for clause in clauses:
        column = 0
        for lit in clause:
            column |= variable_table(abs(lit) - 1, variables) if lit > 0 else everything ^ variable_table(
                -lit - 1, variables)
        table &= column
    return table.bit_count()


class ModelCounting(Environment):
    id = "logic/model_counting"
    version = 1
    description = "Count exactly how many assignments of the variables satisfy a small CNF formula (#SAT)."
    difficulty_scales = (
        "clauses 2 + L (L = d up to 100, then +20 per doubling, capped at 200); variables 3 + L // 2 up to 18"
    )
    size_name = "clauses"
    answer_format = "one integer, the number of satisfying assignments, for example 12"
    tags = ("logic", "sat", "counting", "model-counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        variables, count = plan(difficulty)
        clauses = []
        for _ in range(count):
            width = rng.choice((2, 3)) if variables >= 3 else 2
            chosen = sorted(rng.sample(range(1, variables + 1), width))
            clauses.append([v if rng.random() < 0.5 else -v for v in chosen])
        models = count_models(variables, clauses)
        prompt = (
            f"Consider the Boolean variables x1 to x{variables} and the following {count} clauses. A clause is true "
            "when at least one of its literals is true; 'not x' is true when x is false.\n"
            + "\n".join(format_clause(clause) for clause in clauses)
            + f"\nOf the 2^{variables} = {2 ** variables} ways to give every variable the value true or false, "
            "how many make all the clauses true at once? Answer with one integer (0 if none does)."
        )
        return Instance(prompt=prompt, answer=str(models), data={"models": models}, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = read_count(answer, _UNITS, max_digits=8)
        if value != data["models"]:
            return Verdict.wrong(f"{value} is not the number of satisfying assignments")
        return Verdict.right()
