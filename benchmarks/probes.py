"""Valid answers that are not the reference, for a peer's own instances: does the peer's scorer accept them?

A verifier that only compares strings is faster than one that checks the answer, and wrong wherever a task has
several valid answers. So a verification ratio means something only against a peer that checks equivalently.
Each function here takes one peer instance (a reasoning-gym entry) and returns a different answer that is valid
by the task's own rules, or None when this instance has no other (the caller tries the next instance).
The peers' metadata are read with ``ast.literal_eval`` (a literal parser, never ``eval``).
"""

from __future__ import annotations

import ast
import json
from collections import deque


def _value(field):
    """A metadata field as a Python value (reasoning-gym stores some as values, some as their text)."""
    return ast.literal_eval(field) if isinstance(field, str) else field


def graph_color(entry: dict) -> str | None:
    """Swap two colours of the reference colouring: still proper, still within the allowed colours."""
    colouring = _value(entry["metadata"]["possible_answer"])
    used = sorted(set(colouring.values()))
    options = _value(entry["metadata"]["puzzle"])["color_options"]
    first, second = (used + [c for c in options if c not in used])[:2]
    swap = {first: second, second: first}
    return json.dumps({str(vertex): swap.get(colour, colour) for vertex, colour in colouring.items()})


def n_queens(entry: dict) -> str | None:
    """Another of the solutions the entry lists (placements that keep the given queens)."""
    others = [answer for answer in _value(entry["metadata"]["valid_answers"]) if answer != entry["answer"]]
    return others[0] if others else None


def countdown(entry: dict) -> str | None:
    """The reference expression with its last two top-level terms of a sum swapped, else bracketed whole."""
    expression = entry["answer"]
    parts = expression.split(" + ")
    if len(parts) >= 2 and "(" not in expression:
        return " + ".join([*parts[:-2], parts[-1], parts[-2]])
    return f"({expression})"


def shortest_path(entry: dict) -> str | None:
    """A different path of the same (shortest) length through the grid, where one exists."""
    grid = _value(entry["metadata"]["matrix"])
    reference = entry["answer"].split()
    rows, cols = len(grid), len(grid[0])
    start = next((r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "*")
    steps = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
    # Breadth-first distances from the start, then every shortest path back from the goal, stopping at the first
    # that is not the reference.
    distance = {start: 0}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for dr, dc in steps.values():
            nxt = (r + dr, c + dc)
            if 0 <= nxt[0] < rows and 0 <= nxt[1] < cols and grid[nxt[0]][nxt[1]] != "X" and nxt not in distance:
                distance[nxt] = distance[(r, c)] + 1
                queue.append(nxt)
    goal = next(((r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "#"), None)
    if goal not in distance:
        return None

    def paths(cell, suffix):
        if cell == start:
            yield suffix
            return
        for name, (dr, dc) in steps.items():
            before = (cell[0] - dr, cell[1] - dc)
            if distance.get(before) == distance[cell] - 1:
                yield from paths(before, [name, *suffix])

    for count, path in enumerate(paths(goal, [])):
        if path != reference:
            return " ".join(path)
        if count > 1000:
            break
    return None


def jugs(entry: dict) -> str | None:
    """The reference moves with a first "fill A" then "empty A" (a no-op pair): valid, longer, not the reference."""
    moves = _value(entry["answer"])
    return str(["fill A", "empty A", *moves]).replace("'", '"')


def reasoning_gym_reference(task: str, entry: dict) -> str:
    """The entry's reference answer as its scorer reads it: graph_color keeps it as a dict in its metadata."""
    if entry["answer"] is None and task == "graph_color":
        colouring = _value(entry["metadata"]["possible_answer"])
        return json.dumps({str(vertex): colour for vertex, colour in colouring.items()})
    return str(entry["answer"])


def topological_sort(env) -> str | None:
    """RLVE-Gym's TopologicalSort: another order that keeps every "j before i" condition (Kahn, largest first)."""
    import heapq

    n, conditions = env.parameter["N"], env.parameter["before_conditions"]
    after = {node: [] for node in range(n)}
    waiting = [0] * n
    for before, later in conditions:
        after[before].append(later)
        waiting[later] += 1
    ready = [-node for node in range(n) if waiting[node] == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        node = -heapq.heappop(ready)
        order.append(node)
        for later in after[node]:
            waiting[later] -= 1
            if waiting[later] == 0:
                heapq.heappush(ready, -later)
    answer = " ".join(map(str, order))
    return None if answer == str(env.parameter["reference_answer"]) else answer


def flipped_assignment(env) -> str | None:
    """RLVE-Gym's SAT and TwoSAT: the reference assignment with one variable flipped, where that still satisfies
    every clause (clauses are lists of (variable, is_positive))."""
    reference = [int(value) for value in str(env.parameter["reference_answer"]).split()]
    clauses = env.parameter["clauses"]
    for index in range(len(reference)):
        values = reference.copy()
        values[index] = 1 - values[index]
        if all(any(values[var] if positive else not values[var] for var, positive in clause) for clause in clauses):
            return " ".join(map(str, values))
    return None


#: RLVE-Gym task -> its probe (given the generated environment object).
RLVE_GYM = {"TopologicalSort": topological_sort, "SAT": flipped_assignment, "TwoSAT": flipped_assignment}

#: reasoning-gym task -> its probe.
REASONING_GYM = {
    "graph_color": graph_color,
    "n_queens": n_queens,
    "countdown": countdown,
    "shortest_path": shortest_path,
    "jugs": jugs,
}
