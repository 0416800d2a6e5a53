"""math/markov_absorption: the probability that an absorbing Markov chain ends in a given absorbing state."""

from __future__ import annotations

import math
import random
import string
from fractions import Fraction
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.linalg import determinant
from rlve_plugin_math.numbers import format_fraction
from rlve_plugin_math.probability import PROBABILITY_FORMAT, check_exact, exact_data, random_composition
from rlve_plugin_math.scaling import LEVEL_CAP

_MAX_ABSORBING = 4
_MAX_DENOMINATOR = 33


def absorption_probability(rows: list[dict[str, Fraction]], start: int, target: str) -> Fraction:
    """P(absorbed in ``target`` | start) for transient states 0..t-1 whose ``rows`` map a successor to its
    probability (transient successors by their number as a string, absorbing ones by their letter).

    The absorption probabilities x solve x_i = sum_j P(i, j) x_j + P(i, target). Each row is scaled by the
    lcm of its denominators, so the system has integer coefficients, and x_start comes out by Cramer's rule
    as a ratio of two determinants, computed fraction-free (Bareiss): cheap even for a few dozen states.
    """
    t = len(rows)
    matrix, rhs = [], []
    for i, row in enumerate(rows):
        scale = math.lcm(*(p.denominator for p in row.values()))
        line = [0] * t
        line[i] = scale
        for successor, p in row.items():
            if successor.isdigit():
                line[int(successor)] -= p.numerator * (scale // p.denominator)
        matrix.append(line)
        p = row.get(target, Fraction(0))
        rhs.append(p.numerator * (scale // p.denominator))
    replaced = [line[:start] + [b] + line[start + 1 :] for line, b in zip(matrix, rhs)]
    return Fraction(determinant(replaced), determinant(matrix))


def random_chain(
    rng: random.Random, transient: int, absorbing: list[str], max_denominator: int
) -> list[dict[str, Fraction]]:
    """Rows of a chain in which every transient state can reach an absorbing one, so absorption is certain.

    The transient states are ranked at random; each row has one step to a state ranked below it (or to an
    absorbing state, for the lowest), plus one to three other successors anywhere, itself included, so
    the chain has cycles but never a closed set of transient states.
    """
    order = list(range(transient))
    rng.shuffle(order)
    rows = []
    for i in range(transient):
        rank = order.index(i)
        lower = [str(j) for j in range(transient) if order[j] < rank] + absorbing
        successors = {rng.choice(lower if rank else absorbing)}
        everything = [str(j) for j in range(transient)] + absorbing
        wanted = min(1 + rng.randint(1, 3), max_denominator)
        while len(successors) < wanted:
            successors.add(rng.choice(everything))
        denominator = rng.randint(len(successors), max_denominator)
        shares = random_composition(rng, denominator, len(successors))
        rows.append({s: Fraction(w, denominator) for s, w in zip(sorted(successors, key=_state_key), shares)})
    return rows


def _state_key(state: str) -> tuple[int, int]:
    return (0, int(state)) if state.isdigit() else (1, ord(state))


def _name(state: str) -> str:
    return str(int(state) + 1) if state.isdigit() else state


class MarkovAbsorption(Environment):
    id = "math/markov_absorption"
    version = 1
    description = (
        "Find the exact probability that an absorbing Markov chain, given by its transition probabilities, "
        "is absorbed in a given state."
    )
    difficulty_scales = (
        "transient states: 2 + d // 4 (past d = 100 +1 per 100 levels); absorbing states: 2 + d // 12 "
        f"(at most {_MAX_ABSORBING}); row denominators up to 3 + d (at most {_MAX_DENOMINATOR})"
    )
    size_name = "transient states plus the largest allowed row denominator"
    answer_format = PROBABILITY_FORMAT
    tags = ("math", "probability", "markov-chains", "linear-algebra")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        transient = 2 + slow(lvl, 4, 100)
        max_denominator = 3 + min(lvl, _MAX_DENOMINATOR - 3)
        absorbing = list(string.ascii_uppercase[: min(2 + lvl // 12, _MAX_ABSORBING)])
        while True:
            rows = random_chain(rng, transient, absorbing, max_denominator)
            # A start that can only step straight into absorbing states would make its row the answer.
            onward = [i for i, row in enumerate(rows) if any(s.isdigit() for s in row)] or list(range(transient))
            start, target = rng.choice(onward), rng.choice(absorbing)
            probability = absorption_probability(rows, start, target)
            if 0 < probability < 1:  # 0 or 1 would be a lucky guess; a few tries always find another
                break
        lines = [
            f"  from {i + 1}: "
            + ", ".join(f"to {_name(s)} with probability {format_fraction(p)}" for s, p in row.items())
            for i, row in enumerate(rows)
        ]
        prompt = (
            f"A Markov chain has transient states 1 to {transient} and absorbing states "
            f"{', '.join(absorbing[:-1])} and {absorbing[-1]} (once the chain enters an absorbing state, it "
            "stays there forever). From each transient state it moves in one step as listed (a state may move "
            "to itself); these are all the moves:\n"
            + "\n".join(lines)
            + f"\n\nFrom every transient state the chain is eventually absorbed. Starting from state {start + 1}, "
            f"what is the exact probability that the chain is absorbed in state {target}?"
        )
        data = exact_data(probability)
        return Instance(prompt=prompt, answer=data["value"], data=data, size=transient + max_denominator)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        return check_exact(data, answer, "the absorption probability", probability=True)
