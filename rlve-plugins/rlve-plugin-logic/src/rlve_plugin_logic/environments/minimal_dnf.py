"""logic/minimal_dnf: a minimum sum of products (fewest terms) for a Boolean function given by its minterms.

The generator draws the minterms, finds the prime implicants by Quine-McCluskey (merging cubes that differ in one
variable, round by round) and the least number of primes covering every minterm by an exact branch and bound
(branch on a minterm with the fewest covering primes; prune when the terms so far plus a lower bound reach the
best cover found). The checker accepts any sum of products equal to the function, on every assignment, with that
minimum number of terms; the terms need not be prime and their order is free.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow

#: Past this level the function stops growing (the exact cover stays fast at absurd difficulties).
MAX_LEVEL = 200
MAX_MINTERMS = 40
NAMES = "ABCDEF"

Cube = tuple[int, int]  # (mask of the variables it fixes, their values), bit n-1-i for variable NAMES[i]
_TERM_SPLIT = re.compile(r"\s*(?:\+|\||\bor\b|\u2228)\s*", re.IGNORECASE)
_LITERAL = re.compile(r"(not\s+|[~!\u00ac]\s*)?([A-Fa-f])('?)", re.IGNORECASE)
_JOINERS = re.compile(r"\s*(?:\*|&|\u2227|\band\b|\u00b7|\.)\s*", re.IGNORECASE)


def plan(difficulty: int) -> tuple[int, int]:
    """(variables, minterms): minterms 2 + L to level 30, then one more per 10 levels (at most 40; the level stops
    at 200); variables the fewest that leave at least half the assignments false, at most 6."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    minterms = min(MAX_MINTERMS, 2 + slow(lvl, 1, 10, knee=30))
    variables = 3
    while 2 ** (variables - 1) < minterms and variables < len(NAMES):
        variables += 1
    return variables, minterms


def prime_implicants(minterms: list[int], n: int) -> list[Cube]:
    """Quine-McCluskey: merge cubes differing in exactly one fixed variable until nothing merges."""
    full = (1 << n) - 1
    current = {(full, m) for m in minterms}
    primes: set[Cube] = set()
    while current:
        merged: set[Cube] = set()
        used: set[Cube] = set()
        items = sorted(current)
        for i, (mask, value) in enumerate(items):
            for other_mask, other_value in items[i + 1 :]:
                if other_mask != mask:
                    continue
                diff = value ^ other_value
                if diff and diff & (diff - 1) == 0:
                    merged.add((mask & ~diff, value & ~diff))
                    used.add((mask, value))
                    used.add((other_mask, other_value))
        primes |= current - used
        current = merged
    return sorted(primes)


def covers(cube: Cube, minterm: int) -> bool:
    return minterm & cube[0] == cube[1]


def minimum_cover(minterms: list[int], primes: list[Cube]) -> list[Cube]:
    """A smallest set of primes covering every minterm, by branch and bound."""
    rows = [sum(1 << k for k, m in enumerate(minterms) if covers(p, m)) for p in primes]
    # per minterm, the primes covering it (as a bit set over primes)
    cols = [sum(1 << i for i, r in enumerate(rows) if r >> k & 1) for k in range(len(minterms))]
    order = sorted(range(len(minterms)), key=lambda k: bin(cols[k]).count("1"))
    everything = (1 << len(minterms)) - 1
    best: list[list[int]] = [list(range(len(primes)))]

    def lower_bound(covered: int) -> int:
        """Uncovered minterms no two of which share a prime: each needs a prime of its own."""
        used = count = 0
        for k in order:
            if not covered >> k & 1 and not cols[k] & used:
                used |= cols[k]
                count += 1
        return count

    def search(covered: int, chosen: list[int]) -> None:
        if covered == everything:
            if len(chosen) < len(best[0]):
                best[0] = list(chosen)
            return
        if len(chosen) + lower_bound(covered) >= len(best[0]):
            return
        # the uncovered minterm with the fewest primes: one of them must be chosen
        pick = next(k for k in order if not covered >> k & 1)
        options = [i for i in range(len(rows)) if cols[pick] >> i & 1]
        options.sort(key=lambda i: -bin(rows[i] & ~covered).count("1"))
        for i in options:
            chosen.append(i)
            search(covered | rows[i], chosen)
            chosen.pop()

    search(0, [])
    return [primes[i] for i in best[0]]


def cube_text(cube: Cube, n: int) -> str:
    mask, value = cube
    literals = [NAMES[i] + ("" if value >> (n - 1 - i) & 1 else "'") for i in range(n) if mask >> (n - 1 - i) & 1]
    return " ".join(literals) or "1"


def read_sum_of_products(answer: str, n: int, max_terms: int) -> list[Cube]:
    """Terms separated by + (or |, or), literals by spaces (or *, &, and); negation A' or ~A or not A."""
    text = answer.strip().rstrip(".")
    if len(text) > 12 * n * (max_terms + 1):
        raise ParseError("the expression is too long")
    text = re.sub(r"^\s*[fF]\s*=\s*", "", text)
    terms = [t for t in _TERM_SPLIT.split(text)]
    if len(terms) > max_terms:
        raise ParseError(f"more than {max_terms} terms")
    cubes: list[Cube] = []
    for term in terms:
        body = _JOINERS.sub(" ", term.strip().strip("()").strip())
        if body == "1":
            cubes.append((0, 0))
            continue
        mask = value = 0
        pos = 0
        while pos < len(body):
            if body[pos] == " ":
                pos += 1
                continue
            match = _LITERAL.match(body, pos)
            if not match or NAMES.index(match.group(2).upper()) >= n:
                raise ParseError(f"cannot read the term {term.strip()[:30]!r}")
            bit = 1 << (n - 1 - NAMES.index(match.group(2).upper()))
            positive = not (match.group(1) or match.group(3))
            if match.group(1) and match.group(3):
                raise ParseError(f"a literal is negated twice in {term.strip()[:30]!r}")
            if mask & bit:
                raise ParseError(f"the term {term.strip()[:30]!r} names a variable twice")
            mask |= bit
            value |= bit if positive else 0
            pos = match.end()
        if not mask:
            raise ParseError("an empty term")
        cubes.append((mask, value))
    return cubes


class MinimalDnf(Environment):
    id = "logic/minimal_dnf"
    version = 1
    description = "Write a Boolean function, given by its minterms, as a sum of products with the fewest terms."
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): 2 + L minterms to level 30, then one more per 10 levels (at most "
        "40), over the fewest variables (3 to 6) that leave at least half the assignments false (6 past 32 minterms)"
    )
    size_name = "minterms"
    answer_format = "a sum of products with the fewest terms, for example A B' + C D; negation A', terms joined by +"
    tags = ("logic", "boolean", "minimisation", "quine-mccluskey", "set-cover", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, count = plan(difficulty)
        minterms = sorted(rng.sample(range(2**n), count))
        primes = prime_implicants(minterms, n)
        cover = minimum_cover(minterms, primes)
        names = ", ".join(NAMES[:n])
        prompt = (
            f"A Boolean function f of the variables {names} is true exactly on these minterms: "
            f"{', '.join(map(str, minterms))}. Minterm k is the assignment whose binary digits, {NAMES[0]} first "
            f"(most significant) to {NAMES[n - 1]} last, are the variable values (for example, with "
            f"{n} variables, minterm 1 sets {NAMES[n - 1]} = 1 and every other variable to 0); f is false "
            "everywhere else.\n\n"
            "Write f as a sum of products with the fewest possible terms. A term is a product (and) of literals, "
            "written side by side with spaces, a literal being a variable (A) or its negation (A'), each variable at "
            "most once per term; terms are "
            f"joined by + (or). For example A B' + C means (A and not B) or C. Any sum of products equal to f "
            "with the minimum number of terms is accepted."
        )
        answer = " + ".join(cube_text(c, n) for c in sorted(cover, key=lambda c: (-c[0], c[1])))
        data = {"variables": n, "minterms": minterms, "terms": len(cover)}
        return Instance(prompt=prompt, answer=answer, data=data, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, best = data["variables"], data["terms"]
        cubes = read_sum_of_products(answer, n, max_terms=2**n)
        on = set(data["minterms"])
        for assignment in range(2**n):
            value = any(covers(c, assignment) for c in cubes)
            if value != (assignment in on):
                return Verdict.wrong(f"the expression is {'true' if value else 'false'} on minterm {assignment}")
        if len(cubes) > best:
            return Verdict.wrong(f"{len(cubes)} terms; the minimum is smaller")
        return Verdict.right()
