"""logic/liar_chain: numbered statements about each other's truth and about how many are true; count the
truth assignments under which every statement is true exactly when what it says holds.

Counting without trying all 2**n assignments: each "statement k is true/false" ties its value to statement
k's, so following those pointers ends either at a counting statement (its value is fixed once the number T
of true statements is fixed) or in a cycle (free when the cycle has an even number of "false" links, and
impossible otherwise). A knapsack over the free cycles counts, for every T, the ways to make exactly T true.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_logic.number_answers import read_count

_UNITS = ("assignments", "ways", "consistent assignments")
# A statement is [kind, argument]: ["true", k] / ["false", k] (statement k, 0-based), ["exactly" | "least" |
# "most", m] (of the n statements, exactly / at least / at most m are true).


def plan(difficulty: int) -> int:
    """Statements: 3 + L (L = level, capped at 120)."""
    return 3 + level(difficulty, cap=120)


def describe(statement: list[Any]) -> str:
    kind, arg = statement
    if kind in ("true", "false"):
        return f"Statement {arg + 1} is {kind}."
    word = {"exactly": "Exactly", "least": "At least", "most": "At most"}[kind]
    return f"{word} {arg} of these statements {'is' if arg == 1 and kind == 'exactly' else 'are'} true."


def holds(statement: list[Any], true_count: int) -> bool:
    kind, m = statement
    return true_count == m if kind == "exactly" else true_count >= m if kind == "least" else true_count <= m


def count_consistent(statements: list[list[Any]]) -> int:
    n = len(statements)
    root: list[tuple[int, int] | None] = [None] * n  # (root statement, parity): value = value(root) xor parity
    for i, (kind, _) in enumerate(statements):
        if kind not in ("true", "false"):
            root[i] = (i, 0)
    broken = False
    for start in range(n):
        path, seen = [], {}
        node = start
        while root[node] is None and node not in seen:
            seen[node] = len(path)
            path.append(node)
            node = statements[node][1]
        if root[node] is None:  # a new cycle: path[seen[node]:] with node as its representative
            j = seen[node]
            root[node] = (node, 0)
            for i in range(len(path) - 1, j, -1):
                nxt = root[statements[path[i]][1]]
                root[path[i]] = (nxt[0], nxt[1] ^ (statements[path[i]][0] == "false"))
            closing = root[statements[node][1]]
            if closing[1] ^ (statements[node][0] == "false") != 0:
                broken = True
            path = path[:j]
        for i in range(len(path) - 1, -1, -1):
            nxt = root[statements[path[i]][1]]
            root[path[i]] = (nxt[0], nxt[1] ^ (statements[path[i]][0] == "false"))
    if broken:
        return 0
    cycles: dict[int, list[int]] = {}  # representative -> [true statements if it is false, ... if true]
    fixed_by: dict[int, list[int]] = {}  # counting statement -> the same
    for i in range(n):
        r, parity = root[i]
        target = fixed_by if statements[r][0] not in ("true", "false") else cycles
        counts = target.setdefault(r, [0, 0])
        counts[1 ^ parity] += 1
    ways = [1] + [0] * n  # ways[t]: assignments of the cycles making t of their statements true
    for low, high in cycles.values():
        new = [0] * (n + 1)
        for t, w in enumerate(ways):
            if w:
                new[t + low] += w
                new[t + high] += w
        ways = new
    total = 0
    for true_count in range(n + 1):
        fixed = sum(counts[1 if holds(statements[r], true_count) else 0] for r, counts in fixed_by.items())
        if fixed <= true_count:
            total += ways[true_count - fixed]
    return total


class LiarChain(Environment):
    id = "logic/liar_chain"
    version = 1
    description = "Count the truth assignments that make numbered self-referential statements consistent."
    difficulty_scales = "statements 3 + L (L = d up to 100, then +20 per doubling, capped at 120)"
    size_name = "statements"
    answer_format = "one integer, the number of consistent truth assignments, for example 2 (0 if there is none)"
    tags = ("logic", "deduction", "self-reference", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = plan(difficulty)
        statements: list[list[Any]] = []
        for i in range(n):
            if rng.random() < 0.3:
                statements.append([rng.choice(("exactly", "least", "most")), rng.randint(0, n)])
            else:
                other = rng.choice([k for k in range(n) if k != i]) if n < 50 else (i + rng.randint(1, n - 1)) % n
                statements.append([rng.choice(("true", "false")), other])
        total = count_consistent(statements)
        prompt = (
            f"Here are {n} numbered statements; each is either true or false.\n"
            + "\n".join(f"{i + 1}. {describe(s)}" for i, s in enumerate(statements))
            + "\nA truth assignment gives each statement the value true or false. It is consistent when every "
            "statement given the value true says something that holds under the assignment, and every statement "
            "given the value false says something that does not hold ('these statements' means all "
            f"{n} of them). How many consistent truth assignments are there? Answer with one integer (0 if none)."
        )
        return Instance(prompt=prompt, answer=str(total), data={"count": total}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = read_count(answer, _UNITS, max_digits=60)
        if value != data["count"]:
            return Verdict.wrong(f"{value} is not the number of consistent truth assignments")
        return Verdict.right()
