"""Small environments for testing the core itself (the packs have the real ones)."""

from __future__ import annotations

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int


class AddEnv(Environment):
    id = "toy/add"
    description = "Add two numbers."
    difficulty_scales = "digits: 1 + d"
    size_name = "digits"
    answer_format = "an integer"

    def generate(self, difficulty, rng):
        digits = 1 + difficulty
        a, b = rng.randrange(10**digits), rng.randrange(10**digits)
        return Instance(prompt=f"What is {a} + {b}?", answer=str(a + b), data={"sum": a + b}, size=digits)

    def check(self, data, answer):
        return Verdict.right() if parse_int(answer) == data["sum"] else Verdict.wrong("wrong sum")


class CrashingEnv(AddEnv):
    id = "toy/crash"

    def check(self, data, answer):
        raise ZeroDivisionError("bug in the checker")
