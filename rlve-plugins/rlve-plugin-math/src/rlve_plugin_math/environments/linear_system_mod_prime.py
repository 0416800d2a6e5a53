"""math/linear_system_mod_prime: one solution of A x = b over the integers modulo a prime, or "none"."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, Verdict
from rlve.scaling import level, slow
from rlve_plugin_math.linalg import equation_text
from rlve_plugin_math.numbers import parse_integers, says_none
from rlve_plugin_math.primes import random_prime_between
from rlve_plugin_math.scaling import LEVEL_CAP


def solve_mod(matrix: list[list[int]], rhs: list[int], p: int) -> tuple[list[int] | None, int]:
    """A solution of ``matrix x = rhs`` modulo the prime ``p`` (free unknowns set to 0), or None if there is
    none, and the rank of ``matrix`` modulo ``p``; by Gauss-Jordan elimination on the augmented matrix."""
    rows = [[v % p for v in row] + [b % p] for row, b in zip(matrix, rhs)]
    n = len(matrix[0])
    pivots: list[int] = []
    for col in range(n):
        top = len(pivots)
        pivot = next((r for r in range(top, len(rows)) if rows[r][col]), None)
        if pivot is None:
            continue
        rows[top], rows[pivot] = rows[pivot], rows[top]
        inverse = pow(rows[top][col], -1, p)
        rows[top] = [v * inverse % p for v in rows[top]]
        for r in range(len(rows)):
            factor = rows[r][col]
            if r != top and factor:
                rows[r] = [(a - factor * b) % p for a, b in zip(rows[r], rows[top])]
        pivots.append(col)
    rank = len(pivots)
    if any(row[n] for row in rows[rank:]):  # a row 0 = c with c != 0
        return None, rank
    solution = [0] * n
    for row, col in zip(rows, pivots):
        solution[col] = row[n]
    return solution, rank


class LinearSystemModPrime(Environment):
    id = "math/linear_system_mod_prime"
    version = 1
    description = "Solve a system of linear equations modulo a prime p: one solution, or say there is none."
    difficulty_scales = (
        "p: a prime from about (5 + 4d) / 2 to 5 + 4d; unknowns: 2 + d // 4 (past d = 100 +1 per 40 levels); "
        "equations: as many, or from d = 2 one fewer or one more; about 40% of systems have one solution, 30% "
        "many, 30% none; from d = 4 coefficients are also shown as other integers with the same residue"
    )
    size_name = "largest allowed prime p"
    answer_format = (
        "the values of x1, x2, ... in order, separated by spaces, each an integer from 0 to p - 1, for example "
        "3 0 5, or none if the system has no solution"
    )
    tags = ("math", "linear_algebra", "modular")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lvl = level(difficulty, cap=LEVEL_CAP)
        largest = 5 + 4 * lvl
        p = random_prime_between(rng, max(3, largest // 2), largest)
        n = 2 + slow(lvl, 4, 40)
        m = n + (rng.choice((-1, 0, 0, 1)) if lvl >= 2 else 0)
        kind = rng.choices(("unique", "many", "none"), weights=(4, 3, 3))[0]
        if kind == "unique" and m < n:
            kind = "many"
        if kind == "none" and m < 2:
            kind = "many"
        top_rank = {"unique": n, "many": min(m, n - 1), "none": min(m - 1, n)}[kind]
        rank = top_rank if kind == "unique" else rng.randint(max(1, top_rank - 1 - lvl // 8), top_rank)
        for _ in range(50):  # the product of random m x rank and rank x n matrices nearly always has that rank
            left = [[rng.randrange(p) for _ in range(rank)] for _ in range(m)]
            right = [[rng.randrange(p) for _ in range(n)] for _ in range(rank)]
            matrix = [[sum(a * b for a, b in zip(row, column)) % p for column in zip(*right)] for row in left]
            if kind == "none":
                rhs = [rng.randrange(p) for _ in range(m)]
            else:
                hidden = [rng.randrange(p) for _ in range(n)]
                rhs = [sum(a * x for a, x in zip(row, hidden)) % p for row in matrix]
            solution, found_rank = solve_mod(matrix, rhs, p)
            # An equation 0 = c in the prompt would give "none" away, and a wrong rank would change the kind.
            if found_rank == rank and (solution is None) == (kind == "none") and all(any(row) for row in matrix):
                break
        shown = matrix
        if lvl >= 4:  # the same residues, written as other integers: the solver must reduce them
            spread = 1 + lvl // 8
            shown = [[v + p * rng.randint(-spread, spread) if rng.random() < 0.4 else v for v in row] for row in matrix]
        equations = "\n".join(equation_text(row, b) for row, b in zip(shown, rhs))
        names = ", ".join(f"x{i}" for i in range(1, n + 1))
        prompt = (
            f"Solve this system of {m} linear equations in the unknowns {names} over the integers modulo the prime "
            f"{p}, that is, with every equation read as a congruence modulo {p}:\n\n{equations}\n\n"
            f"Give one solution with each value from 0 to {p - 1}. If the system has several solutions, any one "
            "of them is accepted; if it has none, answer none."
        )
        data = {"p": p, "matrix": matrix, "rhs": rhs, "solvable": solution is not None}
        answer = " ".join(map(str, solution)) if solution is not None else "none"
        return Instance(prompt=prompt, answer=answer, data=data, size=largest)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        p, matrix, rhs = data["p"], data["matrix"], data["rhs"]
        if says_none(answer):
            return Verdict.right() if not data["solvable"] else Verdict.wrong("the system has a solution")
        n = len(matrix[0])
        names = [(f"x{i}",) for i in range(1, n + 1)]
        values = parse_integers(answer, max_items=n + 1, max_digits=len(str(p)) + 2, names=names)
        if len(values) != n:
            return Verdict.wrong(f"expected {n} values, got {len(values)}")
        if not data["solvable"]:
            return Verdict.wrong("the system has no solution")
        for i, x in enumerate(values, start=1):
            if not 0 <= x < p:
                return Verdict.wrong(f"x{i} must be from 0 to {p - 1}")
        for i, (row, b) in enumerate(zip(matrix, rhs), start=1):
            if (sum(a * x for a, x in zip(row, values)) - b) % p:
                return Verdict.wrong(f"equation {i} does not hold modulo {p}")
        return Verdict.right()
