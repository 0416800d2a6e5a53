"""A written stack program compiled once into basic blocks of Python closures, to run it on many inputs quickly
(``StackBlocks``): code/stack_program_synthesis runs each answer on 61 inputs.

``machine_programs.run_stack`` decodes and dispatches every instruction on every input. Here each basic block (a
straight run of instructions between jumps and jump targets) is read once: its stack traffic is resolved while
compiling, so that ``LOAD v; LOAD t; PUSH 10; MOD; ADD; STORE v`` becomes one closure computing
``v = v + t % 10``, and a while loop whose test and body are such blocks runs as a Python loop, remembered by
the values it reads (inputs that enter it alike, after a remainder or a digit sum, skip it), and an if or
if-else (a block ending with JZ and the one or two blocks it chooses between) runs as one call. A run then costs
a few closure calls per block or loop pass instead of a dispatch per instruction. Nothing here executes model
text: the closures are built from a fixed set of Python functions, with the parsed numbers and names as data.

It is a fast path only. ``run`` returns what ``run_stack`` prints where it can tell that ``run_stack`` runs
without failing, and None wherever it cannot (``run_stack`` then gives the verdict and its message):

- steps are counted per block (per loop pass), and a block (a pass) that would go past the bound is not run;
- the stack depths inside a block are known when compiling, so running out of stack or past MAX_STACK is
  checked on entering it (and not at all where no block leaves values on the stack: it is empty between them);
- the value bound is checked on the result of every two-operand instruction, as ``run_stack`` checks it; the
  inputs and the pushed constants are checked once (ABS and NOT, unchecked there, cannot pass it from inside);
- any failure inside a block (reading a variable that holds no value, dividing by 0) ends the run with None.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from rlve_plugin_code.machine_programs import MAX_STACK, MAX_VALUE
from rlve_plugin_code.stackvm import Instruction

#: The most numbers a run may print (``run_stack`` fails past it).
MAX_PRINTED = 100

#: The two-operand instructions as C functions where there is one. Comparisons give bools, which every later
#: operation treats as the 0 and 1 that ``run_stack`` pushes (they compare, add, multiply and divide alike);
#: printed and pushed values are turned into ints.
OPERATIONS: dict[str, Callable[[Any, Any], Any]] = {
    "ADD": operator.add,
    "SUB": operator.sub,
    "MUL": operator.mul,
    "DIV": operator.floordiv,
    "MOD": operator.mod,
    "MIN": min,
    "MAX": max,
    "LT": operator.lt,
    "LE": operator.le,
    "GT": operator.gt,
    "GE": operator.ge,
    "EQ": operator.eq,
    "NE": operator.ne,
    "AND": lambda a, b: a != 0 and b != 0,
    "OR": lambda a, b: a != 0 or b != 0,
}
UNARY = {"ABS": abs, "NOT": operator.not_}

#: Keys of a run's values that no variable has (names are strings): the stack and the printed numbers. Values
#: taken from the stack on entering a block, and values kept before a STORE, go in int keys.
STACK, PRINTED = ("stack",), ("printed",)

Values = dict[Any, Any]
Getter = Callable[[Values], Any]
Statement = Callable[[Values], None]


class Unsure(Exception):
    """The fast path cannot vouch for the outcome: ``run_stack`` decides."""


# -- expressions: what a block's stack holds, resolved while compiling ------------------------------------------------


class Const:
    __slots__ = ("value",)
    depth = 0

    def __init__(self, value: int):
        self.value = value


class Var:
    """A variable by name, or a slot of the block (an int key)."""

    __slots__ = ("key",)
    depth = 0

    def __init__(self, key: Any):
        self.key = key


class Op:
    __slots__ = ("name", "args", "depth")

    def __init__(self, name: str, args: tuple):
        self.name = name
        self.args = args
        first = args[0].depth
        self.depth = 1 + (first if len(args) == 1 or first >= args[1].depth else args[1].depth)


#: Deeper expressions (a program pushing a thousand values, then adding them up) are computed into a slot at
#: this depth, as run_stack computes each one when it is pushed: closures nested deeper would pass Python's
#: recursion limit.
MOST_DEPTH = 32


Expr = Const | Var | Op


def reads(*exprs: Expr) -> set:
    """The variables and slots that the expressions read."""
    found, waiting = set(), list(exprs)
    while waiting:
        expr = waiting.pop()
        if isinstance(expr, Var):
            found.add(expr.key)
        elif isinstance(expr, Op):
            waiting.extend(expr.args)
    return found


def getter(expr: Expr) -> Getter:
    """A closure computing ``expr`` from a run's values; raises Unsure where a binary operation's result passes
    the value bound, as ``run_stack`` fails there."""
    if isinstance(expr, Const):
        value = expr.value
        return lambda values: value
    if isinstance(expr, Var):
        key = expr.key
        return lambda values: values[key]
    if expr.name in UNARY:
        function, inner = UNARY[expr.name], getter(expr.args[0])
        return lambda values: function(inner(values))
    function, (left, right) = OPERATIONS[expr.name], expr.args
    low, high = -MAX_VALUE, MAX_VALUE
    # The common shapes read a variable or a constant operand inline: one call less each.
    if isinstance(left, Var) and isinstance(right, Const):
        key, constant = left.key, right.value

        def var_const(values):
            result = function(values[key], constant)
            if low <= result <= high:
                return result
            raise Unsure

        return var_const
    if isinstance(left, Var) and isinstance(right, Var):
        first, second = left.key, right.key

        def var_var(values):
            result = function(values[first], values[second])
            if low <= result <= high:
                return result
            raise Unsure

        return var_var
    if isinstance(right, Const):
        inner, constant = getter(left), right.value

        def any_const(values):
            result = function(inner(values), constant)
            if low <= result <= high:
                return result
            raise Unsure

        return any_const
    outer, inner = getter(left), getter(right)

    def any_any(values):
        result = function(outer(values), inner(values))
        if low <= result <= high:
            return result
        raise Unsure

    return any_any


# -- statements ----------------------------------------------------------------------------------------------------


def store(key: Any, expr: Expr) -> Statement:
    """``key = expr``, in one closure for the common shapes (an operation on a variable, or on a constant)."""
    if isinstance(expr, Var):
        source = expr.key

        def copy(values):
            values[key] = values[source]

        return copy
    if isinstance(expr, Op) and expr.name in OPERATIONS and isinstance(expr.args[0], Var):
        function, (left, right) = OPERATIONS[expr.name], expr.args
        low, high, first = -MAX_VALUE, MAX_VALUE, left.key
        if isinstance(right, Const):
            constant = right.value

            def store_var_const(values):
                result = function(values[first], constant)
                if not low <= result <= high:
                    raise Unsure
                values[key] = result

            return store_var_const
        if isinstance(right, Var):
            second = right.key

            def store_var_var(values):
                result = function(values[first], values[second])
                if not low <= result <= high:
                    raise Unsure
                values[key] = result

            return store_var_var
        if isinstance(right, Op):
            inner = getter(right)

            def store_var_any(values):
                result = function(values[first], inner(values))
                if not low <= result <= high:
                    raise Unsure
                values[key] = result

            return store_var_any
    if isinstance(expr, Op) and expr.name in OPERATIONS and isinstance(expr.args[1], Const):
        function, inner, constant = OPERATIONS[expr.name], getter(expr.args[0]), expr.args[1].value
        low, high = -MAX_VALUE, MAX_VALUE

        def store_any_const(values):
            result = function(inner(values), constant)
            if not low <= result <= high:
                raise Unsure
            values[key] = result

        return store_any_const
    if isinstance(expr, Op) and expr.name in UNARY:
        function, inner = UNARY[expr.name], getter(expr.args[0])

        def store_unary(values):
            values[key] = function(inner(values))

        return store_unary
    get = getter(expr)

    def assign(values):
        values[key] = get(values)

    return assign


def print_(expr: Expr) -> Statement:
    get = getter(expr)

    def append(values):
        printed = values[PRINTED]
        printed.append(int(get(values)))
        if len(printed) > MAX_PRINTED:
            raise Unsure

    return append


def push(expr: Expr) -> Statement:
    get = getter(expr)
    return lambda values: values[STACK].append(int(get(values)))


def take(count: int) -> Statement:
    """Pop the values a block reads from the stack it is entered with into slots -1 (the top), -2, ..."""

    def pop(values):
        stack = values[STACK]
        for slot in range(-1, -count - 1, -1):
            values[slot] = stack.pop()

    return pop


# -- blocks ----------------------------------------------------------------------------------------------------------


class Block:
    """A basic block resolved into actions, in order: ("take", n) pops n values of the entry stack into slots,
    ("store", key, expr), ("print", expr), ("push", expr) leaves a value on the stack. It ends by going on at
    ``end``, or with JMP ``to``, or with JZ ``to`` on ``test``. ``taken`` values come from the entry stack,
    ``peak`` is the highest depth above the entry depth, ``left`` the values it leaves pushed."""

    def __init__(self, start: int, end: int, actions: list[tuple], jump: str | None, to: int, test: Expr | None):
        self.start, self.end, self.size = start, end, end - start
        self.actions = actions
        self.jump, self.to, self.test = jump, to, test
        self.taken = self.peak = self.left = 0
        self._statements: tuple[Statement, ...] | None = None

    def statements(self) -> tuple[Statement, ...]:
        """The actions as closures, made once (a loop's body is run by the loop, and entered on its own too)."""
        if self._statements is not None:
            return self._statements
        made = []
        for action in self.actions:
            if action[0] == "store":
                made.append(store(action[1], action[2]))
            elif action[0] == "print":
                made.append(print_(action[1]))
            elif action[0] == "push":
                made.append(push(action[1]))
            else:
                made.append(take(action[1]))
        self._statements = tuple(made)
        return self._statements

    def next_pc(self) -> Callable[[Values], int]:
        """Run the statements and return the next instruction."""
        statements, end, to = self.statements(), self.end, self.to
        if self.jump != "JZ":
            if len(statements) == 1:
                only = statements[0]

                def one(values):
                    only(values)
                    return to

                return one

            def run(values):
                for statement in statements:
                    statement(values)
                return to

            return run
        test = getter(self.test)
        if not statements:
            return lambda values: end if test(values) else to

        def run_test(values):
            for statement in statements:
                statement(values)
            return end if test(values) else to

        return run_test


def leaders(code: list[Instruction]) -> list[int]:
    starts = {0}
    for index, instruction in enumerate(code):
        if instruction.op in ("JMP", "JZ"):
            starts.add(instruction.arg)
            starts.add(index + 1)
    return sorted(start for start in starts if start < len(code))


def compile_block(code: list[Instruction], start: int, stop: int) -> Block:
    """Resolve the stack traffic of ``code[start:stop]`` (up to its first jump) into actions."""
    pending: list[Expr] = []  # the block's own values on the stack, bottom first
    actions: list[tuple] = []
    taken = peak = kept = 0  # values popped from the entry stack; the highest depth above the entry depth

    def from_entry() -> Expr:
        """The next value below the block's own: one taken from the stack it is entered with."""
        nonlocal taken
        taken += 1
        return Var(-taken)

    # This loop runs once per instruction of every answer checked: pops are inlined (``pending.pop() if pending
    # else from_entry()``) and the common instructions tested first.
    block = None
    for index in range(start, stop):
        instruction = code[index]
        op = instruction.op
        if op == "LOAD" or op == "PUSH":
            pending.append(Var(instruction.arg) if op == "LOAD" else Const(instruction.arg))
            if len(pending) - taken > peak:
                peak = len(pending) - taken
        elif op == "STORE":
            name, value = instruction.arg, pending.pop() if pending else from_entry()
            for position, expr in enumerate(pending):  # values pushed before, read from the variable: keep them
                if not isinstance(expr, Const) and name in reads(expr):
                    kept += 1
                    actions.append(("store", kept, expr))
                    pending[position] = Var(kept)
            actions.append(("store", name, value))
        elif op in OPERATIONS or op in UNARY:
            if op in UNARY:
                expr = Op(op, (pending.pop() if pending else from_entry(),))
            else:
                right = pending.pop() if pending else from_entry()
                expr = Op(op, (pending.pop() if pending else from_entry(), right))
            if expr.depth >= MOST_DEPTH:
                kept += 1
                actions.append(("store", kept, expr))
                expr = Var(kept)
            pending.append(expr)
        elif op == "PRINT":
            actions.append(("print", pending.pop() if pending else from_entry()))
        elif op == "JMP":
            block = Block(start, index + 1, actions, "JMP", instruction.arg, None)
            break
        else:  # JZ
            block = Block(start, index + 1, actions, "JZ", instruction.arg, pending.pop() if pending else from_entry())
            break
    if block is None:
        block = Block(start, stop, actions, None, stop, None)
    block.actions = ([("take", taken)] if taken else []) + actions + [("push", expr) for expr in pending]
    block.taken, block.peak, block.left = taken, peak, len(pending)
    return block


#: A variable a loop reads that holds no value yet, in the key of ``_loop``'s memo.
MISSING = object()


#: What loops remembered, by the loop's instructions (its jump targets left out), across programs: the loops of
#: answers are nearly always the same few idioms (digit sums, counting down, Euclid's), so an input state one
#: answer's loop ran on need not be run again by the next answer's identical loop. Bounded: a loop's memo, and
#: the table of them, start over when full (at most 64 x 1024 states, a few tens of MB at worst).
_MEMOS: dict[tuple, dict] = {}
MEMOS_SIZE = 64
MEMO_SIZE = 1024


def _loop(test: Block, body: Block, code: list[Instruction]) -> Callable[[Values, int], tuple[int, int]] | None:
    """``test`` (ending with JZ out) and ``body`` (right after it, ending with JMP back to ``test``) as one
    Python while loop: (values, steps left) -> (next instruction, steps taken). None where the blocks touch the
    stack or print (the per-block path handles those).

    The loop's run depends only on its instructions and the variables it reads, so it is remembered by their
    values (in ``_MEMOS``): on another input that enters the same loop with the same values (after a remainder
    or a digit sum, many do), the passes it makes and the values it leaves are set without running it.
    """
    if test.jump != "JZ" or test.actions or body.jump != "JMP" or body.to != test.start or test.end != body.start:
        return None
    if body.taken or body.left or any(action[0] != "store" for action in body.actions):
        return None
    out, condition, statements = test.to, getter(test.test), body.statements()
    per_pass, final = test.size + body.size, test.size
    read = reads(test.test, *(expr for _, _, expr in body.actions))
    read_names = tuple(sorted(key for key in read if isinstance(key, str)))
    # Slots (int keys) are written in the block before they are read: not part of the state the loop starts from.
    written = tuple(sorted({key for _, key, _ in body.actions if isinstance(key, str)}))
    run_passes = _passes(test.test, condition, statements)
    # state -> (passes made, steps taken, the written variables' values after them, or None for no pass)
    shape = (tuple(code[test.start : test.end - 1]), tuple(code[body.start : body.end - 1]))
    memo: dict[Any, tuple[int, int, dict | None]] | None = _MEMOS.get(shape)
    if memo is None:
        if len(_MEMOS) >= MEMOS_SIZE:
            _MEMOS.clear()
        memo = _MEMOS[shape] = {}
    read_all = operator.itemgetter(*read_names) if read_names else lambda values: ()

    def loop(values, budget):
        passes = (budget - final) // per_pass  # the passes that fit with the test that ends the loop
        if passes < 0:
            raise Unsure
        try:
            state = read_all(values)  # one value, or a tuple of them
        except KeyError:
            state = (MISSING, *[values.get(name, MISSING) for name in read_names])
        known = memo.get(state)
        if known is not None:
            done, used, after = known
            if done > passes:
                raise Unsure
            if after is not None:
                values.update(after)
            return out, used
        done = run_passes(values, passes)
        used = done * per_pass + final
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        # Every store of the body runs on each pass: after one pass, each written variable holds a value.
        memo[state] = (done, used, {name: values[name] for name in written} if done else None)
        return out, used

    return loop


def _branch(head: Block, by_start: dict[int, Block]) -> Callable[[Values, int], tuple[int, int]] | None:
    """``head`` (ending with JZ) and the blocks it chooses between as one closure, for the two shapes an
    ``if`` compiles to: if-then (``then`` falls through to the JZ target) and if-then-else (``then`` ends with
    a JMP over ``other``, which falls through to where that JMP goes). (values, steps left) -> (next
    instruction, steps taken), in the loop's protocol; Unsure where a block would pass the step bound, exactly
    where the per-block path stops. For neutral programs only: the stack depths are not checked here.

    One call instead of two or three trips through ``StackBlocks.run``: every conditional step of a reference
    program compiles to one of these shapes."""
    if head.jump != "JZ":
        return None
    then = by_start.get(head.end)
    if then is None or then.end != head.to or then.jump == "JZ":
        return None
    other = None
    if then.jump == "JMP":
        other = by_start.get(head.to)
        if other is None or other.jump is not None or other.end != then.to:
            return None
    head_statements, test, head_size = head.statements(), getter(head.test), head.size
    then_statements, then_size = then.statements(), head.size + then.size
    then_next = then.to if then.jump == "JMP" else then.end
    other_statements = other.statements() if other is not None else ()
    other_size = head.size + (other.size if other is not None else 0)
    other_next = other.end if other is not None else head.to

    def branch(values, budget):
        if head_size > budget:
            raise Unsure
        for statement in head_statements:
            statement(values)
        if test(values):  # JZ falls through on a value that is not 0
            if then_size > budget:
                raise Unsure
            for statement in then_statements:
                statement(values)
            return then_next, then_size
        if other_size > budget:
            raise Unsure
        for statement in other_statements:
            statement(values)
        return other_next, other_size

    return branch


#: Comparisons give 0 or 1: a loop test made of one can be computed inline, with no bound to check.
COMPARING = {"LT", "LE", "GT", "GE", "EQ", "NE"}


def _passes(test: Expr, condition: Getter, statements: tuple[Statement, ...]) -> Callable[[Values, int], int]:
    """(values, most passes) -> the passes made while ``condition`` holds, running ``statements`` on each;
    Unsure past the most. A test comparing a variable with a constant (``t > 0``), and a body of two or three
    statements, run without a call or a loop of their own: this is the innermost loop of a run."""
    if (
        isinstance(test, Op)
        and test.name in COMPARING
        and isinstance(test.args[0], Var)
        and isinstance(test.args[1], Const)
    ):
        compare, key, constant = OPERATIONS[test.name], test.args[0].key, test.args[1].value
        if len(statements) == 2:  # digit sums, reversed digits, 1 + ... + n, repeats
            first, second = statements

            def compare_two(values, most):
                done = 0
                while compare(values[key], constant):
                    if done == most:
                        raise Unsure
                    done += 1
                    first(values)
                    second(values)
                return done

            return compare_two
        if len(statements) == 3:  # Euclid's gcd
            first, second, third = statements

            def compare_three(values, most):
                done = 0
                while compare(values[key], constant):
                    if done == most:
                        raise Unsure
                    done += 1
                    first(values)
                    second(values)
                    third(values)
                return done

            return compare_three

    def general(values, most):
        done = 0
        while condition(values):
            if done == most:
                raise Unsure
            done += 1
            for statement in statements:
                statement(values)
        return done

    return general


class StackBlocks:
    """A parsed stack program (``machine_programs.parse_stack_program``) compiled for ``run``."""

    def __init__(self, code: list[Instruction]):
        self.end = len(code)
        starts = leaders(code)
        blocks = [compile_block(code, start, stop) for start, stop in zip(starts, starts[1:] + [len(code)])]
        #: Where no block takes from or leaves values on the stack, it is empty on entering each one.
        self.neutral = not any(block.taken or block.left or block.peak > MAX_STACK for block in blocks)
        #: Inputs and constants are checked against the value bound once: then every value a block reads is within
        #: it (binary operations are checked), and a failing run fails in a binary operation of this program.
        self.sure = all(abs(i.arg) <= MAX_VALUE for i in code if i.op == "PUSH")
        by_start = {block.start: block for block in blocks}
        #: instruction -> (steps, next_pc, least, most) for a block, or (0, run, 0, 0) for a loop or a branch
        #: (``run(values, steps left) -> (next instruction, steps taken)``).
        self.entries: dict[int, tuple] = {}
        for block in blocks:
            after = by_start.get(block.end)
            loop = _loop(block, after, code) if after is not None else None
            if loop is None and self.neutral:
                loop = _branch(block, by_start)
            if loop is not None:
                self.entries[block.start] = (0, loop, 0, 0)
            else:
                least, most = (0, MAX_STACK) if self.neutral else (block.taken, MAX_STACK - block.peak)
                self.entries[block.start] = (block.size, block.next_pc(), least, most)

    def run(self, variables: dict[str, int], max_steps: int) -> list[int] | None:
        """The numbers the program prints from these variables, where ``run_stack`` prints them without
        failing; None where it fails or may fail."""
        if not self.sure:
            return None
        for value in variables.values():
            if not -MAX_VALUE <= value <= MAX_VALUE:
                return None
        stack: list[int] = []
        printed: list[int] = []
        values: Values = {**variables, STACK: stack, PRINTED: printed}
        entries, end, neutral = self.entries, self.end, self.neutral
        pc = steps = 0
        try:
            while pc < end:
                size, run, least, most = entries[pc]
                if not size:  # a loop or a branch
                    pc, used = run(values, max_steps - steps)
                    steps += used
                    continue
                steps += size
                if steps > max_steps or not (neutral or least <= len(stack) <= most):
                    return None
                pc = run(values)
        except (Unsure, KeyError, ZeroDivisionError):
            return None
        return printed
