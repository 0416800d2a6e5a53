"""code/regex_synthesis: write a short regular expression that matches some strings and rejects others.

The model's pattern runs in the sandbox (a catastrophically backtracking pattern only costs its own
time limit). The length cap, a little above the hidden pattern's length, rules out listing the
positive strings one by one.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import taper
from rlve_plugin_code.code_answer import strip_code_fence
from rlve_plugin_code.patterns import backtrack, draw, matches, render, sample
from rlve_plugin_code.sandbox import Job, Limits, run
from rlve_plugin_code.sandboxed import raise_for_infrastructure

ATTEMPTS = 60
#: Backtracking steps (see patterns.backtrack) the hidden pattern may take on one example, so that
#: the reference answer itself runs in milliseconds in the sandbox.
COST_BUDGET = 5_000


def alphabet(difficulty: int) -> str:
    return "ab" if difficulty < 4 else "abc" if difficulty < 12 else "abcd"


def _mutations(text: str, rng: random.Random, letters: str) -> list[str]:
    """Strings one edit away from ``text``: likely near misses of the language."""
    out = []
    for _ in range(4):
        i = rng.randint(0, len(text))
        ch = rng.choice(letters)
        out.append(text[:i] + ch + text[i:])
        if text:
            j = rng.randrange(len(text))
            out.append(text[:j] + text[j + 1 :])
            out.append(text[:j] + ch + text[j + 1 :])
            out.append(text + text[j:])
    return out


def draw_examples(rng: random.Random, difficulty: int) -> tuple[str, list[str], list[str], int] | None:
    """A hidden pattern, positive and negative examples, and the length cap; None to draw again.

    Only strings on which the hidden pattern backtracks little are used, so the reference answer
    runs in milliseconds in the sandbox whatever the pattern's nesting.
    """
    letters = alphabet(difficulty)
    leaves = 2 + taper(difficulty)
    wanted = 6 + taper(difficulty) // 2
    node = draw(rng, leaves, letters)
    pattern = render(node)
    longest = 3 * leaves + 6

    def cheap(text: str) -> bool:
        return backtrack(node, text, COST_BUDGET) is not None

    positives: list[str] = []
    for _ in range(20 * wanted):
        text = sample(node, rng)
        if len(text) <= longest and text not in positives and cheap(text):
            positives.append(text)
        if len(positives) == wanted:
            break
    negatives: list[str] = []
    candidates = [m for text in positives for m in _mutations(text, rng, letters)]
    candidates += ["".join(rng.choice(letters) for _ in range(rng.randint(0, longest // 2))) for _ in range(4 * wanted)]
    rng.shuffle(candidates)
    for text in candidates:
        if len(negatives) == wanted:
            break
        if len(text) <= longest and text not in negatives and text not in positives and not matches(node, text):
            if cheap(text):
                negatives.append(text)
    max_length = len(pattern) + max(3, len(pattern) // 2)
    if len(positives) < 3 or len(negatives) < 3 or len("|".join(positives)) <= max_length:
        return None
    return (
        pattern,
        sorted(positives, key=lambda s: (len(s), s)),
        sorted(negatives, key=lambda s: (len(s), s)),
        max_length,
    )


def read_pattern(answer: str) -> str:
    text = strip_code_fence(answer, language="regex")
    if len(text) >= 2 and text[0] == text[-1] == "`":
        text = text[1:-1]
    if "\n" in text:
        raise ParseError("the pattern must be one line")
    return text


class RegexSynthesis(Environment):
    id = "code/regex_synthesis"
    version = 1
    description = (
        "Write a regular expression of at most a given length that fully matches some strings and none of some others."
    )
    difficulty_scales = (
        "symbols in the hidden pattern: 2 + d (slower past d=30); examples of each kind: 6 + d // 2; "
        "alphabet: ab, abc from d=4, abcd from d=12"
    )
    size_name = "symbols in the hidden pattern"
    answer_format = "the pattern alone, without quotes or slashes, for example (ab|c)*d"
    tags = ("code", "regex", "synthesis")
    runs_untrusted_code = True
    limits = Limits(wall_seconds=5.0, cpu_seconds=2)

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        drawn = None
        for _ in range(ATTEMPTS):
            drawn = draw_examples(rng, difficulty)
            if drawn is not None:
                break
        if drawn is None:  # pragma: no cover - happens for no seed tried
            raise RuntimeError("could not draw a pattern with enough examples")
        pattern, positives, negatives, max_length = drawn
        prompt = (
            f"Write a regular expression in Python's re syntax, at most {max_length} characters long, that matches "
            "each of these strings completely (as re.fullmatch does):\n\n"
            f"    {positives!r}\n\n"
            f"and none of these strings:\n\n    {negatives!r}\n\n"
            "Any pattern that does both and is short enough is correct; '' is the empty string."
        )
        data: dict[str, Any] = {"positives": positives, "negatives": negatives, "max_length": max_length}
        return Instance(prompt=prompt, answer=pattern, data=data, size=2 + taper(difficulty))

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        pattern = read_pattern(answer)
        if len(pattern) > data["max_length"]:
            return Verdict.wrong(
                f"the pattern has {len(pattern)} characters, more than the {data['max_length']} allowed"
            )
        strings = data["positives"] + data["negatives"]
        result = run(Job("regex", pattern, {"strings": strings}, self.limits))
        raise_for_infrastructure(result)
        if result.status == "syntax_error":
            raise ParseError(f"not a valid Python regular expression: {result.message}")
        if not result.completed:
            return Verdict.wrong(result.describe())
        wanted = [True] * len(data["positives"]) + [False] * len(data["negatives"])
        for text, outcome, want in zip(strings, result.outcomes, wanted):
            if outcome is None or not outcome.ok:
                return Verdict.wrong(f"matching {text!r} failed: {outcome.error if outcome else 'no result'}")
            if outcome.value is not want:
                return Verdict.wrong(f"it {'does not match' if want else 'matches'} {text!r}")
        return Verdict.right(f"matches all {len(data['positives'])} and rejects all {len(data['negatives'])}")
