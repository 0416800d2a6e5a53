"""logic/job_shop_schedule: start times for tasks with durations and precedences, at most R at once, that
finish everything as early as possible (P | prec | Cmax: identical workers, precedence constraints).

The problem is NP-hard; the generator solves its small instances exactly by branch and bound over the serial
schedule-generation scheme: tasks are added one at a time, each eligible one (all its predecessors placed)
at the earliest time its predecessors and the worker limit allow. Over every order, that scheme produces every
active schedule, and among them is an optimal one (a regular objective such as the makespan is minimised by
some active schedule). Branches are cut when a placed or eligible task's start plus its tail (the longest
chain from it to the end) reaches the best makespan found, and the search stops at the lower bound
max(longest chain, total work / R). A cap on the nodes makes the generator draw another instance.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.scheduling import least_makespan, makespan_lower_bound, read_starts, waits_for
from rlve_plugin_logic.solvers.sliding import Budget

#: Tasks at most, however high the level.
MAX_TASKS = 40
#: Search nodes allowed per instance before another one is drawn (about 8 ms of pure Python).
MAX_NODES = 1200
#: Instances drawn per problem up to this many tasks: the first whose optimum exceeds the simple lower bound is
#: kept, if any. With more tasks the search cannot prove such an optimum within its node cap, so one is drawn.
CANDIDATES = 3
CANDIDATES_UP_TO = 12


def plan(difficulty: int) -> tuple[int, int]:
    """(tasks, longest duration): tasks 3 + L to level 30, then one more per ten levels (at most 40);
    durations up to 3 + L / 5 (at most 9)."""
    lvl = level(difficulty)
    return min(MAX_TASKS, 3 + slow(lvl, 1, 10, knee=30)), min(9, 3 + lvl // 5)


def lower_bound(durations: list[int], predecessors: list[list[int]], workers: int) -> int:
    return makespan_lower_bound(durations, [1] * len(durations), predecessors, workers)


def solve(durations: list[int], predecessors: list[list[int]], workers: int, max_nodes: int = MAX_NODES):
    """(the least makespan, start times reaching it) with ``workers`` identical workers; raises Budget past
    ``max_nodes`` search nodes."""
    return least_makespan(durations, [1] * len(durations), predecessors, workers, max_nodes)


def random_instance(n: int, longest: int, rng: random.Random) -> tuple[list[int], list[list[int]], int]:
    """Durations, predecessor lists (about 2.5 per task in all, between randomly numbered tasks), workers."""
    durations = [rng.randint(1, longest) for _ in range(n)]
    order = list(range(n))
    rng.shuffle(order)  # the numbering hides the order the precedences were drawn in
    predecessors: list[list[int]] = [[] for _ in range(n)]
    for j in range(n):
        for i in range(j):
            if rng.random() < 2.5 / n:
                predecessors[order[j]].append(order[i])
    for before in predecessors:
        before.sort()
    return durations, predecessors, 2 if n < 13 else rng.choice((2, 3))


class JobShopSchedule(Environment):
    id = "logic/job_shop_schedule"
    version = 1
    description = (
        "Schedule tasks with durations and precedence constraints, at most R at a time, to finish as early as "
        "possible (minimum makespan)."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): tasks 3 + L to level 30, then one more per ten levels (at "
        "most 40); durations 1 to 3 + L/5 (at most 9); about 2.5 precedences per task; 2 workers, 2 or 3 from 10 "
        "tasks on; up to 12 tasks, of up to 3 instances the first whose optimum beats max(longest chain, work / "
        "workers) is kept"
    )
    size_name = "tasks"
    answer_format = "the start time of every task, in task order, separated by spaces, for example 0 0 3 5"
    tags = ("logic", "scheduling", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, longest = plan(difficulty)
        chosen = None
        while chosen is None:
            for _ in range(CANDIDATES if n <= CANDIDATES_UP_TO else 1):
                durations, predecessors, workers = random_instance(n, longest, rng)
                try:
                    best, starts = solve(durations, predecessors, workers)
                except Budget:
                    continue
                chosen = (durations, predecessors, workers, best, starts)
                if best > lower_bound(durations, predecessors, workers):
                    break
        durations, predecessors, workers, best, starts = chosen
        lines = "\n".join(
            f"Task {t + 1}: duration {durations[t]}"
            + waits_for(before)
            for t, before in enumerate(predecessors)
        )
        prompt = (
            f"{n} tasks must be scheduled; each has a duration in whole time units, and some may only start once "
            f"others have finished:\n{lines}\n\n"
            f"At most {workers} tasks can be in progress at any moment. A task started at time s with duration p "
            "runs without interruption from s to s + p; a task that waits for it may start at s + p or later, and "
            f"a new task may start at the very moment another one finishes. Start times are whole numbers, 0 or "
            "more. Find a schedule that finishes all the tasks as early as possible, that is, with the smallest "
            "makespan (the time the last task finishes); any schedule with the smallest makespan is accepted. Give "
            f"the start time of every task in the order task 1 to task {n}, separated by spaces."
        )
        data = {"durations": durations, "predecessors": predecessors, "workers": workers, "makespan": best}
        return Instance(prompt=prompt, answer=" ".join(map(str, starts)), data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        durations, predecessors, workers, best = (
            data["durations"], data["predecessors"], data["workers"], data["makespan"]
        )
        n = len(durations)
        starts = read_starts(answer, n, len(str(sum(durations))) + 1)
        if min(starts) < 0:
            return Verdict.wrong("start times must be 0 or more")
        for task, before in enumerate(predecessors):
            for p in before:
                if starts[task] < starts[p] + durations[p]:
                    return Verdict.wrong(f"task {task + 1} starts at {starts[task]}, before task {p + 1} finishes")
        for task in range(n):  # the most tasks run at once at some task's start
            t = starts[task]
            running = sum(1 for o in range(n) if starts[o] <= t < starts[o] + durations[o])
            if running > workers:
                return Verdict.wrong(f"{running} tasks are in progress at time {t}; at most {workers} may be")
        makespan = max(s + p for s, p in zip(starts, durations))
        if makespan > best:
            return Verdict.wrong(f"the schedule finishes at {makespan}; the earliest possible is {best}")
        return Verdict.right()
