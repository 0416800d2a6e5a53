"""graph/shortest_superstring: a shortest string that contains each of a few words, any shortest one."""

from __future__ import annotations

import itertools
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.strings import letters, prefix_function, read_word, repetitive_word

#: Past this level the words stop growing (about 3000 letters in all), so generation stays fast at any difficulty.
LEVEL_CAP = 1500
#: The word count stops here: the exact search is over subsets of words (2^k k^2 steps).
MAX_WORDS = 7


def overlap(a: str, b: str) -> int:
    """The length of the longest suffix of ``a`` that is a prefix of ``b``, shorter than both, in O(|a| + |b|)."""
    limit = min(len(a), len(b)) - 1
    if limit <= 0:
        return 0
    joined = b[:limit] + "#" + a[len(a) - limit :]  # '#' is no letter: a border cannot run across it
    return prefix_function(joined)[-1]


def shortest_superstring(words: list[str]) -> str:
    """A shortest string containing every word, by dynamic programming over the subsets of words.

    Words inside other words are dropped first (any superstring of the rest contains them); for the others
    some shortest superstring writes them in some order, each overlapping the next as much as possible, so the
    search is a best Hamiltonian path on overlaps: best[mask][last] is the largest total overlap of an order
    of the words in ``mask`` ending with ``last``.
    """
    unique = sorted(set(words))
    kept = [w for w in unique if not any(w != v and w in v for v in unique)]
    k = len(kept)
    gain = [[overlap(a, b) for b in kept] for a in kept]
    best: dict[tuple[int, int], int] = {(1 << i, i): 0 for i in range(k)}
    before: dict[tuple[int, int], int] = {}
    for mask in range(1, 1 << k):
        for last in range(k):
            if (mask, last) not in best:
                continue
            value = best[(mask, last)]
            for nxt in range(k):
                if mask >> nxt & 1:
                    continue
                key = (mask | 1 << nxt, nxt)
                if value + gain[last][nxt] > best.get(key, -1):
                    best[key] = value + gain[last][nxt]
                    before[key] = last
    full = (1 << k) - 1
    last = max(range(k), key=lambda i: (best[(full, i)], -i))
    order = [last]
    mask = full
    while (mask, last) in before:
        mask, last = mask ^ (1 << last), before[(mask, last)]
        order.append(last)
    order.reverse()
    out = kept[order[0]]
    for a, b in itertools.pairwise(order):
        out += kept[b][gain[a][b] :]
    return out


def word_lengths(rng: random.Random, total: int, count: int) -> list[int]:
    """``count`` lengths of at least 2 adding up to ``total``."""
    lengths = [2] * count
    for _ in range(total - 2 * count):
        lengths[rng.randrange(count)] += 1
    return lengths


def overlapping_words(rng: random.Random, total: int, count: int) -> list[str]:
    """Distinct words cut from one hidden repetitive text, so that they overlap in many ways.

    A word inside another is left out of the search at no cost, so such windows are avoided when another
    window will do; the few that remain are a small trap of their own.
    """
    alphabet = letters(rng.choice((2, 3, 3)))
    lengths = word_lengths(rng, total, count)
    hidden = repetitive_word(rng, max(max(lengths), 3 * total // 4), alphabet, copy_chance=0.3)
    words: list[str] = []
    for length in lengths:
        for _ in range(20):
            start = rng.randrange(len(hidden) - length + 1)
            word = hidden[start : start + length]
            if not any(word in w or w in word for w in words):
                break
        else:
            if word in words:  # the hidden text is too uniform there: any unused word of that length over "abc"
                word = next("".join(t) for t in itertools.product("abc", repeat=length) if "".join(t) not in words)
        words.append(word)
    return words


class ShortestSuperstring(Environment):
    id = "graph/shortest_superstring"
    version = 1
    description = "Find a shortest string that contains each of a few given words as a substring (any shortest)."
    difficulty_scales = (
        "letters in the words: 6 + 2 L (L = d to 100, then +20 per doubling, at most 1500); words: 3 + L / 8, at "
        "most 7; the words are cut from one hidden repetitive text over 2 or 3 letters, so they overlap"
    )
    size_name = "letters"
    answer_format = "the superstring as one word with no spaces, for example abaabba"
    tags = ("string", "superstring", "np-hard", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=LEVEL_CAP)
        total = 6 + 2 * lev
        words = overlapping_words(rng, total, min(MAX_WORDS, 3 + lev // 8))
        best = shortest_superstring(words)
        prompt = (
            f"Here are {len(words)} words:\n{' '.join(words)}\n\n"
            "Find a shortest string that contains every one of these words as a substring (a run of consecutive "
            "letters; words may overlap inside it). Any string of the shortest possible length that contains all "
            "the words is accepted."
        )
        data = {"words": words, "length": len(best)}
        return Instance(prompt=prompt, answer=best, data=data, size=total)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        words = data["words"]
        # Writing the words one after another is always a superstring: no shortest one is longer.
        candidate = read_word(answer, max_length=sum(map(len, words)))
        for word in words:
            if word not in candidate:
                return Verdict.wrong(f"{word} does not occur in the answer")
        if len(candidate) != data["length"]:
            return Verdict.wrong(f"the answer has {len(candidate)} letters, but {data['length']} are enough")
        return Verdict.right()
