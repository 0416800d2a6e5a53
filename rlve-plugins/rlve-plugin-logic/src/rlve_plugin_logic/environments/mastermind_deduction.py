"""logic/mastermind_deduction: from guesses and their black/white peg scores, deduce the secret code.

The generator hides a random code, then adds random guesses with their scores until exactly one code fits
them all. Every code of c colours in p positions is a bit of one big integer (code index = sum of
colour_i * c^i), so "the codes that would give this guess this score" is a bitset built from a few dozen
bitwise operations on cached masks (codes with colour k at position i, codes with exactly m pegs of colour
k), and the set of codes still possible is the AND of those: uniqueness is a popcount of 1, proved.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import lru_cache
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level

#: Code shapes (positions, colours) ordered by the number of possible codes, which grows at every step
#: (of two shapes with as many codes, such as 3^6 and 9^3, the one with more positions is kept).
SHAPES = tuple(
    sorted(
        {c**p: (p, c) for p in range(3, 7) for c in range(3, 13) if c**p <= 300_000}.values(),
        key=lambda shape: shape[1] ** shape[0],
    )
)
#: Random guesses drawn (redundant ones skipped) before a code is drawn again; never reached in practice.
MAX_DRAWS = 400
COLOURS = "ABCDEFGHIJKL"
_SEPARATORS = re.compile(r"[\s,;\-|]+")


def shape(difficulty: int) -> tuple[int, int]:
    """(positions, colours): the d-th shape of ``SHAPES`` (distinct code counts), the last one from then on."""
    return SHAPES[min(level(difficulty, cap=len(SHAPES)), len(SHAPES) - 1)]


def score(guess: tuple[int, ...], code: tuple[int, ...]) -> tuple[int, int]:
    """(black, white): right colour in the right place; right colour in the wrong place, each peg used once."""
    black = sum(a == b for a, b in zip(guess, code))
    common = sum(min(guess.count(k), code.count(k)) for k in set(guess))
    return black, common - black


@lru_cache(maxsize=4)
def _masks(p: int, c: int) -> tuple[int, list[list[int]], list[list[int]]]:
    """(all codes, at[i][k] = codes with colour k at position i, exactly[k][m] = codes with m pegs of colour k)."""
    total = c**p
    full = (1 << total) - 1
    at = []
    for i in range(p):
        width, period = c**i, c ** (i + 1)
        repeat = full // ((1 << period) - 1)  # a 1 at every multiple of the period
        at.append([(((1 << width) - 1) << (k * width)) * repeat for k in range(c)])
    exactly = []
    for k in range(c):
        counts = [full]
        for i in range(p):
            has = at[i][k]
            counts = [(counts[m] & ~has if m < len(counts) else 0) | (counts[m - 1] & has if m else 0)
                      for m in range(len(counts) + 1)]  # fmt: skip
        exactly.append([x & full for x in counts])
    return full, at, exactly


def fitting(p: int, c: int, guess: tuple[int, ...], black: int, white: int) -> int:
    """The bitset of codes that give ``guess`` the score (black, white)."""
    full, at, exactly = _masks(p, c)
    rows = [full] + [0] * black  # rows[j]: codes matching the guess at exactly j of the positions so far
    for i, k in enumerate(guess):
        has = at[i][k]
        rows = [(rows[j] & ~has) | (rows[j - 1] & has if j else 0) for j in range(black + 1)]
    common = black + white
    sums = {0: full}  # sums[s]: codes sharing s pegs with the guess over the colours so far
    for k, m in Counter(guess).items():
        at_least_m = 0
        for x in exactly[k][m:]:
            at_least_m |= x
        nxt: dict[int, int] = {}
        for s, bits in sums.items():
            for v in range(min(m, common - s) + 1):
                nxt[s + v] = nxt.get(s + v, 0) | (bits & (exactly[k][v] if v < m else at_least_m))
        sums = nxt
    return rows[black] & sums.get(common, 0) & full


def make_puzzle(p: int, c: int, rng: random.Random) -> tuple[tuple[int, ...], list[tuple[tuple[int, ...], int, int]]]:
    while True:
        code = tuple(rng.randrange(c) for _ in range(p))
        possible, _, _ = _masks(p, c)
        guesses = []
        for _ in range(MAX_DRAWS):
            guess = tuple(rng.randrange(c) for _ in range(p))
            if guess == code:
                continue  # a guess scoring all black would give the answer away
            black, white = score(guess, code)
            narrowed = possible & fitting(p, c, guess, black, white)
            if narrowed == possible:
                continue  # tells nothing new
            possible = narrowed
            guesses.append((guess, black, white))
            if possible.bit_count() == 1:
                return code, guesses


def spell(code: tuple[int, ...] | list[int]) -> str:
    return " ".join(COLOURS[k] for k in code)


def read_code(answer: str, p: int, c: int) -> tuple[int, ...]:
    """A code as letters: ``A B C A``, ``A, B, C, A``, ``ABCA`` or ``[A B C A]``; case does not matter."""
    text = answer.strip().rstrip(".").strip()
    if len(text) >= 2 and (text[0], text[-1]) in {("[", "]"), ("(", ")"), ("{", "}")}:
        text = text[1:-1].strip()
    if len(text) > 4 * p + 16:
        raise ParseError("the answer is longer than a code")
    pieces = [x for x in _SEPARATORS.split(text) if x]
    if len(pieces) == 1 and len(pieces[0]) == p:
        pieces = list(pieces[0])
    if len(pieces) != p:
        raise ParseError(f"expected {p} colours, got {len(pieces)}")
    code = []
    for piece in pieces:
        letter = piece.upper()
        if len(letter) != 1 or letter not in COLOURS[:c]:
            raise ParseError(f"{piece[:10]!r} is not one of the colours {COLOURS[0]} to {COLOURS[c - 1]}")
        code.append(COLOURS.index(letter))
    return tuple(code)


class MastermindDeduction(Environment):
    id = "logic/mastermind_deduction"
    version = 1
    description = "Mastermind deduction: find the secret code from guesses scored with black and white pegs."
    difficulty_scales = (
        "the d-th code shape (positions 3-6, colours 3-12) in order of possible codes c^p: 27, 64, 81, 125, ... "
        f"(c^p = {SHAPES[30][1]}^{SHAPES[30][0]} at d 30, then one shape per level while L = d up to 100, then +20 "
        f"per doubling, capped at {SHAPES[-1][1]}^{SHAPES[-1][0]}); random guesses until the code is unique"
    )
    size_name = "possible codes"
    answer_format = "the code as its colour letters from position 1 to the last, separated by spaces, e.g. A C B B"
    tags = ("logic", "puzzle", "deduction", "mastermind", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        p, c = shape(difficulty)
        code, guesses = make_puzzle(p, c, rng)
        lines = [
            f"{i + 1}. {spell(guess)}: {black} black, {white} white" for i, (guess, black, white) in enumerate(guesses)
        ]
        prompt = (
            f"A secret code has {p} positions, each holding one of {c} colours {', '.join(COLOURS[:c])}; colours may "
            "repeat. Each guess below (a code of the same kind) was scored against the secret: black = the number "
            "of positions where the guess and the secret have the same colour; white = (the sum over all colours "
            "of the smaller of the colour's count in the guess and its count in the secret) minus black, that is "
            "the right colours in the wrong places, each peg of the secret counted at most once.\n\n"
            + "\n".join(lines)
            + "\n\nExactly one code fits every score. Give the secret code: its colour letters from position 1 to "
            f"position {p}, separated by spaces."
        )
        data = {"positions": p, "colours": c, "guesses": [[list(g), b, w] for g, b, w in guesses]}
        return Instance(prompt=prompt, answer=spell(code), data=data, size=c**p)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        code = read_code(answer, data["positions"], data["colours"])
        for index, (guess, black, white) in enumerate(data["guesses"]):
            got = score(tuple(guess), code)
            if got != (black, white):
                return Verdict.wrong(f"guess {index + 1} would score {got[0]} black, {got[1]} white")
        return Verdict.right()
