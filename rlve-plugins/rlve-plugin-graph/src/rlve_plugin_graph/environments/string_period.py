"""graph/string_period: the smallest period of a string that is periodic, or nearly so."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.strings import letters, random_word, read_number, repetitive_word, smallest_period

#: Past this level the string stops growing (about 4000 letters), so prompts stay bounded at any difficulty.
LEVEL_CAP = 2000


def near_periodic(rng: random.Random, n: int) -> str:
    """A string of length ``n`` built so that a period is visible on the surface, true or false.

    Three kinds, equally likely: a block repeated (the last copy cut short), the same with one letter changed
    late in the string (the obvious period then fails only near the end), and ``u + middle + u`` (a border,
    so the period is at most n - |u|, and often exactly that).
    """
    alphabet = letters(rng.choice((2, 2, 3)))
    kind = rng.randrange(3)
    if kind < 2:
        block = random_word(rng, rng.randint(2, max(2, 2 * n // 3)), alphabet)
        s = list((block * (n // len(block) + 1))[:n])
        if kind == 1 and len(block) < n:
            i = rng.randint(max(len(block), n // 2), n - 1)
            s[i] = rng.choice([ch for ch in alphabet if ch != s[i]])
        return "".join(s)
    border = rng.randint(1, max(1, n // 2 - 1))
    u = repetitive_word(rng, border, alphabet)
    return u + random_word(rng, n - 2 * border, alphabet) + u


class StringPeriod(Environment):
    id = "graph/string_period"
    version = 1
    description = "Find the smallest period of a string built to look periodic (sometimes falsely)."
    difficulty_scales = (
        "letters: 8 + 2 L (L = d to 100, then +20 per doubling, at most 2000); 2 or 3 distinct letters; a repeated "
        "block, the same with one letter changed late, or a border u ... u"
    )
    size_name = "letters"
    answer_format = "a single integer, the smallest period, for example 5"
    tags = ("string", "periodicity", "prefix-function")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 8 + 2 * level(difficulty, cap=LEVEL_CAP)
        s = near_periodic(rng, n)
        period = smallest_period(s)
        prompt = (
            f"Here is a string s of {n} letters (positions 0 to {n - 1}):\n{s}\n\n"
            f"A period of s is an integer p with 1 <= p <= {n} such that s[i] = s[i + p] for every position i "
            f"from 0 to {n - 1} - p (the whole string is a shifted copy of itself wherever they overlap; the last "
            f"repetition may be incomplete, and p = {n} is always a period). What is the smallest period of s?"
        )
        return Instance(prompt=prompt, answer=str(period), data={"s": s, "period": period}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        p = read_number(answer, max_digits=len(str(len(data["s"]))) + 2)
        if p == data["period"]:
            return Verdict.right()
        s = data["s"]
        if not 1 <= p <= len(s):
            return Verdict.wrong(f"a period is between 1 and {len(s)}, not {p}")
        for i in range(len(s) - p):
            if s[i] != s[i + p]:
                return Verdict.wrong(f"{p} is not a period: s[{i}] = {s[i]} but s[{i + p}] = {s[i + p]}")
        return Verdict.wrong(f"{p} is a period, but not the smallest one")
