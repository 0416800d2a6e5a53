"""logic/datalog_query: all answers of a Datalog query over facts and recursive rules.

The program is one or two recursive rule groups drawn from a small catalogue (transitive closure, left and right
and non-linear; same generation; paths of even length through mutual recursion; reachability from marked nodes;
closure of a two-step relation), over random facts. The generator evaluates it bottom-up to its least fixpoint
(naive iteration: every rule against all facts until nothing new appears) and picks a query constant with a
non-trivial answer set when it can. The answer is the set of constants for the query's variable.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import split_items
from rlve.scaling import level, slow

#: Past this level the problem stops growing (prompts stay short at absurd difficulties).
MAX_LEVEL = 200
#: Draws of the query constant while looking for an answer set that is neither empty nor everything.
QUERY_DRAWS = 12

Atom = tuple[str, ...]  # (predicate, arg, ...): an argument is a constant (lower case) or a variable (upper case)
Rule = tuple[Atom, list[Atom]]

#: name -> (rules as text, base relations it needs, the derived binary predicate to query)
CATALOGUE: dict[str, tuple[list[str], list[str], str]] = {
    "path": (["path(X, Y) :- edge(X, Y).", "path(X, Y) :- edge(X, Z), path(Z, Y)."], ["edge"], "path"),
    "left_path": (["reach(X, Y) :- link(X, Y).", "reach(X, Y) :- reach(X, Z), link(Z, Y)."], ["link"], "reach"),
    "nonlinear": (["conn(X, Y) :- road(X, Y).", "conn(X, Y) :- conn(X, Z), conn(Z, Y)."], ["road"], "conn"),
    "same_generation": (
        ["sg(X, Y) :- parent(P, X), parent(P, Y).", "sg(X, Y) :- parent(P, X), sg(P, Q), parent(Q, Y)."],
        ["parent"],
        "sg",
    ),
    "even_odd": (
        ["odd(X, Y) :- step(X, Y).", "odd(X, Y) :- step(X, Z), even(Z, Y).", "even(X, Y) :- step(X, Z), odd(Z, Y)."],
        ["step"],
        "even",
    ),
    "two_step": (
        ["hop(X, Y) :- red(X, Z), blue(Z, Y).", "tour(X, Y) :- hop(X, Y).", "tour(X, Y) :- hop(X, Z), tour(Z, Y)."],
        ["red", "blue"],
        "tour",
    ),
    "flow": (
        ["got(X, Y) :- source(X, Y).", "got(X, Y) :- got(X, Z), pipe(Z, Y), open(Y)."],
        ["source", "pipe", "open"],
        "got",
    ),
}

_ATOM = re.compile(r"([a-z]+)\(([^()]*)\)")
_NAME = re.compile(r"[a-z][a-z0-9]{0,5}")


def plan(difficulty: int) -> tuple[int, int, int]:
    """(facts, constants, rule groups): facts 4 + L to level 30, then one more per 4 levels (the level stops at
    200); constants 4 + L/3 (at most 16); one rule group, two from level 12."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return 4 + slow(lvl, 1, 4, knee=30), min(16, 4 + lvl // 3), 1 if lvl < 12 else 2


def parse_atom(text: str) -> Atom:
    match = _ATOM.fullmatch(text.strip())
    if not match:
        raise ValueError(text)
    return (match.group(1), *(a.strip() for a in match.group(2).split(",")))


def parse_rule(text: str) -> Rule:
    head, body = text.rstrip(".").split(":-")
    return parse_atom(head), [parse_atom(a) for a in re.findall(r"[a-z]+\([^()]*\)", body)]


def least_model(facts: set[Atom], rules: list[Rule]) -> set[Atom]:
    """Semi-naive bottom-up evaluation: each round, every rule with one body atom matched against the facts new
    in the last round (the others against all facts), until a round adds nothing; facts indexed by argument."""
    known: set[Atom] = set()
    index: dict[tuple[Any, ...], list[Atom]] = {}
    delta = set(facts)
    while delta:
        delta_index: dict[tuple[Any, ...], list[Atom]] = {}
        for fact in delta:
            _add(fact, known, index)
            _add(fact, set(), delta_index)
        found: set[Atom] = set()
        for head, body in rules:
            for i in range(len(body)):
                tables = [delta_index if k == i else index for k in range(len(body))]
                found.update(_ground(head, b) for b in _matches(body, tables, {}))
        delta = found - known
    return known


def _add(fact: Atom, known: set[Atom], index: dict[tuple[Any, ...], list[Atom]]) -> None:
    known.add(fact)
    index.setdefault((fact[0],), []).append(fact)
    for position, value in enumerate(fact[1:]):
        index.setdefault((fact[0], position, value), []).append(fact)


def _matches(body: list[Atom], tables: list[dict], binding: dict[str, str]) -> list[dict[str, str]]:
    if not body:
        return [binding]
    first, rest = body[0], body[1:]
    key: tuple[Any, ...] = (first[0],)
    for position, term in enumerate(first[1:]):  # look up by the first argument already known
        value = binding.get(term, None) if term[0].isupper() else term
        if value is not None:
            key = (first[0], position, value)
            break
    found: list[dict[str, str]] = []
    for fact in tables[0].get(key, ()):
        if len(fact) != len(first):
            continue
        extended = dict(binding)
        if all(_bind(term, value, extended) for term, value in zip(first[1:], fact[1:])):
            found.extend(_matches(rest, tables[1:], extended))
    return found


def _bind(term: str, value: str, binding: dict[str, str]) -> bool:
    if not term[0].isupper():
        return term == value
    if binding.setdefault(term, value) != value:
        return False
    return True


def _ground(atom: Atom, binding: dict[str, str]) -> Atom:
    return (atom[0], *(binding.get(t, t) for t in atom[1:]))


def random_facts(relations: list[str], constants: list[str], count: int, rng: random.Random) -> set[Atom]:
    """``count`` distinct facts spread over the relations (unary ones: about a third of a binary share)."""
    facts: set[Atom] = set()
    while len(facts) < count:
        name = rng.choice(relations)
        if name == "open":
            facts.add((name, rng.choice(constants)))
        else:
            a, b = rng.sample(constants, 2)
            facts.add((name, a, b))
    return facts


class DatalogQuery(Environment):
    id = "logic/datalog_query"
    version = 1
    description = "List all answers of a Datalog query over facts and recursive rules (closure, same generation, ...)."
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): 4 + L facts to level 30, then one more per 4 levels; constants "
        "4 + L/3 (at most 16); one recursive rule group from a catalogue of 7, two from level 12"
    )
    size_name = "facts"
    answer_format = "the constants that answer the query, separated by commas, for example c2, c5; or none"
    tags = ("logic", "datalog", "recursion", "deduction", "fixpoint")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        fact_count, constant_count, groups = plan(difficulty)
        constants = [f"c{i + 1}" for i in range(constant_count)]
        chosen = rng.sample(sorted(CATALOGUE), groups)
        rule_texts = [r for name in chosen for r in CATALOGUE[name][0]]
        relations = sorted({r for name in chosen for r in CATALOGUE[name][1]})
        facts = random_facts(relations, constants, fact_count, rng)
        rules = [parse_rule(r) for r in rule_texts]
        if groups > 1:  # join the two groups' predicates in one query predicate
            first, second = CATALOGUE[chosen[0]][2], CATALOGUE[chosen[1]][2]
            joined = f"ans(X, Y) :- {first}(X, Y), {second}(X, Y)." if rng.random() < 0.5 else (
                f"ans(X, Y) :- {first}(X, Z), {second}(Z, Y).")
            rule_texts.append(joined)
            rules.append(parse_rule(joined))
            target = "ans"
        else:
            target = CATALOGUE[chosen[0]][2]
        model = least_model(facts, rules)
        forward = rng.random() < 0.6  # query target(c, Y) or target(X, c)
        best: tuple[str, list[str]] | None = None
        for _try in range(QUERY_DRAWS):
            c = rng.choice(constants)
            answers = sorted(
                (f[2] if forward else f[1] for f in model if f[0] == target and f[1 if forward else 2] == c),
                key=constants.index,
            )
            if best is None or (0 < len(answers) < constant_count and not 0 < len(best[1]) < constant_count):
                best = (c, answers)
            if 1 < len(answers) < constant_count:
                break
        assert best is not None
        c, answers = best
        query = f"{target}({c}, Y)" if forward else f"{target}(Y, {c})"
        fact_lines = sorted(f"{f[0]}({', '.join(f[1:])})." for f in facts)
        prompt = (
            "A Datalog program: the facts and rules below. Names starting with a capital letter are variables; "
            "all others are constants or predicates. A rule head :- body1, body2, ... says that for every way of "
            "giving the variables constant values that makes all body atoms true, the head is true too. The true "
            "atoms are exactly the facts and everything the rules derive from them, repeatedly (the least model); "
            "every other atom is false.\n\nFacts:\n"
            + "\n".join(fact_lines)
            + "\n\nRules:\n"
            + "\n".join(rule_texts)
            + f"\n\nQuery: {query}\nList every constant Y for which {query} is true (none if there is none)."
        )
        answer = ", ".join(answers) or "none"
        data = {"constants": constants, "answers": answers}
        return Instance(prompt=prompt, answer=answer, data=data, size=fact_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        constants = data["constants"]
        text = answer.strip().rstrip(".")
        if text.lower() in ("none", "no", "nothing", "{}", "[]"):
            given: set[str] = set()
        else:
            items = split_items(re.sub(r"\bY\s*=\s*", "", text), max_items=len(constants) + 1)
            if not items:
                raise ParseError("expected constants separated by commas, or none")
            given = set()
            for item in items:
                if not _NAME.fullmatch(item) or item not in constants:
                    raise ParseError(f"{item[:20]!r} is not a constant of the program")
                if item in given:
                    raise ParseError(f"{item} is listed twice")
                given.add(item)
        truth = set(data["answers"])
        if given - truth:
            return Verdict.wrong(f"{min(given - truth, key=constants.index)} is not an answer")
        if truth - given:
            return Verdict.wrong(f"{min(truth - given, key=constants.index)} is an answer but is missing")
        return Verdict.right()
