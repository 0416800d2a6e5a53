"""graph/lcs_three: a longest common subsequence of three words, any longest one."""

from __future__ import annotations

import random
import string
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_graph.sequences import dp_level, is_subsequence, read_word, split_optimum

#: The table is cubic in the word length, so the level stops here (words of 44 letters, 85 000 cells).
MAX_LEVEL = 120


def longest_common(a: str, b: str, c: str) -> str:
    """One longest common subsequence of three words: the classic table over prefixes (i, j, k), where a
    common last letter extends the best of the three shorter prefixes, else the best of dropping one
    letter wins; then a walk back from the full words. O(|a| |b| |c|)."""
    table = [[[0] * (len(c) + 1) for _ in range(len(b) + 1)] for _ in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            here, left, up = table[i][j], table[i - 1][j], table[i][j - 1]
            diagonal = table[i - 1][j - 1]
            for k in range(1, len(c) + 1):
                if a[i - 1] == b[j - 1] == c[k - 1]:
                    here[k] = diagonal[k - 1] + 1
                else:
                    here[k] = max(left[k], up[k], here[k - 1])
    out, i, j, k = [], len(a), len(b), len(c)
    while i and j and k:
        if a[i - 1] == b[j - 1] == c[k - 1]:
            out.append(a[i - 1])
            i, j, k = i - 1, j - 1, k - 1
        elif table[i][j][k] == table[i - 1][j][k]:
            i -= 1
        elif table[i][j][k] == table[i][j - 1][k]:
            j -= 1
        else:
            k -= 1
    return "".join(reversed(out))


class LcsThree(Environment):
    id = "graph/lcs_three"
    version = 1
    description = "Find a longest common subsequence of three words."
    difficulty_scales = (
        "letters: 12 + T in all, the three words within one letter of each other (T = d to 30, then slower: "
        f"rlve.scaling.taper, at most {MAX_LEVEL}); alphabet: 3 letters, 4 from T = 15"
    )
    size_name = "letters"
    answer_format = "the length, a colon, then the common subsequence, for example 4: abca"
    tags = ("string", "dynamic-programming", "subsequence", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = dp_level(difficulty, cap=MAX_LEVEL)
        letters = string.ascii_lowercase[: 3 if lev < 15 else 4]
        lengths = (4 + (lev + 2) // 3, 4 + (lev + 1) // 3, 4 + lev // 3)
        best = ""
        while not best:  # three words with no letter in common have no answer to write
            words = ["".join(rng.choice(letters) for _ in range(length)) for length in lengths]
            best = longest_common(*words)
        prompt = (
            "Here are three words:\n" + "\n".join(words) + "\n\n"
            "A subsequence of a word keeps some of its letters in their order, not necessarily next to each "
            "other (for example ace is a subsequence of abcde). Find a word that is a subsequence of all three "
            "words and is as long as possible. Give its length and the word itself; any longest common "
            "subsequence is accepted."
        )
        data = {"words": words, "best": len(best)}
        return Instance(prompt=prompt, answer=f"{len(best)}: {best}", data=data, size=sum(lengths))

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        words, best = data["words"], data["best"]
        stated, rest = split_optimum(answer, "the length", len(str(best)) + 2)
        common = read_word(rest, min(map(len, words)) + 1)
        for number, word in enumerate(words, start=1):
            if not is_subsequence(common, word):
                return Verdict.wrong(f"{common[:60]} is not a subsequence of word {number}")
        if len(common) != best:
            return Verdict.wrong(f"the common subsequence has {len(common)} letters, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated length {stated} is not the length {best} of the subsequence")
        return Verdict.right()
