"""math/roots_mod_prime: every root in 0..p-1 of an integer polynomial modulo a prime p, or none."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.polynomial_maps import evaluate_mod, gcd_mod, reduce_mod, x_power_mod
from rlve_plugin_math.polynomials import format_polynomial, multiply
from rlve_plugin_math.primes import random_prime_between
from rlve_plugin_math.scaling import LEVEL_CAP
from rlve_plugin_math.solution_sets import check_solution_set

#: Random cofactors tried before falling back to a product of irreducible quadratics.
_TRIES = 40


def _has_root(g: list[int], p: int) -> bool:
    """Whether ``g`` (degree >= 1) has a root modulo ``p``: the roots are those of gcd(g, x^p - x)."""
    x_to_p = x_power_mod(p, g, p)
    x_to_p = [0] * (2 - len(x_to_p)) + x_to_p  # at least the x and constant places
    x_to_p[-2] -= 1
    return len(gcd_mod(g, x_to_p, p)) > 1


def _rootless_cofactor(rng: random.Random, degree: int, p: int) -> list[int] | None:
    """A random polynomial of this degree with no root modulo ``p``, or None if the tries run out."""
    if degree == 0:
        return [rng.randrange(1, p)]
    for _ in range(_TRIES):
        g = [rng.randrange(1, p)] + [rng.randrange(p) for _ in range(degree)]
        if not _has_root(g, p):
            return g
    return None


def _non_residue(p: int) -> int:
    """The least quadratic non-residue modulo the odd prime ``p`` (Euler's criterion)."""
    return next(a for a in range(2, p) if pow(a, (p - 1) // 2, p) == p - 1)


class RootsModPrime(Environment):
    id = "math/roots_mod_prime"
    version = 1
    description = "Find every root modulo a prime p of a polynomial with integer coefficients, or say there is none."
    difficulty_scales = (
        "p: a prime from about half of 5 + 4d to 5 + 4d (past d = 100 +2 per level); degree: 2 + d // 4 (past "
        "d = 100 +1 per 50 levels); about 15% of polynomials have no root; double roots from d = 3; from d = 4 "
        "coefficients are shown shifted by multiples of p"
    )
    size_name = "upper end of the range p is drawn from"
    answer_format = (
        "the roots from 0 to p - 1 separated by spaces, in any order, each once, for example 2 5 11, or none"
    )
    tags = ("math", "number_theory", "polynomials", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        high = 5 + 4 * slow(lvl, 1, 2)
        p = random_prime_between(rng, max(3, high // 2), high)
        degree = 2 + slow(lvl, 4, 50)
        count = 0 if rng.random() < 0.15 else rng.randint(1, min(p, degree))
        roots = rng.sample(range(p), count)
        multiplicities = [2 if lvl >= 3 and rng.random() < 0.2 else 1 for _ in roots]
        while sum(multiplicities) > degree:
            multiplicities[multiplicities.index(2)] = 1
        if roots and degree - sum(multiplicities) == 1:  # a cofactor of degree 1 would have a root of its own
            multiplicities[0] += 1
        left = degree - sum(multiplicities)
        cofactor = _rootless_cofactor(rng, left, p)
        if cofactor is None:
            # (x^2 - a)^k is rootless for a non-residue a; an odd degree takes one more power of x, root 0.
            cofactor = [1]
            for _ in range(left // 2):
                cofactor = multiply(cofactor, [1, 0, -_non_residue(p)])
            if left % 2:
                cofactor = multiply(cofactor, [1, 0])
                if 0 not in roots:
                    roots.append(0)
        f = cofactor
        for root, multiplicity in zip(roots, multiplicities):
            for _ in range(multiplicity):
                f = multiply(f, [1, -root])
        f = reduce_mod(f, p)
        shown = f
        if lvl >= 4:  # the same residues, written as other integers: reducing modulo p is part of the task
            spread = 1 + lvl // 20
            shown = [c + p * rng.randint(-spread, spread) for c in f]
        prompt = (
            f"Find every integer x with 0 <= x <= {p - 1} such that\n\nf(x) = {format_polynomial(shown)}\n\n"
            f"is divisible by the prime p = {p}, that is, every root of f modulo {p}. List each root once; "
            "if f has no root modulo p, answer none."
        )
        roots.sort()
        data = {"p": p, "f": f, "roots": roots}
        answer = " ".join(map(str, roots)) if roots else "none"
        return Instance(prompt=prompt, answer=answer, data=data, size=high)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        p, f = data["p"], data["f"]
        return check_solution_set(
            answer,
            count=len(data["roots"]),
            modulus=p,
            is_solution=lambda x: evaluate_mod(f, x, p) == 0,
            not_a_solution="f({x}) is not divisible by p",
            has_solutions="f has roots modulo p",
        )
