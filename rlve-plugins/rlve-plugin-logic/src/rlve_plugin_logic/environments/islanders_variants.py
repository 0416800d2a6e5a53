"""logic/islanders_variants: knights (always truthful), knaves (always lying) and alternators (whose statements
alternate between true and false); deduce every islander's role from what each says, in order.

Every islander makes two or more statements, formula trees over atoms "X is a knight / knave / alternator".
A knight's are all true, a knave's all false, and of any two consecutive statements of an alternator exactly
one is true (which one comes first is not known). The generator hides random roles, lets everyone speak twice
accordingly, then asks the solver for a second consistent assignment and lets someone add a statement it
cannot have, until none is left: the solution is unique, proved.

The solver gives islander j two Booleans, K_j (knight) and A_j (alternator), never both (knave: neither), so a
condition about a few islanders is a truth table of at most 2^12 bits (``truth_tables``). A speaker's
statements become one constraint each (a knight's is true, a knave's false) and one per consecutive pair (an
alternator's two differ): together exactly the rule. Depth-first search narrows every touched constraint after
each choice (generalised arc consistency).
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.names import person_names
from rlve_plugin_logic.truth_tables import variable_table

ROLES = ("knight", "knave", "alternator")
KNIGHT, KNAVE, ALTERNATOR = 0, 1, 2
ALL_ROLES = 0b111
#: Past this level the island stops growing (prompts stay short at absurd difficulties).
MAX_LEVEL = 200
#: A constraint (one statement, or two consecutive ones) may mention at most this many islanders, the speaker
#: included: tables of 2^(2 * 7) bits.
MAX_INVOLVED = 7
#: Random statements tried against a second consistent assignment before a constructed one is used.
TRIES_PER_COUNTEREXAMPLE = 20
#: The share of statements with the plan's number of atoms (past level 10); the others are single atoms.
COMPOUND_SHARE = 0.3
#: Other consistent assignments one search collects, each then ruled out by a statement.
OTHERS_PER_SEARCH = 6
#: Search nodes one uniqueness check may visit before the generator gives a hint instead.
MAX_SEARCH_NODES = 5_000

Formula = list  # ["is", j, role] | ["not", f] | [op, f, g] | ["count", role, k, [j, ...]]


def plan(difficulty: int) -> tuple[int, int, tuple[str, ...]]:
    """(islanders, atoms per compound statement, connectives): islanders 3 + L to level 30, then one more per 5
    levels (the level stops at 200); atoms per compound statement 1 + L / 10 (at most 2)."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    islanders = 3 + slow(lvl, 1, 5, knee=30)
    ops: tuple[str, ...] = ("and", "or")
    if lvl >= 4:
        ops += ("implies", "count")
    if lvl >= 10:
        ops += ("iff",)
    return islanders, 1 + min(lvl, 10) // 10, ops


def holds(formula: Formula, roles: list[int]) -> bool:
    op = formula[0]
    if op == "is":
        return roles[formula[1]] == formula[2]
    if op == "not":
        return not holds(formula[1], roles)
    if op == "count":
        return sum(roles[j] == formula[1] for j in formula[3]) == formula[2]
    a, b = holds(formula[1], roles), holds(formula[2], roles)
    return {"and": a and b, "or": a or b, "implies": (not a) or b, "iff": a == b}[op]


def fits(role: int, values: list[bool]) -> bool:
    """Whether someone of ``role`` can make statements with these truth values, in this order."""
    if role == KNIGHT:
        return all(values)
    if role == KNAVE:
        return not any(values)
    return all(a != b for a, b in zip(values, values[1:]))


def next_value(role: int, values: list[bool]) -> bool:
    """The truth value the next statement of someone of ``role`` must have, after statements with ``values``."""
    return role == KNIGHT or (role == ALTERNATOR and not values[-1])


def islanders_in(formula: Formula) -> list[int]:
    op = formula[0]
    if op == "is":
        return [formula[1]]
    if op == "count":
        return list(formula[3])
    return [j for part in formula[1:] for j in islanders_in(part)]


def render(formula: Formula, names: list[str], speaker: int, top: bool = True) -> str:
    """English for a formula; every compound part below the top is bracketed, so the reading is unique."""
    op = formula[0]
    if op == "is" or (op == "not" and formula[1][0] == "is"):
        atom = formula[1] if op == "not" else formula
        who = "I am" if atom[1] == speaker else f"{names[atom[1]]} is"
        article = "an" if atom[2] == ALTERNATOR else "a"
        return f"{who} {'not ' if op == 'not' else ''}{article} {ROLES[atom[2]]}"
    if op == "count":
        role, k, who = formula[1], formula[2], formula[3]
        listed = [("me" if j == speaker else names[j]) for j in who]
        article = "an" if role == ALTERNATOR else "a"
        plural = f"is {article} {ROLES[role]}" if k == 1 else f"are {ROLES[role]}s"
        text = f"exactly {k} of {', '.join(listed[:-1])} and {listed[-1]} {plural}"
    elif op == "not":
        text = f"it is not true that {render(formula[1], names, speaker, False)}"
    else:
        a, b = render(formula[1], names, speaker, False), render(formula[2], names, speaker, False)
        text = {"and": f"{a} and {b}", "or": f"{a} or {b}", "implies": f"if {a} then {b}"}.get(
            op, f"{a} if and only if {b}"
        )
    return text if top else f"({text})"


def random_formula(rng: random.Random, n: int, atoms: int, ops: tuple[str, ...], speaker: int) -> Formula:
    if atoms <= 1:
        if "count" in ops and n >= 3 and rng.random() < 0.2:
            who = sorted(rng.sample(range(n), 3))
            return ["count", rng.randrange(3), rng.randint(0, 2), who]
        target = speaker if rng.random() < 0.2 else rng.choice([j for j in range(n) if j != speaker])
        atom: Formula = ["is", target, rng.randrange(3)]
        return ["not", atom] if rng.random() < 0.3 else atom
    op = rng.choice([o for o in ops if o != "count"])
    left = rng.randint(1, atoms - 1)
    return [op, random_formula(rng, n, left, ops, speaker), random_formula(rng, n, atoms - left, ops, speaker)]


def _renumber(formula: Formula, index: dict[int, int]) -> Formula:
    op = formula[0]
    if op == "is":
        return ["is", index[formula[1]], formula[2]]
    if op == "count":
        return ["count", formula[1], formula[2], [index[j] for j in formula[3]]]
    return [op, *(_renumber(part, index) for part in formula[1:])]


@lru_cache(maxsize=MAX_INVOLVED + 1)
def _role_tables(m: int) -> tuple[tuple[tuple[int, ...], ...], int]:
    """For ``m`` islanders: the table of "j has one of the roles in mask d" (bit r: role r) for each j and
    mask d from 0 to 7 (entries 1, 2 and 4 are the single roles), and the table of valid assignments."""
    bits = 2 * m
    full = (1 << (1 << bits)) - 1
    tables, valid = [], full
    for j in range(m):
        knight, alternator = variable_table(2 * j, bits), variable_table(2 * j + 1, bits)
        valid &= full ^ (knight & alternator)
        single = [knight & ~alternator & full, ~knight & ~alternator & full, alternator & ~knight & full]
        tables.append(tuple(sum(single[r] for r in range(3) if d >> r & 1) for d in range(8)))
    return tuple(tables), valid


def _table(formula: Formula, tables: tuple[tuple[int, ...], ...], full: int) -> int:
    op = formula[0]
    if op == "is":
        return tables[formula[1]][1 << formula[2]]
    if op == "not":
        return full ^ _table(formula[1], tables, full)
    if op == "count":
        role, k, who = formula[1], formula[2], formula[3]
        counts = [full]
        for j in who:
            has = tables[j][1 << role]
            hasnt = full ^ has
            counts = [
                (counts[c] & hasnt if c < len(counts) else 0) | (counts[c - 1] & has if c else 0)
                for c in range(len(counts) + 1)
            ]
        return counts[k] if k < len(counts) else 0
    a, b = _table(formula[1], tables, full), _table(formula[2], tables, full)
    if op == "and":
        return a & b
    if op == "or":
        return a | b
    if op == "implies":
        return (full ^ a) | b
    return full ^ (a ^ b)


class SearchLimit(Exception):
    """The uniqueness search visited more than its node budget."""


class Consistency:
    """The statements so far as constraints, and a search for role assignments consistent with them all."""

    def __init__(self, n: int) -> None:
        self.n = n
        # (allowed local assignments, [(islander, its role tables)]) per constraint
        self.constraints: list[tuple[int, list[tuple[int, tuple[int, ...]]]]] = []
        self.touching: list[list[int]] = [[] for _ in range(n)]
        # each speaker's statements in the latest constraint of theirs, and that constraint's number
        self.chunk: list[list[Formula]] = [[] for _ in range(n)]
        self.chunk_index: list[int] = [-1] * n
        self.known: list[int] = [ALL_ROLES] * n  # roles a hint has left to each islander

    def _allowed(self, speaker: int, said: list[Formula], involved: list[int]) -> int:
        """Local assignments under which the speaker can make the statements ``said`` (consecutive ones)."""
        index = {v: j for j, v in enumerate(involved)}
        tables, valid = _role_tables(len(involved))
        full = (1 << (1 << (2 * len(involved)))) - 1
        me = tables[index[speaker]]
        truth = [_table(_renumber(f, index), tables, full) for f in said]
        allowed = valid
        for t in truth:  # a knight's statements are true, a knave's false
            allowed &= (full ^ (me[1 << KNIGHT] & (full ^ t))) & (full ^ (me[1 << KNAVE] & t))
        for a, b in zip(truth, truth[1:]):  # an alternator's consecutive statements differ
            allowed &= full ^ (me[1 << ALTERNATOR] & (full ^ (a ^ b)))
        return allowed

    def _involved(self, speaker: int, said: list[Formula]) -> list[int]:
        return sorted({speaker, *(v for f in said for v in islanders_in(f))})

    def involved(self, speaker: int, formula: Formula) -> int:
        """How many islanders a new statement and the speaker's previous one mention (the speaker included)."""
        previous = self.chunk[speaker][-1:]
        return len(self._involved(speaker, [*previous, formula]))

    def add(self, speaker: int, formula: Formula) -> None:
        """One constraint per speaker while it mentions at most MAX_INVOLVED islanders (stronger propagation
        than one per statement); past that a new one starts from the previous statement, for the alternation."""
        said = [*self.chunk[speaker], formula]
        involved = self._involved(speaker, said)
        number = self.chunk_index[speaker]
        if number < 0 or len(involved) > MAX_INVOLVED:
            said = said[-2:]
            involved = self._involved(speaker, said)
            number = len(self.constraints)
            self.constraints.append((0, []))
        for v in involved:
            if number not in self.touching[v]:
                self.touching[v].append(number)
        tables, _ = _role_tables(len(involved))
        self.constraints[number] = (self._allowed(speaker, said, involved), list(zip(involved, tables)))
        self.chunk[speaker] = said
        self.chunk_index[speaker] = number

    def other_solutions(self, hidden: list[int], limit: int = 1, max_nodes: int | None = None) -> list[list[int]]:
        """Up to ``limit`` consistent assignments other than ``hidden`` (none: ``hidden`` is the only one);
        SearchLimit past ``max_nodes`` search nodes (default ``MAX_SEARCH_NODES``)."""
        n, constraints, touching = self.n, self.constraints, self.touching
        max_nodes = MAX_SEARCH_NODES if max_nodes is None else max_nodes
        nodes = 0
        found: list[list[int]] = []

        def propagate(dom: list[int], pending: set[int]) -> bool:
            """Narrow ``dom`` until the constraints in ``pending``, and those they change, all hold."""
            while pending:
                allowed, members = constraints[pending.pop()]
                for u, table in members:
                    allowed &= table[dom[u]]
                if not allowed:
                    return False
                for u, table in members:
                    d = dom[u]
                    if d & (d - 1):  # undecided: keep the roles some allowed assignment gives it
                        supported = (
                            (1 if d & 1 and allowed & table[1] else 0)
                            | (2 if d & 2 and allowed & table[2] else 0)
                            | (4 if d & 4 and allowed & table[4] else 0)
                        )
                        if supported != d:
                            dom[u] = supported
                            pending.update(touching[u])
            return True

        def search(dom: list[int], pending: set[int]) -> None:
            nonlocal nodes
            nodes += 1
            if nodes > max_nodes:
                raise SearchLimit
            if not propagate(dom, pending):
                return
            best, best_key = -1, (4, 0)
            for v in range(n):
                d = dom[v]
                if d & (d - 1):
                    key = (d.bit_count(), -len(touching[v]))
                    if key < best_key:
                        best, best_key = v, key
            if best < 0:
                roles = [d.bit_length() - 1 for d in dom]
                if roles != hidden:
                    found.append(roles)
                return
            roles = [r for r in range(3) if dom[best] >> r & 1]
            roles.sort(key=lambda r: r == hidden[best])  # away from the hidden roles first: that is what is sought
            for r in roles:
                if len(found) >= limit:
                    return
                child = list(dom)
                child[best] = 1 << r
                search(child, set(touching[best]))

        search(list(self.known), set(range(len(constraints))))
        return found


def constructed_statement(
    by_speaker: list[list[Formula]], hidden: list[int], other: list[int], rng: random.Random
) -> tuple[int, Formula]:
    """A statement some islander can add under ``hidden`` but not under ``other``, built to order.

    Take someone ``j`` whose role differs: "j is a <hidden role>" is true under ``hidden`` and false under
    ``other``, its negation the reverse, "j is a <third role>" false under both and its negation true under
    both. Whatever truth values the speaker's next statement needs under each assignment, one of the four
    gives it under ``hidden`` and not under ``other``.
    """
    n = len(hidden)
    j = rng.choice([v for v in range(n) if hidden[v] != other[v]])
    third = 3 - hidden[j] - other[j]
    speaker = rng.randrange(n)
    said = by_speaker[speaker]
    need_hidden = next_value(hidden[speaker], [holds(f, hidden) for f in said])
    need_other = next_value(other[speaker], [holds(f, other) for f in said])
    if need_hidden == need_other:
        formula: Formula = ["is", j, hidden[j]] if need_hidden else ["not", ["is", j, hidden[j]]]
    else:
        formula = ["not", ["is", j, third]] if need_hidden else ["is", j, third]
    return speaker, formula


def make_puzzle(n: int, atoms: int, ops: tuple[str, ...], rng: random.Random):
    """(hidden roles, statements [speaker, formula] in order, hints [islander, role]): one assignment fits."""
    hidden = [rng.randrange(3) for _ in range(n)]
    statements: list[list[Any]] = []
    by_speaker: list[list[Formula]] = [[] for _ in range(n)]
    hints: list[list[int]] = []
    consistency = Consistency(n)

    def draw(speaker: int) -> Formula:
        """A random statement the speaker can make next under the hidden roles."""
        for _attempt in range(10):
            # compound statements only now and then: each one makes the tables of its constraints 4-16 times bigger
            formula = random_formula(rng, n, atoms if rng.random() < COMPOUND_SHARE else 1, ops, speaker)
            if consistency.involved(speaker, formula) <= MAX_INVOLVED:
                break
        else:
            formula = ["is", speaker, rng.randrange(3)]
        said = [holds(f, hidden) for f in by_speaker[speaker]]
        free = hidden[speaker] == ALTERNATOR and not said  # an alternator's first statement may be either
        if not free and holds(formula, hidden) != next_value(hidden[speaker], said):
            formula = formula[1] if formula[0] == "not" else ["not", formula]
        return formula

    def add(speaker: int, formula: Formula) -> None:
        statements.append([speaker, formula])
        by_speaker[speaker].append(formula)
        consistency.add(speaker, formula)

    for _round in range(2):
        for speaker in range(n):
            add(speaker, draw(speaker))

    def still_possible(roles: list[int]) -> bool:
        return all(fits(roles[v], [holds(f, roles) for f in by_speaker[v]]) for v in range(n))

    while True:
        try:
            # several at once: one search then serves several added statements (a statement added for one of
            # them often rules out the next as well)
            others = consistency.other_solutions(hidden, OTHERS_PER_SEARCH)
        except SearchLimit:  # not proved either way in budget: a hint settles the most-mentioned islander
            order = sorted(range(n), key=lambda v: (-len(consistency.touching[v]), v))
            j = next(v for v in order if consistency.known[v] == ALL_ROLES)
            consistency.known[j] = 1 << hidden[j]
            hints.append([j, hidden[j]])
            continue
        if not others:
            break
        for other in others:
            if not still_possible(other):
                continue
            for _ in range(TRIES_PER_COUNTEREXAMPLE):
                speaker = rng.randrange(n)
                formula = draw(speaker)
                said = [holds(f, other) for f in by_speaker[speaker]]
                if not fits(other[speaker], [*said, holds(formula, other)]):
                    add(speaker, formula)
                    break
            else:
                add(*constructed_statement(by_speaker, hidden, other, rng))
    return hidden, statements, hints


def capitalised(text: str) -> str:
    return text[0].upper() + text[1:]


def statement_lines(statements: list[list[Any]], names: list[str]) -> list[str]:
    """One line per speaker with their statements numbered in the order they were made."""
    lines = []
    for speaker, name in enumerate(names):
        said = [capitalised(render(f, names, speaker)) for s, f in statements if s == speaker]
        lines.append(f"{name} says, in this order: " + " ".join(f'({k + 1}) "{text}."' for k, text in enumerate(said)))
    return lines


class IslandersVariants(Environment):
    id = "logic/islanders_variants"
    version = 1
    description = (
        "Knights always tell the truth, knaves always lie, alternators alternate true and false statements; "
        "deduce every islander's role from what each says, in order."
    )
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): islanders 3 + L to level 30, then one more per 5 levels; atoms "
        "per statement 1, and 2 in 30% of them from level 10; connectives and/or, then if-then and 'exactly k "
        "of' (L >= 4), iff (L >= 10); two statements each, then statements added until the solution is unique"
    )
    size_name = "islanders"
    answer_format = (
        "the role of every islander (knight, knave or alternator) in the order they are introduced, separated "
        "by spaces, for example knight alternator knave (or one 'Name: role' item per islander)"
    )
    tags = ("logic", "deduction", "knights-and-knaves", "alternators")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, atoms, ops = plan(difficulty)
        names = person_names(n, rng)
        hidden, statements, hints = make_puzzle(n, atoms, ops, rng)
        lines = statement_lines(statements, names)
        lines += [f"You also learn that {names[j]} is {'an' if r == ALTERNATOR else 'a'} {ROLES[r]}." for j, r in hints]
        prompt = (
            "On an island every inhabitant is a knight, a knave or an alternator. Knights always tell the truth "
            "and knaves always lie. Alternators alternate: of any two consecutive statements an alternator makes, "
            "exactly one is true (so their statements go true, false, true, ... or false, true, false, ...). "
            f"You meet {n} islanders: {', '.join(names)}. Any number of them may have each role.\n"
            + "\n".join(lines)
            + "\nEvery statement is either fully true or fully false; 'or' is inclusive, 'if A then B' is false only "
            "when A is true and B is false, and brackets group the parts. Exactly one assignment of roles is "
            f"consistent with all of this. Give the role of each islander, in the order {', '.join(names)}."
        )
        answer = " ".join(ROLES[r] for r in hidden)
        data = {"names": names, "statements": statements, "hints": hints}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        names: list[str] = data["names"]
        roles = read_roles(answer, names)
        for j, role in data["hints"]:
            if roles[j] != role:
                return Verdict.wrong(f"{names[j]} is {'an' if role == ALTERNATOR else 'a'} {ROLES[role]}")
        for speaker, name in enumerate(names):
            said = [f for s, f in data["statements"] if s == speaker]
            if not fits(roles[speaker], [holds(f, roles) for f in said]):
                article = "an" if roles[speaker] == ALTERNATOR else "a"
                return Verdict.wrong(f"{name} as {article} {ROLES[roles[speaker]]} could not make those statements")
        return Verdict.right()


_ROLE_WORD = re.compile(r"(knight|knave|alternator)s?", re.IGNORECASE)
_NAMED = re.compile(
    r"([A-Za-z][A-Za-z0-9]*)\s*(?::|=|-|\bis an?\b|\bis\b)?\s*(knight|knave|alternator)s?", re.IGNORECASE
)


def _role(word: str) -> int:
    return ROLES.index(word.lower().rstrip("s"))


def read_roles(answer: str, names: list[str]) -> list[int]:
    """Roles in order ("knight alternator knave ...") or one "Name: role" item per islander, in any order."""
    n = len(names)
    if len(answer) > 60 * n + 100:
        raise ParseError("answer is too long for the number of islanders")
    text = answer.strip().strip(".").strip()
    items = [item.strip(". ") for item in re.split(r"[,;\n]+", text) if item.strip(". ")]
    if (
        len(items) == n
        and all(_NAMED.fullmatch(item) for item in items)
        and not all(_ROLE_WORD.fullmatch(item) for item in items)
    ):
        lower = {name.lower(): i for i, name in enumerate(names)}
        roles: dict[int, int] = {}
        for item in items:
            match = _NAMED.fullmatch(item)
            assert match is not None
            who = lower.get(match.group(1).lower())
            if who is None:
                raise ParseError(f"unknown islander {match.group(1)[:20]!r}")
            if who in roles:
                raise ParseError(f"{names[who]} is named twice")
            roles[who] = _role(match.group(2))
        return [roles[i] for i in range(n)]
    words = text.replace(",", " ").replace(";", " ").split()
    if len(words) != n or any(_ROLE_WORD.fullmatch(word) is None for word in words):
        raise ParseError(f"expected {n} roles (knight, knave or alternator), one per islander")
    return [_role(word) for word in words]
