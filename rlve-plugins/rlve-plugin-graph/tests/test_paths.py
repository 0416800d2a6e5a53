"""Path environments: shortest_path, euler_path, hamiltonian_path, tree_diameter, grid_bfs."""

from __future__ import annotations

import itertools
from collections import deque

from helpers import assert_right, assert_wrong, env, find, score

from rlve_plugin_graph.graphs import dijkstra, neighbours, normalise


def path_weight(edges, path):
    weight = {normalise(u, v): w for u, v, w in edges}
    return sum(weight[normalise(u, v)] for u, v in zip(path, path[1:]))


def shortest_paths(data, limit=2):
    """Up to ``limit`` distinct shortest paths, following the edges that lie on some shortest path."""
    n, edges, s, t = data["n"], data["edges"], data["source"], data["target"]
    from_s, _ = dijkstra(n, edges, s)
    to_t, _ = dijkstra(n, edges, t)
    best = from_s[t]
    tight = {u: [] for u in range(n)}
    for u, v, w in edges:
        for a, b in ((u, v), (v, u)):
            if from_s[a] + w + to_t[b] == best:
                tight[a].append(b)
    found, stack = [], [[s]]
    while stack and len(found) < limit:
        path = stack.pop()
        if path[-1] == t:
            found.append(path)
            continue
        stack.extend(path + [b] for b in tight[path[-1]])
    return found


def test_shortest_path_accepts_every_shortest_path_and_rejects_longer_ones():
    problem = find("shortest_path", lambda p: len(shortest_paths(p.data)) == 2, difficulties=range(3, 20))
    first, second = shortest_paths(problem.data)
    assert first != second
    assert_right(problem, " ".join(map(str, first)))
    assert_right(problem, ", ".join(map(str, second)))
    assert_right(problem, f"[{' '.join(map(str, second))}]")


def test_shortest_path_wrong_answers_say_why():
    problem = env("shortest_path").sample(12, 3)
    path = [int(x) for x in problem.answer.split()]
    assert len(path) >= 3, "at this difficulty start and end are not neighbours"
    assert_wrong(problem, " ".join(map(str, path[::-1])), "must start")
    assert_wrong(problem, f"{path[0]} {path[-1]}", "not an edge")
    assert_wrong(problem, str(path[0]), "must start")
    # a detour: go to a neighbour of the start and come back, then follow the path
    data = problem.data
    neighbour = next(v for v in neighbours(data["n"], data["edges"])[path[0]])
    assert_wrong(problem, " ".join(map(str, [path[0], neighbour, path[0], *path[1:]])), "weighs")
    verdict = score(problem, f"{path[0]} 999 {path[-1]}")
    assert not verdict.correct and not verdict.format_ok and "not a node" in verdict.reason


def test_shortest_path_is_not_a_single_edge_at_higher_difficulty():
    for seed in range(30):
        problem = env("shortest_path").sample(10, seed)
        assert len(problem.answer.split()) >= 3


def test_euler_path_accepts_the_reversed_walk_and_rejects_broken_ones():
    problem = env("euler_path").sample(6, 2)
    walk = problem.answer.split()
    assert walk != walk[::-1]
    assert_right(problem, " ".join(walk[::-1]))
    assert_wrong(problem, " ".join(walk[:-1]), "nodes, not")
    assert_wrong(problem, " ".join([*walk[:-1], walk[-3]]), "used twice")
    edges = {tuple(e) for e in problem.data["edges"]}
    missing = next((u, v) for u, v in itertools.combinations(range(problem.data["n"]), 2) if (u, v) not in edges)
    broken = [*walk[:-2], str(missing[0]), str(missing[1])]
    assert not score(problem, " ".join(broken)).correct


def test_euler_path_graphs_have_the_right_degrees():
    for seed in range(20):
        problem = env("euler_path").sample(15, seed)
        degree = [0] * problem.data["n"]
        for u, v in problem.data["edges"]:
            degree[u] += 1
            degree[v] += 1
        assert sum(d % 2 for d in degree) in (0, 2)
        assert len(problem.data["edges"]) == problem.size == 6 + 2 * 15


def hamiltonian_paths(data):
    n, edges = data["n"], {tuple(e) for e in data["edges"]}
    for order in itertools.permutations(range(n)):
        if order[0] < order[-1] and all(normalise(u, v) in edges for u, v in zip(order, order[1:])):
            yield list(order)


def test_hamiltonian_path_accepts_any_hamiltonian_path():
    problem = find("hamiltonian_path", lambda p: len(list(hamiltonian_paths(p.data))) >= 2, difficulties=range(0, 3))
    reference = [int(x) for x in problem.answer.split()]
    assert_right(problem, " ".join(map(str, reference[::-1])))
    other = next(p for p in hamiltonian_paths(problem.data) if p not in (reference, reference[::-1]))
    assert_right(problem, " ".join(map(str, other)))


def test_hamiltonian_path_wrong_answers_say_why():
    problem = env("hamiltonian_path").sample(3, 5)
    path = problem.answer.split()
    assert_wrong(problem, " ".join(path[:-1]), "exactly once")
    assert_wrong(problem, " ".join([*path[:-1], path[0]]), "exactly once")
    edges = {tuple(e) for e in problem.data["edges"]}
    bad = next(
        p
        for p in itertools.permutations(range(problem.data["n"]))
        if any(normalise(u, v) not in edges for u, v in zip(p, p[1:]))
    )
    assert_wrong(problem, " ".join(map(str, bad)), "not an edge")


def tree_paths(data):
    """Every simple path of the tree, as node lists, by a search from each node."""
    n = data["n"]
    adj = neighbours(n, data["edges"])
    for start in range(n):
        stack = [[start]]
        while stack:
            path = stack.pop()
            yield path
            stack.extend(path + [v] for v in adj[path[-1]] if v not in path)


def test_tree_diameter_accepts_every_longest_path():
    def has_two_diameters(problem):
        best = problem.data["best"]
        ends = {
            frozenset((p[0], p[-1])) for p in tree_paths(problem.data) if path_weight(problem.data["edges"], p) == best
        }
        return len(ends) >= 2

    problem = find("tree_diameter", has_two_diameters, difficulties=range(0, 6))
    reference = [int(x) for x in problem.answer.split()]
    assert_right(problem, " ".join(map(str, reference[::-1])))
    best = problem.data["best"]
    other = next(
        p
        for p in tree_paths(problem.data)
        if path_weight(problem.data["edges"], p) == best and {p[0], p[-1]} != {reference[0], reference[-1]}
    )
    assert_right(problem, " ".join(map(str, other)))


def test_tree_diameter_wrong_answers_say_why():
    problem = env("tree_diameter").sample(8, 1)
    path = problem.answer.split()
    assert_wrong(problem, " ".join(path[:-1]), "weighs")
    assert_wrong(problem, " ".join([*path, path[0]]), "twice")
    assert_wrong(problem, f"{path[0]} {path[-1]}", "not an edge")


def grid_steps(rows):
    cells = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
    start = next(k for k, ch in cells.items() if ch == "S")
    dist, queue = {start: 0}, deque([start])
    while queue:
        r, c = queue.popleft()
        for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if cells.get(nxt, "#") != "#" and nxt not in dist:
                dist[nxt] = dist[(r, c)] + 1
                queue.append(nxt)
    return dist[next(k for k, ch in cells.items() if ch == "T")]


def test_grid_bfs_reference_matches_an_independent_search_and_is_not_trivial():
    for difficulty in (0, 5, 20, 30):
        for seed in range(10):
            problem = env("grid_bfs").sample(difficulty, seed)
            assert problem.data["steps"] == grid_steps(problem.data["rows"]) >= 1
            assert "\n".join(problem.data["rows"]) in problem.prompt
    assert min(env("grid_bfs").sample(30, seed).data["steps"] for seed in range(10)) >= 8


def test_grid_bfs_mazes_have_walls():
    rows = [row for seed in range(10) for row in env("grid_bfs").sample(30, seed).data["rows"]]
    walls = sum(row.count("#") for row in rows) / sum(len(row) for row in rows)
    assert 0.2 < walls < 0.4


def test_grid_bfs_answers():
    problem = env("grid_bfs").sample(10, 4)
    steps = problem.data["steps"]
    assert_right(problem, f" {steps} ")
    assert_right(problem, f"+{steps}")
    assert_wrong(problem, str(steps + 1), "not the shortest")
    assert_wrong(problem, str(steps - 1), "not the shortest")
    for malformed in (f"{steps}.0", "twelve", f"{steps} steps", f"{steps} or {steps + 1}"):
        verdict = score(problem, malformed)
        assert not verdict.correct and not verdict.format_ok
