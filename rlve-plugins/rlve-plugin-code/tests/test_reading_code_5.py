"""Reading Python's object model and number rules: code/mro_output, code/scope_output, code/aliasing_output,
code/decorator_output, code/itertools_output, code/format_spec_output, code/dunder_output and
code/numeric_semantics_output.

Every reference answer is checked against Python itself: the program shown in the prompt (our own generated
code, never model output) is cut out of the prompt text and run, and its printed lines compared with the answer.
The environments compute their answers with their own models (C3, scoping rules, exact fractions, our own
formatter), so a disagreement here is a bug in one of them.
"""

from __future__ import annotations

import contextlib
import io
import random
import re

from rlve.testing import assert_accepted, assert_rejected, score_answer
from rlve_plugin_code.environments.aliasing_output import AliasingOutput
from rlve_plugin_code.environments.decorator_output import DecoratorOutput
from rlve_plugin_code.environments.dunder_output import DunderOutput
from rlve_plugin_code.environments.format_spec_output import FormatSpecOutput, Spec, draw_field, format_value
from rlve_plugin_code.environments.itertools_output import ItertoolsOutput
from rlve_plugin_code.environments.mro_output import Cls, MroOutput, linearise
from rlve_plugin_code.environments.numeric_semantics_output import NumericSemanticsOutput
from rlve_plugin_code.environments.scope_output import ScopeOutput

LEVELS = (0, 1, 3, 6, 12, 30)
SEEDS = range(5)
ENVIRONMENTS = (MroOutput, ScopeOutput, AliasingOutput, DecoratorOutput, ItertoolsOutput, FormatSpecOutput,
                DunderOutput, NumericSemanticsOutput)


def run_prompt(prompt: str) -> tuple[list[str], dict]:
    """The lines the program in ``prompt`` prints, and its globals afterwards."""
    source = re.search(r"```python\n(.*?)```", prompt, re.DOTALL).group(1)
    out, namespace = io.StringIO(), {}
    with contextlib.redirect_stdout(out):
        exec(source, namespace)  # our own generated program, shown in the prompt
    return out.getvalue().splitlines(), namespace


def problems(env):
    return [env.sample(d, seed) for d in LEVELS for seed in SEEDS]


def replaced(lines: list[str], index: int, line: str) -> str:
    return "\n".join(lines[:index] + [line] + lines[index + 1 :])


def test_every_environment_prints_what_python_prints():
    for cls in ENVIRONMENTS:
        for problem in problems(cls()):
            assert run_prompt(problem.prompt)[0] == problem.answer.split("\n"), (cls.id, problem.prompt)


def test_near_misses_are_rejected_everywhere():
    for cls in ENVIRONMENTS:
        problem = cls().sample(12, 4)
        lines = problem.answer.split("\n")
        assert_accepted(problem, problem.answer)
        assert_accepted(problem, "\n\n".join(lines) + "\n")  # blank lines between are harmless
        assert_rejected(problem, "\n".join(lines[:-1]), "lines")
        assert_rejected(problem, "\n".join(lines + [lines[-1]]), "lines")
        swapped = next(i for i in range(len(lines) - 1) if lines[i].strip() != lines[i + 1].strip())
        reordered = lines[:swapped] + [lines[swapped + 1], lines[swapped]] + lines[swapped + 2 :]
        assert_rejected(problem, "\n".join(reordered), "printed line")
        changed = next(i for i, line in enumerate(lines) if re.search(r"\d", line))
        off_by_one = re.sub(r"\d+", lambda m: str(int(m.group()) + 1), lines[changed], count=1)
        assert_rejected(problem, replaced(lines, changed, off_by_one), "printed line")
        assert not score_answer(problem, "").correct
        verdict = cls().check(problem.data, "x" * 100000)
        assert not verdict.correct and "longer" in verdict.reason


# -- code/mro_output ---------------------------------------------------------------------------------------------


def test_c3_refuses_what_python_refuses():
    classes = {"A": Cls("A", [], mro=["A"]), "B": Cls("B", ["A"], mro=["B", "A"])}
    classes["C"] = Cls("C", ["A"], mro=["C", "A"])
    classes["D"] = Cls("D", ["B", "C"])
    assert linearise("D", classes) == ["D", "B", "C", "A"]  # the diamond: A after both of its children
    classes["D"].mro = ["D", "B", "C", "A"]
    classes["E"] = Cls("E", ["C", "B"], mro=["E", "C", "B", "A"])
    classes["F"] = Cls("F", ["D", "E"])
    assert linearise("F", classes) is None  # D wants B before C, E wants C before B


def test_a_depth_first_mro_is_rejected():
    """The classic near miss: depth-first left-to-right order, which visits a shared base too early."""

    def depth_first(cls):
        order = []
        for k in [cls] + [k for base in cls.__bases__ if base is not object for k in depth_first(base)]:
            if k not in order:
                order.append(k)
        return order

    found = 0
    for seed in range(30):
        problem = MroOutput().sample(10, seed)
        lines = problem.answer.split("\n")
        _, namespace = run_prompt(problem.prompt)
        for index, match in enumerate(re.finditer(r"for k in (\w)\.__mro__", problem.prompt)):
            wrong = "".join(k.__name__ for k in depth_first(namespace[match.group(1)]))
            at = [i for i, line in enumerate(re.findall(r"^print\(.*$", problem.prompt, re.M)) if "__mro__" in line]
            if wrong != lines[at[index]]:
                assert_rejected(problem, replaced(lines, at[index], wrong), "printed line")
                found += 1
    assert found >= 3


def test_mro_covers_every_form_by_d_6():
    prompts = "".join(MroOutput().sample(6, seed).prompt for seed in range(10))
    for form in ("+ super().trail()", "super().trail() + ", "__mro__", "issubclass(", ".tag)", ".hello())"):
        assert form in prompts, form
    assert re.search(r"class \w\(\w, \w\)", prompts)  # multiple inheritance


# -- code/scope_output -------------------------------------------------------------------------------------------


def test_scope_covers_every_form_by_d_5():
    prompts = "".join(ScopeOutput().sample(5, seed).prompt for seed in range(10))
    for form in ("    global ", "    nonlocal ", "except UnboundLocalError", "squares", "        global "):
        assert form in prompts, form


def test_unbound_local_must_be_reported_as_the_error():
    problem = next(p for seed in range(40) if "UnboundLocalError" in (p := ScopeOutput().sample(4, seed)).answer)
    lines = problem.answer.split("\n")
    at = lines.index("UnboundLocalError")
    assert_rejected(problem, replaced(lines, at, "NameError"), "printed line")
    assert_rejected(problem, "\n".join(lines[:at] + lines[at + 1 :]), "lines")


# -- code/aliasing_output ----------------------------------------------------------------------------------------


def test_aliasing_covers_every_form_by_d_4():
    prompts = "".join(AliasingOutput().sample(8, seed).prompt for seed in range(10))
    for form in (" = copy.deepcopy(", " = copy.copy(", " = list(", "[:]", " is ", " == ", "].append(",
                 "+= [", "] * ", "for _ in range("):
        assert form in prompts, form


def test_a_flipped_identity_is_rejected():
    problem = next(p for seed in range(40) if "True" in (p := AliasingOutput().sample(8, seed)).answer)
    lines = problem.answer.split("\n")
    at = lines.index("True")
    assert_rejected(problem, replaced(lines, at, "False"), "printed line")


# -- code/decorator_output ---------------------------------------------------------------------------------------


def test_decorators_cover_every_form_by_d_8():
    prompts = "".join(DecoratorOutput().sample(14, seed).prompt for seed in range(10))
    for form in ("@log(", "@add(", "@scale(", "@twice", "@counted", "@register", "@announce", ".__name__)",
                 ".calls)", "print(registry)"):
        assert form in prompts, form


def test_a_log_above_counted_keeps_a_frozen_copy_of_calls():
    """functools.wraps copies the wrapped function's dict once: the outer calls stays 0 however often f runs."""
    for seed in range(400):
        problem = DecoratorOutput().sample(10, seed)
        match = re.search(r"@log\('\w+'\)\n@counted\ndef (f\d)", problem.prompt)
        if match and f"print({match.group(1)}.calls)" in problem.prompt:
            break
    else:
        raise AssertionError("no log above counted with a printed calls")
    function = run_prompt(problem.prompt)[1][match.group(1)]
    assert function.calls == 0 and function.__wrapped__.calls > 0
    assert "0" in problem.answer.split("\n")


def test_decoration_order_matters():
    """register records names bottom up, each decorator seeing what the ones below it returned."""

    def registered(problem):
        names = re.findall(r"'(\w+)'", problem.answer.split("\n")[-1]) if "registry" in problem.prompt else []
        return "wrapper" in names and names != names[::-1]

    problem = next(p for seed in range(200) if registered(p := DecoratorOutput().sample(12, seed)))
    lines = problem.answer.split("\n")
    names = re.findall(r"'(\w+)'", lines[-1])
    assert_rejected(problem, replaced(lines, len(lines) - 1, repr(names[::-1])), "printed line")


# -- code/itertools_output ---------------------------------------------------------------------------------------


def test_itertools_cover_every_function_by_d_4():
    prompts = "".join(ItertoolsOutput().sample(6, seed).prompt for seed in range(10))
    for form in ("show(list(accumulate(", "groupby(s)", "groupby(xs, key=", "chain(", "islice(xs", "zip_longest(",
                 "takewhile(", "dropwhile(", "cycle(", "product(", "permutations(", "combinations(", "len(list("):
        assert form in prompts, form


def test_groupby_on_unsorted_data_repeats_keys():
    def merged(problem):
        """The near miss: one group per key, as if the data were sorted first."""
        s = re.search(r"^s = '(\w+)'", problem.prompt, re.M).group(1)
        return repr(sorted((k, s.count(k)) for k in set(s)))

    def groupby_line(problem):
        shows = re.findall(r"^show\(.*$", problem.prompt, re.M)
        return next((i for i, line in enumerate(shows) if "groupby(s)" in line), None)

    problem = next(p for seed in range(60) if (at := groupby_line(p := ItertoolsOutput().sample(6, seed))) is not None
                   and p.answer.split("\n")[at] != merged(p))
    lines = problem.answer.split("\n")
    assert_rejected(problem, replaced(lines, groupby_line(problem), merged(problem)), "printed line")


# -- code/format_spec_output -------------------------------------------------------------------------------------


def test_our_formatter_agrees_with_python_format():
    rng = random.Random(5)
    values = {"i": 0, "n": -7, "m": 1234567, "p": 255, "x": 2.5, "y": -0.125, "z": 1234.5625, "w": "abcde"}
    for _ in range(3000):
        name, spec = draw_field(rng, rng.randint(0, 12), values)
        assert format_value(values[name], spec) == format(values[name], spec.text()), (values[name], spec.text())


def test_ties_round_to_even_and_padding_is_exact():
    assert format_value(0.125, Spec(precision=2, type="f")) == "0.12"
    assert format_value(0.375, Spec(precision=2, type="f")) == "0.38"
    assert format_value(-42, Spec(zero=True, width=6, type="d", sign="+")) == "-00042"
    assert format_value(255, Spec(alt=True, zero=True, width=8, type="x")) == "0x0000ff"


def test_format_spec_answers_keep_their_spaces():
    problem = next(p for seed in range(40) if "[ " in (p := FormatSpecOutput().sample(6, seed)).answer)
    lines = problem.answer.split("\n")
    assert_accepted(problem, "\n".join(f"  {line}  " for line in lines))  # space around a line is harmless
    at = next(i for i, line in enumerate(lines) if "[ " in line)
    assert_rejected(problem, replaced(lines, at, lines[at].replace("[ ", "[", 1)), "printed line")
    assert_rejected(problem, replaced(lines, at, lines[at].replace(" ", "")), "printed line")


def test_format_specs_cover_every_form_by_d_8():
    prompts = "".join(FormatSpecOutput().sample(10, seed).prompt for seed in range(10))
    for form in (":<", ":>", ":^", "=", ",", "_", "%}", "f}", "#", "b}", "o}", "x}", "X}", ":+", ":0"):
        assert form in prompts, form


# -- code/dunder_output ------------------------------------------------------------------------------------------


def test_dunders_cover_every_form_by_d_5():
    prompts = "".join(DunderOutput().sample(8, seed).prompt for seed in range(10))
    for form in ("def __str__", "def __bool__", " = sum([", "print(sorted([", "print(bool(", " in [",
                 "print(list(", ") if b])", " != "):
        assert form in prompts, form
    assert re.search(r"= \d \+ b\d", prompts)  # int + Box runs __radd__


def test_str_and_repr_are_told_apart():
    problem = next(p for seed in range(60) if (p := DunderOutput().sample(6, seed)).answer.startswith("<")
                   or "\n<" in p.answer)
    lines = problem.answer.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("<"))
    assert_rejected(problem, replaced(lines, at, f"Box({lines[at][1:-1]})"), "printed line")


# -- code/numeric_semantics_output -------------------------------------------------------------------------------


def test_numeric_semantics_cover_every_form_by_d_6():
    prompts = "".join(NumericSemanticsOutput().sample(12, seed).prompt for seed in range(10))
    for form in (" // -", "divmod(", "int(-", "round(", ", 1)", "True", " ** -", "int('", "int(-", ".5 //",
                 "sum(["):
        assert form in prompts, form


def test_truncation_instead_of_floor_is_rejected():
    problem = next(p for seed in range(60) if re.search(r"^print\(-\d+ // \d+\)$", (p := NumericSemanticsOutput()
                   .sample(6, seed)).prompt, re.M))
    lines = problem.answer.split("\n")
    printed = re.findall(r"^print\((.*)\)$", problem.prompt, re.M)
    for at, expression in enumerate(printed):
        match = re.fullmatch(r"-(\d+) // (\d+)", expression)
        if match and int(match.group(1)) % int(match.group(2)):
            truncated = -(int(match.group(1)) // int(match.group(2)))
            assert_rejected(problem, replaced(lines, at, str(truncated)), "printed line")
            return
    raise AssertionError("no floor division of a negative number with a remainder")
