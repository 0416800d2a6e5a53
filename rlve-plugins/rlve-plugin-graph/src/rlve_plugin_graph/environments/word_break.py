"""graph/word_break: in how many ways a string splits into dictionary words, with one such split."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int
from rlve.scaling import level
from rlve_plugin_graph.sequences import split_optimum
from rlve_plugin_graph.strings import letters, random_word, read_pieces

#: Counts are asked modulo this prime: they grow exponentially with the length of the string.
MODULUS = 1_000_000_007
#: Past this level the string stops growing (306 letters).
LEVEL_CAP = 300
#: About this share of the strings cannot be split at all (one letter changed after planting a split).
UNSPLITTABLE_SHARE = 0.2
#: The dictionary has at most this many words, of at most this many letters.
MAX_WORDS = 14
MAX_WORD = 6
#: A count with no split after it (matched on the stripped answer, so no repeat can backtrack); no leading
#: zeros, so that "00" is not read as 0.
_ONLY_DIGITS = re.compile(r"(?:0|[1-9][0-9]{0,11})\.?")


def count_splits(s: str, words: list[str]) -> tuple[int, int, list[str]]:
    """(number of splits of ``s`` into ``words``, that number modulo MODULUS, one split or []).

    ``ways[i]`` counts the splits of the first i letters: each ends with a dictionary word s[i - len(w):i],
    after a split of what comes before. Exact counts are kept (they are at most about 2^n for n letters)
    so that "no split" is never confused with a count that happens to be a multiple of the modulus.
    """
    n = len(s)
    ways = [1] + [0] * n
    last = [""] * (n + 1)  # one word that ends a split of the first i letters
    for i in range(1, n + 1):
        for word in words:
            start = i - len(word)
            if start >= 0 and ways[start] and s.startswith(word, start):
                ways[i] += ways[start]
                last[i] = last[i] or word
    split, i = [], n
    while i and ways[n]:
        split.append(last[i])
        i -= len(last[i])
    return ways[n], ways[n] % MODULUS, split[::-1]


def dictionary(rng: random.Random, size: int, longest: int, alphabet: str) -> list[str]:
    """``size`` different words of at most ``longest`` letters: one single letter, a few short random words,
    and then words glued from two earlier ones ("ab" + "ba" = "abba"). The glued words are what makes splits
    many: each place a glued word is written can also be cut into its two parts, and those choices multiply.
    """
    words = [rng.choice(alphabet)]
    while len(words) < max(2, size // 2):
        word = random_word(rng, rng.randint(2, min(3, longest)), alphabet)
        if word not in words:
            words.append(word)
    for _ in range(50 * size):
        if len(words) == size:
            break
        word = rng.choice(words) + rng.choice(words)
        if len(word) <= longest and word not in words:
            words.append(word)
    while len(words) < size:  # few words short enough to glue: fill up with random ones
        word = random_word(rng, rng.randint(2, longest), alphabet)
        if word not in words:
            words.append(word)
    rng.shuffle(words)
    return words


def planted_string(rng: random.Random, length: int, words: list[str]) -> str:
    """Dictionary words written one after another until ``length`` letters; the last word is one that fits
    (the dictionary always has a one-letter word)."""
    out = ""
    while len(out) < length:
        out += rng.choice([w for w in words if len(w) <= length - len(out)])
    return out


class WordBreak(Environment):
    id = "graph/word_break"
    version = 1
    description = "Count the ways to split a string into dictionary words (modulo a prime), and give one split."
    difficulty_scales = (
        f"letters: 6 + L (L = d to 100, then +20 per doubling, at most {LEVEL_CAP}); dictionary: 3 + L / 4 words "
        f"(at most {MAX_WORDS}) of up to 2 + L / 6 letters (at most {MAX_WORD}) over 2 letters, 3 from L = 12: one "
        "single letter, short random words, and the rest glued from two of those, so that splits multiply; the "
        f"string is written with dictionary words, then in about {UNSPLITTABLE_SHARE:.0%} of the instances one "
        "letter is changed so that no split is left"
    )
    size_name = "letters"
    answer_format = (
        "the number of splits modulo 1000000007, a colon, then one split as the words in order separated by "
        "spaces, for example 3: ab a ba; or 0 alone if there is no split"
    )
    tags = ("string", "dynamic-programming", "counting", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=LEVEL_CAP)
        n = 6 + lev
        alphabet = letters(2 if lev < 12 else 3)
        words = dictionary(rng, min(MAX_WORDS, 3 + lev // 4), min(MAX_WORD, 2 + lev // 6), alphabet)
        s = planted_string(rng, n, words)
        if rng.random() < UNSPLITTABLE_SHARE:
            for _ in range(20):  # change a letter; keep the change once nothing splits any more
                at = rng.randrange(n)
                changed = s[:at] + rng.choice(alphabet.replace(s[at], "")) + s[at + 1 :]
                if count_splits(changed, words)[0] == 0:
                    s = changed
                    break
        total, count, split = count_splits(s, words)
        prompt = (
            f"Here is a string s of {n} letters:\n{s}\n\nand a dictionary of {len(words)} words:\n"
            f"{' '.join(words)}\n\n"
            "A split of s cuts it into pieces, each of them a word of the dictionary, that spell s in order; a "
            "word may be used any number of times. Two splits are different when they cut s in different places. "
            f"Count the different splits of s, and give that number modulo {MODULUS} (the remainder of its "
            f"division by {MODULUS}; when there are fewer splits than that, this is just their number). Then "
            "give one split, any one, as its pieces in order. If s has no split at all, answer 0 alone."
        )
        answer = f"{count}: {' '.join(split)}" if total else "0"
        data = {"s": s, "words": words, "count": count, "splittable": total > 0}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        s, words, count = data["s"], data["words"], data["count"]
        if _ONLY_DIGITS.fullmatch(answer.strip()):
            stated, rest = parse_int(answer.strip().rstrip(".")), ""
        else:
            stated, rest = split_optimum(answer, "the number of splits", len(str(MODULUS)) + 2)
        if not rest:
            if data["splittable"]:
                return Verdict.wrong("s can be split into dictionary words: give the count and one split")
            if stated != 0:
                return Verdict.wrong(f"s has no split, so the count is 0, not {stated}")
            return Verdict.right()
        pieces = read_pieces(rest, max_pieces=len(s), max_length=len(s))
        for piece in pieces:
            if piece not in words:
                return Verdict.wrong(f"{piece} is not a word of the dictionary")
        if "".join(pieces) != s:
            return Verdict.wrong("the pieces do not spell s in order")
        if stated != count:
            return Verdict.wrong(f"the number of splits modulo {MODULUS} is not {stated}")
        return Verdict.right()
