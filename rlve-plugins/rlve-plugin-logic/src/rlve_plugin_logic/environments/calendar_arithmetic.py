"""logic/calendar_arithmetic: the date, or the day of the week, some days or business days after a date.

The start date's weekday is given, so the task is counting through months and (Gregorian) leap years, not
recalling a weekday formula. Spans grow with the difficulty, so longer spans cross more leap-year rules.
"""

from __future__ import annotations

import datetime
import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MODES = ("date", "weekday", "business")
_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_MIN_START = datetime.date(1600, 1, 1).toordinal()
_MAX_START = datetime.date(2400, 12, 31).toordinal()


def plan(difficulty: int) -> int:
    """The largest span in days: 10 + 60 L (L = level, capped at 1000, so at most 60,010 days)."""
    return 10 + 60 * level(difficulty, cap=1000)


def add_business_days(start: datetime.date, count: int) -> datetime.date:
    """The ``count``-th Monday-to-Friday day strictly after ``start`` (``count`` >= 1), in O(1) weeks arithmetic."""
    weeks, rest = divmod(count, 5)
    day = start + datetime.timedelta(days=7 * weeks)
    if rest == 0:  # `day` falls on start's weekday; from a weekend start, step back to the Friday
        while day.weekday() >= 5:
            day -= datetime.timedelta(days=1)
        return day
    while rest:
        day += datetime.timedelta(days=1)
        if day.weekday() < 5:
            rest -= 1
    return day


class CalendarArithmetic(Environment):
    id = "logic/calendar_arithmetic"
    version = 1
    description = "Give the date or weekday a number of days (or business days) after a date, Gregorian calendar."
    difficulty_scales = "spans up to 10 + 60 L days (L = d up to 100, then +20 per doubling, capped at 1000)"
    size_name = "largest span in days"
    answer_format = "a date as YYYY-MM-DD (for example 2024-03-01), or a weekday name such as Tuesday, as asked"
    tags = ("logic", "arithmetic", "calendar", "dates")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        span = plan(difficulty)
        mode = _MODES[difficulty % 3] if difficulty < 3 else rng.choice(_MODES)
        start = datetime.date.fromordinal(rng.randint(_MIN_START, _MAX_START))
        count = rng.randint(max(1, span // 2), span)
        intro = (
            "Use the Gregorian calendar: months have 31, 28 (29 in a leap year), 31, 30, 31, 30, 31, 31, 30, 31, "
            "30, 31 days; a year is a leap year when it is divisible by 4, except years divisible by 100, which "
            f"are leap years only when also divisible by 400.\nThe date {start.isoformat()} (YYYY-MM-DD) is a "
            f"{WEEKDAYS[start.weekday()]}.\n"
        )
        if mode == "business":
            end = add_business_days(start, count)
            question = (
                f"Business days are Monday to Friday (there are no holidays). Which date is {count} business days "
                f"after {start.isoformat()}, that is, the {count}-th business day strictly after it? Answer with "
                "the date as YYYY-MM-DD."
            )
            answer = end.isoformat()
        else:
            end = start + datetime.timedelta(days=count)
            if mode == "date":
                question = f"Which date is {count} days after {start.isoformat()}? Answer with the date as YYYY-MM-DD."
                answer = end.isoformat()
            else:
                question = (
                    f"On which day of the week does the date {count} days after {start.isoformat()} fall? "
                    "Answer with the weekday's name, for example Tuesday."
                )
                answer = WEEKDAYS[end.weekday()]
        data = {"mode": "weekday" if mode == "weekday" else "date", "end": end.toordinal()}
        return Instance(prompt=intro + question, answer=answer, data=data, size=span)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        end = datetime.date.fromordinal(data["end"])
        text = answer.strip().rstrip(".").strip()
        if len(text) > 40:
            raise ParseError("the answer is too long for a date or a weekday")
        if data["mode"] == "weekday":
            word = text.lower()
            matches = [day for day in WEEKDAYS if word in (day.lower(), day[:3].lower())]
            if not matches:
                raise ParseError(f"expected a weekday name such as Tuesday, got {text[:20]!r}")
            if matches[0] != WEEKDAYS[end.weekday()]:
                return Verdict.wrong(f"{matches[0]} is not the right weekday")
            return Verdict.right()
        found = _DATE.fullmatch(text)
        if not found:
            raise ParseError("expected a date as YYYY-MM-DD")
        try:
            given = datetime.date(*(int(part) for part in found.groups()))
        except ValueError:
            raise ParseError(f"{text} is not a valid date") from None
        if given != end:
            return Verdict.wrong(f"{given.isoformat()} is not the right date")
        return Verdict.right()
