"""math/chinese_remainder: the smallest non-negative solution of a system of congruences."""

from __future__ import annotations

import math
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import digits_of, parse_integer
from rlve_plugin_math.scaling import LEVEL_CAP, digits_cap, random_with_digits


def _coprime_moduli(rng: random.Random, sizes: list[int]) -> list[int]:
    """Pairwise coprime moduli with about the given digit counts: random ones, counting upwards if unlucky."""
    moduli: list[int] = []
    product = 1
    for digits in sizes:
        for _ in range(40):
            m = random_with_digits(rng, digits)
            if m >= 2 and math.gcd(m, product) == 1:
                break
        else:
            # Only tiny moduli run out of random coprime choices; counting upwards always reaches one.
            while math.gcd(m, product) != 1 or m < 2:
                m += 1
        moduli.append(m)
        product *= m
    return moduli


class ChineseRemainder(Environment):
    id = "math/chinese_remainder"
    version = 1
    description = "Solve a system of congruences x = r_i (mod m_i): the smallest non-negative solution."
    difficulty_scales = (
        "digits of the product of the moduli: about 2 + d; congruences: 2 + d // 6 (past d = 100 slower); "
        "from d = 6 half the systems have moduli that share factors"
    )
    size_name = "digits of the product of the moduli (about)"
    answer_format = "one non-negative integer, for example 52"
    tags = ("math", "number_theory", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        total_digits = digits_cap(2 + lvl)
        count = 2 + slow(lvl, 6, 30)
        per = max(1, total_digits // count)
        sizes = [max(1, per + rng.randint(-1, 1)) if per > 2 else per for _ in range(count)]
        coprime = lvl < 6 or rng.random() < 0.5
        if coprime:
            moduli = _coprime_moduli(rng, sizes)
        else:
            moduli = [max(2, random_with_digits(rng, digits)) for digits in sizes]
        modulus = math.lcm(*moduli)
        x = rng.randrange(1, modulus) if modulus > 2 else 1  # x = 0 would make every residue 0
        residues = [x % m for m in moduli]
        lines = "\n".join(f"x \u2261 {r} (mod {m})" for r, m in zip(residues, moduli))
        note = "The moduli are pairwise coprime." if coprime else "The moduli are not necessarily coprime."
        prompt = (
            "Find the smallest non-negative integer x that satisfies every one of these congruences "
            f"(a solution exists). {note}\n\n{lines}"
        )
        data = {
            "moduli": [str(m) for m in moduli],
            "residues": [str(r) for r in residues],
            "x": str(x),
            "modulus": str(modulus),
        }
        return Instance(prompt=prompt, answer=str(x), data=data, size=total_digits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        modulus = int(data["modulus"])
        value = parse_integer(answer, max_digits=digits_of(modulus) + 2)
        for r, m in zip(data["residues"], data["moduli"]):
            if value % int(m) != int(r):
                return Verdict.wrong(f"x is not {r} mod {m}")
        if value != int(data["x"]):
            return Verdict.wrong("x satisfies the congruences but is not the smallest non-negative solution")
        return Verdict.right()
