"""logic/bridge_and_torch: get everyone across a narrow bridge at night in the least total time."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.names import person_names
from rlve_plugin_logic.reading import split_moves

_GROUP_SPLIT = re.compile(r"\s*(?:\band\b|&|\+|\s)\s*", re.IGNORECASE)


def people_count(difficulty: int) -> int:
    """3 + L people to level 30, then one more per two levels."""
    return 3 + slow(level(difficulty), 1, 2, knee=30)


def optimal_schedule(times: list[int]) -> tuple[int, list[list[int]]]:
    """The least total time and a schedule reaching it (crossings as lists of person indices).

    The classic result for a bridge that holds two: with times sorted t1 <= t2 <= ..., while more than
    three people wait, the two slowest cross either escorted by the fastest twice (2 t1 + t(n-1) + tn) or
    as a pair after the two fastest shuttle (t1 + 2 t2 + tn), whichever is less; three finish in
    t1 + t2 + t3, two in t2, one in t1 (Rote, "Crossing the bridge at night", 2002).
    """
    order = sorted(range(len(times)), key=lambda i: (times[i], i))
    waiting = list(order)
    total, schedule = 0, []
    while len(waiting) > 3:
        a, b, y, z = waiting[0], waiting[1], waiting[-2], waiting[-1]
        escorted = 2 * times[a] + times[y] + times[z]
        paired = times[a] + 2 * times[b] + times[z]
        if paired <= escorted:
            schedule += [[a, b], [a], [y, z], [b]]
            total += paired
        else:
            schedule += [[a, z], [a], [a, y], [a]]
            total += escorted
        waiting = waiting[:-2]
    if len(waiting) == 3:
        a, b, c = waiting
        schedule += [[a, c], [a], [a, b]]
        total += times[a] + times[b] + times[c]
    elif len(waiting) == 2:
        schedule.append(waiting)
        total += times[waiting[1]]
    else:
        schedule.append(waiting)
        total += times[waiting[0]]
    return total, schedule


class BridgeAndTorch(Environment):
    id = "logic/bridge_and_torch"
    version = 1
    description = "Bridge and torch: get everyone across a bridge that holds two, with one torch, in the least time."
    difficulty_scales = (
        "people 3 + L (to level 30, then one more per two levels); crossing times from 1 to 2 + 3 x people"
    )
    size_name = "people"
    answer_format = (
        "the crossings in order, separated by commas, each crossing the names of the people on it joined by and, "
        "alternating over and back, for example Alice and Bob, Alice, Alice and Carol"
    )
    tags = ("logic", "puzzle", "planning", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n = people_count(difficulty)
        names = person_names(n, rng)
        times = sorted(rng.sample(range(1, 3 + 3 * n), n))
        rng.shuffle(times)
        total, schedule = optimal_schedule(times)
        listed = ", ".join(f"{name} takes {t} minute{'s' if t > 1 else ''}" for name, t in zip(names, times))
        prompt = (
            f"{n} people must cross a narrow bridge at night. The bridge holds at most two people at a time, and "
            "they have a single torch, which must be carried on every crossing (nobody can cross without it, and "
            "it cannot be thrown back). A crossing takes as long as the slower of the people on it. On their own: "
            f"{listed}. Everyone starts on the same side. Get everyone to the other side in the least possible "
            "total time: only a fastest schedule counts."
        )
        answer = ", ".join(" and ".join(names[i] for i in crossing) for crossing in schedule)
        data = {"names": names, "times": times, "best": total}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        names, times, best = data["names"], data["times"], data["best"]
        n = len(names)
        index = {name.lower(): i for i, name in enumerate(names)}
        crossings = split_moves(answer, 2 * n + 4, chars_per_move=40)
        near, torch_near, total = set(range(n)), True, 0
        for number, raw in enumerate(crossings, start=1):
            piece = " ".join(raw.split())
            if len(piece) > 60:
                raise ParseError(f"crossing {number} is too long: {piece[:40]!r}")
            words = [w for w in _GROUP_SPLIT.split(piece) if w]
            if not 1 <= len(words) <= 2:
                raise ParseError(f"crossing {number}: expected one or two names, got {raw[:40]!r}")
            group = []
            for word in words:
                person = index.get(word.lower())
                if person is None:
                    raise ParseError(f"crossing {number}: {word[:20]!r} is not one of the people")
                group.append(person)
            if len(set(group)) != len(group):
                return Verdict.wrong(f"crossing {number} names the same person twice")
            side = near if torch_near else set(range(n)) - near
            if any(p not in side for p in group):
                where = "over" if torch_near else "back"
                return Verdict.wrong(f"crossing {number} ({where}): not everyone named is on the side with the torch")
            for p in group:
                (near.discard if torch_near else near.add)(p)
            torch_near = not torch_near
            total += max(times[p] for p in group)
        if near:
            return Verdict.wrong(f"{len(near)} people are still on the starting side")
        if total > best:
            return Verdict.wrong(f"the schedule takes {total} minutes; the least possible is {best}")
        return Verdict.right()
