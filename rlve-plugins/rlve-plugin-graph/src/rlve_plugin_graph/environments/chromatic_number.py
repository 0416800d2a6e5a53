"""graph/chromatic_number: the fewest colours a graph can be properly coloured with, and such a colouring."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import parse_int_list
from rlve.scaling import level
from rlve_plugin_graph.cliques import maximum_clique
from rlve_plugin_graph.graphs import add_random_edges, describe_graph
from rlve_plugin_graph.reading import check_length
from rlve_plugin_graph.value_and_witness import split_value

#: Nodes stop growing here (50 nodes, reached at d = 45): the exact search is exponential.
MAX_LEVEL = 45
#: Search nodes allowed for one instance (a few milliseconds); a graph that needs more is redrawn.
NODE_BUDGET = 2_000


class _Budget(Exception):
    """The search used up its node budget."""


def colouring_with(n: int, adj: list[int], k: int, budget: list[int]) -> list[int] | None:
    """A proper colouring with colours 0..k-1, or None if there is none: DSATUR backtracking.

    ``adj`` holds neighbour bit masks. The node to colour next is the one with the fewest colours left (then
    the most uncoloured neighbours); a colour is removed from the neighbours' choices when used, and a branch
    dies as soon as some uncoloured node has no colour left. Colours are interchangeable, so a node may take
    only a colour already used or the first unused one. ``budget[0]`` counts down the search nodes.
    """
    colour = [-1] * n
    free = [(1 << k) - 1] * n  # colours still allowed at each node

    def search(uncoloured: int, used: int) -> bool:
        if not uncoloured:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            raise _Budget
        node, key = -1, (k + 1, 0)
        rest = uncoloured
        while rest:
            u = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            candidate = (free[u].bit_count(), -(adj[u] & uncoloured).bit_count())
            if candidate < key:
                node, key = u, candidate
        uncoloured &= ~(1 << node)
        choices = free[node] & ((1 << min(used + 1, k)) - 1)
        while choices:
            c = (choices & -choices).bit_length() - 1
            choices &= choices - 1
            colour[node] = c
            saved = []
            dead = False
            rest = adj[node] & uncoloured
            while rest:
                v = (rest & -rest).bit_length() - 1
                rest &= rest - 1
                if free[v] >> c & 1:
                    saved.append(v)
                    free[v] &= ~(1 << c)
                    dead = dead or not free[v]
            if not dead and search(uncoloured, max(used, c + 1)):
                return True
            for v in saved:
                free[v] |= 1 << c
        colour[node] = -1
        return False

    return colour if search((1 << n) - 1, 0) else None


def chromatic_colouring(n: int, edges: list[list[int]], budget: int) -> list[int]:
    """An optimal colouring (colours 1..chi). Tries k = clique size, then one more colour at a time: a
    clique of k nodes needs k colours, so the first k that works is the chromatic number."""
    adj = [0] * n
    for u, v in edges:
        adj[u] |= 1 << v
        adj[v] |= 1 << u
    left = [budget]
    k = max(1, len(maximum_clique(n, edges)))
    while True:
        colours = colouring_with(n, adj, k, left)
        if colours is not None:
            return [c + 1 for c in colours]
        k += 1


class ChromaticNumber(Environment):
    id = "graph/chromatic_number"
    version = 1
    description = "Find the fewest colours for a graph with the ends of every edge different, and such a colouring."
    difficulty_scales = (
        f"nodes: 5 + L (L = d to {MAX_LEVEL}, then no more); edges: (30 + L) / 25 per node (average degree 2.4 "
        "to 6), random, so odd cycles and cliques mix; the chromatic number is 2 to 5, often one more than the "
        f"largest clique from d = 20; a graph the exact search cannot settle within {NODE_BUDGET} steps is redrawn"
    )
    size_name = "nodes"
    answer_format = (
        "the number of colours, a colon, then the colour (1 to that number) of each node from node 0 to the last "
        "node, for example 3: 1 2 1 3 2"
    )
    tags = ("graph", "colouring", "np-hard", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = level(difficulty, cap=MAX_LEVEL)
        n = 5 + lev
        while True:
            edges = [list(e) for e in add_random_edges(n, [], n * (30 + lev) // 25, rng)]
            try:
                colours = chromatic_colouring(n, edges, NODE_BUDGET)
                break
            except _Budget:
                continue
        best = max(colours)
        prompt = (
            f"{describe_graph(n, edges)}\n\n"
            "Colour every node so that the two ends of every edge have different colours, using as few different "
            "colours as possible. Give the number of colours k you need, then the colour of each node, numbered "
            "1 to k. Any colouring with the fewest possible colours is accepted."
        )
        data = {"n": n, "edges": edges, "best": best}
        return Instance(prompt=prompt, answer=f"{best}: {' '.join(map(str, colours))}", data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        n, best = data["n"], data["best"]
        digits = len(str(n)) + 2
        k, rest = split_value(answer, max_digits=digits)
        colours = parse_int_list(check_length(rest, n + 1, digits), max_items=n + 1, max_digits=digits)
        if len(colours) != n:
            return Verdict.wrong(f"expected a colour for each of the {n} nodes, got {len(colours)}")
        for c in colours:
            if c < 1:
                raise ParseError(f"{c} is not a colour (colours are numbered from 1)")
        for u, v in data["edges"]:
            if colours[u] == colours[v]:
                return Verdict.wrong(f"edge {u}-{v} joins two nodes of colour {colours[u]}")
        used = len(set(colours))
        if used != k:
            return Verdict.wrong(f"the answer says {k} colours but the colouring uses {used}")
        if max(colours) != k:
            return Verdict.wrong(f"colour {max(colours)} is above the {k} colours claimed")
        if k != best:
            return Verdict.wrong(f"the colouring uses {k} colours, but {best} are enough")
        return Verdict.right()
