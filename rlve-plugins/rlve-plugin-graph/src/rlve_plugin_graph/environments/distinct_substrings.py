"""graph/distinct_substrings: how many different non-empty substrings a string has."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.strings import letters, read_number, repetitive_word

#: Past this level the string stops growing (about 1000 letters), so generation stays fast at any difficulty.
LEVEL_CAP = 1000


def count_distinct_substrings(s: str) -> int:
    """The number of distinct non-empty substrings, from the suffix automaton of ``s`` in O(n).

    Each state of the automaton stands for the substrings of lengths (len(link) + 1) .. len(state) that end
    at the same set of positions, and every distinct substring belongs to exactly one state.
    """
    length, link, moves = [0], [-1], [{}]
    last = 0
    for ch in s:
        cur = len(length)
        length.append(length[last] + 1)
        link.append(0)
        moves.append({})
        p = last
        while p >= 0 and ch not in moves[p]:
            moves[p][ch] = cur
            p = link[p]
        if p >= 0:
            q = moves[p][ch]
            if length[p] + 1 == length[q]:
                link[cur] = q
            else:
                clone = len(length)
                length.append(length[p] + 1)
                link.append(link[q])
                moves.append(dict(moves[q]))
                while p >= 0 and moves[p].get(ch) == q:
                    moves[p][ch] = clone
                    p = link[p]
                link[q] = link[cur] = clone
        last = cur
    return sum(length[v] - length[link[v]] for v in range(1, len(length)))


class DistinctSubstrings(Environment):
    id = "graph/distinct_substrings"
    version = 1
    description = "Count the distinct non-empty substrings of a string full of repeats."
    difficulty_scales = (
        "letters: 5 + L (L = d to 100, then +20 per doubling, at most 1000); 2 or 3 distinct letters, with half of "
        "the text copied from earlier stretches"
    )
    size_name = "letters"
    answer_format = "a single integer, for example 42"
    tags = ("string", "counting", "suffix-structures")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 5 + level(difficulty, cap=LEVEL_CAP)
        s = repetitive_word(rng, n, letters(rng.choice((2, 2, 3))))
        count = count_distinct_substrings(s)
        prompt = (
            f"Here is a string of {n} letters:\n{s}\n\n"
            "A substring is a run of one or more consecutive letters of the string. Substrings taken from "
            "different positions but spelled the same count once. How many different non-empty substrings "
            "does the string have?"
        )
        return Instance(prompt=prompt, answer=str(count), data={"s": s, "count": count}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        given = read_number(answer, max_digits=len(str(data["count"])) + 2, allow_thousands=True)
        if given != data["count"]:
            return Verdict.wrong(f"{given} is not the number of distinct substrings")
        return Verdict.right()
