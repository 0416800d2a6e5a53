"""logic/cryptarithm: an alphametic (SEND + MORE = MONEY): give every letter a distinct digit so the sum holds.

The generator draws numbers, writes them with one random letter per digit, and keeps the puzzle only if a
column-by-column search (units first, carrying as on paper, assigning each letter when its column is
reached) finds exactly one assignment: the solution is unique, proved. Two-addend sums are shown as
subtractions half of the time (A + B = C as C - B = A), which is the same puzzle to solve.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int
from rlve.scaling import level, slow

#: Addends grow to this length, then another addend (of length 3) joins ...
MAX_LENGTH = 10
#: ... up to this many addends; then all of them grow, up to ``LONGEST`` digits (reached at absurd levels only).
MAX_ADDENDS = 4
LONGEST = 30
#: Search nodes one uniqueness proof may visit before the numbers are drawn again.
NODE_LIMIT = 20_000
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_PAIR = re.compile(r"([A-Za-z])\s*(?:=|:|->|is)\s*([0-9]{1,2})")


def lengths(difficulty: int) -> list[int]:
    """Addend lengths: from [4, 4], each step lengthens the shortest addend (the last of the shortest) by one, up
    to ``MAX_LENGTH``, then a new addend of length 3 joins (up to ``MAX_ADDENDS``, then all grow to ``LONGEST``);
    one step per level to 30, then one per four levels."""
    step = slow(level(difficulty), 1, 4, knee=30)
    sizes = [4, 4]
    for _ in range(step):
        cap = MAX_LENGTH if len(sizes) < MAX_ADDENDS else LONGEST
        if min(sizes) == cap:
            if len(sizes) == MAX_ADDENDS:
                break
            sizes.append(3)
        else:
            shortest = min(sizes)
            last = max(i for i, s in enumerate(sizes) if s == shortest)
            sizes[last] += 1
    return sizes


class _TooLong(Exception):
    pass


def count_solutions(addends: list[str], result: str, limit: int = 2) -> int:
    """Assignments (distinct digits, no leading 0) making the sum hold, counted up to ``limit``."""
    width = len(result)
    columns = [[w[-1 - i] for w in addends if i < len(w)] for i in range(width)]
    leading = {w[0] for w in [*addends, result] if len(w) > 1}
    value: dict[str, int] = {}
    used = [False] * 10
    found = 0
    nodes = 0

    def column(i: int, carry: int) -> None:
        nonlocal found
        if i == width:
            found += carry == 0
            return
        add(i, 0, carry)

    def add(i: int, j: int, total: int) -> None:
        nonlocal found, nodes
        nodes += 1
        if nodes > NODE_LIMIT:
            raise _TooLong
        if found >= limit:
            return
        if j < len(columns[i]):
            letter = columns[i][j]
            if letter in value:
                add(i, j + 1, total + value[letter])
                return
            for digit in range(1 if letter in leading else 0, 10):
                if not used[digit]:
                    used[digit], value[letter] = True, digit
                    add(i, j + 1, total + digit)
                    used[digit] = False
                    del value[letter]
            return
        letter, digit = result[-1 - i], total % 10
        if letter in value:
            if value[letter] == digit:
                column(i + 1, total // 10)
        elif not used[digit] and not (digit == 0 and letter in leading):
            used[digit], value[letter] = True, digit
            column(i + 1, total // 10)
            used[digit] = False
            del value[letter]

    column(0, 0)
    return found


def make_puzzle(sizes: list[int], rng: random.Random) -> tuple[list[str], str, dict[str, int]]:
    while True:
        # addends written with a few digits only: repeated letters are what make a short puzzle unique
        digits = rng.sample(range(10), rng.randint(4, 7))
        numbers = [int("".join(str(rng.choice(digits)) for _ in range(s))) for s in sizes]
        if any(len(str(x)) != s for x, s in zip(numbers, sizes)):
            continue
        total = sum(numbers)
        if len(str(total)) != max(sizes) + 1:
            continue  # the result is one digit longer than the longest addend: a size fixed by the difficulty
        letters = rng.sample(LETTERS, 10)
        words = ["".join(letters[int(c)] for c in str(x)) for x in [*numbers, total]]
        try:
            if count_solutions(words[:-1], words[-1]) == 1:
                used = {c for w in words for c in w}
                return words[:-1], words[-1], {letters[d]: d for d in range(10) if letters[d] in used}
        except _TooLong:
            continue


def read_assignment(answer: str, letters: set[str]) -> dict[str, int]:
    text = answer.strip()
    if len(text) > 12 * len(letters) + 20:
        raise ParseError("the answer is longer than an assignment of these letters")
    found = _PAIR.findall(text)
    leftover = _PAIR.sub(" ", text).strip(" ,;\n\t{}[]().")
    if leftover.strip(" ,;\n\t"):
        raise ParseError(f"unexpected text {leftover.strip()[:30]!r}; write letter=digit pairs")
    value: dict[str, int] = {}
    for letter, digits in found:
        letter = letter.upper()
        if letter not in letters:
            raise ParseError(f"{letter} is not a letter of the puzzle")
        if letter in value:
            raise ParseError(f"{letter} is given twice")
        digit = parse_int(digits, max_digits=2)
        if digit > 9:
            raise ParseError(f"{digit} is not a digit")
        value[letter] = digit
    missing = sorted(letters - set(value))
    if missing:
        raise ParseError(f"no digit for {', '.join(missing)}")
    return value


class Cryptarithm(Environment):
    id = "logic/cryptarithm"
    version = 1
    description = "Cryptarithm: give each letter a distinct digit so that the word sum (or difference) holds."
    difficulty_scales = (
        f"addend lengths from [4, 4], the shortest lengthened by one per step up to {MAX_LENGTH}, then another "
        f"addend of length 3 (up to {MAX_ADDENDS} addends, then all lengthen up to {LONGEST}; one step per level "
        "to 30, then per four levels); the result is one digit longer than the longest addend; unique solution"
    )
    size_name = "letters written"
    answer_format = "each letter of the puzzle with its digit, as letter=digit pairs separated by commas, e.g. A=1, B=7"
    tags = ("logic", "puzzle", "arithmetic", "cryptarithm", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        sizes = lengths(difficulty)
        addends, result, value = make_puzzle(sizes, rng)
        if len(addends) == 2 and rng.random() < 0.5:
            equation = f"{result} - {addends[1]} = {addends[0]}"
        else:
            equation = f"{' + '.join(addends)} = {result}"
        letters = sorted(value)
        prompt = (
            "Solve this cryptarithm: each letter stands for one digit from 0 to 9, different letters for different "
            "digits (and the same letter always for the same digit), and no word starts with the digit 0. Every "
            f"word is a number written in decimal.\n\n{equation}\n\nExactly one assignment makes it true. Give the "
            f"digit of every letter ({', '.join(letters)}) as letter=digit pairs separated by commas, e.g. "
            f"{letters[0]}=1, {letters[1]}=7, ..."
        )
        answer = ", ".join(f"{c}={value[c]}" for c in letters)
        data = {"addends": addends, "result": result}
        return Instance(prompt=prompt, answer=answer, data=data, size=sum(sizes) + max(sizes) + 1)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        addends, result = data["addends"], data["result"]
        words = [*addends, result]
        value = read_assignment(answer, {c for w in words for c in w})
        if len(set(value.values())) < len(value):
            return Verdict.wrong("two letters have the same digit")
        for word in words:
            if len(word) > 1 and value[word[0]] == 0:
                return Verdict.wrong(f"{word} would start with 0")
        numbers = [int("".join(str(value[c]) for c in w)) for w in words]
        if sum(numbers[:-1]) != numbers[-1]:
            return Verdict.wrong("the sum does not hold")
        return Verdict.right()
