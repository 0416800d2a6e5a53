"""code/make_pure: a function that changes its argument (inner lists too) and module-level state; write a version
that returns the same value and changes nothing."""

from __future__ import annotations

import ast
import copy
import random
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.function_tasks import CODE_ANSWER, hidden_tests
from rlve_plugin_code.syntax_rules import IMPORT_RULE, RuledFunctionEnvironment, escape_hatch

NAME = "summarize"
DRIVER = "_rlve_drive_pure"
TESTS = 30
MAX_STEPS = 12

#: Appended after the answer: calls it twice on the same list and reports both results, the list as it is
#: afterwards, and whether module-level data changed. Builtins are taken from ``__builtins__`` (which an answer
#: may not mention), so an answer that shadows repr or sorted cannot fool the snapshot.
DRIVER_SOURCE = f'''

def {DRIVER}(rows):
    real = __builtins__.__dict__
    kinds = (real["int"], real["str"], real["list"], real["dict"], real["set"], real["tuple"], real["bool"])

    def snapshot():
        items = real["globals"]().items()
        return real["repr"](real["sorted"](
            (key, real["repr"](value)) for key, value in real["list"](items) if real["type"](value) in kinds
        ))

    before = snapshot()
    first = {NAME}(rows)
    second = {NAME}(rows)
    return [first, second, rows, snapshot() == before]
'''


def shared_state(tree: ast.Module) -> str | None:
    """A global or nonlocal statement, or a mutable default argument: state kept between calls."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            return f"it uses a {type(node).__name__.lower()} statement (line {node.lineno})"
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for default in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
                if not isinstance(default, (ast.Constant, ast.Name, ast.Tuple)):
                    return f"a parameter has a mutable default value (line {default.lineno})"
    return None


def _steps(rng: random.Random) -> list[tuple[list[str], bool]]:
    """Every step that can be drawn: (lines of the body, whether it only records state outside the result)."""
    k = rng.randint(2, 9)
    return [
        (["rows.sort()"], False),
        (["rows.sort(key=lambda row: (row[-1], row[0]))"], False),
        (["rows.sort(key=len, reverse=True)"], False),
        (["rows.reverse()"], False),
        (["for row in rows:", f"    row.append(row[0] * {k} % 10)"], False),
        (["for row in rows:", "    row.sort()"], False),
        (["for row in rows:", f"    row[0] = row[0] - {k}"], False),
        (["if rows:", "    rows.pop()"], False),
        (["if len(rows) > 1:", "    rows.pop(0)"], False),
        (["if rows:", "    rows[0].extend(rows[-1])"], False),
        (["rows.append([len(rows), sum(len(row) for row in rows)])"], False),
        (["log.append(len(rows))"], True),
        (["for row in rows:", "    if len(row) > 1 and row[-1] % 2:", "        row.pop()", "        break"], False),
    ]


RESULTS = (
    "return [sum(row) * (i + 1) for i, row in enumerate(rows)]",
    "return [row[0] - row[-1] for row in rows if row]",
    "return sum(max(row) for row in rows if row) - len(rows)",
    "return [len(row) for row in rows] + [sum(map(sum, rows))]",
)


def draw_rows(rng: random.Random, count: int, top: int = 9) -> list[list[int]]:
    return [[rng.randint(0, top) for _ in range(rng.randint(1, 4))] for _ in range(count)]


class MakePure(RuledFunctionEnvironment):
    id = "code/make_pure"
    version = 1
    description = (
        "Rewrite a function that changes its list-of-lists argument (inner lists too) and module-level state into a "
        "pure one that returns the same value and changes nothing."
    )
    difficulty_scales = (
        "steps that change the list or module state: 2 + d // 3 (up to 12); rows in the longest test list: 3 + d "
        "(up to 43), in the others up to 3 + d // 4 (up to 13)"
    )
    size_name = "rows in the longest test list"
    answer_format = CODE_ANSWER
    tags = ("code", "refactoring", "mutation")
    rule_checks = (escape_hatch, shared_state)
    driver = DRIVER_SOURCE

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        count = 2 + min(t // 3, MAX_STEPS - 2)
        longest = 3 + min(t, 40)
        chosen = [rng.choice(_steps(rng)) for _ in range(count)]
        if not any(not recording and "row" in lines[-1].replace("rows", "") for lines, recording in chosen):
            chosen[rng.randrange(count)] = (["for row in rows:", "    row.sort()"], False)  # an inner list changes
        result = rng.choice(RESULTS)
        body = ["global calls", "calls += 1"]
        pure = ["rows = [list(row) for row in rows]  # a copy of the inner lists too: they are changed below"]
        for lines, recording in chosen:
            body += lines
            if not recording:
                pure += lines
        original = (
            "calls = 0\nlog = []\n\n\n"
            + f"def {NAME}(rows):\n"
            + "".join(f"    {line}\n" for line in body + [result])
        )
        reference = f"def {NAME}(rows):\n" + "".join(f"    {line}\n" for line in pure + [result])
        namespace: dict[str, Any] = {}
        exec(original, namespace)  # noqa: S102 - generated here, never model text
        function = namespace[NAME]
        inputs = [[], [[rng.randint(0, 9)]], draw_rows(rng, longest)]
        # Half the lists use few values, so that rows tie on a sort key and the order of the sorts shows.
        inputs += [draw_rows(rng, rng.randint(1, 3 + min(t, 40) // 4), rng.choice((2, 9))) for _ in range(TESTS - 3)]
        tests = []
        for rows in inputs:
            value = function(copy.deepcopy(rows))
            tests.append({"args": [rows], "expected": [value, value, rows, True]})
        prompt = (
            f"This Python function changes the list it is given, the lists inside it, and module-level data:\n\n"
            f"```python\n{original}```\n\n"
            f"Write a pure version of {NAME}(rows): for every list of lists of integers rows, it returns the same "
            f"value as the code above returns when called once on rows, and it changes nothing - neither rows nor "
            "any list inside it, nor any module-level variable - so that calling it again on the same list gives "
            "the same value. The tests check all of this: each calls your function twice on the same list, then "
            "compares the list with how it was and the module-level variables with how they were. Also:\n"
            "- no `global` or `nonlocal` statement, and no parameter with a list, dict or set as its default;\n"
            f"- {IMPORT_RULE}\n\n{hidden_tests('the empty list included')}"
        )
        data = {"entry": DRIVER, "arity": 1, "tests": tests}
        return Instance(prompt=prompt, answer=reference, data=data, size=longest)
