"""code/register_program_synthesis: write a program for the pack's register machine that leaves a stated function
of two inputs in r0.

The machine is code/register_machine's (MOV/ADD/SUB/MUL/DEC/JNZ/JMP/HALT on r0..r3, no comparison but JNZ), with
x in r1 and y in r2 at the start. The function is a sum of terms: multiples of x and y and products, which need
no loop, and from d=2 terms that do (0 + 1 + ... + x, the smaller or larger of x and y, |x - y|, whether x = y or
x > y). Expected values come from the terms' Python meanings; the reference program is written from templates.
The written program is parsed by ``machine_programs`` and run by ``register_machine.run`` (our interpreter, with
its step and value bounds) on hidden inputs; nothing the model writes is executed as Python. ``register_blocks``
runs it first, compiled once into closures for the 24 inputs, and the interpreter gives the verdict wherever that
fast path cannot vouch for the outcome (so failures read as before).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import taper
from rlve_plugin_code.machine_programs import parse_register_program
from rlve_plugin_code.register_blocks import RegisterBlocks
from rlve_plugin_code.registers import INSTRUCTION_SET, OutOfSteps, listing, run

#: The description stops growing here (taper reaches it near d = 110), so the reference stays short.
MOST_TERMS = 40
LARGEST_INPUT = 9
TESTS = 24


@dataclass(frozen=True)
class Term:
    text: str
    value: Callable[[int, int], int]
    code: tuple[tuple, ...]  # instructions with jump targets relative to the term's first instruction
    loops: bool = False


def _scaled(name: str, register: str, c: int) -> Term:
    return Term(f"{c}*{name}" if c != 1 else name, lambda x, y: c * (x if name == "x" else y),
                (("MOV", "r3", register), ("MUL", "r3", c), ("ADD", "r0", "r3")))


def _triangle(name: str, register: str) -> Term:
    """r3 = n; while r3: r0 += r3; r3 -= 1."""
    return Term(
        f"T({name})",
        lambda x, y: (n := x if name == "x" else y) * (n + 1) // 2,
        (("MOV", "r3", register), ("JNZ", "r3", 3), ("JMP", 6), ("ADD", "r0", "r3"), ("DEC", "r3"), ("JMP", 1)),
        loops=True,
    )


def _after_min(text: str, value: Callable[[int, int], int], tail: tuple[tuple, ...]) -> Term:
    """Count m = min(x, y) in r3 by stepping r1 and r2 down together (r1 = x - m, r2 = y - m after it), run
    ``tail`` (targets relative to its own start, then shifted), then give r1 and r2 back their values."""
    loop = (
        ("MOV", "r3", 0),
        ("JNZ", "r1", 3),
        ("JMP", 9),
        ("JNZ", "r2", 5),
        ("JMP", 9),
        ("DEC", "r1"),
        ("DEC", "r2"),
        ("ADD", "r3", 1),
        ("JMP", 1),
    )
    start = len(loop)
    shifted = tuple(_shift(step, start) for step in tail)
    restore = (("ADD", "r1", "r3"), ("ADD", "r2", "r3"))
    return Term(text, value, loop + shifted + restore, loops=True)


def _shift(step: tuple, offset: int) -> tuple:
    if step[0] == "JMP":
        return ("JMP", step[1] + offset)
    if step[0] == "JNZ":
        return ("JNZ", step[1], step[2] + offset)
    return step


def draw_term(rng: random.Random, difficulty: int) -> tuple[Term, int]:
    """A term and its sign (+1 or -1)."""
    d = difficulty
    kinds = ["x", "y"] + (["const", "xy", "xx"] if d >= 1 else [])
    kinds += ["triangle"] * 2 if d >= 2 else []
    kinds += ["min", "max"] if d >= 3 else []
    kinds += ["distance"] if d >= 4 else []
    kinds += ["equal", "greater"] if d >= 6 else []
    kind = rng.choice(kinds)
    sign = -1 if d >= 5 and rng.random() < 0.25 else 1
    if kind in ("x", "y"):
        return _scaled(kind, "r1" if kind == "x" else "r2", rng.randint(1, 5)), sign
    if kind == "const":
        c = rng.randint(1, 9)
        return Term(str(c), lambda x, y: c, (("ADD", "r0", c),)), sign
    if kind == "xy":
        return Term("x*y", lambda x, y: x * y, (("MOV", "r3", "r1"), ("MUL", "r3", "r2"), ("ADD", "r0", "r3"))), sign
    if kind == "xx":
        name, register = rng.choice([("x", "r1"), ("y", "r2")])
        return Term(
            f"{name}*{name}",
            lambda x, y: (x if name == "x" else y) ** 2,
            (("MOV", "r3", register), ("MUL", "r3", register), ("ADD", "r0", "r3")),
        ), sign
    if kind == "triangle":
        return _triangle(*rng.choice([("x", "r1"), ("y", "r2")])), sign
    if kind == "min":
        return _after_min("min(x, y)", lambda x, y: min(x, y), (("ADD", "r0", "r3"),)), sign
    if kind == "max":  # max = (x - m) + (y - m) + m
        tail = (("ADD", "r0", "r1"), ("ADD", "r0", "r2"), ("ADD", "r0", "r3"))
        return _after_min("max(x, y)", lambda x, y: max(x, y), tail), sign
    if kind == "distance":  # |x - y| = (x - m) + (y - m)
        return _after_min("|x - y|", lambda x, y: abs(x - y), (("ADD", "r0", "r1"), ("ADD", "r0", "r2"))), sign
    if kind == "equal":  # x = y when both are 0 once the smaller is counted out
        tail = (("JNZ", "r1", 3), ("JNZ", "r2", 3), ("ADD", "r0", 1))
        return _after_min("[x = y]", lambda x, y: int(x == y), tail), sign
    tail = (("JNZ", "r1", 2), ("JMP", 3), ("ADD", "r0", 1))  # x > y when x - m is not 0
    return _after_min("[x > y]", lambda x, y: int(x > y), tail), sign


def _signed(term: Term, sign: int) -> tuple[tuple, ...]:
    """The term's code with its last ADD r0 turned into SUB r0 for a negative sign (constants carry theirs)."""
    if sign >= 0:
        return term.code
    return tuple(("SUB",) + step[1:] if step[:2] == ("ADD", "r0") else step for step in term.code)


def term_count(difficulty: int) -> int:
    return 1 + min(taper(difficulty), MOST_TERMS - 1)


def worst_cost(term: Term) -> int:
    """The most instructions the term's code runs: once, or each loop pass at most all of it."""
    return len(term.code) * (LARGEST_INPUT + 2 if term.loops else 1)


def formula(terms: list[tuple[Term, int]]) -> str:
    text = ""
    for term, sign in terms:
        if not text:
            text = ("-" if sign < 0 else "") + term.text
        else:
            text += (" - " if sign < 0 else " + ") + term.text
    return text


class RegisterProgramSynthesis(Environment):
    id = "code/register_program_synthesis"
    version = 1
    description = (
        "Write a program for a tiny register machine (MOV/ADD/SUB/MUL/DEC/JNZ/JMP/HALT, no comparisons) that leaves "
        "a stated function of x and y in r0; it is run on hidden inputs with a step bound."
    )
    difficulty_scales = (
        "terms in the function: 1 + d (slower past d=30, at most 40); constants and products from d=1, "
        "0 + 1 + ... + n from d=2, "
        "min and max from d=3, |x - y| from d=4, subtracted terms from d=5, [x = y] and [x > y] from d=6"
    )
    size_name = "terms"
    answer_format = "the program, one instruction per line (such as: ADD r0, r3), optionally numbered as 0: ADD r0, r3"
    tags = ("code", "synthesis", "machines")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        terms: list[tuple[Term, int]] = []
        signs: dict[str, int] = {}
        for _ in range(term_count(difficulty)):
            for _attempt in range(8):  # a term not there yet, while the level has new ones
                term, sign = draw_term(rng, difficulty)
                if term.text not in signs:
                    break
            sign = signs.setdefault(term.text, sign)  # a repeated term keeps its sign: nothing cancels out
            terms.append((term, sign))
        code: list[tuple] = []
        for term, sign in terms:
            code += [_shift(step, len(code)) for step in _signed(term, sign)]
        code.append(("HALT",))
        edges = [(0, 0), (0, 5), (5, 0), (3, 3), (4, 5), (5, 4), (LARGEST_INPUT, LARGEST_INPUT)]
        pairs = [(x, y) for x in range(LARGEST_INPUT + 1) for y in range(LARGEST_INPUT + 1) if (x, y) not in edges]
        inputs = edges + rng.sample(pairs, TESTS - len(edges))
        expected = [sum(sign * term.value(x, y) for term, sign in terms) for x, y in inputs]
        bound = 2 * sum(worst_cost(term) for term, _ in terms) + 100
        prompt = (
            f"{INSTRUCTION_SET}\n\n"
            "Write a program for this machine that starts with two inputs: x in r1 and y in r2 (r0 and r3 start "
            f"at 0), where x and y are whole numbers from 0 to {LARGEST_INPUT}, and halts with\n\n"
            f"    r0 = {formula(terms)}\n\n"
            "where T(n) = 0 + 1 + 2 + ... + n, min and max are the smaller and the larger of two numbers, |x - y| is "
            "the distance between x and y, and [x = y] and [x > y] are 1 when that holds and 0 otherwise (* is "
            "multiplication). The other registers may end with any values. The program is run on "
            f"{len(inputs)} hidden pairs (x, y) and must leave the right r0 on each; it fails on an input where it "
            f"runs more than {bound} instructions or a register passes 1000000 in absolute value. Write one "
            "instruction per line, numbered or not; a jump names the position of an instruction counting from 0 "
            "(running past the last instruction halts the machine, as HALT does)."
        )
        data = {"tests": [list(pair) for pair in inputs], "expected": expected, "max_steps": bound}
        return Instance(prompt=prompt, answer=listing(code), data=data, size=term_count(difficulty))

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        code = parse_register_program(answer)
        compiled = RegisterBlocks(code)  # the fast path; registers.run gives the verdict wherever it cannot vouch
        for (x, y), want in zip(data["tests"], data["expected"]):
            fast = compiled.run([0, x, y, 0], data["max_steps"])
            if fast is not None and fast[0] == want:
                continue
            try:
                registers, _ = run(code, data["max_steps"], registers=[0, x, y, 0])
            except OutOfSteps:
                return Verdict.wrong(
                    f"on x = {x}, y = {y} it runs more than {data['max_steps']} instructions or a value grows too large"
                )
            if registers[0] != want:
                return Verdict.wrong(f"on x = {x}, y = {y} it leaves r0 = {registers[0]}, not {want}")
        return Verdict.right(f"right on all {len(data['tests'])} inputs")
