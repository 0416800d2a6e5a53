"""logic/two_sat: decide a random 2-SAT formula near its threshold; give a satisfying assignment or say there is none.

Clauses are drawn uniformly (not planted), about one per variable, where random 2-SAT turns from mostly
satisfiable to mostly unsatisfiable, so both answers occur. The generator decides it exactly with the
implication-graph / strongly-connected-components algorithm; the checker verifies an assignment clause by
clause and accepts "unsatisfiable" only when the generator proved it.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve_plugin_logic.sat import first_unsatisfied, format_clause, read_assignment
from rlve_plugin_logic.scaling import level

UNSAT_WORDS = frozenset({"unsatisfiable", "unsat", "none", "no solution", "impossible"})


#: Fresh formulas drawn while looking for the satisfiable/unsatisfiable outcome the coin asked for.
MAX_DRAWS = 30


def _icbrt(x: int) -> int:
    """Integer cube root (floor), exact on every platform."""
    r = round(x ** (1 / 3)) if x < 2**50 else 1 << (x.bit_length() // 3)
    while r**3 > x:
        r -= 1
    while (r + 1) ** 3 <= x:
        r += 1
    return r


def plan(difficulty: int) -> tuple[int, int]:
    """(variables, clauses): variables 3 + 2 L; clauses n + 1.55 n^(2/3).

    Random 2-SAT's threshold is at one clause per variable only in the limit; at finite n the measured 50%
    point is near ratio 1 + 1.55 / n^(1/3) (n 13: 1.8, n 63: 1.4, n 333: 1.22).
    """
    variables = 3 + 2 * level(difficulty)
    return variables, variables + 155 * _icbrt(variables * variables) // 100


def solve_2sat(variables: int, clauses: list[list[int]]) -> list[bool] | None:
    """A satisfying assignment, or None. Iterative Tarjan SCC on the implication graph (node 2v / 2v+1)."""

    def node(lit: int) -> int:
        return 2 * (abs(lit) - 1) + (lit < 0)

    size = 2 * variables
    edges: list[list[int]] = [[] for _ in range(size)]
    for a, b in clauses:  # (a or b): not a -> b, not b -> a
        edges[node(a) ^ 1].append(node(b))
        edges[node(b) ^ 1].append(node(a))
    index = [-1] * size
    low = [0] * size
    comp = [-1] * size
    on_stack = [False] * size
    stack: list[int] = []
    counter = comps = 0
    for root in range(size):
        if index[root] != -1:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, i = work[-1]
            if i < len(edges[v]):
                work[-1] = (v, i + 1)
                w = edges[v][i]
                if index[w] == -1:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w]:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp[w] = comps
                    if w == v:
                        break
                comps += 1
    # Tarjan numbers components in reverse topological order: take a literal true when its component comes first.
    values = []
    for v in range(variables):
        if comp[2 * v] == comp[2 * v + 1]:
            return None
        values.append(comp[2 * v] < comp[2 * v + 1])
    return values


class TwoSat(Environment):
    id = "logic/two_sat"
    version = 1
    description = "Decide a random 2-SAT formula: give a satisfying assignment, or answer 'unsatisfiable'."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): variables n = 3 + 2 L; clauses n + 1.55 n^(2/3) "
        "(the finite-size satisfiability threshold); satisfiable and unsatisfiable formulas about equally often "
        "from L ~ 5"
    )
    size_name = "variables"
    answer_format = (
        "the value of every variable, x1 first, as 0 or 1 separated by spaces (for example 1 0 0 1), "
        "or the single word unsatisfiable"
    )
    tags = ("logic", "sat", "2-sat")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        variables, count = plan(difficulty)
        # A coin picks the outcome and formulas are redrawn until it matches (small formulas are almost always
        # satisfiable, so there the coin may lose): "always unsatisfiable" must not be a winning guess.
        want_satisfiable = rng.random() < 0.5
        for _ in range(MAX_DRAWS):
            clauses = []
            for _ in range(count):
                a, b = rng.sample(range(1, variables + 1), 2)
                clauses.append([a if rng.random() < 0.5 else -a, b if rng.random() < 0.5 else -b])
            solution = solve_2sat(variables, clauses)
            if (solution is not None) == want_satisfiable:
                break
        lines = "\n".join(format_clause(clause) for clause in clauses)
        prompt = (
            f"Here is a formula over the Boolean variables x1 to x{variables}: the {count} clauses below must all be "
            "true. A clause is true when at least one of its literals is true; 'not x' is true when x is 0 "
            f"(false).\n{lines}\nIf some assignment makes every clause true, give one (any satisfying assignment is "
            "accepted), listing the value (0 or 1) of every variable in order x1, x2, ...; if no assignment does, "
            "answer unsatisfiable."
        )
        answer = "unsatisfiable" if solution is None else " ".join("1" if v else "0" for v in solution)
        data = {"variables": variables, "clauses": clauses, "satisfiable": solution is not None}
        return Instance(prompt=prompt, answer=answer, data=data, size=variables)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        if answer.strip().strip(".").lower() in UNSAT_WORDS:
            if data["satisfiable"]:
                return Verdict.wrong("the formula is satisfiable")
            return Verdict.right()
        if answer.strip().lower().startswith("unsat"):
            raise ParseError("expected the single word unsatisfiable or a list of values")
        values = read_assignment(answer, data["variables"])
        k = first_unsatisfied(data["clauses"], values)
        if k is not None:
            return Verdict.wrong(f"clause {k + 1} {format_clause(data['clauses'][k])} is false")
        return Verdict.right()
