"""math/modular_exponentiation: a^e mod m for a long exponent."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits


class ModularExponentiation(Environment):
    id = "math/modular_exponentiation"
    version = 1
    description = "Compute a^e mod m for a long exponent e."
    difficulty_scales = (
        "exponent digits: 1 + d; modulus and base digits: 2 + d // 2 (past d = 100 about +20 per doubling)"
    )
    size_name = "digits of the exponent"
    answer_format = "an integer from 0 to m - 1, for example 17"
    tags = ("math", "number_theory", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        exponent_digits, modulus_digits = digits_cap(1 + lvl), digits_cap(2 + lvl // 2)
        m = random_with_digits(rng, modulus_digits)
        a = rng.randint(2, max(2, m - 1)) if rng.random() < 0.8 else random_with_digits(rng, modulus_digits + 1)
        e = random_with_digits(rng, exponent_digits)
        if e == 1:
            e = rng.randint(2, 9)
        result = pow(a, e, m)
        prompt = f"Compute {a}^{e} mod {m}, that is, the remainder of {a} to the power {e} when divided by {m}."
        data = {"m": str(m), "result": str(result), "max_digits": modulus_digits + 2}
        return Instance(prompt=prompt, answer=str(result), data=data, size=exponent_digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=data["max_digits"])
        m = int(data["m"])
        if not 0 <= value < m:
            return Verdict.wrong(f"the remainder must be between 0 and {m - 1}")
        if value != int(data["result"]):
            return Verdict.wrong("that is not the remainder")
        return Verdict.right()
