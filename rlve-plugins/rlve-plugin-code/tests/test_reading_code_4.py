"""Reading str methods, comprehensions and unpacking: code/string_method_output, code/comprehension_output and
code/unpacking_output.

Every reference answer is checked against Python itself: the program shown in the prompt (our own generated
code, never model output) is cut out of the prompt text and run, and its printed lines compared with the answer.
"""

from __future__ import annotations

import contextlib
import io
import re

from rlve.testing import assert_accepted, assert_rejected, score_answer
from rlve_plugin_code.environments.comprehension_output import ComprehensionOutput
from rlve_plugin_code.environments.string_method_output import StringMethodOutput
from rlve_plugin_code.environments.unpacking_output import UnpackingOutput

LEVELS = (0, 1, 3, 6, 12, 30)
SEEDS = range(5)


def printed_lines(prompt: str) -> list[str]:
    source = re.search(r"```python\n(.*?)```", prompt, re.DOTALL).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(source, {})  # our own generated program, shown in the prompt
    return out.getvalue().splitlines()


def problems(env):
    return [env.sample(d, seed) for d in LEVELS for seed in SEEDS]


# -- code/string_method_output -------------------------------------------------------------------------------------


def test_string_methods_print_what_python_prints():
    for problem in problems(StringMethodOutput()):
        lines = printed_lines(problem.prompt)
        assert lines == problem.answer.split("\n"), problem.prompt
        assert not any(" " in line.replace(", ", "") or '"' in line for line in lines)  # spaces only between items


def test_string_methods_cover_every_call_by_d_12():
    prompts = "".join(StringMethodOutput().sample(12, seed).prompt for seed in range(10))
    for call in ("split(", "line.split()", ".join(", "replace(", "strip(", "find(", "partition(", "title()",
                 "upper()", "with(", "count(", "index("):
        assert call in prompts, call


def test_string_method_answers():
    problem = StringMethodOutput().sample(6, 2)
    lines = problem.answer.split("\n")
    assert_accepted(problem, problem.answer)
    assert_accepted(problem, "\n".join(line.replace("'", '"').replace(", ", ",") for line in lines))
    assert_accepted(problem, "\n\n".join(lines) + "\n")
    swapped = next(i for i in range(len(lines) - 1) if lines[i] != lines[i + 1])
    reordered = lines[:swapped] + [lines[swapped + 1], lines[swapped]] + lines[swapped + 2 :]
    assert_rejected(problem, "\n".join(reordered), "printed line")
    assert_rejected(problem, "\n".join(lines[:-1]), "lines")
    assert_rejected(problem, "\n".join(lines + ["0"]), "lines")
    assert not score_answer(problem, "").correct


def test_a_string_one_letter_off_is_rejected():
    problem = next(p for seed in range(50) if "strip('" in (p := StringMethodOutput().sample(6, seed)).prompt)
    lines = problem.answer.split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("'"))
    wrong = lines[:first] + [lines[first][:-1] + "x'"] + lines[first + 1 :]
    assert_rejected(problem, "\n".join(wrong), "printed line")


# -- code/comprehension_output -------------------------------------------------------------------------------------


def test_comprehensions_print_what_python_prints():
    for problem in problems(ComprehensionOutput()):
        assert printed_lines(problem.prompt) == problem.answer.split("\n"), problem.prompt


def test_comprehensions_cover_every_form_by_d_12():
    prompts = "".join(ComprehensionOutput().sample(12, seed).prompt for seed in range(10))
    for form in ("for y in ys", "for row in grid for v in row", "if x < y", "sum(", "any(", "all(",
                 "sorted({", ": x for x in xs}", "{len(w): w for w in words}", "] for x in ys"):
        assert form in prompts, form


def test_comprehension_answers():
    problem = ComprehensionOutput().sample(12, 3)
    lines = problem.answer.split("\n")
    assert_accepted(problem, problem.answer)
    assert_accepted(problem, "\n".join(line.replace(", ", ",") for line in lines))
    changed = next(i for i, line in enumerate(lines) if re.search(r"\d", line))
    off_by_one = re.sub(r"\d+", lambda m: str(int(m.group()) + 1), lines[changed], count=1)
    assert_rejected(problem, "\n".join(lines[:changed] + [off_by_one] + lines[changed + 1 :]), "printed line")
    assert_rejected(problem, "\n".join(lines[1:]), "lines")
    flipped = [("False" if line == "True" else "True") if line in ("True", "False") else line for line in lines]
    if flipped != lines:
        assert_rejected(problem, "\n".join(flipped), "printed line")
    verdict = ComprehensionOutput().check(problem.data, "x" * 100000)
    assert not verdict.correct and "longer" in verdict.reason


# -- code/unpacking_output -----------------------------------------------------------------------------------------


def test_unpacking_prints_what_python_prints():
    for problem in problems(UnpackingOutput()):
        assert printed_lines(problem.prompt) == problem.answer.split("\n"), problem.prompt


def test_unpacking_covers_every_form_by_d_12():
    prompts = "".join(UnpackingOutput().sample(12, seed).prompt for seed in range(10))
    for form in ("first, *rest = ", "*init, last = ", "head, *mid, tail = ", " = b, c, a", "xs[",
                 "enumerate(xs, ", "enumerate(zip(xs, ys))"):
        assert form in prompts, form
    assert re.search(r"(\w), (\w) = \2, \1 \+ \2", prompts)  # a, b = b, a + b
    assert re.search(r"\((\w), (\w)\), (\w) = \(\2, \3\), \1", prompts)  # (a, b), c = (b, c), a


def test_unpacking_answers():
    problem = UnpackingOutput().sample(12, 1)
    lines = problem.answer.split("\n")
    assert_accepted(problem, problem.answer)
    assert_accepted(problem, "\n".join(line.replace(", ", " ,  ") for line in lines))
    last = lines[-1]
    a, b, c = (int(part) for part in last.strip("()").split(", "))
    if a != b:
        assert_rejected(problem, "\n".join(lines[:-1] + [f"({b}, {a}, {c})"]), "printed line")
    assert_rejected(problem, "\n".join(lines[:-1] + [f"({a}, {b}, {c + 1})"]), "printed line")
    assert_rejected(problem, "\n".join(lines[:-1] + [f"[{a}, {b}, {c}]"]), "printed line")  # a list, not a tuple
    assert_rejected(problem, "\n".join(lines[:-1]), "lines")
