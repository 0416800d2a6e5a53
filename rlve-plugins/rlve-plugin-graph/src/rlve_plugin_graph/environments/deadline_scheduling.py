"""graph/deadline_scheduling: unit-time jobs with deadlines and profits; a most profitable set of jobs that
can all finish by their deadlines, any one."""

from __future__ import annotations

import heapq
import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.sequences import first_repeat, read_numbered, split_optimum

#: Jobs stop growing at this level (about 1500 jobs), so the list of chosen jobs stays inside the answer cap.
LEVEL_CAP = 1500


def best_jobs(jobs: list[list[int]]) -> list[int]:
    """The 0-based indices of one most profitable set of ``[deadline, profit]`` unit jobs that can all be
    done one per time unit, each finishing by its deadline. O(n log n).

    Go through the jobs by deadline, tentatively taking each. A set is feasible exactly when, for every t,
    at most t of its jobs have deadlines up to t; so when the jobs taken so far outnumber the current
    deadline, dropping the least profitable one restores feasibility at the smallest possible cost (the
    sets that can be done form a matroid, and this is its greedy algorithm, kept in a heap).
    """
    order = sorted(range(len(jobs)), key=lambda i: (jobs[i][0], i))
    taken: list[tuple[int, int]] = []  # (profit, index), the least profitable on top
    for i in order:
        heapq.heappush(taken, (jobs[i][1], i))
        if len(taken) > jobs[i][0]:
            heapq.heappop(taken)
    return sorted(i for _, i in taken)


def infeasible_at(deadlines: list[int]) -> int | None:
    """The first time t by which more than t of these unit jobs are due (so they cannot all be done), or None.

    Doing the jobs in order of deadline is the best one can do, so the set is feasible exactly when the
    i-th smallest deadline (counting from 1) is at least i."""
    for position, deadline in enumerate(sorted(deadlines), start=1):
        if deadline < position:
            return deadline
    return None


class DeadlineScheduling(Environment):
    id = "graph/deadline_scheduling"
    version = 1
    description = "Choose unit-time jobs of maximum total profit that can all be done by their deadlines."
    difficulty_scales = (
        f"jobs: 5 + L (L = d to 100, then +20 per doubling, at most {LEVEL_CAP}); deadlines: 1 to about "
        "(5 + L) / 2, so about half the jobs fit; profits: 1 to 9 + 2 L"
    )
    size_name = "jobs"
    answer_format = "the maximum total profit, a colon, then the numbers of the chosen jobs, for example 23: 1 3 4"
    tags = ("scheduling", "greedy", "matroid", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=LEVEL_CAP)
        n = 5 + lev
        latest = max(2, (n + 1) // 2 + rng.randint(-1, 1))
        jobs = [[rng.randint(1, latest), rng.randint(1, 9 + 2 * lev)] for _ in range(n)]
        chosen = best_jobs(jobs)
        best = sum(jobs[i][1] for i in chosen)
        lines = "\n".join(f"job {i + 1}: deadline {d}, profit {p}" for i, (d, p) in enumerate(jobs))
        prompt = (
            f"There are {n} jobs, numbered 1 to {n}. Each job takes exactly one unit of time. Time starts at 0, "
            "and only one job can be done at a time, so the jobs done run in time slots 0-1, 1-2, 2-3, and so "
            "on. A job with deadline D must be finished by time D: it has to run in one of the slots 0-1 to "
            f"(D-1)-D.\n{lines}\n\n"
            "Choose a set of jobs that can all be done, each finished by its deadline, with the largest possible "
            "total profit. Give that total profit and the numbers of the chosen jobs, in any order (you do not "
            "need to give the time slots). Any set of maximum total profit is accepted."
        )
        answer = f"{best}: {' '.join(str(i + 1) for i in chosen)}"
        return Instance(prompt=prompt, answer=answer, data={"jobs": jobs, "best": best}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        jobs, best = data["jobs"], data["best"]
        stated, rest = split_optimum(answer, "the total profit", len(str(best)) + 2)
        chosen = read_numbered(rest, len(jobs), "a job")
        repeated = first_repeat(chosen)
        if repeated is not None:
            return Verdict.wrong(f"job {repeated} is chosen twice")
        late = infeasible_at([jobs[k - 1][0] for k in chosen])
        if late is not None:
            return Verdict.wrong(f"more than {late} of the chosen jobs are due by time {late}, so one is late")
        profit = sum(jobs[k - 1][1] for k in chosen)
        if profit != best:
            return Verdict.wrong(f"the jobs earn {profit} in total, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated profit {stated} is not the total profit {best} of the jobs")
        return Verdict.right()
