"""graph/palindrome_partition: cut a string into as few palindromes as possible (any optimal partition)."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.strings import letters, random_word, read_pieces, split_count

#: Past this level the string stops growing (about 300 letters): the string can hold quadratically many
#: palindromes, and the reference enumerates them all.
LEVEL_CAP = 300


def fewest_palindromes(s: str) -> list[str]:
    """A partition of ``s`` into the fewest palindromes, by dynamic programming over prefixes.

    Every palindrome is found once by growing it around its centre; ``fewest[j]`` is the fewest pieces for
    the first j letters, reached from the best ``fewest[i]`` over the palindromes s[i:j].
    """
    n = len(s)
    starts: list[list[int]] = [[] for _ in range(n + 1)]  # starts[j]: every i with s[i:j] a palindrome
    for centre in range(2 * n - 1):
        left, right = centre // 2, (centre + 1) // 2
        while left >= 0 and right < n and s[left] == s[right]:
            starts[right + 1].append(left)
            left, right = left - 1, right + 1
    fewest = [0] + [n + 1] * n
    cut_at = [0] * (n + 1)
    for j in range(1, n + 1):
        for i in starts[j]:
            if fewest[i] + 1 < fewest[j]:
                fewest[j], cut_at[j] = fewest[i] + 1, i
    pieces = []
    j = n
    while j > 0:
        pieces.append(s[cut_at[j] : j])
        j = cut_at[j]
    return pieces[::-1]


def palindrome_chain(rng: random.Random, n: int) -> str:
    """Random palindromes of 1 to 7 letters written one after another and cut to length ``n``.

    Neighbouring palindromes share letters, so longer palindromes appear across their joins and the greedy
    "longest palindrome first" split is often not the best one.
    """
    alphabet = letters(rng.choice((2, 3, 3)))
    out = ""
    while len(out) < n:
        half = random_word(rng, rng.randint(1, 4), alphabet)
        out += half + half[-2::-1] if rng.random() < 0.5 else half + half[::-1]
    return out[:n]


class PalindromePartition(Environment):
    id = "graph/palindrome_partition"
    version = 1
    description = "Cut a string into palindromes with the fewest cuts; any optimal partition is accepted."
    difficulty_scales = (
        "letters: 6 + L (L = d to 100, then +20 per doubling, at most 300); 2 or 3 distinct letters, written as "
        "a chain of short palindromes"
    )
    size_name = "letters"
    answer_format = (
        "the number of cuts, a colon, then the pieces in order separated by spaces, for example 2: aba c dd"
    )
    tags = ("string", "palindromes", "dynamic-programming", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 6 + level(difficulty, cap=LEVEL_CAP)
        s = palindrome_chain(rng, n)
        pieces = fewest_palindromes(s)
        prompt = (
            f"Here is a string s of {n} letters:\n{s}\n\n"
            "Cut s into pieces so that every piece is a palindrome (it reads the same forwards and backwards; a "
            "single letter is a palindrome), using as few cuts as possible. Give the number of cuts (one less "
            "than the number of pieces) and the pieces in order, so that they spell s. Any partition with the "
            "fewest cuts is accepted."
        )
        answer = f"{len(pieces) - 1}: {' '.join(pieces)}"
        return Instance(prompt=prompt, answer=answer, data={"s": s, "cuts": len(pieces) - 1}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        s, cuts = data["s"], data["cuts"]
        count, rest = split_count(answer)
        pieces = read_pieces(rest, max_pieces=len(s), max_length=len(s))
        if "".join(pieces) != s:
            return Verdict.wrong("the pieces do not spell s in order")
        for piece in pieces:
            if piece != piece[::-1]:
                return Verdict.wrong(f"{piece} is not a palindrome")
        if count is not None and count != len(pieces) - 1:
            return Verdict.wrong(f"the count says {count} cuts, but the pieces make {len(pieces) - 1}")
        if len(pieces) - 1 != cuts:
            return Verdict.wrong(f"{len(pieces) - 1} cuts, but {cuts} are enough")
        return Verdict.right()
