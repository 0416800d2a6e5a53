"""logic/time_zone_travel: the local date and time at the end of a multi-leg journey across time zones.

The first flight leaves at a local date and time; each flight has a duration; each connection is a layover
of a given length or (from d 3) "the first flight at HH:MM local time after landing", which needs the local
time at the connecting airport. UTC offsets are stated for every airport: whole hours at first, half and
three-quarter hours from d 5, the full range -12:00 to +14:00 (across the date line) from d 7, and from
d 10 the destination may switch offset (daylight saving time) at a stated UTC instant near the arrival.
Times are minutes since 1970 in UTC; ``datetime`` only formats them.
"""

from __future__ import annotations

import datetime
import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level

LOCAL_CONNECTIONS_FROM = 3
ODD_OFFSETS_FROM = 5
WIDE_OFFSETS_FROM = 7
DST_FROM = 10
_EPOCH = datetime.datetime(1970, 1, 1)
_STAMP = re.compile(r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:\s*[t ,]\s*|\s+at\s+)([0-9]{1,2}):([0-9]{2})", re.I)
_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def plan(difficulty: int) -> int:
    """Flights: 1 + L (L = level, capped at 50)."""
    return 1 + level(difficulty, cap=50)


def stamp(minutes: int) -> str:
    """``YYYY-MM-DD HH:MM`` for a count of minutes since 1970-01-01 00:00."""
    return (_EPOCH + datetime.timedelta(minutes=minutes)).strftime("%Y-%m-%d %H:%M")


def offset_text(offset: int) -> str:
    return f"UTC{'+' if offset >= 0 else '-'}{abs(offset) // 60:02d}:{abs(offset) % 60:02d}"


def span_text(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest:02d} min"


def _offset(difficulty: int, rng: random.Random) -> int:
    low, high = (-12, 14) if difficulty >= WIDE_OFFSETS_FROM else (-8, 9)
    hours = rng.randint(low, high)
    extra = rng.choice((0, 0, 30, 45)) if difficulty >= ODD_OFFSETS_FROM and -12 < hours < 14 else 0
    return 60 * hours + (extra if hours >= 0 else -extra)


def _codes(count: int, rng: random.Random) -> list[str]:
    codes: list[str] = []  # a list, not a set: the order must not depend on string hashing
    while len(codes) < count:
        code = "".join(rng.choice(_LETTERS) for _ in range(3))
        if code not in codes:
            codes.append(code)
    return codes


class TimeZoneTravel(Environment):
    id = "logic/time_zone_travel"
    version = 1
    description = "A journey of several flights across time zones: the local date and time of the final arrival."
    difficulty_scales = (
        "flights 1 + L (L = d up to 50, then capped); connections at a local clock time from d 3; half and "
        "three-quarter hour offsets from d 5; offsets -12:00 to +14:00 from d 7; a daylight-saving switch at the "
        "destination from d 10"
    )
    size_name = "flights"
    answer_format = "the local date and time as YYYY-MM-DD HH:MM, for example 2024-03-01 07:05"
    tags = ("logic", "temporal-reasoning", "time-zones", "dates")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        flights = plan(difficulty)
        codes = _codes(flights + 1, rng)
        offsets = [_offset(difficulty, rng) for _ in codes]
        start = datetime.datetime(rng.randint(2000, 2040), 1, 1) + datetime.timedelta(days=rng.randrange(365))
        now = int((start - _EPOCH).total_seconds()) // 60 + 5 * rng.randrange(288)  # UTC minutes
        lines = [f"- {code}: {offset_text(offset)}" for code, offset in zip(codes[:-1], offsets[:-1])]
        duration = 5 * rng.randint(6, 200)
        legs = [f"1. The first flight leaves {codes[0]} at {stamp(now + offsets[0])} local time and flies for "
                f"{span_text(duration)}, to {codes[1]}."]
        now += duration
        for leg in range(1, flights):
            wait = 5 * rng.randint(9, 280 if difficulty >= LOCAL_CONNECTIONS_FROM else 100)
            duration = 5 * rng.randint(6, 200)
            here, there = codes[leg], codes[leg + 1]
            if difficulty >= LOCAL_CONNECTIONS_FROM and rng.random() < 0.5:
                clock = stamp(now + wait + offsets[leg])[-5:]
                how = f"takes the first flight leaving {here} at {clock} local time after landing"
            else:
                how = f"waits {span_text(wait)} in {here}, then takes a flight"
            legs.append(f"{leg + 1}. The traveller {how}, flying for {span_text(duration)}, to {there}.")
            now += wait + duration
        destination, offset = codes[-1], offsets[-1]
        if difficulty >= DST_FROM and rng.random() < 0.6:
            switch = now + 15 * rng.randint(-150, 150)  # within about a day and a half of the landing
            shift = rng.choice((-60, 60)) if -11 * 60 <= offset <= 13 * 60 else (60 if offset < 0 else -60)
            before, after = offset + shift, offset  # clocks go forward or back an hour, within -12:00 to +14:00
            lines.append(
                f"- {destination}: {offset_text(before)} before {stamp(switch)} UTC, and {offset_text(after)} from "
                "that instant on (a daylight-saving change)"
            )
            offset = before if now < switch else after
        else:
            lines.append(f"- {destination}: {offset_text(offset)}")
        rng.shuffle(lines)
        prompt = (
            f"A traveller makes {flights} flight{'s' if flights > 1 else ''} in a row. Local time at each airport is "
            "UTC plus that airport's UTC offset (at UTC+05:30, 12:00 UTC is 17:30 local time; at UTC-03:00 it is "
            "09:00). Offsets:\n" + "\n".join(lines) + "\nThe journey:\n" + "\n".join(legs)
            + "\nFlight times are exact and there are no other delays; a flight leaving at a local clock time "
            "leaves at the first moment after landing that the local clock shows that time. Dates are Gregorian, "
            f"written YYYY-MM-DD. What is the local date and time in {destination} when the last flight lands? "
            "Answer as YYYY-MM-DD HH:MM (24-hour clock)."
        )
        answer = stamp(now + offset)
        return Instance(prompt=prompt, answer=answer, data={"arrival": answer}, size=flights)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = answer.strip().rstrip(".").strip()
        if len(text) > 40:
            raise ParseError("the answer is too long for a date and a time")
        for suffix in ("local time", "local"):
            if text.lower().endswith(suffix):
                text = text[: -len(suffix)].strip()
                break
        found = _STAMP.fullmatch(text)
        if not found:
            raise ParseError("expected the date and time as YYYY-MM-DD HH:MM")
        try:
            given = datetime.datetime(*(int(part) for part in found.groups()))
        except ValueError:
            raise ParseError(f"{text} is not a valid date and time") from None
        if given.strftime("%Y-%m-%d %H:%M") != data["arrival"]:
            return Verdict.wrong(f"the last flight does not land at {given.strftime('%Y-%m-%d %H:%M')} local time")
        return Verdict.right()
