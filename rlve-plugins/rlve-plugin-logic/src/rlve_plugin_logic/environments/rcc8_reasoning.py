"""logic/rcc8_reasoning: the region connection calculus RCC-8, reasoned about by path consistency.

Some pairs of regions are given one of the eight RCC-8 relations; the question is what the path-consistency
algorithm (with the composition table, which the prompt states in full) leaves for one pair that is not
given. The given relations come from a planted configuration of axis-parallel rectangles on a small grid,
so the network is consistent and the true relation is always in the answer; the small grid makes touching
(EC, TPP) as common as disjoint or overlapping. Relations are 8-bit masks, composition a table lookup.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level

RELATIONS = ("DC", "EC", "PO", "EQ", "TPP", "NTPP", "TPPi", "NTPPi")
MEANINGS = (
    ("DC", "disconnected: the regions share no point"),
    ("EC", "externally connected: they share boundary points but no interior point"),
    ("PO", "partially overlapping: they share interior points and neither is part of the other"),
    ("EQ", "equal"),
    ("TPP", "X is a tangential proper part of Y: inside Y, not equal, touching Y's boundary"),
    ("NTPP", "X is a non-tangential proper part of Y: inside Y, not touching Y's boundary"),
    ("TPPi", "Y is a tangential proper part of X (the converse of TPP)"),
    ("NTPPi", "Y is a non-tangential proper part of X (the converse of NTPP)"),
)
ALL = (1 << len(RELATIONS)) - 1
_INDEX = {name.lower(): i for i, name in enumerate(RELATIONS)}
_CONVERSE = {"TPP": "TPPi", "TPPi": "TPP", "NTPP": "NTPPi", "NTPPi": "NTPP"}

#: The standard RCC-8 composition table (Randell, Cui and Cohn): R(X,Y) = row, R(Y,Z) = column -> R(X,Z).
#: EQ rows and columns are the identity and left out. "*" is all eight relations.
_TABLE_TEXT = {
    "DC": ("*", "DC EC PO TPP NTPP", "DC EC PO TPP NTPP", "DC EC PO TPP NTPP", "DC EC PO TPP NTPP", "DC", "DC"),
    "EC": ("DC EC PO TPPi NTPPi", "DC EC PO TPP TPPi EQ", "DC EC PO TPP NTPP", "EC PO TPP NTPP", "PO TPP NTPP",
           "DC EC", "DC"),
    "PO": ("DC EC PO TPPi NTPPi", "DC EC PO TPPi NTPPi", "*", "PO TPP NTPP", "PO TPP NTPP",
           "DC EC PO TPPi NTPPi", "DC EC PO TPPi NTPPi"),
    "TPP": ("DC", "DC EC", "DC EC PO TPP NTPP", "TPP NTPP", "NTPP", "DC EC PO TPP TPPi EQ",
            "DC EC PO TPPi NTPPi"),
    "NTPP": ("DC", "DC", "DC EC PO TPP NTPP", "NTPP", "NTPP", "DC EC PO TPP NTPP", "*"),
    "TPPi": ("DC EC PO TPPi NTPPi", "EC PO TPPi NTPPi", "PO TPPi NTPPi", "PO TPP TPPi EQ", "PO TPP NTPP",
             "TPPi NTPPi", "NTPPi"),
    "NTPPi": ("DC EC PO TPPi NTPPi", "PO TPPi NTPPi", "PO TPPi NTPPi", "PO TPPi NTPPi",
              "PO TPP NTPP TPPi NTPPi EQ", "NTPPi", "NTPPi"),
}  # fmt: skip
_COLUMNS = ("DC", "EC", "PO", "TPP", "NTPP", "TPPi", "NTPPi")


def mask_of(names: str) -> int:
    if names == "*":
        return ALL
    return sum(1 << _INDEX[name.lower()] for name in names.split())


def names_of(mask: int) -> list[str]:
    return [name for i, name in enumerate(RELATIONS) if mask >> i & 1]


def _build_table() -> list[list[int]]:
    eq = _INDEX["eq"]
    table = [[0] * len(RELATIONS) for _ in RELATIONS]
    for a in range(len(RELATIONS)):
        table[eq][a] = table[a][eq] = 1 << a
    for row, entries in _TABLE_TEXT.items():
        for column, entry in zip(_COLUMNS, entries):
            table[_INDEX[row.lower()]][_INDEX[column.lower()]] = mask_of(entry)
    return table


COMPOSE = _build_table()
#: CONVERSE_MASK[m]: the converse of every relation in mask m; COMPOSE_ROW[r][m]: r composed with mask m.
_CONVERSE_BIT = [_INDEX[_CONVERSE.get(name, name).lower()] for name in RELATIONS]
CONVERSE_MASK = [sum(1 << _CONVERSE_BIT[i] for i in range(8) if m >> i & 1) for m in range(ALL + 1)]
COMPOSE_ROW = [[0] * (ALL + 1) for _ in RELATIONS]
for _r in range(len(RELATIONS)):
    for _m in range(1, ALL + 1):
        _low = (_m & -_m).bit_length() - 1
        COMPOSE_ROW[_r][_m] = COMPOSE_ROW[_r][_m & (_m - 1)] | COMPOSE[_r][_low]


def compose(a: int, b: int) -> int:
    result = 0
    while a:
        low = a & -a
        result |= COMPOSE_ROW[low.bit_length() - 1][b]
        a ^= low
    return result


def path_consistency(count: int, given: dict[tuple[int, int], int]) -> list[list[int]]:
    """The path-consistent closure: R(i,j) <- R(i,j) & (R(i,k) o R(k,j)) until nothing changes (a queue of
    changed pairs, PC-2 style). Given pairs (i, j) carry masks; their converses are filled in."""
    net = [[ALL] * count for _ in range(count)]
    for i in range(count):
        net[i][i] = 1 << _INDEX["eq"]
    for (i, j), mask in given.items():
        net[i][j] &= mask
        net[j][i] &= CONVERSE_MASK[mask]
    queue = [(i, j) for i in range(count) for j in range(count) if i != j]
    queued = set(queue)
    while queue:
        i, j = queue.pop()
        queued.discard((i, j))
        rij = net[i][j]
        for k in range(count):
            if k == i or k == j:
                continue
            for a, b, new in ((i, k, compose(rij, net[j][k])), (k, j, compose(net[k][i], rij))):
                old = net[a][b]
                if old & new != old:
                    net[a][b] = old & new
                    net[b][a] = CONVERSE_MASK[old & new]
                    if (a, b) not in queued:
                        queue.append((a, b))
                        queued.add((a, b))
    return net


def rectangle_relation(x: tuple[int, int, int, int], y: tuple[int, int, int, int]) -> int:
    """The RCC-8 relation (an index) of closed rectangles (x0, x1, y0, y1) with x0 < x1 and y0 < y1."""
    if x == y:
        return _INDEX["eq"]
    if x[1] < y[0] or y[1] < x[0] or x[3] < y[2] or y[3] < x[2]:
        return _INDEX["dc"]
    if x[1] == y[0] or y[1] == x[0] or x[3] == y[2] or y[3] == x[2]:
        return _INDEX["ec"]
    if y[0] <= x[0] and x[1] <= y[1] and y[2] <= x[2] and x[3] <= y[3]:
        strict = y[0] < x[0] and x[1] < y[1] and y[2] < x[2] and x[3] < y[3]
        return _INDEX["ntpp" if strict else "tpp"]
    if x[0] <= y[0] and y[1] <= x[1] and x[2] <= y[2] and y[3] <= x[3]:
        strict = x[0] < y[0] and y[1] < x[1] and x[2] < y[2] and y[3] < x[3]
        return _INDEX["ntppi" if strict else "tppi"]
    return _INDEX["po"]


def plan(difficulty: int) -> tuple[int, int]:
    """(regions, given relations): given 2 + L (L = level, capped at 60); regions 3 + given/4, at least enough
    for one pair left to ask about."""
    given = 2 + level(difficulty, cap=60)
    regions = 3 + given // 4
    while regions * (regions - 1) // 2 < given + 1:
        regions += 1
    return regions, given


def _rectangle(rng: random.Random, side: int) -> tuple[int, int, int, int]:
    x0, x1 = sorted(rng.sample(range(side + 1), 2))
    y0, y1 = sorted(rng.sample(range(side + 1), 2))
    return x0, x1, y0, y1


def _format(names: list[str]) -> str:
    return "{" + ", ".join(names) + "}"


def table_text() -> str:
    lines = []
    for row in _COLUMNS:
        cells = [f"{column}: {_format(names_of(COMPOSE[_INDEX[row.lower()]][_INDEX[column.lower()]]))}"
                 for column in _COLUMNS]
        lines.append(f"- R(X,Y) = {row}, then R(Y,Z) = " + "; ".join(cells))
    return "\n".join(lines)


class Rcc8Reasoning(Environment):
    id = "logic/rcc8_reasoning"
    version = 1
    description = "RCC-8 regions: the relations path consistency leaves between two regions, from given relations."
    difficulty_scales = (
        "given relations 2 + L (L = d up to 60, then capped), regions 3 + given/4 (at least enough to leave a "
        "pair to ask about); relations drawn from a planted layout of rectangles"
    )
    size_name = "given relations"
    answer_format = "a set of RCC-8 relation names in braces, for example {DC, EC, PO}, in any order"
    tags = ("logic", "spatial-reasoning", "qualitative-reasoning", "rcc8")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count, given_count = plan(difficulty)
        side = 4 + count // 3
        rectangles = [_rectangle(rng, side) for _ in range(count)]
        pairs = [(i, j) for i in range(count) for j in range(i + 1, count)]
        order = list(range(count))
        rng.shuffle(order)
        chosen = {tuple(sorted((order[k], order[rng.randrange(k)]))) for k in range(1, count)}  # a spanning tree
        rest = [pair for pair in pairs if pair not in chosen]
        rng.shuffle(rest)
        chosen |= set(rest[: given_count - len(chosen)])
        given = {}
        for i, j in chosen:
            if rng.random() < 0.5:
                i, j = j, i
            given[(i, j)] = 1 << rectangle_relation(rectangles[i], rectangles[j])
        net = path_consistency(count, given)
        open_pairs = [pair for pair in pairs if pair not in chosen]
        interesting = [p for p in open_pairs if 1 < bin(net[p[0]][p[1]]).count("1") < 8]
        x, y = rng.choice(interesting if interesting and rng.random() < 0.8 else open_pairs)
        if rng.random() < 0.5:
            x, y = y, x
        names = [chr(ord("A") + i) if i < 26 else f"R{i + 1}" for i in range(count)]
        rng.shuffle(names)
        facts = [f"- R({names[i]}, {names[j]}) = {RELATIONS[m.bit_length() - 1]}"
                 for (i, j), m in sorted(given.items(), key=lambda item: (names[item[0][0]], names[item[0][1]]))]
        meanings = "\n".join(f"- {name}: {text}" for name, text in MEANINGS)
        prompt = (
            f"Regions {', '.join(sorted(names))} are non-empty regions of the plane. Between two regions X and Y "
            "exactly one of the eight RCC-8 relations R(X, Y) holds:\n"
            f"{meanings}\n\nGiven:\n" + "\n".join(facts)
            + "\n\nReason with path consistency. Every ordered pair (X, Y) carries a set of possible relations: "
            "the given relation for a given pair, its converse for the reversed pair (the converse of TPP is TPPi, "
            "of NTPP is NTPPi, and the other four are their own converse), {EQ} for (X, X), and all eight for "
            "every other pair. Then, as long as something changes, for any three regions X, Y, Z replace the set "
            "of (X, Z) by its intersection with the composition of the sets of (X, Y) and (Y, Z), and keep each "
            "reversed pair's set the converse of its pair's. The composition of two sets is the union of the "
            "table entries of their members. Composition table (R(X,Y) then R(Y,Z) gives the possible R(X,Z); "
            "EQ then r, and r then EQ, give {r}):\n"
            + table_text()
            + f"\n\nWhen nothing changes any more, what is the set of possible relations R({names[x]}, {names[y]})? "
            "List every relation in that set, in braces, for example {DC, EC, PO}."
        )
        mask = net[x][y]
        return Instance(prompt=prompt, answer=_format(names_of(mask)), data={"relations": mask}, size=given_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = answer.strip().rstrip(".").strip()
        if len(text) > 120:
            raise ParseError("the answer is too long for a set of relations")
        if len(text) >= 2 and (text[0], text[-1]) in {("{", "}"), ("[", "]"), ("(", ")")}:
            text = text[1:-1]
        tokens = [token for token in re.split(r"[\s,;]+", text) if token]
        if not tokens:
            raise ParseError("expected a set of RCC-8 relation names such as {DC, EC}")
        mask = 0
        for token in tokens:
            bit = _INDEX.get(token.lower())
            if bit is None:
                raise ParseError(f"{token[:12]!r} is not an RCC-8 relation name")
            if mask >> bit & 1:
                raise ParseError(f"{RELATIONS[bit]} is listed twice")
            mask |= 1 << bit
        if mask != data["relations"]:
            missing, extra = names_of(data["relations"] & ~mask), names_of(mask & ~data["relations"])
            return Verdict.wrong(f"{len(missing)} relation(s) missing and {len(extra)} too many")
        return Verdict.right()
