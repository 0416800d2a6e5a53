"""code/speed_up_function: a correct but exponential recursive function; write one that returns the same values
fast enough for large arguments (memoisation or a table: the recursion repeats the same calls)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.sandboxed import FunctionEnvironment

#: Every (i, j) with both up to SMALL is tested, so each branch and base case is exercised.
SMALL = 6
#: The step each kind of recursive term takes back in (i, j).
STEPS = ((1, 0), (0, 1), (1, 1), (2, 0), (0, 2))
MODULI = (1_000_003, 999_983, 10_007, 65_521)


@dataclass(frozen=True)
class Term:
    """``mul * count(i - di, j - dj)``, added when ``(i + j) % modulus == remainder`` if modulus > 0."""

    di: int
    dj: int
    mul: int
    modulus: int
    remainder: int


@dataclass(frozen=True)
class Spec:
    base: tuple[int, int, int]  # i <= 0 or j <= 0: (b0 * i + b1 * j + b2) % m
    terms: tuple[Term, ...]
    modulus: int

    def base_value(self, i: int, j: int) -> int:
        b0, b1, b2 = self.base
        return (b0 * i + b1 * j + b2) % self.modulus

    def table(self, size: int) -> list[list[int]]:
        """count(i, j) for 0 <= i, j <= size, bottom-up: each term's arguments come earlier in the order."""
        values = [[0] * (size + 1) for _ in range(size + 1)]
        for i in range(size + 1):
            for j in range(size + 1):
                if i <= 0 or j <= 0:
                    values[i][j] = self.base_value(i, j)
                    continue
                total = 0
                for term in self.terms:
                    if term.modulus and (i + j) % term.modulus != term.remainder:
                        continue
                    a, b = i - term.di, j - term.dj
                    total += term.mul * (self.base_value(a, b) if a <= 0 or b <= 0 else values[a][b])
                values[i][j] = total % self.modulus
        return values


def draw_spec(rng: random.Random, count: int) -> Spec:
    """Two unconditional terms (i - 1, j) and (i, j - 1): the plain recursion makes C(i + j, i) calls at least."""
    terms = [Term(1, 0, rng.randint(1, 9), 0, 0), Term(0, 1, rng.randint(1, 9), 0, 0)]
    for di, dj in rng.sample(STEPS[2:], min(count - 2, len(STEPS) - 2)):
        modulus = rng.randint(2, 5)
        terms.append(Term(di, dj, rng.randint(1, 9), modulus, rng.randrange(modulus)))
    rng.shuffle(terms)
    base = (rng.randint(0, 5), rng.randint(0, 5), rng.randint(1, 20))
    return Spec(base, tuple(terms), rng.choice(MODULI))


def render(spec: Spec) -> str:
    b0, b1, b2 = spec.base
    parts = [f"{k} * {name}" if k != 1 else name for k, name in ((b0, "i"), (b1, "j")) if k] + [str(b2)]
    lines = [
        "def count(i, j):",
        "    if i <= 0 or j <= 0:",
        f"        return ({' + '.join(parts)}) % {spec.modulus}",
        "    total = 0",
    ]
    for term in spec.terms:
        call = f"count({'i' if not term.di else f'i - {term.di}'}, {'j' if not term.dj else f'j - {term.dj}'})"
        add = f"total += {term.mul} * {call}" if term.mul != 1 else f"total += {call}"
        if term.modulus:
            lines += [f"    if (i + j) % {term.modulus} == {term.remainder}:", f"        {add}"]
        else:
            lines.append(f"    {add}")
    lines.append(f"    return total % {spec.modulus}")
    return "\n".join(lines) + "\n"


def reference(spec: Spec) -> str:
    """The same recursion with each result remembered: every (i, j) is computed once (depth i + j at most)."""
    return "from functools import lru_cache\n\n\n@lru_cache(maxsize=None)\n" + render(spec)


class SpeedUpFunction(FunctionEnvironment):
    id = "code/speed_up_function"
    version = 1
    description = (
        "Given a correct but exponential-time recursive function of (i, j), write one that returns the same values "
        "for arguments far too large for it, within a CPU time limit."
    )
    difficulty_scales = (
        "largest argument: 20 + d (up to 60), so the plain recursion would make at least C(40 + 2d, 20 + d) calls; "
        "recursive terms: 2 + d // 8 (up to 5), each extra one under a condition"
    )
    size_name = "largest argument"
    answer_format = CODE_ANSWER
    tags = ("code", "algorithms", "efficiency", "recursion")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        largest = 20 + min(t, 40)
        spec = draw_spec(rng, 2 + min(t, 30) // 8)
        table = spec.table(largest)
        pairs = [(i, j) for i in range(SMALL + 1) for j in range(SMALL + 1)]
        pairs += [(largest, largest), (largest, rng.randint(largest // 2, largest - 1))]
        pairs += [(rng.randint(largest // 2, largest), rng.randint(SMALL + 1, largest)) for _ in range(4)]
        tests = [{"args": [i, j], "expected": table[i][j]} for i, j in pairs]
        prompt = (
            f"This Python function is correct, but it takes exponential time:\n\n```python\n{render(spec)}```\n\n"
            f"Write a function count(i, j) that returns exactly the same values for every i and j from 0 to "
            f"{largest}, fast: all the tests together must finish within {self.limits.cpu_seconds} seconds of CPU "
            f"time, far less than the given code needs for the larger arguments. "
            f"{hidden_tests(f'every i and j up to {SMALL}, and i and j up to {largest}')}"
        )
        data = {"entry": "count", "arity": 2, "tests": tests}
        return Instance(prompt=prompt, answer=reference(spec), data=data, size=largest)
