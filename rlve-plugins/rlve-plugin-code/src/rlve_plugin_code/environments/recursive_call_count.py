"""code/recursive_call_count: how many calls a naive recursive function makes for one argument.

The function has a base case ``n <= b`` and a recursive case that calls itself two or three times on
``n - k`` or ``n // 2``, sometimes with a different recursive case for even n. Run as written the number of
calls grows exponentially; the reference counts them with a table over n (calls(n) = 1 + the calls of each
recursive call), so the argument can grow with the difficulty. Nothing is executed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import taper

#: The argument stops growing here (taper reaches it near d = 10**9), so the count stays a few hundred digits.
MOST_ARGUMENT = 400


@dataclass(frozen=True)
class Recursion:
    base: int  # n <= base returns without recursing
    calls: tuple[str, ...]  # the recursive calls' arguments, as source: "n - 1", "n // 2"
    even_calls: tuple[str, ...] | None  # the calls made instead when n is even, if there is such a case


def argument_of(source: str, n: int) -> int:
    """The value of an argument ``n - k`` or ``n // 2`` (the only shapes drawn)."""
    return n // 2 if source == "n // 2" else n - int(source.removeprefix("n - "))


def call_counts(recursion: Recursion, top: int) -> list[int]:
    """calls[n] for every n up to ``top`` (arguments below 0 are base cases and counted as 1 call each)."""
    counts: list[int] = []
    for n in range(top + 1):
        if n <= recursion.base:
            counts.append(1)
            continue
        sources = recursion.even_calls if recursion.even_calls is not None and n % 2 == 0 else recursion.calls
        total = 1
        for source in sources:
            below = argument_of(source, n)
            total += counts[below] if below >= 0 else 1
        counts.append(total)
    return counts


def render(recursion: Recursion) -> str:
    def body(sources: tuple[str, ...], pad: str) -> str:
        return f"{pad}return " + " + ".join(f"f({source})" for source in sources) + "\n"

    lines = f"def f(n):\n    if n <= {recursion.base}:\n        return 1\n"
    if recursion.even_calls is not None:
        lines += "    if n % 2 == 0:\n" + body(recursion.even_calls, "        ")
    return lines + body(recursion.calls, "    ")


def draw_calls(rng: random.Random, count: int, halving: bool) -> tuple[str, ...]:
    shapes = [f"n - {k}" for k in (1, 1, 2, 2, 3)] + (["n // 2"] if halving else [])
    while True:
        calls = tuple(rng.choice(shapes) for _ in range(count))
        if any(call != "n // 2" for call in calls):  # keeps the count growing faster than a power of n
            return calls


def argument(difficulty: int) -> int:
    return min(5 + taper(difficulty), MOST_ARGUMENT)


class RecursiveCallCount(Environment):
    id = "code/recursive_call_count"
    version = 1
    description = "Count the calls a naive recursive Python function makes for one argument, the first call included."
    difficulty_scales = (
        "argument: 5 + d (slower past d=30, at most 400); base case n <= 1..3; three recursive calls possible "
        "from d=6; an n // 2 call and a separate case for even n from d=10"
    )
    size_name = "argument"
    answer_format = "one integer: the number of calls, for example 15"
    tags = ("code", "tracing", "recursion", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        top = argument(difficulty)
        most = 3 if difficulty >= 6 else 2
        halving = difficulty >= 10
        recursion = Recursion(
            base=rng.randint(1, 3),
            calls=draw_calls(rng, rng.randint(2, most), halving),
            even_calls=draw_calls(rng, rng.randint(2, most), halving) if halving and rng.random() < 0.5 else None,
        )
        count = call_counts(recursion, top)[top]
        prompt = (
            f"```python\n{render(recursion)}```\n\n"
            f"How many times in total is f called when a program evaluates f({top})? Count the call f({top}) "
            "itself and every recursive call (calls on arguments that are equal are counted every time; nothing "
            "is cached)."
        )
        return Instance(prompt=prompt, answer=str(count), data={"count": str(count)}, size=top)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = int(data["count"])
        answer = answer.rsplit("=", 1)[-1]  # "calls = 9"
        got = parse_int(answer, max_digits=len(data["count"]) + 2, allow_thousands=True)
        if got != expected:
            return Verdict.wrong("wrong number of calls" + (" (too few)" if got < expected else " (too many)"))
        return Verdict.right()
