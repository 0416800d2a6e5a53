"""graph/difference_constraints: integers with x_j - x_i <= c for every constraint, or a negative cycle of them."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int, parse_int_list, split_items
from rlve.scaling import level
from rlve_plugin_graph.graphs import random_tree_edges
from rlve_plugin_graph.reading import check_length, split_keyword

#: Variables stop growing here (reached near d = 3200); Bellman-Ford stays a few milliseconds.
MAX_LEVEL = 200
#: Values in an answer may have this many digits: far more than a solution needs, few enough to read fast.
MAX_VALUE_DIGITS = 15

_SPACED_EQUALS = re.compile(r"[ \t]*=[ \t]*")
_ASSIGNMENT = re.compile(r"[xX]_?([0-9]{1,7})=([+-]?[0-9]+)")


def solve_constraints(n: int, constraints: list[list[int]]) -> tuple[list[int] | None, list[int] | None]:
    """``(values, None)`` satisfying every ``[i, j, c]`` (x_j - x_i <= c, variables 0..n-1), or ``(None, cycle)``.

    Bellman-Ford on arcs i -> j of length c from a virtual source joined to every variable by length 0: once
    a round changes nothing, the distances satisfy every constraint. With a negative cycle the rounds never
    settle, and the predecessor graph, whose cycles are all negative, soon contains one; it is looked for
    after every round from round n on. It must within the bound below: while that graph has no cycle, every
    distance is the length of a simple path, at least -(n - 1) C, but after r rounds a node on a negative
    cycle is at r // n or more below 0. In practice the cycle appears within a few rounds of round n.
    """
    dist = [0] * n
    prev = [-1] * n
    largest = max((abs(c) for _, _, c in constraints), default=0)
    for rounds in range(1, n * ((n - 1) * largest + 1) + n + 1):
        changed = False
        for i, j, c in constraints:
            if dist[i] + c < dist[j]:
                dist[j] = dist[i] + c
                prev[j] = i
                changed = True
        if not changed:
            low = min(dist)
            return [d - low for d in dist], None  # shifted so that the smallest value is 0
        if rounds >= n:
            cycle = predecessor_cycle(prev)
            if cycle:
                return None, cycle
    raise AssertionError("Bellman-Ford found neither a solution nor a cycle")  # unreachable: see the docstring


def predecessor_cycle(prev: list[int]) -> list[int] | None:
    """A cycle of the predecessor graph (``prev[v]`` is the tail of v's last relaxed arc), in arc order."""
    mark = [-1] * len(prev)
    for start in range(len(prev)):
        v = start
        while v >= 0 and mark[v] < 0:
            mark[v] = start
            v = prev[v]
        if v >= 0 and mark[v] == start:  # this walk closed on itself
            cycle = [v]
            while prev[cycle[-1]] != v:
                cycle.append(prev[cycle[-1]])
            return cycle[::-1]  # predecessors run against the arcs
    return None


def parse_values(text: str, n: int) -> list[int]:
    """n integers, either plain (``3 -1 0``) or as assignments in any order (``x1 = 3, x2 = -1, x3 = 0``)."""
    s = check_length(text, n, MAX_VALUE_DIGITS + 10)
    if "=" not in s:
        values = parse_int_list(s, max_items=n + 1, max_digits=MAX_VALUE_DIGITS)
    else:
        given: dict[int, int] = {}
        for item in split_items(_SPACED_EQUALS.sub("=", s), max_items=n + 1):
            match = _ASSIGNMENT.fullmatch(item)
            if not match:
                raise ParseError(f"expected x<number> = <value>, got {item[:30]!r}")
            index = int(match.group(1))
            if not 1 <= index <= n:
                raise ParseError(f"x{index} is not a variable (they are x1 to x{n})")
            if index in given:
                raise ParseError(f"x{index} is given twice")
            given[index] = parse_int(match.group(2), max_digits=MAX_VALUE_DIGITS)
        values = [given[i] for i in range(1, n + 1) if i in given]
    if len(values) != n:
        raise ParseError(f"expected values for all {n} variables, got {len(values)}")
    return values


class DifferenceConstraints(Environment):
    id = "graph/difference_constraints"
    version = 1
    description = "Find integers satisfying constraints x_j - x_i <= c, or prove there are none with a negative cycle."
    difficulty_scales = (
        f"variables: 3 + L (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); constraints: about 2 per "
        "variable, many of them tight around hidden values; constants: about -(3 + L) to 1.5 (3 + L); half the "
        "systems "
        "are infeasible, through one planted cycle of up to 2 + L / 3 constraints"
    )
    size_name = "variables"
    answer_format = (
        "either the values of x1 to xn in order separated by spaces, for example 3 -1 0 2, or the word "
        "infeasible followed by the variable numbers of a cycle whose constants add up to less than 0, for "
        "example infeasible 2 5 3"
    )
    tags = ("graph", "shortest-path", "negative-cycle", "constraints")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 3 + lev
        spread = 3 + lev
        hidden = [rng.randint(0, spread) for _ in range(n)]
        pairs: dict[tuple[int, int], int] = {}  # (i, j) -> slack of the constraint x_j - x_i <= c

        def add(i: int, j: int, slack: int) -> None:
            if (i, j) not in pairs:
                pairs[(i, j)] = slack

        def loose() -> int:
            return 0 if rng.random() < 0.5 else rng.randint(1, 1 + spread // 2)

        if rng.random() < 0.5:  # infeasible: a cycle whose constants add up to -1 or -2
            length = rng.randint(2, min(n, 2 + lev // 3))
            cycle = rng.sample(range(n), length)
            slacks = [0] * length
            slacks[rng.randrange(length)] = -rng.randint(1, 2)
            for a, b, slack in zip(cycle, cycle[1:] + cycle[:1], slacks):
                add(a, b, slack)
        for u, v in random_tree_edges(n, rng):  # every variable is constrained
            add(*((u, v) if rng.random() < 0.5 else (v, u)), loose())
        while len(pairs) < 2 * n:
            i, j = rng.sample(range(n), 2)
            add(i, j, loose())
        constraints = sorted([i, j, hidden[j] - hidden[i] + slack] for (i, j), slack in pairs.items())
        values, cycle = solve_constraints(n, constraints)
        listed = "\n".join(f"x{j + 1} - x{i + 1} <= {c}" for i, j, c in constraints)
        prompt = (
            f"Find integers x1 to x{n} that satisfy all of these {len(constraints)} constraints:\n{listed}\n\n"
            f"If such integers exist, give the values of x1 to x{n} in order (negative values are allowed, up to "
            f"{MAX_VALUE_DIGITS} digits each; any solution is accepted). If none exist, write the word infeasible "
            "followed by the numbers of variables v1, v2, ..., vk that form a cycle of constraints: for each "
            "consecutive pair, and for vk back to v1, there is a constraint x_next - x_current <= c, and the "
            "constants c of these k constraints add up to less than 0 (adding those constraints up gives 0 < 0, so "
            "no solution exists). For example, infeasible 2 5 3 names the cycle x2, x5, x3 (repeating the first "
            "variable at the end is allowed). Any such cycle is accepted."
        )
        if values is not None:
            answer = " ".join(map(str, values))
        else:
            answer = "infeasible " + " ".join(str(v + 1) for v in cycle)
        data = {"n": n, "constraints": constraints, "feasible": values is not None}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = data["n"]
        limit = {(i, j): c for i, j, c in data["constraints"]}
        first = answer.lstrip()[:1]
        if first.isalpha() and first not in "xX":  # a keyword, not values or x1 = ... assignments
            _, rest = split_keyword(answer, ("infeasible",))
            cycle = [v - 1 for v in parse_int_list(rest, max_items=n + 1, max_digits=len(str(n)) + 1)]
            if any(not 0 <= v < n for v in cycle):
                return Verdict.wrong(f"variables are numbered 1 to {n}")
            if len(cycle) > 1 and cycle[0] == cycle[-1]:
                cycle.pop()  # the first variable repeated to close the cycle
            if len(cycle) < 2:
                return Verdict.wrong("a cycle needs at least 2 variables")
            total = 0
            for a, b in zip(cycle, cycle[1:] + cycle[:1]):
                if (a, b) not in limit:
                    return Verdict.wrong(f"there is no constraint x{b + 1} - x{a + 1} <= c")
                total += limit[(a, b)]
            if total >= 0:
                return Verdict.wrong(f"the constants along the cycle add up to {total}, not less than 0")
            return Verdict.right()
        values = parse_values(answer, n)
        for i, j, c in data["constraints"]:
            if values[j] - values[i] > c:
                return Verdict.wrong(f"x{j + 1} - x{i + 1} = {values[j] - values[i]}, more than {c}")
        return Verdict.right()
