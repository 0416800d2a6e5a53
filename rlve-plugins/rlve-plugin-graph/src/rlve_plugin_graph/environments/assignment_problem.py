"""graph/assignment_problem: a cheapest one-to-one assignment of workers to jobs, from a cost matrix."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level
from rlve_plugin_graph.reading import parse_nodes
from rlve_plugin_graph.value_and_witness import split_value

#: Workers stop growing here (reached near d = 300): the matrix has n * n entries, all in the prompt.
MAX_LEVEL = 40


def hungarian(cost: list[list[int]]) -> list[int]:
    """``job[i]`` for every worker i of a minimum-cost perfect assignment: the Hungarian algorithm with
    potentials, O(n^3). Workers are added one at a time, each by a shortest augmenting path over reduced costs."""
    n = len(cost)
    inf = float("inf")
    row_pot = [0] * (n + 1)
    col_pot = [0] * (n + 1)
    owner = [0] * (n + 1)  # owner[j]: the worker (1-based) holding job j (1-based); column 0 is a sentinel
    for i in range(1, n + 1):
        owner[0] = i
        j0 = 0
        slack = [inf] * (n + 1)
        via = [0] * (n + 1)
        used = [False] * (n + 1)
        while owner[j0] != 0:
            used[j0] = True
            i0, delta, j1 = owner[j0], inf, 0
            for j in range(1, n + 1):
                if not used[j]:
                    reduced = cost[i0 - 1][j - 1] - row_pot[i0] - col_pot[j]
                    if reduced < slack[j]:
                        slack[j], via[j] = reduced, j0
                    if slack[j] < delta:
                        delta, j1 = slack[j], j
            for j in range(n + 1):
                if used[j]:
                    row_pot[owner[j]] += delta
                    col_pot[j] -= delta
                else:
                    slack[j] -= delta
            j0 = j1
        while j0:
            j1 = via[j0]
            owner[j0] = owner[j1]
            j0 = j1
    job = [0] * n
    for j in range(1, n + 1):
        job[owner[j] - 1] = j - 1
    return job


def format_matrix(cost: list[list[int]]) -> str:
    width = max(len(str(c)) for row in cost for c in row)
    return "\n".join(f"worker {i}: " + " ".join(str(c).rjust(width) for c in row) for i, row in enumerate(cost))


class AssignmentProblem(Environment):
    id = "graph/assignment_problem"
    version = 1
    description = "Assign n workers to n jobs one-to-one so that the total cost, from a cost matrix, is least."
    difficulty_scales = (
        f"workers and jobs: 3 + L each (L = d to 100, then +20 per doubling, at most {MAX_LEVEL}); costs 1 to "
        "9 + 3 L, uniform"
    )
    size_name = "workers"
    answer_format = (
        "the total cost, a colon, then the job of worker 0, of worker 1, and so on, for example 12: 2 0 1"
    )
    tags = ("graph", "bipartite", "matching", "assignment", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 3 + lev
        top = 9 + 3 * lev
        cost = [[rng.randint(1, top) for _ in range(n)] for _ in range(n)]
        job = hungarian(cost)
        best = sum(cost[i][job[i]] for i in range(n))
        prompt = (
            f"There are {n} workers and {n} jobs, both numbered 0 to {n - 1}. Row i below lists the cost of "
            f"worker i doing job 0, job 1, ..., job {n - 1}, in that order:\n{format_matrix(cost)}\n\n"
            "Give every worker exactly one job so that no two workers share a job, making the total cost as "
            "small as possible. Answer with the least total cost, a colon, then the jobs of worker 0, worker 1, "
            "and so on in that order. Any assignment of least total cost is accepted."
        )
        answer = f"{best}: {' '.join(map(str, job))}"
        return Instance(prompt=prompt, answer=answer, data={"cost": cost, "best": best}, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        cost, best = data["cost"], data["best"]
        n = len(cost)
        claimed, rest = split_value(answer, max_digits=len(str(best)) + 2)
        job = parse_nodes(rest, n)
        if len(job) != n:
            return Verdict.wrong(f"the answer must give one job for each of the {n} workers")
        if len(set(job)) != n:
            return Verdict.wrong("two workers have the same job")
        total = sum(cost[i][job[i]] for i in range(n))
        if claimed != total:
            return Verdict.wrong(f"the answer says total {claimed} but the assignment costs {total}")
        if total != best:
            return Verdict.wrong(f"the assignment costs {total}, but a cheaper one exists")
        return Verdict.right()
