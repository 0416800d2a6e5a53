"""logic/cardinal_directions: where one point lies relative to another, from chains of compass clues.

Clues are exact ("A is 3 north and 2 west of B", "C is 4 east of A") or fix only one axis ("D is somewhere
directly north of C": same east-west position, unknown distance; "E is 2 further south than D": unknown
east-west position). Each axis is a system of differences x_a - x_b = c, so the asked displacement is
determined exactly when the two points are linked on both axes (weighted union-find); otherwise it cannot
be determined, which is the answer about a third of the time. Points are planted, so the clues never clash.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level

_UNDETERMINED = ("cannot be determined", "can't be determined", "undetermined", "cannot determine", "unknown",
                 "not determined", "it cannot be determined", "indeterminate")
_SAME = ("same place", "same position", "same point", "the same place", "the same position", "the same point")
_PART = re.compile(r"([0-9]{1,6})\s*(?:units?\s+)?(north|south|east|west|n|s|e|w)\b")
_JOINERS = re.compile(r"[\s,;]+|\band\b")
_AXIS = {"north": (1, 1), "south": (1, -1), "east": (0, 1), "west": (0, -1)}
_KINDS = ("full", "straight", "directly", "further")


def plan(difficulty: int) -> tuple[int, int]:
    """(clues, points): clues 2 + L (L = level, capped at 60); points 3 + 2L/3, at most one more than the clues."""
    lvl = level(difficulty, cap=60)
    clues = 2 + lvl
    return clues, min(clues + 1, 3 + 2 * lvl // 3)


def _root(parent: list[int], shift: list[int], a: int) -> tuple[int, int]:
    """(root, position of a minus position of its root) along one axis."""
    total = 0
    while parent[a] != a:
        total += shift[a]
        a = parent[a]
    return a, total


def axis_components(count: int, links: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """Per point (component, position minus the component root's) on one axis, from links (u, v, pos[u] - pos[v]):
    two points have a fixed difference exactly when they share a component."""
    parent, shift = list(range(count)), [0] * count
    for u, v, diff in links:
        (ru, su), (rv, sv) = _root(parent, shift, u), _root(parent, shift, v)
        if ru != rv:  # pos[ru] = pos[u] - su = pos[v] + diff - su = pos[rv] + sv + diff - su
            parent[ru], shift[ru] = rv, sv + diff - su
    return [_root(parent, shift, a) for a in range(count)]


def difference(components: list[tuple[int, int]], a: int, b: int) -> int | None:
    """pos[a] - pos[b] on an axis, or None if the clues do not fix it."""
    (ra, sa), (rb, sb) = components[a], components[b]
    return sa - sb if ra == rb else None


def clue_links(clues: list[tuple[str, int, int]], positions: list[tuple[int, int]]):
    """What the clues fix, per axis: ([(a, b, x[a] - x[b])], [(a, b, y[a] - y[b])])."""
    links: tuple[list, list] = ([], [])
    for kind, a, b in clues:
        dx, dy = positions[a][0] - positions[b][0], positions[a][1] - positions[b][1]
        if kind in ("full", "straight"):
            links[0].append((a, b, dx))
            links[1].append((a, b, dy))
        elif kind == "directly":  # only the axis across the direction is fixed (a difference of 0)
            links[0 if dx == 0 else 1].append((a, b, 0))
        elif dy:  # "further north/south": only the north-south difference
            links[1].append((a, b, dy))
        else:
            links[0].append((a, b, dx))
    return links


def describe(dx: int, dy: int) -> str:
    parts = []
    if dy:
        parts.append(f"{abs(dy)} {'north' if dy > 0 else 'south'}")
    if dx:
        parts.append(f"{abs(dx)} {'east' if dx > 0 else 'west'}")
    return " and ".join(parts)


def _clue(kind: str, a: str, b: str, dx: int, dy: int) -> str:
    if kind in ("full", "straight"):
        return f"{a} is {describe(dx, dy)} of {b}."
    if kind == "directly":
        way = "north" if dy > 0 else "south" if dy < 0 else "east" if dx > 0 else "west"
        return f"{a} is somewhere directly {way} of {b}."
    if dy:
        way = "north" if dy > 0 else "south"
        return f"{a} is {abs(dy)} further {way} than {b}, at an unstated east-west position."
    way = "east" if dx > 0 else "west"
    return f"{a} is {abs(dx)} further {way} than {b}, at an unstated north-south position."


class CardinalDirections(Environment):
    id = "logic/cardinal_directions"
    version = 1
    description = "From chains of compass clues, give where one point is relative to another, or that it is unknown."
    difficulty_scales = (
        "clues 2 + L (L = d up to 60, then capped) over 3 + 2L/3 points; exact and one-axis clues mixed; about a "
        "third of the questions cannot be answered from the clues"
    )
    size_name = "clues"
    answer_format = "the displacement such as 3 north, 2 west (or 4 east, or same place), or cannot be determined"
    tags = ("logic", "spatial-reasoning", "linear-equations", "directions")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        clue_count, count = plan(difficulty)
        reach = 3 + level(difficulty, cap=60) // 6
        want_unknown = rng.random() < 1 / 3
        for _ in range(20):
            clues, positions = self._draw(clue_count, count, reach, rng)
            links = clue_links(clues, positions)
            pairs = [(a, b) for a in range(count) for b in range(count) if a != b]
            rng.shuffle(pairs)
            xs, ys = axis_components(count, links[0]), axis_components(count, links[1])
            matching = [(a, b) for a, b in pairs
                        if (None in (difference(xs, a, b), difference(ys, a, b))) == want_unknown]
            if matching:
                break
        x, y = max(matching[:12], key=lambda pair: abs(pair[0] - pair[1]))  # later points sit deeper in the chain
        names = [chr(ord("A") + i) if i < 26 else f"P{i + 1}" for i in range(count)]
        rng.shuffle(names)
        lines = []
        for kind, a, b in clues:
            dx, dy = positions[a][0] - positions[b][0], positions[a][1] - positions[b][1]
            lines.append("- " + _clue(kind, names[a], names[b], dx, dy))
        rng.shuffle(lines)
        dx, dy = difference(xs, x, y), difference(ys, x, y)
        prompt = (
            "Points lie on a flat plane with the usual compass directions; distances are in units, and positions "
            "need not be whole numbers. Clues:\n"
            + "\n".join(lines)
            + "\n\"P is 3 north and 2 west of Q\" means P is exactly 3 units north and 2 units west of Q; a clue "
            "with one direction and a distance (\"P is 4 east of Q\") means exactly that far that way and not at all "
            "in the other direction; \"somewhere directly north of Q\" means on the same north-south line, north of "
            "Q by an unknown positive distance; \"3 further north than Q, at an unstated east-west position\" fixes "
            "only the north-south difference.\n"
            f"Where is {names[x]} relative to {names[y]}? Answer with the exact displacement, for example 3 north, "
            "2 west (or 4 east with one direction, or same place), or with cannot be determined if the clues allow "
            "more than one displacement."
        )
        if dx is None or dy is None:
            answer, data = "cannot be determined", {"known": False}
        else:
            answer = describe(dx, dy).replace(" and ", ", ") or "same place"
            data = {"known": True, "dx": dx, "dy": dy}
        return Instance(prompt=prompt, answer=answer, data=data, size=clue_count)

    @staticmethod
    def _draw(clue_count: int, count: int, reach: int, rng: random.Random):
        """Planted positions and clues (kind, a, b): a tree of clues, each placing a new point from an earlier
        one, then extra clues between points already placed."""
        positions = [(0, 0)]
        clues = []
        for point in range(1, count):
            other = rng.randrange(point) if rng.random() < 0.5 else point - 1
            kind = rng.choices(_KINDS, weights=(4, 3, 2, 2))[0]
            step = rng.randint(1, reach)
            if kind in ("straight", "directly"):
                dx, dy = rng.choice(((step, 0), (-step, 0), (0, step), (0, -step)))
            else:
                dx, dy = rng.choice((-1, 1)) * step, rng.choice((-1, 1)) * rng.randint(1, reach)
            positions.append((positions[other][0] + dx, positions[other][1] + dy))
            clues.append((kind, point, other))
        used = {frozenset((a, b)) for _, a, b in clues}
        tries = 0
        while len(clues) < clue_count:
            a, b = rng.sample(range(count), 2)
            tries += 1
            if frozenset((a, b)) in used and tries < 50:  # a second clue on one pair only when pairs run out
                continue
            dx, dy = positions[a][0] - positions[b][0], positions[a][1] - positions[b][1]
            kinds = ["full", "further"] if dx and dy else ["straight", "directly", "further"] if dx or dy else []
            if kinds:
                clues.append((rng.choice(kinds), a, b))
                used.add(frozenset((a, b)))
        return clues, positions

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        text = " ".join(answer.strip().rstrip(".").lower().split())
        if len(text) > 60:
            raise ParseError("the answer is too long for a displacement")
        if text in _UNDETERMINED:
            return Verdict.right() if not data["known"] else Verdict.wrong("the clues fix the displacement")
        if text in _SAME:
            dx = dy = 0
        else:
            parts = list(_PART.finditer(text))
            if not parts or len(parts) > 2 or _JOINERS.sub("", _PART.sub("", text)):
                raise ParseError("expected a displacement such as 3 north, 2 west")
            values: dict[int, int] = {}
            for found in parts:
                word = {"n": "north", "s": "south", "e": "east", "w": "west"}.get(found.group(2), found.group(2))
                axis, sign = _AXIS[word]
                if axis in values:
                    raise ParseError("each axis may be named once")
                values[axis] = sign * int(found.group(1))
            dx, dy = values.get(0, 0), values.get(1, 0)
        if not data["known"]:
            return Verdict.wrong("the clues allow more than one displacement")
        if (dx, dy) != (data["dx"], data["dy"]):
            return Verdict.wrong("that is not where the point lies")
        return Verdict.right()
