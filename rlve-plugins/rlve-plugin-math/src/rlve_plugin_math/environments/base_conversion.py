"""math/base_conversion: rewrite an integer given in one base (2 to 36) in another."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_math.numbers import clean, split_name
from rlve_plugin_math.scaling import LEVEL_CAP, MAX_DIGITS

DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_PREFIXES = {2: "0B", 8: "0O", 16: "0X"}
_SUBSCRIPT = re.compile(r"_\{?([0-9]{1,2})\}?")
_EASY_BASES = (2, 8, 10, 16)


def to_base(n: int, base: int) -> str:
    """``n >= 0`` written in ``base`` with digits 0-9 then A-Z."""
    if n == 0:
        return "0"
    out = []
    while n:
        n, digit = divmod(n, base)
        out.append(DIGITS[digit])
    return "".join(reversed(out))


class BaseConversion(Environment):
    id = "math/base_conversion"
    version = 1
    description = "Convert a non-negative integer from one base (2 to 36) to another."
    difficulty_scales = (
        "the number has 5 + 4d bits (past d = 100 about +80 bits per doubling); bases 2, 8, 10, 16 below d = 3, "
        "then any of 2..36"
    )
    size_name = "bits of the number"
    answer_format = (
        "the digits in the target base, most significant first, letters A-Z for digits 10-35, for example 1A7F"
    )
    tags = ("math", "arithmetic", "bases")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        bits = min(5 + 4 * lvl, 3 * MAX_DIGITS)  # base 2 has no str() limit; 12000 bits are ~3600 decimal digits
        n = rng.randrange(1 << (bits - 1), 1 << bits)
        source, target = rng.sample(_EASY_BASES if lvl < 3 else range(2, 37), 2)
        shown = to_base(n, source)
        prompt = (
            f"The number {shown} is written in base {source} (digits 0-9, then A = 10, B = 11, ..., Z = 35). "
            f"Write the same number in base {target}."
        )
        expected = to_base(n, target)
        # The converted digits are stored, not recomputed: int(text, base) refuses 4300+ digits in most bases.
        data = {"source": source, "target": target, "digits": shown, "expected": expected}
        return Instance(prompt=prompt, answer=expected, data=data, size=bits)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        target, expected = data["target"], data["expected"]
        _, s = split_name(clean(answer))
        s = s.upper()  # spaces inside are not allowed: "1B OR 1C" must not become the base-36 "1BOR1C"
        subscript = _SUBSCRIPT.search(s)
        if subscript and subscript.end() == len(s):  # 1011_2 or 1011_{2}: the base, said again
            if int(subscript.group(1)) != target:
                return Verdict.wrong(f"the answer is marked as base {subscript.group(1)}, not base {target}")
            s = s[: subscript.start()]
        prefix = _PREFIXES.get(target)
        if prefix and s.startswith(prefix):
            s = s[2:]
        if not s:
            raise ParseError("no digits")
        allowed = DIGITS[:target]
        if len(s) > 2 * len(expected) + 8 or any(ch not in allowed for ch in s):
            bad = next((ch for ch in s if ch not in allowed), None)
            raise ParseError(f"{bad!r} is not a base-{target} digit" if bad else "far more digits than the number has")
        digits = s.lstrip("0") or "0"  # leading zeros do not change the number
        if digits != expected:
            return Verdict.wrong(f"that is not the number in base {target}")
        return Verdict.right()
