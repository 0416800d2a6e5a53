"""Optimisation environments: spanning trees, flows, cuts, matchings, cliques and vertex covers.
Each accepts every optimal structure and rejects structures that are invalid or not optimal."""

from __future__ import annotations

import itertools
from collections import deque

from helpers import assert_right, assert_wrong, env, find, score

from rlve_plugin_graph.connectivity import UnionFind
from rlve_plugin_graph.environments.min_vertex_cover import is_cover
from rlve_plugin_graph.flow import max_flow
from rlve_plugin_graph.graphs import neighbours, normalise
from rlve_plugin_graph.matching import maximum_matching


def kruskal_reversed_ties(n, edges):
    uf = UnionFind(n)
    return [(u, v) for u, v, w in sorted(edges, key=lambda e: (e[2], -e[0], -e[1])) if uf.union(u, v)]


def tree_text(pairs):
    return ", ".join(f"{u}-{v}" for u, v in pairs)


def test_minimum_spanning_tree_accepts_every_minimum_tree():
    def has_other_tree(p):
        other = {normalise(u, v) for u, v in kruskal_reversed_ties(p.data["n"], p.data["edges"])}
        return other != {normalise(*map(int, e.split("-"))) for e in p.answer.split(", ")}

    problem = find("minimum_spanning_tree", has_other_tree, difficulties=range(4, 12))
    other = kruskal_reversed_ties(problem.data["n"], problem.data["edges"])
    assert_right(problem, tree_text(other))
    assert_right(problem, " ".join(f"({v}, {u})" for u, v in other[::-1]))


def tree_path(n, tree, a, b):
    adj = neighbours(n, tree)
    parent = {a: None}
    queue = deque([a])
    while queue:
        u = queue.popleft()
        for v in adj[u]:
            if v not in parent:
                parent[v] = u
                queue.append(v)
    path = [b]
    while path[-1] != a:
        path.append(parent[path[-1]])
    return list(zip(path, path[1:]))


def test_minimum_spanning_tree_wrong_answers_say_why():
    problem = env("minimum_spanning_tree").sample(10, 3)
    n, edges = problem.data["n"], problem.data["edges"]
    tree = [tuple(map(int, e.split("-"))) for e in problem.answer.split(", ")]
    weight = {normalise(u, v): w for u, v, w in edges}
    assert_wrong(problem, tree_text(tree[1:]), f"has {n - 1} edges")
    assert_wrong(problem, tree_text([*tree[:-1], tree[0]]), "cycle")
    # swap a tree edge for a heavier non-tree edge that reconnects the tree: a spanning tree, but heavier
    in_tree = {normalise(u, v) for u, v in tree}
    swap = next(
        (u, v, a, b)
        for u, v, w in edges
        if (u, v) not in in_tree
        for a, b in tree_path(n, tree, u, v)
        if weight[normalise(a, b)] < w
    )
    u, v, a, b = swap
    heavier = [e for e in tree if normalise(*e) != normalise(a, b)] + [(u, v)]
    assert_wrong(problem, tree_text(heavier), "weighs")
    missing = next((x, y) for x, y in itertools.combinations(range(n), 2) if (x, y) not in weight)
    assert_wrong(problem, tree_text([*tree[:-1], missing]), "not an edge")


def reference_flows(problem):
    return {
        (int(a.split("->")[0]), int(a.split("->")[1].split(":")[0])): int(a.split(":")[1])
        for a in problem.answer.split(", ")
    }


def flow_text(flows):
    return ", ".join(f"{u}->{v}:{f}" for (u, v), f in sorted(flows.items()) if f)


def test_max_flow_accepts_another_maximum_flow_and_other_spacing():
    def other_flow(p):
        arcs = p.data["arcs"][::-1]  # the same network, searched in another order
        result = max_flow(p.data["n"], arcs, p.data["source"], p.data["sink"])
        return {(u, v): f for (u, v, _), f in zip(arcs, result.flows) if f}

    problem = find("max_flow", lambda p: other_flow(p) != reference_flows(p), difficulties=range(5, 15))
    assert_right(problem, flow_text(other_flow(problem)))
    assert_right(problem, problem.answer.replace("->", " -> ").replace(":", " : "))
    assert_right(problem, problem.answer.replace(", ", "\n"))


def test_max_flow_wrong_answers_say_why():
    problem = find("max_flow", lambda p: p.data["best"] >= 3, difficulties=range(6, 12))
    flows = reference_flows(problem)
    capacity = {(u, v): c for u, v, c in problem.data["arcs"]}
    source = problem.data["source"]
    out_arc = next(a for a in flows if a[0] == source)
    assert_wrong(problem, flow_text({**flows, out_arc: flows[out_arc] - 1}), "not conserved")
    full = (
        next(a for a, f in flows.items() if f == capacity[a] and a[0] != source)
        if any(f == capacity[a] and a[0] != source for a, f in flows.items())
        else out_arc
    )
    assert_wrong(problem, flow_text({**flows, full: capacity[full] + 1}), "capacity")
    absent = next(
        (u, v) for u in range(problem.data["n"]) for v in range(problem.data["n"]) if u != v and (u, v) not in capacity
    )
    assert_wrong(problem, flow_text(flows) + f", {absent[0]}->{absent[1]}:1", "not an arc")
    first = flow_text(flows).split(", ")[0]
    assert_wrong(problem, flow_text(flows) + ", " + first, "twice")
    # a valid but smaller flow: one unit along one source-sink path
    adj = neighbours(problem.data["n"], problem.data["arcs"], directed=True)
    parent, queue = {source: None}, deque([source])
    while queue:
        u = queue.popleft()
        for v in adj[u]:
            if v not in parent:
                parent[v] = u
                queue.append(v)
    path = [problem.data["sink"]]
    while path[-1] != source:
        path.append(parent[path[-1]])
    unit = {(u, v): 1 for v, u in zip(path, path[1:])}
    assert_wrong(problem, flow_text(unit), "sends 1")
    verdict = score(problem, "0->1:99999999999999999999")
    assert not verdict.correct and not verdict.format_ok


def sink_side_cut(problem):
    """The other canonical minimum cut: everything that cannot reach the sink in the residual network."""
    data = problem.data
    result = max_flow(data["n"], data["arcs"], data["source"], data["sink"])
    into = {v: [] for v in range(data["n"])}
    for (u, v, c), f in zip(data["arcs"], result.flows):
        if f < c:
            into[v].append(u)  # residual u->v
        if f > 0:
            into[u].append(v)  # residual v->u
    reach, stack = {data["sink"]}, [data["sink"]]
    while stack:
        x = stack.pop()
        for y in into[x]:
            if y not in reach:
                reach.add(y)
                stack.append(y)
    return sorted(set(range(data["n"])) - reach)


def test_min_cut_accepts_every_minimum_cut():
    problem = find("min_cut", lambda p: " ".join(map(str, sink_side_cut(p))) != p.answer, difficulties=range(3, 15))
    assert_right(problem, " ".join(map(str, sink_side_cut(problem))))
    assert_right(problem, ", ".join(problem.answer.split()[::-1]))


def test_min_cut_wrong_answers_say_why():
    problem = find("min_cut", lambda p: p.answer != str(p.data["source"]), difficulties=range(6, 12))
    source, sink = problem.data["source"], problem.data["sink"]
    side = problem.answer.split()
    assert_wrong(problem, " ".join([*side, str(sink)]), "must contain")
    assert_wrong(problem, " ".join(x for x in side if x != str(source)), "must contain")
    assert_wrong(problem, " ".join([*side, side[0]]), "twice")
    everything_but_sink = [str(x) for x in range(problem.data["n"]) if x != sink]
    verdict = score(problem, " ".join(everything_but_sink))
    cut_into_sink = sum(c for u, v, c in problem.data["arcs"] if v == sink)
    assert verdict.correct == (cut_into_sink == problem.data["best"])
    if not verdict.correct:
        assert "capacity" in verdict.reason


def test_bipartite_matching_accepts_every_maximum_matching():
    def other_matching(p):
        n, edges = p.data["n"], p.data["edges"]
        left = sorted({u for u, _ in edges}, reverse=True)
        adj = [row[::-1] for row in neighbours(n, edges)]
        return sorted((u, v) for v, u in maximum_matching(left, adj).items())

    problem = find("bipartite_matching", lambda p: tree_text(other_matching(p)) != p.answer, difficulties=range(2, 12))
    assert_right(problem, tree_text(other_matching(problem)))
    assert_right(problem, ", ".join(f"{v}-{u}" for u, v in other_matching(problem)))


def test_bipartite_matching_wrong_answers_say_why():
    problem = find("bipartite_matching", lambda p: p.data["best"] >= 3, difficulties=range(4, 10))
    pairs = problem.answer.split(", ")
    assert_wrong(problem, ", ".join(pairs[1:]), "pairs, but")
    u, v = map(int, pairs[0].split("-"))
    other = next(e for e in problem.data["edges"] if e[0] != u and e[1] == v or e[0] == u and e[1] != v)
    assert_wrong(problem, ", ".join([*pairs, f"{other[0]}-{other[1]}"]), "two pairs")
    edges = {tuple(e) for e in problem.data["edges"]}
    n = problem.data["n"]
    absent = next((a, b) for a in range(n) for b in range(n) if a < b and (a, b) not in edges)
    assert_wrong(problem, f"{absent[0]}-{absent[1]}", "not an edge")


def brute_force_cliques(data):
    edges = {tuple(e) for e in data["edges"]}
    n = data["n"]
    for size in range(n, 0, -1):
        found = [
            list(s)
            for s in itertools.combinations(range(n), size)
            if all(normalise(a, b) in edges for a, b in itertools.combinations(s, 2))
        ]
        if found:
            return found
    return []


def test_max_clique_reference_is_truly_maximum_on_small_instances():
    for difficulty in range(0, 4):
        for seed in range(5):
            problem = env("max_clique").sample(difficulty, seed)
            assert problem.data["best"] == len(brute_force_cliques(problem.data)[0])


def test_max_clique_accepts_every_maximum_clique():
    problem = find("max_clique", lambda p: len(brute_force_cliques(p.data)) >= 2, difficulties=range(0, 3))
    reference = sorted(map(int, problem.answer.split()))
    other = next(c for c in brute_force_cliques(problem.data) if c != reference)
    assert_right(problem, " ".join(map(str, other)))
    assert_right(problem, ", ".join(map(str, reference[::-1])))


def test_max_clique_wrong_answers_say_why():
    problem = env("max_clique").sample(10, 2)
    clique = problem.answer.split()
    assert_wrong(problem, " ".join(clique[:-1]), "is possible")
    edges = {tuple(e) for e in problem.data["edges"]}
    outsider = next(
        x
        for x in range(problem.data["n"])
        if str(x) not in clique and any(normalise(x, int(c)) not in edges for c in clique)
    )
    assert_wrong(problem, " ".join([*clique, str(outsider)]), "not joined")
    assert_wrong(problem, " ".join([*clique, clique[0]]), "twice")


def brute_force_covers(data):
    n = data["n"]
    for size in range(n + 1):
        found = [list(s) for s in itertools.combinations(range(n), size) if is_cover(data["edges"], set(s)) is None]
        if found:
            return found
    return []


def test_min_vertex_cover_reference_is_truly_minimum_on_small_instances():
    for difficulty in range(0, 7):
        for seed in range(4):
            problem = env("min_vertex_cover").sample(difficulty, seed)
            assert problem.data["best"] == len(brute_force_covers(problem.data)[0])


def test_min_vertex_cover_accepts_every_minimum_cover():
    problem = find("min_vertex_cover", lambda p: len(brute_force_covers(p.data)) >= 2, difficulties=range(0, 4))
    reference = sorted(map(int, problem.answer.split()))
    other = next(c for c in brute_force_covers(problem.data) if c != reference)
    assert_right(problem, " ".join(map(str, other)))


def test_min_vertex_cover_wrong_answers_say_why():
    problem = env("min_vertex_cover").sample(12, 1)
    cover = problem.answer.split()
    assert_wrong(problem, " ".join(cover[1:]), "neither end")
    extra = next(str(x) for x in range(problem.data["n"]) if str(x) not in cover)
    assert_wrong(problem, " ".join([*cover, extra]), "is enough")
    assert_wrong(problem, " ".join([*cover, cover[0]]), "twice")
    assert_wrong(problem, " ".join(str(x) for x in range(problem.data["n"])), "is enough")
