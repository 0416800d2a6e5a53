"""logic/knights_knaves: islanders who always tell the truth (knights) or always lie (knaves); find who is which.

Statements are formula trees over atoms "X is a knight". Uniqueness is proved by brute force over all 2^n
role assignments at once: each formula is evaluated as a 2^n-bit truth table (bit a = assignment a, bit i of
a = islander i is a knight), so one big-integer operation per connective covers every assignment.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve_plugin_logic.scaling import level, slow

NAMES = (
    "Alice",
    "Bob",
    "Carol",
    "Dave",
    "Erin",
    "Frank",
    "Grace",
    "Heidi",
    "Ivan",
    "Judy",
    "Ken",
    "Laura",
    "Mallory",
    "Nina",
    "Oscar",
    "Peggy",
    "Quinn",
    "Rupert",
    "Sybil",
    "Trent",
    "Ursula",
    "Victor",
    "Wendy",
    "Xavier",
    "Yvonne",
    "Zach",
)
MAX_ISLANDERS = 16  # 2^16-bit truth tables: the brute force stays in milliseconds
MAX_STATEMENTS_PER_ISLANDER = 4  # more added statements only when a forcing fallback is needed

Formula = list  # ["is", i, knight: bool] | ["not", f] | [op, f, g] | ["exactly", k, [i, ...]]


def plan(difficulty: int) -> tuple[int, int, tuple[str, ...]]:
    """(islanders, atoms per statement, connectives allowed) for a difficulty."""
    lvl = level(difficulty)
    islanders = min(MAX_ISLANDERS, 3 + slow(lvl, 6, 25))
    atoms = 1 + slow(lvl, 8, 20)
    ops: tuple[str, ...] = ("and", "or", "not")
    if lvl >= 6:
        ops += ("implies", "exactly")
    if lvl >= 12:
        ops += ("iff",)
    return islanders, atoms, ops


def _atom_tables(n: int) -> list[int]:
    """Truth table of "islander i is a knight" over the 2^n assignments, for each i."""
    total = 1 << n
    tables = []
    for i in range(n):
        half = 1 << i
        block = ((1 << half) - 1) << half  # one period: 2^i zeros then 2^i ones
        period = half * 2
        repeat = ((1 << total) - 1) // ((1 << period) - 1)
        tables.append(block * repeat)
    return tables


def table_of(formula: Formula, atoms: list[int], full: int) -> int:
    op = formula[0]
    if op == "is":
        return atoms[formula[1]] if formula[2] else full ^ atoms[formula[1]]
    if op == "not":
        return full ^ table_of(formula[1], atoms, full)
    if op == "exactly":
        k, who = formula[1], formula[2]
        # counts[c] = assignments where exactly c of `who` so far are knights
        counts = [full]
        for i in who:
            nxt = [0] * (len(counts) + 1)
            for c, t in enumerate(counts):
                nxt[c] |= t & (full ^ atoms[i])
                nxt[c + 1] |= t & atoms[i]
            counts = nxt
        return counts[k] if k < len(counts) else 0
    a, b = table_of(formula[1], atoms, full), table_of(formula[2], atoms, full)
    if op == "and":
        return a & b
    if op == "or":
        return a | b
    if op == "implies":
        return (full ^ a) | b
    if op == "iff":
        return full ^ (a ^ b)
    raise ValueError(f"unknown connective {op!r}")


def holds(formula: Formula, roles: list[bool]) -> bool:
    op = formula[0]
    if op == "is":
        return roles[formula[1]] == formula[2]
    if op == "not":
        return not holds(formula[1], roles)
    if op == "exactly":
        return sum(roles[i] for i in formula[2]) == formula[1]
    a, b = holds(formula[1], roles), holds(formula[2], roles)
    return {"and": a and b, "or": a or b, "implies": (not a) or b, "iff": a == b}[op]


def render(formula: Formula, names: list[str], speaker: int, top: bool = True) -> str:
    """English for a formula; every compound part below the top is bracketed, so the reading is unique."""
    op = formula[0]
    if op == "is":
        who = "I am" if formula[1] == speaker else f"{names[formula[1]]} is"
        return f"{who} a {'knight' if formula[2] else 'knave'}"
    if op == "exactly":
        k, who = formula[1], formula[2]
        listed = ", ".join("me" if i == speaker else names[i] for i in who)
        text = f"exactly {k} of {listed} {'is a knight' if k == 1 else 'are knights'}"
    elif op == "not":
        text = f"it is not true that {render(formula[1], names, speaker, False)}"
    else:
        a, b = render(formula[1], names, speaker, False), render(formula[2], names, speaker, False)
        text = {
            "and": f"{a} and {b}",
            "or": f"{a} or {b}",
            "implies": f"if {a} then {b}",
            "iff": f"{a} if and only if {b}",
        }[op]
    return text if top else f"({text})"


def random_formula(rng: random.Random, n: int, atoms: int, ops: tuple[str, ...], speaker: int) -> Formula:
    if atoms <= 1:
        if "exactly" in ops and n >= 3 and rng.random() < 0.25:
            who = sorted(rng.sample(range(n), rng.randint(2, min(n, 4))))
            return ["exactly", rng.randint(0, len(who)), who]
        # mostly about others: "I am a knave" alone is a paradox and "I am a knight" says nothing
        target = rng.randrange(n) if rng.random() < 0.2 else rng.choice([i for i in range(n) if i != speaker])
        return ["is", target, rng.random() < 0.5]
    op = rng.choice([o for o in ops if o not in ("not", "exactly")])
    left = rng.randint(1, atoms - 1)
    sub = [random_formula(rng, n, left, ops, speaker), random_formula(rng, n, atoms - left, ops, speaker)]
    formula: Formula = [op, *sub]
    if "not" in ops and rng.random() < 0.15:
        formula = ["not", formula]
    return formula


class KnightsKnaves(Environment):
    id = "logic/knights_knaves"
    version = 1
    description = "Islanders are knights (always truthful) or knaves (always lying); deduce every islander's role."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): islanders 3 + L // 6 (at most 16); atoms per statement "
        "1 + L // 8 (unbounded); connectives and/or/not, then if-then and 'exactly k of' (L >= 6), iff (L >= 12); "
        "statements added until the solution is unique"
    )
    size_name = "islanders"
    answer_format = (
        "the role of every islander in the order they are introduced, separated by spaces, for example "
        "knight knave knight (or one 'Name: knight' item per islander)"
    )
    tags = ("logic", "deduction", "knights-and-knaves")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, atoms, ops = plan(difficulty)
        names = rng.sample(NAMES, n)
        hidden = [rng.random() < 0.5 for _ in range(n)]
        tables = _atom_tables(n)
        full = (1 << (1 << n)) - 1
        statements: list[list[Any]] = []  # [speaker, formula]
        alive = full  # assignments consistent with every statement so far

        def add(speaker: int, formula: Formula, only_if_useful: bool = False) -> None:
            nonlocal alive
            if holds(formula, hidden) != hidden[speaker]:
                formula = ["not", formula] if formula[0] != "not" else formula[1]
            # knight <=> statement true, for every assignment
            narrowed = alive & (full ^ (tables[speaker] ^ table_of(formula, tables, full)))
            if only_if_useful and narrowed == alive:
                return  # rules nothing out: it would only lengthen the prompt
            statements.append([speaker, formula])
            alive = narrowed

        for speaker in range(n):
            add(speaker, random_formula(rng, n, atoms, ops, speaker))
        for _ in range(n * (MAX_STATEMENTS_PER_ISLANDER - 1)):
            if alive.bit_count() == 1:
                break
            speaker = rng.randrange(n)
            add(speaker, random_formula(rng, n, atoms, ops, speaker), only_if_useful=True)
        while alive.bit_count() > 1:
            # Forcing fallback: speaker s saying "I am a knight if and only if Q" is consistent exactly when Q
            # holds, so it removes every remaining assignment that gets islander j wrong.
            other = alive ^ (1 << sum(1 << i for i in range(n) if hidden[i]))
            a = (other & -other).bit_length() - 1
            j = next(i for i in range(n) if bool(a >> i & 1) != hidden[i])
            s = rng.choice([i for i in range(n) if i != j])
            add(s, ["iff", ["is", s, True], ["is", j, hidden[j]]])
        statements.sort(key=lambda item: item[0])  # stable: grouped by speaker, deterministic
        lines = [f'{names[s]} says: "{render(f, names, s)}."' for s, f in statements]
        prompt = (
            f"On an island every inhabitant is either a knight, who always tells the truth, or a knave, who always "
            f"lies. You meet {n} islanders: {', '.join(names)}.\n" + "\n".join(lines) + "\n"
            "Every statement is either fully true or fully false; 'or' is inclusive, 'if A then B' is false only when "
            "A is true and B is false, and brackets group the parts. Exactly one assignment of roles is consistent "
            f"with all the statements. Give the role of each islander, in the order {', '.join(names)}."
        )
        answer = " ".join("knight" if r else "knave" for r in hidden)
        return Instance(prompt=prompt, answer=answer, data={"names": names, "statements": statements}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        names: list[str] = data["names"]
        roles = read_roles(answer, names)
        for speaker, formula in data["statements"]:
            if holds(formula, roles) != roles[speaker]:
                role = "knight" if roles[speaker] else "knave"
                return Verdict.wrong(f"{names[speaker]} as a {role} could not say: {render(formula, names, speaker)}")
        return Verdict.right()


_ROLE = re.compile(r"(knight|knave)s?", re.IGNORECASE)
_NAMED = re.compile(r"([A-Za-z]+)\s*(?::|=|-|\bis an?\b|\bis\b)?\s*(knight|knave)s?", re.IGNORECASE)


def read_roles(answer: str, names: list[str]) -> list[bool]:
    """Roles in order ("knight knave ...") or one "Name: role" item per islander, in any order."""
    n = len(names)
    if len(answer) > 60 * n + 100:
        raise ParseError("answer is too long for the number of islanders")
    text = answer.strip().strip(".").strip()
    items = [item.strip() for item in re.split(r"[,;\n]+", text) if item.strip()]
    if (
        len(items) == n
        and all(_NAMED.fullmatch(item.strip(". ")) for item in items)
        and any(_ROLE.fullmatch(item.strip(". ")) is None for item in items)
    ):
        lower = {name.lower(): i for i, name in enumerate(names)}
        roles: dict[int, bool] = {}
        for item in items:
            match = _NAMED.fullmatch(item.strip(". "))
            assert match is not None
            who = lower.get(match.group(1).lower())
            if who is None:
                raise ParseError(f"unknown islander {match.group(1)[:20]!r}")
            if who in roles:
                raise ParseError(f"{names[who]} is named twice")
            roles[who] = match.group(2).lower() == "knight"
        return [roles[i] for i in range(n)]
    words = text.replace(",", " ").replace(";", " ").split()
    if len(words) != n or any(_ROLE.fullmatch(word) is None for word in words):
        raise ParseError(f"expected {n} roles (knight or knave), one per islander")
    return [word.lower().startswith("knight") for word in words]
