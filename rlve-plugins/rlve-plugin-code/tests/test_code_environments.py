"""Environments whose answer is code: other valid answers pass, wrong ones fail with a reason that says why."""

from __future__ import annotations

import re

import pytest
from code_test_helpers import fast, tag

from rlve_plugin_code.environments.fill_missing_line import FillMissingLine
from rlve_plugin_code.environments.fix_bug import FixBug
from rlve_plugin_code.environments.implement_function import ImplementFunction
from rlve_plugin_code.environments.implement_recurrence import ImplementRecurrence
from rlve_plugin_code.environments.implement_string_function import ImplementStringFunction
from rlve_plugin_code.environments.invert_function import InvertFunction
from rlve_plugin_code.environments.multi_key_sort import MultiKeySort
from rlve_plugin_code.environments.regex_synthesis import RegexSynthesis
from rlve_plugin_code.environments.sql_query import SqlQuery


def rename(source: str, old: str, new: str) -> str:
    return re.sub(rf"\bdef {old}\(", f"def {new}(", source)


def wrapper(problem, body: str) -> str:
    """The reference under another name, and the required function built around it."""
    name = problem.data["entry"]
    return rename(problem.answer, name, "_reference") + f"\n\ndef {name}(value):\n" + body


# -- implement_function and implement_string_function ----------------------------------------------------------


@pytest.mark.parametrize("cls", [ImplementFunction, ImplementStringFunction])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_differently_written_solution_passes(cls, seed):
    env = cls()
    problem = env.sample(8, seed)
    param = "xs" if cls is ImplementFunction else "s"
    body = "\n".join(line for line in problem.answer.splitlines()[1:] if line.strip())
    inner = re.sub(rf"\b{param}\b", "value", body)
    alternative = (
        "class Steps:\n    '''The same steps, written as a static method.'''\n\n    @staticmethod\n"
        f"    def run(value):\n{chr(10).join('    ' + line for line in inner.splitlines())}\n\n"
        f"def {problem.data['entry']}(data):\n    return Steps.run(data)\n"
    )
    if "import math" in problem.answer:
        alternative = "import math\n" + alternative
    assert env.score(problem, tag(alternative)).correct, alternative


def test_a_tuple_for_a_list_is_accepted():
    env = ImplementFunction()
    problem = next(
        p for p in (env.sample(6, seed) for seed in range(40)) if isinstance(p.data["tests"][0]["expected"], list)
    )
    assert env.score(problem, tag(wrapper(problem, "    return tuple(_reference(value))"))).correct


def test_an_almost_right_function_fails_on_a_named_test():
    env = ImplementFunction()
    problem = env.sample(6, 4)
    almost = wrapper(
        problem, "    result = _reference(value)\n    return result + 1 if isinstance(result, int) else result[1:]"
    )
    verdict = env.score(problem, tag(almost))
    assert not verdict.correct and re.search(r"test \d+ of \d+: .*returned .*expected", verdict.reason), verdict


def test_a_float_is_not_an_int():
    env = ImplementFunction()
    problem = next(
        p for p in (env.sample(6, seed) for seed in range(40)) if type(p.data["tests"][0]["expected"]) is int
    )
    verdict = env.score(problem, tag(wrapper(problem, "    return float(_reference(value))")))
    assert not verdict.correct and ".0, expected" in verdict.reason


@pytest.mark.parametrize(
    ("make_answer", "words", "format_ok"),
    [
        (lambda p: rename(p.answer, p.data["entry"], "something_else"), "does not define a function named", True),
        (
            lambda p: rename(p.answer, p.data["entry"], p.data["entry"]).replace("(xs):", "(xs, ys):", 1),
            "wrong signature",
            True,
        ),
        (lambda p: p.answer.replace(":\n", "\n", 1), "not valid Python", False),
        (lambda p: "function transform(xs) {\n  return xs.filter(x => x > 0);\n}", "looks like JavaScript", False),
        (lambda p: "First keep the odd numbers then add them all up and return the total", "prose", False),
        (lambda p: "```js\n" + p.answer + "```", "fenced as 'js'", False),
        (lambda p: "42", "does not define a function", True),
    ],
)
def test_bad_answers_say_what_is_wrong(make_answer, words, format_ok):
    env = fast(ImplementFunction)
    problem = env.sample(5, 3)
    verdict = env.score(problem, tag(make_answer(problem)))
    assert not verdict.correct and verdict.reward == 0
    assert words in verdict.reason and verdict.format_ok is format_ok, verdict


def test_a_fenced_answer_is_read():
    env = ImplementFunction()
    problem = env.sample(5, 3)
    assert env.score(problem, tag(f"```python\n{problem.answer}```")).correct
    assert env.score(problem, f"Here it is:\n<answer>\n```py\n{problem.answer}\n```\n</answer>").correct


# -- fix_bug ---------------------------------------------------------------------------------------------------------


def shown_code(problem) -> str:
    return re.search(r"```python\n(.*?)```", problem.prompt, re.S).group(1)


@pytest.mark.parametrize("difficulty", [0, 6, 15, 30])
def test_the_buggy_code_as_given_fails(difficulty):
    env = fast(FixBug)
    problem = env.sample(difficulty, 5)
    verdict = env.score(problem, tag(shown_code(problem)))
    assert not verdict.correct and "test" in verdict.reason


def test_the_prompt_shows_a_failing_example_that_is_true():
    problem = FixBug().sample(10, 2)
    call, expected, got = re.search(
        r"For example, (.*?) should return (.*?), but this code returns (.*?)\.\n", problem.prompt
    ).groups()
    namespace: dict = {}
    exec(shown_code(problem), namespace)  # our own generated code, in the test only
    name = problem.data["entry"]
    assert repr(eval(call, namespace)) == got  # the buggy code really returns that
    exec(problem.answer, namespace)
    assert repr(eval(call, namespace)) == expected
    assert name in call


def test_a_fix_written_differently_passes():
    env = FixBug()
    problem = env.sample(7, 1)
    assert env.score(problem, tag(wrapper(problem, "    return _reference(value)"))).correct


# -- fill_missing_line -------------------------------------------------------------------------------------------


def test_another_line_that_works_passes():
    env = FillMissingLine()
    for seed in range(6):
        problem = env.sample(4, seed)
        line = problem.answer
        if line.startswith("return "):
            alternative = f"result = {line[len('return ') :]}; return result"
        else:
            target, expression = line.split(" = ", 1)
            alternative = f"{target} = list({expression})" if target == "xs" else f"{target} = ''.join({expression})"
        assert env.score(problem, tag(alternative)).correct, (line, alternative)
        assert env.score(problem, tag("    " + line + "  # the missing step")).correct


def test_missing_lines_answers_that_are_not_the_lines():
    env = fast(FillMissingLine)
    problem = env.sample(3, 0)
    whole = problem.data["header"] + "".join(f"    {line or problem.answer}\n" for line in problem.data["lines"])
    assert "not the whole function" in env.score(problem, tag(whole)).reason
    assert "exactly 1 missing line" in env.score(problem, tag(problem.answer + "\n" + problem.answer)).reason
    verdict = env.score(problem, tag("pass"))
    assert not verdict.correct and "test" in verdict.reason


def test_several_missing_lines_at_high_difficulty():
    env = FillMissingLine()
    problem = env.sample(25, 3)
    assert problem.answer.count("\n") == 2  # 1 + 25 // 10 lines
    assert env.score(problem, tag(problem.answer)).correct
    lines = problem.answer.splitlines()
    for index in range(3):  # every asked-for line matters: leaving out any one of them fails
        assert not env.score(problem, tag("\n".join(lines[:index] + ["pass"] + lines[index + 1 :]))).correct


# -- invert_function -----------------------------------------------------------------------------------------------


def test_invert_accepts_another_inverse_and_rejects_the_identity():
    env = fast(InvertFunction)
    problem = env.sample(9, 4)
    body = problem.answer.replace("def undo(xs):", "def _undo(xs):")
    assert env.score(problem, tag(body + "\ndef undo(values):\n    return list(_undo(list(values)))\n")).correct
    verdict = env.score(problem, tag("def undo(xs):\n    return xs"))
    assert not verdict.correct and "undo(" in verdict.reason


# -- implement_recurrence ----------------------------------------------------------------------------------------

MATRIX_POWER = """
def term(n):
    a, initial, m = @A@, @INITIAL@, @M@
    size = len(a)
    if n < size:
        return initial[n]
    def multiply(x, y):
        return [[sum(x[i][k] * y[k][j] for k in range(size)) % m for j in range(size)] for i in range(size)]
    step = [list(a)] + [[1 if j == i else 0 for j in range(size)] for i in range(size - 1)]
    power = [[1 if i == j else 0 for j in range(size)] for i in range(size)]
    e = n - size + 1
    while e:
        if e & 1:
            power = multiply(power, step)
        step = multiply(step, step)
        e >>= 1
    state = initial[::-1]
    return sum(power[0][k] * state[k] for k in range(size)) % m
"""

NAIVE = """
def term(n):
    a, values, m = @A@, list(@INITIAL@), @M@
    while len(values) <= n:
        values.append(sum(c * values[-1 - i] for i, c in enumerate(a)) % m)
    return values[n]
"""


def constants(problem) -> dict[str, str]:
    found = dict(re.findall(r"^\s+(a|initial|m) = (.*)$", problem.answer, re.M))
    return {"@A@": found["a"], "@INITIAL@": found["initial"], "@M@": found["m"]}


def fill(template: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        template = template.replace(key, value)
    return template


@pytest.mark.parametrize("difficulty", [3, 20])
def test_matrix_power_is_another_valid_answer(difficulty):
    env = ImplementRecurrence()
    problem = env.sample(difficulty, 1)
    assert env.score(problem, tag(fill(MATRIX_POWER, constants(problem)))).correct


def test_stepping_term_by_term_passes_small_n_and_times_out_for_large_n():
    env = fast(ImplementRecurrence)
    small = env.sample(3, 0)
    assert env.score(small, tag(fill(NAIVE, constants(small)))).correct
    large = env.sample(16, 0)
    verdict = env.score(large, tag(fill(NAIVE, constants(large))))
    assert not verdict.correct and ("limit" in verdict.reason or "MemoryError" in verdict.reason)


# -- multi_key_sort ------------------------------------------------------------------------------------------------


def test_a_comparator_solution_passes_and_plain_sorting_fails():
    env = fast(MultiKeySort)
    problem = env.sample(12, 2)
    rules = re.findall(r"key=lambda w: (.*?)(, reverse=True)?\)$", problem.answer, re.M)[::-1]
    keys = ", ".join(f"(lambda w: {expression}, {bool(reverse)})" for expression, reverse in rules)
    comparator = (
        "from functools import cmp_to_key\n"
        f"RULES = [{keys}]\n"
        "def compare(x, y):\n"
        "    for key, descending in RULES:\n"
        "        a, b = key(x), key(y)\n"
        "        if a != b:\n"
        "            return (-1 if a < b else 1) * (-1 if descending else 1)\n"
        "    return (x > y) - (x < y)\n"
        "def sort_words(words):\n"
        "    return sorted(words, key=cmp_to_key(compare))\n"
    )
    assert env.score(problem, tag(comparator)).correct
    assert not env.score(problem, tag("def sort_words(words):\n    return sorted(words)")).correct


# -- regex_synthesis -------------------------------------------------------------------------------------------------


def test_regex_accepts_an_equivalent_pattern_and_rejects_wrong_ones():
    env = fast(RegexSynthesis)
    problem = env.sample(7, 3)
    assert env.score(problem, tag(f"({problem.answer})")).correct
    assert env.score(problem, tag(f"`{problem.answer}`")).correct
    listing = "|".join(problem.data["positives"])
    assert "more than" in env.score(problem, tag(listing)).reason
    verdict = env.score(problem, tag("[abcd]*"))
    assert not verdict.correct and "matches" in verdict.reason
    verdict = env.score(problem, tag("(ab"))
    assert not verdict.format_ok and "regular expression" in verdict.reason


def test_a_catastrophically_backtracking_pattern_only_costs_its_own_time():
    env = fast(RegexSynthesis)
    data = {"positives": ["b", "ab", "aab"], "negatives": ["a" * 40 + "c"], "max_length": 20}
    verdict = env.check(data, "(a|aa)*b")
    assert not verdict.correct and "limit" in verdict.reason


# -- sql_query ---------------------------------------------------------------------------------------------------------


def test_sql_accepts_another_query_and_rejects_constants_and_writes():
    env = fast(SqlQuery)
    problem = env.sample(9, 2)
    assert env.score(problem, tag(f"SELECT * FROM (\n{problem.answer}\n) AS result ORDER BY 1 DESC")).correct
    assert env.score(problem, tag(f"```sql\n{problem.answer};\n```")).correct
    rows = problem.data["expected"][0]
    constants_only = " UNION ALL ".join("SELECT " + ", ".join(repr(value) for value in row) for row in rows)
    verdict = env.score(problem, tag(constants_only))
    assert not verdict.correct and "hidden database" in verdict.reason
    for statement in ("DELETE FROM employees", "UPDATE employees SET salary = 0", "ATTACH DATABASE 'x' AS x"):
        assert "not authorized" in env.score(problem, tag(statement)).reason
    assert "one statement" in env.score(problem, tag(f"{problem.answer}; DELETE FROM employees")).reason
    assert "columns" in env.score(problem, tag("SELECT 1, 2, 3, 4, 5, 6, 7")).reason
