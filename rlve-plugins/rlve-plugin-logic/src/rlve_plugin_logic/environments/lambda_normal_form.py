"""logic/lambda_normal_form: the β-normal form of an untyped lambda term, compared up to renaming of bound
variables.

Two kinds of term. Random terms of a given number of nodes, biased towards redexes, over the free variables a,
b and c: each is reduced in normal order (leftmost outermost redex first) with a cap on steps and on the size of
the term, and only a term whose normal form is reached within the caps, and is small, is posed (the most steps
of a few draws). From level 8, half of the terms are Church-encoded arithmetic and logic (successor, plus, times,
not, and, or, is-zero, if-then-else on numerals and booleans) written out in full: there the normal form is the
numeral or boolean the expression denotes. Terms are held in de Bruijn form (a bound variable is the number of
binders between it and its own), so any answer that differs from the reference only in the names of bound
variables is right.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.reading import read_tokens

#: Term nodes: ("v", k) the variable bound k binders up; ("f", name) a free variable; ("l", body); ("a", f, x).
Term = tuple

FREE = ("a", "b", "c")
#: Bound variables are printed by binder depth with these names (then x1, y1, ...): never two binders in scope
#: with one name, and never a free variable's name.
BINDER_NAMES = ("x", "y", "z", "w", "u", "v", "p", "q", "r", "s", "t")
MAX_RANDOM_NODES = 40
MAX_NODES = 150
#: Caps on normal-order reduction of a random term: steps, nodes of any intermediate term, nodes of the result.
MAX_STEPS = 40
MAX_INTERMEDIATE = 160
MAX_NORMAL = 40
DRAWS = 12
#: Church numerals in an arithmetic expression (every intermediate value) stay at most this big.
MAX_VALUE = 7
_TOKEN = re.compile(r"\s*(λ|\\|\.|\(|\)|[a-z][a-z0-9_']{0,7})")


def plan(difficulty: int) -> tuple[int, int]:
    """(size level N, steps wanted): N = 6 + L to level 30, then one more per 4 levels (at most 150); a random
    term has min(N, 40) nodes and the generator wants 1 + L/3 reduction steps (at most 12)."""
    lvl = level(difficulty)
    return min(MAX_NODES, 6 + slow(lvl, 1, 4, knee=30)), min(12, 1 + lvl // 3)


# -- terms -----------------------------------------------------------------------------------------------------


def nodes(t: Term) -> int:
    count, stack = 0, [t]
    while stack:
        node = stack.pop()
        count += 1
        if node[0] == "l":
            stack.append(node[1])
        elif node[0] == "a":
            stack.extend((node[1], node[2]))
    return count


def shift(t: Term, by: int, cutoff: int = 0) -> Term:
    kind = t[0]
    if kind == "v":
        return ("v", t[1] + by) if t[1] >= cutoff else t
    if kind == "f":
        return t
    if kind == "l":
        return ("l", shift(t[1], by, cutoff + 1))
    return ("a", shift(t[1], by, cutoff), shift(t[2], by, cutoff))


def instantiate(body: Term, arg: Term, depth: int = 0) -> Term:
    """``body`` (under one binder) with the variable of that binder replaced by ``arg`` (β-reduction)."""
    kind = body[0]
    if kind == "v":
        k = body[1]
        if k == depth:
            return shift(arg, depth) if depth else arg
        return ("v", k - 1) if k > depth else body
    if kind == "f":
        return body
    if kind == "l":
        return ("l", instantiate(body[1], arg, depth + 1))
    return ("a", instantiate(body[1], arg, depth), instantiate(body[2], arg, depth))


def reduce_once(t: Term) -> Term | None:
    """One normal-order step: the leftmost outermost redex contracted; None for a normal form."""
    kind = t[0]
    if kind == "l":
        body = reduce_once(t[1])
        return None if body is None else ("l", body)
    if kind == "a":
        function, argument = t[1], t[2]
        if function[0] == "l":
            return instantiate(function[1], argument)
        reduced = reduce_once(function)
        if reduced is not None:
            return ("a", reduced, argument)
        reduced = reduce_once(argument)
        return None if reduced is None else ("a", function, reduced)
    return None


def normalise(t: Term) -> tuple[Term, int] | None:
    """(normal form, steps) by normal-order reduction, or None past MAX_STEPS or MAX_INTERMEDIATE nodes."""
    for steps in range(MAX_STEPS + 1):
        following = reduce_once(t)
        if following is None:
            return t, steps
        if nodes(following) > MAX_INTERMEDIATE:
            return None
        t = following
    return None


def binder_name(depth: int) -> str:
    base = BINDER_NAMES[depth % len(BINDER_NAMES)]
    return base if depth < len(BINDER_NAMES) else f"{base}{depth // len(BINDER_NAMES)}"


def show(t: Term, depth: int = 0) -> str:
    """Named text: λx. body; application by juxtaposition (left-associative); brackets where needed."""
    kind = t[0]
    if kind == "v":
        return binder_name(depth - 1 - t[1])
    if kind == "f":
        return t[1]
    if kind == "l":
        return f"λ{binder_name(depth)}. {show(t[1], depth + 1)}"
    function, argument = show(t[1], depth), show(t[2], depth)
    if t[1][0] == "l":
        function = f"({function})"
    if t[2][0] in ("l", "a"):
        argument = f"({argument})"
    return f"{function} {argument}"


def key(t: Term) -> str:
    """A compact de Bruijn spelling, equal for exactly the α-equivalent terms."""
    out, stack = [], [t]
    while stack:
        node = stack.pop()
        if node[0] == "v":
            out.append(str(node[1]))
        elif node[0] == "f":
            out.append("$" + node[1])
        elif node[0] == "l":
            out.append("L")
            stack.append(node[1])
        else:
            out.append("A")
            stack.extend((node[2], node[1]))
    return " ".join(out)


# -- reading ---------------------------------------------------------------------------------------------------


class _Reader:
    """Recursive descent over tokens: a λ binds one or more names up to a dot, and its body extends as far
    right as possible; application is juxtaposition, left-associative."""

    def __init__(self, text: str, max_tokens: int):
        self.tokens = read_tokens(text, _TOKEN, max_tokens, "the term is too long")
        self.pos = 0

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise ParseError("the term ends too early")
        self.pos += 1
        return token

    def term(self, scope: list[str], depth: int) -> Term:
        if depth > 300:
            raise ParseError("the term is nested too deep")
        if self.peek() in ("λ", "\\"):
            self.take()
            names = []
            while (token := self.take()) != ".":
                if not token[0].isalpha() or token == "λ":
                    raise ParseError("expected variable names and a dot after λ")
                names.append(token)
            if not names:
                raise ParseError("a λ needs a variable")
            body = self.term(scope + names, depth + 1)
            for _ in names:
                body = ("l", body)
            return body
        result = self.atom(scope, depth)
        while (token := self.peek()) is not None and token != ")":
            if token in ("λ", "\\"):
                return ("a", result, self.term(scope, depth + 1))
            result = ("a", result, self.atom(scope, depth))
        return result

    def atom(self, scope: list[str], depth: int) -> Term:
        token = self.take()
        if token == "(":
            inner = self.term(scope, depth + 1)
            if self.take() != ")":
                raise ParseError("a bracket is not closed")
            return inner
        if not token[0].isalpha() or token == "λ":
            raise ParseError(f"unexpected {token!r}")
        for k, name in enumerate(reversed(scope)):
            if name == token:
                return ("v", k)
        return ("f", token)

    def whole(self) -> Term:
        t = self.term([], 0)
        if self.pos != len(self.tokens):
            raise ParseError(f"unexpected {self.tokens[self.pos]!r} after the term")
        return t


def read_term(text: str, max_tokens: int) -> Term:
    return _Reader(text, max_tokens).whole()


# -- random terms ----------------------------------------------------------------------------------------------


def random_term(size: int, depth: int, rng: random.Random) -> Term:
    """A term of exactly ``size`` nodes with ``depth`` binders around it; redexes are drawn often."""
    if size == 1:
        if depth and rng.random() < 0.85:
            return ("v", rng.randrange(depth))
        return ("f", rng.choice(FREE))
    if size == 2:
        return ("l", random_term(1, depth + 1, rng))
    roll = rng.random()
    if roll < 0.3:
        return ("l", random_term(size - 1, depth + 1, rng))
    if roll < 0.65 and size >= 4:  # a redex: (λ. body) argument
        body = rng.randint(1, size - 3)
        return ("a", ("l", random_term(body, depth + 1, rng)), random_term(size - 2 - body, depth, rng))
    left = rng.randint(1, size - 2)
    return ("a", random_term(left, depth, rng), random_term(size - 1 - left, depth, rng))


# -- Church encodings ------------------------------------------------------------------------------------------

CHURCH = {
    "succ": "λn. λf. λx. f (n f x)",
    "plus": "λm. λn. λf. λx. m f (n f x)",
    "times": "λm. λn. λf. m (n f)",
    "true": "λt. λe. t",
    "false": "λt. λe. e",
    "not": "λp. p (λt. λe. e) (λt. λe. t)",
    "and": "λp. λq. p q p",
    "or": "λp. λq. p p q",
    "iszero": "λn. n (λy. λt. λe. e) (λt. λe. t)",
}
_CHURCH_TERMS = {name: read_term(text, 99) for name, text in CHURCH.items()}


def numeral(n: int) -> Term:
    body: Term = ("v", 0)
    for _ in range(n):
        body = ("a", ("v", 1), body)
    return ("l", ("l", body))


class TooBig(Exception):
    """A Church expression's value passed MAX_VALUE."""


def church_expression(sort: str, ops: int, rng: random.Random) -> tuple[Term, int]:
    """(term, value) of a random expression of the given sort ("num", or "bool" with value 0 or 1) with ``ops``
    operations; TooBig when a value passes MAX_VALUE."""
    if ops == 0:
        if sort == "num":
            value = rng.randint(0, 3)
            return numeral(value), value
        value = rng.randint(0, 1)
        return _CHURCH_TERMS["true" if value else "false"], value
    rest = ops - 1
    split = rng.randint(0, rest)
    if sort == "bool":
        op = rng.choice(("not", "and", "or", "iszero"))
        if op in ("not", "iszero"):
            inner, value = church_expression("bool" if op == "not" else "num", rest, rng)
            return ("a", _CHURCH_TERMS[op], inner), int(value == 0)
        (left, lv), (right, rv) = church_expression("bool", split, rng), church_expression("bool", rest - split, rng)
        return ("a", ("a", _CHURCH_TERMS[op], left), right), (lv & rv) if op == "and" else (lv | rv)
    op = rng.choice(("succ", "plus", "times", "if"))
    if op == "succ":
        inner, value = church_expression("num", rest, rng)
        term, value = ("a", _CHURCH_TERMS["succ"], inner), value + 1
    elif op == "if":  # a Church boolean chooses: cond then else
        cond, truth = church_expression("bool", split, rng)
        then_ops = rng.randint(0, rest - split)
        yes, yes_value = church_expression("num", then_ops, rng)
        no, no_value = church_expression("num", rest - split - then_ops, rng)
        term, value = ("a", ("a", cond, yes), no), yes_value if truth else no_value
    else:
        (left, lv), (right, rv) = church_expression("num", split, rng), church_expression("num", rest - split, rng)
        term, value = ("a", ("a", _CHURCH_TERMS[op], left), right), lv + rv if op == "plus" else lv * rv
    if value > MAX_VALUE:
        raise TooBig
    return term, value


def church_problem(size: int, rng: random.Random) -> tuple[Term, Term]:
    """(term of at least ``size`` nodes, its normal form): operations are added until the term is big enough."""
    ops = 1
    while True:
        try:
            sort = "bool" if rng.random() < 0.3 else "num"
            term, value = church_expression(sort, ops, rng)
        except TooBig:
            continue
        if nodes(term) >= size or ops >= 20:
            normal = numeral(value) if sort == "num" else _CHURCH_TERMS["true" if value else "false"]
            return term, normal
        ops += 1


def random_problem(size: int, wanted: int, rng: random.Random) -> tuple[Term, Term] | None:
    """(term, normal form) with the most reduction steps among DRAWS random terms (stopping at ``wanted``)."""
    best = None
    for _ in range(DRAWS):
        term = random_term(size, 0, rng)
        result = normalise(term)
        if result is None or nodes(result[0]) > MAX_NORMAL:
            continue
        normal, steps = result
        if best is None or steps > best[0]:
            best = (steps, term, normal)
        if steps >= wanted:
            break
    return None if best is None or best[0] == 0 else (best[1], best[2])


class LambdaNormalForm(Environment):
    id = "logic/lambda_normal_form"
    version = 1
    description = "Reduce an untyped lambda term to its β-normal form (random terms, Church numerals and booleans)."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): size level N = 6 + L to level 30, then one more per "
        f"4 levels (at most {MAX_NODES}); random terms of min(N, {MAX_RANDOM_NODES}) nodes (the one with the most "
        "normal-order steps of a few draws, up to 1 + L/3 steps); from level 8 half the terms are Church "
        "arithmetic and logic written out in full, with operations added until the term has N nodes"
    )
    size_name = "size level (nodes of a random term, at most 40; the least nodes of a Church term)"
    answer_format = "the normal form as a lambda term, for example λx. λy. x (y a); \\ may stand for λ"
    tags = ("logic", "lambda-calculus", "beta-reduction", "normal-form", "church-encoding")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        size, wanted = plan(difficulty)
        found = None
        if level(difficulty) < 8 or rng.random() < 0.5:
            found = random_problem(min(size, MAX_RANDOM_NODES), wanted, rng)
        church = found is None
        term, normal = church_problem(size, rng) if church else found
        encodings = (
            "The term uses Church encodings (a numeral n is λf. λx. f (f (... (f x))) with n f's, true is "
            "λt. λe. t and false is λt. λe. e), but the answer must be written out as a lambda term. "
            if church
            else ""
        )
        prompt = (
            "Reduce this untyped lambda term to its β-normal form (a term with no redex (λx. M) N left "
            "anywhere, also under λ; no η-reduction):\n\n"
            f"{show(term)}\n\n"
            "Syntax: λx. M is a function of x whose body M extends as far right as possible; application is "
            "written by juxtaposition, with a space between the terms (xy would be one variable named xy), and groups "
            "to the left (f g h means (f g) h); brackets group. Variables "
            f"not bound by any λ ({', '.join(FREE)}) are free and stay as they are. {encodings}Use normal-order "
            "reduction (always the leftmost outermost redex first), which reaches the normal form whenever there "
            "is one; this term has one. Answer with the normal form; the names of bound variables do not matter "
            "(any renaming that keeps the same bindings is accepted), \\ may be written for λ, and λx y. M may "
            "stand for λx. λy. M."
        )
        data = {"normal_form": key(normal), "max_tokens": 4 * nodes(normal) + 40}
        return Instance(prompt=prompt, answer=show(normal), data=data, size=size)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = answer.strip().rstrip(".").strip()
        if len(text) > 12 * data["max_tokens"]:
            raise ParseError("the answer is too long")
        given = read_term(text, data["max_tokens"])
        if key(given) != data["normal_form"]:
            return Verdict.wrong("that is not the normal form")
        return Verdict.right()
