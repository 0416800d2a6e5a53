"""graph/wildcard_matching: every position where a pattern with '?' wildcards occurs in a text."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import level, slow
from rlve_plugin_graph.reading import check_length
from rlve_plugin_graph.strings import letters, random_word, repetitive_word

#: Past this level the text stops growing (about 4000 letters), so prompts and answers stay bounded.
LEVEL_CAP = 2000
WILDCARD = "?"


def wildcard_positions(text: str, pattern: str) -> list[int]:
    """Every start i where each letter of the pattern equals the text's letter there ('?' matches any)."""
    fixed = [(k, ch) for k, ch in enumerate(pattern) if ch != WILDCARD]
    return [i for i in range(len(text) - len(pattern) + 1) if all(text[i + k] == ch for k, ch in fixed)]


def planted_pattern(rng: random.Random, text: str, length: int, alphabet: str) -> str:
    """A stretch of the text with about a third of its letters (never all) turned into '?'.

    One pattern in eight then has a letter changed, so it may occur nowhere and "none" is sometimes right.
    """
    start = rng.randrange(len(text) - length + 1)
    pattern = list(text[start : start + length])
    blanks = rng.sample(range(length), max(1, length // 3))
    for k in blanks:
        pattern[k] = WILDCARD
    if rng.random() < 1 / 8:
        k = rng.choice([k for k in range(length) if pattern[k] != WILDCARD])
        pattern[k] = rng.choice([ch for ch in alphabet if ch != pattern[k]])
    return "".join(pattern)


class WildcardMatching(Environment):
    id = "graph/wildcard_matching"
    version = 1
    description = "List every position where a pattern with ? wildcards (any one letter) occurs in a text."
    difficulty_scales = (
        "text: 10 + 2 L letters (L = d to 100, then +20 per doubling, at most 2000); pattern: 3 + L / 4 letters up "
        "to L = 100, then +1 per 20 levels, a third of them ?; 2 or 3 distinct letters; the pattern is cut from the "
        "text, one in eight then altered"
    )
    size_name = "letters"
    answer_format = "the starting positions separated by spaces, for example 0 4 9, or none if there are none"
    tags = ("string", "pattern-matching", "wildcards")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=LEVEL_CAP)
        n = 10 + 2 * lev
        alphabet = letters(rng.choice((2, 3)))
        text = repetitive_word(rng, n, alphabet) if rng.random() < 0.5 else random_word(rng, n, alphabet)
        pattern = planted_pattern(rng, text, 3 + slow(lev, 4, 20), alphabet)
        positions = wildcard_positions(text, pattern)
        prompt = (
            f"Text ({n} letters, positions 0 to {n - 1}):\n{text}\n\n"
            f"Pattern ({len(pattern)} characters):\n{pattern}\n\n"
            "In the pattern, ? stands for any single letter; every other character must match exactly. The "
            "pattern occurs at position i when, for every k, the text's letter at position i + k matches the "
            "pattern's character at position k (positions count from 0; occurrences may overlap). List every "
            "position where the pattern occurs, in any order, or answer none if it occurs nowhere."
        )
        answer = " ".join(map(str, positions)) if positions else "none"
        data = {"text": text, "pattern": pattern, "positions": positions}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text, pattern, positions = data["text"], data["pattern"], data["positions"]
        if answer.strip().rstrip(".").lower() == "none":
            given = []
        else:
            limit = len(text) + 1
            digits = len(str(len(text))) + 2
            given = parse_int_list(check_length(answer, limit, digits), max_items=limit, max_digits=digits)
        if len(set(given)) != len(given):
            return Verdict.wrong("a position is listed twice")
        expected = set(positions)
        for i in given:
            if i not in expected:
                if not 0 <= i <= len(text) - len(pattern):
                    return Verdict.wrong(f"the pattern cannot start at {i}: it would not fit inside the text")
                return Verdict.wrong(f"the pattern does not occur at position {i}")
        if len(given) < len(expected):
            missing = min(expected - set(given))
            return Verdict.wrong(f"the pattern also occurs at position {missing}")
        return Verdict.right()
