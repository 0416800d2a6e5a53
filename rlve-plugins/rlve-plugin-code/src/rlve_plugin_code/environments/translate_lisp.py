"""code/translate_lisp: translate a function written in a small documented Lisp into Python.

The traps are the ones a translator falls into: ``quotient`` and ``remainder`` round toward zero where Python's
``//`` and ``%`` floor, ``modulo`` is Python's ``%``, ``cdr``/``cons`` build new lists, ``let`` binds in parallel.
Hidden tests use negative numbers and empty lists, plus tests added until sampled slipped copies of the program
(an operator swapped, a constant off by one) fail one. Expected values come from the s-expressions themselves,
compiled to Python by ``rlve_plugin_code.lisp`` (our own code, run in-process).
"""

from __future__ import annotations

import random
from math import isqrt
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.lisp import EMPTY, LANGUAGE, SlipCopies, pretty, slips, to_python
from rlve_plugin_code.sandboxed import FunctionEnvironment

DIVISORS = (2, 3, 4, 5, -2, -3)
#: Results this large mean the drawn program multiplies too much to read: draw again.
MAX_RESULT = 10**12
RANDOM_TESTS = 60
ATTEMPTS = 40
#: Slipped copies of the program checked against the tests (each unkilled one adds a test when it can).
MUTANTS = 4


def operators(difficulty: int) -> int:
    """3 + d up to d = 30, then taper's growth, itself slowed to a square root past 60 (long programs get slow)."""
    t = taper(difficulty)
    return 3 + (t if t <= 60 else 60 + isqrt(t - 60))


class Drawer:
    """Random typed expressions whose operators unlock with the difficulty."""

    def __init__(self, rng: random.Random, difficulty: int, helper: tuple[str, int] | None = None) -> None:
        self.rng = rng
        self.difficulty = difficulty
        self.helper = helper
        ops = ["+", "-", "+", "-"]
        if difficulty >= 1:
            ops += ["*", "max", "min"]
        if difficulty >= 3:
            ops += ["quotient", "remainder", "modulo", "quotient", "remainder"]
        if difficulty >= 5:
            ops += ["abs", "if"]
        if helper is not None:
            ops += ["call", "call"]
        self.ops = ops

    def int_expr(self, budget: int, names: list[str]) -> Any:
        rng = self.rng
        if budget <= 0:
            return rng.choice(names) if rng.random() < 0.7 else rng.randint(-3, 9)
        op = rng.choice(self.ops)
        inner = budget - 1
        if op in ("+", "-", "max", "min"):
            left = rng.randint(0, inner)
            return [op, *self.pair(left, inner - left, names)]
        if op == "*":
            return ["*", self.operand(inner, names), rng.choice((2, 3, -2))]
        if op in ("quotient", "remainder", "modulo"):
            return [op, self.operand(inner, names), rng.choice(DIVISORS)]
        if op == "abs":
            return ["abs", self.operand(inner, names)]
        if op == "if":
            first = rng.randint(0, inner)
            second = rng.randint(0, inner - first)
            return ["if", self.bool_expr(first, names), self.int_expr(second, names),
                    self.int_expr(inner - first - second, names)]
        name, arity = self.helper
        shares = [rng.randint(0, inner) for _ in range(arity)]
        return [name, *(self.int_expr(share // arity, names) for share in shares)]

    def operand(self, budget: int, names: list[str]) -> Any:
        """An operand of a unary operation: never a bare constant, which would fold to a constant."""
        return self.int_expr(budget, names) if budget else self.rng.choice(names)

    def pair(self, left: int, right: int, names: list[str]) -> tuple[Any, Any]:
        """Two operands that are not the same expression and not both constants (which would read as noise)."""
        for _ in range(8):
            a, b = self.int_expr(left, names), self.int_expr(right, names)
            if a != b and not (isinstance(a, int) and isinstance(b, int)):
                break
        if isinstance(a, int) and isinstance(b, int):
            a = self.rng.choice(names)
        return a, b

    def bool_expr(self, budget: int, names: list[str]) -> Any:
        rng = self.rng
        if self.difficulty >= 6 and budget >= 2 and rng.random() < 0.3:
            op = rng.choice(("and", "or", "not"))
            if op == "not":
                return ["not", self.bool_expr(budget - 1, names)]
            left = rng.randint(0, budget - 1)
            return [op, self.bool_expr(left, names), self.bool_expr(budget - 1 - left, names)]
        if self.difficulty >= 2 and rng.random() < 0.2:
            return [rng.choice(("even?", "odd?")), self.int_expr(budget, names)]
        op = rng.choice(("<", "<=", ">", ">=", "="))
        left = rng.randint(0, budget)
        if rng.random() < 0.5:
            return [op, self.int_expr(left, names) if left else rng.choice(names), rng.randint(-3, 9)]
        return [op, *self.pair(left, budget - left, names)]

    def tail(self, budget: int, names: list[str]) -> Any:
        """An integer expression in tail position: a cond, an if, or plain arithmetic."""
        rng = self.rng
        if budget < 3 or rng.random() < 0.25:
            return self.int_expr(budget, names)
        clauses = min(4, 2 + budget // 8)
        if clauses == 2 and rng.random() < 0.5:
            parts = split(rng, budget - 1, 3)
            return ["if", self.bool_expr(parts[0], names), self.int_expr(parts[1], names),
                    self.int_expr(parts[2], names)]
        parts = split(rng, budget - 1, 2 * clauses - 1)
        body = [[self.bool_expr(parts[2 * i], names), self.int_expr(parts[2 * i + 1], names)]
                for i in range(clauses - 1)]
        return ["cond", *body, ["else", self.int_expr(parts[-1], names)]]


def split(rng: random.Random, total: int, parts: int) -> list[int]:
    cuts = sorted(rng.randint(0, max(0, total)) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, max(0, total)])]


def draw_program(rng: random.Random, difficulty: int, budget: int) -> tuple[list[Any], str]:
    """The program (its last function is the one to translate) and the kind of its main function."""
    kinds = ["numbers"]
    if difficulty >= 2:
        kinds += ["fold", "fold"]
    if difficulty >= 3:
        kinds += ["accumulate"]
    if difficulty >= 4:
        kinds += ["select", "select"]
    if difficulty >= 6:
        kinds += ["halving"]
    kind = rng.choice(kinds)
    program: list[Any] = []
    helper = None
    if difficulty >= 8 and rng.random() < (0.5 if difficulty < 12 else 0.8):
        share = budget // 3
        body = Drawer(rng, difficulty).tail(share, ["u", "v"])
        program.append(["define", ["g", "u", "v"], body])
        helper = ("g", 2)
        budget -= share
    draw = Drawer(rng, difficulty, helper)
    if kind == "numbers":
        body = draw.tail(budget, ["a", "b"])
        program.append(["define", ["f", "a", "b"], body])
    elif kind == "fold":
        update, base, rest = split(rng, budget - 2, 3)
        recurse = ["f", ["cdr", "xs"], draw.int_expr(update, ["k", ["car", "xs"]])]
        body = ["if", ["null?", "xs"], draw.int_expr(base, ["k"]),
                ["let", [["x", ["car", "xs"]], ["r", recurse]], draw.tail(rest + 1, ["x", "r", "k"])]]
        program.append(["define", ["f", "xs", "k"], body])
    elif kind == "accumulate":
        update, final = split(rng, budget - 1, 2)
        body = ["if", ["null?", "xs"], draw.int_expr(final, ["acc"]),
                ["f", ["cdr", "xs"], draw.tail(update, ["acc", ["car", "xs"]])]]
        program.append(["define", ["f", "xs", "acc"], body])
    elif kind == "select":
        test, value, other = split(rng, budget - 2, 3)
        names = ["k", ["car", "xs"]]
        recurse = ["f", ["cdr", "xs"], "k"]
        body = ["cond", [["null?", "xs"], EMPTY],
                [draw.bool_expr(test, names), ["cons", draw.int_expr(value, names), recurse]],
                ["else", recurse if rng.random() < 0.5 else ["cons", draw.int_expr(other, names), recurse]]]
        program.append(["define", ["f", "xs", "k"], body])
    else:  # halving: recursion on an integer, depth logarithmic in n
        base, rest = split(rng, budget - 1, 2)
        step = rng.choice((2, 3))
        body = ["if", ["<", "n", rng.randint(1, 3)], draw.int_expr(base, ["n", "k"]),
                ["let", [["r", ["f", ["quotient", "n", step], "k"]]], draw.tail(rest + 1, ["n", "r", "k"])]]
        program.append(["define", ["f", "n", "k"], body])
    return program, kind


NUMBER_TESTS = [[0, 0], [-1, 1], [1, -1], [-7, -3], [7, 3]]
LIST_TESTS = [[[], 0], [[], 3], [[5], 1], [[-5], -2], [[-7, 4], 3], [[3, -8, 6], -1]]
FIXED = {
    "numbers": NUMBER_TESTS,
    "halving": [[0, 1], [1, 0], [2, -1], [5, 3], [-4, 2], [17, -5]],
    "fold": LIST_TESTS,
    "accumulate": LIST_TESTS,
    "select": LIST_TESTS,
}


def draw_inputs(rng: random.Random, kind: str, difficulty: int) -> list[list[Any]]:
    """The fixed edge cases of the kind, then RANDOM_TESTS drawn inputs."""
    fixed = [list(args) for args in FIXED[kind]]
    # rng.randint(low, high), in one call of rng.random: inputs are drawn by the hundred for each problem
    unit = rng.random
    if kind == "numbers":
        return fixed + [[int(unit() * 81) - 40, int(unit() * 81) - 40] for _ in range(RANDOM_TESTS)]
    if kind == "halving":
        third = RANDOM_TESTS // 3
        negative = [[int(unit() * 61) - 60, int(unit() * 61) - 30] for _ in range(third)]
        small = [[int(unit() * 301), int(unit() * 61) - 30] for _ in range(third)]
        large = [[300 + int(unit() * (10**6 - 299)), int(unit() * 61) - 30] for _ in range(third)]
        return fixed + negative + small + large
    longest = 3 + min(difficulty, 30) // 4
    drawn = [[[int(unit() * 31) - 15 for _ in range(int(unit() * (longest + 1)))], int(unit() * 31) - 15]
             for _ in range(RANDOM_TESTS)]
    return fixed + drawn


def sampled_slips(rng: random.Random, program: list[Any]) -> list[tuple[tuple[int, ...], Any]]:
    """The slipped copies (``lisp.slips``) that the tests must catch: MUTANTS of them, operator slips first,
    then constants off by one."""
    places = slips(program)
    rng.shuffle(places)
    places.sort(key=lambda place: not isinstance(place[1], str))
    return places[:MUTANTS]


def killing_tests(
    rng: random.Random, copies: SlipCopies, kind: str, difficulty: int, tests: list[dict[str, Any]],
    diverged: list[frozenset[int]],
) -> list[dict[str, Any]]:
    """Extra tests so that each of the sampled slipped copies of the program fails one, whenever some input of
    a wider pool tells it apart. ``diverged[i]``: the copies whose slip changed a value in the program's run on
    ``tests[i]`` (``SlipCopies.run``); the others give the expected value there without being run."""
    pool: list[list[Any]] = []
    wanted: list[tuple[Any, frozenset[int]]] = []
    found: list[dict[str, Any]] = []
    for number in range(len(copies.copies)):
        if any(
            number in changed and copies.run_copy(number, test["args"]) != test["expected"]
            for test, changed in zip(tests, diverged)
        ):
            continue
        if not pool:  # drawn only when a slip survives the tests
            pool = draw_inputs(rng, kind, difficulty)[len(FIXED[kind]) :]
            wanted = [copies.run(args) for args in pool]
        for args, (expected, changed) in zip(pool, wanted):
            if number in changed and copies.run_copy(number, args) != expected:
                if expected is not None and largest(expected) <= MAX_RESULT:
                    found.append({"args": args, "expected": expected})
                    tests, diverged = [*tests, found[-1]], [*diverged, changed]
                break
    return found


def signature(kind: str) -> str:
    return {
        "numbers": "def f(a: int, b: int) -> int:",
        "fold": "def f(xs: list[int], k: int) -> int:",
        "accumulate": "def f(xs: list[int], acc: int) -> int:",
        "select": "def f(xs: list[int], k: int) -> list[int]:",
        "halving": "def f(n: int, k: int) -> int:",
    }[kind]


def largest(value: Any) -> int:
    return max((abs(item) for item in value), default=0) if isinstance(value, list) else abs(value)


class TranslateLisp(FunctionEnvironment):
    id = "code/translate_lisp"
    version = 1
    description = (
        "Translate a function written in a small documented Lisp (define, let, if, cond, quotient/remainder/modulo, "
        "car/cdr/cons, recursion) into a Python function returning the same values."
    )
    difficulty_scales = (
        "operators in the program: 3 + d (slower past d=30, like a square root past d=1000); * max min from d=1; "
        "list recursion from d=2; "
        "quotient/remainder/modulo and accumulators from d=3; list-building from d=4; abs and if inside "
        "expressions from d=5; and/or/not and recursion on halving integers from d=6; a helper function from d=8"
    )
    size_name = "operators"
    answer_format = CODE_ANSWER
    tags = ("code", "translation", "recursion")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        budget = operators(difficulty)
        usable = None
        for _ in range(ATTEMPTS):
            program, kind = draw_program(rng, difficulty, budget)
            inputs = draw_inputs(rng, kind, difficulty)
            copies = SlipCopies(program, sampled_slips(rng, program))  # compiled once, with its slipped copies
            expected, diverged = [], []
            for args in inputs:
                value, changed = copies.run(args)
                if value is None or largest(value) > MAX_RESULT:
                    break
                expected.append(value)
                diverged.append(changed)
            else:
                usable = program, copies, kind, inputs, expected, diverged
                if len({repr(value) for value in expected}) >= len(expected) // 4:
                    break  # varied enough results; otherwise keep the last usable draw if no later one is better
        if usable is None:  # pragma: no cover - nearly every draw qualifies
            raise RuntimeError("could not draw a program to translate")
        program, copies, kind, inputs, expected, diverged = usable
        tests = [{"args": args, "expected": value} for args, value in zip(inputs, expected)]
        tests += killing_tests(rng, copies, kind, difficulty, tests, diverged)
        source = "\n\n".join(pretty(form) for form in program)
        takes = "a list of integers as a Python list" if kind in ("fold", "accumulate", "select") else "integers"
        returns = "a Python list of integers" if kind == "select" else "an integer"
        prompt = (
            f"{LANGUAGE}\n\nHere is a program in this language:\n\n{source}\n\n"
            f"Write a Python function\n\n    {signature(kind)}\n\n"
            f"that returns what (f ...) returns for the same arguments: it takes {takes} and returns {returns}. "
            "You may define helper functions. "
            f"{hidden_tests('negative numbers, zero and empty lists included')}"
        )
        data = {"entry": "f", "arity": 2, "tests": tests}
        return Instance(prompt=prompt, answer=to_python(program), data=data, size=budget)
