"""code/implement_recurrence: compute the n-th term of a linear recurrence modulo m, for huge n."""

from __future__ import annotations

import random

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.sandbox import Limits
from rlve_plugin_code.sandboxed import FunctionEnvironment


def max_n(difficulty: int) -> int:
    """10 * 4**t: term by term fits the CPU limit up to about d = 9; beyond, it takes O(k^2 log n)."""
    return 10 * 4 ** taper(difficulty)


def homogeneous(coefficients: list[int], constant: int) -> list[int]:
    """Coefficients of an order k+1 recurrence without constant term (valid from n = k+1 on).

    f(n) - f(n-1) = sum c_i (f(n-i) - f(n-1-i)), so the constant cancels.
    """
    if constant == 0:
        return list(coefficients)
    k = len(coefficients)
    result = [1 + coefficients[0]]
    result += [coefficients[i] - coefficients[i - 1] for i in range(1, k)]
    result.append(-coefficients[-1])
    return result


def first_terms(coefficients: list[int], constant: int, initial: list[int], modulus: int, count: int) -> list[int]:
    terms = list(initial)
    while len(terms) < count:
        terms.append((sum(c * terms[-1 - i] for i, c in enumerate(coefficients)) + constant) % modulus)
    return terms[:count]


def _multiply(p: list[int], q: list[int], a: list[int], modulus: int) -> list[int]:
    """p * q modulo x^K - a_1 x^(K-1) - ... - a_K, coefficients modulo ``modulus``."""
    size = len(a)
    product = [0] * (2 * size - 1)
    for i, pi in enumerate(p):
        if pi:
            for j, qj in enumerate(q):
                product[i + j] += pi * qj
    for degree in range(2 * size - 2, size - 1, -1):
        c = product[degree] % modulus
        if c:
            for i in range(1, size + 1):
                product[degree - i] += c * a[i - 1]
    return [value % modulus for value in product[:size]]


def term(n: int, a: list[int], initial: list[int], modulus: int) -> int:
    """The n-th term of f(n) = sum a_i f(n-i) (with f(0..K-1) = initial), by Kitamasa's method."""
    return terms([n], a, initial, modulus)[0]


def terms(ns: list[int], a: list[int], initial: list[int], modulus: int) -> list[int]:
    """``term`` of each n in ``ns``; the squarings x^(2^j) are shared, so each further n costs only its
    multiplications."""
    size = len(a)
    powers = [[a[0] % modulus] if size == 1 else [0, 1] + [0] * (size - 2)]  # x^(2^j) modulo the recurrence
    values = []
    for n in ns:
        if n < size:
            values.append(initial[n] % modulus)
            continue
        result = [1] + [0] * (size - 1)
        bit = 0
        while n:
            if bit == len(powers):
                powers.append(_multiply(powers[-1], powers[-1], a, modulus))
            if n & 1:
                result = _multiply(result, powers[bit], a, modulus)
            n >>= 1
            bit += 1
        values.append(sum(r * f for r, f in zip(result, initial)) % modulus)
    return values


REFERENCE = """def term(n):
    a = {a}
    initial = {initial}
    m = {m}
    size = len(a)
    if n < size:
        return initial[n]

    def multiply(p, q):
        # p * q modulo x^size - a[0] x^(size-1) - ... - a[size-1]
        product = [0] * (2 * size - 1)
        for i, pi in enumerate(p):
            for j, qj in enumerate(q):
                product[i + j] += pi * qj
        for degree in range(2 * size - 2, size - 1, -1):
            c = product[degree] % m
            for i in range(1, size + 1):
                product[degree - i] += c * a[i - 1]
        return [value % m for value in product[:size]]

    result = [1] + [0] * (size - 1)
    base = [a[0] % m] if size == 1 else [0, 1] + [0] * (size - 2)
    while n:
        if n & 1:
            result = multiply(result, base)
        base = multiply(base, base)
        n >>= 1
    return sum(r * f for r, f in zip(result, initial)) % m
"""


def formula(coefficients: list[int], constant: int, modulus: int) -> str:
    parts = [(f"{c}*f(n-{i})" if c != 1 else f"f(n-{i})") for i, c in enumerate(coefficients, start=1) if c != 0]
    if constant:
        parts.append(str(constant))
    return f"f(n) = ({' + '.join(parts)}) mod {modulus}"


class ImplementRecurrence(FunctionEnvironment):
    id = "code/implement_recurrence"
    version = 1
    description = (
        "Write a Python function for the n-th term of a linear recurrence modulo m, for n far too large to step "
        "through."
    )
    difficulty_scales = (
        "largest n: 10 * 4^d (slower past d=30), so stepping term by term stops fitting the time limit around d=10; "
        "order of the recurrence: 1 + d // 5"
    )
    size_name = "bits of the largest n"
    answer_format = CODE_ANSWER
    tags = ("code", "algorithms", "math")
    limits = Limits(wall_seconds=8.0, cpu_seconds=4)

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        k = 1 + taper(difficulty) // 5
        modulus = rng.randint(1_000, 1_000_000_007)
        coefficients = [rng.randint(0, 9) for _ in range(k)]
        coefficients[-1] = rng.randint(1, 9)  # the order really is k
        constant = rng.choice([0, rng.randint(1, 9)])
        initial = [rng.randrange(modulus) for _ in range(k)]
        a = homogeneous(coefficients, constant)
        start = first_terms(coefficients, constant, initial, modulus, len(a))
        largest = max_n(difficulty)
        ns = list(range(min(k + 4, largest + 1)))
        ns += [rng.randint(0, min(largest, 60)) for _ in range(3)]
        ns += [rng.randint(largest // 2, largest) for _ in range(5)] + [largest]
        tests = [{"args": [n], "expected": value} for n, value in zip(ns, terms(ns, a, start, modulus))]
        first = ", ".join(f"f({i}) = {value}" for i, value in enumerate(initial))
        shown = first_terms(coefficients, constant, initial, modulus, k + 4)
        prompt = (
            "A sequence of integers is defined by\n\n"
            f"    {first}, and for every n >= {k}:\n"
            f"    {formula(coefficients, constant, modulus)}\n\n"
            f"(mod is the remainder, from 0 to {modulus - 1}). Its first terms are {', '.join(map(str, shown))}.\n\n"
            "Write a Python function\n\n    def term(n: int) -> int:\n\n"
            f"that returns f(n) for any n from 0 to {largest}. All the tests together must finish within "
            f"{self.limits.cpu_seconds} seconds of CPU time, so for large n computing the terms one by one is too "
            f"slow. {hidden_tests('small n, n = 0 and the largest n included')}"
        )
        answer = REFERENCE.format(a=a, initial=start, m=modulus)
        return Instance(
            prompt=prompt, answer=answer, data={"entry": "term", "arity": 1, "tests": tests}, size=largest.bit_length()
        )
