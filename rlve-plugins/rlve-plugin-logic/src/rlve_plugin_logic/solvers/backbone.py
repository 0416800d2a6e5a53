"""The backbone of a yes/no counting puzzle: the cells that take the same value in every solution.

Minesweeper deduction asks exactly this ("which covered cells are certainly mines?"). Given one known
solution (the witness), a cell is in the backbone when no solution flips it. The rules are first split into
independent groups (cells linked by sharing a rule): a flip can only matter inside its own group, and a
search over one group cannot be slowed down by branching in another.
"""

from __future__ import annotations

from collections.abc import Sequence

from rlve_plugin_logic.solvers.counting import CountingProblem, Rule


def groups(cells: int, rules: Sequence[Rule]) -> list[tuple[list[int], list[Rule]]]:
    """The independent groups of cells that some rule counts, each with its rules (union-find on rules)."""
    parent = list(range(cells))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for members, _, _ in rules:
        for a, b in zip(members, members[1:]):
            parent[root(a)] = root(b)
    cells_of: dict[int, list[int]] = {}
    for members, _, _ in rules:
        for i in members:
            cells_of.setdefault(root(i), [])
    for i in range(cells):
        if root(i) in cells_of:
            cells_of[root(i)].append(i)
    rules_of: dict[int, list[Rule]] = {key: [] for key in cells_of}
    for rule in rules:
        if rule[0]:
            rules_of[root(rule[0][0])].append(rule)
    return [(cells_of[key], rules_of[key]) for key in cells_of]


def backbone(cells: int, rules: Sequence[Rule], witness: Sequence[int], node_limit: int) -> dict[int, int] | None:
    """Every cell that some rule counts and that takes its ``witness`` value in every solution: cell -> value.

    ``witness`` must satisfy the rules. Cells no rule counts can go either way and are never in it. None when
    one search runs over ``node_limit`` nodes (the caller draws another puzzle).
    """
    fixed: dict[int, int] = {}
    for members, group_rules in groups(cells, rules):
        local = {cell: k for k, cell in enumerate(members)}
        problem = CountingProblem(len(members), [([local[i] for i in m], lo, hi) for m, lo, hi in group_rules])
        undecided = set(range(len(members)))
        while undecided:
            k = undecided.pop()
            found, complete = problem.solve({k: 1 - witness[members[k]]}, limit=1, node_limit=node_limit)
            if not complete:
                return None
            if found:
                # that solution flips k, and every other cell it flips is free too
                undecided -= {j for j in range(len(members)) if found[0][j] != witness[members[j]]}
            else:
                fixed[members[k]] = witness[members[k]]
    return fixed
