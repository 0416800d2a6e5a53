"""graph/lz_factorisation: the LZ77 factorisation of a string (earlier occurrences may overlap the factor)."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.strings import letters, read_pieces, repetitive_word, split_count

#: Past this level the string stops growing (about 4000 letters), so prompts and answers stay bounded.
LEVEL_CAP = 2000


def occurs_earlier(s: str, i: int, length: int) -> bool:
    """Does s[i : i + length] also start at some j < i? The copy may overlap it, so it lies in s[: i + length - 1]."""
    return s.find(s[i : i + length], 0, i + length - 1) >= 0


def lz_factors(s: str) -> list[str]:
    """The factors, left to right: the longest prefix of the rest that also starts earlier, else one new letter.

    Whether a prefix of the rest starts earlier can only turn from yes to no as it grows, so the longest is
    found by galloping then halving: O(log n) searches per factor.
    """
    factors = []
    i = 0
    while i < len(s):
        low, step = 0, 1  # low: a length known to occur earlier
        while i + low + step <= len(s) and occurs_earlier(s, i, low + step):
            low += step
            step *= 2
        high = min(len(s) - i, low + step)  # lengths above `high` do not occur earlier (or run off the end)
        if i + high <= len(s) and occurs_earlier(s, i, high):
            low = high
        while high - low > 1:
            mid = (low + high) // 2
            if occurs_earlier(s, i, mid):
                low = mid
            else:
                high = mid
        length = max(low, 1)
        factors.append(s[i : i + length])
        i += length
    return factors


def first_wrong_factor(s: str, factors: list[str], given: list[str]) -> str | None:
    """Why ``given`` is not the factorisation ``factors`` of ``s``, naming the first difference, or None."""
    i = 0
    for index, piece in enumerate(given):
        if not s.startswith(piece, i):
            return f"factor {index + 1} ({piece}) is not the text at position {i}"
        if index >= len(factors) or piece != factors[index]:
            if len(piece) > 1 and not occurs_earlier(s, i, len(piece)):
                return f"factor {index + 1} ({piece}) does not occur starting before position {i}"
            return f"factor {index + 1} ({piece}) is not the longest possible at position {i}"
        i += len(piece)
    if i < len(s):
        return f"the factors cover only the first {i} of the {len(s)} letters"
    return None


class LzFactorisation(Environment):
    id = "graph/lz_factorisation"
    version = 1
    description = "Split a string into its LZ77 factors: each the longest prefix of the rest that occurs earlier."
    difficulty_scales = (
        "letters: 8 + 2 L (L = d to 100, then +20 per doubling, at most 2000); 2 or 3 distinct letters, with half of "
        "the text copied from earlier stretches, overlapping copies included"
    )
    size_name = "letters"
    answer_format = (
        "the number of factors, a colon, then the factors in order separated by spaces, for example 4: a b abab b"
    )
    tags = ("string", "compression", "factorisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 8 + 2 * level(difficulty, cap=LEVEL_CAP)
        s = repetitive_word(rng, n, letters(rng.choice((2, 3))))
        factors = lz_factors(s)
        prompt = (
            f"Here is a string s of {n} letters (positions 0 to {n - 1}):\n{s}\n\n"
            "Split s into factors from left to right (its LZ77 factorisation). When the factors so far cover the "
            "first i letters, the next factor is the longest string that starts at position i of s and also "
            "occurs in s starting at some earlier position j < i. The earlier occurrence may overlap the new "
            "factor (it may run past position i). If the letter at position i does not occur before position i, "
            "the next factor is that single letter. Continue until all of s is covered. For example, abababb "
            "splits into a, b, abab (it also starts at position 0), b.\n\n"
            "Give the number of factors and the factors."
        )
        answer = f"{len(factors)}: {' '.join(factors)}"
        return Instance(prompt=prompt, answer=answer, data={"s": s, "factors": factors}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        s, factors = data["s"], data["factors"]
        count, rest = split_count(answer)
        given = read_pieces(rest, max_pieces=len(s), max_length=len(s))
        problem = first_wrong_factor(s, factors, given)
        if problem:
            return Verdict.wrong(problem)
        if count is not None and count != len(given):
            return Verdict.wrong(f"the count says {count} factors, but {len(given)} are listed")
        return Verdict.right()
