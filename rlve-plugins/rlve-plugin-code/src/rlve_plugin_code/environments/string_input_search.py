"""code/string_input_search: a string input for which a generated string function returns a given string.

The function is a pipeline of the pack's string steps (``steps/strings.py``: replace, remove, reverse, rotate,
case changes, Caesar shifts, sorting, collapsing runs, ...); the target is what it returns for a random input.
Many steps lose information (removing, sorting, dropping repeats), so many inputs may give the target: any of
them is accepted. Steps carry Python callables, so ``data`` keeps each step as its factory's name and the seed it
was drawn with, and the check draws it again; nothing the model writes is executed.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import taper
from rlve_plugin_code.steps import STRINGS, Shape, Step
from rlve_plugin_code.steps.strings import alphabet_letters, random_string, string_length

#: Steps stop growing here (from d = 29).
MOST_STEPS = 16
#: Steps proposed for one position before the input is drawn again.
TRIES = 40
#: Random inputs tried: at most a quarter of them may give the target, so that guessing does not pay.
PROBES = 24
FACTORIES = {factory.__name__: factory for _, factory in STRINGS.steps}


def step_count(difficulty: int) -> int:
    return min(1 + (taper(difficulty) + 1) // 2, MOST_STEPS)


def longest_input(difficulty: int) -> int:
    return string_length(difficulty) + 2


def drawn_steps(recipe: list[list[Any]], start: int) -> list[Step]:
    """The steps a recipe ([factory name, seed] each) names, drawn again from the start shape's length."""
    shape = Shape(0, start)
    steps = []
    for name, seed in recipe:
        step, shape = FACTORIES[name](random.Random(seed), shape)
        steps.append(step)
    return steps


def run(steps: list[Step], text: str) -> str:
    for step in steps:
        text = step.apply(text)
    return text


def parse_string(answer: str, limit: int) -> str:
    """A string in quotes, "abc" or 'abc' (no escapes: the alphabet needs none), or bare (leading and trailing
    spaces then cannot be told from the answer's own); at most ``limit`` characters."""
    text = answer.strip()
    if len(text) > 2 * limit + 8:  # a little over the limit is read, to say what is wrong
        raise ParseError("the string is too long")
    if text[:1] not in ("'", '"'):
        return text
    if len(text) < 2 or text[-1] != text[0]:
        raise ParseError('write the string in quotes, for example "abc"')
    inner = text[1:-1]
    if text[0] in inner or "\\" in inner:
        raise ParseError("write the string without escapes or inner quotes")
    return inner


class StringInputSearch(Environment):
    id = "code/string_input_search"
    version = 1
    description = "Find a string input for which a generated Python string function returns a given string."
    difficulty_scales = (
        f"steps: 1 + (d + 1) // 2 (at most {MOST_STEPS}); kinds of steps as in "
        "code/implement_string_function (harder ones from d=2 to d=10); alphabet: a-e, upper case from d=3, x-z "
        "from d=6, digits and spaces from d=9; input length: up to 8 + d // 2 (at most 23)"
    )
    size_name = "steps + input length"
    answer_format = 'a string in double quotes, e.g. "abc"'
    tags = ("code", "tracing", "search", "strings")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count = step_count(difficulty)
        longest = longest_input(difficulty)
        alphabet = "".join(dict.fromkeys(alphabet_letters(difficulty)))
        factories = sorted(name for name, factory in FACTORIES.items() if _lowest(factory) <= difficulty)
        while True:
            chosen = "".join(rng.choice(alphabet) for _ in range(rng.randint(max(1, longest // 2), longest)))
            recipe: list[list[Any]] = []
            steps: list[Step] = []
            shape, current = Shape(0, longest), chosen
            for _ in range(TRIES):
                name, seed = rng.choice(factories), rng.getrandbits(32)
                drawn = FACTORIES[name](random.Random(seed), shape)
                if drawn is None or drawn[0].apply(current) == current:
                    continue  # a step that changes nothing here says nothing
                recipe.append([name, seed])
                steps.append(drawn[0])
                shape, current = drawn[1], drawn[0].apply(current)
                if len(recipe) == count:
                    break
            if len(recipe) < count:
                continue
            target = run(steps, chosen)
            probes = [run(steps, random_string(rng, difficulty)) for _ in range(PROBES)]
            if target and run(steps, "") != target and probes.count(target) <= PROBES // 4:
                break
        source = "def f(s):\n" + "".join(f"    {step.code}\n" for step in steps) + "    return s\n"
        shown = "".join(sorted(alphabet)).replace(" ", "")
        space = " and the space character" if " " in alphabet else ""
        prompt = (
            f"Here is a Python function:\n\n```python\n{source}```\n\n"
            f"Find a string s of at most {longest} characters, each one of {shown}{space}, for which f(s) returns "
            f'{target!r}. Any such s is accepted. Write s in double quotes, for example "abc".'
        )
        data = {"recipe": recipe, "longest": longest, "alphabet": alphabet, "target": target}
        return Instance(prompt=prompt, answer=f'"{chosen}"', data=data, size=count + longest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        longest = data["longest"]
        text = parse_string(answer, longest)
        if len(text) > longest:
            return Verdict.wrong(f"s may have at most {longest} characters")
        if any(ch not in data["alphabet"] for ch in text):
            return Verdict.wrong("s uses a character outside the allowed ones")
        result = run(drawn_steps(data["recipe"], longest), text)
        if result != data["target"]:
            return Verdict.wrong(f"f({text!r}) returns {result[:60]!r}, not {data['target'][:60]!r}")
        return Verdict.right()


def _lowest(factory: Any) -> int:
    return next(lowest for lowest, other in STRINGS.steps if other is factory)
