"""logic/gear_train: gears that mesh or share axles; the direction and exact speed of one gear, or "jammed".

Meshing gears turn opposite ways with speeds in inverse ratio to their teeth; gears fixed on one axle turn
together. The train is built as clusters of meshing gears (inside a cluster, speed x teeth is the same for
every gear) joined into a tree by shared axles, so speeds never contradict each other; extra meshes inside a
cluster close cycles, and one closing a cycle of odd length jams the whole train (a quarter of the trains
from d 2). Signed speeds are exact fractions, propagated along a breadth-first search.
"""

from __future__ import annotations

import random
import re
from collections import deque
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_logic.number_answers import read_fraction

_CLOCKWISE = ("clockwise", "cw")
_COUNTER = ("counterclockwise", "counter-clockwise", "anticlockwise", "anti-clockwise", "ccw", "acw")
_JAMMED = ("jammed", "jam", "it is jammed", "the train is jammed")
_DIRECTION = re.compile(r"^(" + "|".join(re.escape(w) for w in _COUNTER + _CLOCKWISE) + r")\b", re.IGNORECASE)
_UNITS = ("rpm", "revolutions per minute", "turns per minute")


def plan(difficulty: int) -> tuple[int, int, int, bool]:
    """(gears, gears per cluster, extra meshes, jams allowed): gears 3 + L (L = level, capped at 60); clusters
    of up to 2 + L/3 gears (at most 6) joined by axles from d 3; extra meshes L/4 (at most 8); jams from d 2."""
    lvl = level(difficulty, cap=60)
    per_cluster = 3 + lvl if difficulty < 3 else min(6, 2 + lvl // 3)
    return 3 + lvl, per_cluster, min(8, lvl // 4), difficulty >= 2


def signed_speeds(count: int, teeth: list[int], meshes: list[tuple[int, int]], axles: list[tuple[int, int]],
                  first_speed: int) -> list[Fraction] | None:
    """Signed speeds (positive = clockwise) of every gear when gear 0 turns at ``first_speed``; None if jammed."""
    links: list[list[tuple[int, bool]]] = [[] for _ in range(count)]
    for a, b in meshes:
        links[a].append((b, True))
        links[b].append((a, True))
    for a, b in axles:
        links[a].append((b, False))
        links[b].append((a, False))
    speeds: list[Fraction | None] = [None] * count
    speeds[0] = Fraction(first_speed)
    queue = deque([0])
    while queue:
        a = queue.popleft()
        for b, mesh in links[a]:
            want = -speeds[a] * teeth[a] / teeth[b] if mesh else speeds[a]
            if speeds[b] is None:
                speeds[b] = want
                queue.append(b)
            elif speeds[b] != want:
                return None
    return speeds


def build_train(count: int, per_cluster: int, extra: int, jam: bool, rng: random.Random):
    """(meshes, axles) over gears 0..count-1: clusters of meshing trees joined by axles, extra even-cycle meshes,
    and with ``jam`` one mesh closing an odd cycle."""
    clusters: list[list[int]] = []
    side: dict[int, int] = {}  # the two-colouring of each cluster's meshes
    meshes: list[tuple[int, int]] = []
    axles: list[tuple[int, int]] = []
    for gear in range(count):
        if gear == 0 or (len(clusters[-1]) >= per_cluster):
            if gear:  # a new cluster, fixed on the axle of a gear already placed
                axles.append((rng.randrange(gear), gear))
            clusters.append([gear])
            side[gear] = 0
            continue
        other = rng.choice(clusters[-1])
        meshes.append((other, gear))
        side[gear] = 1 - side[other]
        clusters[-1].append(gear)
    meshed = {frozenset(pair) for pair in meshes}
    even = [(a, b) for c in clusters for a in c for b in c if a < b and side[a] != side[b]]
    odd = [(a, b) for c in clusters for a in c for b in c if a < b and side[a] == side[b]]
    candidates = [pair for pair in even if frozenset(pair) not in meshed]
    rng.shuffle(candidates)
    meshes += candidates[:extra]
    if jam and odd:
        meshes.append(rng.choice(odd))
    return meshes, axles


class GearTrain(Environment):
    id = "logic/gear_train"
    version = 1
    description = "Gears that mesh or share axles: the direction and exact speed of one gear, or that it is jammed."
    difficulty_scales = (
        "gears 3 + L (L = d up to 60, then capped); clusters of meshing gears joined by shared axles from d 3 (up "
        "to 2 + L/3 gears each, at most 6); L/4 extra meshes closing cycles (at most 8); a quarter jammed from d 2"
    )
    size_name = "gears"
    answer_format = "the direction and the speed in rpm, for example clockwise 45/2, or the word jammed"
    tags = ("logic", "mechanics", "ratios", "exact")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count, per_cluster, extra, jams = plan(difficulty)
        teeth = [rng.randint(8, 60) for _ in range(count)]
        jam = jams and rng.random() < 0.25
        while True:
            meshes, axles = build_train(count, per_cluster, extra, jam, rng)
            if jam or meshes:
                break  # a jam needs a cluster of three gears; a train without a single mesh teaches nothing
        first_speed = rng.randint(1, 12) * 10
        speeds = signed_speeds(count, teeth, meshes, axles, first_speed)
        target = max(range(1, count), key=lambda g: (abs(speeds[g]).denominator if speeds else 0, rng.random()))
        labels = list(range(1, count + 1))
        rng.shuffle(labels)
        labels[labels.index(1)], labels[0] = labels[0], 1  # the driving gear is always G1
        names = [f"G{label}" for label in labels]
        order = sorted(range(count), key=lambda g: labels[g])
        lines = [f"- {names[g]} has {teeth[g]} teeth." for g in order]
        links = [f"- {names[a]} meshes with {names[b]}." for a, b in meshes]
        links += [f"- {names[a]} and {names[b]} are fixed on the same axle." for a, b in axles]
        rng.shuffle(links)
        prompt = (
            "Gears turn in parallel planes and are all seen from the same side. Two gears that mesh turn in opposite "
            "directions, and their speeds are in inverse ratio to their numbers of teeth (speed times teeth is the "
            "same for both). Two gears fixed on the same axle turn in the same direction at the same speed. If "
            "these rules cannot all hold while the gears turn, the whole train is jammed and nothing turns.\n"
            + "\n".join(lines) + "\n" + "\n".join(links)
            + f"\nG1 is driven clockwise at {first_speed} revolutions per minute (rpm). In which direction and how "
            f"fast does {names[target]} turn? Answer with clockwise or counterclockwise and the exact speed in rpm "
            "as an integer or a fraction a/b in lowest terms (for example: clockwise 45/2), or with the word jammed "
            "if the train is jammed."
        )
        if speeds is None:
            answer, data = "jammed", {"jammed": True}
        else:
            speed = speeds[target]
            magnitude = abs(speed)
            value = str(magnitude.numerator) if magnitude.denominator == 1 else str(magnitude)
            answer = f"{'clockwise' if speed > 0 else 'counterclockwise'} {value}"
            data = {"jammed": False, "clockwise": speed > 0, "speed": [magnitude.numerator, magnitude.denominator]}
        return Instance(prompt=prompt, answer=answer, data=data, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = answer.strip().rstrip(".").strip()
        if len(text) > 100:
            raise ParseError("the answer is too long for a direction and a speed")
        if text.lower() in _JAMMED:
            return Verdict.wrong("the train is not jammed") if not data["jammed"] else Verdict.right()
        found = _DIRECTION.match(text)
        if found:
            direction, rest = found.group(1), text[found.end():]
        else:  # the speed first: "45/2 rpm clockwise"
            found = re.search(r"\b(" + "|".join(re.escape(w) for w in _COUNTER + _CLOCKWISE) + r")$", text, re.I)
            if not found:
                raise ParseError("expected clockwise or counterclockwise and a speed, or jammed")
            direction, rest = found.group(1), text[: found.start()]
        rest = rest.strip().strip(",:").strip()
        rest = rest[3:] if rest.lower().startswith("at ") else rest  # "clockwise at 45/2 rpm"
        speed = read_fraction(rest, _UNITS)
        if data["jammed"]:
            return Verdict.wrong("the train is jammed")
        if (direction.lower() in _CLOCKWISE) != data["clockwise"]:
            return Verdict.wrong(f"the gear does not turn {direction.lower()}")
        if speed != Fraction(*data["speed"]):
            return Verdict.wrong(f"the gear does not turn at {speed} rpm")
        return Verdict.right()
