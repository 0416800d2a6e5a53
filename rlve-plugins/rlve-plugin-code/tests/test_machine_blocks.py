"""The compiled fast paths of the machine-program checkers (``stack_blocks``, ``register_blocks``) against the
interpreters they stand in front of (``machine_programs.run_stack``, ``registers.run``).

A fast path may say "unsure" (None) anywhere, but where it gives a result it must be the interpreter's, on a
run the interpreter finishes without failing. Programs here: the generators' references, their mutants, and
random instruction soup that hits every failure (empty stack, unset variable, division by 0, the value, stack,
print and step bounds). The checkers' verdicts, message included, must be those of the interpreter alone.
"""

from __future__ import annotations

import random

from rlve import ParseError, Verdict
from rlve_plugin_code import registers as register_machine
from rlve_plugin_code.environments.register_program_synthesis import RegisterProgramSynthesis
from rlve_plugin_code.environments.stack_program_synthesis import StackProgramSynthesis
from rlve_plugin_code.machine_programs import MachineError, parse_register_program, parse_stack_program, run_stack
from rlve_plugin_code.register_blocks import RegisterBlocks
from rlve_plugin_code.stack_blocks import StackBlocks


def interpreted_stack(code, variables, max_steps):
    try:
        return run_stack(code, variables, max_steps)[0]
    except MachineError:
        return None


def interpreted_registers(code, start, max_steps):
    try:
        return register_machine.run(code, max_steps, registers=list(start))[0]
    except register_machine.OutOfSteps:
        return None


def assert_stack_agrees(text: str, inputs: list[dict], max_steps: int) -> tuple[int, int]:
    """The fast path against run_stack on each input; returns how many runs it vouched for, and how many
    run_stack finished."""
    code = parse_stack_program(text)
    compiled = StackBlocks(code)
    vouched = finished = 0
    for variables in inputs:
        fast, slow = compiled.run(variables, max_steps), interpreted_stack(code, variables, max_steps)
        finished += slow is not None
        if fast is not None:
            assert fast == slow, (text, variables)
            assert all(type(value) is int for value in fast)
            vouched += 1
    return vouched, finished


STACK_SOUP = [
    "PUSH 3", "PUSH -2", "PUSH 0", "PUSH 999999999999", "LOAD x", "LOAD y", "LOAD v", "STORE x", "STORE v",
    "ADD", "SUB", "MUL", "DIV", "MOD", "MIN", "MAX", "LT", "LE", "GT", "GE", "EQ", "NE", "AND", "OR", "NOT", "ABS",
    "PRINT",
]


def stack_soup(rng: random.Random) -> str:
    size = rng.randint(1, 16)
    lines = []
    for _ in range(size):
        if rng.random() < 0.15:
            lines.append(f"{rng.choice(['JMP', 'JZ'])} {rng.randint(0, size)}")
        else:
            lines.append(rng.choice(STACK_SOUP))
    return "\n".join(lines)


def test_stack_fast_path_gives_the_interpreters_output_or_none_on_random_programs():
    rng = random.Random(3)
    vouched = finished = 0
    for _ in range(1500):
        text = stack_soup(rng)
        inputs = [{"x": rng.randint(-9, 9), "y": rng.randint(-9, 9)} for _ in range(3)]
        counts = assert_stack_agrees(text, inputs, rng.choice([5, 40, 400]))
        vouched, finished = vouched + counts[0], finished + counts[1]
    assert finished > 150  # most soup fails somewhere; of what runs through, the fast path vouches for nearly all
    assert vouched >= 0.9 * finished


def test_stack_fast_path_gives_the_interpreters_output_on_the_references_and_their_mutants():
    env = StackProgramSynthesis()
    rng = random.Random(7)
    for difficulty in (0, 3, 6, 12, 30):
        for seed in range(3):
            problem = env.sample(difficulty, seed)
            inputs = [{"x": x, "y": y} for x, y in problem.data["tests"]]
            bound = problem.data["max_steps"]
            lines = [line.split(":", 1)[1].strip() for line in problem.answer.splitlines()]
            assert assert_stack_agrees("\n".join(lines), inputs, bound) == (len(inputs), len(inputs))
            for _ in range(4):  # one instruction replaced: most of them fail or print another number
                mutant = lines[:]
                mutant[rng.randrange(len(mutant))] = rng.choice(STACK_SOUP + ["JMP 0", "JZ 1"])
                assert_stack_agrees("\n".join(mutant), inputs, bound)
            # A tight step bound: the fast path must give up exactly where run_stack runs out of steps.
            assert_stack_agrees("\n".join(lines), inputs[:8], bound // 20)


def test_stack_fast_path_keeps_values_read_before_a_store_and_the_bounds():
    # LOAD v is pushed before v is stored: the sum must use the old v.
    assert StackBlocks(parse_stack_program("PUSH 5\nSTORE v\nLOAD v\nPUSH 7\nSTORE v\nLOAD v\nADD\nPRINT")).run(
        {"x": 0}, 100
    ) == [12]
    # Values left on the stack across a jump, a loop that prints, and values past the bound in a remainder.
    texts = [
        "LOAD x\nPUSH 1\nJZ 4\nPUSH 2\nADD\nPRINT",
        "PUSH 3\nSTORE t\nLOAD t\nJZ 11\nLOAD t\nPRINT\nLOAD t\nPUSH 1\nSUB\nSTORE t\nJMP 2",
        "PUSH 999999999999\nPUSH 999999999999\nMUL\nPUSH 7\nMOD\nPRINT",
        "PUSH 1\nJMP 0",  # the stack grows past its bound, or the steps run out first
        "LOAD x\nPRINT\nJMP 0",  # more than 100 numbers printed
    ]
    for text in texts:
        assert_stack_agrees(text, [{"x": 0}, {"x": 3}], 30_000)
    assert StackBlocks(parse_stack_program(texts[2])).run({"x": 0}, 100) is None
    assert StackBlocks(parse_stack_program(texts[1])).run({"x": 0}, 100) == [3, 2, 1]


def test_stack_fast_path_takes_deep_expressions_without_recursing_deeply():
    # A thousand values pushed, then added up: one expression a thousand levels deep, were it not cut.
    text = "\n".join(["LOAD x"] * 1000 + ["ADD"] * 999 + ["PRINT"])
    assert assert_stack_agrees(text, [{"x": 2}, {"x": -3}], 5_000) == (2, 2)
    assert StackBlocks(parse_stack_program(text)).run({"x": 2}, 5_000) == [2000]
    nested = "\n".join(["LOAD x"] + ["ABS", "NOT"] * 900 + ["PRINT"])
    assert assert_stack_agrees(nested, [{"x": 0}, {"x": 5}], 5_000) == (2, 2)


def test_loop_memo_gives_each_input_its_own_values():
    # A digit-sum loop: inputs entering it with the same |x| share the memo, the others must not.
    text = "\n".join([
        "LOAD x", "ABS", "STORE t", "PUSH 0", "STORE v",
        "LOAD t", "PUSH 0", "GT", "JZ 20",
        "LOAD v", "LOAD t", "PUSH 10", "MOD", "ADD", "STORE v", "LOAD t", "PUSH 10", "DIV", "STORE t", "JMP 5",
        "LOAD v", "LOAD x", "ADD", "PRINT",
    ])
    compiled = StackBlocks(parse_stack_program(text))
    for x in (37, -37, 73, 0, 37, 999):
        digits = sum(int(c) for c in str(abs(x)))
        assert compiled.run({"x": x}, 10_000) == [digits + x]
    assert compiled.run({"x": 999}, 40) is None  # the same loop with too few steps left


def test_loop_memo_is_shared_by_identical_loops_of_other_programs_and_bounded(monkeypatch):
    from rlve_plugin_code import stack_blocks

    monkeypatch.setattr(stack_blocks, "_MEMOS", {})
    monkeypatch.setattr(stack_blocks, "MEMO_SIZE", 3)
    loop = ["LOAD t", "PUSH 0", "GT", "JZ {out}", "LOAD v", "LOAD t", "ADD", "STORE v", "LOAD t", "PUSH 1", "SUB",
            "STORE t", "JMP {test}"]

    def program(before: list[str], after: list[str]) -> str:
        test, out = len(before), len(before) + len(loop)
        return "\n".join(before + [line.format(test=test, out=out) for line in loop] + after)

    # 1 + ... + t, entered at another position, after other code, and followed by other code.
    first = program(["LOAD x", "ABS", "STORE t", "PUSH 0", "STORE v"], ["LOAD v", "PRINT"])
    second = program(
        ["PUSH 0", "STORE v", "LOAD x", "PUSH 3", "MUL", "ABS", "STORE t"], ["LOAD v", "LOAD x", "SUB", "PRINT"]
    )
    # The same test and nearly the same body (t counts down by 2): another loop, which must not share the memo.
    loop[9] = "PUSH 2"
    by_two = program(["LOAD x", "ABS", "STORE t", "PUSH 0", "STORE v"], ["LOAD v", "PRINT"])
    for x in range(-6, 7):
        assert StackBlocks(parse_stack_program(first)).run({"x": x}, 10_000) == [abs(x) * (abs(x) + 1) // 2]
        t = abs(3 * x)
        assert StackBlocks(parse_stack_program(second)).run({"x": x}, 10_000) == [t * (t + 1) // 2 - x]
        assert StackBlocks(parse_stack_program(by_two)).run({"x": x}, 10_000) == [sum(range(abs(x), 0, -2))]
        # A remembered state with fewer steps left than its passes need: the fast path must give up.
        assert StackBlocks(parse_stack_program(first)).run({"x": 6}, 20) is None
    assert len(stack_blocks._MEMOS) == 2  # two loops: the first is shared by two programs
    assert all(len(memo) <= 3 for memo in stack_blocks._MEMOS.values())


def if_program(rng: random.Random) -> str:
    """Straight statements and if / if-else shapes over x, y and v, laid out as ``stackvm.compile_program``
    lays them out (test, JZ past the then-part; then-part, JMP past the else-part), with prints, a division
    that may divide by 0, and sometimes a read of v before it holds a value."""
    lines: list[str] = [] if rng.random() < 0.1 else ["LOAD x", "STORE v"]

    def statements() -> list[str]:
        chosen = []
        for _ in range(rng.randint(0, 3)):
            operand = rng.choice(["PUSH 3", "PUSH -2", "PUSH 0", "LOAD x", "LOAD y", "PUSH 999999"])
            chosen += rng.choice([
                ["LOAD v", operand, rng.choice(["ADD", "SUB", "MUL", "DIV", "MOD", "MAX"]), "STORE v"],
                ["LOAD v", "ABS", "STORE v"],
                ["LOAD v", "PRINT"],
            ])
        return chosen

    for _ in range(rng.randint(1, 5)):
        lines += statements()
        test = ["LOAD v", rng.choice(["PUSH 0", "PUSH 4", "LOAD y"]), rng.choice(["LT", "GE", "EQ", "NE", "SUB"])]
        then, other = statements(), statements() if rng.random() < 0.5 else None
        if other is None:  # if-then: JZ to just after the then-part
            lines += test + [f"JZ {len(lines) + len(test) + 1 + len(then)}"] + then
        else:  # if-then-else: JZ to the else-part; the then-part ends with a JMP past it
            else_at = len(lines) + len(test) + 1 + len(then) + 1
            lines += test + [f"JZ {else_at}"] + then + [f"JMP {else_at + len(other)}"] + other
    # Some programs end with an if shape, so its own step check is the last one made.
    return "\n".join(lines + (["LOAD v", "PRINT"] if rng.random() < 0.7 else []))


def test_stack_fast_path_runs_if_shapes_in_one_call_as_the_interpreter_does():
    rng = random.Random(23)
    vouched = finished = 0
    for _ in range(800):
        text = if_program(rng)
        inputs = [{"x": rng.randint(-9, 9), "y": rng.randint(-9, 9)} for _ in range(4)]
        # Generous, and tight enough that the bound falls inside a branch.
        bound = rng.choice([10_000, rng.randint(1, 60)])
        counts = assert_stack_agrees(text, inputs, bound)
        vouched, finished = vouched + counts[0], finished + counts[1]
        # The step count exactly: with the interpreter's own count as the bound the run is vouched for (or left
        # to the interpreter), with one step less it must not be.
        code, compiled = parse_stack_program(text), StackBlocks(parse_stack_program(text))
        for variables in inputs:
            try:
                output, used = run_stack(code, variables, 10_000)
            except MachineError:
                continue
            assert compiled.run(variables, used) in (None, output), (text, variables)
            assert compiled.run(variables, used - 1) is None, (text, variables)
    assert finished > 1000
    assert vouched >= 0.95 * finished
    # The shapes are taken as one entry (loop protocol, size 0): an if-then and an if-then-else here.
    text = "LOAD x\nSTORE v\nLOAD v\nPUSH 0\nLT\nJZ 9\nLOAD v\nABS\nSTORE v\nLOAD v\nPRINT"
    compiled = StackBlocks(parse_stack_program(text))
    assert compiled.entries[0][0] == 0
    assert [compiled.run({"x": x}, 100) for x in (-4, 0, 5)] == [[4], [0], [5]]
    assert compiled.run({"x": -4}, 8) is None and interpreted_stack(parse_stack_program(text), {"x": -4}, 8) is None


def test_register_fast_path_gives_the_interpreters_registers_or_none():
    rng = random.Random(13)
    names = ["r0", "r1", "r2", "r3"]
    vouched = 0
    for _ in range(1500):
        size = rng.randint(2, 14)
        lines = []
        for _ in range(size):
            op = rng.choice(["MOV", "ADD", "SUB", "MUL", "DEC", "JNZ", "JMP", "HALT"])
            if op in ("MOV", "ADD", "SUB", "MUL"):
                lines.append(f"{op} {rng.choice(names)}, {rng.choice(names + ['2', '-3', '7', '1000', '5000000'])}")
            elif op == "DEC":
                lines.append(f"DEC {rng.choice(names)}")
            elif op == "JNZ":
                lines.append(f"JNZ {rng.choice(names)}, {rng.randint(0, size)}")
            elif op == "JMP":
                lines.append(f"JMP {rng.randint(0, size)}")
            else:
                lines.append("HALT")
        code = parse_register_program("\n".join(lines))
        compiled = RegisterBlocks(code)
        for _ in range(3):
            start = [0, rng.randint(0, 9), rng.randint(0, 9), 0]
            bound = rng.choice([6, 60, 600])
            fast = compiled.run(start, bound)
            if fast is not None:
                assert fast == interpreted_registers(code, start, bound), lines
                vouched += 1
    assert vouched > 1000


def test_register_fast_path_runs_the_references_and_stops_at_the_step_bound():
    env = RegisterProgramSynthesis()
    for difficulty in (0, 2, 6, 15, 30):
        for seed in range(3):
            problem = env.sample(difficulty, seed)
            code = parse_register_program(problem.answer)
            compiled = RegisterBlocks(code)
            bound = problem.data["max_steps"]
            for (x, y), want in zip(problem.data["tests"], problem.data["expected"]):
                fast = compiled.run([0, x, y, 0], bound)
                assert fast == interpreted_registers(code, [0, x, y, 0], bound) and fast[0] == want
                tight = interpreted_registers(code, [0, x, y, 0], bound // 10)
                assert compiled.run([0, x, y, 0], bound // 10) in (None, tight)
                if tight is None:
                    assert compiled.run([0, x, y, 0], bound // 10) is None


def interpreter_verdict_stack(data, answer: str) -> Verdict:
    """The stack checker as it was before the fast path: run_stack on every input."""
    code = parse_stack_program(answer)
    for (x, y), want in zip(data["tests"], data["expected"]):
        variables = {"x": x, "y": y} if data["two_inputs"] else {"x": x}
        shown = f"x = {x}, y = {y}" if data["two_inputs"] else f"x = {x}"
        try:
            output, _ = run_stack(code, variables, data["max_steps"])
        except MachineError as error:
            return Verdict.wrong(f"on {shown}: {error}")
        if output != [want]:
            printed = "nothing" if not output else " ".join(map(str, output[:5]))
            return Verdict.wrong(f"on {shown} it prints {printed}, not {want}")
    return Verdict.right(f"right on all {len(data['tests'])} inputs")


def test_stack_checker_verdicts_are_the_interpreters():
    env = StackProgramSynthesis()
    rng = random.Random(17)
    for difficulty in (0, 4, 9, 20):
        problem = env.sample(difficulty, 1)
        lines = [line.split(":", 1)[1].strip() for line in problem.answer.splitlines()]
        answers = ["\n".join(lines)]
        for _ in range(25):
            mutant = lines[:]
            mutant[rng.randrange(len(mutant))] = rng.choice(STACK_SOUP + ["JMP 0", "JZ 2"])
            answers.append("\n".join(mutant))
        for answer in answers:
            try:
                expected = interpreter_verdict_stack(problem.data, answer)
            except ParseError:
                continue
            got = env.check(problem.data, answer)
            assert (got.correct, got.reason) == (expected.correct, expected.reason), answer
