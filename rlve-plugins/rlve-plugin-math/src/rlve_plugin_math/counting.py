"""What the counting-modulo-a-prime environments share: the prime, the request sentence and the checker.

Counts such as partitions, Bell or Mahonian numbers outgrow any answer within a few levels, so these
environments ask for the count modulo a random prime. The prime grows with the level like the other
modular environments' (``stirling_second_kind``, ``derangements_mod_prime``): 7 bits at d = 0, where
every count is below it and the remainder is the count itself, up to 61 bits.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Verdict
from rlve_plugin_math.numbers import parse_integer
from rlve_plugin_math.primes import random_prime

#: The prime modulus has 7 + level // 3 bits, never more than this.
MAX_PRIME_BITS = 61

#: How ``difficulty_scales`` describes the modulus.
MODULUS_SCALES = f"p has 7 + d // 3 bits (at most {MAX_PRIME_BITS})"


def random_modulus(rng: random.Random, lvl: int) -> int:
    """A random prime of 7 + lvl // 3 bits (at most ``MAX_PRIME_BITS``)."""
    return random_prime(rng, min(7 + lvl // 3, MAX_PRIME_BITS))


def remainder_request(what: str, p: int) -> str:
    """The prompt's closing request: which count, the prime, and the range the remainder lies in."""
    return f"Give {what} modulo the prime {p}, that is, its remainder on division by {p}, an integer from 0 to {p - 1}."


def residue_data(value: int, p: int) -> dict[str, Any]:
    """What ``check_residue`` needs, as JSON: the remainder and the prime (strings, as 61-bit numbers are)."""
    return {"p": str(p), "value": str(value % p)}


def check_residue(data: dict[str, Any], answer: str, what: str) -> Verdict:
    """Right exactly when ``answer`` is the stored remainder; a number outside 0..p-1 is told so."""
    p = int(data["p"])
    value = parse_integer(answer, max_digits=len(data["p"]) + 2)
    if not 0 <= value < p:
        return Verdict.wrong(f"the answer must be between 0 and {p - 1}")
    if value != int(data["value"]):
        return Verdict.wrong(f"that is not {what} mod p")
    return Verdict.right()
