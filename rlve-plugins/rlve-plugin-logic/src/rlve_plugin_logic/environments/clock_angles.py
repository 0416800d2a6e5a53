"""logic/clock_angles: the smaller angle between the hour and minute hands of a clock, exactly.

From d = 1 the dial is not the usual one: it shows ``H`` hours (the hour hand turns once in ``H`` hours, the
minute hand still once an hour), so memorised 12-hour shortcuts do not help; from d = 4 seconds are given
too, and the second hand pushes both hands smoothly. The angle is a rational number of degrees.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_logic.number_answers import read_fraction

_UNITS = ("degrees", "degree", "deg", "°")


def plan(difficulty: int) -> tuple[int, bool]:
    """(hours on the dial, whether seconds are given): 12 + L hours (L = level, capped at 1000); seconds from d 4."""
    return 12 + level(difficulty, cap=1000), difficulty >= 4


def hand_angle(dial_hours: int, hours: int, minutes: int, seconds: int) -> Fraction:
    """The smaller angle in degrees, 0 to 180, between the hands at ``hours:minutes:seconds``."""
    elapsed = Fraction(hours * 3600 + minutes * 60 + seconds)  # seconds since the hour hand pointed straight up
    hour_hand = elapsed * 360 / (dial_hours * 3600)
    minute_hand = (elapsed % 3600) * 360 / 3600
    gap = abs(hour_hand - minute_hand) % 360
    return min(gap, 360 - gap)


class ClockAngles(Environment):
    id = "logic/clock_angles"
    version = 1
    description = "Give the exact smaller angle between the hour and minute hands of a clock (H-hour dial) at a time."
    difficulty_scales = (
        "hours on the dial 12 + L (L = d up to 100, then +20 per doubling, capped at 1000); seconds from d 4"
    )
    size_name = "hours on the dial"
    answer_format = "the angle in degrees as an integer or a reduced fraction a/b, for example 105/2"
    tags = ("logic", "arithmetic", "clock", "exact")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        dial, with_seconds = plan(difficulty)
        hours, minutes = rng.randrange(dial), rng.randrange(60)
        seconds = rng.randrange(60) if with_seconds else 0
        time = f"{hours}:{minutes:02d}:{seconds:02d}" if with_seconds else f"{hours}:{minutes:02d}"
        angle = hand_angle(dial, hours, minutes, seconds)
        prompt = (
            f"A clock has a dial marked with {dial} hours, 0 at the top, evenly spaced clockwise. Its hour hand "
            f"turns once round the dial every {dial} hours and its minute hand once every 60 minutes; both move "
            "smoothly and continuously (never in jumps), and both point straight up at 0:00"
            + (":00" if with_seconds else "")
            + f". The clock reads {time} ({'hours:minutes:seconds' if with_seconds else 'hours:minutes'}, "
            f"hours counted from 0 to {dial - 1}).\n"
            "What is the smaller angle between the hour hand and the minute hand, in degrees (from 0 to 180)? "
            "Give it exactly, as an integer or a fraction a/b in lowest terms, for example 105/2."
        )
        answer = str(angle.numerator) if angle.denominator == 1 else f"{angle.numerator}/{angle.denominator}"
        data = {"angle": [angle.numerator, angle.denominator]}
        return Instance(prompt=prompt, answer=answer, data=data, size=dial)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        value = read_fraction(answer, _UNITS)
        if value != Fraction(*data["angle"]):
            return Verdict.wrong(f"{value} degrees is not the angle between the hands")
        return Verdict.right()
