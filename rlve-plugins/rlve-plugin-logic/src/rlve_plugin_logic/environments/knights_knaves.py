"""logic/knights_knaves: islanders who always tell the truth (knights) or always lie (knaves); find who is which.

Statements are formula trees over atoms "X is a knight". The generator hides a random role assignment, lets
every islander say one random statement (negated where needed so the hidden roles are consistent), then asks a
solver for a second consistent assignment and adds a statement that rules it out, until none is left: the
solution is unique, proved.

The solver works for any number of islanders: each statement becomes a constraint over the few islanders it
mentions, stored as the bitset of its allowed local assignments (at most 2^12 of them); a depth-first search
assigns roles, most-mentioned islander first, and after every assignment narrows each touched constraint to the
assignments still possible, forcing a role whenever they all agree on it (generalised arc consistency).
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.names import person_names

#: A statement may mention at most this many islanders (its speaker included): its constraint table has 2^12 bits.
MAX_INVOLVED = 12
#: Random statements drawn to rule out a second consistent assignment before a forcing statement is used.
TRIES_PER_COUNTEREXAMPLE = 20
#: Search nodes one uniqueness check may visit before the generator pins an islander down instead.
MAX_SEARCH_NODES = 20_000

Formula = list  # ["is", i, knight: bool] | ["not", f] | [op, f, g] | ["exactly", k, [i, ...]]


def plan(difficulty: int) -> tuple[int, int, tuple[str, ...]]:
    """(islanders, atoms per statement, connectives allowed) for a difficulty.

    Islanders 3 + L up to level 30 (one more per level), then one more per 5 levels, without end; atoms per
    statement 1 + L // 8, at most 6 (longer sentences only get harder to read, not to reason about).
    """
    lvl = level(difficulty)
    islanders = 3 + slow(lvl, 1, 5, knee=30)
    atoms = 1 + min(lvl, 40) // 8
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


def islanders_in(formula: Formula) -> list[int]:
    op = formula[0]
    if op == "is":
        return [formula[1]]
    if op == "exactly":
        return list(formula[2])
    return [i for part in formula[1:] for i in islanders_in(part)]


def _renumber(formula: Formula, index: dict[int, int]) -> Formula:
    op = formula[0]
    if op == "is":
        return ["is", index[formula[1]], formula[2]]
    if op == "exactly":
        return ["exactly", formula[1], [index[i] for i in formula[2]]]
    return [op, *(_renumber(part, index) for part in formula[1:])]


@lru_cache(maxsize=MAX_INVOLVED + 1)
def _local_tables(k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Truth tables of "islander j is a knight" and "... is a knave" over the 2^k assignments of k islanders."""
    full = (1 << (1 << k)) - 1
    knights = tuple(_atom_tables(k))
    return knights, tuple(full ^ t for t in knights)


class SearchLimit(Exception):
    """The uniqueness search visited more than its node budget."""


class Consistency:
    """The statements made so far, as constraints, and a search for role assignments consistent with all of them."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.constraints: list[tuple[list[int], int]] = []  # (islanders involved, allowed local assignments)
        self.touching: list[list[int]] = [[] for _ in range(n)]

    def add(self, speaker: int, formula: Formula) -> None:
        involved = sorted({speaker, *islanders_in(formula)})
        index = {v: j for j, v in enumerate(involved)}
        knights, _ = _local_tables(len(involved))
        full = (1 << (1 << len(involved))) - 1
        # the speaker is a knight exactly when the statement is true
        allowed = full ^ (knights[index[speaker]] ^ table_of(_renumber(formula, index), list(knights), full))
        for v in involved:
            self.touching[v].append(len(self.constraints))
        self.constraints.append((involved, allowed))

    def other_solution(self, hidden: list[bool], max_nodes: int | None = None) -> list[bool] | None:
        """A consistent assignment other than ``hidden``, or None if there is none.

        Raises SearchLimit past ``max_nodes`` search nodes (default ``MAX_SEARCH_NODES``).
        """
        limit = MAX_SEARCH_NODES if max_nodes is None else max_nodes
        n, constraints, touching = self.n, self.constraints, self.touching
        value = [-1] * n  # -1 unknown, 0 knave, 1 knight
        trail: list[int] = []

        def narrow(c: int, forced: list[tuple[int, int]]) -> bool:
            involved, allowed = constraints[c]
            knights, knaves = _local_tables(len(involved))
            free = []
            for j, v in enumerate(involved):
                if value[v] == 1:
                    allowed &= knights[j]
                elif value[v] == 0:
                    allowed &= knaves[j]
                else:
                    free.append(j)
            if not allowed:
                return False
            for j in free:
                if not allowed & knights[j]:
                    forced.append((involved[j], 0))
                elif not allowed & knaves[j]:
                    forced.append((involved[j], 1))
            return True

        def assign(forced: list[tuple[int, int]]) -> bool:
            while forced:
                v, role = forced.pop()
                if value[v] != -1:
                    if value[v] != role:
                        return False
                    continue
                value[v] = role
                trail.append(v)
                if not all(narrow(c, forced) for c in touching[v]):
                    return False
            return True

        forced: list[tuple[int, int]] = []
        if not all(narrow(c, forced) for c in range(len(constraints))) or not assign(forced):
            return None
        order = sorted(range(n), key=lambda v: (-len(touching[v]), v))
        nodes = 0

        def search(i: int) -> list[bool] | None:
            nonlocal nodes
            while i < n and value[order[i]] != -1:
                i += 1
            if i == n:
                found = [role == 1 for role in value]
                return None if found == hidden else found
            v = order[i]
            for role in (not hidden[v], hidden[v]):  # away from the hidden roles first: that is what is sought
                nodes += 1
                if nodes > limit:
                    raise SearchLimit
                mark = len(trail)
                if assign([(v, int(role))]):
                    found = search(i + 1)
                    if found is not None:
                        return found
                while len(trail) > mark:
                    value[trail.pop()] = -1
            return None

        return search(0)


class KnightsKnaves(Environment):
    id = "logic/knights_knaves"
    version = 2
    description = "Islanders are knights (always truthful) or knaves (always lying); deduce every islander's role."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): islanders 3 + L up to L 30, then +1 per 5 levels "
        "(unbounded); atoms per statement 1 + L // 8 (at most 6); connectives and/or/not, then if-then and "
        "'exactly k of' (L >= 6), iff (L >= 12); one statement per islander, then statements added until the "
        "solution is unique"
    )
    size_name = "islanders"
    answer_format = (
        "the role of every islander in the order they are introduced, separated by spaces, for example "
        "knight knave knight (or one 'Name: knight' item per islander)"
    )
    tags = ("logic", "deduction", "knights-and-knaves")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, atoms, ops = plan(difficulty)
        names = person_names(n, rng)
        hidden = [rng.random() < 0.5 for _ in range(n)]
        statements: list[list[Any]] = []  # [speaker, formula]
        consistency = Consistency(n)

        def draw(speaker: int) -> Formula:
            """A random statement, true exactly when the speaker is a knight under the hidden roles."""
            for attempt in range(10):
                # "exactly k of" lists can make a statement mention many islanders; past a few tries, go without
                formula = random_formula(
                    rng, n, atoms, ops if attempt < 5 else tuple(o for o in ops if o != "exactly"), speaker
                )
                if len({speaker, *islanders_in(formula)}) <= MAX_INVOLVED:
                    break
            if holds(formula, hidden) != hidden[speaker]:
                formula = ["not", formula] if formula[0] != "not" else formula[1]
            return formula

        def add(speaker: int, formula: Formula) -> None:
            statements.append([speaker, formula])
            consistency.add(speaker, formula)

        def force(j: int) -> None:
            # Speaker s saying "I am a knight if and only if Q" is consistent exactly when Q holds: this pins j down.
            s = rng.choice([i for i in range(n) if i != j])
            add(s, ["iff", ["is", s, True], ["is", j, hidden[j]]])

        for speaker in range(n):
            add(speaker, draw(speaker))
        pinned: set[int] = set()
        while True:
            try:
                other = consistency.other_solution(hidden)
            except SearchLimit:  # not proved either way in budget: pin the most-mentioned islander not yet pinned
                order = sorted(range(n), key=lambda v: (-len(consistency.touching[v]), v))
                j = next(v for v in order if v not in pinned)
                pinned.add(j)
                force(j)
                continue
            if other is None:
                break
            for _ in range(TRIES_PER_COUNTEREXAMPLE):
                speaker = rng.randrange(n)
                formula = draw(speaker)
                if holds(formula, other) != other[speaker]:  # the other assignment cannot have this said
                    add(speaker, formula)
                    break
            else:
                force(next(i for i in range(n) if other[i] != hidden[i]))
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
_NAMED = re.compile(r"([A-Za-z][A-Za-z0-9]*)\s*(?::|=|-|\bis an?\b|\bis\b)?\s*(knight|knave)s?", re.IGNORECASE)


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
