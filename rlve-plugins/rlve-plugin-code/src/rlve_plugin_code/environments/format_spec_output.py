"""code/format_spec_output: what f-strings with format specs print.

Each line prints one value between brackets, ``print(f'[{a:*^+9,}]')``, so padding is visible. The specs use
fill and alignment (``<``, ``>``, ``^``, and ``=`` which pads after the sign), signs (``+``, ``-``, space),
zero-padding, thousands separators (``,`` and ``_``), precision for floats (``f`` and ``%``) and strings
(truncation), and bases (``b``, ``o``, ``x``, ``X``, with ``#`` for the prefix).

Every float is a multiple of 1/16, so it is exactly representable and its decimal value is known exactly;
rounding to the precision is then round-half-to-even on that exact value (a tie really is a tie), which the
prompt states. Our own formatter (``format_value``, built on ``decimal`` for the rounding) renders every
field; nothing is executed, and the tests compare it with Python's ``format``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import taper

#: Printed lines stop growing here (taper reaches it near d = 1000), so prompts stay short.
MOST_PRINTS = 50
FILLS = "*-._#"
DIGITS = "0123456789abcdef"


def print_count(difficulty: int) -> int:
    return min(3 + taper(difficulty), MOST_PRINTS)


@dataclass(frozen=True)
class Spec:
    fill: str = ""
    align: str = ""
    sign: str = ""
    alt: bool = False
    zero: bool = False
    width: int = 0
    group: str = ""
    precision: int | None = None
    type: str = ""

    def text(self) -> str:
        precision = "" if self.precision is None else f".{self.precision}"
        width = str(self.width) if self.width else ""
        return (f"{self.fill}{self.align}{self.sign}{'#' if self.alt else ''}{'0' if self.zero else ''}{width}"
                f"{self.group}{precision}{self.type}")


def _grouped(digits: str, separator: str, every: int) -> str:
    if not separator:
        return digits
    head = len(digits) % every or every
    parts = [digits[:head]] + [digits[i : i + every] for i in range(head, len(digits), every)]
    return separator.join(parts)


def format_value(value: Any, spec: Spec) -> str:
    """``format(value, spec.text())`` for the specs this environment draws (ints, multiples of 1/16, strs)."""
    negative = False
    if isinstance(value, str):
        body = value if spec.precision is None else value[: spec.precision]
        sign = prefix = ""
    else:
        negative = value < 0
        if isinstance(value, int) and spec.type in ("", "d", "b", "o", "x", "X"):
            base = {"b": 2, "o": 8, "x": 16, "X": 16}.get(spec.type, 10)
            digits, rest = "", abs(value)
            while True:
                digits = DIGITS[rest % base] + digits
                rest //= base
                if rest == 0:
                    break
            body = _grouped(digits, spec.group, 3 if base == 10 else 4)
            body = body.upper() if spec.type == "X" else body
            prefix = f"0{spec.type}" if spec.alt and base != 10 else ""
        else:
            exact = abs(Decimal(value)) * (100 if spec.type == "%" else 1)
            precision = 6 if spec.precision is None else spec.precision
            rounded = exact.quantize(Decimal(1).scaleb(-precision), rounding=ROUND_HALF_EVEN)
            whole, _, fraction = f"{rounded:f}".partition(".")
            body = _grouped(whole, spec.group, 3) + ("." + fraction if fraction else "")
            body += "%" if spec.type == "%" else ""
            prefix = ""
        sign = "-" if negative else ("" if spec.sign in ("", "-") else spec.sign)
    fill, align = spec.fill or " ", spec.align
    if spec.zero and not align:
        fill, align = "0", "="
    align = align or ("<" if isinstance(value, str) else ">")
    room = max(0, spec.width - len(sign) - len(prefix) - len(body))
    if align == "=":
        return sign + prefix + fill * room + body
    text = sign + prefix + body
    if align == "<":
        return text + fill * room
    if align == ">":
        return fill * room + text
    return fill * (room // 2) + text + fill * (room - room // 2)


def draw_field(rng: random.Random, difficulty: int, values: dict[str, Any]) -> tuple[str, Spec]:
    """A variable and a spec that suits its type."""
    name = rng.choice(sorted(values))
    value = values[name]
    align = rng.choice("<>^" + ("=" if difficulty >= 8 and not isinstance(value, str) else ""))
    fill = rng.choice(FILLS) if difficulty >= 2 and rng.random() < 0.5 else ""
    width = rng.randint(4, 12)
    if isinstance(value, str):
        precision = rng.randint(1, len(value)) if difficulty >= 8 and rng.random() < 0.4 else None
        return name, Spec(fill, align, width=width, precision=precision)
    sign = rng.choice(["", "", "+", "-", " "]) if difficulty >= 2 else ""
    zero = difficulty >= 4 and rng.random() < 0.3
    if zero:  # zero-padding takes the place of fill and alignment
        fill, align = "", ""
    if isinstance(value, int):
        kinds = ["d", ""] + (["b", "o", "x", "X"] if difficulty >= 6 else [])
        kind = rng.choice(kinds)
        group = rng.choice(",_") if kind in ("d", "") and difficulty >= 4 and not zero and rng.random() < 0.5 else ""
        alt = kind in ("b", "o", "x", "X") and rng.random() < 0.6
        return name, Spec(fill, align, sign, alt, zero, width, group, None, kind)
    kind = "%" if difficulty >= 8 and rng.random() < 0.3 else "f"
    group = "," if difficulty >= 4 and not zero and rng.random() < 0.4 else ""
    return name, Spec(fill, align, sign, False, zero, width, group, rng.randint(0, 3), kind)


def draw_values(rng: random.Random, difficulty: int) -> dict[str, Any]:
    values: dict[str, Any] = {}
    big = difficulty >= 4
    for name in "abc":
        values[name] = rng.randint(-(10**6 if big else 999), 10**6 if big else 999)
    for name in "xyz":
        # Multiples of 1/16: exact in binary, with ties at two and three decimals.
        values[name] = rng.randint(-(16 * 10**4 if big else 1600), 16 * 10**4 if big else 1600) / 16
    values["w"] = "".join(rng.choice("abcdefgh") for _ in range(rng.randint(2, 5)))
    return values


def normalise(line: str) -> str:
    """A printed line with the space around it dropped: inside the brackets every space counts."""
    return line.strip()


class FormatSpecOutput(Environment):
    id = "code/format_spec_output"
    version = 1
    description = (
        "Say what Python f-strings with format specs print: width, fill and alignment, sign, zero-padding, "
        "thousands separators, precision with round-half-to-even, percent, binary/octal/hex with #."
    )
    difficulty_scales = (
        "printed fields: 3 + d (slower past d=30, at most 50); width, alignment and precision from d=0; fill "
        "characters and signs from d=2; zero-padding, thousands separators and numbers up to a million from d=4; "
        "b/o/x/X and # from d=6; %, = alignment and string precision from d=8"
    )
    size_name = "printed fields"
    answer_format = (
        "each printed line on its own line, exactly as Python prints it, spaces included, for example:\n"
        "[  3.50]\n[ab**]"
    )
    tags = ("code", "tracing", "formatting")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        values = draw_values(rng, difficulty)
        count = print_count(difficulty)
        fields = [draw_field(rng, difficulty, values) for _ in range(count)]
        source = "".join(f"{name} = {values[name]!r}\n" for name in values)
        source += "".join(f"print(f'[{{{name}:{spec.text()}}}]')\n" for name, spec in fields)
        output = [f"[{format_value(values[name], spec)}]" for name, spec in fields]
        prompt = (
            f"What does this Python program print?\n\n```python\n{source}```\n\n"
            "Every float here is a multiple of 1/16, so it is stored exactly; a precision rounds that exact "
            "value, and an exact tie goes to the even digit (format(0.125, '.2f') is 0.12). Each line is printed "
            "between [ and ], and every space inside the brackets counts. Give each printed line on its own line, "
            "in order."
        )
        return Instance(prompt=prompt, answer="\n".join(output), data={"output": output}, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        expected = data["output"]
        if len(answer) > 4 * sum(len(line) for line in expected) + 200:
            return Verdict.wrong("the answer is far longer than the output")
        got = [normalise(line) for line in answer.strip().splitlines() if line.strip()]
        if len(got) != len(expected):
            return Verdict.wrong(f"the program prints {len(expected)} lines, the answer has {len(got)}")
        for number, (a, b) in enumerate(zip(got, expected), start=1):
            if a != b:
                return Verdict.wrong(f"printed line {number} is wrong")
        return Verdict.right()
