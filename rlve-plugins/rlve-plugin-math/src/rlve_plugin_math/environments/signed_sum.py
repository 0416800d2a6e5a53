"""math/signed_sum: the value of a long chain of additions and subtractions of signed integers."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits


class SignedSum(Environment):
    id = "math/signed_sum"
    version = 1
    description = "Evaluate a long chain of additions and subtractions of signed integers."
    difficulty_scales = (
        "terms: 3 + d; digits per term: up to 1 + d // 3; negative terms in brackets from d = 4 "
        "(past d = 100 about +20 terms per doubling, digits slower)"
    )
    size_name = "terms"
    answer_format = "an integer in decimal digits, for example -4021 (commas as thousands separators are allowed)"
    tags = ("math", "arithmetic")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        terms, max_term_digits = 3 + lvl, digits_cap(1 + slow(lvl, 3, 30))
        total = 0
        parts: list[str] = []
        for index in range(terms):
            # The widest terms are the hardest to line up; mixing widths keeps carries irregular.
            value = random_with_digits(rng, rng.randint(1, max_term_digits))
            negative_value = lvl >= 4 and rng.random() < 0.25
            written = f"({-value})" if negative_value else str(value)
            signed = -value if negative_value else value
            if index == 0:
                if not negative_value and rng.random() < 0.3:
                    written, signed = f"-{value}", -value
                parts.append(written)
                total += signed
            elif rng.random() < 0.5:
                parts.append(f"+ {written}")
                total += signed
            else:
                parts.append(f"- {written}")
                total -= signed
        prompt = f"Compute the value of this expression (evaluate from left to right):\n\n{' '.join(parts)}"
        data = {"total": str(total), "max_digits": digits_of(total) + max_term_digits + 4}
        return Instance(prompt=prompt, answer=str(total), data=data, size=terms)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = parse_integer(answer, max_digits=data["max_digits"], allow_thousands=True)
        if value != int(data["total"]):
            return Verdict.wrong("that is not the value of the expression")
        return Verdict.right()
