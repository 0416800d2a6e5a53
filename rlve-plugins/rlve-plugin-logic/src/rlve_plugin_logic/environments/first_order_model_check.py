"""logic/first_order_model_check: is each of a few first-order sentences true in a small finite structure?

A structure has domain {0, ..., n-1}, unary predicates P and Q and binary relations R (and S, later), all listed.
Sentences are closed formulas with quantifiers (for all, exists), connectives and equality, with a bounded
quantifier depth; the generator evaluates each by brute force over the domain (short-circuiting, at most n^3
assignments) and draws them so that about half are true. The answer is one true/false per sentence.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.reading import read_truth_values

#: Past this level the problem stops growing (prompts stay short at absurd difficulties).
MAX_LEVEL = 200
VARIABLES = ("x", "y", "z")
BINARY = {"and": "and", "or": "or", "implies": "->", "iff": "<->"}
#: Draws per sentence while looking for the truth value a coin asked for.
DRAWS_PER_SENTENCE = 30
#: Random structures a sentence must not have the same value in as this one, all of them (it would say nothing).
OTHER_STRUCTURES = 3

Formula = list[Any]  # ["pred", name, [vars]] | ["eq", v, w] | ["not", f] | [op, f, g] | ["forall"/"exists", v, f]


def plan(difficulty: int) -> tuple[int, int, int, int]:
    """(domain size, sentences, quantifier depth, symbols in all sentences): domain 3 + L/8 (at most 6),
    sentences 2 + L/6 (at most 6), depth 1 + L/8 (at most 3), symbols (connectives and quantifiers)
    3 + L to level 30, then one more per 4 levels (the level stops at 200)."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return 3 + min(lvl, 24) // 8, 2 + min(lvl, 24) // 6, 1 + min(lvl, 16) // 8, 3 + slow(lvl, 1, 4, knee=30)


def random_structure(n: int, binary: list[str], rng: random.Random) -> dict[str, list[Any]]:
    """Unary predicates as sorted element lists, binary relations as sorted pairs, each about half / a third full."""
    structure: dict[str, list[Any]] = {}
    for name in ("P", "Q"):
        structure[name] = [a for a in range(n) if rng.random() < 0.5]
    for name in binary:
        structure[name] = [[a, b] for a in range(n) for b in range(n) if rng.random() < 0.35]
    return structure


def random_formula(symbols: int, scope: list[str], depth: int, binary: list[str], rng: random.Random) -> Formula:
    """A formula with exactly ``symbols`` connectives and quantifiers, free variables among ``scope``."""
    if symbols == 0:
        if len(scope) >= 2 and rng.random() < 0.15:
            v, w = rng.sample(scope, 2)
            return ["eq", v, w]
        latest = scope[-1]  # the newest variable first, so that quantifiers bind something
        if binary and rng.random() < 0.55:
            other = rng.choice(scope)
            pair = [latest, other] if rng.random() < 0.5 else [other, latest]
            return ["pred", rng.choice(binary), pair]
        return ["pred", rng.choice(("P", "Q")), [rng.choice([latest, latest, *scope])]]
    if not scope or (depth > 0 and rng.random() < 0.35):
        if depth == 0:  # cannot happen at the top (depth >= 1), and below it scope is never empty
            raise ValueError("a closed formula needs a quantifier")
        var = VARIABLES[len(scope)]
        kind = rng.choice(("forall", "exists"))
        return [kind, var, random_formula(symbols - 1, [*scope, var], depth - 1, binary, rng)]
    if rng.random() < 0.15:
        return ["not", random_formula(symbols - 1, scope, depth, binary, rng)]
    left = rng.randint(0, symbols - 1)
    op = rng.choice(("and", "or", "implies", "implies", "iff"))
    right = symbols - 1 - left
    return [op, random_formula(left, scope, depth, binary, rng), random_formula(right, scope, depth, binary, rng)]


def holds(formula: Formula, structure: dict[str, Any], n: int, env: dict[str, int]) -> bool:
    kind = formula[0]
    if kind == "pred":
        args = [env[v] for v in formula[2]]
        return (args[0] if len(args) == 1 else tuple(args)) in structure[formula[1]]
    if kind == "eq":
        return env[formula[1]] == env[formula[2]]
    if kind == "not":
        return not holds(formula[1], structure, n, env)
    if kind in ("forall", "exists"):
        var, body = formula[1], formula[2]
        test = (holds(body, structure, n, {**env, var: a}) for a in range(n))
        return all(test) if kind == "forall" else any(test)
    a = holds(formula[1], structure, n, env)
    if kind == "and":
        return a and holds(formula[2], structure, n, env)
    if kind == "or":
        return a or holds(formula[2], structure, n, env)
    if kind == "implies":
        return (not a) or holds(formula[2], structure, n, env)
    return a == holds(formula[2], structure, n, env)


def lookup_sets(structure: dict[str, list[Any]]) -> dict[str, set[Any]]:
    """The structure with sets for membership tests (elements, or pairs as tuples)."""
    return {name: {tuple(x) if isinstance(x, list) else x for x in items} for name, items in structure.items()}


def text_of(formula: Formula, top: bool = True) -> str:
    """Every compound part below the top bracketed, so that the reading is unique."""
    kind = formula[0]
    if kind == "pred":
        return f"{formula[1]}({', '.join(formula[2])})"
    if kind == "eq":
        return f"{formula[1]} = {formula[2]}"
    if kind == "not":
        text = "not " + text_of(formula[1], top=False)
    elif kind in ("forall", "exists"):
        text = f"{'for all' if kind == 'forall' else 'exists'} {formula[1]}: {text_of(formula[2], top=False)}"
    else:
        text = f"{text_of(formula[1], top=False)} {BINARY[kind]} {text_of(formula[2], top=False)}"
    return text if top else f"({text})"


class FirstOrderModelCheck(Environment):
    id = "logic/first_order_model_check"
    version = 1
    description = (
        "Decide which first-order sentences (quantifiers, connectives, equality) are true in a small finite structure."
    )
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): domain 3 + L/8 elements (at most 6); sentences 2 + L/6 (at most 6); "
        "quantifier depth 1 + L/8 (at most 3); connectives and quantifiers in all 3 + L to level 30, then one "
        "more per 4 levels; relation S from level 12; about half the sentences true"
    )
    size_name = "connectives and quantifiers"
    answer_format = "true or false for each sentence, in order, separated by spaces, for example true false true"
    tags = ("logic", "first-order", "model-checking", "quantifiers")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, count, depth, symbols = plan(difficulty)
        binary = ["R", "S"] if level(difficulty) >= 12 else ["R"]
        structure = random_structure(n, binary, rng)
        sets = lookup_sets(structure)
        shares = [1] * count  # every sentence needs its first quantifier
        for _ in range(symbols - count):
            shares[rng.randrange(count)] += 1
        sentences: list[Formula] = []
        values: list[bool] = []
        seen: set[str] = set()
        # sentences true or false in every structure (R(x, x) -> R(x, x)) need no look at this one: a sentence
        # must also take both values over a few other random structures
        others = [lookup_sets(random_structure(n, binary, rng)) for _ in range(OTHER_STRUCTURES)]
        for share in shares:
            wanted = rng.random() < 0.5
            for _try in range(DRAWS_PER_SENTENCE):
                sentence = random_formula(share, [], depth, binary, rng)
                value = holds(sentence, sets, n, {})
                if value != wanted or text_of(sentence) in seen:
                    continue
                if any(holds(sentence, other, n, {}) != value for other in others):
                    break
            seen.add(text_of(sentence))
            sentences.append(sentence)
            values.append(value)
        listing = [f"Domain: {{{', '.join(map(str, range(n)))}}}"]
        for name in ("P", "Q"):
            listing.append(f"{name} = {{{', '.join(map(str, structure[name]))}}}")
        for name in binary:
            listing.append(f"{name} = {{{', '.join(f'({a}, {b})' for a, b in structure[name])}}}")
        prompt = (
            "A structure has the domain and the relations below: P and Q hold of the listed elements, and "
            f"{' and '.join(binary)} {'hold' if len(binary) > 1 else 'holds'} of the listed ordered pairs (R(a, b) "
            "holds exactly when (a, b) is listed), "
            "nothing else.\n\n"
            + "\n".join(listing)
            + "\n\nIn the sentences, 'for all x: F' means F holds for every element x of the domain, 'exists x: F' "
            "that it holds for at least one; x = y means the same element; not, and, or, -> (if ... then ...) "
            "and <-> (if and only if) are the usual connectives, with brackets around every compound part. "
            "Which of these sentences are true in the structure?\n\n"
            + "\n".join(f"{i + 1}. {text_of(s)}" for i, s in enumerate(sentences))
        )
        answer = " ".join("true" if v else "false" for v in values)
        data = {"size": n, "structure": structure, "sentences": sentences, "values": values}
        return Instance(prompt=prompt, answer=answer, data=data, size=symbols)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        given = read_truth_values(answer, len(data["values"]))
        for i, (mine, truth) in enumerate(zip(given, data["values"])):
            if mine != truth:
                return Verdict.wrong(f"sentence {i + 1} is {'true' if truth else 'false'}")
        return Verdict.right()
