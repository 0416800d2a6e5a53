"""code/implement_mini_interpreter: write an interpreter for a small documented command language (generated
keywords; variables, arithmetic with a stated division rounding, if/else, repeat and while blocks)."""

from __future__ import annotations

import random
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.call_sequences import call_once, kill_near_misses, load_reference
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.sandboxed import FunctionEnvironment

# The reference answer: this generic interpreter with the problem's WORDS (role -> keyword) and FLOOR (division
# rounds down if True, toward zero if False) in front of it.
REFERENCE = '''
ROLE = {word: role for role, word in WORDS.items()}
BLOCKS = ("if", "repeat", "while")


def parse(lines, i):
    """The statements from line i up to the first unmatched end or else, and the index of that line."""
    body = []
    while i < len(lines):
        words = lines[i]
        role = ROLE[words[0]]
        if role in ("end", "else"):
            return body, i
        if role in BLOCKS:
            inner, i = parse(lines, i + 1)
            other = []
            if role == "if" and i < len(lines) and ROLE[lines[i][0]] == "else":
                other, i = parse(lines, i + 1)
            body.append((role, words[1:], inner, other))
        else:
            body.append((role, words[1:], [], []))
        i += 1
    return body, i


def value(token, variables):
    if token.lstrip("-").isdigit():
        return int(token)
    return variables.get(token, 0)


def holds(args, variables):
    a, op, b = value(args[0], variables), args[1], value(args[2], variables)
    return {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b, "==": a == b, "!=": a != b}[op]


def arithmetic(role, a, b):
    if role == "add":
        return a + b
    if role == "sub":
        return a - b
    if role == "mul":
        return a * b
    if b == 0:
        return 0
    quotient = a // b if FLOOR else abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
    return quotient if role == "div" else a - b * quotient


def execute(block, variables, output):
    for role, args, inner, other in block:
        if role == "print":
            output.append(value(args[0], variables))
        elif role == "set":
            variables[args[0]] = value(args[1], variables)
        elif role in ("add", "sub", "mul", "div", "mod"):
            variables[args[0]] = arithmetic(role, variables.get(args[0], 0), value(args[1], variables))
        elif role == "if":
            execute(inner if holds(args, variables) else other, variables, output)
        elif role == "repeat":
            for _ in range(value(args[0], variables)):
                execute(inner, variables, output)
        elif role == "while":
            while holds(args, variables):
                execute(inner, variables, output)


def run(program):
    lines = [line.split() for line in program.split("\\n") if line.strip()]
    block, _ = parse(lines, 0)
    output = []
    execute(block, {}, output)
    return output
'''

# Plausible wrong versions of the reference (text replaced: old, new), each with the feature it needs.
NEAR_MISSES = (
    ("    return variables.get(token, 0)", "    return variables[token]", None),
    ("arithmetic(role, variables.get(args[0], 0),", "arithmetic(role, variables[args[0]],", None),
    ("a // b if FLOOR else", "a // b if not FLOOR else", "div"),
    ('"<=": a <= b', '"<=": a < b', "if"),
    ('">=": a >= b', '">=": a > b', "if"),
    ("execute(inner if holds(args, variables) else other, variables, output)",
     "execute(inner if holds(args, variables) else [], variables, output)", "else"),
    ("            for _ in range(value(args[0], variables)):\n                execute(inner, variables, output)",
     "            done = 0\n            while done < value(args[0], variables) and done < 12:  # ends\n"
     "                execute(inner, variables, output)\n                done += 1", "repeat"),
    ("    if b == 0:\n        return 0\n", "    if b == 0:\n        return a\n", "div"),
    ("return quotient if role == \"div\" else a - b * quotient", "return quotient if role == \"div\" else a % b",
     "truncation"),
    ("            while holds(args, variables):\n                execute(inner, variables, output)",
     "            if holds(args, variables):\n                execute(inner, variables, output)", "while"),
)  # fmt: skip

# Where each near miss (by its index above) first acts differently from the reference, as text inserted into the
# reference: the traced copy records the index in SEEN when that point is reached. A test on which a near miss's
# point is never reached gives exactly the reference's output, so that near miss need not be run on it.
TRACE_POINTS = (
    ("    return variables.get(token, 0)",
     "    if token not in variables:\n        SEEN.add(0)\n"
     "    return variables.get(token, 0)"),
    ("            variables[args[0]] = arithmetic(",
     "            if args[0] not in variables:\n                SEEN.add(1)\n"
     "            variables[args[0]] = arithmetic("),
    ("    if b == 0:\n        return 0\n",
     "    if b == 0:\n        if a != 0:\n            SEEN.add(7)\n        return 0\n"
     "    if a % b and (a < 0) != (b < 0):\n        SEEN.add(2)\n        if role == \"mod\":\n"
     "            SEEN.add(8)\n"),
    ("    a, op, b = value(args[0], variables), args[1], value(args[2], variables)\n",
     "    a, op, b = value(args[0], variables), args[1], value(args[2], variables)\n"
     "    if a == b and op in (\"<=\", \">=\"):\n        SEEN.add(3 if op == \"<=\" else 4)\n"),
    ("            execute(inner if holds(args, variables) else other, variables, output)",
     "            if holds(args, variables):\n                execute(inner, variables, output)\n"
     "            else:\n                if other:\n                    SEEN.add(5)\n"
     "                execute(other, variables, output)"),
    # the near miss reads the count again before each time, and stops after 12
    ("            for _ in range(value(args[0], variables)):\n                execute(inner, variables, output)",
     "            count = value(args[0], variables)\n            for done in range(count):\n"
     "                if done >= 12 or value(args[0], variables) <= done:\n                    SEEN.add(6)\n"
     "                execute(inner, variables, output)\n"
     "            if 0 < count < 12 and value(args[0], variables) > count:\n                SEEN.add(6)"),
    ("            while holds(args, variables):\n                execute(inner, variables, output)",
     "            again = False\n            while holds(args, variables):\n"
     "                if again:\n                    SEEN.add(9)\n"
     "                again = True\n                execute(inner, variables, output)"),
)  # fmt: skip


def traced_reference() -> str:
    """The reference with TRACE_POINTS inserted, and ``traced(program)``: (output, indices of the near misses
    whose point the run reached)."""
    source = REFERENCE
    for old, new in TRACE_POINTS:
        assert source.count(old) == 1, old
        source = source.replace(old, new)
    return source + "\n\ndef traced(program):\n    SEEN.clear()\n    return run(program), frozenset(SEEN)\n"


TRACED = traced_reference()


def shows(needs: str | None, have: set[str], floor: bool) -> bool:
    """Whether a near miss that needs this feature can differ from the reference ("truncation": Python's % is
    only wrong when division rounds toward zero)."""
    if needs == "truncation":
        return "div" in have and not floor
    return needs is None or needs in have


WORD_POOLS = {
    "set": ("set", "let", "put", "assign"),
    "add": ("add", "inc", "plus"),
    "sub": ("sub", "dec", "minus"),
    "mul": ("mul", "times", "scale"),
    "div": ("div", "over", "split"),
    "mod": ("mod", "rem", "modulo"),
    "print": ("print", "say", "out", "emit"),
    "if": ("if", "when", "check"),
    "else": ("else", "otherwise", "elsewise"),
    "end": ("end", "done", "stop"),
    "repeat": ("repeat", "loop", "do"),
    "while": ("while", "whilst", "during"),
}
VARIABLES = ("x", "y", "z")
COUNTERS = ("i", "j", "k")  # while loops count with these; nothing else writes them, so every loop ends
COMPARISONS = ("<", ">", "<=", ">=", "==", "!=")


def features(t: int) -> set[str]:
    """if from d = 2, repeat from d = 4, div and mod from d = 6, else from d = 8, while from d = 10."""
    found = {"basic"}
    for feature, first in (("if", 2), ("repeat", 4), ("div", 6), ("else", 8), ("while", 10)):
        if t >= first:
            found.add(feature)
    return found


def pick(rng: random.Random, items: tuple[Any, ...] | list[Any]) -> Any:
    """rng.choice, in one call of rng.random (programs are drawn by the dozen for each problem)."""
    return items[int(rng.random() * len(items))]


def between(rng: random.Random, low: int, high: int) -> int:
    """rng.randint, in one call of rng.random."""
    return low + int(rng.random() * (high - low + 1))


def operand(rng: random.Random, names: tuple[str, ...]) -> str:
    return pick(rng, names) if rng.random() < 0.5 else str(between(rng, -5, 9))


def draw_block(
    rng: random.Random,
    words: dict[str, str],
    have: set[str],
    count: int,
    depth: int,
    counters: int,
    tricky: bool = False,
) -> list[str]:
    """About ``count`` lines of program, blocks nested at most ``depth`` deep; ``tricky`` ones divide and
    compare with <= and >= more often (where the near misses that are hardest to catch differ)."""
    lines: list[str] = []
    readable = VARIABLES + COUNTERS[:counters]
    while count > 0:
        kinds = ["set", "arithmetic", "print", "arithmetic"] if tricky else ["set", "arithmetic", "print"]
        if depth > 0:
            kinds += [kind for kind in ("if", "repeat", "while") if kind in have]
        kind = pick(rng, kinds)
        count -= 1
        if kind == "set":
            lines.append(f"{words['set']} {pick(rng, VARIABLES)} {operand(rng, readable)}")
        elif kind == "arithmetic":
            roles = ["add", "sub", "mul"] + (["div", "mod"] if "div" in have else [])
            role = pick(rng, roles[3:] if tricky and len(roles) > 3 and rng.random() < 0.5 else roles)
            argument = str(between(rng, -3, 3)) if role == "mul" else operand(rng, readable)
            # by 0, and by negative numbers, where rules differ
            if role in ("div", "mod") and (tricky or rng.random() < 0.6):
                argument = pick(rng, ("0", str(between(rng, -4, -2)), str(between(rng, 2, 4))))
            lines.append(f"{words[role]} {pick(rng, VARIABLES)} {argument}")
        elif kind == "print":
            lines.append(f"{words['print']} {pick(rng, readable) if rng.random() < 0.8 else operand(rng, readable)}")
        else:
            size = between(rng, 1, max(1, min(count, 4)))
            count -= size
            if kind == "while" and counters < len(COUNTERS):
                counter = COUNTERS[counters]
                lines += [f"{words['set']} {counter} 0", f"{words['while']} {counter} < {between(rng, 0, 4)}"]
                lines += draw_block(rng, words, have, size, depth - 1, counters + 1, tricky)
                lines += [f"{words['add']} {counter} 1", words["end"]]
                continue
            if kind == "repeat":
                times = str(between(rng, -1, 4))
                if rng.random() < 0.5:  # a count in a variable, set just before so that the loop stays short
                    variable = pick(rng, VARIABLES)
                    lines.append(f"{words['set']} {variable} {times}")
                    times = variable
                lines.append(f"{words['repeat']} {times}")
                if times in VARIABLES and rng.random() < 0.5:  # the count's variable changes inside the loop
                    lines.append(f"{words['add']} {times} {pick(rng, (-1, 1, 2))}")
            else:
                a, b = operand(rng, readable), operand(rng, readable)
                b = a if rng.random() < (0.5 if tricky else 0.25) else b  # equal sides, where < and <= differ
                comparison = pick(rng, ("<=", ">=") if tricky and rng.random() < 0.5 else COMPARISONS)
                lines.append(f"{words['if']} {a} {comparison} {b}")
            inner = draw_block(rng, words, have, size, depth - 1, counters, tricky)
            lines += inner
            if kind == "if" and "else" in have and rng.random() < 0.5:
                lines.append(words["else"])
                lines += draw_block(rng, words, have, between(rng, 1, 2), depth - 1, counters, tricky)
            lines.append(words["end"])
    return lines


def describe(words: dict[str, str], have: set[str], floor: bool) -> str:
    w = words
    lines = [
        "A program is a sequence of lines; words on a line are separated by spaces (blank lines are ignored, "
        "lines may be indented). A value is an integer literal (like 7 or -3) or a variable name (lower-case "
        "letters); a variable that was never assigned has the value 0. The statements:",
        "",
        f"- {w['set']} V A: variable V gets the value A.",
        f"- {w['add']} V A: V = V + A.    {w['sub']} V A: V = V - A.    {w['mul']} V A: V = V * A.",
    ]
    if "div" in have:
        rounding = "rounded down, toward minus infinity" if floor else "rounded toward zero"
        remainder = (
            "V - A * q, q being that quotient (so the result has the sign of A, as Python's %)"
            if floor
            else "V - A * q, q being that quotient (so the result has the sign of V)"
        )
        lines.append(
            f"- {w['div']} V A: V = V divided by A, {rounding}.    {w['mod']} V A: V = {remainder}. Dividing "
            f"by 0 (with either) sets V to 0."
        )
    lines.append(f"- {w['print']} A: appends the value A to the output.")
    comparisons = "one of < > <= >= == !="
    if "if" in have:
        shape = f"{w['if']} A OP B, lines, [{w['else']}, lines,] {w['end']}" if "else" in have else (
            f"{w['if']} A OP B, lines, {w['end']}"
        )
        lines.append(
            f"- {shape}: OP is {comparisons}; the lines run only if the comparison holds"
            + (f", else the lines after {w['else']} (if there is one) run." if "else" in have else ".")
        )
    if "repeat" in have:
        lines.append(
            f"- {w['repeat']} A, lines, {w['end']}: the lines run A times (none if A <= 0); A is read once, "
            "before the first time, so changing its variable inside does not change the count."
        )
    if "while" in have:
        lines.append(
            f"- {w['while']} A OP B, lines, {w['end']}: the lines run again and again as long as the comparison "
            "holds (it is checked before each time)."
        )
    if {"if", "repeat", "while"} & have:
        lines.append(
            f"\nIn the block shapes above, commas separate lines: the {w['end']} line (and an {w['else']} line) "
            f"holds only that word. Blocks nest; each {w['end']} closes the innermost open block."
            if "else" in have
            else f"\nIn the block shapes above, commas separate lines: the {w['end']} line holds only that word. "
            f"Blocks nest; each {w['end']} closes the innermost open block."
        )
    return "\n".join(lines)


class ImplementMiniInterpreter(FunctionEnvironment):
    id = "code/implement_mini_interpreter"
    version = 1
    description = (
        "Write an interpreter for a small documented command language with generated keywords (variables, "
        "arithmetic with a stated division rounding, if/else, repeat and while blocks) that returns its output."
    )
    difficulty_scales = (
        "statements per test program: 3 + d (slower past d=30, at most 60); if from d=2, repeat from d=4, div and "
        "mod from d=6, else from d=8, while from d=10; blocks nest 1 + d // 16 deep (at most 3)"
    )
    size_name = "statements per program"
    answer_format = CODE_ANSWER
    tags = ("code", "interpreters", "parsing")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        statements = min(60, 3 + t)
        have = features(t)
        depth = min(3, 1 + t // 16)
        words = {role: rng.choice(pool) for role, pool in WORD_POOLS.items()}
        floor = rng.random() < 0.5
        constants = {"WORDS": words, "FLOOR": floor}
        traced = load_reference(TRACED, "traced", {**constants, "SEEN": set()})
        reached: dict[str, frozenset[int]] = {}  # program -> the near misses whose point its run reached

        def draw_test(size: int = statements, tricky: bool = False) -> dict[str, Any]:
            # variables start at small values (now and then left at 0), and the program ends printing them all
            lines = [f"{words['set']} {name} {between(rng, -9, 9)}" for name in VARIABLES if rng.random() < 0.8]
            lines += draw_block(rng, words, have, size, depth, 0, tricky)
            lines += [f"{words['print']} {name}" for name in VARIABLES]
            program = "\n".join(lines) + "\n"
            expected, reached[program] = traced(program)
            return {"args": [program], "expected": expected}

        tests = [draw_test() for _ in range(8)] + [{"args": [""], "expected": []}]
        reached[""] = frozenset()
        near_misses = {
            index: load_reference(REFERENCE.replace(old, new), "run", constants)
            for index, (old, new, needs) in enumerate(NEAR_MISSES)
            if shows(needs, have, floor)
        }

        def outcome(index: int, test: dict[str, Any]) -> Any:
            # where the near miss's point was not reached, it gives the reference's output without being run
            return call_once(near_misses[index], test) if index in reached[test["args"][0]] else test["expected"]

        tests = kill_near_misses(tests, list(near_misses), lambda: draw_test(min(statements, 10), True), 80, outcome)
        example = min(tests[:8], key=lambda test: abs(len(test["args"][0]) - 120))
        prompt = (
            "Write a Python function\n\n    def run(program: str) -> list[int]:\n\n"
            "that runs a program of the little language described below and returns its output: the list of the "
            "values it printed, in order.\n\n"
            f"{describe(words, have, floor)}\n\n"
            f"Every program tested is well formed and stops. For example, this program:\n\n{example['args'][0]}\n"
            f"gives {example['expected']!r}.\n\n"
            f"{hidden_tests('the empty program included')}"
        )
        data: dict[str, Any] = {"entry": "run", "arity": 1, "tests": tests}
        answer = f"WORDS = {words!r}\nFLOOR = {floor!r}\n" + REFERENCE
        return Instance(prompt=prompt, answer=answer, data=data, size=statements)
