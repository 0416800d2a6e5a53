"""math/modular_square_root: every x in 0..p-1 with x^2 = a (mod p), p prime, or "none"."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.residues import factored_prime
from rlve_plugin_math.scaling import LEVEL_CAP
from rlve_plugin_math.solution_sets import check_solution_set

#: How often a is a quadratic non-residue (answer "none"): present, but not a good blind guess.
NONE_SHARE = 0.2


class ModularSquareRoot(Environment):
    id = "math/modular_square_root"
    version = 1
    description = "Find every square root of a modulo a prime p (x in 0..p-1 with x^2 = a), or say there is none."
    difficulty_scales = (
        "p has 5 + d bits (past d = 100 one more bit per 4 levels); 2^s divides p - 1 for s up to 1 + d // 2 "
        f"(at most half the bits), which Tonelli-Shanks needs s rounds for; a has no root in {NONE_SHARE:.0%}"
    )
    size_name = "bits of p"
    answer_format = "all solutions from 0 to p - 1 separated by spaces, in any order, or none, for example 5 18"
    tags = ("math", "number_theory", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bits = 5 + slow(lvl, 1, 4)
        p, _ = factored_prime(rng, bits, rng.randint(1, max(1, min(bits // 2, 1 + lvl // 2))))
        if rng.random() < NONE_SHARE:
            while True:
                a = rng.randint(2, p - 1)
                if pow(a, (p - 1) // 2, p) == p - 1:  # Euler's criterion: a non-residue
                    break
            roots = []
        else:
            r = rng.randint(1, p - 1)
            a = r * r % p
            roots = sorted({r, p - r})
        prompt = (
            f"Find every integer x with 0 \u2264 x \u2264 {p - 1} such that x^2 \u2261 {a} (mod {p}); "
            f"the modulus {p} is prime. List all of them, each once; if there is no such x, answer none."
        )
        data = {"p": str(p), "a": str(a), "count": len(roots)}
        answer = " ".join(map(str, roots)) if roots else "none"
        return Instance(prompt=prompt, answer=answer, data=data, size=bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        p, a = int(data["p"]), int(data["a"])
        return check_solution_set(
            answer,
            count=data["count"],
            modulus=p,
            is_solution=lambda x: (x * x - a) % p == 0,
            not_a_solution="{x}^2 is not congruent to a",
            has_solutions="a has square roots modulo p",
        )
