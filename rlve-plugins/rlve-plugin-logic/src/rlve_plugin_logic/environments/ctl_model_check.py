"""logic/ctl_model_check: list the states of a Kripke structure that satisfy a CTL formula.

Every state has at least one successor, so every path is infinite. The formula mixes the connectives with the
path quantifiers EX, AX, EF, AF, EG, AG, E[f U g] and A[f U g]. The generator labels the states bottom-up, each
operator as a fixpoint over state sets (EF/EU/AF/AU least, EG/AG greatest), and draws a formula whose set is
neither empty nor every state when it can.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.operator_formulas import CONNECTIVES, Formula, random_formula, text_of
from rlve_plugin_logic.reading import read_index_set

#: Past this level the problem stops growing (prompts stay short at absurd difficulties).
MAX_LEVEL = 200
ATOMS = ("p", "q", "r")
TEMPLATES = {
    **CONNECTIVES, "EX": "EX {0}", "AX": "AX {0}", "EF": "EF {0}", "AF": "AF {0}", "EG": "EG {0}", "AG": "AG {0}",
    "EU": "E[{0} U {1}]", "AU": "A[{0} U {1}]",
}  # fmt: skip
#: Draws while looking for a formula true in some states and false in others.
DRAWS = 30


def plan(difficulty: int) -> tuple[int, int]:
    """(states, operators in the formula): states 3 + L/3 (at most 14), operators 2 + L to level 30, then one
    more per 6 levels (the level stops at 200)."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return min(14, 3 + lvl // 3), 2 + slow(lvl, 1, 6, knee=30)


def satisfying(formula: Formula, labels: list[set[str]], succ: list[list[int]]) -> set[int]:
    """The states (0-based) where ``formula`` holds."""
    n = len(labels)
    states = set(range(n))
    kind = formula[0]
    if kind == "atom":
        return {s for s in states if formula[1] in labels[s]}
    parts = [satisfying(part, labels, succ) for part in formula[1:]]
    if kind == "not":
        return states - parts[0]
    if kind == "and":
        return parts[0] & parts[1]
    if kind == "or":
        return parts[0] | parts[1]
    if kind == "imp":
        return (states - parts[0]) | parts[1]
    if kind in ("EX", "AX"):
        test = any if kind == "EX" else all
        return {s for s in states if test(t in parts[0] for t in succ[s])}
    if kind in ("EF", "AF"):
        return _least(states, parts[0], any if kind == "EF" else all, succ)
    if kind in ("EU", "AU"):
        return _least(parts[0], parts[1], any if kind == "EU" else all, succ)
    # EG f and AG f: the greatest set inside f whose states have some (EG) or all (AG) successors in it
    test = any if kind == "EG" else all
    current = set(parts[0])
    while True:
        kept = {s for s in current if test(t in current for t in succ[s])}
        if kept == current:
            return current
        current = kept


def _least(hold: set[int], goal: set[int], test: Any, succ: list[list[int]]) -> set[int]:
    """The least set containing ``goal`` and every state of ``hold`` with some / all successors in it."""
    current = set(goal)
    while True:
        grown = current | {s for s in hold if test(t in current for t in succ[s])}
        if grown == current:
            return current
        current = grown


def random_structure(n: int, rng: random.Random) -> tuple[list[set[str]], list[list[int]]]:
    labels = [{a for a in ATOMS if rng.random() < 0.45} for _ in range(n)]
    succ = [sorted(rng.sample(range(n), rng.choice((1, 1, 2, 2, 3)) if n >= 3 else 1)) for _ in range(n)]
    return labels, succ


class CtlModelCheck(Environment):
    id = "logic/ctl_model_check"
    version = 1
    description = "List the states of a Kripke structure (labelled transition graph) that satisfy a CTL formula."
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): 3 + L/3 states (at most 14), one to three successors each; the "
        "formula has 2 + L operators to level 30, then one more per 6 levels"
    )
    size_name = "operators in the formula"
    answer_format = "the numbers of the satisfying states, separated by commas, for example 1, 4, 5, or none"
    tags = ("logic", "temporal-logic", "ctl", "model-checking", "fixpoints")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, symbols = plan(difficulty)
        labels, succ = random_structure(n, rng)
        unary = ["not", "EX", "AX", "EF", "AF", "EG", "AG"]
        binary = ["and", "or", "imp", "EU", "AU"]
        for _try in range(DRAWS):
            formula = random_formula(symbols, list(ATOMS), unary, binary, rng)
            chosen = satisfying(formula, labels, succ)
            if 0 < len(chosen) < n:
                break
        rows = [
            f"state {s + 1}: atoms {{{', '.join(sorted(labels[s]))}}}, successors {', '.join(map(str, targets))}"
            for s, targets in enumerate([[t + 1 for t in ts] for ts in succ])
        ]
        prompt = (
            f"A Kripke structure has states 1 to {n}. Each state lists the atoms true in it (all others are false) "
            "and its successors (the states one step can move to; every state has at least one, so every path "
            "goes on forever):\n"
            + "\n".join(rows)
            + "\n\nCTL semantics at a state s (a path from s is an infinite sequence of states starting at s, each "
            "followed by one of its successors): not, and, or, -> as usual; EX f: some successor satisfies f; "
            "AX f: every successor does; EF f: some path from s reaches a state satisfying f (s itself counts); "
            "AF f: every path from s does; EG f: some path from s satisfies f at every state (s included); "
            "AG f: every path does; E[f U g]: some path from s reaches a state satisfying g with f true at every "
            "state before it; A[f U g]: every path from s does. Brackets surround every compound part.\n\n"
            f"Formula: {text_of(formula, TEMPLATES)}\n\nWhich states satisfy the formula? List them all (none if "
            "no state does)."
        )
        answer = ", ".join(str(s + 1) for s in sorted(chosen)) or "none"
        return Instance(prompt=prompt, answer=answer, data={"states": n, "satisfying": sorted(chosen)}, size=symbols)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        given = {s - 1 for s in read_index_set(answer, data["states"])}
        truth = set(data["satisfying"])
        if given - truth:
            return Verdict.wrong(f"state {min(given - truth) + 1} does not satisfy the formula")
        if truth - given:
            return Verdict.wrong(f"state {min(truth - given) + 1} satisfies the formula but is missing")
        return Verdict.right()
