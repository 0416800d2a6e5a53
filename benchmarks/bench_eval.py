"""Generations `rlve eval` needs to locate a frontier, against a fixed grid d = 0..30 with the same problems per level.

A simulated model answers with a known accuracy curve (0.9 up to its frontier, 0.1 above it, drawn at random),
so the count is exact and repeatable. The peer is what evaluating "accuracy by difficulty" on a fixed grid costs
(reasoning-gym#409's request; RLVE and verifiers evaluate fixed sets): 31 levels x problems. Ratios below 1 mean
fewer generations. The grid also cannot see a frontier above 30, which the search finds at any height.

    python benchmarks/run.py eval
"""

from __future__ import annotations

import random
import statistics

from rlve_trainer.evaluation.frontier import Tally, search

PROBLEMS = 32
CHUNK = 8
GRID = 31  # d = 0..30


def simulated(frontier: int, seed: int):
    rng = random.Random(seed)

    def score(difficulty: int, start: int, count: int) -> Tally:
        p = 0.9 if difficulty <= frontier else 0.1
        return Tally(sum(rng.random() < p for _ in range(count)), count)

    return score


def run(report) -> None:
    for frontier in (2, 8, 20, 30):
        used, found = [], []
        for seed in range(20):
            result = search(simulated(frontier, seed), threshold=0.5, problems=PROBLEMS, chunk=CHUNK)
            used.append(result.answers)
            found.append(result.frontier)
        within = sum(abs(f - frontier) <= 1 for f in found)
        report(
            f"eval: generations to find frontier {frontier}",
            statistics.median(used),
            GRID * PROBLEMS,
            "fixed grid d=0..30",
            "gens",
            note=f"{PROBLEMS} problems/level, chunks of {CHUNK}; found within one level in {within}/20",
        )
