"""code/fast_range_gcd: answer many range-gcd queries on a generated array, faster than scanning each range."""

from __future__ import annotations

import random
from math import gcd

from rlve import Instance
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.timed_tasks import (
    TimedFunctionEnvironment,
    draw_quadratic,
    grown_size,
    quadratic,
    time_limit_text,
)

#: a[i] is a product of some of these. Prime k is left out when x[i] < m >> 2(k + 1) (a chance of about
#: 4^-(k+1)), so ranges of every length up to about 100000 keep different sets of primes: the gcd of a long
#: range is rarely 1, which would let a scan stop early.
PRIMES = (2, 3, 5, 7, 11, 13, 17, 19)


def largest_n(difficulty: int) -> int:
    """30 * 1.8^d: scanning each range (n queries of n/3 elements) fits the limit up to about d = 9."""
    return grown_size(difficulty, 30, (9, 5), 100_000)


def array(n: int, a: int, b: int, s: int, m: int) -> list[int]:
    thresholds = [(m >> (2 * k + 2), p) for k, p in enumerate(PRIMES)]
    values = []
    for x in quadratic(n, a, b, s, m):
        product = 1
        for threshold, p in thresholds:
            if x >= threshold:
                product *= p
        values.append(product)
    return values


def queries(n: int, q: int, s: int, c: int, e: int) -> list[tuple[int, int]]:
    """Query k covers l..r, the two ends (c*k + s) mod n and (e*k*k + k + s) mod n in increasing order."""
    result = []
    for k in range(q):
        x, y = (c * k + s) % n, (e * k * k + k + s) % n
        result.append((min(x, y), max(x, y)))
    return result


def range_gcd_sum(values: list[int], ranges: list[tuple[int, int]]) -> int:
    """Sparse table: table[j][i] is the gcd of values[i : i + 2**j]; a range is the union of two of them."""
    table = [values]
    while 2 ** len(table) <= len(values):
        previous, half = table[-1], 2 ** (len(table) - 1)
        table.append([gcd(x, y) for x, y in zip(previous, previous[half:])])
    total = 0
    for left, right in ranges:
        j = (right - left + 1).bit_length() - 1
        total += gcd(table[j][left], table[j][right - 2**j + 1])
    return total


REFERENCE = """from math import gcd


def gcd_queries(n, q, s):
    primes = {primes}
    values = []
    for i in range(n):
        x = ({a} * i * i + {b} * i + s) % {m}
        product = 1
        for k, p in enumerate(primes):
            if x >= {m} >> (2 * k + 2):
                product *= p
        values.append(product)
    # Sparse table: table[j][i] = gcd of values[i .. i + 2**j - 1]; gcd(x, x) = x, so overlaps are harmless.
    table = [values]
    while 2 ** len(table) <= n:
        previous, half = table[-1], 2 ** (len(table) - 1)
        table.append([gcd(x, y) for x, y in zip(previous, previous[half:])])
    total = 0
    for k in range(q):
        x, y = ({c} * k + s) % n, ({e} * k * k + k + s) % n
        left, right = min(x, y), max(x, y)
        j = (right - left + 1).bit_length() - 1
        total += gcd(table[j][left], table[j][right - 2 ** j + 1])
    return total
"""


class FastRangeGcd(TimedFunctionEnvironment):
    id = "code/fast_range_gcd"
    version = 1
    description = (
        "Write a Python function answering many range-gcd queries on a generated array, within a CPU time limit "
        "that rules out scanning each range."
    )
    difficulty_scales = (
        "largest n and q: 30 * 1.8^d up to 100000, then +2000 per level (slower past d=30), so scanning each "
        "range stops fitting the time limit around d=10"
    )
    size_name = "largest n"
    answer_format = CODE_ANSWER
    tags = ("code", "algorithms", "math", "efficiency")

    @staticmethod
    def solve(constants: tuple[int, ...], args: tuple[int, ...]) -> int:
        a, b, m, c, e = constants
        n, q, s = args
        return range_gcd_sum(array(n, a, b, s, m), queries(n, q, s, c, e))

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        a, b, m = draw_quadratic(rng)
        c, e = rng.randint(1, m - 1), rng.randint(1, m - 1)
        largest = largest_n(difficulty)
        small = min(12, largest)
        # x[0] = s: with s on a threshold, >= and > give different products.
        on_threshold = m >> (2 * rng.randrange(len(PRIMES)) + 2)
        calls = [[1, 1, rng.randrange(m)], [1, 3, on_threshold], [2, 4, rng.randrange(m)]]
        calls += [[rng.randint(2, small), rng.randint(1, small), rng.randrange(m)] for _ in range(4)]
        middle = rng.randint(largest // 10, largest // 2)
        calls += [[middle, rng.randint(largest // 10, largest // 2), rng.randrange(m)]]
        calls += [[largest, largest, rng.randrange(m)]]
        n, q, s = 6, 3, rng.randrange(m)
        values = array(n, a, b, s, m)
        ranges = queries(n, q, s, c, e)
        names = ", ".join(str(p) for p in PRIMES)
        prompt = (
            "From three integers n, q and s, build an array a of n positive integers and q queries:\n\n"
            f"    x[i] = ({a}*i*i + {b}*i + s) mod {m}    for i = 0, 1, ..., n - 1\n"
            f"    a[i] = the product of the primes p_k for which x[i] >= {m} // 4**(k + 1)\n\n"
            f"where p_0, p_1, ..., p_7 are {names} (mod is the remainder, // the integer division; a prime "
            "that fits no condition is left out, and a[i] = 1 when none does). Query k, for k = 0, 1, ..., "
            "q - 1, asks for the greatest common divisor of a[l], a[l + 1], ..., a[r], where l is the smaller and "
            f"r the larger (or equal) of the two numbers ({c}*k + s) mod n and ({e}*k*k + k + s) mod n.\n\n"
            "Write a Python function\n\n    def gcd_queries(n: int, q: int, s: int) -> int:\n\n"
            f"that returns the sum of the answers to the q queries. The tests have 1 <= n <= {largest}, "
            f"1 <= q <= {largest} and 0 <= s < {m}.\n\n"
            f"For example, with n = {n}, q = {q} and s = {s}: x = {quadratic(n, a, b, s, m)}, a = {values}, the "
            f"queries cover {', '.join(f'{left}..{right}' for left, right in ranges)}, and "
            f"gcd_queries({n}, {q}, {s}) == {range_gcd_sum(values, ranges)}.\n\n"
            f"{time_limit_text(self.limits, 'scanning each queried range')} "
            f"{hidden_tests('n = 1 and the largest n and q included')}"
        )
        tests = [{"args": call} for call in calls]
        data = {"entry": "gcd_queries", "arity": 3, "tests": tests, "constants": [a, b, m, c, e]}
        answer = REFERENCE.format(a=a, b=b, m=m, c=c, e=e, primes=list(PRIMES))
        return Instance(prompt=prompt, answer=answer, data=data, size=largest)
