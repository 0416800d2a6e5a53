"""logic/resource_constrained_schedule: start times for tasks with durations, precedences and crew sizes, never
using more than the crew available at once, that finish everything as early as possible (single-resource RCPSP).

Unlike logic/job_shop_schedule (identical workers, one per task), each task here needs its own number of crew
members for its whole run, and the sum over the tasks running at any moment must stay within the crew: the
schedule is a packing of rectangles (duration x crew) under precedences, not an assignment to workers.

The generator solves its small instances exactly by branch and bound over the serial schedule-generation scheme:
tasks are added one at a time, each eligible one (all its predecessors placed) at the earliest time its
predecessors and the remaining crew allow. Over every order that scheme produces every active schedule, and for
a regular objective such as the makespan some active schedule is optimal. Branches are cut when a task's start
plus its tail (the longest chain from it to the end) reaches the best makespan found; the search stops at the
lower bound max(longest chain, total crew-time / crew). A cap on the nodes makes the generator draw again.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_logic.scheduling import least_makespan, makespan_lower_bound, read_starts, waits_for
from rlve_plugin_logic.solvers.sliding import Budget

#: The knobs stop here, however high the level.
MAX_TASKS, MAX_CREW, MAX_DURATION = 16, 20, 15
#: Search nodes allowed per instance before another one is drawn.
MAX_NODES = 400
#: Instances drawn per problem: the first whose optimum exceeds the simple lower bound is kept, if any.
CANDIDATES = 3
#: Up to this many tasks instances are drawn at random and solved by the search; beyond, they are planted.
SEARCHED_UP_TO = 7


def plan(difficulty: int) -> tuple[int, int, int]:
    """(tasks, crew, longest duration): three knobs taking turns, one step per level to level 30, then one per
    six levels: tasks 3 + (S + 2) / 3 (at most 16), crew 3 + (S + 1) / 3 (at most 20), durations up to 2 + S / 3
    (at most 15), where S is the step. Their sum, 8 + S until a cap binds, is the size."""
    step = slow(level(difficulty), 1, 6, knee=30)
    return min(MAX_TASKS, 3 + (step + 2) // 3), min(MAX_CREW, 3 + (step + 1) // 3), min(MAX_DURATION, 2 + step // 3)


def random_instance(n: int, longest: int, crew: int, rng: random.Random):
    """Durations, crew sizes (1 to the whole crew, small ones likelier), predecessor lists (about 1.5 per task
    in all, between randomly numbered tasks)."""
    durations = [rng.randint(1, longest) for _ in range(n)]
    crews = [min(rng.randint(1, crew), rng.randint(1, crew)) for _ in range(n)]
    order = list(range(n))
    rng.shuffle(order)  # the numbering hides the order the precedences were drawn in
    predecessors: list[list[int]] = [[] for _ in range(n)]
    for j in range(n):
        for i in range(j):
            if rng.random() < 1.5 / n:
                predecessors[order[j]].append(order[i])
    for before in predecessors:
        before.sort()
    return durations, crews, predecessors


def planted_instance(n: int, longest: int, crew: int, rng: random.Random):
    """Durations, crew sizes, predecessor lists and start times of a schedule that keeps the whole crew busy
    from 0 to its makespan: the box (makespan x crew) is cut into n rectangles (guillotine cuts across time or
    across the crew), each a task; precedences go only from a task to one starting after it has finished. Total
    crew-time / crew is then the makespan, so that schedule is optimal by the lower bound."""
    makespan = longest + rng.randint(1, longest)
    boxes = [(0, makespan, crew)]  # (start, duration, crew members)
    while len(boxes) < n:
        cuttable = [b for b in boxes if b[1] > 1 or b[2] > 1]
        box = max(cuttable, key=lambda b: (b[1] * b[2], rng.random()))
        boxes.remove(box)
        start, duration, size = box
        if duration > 1 and (size == 1 or rng.random() < 0.5):
            cut = rng.randint(1, duration - 1)
            boxes += [(start, cut, size), (start + cut, duration - cut, size)]
        else:
            cut = rng.randint(1, size - 1)
            boxes += [(start, duration, cut), (start, duration, size - cut)]
    rng.shuffle(boxes)  # random task numbers
    predecessors: list[list[int]] = [[] for _ in boxes]
    for j, (start, _, _) in enumerate(boxes):
        for i, (other, duration, _) in enumerate(boxes):
            if other + duration <= start and rng.random() < 2.0 / n:
                predecessors[j].append(i)
    return [b[1] for b in boxes], [b[2] for b in boxes], predecessors, makespan, [b[0] for b in boxes]


class ResourceConstrainedSchedule(Environment):
    id = "logic/resource_constrained_schedule"
    version = 1
    description = (
        "Schedule tasks with durations, precedences and crew sizes, never needing more than the crew at once, "
        "to finish as early as possible (minimum makespan)."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling), step S = L to level 30, then one per six levels: tasks "
        "3 + (S+2)/3 (at most 16), crew 3 + (S+1)/3 (at most 20), durations 1 to 2 + S/3 (at most 15), each task "
        "needing 1 to all of the crew; about 1.5 precedences per task; of up to 3 instances the first whose "
        "optimum beats max(longest chain, crew-time / crew) is kept"
    )
    size_name = "tasks + crew + longest duration"
    answer_format = "the start time of every task, in task order, separated by spaces, for example 0 0 3 5"
    tags = ("logic", "scheduling", "optimisation", "resource-constrained")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n, crew, longest = plan(difficulty)
        chosen = None
        if n > SEARCHED_UP_TO:
            durations, crews, predecessors, best, starts = planted_instance(n, longest, crew, rng)
            chosen = (durations, crews, predecessors, best, starts)
        while chosen is None:
            for _ in range(CANDIDATES):
                durations, crews, predecessors = random_instance(n, longest, crew, rng)
                try:
                    best, starts = least_makespan(durations, crews, predecessors, crew, MAX_NODES)
                except Budget:
                    continue
                chosen = (durations, crews, predecessors, best, starts)
                if best > makespan_lower_bound(durations, crews, predecessors, crew):
                    break
        durations, crews, predecessors, best, starts = chosen
        lines = "\n".join(
            f"Task {t + 1}: duration {durations[t]}, needs {crews[t]} crew member{'s' if crews[t] > 1 else ''}"
            + waits_for(before)
            for t, before in enumerate(predecessors)
        )
        prompt = (
            f"{n} tasks must be scheduled with a crew of {crew} people. Each task has a duration in whole time "
            "units and needs a number of crew members for the whole of its run; some tasks may only start once "
            f"others have finished:\n{lines}\n\n"
            f"At every moment, the tasks in progress together may need at most {crew} crew members (a person "
            "freed by a finishing task may join another task at once). A task started at time s with duration p "
            "runs without interruption from s to s + p; a task that waits for it may start at s + p or later. "
            "Start times are whole numbers, 0 or more. Find a schedule that finishes all the tasks as early as "
            "possible, that is, with the smallest makespan (the time the last task finishes); any schedule with "
            f"the smallest makespan is accepted. Give the start time of every task in the order task 1 to task {n}, "
            "separated by spaces."
        )
        data = {"durations": durations, "crews": crews, "predecessors": predecessors, "crew": crew, "makespan": best}
        return Instance(prompt=prompt, answer=" ".join(map(str, starts)), data=data, size=n + crew + longest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        durations, crews, predecessors = data["durations"], data["crews"], data["predecessors"]
        crew, best = data["crew"], data["makespan"]
        n = len(durations)
        starts = read_starts(answer, n, len(str(sum(durations))) + 1)
        if min(starts) < 0:
            return Verdict.wrong("start times must be 0 or more")
        for task, before in enumerate(predecessors):
            for p in before:
                if starts[task] < starts[p] + durations[p]:
                    return Verdict.wrong(f"task {task + 1} starts at {starts[task]}, before task {p + 1} finishes")
        for task in range(n):  # the crew is busiest at some task's start
            t = starts[task]
            busy = sum(crews[o] for o in range(n) if starts[o] <= t < starts[o] + durations[o])
            if busy > crew:
                return Verdict.wrong(f"the tasks in progress at time {t} need {busy} crew members; there are {crew}")
        makespan = max(s + p for s, p in zip(starts, durations))
        if makespan > best:
            return Verdict.wrong(f"the schedule finishes at {makespan}; the earliest possible is {best}")
        return Verdict.right()
