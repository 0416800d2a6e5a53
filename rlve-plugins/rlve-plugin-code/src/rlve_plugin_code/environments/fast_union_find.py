"""code/fast_union_find: process generated union and same-set operations online, with a disjoint-set union."""

from __future__ import annotations

import random

from rlve import Instance
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.timed_tasks import TimedFunctionEnvironment, grown_size, time_limit_text


def largest_n(difficulty: int) -> int:
    """30 * 2^d elements and 3 times as many operations (so that a large set forms early and many queries are
    answered yes): relabelling a whole set at each union (O(n) per union) fits the limit up to about d = 8 and
    is 10 times over it at d = 10; a disjoint-set union takes about O(1) per operation."""
    return grown_size(difficulty, 30, (2, 1), 150_000)


#: The operations' formulas work modulo this prime first, so that they look random modulo any n.
PRIME = 1_000_003


def operation(k: int, n: int, s: int, yes: int, c: int, e: int) -> tuple[int, int]:
    """The two elements of operation k; ``yes`` (the queries answered yes so far) makes the stream online."""
    return (c * k + s) % PRIME % n, ((e * k * k + s) % PRIME + yes) % n


def yes_index_sum(n: int, q: int, s: int, c: int, e: int) -> int:
    parent = list(range(n))
    size = [1] * n

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]  # path halving
            x = parent[x]
        return x

    yes = total = 0
    for k in range(q):
        x, y = operation(k, n, s, yes, c, e)
        x, y = find(x), find(y)
        if k % 3 == 2:
            if x == y:
                yes += 1
                total += k
        elif x != y:
            if size[x] < size[y]:
                x, y = y, x
            parent[y] = x
            size[x] += size[y]
    return total


REFERENCE = """def union_find(n, q, s):
    parent = list(range(n))
    size = [1] * n

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]  # path halving
            x = parent[x]
        return x

    yes = total = 0
    for k in range(q):
        x = find(({c} * k + s) % {p} % n)
        y = find((({e} * k * k + s) % {p} + yes) % n)
        if k % 3 == 2:  # a same-set query
            if x == y:
                yes += 1
                total += k
        elif x != y:  # a union: the smaller set goes under the larger
            if size[x] < size[y]:
                x, y = y, x
            parent[y] = x
            size[x] += size[y]
    return total
"""


class FastUnionFind(TimedFunctionEnvironment):
    id = "code/fast_union_find"
    version = 1
    description = (
        "Write a Python function processing a generated stream of union and same-set operations online, within "
        "a CPU time limit that rules out relabelling a whole set at each union."
    )
    difficulty_scales = (
        "largest n: 30 * 2^d up to 150000, then +3000 per level (slower past d=30), with 3n operations, so "
        "relabelling a set at each union stops fitting the time limit around d=9"
    )
    size_name = "largest n"
    answer_format = CODE_ANSWER
    tags = ("code", "algorithms", "graphs", "efficiency")

    @staticmethod
    def solve(constants: tuple[int, ...], args: tuple[int, ...]) -> int:
        c, e = constants
        n, q, s = args
        return yes_index_sum(n, q, s, c, e)

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        modulus = PRIME
        c, e = rng.randint(1, modulus - 1), rng.randint(1, modulus - 1)
        largest = largest_n(difficulty)
        calls = [[1, 3, rng.randrange(modulus)], [2, 6, rng.randrange(modulus)]]
        calls += [[rng.randint(3, 12), rng.randint(6, 30), rng.randrange(modulus)] for _ in range(4)]
        middle = rng.randint(largest // 8, largest // 2)
        calls += [[middle, 3 * middle, rng.randrange(modulus)], [largest, 3 * largest, rng.randrange(modulus)]]
        n, q, s = 5, 9, rng.randrange(modulus)
        prompt = (
            f"There are n elements 0, 1, ..., n - 1, each alone in its own set at first. From three integers n, q "
            f"and s, a stream of q operations k = 0, 1, ..., q - 1 is generated. Operation k involves the elements\n\n"
            f"    x = (({c}*k + s) mod {PRIME}) mod n    and    y = ((({e}*k*k + s) mod {PRIME}) + yes) mod n\n\n"
            "where mod is the remainder and yes is the number of queries answered yes by the operations before k "
            "(so each operation depends on the answers before it). When k mod 3 = 2 the operation is a query: "
            "are x and y in the same set? Otherwise it is a union: the sets of x and y are merged into one (nothing "
            "changes if they are already the same set).\n\nWrite a Python function\n\n"
            "    def union_find(n: int, q: int, s: int) -> int:\n\n"
            "that returns the sum of the numbers k of the queries answered yes (0 when there is none). The tests "
            f"have 1 <= n <= {largest}, 1 <= q <= {3 * largest} and 0 <= s < {modulus}.\n\n"
            f"For example, union_find({n}, {q}, {s}) == {yes_index_sum(n, q, s, c, e)}.\n\n"
            f"{time_limit_text(self.limits, 'relabelling a whole set at each union (or searching a graph per query)')} "
            f"{hidden_tests('n = 1 and the largest n and q included')}"
        )
        tests = [{"args": call} for call in calls]
        data = {"entry": "union_find", "arity": 3, "tests": tests, "constants": [c, e]}
        return Instance(prompt=prompt, answer=REFERENCE.format(c=c, e=e, p=PRIME), data=data, size=largest)
