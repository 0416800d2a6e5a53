"""logic/alibi_timeline: suspects' hour-by-hour alibis in a house of rooms joined by corridors, and sightings;
everyone tells the truth but the culprit, who was alone in a given room at a given hour. Name the culprit.

A suspect s could be the culprit when everyone else's statements hold together (each alibi a walk along the
corridors, nobody else in the crime room at the crime hour, every sighting they report matching) and s has
some walk along the corridors that is in the crime room at the crime hour and meets every sighting others
report of s. The generator walks everyone for real, lets the culprit claim a false but walkable alibi, and
adds true sightings until only the culprit is possible: the answer is unique by construction.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.names import person_names

ROOMS = (
    "kitchen", "library", "hall", "study", "cellar", "garden", "attic", "lounge", "gallery", "chapel",
    "pantry", "conservatory", "ballroom", "armoury", "nursery", "observatory",
)  # fmt: skip
#: The most suspects, reached at absurd levels only.
MAX_SUSPECTS = 40
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9]{0,15}$")


def plan(difficulty: int) -> tuple[int, int, int]:
    """(suspects, rooms, hours): suspects 3 + s (s = L up to 30, then one per two levels, at most 40),
    rooms 4 + s // 3 (at most 16), hours 3 + s // 4 (at most 10)."""
    s = slow(level(difficulty), 1, 2, knee=30)
    return min(MAX_SUSPECTS, 3 + s), min(len(ROOMS), 4 + s // 3), min(10, 3 + s // 4)


def corridors(k: int, rng: random.Random) -> list[set[int]]:
    """A random connected plan: a random tree plus about k // 3 extra corridors."""
    near: list[set[int]] = [set() for _ in range(k)]
    for room in range(1, k):
        other = rng.randrange(room)
        near[room].add(other)
        near[other].add(room)
    for _ in range(k // 3):
        a, b = rng.sample(range(k), 2)
        near[a].add(b)
        near[b].add(a)
    return near


def is_walk(rooms: list[int], near: list[set[int]]) -> bool:
    return all(b == a or b in near[a] for a, b in zip(rooms, rooms[1:]))


def impossible_alibis(data: dict[str, Any]) -> list[int]:
    """The suspects whose alibi cannot be true: not a walk along the corridors, or in the crime room then."""
    near = [set(x) for x in data["near"]]
    return [
        p
        for p, claim in enumerate(data["claims"])
        if not is_walk(claim, near) or claim[data["hour"]] == data["room"]
    ]


def could_be(s: int, data: dict[str, Any], near: list[set[int]], impossible: list[int]) -> bool:
    """Whether suspect ``s`` could be the culprit, everyone else telling the truth (``impossible``: the
    suspects whose alibis cannot be true, from ``impossible_alibis``)."""
    claims, hours, room, hour = data["claims"], data["hours"], data["room"], data["hour"]
    if any(p != s for p in impossible):
        return False
    pinned: dict[int, int] = {hour: room}  # hour -> room where s must really have been
    for seer, seen, h in data["sightings"]:
        if seer == s:
            continue  # the culprit's own sightings may be lies
        where = claims[seer][h]
        if seen != s:
            if claims[seen][h] != where:
                return False
        elif pinned.setdefault(h, where) != where:
            return False
    possible = {r for r in range(len(near)) if pinned.get(0, r) == r}
    for h in range(1, hours):
        possible = {r for r in range(len(near)) if pinned.get(h, r) == r and (r in possible or near[r] & possible)}
    return bool(possible)


def make_case(n: int, k: int, t: int, rng: random.Random) -> dict[str, Any]:
    while True:
        near = corridors(k, rng)
        walks = []
        for _ in range(n):
            walk = [rng.randrange(k)]
            for _ in range(t - 1):
                here = walk[-1]
                walk.append(here if rng.random() < 0.4 else rng.choice(sorted(near[here])))
            walks.append(walk)
        culprit, hour = rng.randrange(n), rng.randrange(t)
        room = walks[culprit][hour]
        if any(walks[p][hour] == room for p in range(n) if p != culprit):
            continue  # the culprit was alone there
        lie = list(walks[culprit])
        options = [r for r in near[room] if r != room]
        lie[hour] = rng.choice(options)
        if not is_walk(lie, near):
            continue
        claims = [lie if p == culprit else walks[p] for p in range(n)]
        data = {"near": [sorted(x) for x in near], "claims": claims, "hours": t, "room": room, "hour": hour,
                "sightings": []}  # fmt: skip
        impossible = impossible_alibis(data)
        # rule out every other suspect with true sightings of them, nearest the crime hour first
        for s in range(n):
            if s == culprit:
                continue
            seen = [(abs(h - hour), rng.random(), a, h) for h in range(t) for a in range(n)
                    if a not in (s, culprit) and walks[a][h] == walks[s][h]]  # fmt: skip
            seen.sort()
            while could_be(s, data, near, impossible) and seen:
                _, _, a, h = seen.pop(0)
                data["sightings"].append([a, s, h])
            if could_be(s, data, near, impossible):
                break
        else:
            if could_be(culprit, data, near, impossible):
                rng.shuffle(data["sightings"])
                data["culprit"] = culprit
                return data


class AlibiTimeline(Environment):
    id = "logic/alibi_timeline"
    version = 1
    description = "Alibis: from hour-by-hour alibis, corridors and sightings, find the one suspect who lied."
    difficulty_scales = (
        "suspects 3 + s (s = L up to 30, then one per two levels, at most 40), rooms 4 + s // 3 (at most 16), "
        "hours 3 + s // 4 (at most 10); true sightings added until one suspect is possible"
    )
    size_name = "suspects"
    answer_format = "the culprit's name"
    tags = ("logic", "puzzle", "deduction", "alibi", "unique-solution")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, k, t = plan(difficulty)
        data = make_case(n, k, t, rng)
        names = person_names(n, rng)
        rooms = rng.sample(ROOMS, k)
        near = data["near"]
        links = sorted({tuple(sorted((rooms[a], rooms[b]))) for a in range(k) for b in near[a]})
        alibis = [
            f"{names[p]}: " + ", ".join(f"hour {h + 1} {rooms[r]}" for h, r in enumerate(claim)) + "."
            for p, claim in enumerate(data["claims"])
        ]
        seen = [
            f"{names[a]} says: at hour {h + 1} I was with {names[b]} in the {rooms[data['claims'][a][h]]}."
            for a, b, h in data["sightings"]
        ]
        prompt = (
            f"A crime was committed in the {rooms[data['room']]} at hour {data['hour'] + 1}, by one of {n} "
            f"suspects, who was alone there at that hour. The house has {k} rooms; the corridors join "
            + ", ".join(f"{a}-{b}" for a, b in links)
            + ". In any one hour a person stays in one room; from one hour to the next a person either stays or "
            "moves along one corridor. Every suspect except the culprit tells the whole truth; nothing the culprit "
            f"says can be trusted. Each suspect said where they were in hours 1 to {t}:\n\n"
            + "\n".join(alibis)
            + ("\n\nSightings (\"with\" means in the same room at that hour):\n\n" + "\n".join(seen) if seen else "")
            + "\n\nExactly one suspect can be the culprit. Who is it? Answer with the name."
        )
        data["names"] = names
        return Instance(prompt=prompt, answer=names[data["culprit"]], data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = answer.strip().rstrip(".").strip()
        if not _NAME.match(text):
            raise ParseError("expected one suspect's name")
        lookup = {name.lower(): p for p, name in enumerate(data["names"])}
        if text.lower() not in lookup:
            raise ParseError(f"{text!r} is not one of the suspects")
        if lookup[text.lower()] != data["culprit"]:
            return Verdict.wrong(f"{text} cannot be the culprit")
        return Verdict.right()
