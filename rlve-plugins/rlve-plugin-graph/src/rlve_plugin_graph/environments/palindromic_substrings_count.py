"""graph/palindromic_substrings_count: how many substrings of a word, counted by position, are palindromes."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.sequences import dp_level
from rlve_plugin_graph.strings import letters, read_number, repetitive_word


def count_palindromes(word: str) -> int:
    """Palindromic substrings by position, by growing each around its centre: 2n - 1 centres (a letter or
    the gap between two), and every palindrome is found once, at its own centre. O(n^2) at worst."""
    n = len(word)
    count = 0
    for centre in range(2 * n - 1):
        left, right = centre // 2, (centre + 1) // 2
        while left >= 0 and right < n and word[left] == word[right]:
            count += 1
            left -= 1
            right += 1
    return count


class PalindromicSubstringsCount(Environment):
    id = "graph/palindromic_substrings_count"
    version = 1
    description = "Count the palindromic substrings of a word, each position counted separately."
    difficulty_scales = (
        "letters: 6 + 2 T (T = d to 30, then slower: rlve.scaling.taper); alphabet: a-b, then a-c from T = 8, "
        "with copied stretches"
    )
    size_name = "letters"
    answer_format = "a single integer, for example 11"
    tags = ("string", "palindrome", "counting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = dp_level(difficulty)
        n = 6 + 2 * lev
        word = repetitive_word(rng, n, letters(2 if lev < 8 else 3), copy_chance=0.3)
        count = count_palindromes(word)
        prompt = (
            f"Here is a word of {n} letters:\n{word}\n\n"
            "A substring is a non-empty stretch of neighbouring letters of the word; it is a palindrome when it "
            "reads the same backwards (every single letter is one). How many substrings are palindromes? "
            "Substrings are counted by position: equal substrings at different positions count separately "
            "(in aaa, the answer is 6: three times a, twice aa, once aaa)."
        )
        return Instance(prompt=prompt, answer=str(count), data={"word": word, "count": count}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        given = read_number(answer, max_digits=len(str(data["count"])) + 2, allow_thousands=True)
        if given != data["count"]:
            return Verdict.wrong(f"{given} is not the number of palindromic substrings")
        return Verdict.right()
