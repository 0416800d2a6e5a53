"""graph/pancake_sorting: sort a stack of pancakes with the fewest prefix reversals (flips), any shortest."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import level
from rlve_plugin_graph.reading import check_length

#: Search nodes allowed per scramble (a few milliseconds of Python); a scramble that needs more is redrawn.
NODE_BUDGET = 4_000
#: Scrambles tried before falling back to one whose optimum is certain without any search.
ATTEMPTS = 6
#: Larger stacks skip the search (a random scramble of them rarely fits the budget) and get such a scramble.
MOST_SEARCHED = 20


class _Budget(Exception):
    """The search used up its node budget."""


def _gap(a: int, b: int) -> int:
    """1 when pancakes a and b (or a pancake and the plate, n + 1) are not neighbours in the sorted stack."""
    return 0 if abs(a - b) == 1 else 1


def gaps(stack: list[int]) -> int:
    """The gap count: places where neighbours in the stack (the plate under the bottom one, as n + 1) are
    not consecutive numbers. A flip changes only the place under the flipped part, so it removes at most
    one gap: the count is a lower bound on the flips still needed, and zero exactly when sorted."""
    return sum(_gap(a, b) for a, b in zip(stack, [*stack[1:], len(stack) + 1]))


def shortest_flips(stack: list[int], budget: int) -> list[int]:
    """A shortest list of flips (flip k reverses the top k pancakes) that sorts ``stack`` (top first).

    IDA*: depth-first searches with a growing bound on flips made plus the gap count, which never
    overestimates, so the first solution found is a shortest one. Raises ``_Budget`` past ``budget`` nodes.
    """
    n = len(stack)
    plate = n + 1
    path: list[int] = []
    nodes = 0

    def search(state: list[int], made: int, gap_count: int, bound: int, last: int) -> int | None:
        nonlocal nodes
        if gap_count == 0:
            return None
        smallest_over = 1 << 30
        for k in range(2, n + 1):
            if k == last:
                continue  # the same flip twice in a row undoes itself
            below = state[k] if k < n else plate
            child_gaps = gap_count - _gap(state[k - 1], below) + _gap(state[0], below)
            estimate = made + 1 + child_gaps
            if estimate > bound:
                smallest_over = min(smallest_over, estimate)
                continue
            nodes += 1
            if nodes > budget:
                raise _Budget
            path.append(k)
            over = search(state[k - 1 :: -1] + state[k:], made + 1, child_gaps, bound, k)
            if over is None:
                return None
            path.pop()
            smallest_over = min(smallest_over, over)
        return smallest_over

    bound = gaps(stack)
    while True:
        over = search(list(stack), 0, gaps(stack), bound, 0)
        if over is None:
            return path
        bound = over


def flip(stack: list[int], k: int) -> list[int]:
    return stack[k - 1 :: -1] + stack[k:]


def gap_tight_scramble(n: int, flips: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """A stack that needs exactly as many flips as it was scrambled with, and a shortest solution.

    From the sorted stack, each flip is chosen to add exactly one gap (it splits two neighbours and puts
    the top pancake above a non-neighbour); then the gap count, a lower bound, equals the flips made,
    and undoing them (the flips in reverse order) is a solution of that length. Stops early when no such flip is left.
    """
    stack = list(range(1, n + 1))
    made: list[int] = []
    while len(made) < flips:
        below = [*stack[1:], n + 1]
        choices = [
            k
            for k in range(2, n + 1)
            if not _gap(stack[k - 1], below[k - 1]) and _gap(stack[0], below[k - 1])
        ]
        if not choices:
            break
        made.append(rng.choice(choices))
        stack = flip(stack, made[-1])
    return stack, made[::-1]


def plan(difficulty: int) -> tuple[int, int]:
    """(pancakes, scramble flips): the flips grow at every level to 30, the stack every fourth level; beyond,
    both grow by one per 10 levels of ``level`` up to 100, then by one per 50."""
    lev = level(difficulty)
    beyond = max(0, min(lev, 100) - 30) // 10 + max(0, lev - 100) // 50
    return 3 + min(lev, 30) // 4 + beyond, 1 + min(lev, 30) + beyond


class PancakeSorting(Environment):
    id = "graph/pancake_sorting"
    version = 1
    description = "Sort a stack of pancakes with the fewest prefix reversals (flips); any shortest list counts."
    difficulty_scales = (
        "scramble: 1 + L random flips (L = d to 100, then +20 per doubling) up to L = 30, then one more per 10 "
        "levels to L = 100 and one per 50 beyond; pancakes: 3 + L / 4 up to 10 at L = 30, then growing like the "
        "scramble; the optimum comes from IDA* with the gap bound, or, where that would take too long (over "
        f"{MOST_SEARCHED} pancakes), from a scramble whose every flip adds a gap, so that the gap bound is exact"
    )
    size_name = "scramble flips"
    answer_format = "the flips in order, each as the number of pancakes flipped, separated by spaces, for example 4 2 3"
    tags = ("sorting", "permutation", "planning", "shortest-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, scramble = plan(difficulty)
        solution = None
        for _ in range(ATTEMPTS if n <= MOST_SEARCHED else 0):
            stack = list(range(1, n + 1))
            last = 0
            for _ in range(scramble):
                k = rng.choice([k for k in range(2, n + 1) if k != last])
                stack, last = flip(stack, k), k
            if gaps(stack) == 0:
                continue
            try:
                solution = shortest_flips(stack, NODE_BUDGET)
            except _Budget:
                continue
            break
        if solution is None:
            stack, solution = gap_tight_scramble(n, scramble, rng)
        prompt = (
            f"A stack of {n} pancakes of sizes 1 to {n} is listed from the top of the stack to the bottom:\n"
            f"{' '.join(map(str, stack))}\n\n"
            "A flip of k (k from 2 to the number of pancakes) turns over the top k pancakes at once, reversing "
            "their order; the pancakes below stay where they are. Sort the stack so that it reads 1, 2, ..., "
            f"{n} from top to bottom (the smallest on top), with as few flips as possible. Give the flips in the "
            "order you make them, each as its k. Any shortest list of flips is accepted."
        )
        data = {"stack": stack, "best": len(solution)}
        return Instance(prompt=prompt, answer=" ".join(map(str, solution)), data=data, size=scramble)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        stack, best = list(data["stack"]), data["best"]
        n = len(stack)
        limit = 2 * n + best + 2  # far more than any sensible answer; a longer list is not read
        digits = len(str(n)) + 2
        flips = parse_int_list(check_length(answer, limit, digits), max_items=limit, max_digits=digits)
        for number, k in enumerate(flips, start=1):
            if not 1 <= k <= n:
                return Verdict.wrong(f"flip {number} turns over {k} pancakes, but the stack has {n}")
            stack = flip(stack, k)
        if gaps(stack) != 0:
            return Verdict.wrong("the flips do not sort the stack")
        if len(flips) != best:
            return Verdict.wrong(f"{len(flips)} flips are used, but {best} are enough")
        return Verdict.right()
