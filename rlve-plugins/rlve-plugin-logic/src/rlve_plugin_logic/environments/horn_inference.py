"""logic/horn_inference: facts and Horn rules ("if p3 and p7 then p2"); list every atom that follows.

The atoms that follow are exactly the least model of the Horn clauses, which forward chaining computes: fire any
rule whose conditions all hold until nothing changes. The generator plants a derivation: atoms are put in a
random order, the first few are facts, about half of the rest get a rule whose conditions come from atoms
derived before them (so they follow, some only at the end of a long chain), and every other rule has at least
one condition that never holds, so it never fires, however plausible it looks. The answer is a set: any order.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import split_items
from rlve.scaling import level, slow

#: Past this level the knowledge base stops growing (prompts stay short at absurd difficulties).
MAX_LEVEL = 200

Rule = list[Any]  # [[condition atoms], conclusion atom]


def plan(difficulty: int) -> tuple[int, int, int]:
    """(atoms, facts, most conditions per rule): atoms 5 + L to level 30, then one more per 2 levels (the level
    stops at 200); facts 2 + atoms / 10; conditions per rule up to 1 + L / 5 (at most 3)."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    atoms = 5 + slow(lvl, 1, 2, knee=30)
    return atoms, 2 + atoms // 10, 1 + min(lvl, 10) // 5


def least_model(facts: list[int], rules: list[Rule]) -> set[int]:
    """Forward chaining: the atoms the facts and rules make true (each rule fires once its conditions hold)."""
    known = set(facts)
    waiting = [len(set(conditions)) for conditions, _ in rules]
    watchers: dict[int, list[int]] = {}
    for index, (conditions, _) in enumerate(rules):
        for atom in set(conditions):
            watchers.setdefault(atom, []).append(index)
    queue = list(known)
    while queue:
        atom = queue.pop()
        for index in watchers.get(atom, []):
            waiting[index] -= 1
            head = rules[index][1]
            if waiting[index] == 0 and head not in known:
                known.add(head)
                queue.append(head)
    return known


def make_knowledge_base(
    n: int, fact_count: int, max_conditions: int, rng: random.Random
) -> tuple[list[int], list[Rule], set[int]]:
    """(facts, rules, atoms that follow) over atoms 0..n-1."""
    order = list(range(n))
    rng.shuffle(order)
    facts = order[:fact_count]
    rest = order[fact_count:]
    follows = list(facts)
    blocked: list[int] = []
    rules: list[Rule] = []
    # about half of the other atoms follow, never all of them nor none
    spread = len(rest) // 6
    derivable = min(len(rest) - 1, max(1, len(rest) // 2 + rng.randint(-spread, spread)))
    chosen = set(rng.sample(rest, derivable))
    for atom in rest:
        if atom in chosen:  # derivable: conditions among atoms derived before, favouring the latest ones
            k = rng.randint(1, min(max_conditions, len(follows)))
            recent = follows[-max(k, 4) :] if rng.random() < 0.7 else follows
            conditions = rng.sample(recent, k)
            rules.append([sorted(conditions), atom])
            follows.append(atom)
        else:
            blocked.append(atom)
    # rules that never fire: each needs at least one atom that does not follow (there is one after the loop)
    for atom in blocked + rng.sample(follows[fact_count:], min(len(follows) - fact_count, n // 4)):
        if not blocked:
            break
        k = rng.randint(1, max_conditions)
        stopper = rng.choice([b for b in blocked if b != atom] or blocked)
        others = rng.sample([a for a in range(n) if a not in (atom, stopper)], min(k - 1, n - 2))
        rules.append([sorted([stopper, *others]), atom])
    rng.shuffle(rules)
    derived = least_model(facts, rules)
    return sorted(facts), rules, derived


def atom_name(atom: int) -> str:
    return f"p{atom + 1}"


def rule_text(rule: Rule) -> str:
    conditions, head = rule
    return f"if {' and '.join(map(atom_name, conditions))} then {atom_name(head)}"


def read_atoms(answer: str, n: int) -> set[int]:
    """Atom names ``p1 p4 p7`` (any order, commas or spaces), each at most once."""
    items = split_items(answer.strip().rstrip("."), max_items=n + 1)
    if not items:
        raise ParseError("expected the atoms that follow, such as p1, p4")
    if len(items) > n:
        raise ParseError(f"more than the {n} atoms there are")
    atoms: set[int] = set()
    for item in items:
        word = item.lower()
        if not (word.startswith("p") and word[1:].isdigit() and len(word) <= 5 and word[1:2] != "0"):
            raise ParseError(f"{item[:20]!r} is not an atom name such as p3")
        atom = int(word[1:]) - 1
        if not 0 <= atom < n:
            raise ParseError(f"there is no atom {item[:20]}")
        if atom in atoms:
            raise ParseError(f"{atom_name(atom)} is listed twice")
        atoms.add(atom)
    return atoms


class HornInference(Environment):
    id = "logic/horn_inference"
    version = 1
    description = "Forward chaining: list every atom that follows from facts and Horn rules (if p and q then r)."
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): atoms 5 + L to level 30, then one more per 2 levels; facts "
        "2 + atoms/10; up to 1 + L/5 conditions per rule (at most 3); about half of the other atoms follow, "
        "the rest have rules that never fire"
    )
    size_name = "atoms"
    answer_format = (
        "the names of every atom that follows, the facts included, separated by commas, for example p1, p4, p7"
    )
    tags = ("logic", "propositional", "horn-clauses", "forward-chaining")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, fact_count, max_conditions = plan(difficulty)
        facts, rules, derived = make_knowledge_base(n, fact_count, max_conditions, rng)
        prompt = (
            f"There are {n} atoms, p1 to p{n}; each is true or false.\n\n"
            f"Facts (true): {', '.join(map(atom_name, facts))}\n\n"
            "Rules (whenever every condition of a rule is true, its conclusion is true too):\n"
            + "\n".join(f"R{i + 1}. {rule_text(rule)}" for i, rule in enumerate(rules))
            + "\n\nAn atom follows when the facts and rules force it to be true; nothing else is known to be true. "
            "List every atom that follows, the facts included, in any order."
        )
        answer = ", ".join(atom_name(a) for a in sorted(derived))
        data = {"atoms": n, "facts": facts, "rules": rules, "derived": sorted(derived)}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        chosen = read_atoms(answer, data["atoms"])
        derived = set(data["derived"])
        extra, missing = sorted(chosen - derived), sorted(derived - chosen)
        if extra:
            return Verdict.wrong(f"{atom_name(extra[0])} does not follow")
        if missing:
            return Verdict.wrong(f"{atom_name(missing[0])} also follows")
        return Verdict.right()
