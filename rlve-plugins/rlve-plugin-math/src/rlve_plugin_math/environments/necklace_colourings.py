"""math/necklace_colourings: colourings of n beads on a circle up to rotation (or also reflection), modulo a prime."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.counting import MODULUS_SCALES, check_residue, random_modulus, remainder_request, residue_data
from rlve_plugin_math.scaling import LEVEL_CAP

_SYMMETRIES = {
    "necklace": "rotating the circle",
    "bracelet": "rotating the circle, flipping it over, or both",
}


def _totient(n: int) -> int:
    result, rest, factor = n, n, 2
    while factor * factor <= rest:
        if rest % factor == 0:
            result -= result // factor
            while rest % factor == 0:
                rest //= factor
        factor += 1
    return result - result // rest if rest > 1 else result


def colourings_mod(beads: int, colours: int, kind: str, p: int) -> int:
    """Necklaces or bracelets mod p by Burnside: the average, over the group, of the colourings each symmetry fixes.

    A rotation by beads / d positions has gcd cycles, so the rotations fix sum phi(d) k^(beads / d) over the
    divisors d of beads. A bracelet adds beads reflections: for odd n each fixes k^((n + 1) / 2); for even n
    half fix k^(n / 2 + 1) and half k^(n / 2). The sum is a multiple of the group's order g, so computing it
    modulo g p and dividing by g gives the count modulo p exactly (no inverse of g needed, even if p divides g).
    """
    order = beads if kind == "necklace" else 2 * beads
    modulus = order * p
    total = 0
    for d in range(1, beads + 1):
        if beads % d == 0:
            total += _totient(d) * pow(colours, beads // d, modulus)
    if kind == "bracelet":
        half = beads // 2
        if beads % 2:
            total += beads * pow(colours, half + 1, modulus)
        else:
            total += half * (colours + 1) * pow(colours, half, modulus)
    return total % modulus // order


class NecklaceColourings(Environment):
    id = "math/necklace_colourings"
    version = 1
    description = (
        "Count the colourings of n beads on a circle with k colours, up to rotation (necklaces) or rotation and "
        "reflection (bracelets), modulo a prime."
    )
    difficulty_scales = (
        f"beads: 4 + 2d to 4 + 3d (past d = 100 +3 per 2 levels); colours: 2 to 2 + d // 3; {MODULUS_SCALES}"
    )
    size_name = "largest possible number of beads"
    answer_format = "an integer from 0 to p - 1, for example 11"
    tags = ("math", "combinatorics", "burnside", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        steps = slow(lvl, 1, 2)  # the reference tries every divisor of n: linear, cheap
        largest = 4 + 3 * steps
        beads = rng.randint(largest - steps, largest)
        colours = rng.randint(2, 2 + lvl // 3)
        kind = rng.choice(sorted(_SYMMETRIES))
        p = random_modulus(rng, lvl)
        example = "11 necklaces" if kind == "necklace" else "10 bracelets"
        prompt = (
            f"Beads are placed at {beads} equally spaced positions around a circle, and each bead gets one of "
            f"{colours} colours (not every colour has to be used). Two colourings count as the same {kind} when one "
            f"can be turned into the other by {_SYMMETRIES[kind]}. For example, 3 beads with 3 colours make "
            f"{example}. Let M be the number of different {kind}s with {beads} beads and {colours} colours. "
            + remainder_request("M", p)
        )
        data = {"beads": beads, "colours": colours, "kind": kind}
        data |= residue_data(colourings_mod(beads, colours, kind, p), p)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_residue(data, answer, f"the number of {data['kind']}s")
