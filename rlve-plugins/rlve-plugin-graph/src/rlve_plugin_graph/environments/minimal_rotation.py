"""graph/minimal_rotation: where the lexicographically smallest rotation of a string starts."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.strings import letters, read_number, smallest_period

#: Past this level the string stops growing (about 4000 letters), so prompts stay bounded at any difficulty.
LEVEL_CAP = 2000


def least_rotation(s: str) -> int:
    """The smallest index i at which the smallest rotation s[i:] + s[:i] starts, in O(n).

    Two candidate starts i < j race letter by letter; at the first difference the loser, and every start
    inside the stretch it just matched, is out. Ties (a string that is a block repeated) make the winner
    any copy of the block's start: reducing it modulo the primitive period gives the first one.
    """
    n = len(s)
    i, j, k = 0, 1, 0
    while i < n and j < n and k < n:
        a, b = s[(i + k) % n], s[(j + k) % n]
        if a == b:
            k += 1
            continue
        if a > b:
            i += k + 1
        else:
            j += k + 1
        if i == j:
            j += 1
        k = 0
    period = smallest_period(s)
    cycle = period if n % period == 0 else n  # the rotations repeat every `cycle` positions
    return min(i, j) % cycle


def runs_of_a(rng: random.Random, n: int) -> str:
    """A string of runs of 'a' separated by other letters, so that many rotations start alike.

    One time in three it is a block repeated exactly (when n allows), so several starts give the same
    smallest rotation and the tie-break matters. It is then rotated by a random amount.
    """
    alphabet = letters(rng.choice((2, 3, 3)))
    divisors = [q for q in range(2, n // 2 + 1) if n % q == 0]
    length = rng.choice(divisors) if divisors and rng.random() < 1 / 3 else n
    out: list[str] = []
    while len(out) < length:
        out.extend("a" * rng.randint(1, 3))
        out.extend(rng.choice(alphabet[1:]) for _ in range(rng.randint(1, 2)))
    block = "".join(out[:length])
    s = block * (n // length)
    shift = rng.randrange(n)
    return s[shift:] + s[:shift]


class MinimalRotation(Environment):
    id = "graph/minimal_rotation"
    version = 1
    description = "Find where the lexicographically smallest rotation of a string starts (the first such index)."
    difficulty_scales = (
        "letters: 6 + 2 L (L = d to 100, then +20 per doubling, at most 2000); 2 or 3 distinct letters in runs of "
        "'a'; one string in three is a block repeated, so several starts tie"
    )
    size_name = "letters"
    answer_format = "a single integer, the starting index, for example 3"
    tags = ("string", "rotation", "lexicographic")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = 6 + 2 * level(difficulty, cap=LEVEL_CAP)
        s = runs_of_a(rng, n)
        start = least_rotation(s)
        prompt = (
            f"Here is a string s of {n} letters (positions 0 to {n - 1}):\n{s}\n\n"
            "The rotation of s starting at index i is s[i:] + s[:i]: the letters from position i to the end, "
            f"followed by the letters from position 0 to i - 1 (i from 0 to {n - 1}). Compare rotations "
            "lexicographically, as in a dictionary (a < b < c). At which index does the smallest rotation start? "
            "If several indices give the same smallest rotation, answer the smallest of them. Answer with the "
            "index, not the rotation."
        )
        data = {"s": s, "start": start}
        return Instance(prompt=prompt, answer=str(start), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        s = data["s"]
        n = len(s)
        if answer.strip().isalpha():
            return Verdict.wrong("the answer must be the starting index (a number), not the rotation")
        i = read_number(answer, max_digits=len(str(n)) + 2)
        if i == data["start"]:
            return Verdict.right()
        if not 0 <= i < n:
            return Verdict.wrong(f"indices are 0 to {n - 1}, not {i}")
        best = data["start"]
        if s[i:] + s[:i] == s[best:] + s[:best]:
            return Verdict.wrong(f"the rotation at {i} is the smallest, but it also starts at the smaller index {best}")
        return Verdict.wrong(f"the rotation starting at {i} is not the smallest")
