"""code/multi_key_sort: sort words by a prioritised list of rules (later rules only break ties)."""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.sandboxed import FunctionEnvironment

VOWELS = "aeiou"


@dataclass(frozen=True)
class Rule:
    text: str  # "fewer letters first"
    key: str  # Python expression of w
    function: Callable[[str], Any]
    descending: bool


def _rule_kinds(rng: random.Random, letters: str) -> list[tuple[str, Rule]]:
    """Every rule that can be drawn: (kind, rule); a kind is used at most once per problem."""
    c = rng.choice(letters)
    d = rng.choice(letters)
    e = rng.choice(letters)
    return [
        ("length", Rule("shorter words first", "len(w)", len, False)),
        ("length", Rule("longer words first", "len(w)", len, True)),
        (
            "vowels",
            Rule(
                "words with fewer vowels (a, e, i, o, u) first",
                "sum(ch in 'aeiou' for ch in w)",
                lambda w: sum(ch in VOWELS for ch in w),
                False,
            ),
        ),
        (
            "vowels",
            Rule(
                "words with more vowels (a, e, i, o, u) first",
                "sum(ch in 'aeiou' for ch in w)",
                lambda w: sum(ch in VOWELS for ch in w),
                True,
            ),
        ),
        ("distinct", Rule("words with fewer different letters first", "len(set(w))", lambda w: len(set(w)), False)),
        ("distinct", Rule("words with more different letters first", "len(set(w))", lambda w: len(set(w)), True)),
        (f"count {c}", Rule(f"words with more {c!r}s first", f"w.count({c!r})", lambda w: w.count(c), True)),
        (f"count {c}", Rule(f"words with fewer {c!r}s first", f"w.count({c!r})", lambda w: w.count(c), False)),
        ("last", Rule("words whose last letter comes earlier in the alphabet first", "w[-1]", lambda w: w[-1], False)),
        ("last", Rule("words whose last letter comes later in the alphabet first", "w[-1]", lambda w: w[-1], True)),
        ("first", Rule("words whose first letter comes later in the alphabet first", "w[0]", lambda w: w[0], True)),
        (
            "value",
            Rule(
                "words with a smaller letter sum first (a=1, b=2, ..., z=26)",
                "sum(ord(ch) - 96 for ch in w)",
                lambda w: sum(ord(ch) - 96 for ch in w),
                False,
            ),
        ),
        (
            "value",
            Rule(
                "words with a larger letter sum first (a=1, b=2, ..., z=26)",
                "sum(ord(ch) - 96 for ch in w)",
                lambda w: sum(ord(ch) - 96 for ch in w),
                True,
            ),
        ),
        (f"has {d}", Rule(f"words that contain {d!r} first", f"{d!r} in w", lambda w: d in w, True)),
        (f"has {d}", Rule(f"words that do not contain {d!r} first", f"{d!r} in w", lambda w: d in w, False)),
        (
            f"find {e}",
            Rule(
                f"words in which {e!r} first appears earlier first (words without {e!r} before all others)",
                f"w.find({e!r})",
                lambda w: w.find(e),
                False,
            ),
        ),
        (
            "reversed",
            Rule("words that come later in the alphabet when read backwards first", "w[::-1]", lambda w: w[::-1], True),
        ),
        (
            "palindrome",
            Rule(
                "palindromes (words that read the same backwards) first", "w == w[::-1]", lambda w: w == w[::-1], True
            ),
        ),
    ]


def draw_rules(rng: random.Random, count: int, letters: str) -> list[Rule]:
    rules: list[Rule] = []
    used: set[str] = set()
    for _ in range(4 * count):
        if len(rules) == count:
            break
        kind, rule = rng.choice(_rule_kinds(rng, letters))
        if kind not in used:
            used.add(kind)
            rules.append(rule)
    return rules


def sort_words(words: list[str], rules: list[Rule]) -> list[str]:
    """Stable sorts from the least important rule to the most important one."""
    result = sorted(words)
    for rule in reversed(rules):
        result = sorted(result, key=rule.function, reverse=rule.descending)
    return result


def reference_code(rules: list[Rule]) -> str:
    lines = [
        "def sort_words(words):",
        "    # stable sorts, from the least important rule to the most important",
        "    words = sorted(words)",
    ]
    for rule in reversed(rules):
        reverse = ", reverse=True" if rule.descending else ""
        lines.append(f"    words = sorted(words, key=lambda w: {rule.key}{reverse})")
    lines.append("    return words")
    return "\n".join(lines) + "\n"


def random_words(rng: random.Random, count: int, letters: str, longest: int) -> list[str]:
    """Short words over few letters, with repeats, so that rules tie and later rules matter."""
    pool = ["".join(rng.choice(letters) for _ in range(rng.randint(1, longest))) for _ in range(max(2, count * 2 // 3))]
    return [rng.choice(pool) for _ in range(count)]


class MultiKeySort(FunctionEnvironment):
    id = "code/multi_key_sort"
    version = 1
    description = (
        "Write a Python function that sorts words by a prioritised list of rules, each breaking the ties of the "
        "ones before."
    )
    difficulty_scales = "words per test list: 5 + d (slower past d=30); rules: 1 + d // 3; letters: 4 + d // 4"
    size_name = "words per list"
    answer_format = CODE_ANSWER
    tags = ("code", "sorting", "strings")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        words_per_list = 5 + t
        letters = string.ascii_lowercase[: min(26, 4 + t // 4)]
        longest = 3 + t // 6
        for _ in range(20):
            rules = draw_rules(rng, 1 + t // 3, letters)
            lists = [random_words(rng, words_per_list, letters, longest) for _ in range(10)]
            lists += [[], [rng.choice(letters)], random_words(rng, 2, letters, longest)]
            # The rules must matter: alphabetical order alone must get some list wrong.
            if any(sort_words(words, rules) != sorted(words) for words in lists):
                break
        tests = [{"args": [words], "expected": sort_words(words, rules)} for words in lists]
        rule_lines = "\n".join(
            f"{number}. {rule.text[0].upper()}{rule.text[1:]}." for number, rule in enumerate(rules, 1)
        )
        example = lists[0]
        prompt = (
            "Write a Python function\n\n    def sort_words(words: list[str]) -> list[str]:\n\n"
            "that returns the given words (lower-case, non-empty, possibly repeated) sorted by these rules, in order "
            "of priority: each rule only decides between words that tie on every rule before it.\n\n"
            f"{rule_lines}\n{len(rules) + 1}. Words that tie on all of the rules above come in alphabetical order.\n\n"
            f"For example, sort_words({example!r}) == {sort_words(example, rules)!r}.\n\n"
            f"The result must contain every word as often as the input does. "
            f"{hidden_tests('the empty list and repeated words included')}"
        )
        data: dict[str, Any] = {"entry": "sort_words", "arity": 1, "tests": tests}
        return Instance(prompt=prompt, answer=reference_code(rules), data=data, size=words_per_list)
