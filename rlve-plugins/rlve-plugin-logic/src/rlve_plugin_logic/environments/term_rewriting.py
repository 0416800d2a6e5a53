"""logic/term_rewriting: the normal form of a term under a terminating, confluent term rewriting system.

The systems are drawn from a catalogue of rule groups over Peano numerals, lists and booleans (addition,
multiplication, truncated subtraction, comparison, if-then-else, append, reverse, length, ...). Every group is a
constructor system whose left-hand sides are linear and do not overlap (orthogonal), and every right-hand side
recurses on a smaller argument, so rewriting terminates and the normal form is unique whatever order the rules
are used in. The term to normalise may hold the free variables u and v, which no rule takes apart, so parts of
it can stay stuck (add(s(0), u) is already normal). The generator normalises innermost-first with a step cap and
redraws terms whose normal form would be too big.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.reading import read_tokens

#: Past this level the term stops growing (prompts stay short at absurd difficulties).
MAX_LEVEL = 200
MAX_STEPS = 1500
MAX_NORMAL_SIZE = 60
#: Rewriting nested deeper than this gives up (the normal form would be far too big); keeps Python's stack safe.
MAX_DEPTH = 120
FREE = ("u", "v")

Term = tuple  # (symbol, args...); a rule variable is ("?x",)

#: group -> (rules as text, the groups it uses, the result sort of each symbol it defines, argument sorts)
GROUPS: dict[str, tuple[list[str], list[str], dict[str, tuple[str, tuple[str, ...]]]]] = {
    "add": (["add(x, 0) -> x", "add(x, s(y)) -> s(add(x, y))"], [], {"add": ("nat", ("nat", "nat"))}),
    "mul": (["mul(x, 0) -> 0", "mul(x, s(y)) -> add(mul(x, y), x)"], ["add"], {"mul": ("nat", ("nat", "nat"))}),
    "double": (["double(0) -> 0", "double(s(x)) -> s(s(double(x)))"], [], {"double": ("nat", ("nat",))}),
    "minus": (
        ["minus(x, 0) -> x", "minus(0, s(y)) -> 0", "minus(s(x), s(y)) -> minus(x, y)"],
        [],
        {"minus": ("nat", ("nat", "nat"))},
    ),
    "leq": (
        ["leq(0, y) -> true", "leq(s(x), 0) -> false", "leq(s(x), s(y)) -> leq(x, y)"],
        [],
        {"leq": ("bool", ("nat", "nat"))},
    ),
    "ifte": (["if(true, x, y) -> x", "if(false, x, y) -> y"], [], {"if": ("nat", ("bool", "nat", "nat"))}),
    "bool": (
        ["not(true) -> false", "not(false) -> true", "and(true, x) -> x", "and(false, x) -> false"],
        [],
        {"not": ("bool", ("bool",)), "and": ("bool", ("bool", "bool"))},
    ),
    "app": (["app(nil, l) -> l", "app(cons(x, k), l) -> cons(x, app(k, l))"], [], {"app": ("list", ("list", "list"))}),
    "rev": (["rev(nil) -> nil", "rev(cons(x, k)) -> app(rev(k), cons(x, nil))"], ["app"], {"rev": ("list", ("list",))}),
    "len": (["len(nil) -> 0", "len(cons(x, k)) -> s(len(k))"], [], {"len": ("nat", ("list",))}),
}
CONSTRUCTORS = {"0": ("nat", ()), "s": ("nat", ("nat",)), "true": ("bool", ()), "false": ("bool", ()),
                "nil": ("list", ()), "cons": ("list", ("nat", "list"))}  # fmt: skip
RULE_VARIABLES = ("x", "y", "k", "l")
#: constructor names -> how the prompt introduces them
MEANINGS = {
    ("0", "s"): "0 and s(n) (zero and n + 1)",
    ("true", "false"): "the truth values true and false",
    ("nil", "cons"): "nil and cons(h, t) (the empty list and the list with head h and tail t)",
}
_TOKEN = re.compile(r"\s*([A-Za-z][A-Za-z0-9]{0,7}|0|[(),])")


def plan(difficulty: int) -> tuple[int, int]:
    """(function symbols in the term, rule groups): symbols 3 + L to level 30, then one more per 6 levels (the
    level stops at 200); groups 1 + L/6 (at most 5, with the groups they use)."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return 3 + slow(lvl, 1, 6, knee=30), min(5, 1 + lvl // 6)


class _Reader:
    def __init__(self, text: str, arity: dict[str, int], variables: tuple[str, ...], max_tokens: int):
        self.tokens = read_tokens(text, _TOKEN, max_tokens, "the term is too long")
        self.pos, self.arity, self.variables = 0, arity, variables

    def take(self) -> str:
        if self.pos >= len(self.tokens):
            raise ParseError("the term ends too early")
        self.pos += 1
        return self.tokens[self.pos - 1]

    def term(self, depth: int = 0) -> Term:
        if depth > 200:
            raise ParseError("the term is nested too deep")
        name = self.take()
        if name in self.variables:
            return ("?" + name,) if self.variables == RULE_VARIABLES else (name,)
        if name not in self.arity:
            raise ParseError(f"{name[:20]!r} is not a symbol of the system")
        if self.arity[name] == 0:
            return (name,)
        if self.take() != "(":
            raise ParseError(f"{name} needs its arguments in brackets")
        args = [self.term(depth + 1)]
        while (token := self.take()) == ",":
            args.append(self.term(depth + 1))
        if token != ")" or len(args) != self.arity[name]:
            raise ParseError(f"{name} takes {self.arity[name]} arguments")
        return (name, *args)

    def whole(self) -> Term:
        term = self.term()
        if self.pos != len(self.tokens):
            raise ParseError(f"unexpected {self.tokens[self.pos]!r} after the term")
        return term


ALL_ARITY = {**{c: len(a) for c, (_s, a) in CONSTRUCTORS.items()},
             **{f: len(a) for g in GROUPS.values() for f, (_s, a) in g[2].items()}}  # fmt: skip


def parse_rule(text: str) -> tuple[Term, Term]:
    left, right = text.split("->")
    return _Reader(left, ALL_ARITY, RULE_VARIABLES, 99).whole(), _Reader(right, ALL_ARITY, RULE_VARIABLES, 99).whole()


def _match(pattern: Term, t: Term, binding: dict[str, Term]) -> bool:
    if pattern[0].startswith("?"):
        binding[pattern[0]] = t  # left-hand sides are linear: a variable occurs once
        return True
    if pattern[0] != t[0] or len(pattern) != len(t):
        return False
    return all(_match(p, a, binding) for p, a in zip(pattern[1:], t[1:]))


def _instance(t: Term, binding: dict[str, Term]) -> Term:
    if t[0].startswith("?"):
        return binding[t[0]]
    return (t[0], *(_instance(a, binding) for a in t[1:]))


class TooLong(Exception):
    """Rewriting passed the step cap or the normal form grew too big."""


def normal_form(t: Term, rules: list[tuple[Term, Term]], budget: list[int], depth: int = 0) -> Term:
    """Innermost rewriting: the arguments to normal form first, then rules at the root."""
    if depth > MAX_DEPTH:
        raise TooLong
    return _reduce_root((t[0], *(normal_form(a, rules, budget, depth + 1) for a in t[1:])), rules, budget, depth)


def _reduce_root(t: Term, rules: list[tuple[Term, Term]], budget: list[int], depth: int) -> Term:
    """The normal form of ``t``, whose arguments are already normal."""
    for left, right in rules:
        binding: dict[str, Term] = {}
        if _match(left, t, binding):
            budget[0] -= 1
            if budget[0] < 0 or depth > MAX_DEPTH:
                raise TooLong
            return _rebuild(right, binding, rules, budget, depth + 1)
    return t


def _rebuild(right: Term, binding: dict[str, Term], rules: list, budget: list[int], depth: int) -> Term:
    """The right-hand side instantiated and normalised; the bound subterms are normal already, so only the
    right-hand side's own symbols are reduced."""
    if right[0].startswith("?"):
        return binding[right[0]]
    args = tuple(_rebuild(a, binding, rules, budget, depth + 1) for a in right[1:])
    return _reduce_root((right[0], *args), rules, budget, depth)


def size_of(t: Term) -> int:
    return 1 + sum(size_of(a) for a in t[1:])


def text_of(t: Term) -> str:
    return t[0] if len(t) == 1 else f"{t[0]}({', '.join(text_of(a) for a in t[1:])})"


def random_term(symbols: int, sort: str, functions: dict, rng: random.Random, small: bool = False) -> Term:
    """A well-sorted term with exactly ``symbols`` defined-function symbols; small constructor terms fill the
    leaves (numerals up to 2, or only 0 when ``small``; lists up to 2 items; the free variables u and v as
    numbers)."""
    makers = [f for f, (result, _a) in functions.items() if result == sort]
    if symbols == 0 or not makers:
        return _leaf(sort, rng, small)
    name = rng.choice(makers)
    argument_sorts = functions[name][1]
    shares = [0] * len(argument_sorts)
    for _ in range(symbols - 1):
        shares[rng.randrange(len(shares))] += 1
    return (name, *(random_term(k, s, functions, rng, small) for k, s in zip(shares, argument_sorts)))


def _leaf(sort: str, rng: random.Random, small: bool) -> Term:
    if sort == "bool":
        return (rng.choice(("true", "false")),)
    if sort == "list":
        items = [_leaf("nat", rng, small) for _ in range(rng.randint(0, 2))]
        out: Term = ("nil",)
        for item in reversed(items):
            out = ("cons", item, out)
        return out
    if rng.random() < 0.2:
        return (rng.choice(FREE),)
    out = ("0",)
    for _ in range(0 if small else rng.randint(0, 2)):
        out = ("s", out)
    return out


class TermRewriting(Environment):
    id = "logic/term_rewriting"
    version = 1
    description = "Rewrite a term to its normal form under a terminating, confluent rewrite system (Peano, lists, ...)."
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): the term has 3 + L defined-function symbols to level 30, then one "
        "more per 6 levels; 1 + L/6 rule groups (at most 5) from a catalogue of 10, with the groups they use"
    )
    size_name = "function symbols in the term"
    answer_format = "the normal form as a term, for example s(s(add(s(0), u)))"
    tags = ("logic", "term-rewriting", "normal-form", "equational-reasoning")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        symbols, group_count = plan(difficulty)
        chosen: list[str] = []
        for name in rng.sample(sorted(GROUPS), len(GROUPS)):
            if len(chosen) >= group_count:
                break
            chosen += [g for g in (name, *GROUPS[name][1]) if g not in chosen]
        if all(result == "bool" for g in chosen for result, _a in GROUPS[g][2].values()):
            chosen.append("ifte")  # a truth value alone is a coin toss to guess: compute a number from it
        functions = {f: sig for g in chosen for f, sig in GROUPS[g][2].items()}
        rule_texts = [r for g in sorted(chosen) for r in GROUPS[g][0]]
        rules = [parse_rule(r) for r in rule_texts]
        sorts = sorted({result for result, _a in functions.values()} - {"bool"})  # a number or a list
        found = None
        for attempt in range(60):  # after 30 draws whose normal form grows too big, numerals in the term are 0
            term = random_term(symbols, rng.choice(sorts), functions, rng, small=attempt >= 30)
            try:
                result = normal_form(term, rules, [MAX_STEPS])
            except TooLong:
                continue
            if size_of(result) <= MAX_NORMAL_SIZE:
                found = term, result
                break
        if found is None:
            raise RuntimeError("no term with a small normal form")  # not seen in 10**5 draws at any level
        term, result = found
        shown = set(re.findall(r"[a-z]+|0", " ".join(rule_texts) + " " + text_of(term)))
        constructors = [meaning for names, meaning in MEANINGS.items() if shown & set(names)]
        prompt = (
            "A term rewriting system: in each rule, the left side may be replaced by the right side anywhere inside "
            f"a term, where {', '.join(RULE_VARIABLES)} stand for any terms (the same term at each occurrence). "
            "The system always terminates and every term has exactly one normal form (a term no rule applies to). "
            f"Constructors: {'; '.join(constructors)}.\n\nRules:\n"
            + "\n".join(rule_texts)
            + f"\n\nTerm: {text_of(term)}\n\nHere u and v are free variables: no rule takes them apart, but a rule "
            "variable may stand for them. Rewrite the term until no rule applies and give its normal form, written "
            "in full with the same syntax (for example s(s(0)), never 2)."
        )
        answer = text_of(result)
        data = {"normal_form": answer, "max_tokens": 4 * size_of(result) + 20}
        return Instance(prompt=prompt, answer=answer, data=data, size=symbols)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = answer.strip().rstrip(".")
        if len(text) > 8 * data["max_tokens"]:
            raise ParseError("the answer is too long")
        given = _Reader(text, ALL_ARITY, FREE, data["max_tokens"]).whole()
        if text_of(given) != data["normal_form"]:
            return Verdict.wrong("that is not the normal form")
        return Verdict.right()
