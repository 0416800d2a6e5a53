"""logic/ltl_trace_check: which LTL formulas hold on an infinite lasso-shaped trace (a prefix, then a loop forever)?

The trace lists, for each position of the prefix and of the loop, the atoms true there; after the last loop
position comes the first loop position again. Formulas use X (next), F (eventually), G (always), U (until) and,
from level 10, R (release). The generator evaluates each formula at every position at once, as fixpoints over the
lasso (an until is the least solution of ``a U b = b or (a and X(a U b))``, found by sweeping the positions
backwards until nothing changes), and draws formulas so that about half are true at position 0.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.operator_formulas import CONNECTIVES, Formula, random_formula, text_of
from rlve_plugin_logic.reading import read_truth_values

#: Past this level the problem stops growing (prompts stay short at absurd difficulties).
MAX_LEVEL = 200
ATOMS = ("p", "q", "r")
TEMPLATES = {**CONNECTIVES, "X": "X {0}", "F": "F {0}", "G": "G {0}", "U": "{0} U {1}", "R": "{0} R {1}"}
#: Draws per formula while looking for the truth value a coin asked for.
DRAWS_PER_FORMULA = 30


def plan(difficulty: int) -> tuple[int, int, int, int]:
    """(prefix length, loop length, formulas, operators in all formulas): prefix 1 + L/5 (at most 6), loop
    2 + L/6 (at most 7), formulas 2 + L/8 (at most 5), operators 3 + L to level 30 then one per 4 levels."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return 1 + min(lvl, 25) // 5, 2 + min(lvl, 30) // 6, 2 + min(lvl, 24) // 8, 3 + slow(lvl, 1, 4, knee=30)


def values_on_lasso(formula: Formula, labels: list[set[str]], loop_start: int) -> list[bool]:
    """The formula's truth value at every position of the lasso (positions past the end wrap to loop_start)."""
    n = len(labels)
    nxt = [i + 1 for i in range(n - 1)] + [loop_start]
    kind = formula[0]
    if kind == "atom":
        return [formula[1] in label for label in labels]
    parts = [values_on_lasso(part, labels, loop_start) for part in formula[1:]]
    if kind == "not":
        return [not v for v in parts[0]]
    if kind == "X":
        return [parts[0][nxt[i]] for i in range(n)]
    if kind in ("and", "or", "imp"):
        a, b = parts
        op = {"and": lambda x, y: x and y, "or": lambda x, y: x or y, "imp": lambda x, y: (not x) or y}[kind]
        return [op(a[i], b[i]) for i in range(n)]
    if kind in ("F", "U"):  # least fixpoint of v = b or (a and v[next])
        a, b = ([True] * n, parts[0]) if kind == "F" else parts
        return _fixpoint(a, b, nxt, least=True)
    # G and R are the greatest fixpoints of v = b and (a or v[next])
    a, b = ([False] * n, parts[0]) if kind == "G" else parts
    return _fixpoint(a, b, nxt, least=False)


def _fixpoint(a: list[bool], b: list[bool], nxt: list[int], least: bool) -> list[bool]:
    """Kleene iteration from all false (least) or all true (greatest), sweeping backwards until stable."""
    n = len(a)
    v = [not least] * n
    for _round in range(n + 1):  # each round settles at least one more position of the loop
        changed = False
        for i in reversed(range(n)):
            new = (b[i] or (a[i] and v[nxt[i]])) if least else (b[i] and (a[i] or v[nxt[i]]))
            changed |= new != v[i]
            v[i] = new
        if not changed:
            break
    return v


def label_text(label: set[str]) -> str:
    return "{" + ", ".join(sorted(label)) + "}"


class LtlTraceCheck(Environment):
    id = "logic/ltl_trace_check"
    version = 1
    description = "Decide which LTL formulas hold on an infinite lasso-shaped trace (a prefix, then a loop forever)."
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): prefix 1 + L/5 positions (at most 6), loop 2 + L/6 (at most 7); "
        "formulas 2 + L/8 (at most 5); operators in all 3 + L to level 30, then one more per 4 levels; R from "
        "level 10; about half the formulas true"
    )
    size_name = "operators in all formulas"
    answer_format = "true or false for each formula, in order, separated by spaces, for example true false true"
    tags = ("logic", "temporal-logic", "ltl", "model-checking")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        prefix, loop, count, symbols = plan(difficulty)
        lvl = level(difficulty, cap=MAX_LEVEL)
        labels = [{atom for atom in ATOMS if rng.random() < 0.45} for _ in range(prefix + loop)]
        unary = ["not", "X", "F", "G"]
        binary = ["and", "or", "imp", "U", "U"] + (["R"] if lvl >= 10 else [])
        shares = [1] * count
        for _ in range(symbols - count):
            shares[rng.randrange(count)] += 1
        formulas: list[Formula] = []
        values: list[bool] = []
        for share in shares:
            wanted = rng.random() < 0.5
            for _try in range(DRAWS_PER_FORMULA):
                formula = random_formula(share, list(ATOMS), unary, binary, rng)
                value = values_on_lasso(formula, labels, prefix)[0]
                if value == wanted and formula not in formulas:
                    break
            formulas.append(formula)
            values.append(value)
        rows = [f"position {i}: {label_text(label)}" for i, label in enumerate(labels)]
        prompt = (
            f"An infinite trace over the atoms {', '.join(ATOMS)} is a prefix followed by a loop repeated forever. "
            "Each position lists the atoms true there (all others are false):\n"
            + "\n".join(rows[:prefix])
            + f"\nloop (positions {prefix} to {prefix + loop - 1}, repeated forever):\n"
            + "\n".join(rows[prefix:])
            + f"\nSo after position {prefix + loop - 1} comes position {prefix} again, and so on forever.\n\n"
            "LTL semantics at a position i of the trace: an atom holds if it is true at i; not, and, or, -> "
            "(if ... then) as usual; X f: f holds at the next position; F f: f holds at i or at some later "
            "position; G f: f holds at i and at every later position; f U g: g holds at some position j >= i and "
            "f holds at every position from i up to but not including j; f R g: g holds at every position j >= i "
            "up to and including the first position where f holds, or forever if f never holds (that is, "
            "not ((not f) U (not g))). Brackets surround every compound part. Which of these formulas hold at "
            "position 0?\n\n"
            + "\n".join(f"{i + 1}. {text_of(f, TEMPLATES)}" for i, f in enumerate(formulas))
        )
        answer = " ".join("true" if v else "false" for v in values)
        data = {"values": values}
        return Instance(prompt=prompt, answer=answer, data=data, size=symbols)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        given = read_truth_values(answer, len(data["values"]))
        for i, (mine, truth) in enumerate(zip(given, data["values"])):
            if mine != truth:
                return Verdict.wrong(f"formula {i + 1} is {'true' if truth else 'false'}")
        return Verdict.right()
