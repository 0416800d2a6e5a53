"""Tasks with durations and precedences: the longest chain after each task, a topological order, and reading
a schedule's start times. ``logic/job_shop_schedule`` (identical workers) and
``logic/resource_constrained_schedule`` (crews under a shared capacity) share them.
"""

from __future__ import annotations

import re

from rlve import ParseError
from rlve.parse import parse_int_list

_LABELLED = re.compile(r"(?:task\s*|t)?([0-9]{1,3})\s*[:=]\s*([0-9]{1,7})", re.IGNORECASE)


def tails(durations: list[int], successors: list[list[int]]) -> list[int]:
    """For each task, the longest chain of durations from its start to the end of everything after it."""
    tail = [0] * len(durations)
    for task in reversed(topological(successors)):
        tail[task] = durations[task] + max((tail[s] for s in successors[task]), default=0)
    return tail


def topological(successors: list[list[int]]) -> list[int]:
    indegree = [0] * len(successors)
    for outs in successors:
        for s in outs:
            indegree[s] += 1
    order = [t for t in range(len(successors)) if not indegree[t]]
    for task in order:
        for s in successors[task]:
            indegree[s] -= 1
            if not indegree[s]:
                order.append(s)
    return order


def read_starts(answer: str, n: int, digits: int) -> list[int]:
    """n start times: a plain list in task order, or labelled pairs in any order ("1: 0, 2: 3" or "T2=3")."""
    text = answer.strip().strip(".")
    if len(text) > (digits + 12) * (n + 1):
        raise ParseError(f"too long for {n} start times")
    if ":" not in text and "=" not in text:
        starts = parse_int_list(text, max_items=n + 1, max_digits=digits)
        if len(starts) != n:
            raise ParseError(f"expected {n} start times, one per task, got {len(starts)}")
        return starts
    found: dict[int, int] = {}
    pieces = [p for p in re.split(r"[,;\n]+", text) if p.strip()]
    for piece in pieces:
        match = _LABELLED.fullmatch(piece.strip())
        if not match:
            raise ParseError(f"expected 'task: start', got {piece.strip()[:30]!r}")
        task, value = int(match.group(1)), match.group(2)
        if not 1 <= task <= n or task in found:
            raise ParseError(f"task {task} is out of range or given twice")
        if len(value) > digits:
            raise ParseError(f"the start of task {task} is too large")
        found[task] = int(value)
    if len(found) != n:
        raise ParseError(f"expected a start time for each of the {n} tasks")
    return [found[t] for t in range(1, n + 1)]
