"""logic/epistemic_announcements: a Cheryl's-birthday puzzle. Two people are each told one part of a date from a
public list; from what they say in turn about their own and each other's knowledge, find the date.

Statements are public announcements: each keeps the dates on which it is true, evaluated against the dates
still possible just before it. The generator draws a list of dates, then says random statements that each
rule out some dates but not all, until one date is left (drawing a new list if it gets stuck): the answer
is unique by construction.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.names import person_names

MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip
#: The most candidate dates (12 months x 31 days would allow 372; past this prompts only get longer).
MAX_DATES = 120
#: Statement kinds, each the parts it asserts: the speaker doesn't know / knows the date; the speaker knows the
#: other doesn't know it.
KINDS = (("dont_know",), ("know",), ("knows_other_doesnt",), ("dont_know", "knows_other_doesnt"))
#: The share of its months x days pairs a list of dates takes (where 28 days allow it).
DENSITY = 0.4
#: The longest sequence of statements searched for.
MAX_STATEMENTS = 8
#: Announcements evaluated in the search for one list of dates before another list is drawn.
SEARCH_CALLS = 150
_ANSWER = re.compile(
    r"^([A-Za-z]{3,9})\.?\s*([0-9]{1,2})(?:st|nd|rd|th)?$|^([0-9]{1,2})(?:st|nd|rd|th)?\s*(?:of\s+)?([A-Za-z]{3,9})$"
)

Date = tuple[int, int]  # (month index 0-11, day 1-28)


def date_count(difficulty: int) -> int:
    """6 + L dates up to level 30 (one more per level), then one more per two levels, at most ``MAX_DATES``."""
    return min(MAX_DATES, 6 + slow(level(difficulty), 1, 2, knee=30))


def announce(kind: tuple[str, ...], speaker: int, possible: list[Date]) -> list[Date]:
    """The possible dates on which the speaker's statement of this kind is true.

    Person 0 was told the month and person 1 the day: a person knows the date when no other possible date
    shares that part; "I know that the other doesn't know" holds on a date when no possible date sharing the
    speaker's part lets the other know.
    """
    other = 1 - speaker
    shared = [Counter(d[p] for d in possible) for p in (0, 1)]
    other_might_know = {d[speaker] for d in possible if shared[other][d[other]] == 1}
    left = []
    for d in possible:
        speaker_knows = shared[speaker][d[speaker]] == 1
        if "dont_know" in kind and speaker_knows or "know" in kind and not speaker_knows:
            continue
        if "knows_other_doesnt" in kind and d[speaker] in other_might_know:
            continue
        left.append(d)
    return left


class _Budget:
    """Announcements one search may evaluate; a list of dates whose search runs out of them is drawn again."""

    def __init__(self, calls: int) -> None:
        self.calls = calls


def statements_to_one(
    possible: list[Date], depth: int, rng: random.Random, dead: set[tuple[Date, ...]], budget: _Budget
) -> list[tuple[int, tuple[str, ...]]] | None:
    """Statements, each ruling some dates out, that leave exactly one date; depth-first in random order."""
    if len(possible) == 1:
        return []
    key = tuple(possible)
    if depth == 0 or key in dead or budget.calls <= 0:
        return None
    options = []
    for speaker in (0, 1):
        for kind in KINDS:
            budget.calls -= 1
            left = announce(kind, speaker, possible)
            if 0 < len(left) < len(possible):
                options.append((rng.random(), speaker, kind, left))
    # the statements that rule out the fewest dates first: longer chains of reasoning
    options.sort(key=lambda option: (-len(option[3]), option[0]))
    for _, speaker, kind, left in options:
        rest = statements_to_one(left, depth - 1, rng, dead, budget)
        if rest is not None:
            return [(speaker, kind), *rest]
    dead.add(key)
    return None


def make_puzzle(m: int, rng: random.Random) -> tuple[list[Date], list[tuple[int, tuple[str, ...]]], Date]:
    # sparse lists (about DENSITY of the month-day pairs), so that unique days and months exist to reason about
    months = max(3, min(12, round((m / 2) ** 0.5)))
    days = min(28, max(3, round(m / (months * DENSITY))))
    while True:
        month_pool = rng.sample(range(12), months)
        day_pool = rng.sample(range(1, 29), days)  # a day every month has
        dates = sorted(rng.sample([(a, b) for a in month_pool for b in day_pool], m))
        said = statements_to_one(dates, MAX_STATEMENTS, rng, set(), _Budget(SEARCH_CALLS))
        if said is not None and len(said) >= 2:
            return dates, said, announce_all(dates, said)[0]


def announce_all(dates: list[Date], said: list[tuple[int, tuple[str, ...]]]) -> list[Date]:
    possible = list(dates)
    for speaker, kind in said:
        possible = announce(kind, speaker, possible)
    return possible


def sentence(kind: tuple[str, ...], other: str, first: bool) -> str:
    if kind == ("dont_know",):
        return "I don't know the birthday."
    if kind == ("know",):
        return "I know the birthday." if first else "Now I know the birthday."
    if kind == ("knows_other_doesnt",):
        return f"I know that {other} doesn't know the birthday."
    return f"I don't know the birthday, and I know that {other} doesn't know it either."


def spell(date: Date) -> str:
    return f"{MONTHS[date[0]]} {date[1]}"


def read_date(answer: str) -> Date:
    text = " ".join(answer.strip().rstrip(".").replace(",", " ").split())
    if len(text) > 20:
        raise ParseError("expected one date, such as May 15")
    match = _ANSWER.match(text)
    if not match:
        raise ParseError("expected one date, such as May 15")
    word, day = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
    for index, month in enumerate(MONTHS):
        if word.lower() in (month.lower(), month[:3].lower()):
            return index, int(day)
    raise ParseError(f"{word!r} is not a month")


class EpistemicAnnouncements(Environment):
    id = "logic/epistemic_announcements"
    version = 1
    description = "Cheryl's birthday: find the date from what two people, each told one part, say they know."
    difficulty_scales = (
        f"candidate dates 6 + L (L = d up to 30, then one more per two levels; at most {MAX_DATES}) over about "
        "sqrt(0.8 x dates) months; random statements, each ruling some dates out, until one is left"
    )
    size_name = "candidate dates"
    answer_format = "the date as the month's name and the day, e.g. May 15"
    tags = ("logic", "puzzle", "deduction", "epistemic", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        m = date_count(difficulty)
        dates, said, birthday = make_puzzle(m, rng)
        host, month_holder, day_holder = person_names(3, rng)
        people = (month_holder, day_holder)
        lines = [
            f"{i + 1}. {people[speaker]}: {sentence(kind, people[1 - speaker], i == 0)}"
            for i, (speaker, kind) in enumerate(said)
        ]
        prompt = (
            f"{host}'s birthday is one of these {m} dates:\n\n{', '.join(spell(d) for d in dates)}.\n\n"
            f"{host} tells {month_holder} only the month and {day_holder} only the day of the birthday. Both know "
            "the list and know what kind of information the other was told; both reason perfectly and always tell "
            "the truth. Then they say, in this order:\n\n"
            + "\n".join(lines)
            + "\n\nHow to read the statements: keep a set of possible dates, at first the whole list. At any moment "
            "a person knows the birthday exactly when only one possible date has the part (month or day) that "
            "person was told; a person doesn't know it otherwise. \"I know that X doesn't know\" is true for a "
            "date D when, for every possible date with the same part as D that the speaker was told, X would not "
            "know the birthday if that date were the birthday. Each statement is judged against the possible dates "
            "just before it, and after it every date on which it would be false is no longer possible.\n\n"
            f"Exactly one date is left at the end. When is {host}'s birthday? Answer with the month's name and "
            "the day, e.g. May 15."
        )
        data = {"dates": [list(d) for d in dates], "birthday": list(birthday)}
        return Instance(prompt=prompt, answer=spell(birthday), data=data, size=m)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        date = read_date(answer)
        if list(date) not in data["dates"]:
            return Verdict.wrong(f"{spell(date)} is not one of the candidate dates")
        if list(date) != data["birthday"]:
            return Verdict.wrong(f"{spell(date)} is ruled out by the statements")
        return Verdict.right()
