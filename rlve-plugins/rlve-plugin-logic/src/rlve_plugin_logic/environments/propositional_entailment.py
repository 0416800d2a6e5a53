"""logic/propositional_entailment: which candidate conclusions follow from a set of propositional premises?"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.propositional import MAX_VARIABLES, VARIABLE_NAMES, Formula, random_formula, table_of, text_of
from rlve_plugin_logic.reading import read_index_set
from rlve_plugin_logic.truth_tables import all_true


def plan(difficulty: int) -> tuple[int, int, int, int]:
    """(variables, premises, connectives in all premises, candidate conclusions)."""
    lvl = level(difficulty)
    premises = 2 + slow(lvl, 3, 10, knee=30)
    variables = min(MAX_VARIABLES, 3 + slow(lvl, 3, 10, knee=30))
    connectives = 2 + 2 * lvl if lvl <= 30 else 62 + (lvl - 30)
    return variables, premises, connectives, 4 + min(4, lvl // 8)


def make_problem(
    variables: int, premise_count: int, connectives: int, candidates: int, rng: random.Random
) -> tuple[list[Formula], list[Formula], list[int]]:
    """Consistent premises, candidate conclusions and the (1-based) numbers of those that follow."""
    full = all_true(variables)
    while True:
        shares = [1] * premise_count
        for _ in range(connectives - premise_count):
            shares[rng.randrange(premise_count)] += 1
        premises: list[Formula] = []
        models = full
        for share in shares:
            for _try in range(50):
                formula = random_formula(share, variables, rng)
                table = table_of(formula, variables)
                if models & table and table != full:  # keeps the premises consistent, and says something
                    premises.append(formula)
                    models &= table
                    break
            else:
                break
        if len(premises) == premise_count:
            break
    wanted = rng.randint(0, candidates)  # how many of the candidates should follow
    size = 1 + min(3, variables // 5)
    follows: list[Formula] = []
    fails: list[Formula] = []
    seen = {text_of(p) for p in premises}
    for _try in range(400):
        if len(follows) >= wanted and len(fails) >= candidates - wanted:
            break
        formula = random_formula(rng.randint(1, size), variables, rng)
        text = text_of(formula)
        table = table_of(formula, variables)
        if text in seen or table in (0, full):
            continue  # no copies of premises, no tautologies or contradictions
        seen.add(text)
        (follows if models & ~table == 0 else fails).append(formula)
    # as many following ones as wanted; if either pool ran short, the other fills the gap
    take_follow = min(len(follows), wanted)
    take_fail = min(len(fails), candidates - take_follow)
    take_follow = min(len(follows), candidates - take_fail)
    chosen = [(f, True) for f in follows[:take_follow]] + [(f, False) for f in fails[:take_fail]]
    rng.shuffle(chosen)
    conclusions = [f for f, _ in chosen]
    entailed = [i + 1 for i, (_, ok) in enumerate(chosen) if ok]
    return premises, conclusions, entailed


class PropositionalEntailment(Environment):
    id = "logic/propositional_entailment"
    version = 2  # 2: negations inside a formula are bracketed, "(not p) -> q", and the prompt says what not covers
    description = "Decide which candidate conclusions follow logically from a set of propositional premises."
    difficulty_scales = (
        "connectives in the premises: 2 + 2L to level 30, then +1 per level; premises 2 + L/3 (then +1 per 10 "
        "levels); variables 3 + L/3 (at most 20); candidate conclusions 4 + L/8 (at most 8)"
    )
    size_name = "connectives in the premises"
    answer_format = (
        "the numbers of every conclusion that follows, separated by spaces (for example 1 3), or none if none "
        "of them follows"
    )
    tags = ("logic", "propositional", "entailment", "deduction")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        variables, premise_count, connectives, candidates = plan(difficulty)
        premises, conclusions, entailed = make_problem(variables, premise_count, connectives, candidates, rng)
        prompt = (
            f"Variables {', '.join(VARIABLE_NAMES[:variables])} are each true or false. Formulas use not, and, or, "
            "-> (if ... then ...) and <-> (if and only if), with brackets around every compound part. Negation "
            "binds tightest: not applies only to the variable or bracketed part right after it, so (not p) -> q "
            "and not (p -> q) are different formulas.\n\n"
            "Premises:\n"
            + "\n".join(f"P{i + 1}. {text_of(p)}" for i, p in enumerate(premises))
            + "\n\nA conclusion follows from the premises when it is true under every assignment of truth values "
            "that makes all the premises true. Which of these conclusions follow?\n\n"
            + "\n".join(f"{i + 1}. {text_of(c)}" for i, c in enumerate(conclusions))
        )
        answer = " ".join(map(str, entailed)) if entailed else "none"
        data = {"premises": premises, "conclusions": conclusions, "entailed": entailed, "variables": variables}
        return Instance(prompt=prompt, answer=answer, data=data, size=connectives)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        chosen = read_index_set(answer, len(data["conclusions"]))
        entailed = set(data["entailed"])
        missing, extra = sorted(entailed - chosen), sorted(chosen - entailed)
        if extra:
            return Verdict.wrong(f"conclusion {extra[0]} does not follow from the premises")
        if missing:
            return Verdict.wrong(f"conclusion {missing[0]} also follows from the premises")
        return Verdict.right()
