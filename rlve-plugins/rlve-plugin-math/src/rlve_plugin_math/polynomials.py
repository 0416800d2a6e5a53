"""Integer polynomials as coefficient lists, highest power first: writing, multiplying and reading them."""

from __future__ import annotations

import re

from rlve import ParseError
from rlve_plugin_math.numbers import clean, split_name

_TERM_BODY = re.compile(r"([0-9]*)(?:(x)(?:\^(?:\{([0-9]{1,6})\}|([0-9]{1,6})))?)?")
_SIGNED_TERM = re.compile(r"[+-]?[^+-]+")


def multiply(a: list[int], b: list[int]) -> list[int]:
    """The product of two polynomials (coefficients highest power first)."""
    result = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                result[i + j] += x * y
    return result


def format_polynomial(coefficients: list[int], var: str = "x") -> str:
    """``[3, 0, -1, 5]`` as ``3x^3 - x + 5``."""
    degree = len(coefficients) - 1
    parts: list[str] = []
    for i, c in enumerate(coefficients):
        if c == 0:
            continue
        power = degree - i
        magnitude = abs(c)
        body = str(magnitude) if power == 0 or magnitude != 1 else ""
        if power >= 1:
            body += var if power == 1 else f"{var}^{power}"
        if not parts:
            parts.append(f"-{body}" if c < 0 else body)
        else:
            parts.append(f"{'-' if c < 0 else '+'} {body}")
    return " ".join(parts) if parts else "0"


def evaluate(coefficients: list[int], x: int) -> int:
    value = 0
    for c in coefficients:
        value = value * x + c
    return value


def parse_polynomial(text: str, *, max_degree: int, max_digits: int) -> list[int]:
    """A polynomial in ``x`` written out, ``2x^3 - 3*x + 1`` or ``p(x) = 2x^{3} - 3x + 1``.

    Returns the coefficients from ``x^max_degree`` down to the constant. Like terms are added up.
    Powers above ``max_degree`` or more than a few terms per power are unreadable, not big numbers.
    """
    _, s = split_name(clean(text))
    if "**" in "".join(s.split()):
        raise ParseError("write powers with ^, not **")  # 2**x is not 2x
    s = "".join(s.replace("\\cdot", "").replace("*", "").split())
    if not s:
        raise ParseError("empty polynomial")
    max_terms = 2 * (max_degree + 1) + 2
    if len(s) > max_terms * (max_digits + 12):
        raise ParseError("the polynomial is longer than any answer to this problem")
    coefficients = [0] * (max_degree + 1)
    covered = 0
    for count, match in enumerate(_SIGNED_TERM.finditer(s)):
        if match.start() != covered or count >= max_terms:
            raise ParseError("unreadable polynomial")
        covered = match.end()
        term = match.group()
        sign = -1 if term[0] == "-" else 1
        body = _TERM_BODY.fullmatch(term.lstrip("+-"))
        if body is None or not body.group():
            raise ParseError(f"unreadable term {term[:30]!r}")
        digits, var, braced, bare = body.groups()
        power = braced if braced is not None else bare
        if len(digits) > max_digits:
            raise ParseError(f"a coefficient has more than {max_digits} digits")
        if not var and not digits:
            raise ParseError(f"unreadable term {term[:30]!r}")
        coefficient = int(digits) if digits else 1
        exponent = (int(power) if power else 1) if var else 0
        if exponent > max_degree:
            raise ParseError(f"a power x^{exponent} is above the degree {max_degree}")
        coefficients[max_degree - exponent] += sign * coefficient
    if covered != len(s):
        raise ParseError("unreadable polynomial")
    return coefficients
