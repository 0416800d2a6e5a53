"""code/property_counterexample: a list on which a function's claimed property fails.

A function on lists of small integers claims that its output is sorted, has no repeated value, is a permutation
of its input, or that applying it twice changes nothing. Each function is a plausible implementation with one
flaw (too few bubble passes, a dedupe that only looks back a few places, a merge that drops a tail, ...), whose
size grows with d, behind a few element-wise steps (a filter, a shift) that the counterexample must get
through; inputs are bounded in length and value, so the flaw has to be understood, not just hit.

Each function exists twice: as the Python source the prompt shows, and as the Python function here that
checks answers (our own code; the tests run the shown source and compare). Nothing the model writes is run.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import level

#: The flaw's size stops growing here (a bubble sort's passes, a dedupe's look-back).
FLAW_CAP = 24
#: Element-wise steps in front of the function: at most this many.
MOST_STEPS = 3

CLAIMS = {
    "sorted": "returns a list sorted in non-decreasing order",
    "distinct": "returns a list in which no value appears twice",
    "permutation": "returns the same values as its input, each as many times, in some order",
    "idempotent": "is idempotent: f(f(a)) == f(a) for every list a",
}


def holds(claim: str, function: Callable[[list[int]], list[int]], given: list[int]) -> bool:
    out = function(list(given))
    if claim == "sorted":
        return out == sorted(out)
    if claim == "distinct":
        return len(set(out)) == len(out)
    if claim == "permutation":
        return sorted(out) == sorted(given)
    return function(list(out)) == out


# -- the flawed functions: Python source (indented body lines) and the same function here ------------------------


def _bubble(a: list[int], passes: int) -> list[int]:
    for _ in range(passes):
        for i in range(len(a) - 1):
            if a[i] > a[i + 1]:
                a[i], a[i + 1] = a[i + 1], a[i]
    return a


BUBBLE = """    for p in range({k}):
        for i in range(len(a) - 1):
            if a[i] > a[i + 1]:
                a[i], a[i + 1] = a[i + 1], a[i]
    return a"""


def _insertion(a: list[int], slack: int) -> list[int]:
    for i in range(1, len(a)):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x + slack:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x
    return a


INSERTION = """    for i in range(1, len(a)):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x + {k}:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x
    return a"""


def _window_dedupe(a: list[int], back: int) -> list[int]:
    out: list[int] = []
    for x in a:
        if x not in out[-back:]:
            out.append(x)
    return out


WINDOW = """    out = []
    for x in a:
        if x not in out[-{k}:]:
            out.append(x)
    return out"""


def _residue_dedupe(a: list[int], modulus: int, residue: int) -> list[int]:
    out: list[int] = []
    seen: set[int] = set()
    for x in a:
        if x not in seen:
            out.append(x)
            if x % modulus != residue:
                seen.add(x)
    return out


RESIDUE = """    out = []
    seen = set()
    for x in a:
        if x not in seen:
            out.append(x)
            if x % {k} != {r}:
                seen.add(x)
    return out"""


def _counting(a: list[int], size: int) -> list[int]:
    counts = [0] * size
    for x in a:
        if x < size:
            counts[x] += 1
    return [v for v in range(size) for _ in range(counts[v])]


COUNTING = """    counts = [0] * {k}
    for x in a:
        if x < {k}:
            counts[x] += 1
    return [v for v in range({k}) for _ in range(counts[v])]"""


def _merge(a: list[int], parts: int) -> list[int]:
    half = len(a) // parts
    left, right = sorted(a[:half]), sorted(a[half:])
    out: list[int] = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    return out + left[i:]


MERGE = """    half = len(a) // {k}
    left, right = sorted(a[:half]), sorted(a[half:])
    out = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    return out + left[i:]"""


def _below_mean(a: list[int], shift: int) -> list[int]:
    if not a:
        return a
    mean = sum(a) // len(a)
    return [x for x in a if x <= mean + shift]


BELOW_MEAN = """    if not a:
        return a
    mean = sum(a) // len(a)
    return [x for x in a if x <= mean + {k}]"""


# name: (claim, source, implementation, the parameter's range at a flaw level: the flaw's size)
FUNCTIONS: dict[str, tuple[str, str, Callable[..., list[int]], Callable[[int], tuple[int, int]]]] = {
    "bubble": ("sorted", BUBBLE, _bubble, lambda flaw: (1 + flaw // 4, 1 + flaw // 3)),
    "insertion": ("sorted", INSERTION, _insertion, lambda flaw: (1 + flaw // 6, 1 + flaw // 4)),
    "window": ("distinct", WINDOW, _window_dedupe, lambda flaw: (1 + flaw // 4, 1 + flaw // 3)),
    "residue": ("distinct", RESIDUE, _residue_dedupe, lambda flaw: (2 + flaw // 6, 2 + flaw // 4)),
    "counting": ("permutation", COUNTING, _counting, lambda flaw: (3 + flaw // 2, 4 + flaw)),
    "merge": ("permutation", MERGE, _merge, lambda flaw: (2, 2 + min(flaw, 12) // 6)),
    "bubble_twice": ("idempotent", BUBBLE, _bubble, lambda flaw: (1 + flaw // 4, 1 + flaw // 3)),
    "below_mean": ("idempotent", BELOW_MEAN, _below_mean, lambda flaw: (flaw // 8, flaw // 6)),
}


# -- element-wise steps in front ----------------------------------------------------------------------------------


def apply_steps(steps: list[list[Any]], a: list[int]) -> list[int]:
    for kind, x, y in steps:
        if kind == "drop":  # values congruent to x modulo y are dropped
            a = [v for v in a if v % y != x]
        elif kind == "shift":  # keep values at least x, lowered by x
            a = [v - x for v in a if v >= x]
        else:  # "cap": values above x become x
            a = [min(v, x) for v in a]
    return a


def step_source(step: list[Any]) -> str:
    kind, x, y = step
    if kind == "drop":
        return f"    a = [v for v in a if v % {y} != {x}]"
    if kind == "shift":
        return f"    a = [v - {x} for v in a if v >= {x}]"
    return f"    a = [min(v, {x}) for v in a]"


def draw_steps(rng: random.Random, count: int, largest: int) -> list[list[Any]]:
    steps = []
    for _ in range(count):
        kind = rng.choice(["drop", "shift", "cap"])
        if kind == "drop":
            modulus = rng.randint(3, 6)
            steps.append(["drop", rng.randrange(modulus), modulus])
        elif kind == "shift":
            steps.append(["shift", rng.randint(1, 3), 0])
        else:
            steps.append(["cap", rng.randint(largest * 2 // 3, largest), 0])
    return steps


def make_function(data: dict[str, Any]) -> Callable[[list[int]], list[int]]:
    _, _, implementation, _ = FUNCTIONS[data["function"]]
    params = data["params"]
    return lambda a: implementation(apply_steps(data["steps"], list(a)), *params)


def witness(name: str, params: list[int], pool: list[int], rng: random.Random) -> list[int] | None:
    """A list of values (after the steps) on which the claim fails, built from the flaw, or None; ``pool``: the
    values the steps can produce."""
    if len(pool) < 2 and name not in ("residue", "counting"):
        return None
    low, high = sorted(rng.sample(pool, 2)) if len(pool) >= 2 else (pool[0], pool[0])
    if name in ("bubble", "bubble_twice"):  # the smallest value needs more passes than there are to reach the front
        return [high] * (params[0] + 1) + [low]
    if name == "insertion":  # neighbours closer than the slack are never swapped
        close = [(x, y) for x in pool for y in pool if 0 < y - x <= params[0]]
        return list(rng.choice(close))[::-1] if close else None
    if name == "window":
        if len(pool) < params[0] + 1:
            return None
        values = rng.sample(pool, params[0] + 1)
        return values + values[:1]
    if name == "residue":
        matching = [v for v in pool if v % params[0] == params[1]]
        return [rng.choice(matching)] * 2 if matching else None
    if name == "counting":
        beyond = [v for v in pool if v >= params[0]]
        return [rng.choice(beyond)] if beyond else None
    if name == "merge":  # the largest value in the second part, which is dropped when the first runs out
        return [low] * (params[0] - 1) + [high]
    values = sorted(rng.sample(pool, min(len(pool), 3)))
    return values if len(values) == 3 else None


class PropertyCounterexample(Environment):
    id = "code/property_counterexample"
    version = 1
    description = (
        "Find a list on which a flawed Python list function breaks the property it claims (sorted output, no "
        "repeats, a permutation of its input, or idempotence)."
    )
    difficulty_scales = (
        f"flaw size: d, at most {FLAW_CAP} (bubble passes 1 + d // 4 to 1 + d // 3, dedupe look-back the same, "
        "...); values allowed: 0 to 5 + d (slower past d=100); element-wise steps in front of sorts and dedupes: "
        f"d // 5 up to {MOST_STEPS}; list length: what the flaw needs, plus 0 to 2"
    )
    size_name = "largest value allowed"
    answer_format = "a list of integers, e.g. [3, 1, 2]"
    tags = ("code", "testing", "counterexample", "lists")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=10**6)
        flaw = min(lvl, FLAW_CAP)
        largest = 5 + min(lvl, 10**6)
        while True:
            name = rng.choice(sorted(FUNCTIONS))
            claim, _, _, parameter = FUNCTIONS[name]
            params = [rng.randint(*parameter(flaw))]
            if name == "residue":
                params.append(rng.randrange(params[0]))
            if name == "counting":
                params = [min(params[0], largest - 1)]
            # Steps only in front of a sort or a dedupe: they change values, which would break a permutation
            # claim or idempotence by themselves.
            count = min(lvl // 5, MOST_STEPS) if claim in ("sorted", "distinct") else 0
            steps = draw_steps(rng, count, largest)
            # The values the steps can produce, each with an input value that gives it.
            preimage: dict[int, int] = {}
            for value in range(min(largest, 200) + 1):
                out = apply_steps(steps, [value])
                if out:
                    preimage.setdefault(out[0], value)
            found = witness(name, params, sorted(preimage), rng)
            if found is None:
                continue
            given = [preimage[value] for value in found]
            data = {"function": name, "params": params, "steps": steps}
            if not holds(claim, make_function(data), given):
                break
        data.update(claim=claim, largest=largest, longest=len(given) + rng.randint(0, 2))
        source = "def f(a):\n    a = list(a)\n" + "".join(step_source(step) + "\n" for step in steps)
        template = FUNCTIONS[name][1]
        source += template.format(k=params[0], r=params[1] if len(params) > 1 else 0) + "\n"
        prompt = (
            f"Here is a Python function on lists of integers:\n\n```python\n{source}```\n\n"
            f"Its author claims that f {CLAIMS[claim]}. Find a list a of at most {data['longest']} integers, each "
            f"between 0 and {largest}, for which the claim fails. Any such list is accepted.\n"
            "Write the list in brackets, for example [3, 1, 2]."
        )
        return Instance(prompt=prompt, answer=str(given), data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        longest, largest = data["longest"], data["largest"]
        text = answer.strip()
        if text.startswith("a") and text[1:].lstrip().startswith("="):  # a = [...]
            text = text[1:].lstrip()[1:]
        given = parse_int_list(text, max_items=longest + 1, max_digits=len(str(largest)) + 1)
        if len(given) > longest:
            return Verdict.wrong(f"the list may have at most {longest} integers")
        if not all(0 <= value <= largest for value in given):
            return Verdict.wrong(f"every integer must be between 0 and {largest}")
        if holds(data["claim"], make_function(data), given):
            return Verdict.wrong(f"the claim holds for {given}")
        return Verdict.right()
