"""Path environments of the paths wave: bottleneck_path and exact_k_edge_path, each checked against networkx
on instances rebuilt from the prompt text alone."""

from __future__ import annotations

import re

import networkx as nx
from helpers import assert_right, assert_wrong, env, find, score

_EDGE = re.compile(r"(\d+)(->|-)(\d+):(\d+)")


def graph_from_prompt(prompt: str) -> nx.Graph:
    """The weighted graph shown in a prompt: node count from the first line, edges from the ``Edges:`` line."""
    n = int(re.search(r"has (\d+) nodes", prompt).group(1))
    line = next(row for row in prompt.splitlines() if row.startswith("Edges:"))
    directed = "->" in line
    graph = nx.DiGraph() if directed else nx.Graph()
    graph.add_nodes_from(range(n))
    for u, _, v, w in _EDGE.findall(line):
        graph.add_edge(int(u), int(v), weight=int(w))
    return graph


def ends_from_prompt(prompt: str) -> tuple[int, int]:
    match = re.search(r"from node (\d+) to node (\d+)", prompt)
    return int(match.group(1)), int(match.group(2))


# ---------------------------------------------------------------- bottleneck_path


def bottleneck(graph: nx.Graph, path: list[int]) -> int:
    return min(graph[u][v]["weight"] for u, v in zip(path, path[1:]))


def widest_paths_by_brute_force(graph: nx.Graph, s: int, t: int) -> tuple[int, list[list[int]]]:
    """The best bottleneck over every simple s-t path, and every path reaching it."""
    paths = list(nx.all_simple_paths(graph, s, t))
    best = max(bottleneck(graph, p) for p in paths)
    return best, [p for p in paths if bottleneck(graph, p) == best]


def test_bottleneck_path_matches_networkx_on_prompts():
    for d in (0, 1, 2, 4, 12, 30, 60):
        for seed in range(6):
            problem = env("bottleneck_path").sample(d, seed)
            graph = graph_from_prompt(problem.prompt)
            s, t = ends_from_prompt(problem.prompt)
            if d <= 4:
                best, _ = widest_paths_by_brute_force(graph, s, t)
            else:
                # A path in a maximum spanning tree is a widest path (the cut property, run backwards).
                tree = nx.maximum_spanning_tree(graph)
                best = bottleneck(graph, nx.shortest_path(tree, s, t))
            assert int(problem.answer.split(":")[0]) == best, (d, seed)
            assert_right(problem, problem.answer)


def test_bottleneck_path_accepts_every_widest_path():
    def two_widest(problem):
        s, t = problem.data["source"], problem.data["target"]
        return len(widest_paths_by_brute_force(graph_from_prompt(problem.prompt), s, t)[1]) >= 2

    problem = find("bottleneck_path", two_widest, difficulties=range(2, 5))
    s, t = ends_from_prompt(problem.prompt)
    best, paths = widest_paths_by_brute_force(graph_from_prompt(problem.prompt), s, t)
    for path in paths[:3]:
        assert_right(problem, f"{best}: {' '.join(map(str, path))}")
    assert_right(problem, f"bottleneck = {best}: {'->'.join(map(str, paths[1]))}")
    assert_right(problem, f"{best}; [{', '.join(map(str, paths[0]))}]")


def test_bottleneck_path_rejects_near_misses():
    def has_narrower_path(problem):
        s, t = problem.data["source"], problem.data["target"]
        graph = graph_from_prompt(problem.prompt)
        return any(bottleneck(graph, p) < problem.data["best"] for p in nx.all_simple_paths(graph, s, t))

    problem = find("bottleneck_path", has_narrower_path, difficulties=range(2, 5))
    graph = graph_from_prompt(problem.prompt)
    s, t, best = problem.data["source"], problem.data["target"], problem.data["best"]
    path = problem.answer.split(":")[1].split()
    assert_wrong(problem, f"{best + 1}: {' '.join(path)}", "says bottleneck")
    assert_wrong(problem, f"{best - 1}: {' '.join(path)}", "says bottleneck")
    narrow = next(p for p in nx.all_simple_paths(graph, s, t) if bottleneck(graph, p) < best)
    assert_wrong(problem, f"{bottleneck(graph, narrow)}: {' '.join(map(str, narrow))}", "is possible")
    assert_wrong(problem, f"{best}: {' '.join(path[::-1])}", "must start")
    assert_wrong(problem, f"{best}: {path[0]}", "must start")
    # a detour through a neighbour and back repeats the start node
    back = next(iter(graph[s]))
    assert_wrong(problem, f"{best}: {s} {back} {' '.join(path)}", "twice")
    # a route through a node that is not joined to both ends uses a non-edge
    middle = next(x for x in graph if x not in (s, t) and not (graph.has_edge(s, x) and graph.has_edge(x, t)))
    assert_wrong(problem, f"{best}: {s} {middle} {t}", "not an edge")
    for bad in ("", f"{best}", f"{best}: {s} 999 {t}", "x: 0 1", f"{best}: {s} 1e1 {t}"):
        verdict = score(problem, bad)
        assert not verdict.correct and not verdict.format_ok, bad


# ---------------------------------------------------------------- exact_k_edge_path


def lightest_k_arc_walk(graph: nx.DiGraph, s: int, t: int, k: int) -> int | None:
    """Dijkstra on the layered graph (node, arcs used so far): a walk of exactly k arcs is a path to (t, k)."""
    layered = nx.DiGraph()
    for step in range(k):
        for u, v, w in graph.edges(data="weight"):
            layered.add_edge((u, step), (v, step + 1), weight=w)
    try:
        return nx.dijkstra_path_length(layered, (s, 0), (t, k))
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return None


def k_from_prompt(prompt: str) -> int:
    return int(re.search(r"use exactly (\d+) arcs", prompt).group(1))


def test_exact_k_edge_path_matches_networkx_on_prompts():
    nones = 0
    for d in (0, 1, 2, 3, 5, 9, 17, 30, 80):
        for seed in range(8):
            problem = env("exact_k_edge_path").sample(d, seed)
            graph = graph_from_prompt(problem.prompt)
            s, t = ends_from_prompt(problem.prompt)
            expected = lightest_k_arc_walk(graph, s, t, k_from_prompt(problem.prompt))
            assert problem.answer == ("none" if expected is None else str(expected)), (d, seed)
            nones += expected is None
    assert nones > 0, "some problems must have no walk of exactly k arcs"


def test_exact_k_edge_path_needs_exactly_k_arcs():
    # The unrestricted shortest path weighs less (fewer arcs) than the answer somewhere: it must be refused.
    def differs(problem):
        if problem.data["best"] is None:
            return False
        graph = graph_from_prompt(problem.prompt)
        s, t = ends_from_prompt(problem.prompt)
        return nx.dijkstra_path_length(graph, s, t) != problem.data["best"]

    problem = find("exact_k_edge_path", differs, difficulties=range(2, 10))
    graph = graph_from_prompt(problem.prompt)
    s, t = ends_from_prompt(problem.prompt)
    best = problem.data["best"]
    assert_wrong(problem, str(nx.dijkstra_path_length(graph, s, t)), "not the least")
    assert_wrong(problem, str(best - 1), "not the least")
    assert_wrong(problem, str(best + 1), "not the least")
    assert_wrong(problem, "none", "exists")
    assert_right(problem, f" {best} ")
    assert_right(problem, f"weight = {best}")
    for bad in ("", f"{best} {best}", "1e3", "eleven", f"{best}.5", "9" * 60):
        verdict = score(problem, bad)
        assert not verdict.correct, bad


def test_exact_k_edge_path_none_answers():
    problem = find("exact_k_edge_path", lambda p: p.data["best"] is None, difficulties=range(0, 10))
    assert_right(problem, "none")
    assert_right(problem, "None.")
    assert_wrong(problem, "0", "no walk")
    assert_wrong(problem, "7", "no walk")
