"""logic/resolution_refutation: prove a set of clauses unsatisfiable by resolution, step by step, down to the
empty clause.

The generator plants a refutation tree: starting from the empty clause, a leaf clause C is split into C + x and
C + not x on a variable x it does not mention, until the planned number of splits is done; the leaves are the
clauses of the problem (every one is needed by that proof), and a few random clauses are mixed in. Resolving
the leaves back up is a refutation with one step per split, so the set is unsatisfiable, and the bound on the
proof length is twice that plus 4. The checker replays every step (the two cited clauses exist, clash on the
named variable, and give exactly the written resolvent) and accepts any valid refutation within the bound.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.environments.cnf_conversion import format_clause, read_clause
from rlve_plugin_logic.propositional import VARIABLE_NAMES

#: Past this level the clause set stops growing (prompts stay short at absurd difficulties).
MAX_LEVEL = 200
MAX_VARIABLES = len(VARIABLE_NAMES)  # 20

_STEP = re.compile(
    r"(\d{1,4})\s*[.:)]?\s*(?:from\s+)?(\d{1,4})\s*(?:,|and|&)?\s*(\d{1,4})\s*(?:on|over|by)\s+([A-Za-z]{1,3})\s*"
    r"(?::|=|->|=>|gives|\u2192)\s*(.*)",
    re.IGNORECASE,
)


def plan(difficulty: int) -> tuple[int, int, int]:
    """(variables, splits of the planted proof, extra clauses): variables 3 + L/3 (at most 20); splits 2 + L to
    level 30, then one more per 4 levels (the level stops at 200); extra clauses 1 + L/5 (at most 8)."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return min(MAX_VARIABLES, 3 + lvl // 3), 2 + slow(lvl, 1, 4, knee=30), 1 + min(lvl, 35) // 5


def max_steps(splits: int) -> int:
    return 2 * splits + 4


def planted_refutation(variables: int, splits: int, rng: random.Random) -> tuple[list[list[int]], list[list[Any]]]:
    """(leaf clauses, steps [i, j, variable, resolvent] over leaf numbers then step numbers, from 1)."""
    # each node: its clause, and its children once split; the empty clause at the root
    clauses: list[frozenset[int]] = [frozenset()]
    children: dict[int, tuple[int, int, int]] = {}
    leaves = [0]
    for _ in range(splits):
        open_leaves = [leaf for leaf in leaves if len(clauses[leaf]) < variables]
        if not open_leaves:
            break
        # prefer short clauses: a long clause is hard to read and narrows the next splits
        leaf = min(rng.sample(open_leaves, min(3, len(open_leaves))), key=lambda k: len(clauses[k]))
        free = [v for v in range(1, variables + 1) if v not in clauses[leaf] and -v not in clauses[leaf]]
        x = rng.choice(free)
        positive, negative = len(clauses), len(clauses) + 1
        clauses += [clauses[leaf] | {x}, clauses[leaf] | {-x}]
        children[leaf] = (positive, negative, x)
        leaves.remove(leaf)
        leaves += [positive, negative]
    rng.shuffle(leaves)
    number = {node: i + 1 for i, node in enumerate(leaves)}
    steps: list[list[Any]] = []

    def resolve(node: int) -> int:  # post-order: a node's number once its children are resolved
        if node in number:
            return number[node]
        a, b, x = children[node]
        first, second = resolve(a), resolve(b)
        steps.append([first, second, x, sorted(clauses[node], key=abs)])
        number[node] = len(leaves) + len(steps)
        return number[node]

    resolve(0)
    return [sorted(clauses[leaf], key=abs) for leaf in leaves], steps


def resolvent(a: list[int], b: list[int], x: int) -> list[int] | None:
    """The resolvent of ``a`` and ``b`` on variable ``x`` (either way round), or None if they do not clash on it."""
    if x in a and -x in b:
        merged = {*(lit for lit in a if lit != x), *(lit for lit in b if lit != -x)}
        return sorted(merged, key=lambda lit: (abs(lit), lit))
    if -x in a and x in b:
        return resolvent(b, a, x)
    return None


def format_step(number: int, step: list[Any]) -> str:
    i, j, x, clause = step
    return f"{number}. from {i} and {j} on {VARIABLE_NAMES[x - 1]}: {format_clause(clause) if clause else 'empty'}"


def read_steps(answer: str, variables: int, first: int, limit: int) -> list[list[Any]]:
    """Steps "N. from i and j on x: clause" numbered from ``first``, at most ``limit`` of them."""
    lines = [line.strip() for line in answer.strip().splitlines() if line.strip()]
    if len(lines) > limit:
        raise ParseError(f"more than {limit} steps")
    if len(answer) > (40 + 12 * variables) * (limit + 1):
        raise ParseError("the proof is too long")
    names = {name: i + 1 for i, name in enumerate(VARIABLE_NAMES[:variables])}
    steps: list[list[Any]] = []
    for offset, line in enumerate(lines):
        match = _STEP.fullmatch(line)
        if not match:
            raise ParseError(f"step {first + offset}: expected 'N. from i and j on x: clause', got {line[:50]!r}")
        number, i, j, name, clause = match.groups()
        if int(number) != first + offset:
            raise ParseError(f"the steps must be numbered {first}, {first + 1}, ... in order, got {number}")
        if name.lower() not in names:
            raise ParseError(f"step {number}: {name!r} is not a variable")
        steps.append([int(i), int(j), names[name.lower()], read_clause(clause, variables)])
    if not steps:
        raise ParseError("no steps")
    return steps


def step_flaw(clauses: list[list[int]], steps: list[list[Any]]) -> str | None:
    """Why ``steps`` do not refute ``clauses`` by resolution, or None when they do."""
    known = [sorted(set(c), key=lambda lit: (abs(lit), lit)) for c in clauses]
    for i, j, x, written in steps:
        number = len(known) + 1
        if not (1 <= i < number and 1 <= j < number):
            return f"step {number} cites a clause that does not come before it"
        result = resolvent(known[i - 1], known[j - 1], x)
        if result is None:
            name = VARIABLE_NAMES[x - 1]
            return f"step {number}: clauses {i} and {j} do not contain {name} and not {name} one each"
        if set(written) != set(result):
            return f"step {number}: resolving {i} and {j} on {VARIABLE_NAMES[x - 1]} gives {format_clause(result)}"
        known.append(result)
    if known[-1]:
        return "the last step does not give the empty clause"
    return None


class ResolutionRefutation(Environment):
    id = "logic/resolution_refutation"
    version = 1
    description = "Prove a set of clauses unsatisfiable by a resolution refutation that ends in the empty clause."
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): variables 3 + L/3 (at most 20); the planted refutation has "
        "2 + L steps to level 30, then one more per 4 levels; 1 + L/5 extra clauses (at most 8); at most twice "
        "the planted steps plus 4 may be used"
    )
    size_name = "steps of the planted refutation"
    answer_format = (
        "one line per resolution step, numbered on from the last clause: N. from i and j on x: resolvent, "
        "for example 7. from 2 and 5 on q: p or not r, the last one ending in empty"
    )
    tags = ("logic", "propositional", "resolution", "proof", "unsatisfiability")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        variables, splits, extra = plan(difficulty)
        leaves, steps = planted_refutation(variables, splits, rng)
        clauses = [list(c) for c in leaves]
        seen = {tuple(c) for c in clauses}
        for _ in range(extra):  # random clauses of two or three literals, as distractors
            chosen = rng.sample(range(1, variables + 1), min(variables, rng.randint(2, 3)))
            clause = sorted((v if rng.random() < 0.5 else -v for v in chosen), key=abs)
            if tuple(clause) not in seen:
                seen.add(tuple(clause))
                position = rng.randint(0, len(clauses))
                clauses.insert(position, clause)
        # number the planted proof's citations after the distractors are in: rebuild it from the final order
        index = {tuple(c): k + 1 for k, c in enumerate(clauses)}
        proof = renumbered(leaves, steps, index, len(clauses))
        limit = max_steps(len(steps))
        names = ", ".join(VARIABLE_NAMES[:variables])
        first = len(clauses) + 1
        prompt = (
            f"Variables {names}. A clause is a disjunction of literals (a variable or not a variable); the empty "
            "clause, written empty, can never be true. These clauses cannot all be true at once:\n"
            + "\n".join(f"{k + 1}. {format_clause(c)}" for k, c in enumerate(clauses))
            + "\n\nProve it by resolution. A step takes two earlier clauses (given or derived), one containing some "
            "variable x and the other containing not x, and derives their resolvent: every other literal of the "
            "two, each once, without x and not x. Number the derived clauses on from the given ones "
            f"({first}, {first + 1}, ...), one step per line, written as: N. from i and j on x: resolvent "
            f"(the form only: {first}. from 1 and 2 on {VARIABLE_NAMES[0]}: {VARIABLE_NAMES[1]} or not "
            f"{VARIABLE_NAMES[2 % variables]}). The last step must derive the empty clause, written empty. Any "
            f"correct proof of at most {limit} steps is accepted."
        )
        answer = "\n".join(format_step(first + k, step) for k, step in enumerate(proof))
        data = {"variables": variables, "clauses": clauses, "max_steps": limit}
        return Instance(prompt=prompt, answer=answer, data=data, size=splits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        clauses = data["clauses"]
        steps = read_steps(answer, data["variables"], len(clauses) + 1, data["max_steps"])
        flaw = step_flaw(clauses, steps)
        if flaw is not None:
            return Verdict.wrong(flaw)
        return Verdict.right()


def renumbered(
    leaves: list[list[int]], steps: list[list[Any]], index: dict[tuple[int, ...], int], given: int
) -> list[list[Any]]:
    """The planted steps citing the clauses by their numbers in the final list (``index``), derived ones after."""
    number = {k + 1: index[tuple(leaf)] for k, leaf in enumerate(leaves)}
    for k in range(len(steps)):
        number[len(leaves) + k + 1] = given + k + 1
    return [[number[i], number[j], x, clause] for i, j, x, clause in steps]
