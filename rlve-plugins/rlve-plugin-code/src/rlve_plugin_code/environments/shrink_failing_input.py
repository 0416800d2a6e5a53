"""code/shrink_failing_input: shrink a failing input list to a shortest failing sub-list, as a test-case reducer would.

The shown function ``passes(xs)`` makes one pass over the list, updating a few small trackers (a count of
elements with a property, a running sum modulo m, descents between neighbours, the longest streak of elements
with a property, the last element), and fails when every one of its conditions holds at the end. Because each
tracker's state is small, the shortest failing sub-list (elements kept in order, not necessarily adjacent) is
found exactly by dynamic programming over (position, state): the fewest elements kept to reach each state.
The check runs the same trackers on the answer; the model's text is only read as a list of integers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import isqrt
from typing import Any

from rlve import Instance, Verdict
from rlve.environment import Environment
from rlve.parse import ParseError, parse_int_list
from rlve.scaling import taper

ATTEMPTS = 30
MAX_COUNT = 4
#: Draws that may be discarded because shrinking one element at a time already finds a shortest sub-list.
GREEDY_TRIES = 3
MAX_DROPS = 3
MAX_STREAK = 3


@dataclass(frozen=True)
class Tracker:
    """One thing ``passes`` keeps track of, and the condition on it that must hold for the list to fail.

    kind: "count" (elements with a property), "sum" (modulo m), "drops" (neighbours where the later is
    smaller), "streak" (longest run of consecutive elements with a property), "last" (the last element).
    """

    kind: str
    name: str
    prop: str = ""  # a Python condition on x, for count, streak and last
    bound: int = 0  # the threshold (count, drops, streak) or the residue (sum)
    modulus: int = 0

    def start(self) -> Any:
        return {"count": 0, "sum": 0, "drops": (None, 0), "streak": (0, 0), "last": None}[self.kind]

    def step(self, state: Any, x: int) -> Any:
        """The state after one more element. Counts are capped at ``bound``, and once a threshold is reached the
        rest of the state is forgotten: more changes nothing, and fewer distinct states keep the search fast."""
        if self.kind == "count":
            return min(self.bound, state + holds(self.prop, x))
        if self.kind == "sum":
            return (state + x) % self.modulus
        if self.kind == "drops":
            prev, drops = state
            if drops >= self.bound:
                return state
            drops += prev is not None and x < prev
            return (None, drops) if drops >= self.bound else (x, drops)
        if self.kind == "streak":
            run, best = state
            if best >= self.bound:
                return state
            run = run + 1 if holds(self.prop, x) else 0
            return (0, run) if run >= self.bound else (run, max(best, run))
        return x

    def met(self, state: Any) -> bool:
        if self.kind == "count":
            return state >= self.bound
        if self.kind == "sum":
            return state == self.bound
        if self.kind in ("drops", "streak"):
            return state[1] >= self.bound
        return state is not None and holds(self.prop, state)

    def setup(self) -> list[str]:
        return {
            "count": [f"{self.name} = 0"],
            "sum": [f"{self.name} = 0"],
            "drops": ["prev = None", f"{self.name} = 0"],
            "streak": ["run = 0", f"{self.name} = 0"],
            "last": [f"{self.name} = None"],
        }[self.kind]

    def loop(self) -> list[str]:
        if self.kind == "count":
            return [f"if {self.prop}:", f"    {self.name} += 1"]
        if self.kind == "sum":
            return [f"{self.name} = ({self.name} + x) % {self.modulus}"]
        if self.kind == "drops":
            return ["if prev is not None and x < prev:", f"    {self.name} += 1", "prev = x"]
        if self.kind == "streak":
            return [f"run = run + 1 if {self.prop} else 0", f"{self.name} = max({self.name}, run)"]
        return [f"{self.name} = x"]

    def condition(self) -> str:
        if self.kind == "sum":
            return f"{self.name} == {self.bound}"
        if self.kind == "last":
            return f"{self.name} is not None and {self.prop.replace('x', self.name)}"
        return f"{self.name} >= {self.bound}"


def holds(prop: str, x: int) -> bool:
    """The property as the shown code tests it: "x < v", "x > v", "x == v" or "x % m == r"."""
    parts = prop.split()
    if parts[1] == "%":
        return x % int(parts[2]) == int(parts[4])
    value = int(parts[2])
    return x < value if parts[1] == "<" else x > value if parts[1] == ">" else x == value


def draw_prop(rng: random.Random, values: list[int]) -> str:
    kind = rng.choice(("<", ">", "even", "odd", "=="))
    if kind == "even":
        return "x % 2 == 0"
    if kind == "odd":
        return "x % 2 == 1"
    pivot = rng.choice(values)
    return f"x {kind} {pivot}"


def run_trackers(trackers: list[Tracker], xs: list[int]) -> list[Any]:
    states = [tracker.start() for tracker in trackers]
    for x in xs:
        states = [tracker.step(state, x) for tracker, state in zip(trackers, states)]
    return states


def fails(trackers: list[Tracker], xs: list[int]) -> bool:
    return all(tracker.met(state) for tracker, state in zip(trackers, run_trackers(trackers, xs)))


def shortest_failing(trackers: list[Tracker], xs: list[int]) -> list[int] | None:
    """A shortest failing sub-list of xs, by dynamic programming over the trackers' joint states: after each
    element, the fewest kept elements that reach each joint state (and the sub-list that does)."""
    steps = [{} for _ in trackers]  # memoised transitions: (state, x) -> state, per tracker

    def advance(state: tuple[Any, ...], x: int) -> tuple[Any, ...]:
        after = []
        for tracker, table, part in zip(trackers, steps, state):
            key = (part, x)
            if key not in table:
                table[key] = tracker.step(part, x)
            after.append(table[key])
        return tuple(after)

    start = tuple(tracker.start() for tracker in trackers)
    # state -> (elements kept, the kept elements as a linked list (last, rest) built in O(1) per step)
    best: dict[tuple[Any, ...], tuple[int, Any]] = {start: (0, None)}
    for x in xs:
        grown = dict(best)
        for state, (count, kept) in best.items():
            after = advance(state, x)
            known = grown.get(after)
            if known is None or known[0] > count + 1:
                grown[after] = (count + 1, (x, kept))
        best = grown
    failing = [found for state, found in best.items() if all(t.met(part) for t, part in zip(trackers, state))]
    if not failing:
        return None
    _, kept = min(failing, key=lambda found: found[0])
    elements = []
    while kept is not None:
        elements.append(kept[0])
        kept = kept[1]
    return elements[::-1]


def greedy_shrink(trackers: list[Tracker], xs: list[int]) -> list[int]:
    """What removing one element at a time (while the list still fails) leaves: often longer than the minimum."""
    current = list(xs)
    i = 0
    while i < len(current):
        candidate = current[:i] + current[i + 1 :]
        if fails(trackers, candidate):
            current = candidate
        else:
            i += 1
    return current


def render(trackers: list[Tracker]) -> str:
    lines = ["def passes(xs):"]
    for tracker in trackers:
        lines += [f"    {line}" for line in tracker.setup()]
    lines.append("    for x in xs:")
    for tracker in trackers:
        lines += [f"        {line}" for line in tracker.loop()]
    conditions = " and ".join(f"({tracker.condition()})" if len(trackers) > 1 else tracker.condition()
                              for tracker in trackers)
    lines.append(f"    return not ({conditions})")
    return "\n".join(lines) + "\n"


def length(difficulty: int) -> int:
    t = taper(difficulty)
    return 6 + min(t, 30) + 2 * isqrt(max(0, t - 30))


def threshold(rng: random.Random, reached: int, cap: int) -> int:
    """A threshold the input reaches (so it fails), at least 2 when it can be, at most ``cap``: small thresholds
    keep the trackers' joint states few, so the dynamic programme stays fast."""
    top = max(1, min(reached, cap))
    return rng.randint(min(2, top), top)


def draw_trackers(rng: random.Random, difficulty: int, xs: list[int]) -> list[Tracker]:
    """Trackers whose conditions all hold on ``xs`` (so it fails), with thresholds read off ``xs`` itself."""
    count = 1 if difficulty < 3 else 2 if difficulty < 10 else 3
    kinds = ["count", "sum"] + (["drops", "last"] if difficulty >= 2 else []) + (["streak"] if difficulty >= 5 else [])
    chosen = rng.sample(kinds, min(count, len(kinds)))
    if "drops" in chosen and "last" in chosen:  # both remember the last element: one is enough
        chosen.remove("last")
    if "drops" in chosen and len(chosen) == 3:  # drops has the most states (it remembers the previous element)
        chosen.remove(next(kind for kind in chosen if kind != "drops"))
    trackers = []
    for kind in chosen:
        if kind == "count":
            prop = draw_prop(rng, xs)
            total = run_trackers([Tracker("count", "hits", prop=prop, bound=len(xs))], xs)[0]
            tracker = Tracker("count", "hits", prop=prop, bound=threshold(rng, total, MAX_COUNT))
        elif kind == "sum":
            modulus = rng.randint(3, 7)
            tracker = Tracker("sum", "total", bound=sum(xs) % modulus, modulus=modulus)
        elif kind == "drops":
            drops = run_trackers([Tracker("drops", "drops", bound=len(xs))], xs)[0][1]
            tracker = Tracker("drops", "drops", bound=threshold(rng, drops, MAX_DROPS))
        elif kind == "streak":
            prop = draw_prop(rng, xs)
            best = run_trackers([Tracker("streak", "longest", prop=prop, bound=len(xs))], xs)[0][1]
            tracker = Tracker("streak", "longest", prop=prop, bound=threshold(rng, best, MAX_STREAK))
        else:
            prop = f"x > {rng.randint(min(xs) - 1, xs[-1] - 1)}" if rng.random() < 0.5 else (
                "x % 2 == 0" if xs[-1] % 2 == 0 else "x % 2 == 1")
            tracker = Tracker("last", "last", prop=prop)
        trackers.append(tracker)
    return trackers


class ShrinkFailingInput(Environment):
    id = "code/shrink_failing_input"
    version = 1
    description = (
        "Shrink a failing input list of a generated Python check to a failing sub-list (elements kept in order) "
        "of the fewest possible elements."
    )
    difficulty_scales = (
        "input length: 6 + d (slower past d=30); conditions that must all hold to fail: 1, 2 from d=3, up to 3 "
        "from d=10; counts and sums modulo m from d=0, descents and the last element from d=2, streaks from d=5; "
        "negative values from d=6"
    )
    size_name = "elements of the failing input"
    answer_format = "the sub-list as integers in brackets, e.g. [3, 1, 4]"
    tags = ("code", "testing", "search", "dynamic programming")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = length(difficulty)
        low = -5 if difficulty >= 6 else 0
        chosen = None
        for attempt in range(ATTEMPTS):
            xs = [rng.randint(low, 9) for _ in range(n)]
            trackers = draw_trackers(rng, difficulty, xs)
            if not fails(trackers, xs) or fails(trackers, []):
                continue
            best = shortest_failing(trackers, xs)
            if best is None or len(best) < 2:
                continue
            chosen = (xs, trackers, best)
            # Prefer inputs where removing elements one by one does not reach the minimum.
            if attempt >= GREEDY_TRIES or len(greedy_shrink(trackers, xs)) > len(best):
                break
        if chosen is None:  # pragma: no cover - a few draws always qualify
            raise RuntimeError("could not draw a failing input")
        xs, trackers, best = chosen
        prompt = (
            f"A test-case reducer is shrinking a failing input of this Python function:\n\n```python\n"
            f"{render(trackers)}```\n\n"
            f"passes(xs) returns False for this list of {len(xs)} integers:\n\n{xs}\n\n"
            "Give a sub-list of it (some of its elements, kept in their original order, not necessarily adjacent) "
            "for which passes returns False, with as few elements as possible. Any shortest such sub-list is "
            "accepted."
        )
        data = {"xs": xs, "trackers": [tracker.__dict__ for tracker in trackers], "shortest": len(best)}
        return Instance(prompt=prompt, answer=str(best), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        xs = data["xs"]
        got = parse_int_list(answer, max_items=len(xs) + 1, max_digits=6)
        if not got:
            raise ParseError("the answer is an empty list, and the empty list passes")
        if len(got) > len(xs):
            return Verdict.wrong("longer than the input")
        if not is_sub_list(got, xs):
            return Verdict.wrong("not a sub-list of the input (elements must keep their order)")
        trackers = [Tracker(**fields) for fields in data["trackers"]]
        if not fails(trackers, got):
            return Verdict.wrong("passes returns True for this list")
        if len(got) > data["shortest"]:
            return Verdict.wrong(f"it fails, but a failing sub-list of {data['shortest']} elements exists")
        return Verdict.right()


def is_sub_list(small: list[int], big: list[int]) -> bool:
    """Whether ``small`` is ``big`` with some elements left out (greedy matching is exact for this)."""
    position = 0
    for value in small:
        while position < len(big) and big[position] != value:
            position += 1
        if position == len(big):
            return False
        position += 1
    return True
