"""What the code environments with a CPU-time bound share: inputs the child builds from a stated formula,
sizes that outgrow the naive algorithm, and expected values computed in the parent only when needed.

The inputs of the largest tests are far too big to store with the problem (hidden tests stay under
~200 KB), so a test's arguments are a length and a seed, and the prompt states the exact formula that
builds the array from them. Computing the expected values of the largest tests takes longer than
generation may, so they are computed at check time, once the run has completed, and cached.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, ClassVar

from rlve import Verdict
from rlve.scaling import taper
from rlve_plugin_code.sandbox import Limits, run
from rlve_plugin_code.sandboxed import FunctionEnvironment, judge_tests

#: The limit the prompts state; a quadratic algorithm runs past it from about d = 10 on.
TIME_LIMIT = Limits(wall_seconds=8.0, cpu_seconds=4)


def grown_size(difficulty: int, first: int, ratio: tuple[int, int], cap: int) -> int:
    """``first * ratio**d`` (ratio = numerator / denominator) until the next step would pass ``cap``, then
    + cap/50 per level up to d = 30 and + cap/1000 per level of ``taper`` beyond: strictly growing on 0..30,
    never above about 1.7 * cap even at d = 10**100, so the efficient algorithm always fits the limit."""
    numerator, denominator = ratio
    t = taper(difficulty)
    size = first
    for _ in range(min(t, 30)):
        grown = size * numerator // denominator
        size = grown if grown <= cap else size + cap // 50
    return size + max(0, t - 30) * (cap // 1000)


def quadratic(n: int, a: int, b: int, seed: int, modulus: int) -> list[int]:
    """x[i] = (a*i*i + b*i + seed) mod modulus for 0 <= i < n: the formula every prompt states."""
    return [(a * i * i + b * i + seed) % modulus for i in range(n)]


def quadratic_text(name: str, a: int, b: int, modulus: int, seed: str = "s", index: str = "i") -> str:
    return f"{name}[{index}] = ({a}*{index}*{index} + {b}*{index} + {seed}) mod {modulus}"


def draw_quadratic(rng: random.Random, low: int = 100_000, high: int = 1_000_000) -> tuple[int, int, int]:
    """Constants (a, b, modulus) of one formula; values then look random to a program that does not sort."""
    modulus = rng.randint(low, high)
    return rng.randint(1, modulus - 1), rng.randint(1, modulus - 1), modulus


def time_limit_text(limits: Limits, naive: str) -> str:
    return (
        f"All the tests together must finish within {limits.cpu_seconds} seconds of CPU time, so {naive} is too "
        "slow for the largest tests."
    )


@lru_cache(maxsize=512)
def _expected(environment: type, constants: tuple[int, ...], args: tuple[Any, ...]) -> Any:
    return environment.solve(constants, args)


class TimedFunctionEnvironment(FunctionEnvironment):
    """A function-writing environment whose hidden tests store only arguments: ``solve(constants, args)``
    (an efficient algorithm run in this process; ``constants`` are the formula's, ``data["constants"]``)
    gives the expected value once the sandboxed run completed."""

    limits: ClassVar[Limits] = TIME_LIMIT

    @staticmethod
    def solve(constants: tuple[int, ...], args: tuple[Any, ...]) -> Any:
        raise NotImplementedError

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        source = self.source_from_answer(data, answer)
        result = run(self.job(data, source))
        if result.completed:
            constants = tuple(data["constants"])
            tests = [
                {**test, "expected": _expected(type(self), constants, tuple(test["args"]))} for test in data["tests"]
            ]
            data = {**data, "tests": tests}
        return judge_tests(result, data, source)
