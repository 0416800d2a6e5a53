"""The two answers of the environments that ask what a program prints, and their checks.

``PrintedLines``: each printed line, compared in order with spaces dropped and double quotes read as single
(the programs print reprs whose strings hold neither). ``PrintedIntegers``: the printed integers in order.
An environment asking either subclasses it and writes only ``generate`` (storing ``data["output"]``).
"""

from __future__ import annotations

import re
from typing import Any

from rlve import Environment, Verdict
from rlve.parse import parse_int_list


def normalise(line: str) -> str:
    """A printed repr with spaces dropped and double quotes read as single (no string here holds a space or
    a quote)."""
    return re.sub(r"\s+", "", line).replace('"', "'")


class PrintedLines(Environment):
    """The answer is the program's printed lines, in order (``data["output"]``: the lines as printed)."""

    answer_format = "each printed line on its own line, exactly as Python prints it, for example:\n[3, 1]\n'ba'\n7"

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["output"]
        if len(answer) > 4 * sum(len(line) for line in expected) + 200:
            return Verdict.wrong("the answer is far longer than the output")
        got = [normalise(line) for line in answer.strip().splitlines() if line.strip()]
        if len(got) != len(expected):
            return Verdict.wrong(f"the program prints {len(expected)} lines, the answer has {len(got)}")
        for number, (a, b) in enumerate(zip(got, expected), start=1):
            if a != normalise(b):
                return Verdict.wrong(f"printed line {number} is wrong")
        return Verdict.right()


class PrintedIntegers(Environment):
    """The answer is the integers the program prints, in order (``data["output"]``: the integers)."""

    answer_format = "the printed numbers in order, separated by spaces, for example 3 -1 12"

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["output"]
        digits = max(len(str(abs(value))) for value in expected) + 1
        got = parse_int_list(answer, max_items=2 * len(expected) + 8, max_digits=digits)
        if len(got) != len(expected):
            return Verdict.wrong(f"the program prints {len(expected)} numbers, the answer has {len(got)}")
        for number, (a, b) in enumerate(zip(got, expected), start=1):
            if a != b:
                return Verdict.wrong(f"printed value {number} is wrong")
        return Verdict.right()
