"""graph/matrix_chain_order: the cheapest order to multiply a chain of matrices, as a full parenthesisation."""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve_plugin_graph.reading import check_length
from rlve_plugin_graph.sequences import dp_level, split_optimum

#: The table is cubic in the number of matrices, so the level stops here (63 matrices, 40 000 steps).
MAX_LEVEL = 60
#: The tokens of a product: brackets and matrix names; spaces and multiplication signs (* x × ·) are ignored.
_TOKEN = re.compile(r"\(|\)|[Aa]_?([0-9]{1,4})|[\s*×·x]+")


def cheapest_order(dims: list[int]) -> tuple[int, str]:
    """The fewest scalar multiplications for the chain A1 ... An, where Ai is dims[i-1] x dims[i], and one
    product that achieves it, written with every multiplication in brackets: ``((A1 A2) A3)``.

    The classic interval table: the cheapest product of Ai..Aj splits it after some Ak, and costs the two
    halves plus dims[i-1] x dims[k] x dims[j] for the final multiplication. O(n^3).
    """
    n = len(dims) - 1
    cost = [[0] * (n + 1) for _ in range(n + 1)]
    split = [[0] * (n + 1) for _ in range(n + 1)]
    for span in range(1, n):
        for i in range(1, n - span + 1):
            j = i + span
            outer = dims[i - 1] * dims[j]
            best, where = None, 0
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + outer * dims[k]
                if best is None or c < best:
                    best, where = c, k
            cost[i][j], split[i][j] = best, where

    def written(i: int, j: int) -> str:
        if i == j:
            return f"A{i}"
        k = split[i][j]
        return f"({written(i, k)} {written(k + 1, j)})"

    return cost[1][n], written(1, n)


def product_cost(text: str, dims: list[int]) -> tuple[int, str | None]:
    """``(cost, None)`` for a full parenthesisation of A1 ... An (brackets round the outermost product may be
    left out, brackets round a single factor are ignored); ``(0, why)`` when it is not one.

    Read with a stack of open brackets, each holding the factors met inside it as ``(first, last, cost)``;
    a closing bracket must hold one or two factors, and two are multiplied there. Raises ParseError for
    text that is not made of brackets and matrix names.
    """
    n = len(dims) - 1
    check_length(text, 4 * n, len(str(n)) + 3)
    stack: list[list[tuple[int, int, int]]] = [[]]
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if not match:
            raise ParseError(f"unexpected {text[position : position + 10]!r}: write matrices A1 to A{n} and brackets")
        position = match.end()
        token = match.group(0)
        if token == "(":
            if len(stack) > n:
                raise ParseError("more nested brackets than there are matrices")
            stack.append([])
        elif token == ")":
            if len(stack) == 1:
                raise ParseError("a closing bracket without an opening one")
            factors = stack.pop()
            if not 1 <= len(factors) <= 2:
                return 0, f"a pair of brackets holds {len(factors)} factors; each multiplication takes exactly two"
            if len(factors) == 2:
                factors, why = _multiply(factors, dims)
                if why:
                    return 0, why
            stack[-1].extend(factors)
        elif match.group(1) is not None:
            index = int(match.group(1))
            if not 1 <= index <= n:
                raise ParseError(f"there is no matrix A{index} (they are A1 to A{n})")
            stack[-1].append((index, index, 0))
        if len(stack[-1]) > 2:
            return 0, "three factors side by side: put every multiplication of two factors in brackets"
    if len(stack) > 1:
        raise ParseError("an opening bracket is never closed")
    factors = stack[0]
    if len(factors) == 2:
        factors, why = _multiply(factors, dims)
        if why:
            return 0, why
    if len(factors) != 1 or factors[0][:2] != (1, n):
        return 0, f"the product must multiply all of A1 to A{n}, each once, in their order"
    return factors[0][2], None


def _multiply(factors: list[tuple[int, int, int]], dims: list[int]) -> tuple[list[tuple[int, int, int]], str | None]:
    """The product of two neighbouring factors, or why they cannot be multiplied in this chain."""
    (first, middle, left_cost), (after, last, right_cost) = factors
    if after != middle + 1:
        return [], f"A{middle} is followed by A{after}: the matrices must stay in their order A1 to A{len(dims) - 1}"
    return [(first, last, left_cost + right_cost + dims[first - 1] * dims[middle] * dims[last])], None


class MatrixChainOrder(Environment):
    id = "graph/matrix_chain_order"
    version = 1
    description = "Find the cheapest order to multiply a chain of matrices (fewest scalar multiplications)."
    difficulty_scales = (
        f"matrices: 3 + T (T = d to 30, then slower: rlve.scaling.taper, at most {MAX_LEVEL}); "
        "sides: 2 to 5 + 2 T"
    )
    size_name = "matrices"
    answer_format = (
        "the smallest number of scalar multiplications, a colon, then the product with every multiplication "
        "of two factors in brackets, for example 4500: ((A1 A2) A3)"
    )
    tags = ("dynamic-programming", "matrix-chain", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = dp_level(difficulty, cap=MAX_LEVEL)
        n = 3 + lev
        # Sides keep growing past the cap: they cost nothing to the table, only digits to the numbers.
        dims = [rng.randint(2, 5 + 2 * dp_level(difficulty)) for _ in range(n + 1)]
        best, product = cheapest_order(dims)
        shapes = ", ".join(f"A{i} is {dims[i - 1]} x {dims[i]}" for i in range(1, n + 1))
        prompt = (
            f"A chain of {n} matrices, A1 to A{n}, is to be multiplied in this order. Their shapes (rows x "
            f"columns): {shapes}.\n\n"
            "Multiplying a p x q matrix by a q x r matrix takes p * q * r scalar multiplications and gives a "
            "p x r matrix. The order of the multiplications is chosen by brackets: for example, for matrices "
            "of shapes 10 x 30, 30 x 5 and 5 x 60, ((A1 A2) A3) takes 10*30*5 + 10*5*60 = 4500 scalar "
            "multiplications and (A1 (A2 A3)) takes 30*5*60 + 10*30*60 = 27000.\n\n"
            "Find the smallest total number of scalar multiplications needed to compute the whole product, and "
            "an order that achieves it, written with brackets around every multiplication of two factors. Any "
            "cheapest order is accepted."
        )
        data = {"dims": dims, "best": best}
        return Instance(prompt=prompt, answer=f"{best}: {product}", data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        dims, best = data["dims"], data["best"]
        stated, rest = split_optimum(answer, "the number of multiplications", len(str(best)) + 2)
        cost, why = product_cost(rest, dims)
        if why:
            return Verdict.wrong(why)
        if cost != best:
            return Verdict.wrong(f"that order takes {cost} scalar multiplications, but {best} is possible")
        if stated != best:
            return Verdict.wrong(f"the stated number {stated} is not the {best} multiplications of that order")
        return Verdict.right()
