"""code/implement_matrix_function: write a function on integer matrices from a step-by-step specification
(transpose, rotations, flips, prefix sums, row sorts, shifts; then a spiral order, row sums or a diagonal)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.call_sequences import call_once, kill_near_misses, load_reference
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.sandboxed import FunctionEnvironment


@dataclass(frozen=True)
class Step:
    text: str  # the specification's sentence
    code: str  # the reference's lines (indented 4), on the matrix m
    near_miss: str  # a plausible wrong version of ``code``
    first: int  # the first difficulty that uses it


STEPS = (
    Step("Transpose it: row i becomes column i.", "    m = [list(row) for row in zip(*m)]",
         "    m = [list(row) for row in zip(*m[::-1])]", 0),
    Step("Rotate it a quarter turn clockwise (the first column, read bottom to top, becomes the first row).",
         "    m = [list(row) for row in zip(*m[::-1])]", "    m = [list(row) for row in zip(*m)][::-1]", 0),
    Step("Rotate it a quarter turn counterclockwise (the last column, read top to bottom, becomes the first row).",
         "    m = [list(row) for row in zip(*m)][::-1]", "    m = [list(row) for row in zip(*m[::-1])]", 0),
    Step("Reverse each row (mirror it left to right).", "    m = [row[::-1] for row in m]", "    m = m[::-1]", 0),
    Step("Reverse the order of the rows (mirror it top to bottom).", "    m = m[::-1]",
         "    m = [row[::-1] for row in m]", 0),
    Step("Move the last row to the top (the other rows move down by one).", "    m = m[-1:] + m[:-1]",
         "    m = m[1:] + m[:1]", 2),
    Step("Sort the values of each row in increasing order.", "    m = [sorted(row) for row in m]",
         "    m = [sorted(row, reverse=True) for row in m]", 2),
    Step("Replace each value by the sum of the values of its row from the first one up to and including it.",
         "    m = [[sum(row[: j + 1]) for j in range(len(row))] for row in m]",
         "    m = [[sum(row[:j]) for j in range(len(row))] for row in m]", 4),
    Step("Add to each value the number of its row (the first row is row 0).",
         "    m = [[value + i for value in row] for i, row in enumerate(m)]",
         "    m = [[value + i for value in row] for i, row in enumerate(m, 1)]", 4),
    Step("Sort the rows by their sums, smallest first; rows with equal sums keep their order.",
         "    m = sorted(m, key=sum)", "    m = sorted(m, key=sum, reverse=True)", 6),
    Step("Negate the values in the columns with an odd number (the first column is column 0).",
         "    m = [[-value if j % 2 else value for j, value in enumerate(row)] for row in m]",
         "    m = [[-value if j % 2 == 0 else value for j, value in enumerate(row)] for row in m]", 6),
    Step("Replace each value v by v mod 10 (the remainder from 0 to 9, so -3 becomes 7).",
         "    m = [[value % 10 for value in row] for row in m]",
         "    m = [[abs(value) % 10 for value in row] for row in m]", 8),
    Step("If it has more than one column, remove its first column.",
         "    m = [row[1:] for row in m] if len(m[0]) > 1 else m",
         "    m = [row[:-1] for row in m] if len(m[0]) > 1 else m", 8),
)  # fmt: skip

FINALS = (
    Step("Return its values in clockwise spiral order: the first row left to right, then down the last column, "
         "then the last row right to left, then up the first column, then the same again inside.",
         "    out = []\n    while m:\n        out += m[0]\n        m = [list(row) for row in zip(*m[1:])][::-1]\n"
         "    return out",
         "    out = []\n    while m:\n        out += m[0]\n        m = [list(row) for row in zip(*m[1:])]\n"
         "    return out", 10),
    Step("Return the list of its row sums, from the first row to the last.", "    return [sum(row) for row in m]",
         "    return [sum(column) for column in zip(*m)]", 12),
    Step("Return the sum of its main diagonal: the values m[i][i] for every i that is both a row and a column "
         "number.", "    return sum(m[i][i] for i in range(min(len(m), len(m[0]))))",
         "    return sum(m[i][-1 - i] for i in range(min(len(m), len(m[0]))))", 14),
)  # fmt: skip

RETURN_MATRIX = "    return m"


def source(lines: list[str]) -> str:
    return "def transform(m):\n" + "\n".join(lines) + "\n"


def step_function(code: str) -> Any:
    """One step's lines as a function of m (compiled once per distinct step, so that generation stays fast)."""
    body = code if "return" in code else code + "\n    return m"
    return load_reference(f"def step(m):\n{body}\n", "step", {})


def pipeline(lines: list[str]) -> Any:
    functions = [step_function(line) for line in lines]

    def transform(m: Any) -> Any:
        for function in functions:
            m = function(m)
        return m

    return transform


def draw_matrix(rng: random.Random, side: int) -> list[list[int]]:
    rows, columns = rng.randint(1, side), rng.randint(1, side)
    return [[rng.randint(-9, 9) for _ in range(columns)] for _ in range(rows)]


class ImplementMatrixFunction(FunctionEnvironment):
    id = "code/implement_matrix_function"
    version = 1
    description = (
        "Write a Python function on an integer matrix from a step-by-step specification (transpose, rotations, "
        "flips, shifts, row sorts, prefix sums; then a spiral order, row sums or a diagonal sum)."
    )
    difficulty_scales = (
        "steps in the specification: 1 + d (slower past d=30, at most 40); matrix sides: 1 to 2 + d // 6 (at most "
        "5); more kinds of steps from d=2, 4, 6, 8, and a final spiral order, row sums or diagonal sum from d=10"
    )
    size_name = "steps"
    answer_format = CODE_ANSWER
    tags = ("code", "matrices", "specification")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        count = min(40, 1 + t)
        side = min(5, 2 + t // 6)
        kinds = [step for step in STEPS if t >= step.first]
        steps = [rng.choice(kinds) for _ in range(count)]
        finals = [step for step in FINALS if t >= step.first]
        final = rng.choice(finals) if finals and rng.random() < 0.75 else None
        lines = [step.code for step in steps] + [final.code if final else RETURN_MATRIX]
        transform = pipeline(lines)

        def draw_test(size: int = side) -> dict[str, Any]:
            matrix = draw_matrix(rng, size)
            return {"args": [matrix], "expected": transform([list(row) for row in matrix])}

        tests = [draw_test() for _ in range(10)]
        tests += [
            {"args": [matrix], "expected": transform([list(row) for row in matrix])}
            for matrix in ([[rng.randint(-9, 9)]], [[rng.randint(-9, 9) for _ in range(side)]])
        ]
        # one near miss per distinct step: that step written the plausible wrong way
        variants = {}
        for index in range(len(lines)):
            step = steps[index] if index < len(steps) else final
            if step is not None and step.near_miss not in variants:
                wrong = lines[:index] + [step.near_miss] + lines[index + 1 :]
                variants[step.near_miss] = pipeline(wrong)
        tests = kill_near_misses(tests, list(variants.values()), draw_test, 40, outcome=call_once)
        numbered = "\n".join(f"{number}. {step.text}" for number, step in enumerate(steps, start=1))
        ending = final.text if final else "Return the matrix (a list of rows, each a list of ints)."
        example = tests[0]
        prompt = (
            "Write a Python function\n\n    def transform(m: list[list[int]]) -> "
            + ("list[list[int]]" if final is None else "list[int]" if "sum of its main" not in final.text else "int")
            + ":\n\n"
            "that takes a matrix m (a non-empty rectangular list of rows, each a non-empty list of ints) and does "
            "these steps in order, each on the result of the one before:\n\n"
            f"{numbered}\n{len(steps) + 1}. {ending}\n\n"
            f"For example, transform({example['args'][0]!r}) == {example['expected']!r}.\n\n"
            f"{hidden_tests('1 x 1 matrices and single rows included; a matrix may have one row or one column')}"
        )
        data: dict[str, Any] = {"entry": "transform", "arity": 1, "tests": tests}
        return Instance(prompt=prompt, answer=source(lines), data=data, size=count)
