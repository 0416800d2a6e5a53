"""code/implement_interval_set: write an IntervalSet class over integers, with closed or half-open intervals."""

from __future__ import annotations

import random
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.call_sequences import (
    MethodCallEnvironment,
    example_lines,
    hidden_call_tests,
    kill_near_misses,
    load_reference,
)

# The reference answer: this generic class with HALF_OPEN (True or False) in front of it. Internally the covered
# integers are kept as sorted runs [first, last] that neither overlap nor touch.
REFERENCE = '''
class IntervalSet:
    def __init__(self):
        self.runs = []

    def add(self, lo, hi):
        last = hi - 1 if HALF_OPEN else hi
        if lo > last:
            return None
        kept = []
        for first, end in self.runs:
            if end < lo - 1 or first > last + 1:
                kept.append([first, end])
            else:
                lo, last = min(lo, first), max(last, end)
        kept.append([lo, last])
        self.runs = sorted(kept)
        return None

    def remove(self, lo, hi):
        last = hi - 1 if HALF_OPEN else hi
        if lo > last:
            return None
        kept = []
        for first, end in self.runs:
            if end < lo or first > last:
                kept.append([first, end])
                continue
            if first < lo:
                kept.append([first, lo - 1])
            if end > last:
                kept.append([last + 1, end])
        self.runs = kept
        return None

    def contains(self, x):
        return any(first <= x <= end for first, end in self.runs)

    def covered(self):
        return sum(end - first + 1 for first, end in self.runs)

    def count(self):
        return len(self.runs)

    def intervals(self):
        return [[first, end + 1] if HALF_OPEN else [first, end] for first, end in self.runs]

    def first_free(self, x):
        for first, end in self.runs:
            if first <= x <= end:
                return end + 1
        return x
'''

# Plausible wrong versions of the reference (text replaced: old, new), each with the convention it needs to differ
# (None: either) and the methods of which at least one shows the difference.
_ADD_START = (
    "        last = hi - 1 if HALF_OPEN else hi\n        if lo > last:\n            return None\n        kept = []\n"
)
_ADD_LOOP = "        for first, end in self.runs:\n            if end < lo - 1"
_REMOVE_LOOP = "        for first, end in self.runs:\n            if end < lo or"
_RUNS = ("count", "intervals", "first_free")
NEAR_MISSES = (
    ("if end < lo - 1 or first > last + 1:", "if end < lo or first > last:", None, _RUNS),
    ("if end < lo - 1 or first > last + 1:", "if end < lo - 1 or first > last:", None, _RUNS),
    ("min(lo, first), max(last, end)", "min(lo, first), last", None, ()),
    (_ADD_START + _ADD_LOOP, _ADD_START.replace("hi - 1 if HALF_OPEN else hi", "hi") + _ADD_LOOP, True, ()),
    (_ADD_START + _REMOVE_LOOP, _ADD_START.replace("hi - 1 if HALF_OPEN else hi", "hi") + _REMOVE_LOOP, True,
     ("remove",)),
    (_ADD_START + _ADD_LOOP, _ADD_START.replace("hi - 1 if HALF_OPEN else hi", "hi - 1") + _ADD_LOOP, False, ()),
    (_ADD_START + _ADD_LOOP, _ADD_START.replace("lo > last", "lo > hi") + _ADD_LOOP, True, ("count", "intervals")),
    (_ADD_START + _ADD_LOOP, _ADD_START.replace("lo > last", "lo >= last") + _ADD_LOOP, False, ()),
    ("kept.append([first, lo - 1])", "kept.append([first, lo])", None, ("remove",)),
    ("kept.append([last + 1, end])", "kept.append([last, end])", None, ("remove",)),
    ("first <= x <= end for", "first <= x < end for", None, ()),
    ("sum(end - first + 1 for", "sum(end - first for", None, ()),
    ("[[first, end + 1] if HALF_OPEN else", "[[first, end] if HALF_OPEN else", True, ("intervals",)),
    ("                return end + 1", "                return end", None, ("first_free",)),
)  # fmt: skip


def shows(near_miss: tuple, half_open: bool, methods: list[str]) -> bool:
    """Whether a near miss can differ from the reference on a problem with this convention and these methods."""
    _, _, convention, needs = near_miss
    return (convention is None or convention == half_open) and (not needs or any(m in methods for m in needs))


# The methods a problem has, in the order difficulty brings them in (level: first difficulty), with their text.
METHODS = (
    ("add", 0, "add(lo, hi): adds every integer of the interval to the set; returns None."),
    ("contains", 0, "contains(x): returns True if the integer x is in the set, else False."),
    ("covered", 0, "covered(): returns how many integers are in the set."),
    ("remove", 2, "remove(lo, hi): removes every integer of the interval from the set (those not in it are "
     "ignored); returns None."),
    ("count", 4, "count(): returns the number of maximal runs of consecutive integers in the set (so adding "
     "intervals that overlap or touch, leaving no integer out between them, makes one run)."),
    ("intervals", 6, "intervals(): returns those maximal runs as a list of [lo, hi] pairs (lists or tuples) in "
     "the same interval convention, sorted by lo."),
    ("first_free", 8, "first_free(x): returns the smallest integer >= x that is not in the set."),
)  # fmt: skip


def draw_test(rng: random.Random, cls: Any, methods: list[str], span: int, count: int) -> dict[str, Any]:
    """``count`` calls on a fresh set, results recorded as they are made: intervals short against ``span``,
    often starting or ending right next to what is covered, sometimes empty or reversed."""
    target = cls()
    calls: list[list[Any]] = []
    results: list[Any] = []
    queries = [name for name in methods if name not in ("add", "remove")]
    while len(calls) < count:
        if rng.random() < 0.5:
            method = "remove" if "remove" in methods and target.runs and rng.random() < 0.35 else "add"
            edges = [value for run in target.runs for value in (run[0] - 1, run[0], run[1], run[1] + 1, run[1] + 2)]
            lo = rng.choice(edges) if edges and rng.random() < 0.5 else rng.randrange(span)
            roll = rng.random()
            hi = lo + (rng.randint(-2, 1) if roll < 0.2 else rng.randint(1, max(2, span // 3)))
            args = [lo, hi]
        else:
            method = rng.choice(queries)
            if method in ("contains", "first_free"):
                edges = [value for run in target.runs for value in (run[0] - 1, run[0], run[1], run[1] + 1)]
                args = [rng.choice(edges) if edges and rng.random() < 0.7 else rng.randrange(-1, span + 1)]
            else:
                args = []
        calls.append([method, args])
        results.append(getattr(target, method)(*args))
    return {"args": [[], calls], "expected": results}


class ImplementIntervalSet(MethodCallEnvironment):
    id = "code/implement_interval_set"
    version = 1
    description = (
        "Write an IntervalSet class over integers (add and remove intervals; contains, covered count, runs, "
        "first free integer), with closed or half-open intervals as stated."
    )
    difficulty_scales = (
        "calls per hidden test: 6 + 2d (slower past d=30, at most 120); coordinates: 0 to 12 + 2d (at most 100); "
        "add, contains and covered, then remove from d=2, count from d=4, intervals from d=6, first_free from d=8"
    )
    size_name = "calls per test"
    answer_format = "Python code defining the class IntervalSet (inside a ```python fence or not)"
    tags = ("code", "classes", "data structures", "intervals")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        calls = min(6 + 2 * t, 120)
        span = min(100, 12 + 2 * t)
        half_open = rng.random() < 0.5
        methods = [name for name, first, _ in METHODS if t >= first]
        cls = load_reference(REFERENCE, "IntervalSet", {"HALF_OPEN": half_open})
        tests = [draw_test(rng, cls, methods, span, calls) for _ in range(8)]
        example = draw_test(rng, cls, methods, span, 8)
        near_misses = [
            load_reference(REFERENCE.replace(old, new), "IntervalSet", {"HALF_OPEN": half_open})
            for old, new, *_ in filter(lambda near_miss: shows(near_miss, half_open, methods), NEAR_MISSES)
        ]
        longer = max(calls, 30)
        tests = kill_near_misses(tests, near_misses, lambda: draw_test(rng, cls, methods, span, longer), tries=60)
        if half_open:
            convention = (
                "Intervals are half-open: the interval (lo, hi) holds the integers x with lo <= x < hi, so it is "
                "empty when lo >= hi."
            )
        else:
            convention = (
                "Intervals are closed: the interval (lo, hi) holds the integers x with lo <= x <= hi, so it is "
                "empty when lo > hi."
            )
        method_lines = "\n".join(f"- {text}" for name, _, text in METHODS if name in methods)
        prompt = (
            "Write a Python class IntervalSet that keeps a set of integers, changed and queried by intervals. "
            "IntervalSet() is an empty set. Methods (every argument is an int):\n\n"
            f"{method_lines}\n\n{convention} An empty interval adds or removes nothing.\n\n"
            f"For example, after s = IntervalSet():\n\n{example_lines('s', example)}\n\n"
            f"{hidden_call_tests('an IntervalSet', 'empty and reversed intervals included')}"
        )
        data: dict[str, Any] = {"class": "IntervalSet", "entry": "IntervalSet", "arity": 2, "tests": tests}
        return Instance(prompt=prompt, answer=f"HALF_OPEN = {half_open}\n" + REFERENCE, data=data, size=calls)
