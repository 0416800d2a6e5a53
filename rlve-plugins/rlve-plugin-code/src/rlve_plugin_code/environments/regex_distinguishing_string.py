"""code/regex_distinguishing_string: a string fully matched by exactly one of two nearly identical regexes.

The first pattern is drawn with the pack's pattern trees (``patterns.py``: star height one, quantifiers only on
fixed-length runs of letters and classes); the second is a copy with one slip: a letter or a class changed, a
quantifier changed (``*`` and ``+``, ``?`` dropped, a bound of ``{m,n}`` moved by one), an alternative dropped
or two neighbours swapped. Strings sampled from both (and small edits of them) find the strings that tell them
apart; the reference is the shortest one found.

The check reads the model's string (letters of the alphabet only, bounded length) and matches it with the
pack's polynomial matcher, which has ``re.fullmatch`` semantics (the tests compare it with Python's ``re``):
a backtracking engine could take long on a pattern with several stars in a row.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import taper
from rlve_plugin_code.patterns import Node, draw, matches, render, sample

#: Pattern leaves stop growing here (taper reaches it past d = 1000).
LEAVES_CAP = 40
#: Strings sampled from the two patterns (and edited) per slip tried.
SAMPLES = 16


def leaf_count(difficulty: int) -> int:
    return min(2 + taper(difficulty), LEAVES_CAP)


def longest_string(difficulty: int) -> int:
    return 2 * leaf_count(difficulty) + 6


def letters_for(difficulty: int) -> str:
    return "ab" if difficulty < 8 else "abc"


def node_paths(node: Node, path: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    found = [path]
    for index, part in enumerate(node.parts):
        found += node_paths(part, path + (index,))
    return found


def node_at(node: Node, path: tuple[int, ...]) -> Node:
    for index in path:
        node = node.parts[index]
    return node


def with_node(node: Node, path: tuple[int, ...], new: Node) -> Node:
    if not path:
        return new
    parts = list(node.parts)
    parts[path[0]] = with_node(parts[path[0]], path[1:], new)
    return replace(node, parts=tuple(parts))


def slips(node: Node, letters: str) -> list[Node]:
    """Every one-step change of this node (not of its parts) that keeps the pattern of the same family."""
    kind = node.kind
    if kind == "lit":
        return [replace(node, text=other) for other in letters if other != node.text]
    if kind == "class":
        changed = []
        for inside in node.text:
            for outside in letters:
                if outside not in node.text:
                    changed.append(replace(node, text="".join(sorted(node.text.replace(inside, outside)))))
        return changed + [Node("lit", text=letter) for letter in node.text]
    if kind in ("concat", "alt"):
        parts = node.parts
        if kind == "alt":  # the order of alternatives changes nothing a full match accepts: drop one
            if len(parts) == 2:
                return []
            return [replace(node, parts=parts[:i] + parts[i + 1 :]) for i in range(len(parts))]
        return [
            replace(node, parts=parts[:i] + (parts[i + 1], parts[i]) + parts[i + 2 :])
            for i in range(len(parts) - 1)
            if parts[i] != parts[i + 1]
        ]
    child = node.parts[0]
    if kind in ("star", "plus"):
        return [replace(node, kind="plus" if kind == "star" else "star"), replace(node, kind="opt")]
    if kind == "opt":
        return [child, replace(node, kind="star")]
    found = []
    moved = ((node.low - 1, node.high), (node.low + 1, node.high), (node.low, node.high - 1), (node.low, node.high + 1))
    for low, high in moved:
        if 0 <= low <= high and high >= 1 and (low, high) != (1, 1):
            found.append(replace(node, low=low, high=high))
    return found


def edits(text: str, letters: str, rng: random.Random) -> list[str]:
    """A few one-letter edits of ``text``: a letter changed, inserted or deleted."""
    found = []
    for _ in range(3):
        i = rng.randrange(len(text) + 1)
        letter = rng.choice(letters)
        found.append(text[:i] + letter + text[i:])
        if i < len(text):
            found.append(text[:i] + letter + text[i + 1 :])
            found.append(text[:i] + text[i + 1 :])
    return found


class RegexDistinguishingString(Environment):
    id = "code/regex_distinguishing_string"
    version = 1
    description = (
        "Find a string that exactly one of two nearly identical regular expressions fully matches (any such string "
        "counts)."
    )
    difficulty_scales = (
        f"pattern leaves: 2 + d (slower past d=30, at most {LEAVES_CAP}); alphabet: a, b, and c from d=8; "
        "strings of at most 2 * leaves + 6 letters"
    )
    size_name = "pattern leaves"
    answer_format = "a string of letters"
    tags = ("code", "regex", "search", "counterexample")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        letters = letters_for(difficulty)
        leaves = leaf_count(difficulty)
        longest = longest_string(difficulty)
        while True:
            first = draw(rng, leaves, letters)
            path = rng.choice(node_paths(first))
            options = slips(node_at(first, path), letters)
            if not options:
                continue
            second = with_node(first, path, rng.choice(options))
            if render(second) == render(first):
                continue
            texts = [sample(node, rng) for node in (first, second) for _ in range(SAMPLES // 2)]
            texts = [text for text in texts for text in [text, *edits(text, letters, rng)]]
            texts = sorted({text for text in texts if 1 <= len(text) <= longest}, key=lambda text: (len(text), text))
            # The shortest string found that tells them apart (the first one: no need to match the rest).
            apart = next((text for text in texts if matches(first, text) != matches(second, text)), None)
            if apart is not None:
                break
        prompt = (
            "Here are two regular expressions (Python's re syntax):\n\n"
            f"R1: {render(first)}\nR2: {render(second)}\n\n"
            f"Find a string of 1 to {longest} letters, each one of {', '.join(letters)}, that one of them matches in "
            "full (as re.fullmatch does) and the other does not. Any such string is accepted. Write only the "
            "string, without quotes."
        )
        data = {"first": render(first), "second": render(second), "letters": letters, "longest": longest}
        data["trees"] = [_to_data(first), _to_data(second)]
        return Instance(prompt=prompt, answer=apart, data=data, size=leaves)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = answer.strip()
        if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`":  # quotes are harmless
            text = text[1:-1]
        longest, letters = data["longest"], data["letters"]
        if not 1 <= len(text) <= longest:
            return Verdict.wrong(f"the string must have 1 to {longest} letters")
        if any(letter not in letters for letter in text):
            return Verdict.wrong(f"use only the letters {', '.join(letters)}")
        first, second = (matches(_from_data(tree), text) for tree in data["trees"])
        if first == second:
            return Verdict.wrong(f"both patterns {'match' if first else 'reject'} {text[:40]!r}")
        return Verdict.right()


def _to_data(node: Node) -> list:
    return [node.kind, node.text, [_to_data(part) for part in node.parts], node.low, node.high]


def _from_data(value: list) -> Node:
    kind, text, parts, low, high = value
    return Node(kind, text, tuple(_from_data(part) for part in parts), low, high)
