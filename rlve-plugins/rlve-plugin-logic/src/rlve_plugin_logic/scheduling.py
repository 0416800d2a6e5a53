"""Tasks with durations and precedences: the longest chain after each task, a topological order, and reading
a schedule's start times, and the least makespan by branch and bound. ``logic/job_shop_schedule`` (identical
workers: every task needs one) and ``logic/resource_constrained_schedule`` (crews under a shared capacity)
share them.
"""

from __future__ import annotations

import re
from typing import Any

from rlve import ParseError
from rlve.parse import parse_int_list
from rlve_plugin_logic.solvers.sliding import Budget

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


def successors_of(predecessors: list[list[int]]) -> list[list[int]]:
    successors: list[list[int]] = [[] for _ in predecessors]
    for task, before in enumerate(predecessors):
        for p in before:
            successors[p].append(task)
    return successors


def makespan_lower_bound(durations: list[int], crews: list[int], predecessors: list[list[int]], crew: int) -> int:
    """No schedule is shorter than its longest chain, nor than its work spread over the whole crew."""
    work = sum(d * c for d, c in zip(durations, crews))
    return max(max(tails(durations, successors_of(predecessors))), -(-work // crew))


def least_makespan(
    durations: list[int], crews: list[int], predecessors: list[list[int]], crew: int, max_nodes: int
) -> tuple[int, list[int]]:
    """(the least makespan, start times reaching it) when task i needs ``crews[i]`` of a crew of ``crew`` for
    ``durations[i]`` units after all its predecessors end; branch and bound over the order tasks are placed
    in, critical tasks first. Raises Budget past ``max_nodes`` search nodes."""
    n = len(durations)
    successors = successors_of(predecessors)
    tail = tails(durations, successors)
    bound = makespan_lower_bound(durations, crews, predecessors, crew)
    usage = [0] * (sum(durations) + max(durations) + 1)  # crew members busy in each unit of time
    start = [-1] * n
    waiting = [len(before) for before in predecessors]
    best: list[Any] = [sum(durations) + 1, None]
    nodes = 0

    def earliest(task: int) -> int:
        t = max((start[p] + durations[p] for p in predecessors[task]), default=0)
        room = crew - crews[task]
        while True:
            busy = next((u for u in range(t, t + durations[task]) if usage[u] > room), None)
            if busy is None:
                return t
            t = busy + 1

    def branch(placed: int, makespan: int, eligible: list[int]) -> None:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            raise Budget
        if placed == n:
            best[0], best[1] = makespan, list(start)
            return
        for task in sorted(eligible, key=lambda t: (-tail[t], t)):  # critical tasks first: good schedules early
            t = earliest(task)
            if t + tail[task] >= best[0]:
                continue
            start[task] = t
            for u in range(t, t + durations[task]):
                usage[u] += crews[task]
            after = [e for e in eligible if e != task]
            for s in successors[task]:
                waiting[s] -= 1
                if not waiting[s]:
                    after.append(s)
            finish = max(makespan, t + durations[task])
            ready = [max((start[p] + durations[p] for p in predecessors[e]), default=0) + tail[e] for e in after]
            if max([finish, *ready]) < best[0]:
                branch(placed + 1, finish, after)
            for s in successors[task]:
                waiting[s] += 1
            for u in range(t, t + durations[task]):
                usage[u] -= crews[task]
            start[task] = -1
            if best[0] == bound:
                return

    branch(0, 0, [t for t in range(n) if not predecessors[t]])
    return best[0], best[1]


def waits_for(before: list[int]) -> str:
    """How a task's line in the prompt ends: ", starts after tasks 1, 3 finish" or ", no predecessors"."""
    if not before:
        return ", no predecessors"
    tasks = ", ".join(str(p + 1) for p in before)
    return f", starts after task{'s' if len(before) > 1 else ''} {tasks} finish{'es' if len(before) == 1 else ''}"
