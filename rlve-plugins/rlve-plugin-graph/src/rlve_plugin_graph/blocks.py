"""Graphs built from blocks joined in a tree: the shared generator of graph/bridges and
graph/articulation_points, where the answer depends on having both fragile and robust parts."""

from __future__ import annotations

import random

from rlve_plugin_graph.graphs import normalise


def block_graph(n: int, rng: random.Random) -> list[list[int]]:
    """A connected graph on 0..n-1 made of robust blocks (a cycle with chords), single edges and lone
    nodes, joined by single edges in a random tree of blocks.

    The edges joining blocks and the single-edge blocks are bridges, and the nodes they attach to are
    usually articulation points; cycles, chords and a few extra edges between blocks (which merge them)
    make many other edges and nodes safe. There is always at least one bridge and one articulation point;
    the answers are computed afterwards, not taken from this plan.
    """
    order = list(range(n))
    rng.shuffle(order)
    blocks: list[list[int]] = []
    i = 0
    while i < n:
        size = min(n - i, rng.choice((1, 2, 3, 3, 4, 4, 5, 6)))
        blocks.append(order[i : i + size])
        i += size
    if len(blocks) == 1:  # at least two blocks, so that something is fragile
        blocks = [blocks[0][: n // 2], blocks[0][n // 2 :]]
    edges: set[tuple[int, int]] = set()
    for block in blocks:
        if len(block) == 2:
            edges.add(normalise(block[0], block[1]))
        elif len(block) >= 3:
            edges.update(normalise(a, b) for a, b in zip(block, block[1:] + block[:1]))
            for _ in range(len(block) // 3):
                a, b = rng.sample(block, 2)
                edges.add(normalise(a, b))
    for k in range(1, len(blocks)):
        other = blocks[rng.randrange(k)]
        edges.add(normalise(rng.choice(blocks[k]), rng.choice(other)))
    # An occasional second link merges blocks into a bigger robust part. It never touches the last block,
    # whose single link therefore stays a bridge with an articulation point at one end or the other.
    for _ in range(len(blocks) // 5):
        a, b = rng.sample(range(len(blocks) - 1), 2)
        edges.add(normalise(rng.choice(blocks[a]), rng.choice(blocks[b])))
    return [list(e) for e in sorted(edges)]
