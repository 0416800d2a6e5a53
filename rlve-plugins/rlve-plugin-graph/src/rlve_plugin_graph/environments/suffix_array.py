"""graph/suffix_array: the start positions of a string's suffixes, in sorted order."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.reading import parse_nodes
from rlve_plugin_graph.strings import letters, repetitive_word

#: Past this level the string stops growing (reached near d = 3000), so sorting stays fast at any difficulty.
LEVEL_CAP = 200


def suffix_array(s: str) -> list[int]:
    """Prefix doubling: rank suffixes by their first 2^k letters until all ranks differ, O(n log^2 n).

    A suffix that runs out of letters gets rank -1 for the missing half, so a proper prefix sorts first.
    """
    n = len(s)
    rank = [ord(ch) for ch in s]
    order = list(range(n))
    width = 1
    while True:
        key = [(rank[i], rank[i + width] if i + width < n else -1) for i in range(n)]
        order.sort(key=key.__getitem__)
        fresh = [0] * n
        for a, b in zip(order, order[1:]):
            fresh[b] = fresh[a] + (key[a] != key[b])
        rank = fresh
        if rank[order[-1]] == n - 1:
            return order
        width *= 2


class SuffixArray(Environment):
    id = "graph/suffix_array"
    version = 1
    description = "Sort the suffixes of a string full of repeats and give their start positions in that order."
    difficulty_scales = (
        f"letters: 4 + L (L = d to 100, then +20 per doubling, at most {LEVEL_CAP}); 2 or 3 distinct letters, "
        "with half of the text copied from earlier stretches, so many suffixes share long prefixes"
    )
    size_name = "letters"
    answer_format = "the start positions (0-indexed) of the suffixes in sorted order, separated by spaces"
    tags = ("string", "sorting", "suffix-structures")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 4 + level(difficulty, cap=LEVEL_CAP)
        s = repetitive_word(rng, n, letters(rng.choice((2, 2, 3))))
        order = suffix_array(s)
        prompt = (
            f"Here is a string of {n} letters:\n{s}\n\n"
            f"Its letters are at positions 0 to {n - 1}. The suffix starting at position i is the string from "
            "position i to the end. Sort all the suffixes in dictionary (lexicographic) order, comparing letter by "
            "letter with a before b before c; when one suffix is a proper prefix of another, the shorter one comes "
            "first. Give the start positions of the suffixes in that sorted order (the suffix array)."
        )
        return Instance(prompt=prompt, answer=" ".join(map(str, order)), data={"s": s, "order": order}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        order = data["order"]
        n = len(order)
        given = parse_nodes(answer, n)
        if len(given) != n or len(set(given)) != n:
            return Verdict.wrong(f"the answer must list each of the {n} positions exactly once")
        for k, (mine, theirs) in enumerate(zip(given, order)):
            if mine != theirs:
                return Verdict.wrong(f"the suffix at {mine} is not number {k} (from 0) in sorted order")
        return Verdict.right()
