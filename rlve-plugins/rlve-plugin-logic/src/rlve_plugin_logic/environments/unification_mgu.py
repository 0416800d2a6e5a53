"""logic/unification_mgu: a most general unifier of two first-order terms, or "no unifier".

The generator plants a common instance: a random term T, then two terms that each replace a few subterms of T by
variables (so both generalise T), and about a third of the time breaks the pair with a function clash or an
occurs-check failure. Robinson's algorithm (with the occurs check) decides the pair and gives the reference MGU in
solved form. The checker accepts any substitution in solved form that unifies the two terms and is at least as
general as the reference (the reference is an instance of it, found by one-way matching), so every MGU, whatever
its variable names, is accepted.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.reading import read_tokens

#: Past this level the terms stop growing (prompts stay short at absurd difficulties).
MAX_LEVEL = 200
FUNCTIONS = {"f": 2, "g": 1, "h": 3, "k": 2}
CONSTANTS = ("a", "b", "c")
VARIABLES = ("X", "Y", "Z", "U", "V", "W", "P", "Q", "R", "S")
NO_UNIFIER = "no unifier"
_TOKEN = re.compile(r"\s*([A-Za-z][A-Za-z0-9_]{0,7}|:=|->|[(),=/{}\[\]|])")

Term = Any  # a variable name (str starting upper case), or (symbol, args...) with a constant as (symbol,)


def plan(difficulty: int) -> tuple[int, int, int]:
    """(function symbols in the planted instance, variables, function symbols in use): symbols 2 + L to level 30,
    then one more per 6 levels (the level stops at 200); variables 3 + L/4 (at most 10); symbols f, g, then h
    from level 6 and k from level 14."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return 2 + slow(lvl, 1, 6, knee=30), min(len(VARIABLES), 3 + lvl // 4), 2 + (lvl >= 6) + (lvl >= 14)


def is_var(t: Term) -> bool:
    return isinstance(t, str)


def random_term(symbols: int, functions: list[str], rng: random.Random) -> Term:
    """A ground term with exactly ``symbols`` function symbols (constants are free)."""
    if symbols == 0:
        return (rng.choice(CONSTANTS),)
    name = rng.choice([f for f in functions if FUNCTIONS[f] <= max(1, symbols)] if symbols < 3 else functions)
    arity = FUNCTIONS[name]
    cuts = sorted(rng.randint(0, symbols - 1) for _ in range(arity - 1))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, symbols - 1])]
    return (name, *(random_term(s, functions, rng) for s in sizes))


def positions(t: Term, path: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    if is_var(t):
        return [path]
    return [path, *(p for i, a in enumerate(t[1:]) for p in positions(a, (*path, i)))]


def at(t: Term, path: tuple[int, ...]) -> Term:
    for i in path:
        t = t[1 + i]
    return t


def replace(t: Term, path: tuple[int, ...], new: Term) -> Term:
    if not path:
        return new
    args = list(t[1:])
    args[path[0]] = replace(args[path[0]], path[1:], new)
    return (t[0], *args)


def generalise(t: Term, names: list[str], cuts: int, rng: random.Random) -> Term:
    """``t`` with up to ``cuts`` proper subterms replaced by variables drawn from ``names`` (repeats allowed when
    the replaced subterms are equal, so the planted instance stays a common instance)."""
    chosen: dict[Term, str] = {}
    for _ in range(cuts):
        spots = [p for p in positions(t) if p and not is_var(at(t, p))]
        if not spots:
            break
        path = rng.choice(spots)
        sub = at(t, path)
        if sub not in chosen:
            free = [n for n in names if n not in chosen.values()]
            if not free:
                break
            chosen[sub] = rng.choice(free)
        t = replace(t, path, chosen[sub])
    return t


def variables_of(t: Term, out: set[str] | None = None) -> set[str]:
    out = set() if out is None else out
    if is_var(t):
        out.add(t)
    else:
        for a in t[1:]:
            variables_of(a, out)
    return out


def substitute(t: Term, sigma: dict[str, Term]) -> Term:
    if is_var(t):
        return sigma.get(t, t)
    return (t[0], *(substitute(a, sigma) for a in t[1:]))


def mgu(s: Term, t: Term) -> dict[str, Term] | None:
    """Robinson's algorithm with the occurs check; the unifier in solved form, or None."""
    sigma: dict[str, Term] = {}
    stack = [(s, t)]
    while stack:
        a, b = stack.pop()
        a, b = substitute(a, sigma), substitute(b, sigma)
        if a == b:
            continue
        if not is_var(a) and is_var(b):
            a, b = b, a
        if is_var(a):
            if a in variables_of(b):
                return None
            sigma = {v: substitute(u, {a: b}) for v, u in sigma.items()}
            sigma[a] = b
        elif a[0] != b[0] or len(a) != len(b):
            return None
        else:
            stack.extend(zip(a[1:], b[1:]))
    return sigma


def match(pattern: Term, target: Term, bound: dict[str, Term]) -> bool:
    """Extend ``bound`` so that pattern under it equals target (one-way matching); False when impossible."""
    if is_var(pattern):
        if pattern in bound:
            return bound[pattern] == target
        bound[pattern] = target
        return True
    if is_var(target) or pattern[0] != target[0] or len(pattern) != len(target):
        return False
    return all(match(p, q, bound) for p, q in zip(pattern[1:], target[1:]))


def text_of(t: Term) -> str:
    if is_var(t):
        return t
    if len(t) == 1:
        return t[0]
    return f"{t[0]}({', '.join(text_of(a) for a in t[1:])})"


def format_substitution(sigma: dict[str, Term]) -> str:
    return ", ".join(f"{v} = {text_of(sigma[v])}" for v in sorted(sigma, key=VARIABLES.index))


def term_size(t: Term) -> int:
    return 1 if is_var(t) else 1 + sum(term_size(a) for a in t[1:])


class _Reader:
    """Bindings ``V = term`` separated by commas (or ``V -> term``, ``V := term``, ``V/term``), braces allowed."""

    def __init__(self, text: str, max_tokens: int):
        self.tokens = read_tokens(text, _TOKEN, max_tokens, "the substitution is too long")
        if self.tokens and self.tokens[0] in "{[" and self.tokens[-1] in "}]":
            self.tokens = self.tokens[1:-1]
        self.pos = 0

    def take(self) -> str:
        if self.pos >= len(self.tokens):
            raise ParseError("the substitution ends too early")
        self.pos += 1
        return self.tokens[self.pos - 1]

    def term(self, depth: int) -> Term:
        if depth > 60:
            raise ParseError("a term is nested too deep")
        name = self.take()
        if not name[0].isalpha():
            raise ParseError(f"expected a term, got {name!r}")
        if name[0].isupper():
            return name
        if name not in FUNCTIONS and name not in CONSTANTS:
            raise ParseError(f"{name!r} is not a function symbol or constant of the problem")
        if name in CONSTANTS:
            return (name,)
        if self.take() != "(":
            raise ParseError(f"{name} needs its arguments in brackets")
        args = [self.term(depth + 1)]
        while (token := self.take()) == ",":
            args.append(self.term(depth + 1))
        if token != ")" or len(args) != FUNCTIONS[name]:
            raise ParseError(f"{name} takes {FUNCTIONS[name]} arguments in brackets")
        return (name, *args)

    def bindings(self) -> dict[str, Term]:
        sigma: dict[str, Term] = {}
        while self.pos < len(self.tokens):
            var = self.take()
            if not var[0].isupper():
                raise ParseError(f"expected a variable before =, got {var!r}")
            if self.take() not in ("=", "->", ":=", "/", "|"):
                raise ParseError(f"expected = after {var}")
            if var in sigma:
                raise ParseError(f"{var} is bound twice")
            sigma[var] = self.term(0)
            if self.pos < len(self.tokens) and self.take() != ",":
                raise ParseError("bindings must be separated by commas")
        return sigma


def read_substitution(answer: str, max_tokens: int) -> dict[str, Term] | None:
    """The substitution, or None for "no unifier"."""
    text = answer.strip().rstrip(".").strip()
    if re.sub(r"[\s_]+", " ", text.lower()) in (NO_UNIFIER, "none", "not unifiable", "no mgu", "fail"):
        return None
    if len(text) > 8 * max_tokens:
        raise ParseError("the substitution is too long")
    sigma = _Reader(text, max_tokens).bindings()
    if not sigma:
        raise ParseError("expected bindings like X = f(a, Y), or no unifier")
    return sigma


class UnificationMgu(Environment):
    id = "logic/unification_mgu"
    version = 1
    description = "Find a most general unifier of two first-order terms (with the occurs check), or say there is none."
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): the planted common instance has 2 + L function symbols to level 30, "
        "then one more per 6 levels; variables 3 + L/4 (at most 10); symbols f/2 and g/1, h/3 from level 6, k/2 "
        "from level 14; about a third of the pairs do not unify"
    )
    size_name = "function symbols in the planted common instance"
    answer_format = "the bindings separated by commas, for example X = f(a, Y), Z = b; or no unifier"
    tags = ("logic", "first-order", "unification", "terms")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        symbols, variable_count, function_count = plan(difficulty)
        functions = list(FUNCTIONS)[:function_count]
        names = list(VARIABLES[:variable_count])
        for _try in range(20):
            common = random_term(symbols, functions, rng)
            cuts = 1 + symbols // 3
            s, t = generalise(common, names, cuts, rng), generalise(common, names, cuts, rng)
            if rng.random() < 0.35:
                s, t = broken(s, t, functions, rng)
            if s != t and variables_of(s) | variables_of(t):
                break
        sigma = mgu(s, t)
        arities = ", ".join(f"{f}/{FUNCTIONS[f]}" for f in functions)
        prompt = (
            f"Terms are built from the variables (upper case) {', '.join(names)}, the constants {', '.join(CONSTANTS)} "
            f"and the function symbols {arities} (name/number of arguments). Find a most general unifier of\n\n"
            f"s = {text_of(s)}\nt = {text_of(t)}\n\n"
            "that is, a substitution (variables replaced by terms, all at once) making s and t the same term, of "
            "which every other such substitution is an instance. A variable may not be bound to a term that "
            "contains it (occurs check). Write it in solved form: bindings V = term separated by commas, each "
            "variable bound at most once, no bound variable occurring in any right-hand side, only variables of s "
            "and t on the left, and no V = V. Any most general unifier is accepted, whatever variable names it "
            "uses. If s and t cannot be unified, answer: no unifier."
        )
        answer = NO_UNIFIER if sigma is None else format_substitution(sigma)
        data = {
            "s": to_json(s),
            "t": to_json(t),
            "mgu": None if sigma is None else {v: to_json(u) for v, u in sigma.items()},
            "max_tokens": 8 * (term_size(s) + term_size(t)) + 40,
        }
        return Instance(prompt=prompt, answer=answer, data=data, size=symbols)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        given = read_substitution(answer, data["max_tokens"])
        if data["mgu"] is None:
            return Verdict.right() if given is None else Verdict.wrong("the terms cannot be unified")
        if given is None:
            return Verdict.wrong("the terms can be unified")
        s, t = from_json(data["s"]), from_json(data["t"])
        reference = {v: from_json(u) for v, u in data["mgu"].items()}
        own = variables_of(s) | variables_of(t)
        for var, term in given.items():
            if var not in own:
                return Verdict.wrong(f"{var} is not a variable of s or t")
            if term == var:
                return Verdict.wrong(f"{var} = {var} is not allowed")
            if any(var in variables_of(u) for u in given.values()):
                return Verdict.wrong(f"{var} is bound and also occurs on a right-hand side: not in solved form")
        if substitute(s, given) != substitute(t, given):
            return Verdict.wrong("the substitution does not make s and t equal")
        bound: dict[str, Term] = {}
        if not all(match(substitute(v, given), substitute(v, reference), bound) for v in sorted(own)):
            return Verdict.wrong("the substitution unifies s and t but is not most general")
        return Verdict.right()


def broken(s: Term, t: Term, functions: list[str], rng: random.Random) -> tuple[Term, Term]:
    """The pair made non-unifiable: a different symbol at a shared position, or a variable against a term that
    contains it (occurs check)."""
    if rng.random() < 0.5:
        spots = [p for p in positions(t) if not is_var(at(t, p))]
        path = rng.choice(spots)
        sub = at(t, path)
        others = [f for f in functions if f != sub[0]] if len(sub) > 1 else [c for c in CONSTANTS if c != sub[0]]
        if len(sub) > 1 and others:
            name = rng.choice(others)
            args = [*sub[1:], *sub[1:], *sub[1:]][: FUNCTIONS[name]]
            return s, replace(t, path, (name, *args))
        return s, replace(t, path, (rng.choice(others),))
    names = sorted(variables_of(s) | variables_of(t))
    if not names:
        return s, t
    var = rng.choice(names)  # var against g(var) beside the pair: whatever var becomes, g(var) is bigger
    host = rng.choice([f for f in functions if FUNCTIONS[f] == 2])
    if rng.random() < 0.5:
        return (host, s, var), (host, t, ("g", var))
    return (host, ("g", var), s), (host, var, t)


def to_json(t: Term) -> Any:
    return t if is_var(t) else [t[0], *(to_json(a) for a in t[1:])]


def from_json(t: Any) -> Term:
    return t if isinstance(t, str) else (t[0], *(from_json(a) for a in t[1:]))
