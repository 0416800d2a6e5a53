"""code/exception_triggering_input: an input for which a function raises a stated exception at a marked line.

The function of n is drawn as for ``code/assertion_failing_input``, with a risky line placed in it: a floor
division by ``expr - c`` (ZeroDivisionError when the value is c), a list indexed by ``expr`` (IndexError outside
``-len .. len - 1``: a negative index counts from the end) or a dict looked up by ``expr`` (KeyError for a value
that is not a key). From d = 3 a second risky line of another kind sits elsewhere: an input on which it raises
first does not count. The constants are chosen so that few inputs of the range raise at the marked line.

The check runs the function in lanes with two probes in place of the risky lines and finds, in the order they
ran, the first probe whose line would raise; nothing the model writes (nor the shown Python) is executed.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve_plugin_code.input_search import (
    CAPPED_AT,
    PROBE,
    LaneRun,
    draw_function,
    function_level,
    function_shape,
    function_steps,
    lane_values,
    observed_expression,
    pack,
    parse_input,
    probe,
    run_lanes,
    statement_paths,
    unpack,
    with_statement,
)
from rlve_plugin_code.programs import VARIABLES, Bin, Const, Expr, OutOfSteps, render, render_expr
from rlve_plugin_code.reading_tasks import MARK

KINDS = ("ZeroDivisionError", "IndexError", "KeyError")
#: The probes: the marked line's and the other risky line's.
MARKED, OTHER = f"{PROBE}_marked", f"{PROBE}_other"
#: At most this share of the inputs of the range raise at the marked line, so that guessing does not pay.
RARE = 8
#: Constants tried on one drawn function before drawing another.
TRIES = 8
#: What a division divides, and the most items of a list or a dict.
DIVIDEND = 60
MOST_ITEMS = 400


def largest_input(difficulty: int) -> int:
    return 10 + 5 * function_level(difficulty)


def raises(kind: str, param: Any, value: int) -> bool:
    """Whether the risky line of ``kind`` with constant ``param`` raises when its expression is ``value``.

    ZeroDivisionError: ``param`` is c, the line divides by ``value - c``; IndexError: ``param`` is (L, c), the
    line indexes a list of length L with ``value - c``; KeyError: ``param`` is (lo, hi), the dict's keys are
    ``range(lo, hi)``."""
    if kind == "ZeroDivisionError":
        return value == param
    if kind == "IndexError":
        length, shift = param
        return not -length <= value - shift < length
    low, high = param
    return not low <= value < high


def draw_param(rng: random.Random, kind: str, seen: list[list[int]], most: int | None) -> Any:
    """A constant for a risky line whose expression takes the values ``seen[lane]`` in each lane that runs it.
    With ``most``, the line raises in 1 to about ``most`` lanes (before another line is taken into account);
    without, in a random share of them. None if it cannot."""
    lanes = [values for values in seen if values]
    if len(lanes) < 2:
        return None
    if kind == "ZeroDivisionError":
        counts: dict[int, int] = {}
        for values in lanes:
            for value in set(values):
                counts[value] = counts.get(value, 0) + 1
        pool = [value for value, count in sorted(counts.items()) if most is None or count <= most]
        return rng.choice(pool) if pool else None
    # A window [low, high) of values that do not raise, cut so that k lanes (at least) go past one end.
    k = rng.randint(1, min(most, len(lanes) - 1)) if most else rng.randint(1, len(lanes) - 1)
    if rng.random() < 0.5:
        high = sorted((max(values) for values in lanes), reverse=True)[k - 1]
        low = min(min(values) for values in lanes) - rng.randint(0, 3)
        if kind == "IndexError" and (high - low) % 2:
            low -= 1
    else:
        low = sorted(min(values) for values in lanes)[k - 1] + 1
        high = max(max(values) for values in lanes) + 1 + rng.randint(0, 3)
        if kind == "IndexError" and (high - low) % 2:
            high += 1
    if high - low < 2 or high - low > MOST_ITEMS:
        return None
    if kind == "IndexError":  # indexes value - c in -L .. L - 1: c in the middle of the window
        return [(high - low) // 2, low + (high - low) // 2]
    return [low, high]


def _minus(expr: Expr, constant: int) -> Expr:
    """``expr - constant``, written without a negative constant."""
    if constant == 0:
        return expr
    return Bin("-" if constant > 0 else "+", expr, Const(abs(constant)))


def risky_line(kind: str, expr: Expr, param: Any, target: str) -> str:
    if kind == "ZeroDivisionError":
        shifted = _minus(expr, param)
        shown = render_expr(shifted)
        return f"{target} = {DIVIDEND} // " + (f"({shown})" if isinstance(shifted, Bin) else shown)
    if kind == "IndexError":
        return f"{target} = ITEMS[{render_expr(_minus(expr, param[1]))}]"
    return f"{target} = TABLE[{render_expr(expr)}]"


def risky_constant(kind: str, param: Any, rng: random.Random) -> str:
    """The global a risky line reads: the list or the dict."""
    if kind == "IndexError":
        return f"ITEMS = [{rng.randint(0, 9)}] * {param[0]}\n"
    low, high = param
    return f"TABLE = {{k: k % {rng.randint(2, 9)} for k in range({low}, {high})}}\n"


def first_raising(events: list[tuple[str, int]], lines: dict[str, tuple[str, Any]]) -> str | None:
    """The probe whose line raises first, given the (probe, value) events of one call in the order they ran."""
    for name, value in events:
        kind, param = lines[name]
        if raises(kind, param, value):
            return name
    return None


def events_by_lane(run: LaneRun, exprs: dict[str, Expr]) -> list[list]:
    """For each input of ``run``, the (probe, value of the probe's expression) of every time a probe ran, in
    the order they ran (a lane's snapshots are in its own order of execution)."""
    events: list[list[tuple[str, int]]] = [[] for _ in run.inputs]
    for snapshot in run.snapshots:
        values = lane_values(exprs[snapshot.probe], snapshot)
        for lane, value in zip(snapshot.lanes, values):
            events[lane].append((snapshot.probe, value))
    return events


class ExceptionTriggeringInput(Environment):
    id = "code/exception_triggering_input"
    version = 1
    description = (
        "Find an input for which a generated Python function raises a stated exception (ZeroDivisionError, "
        "IndexError or KeyError) at a marked line."
    )
    difficulty_scales = (
        f"statements: 3 + d (slower past d=30; no more past d={CAPPED_AT}); inputs allowed: 0 to 10 + 5d; at most "
        "an eighth of them raise at the marked line; a second risky line of another kind from d=3; variables: "
        "2 + d // 6 up to 6; nesting: 2 levels from d=6, 3 from d=14; for loops from d=4, and/or from d=10"
    )
    size_name = "statements"
    answer_format = "a single integer n"
    tags = ("code", "tracing", "search", "exceptions")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        top = largest_input(difficulty)
        inputs = list(range(top + 1))
        budget = function_steps(difficulty)
        names = list(VARIABLES[: function_shape(difficulty).variables])
        most = max(1, len(inputs) // RARE)
        probes = (MARKED, OTHER) if difficulty >= 3 else (MARKED,)
        found = None
        while found is None:
            program = draw_function(rng, difficulty, inputs)
            places = statement_paths(program.body, first=len(names)) + [None]
            for name in probes:  # a path taken before the first insertion still leads to some statement after it
                program = with_statement(program, rng.choice(places), probe(name))
            kinds = dict(zip(probes, rng.sample(KINDS, len(probes))))
            try:
                run = run_lanes(program, inputs, budget)
            except OutOfSteps:  # the probes run in a loop too: a long one may pass the budget
                continue
            for _ in range(TRIES):
                exprs = {name: observed_expression(rng, names) for name in probes}
                events = events_by_lane(run, exprs)
                found = self._constants(rng, events, kinds, most)
                if found is not None:
                    break
        lines, raising = found
        marked_kind = kinds[MARKED]
        source = render(program)
        for name in probes:
            kind, param = lines[name]
            text = risky_line(kind, exprs[name], param, "w" if name == MARKED else "z")
            source = source.replace(f"{name} = 0", text + (f"  {MARK}" if name == MARKED else ""))
        constants = "".join(
            risky_constant(kind, param, rng) for kind, param in lines.values() if kind != "ZeroDivisionError"
        )
        if constants:
            source = constants + "\n\n" + source
        prompt = (
            f"Here is some Python code:\n\n```python\n{source}```\n\n"
            f"Find an integer n with 0 <= n <= {top} for which calling f(n) raises {marked_kind} at the marked "
            "line (an exception raised earlier by another line does not count). Python's usual rules apply: // "
            "by zero raises ZeroDivisionError, a list index outside -len to len - 1 raises IndexError (a negative "
            "index counts from the end), a missing dict key raises KeyError. Any such n is accepted."
        )
        data = {
            "top": top,
            "steps": 4 * budget,
            "program": pack(program),
            "lines": {name: [kind, param] for name, (kind, param) in lines.items()},
            "exprs": {name: pack(expr) for name, expr in exprs.items()},
        }
        return Instance(prompt=prompt, answer=str(rng.choice(raising)), data=data, size=3 + function_level(difficulty))

    @staticmethod
    def _constants(rng: random.Random, events: list[list], kinds: dict[str, str], most: int):
        """Constants for the risky lines such that 1 to ``most`` inputs raise at the marked line first and (with
        two lines) at least one raises at the other line first; returns them and the raising inputs, or None."""
        lines = {}
        for name, kind in kinds.items():
            seen = [[value for probe_name, value in lane if probe_name == name] for lane in events]
            param = draw_param(rng, kind, seen, most if name == MARKED else None)
            if param is None:
                return None
            lines[name] = (kind, param)
        firsts = [first_raising(lane, lines) for lane in events]
        raising = [n for n, first in enumerate(firsts) if first == MARKED]
        if not 1 <= len(raising) <= most or (len(kinds) > 1 and OTHER not in firsts):
            return None
        return lines, raising

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n = parse_input(answer, data["top"])
        if not 0 <= n <= data["top"]:
            return Verdict.wrong(f"n must be between 0 and {data['top']}")
        lines = {name: (kind, param) for name, (kind, param) in data["lines"].items()}
        exprs = {name: unpack(expr) for name, expr in data["exprs"].items()}
        try:
            (events,) = events_by_lane(run_lanes(unpack(data["program"]), [n], data["steps"]), exprs)
        except OutOfSteps:  # pragma: no cover - every input of the range was run when the problem was drawn
            return Verdict.wrong("the function does not finish for this n")
        first = first_raising(events, lines)
        if first is None:
            return Verdict.wrong(f"f({n}) raises no exception")
        if first != MARKED:
            return Verdict.wrong(f"f({n}) raises {lines[first][0]} at another line before reaching the marked one")
        return Verdict.right()
