"""graph/bin_packing: pack items into the fewest bins of a given capacity, with the packing as the witness."""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.scaling import taper
from rlve_plugin_graph.reading import parse_groups
from rlve_plugin_graph.sequences import split_optimum

#: Search nodes allowed for one random instance (a few milliseconds); one that needs more is redrawn.
NODE_BUDGET = 3_000
#: Random instances tried before falling back to a planted one, whose optimum is certain without search.
ATTEMPTS = 4
#: Larger instances are always planted: exact search on random ones would be too slow.
MOST_SEARCHED = 40


class _Budget(Exception):
    """The search used up its node budget."""


def lower_bound(sizes: list[int], capacity: int) -> int:
    """The Martello-Toth bound L2, which is at least the total size over the capacity, rounded up.

    For each threshold t <= capacity / 2: items bigger than capacity - t each need a bin of their own, as
    do items over half the capacity (no two share a bin); the items from t to half the capacity can only
    share those bins' free space or fill new bins.
    """
    best = -(-sum(sizes) // capacity)
    for t in sorted({0, *(s for s in sizes if s <= capacity // 2)}):
        alone = [s for s in sizes if s > capacity - t]
        large = [s for s in sizes if capacity - t >= s > capacity / 2]
        small = sum(s for s in sizes if capacity / 2 >= s >= t)
        room = len(large) * capacity - sum(large)
        best = max(best, len(alone) + len(large) + max(0, -(-(small - room) // capacity)))
    return best


def first_fit_decreasing(sizes: list[int], capacity: int) -> list[list[int]]:
    """Bins of 0-based item indices: the biggest item first, each into the first bin with room."""
    bins: list[list[int]] = []
    loads: list[int] = []
    for i in sorted(range(len(sizes)), key=lambda i: -sizes[i]):
        for b, load in enumerate(loads):
            if load + sizes[i] <= capacity:
                bins[b].append(i)
                loads[b] += sizes[i]
                break
        else:
            bins.append([i])
            loads.append(sizes[i])
    return bins


def fewest_bins(sizes: list[int], capacity: int, budget: int) -> list[list[int]]:
    """An optimal packing (bins of 0-based item indices). Raises ``_Budget`` past ``budget`` search nodes.

    First-fit decreasing is optimal when it meets the lower bound; otherwise a depth-first search puts the
    items, biggest first, into each open bin with room (bins of equal load are interchangeable, so only one
    is tried) or a new one, pruned by the bins open plus the space the rest still needs.
    """
    best = first_fit_decreasing(sizes, capacity)
    floor = lower_bound(sizes, capacity)
    if len(best) == floor:
        return best
    order = sorted(range(len(sizes)), key=lambda i: -sizes[i])
    after = [sum(sizes[i] for i in order[k:]) for k in range(len(order) + 1)]
    bins: list[list[int]] = []
    loads: list[int] = []
    nodes = 0

    def place(k: int) -> bool:
        """Search on from the k-th biggest item; True once a packing meets the lower bound."""
        nonlocal best, nodes
        nodes += 1
        if nodes > budget:
            raise _Budget
        if k == len(order):
            best = [list(b) for b in bins]
            return len(best) == floor
        free = len(bins) * capacity - sum(loads)
        if len(bins) + max(0, -(-(after[k] - free) // capacity)) >= len(best):
            return False
        size = sizes[order[k]]
        tried = set()
        for b, load in enumerate(loads):
            if load + size <= capacity and load not in tried:
                tried.add(load)
                bins[b].append(order[k])
                loads[b] += size
                found = place(k + 1)
                bins[b].pop()
                loads[b] -= size
                if found:
                    return True
        if len(bins) + 1 < len(best):
            bins.append([order[k]])
            loads.append(size)
            found = place(k + 1)
            bins.pop()
            loads.pop()
            return found
        return False

    place(0)
    return best


def balanced_parts(total: int, count: int, capacity: int, rng: random.Random) -> list[int]:
    """``count`` sizes adding up to ``total``, each from capacity / (count + 2) to 2 capacity / (count + 1).

    Parts of similar size are what makes packing hard: first-fit decreasing, which packs random sizes
    optimally almost always, usually needs an extra bin for bins cut this way. Every part starts at the
    smallest size and the rest is handed out one unit at a time to parts with room.
    """
    low, high = max(1, capacity // (count + 2)), 2 * capacity // (count + 1)
    parts = [low] * count
    for _ in range(total - low * count):
        parts[rng.choice([i for i in range(count) if parts[i] < high])] += 1
    return parts


def planted(n: int, capacity: int, rng: random.Random) -> tuple[list[int], list[list[int]]]:
    """Item sizes cut from bins filled to the brim (each bin cut into 2 to 4 parts of similar size; the last
    bin may be left short, by less than half a bin), with that packing. The total then needs every bin."""
    counts = []
    left = n
    while left > 0:
        counts.append(min(left, rng.randint(2, 4)))
        left -= counts[-1]
    sizes: list[int] = []
    bins = []
    for b, count in enumerate(counts):
        smallest = count * max(1, capacity // (count + 2))  # the last bin holds at least its parts' minimum
        fill = capacity if b < len(counts) - 1 else rng.randint(max(smallest, capacity // 2), capacity)
        bins.append(list(range(len(sizes), len(sizes) + count)))
        sizes.extend(balanced_parts(fill, count, capacity, rng))
    # Shuffle the items so that the bins do not show in the order of the list.
    order = list(range(n))
    rng.shuffle(order)
    where = {old: new for new, old in enumerate(order)}
    return [sizes[old] for old in order], [[where[i] for i in b] for b in bins]


class BinPacking(Environment):
    id = "graph/bin_packing"
    version = 1
    description = "Pack items of given sizes into as few bins of a fixed capacity as possible; give the packing."
    difficulty_scales = (
        "items: 5 + T (T = d to 30, then slower: rlve.scaling.taper); capacity: 10 + 2 T / 3 (at most 30); half "
        "the instances random (sizes 1/8 to 3/4 of the capacity, solved exactly; always planted past "
        f"{MOST_SEARCHED} items), half planted (full bins cut into 2 to 4 items of similar size, which first-fit "
        "decreasing often packs with a bin too many)"
    )
    size_name = "items"
    answer_format = (
        "the number of bins, a colon, then the item numbers in each bin, bins separated by semicolons, for "
        "example 3: 1 4; 2 3 6; 5"
    )
    tags = ("packing", "np-hard", "branch-and-bound", "optimisation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        lev = taper(difficulty)
        n = 5 + lev
        capacity = 10 + 2 * min(lev, 30) // 3
        packing = None
        if n <= MOST_SEARCHED and rng.random() < 0.5:
            for _ in range(ATTEMPTS):
                sizes = [rng.randint(max(1, capacity // 8), capacity * 3 // 4) for _ in range(n)]
                try:
                    packing = fewest_bins(sizes, capacity, NODE_BUDGET)
                    break
                except _Budget:
                    continue
        if packing is None:
            sizes, packing = planted(n, capacity, rng)
        lines = "\n".join(f"item {i + 1}: size {s}" for i, s in enumerate(sizes))
        prompt = (
            f"Bins each hold a total size of at most {capacity}. There are {n} items, numbered 1 to {n}:\n"
            f"{lines}\n\n"
            "Put every item into exactly one bin so that the sizes in each bin add up to at most "
            f"{capacity}, using as few bins as possible. Give the number of bins and the items in each bin; "
            "the order of the bins and of the items in a bin does not matter. Any packing with the fewest bins "
            "is accepted."
        )
        answer = f"{len(packing)}: " + "; ".join(" ".join(str(i + 1) for i in sorted(b)) for b in packing)
        data = {"sizes": sizes, "capacity": capacity, "best": len(packing)}
        return Instance(prompt=prompt, answer=answer, data=data, size=n)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        sizes, capacity, best = data["sizes"], data["capacity"], data["best"]
        n = len(sizes)
        stated, rest = split_optimum(answer, "the number of bins", len(str(n)) + 2)
        # Items are numbered from 1: read them as nodes 0..n, then refuse 0.
        bins = parse_groups(rest, n + 1)
        seen = [False] * (n + 1)
        for b in bins:
            for item in b:
                if item == 0:
                    raise ParseError(f"0 is not an item (they are numbered 1 to {n})")
                if seen[item]:
                    return Verdict.wrong(f"item {item} is in more than one place")
                seen[item] = True
        missing = next((item for item in range(1, n + 1) if not seen[item]), None)
        if missing is not None:
            return Verdict.wrong(f"item {missing} is in no bin")
        for b in bins:
            load = sum(sizes[item - 1] for item in b)
            if load > capacity:
                return Verdict.wrong(f"the bin with items {' '.join(map(str, b))} holds {load}, over {capacity}")
        if len(bins) != best:
            return Verdict.wrong(f"{len(bins)} bins are used, but {best} are enough")
        if stated != best:
            return Verdict.wrong(f"the stated number {stated} is not the {best} bins listed")
        return Verdict.right()
