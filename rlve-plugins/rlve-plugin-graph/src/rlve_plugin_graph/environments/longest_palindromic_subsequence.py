"""graph/longest_palindromic_subsequence: the positions of a longest palindrome hidden in a word, any longest one."""

from __future__ import annotations

import random
import string
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.sequences import dp_level, first_repeat, read_numbered, split_optimum


def longest_palindrome(word: str) -> list[int]:
    """The 0-based positions of one longest palindromic subsequence of ``word``.

    The classic interval table: ``table[i][j]`` is the longest palindrome inside word[i..j]; equal end
    letters wrap the best of the inside, otherwise one end is dropped. Then a walk inwards from the whole
    word collects the outer pairs and, in the middle, at most one single letter. O(n^2).
    """
    n = len(word)
    table = [[0] * n for _ in range(n)]
    for i in range(n - 1, -1, -1):
        row, below = table[i], table[i + 1] if i + 1 < n else None
        row[i] = 1
        for j in range(i + 1, n):
            if word[i] == word[j]:
                row[j] = below[j - 1] + 2 if j > i + 1 else 2
            else:
                row[j] = max(below[j], row[j - 1])
    left, right, i, j = [], [], 0, n - 1
    while i <= j:
        if i == j:
            left.append(i)
            break
        if word[i] == word[j]:
            left.append(i)
            right.append(j)
            i, j = i + 1, j - 1
        elif table[i + 1][j] >= table[i][j - 1]:
            i += 1
        else:
            j -= 1
    return left + right[::-1]


class LongestPalindromicSubsequence(Environment):
    id = "graph/longest_palindromic_subsequence"
    version = 1
    description = "Find a longest palindromic subsequence of a word, given as the positions of its letters."
    difficulty_scales = (
        "letters: 6 + T (T = d to 30, then slower: rlve.scaling.taper); "
        "alphabet: 3 + T / 10 letters (at most 6)"
    )
    size_name = "letters"
    answer_format = "the length, a colon, then the positions of the letters used, for example 5: 1 2 4 6 7"
    tags = ("string", "dynamic-programming", "palindrome", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = dp_level(difficulty)
        letters = string.ascii_lowercase[: min(6, 3 + lev // 10)]
        word = "".join(rng.choice(letters) for _ in range(6 + lev))
        positions = longest_palindrome(word)
        numbered = " ".join(f"{i + 1}:{letter}" for i, letter in enumerate(word))
        prompt = (
            f"Here is a word of {len(word)} letters:\n{word}\n"
            f"Its letters by position (counted from 1): {numbered}\n\n"
            "A subsequence keeps some of the letters in their order, not necessarily next to each other; a "
            "palindrome reads the same forwards and backwards. Find a palindromic subsequence of the word that "
            "is as long as possible. Give its length and the positions of the letters it uses (in any order). "
            "Any longest palindromic subsequence is accepted."
        )
        answer = f"{len(positions)}: {' '.join(str(i + 1) for i in positions)}"
        return Instance(prompt=prompt, answer=answer, data={"word": word, "best": len(positions)}, size=len(word))

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        word, best = data["word"], data["best"]
        stated, rest = split_optimum(answer, "the length", len(str(best)) + 2)
        positions = read_numbered(rest, len(word), "a position")
        repeated = first_repeat(positions)
        if repeated is not None:
            return Verdict.wrong(f"position {repeated} is used twice")
        letters = "".join(word[p - 1] for p in sorted(positions))
        if letters != letters[::-1]:
            return Verdict.wrong(f"those positions spell {letters[:60]}, which is not a palindrome")
        if len(letters) != best:
            return Verdict.wrong(f"the palindrome has {len(letters)} letters, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated length {stated} is not the length {best} of the palindrome")
        return Verdict.right()
