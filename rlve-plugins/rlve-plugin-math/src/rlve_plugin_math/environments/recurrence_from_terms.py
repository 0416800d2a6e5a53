"""math/recurrence_from_terms: the linear recurrence of least order behind the first terms of a sequence."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.numbers import clean, digits_of, parse_integers, split_name
from rlve_plugin_math.scaling import LEVEL_CAP, random_signed

#: One signed term of ``a_n = 2a_{n-1} - a_{n-2}``: a sign, a coefficient, then a_{n-i}, a(n-i) or a_(n-i).
_TERM = re.compile(r"([+-]?)([0-9]*)a(?:_\{n-([0-9]{1,6})\}|_?\(n-([0-9]{1,6})\))")
#: ``a_n = ...`` or ``a(n) = ...`` marks an answer written as a recurrence rather than a list of coefficients.
_RECURRENCE = re.compile(r"a *(?:_|\()")
_RECURRENCE_NAMES = ("an", "a(n)")


def berlekamp_massey(terms: list[int]) -> list[Fraction]:
    """The shortest recurrence a_n = c_1 a_(n-1) + ... + c_L a_(n-L) over the rationals that generates
    ``terms`` (Berlekamp-Massey): returns [c_1, ..., c_L]. With 2L <= len(terms) it is the only one of length L.
    """
    current, previous = [Fraction(1)], [Fraction(1)]  # connection polynomials C(x), B(x), both with C(0) = 1
    length, shift, last_discrepancy = 0, 1, Fraction(1)
    for n, term in enumerate(terms):
        discrepancy = term + sum(current[i] * terms[n - i] for i in range(1, length + 1))
        if discrepancy == 0:
            shift += 1
            continue
        factor = discrepancy / last_discrepancy
        updated = current + [Fraction(0)] * max(0, len(previous) + shift - len(current))
        for i, b in enumerate(previous):
            updated[i + shift] -= factor * b
        if 2 * length <= n:
            previous, length, last_discrepancy, shift = current, n + 1 - length, discrepancy, 1
        else:
            shift += 1
        current = updated + [Fraction(0)] * max(0, length + 1 - len(updated))
    return [-c for c in current[1 : length + 1]]


def _read_recurrence(text: str, max_order: int, max_digits: int) -> list[int]:
    """``a_n = 2a_{n-1} - a_{n-2}`` (also ``a(n) = 2a(n-1) - a(n-2)``, ``2 * a_{n-1}``) as [2, -1]; the order is
    the furthest term written, even with a zero coefficient, as it is the length of a list of coefficients."""
    name, body = split_name(clean(text))
    if name not in _RECURRENCE_NAMES:
        raise ParseError("write the recurrence as a_n = c_1 a_{n-1} + ... or list the coefficients")
    s = "".join(body.split()).replace("\\cdot", "").replace("*", "")
    if not s or len(s) > (max_order + 2) * (max_digits + 16):
        raise ParseError("the recurrence is longer than any answer to this problem")
    coefficients = [0] * max_order
    order = covered = 0
    for count, match in enumerate(_TERM.finditer(s)):
        sign, digits, braced, bracketed = match.groups()
        if match.start() != covered or (count and not sign) or count >= 2 * max_order:
            raise ParseError("unreadable recurrence: write it as a_n = c_1 a_{n-1} + c_2 a_{n-2} + ...")
        covered = match.end()
        if len(digits) > max_digits:
            raise ParseError(f"a coefficient has more than {max_digits} digits")
        index = int(braced or bracketed)
        if not 1 <= index <= max_order:
            raise ParseError(f"a_{{n-{index}}} is beyond the largest possible order {max_order}")
        coefficients[index - 1] += (-1 if sign == "-" else 1) * (int(digits) if digits else 1)
        order = max(order, index)
    if covered != len(s):
        raise ParseError("unreadable recurrence: write it as a_n = c_1 a_{n-1} + c_2 a_{n-2} + ...")
    return coefficients[:order]


class RecurrenceFromTerms(Environment):
    id = "math/recurrence_from_terms"
    version = 1
    description = "Find the linear recurrence of least order that generates the given first terms of a sequence."
    difficulty_scales = (
        "largest possible order k: 2 + d // 3 (past d = 100 +1 per 60 levels), 2k terms shown; the true order "
        "is k, k - 1 or k - 2; coefficients up to 1 + d // 6 in absolute value (past d = 100 +1 per 100 levels); "
        "starting terms up to 2 + d (past d = 100 +1 per 10 levels)"
    )
    size_name = "largest allowed absolute value of a starting term"
    answer_format = (
        "the coefficients c_1, ..., c_r of the recurrence in order, separated by spaces, for example 2 0 -3 for "
        "a_n = 2a_{n-1} + 0a_{n-2} - 3a_{n-3}"
    )
    tags = ("math", "algebra", "recurrences")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        k = 2 + slow(lvl, 3, 60)
        coefficient_bound, start_bound = 1 + slow(lvl, 6, 100), 2 + slow(lvl, 1, 10)
        order = max(1, k - rng.choice((0, 0, 1, 2)))
        for attempt in range(20):
            coefficients = [random_signed(rng, coefficient_bound) for _ in range(order - 1)]
            coefficients.append(random_signed(rng, coefficient_bound, nonzero=True))
            starts = [random_signed(rng, start_bound) for _ in range(order)]
            if attempt == 19:  # the impulse (0, ..., 0, 1) needs every coefficient: its order is always `order`
                starts = [0] * (order - 1) + [1]
            terms = starts[:]
            while len(terms) < 2 * k:
                terms.append(sum(c * a for c, a in zip(coefficients, reversed(terms[-order:]))))
            # Some starts lie in a smaller invariant subspace and satisfy a shorter recurrence: try again.
            if len(berlekamp_massey(terms)) == order:
                break
        shown = ", ".join(map(str, terms))
        prompt = (
            f"These are the first {2 * k} terms a_1, a_2, ..., a_{2 * k} of a sequence of integers:\n\n{shown}\n\n"
            f"They satisfy a linear recurrence a_n = c_1 a_{{n-1}} + c_2 a_{{n-2}} + ... + c_r a_{{n-r}} for every n "
            f"from r + 1 to {2 * k}, with integer coefficients c_1, ..., c_r and order r at most {k}. Find the "
            f"recurrence of least order r (with {2 * k} terms given it is unique) and give its coefficients."
        )
        data = {
            "terms": [str(a) for a in terms],
            "order": order,
            "max_digits": max(digits_of(c) for c in coefficients) + 2,
        }
        return Instance(prompt=prompt, answer=" ".join(map(str, coefficients)), data=data, size=start_bound)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        terms, order, max_digits = [int(a) for a in data["terms"]], data["order"], data["max_digits"]
        largest = len(terms) // 2
        if _RECURRENCE.search(answer):
            coefficients = _read_recurrence(answer, largest, max_digits)
        else:
            names = [(f"c{i}",) for i in range(1, largest + 1)]
            coefficients = parse_integers(answer, max_items=largest + 1, max_digits=max_digits, names=names)
        r = len(coefficients)
        if not 1 <= r <= largest:
            return Verdict.wrong(f"the order must be from 1 to {largest}, not {r}")
        for n in range(r, len(terms)):
            if sum(c * terms[n - i] for i, c in enumerate(coefficients, start=1)) != terms[n]:
                return Verdict.wrong(f"the recurrence does not give a_{n + 1}")
        if r != order:
            return Verdict.wrong(f"order {r} is not the least: a shorter recurrence gives the same terms")
        return Verdict.right()
