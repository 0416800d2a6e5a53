"""graph/longest_common_substring: a longest block of letters that appears in both of two words, and where."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int
from rlve.scaling import level
from rlve_plugin_graph.strings import letters, random_word, read_word

#: Past this level the words stop growing (206 letters each); the reference table is quadratic.
LEVEL_CAP = 200
_TOKEN_SEPARATORS = re.compile(r"[\s,;]+")


def longest_common_block(a: str, b: str) -> tuple[int, int, int]:
    """(length, start in a, start in b), 0-based, of one longest common substring, O(|a| |b|).

    ``run[j]`` is the length of the longest common block ending at the current letter of ``a`` and at
    b[j - 1]: one more than the run that ended one letter earlier in both when the letters agree, else 0.
    """
    best = (0, 0, 0)
    run = [0] * (len(b) + 1)
    for i, ch in enumerate(a):
        new = [0] * (len(b) + 1)
        for j, other in enumerate(b, start=1):
            if ch == other:
                length = new[j] = run[j - 1] + 1
                if length > best[0]:
                    best = (length, i - length + 1, j - length)
        run = new
    return best


def overwrite(word: str, at: int, block: str) -> str:
    return word[:at] + block + word[at + len(block) :]


class LongestCommonSubstring(Environment):
    id = "graph/longest_common_substring"
    version = 1
    description = "Find a longest substring (a block of consecutive letters) common to two words, with its positions."
    difficulty_scales = (
        f"letters: 6 + L in each word (L = d to 100, then +20 per doubling, at most {LEVEL_CAP}); alphabet: 3 "
        "letters, 4 from L = 15; a common block of 2 + L / 4 letters planted in both, and a copy of it with one "
        "letter changed planted in the second word"
    )
    size_name = "letters"
    answer_format = (
        "the common substring, then its start position in the first word and in the second word (counting from "
        "1), for example abca 3 7"
    )
    tags = ("string", "dynamic-programming", "substring", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=LEVEL_CAP)
        m = 6 + lev
        alphabet = letters(3 if lev < 15 else 4)
        a, b = random_word(rng, m, alphabet), random_word(rng, m, alphabet)
        block = random_word(rng, 2 + lev // 4, alphabet)
        at = rng.randrange(len(block))
        decoy = block[:at] + rng.choice(alphabet.replace(block[at], "")) + block[at + 1 :]
        b = overwrite(b, rng.randint(0, m - len(block)), decoy)
        a = overwrite(a, rng.randint(0, m - len(block)), block)
        b = overwrite(b, rng.randint(0, m - len(block)), block)  # may cover the decoy: the reference decides
        length, i, j = longest_common_block(a, b)
        prompt = (
            f"Here are two words of {m} letters each:\nfirst:  {a}\nsecond: {b}\n\n"
            "Find a substring that appears in both words and is as long as possible. A substring is a block of "
            "consecutive letters (for example bcd is a substring of abcde, but ace is not). Give the substring "
            "and the position in each word where it starts, counting the letters of a word from 1. Any longest "
            "common substring is accepted, at any place where it appears."
        )
        answer = f"{a[i : i + length]} {i + 1} {j + 1}"
        return Instance(prompt=prompt, answer=answer, data={"a": a, "b": b, "best": length}, size=2 * m)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        a, b, best = data["a"], data["b"], data["best"]
        if len(answer) > len(a) + 64:
            raise ParseError("the answer is longer than a substring and two positions could be")
        tokens = [token for token in _TOKEN_SEPARATORS.split(answer.strip()) if token]
        if len(tokens) != 3:
            raise ParseError(f"expected the substring and two positions, got {len(tokens)} items")
        block = read_word(tokens[0].lower(), max_length=len(a))
        digits = len(str(len(a))) + 2
        for word, name, start in ((a, "first", tokens[1]), (b, "second", tokens[2])):
            position = parse_int(start, max_digits=digits)
            if position < 1 or word[position - 1 : position - 1 + len(block)] != block:
                return Verdict.wrong(f"{block} does not start at position {position} of the {name} word")
        if len(block) != best:
            return Verdict.wrong(f"{block} has {len(block)} letters, but a common substring of {best} letters exists")
        return Verdict.right()
