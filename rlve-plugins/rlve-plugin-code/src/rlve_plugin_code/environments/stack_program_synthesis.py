"""code/stack_program_synthesis: write a program for the pack's stack machine that computes a stated function.

The function is a list of steps on a value v that starts as the input x (and, from d=6, reads a second input
y): arithmetic, conditionals, and from d=3 loops (digit sums, binary ones, gcd, 1 + 2 + ... + n, reversed
digits). The reference program is those steps compiled by ``stackvm.compile_program``; the expected values come
from the steps' Python meanings. The written program is parsed by ``machine_programs`` and run by its bounded
interpreter (never as Python) on hidden inputs, with a step bound of a few times what the reference needs;
``stack_blocks`` runs it first, compiled once into closures for the 61 inputs, and the interpreter gives the
verdict wherever that fast path cannot vouch for the outcome (so failures read as before).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from math import gcd
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import taper
from rlve_plugin_code.machine_programs import MachineError, parse_stack_program, run_stack
from rlve_plugin_code.programs import Assign, Bin, Call, Compare, Const, If, Print, Program, Var, While
from rlve_plugin_code.stack_blocks import StackBlocks
from rlve_plugin_code.stackvm import INSTRUCTION_SET, compile_program, listing

#: The specification stops growing here (taper reaches it near d = 110), so the reference stays short.
MOST_STEPS = 40
#: Values a step may leave (on every test input); a step that would leave more is replaced by a remainder.
STEP_VALUE = 10**6
INPUTS = range(-20, 41)

V, X, Y, T, A, B = (Var(name) for name in ("v", "x", "y", "t", "a", "b"))


@dataclass(frozen=True)
class Step:
    text: str
    apply: Callable[[int, int, int], int]  # (v, x, y) -> new v
    code: tuple  # statements of programs.tree
    passes: int = 0  # the most times its loop body runs while |v| <= STEP_VALUE (0: no loop)


def _set(value) -> Assign:
    return Assign("v", value)


def _loop_over_digits(base: int, update) -> tuple:
    """t = |v|; v = 0; while t > 0: v = update(v, t % base); t = t // base."""
    return (
        Assign("t", Call("abs", (V,))),
        _set(Const(0)),
        While(
            Compare(">", T, Const(0)),
            (_set(update(Bin("%", T, Const(base)))), Assign("t", Bin("//", T, Const(base)))),
        ),
    )


def _digits(value: int, base: int) -> list[int]:
    value, digits = abs(value), []
    while value:
        digits.append(value % base)
        value //= base
    return digits


def draw_step(rng: random.Random, difficulty: int, two_inputs: bool) -> Step:
    d = difficulty
    c = rng.randint(2, 9)
    kinds = ["add", "mul", "mod", "div", "absdiff", "cond"]
    kinds += ["parity", "max", "add_x"] if d >= 2 else []
    kinds += ["digit_sum", "ones", "triangle"] if d >= 3 else []
    kinds += ["gcd", "reverse"] if d >= 5 else []
    kinds += ["sub_y", "max_y", "repeat_y"] if two_inputs else []
    kind = rng.choice(kinds)
    if kind == "add":
        k = rng.randint(-9, 9) or 1
        return Step(f"add {k} to v", lambda v, x, y: v + k, (_set(Bin("+", V, Const(k))),))
    if kind == "mul":
        return Step(f"multiply v by {c}", lambda v, x, y: v * c, (_set(Bin("*", V, Const(c))),))
    if kind == "mod":
        m = rng.randint(5, 40)
        return Step(
            f"replace v by v mod {m} (the remainder from 0 to {m - 1}, also for a negative v)",
            lambda v, x, y: v % m,
            (_set(Bin("%", V, Const(m))),),
        )
    if kind == "div":
        return Step(
            f"replace v by v divided by {c}, rounded down (towards minus infinity)",
            lambda v, x, y: v // c,
            (_set(Bin("//", V, Const(c))),),
        )
    if kind == "absdiff":
        k = rng.randint(0, 30)
        return Step(
            f"replace v by the absolute value of v - {k}",
            lambda v, x, y: abs(v - k),
            (_set(Call("abs", (Bin("-", V, Const(k)),))),),
        )
    if kind == "cond":
        k, amount = rng.randint(-10, 30), rng.randint(1, 15)
        op = rng.choice(["<", ">", "<=", ">="])
        test = {"<": lambda v: v < k, ">": lambda v: v > k, "<=": lambda v: v <= k, ">=": lambda v: v >= k}[op]
        return Step(
            f"if v {op} {k}, subtract {amount} from v",
            lambda v, x, y: v - amount if test(v) else v,
            (If(Compare(op, V, Const(k)), (_set(Bin("-", V, Const(amount))),)),),
        )
    if kind == "parity":
        return Step(
            "if v is even, halve it; otherwise replace it by 3 * v + 1",
            lambda v, x, y: v // 2 if v % 2 == 0 else 3 * v + 1,
            (
                If(
                    Compare("==", Bin("%", V, Const(2)), Const(0)),
                    (_set(Bin("//", V, Const(2))),),
                    (_set(Bin("+", Bin("*", V, Const(3)), Const(1))),),
                ),
            ),
        )
    if kind == "max":
        k = rng.randint(-5, 20)
        return Step(
            f"replace v by the larger of v and {k}", lambda v, x, y: max(v, k), (_set(Call("max", (V, Const(k)))),)
        )
    if kind == "add_x":
        return Step("add the input x to v", lambda v, x, y: v + x, (_set(Bin("+", V, X)),))
    if kind == "digit_sum":
        return Step(
            "replace v by the sum of the decimal digits of |v| (0 for 0)",
            lambda v, x, y: sum(_digits(v, 10)),
            _loop_over_digits(10, lambda digit: Bin("+", V, digit)),
            passes=7,
        )
    if kind == "ones":
        return Step(
            "replace v by the number of 1 digits in the binary form of |v|",
            lambda v, x, y: sum(_digits(v, 2)),
            _loop_over_digits(2, lambda digit: Bin("+", V, digit)),
            passes=20,
        )
    if kind == "reverse":
        return Step(
            "replace v by the decimal digits of |v| in reverse order (so -120 becomes 21, and 0 stays 0)",
            lambda v, x, y: int("".join(map(str, _digits(v, 10))) or "0"),
            _loop_over_digits(10, lambda digit: Bin("+", Bin("*", V, Const(10)), digit)),
            passes=7,
        )
    if kind == "triangle":
        m = rng.randint(6, 25)
        return Step(
            f"replace v by 1 + 2 + ... + n, where n = |v| mod {m} (0 when n is 0)",
            lambda v, x, y: (abs(v) % m) * (abs(v) % m + 1) // 2,
            (
                Assign("t", Bin("%", Call("abs", (V,)), Const(m))),
                _set(Const(0)),
                While(Compare(">", T, Const(0)), (_set(Bin("+", V, T)), Assign("t", Bin("-", T, Const(1))))),
            ),
            passes=25,
        )
    if kind == "gcd":
        k = rng.choice([12, 18, 20, 24, 30, 36, 42, 45, 60])
        return Step(
            f"replace v by the greatest common divisor of |v| and {k} (it is {k} when v is 0)",
            lambda v, x, y: gcd(v, k),
            (
                Assign("a", Call("abs", (V,))),
                Assign("b", Const(k)),
                While(
                    Compare("!=", B, Const(0)),
                    (Assign("t", Bin("%", A, B)), Assign("a", B), Assign("b", T)),
                ),
                _set(A),
            ),
            passes=30,
        )
    if kind == "sub_y":
        return Step("subtract the input y from v", lambda v, x, y: v - y, (_set(Bin("-", V, Y)),))
    if kind == "max_y":
        return Step(
            "replace v by the larger of v and the input y", lambda v, x, y: max(v, y), (_set(Call("max", (V, Y))),)
        )
    m = rng.choice([97, 101, 1000])
    return Step(
        f"repeat |y| mod 6 times: replace v by (2 * v + 1) mod {m}",
        lambda v, x, y: _repeat(v, abs(y) % 6, m),
        (
            Assign("t", Bin("%", Call("abs", (Y,)), Const(6))),
            While(
                Compare(">", T, Const(0)),
                (
                    _set(Bin("%", Bin("+", Bin("*", V, Const(2)), Const(1)), Const(m))),
                    Assign("t", Bin("-", T, Const(1))),
                ),
            ),
        ),
        passes=5,
    )


def worst_cost(step: Step) -> int:
    """The most instructions the step's compiled code runs (each pass of its loop runs at most all of it)."""
    return len(compile_program(Program(step.code))) * (step.passes + 1)


def _repeat(v: int, times: int, m: int) -> int:
    for _ in range(times):
        v = (2 * v + 1) % m
    return v


def apply_steps(steps: list[Step], x: int, y: int) -> int:
    v = x
    for step in steps:
        v = step.apply(v, x, y)
    return v


def step_count(difficulty: int) -> int:
    return 1 + min(taper(difficulty), MOST_STEPS - 1)


class StackProgramSynthesis(Environment):
    id = "code/stack_program_synthesis"
    version = 1
    description = (
        "Write a program for a small stack machine (PUSH/LOAD/STORE, arithmetic, comparisons, JMP/JZ, PRINT) that "
        "prints a function of its inputs described step by step; it is run on hidden inputs with a step bound."
    )
    difficulty_scales = (
        "steps in the description: 1 + d (slower past d=30, at most 40); conditionals and max from d=2, loops "
        "(digit sums, binary ones, 1 + ... + n) from d=3, gcd and reversed digits from d=5, a second input y from "
        "d=6"
    )
    size_name = "steps"
    answer_format = "the program, one instruction per line (such as: PUSH 3), optionally numbered as 0: PUSH 3"
    tags = ("code", "synthesis", "machines")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        two_inputs = difficulty >= 6
        # Every x of the range, so a slip at a threshold of the first steps shows on some input.
        inputs = [(x, rng.choice(INPUTS) if two_inputs else 0) for x in INPUTS]
        values = [x for x, _ in inputs]
        steps: list[Step] = []
        while len(steps) < step_count(difficulty):
            step = draw_step(rng, difficulty, two_inputs)
            after = [step.apply(v, x, y) for v, (x, y) in zip(values, inputs)]
            if max(map(abs, after)) > STEP_VALUE or (len(set(after)) == 1 and len(set(values)) > 1):
                continue  # too large, or it forgets the input: draw another step
            steps.append(step)
            values = after
        body = tuple(statement for step in steps for statement in step.code)
        code = compile_program(Program((Assign("v", X),) + body + (Print(V),)))
        expected = [apply_steps(steps, x, y) for x, y in inputs]
        bound = 2 * sum(worst_cost(step) for step in steps) + 200
        names = "x and y" if two_inputs else "x"
        spec = "\n".join(f"  {number}. {step.text}" for number, step in enumerate(steps, 1))
        prompt = (
            f"{INSTRUCTION_SET}\n\n"
            f"Write a program for this machine that starts with the input{'s' if two_inputs else ''} already stored in "
            f"the variable{'s' if two_inputs else ''} {names} (every other variable holds no value until it is "
            "stored; loading it is an error), and prints exactly one number: the final value of v after these "
            "steps, where v starts as x:\n\n"
            f"{spec}\n\n"
            "Here |v| is the absolute value of v, and mod gives a remainder from 0 to the divisor minus 1. The "
            f"program is run on every x from {INPUTS.start} to {INPUTS.stop - 1}"
            f"{' (with some y in the same range for each)' if two_inputs else ''}, and must print the right number "
            "on each. It fails on an input where it pops an empty stack, divides by 0, jumps outside the program, "
            "computes a value "
            f"beyond 10**12 in absolute value, or runs more than {bound} instructions. Write one instruction per "
            "line, numbered or not; a jump names the position of an "
            "instruction counting from 0 (jumping to the position just after the last one stops the program)."
        )
        data = {
            "tests": [[x, y] for x, y in inputs],
            "expected": expected,
            "two_inputs": two_inputs,
            "max_steps": bound,
        }
        return Instance(prompt=prompt, answer=listing(code), data=data, size=step_count(difficulty))

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        code = parse_stack_program(answer)
        bound = data["max_steps"]
        compiled = StackBlocks(code)  # the fast path; run_stack gives the verdict wherever it cannot vouch
        for (x, y), want in zip(data["tests"], data["expected"]):
            variables = {"x": x, "y": y} if data["two_inputs"] else {"x": x}
            if compiled.run(variables, bound) == [want]:
                continue
            shown = f"x = {x}, y = {y}" if data["two_inputs"] else f"x = {x}"
            try:
                output, _ = run_stack(code, variables, bound)
            except MachineError as error:
                return Verdict.wrong(f"on {shown}: {error}")
            if output != [want]:
                printed = "nothing" if not output else " ".join(map(str, output[:5]))
                return Verdict.wrong(f"on {shown} it prints {printed}, not {want}")
        return Verdict.right(f"right on all {len(data['tests'])} inputs")
