"""graph/inverse_bwt: recover a string from its Burrows-Wheeler transform (with a unique end marker '$')."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.strings import letters, read_word, repetitive_word

#: Past this level the string stops growing (about 2000 letters), so generation stays fast at any difficulty.
LEVEL_CAP = 2000
END = "$"


def bwt(text: str) -> str:
    """The last column of the sorted rotations of text + '$'.

    '$' is unique and smaller than every letter (as in ASCII), so sorting the rotations is sorting the
    suffixes: two rotations differ at or before the '$' of the first of them.
    """
    s = text + END
    order = sorted(range(len(s)), key=lambda i: s[i:])
    return "".join(s[i - 1] for i in order)  # s[-1] is '$' for the rotation starting at 0


class InverseBwt(Environment):
    id = "graph/inverse_bwt"
    version = 1
    description = "Recover a string from its Burrows-Wheeler transform ('$' marks the end and sorts first)."
    difficulty_scales = (
        "letters: 5 + L (L = d to 100, then +20 per doubling, at most 2000); 2 to 4 distinct letters, with half of "
        "the text copied from earlier stretches, so the transform has long runs"
    )
    size_name = "letters"
    answer_format = "the original string as one word with no spaces and without the $, for example banana"
    tags = ("string", "transform", "burrows-wheeler")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 5 + level(difficulty, cap=LEVEL_CAP)
        text = repetitive_word(rng, n, letters(rng.choice((2, 3, 4))))
        transform = bwt(text)
        prompt = (
            "The Burrows-Wheeler transform of a string w of lowercase letters is built like this: append the end "
            "marker $ to get w$, write down all the rotations of w$ (w$ itself, then moving the first character to "
            "the end one step at a time), sort them lexicographically with $ before every letter (so "
            "$ < a < b < c < d), and read the last character of each sorted rotation, from the first to the last. "
            "For example, the transform of banana is annb$aa.\n\n"
            f"The transform of a string w of {n} letters is:\n{transform}\n\n"
            "What is w?"
        )
        return Instance(prompt=prompt, answer=text, data={"text": text}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = data["text"]
        given = read_word(answer, max_length=len(text) + 1, allowed="abcdefghijklmnopqrstuvwxyz$")
        if given.endswith(END):
            given = given[:-1]  # the end marker written out: harmless
        if END in given:
            return Verdict.wrong("$ marks the end only: it cannot appear inside w")
        if len(given) != len(text):
            return Verdict.wrong(f"w has {len(text)} letters, the answer {len(given)}")
        if given != text:
            first = next(i for i, (a, b) in enumerate(zip(given, text)) if a != b)
            return Verdict.wrong(f"the answer differs from w at position {first}")
        return Verdict.right()
