"""logic/natural_deduction: prove a propositional sequent in a Fitch-style natural-deduction system.

The generator chains proof patterns (modus ponens, hypothetical syllogism, modus tollens, disjunctive
syllogism, dilemma, exportation, De Morgan, contraposition, ...): each pattern takes the previous pattern's
conclusion as its input and adds side premises, and only the first input, the side premises and the last
conclusion are shown. Concatenating the patterns' proofs gives a planted proof of a fixed number of rule
applications. The checker replays any proof line by line (numbering, subproof nesting by bars, every cited line
or subproof accessible, every rule instance exact) and accepts any valid proof within the stated length bound.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.propositional import VARIABLE_NAMES
from rlve_plugin_logic.truth_tables import all_true, variable_table

#: Past this level the sequent stops growing (prompts stay short at absurd difficulties).
MAX_LEVEL = 200
#: Formulas longer than this (connectives) are not grown further by the generator.
MAX_GROWN = 5
MAX_FORMULA_CHARS = 400
MAX_DEPTH = 40
#: Draws of a planted proof while looking for consistent premises that do not contain the conclusion.
DRAWS = 40

Formula = tuple  # ("var", i) | ("false",) | ("not", f) | ("and" / "or" / "imp", f, g)
FALSE: Formula = ("false",)

_RULE_NAMES = {
    "premise": "premise", "assume": "assume", "assumption": "assume", "hyp": "assume", "reit": "reit",
    "andi": "andI", "andintro": "andI", "ande": "andE", "andelim": "andE",
    "ori": "orI", "orintro": "orI", "ore": "orE", "orelim": "orE",
    "impi": "impI", "impintro": "impI", "impe": "impE", "impelim": "impE",
    "mp": "impE", "noti": "notI", "notintro": "notI", "note": "notE", "notelim": "notE",
    "falsee": "falseE", "falseelim": "falseE", "bote": "falseE", "raa": "raa", "dne": "dne",
}  # fmt: skip

_LINE = re.compile(r"\s*(\d{1,4})\s*[.:)]\s*((?:\|\s*)*)(.+?)\s+(?:by|;)\s+(.+?)\s*")
_CITE = re.compile(r"(\d{1,4})(?:\s*[-\u2013]\s*(\d{1,4}))?")
_TOKEN = re.compile(r"\s*(<->|->|=>|\u2192|[()~\u00ac\u2227\u2228&\u22a5]|[A-Za-z]+)")


def plan(difficulty: int) -> tuple[int, int]:
    """(rule applications in the planted proof, variables): 2 + L to level 30, then one more per 4 levels
    (the level stops at 200); variables 3 + L/6, at most 8."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    return 2 + slow(lvl, 1, 4, knee=30), min(8, 3 + lvl // 6)


# -- formulas -------------------------------------------------------------------------------------------------


def text_of(f: Formula, top: bool = True) -> str:
    """Every compound part below the top bracketed, negations included, so that the reading is unique."""
    kind = f[0]
    if kind == "var":
        return VARIABLE_NAMES[f[1]]
    if kind == "false":
        return "false"
    if kind == "not":
        inner = "not " + text_of(f[1], top=False)
    else:
        inner = f"{text_of(f[1], top=False)} {'->' if kind == 'imp' else kind} {text_of(f[2], top=False)}"
    return inner if top else f"({inner})"


def table_of(f: Formula, variables: int) -> int:
    """The formula's truth table over ``variables`` variables (see truth_tables)."""
    kind = f[0]
    if kind == "var":
        return variable_table(f[1], variables)
    if kind == "false":
        return 0
    if kind == "not":
        return all_true(variables) ^ table_of(f[1], variables)
    a, b = table_of(f[1], variables), table_of(f[2], variables)
    if kind == "and":
        return a & b
    if kind == "or":
        return a | b
    return (all_true(variables) ^ a) | b


def consistent(premises: list[Formula], variables: int) -> bool:
    table = all_true(variables)
    for premise in premises:
        table &= table_of(premise, variables)
    return table != 0


def size_of(f: Formula) -> int:
    return 0 if f[0] in ("var", "false") else 1 + sum(size_of(g) for g in f[1:])


class _FormulaReader:
    """Recursive descent with the usual precedence: not, then and, then or, then -> (to the right)."""

    def __init__(self, text: str, variables: int):
        if len(text) > MAX_FORMULA_CHARS:
            raise ParseError("a formula is too long")
        self.tokens: list[str] = []
        pos = 0
        while pos < len(text):
            match = _TOKEN.match(text, pos)
            if not match:
                if text[pos:].strip() == "":
                    break
                raise ParseError(f"unexpected character {text[pos]!r} in a formula")
            self.tokens.append(match.group(1))
            pos = match.end()
        self.pos = 0
        self.names = {name: i for i, name in enumerate(VARIABLE_NAMES[:variables])}

    def peek(self) -> str | None:
        return self.tokens[self.pos].lower() if self.pos < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise ParseError("a formula ends too early")
        self.pos += 1
        return token

    def read(self) -> Formula:
        f = self.implication(0)
        if self.pos != len(self.tokens):
            raise ParseError(f"unexpected {self.tokens[self.pos]!r} in a formula")
        return f

    def implication(self, depth: int) -> Formula:
        if depth > MAX_DEPTH:
            raise ParseError("a formula is nested too deep")
        left = self.disjunction(depth)
        if self.peek() in ("->", "=>", "\u2192"):
            self.take()
            return ("imp", left, self.implication(depth + 1))
        return left

    def disjunction(self, depth: int) -> Formula:
        f = self.conjunction(depth)
        while self.peek() in ("or", "\u2228"):
            self.take()
            f = ("or", f, self.conjunction(depth))
        return f

    def conjunction(self, depth: int) -> Formula:
        f = self.unary(depth)
        while self.peek() in ("and", "&", "\u2227"):
            self.take()
            f = ("and", f, self.unary(depth))
        return f

    def unary(self, depth: int) -> Formula:
        if depth > MAX_DEPTH:
            raise ParseError("a formula is nested too deep")
        token = self.take()
        if token in ("not", "~", "\u00ac"):
            return ("not", self.unary(depth + 1))
        if token == "(":
            f = self.implication(depth + 1)
            if self.take() != ")":
                raise ParseError("a bracket is not closed in a formula")
            return f
        if token in ("false", "\u22a5", "bot"):
            return FALSE
        if token in self.names:
            return ("var", self.names[token])
        raise ParseError(f"{token[:20]!r} is not a variable or connective here")


def read_formula(text: str, variables: int) -> Formula:
    return _FormulaReader(text, variables).read()


# -- the planted proof ---------------------------------------------------------------------------------------


class ProofWriter:
    """Lines (depth, formula, rule, citations) of a proof being written; citations are ints or (first, last)."""

    def __init__(self) -> None:
        self.lines: list[tuple[int, Formula, str, list[Any]]] = []
        self.depth = 0

    def add(self, formula: Formula, rule: str, *cites: Any) -> int:
        self.lines.append((self.depth, formula, rule, list(cites)))
        return len(self.lines)

    def assume(self, formula: Formula) -> int:
        self.depth += 1
        return self.add(formula, "assume")

    def close(self) -> None:
        self.depth -= 1


# A pattern: (needs (a test on the input formula), side premises, lines, writer(proof, line of input, input,
# lines of side premises, filler) -> conclusion's line). Each writer uses exactly ``lines`` lines.
def _mp(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    return w.add(extra["b"], "impE", side[0], i)


def _and_intro(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    return w.add(("and", a, extra["b"]), "andI", i, side[0])


def _or_intro(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    return w.add(("or", extra["b"], a), "orI", i)


def _and_elim(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    return w.add(a[2], "andE", i)


def _syllogism(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    first = w.assume(a[1])
    w.add(a[2], "impE", i, first)
    last = w.add(extra["b"], "impE", side[0], first + 1)
    w.close()
    return w.add(("imp", a[1], extra["b"]), "impI", (first, last))


def _tollens(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    first = w.assume(a[1])
    w.add(a[2], "impE", i, first)
    last = w.add(FALSE, "notE", first + 1, side[0])
    w.close()
    return w.add(("not", a[1]), "notI", (first, last))


def _disjunctive(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    first = w.assume(a[1])
    w.add(FALSE, "notE", first, side[0])
    end_first = w.add(a[2], "falseE", first + 1)
    w.close()
    second = w.assume(a[2])
    w.close()
    return w.add(a[2], "orE", i, (first, end_first), (second, second))


def _dilemma(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    first = w.assume(a[1])
    w.add(extra["b"], "impE", side[0], first)
    w.close()
    second = w.assume(a[2])
    w.add(extra["b"], "impE", side[1], second)
    w.close()
    return w.add(extra["b"], "orE", i, (first, first + 1), (second, second + 1))


def _contraposition(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    first = w.assume(("not", a[2]))
    inner = w.assume(a[1])
    w.add(a[2], "impE", i, inner)
    w.add(FALSE, "notE", inner + 1, first)
    w.close()
    last = w.add(("not", a[1]), "notI", (inner, inner + 2))
    w.close()
    return w.add(("imp", ("not", a[2]), ("not", a[1])), "impI", (first, last))


def _exportation(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    x, y, z = a[1][1], a[1][2], a[2]
    first = w.assume(x)
    second = w.assume(y)
    w.add(("and", x, y), "andI", first, second)
    w.add(z, "impE", i, second + 1)
    w.close()
    last = w.add(("imp", y, z), "impI", (second, second + 2))
    w.close()
    return w.add(("imp", x, ("imp", y, z)), "impI", (first, last))


def _importation(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    x, y, z = a[1], a[2][1], a[2][2]
    first = w.assume(("and", x, y))
    w.add(x, "andE", first)
    w.add(y, "andE", first)
    w.add(("imp", y, z), "impE", i, first + 1)
    last = w.add(z, "impE", first + 3, first + 2)
    w.close()
    return w.add(("imp", ("and", x, y), z), "impI", (first, last))


def _de_morgan(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    x, y = a[1][1], a[1][2]
    first = w.assume(x)
    w.add(("or", x, y), "orI", first)
    w.add(FALSE, "notE", first + 1, i)
    w.close()
    not_x = w.add(("not", x), "notI", (first, first + 2))
    second = w.assume(y)
    w.add(("or", x, y), "orI", second)
    w.add(FALSE, "notE", second + 1, i)
    w.close()
    not_y = w.add(("not", y), "notI", (second, second + 2))
    return w.add(("and", ("not", x), ("not", y)), "andI", not_x, not_y)


def _or_commutes(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    swapped = ("or", a[2], a[1])
    first = w.assume(a[1])
    w.add(swapped, "orI", first)
    w.close()
    second = w.assume(a[2])
    w.add(swapped, "orI", second)
    w.close()
    return w.add(swapped, "orE", i, (first, first + 1), (second, second + 1))


def _material(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    """A -> B gives (not A) or B, classically: by contradiction, through not not A."""
    goal = ("or", ("not", a[1]), a[2])
    first = w.assume(("not", goal))
    inner = w.assume(("not", a[1]))
    w.add(goal, "orI", inner)
    w.add(FALSE, "notE", inner + 1, first)
    w.close()
    w.add(("not", ("not", a[1])), "notI", (inner, inner + 2))
    w.add(a[1], "dne", inner + 3)
    w.add(a[2], "impE", i, inner + 4)
    w.add(goal, "orI", inner + 5)
    last = w.add(FALSE, "notE", inner + 6, first)
    w.close()
    return w.add(goal, "raa", (first, last))


def _weaken(w: ProofWriter, i: int, a: Formula, side: list[int], extra: dict) -> int:
    first = w.assume(extra["b"])
    w.add(a, "reit", i)
    w.close()
    return w.add(("imp", extra["b"], a), "impI", (first, first + 1))


def _is(kind: str) -> Callable[[Formula], bool]:
    return lambda f: f[0] == kind


Pattern = tuple[str, Callable[[Formula], bool], Callable[[Formula, dict], list[Formula]], int, Callable, bool]

#: (name, applies to the input, side premises, lines, writer, grows the formula)
PATTERNS: list[Pattern] = [
    ("mp", lambda f: True, lambda a, e: [("imp", a, e["b"])], 1, _mp, False),
    ("and_intro", lambda f: True, lambda a, e: [e["b"]], 1, _and_intro, True),
    ("or_intro", lambda f: True, lambda a, e: [], 1, _or_intro, True),
    ("and_elim", _is("and"), lambda a, e: [], 1, _and_elim, False),
    ("syllogism", _is("imp"), lambda a, e: [("imp", a[2], e["b"])], 4, _syllogism, False),
    ("tollens", _is("imp"), lambda a, e: [("not", a[2])], 4, _tollens, False),
    ("disjunctive", _is("or"), lambda a, e: [("not", a[1])], 4, _disjunctive, False),
    ("dilemma", _is("or"), lambda a, e: [("imp", a[1], e["b"]), ("imp", a[2], e["b"])], 5, _dilemma, False),
    ("contraposition", _is("imp"), lambda a, e: [], 6, _contraposition, True),
    ("exportation", lambda f: f[0] == "imp" and f[1][0] == "and", lambda a, e: [], 6, _exportation, False),
    ("importation", lambda f: f[0] == "imp" and f[2][0] == "imp", lambda a, e: [], 6, _importation, False),
    ("de_morgan", lambda f: f[0] == "not" and f[1][0] == "or", lambda a, e: [], 9, _de_morgan, False),
    ("or_commutes", _is("or"), lambda a, e: [], 5, _or_commutes, False),
    ("material", _is("imp"), lambda a, e: [], 10, _material, True),
    ("weaken", lambda f: True, lambda a, e: [], 3, _weaken, True),
]


def random_literal(variables: int, rng: random.Random) -> Formula:
    atom: Formula = ("var", rng.randrange(variables))
    return ("not", atom) if rng.random() < 0.3 else atom


def fresh_literal(avoid: list[Formula], variables: int, model: int, rng: random.Random) -> Formula:
    """A literal true under ``model`` on a variable none of ``avoid`` is a literal of (so that no premise repeats
    another)."""
    used = {f[1] if f[0] == "var" else f[1][1] for f in avoid if f[0] == "var" or (f[0] == "not" and f[1][0] == "var")}
    free = [i for i in range(variables) if i not in used] or list(range(variables))
    atom: Formula = ("var", rng.choice(free))
    return atom if model >> atom[1] & 1 else ("not", atom)


def true_under(f: Formula, variables: int, model: int) -> bool:
    return bool(table_of(f, variables) >> model & 1)


def random_start(variables: int, model: int, rng: random.Random) -> Formula:
    """A small first input true under ``model``: an implication, a disjunction, a negated disjunction, ..."""
    for _try in range(20):
        a = random_literal(variables, rng)
        b = random_literal(variables, rng)
        kind = rng.choice(("imp", "imp", "or", "notor", "and", "impand"))
        if a[1:] == b[1:] or a == ("not", b) or b == ("not", a):
            continue
        if kind == "notor":
            start: Formula = ("not", ("or", a, b))
        elif kind == "impand":
            start = ("imp", ("and", a, b), fresh_literal([a, b], variables, model, rng))
        else:
            start = (kind, a, b)
        if true_under(start, variables, model):
            return start
    return fresh_literal([], variables, model, rng)


#: Patterns whose side premise says a part of the input is false: usable only where the model agrees.
_NEEDS_FALSE = {"tollens": 2, "disjunctive": 1}


def planted_proof(steps: int, variables: int, rng: random.Random) -> tuple[list[Formula], Formula, ProofWriter]:
    """(premises, conclusion, proof): patterns chained until exactly ``steps`` rule applications are written.

    Every premise is true under one hidden assignment (side literals agree with it; modus tollens and the
    disjunctive syllogism are used only where the part they deny is false under it), so the premises are
    consistent and the conclusion cannot be had by ex falso."""
    model = rng.randrange(2**variables)
    current = random_start(variables, model, rng)
    premises: list[Formula] = [current]
    chain: list[tuple[Pattern, Formula, dict, list[Formula]]] = []
    left = steps
    while left > 0:
        fits = [
            p for p in PATTERNS
            if p[3] <= left and p[1](current) and not (p[5] and size_of(current) >= MAX_GROWN)
            and not (p[0] in _NEEDS_FALSE and true_under(current[_NEEDS_FALSE[p[0]]], variables, model))
        ]  # fmt: skip
        pattern = rng.choice(fits)
        parts = [current, *(g for g in current[1:] if isinstance(g, tuple))]
        extra = {"b": fresh_literal(parts, variables, model, rng)}
        side = pattern[2](current, extra)
        chain.append((pattern, current, extra, side))
        for premise in side:
            if premise not in premises:
                premises.append(premise)
        left -= pattern[3]
        current = replay_conclusion(pattern, current, extra)
    writer = ProofWriter()
    for premise in premises:
        writer.add(premise, "premise")
    line = 1
    for pattern, current, extra, side in chain:
        side_lines = [premises.index(s) + 1 for s in side]
        line = pattern[4](writer, line, current, side_lines, extra)
    return premises, writer.lines[line - 1][1], writer


def replay_conclusion(pattern: Pattern, current: Formula, extra: dict) -> Formula:
    """The conclusion a pattern reaches, by writing it into a scratch proof."""
    scratch = ProofWriter()
    side = pattern[2](current, extra)
    for premise in side:
        scratch.add(premise, "premise")
    scratch.add(current, "premise")
    line = pattern[4](scratch, len(side) + 1, current, list(range(1, len(side) + 1)), extra)
    return scratch.lines[line - 1][1]


def format_line(number: int, line: tuple[int, Formula, str, list[Any]]) -> str:
    depth, formula, rule, cites = line
    cited = ", ".join(f"{c[0]}-{c[1]}" if isinstance(c, tuple) else str(c) for c in cites)
    return f"{number}. {'| ' * depth}{text_of(formula)} by {rule}{' ' + cited if cited else ''}"


# -- checking a proof -------------------------------------------------------------------------------------------


def read_proof(answer: str, variables: int, limit: int) -> list[tuple[int, Formula, str, list[Any]]]:
    lines = [line for line in answer.strip().splitlines() if line.strip()]
    if len(lines) > limit:
        raise ParseError(f"more than {limit} lines")
    if len(answer) > (MAX_FORMULA_CHARS // 2) * (limit + 1):
        raise ParseError("the proof is too long")
    proof: list[tuple[int, Formula, str, list[Any]]] = []
    for k, text in enumerate(lines, start=1):
        if len(text) > MAX_FORMULA_CHARS + 60:
            raise ParseError(f"line {k} is too long")
        match = _LINE.fullmatch(text)
        if not match:
            raise ParseError(f"line {k}: expected 'N. formula by rule citations', got {text.strip()[:50]!r}")
        number, bars, formula_text, justification = match.groups()
        if int(number) != k:
            raise ParseError(f"the lines must be numbered 1, 2, ... in order, got {number} for line {k}")
        words = justification.split(None, 1)
        rule = _RULE_NAMES.get(re.sub(r"[\s_\-]", "", words[0]).lower())
        if rule is None:
            raise ParseError(f"line {k}: unknown rule {words[0][:20]!r}")
        cites: list[Any] = []
        if len(words) > 1:
            for item in re.split(r"\s*[,;]\s*|\s+", words[1].strip()):
                cite = _CITE.fullmatch(item)
                if not cite:
                    raise ParseError(f"line {k}: cannot read the citation {item[:20]!r}")
                first, last = cite.groups()
                cites.append((int(first), int(last)) if last else int(first))
                if len(cites) > 3:
                    raise ParseError(f"line {k}: too many citations")
        proof.append((bars.count("|"), read_formula(formula_text, variables), rule, cites))
    if not proof:
        raise ParseError("no proof lines")
    return proof


def _count(cites: list[Any], lines: int, blocks: int) -> bool:
    return len(cites) == lines + blocks and sum(isinstance(c, tuple) for c in cites) == blocks


Line = tuple[int, Formula, str, list[Any]]  # (bars, formula, rule, citations: line numbers or (first, last))


def _line(proof: list[Line], scopes: list[tuple[int, ...]], n: int, i: int) -> Formula | None:
    """Line i's formula if line n may use it: earlier, and every subproof around i still open at n."""
    if not 1 <= i < n or scopes[n - 1][: len(scopes[i - 1])] != scopes[i - 1]:
        return None
    return proof[i - 1][1]


def _block(proof: list[Line], scopes: list[tuple[int, ...]], blocks: dict, c: tuple[int, int]) -> Any:
    """(assumption, last formula) of closed subproof c if the current line (the last scope) may use it."""
    outer = blocks.get(c)
    here = scopes[-1]
    if outer is None or here[: len(outer)] != outer or scopes[c[1] - 1] != scopes[c[0] - 1]:
        return None
    return proof[c[0] - 1][1], proof[c[1] - 1][1]


def proof_flaw(premises: list[Formula], conclusion: Formula, proof: list[Line]) -> str | None:
    """Why ``proof`` is not a proof of premises |- conclusion in the stated system, or None when it is."""
    scopes: list[tuple[int, ...]] = []  # per line: the open subproofs (by their first line) it lies inside
    blocks: dict[tuple[int, int], tuple[int, ...]] = {}  # closed subproof (first, last) -> the scope around it
    open_: list[int] = []
    for n, (depth, formula, rule, cites) in enumerate(proof, start=1):
        where = f"line {n}"
        if rule == "assume":
            if not 1 <= depth <= len(open_) + 1:
                return f"{where}: an assumption opens a subproof one bar deeper than the lines around it"
        elif depth > len(open_):
            return f"{where}: a subproof must start with an assumption"
        while len(open_) >= (depth if rule == "assume" else depth + 1):
            first = open_.pop()
            blocks[(first, n - 1)] = tuple(open_)
        if rule == "assume":
            open_.append(n)
        scopes.append(tuple(open_))

        cited_lines = [c for c in cites if not isinstance(c, tuple)]
        cited_blocks = [c for c in cites if isinstance(c, tuple)]
        values = [_line(proof, scopes, n, c) for c in cited_lines]
        subproofs = [_block(proof, scopes, blocks, c) for c in cited_blocks]
        if any(v is None for v in values):
            return f"{where} cites a line that is not an earlier line it can use (one in a closed subproof?)"
        if any(s is None for s in subproofs):
            return f"{where} cites a range that is not a whole closed subproof it can use"
        shape = {
            "premise": (0, 0), "assume": (0, 0), "reit": (1, 0), "andI": (2, 0), "andE": (1, 0), "orI": (1, 0),
            "orE": (1, 2), "impI": (0, 1), "impE": (2, 0), "notI": (0, 1), "notE": (2, 0), "falseE": (1, 0),
            "raa": (0, 1), "dne": (1, 0),
        }[rule]  # fmt: skip
        if not _count(cites, *shape):
            return f"{where}: {rule} cites {shape[0]} line(s) and {shape[1]} subproof(s)"
        ok = rule_holds(rule, formula, values, subproofs)
        if rule == "premise":
            ok = depth == 0 and formula in premises
        if not ok:
            return f"{where}: {text_of(formula)[:60]} does not follow by {rule} from what it cites"
    if proof[-1][0] != 0 or open_:
        return "the last line is inside a subproof"
    if proof[-1][1] != conclusion:
        return "the last line is not the conclusion"
    return None


def rule_holds(rule: str, f: Formula, values: list[Any], subproofs: list[Any]) -> bool:
    if rule in ("assume", "premise"):
        return True
    if rule == "reit":
        return values[0] == f
    if rule == "andI":
        return f in (("and", values[0], values[1]), ("and", values[1], values[0]))
    if rule == "andE":
        return values[0][0] == "and" and f in values[0][1:]
    if rule == "orI":
        return f[0] == "or" and values[0] in f[1:]
    if rule == "orE":
        (a1, c1), (a2, c2) = subproofs
        return c1 == c2 == f and values[0] in (("or", a1, a2), ("or", a2, a1))
    if rule == "impI":
        return f == ("imp", subproofs[0][0], subproofs[0][1])
    if rule == "impE":
        a, b = values
        return a == ("imp", b, f) or b == ("imp", a, f)
    if rule == "notI":
        return subproofs[0][1] == FALSE and f == ("not", subproofs[0][0])
    if rule == "notE":
        a, b = values
        return f == FALSE and (a == ("not", b) or b == ("not", a))
    if rule == "falseE":
        return values[0] == FALSE
    if rule == "raa":
        return subproofs[0][1] == FALSE and subproofs[0][0] == ("not", f)
    if rule == "dne":
        return values[0] == ("not", ("not", f))
    return False


RULES_TEXT = """\
- premise: a premise of the sequent (outside every subproof). No citations.
- assume: any formula; it opens a new subproof, written with one more bar than the lines around it. No citations.
- reit i: repeats the formula of line i.
- andI i, j: A and B, where line i is A and line j is B.
- andE i: A, or B, where line i is A and B.
- orI i: A or B, where line i is A or line i is B.
- orE i, j-k, l-m: C, where line i is A or B, subproof j-k assumes A and ends with C, and subproof l-m
  assumes B and ends with C.
- impI j-k: A -> B, where subproof j-k assumes A and ends with B.
- impE i, j: B, where line i is A -> B and line j is A.
- notI j-k: not A, where subproof j-k assumes A and ends with false.
- notE i, j: false, where line i is A and line j is not A.
- falseE i: any formula, where line i is false.
- raa j-k: A, where subproof j-k assumes not A and ends with false.
- dne i: A, where line i is not (not A)."""


class NaturalDeduction(Environment):
    id = "logic/natural_deduction"
    version = 1
    description = "Prove a propositional sequent in a Fitch-style natural-deduction system whose rules are all given."
    difficulty_scales = (
        "level L (L = d up to 200, then fixed): the planted proof has 2 + L rule applications to level 30, then "
        "one more per 4 levels, chained from up to 15 proof patterns; variables 3 + L/6 (at most 8); any proof of "
        "at most premises + twice the planted applications + 6 lines is accepted"
    )
    size_name = "rule applications in the planted proof"
    answer_format = (
        "the proof, one line per step: N. formula by rule citations, with one | before the formula per open "
        "subproof, for example 3. | q by impE 1, 2"
    )
    tags = ("logic", "propositional", "natural-deduction", "proof", "fitch")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        steps, variables = plan(difficulty)
        for _try in range(DRAWS):
            premises, conclusion, writer = planted_proof(steps, variables, rng)
            # a conclusion that is already a premise needs no proof, and from inconsistent premises anything
            # follows by falseE: draw again
            if conclusion not in premises and consistent(premises, variables):
                break
        limit = len(premises) + 2 * steps + 6
        names = ", ".join(VARIABLE_NAMES[:variables])
        prompt = (
            f"Variables {names}. Prove the conclusion from the premises in the natural-deduction system below.\n\n"
            "Premises:\n"
            + "\n".join(f"- {text_of(p)}" for p in premises)
            + f"\nConclusion: {text_of(conclusion)}\n\n"
            "Formulas use not, and, or, -> and the constant false; not binds tightest, then and, then or, then -> "
            "(which groups to the right); brackets may be used anywhere. Write the proof one line per step, "
            "numbered 1, 2, 3, ... in order, as: N. formula by rule citations. A subproof starts with an "
            "assume line; each line carries one | before its formula for every subproof it lies inside (a line "
            "with fewer bars closes the deeper subproofs; an assume line with as many bars as the subproof "
            "before it closes that one and opens a new one). A line may cite only earlier lines that are not "
            "inside a closed subproof, and a closed subproof j-k (from its assume line j to its last line k) "
            "only if the line lies in the same surrounding subproof (or deeper). The rules (i, j, l: lines; "
            "j-k, l-m: subproofs):\n"
            + RULES_TEXT
            + "\n\nThe last line must be the conclusion, outside every subproof. Formulas are compared by "
            "structure (brackets that change nothing are ignored). For example:\n"
            "1. p -> q by premise\n2. | not q by assume\n3. | | p by assume\n4. | | q by impE 1, 3\n"
            "5. | | false by notE 4, 2\n6. | not p by notI 3-5\n7. (not q) -> (not p) by impI 2-6\n"
            f"Any correct proof of at most {limit} lines is accepted."
        )
        answer = "\n".join(format_line(k, line) for k, line in enumerate(writer.lines, start=1))
        data = {
            "variables": variables,
            "premises": [to_json(p) for p in premises],
            "conclusion": to_json(conclusion),
            "max_lines": limit,
        }
        return Instance(prompt=prompt, answer=answer, data=data, size=steps)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        proof = read_proof(answer, data["variables"], data["max_lines"])
        premises = [from_json(p) for p in data["premises"]]
        flaw = proof_flaw(premises, from_json(data["conclusion"]), proof)
        if flaw is not None:
            return Verdict.wrong(flaw)
        return Verdict.right()


def to_json(f: Formula) -> list[Any]:
    return [f[0], *(to_json(g) if isinstance(g, tuple) else g for g in f[1:])]


def from_json(f: list[Any]) -> Formula:
    return (f[0], *(from_json(g) if isinstance(g, list) else g for g in f[1:]))
