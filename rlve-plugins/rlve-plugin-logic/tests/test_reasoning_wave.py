"""Tests for the reasoning wave: allen_intervals, calendar_arithmetic, clock_angles, liar_chain,
model_counting, work_rates. Every instance is rebuilt from its prompt text and solved independently
(datetime / calendar, Fraction, python-sat model enumeration, brute force)."""

from __future__ import annotations

import calendar
import datetime
import itertools
import re
from fractions import Fraction

import pytest
from logic_test_helpers import assert_right, assert_wrong, env
from pysat.solvers import Solver

SEEDS = range(6)


# --- logic/allen_intervals -------------------------------------------------------------------------------------

_ALLEN_RULES = {
    "before": lambda a, b, c, d: b < c,
    "meets": lambda a, b, c, d: b == c,
    "overlaps": lambda a, b, c, d: a < c < b < d,
    "starts": lambda a, b, c, d: a == c and b < d,
    "during": lambda a, b, c, d: c < a and b < d,
    "finishes": lambda a, b, c, d: b == d and c < a,
    "equals": lambda a, b, c, d: a == c and b == d,
    "after": lambda a, b, c, d: d < a,
    "met-by": lambda a, b, c, d: d == a,
    "overlapped-by": lambda a, b, c, d: c < a < d < b,
    "started-by": lambda a, b, c, d: a == c and d < b,
    "contains": lambda a, b, c, d: a < c and d < b,
    "finished-by": lambda a, b, c, d: b == d and a < c,
}


def _allen_from_prompt(prompt: str) -> str:
    spans: dict[str, tuple[int, int]] = {}
    for name, start, end in re.findall(r"^(\w+) runs from time (-?\d+) to time (-?\d+)\.$", prompt, re.M):
        spans[name] = (int(start), int(end))
    pattern = (
        r"^(\w+) (starts|ends) (exactly when|(\d+) units (after|before)) (\w+) (starts|ends), "
        r"and lasts (\d+) units?\.$"
    )
    for name, own, _, amount, way, ref, ref_point, length in re.findall(pattern, prompt, re.M):
        point = spans[ref][0 if ref_point == "starts" else 1]
        point += 0 if not amount else int(amount) * (1 if way == "after" else -1)
        spans[name] = (point, point + int(length)) if own == "starts" else (point - int(length), point)
    x, y = re.search(r"Which relation does (\w+) \(as X\) stand in to (\w+) \(as Y\)", prompt).groups()
    matching = [name for name, rule in _ALLEN_RULES.items() if rule(*spans[x], *spans[y])]
    assert len(matching) == 1
    assert len(spans) == int(re.search(r"There are (\d+) time intervals", prompt).group(1))
    return matching[0]


@pytest.mark.parametrize("difficulty", [0, 1, 4, 12, 30])
def test_allen_matches_prompt(difficulty: int) -> None:
    for seed in SEEDS:
        problem = env("allen_intervals").sample(difficulty, seed)
        assert _allen_from_prompt(problem.prompt) == problem.answer


def test_allen_answers() -> None:
    seen = set()
    for seed in range(80):
        seen.add(env("allen_intervals").sample(3, seed).answer)
    assert len(seen) == 13  # every relation comes up
    problem = next(p for s in range(80) if (p := env("allen_intervals").sample(2, s)).answer == "met-by")
    for text in ("met-by", "Met by", "met_by.", "  MET-BY "):
        assert_right(problem, text)
    for text in ("meets", "after", "", "met-by met-by", "x" * 500):
        assert_wrong(problem, text)


# --- logic/calendar_arithmetic ---------------------------------------------------------------------------------

def _calendar_from_prompt(prompt: str) -> str:
    start_text, weekday = re.search(r"The date (\d{4}-\d\d-\d\d) \(YYYY-MM-DD\) is a (\w+)\.", prompt).groups()
    start = datetime.date.fromisoformat(start_text)
    assert calendar.day_name[calendar.weekday(start.year, start.month, start.day)] == weekday
    count = int(re.search(r"(\d+) (?:business )?days after", prompt).group(1))
    if "business days after" in prompt:
        day, left = start, count
        while left:
            day += datetime.timedelta(days=1)
            left -= calendar.weekday(day.year, day.month, day.day) < 5
        return day.isoformat()
    end = start + datetime.timedelta(days=count)
    if "day of the week" in prompt:
        return calendar.day_name[end.weekday()]
    return end.isoformat()


@pytest.mark.parametrize("difficulty", [0, 1, 2, 5, 17, 30])
def test_calendar_matches_prompt(difficulty: int) -> None:
    for seed in SEEDS:
        problem = env("calendar_arithmetic").sample(difficulty, seed)
        assert _calendar_from_prompt(problem.prompt) == problem.answer


def test_calendar_answers() -> None:
    dated = env("calendar_arithmetic").sample(0, 0)
    assert "days after" in dated.prompt and "day of the week" not in dated.prompt
    end = datetime.date.fromisoformat(dated.answer)
    assert_right(dated, f" {dated.answer}. ")
    assert_right(dated, f"{end.year}-{end.month}-{end.day}")  # without zero padding
    for wrong in (end - datetime.timedelta(days=1), end + datetime.timedelta(days=1)):
        assert_wrong(dated, wrong.isoformat())
    for text in ("2023-02-30", "tomorrow", "", end.isoformat() * 2):
        assert_wrong(dated, text)
    weekday = env("calendar_arithmetic").sample(1, 0)
    assert weekday.answer in calendar.day_name
    assert_right(weekday, weekday.answer.lower())
    assert_right(weekday, weekday.answer[:3])
    following = calendar.day_name[(list(calendar.day_name).index(weekday.answer) + 1) % 7]
    assert_wrong(weekday, following)
    assert_wrong(weekday, "Funday")


# --- logic/clock_angles ----------------------------------------------------------------------------------------

def _clock_from_prompt(prompt: str) -> Fraction:
    dial = int(re.search(r"marked with (\d+) hours", prompt).group(1))
    hours, minutes, seconds = re.search(r"The clock reads (\d+):(\d\d)(?::(\d\d))?", prompt).groups()
    total_minutes = int(hours) * 60 + int(minutes) + Fraction(int(seconds or 0), 60)
    hour_hand = total_minutes * 360 / (dial * 60) % 360
    minute_hand = (int(minutes) + Fraction(int(seconds or 0), 60)) * 6
    angle = abs(hour_hand - minute_hand)
    return 360 - angle if angle > 180 else angle


@pytest.mark.parametrize("difficulty", [0, 1, 3, 4, 9, 30])
def test_clock_matches_prompt(difficulty: int) -> None:
    for seed in SEEDS:
        problem = env("clock_angles").sample(difficulty, seed)
        assert Fraction(problem.answer) == _clock_from_prompt(problem.prompt)


def test_clock_answers() -> None:
    problem = next(p for s in range(50) if "/" in (p := env("clock_angles").sample(0, s)).answer)
    value = Fraction(problem.answer)
    assert_right(problem, f"{value.numerator * 3}/{value.denominator * 3}")
    assert_right(problem, f"angle = {problem.answer} degrees")
    if value.denominator == 2:
        assert_right(problem, f"{float(value)}")  # an exact decimal
    for text in (f"{value + 1}", f"{360 - value}", f"{value.numerator}", "", "1/0", "ninety", problem.answer * 2):
        assert_wrong(problem, text)


# --- logic/liar_chain ------------------------------------------------------------------------------------------

def _liar_from_prompt(prompt: str) -> int:
    lines = re.findall(r"^\d+\. (.*)$", prompt, re.M)
    n = len(lines)
    tests = []
    for line in lines:
        if found := re.fullmatch(r"Statement (\d+) is (true|false)\.", line):
            k, want = int(found.group(1)) - 1, found.group(2) == "true"
            tests.append(lambda values, k=k, want=want: values[k] == want)
        else:
            count_pattern = r"(Exactly|At least|At most) (\d+) of these statements (?:is|are) true\."
            word, m = re.fullmatch(count_pattern, line).groups()
            compare = {"Exactly": int.__eq__, "At least": int.__ge__, "At most": int.__le__}[word]
            tests.append(lambda values, m=int(m), compare=compare: compare(sum(values), m))
    return sum(
        all(test(values) == values[i] for i, test in enumerate(tests))
        for values in itertools.product((False, True), repeat=n)
    )


@pytest.mark.parametrize("difficulty", [0, 1, 3, 6, 9])
def test_liar_matches_brute_force(difficulty: int) -> None:
    for seed in SEEDS:
        problem = env("liar_chain").sample(difficulty, seed)
        assert _liar_from_prompt(problem.prompt) == int(problem.answer)


def test_liar_answers() -> None:
    counts = {int(env("liar_chain").sample(4, s).answer) for s in range(40)}
    assert 0 in counts and len(counts) >= 3  # no consistent assignment, one, several
    problem = next(p for s in range(40) if int((p := env("liar_chain").sample(4, s)).answer) > 0)
    count = int(problem.answer)
    assert_right(problem, f"{count} assignments")
    assert_right(problem, f"answer: {count}")
    for text in (str(count + 1), str(count - 1), f"0{count}", "-1", "", "two", f"{count} {count}"):
        assert_wrong(problem, text)


# --- logic/model_counting --------------------------------------------------------------------------------------

def _models_from_prompt(prompt: str) -> int:
    variables = int(re.search(r"variables x1 to x(\d+)", prompt).group(1))
    clauses = []
    for text in re.findall(r"^\((.*)\)$", prompt, re.M):
        clauses.append([-int(lit[5:]) if lit.startswith("not ") else int(lit[1:]) for lit in text.split(" or ")])
    clauses += [[v, -v] for v in range(1, variables + 1)]  # so the solver knows every variable
    with Solver(name="m22", bootstrap_with=clauses) as solver:
        return sum(1 for _ in solver.enum_models())


@pytest.mark.parametrize("difficulty", [0, 1, 2, 6, 12, 18])
def test_model_counting_matches_pysat(difficulty: int) -> None:
    for seed in SEEDS[:4]:
        problem = env("model_counting").sample(difficulty, seed)
        assert _models_from_prompt(problem.prompt) == int(problem.answer)


def test_model_counting_answers() -> None:
    problem = env("model_counting").sample(5, 1)
    count = int(problem.answer)
    assert_right(problem, f" {count} satisfying assignments.")
    assert_right(problem, f"{count:,}")
    for text in (str(count + 1), str(count - 1), str(2 ** 5), "", "-3", "1e3", str(count) * 2):
        assert_wrong(problem, text)


# --- logic/work_rates ------------------------------------------------------------------------------------------

def _fill_from_prompt(prompt: str) -> Fraction:
    pattern = r"^- Pipe \w+ alone (fills the empty|empties a full) tank in (\d+) hours; it is opened (\d+) hours"
    pipes = [(int(start), Fraction(1 if kind.startswith("fills") else -1, int(hours)))
             for kind, hours, start in re.findall(pattern, prompt, re.M)]
    # step through the opening times, checking the level stays within [0, 1] and solving for the last stretch
    times = sorted({start for start, _ in pipes})
    level, now = Fraction(0), Fraction(0)
    for index, time in enumerate(times):
        rate = sum(r for start, r in pipes if start <= time)
        end = times[index + 1] if index + 1 < len(times) else None
        if rate > 0 and (end is None or time + (1 - level) / rate <= end):
            return time + (1 - level) / rate
        assert end is not None
        level += rate * (end - time)
        assert level >= 0
        now = end
    raise AssertionError(f"the tank never fills ({now})")


@pytest.mark.parametrize("difficulty", [0, 1, 4, 10, 30])
def test_work_rates_matches_prompt(difficulty: int) -> None:
    for seed in SEEDS:
        problem = env("work_rates").sample(difficulty, seed)
        assert _fill_from_prompt(problem.prompt) == Fraction(problem.answer)


def test_work_rates_answers() -> None:
    problem = next(p for s in range(30) if "/" in (p := env("work_rates").sample(3, s)).answer)
    value = Fraction(problem.answer)
    assert_right(problem, f"{value.numerator * 2}/{value.denominator * 2} hours")
    assert_right(problem, f"t = {problem.answer}")
    for text in (str(value + Fraction(1, value.denominator)), str(int(value)), "", "1/0", "soon", problem.answer * 2):
        assert_wrong(problem, text)
