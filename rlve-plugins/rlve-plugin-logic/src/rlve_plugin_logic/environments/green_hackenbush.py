"""logic/green_hackenbush: the game value (Grundy value) of Green Hackenbush on a forest of rooted trees standing
on the ground, and a winning cut, or none.

Each node hangs from one parent node or from the ground by one edge, named after the node; cutting an edge
removes it and everything no longer joined to the ground. By the colon principle a node's subtree counts as a
stalk of length XOR over its children c of (value(c) + 1), and the ground likewise, so the value takes one pass
from the leaves down. The labels are shuffled, so the listing does not give the shape away. About a quarter of
the posed positions have value 0: a random forest with a winning cut already made.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import level
from rlve_plugin_logic.games import plain_answer

#: Share of posed positions whose value is 0 (no winning cut).
LOST_SHARE = 0.25
#: Chance that a new node stands on the ground rather than hanging from an earlier node.
GROUND_CHANCE = 0.15
#: The level stops growing here (near d = 3200): at most 203 nodes.
MAX_LEVEL = 200

_ANSWER = re.compile(
    r"(?:value ?[:=]? ?)?(\d{1,6}) ?[,;:]? ?(?:move ?[:=]? ?)?"
    r"(none|cut (?:the )?(?:edge )?(?:of |to |above )?(?:node )?(\d{1,6}))"
)

GROUND = 0  # the parent of a node that stands on the ground


def value_after(parents: list[int], cut: int = 0) -> int:
    """The Grundy value of the forest, nodes 1..n with parents[k - 1] their parent (GROUND for the ground), after
    cutting the edge above node ``cut`` (0: no cut). Colon principle, children before parents."""
    children: list[list[int]] = [[] for _ in range(len(parents) + 1)]
    for node, parent in enumerate(parents, start=1):
        if node != cut:
            children[parent].append(node)
    order = [GROUND]
    for node in order:  # breadth-first from the ground: every node after its parent
        order.extend(children[node])
    values = [0] * (len(parents) + 1)
    for node in reversed(order):
        total = 0
        for child in children[node]:
            total ^= values[child] + 1
        values[node] = total
    return values[GROUND]


def winning_cuts(parents: list[int]) -> list[int]:
    return [node for node in range(1, len(parents) + 1) if value_after(parents, node) == 0]


def random_forest(count: int, rng: random.Random) -> list[int]:
    """Parents of nodes 1..count: each node in a hidden order stands on the ground or hangs from an earlier one."""
    hidden = [GROUND if i == 0 or rng.random() < GROUND_CHANCE else rng.randrange(i) + 1 for i in range(count)]
    return relabel(hidden, list(range(1, count + 1)), rng)


def relabel(parents: list[int], kept: list[int], rng: random.Random) -> list[int]:
    """The forest on the ``kept`` nodes only (a kept node's parent is kept too), with shuffled labels 1..len."""
    labels = list(range(1, len(kept) + 1))
    rng.shuffle(labels)
    new_label = {GROUND: GROUND, **{old: new for old, new in zip(kept, labels)}}
    result = [GROUND] * len(kept)
    for old in kept:
        result[new_label[old] - 1] = new_label[parents[old - 1]]
    return result


def subtree(parents: list[int], top: int) -> set[int]:
    inside = {top}
    changed = True
    while changed:
        changed = False
        for node, parent in enumerate(parents, start=1):
            if parent in inside and node not in inside:
                inside.add(node)
                changed = True
    return inside


class GreenHackenbush(Environment):
    id = "logic/green_hackenbush"
    version = 1
    description = (
        "Green Hackenbush on a forest of trees standing on the ground: the Grundy value of the position and a "
        "winning cut, or none."
    )
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling, at most 200): a random forest of 3 + L nodes (about "
        "15% of the nodes stand on the ground); about a quarter of the positions have value 0, made by a winning "
        "cut on such a forest (so they have fewer nodes)"
    )
    size_name = "most nodes in the forest"
    answer_format = (
        "the Grundy value, then a winning move as cut k (cut the edge above node k), or none when the value is 0; "
        "for example 5; cut 7, or 0; none"
    )
    tags = ("logic", "game-theory", "sprague-grundy", "hackenbush")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        count = 3 + level(difficulty, cap=MAX_LEVEL)
        parents = random_forest(count, rng)
        if rng.random() < LOST_SHARE:
            cuts = winning_cuts(parents)
            if cuts:
                gone = subtree(parents, rng.choice(cuts))
                parents = relabel(parents, [k for k in range(1, count + 1) if k not in gone], rng)
        total = value_after(parents)
        cuts = winning_cuts(parents) if total else []
        listing = "\n".join(
            f"node {k}: stands on the ground" if p == GROUND else f"node {k}: hangs from node {p}"
            for k, p in enumerate(parents, start=1)
        )
        prompt = (
            f"A game of Green Hackenbush is played on a picture of {len(parents)} nodes joined by edges. Each node "
            "is joined by exactly one edge either to the ground or to a node it hangs from (no cycles), so the "
            "picture is a forest of trees standing on the ground:\n"
            f"{listing}\n\n"
            "Call the edge that joins node k to the ground or to the node it hangs from edge k. Two players "
            "alternate; a move cuts one remaining edge, and then every edge and node no longer joined to the ground "
            "(through remaining edges) disappears too. A player who cannot move (nothing is left) loses.\n"
            "The Grundy value of a position is the mex (the smallest non-negative integer not in a set) of the "
            "Grundy values of the positions one move can reach, so the empty position has value 0, and the player "
            "to move wins exactly when it is not 0.\n"
            "Give the Grundy value of the whole position and a winning move for the player to move (a cut after "
            "which the value is 0; any such cut counts), written cut k to cut edge k; if the value is 0, write none "
            "instead of a move. For example: 5; cut 7, or 0; none."
        )
        answer = f"{total}; cut {cuts[0]}" if cuts else f"{total}; none"
        data = {"parents": parents, "total": total}
        return Instance(prompt=prompt, answer=answer, data=data, size=count)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        match = _ANSWER.fullmatch(plain_answer(answer, 80))
        if not match:
            raise ParseError("expected the Grundy value, then cut k or none, as in 5; cut 7")
        parents, total = data["parents"], data["total"]
        claimed = int(match.group(1))
        if claimed != total:
            return Verdict.wrong(f"{claimed} is not the Grundy value of the position")
        if match.group(2) == "none":
            return Verdict.right() if total == 0 else Verdict.wrong("the value is not 0: a winning cut exists")
        if total == 0:
            return Verdict.wrong("the value is 0: no cut is winning, answer none")
        node = int(match.group(3))
        if not 1 <= node <= len(parents):
            return Verdict.wrong(f"there is no edge {node}: the edges are numbered 1 to {len(parents)}")
        if value_after(parents, node) != 0:
            return Verdict.wrong("that cut leaves a position of nonzero Grundy value: the opponent wins")
        return Verdict.right()
