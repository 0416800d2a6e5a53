"""The exact solvers behind the reference answers, checked against brute force on small random inputs."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from rlve_plugin_graph.cliques import maximum_clique
from rlve_plugin_graph.connectivity import bridges_and_cut_nodes, component_labels, strong_component_labels
from rlve_plugin_graph.dags import smallest_first_order
from rlve_plugin_graph.environments.bipartite import two_colouring_or_odd_cycle
from rlve_plugin_graph.environments.count_spanning_trees import bareiss_determinant, spanning_tree_count
from rlve_plugin_graph.environments.cycle_detection import find_cycle
from rlve_plugin_graph.environments.inversion_count import count_inversions
from rlve_plugin_graph.environments.longest_increasing_subsequence import longest_increasing
from rlve_plugin_graph.environments.lowest_common_ancestor import lowest_common_ancestor, parents
from rlve_plugin_graph.environments.min_vertex_cover import is_cover, minimum_vertex_cover
from rlve_plugin_graph.environments.tree_diameter import diameter_path
from rlve_plugin_graph.flow import max_flow, random_network
from rlve_plugin_graph.graphs import add_random_edges, neighbours, normalise, random_tree_edges
from rlve_plugin_graph.matching import maximum_matching
from rlve_plugin_graph.sequences import is_subsequence

CASES = range(60)


def random_graph(rng: random.Random, n: int, m: int) -> list[list[int]]:
    edges: set[tuple[int, int]] = set()
    while len(edges) < min(m, n * (n - 1) // 2):
        u, v = rng.sample(range(n), 2)
        edges.add(normalise(u, v))
    return [list(e) for e in sorted(edges)]


def reachable(adj: list[list[int]], start: int, skip: int = -1, skip_edge: tuple[int, int] | None = None) -> set:
    seen, stack = {start}, [start]
    while stack:
        u = stack.pop()
        for v in adj[u]:
            if v == skip or v in seen or (skip_edge and normalise(u, v) == skip_edge):
                continue
            seen.add(v)
            stack.append(v)
    return seen


@pytest.mark.parametrize("case", CASES)
def test_maximum_clique_matches_brute_force(case):
    rng = random.Random(case)
    n = rng.randint(1, 11)
    edges = random_graph(rng, n, rng.randint(0, n * (n - 1) // 2))
    present = {tuple(e) for e in edges}
    best = maximum_clique(n, edges)
    assert all(normalise(u, v) in present for u, v in itertools.combinations(best, 2))
    largest = max(
        (
            size
            for size in range(n + 1)
            for subset in itertools.combinations(range(n), size)
            if all(normalise(u, v) in present for u, v in itertools.combinations(subset, 2))
        ),
        default=0,
    )
    assert len(best) == largest


@pytest.mark.parametrize("case", CASES)
def test_minimum_vertex_cover_matches_brute_force(case):
    rng = random.Random(1000 + case)
    n = rng.randint(2, 12)
    edges = random_graph(rng, n, rng.randint(1, 2 * n))
    best = minimum_vertex_cover(n, edges, list(range(n)))
    assert is_cover(edges, set(best)) is None
    smallest = next(
        size
        for size in range(n + 1)
        if any(is_cover(edges, set(s)) is None for s in itertools.combinations(range(n), size))
    )
    assert len(best) == smallest


@pytest.mark.parametrize("case", CASES)
def test_max_flow_equals_the_brute_force_minimum_cut(case):
    rng = random.Random(2000 + case)
    n = rng.randint(4, 9)
    arcs, source, sink = random_network(n, rng.randint(1, 12), rng)
    result = max_flow(n, arcs, source, sink)
    others = [x for x in range(n) if x not in (source, sink)]
    best_cut = min(
        sum(c for u, v, c in arcs if (u in side or u == source) and not (v in side or v == source))
        for size in range(len(others) + 1)
        for side in map(set, itertools.combinations(others, size))
    )
    assert result.value == best_cut > 0
    side = set(result.source_side)
    assert source in side and sink not in side
    assert sum(c for u, v, c in arcs if u in side and v not in side) == best_cut
    for (_, _, c), f in zip(arcs, result.flows):
        assert 0 <= f <= c


@pytest.mark.parametrize("case", CASES)
def test_maximum_matching_matches_a_flow(case):
    rng = random.Random(3000 + case)
    n_left, n_right = rng.randint(1, 8), rng.randint(1, 8)
    n = n_left + n_right
    edges = sorted({(rng.randrange(n_left), n_left + rng.randrange(n_right)) for _ in range(rng.randint(0, 16))})
    mate = maximum_matching(list(range(n_left)), neighbours(n, edges))
    assert len(set(mate.values())) == len(mate)
    assert all((u, v) in set(edges) for v, u in mate.items())
    source, sink = n, n + 1
    arcs = [[u, v, 1] for u, v in edges] + [[source, u, 1] for u in range(n_left)]
    arcs += [[v, sink, 1] for v in range(n_left, n)]
    assert len(mate) == max_flow(n + 2, arcs, source, sink).value


def brute_force_spanning_trees(n: int, edges: list[list[int]]) -> int:
    count = 0
    for subset in itertools.combinations(edges, n - 1):
        count += len(set(component_labels(n, list(subset)))) == 1  # n - 1 edges that connect: a tree
    return count


@pytest.mark.parametrize("case", range(30))
def test_spanning_tree_count_matches_brute_force(case):
    rng = random.Random(4000 + case)
    n = rng.randint(2, 7)
    edges = [list(e) for e in add_random_edges(n, random_tree_edges(n, rng), rng.randint(0, 6), rng)]
    assert spanning_tree_count(n, edges) == brute_force_spanning_trees(n, edges)


def test_spanning_tree_count_matches_known_formulas():
    for n in range(2, 11):
        complete = [[u, v] for u, v in itertools.combinations(range(n), 2)]
        assert spanning_tree_count(n, complete) == n ** (n - 2)  # Cayley
    for n in range(3, 12):
        assert spanning_tree_count(n, [sorted((i, (i + 1) % n)) for i in range(n)]) == n
    assert spanning_tree_count(1, []) == 1
    assert spanning_tree_count(5, [[0, 1], [1, 2], [2, 3], [3, 4]]) == 1


def fraction_determinant(matrix: list[list[int]]) -> Fraction:
    a = [[Fraction(x) for x in row] for row in matrix]
    size, det = len(a), Fraction(1)
    for k in range(size):
        pivot = next((i for i in range(k, size) if a[i][k] != 0), None)
        if pivot is None:
            return Fraction(0)
        if pivot != k:
            a[k], a[pivot] = a[pivot], a[k]
            det = -det
        det *= a[k][k]
        for i in range(k + 1, size):
            factor = a[i][k] / a[k][k]
            for j in range(k, size):
                a[i][j] -= factor * a[k][j]
    return det


@pytest.mark.parametrize("case", range(40))
def test_bareiss_determinant_matches_exact_fractions(case):
    rng = random.Random(5000 + case)
    size = rng.randint(1, 6)
    matrix = [[rng.choice([0, 0, 1, -1, 2, -3, 7]) for _ in range(size)] for _ in range(size)]
    assert bareiss_determinant(matrix) == fraction_determinant(matrix)


@pytest.mark.parametrize("case", CASES)
def test_bridges_and_articulation_points_match_brute_force(case):
    rng = random.Random(6000 + case)
    n = rng.randint(2, 10)
    edges = [list(e) for e in add_random_edges(n, random_tree_edges(n, rng), rng.randint(0, n), rng)]
    adj = neighbours(n, edges)
    bridges, cut = bridges_and_cut_nodes(n, adj)
    expected_bridges = [e for e in edges if len(reachable(adj, e[0], skip_edge=tuple(e))) < n]
    expected_cut = [x for x in range(n) if n > 2 and len(reachable(adj, (x + 1) % n, skip=x)) < n - 1]
    assert bridges == expected_bridges
    assert cut == expected_cut


@pytest.mark.parametrize("case", CASES)
def test_strong_components_match_mutual_reachability(case):
    rng = random.Random(7000 + case)
    n = rng.randint(1, 10)
    arcs = sorted({(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 3 * n))})
    arcs = [list(a) for a in arcs if a[0] != a[1]]
    adj = neighbours(n, arcs, directed=True)
    labels = strong_component_labels(n, adj)
    reach = [reachable(adj, u) for u in range(n)]
    for u in range(n):
        for v in range(n):
            assert (labels[u] == labels[v]) == (v in reach[u] and u in reach[v])


@pytest.mark.parametrize("case", CASES)
def test_odd_cycle_or_two_colouring(case):
    rng = random.Random(8000 + case)
    n = rng.randint(1, 9)
    edges = random_graph(rng, n, rng.randint(0, 12))
    colouring, cycle = two_colouring_or_odd_cycle(neighbours(n, edges))
    present = {tuple(e) for e in edges}
    colourable = any(all(c[u] != c[v] for u, v in edges) for c in itertools.product((0, 1), repeat=n))
    assert (colouring is not None) == colourable
    if colouring:
        assert all(colouring[u] != colouring[v] for u, v in edges)
    else:
        assert len(cycle) % 2 == 1 and len(set(cycle)) == len(cycle) >= 3
        assert all(normalise(u, v) in present for u, v in zip(cycle, cycle[1:] + cycle[:1]))


@pytest.mark.parametrize("case", CASES)
def test_find_cycle_finds_a_cycle_exactly_when_there_is_one(case):
    rng = random.Random(9000 + case)
    n = rng.randint(1, 9)
    arcs = sorted({(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 2 * n))})
    arcs = [list(a) for a in arcs if a[0] != a[1]]
    cycle = find_cycle(neighbours(n, arcs, directed=True))
    acyclic = len(smallest_first_order(n, arcs)) == n  # Kahn's algorithm orders everything only in a DAG
    assert (cycle is None) == acyclic
    if cycle:
        present = {tuple(a) for a in arcs}
        assert len(set(cycle)) == len(cycle)
        assert all((u, v) in present for u, v in zip(cycle, cycle[1:] + cycle[:1]))


@pytest.mark.parametrize("case", CASES)
def test_longest_increasing_subsequence_matches_quadratic_dp(case):
    rng = random.Random(10000 + case)
    values = [rng.randint(0, 12) for _ in range(rng.randint(0, 25))]
    best = longest_increasing(values)
    ending = [1] * len(values)
    for j in range(len(values)):
        for i in range(j):
            if values[i] < values[j]:
                ending[j] = max(ending[j], ending[i] + 1)
    assert len(best) == max(ending, default=0)
    assert all(a < b for a, b in zip(best, best[1:])) and is_subsequence(best, values)


def test_is_subsequence():
    assert is_subsequence([1, 3], [1, 2, 3])
    assert not is_subsequence([3, 1], [1, 2, 3])
    assert not is_subsequence([2, 2], [1, 2, 3])
    assert is_subsequence([], [])


@pytest.mark.parametrize("case", CASES)
def test_inversion_count_matches_pair_count(case):
    rng = random.Random(11000 + case)
    values = [rng.randint(0, 8) for _ in range(rng.randint(0, 30))]
    expected = sum(values[i] > values[j] for i in range(len(values)) for j in range(i + 1, len(values)))
    assert count_inversions(values) == expected


@pytest.mark.parametrize("case", CASES)
def test_tree_diameter_matches_all_pairs(case):
    rng = random.Random(12000 + case)
    n = rng.randint(2, 12)
    edges = [[u, v, rng.randint(1, 9)] for u, v in random_tree_edges(n, rng, reach=rng.choice([None, 2]))]
    weight = {normalise(u, v): w for u, v, w in edges}
    path = diameter_path(n, edges)
    length = sum(weight[normalise(u, v)] for u, v in zip(path, path[1:]))
    adj = neighbours(n, edges)

    def distances(start: int) -> list[int]:
        dist = [-1] * n
        dist[start], stack = 0, [start]
        while stack:
            u = stack.pop()
            for v in adj[u]:
                if dist[v] < 0:
                    dist[v] = dist[u] + weight[normalise(u, v)]
                    stack.append(v)
        return dist

    assert length == max(max(distances(u)) for u in range(n))


@pytest.mark.parametrize("case", CASES)
def test_lowest_common_ancestor_matches_ancestor_sets(case):
    rng = random.Random(13000 + case)
    n = rng.randint(2, 12)
    edges = random_tree_edges(n, rng, reach=2)
    root = rng.randrange(n)
    parent = parents(neighbours(n, edges), root)
    depth = [0] * n

    def ancestors(x: int) -> list[int]:
        chain = [x]
        while chain[-1] != root:
            chain.append(parent[chain[-1]])
        return chain

    for x in range(n):
        depth[x] = len(ancestors(x)) - 1
    for u, v in itertools.combinations(range(n), 2):
        common = set(ancestors(u)) & set(ancestors(v))
        assert lowest_common_ancestor(parent, depth, u, v) == max(common, key=lambda x: depth[x])
