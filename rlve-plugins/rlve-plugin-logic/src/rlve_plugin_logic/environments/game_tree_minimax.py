"""logic/game_tree_minimax: the minimax value of a game tree written as nested brackets (MAX at the root, the
players alternating by depth) and, from LEAVES_LEVEL, the leaves that alpha-beta search, visiting children left
to right, never evaluates.

The prompt spells out the alpha-beta procedure (cut-off when alpha >= beta, so ties prune), because which leaves
are skipped depends on such details; with it fixed the skipped leaves are one set, and an answer may list them
in any order. Trees are random splits of the leaves into 2 to a few children, so leaves sit at mixed depths.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int
from rlve.scaling import level
from rlve_plugin_logic.games import plain_answer
from rlve_plugin_logic.reading import read_index_set

#: From this level the answer also names the leaves alpha-beta never evaluates.
LEAVES_LEVEL = 4
#: The level stops growing here (near d = 3200): at most 204 leaves.
MAX_LEVEL = 200
#: Leaves hold integers from -VALUE_RANGE to VALUE_RANGE (wider from level 10: more distinct values).
NARROW_RANGE, WIDE_RANGE = 9, 99

_VALUE_ONLY = re.compile(r"(?:value ?[:=]? ?)?(-?\d{1,4})")
_WITH_LEAVES = re.compile(
    r"(?:value ?[:=]? ?)?(-?\d{1,4}) ?[;:] ?(?:(?:pruned |skipped |unevaluated )?leaves ?[:=]? ?)?(.*)"
)

Tree = int | list  # a leaf's value, or the list of a node's children


def random_tree(leaves: int, branching: int, values: int, rng: random.Random) -> Tree:
    """A tree with exactly ``leaves`` leaves: split them among 2..branching children at random, recursively."""
    if leaves == 1:
        return rng.randint(-values, values)
    children = rng.randint(2, min(branching, leaves))
    cuts = sorted(rng.sample(range(1, leaves), children - 1))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, leaves])]
    return [random_tree(size, branching, values, rng) for size in sizes]


def alpha_beta(tree: Tree) -> tuple[int, list[int]]:
    """(minimax value, numbers from 1 of the leaves evaluated), by the procedure the prompt states."""
    evaluated: list[int] = []
    counter = [0]

    def leaf_count(node: Tree) -> int:
        return 1 if isinstance(node, int) else sum(leaf_count(child) for child in node)

    def search(node: Tree, alpha: float, beta: float, maximising: bool) -> int:
        if isinstance(node, int):
            counter[0] += 1
            evaluated.append(counter[0])
            return node
        best: int | None = None
        for k, child in enumerate(node):
            value = search(child, alpha, beta, not maximising)
            if best is None or (value > best if maximising else value < best):
                best = value
            if maximising:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                counter[0] += sum(leaf_count(rest) for rest in node[k + 1 :])  # the skipped children's leaves
                break
        return best  # type: ignore[return-value]

    value = search(tree, float("-inf"), float("inf"), True)
    return value, evaluated


def render(tree: Tree) -> str:
    return str(tree) if isinstance(tree, int) else "[" + ", ".join(render(child) for child in tree) + "]"


def plan(difficulty: int) -> tuple[int, int, int, bool]:
    """(leaves, most children, value range, whether skipped leaves are asked): 4 + L leaves; up to 2 + L/8
    children (at most 4); values up to 9, up to 99 from level 10; skipped leaves from level 4."""
    lvl = level(difficulty, cap=MAX_LEVEL)
    values = NARROW_RANGE if lvl < 10 else WIDE_RANGE
    return 4 + lvl, min(4, 2 + lvl // 8), values, lvl >= LEAVES_LEVEL


class GameTreeMinimax(Environment):
    id = "logic/game_tree_minimax"
    version = 1
    description = (
        "The minimax value of a game tree given as nested brackets and, from level 4, the leaves that left-to-right "
        "alpha-beta search never evaluates."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling, at most 200): 4 + L leaves; up to min(4, 2 + L/8) "
        "children per node; leaf values in -9..9, in -99..99 from level 10; from level 4 the answer also lists "
        "the leaves alpha-beta never evaluates"
    )
    size_name = "leaves of the tree"
    answer_format = (
        "the minimax value (for example -3); from level 4, the value, a semicolon, then the numbers of the leaves "
        "alpha-beta never evaluates in any order, or none; for example 5; 4, 7, 8 or 5; none"
    )
    tags = ("logic", "game-theory", "minimax", "alpha-beta")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        leaves, branching, values, ask_leaves = plan(difficulty)
        tree = random_tree(leaves, branching, values, rng)
        value, evaluated = alpha_beta(tree)
        skipped = [k for k in range(1, leaves + 1) if k not in set(evaluated)]
        prompt = (
            f"A two-player zero-sum game tree with {leaves} leaves is written as nested brackets: a bracket is an "
            "inner node and lists its children from left to right, and a number is a leaf holding that payoff for "
            f"MAX:\n{render(tree)}\n\n"
            "The root (the outermost bracket) is a MAX node; the players alternate by depth, so the root's children "
            "are MIN nodes, their children MAX nodes, and so on. The minimax value of a MAX node is the largest "
            "value of its children, of a MIN node the smallest, and of a leaf its payoff.\n"
        )
        if ask_leaves:
            prompt += (
                "Number the leaves 1, 2, 3, ... in the order their numbers appear in the brackets, left to right. "
                "Alpha-beta search is run on the tree as follows: search(root, alpha = -infinity, beta = +infinity), "
                "where search(node, alpha, beta) at a leaf evaluates the leaf and returns its payoff; at a MAX node "
                "it visits the children left to right, for each sets v = max(v, search(child, alpha, beta)) (v "
                "starts at -infinity) and alpha = max(alpha, v), and stops visiting the remaining children as soon "
                "as alpha >= beta; then returns v. At a MIN node likewise with v = min(v, ...) starting at "
                "+infinity, beta = min(beta, v), the same stopping rule alpha >= beta, returning v.\n"
                "Give the minimax value of the root, then a semicolon, then the numbers of the leaves this search "
                "never evaluates (in any order, separated by commas), or none if it evaluates every leaf. For "
                "example: 5; 4, 7, 8 or 5; none."
            )
            answer = f"{value}; {', '.join(map(str, skipped)) if skipped else 'none'}"
        else:
            prompt += "Give the minimax value of the root, a single integer."
            answer = str(value)
        data = {"value": value, "skipped": skipped if ask_leaves else None, "leaves": leaves}
        return Instance(prompt=prompt, answer=answer, data=data, size=leaves)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        leaves, skipped = data["leaves"], data["skipped"]
        text = plain_answer(answer.replace("\u2212", "-"), 8 * leaves + 60)
        match = (_VALUE_ONLY if skipped is None else _WITH_LEAVES).fullmatch(text)
        if not match:
            expected = "the minimax value" if skipped is None else "the value; then the skipped leaves or none"
            raise ParseError(f"expected {expected}, as in 5; 4, 7, 8")
        value = parse_int(match.group(1), max_digits=4)
        if value != data["value"]:
            return Verdict.wrong(f"{value} is not the minimax value of the root")
        if skipped is None:
            return Verdict.right()
        claimed = read_index_set(match.group(2), leaves)
        missing, extra = sorted(set(skipped) - claimed), sorted(claimed - set(skipped))
        if extra:
            return Verdict.wrong(f"alpha-beta evaluates leaf {extra[0]}")
        if missing:
            return Verdict.wrong(f"alpha-beta never evaluates leaf {missing[0]}, which is not listed")
        return Verdict.right()
