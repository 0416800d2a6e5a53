"""code/translate_pseudocode: implement in Python a function given in textbook pseudocode (1-based arrays)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.sandboxed import FunctionEnvironment

SCALARS = "stuvwxyz"
MAX_BLOCKS = 12
VALUE_RANGE = 20
TESTS = 20
#: Arrays to look through for ones that meet a compared constant's boundary values the first tests miss.
POOL = 200

FLOOR = (
    "x DIV y is the quotient rounded down (towards minus infinity) and x MOD y = x - y * (x DIV y), so "
    "(-7) DIV 2 = -4 and (-7) MOD 2 = 1"
)
TRUNCATE = (
    "x DIV y is the quotient rounded towards zero and x MOD y = x - y * (x DIV y), so (-7) DIV 2 = -3 and "
    "(-7) MOD 2 = -1"
)
HELPERS = {
    "floor": "def div(x, y):\n    return x // y\n\n\ndef mod(x, y):\n    return x % y\n",
    "truncate": (
        "def div(x, y):\n    q = abs(x) // abs(y)\n    return q if (x >= 0) == (y >= 0) else -q\n\n\n"
        "def mod(x, y):\n    return x - y * div(x, y)\n"
    ),
}


@dataclass
class Code:
    """The pseudocode and the Python translation, built side by side, and a probe of the Python.

    The probe records, through ``seen(site, value)``, each value compared with a constant, so that tests can
    be picked that reach both sides of every boundary (a constant off by one then changes some result).
    """

    pseudo: list[str] = field(default_factory=list)
    python: list[str] = field(default_factory=list)
    probe: list[str] = field(default_factory=list)
    boundaries: list[tuple[int, int]] = field(default_factory=list)

    def line(self, depth: int, pseudo: str, python: str | None, probe: str | None = None) -> None:
        """One line of each at ``depth``; an empty pseudo or a None python line adds only the other."""
        if pseudo:
            self.pseudo.append("    " * depth + pseudo)
        if python is not None:
            self.python.append("    " * depth + python)
            self.probe.append("    " * depth + (probe or python))


def element(index: str) -> tuple[str, str]:
    return f"A[{index}]", f"a[{index} - 1]"


class _Blocks:
    def __init__(self, rng: random.Random, code: Code):
        self.rng = rng
        self.code = code
        self.scalars: list[str] = []

    def new_scalar(self) -> str:
        name = SCALARS[len(self.scalars) % len(SCALARS)]
        if name not in self.scalars:
            self.scalars.append(name)
        return name

    def condition(self, index: str) -> tuple[str, str, str]:
        """A test on element ``index``: a remainder, or a comparison with a constant or an earlier scalar.

        Returns the pseudocode, the Python, and the Python with the compared value recorded (see ``probe``).
        """
        rng = self.rng
        pseudo, python = element(index)
        if rng.random() < 0.5:
            p = rng.randint(2, 5)
            r = rng.randrange(p)
            text = f"mod({python}, {p}) == {r}"
            return f"{pseudo} MOD {p} = {r}", text, text
        op = rng.choice(["<", ">", "≤", "≥"])
        python_op = op.replace("≤", "<=").replace("≥", ">=")
        if self.scalars and rng.random() < 0.4:
            other = rng.choice(self.scalars)
            text = f"{python} {python_op} {other}"
            return f"{pseudo} {op} {other}", text, text
        c = rng.randint(-5, 10)
        # The constant off by one changes the outcome only for these values of the element.
        boundary = (c - 1, c) if python_op in ("<", ">=") else (c, c + 1)
        self.code.boundaries.append(boundary)
        site = len(self.code.boundaries) - 1
        return f"{pseudo} {op} {c}", f"{python} {python_op} {c}", f"seen({site}, {python}) {python_op} {c}"

    def scan(self) -> None:
        """FOR over a range with an IF/ELSE that accumulates into a new scalar."""
        rng, code = self.rng, self.code
        test = self.condition("i")
        v = self.new_scalar()
        start = rng.randint(0, 5)
        low, cut = rng.choice([(1, 0), (2, 0), (1, 1)])
        high_p, high_py = ("n", "n") if cut == 0 else ("n - 1", "n - 1")
        pseudo_el, python_el = element("i")
        term = rng.choice(
            [
                (pseudo_el, python_el),
                (f"{pseudo_el} * i", f"{python_el} * i"),
                (f"{pseudo_el} DIV 2", f"div({python_el}, 2)"),
                ("i", "i"),
            ]
        )
        minus = rng.randint(1, 3)
        code.line(1, f"{v} ← {start}", f"{v} = {start}")
        code.line(1, f"FOR i ← {low} TO {high_p} DO", f"for i in range({low}, {high_py} + 1):")
        code.line(2, f"IF {test[0]} THEN", f"if {test[1]}:", f"if {test[2]}:")
        code.line(3, f"{v} ← {v} + {term[0]}", f"{v} = {v} + {term[1]}")
        code.line(2, "ELSE", "else:")
        code.line(3, f"{v} ← {v} - {minus}", f"{v} = {v} - {minus}")
        code.line(2, "END IF", None)
        code.line(1, "END FOR", None)

    def prefix(self) -> None:
        """Each element combined with the one before it (already changed), kept small by MOD."""
        rng, code = self.rng, self.code
        m = rng.randint(5, 40)
        op = rng.choice(["+", "-", "*"])
        code.line(1, "FOR i ← 2 TO n DO", "for i in range(2, n + 1):")
        code.line(2, f"A[i] ← (A[i] {op} A[i - 1]) MOD {m}", f"a[i - 1] = mod(a[i - 1] {op} a[i - 2], {m})")
        code.line(1, "END FOR", None)

    def suffix(self) -> None:
        """DOWNTO: each element loses a share of the one after it (already changed)."""
        rng, code = self.rng, self.code
        d = rng.randint(2, 4)
        code.line(1, "FOR i ← n - 1 DOWNTO 1 DO", "for i in range(n - 1, 0, -1):")
        code.line(2, f"A[i] ← A[i] - A[i + 1] DIV {d}", f"a[i - 1] = a[i - 1] - div(a[i], {d})")
        code.line(1, "END FOR", None)

    def pointers(self) -> None:
        """WHILE with two indices moving towards each other, swapping out-of-order pairs."""
        rng, code = self.rng, self.code
        v = self.new_scalar()
        back = rng.randint(1, 2)
        code.line(1, f"{v} ← 0", f"{v} = 0")
        code.line(1, "i ← 1", "i = 1")
        code.line(1, "j ← n", "j = n")
        code.line(1, "WHILE i < j DO", "while i < j:")
        code.line(2, "IF A[i] > A[j] THEN", "if a[i - 1] > a[j - 1]:")
        code.line(3, "swap A[i] and A[j]", "a[i - 1], a[j - 1] = a[j - 1], a[i - 1]")
        code.line(3, f"{v} ← {v} + 1", f"{v} = {v} + 1")
        code.line(2, "END IF", None)
        code.line(2, "i ← i + 1", "i = i + 1")
        code.line(2, f"j ← j - {back}", f"j = j - {back}")
        code.line(1, "END WHILE", None)

    def repeat(self) -> None:
        """REPEAT-UNTIL: the body runs once before the test (n >= 1, so A[k] exists the first time)."""
        rng, code = self.rng, self.code
        v = self.new_scalar()
        step = rng.randint(1, 3)
        m = rng.randint(3, 9)
        pseudo_el, python_el = element("k")
        code.line(1, f"{v} ← 0", f"{v} = 0")
        if rng.random() < 0.5:
            code.line(1, "k ← 1", "k = 1")
            code.line(1, "REPEAT", "while True:")
            code.line(2, f"{v} ← {v} + {pseudo_el} MOD {m}", f"{v} = {v} + mod({python_el}, {m})")
            code.line(2, f"k ← k + {step}", f"k = k + {step}")
            code.line(1, "UNTIL k > n", None)
            code.line(2, "", "if k > n:")
            code.line(3, "", "break")
        else:
            code.line(1, "k ← n", "k = n")
            code.line(1, "REPEAT", "while True:")
            code.line(2, f"{v} ← {v} * 2 - {pseudo_el} DIV {m}", f"{v} = {v} * 2 - div({python_el}, {m})")
            code.line(2, f"{v} ← {v} MOD 1000", f"{v} = mod({v}, 1000)")
            code.line(2, f"k ← k - {step}", f"k = k - {step}")
            code.line(1, "UNTIL k < 1", None)
            code.line(2, "", "if k < 1:")
            code.line(3, "", "break")

    def bubble(self) -> None:
        code = self.code
        code.line(1, "FOR i ← 1 TO n - 1 DO", "for i in range(1, n):")
        code.line(2, "IF A[i] > A[i + 1] THEN", "if a[i - 1] > a[i]:")
        code.line(3, "swap A[i] and A[i + 1]", "a[i - 1], a[i] = a[i], a[i - 1]")
        code.line(2, "END IF", None)
        code.line(1, "END FOR", None)

    def result(self) -> None:
        rng = self.rng
        parts_p, parts_py = ["A[1]"], ["a[0]"]
        for name in self.scalars[-3:]:
            k = rng.randint(1, 3)
            parts_p.append(f"{k} * {name}")
            parts_py.append(f"{k} * {name}")
        if rng.random() < 0.5:
            parts_p.append("A[n] MOD 7")
            parts_py.append("mod(a[n - 1], 7)")
        self.code.line(1, f"RETURN {' + '.join(parts_p)}", f"return {' + '.join(parts_py)}")


def draw(rng: random.Random, blocks: int) -> Code:
    code = Code()
    builder = _Blocks(rng, code)
    kinds = [builder.scan, builder.prefix, builder.suffix, builder.pointers, builder.repeat, builder.bubble]
    chosen = [builder.scan] + [rng.choice(kinds) for _ in range(blocks - 1)]
    rng.shuffle(chosen)
    for block in chosen:
        block()
    builder.result()
    return code


def compiled(python: str) -> Any:
    namespace: dict[str, Any] = {}
    exec(python, namespace)  # noqa: S102 - generated here, never model text
    return namespace["process"]


def draw_arrays(rng: random.Random, longest: int, count: int) -> list[list[int]]:
    lengths = [1, 2, 3, longest] + [rng.randint(1, longest) for _ in range(count - 4)]
    return [[rng.randint(-VALUE_RANGE, VALUE_RANGE) for _ in range(length)] for length in lengths]


def boundary_tests(
    probe: Any, boundaries: list[tuple[int, int]], tests: list[list[int]], pool: list[list[int]]
) -> list[list[int]]:
    """Arrays from ``pool`` to add so that every compared constant is met at both of its boundary values."""
    missing = {(site, value) for site, pair in enumerate(boundaries) for value in pair}
    met: set[tuple[int, int]] = set()

    def seen(site: int, value: int) -> int:
        met.add((site, value))
        return value

    probe.__globals__["seen"] = seen
    for array in tests:
        probe(list(array))
    added = []
    for array in pool:
        if missing <= met:
            break
        before = len(met & missing)
        probe(list(array))
        if len(met & missing) > before:
            added.append(array)
    return added


CONVENTIONS = """Conventions of the pseudocode:
- A is an array of n integers indexed from 1 to n (n >= 1); the Python function receives it as a list a,
  so A[i] is a[i - 1]. Changes to A are visible to the rest of the function.
- x ← e assigns; = is a comparison; ≤ and ≥ are <= and >=; "swap A[i] and A[j]" exchanges two elements.
- *, DIV and MOD bind tighter than + and -, which bind tighter than comparisons (as in Python).
- FOR i ← p TO q DO ... END FOR runs with i = p, p + 1, ..., q (both ends included; not at all if p > q).
  FOR i ← p DOWNTO q DO runs with i = p, p - 1, ..., q.
- WHILE c DO ... END WHILE tests c before each round. REPEAT ... UNTIL c runs the body, then stops once c
  is true: the body always runs at least once.
- Division: {division}."""


class TranslatePseudocode(FunctionEnvironment):
    id = "code/translate_pseudocode"
    version = 1
    description = (
        "Implement in Python a function on an array given in textbook pseudocode: 1-based arrays, inclusive FOR "
        "loops, DOWNTO, REPEAT-UNTIL and a stated DIV/MOD rounding."
    )
    difficulty_scales = (
        "blocks of pseudocode: 1 + d // 3 (up to 12); test arrays up to 4 + d elements (up to 40); DIV/MOD "
        "round towards zero instead of down in half the problems from d=4"
    )
    size_name = "longest test array"
    answer_format = CODE_ANSWER
    tags = ("code", "translation", "arrays")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        blocks = 1 + min(t // 3, MAX_BLOCKS - 1)
        longest = 4 + min(t, 36)
        semantics = "truncate" if t >= 4 and rng.random() < 0.5 else "floor"
        code = draw(rng, blocks)
        header = HELPERS[semantics] + "\n\ndef process(a):\n    n = len(a)\n"
        python = header + "\n".join(code.python) + "\n"
        function = compiled(python)
        arrays = draw_arrays(rng, longest, TESTS)
        if code.boundaries:
            probe = compiled(header + "\n".join(code.probe) + "\n")
            arrays += boundary_tests(probe, code.boundaries, arrays, draw_arrays(rng, longest, POOL))
        tests = [{"args": [array], "expected": function(list(array))} for array in arrays]
        pseudo = "\n".join(["FUNCTION process(A, n)", *code.pseudo, "END FUNCTION"])
        division = FLOOR if semantics == "floor" else TRUNCATE
        prompt = (
            f"Here is a function in pseudocode:\n\n```\n{pseudo}\n```\n\n"
            f"{CONVENTIONS.format(division=division)}\n\n"
            "Write a Python function\n\n    def process(a: list[int]) -> int:\n\n"
            "that returns what the pseudocode returns for the array a (a has at least one element; values may be "
            f"negative). {hidden_tests('arrays of length 1 and 2 included')}"
        )
        data = {"entry": "process", "arity": 1, "tests": tests}
        return Instance(prompt=prompt, answer=python, data=data, size=longest)
