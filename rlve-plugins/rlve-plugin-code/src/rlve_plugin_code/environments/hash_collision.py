"""code/hash_collision: two different strings that a toy hash function maps to the same value.

The hash is a polynomial one (``value * B + code``) or a multiply-and-xor one (``(value * B) ^ code``), modulo m,
over the letters a, b, ... given codes 1, 2, ...; strings are at most L letters long, L chosen so that there are
many more strings than values (a collision always exists). The reference pair comes from a birthday search;
the check hashes the two strings of the answer, so any colliding pair is accepted.
"""

from __future__ import annotations

import random
import re
import string
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level

#: The modulus is at least SMALLEST * GROWTH ** level (level capped: a birthday search costs about sqrt(m)).
SMALLEST = 24
GROWTH = 1.3
LEVEL_CAP = 40
#: Strings of the longest length outnumber the values at least this many times.
PLENTY = 16
HASHES = ("polynomial", "xor")


def least_modulus(difficulty: int) -> int:
    return int(SMALLEST * GROWTH ** level(difficulty, cap=LEVEL_CAP))


def hash_value(kind: str, text: str, base: int, modulus: int) -> int:
    value = 0
    for letter in text:
        code = ord(letter) - 96
        value = (value * base + code) % modulus if kind == "polynomial" else ((value * base) ^ code) % modulus
    return value


def hash_source(kind: str, base: int, modulus: int) -> str:
    step = f"(value * {base} + code) % {modulus}" if kind == "polynomial" else f"((value * {base}) ^ code) % {modulus}"
    return (
        "def h(s):\n"
        "    value = 0\n"
        "    for ch in s:\n"
        "        code = ord(ch) - 96  # a -> 1, b -> 2, ...\n"
        f"        value = {step}\n"
        "    return value\n"
    )


class HashCollision(Environment):
    id = "code/hash_collision"
    version = 1
    description = "Find two different strings that a toy polynomial or multiply-xor hash maps to the same value."
    difficulty_scales = (
        f"modulus: at least {SMALLEST} * {GROWTH}^d (no larger past d={LEVEL_CAP}); alphabet: 2 to 5 letters; "
        f"length bound: the least L with (letters)^L >= {PLENTY} * modulus"
    )
    size_name = "least modulus"
    answer_format = "two strings separated by a comma"
    tags = ("code", "hashing", "search", "counterexample")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        least = least_modulus(difficulty)
        modulus = rng.randint(least, least + least // 4)
        letters = string.ascii_lowercase[: rng.randint(2, 5)]
        longest = 1
        while len(letters) ** longest < PLENTY * modulus:
            longest += 1
        kind = rng.choice(HASHES)
        base = rng.randint(3, max(3, modulus - 1))
        seen: dict[int, str] = {}
        while True:  # birthday search: about sqrt(modulus) strings of the longest length
            text = "".join(rng.choice(letters) for _ in range(longest))
            value = hash_value(kind, text, base, modulus)
            other = seen.setdefault(value, text)
            if other != text:
                break
        prompt = (
            f"Here is a Python hash function:\n\n```python\n{hash_source(kind, base, modulus)}```\n\n"
            f"Find two different strings, each of 1 to {longest} letters from {{{', '.join(letters)}}}, for which "
            "h returns the same value. Any such pair is accepted. Write the two strings separated by a comma, "
            "for example: abba, baab"
        )
        data = {"kind": kind, "base": base, "modulus": modulus, "letters": letters, "longest": longest}
        return Instance(prompt=prompt, answer=f"{other}, {text}", data=data, size=least)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        longest, letters = data["longest"], data["letters"]
        if len(answer) > 4 * longest + 20:
            raise ParseError("the answer is too long")
        words = [word.strip().strip("\"'") for word in re.split(r"[,;\s]+", answer.strip()) if word.strip()]
        if len(words) != 2:
            raise ParseError(f"give exactly two strings separated by a comma, got {len(words)}")
        for word in words:
            if not 1 <= len(word) <= longest:
                return Verdict.wrong(f"each string must have 1 to {longest} letters, {word[:20]!r} does not")
            if any(letter not in letters for letter in word):
                return Verdict.wrong(f"{word!r} uses a letter outside {letters}")
        first, second = words
        if first == second:
            return Verdict.wrong("the two strings must be different")
        a, b = (hash_value(data["kind"], word, data["base"], data["modulus"]) for word in words)
        if a != b:
            return Verdict.wrong(f"h({first!r}) = {a} but h({second!r}) = {b}")
        return Verdict.right()
