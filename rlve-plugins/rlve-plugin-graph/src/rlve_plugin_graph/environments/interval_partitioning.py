"""graph/interval_partitioning: the fewest rooms that hold a set of meetings, and a room for each meeting."""

from __future__ import annotations

import heapq
import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve_plugin_graph.arrays import list_level
from rlve_plugin_graph.sequences import read_numbers
from rlve_plugin_graph.value_and_witness import split_value


def assign_rooms(meetings: list[list[int]]) -> list[int]:
    """A room (0-based) for each half-open ``[start, end)`` meeting, using as few rooms as possible.

    Meetings in order of start time each take a room that is already free (the one freed earliest), or a new
    room when none is. A new room is opened only when every open room is busy at that start time, so the
    rooms never outnumber the meetings going on at one moment, which is the least any assignment needs.
    """
    rooms = [0] * len(meetings)
    busy: list[tuple[int, int]] = []  # (end time, room) of the meeting each room holds
    free: list[int] = []
    opened = 0
    for i in sorted(range(len(meetings)), key=lambda k: meetings[k][0]):
        start, end = meetings[i]
        while busy and busy[0][0] <= start:  # half-open: a meeting ending at t frees its room for one at t
            heapq.heappush(free, heapq.heappop(busy)[1])
        if free:
            rooms[i] = heapq.heappop(free)
        else:
            rooms[i], opened = opened, opened + 1
        heapq.heappush(busy, (end, rooms[i]))
    return rooms


class IntervalPartitioning(Environment):
    id = "graph/interval_partitioning"
    version = 1
    description = "Give each meeting a room so that meetings in one room never overlap, using the fewest rooms."
    difficulty_scales = (
        "meetings: 4 + L (L = d to 100, then +20 per doubling, at most 600) on integer times 0 to 2 (4 + L) + 4; "
        "lengths: 1 to 3 + L / 5 (at most 12)"
    )
    size_name = "meetings"
    answer_format = (
        "the number of rooms, a colon, then the room of each meeting in the order of the meetings, rooms numbered "
        "from 1, for example 2: 1 2 1 1"
    )
    tags = ("array", "greedy", "scheduling", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = list_level(difficulty)
        n = 4 + lev
        horizon = 2 * n + 4
        longest = 3 + min(lev, 45) // 5
        meetings = []
        for _ in range(n):
            length = rng.randint(1, longest)
            start = rng.randint(0, horizon - length)
            meetings.append([start, start + length])
        meetings.sort()
        rooms = assign_rooms(meetings)
        best = max(rooms) + 1
        lines = "\n".join(f"meeting {i + 1}: from {s} to {e}" for i, (s, e) in enumerate(meetings))
        prompt = (
            f"Here are {n} meetings, numbered 1 to {n}, each taking the times from its start up to (not "
            f"including) its end:\n{lines}\n\n"
            "Put every meeting in a room so that two meetings in the same room never overlap, using as few rooms "
            "as possible. A meeting from s to e occupies its room from time s until time e, and a meeting "
            "that starts at time e may use the same room (from 2 to 5 and from 5 to 7 fit in one room). Give "
            "the number of rooms, then the room of each meeting, in the order of the meetings (meeting 1 "
            "first), rooms numbered from 1. Any assignment with the fewest rooms is accepted."
        )
        answer = f"{best}: {' '.join(str(room + 1) for room in rooms)}"
        return Instance(prompt=prompt, answer=answer, data={"meetings": meetings, "best": best}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        meetings, best = data["meetings"], data["best"]
        n = len(meetings)
        stated, rest = split_value(answer, max_digits=len(str(n)) + 2)
        rooms = read_numbers(rest, largest=n, max_items=n + 1)
        if len(rooms) != n:
            return Verdict.wrong(f"{len(rooms)} rooms given, but there are {n} meetings")
        if 0 in rooms:
            raise ParseError("rooms are numbered from 1")
        last_end: dict[int, tuple[int, int]] = {}  # room -> (end, meeting) of its latest meeting so far
        for i in sorted(range(n), key=lambda k: meetings[k][0]):
            room, (start, end) = rooms[i], meetings[i]
            if room in last_end and last_end[room][0] > start:
                return Verdict.wrong(f"meetings {last_end[room][1] + 1} and {i + 1} overlap in room {room}")
            last_end[room] = (end, i)
        used = len(last_end)
        if used != best:
            return Verdict.wrong(f"the assignment uses {used} rooms, but {best} are enough")
        if stated != best:
            return Verdict.wrong(f"the stated number of rooms {stated} is not the {best} rooms used")
        return Verdict.right()
