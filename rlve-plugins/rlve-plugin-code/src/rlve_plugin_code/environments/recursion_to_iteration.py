"""code/recursion_to_iteration: rewrite a (mutually) recursive function without recursion, for deep inputs."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.syntax_rules import IMPORT_RULE, RuledFunctionEnvironment, escape_hatch, recursion

NAMES = ("walk", "hop")
#: Every test input below this is tested, so each branch and base case is exercised.
SMALL = 40
#: How far above SMALL to look for inputs that go through branches the small ones miss.
COVER_SEARCH = 600
#: The default recursion limit of Python: the deepest tests go well past it.
RECURSION_LIMIT = 1000


@dataclass(frozen=True)
class Branch:
    """``if n % modulus == remainder`` (always, for the last one): ``(callee(n - step) * mul + add * n + c) % m``."""

    modulus: int
    remainder: int
    callee: int
    step: int
    mul: int
    add: int
    constant: int


@dataclass(frozen=True)
class Function:
    threshold: int  # n <= threshold is the base case: base_mul * n + base_add
    base_mul: int
    base_add: int
    branches: tuple[Branch, ...]


@dataclass(frozen=True)
class Spec:
    functions: tuple[Function, ...]
    modulus: int

    def value(self, n: int, memo: dict[tuple[int, int], int], used: set[tuple[int, int]]) -> int:
        """walk(n), evaluated with an explicit stack (our own code: no recursion, so any depth works).

        ``used`` collects the (function, branch) pairs the evaluation goes through (-1 for a base case).
        """
        stack = [(0, n)]
        while stack:
            index, k = stack[-1]
            if (index, k) in memo:
                stack.pop()
                continue
            function = self.functions[index]
            if k <= function.threshold:
                memo[index, k] = function.base_mul * k + function.base_add
                used.add((index, -1))
                stack.pop()
                continue
            number = choose(function, k)
            branch = function.branches[number]
            below = memo.get((branch.callee, k - branch.step))
            if below is None:
                stack.append((branch.callee, k - branch.step))
                continue
            memo[index, k] = (below * branch.mul + branch.add * k + branch.constant) % self.modulus
            used.add((index, number))
            stack.pop()
        return memo[0, n]


def choose(function: Function, k: int) -> int:
    """The number of the branch that ``k`` takes."""
    for number, branch in enumerate(function.branches[:-1]):
        if k % branch.modulus == branch.remainder:
            return number
    return len(function.branches) - 1


def shadows(earlier: Branch, modulus: int, remainder: int) -> bool:
    """Whether every n with n % modulus == remainder already takes the earlier branch (a dead branch)."""
    return modulus % earlier.modulus == 0 and remainder % earlier.modulus == earlier.remainder


def draw_spec(rng: random.Random, functions: int, branches: int) -> Spec:
    drawn = []
    for index in range(functions):
        rules = []
        for number in range(branches):
            modulus, remainder = rng.randint(2, 7), 0
            for _ in range(20):
                modulus = rng.randint(2, 7)
                remainder = rng.randrange(modulus)
                if not any(shadows(earlier, modulus, remainder) for earlier in rules):
                    break
            rules.append(
                Branch(
                    modulus,
                    remainder,
                    # The entry function is reached back from the other one, so the recursion is mutual.
                    rng.randrange(functions) if number or functions == 1 else 1 - index,
                    rng.choice((1, 1, 2)),
                    rng.randint(1, 9),
                    rng.randint(0, 9),
                    rng.randint(0, 99),
                )
            )
        drawn.append(Function(rng.randint(0, 3), rng.randint(0, 5), rng.randint(0, 20), tuple(rules)))
    return Spec(tuple(drawn), rng.choice((1_000_003, 999_983, 10_007, 65_521)))


def _term(coefficient: int, text: str) -> str:
    return text if coefficient == 1 else f"{coefficient} * {text}"


def render(spec: Spec) -> str:
    blocks = []
    for index, function in enumerate(spec.functions):
        lines = [f"def {NAMES[index]}(n):", f"    if n <= {function.threshold}:"]
        scaled = _term(function.base_mul, "n") + " + " if function.base_mul else ""
        lines.append(f"        return {scaled}{function.base_add}")
        for number, branch in enumerate(function.branches):
            call = _term(branch.mul, f"{NAMES[branch.callee]}(n - {branch.step})")
            parts = [call] + ([_term(branch.add, "n")] if branch.add else []) + [str(branch.constant)]
            value = f"({' + '.join(parts)}) % {spec.modulus}"
            if number < len(function.branches) - 1:
                lines += [f"    if n % {branch.modulus} == {branch.remainder}:", f"        return {value}"]
            else:
                lines.append(f"    return {value}")
        blocks.append("\n".join(lines) + "\n")
    return "\n\n".join(blocks)


def _base(function: Function, k: str) -> str:
    return f"{function.base_mul} * {k} + {function.base_add}"


def reference(spec: Spec) -> str:
    """Bottom-up: every function's value for every k from 0 to n, in order (each needs only smaller k)."""
    count = len(spec.functions)
    lines = ["def walk(n):", f"    m = {spec.modulus}", f"    values = [[0] * (n + 1) for _ in range({count})]"]
    lines += ["    for k in range(n + 1):"]
    for index, function in enumerate(spec.functions):
        lines += [f"        if k <= {function.threshold}:", f"            values[{index}][k] = {_base(function, 'k')}"]
        for number, branch in enumerate(function.branches):
            keyword = "elif" if number < len(function.branches) - 1 else "else"
            test = f" k % {branch.modulus} == {branch.remainder}" if keyword == "elif" else ""
            before = f"k - {branch.step}"
            lines += [
                f"        {keyword}{test}:",
                f"            below = values[{branch.callee}][{before}] if {before} >= 0 else "
                + _base(spec.functions[branch.callee], f"({before})"),
                f"            values[{index}][k] = (below * {branch.mul} + {branch.add} * k + {branch.constant}) % m",
            ]
    lines.append(f"    return values[0][n] if n >= 0 else {_base(spec.functions[0], 'n')}")
    return "\n".join(lines) + "\n"


def largest_n(difficulty: int) -> int:
    """Twice the recursion limit and more: even a path that always steps by 2 is too deep to recurse."""
    return 2 * RECURSION_LIMIT + 200 + 30 * min(taper(difficulty), 40)


class RecursionToIteration(RuledFunctionEnvironment):
    id = "code/recursion_to_iteration"
    version = 1
    description = (
        "Rewrite a recursive (from d=10 mutually recursive) integer function without any recursion, so that it "
        "works for inputs far deeper than Python's recursion limit."
    )
    difficulty_scales = (
        "largest n: 2200 + 30 d (up to d=40); branches per function: 1 + d // 5 (up to 7); a second, mutually "
        "recursive function from d=10"
    )
    size_name = "largest n"
    answer_format = CODE_ANSWER
    tags = ("code", "refactoring", "recursion")
    rule_checks = (escape_hatch, recursion)

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        spec = draw_spec(rng, 1 + (t >= 10), 1 + min(t, 30) // 5)
        largest = largest_n(difficulty)
        memo: dict[tuple[int, int], int] = {}
        used: set[tuple[int, int]] = set()
        tests = [{"args": [n], "expected": spec.value(n, memo, used)} for n in range(SMALL + 1)]
        # Branches first taken above SMALL get a test whose computation goes through them, so a slip in
        # any branch shows on some test.
        every = {
            (index, number)
            for index, function in enumerate(spec.functions)
            for number in range(-1, len(function.branches))
        }
        for n in range(SMALL + 1, SMALL + COVER_SEARCH):
            if used >= every:
                break
            before = len(used)
            value = spec.value(n, memo, used)
            if len(used) > before:
                tests.append({"args": [n], "expected": value})
        for n in sorted(rng.sample(range(largest - 200, largest), 3)) + [largest]:
            tests.append({"args": [n], "expected": spec.value(n, memo, used)})
        code = render(spec)
        names = " and ".join(NAMES[: len(spec.functions)])
        prompt = (
            f"Here is Python code that computes walk(n) for integers n >= 0:\n\n```python\n{code}```\n\n"
            f"Called with n = {largest}, it needs far more nested calls than Python's default recursion limit "
            f"({RECURSION_LIMIT}) allows, so it fails. Write a function walk(n) that returns the same value as "
            f"this code for every n from 0 to {largest}, without recursion:\n"
            f"- no function in your code may call itself, directly or through other functions (this is checked "
            "on the syntax of your code: a function may not even mention its own name, or the name of a function "
            "that leads back to it);\n"
            "- your code may not mention or change the recursion limit;\n"
            f"- {IMPORT_RULE}\n\n"
            f"(The given code is made of {names}; only walk is called by the tests.) "
            f"{hidden_tests(f'every n from 0 to {SMALL}, and n up to {largest}')}"
        )
        data = {"entry": "walk", "arity": 1, "tests": tests}
        return Instance(prompt=prompt, answer=reference(spec), data=data, size=largest)
