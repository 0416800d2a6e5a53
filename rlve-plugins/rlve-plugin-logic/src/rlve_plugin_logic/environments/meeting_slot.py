"""logic/meeting_slot: the earliest start of a meeting that fits every person's working hours and busy times.

Each person has a working window and busy intervals on one day, in their own local time; from d 3 people
live in different time zones (whole-hour UTC offsets, half and three-quarter hours from d 10) and the answer
is in UTC. Intervals are half-open, so a meeting may start the minute a busy interval ends. The earliest
fitting start is always a working-hours start or a busy-interval end, so only those are tried. About a
sixth of the days have no slot at all.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_logic.names import person_names

ZONES_FROM = 3
ODD_OFFSETS_FROM = 10
FINE_GRAIN_FROM = 6
_TIME = re.compile(r"([0-9]{1,2}):([0-9]{2})(?:\s*utc)?", re.IGNORECASE)
_NONE = ("none", "no slot", "no time", "impossible", "no meeting")


def plan(difficulty: int) -> tuple[int, int]:
    """(busy intervals in all, people): busy intervals 2 + L (L = level, capped at 80); people 2 + L/4, at most
    10."""
    lvl = level(difficulty, cap=80)
    return 2 + lvl, min(10, 2 + lvl // 4)


def clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def offset_text(offset: int) -> str:
    sign = "+" if offset >= 0 else "-"
    return f"UTC{sign}{clock(abs(offset))}"


def earliest_start(people: list[dict[str, Any]], length: int) -> int | None:
    """The earliest UTC minute a meeting of ``length`` minutes fits everyone, or None. People are dicts with
    ``offset``, ``work`` (start, end) and ``busy`` [(start, end), ...], all in local minutes."""
    spans = []
    for person in people:
        shift = person["offset"]
        start, end = person["work"]
        spans.append((start - shift, end - shift, [(a - shift, b - shift) for a, b in person["busy"]]))
    candidates = sorted({s for s, _, _ in spans} | {b for _, _, busy in spans for _, b in busy})
    for begin in candidates:
        finish = begin + length
        if all(s <= begin and finish <= e and all(b <= begin or finish <= a for a, b in busy)
               for s, e, busy in spans):
            return begin
    return None


def _draw(people_count: int, busy_count: int, zones: bool, odd: bool, grain: int, slot: tuple[int, int] | None,
          rng: random.Random) -> list[dict[str, Any]]:
    """People with working hours and busy intervals; with ``slot`` (UTC start, length) every working window
    contains it, no busy interval overlaps it, and some busy intervals end where it starts or start where it
    ends, so it is tight (an earlier start may still fit)."""
    people = []
    for _ in range(people_count):
        offset = 0
        if zones:
            offset = 60 * rng.randint(-4, 4) + (rng.choice((0, 0, 30, 45)) if odd else 0)
        start = 60 * rng.randint(6, 10) + rng.choice((0, 30))
        end = 60 * rng.randint(15, 19) + rng.choice((0, 30))
        if slot is not None:
            start = min(start, (slot[0] + offset) // 30 * 30)
            end = max(end, -(-(slot[0] + offset + slot[1]) // 30) * 30)
        people.append({"offset": offset, "work": (start, end), "busy": []})
    index = 0
    while index < busy_count:
        person = people[index % people_count] if index < people_count else rng.choice(people)
        work_start, work_end = person["work"]
        length = grain * rng.randint(1, 120 // grain + 2)
        local = None if slot is None else slot[0] + person["offset"]  # the slot's start in this person's time
        if local is not None and rng.random() < 0.3:  # hug the slot: end where it starts or start where it ends
            begin = local - length if rng.random() < 0.5 else local + slot[1]
        else:
            begin = grain * rng.randint((work_start - 60) // grain, (work_end - length) // grain)
        if local is not None and begin < local + slot[1] and local < begin + length:
            continue  # it would overlap the planted slot
        person["busy"].append((begin, begin + length))
        index += 1
    for person in people:
        person["busy"].sort()
    return people


class MeetingSlot(Environment):
    id = "logic/meeting_slot"
    version = 1
    description = "Find the earliest start of a meeting that fits everyone's working hours and busy times."
    difficulty_scales = (
        "busy intervals 2 + L (L = d up to 80, then capped) over 2 + L/4 people (at most 10); time zones from "
        "d 3 (half and three-quarter hour offsets from d 10); 5-minute times from d 6"
    )
    size_name = "busy intervals"
    answer_format = "a time as HH:MM (24-hour clock), for example 13:45, or the word none"
    tags = ("logic", "temporal-reasoning", "scheduling", "time-zones")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        busy_count, people_count = plan(difficulty)
        zones, odd = difficulty >= ZONES_FROM, difficulty >= ODD_OFFSETS_FROM
        grain = 5 if difficulty >= FINE_GRAIN_FROM else 15
        want_none = rng.random() < 1 / 6
        for _ in range(30):  # a day without a slot is drawn at random until one comes (any day after 30 tries)
            length = grain * rng.randint(30 // grain, 120 // grain)
            slot = None if want_none else (grain * rng.randint(10 * 60 // grain, 14 * 60 // grain), length)
            people = _draw(people_count, busy_count, zones, odd, grain, slot, rng)
            start = earliest_start(people, length)
            if (start is None) == want_none:
                break
        names = person_names(people_count, rng)
        lines = []
        for name, person in zip(names, people):
            zone = f" (local time is {offset_text(person['offset'])})" if zones else ""
            busy = ", ".join(f"{clock(a)}-{clock(b)}" for a, b in person["busy"]) or "nothing"
            lines.append(f"- {name}{zone}: works {clock(person['work'][0])}-{clock(person['work'][1])}; "
                         f"busy {busy}.")
        where = "in UTC " if zones else ""
        prompt = (
            f"{people_count} people want a meeting of {length} minutes on the same day. Times are on a 24-hour "
            "clock" + (", each person's in their own local time; a local time minus the UTC offset is the UTC "
            "time (10:00 at UTC+02:00 is 08:00 UTC)" if zones else "") + ". Every interval includes its start "
            "minute and excludes its end minute: a meeting may start at the minute a busy interval ends, and may "
            "end at the minute one starts. The meeting must lie inside everyone's working hours and overlap no "
            "one's busy intervals; it may start at any whole minute. All times fall on the same "
            + ("UTC " if zones else "") + "day.\n" + "\n".join(lines)
            + f"\nWhat is the earliest start time {where}of a meeting that fits everyone? Answer with the time as "
            "HH:MM, or with the word none if there is no such time."
        )
        answer = "none" if start is None else clock(start)
        return Instance(prompt=prompt, answer=answer, data={"start": start}, size=busy_count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = answer.strip().rstrip(".").strip()
        if len(text) > 30:
            raise ParseError("the answer is too long for one time")
        if text.lower() in _NONE:
            return Verdict.wrong("a meeting does fit") if data["start"] is not None else Verdict.right()
        found = _TIME.fullmatch(text)
        if not found:
            raise ParseError("expected a time as HH:MM, or none")
        hours, minutes = int(found.group(1)), int(found.group(2))
        if hours > 23 or minutes > 59:
            raise ParseError(f"{text} is not a time of day")
        if data["start"] is None:
            return Verdict.wrong("no meeting fits everyone")
        if 60 * hours + minutes != data["start"]:
            return Verdict.wrong(f"{clock(60 * hours + minutes)} is not the earliest start that fits")
        return Verdict.right()
