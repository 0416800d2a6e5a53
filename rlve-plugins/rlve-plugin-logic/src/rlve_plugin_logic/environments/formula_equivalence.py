"""logic/formula_equivalence: are two propositional formulas equivalent? If not, give an assignment on which they
differ (any such assignment is accepted).

The second formula is the first rewritten by laws that keep the meaning (De Morgan, implication and
biconditional elimination, contraposition, distribution, exportation, commutation), so the pair looks different
either way; for half of the problems one small change (a connective swapped, a part negated, a variable
renamed) then breaks the equivalence, choosing among several changes the one that alters the fewest rows of the
truth table, so a counterexample has to be looked for. Truth tables as big integers decide everything exactly.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import split_items
from rlve.scaling import level, slow
from rlve_plugin_logic.propositional import (
    VARIABLE_NAMES,
    Formula,
    random_formula,
    table_of,
    text_of,
)
from rlve_plugin_logic.truth_tables import all_true

#: Past this level the formulas stop growing (prompts stay short at absurd difficulties).
MAX_LEVEL = 200
MAX_VARIABLES = 8
#: Candidate changes drawn for a non-equivalent pair; the one that alters the fewest assignments is kept.
CHANGE_CANDIDATES = 8

_EQUIVALENT = re.compile(r"(?:(?:they|the formulas|the two formulas) are )?equivalent[.!]?", re.IGNORECASE)
_NOT_EQUIVALENT = re.compile(r"(?:(?:they are |the formulas are )?not equivalent)\s*[:;,.-]?\s*", re.IGNORECASE)
_TRUE = frozenset({"1", "true", "t"})
_FALSE = frozenset({"0", "false", "f"})


def plan(difficulty: int) -> tuple[int, int, int]:
    """(variables, connectives of the first formula, rewriting steps): variables 2 + (L + 2) / 6 (at most 8),
    connectives 2 + L to level 30 then one more per 4 levels (the level stops at 200), steps 1 + L / 4
    (at most 11)."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return min(MAX_VARIABLES, 2 + (lvl + 2) // 6), 2 + slow(lvl, 1, 4, knee=30), 1 + min(lvl, 40) // 4


def negate(f: Formula) -> Formula:
    """The negation of ``f``, without a double negation."""
    return f[1] if f[0] == "not" else ["not", f]


def connectives(f: Formula) -> int:
    return 0 if f[0] == "var" else 1 + sum(connectives(part) for part in f[1:])


def equivalent_forms(f: Formula) -> list[Formula]:
    """Formulas equivalent to ``f`` by one law applied at its top."""
    kind = f[0]
    if kind == "var":
        return []
    out: list[Formula] = []
    if kind == "not":
        inner = f[1]
        if inner[0] == "and":  # De Morgan
            out.append(["or", negate(inner[1]), negate(inner[2])])
        elif inner[0] == "or":
            out.append(["and", negate(inner[1]), negate(inner[2])])
        elif inner[0] == "implies":
            out.append(["and", inner[1], negate(inner[2])])
        elif inner[0] == "iff":
            out += [["iff", negate(inner[1]), inner[2]], ["iff", inner[1], negate(inner[2])]]
        return out
    a, b = f[1], f[2]
    if kind in ("and", "or", "iff"):
        out.append([kind, b, a])
    if kind == "and":
        out.append(["not", ["or", negate(a), negate(b)]])
        if b[0] == "or":  # distribution
            out.append(["or", ["and", a, b[1]], ["and", a, b[2]]])
        if a[0] == "or":
            out.append(["or", ["and", a[1], b], ["and", a[2], b]])
    elif kind == "or":
        out += [["not", ["and", negate(a), negate(b)]], ["implies", negate(a), b]]
        if b[0] == "and":
            out.append(["and", ["or", a, b[1]], ["or", a, b[2]]])
        if a[0] == "and":
            out.append(["and", ["or", a[1], b], ["or", a[2], b]])
    elif kind == "implies":
        out += [["or", negate(a), b], ["implies", negate(b), negate(a)]]
        if a[0] == "and":  # exportation
            out.append(["implies", a[1], ["implies", a[2], b]])
        if a[0] == "or":
            out.append(["and", ["implies", a[1], b], ["implies", a[2], b]])
        if b[0] == "implies":
            out.append(["implies", ["and", a, b[1]], b[2]])
    else:  # iff
        out += [
            ["and", ["implies", a, b], ["implies", b, a]],
            ["or", ["and", a, b], ["and", negate(a), negate(b)]],
            ["iff", negate(a), negate(b)],
        ]
    return out


def changed_forms(f: Formula, variables: int) -> list[Formula]:
    """Small changes at the top of ``f`` that usually alter its meaning."""
    kind = f[0]
    if kind == "var":
        return [["var", v] for v in range(variables) if v != f[1]]
    if kind == "not":
        return [f[1]]
    a, b = f[1], f[2]
    swaps = {"and": ("or", "iff"), "or": ("and", "implies"), "implies": ("iff", "and"), "iff": ("implies", "or")}
    out: list[Formula] = [[other, a, b] for other in swaps[kind]]
    out += [[kind, negate(a), b], [kind, a, negate(b)]]
    if kind == "implies":
        out.append(["implies", b, a])
    return out


def paths(f: Formula, prefix: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """Every position in ``f``, as the child indices that lead there."""
    out = [prefix]
    if f[0] != "var":
        for i in range(1, len(f)):
            out += paths(f[i], (*prefix, i))
    return out


def at(f: Formula, path: tuple[int, ...]) -> Formula:
    for i in path:
        f = f[i]
    return f


def replaced(f: Formula, path: tuple[int, ...], new: Formula) -> Formula:
    if not path:
        return new
    copy = list(f)
    copy[path[0]] = replaced(f[path[0]], path[1:], new)
    return copy


def without_double_negations(f: Formula) -> Formula:
    """``f`` with every "not (not g)" replaced by g (a rewrite under a negation can create one)."""
    if f[0] == "var":
        return f
    if f[0] == "not" and f[1][0] == "not":
        return without_double_negations(f[1][1])
    return [f[0], *(without_double_negations(part) for part in f[1:])]


def rewrite(f: Formula, steps: int, max_connectives: int, rng: random.Random) -> Formula:
    """``f`` after ``steps`` random meaning-preserving rewrites, staying within ``max_connectives``."""
    for _ in range(steps):
        spots = [(p, g) for p in paths(f) for g in equivalent_forms(at(f, p))]
        rng.shuffle(spots)
        for path, form in spots:
            candidate = without_double_negations(replaced(f, path, form))
            if connectives(candidate) <= max_connectives:
                f = candidate
                break
    return f


def make_pair(variables: int, size: int, steps: int, equivalent: bool, rng: random.Random) -> tuple[Formula, Formula]:
    full = all_true(variables)
    first = random_formula(size, variables, rng)
    for _try in range(20):  # a formula that is neither always true nor always false
        table = table_of(first, variables)
        if table not in (0, full):
            break
        first = random_formula(size, variables, rng)
    second = rewrite(first, steps, 2 * size + 6, rng)
    if text_of(second) == text_of(first):
        second = rewrite(second, 1 + steps, 2 * size + 6, rng)
    if not equivalent:
        table = table_of(first, variables)
        options = []
        for path in rng.sample(paths(second), min(CHANGE_CANDIDATES, len(paths(second)))):
            changes = changed_forms(at(second, path), variables)
            candidate = without_double_negations(replaced(second, path, rng.choice(changes))) if changes else second
            differ = (table_of(candidate, variables) ^ table).bit_count()
            if differ:
                options.append((differ, len(options), candidate))
        if not options:  # no small change found: negate the whole formula (always differs)
            options.append((0, 0, negate(second)))
        second = min(options)[2]
    return (first, second) if rng.random() < 0.5 else (second, first)


def format_assignment(values: list[bool]) -> str:
    return ", ".join(f"{VARIABLE_NAMES[i]}={int(v)}" for i, v in enumerate(values))


def read_assignment(text: str, variables: int) -> list[bool]:
    """Values of the variables: ``p=1, q=0`` (any order; also ``p: true``), or bare values in variable order."""
    names = {name: i for i, name in enumerate(VARIABLE_NAMES[:variables])}
    if len(text) > 16 * (variables + 1):
        raise ParseError("the assignment is too long")
    text = re.sub(r"\s*[=:]\s*", "=", text.strip().rstrip("."))
    items = split_items(text, max_items=variables + 1)
    if len(items) != variables:
        raise ParseError(f"expected a value for each of the {variables} variables, got {len(items)} items")
    named = any("=" in item for item in items)
    values: dict[int, bool] = {}
    for position, item in enumerate(items):
        name, _, word = item.rpartition("=") if named else ("", "", item)
        if named:
            if name.lower() not in names:
                raise ParseError(f"{name[:20]!r} is not one of the variables")
            index = names[name.lower()]
        else:
            index = position
        word = word.lower()
        if word not in _TRUE and word not in _FALSE:
            raise ParseError(f"not a truth value: {word[:20]!r} (use 1 or 0)")
        if index in values:
            raise ParseError(f"{VARIABLE_NAMES[index]} is given twice")
        values[index] = word in _TRUE
    return [values[i] for i in range(variables)]


class FormulaEquivalence(Environment):
    id = "logic/formula_equivalence"
    version = 1
    description = (
        "Decide whether two propositional formulas are equivalent; if not, give an assignment on which they differ."
    )
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): variables 2 + (L + 2) / 6 (at most 8); the first formula has "
        "2 + L connectives to level 30, then one more per 4 levels; the second is it after 1 + L/4 rewriting "
        "steps (at most 11), and half of the time one small change that alters the fewest assignments"
    )
    size_name = "connectives in the first formula"
    answer_format = (
        "the word equivalent, or else an assignment on which the formulas differ, giving every variable as "
        "name=1 or name=0 separated by commas, for example p=1, q=0, r=1"
    )
    tags = ("logic", "propositional", "equivalence", "counterexample")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        variables, size, steps = plan(difficulty)
        equivalent = rng.random() < 0.5
        a, b = make_pair(variables, size, steps, equivalent, rng)
        differ = table_of(a, variables) ^ table_of(b, variables)
        names = ", ".join(VARIABLE_NAMES[:variables])
        prompt = (
            f"Variables {names} are each true (1) or false (0). Formulas use not, and, or, -> (if ... then ...) "
            "and <-> (if and only if), with brackets around every compound part; not applies only to the "
            "variable or bracketed part right after it.\n\n"
            f"A: {text_of(a)}\n"
            f"B: {text_of(b)}\n\n"
            "Are A and B equivalent, that is, equal (both true or both false) under every assignment of truth "
            "values to the variables? If they are, answer equivalent. If not, give one assignment under which "
            "one of them is true and the other false (any such assignment is accepted), with a value for every "
            f"variable: {names}."
        )
        if differ:
            rows = [row for row in range(1 << variables) if differ >> row & 1]
            row = rng.choice(rows)
            answer = format_assignment([bool(row >> i & 1) for i in range(variables)])
        else:
            answer = "equivalent"
        data = {"variables": variables, "a": a, "b": b, "equivalent": not differ}
        return Instance(prompt=prompt, answer=answer, data=data, size=size)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        variables = data["variables"]
        text = answer.strip()
        if _EQUIVALENT.fullmatch(text):
            if data["equivalent"]:
                return Verdict.right()
            return Verdict.wrong("the formulas are not equivalent: some assignment makes one true and the other false")
        head = _NOT_EQUIVALENT.match(text)
        if head:
            text = text[head.end() :]
        values = read_assignment(text, variables)
        row = sum(1 << i for i, v in enumerate(values) if v)
        in_a = table_of(data["a"], variables) >> row & 1
        in_b = table_of(data["b"], variables) >> row & 1
        if in_a == in_b:
            both = "true" if in_a else "false"
            return Verdict.wrong(f"under {format_assignment(values)} both formulas are {both}")
        return Verdict.right()
