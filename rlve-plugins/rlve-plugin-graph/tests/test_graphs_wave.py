"""Costs, covers and counts: min-cost flow, path covers of DAGs, dominating sets, arborescences, difference
constraints, the second-best spanning tree, counting shortest paths and Steiner trees.

Every instance is rebuilt from its prompt text (not from ``problem.data``) and solved independently with
networkx, or by brute force where networkx has no exact solver; then other optimal answers must be accepted
and near misses rejected with a reason.
"""

from __future__ import annotations

import itertools
import re

import networkx as nx
from helpers import assert_right, assert_wrong, env, find, score

MODULUS = 1_000_000_007


# -- reading instances back from their prompts --------------------------------------------------------------


def node_count(prompt):
    return int(re.search(r"has (\d+) nodes", prompt).group(1))


def edge_line(prompt):
    return next(line for line in prompt.splitlines() if line.startswith("Edges: "))


def numbers(pattern, text):
    return [tuple(map(int, m)) for m in re.findall(pattern, text)]


def weighted_graph(prompt):
    graph = nx.Graph()
    graph.add_nodes_from(range(node_count(prompt)))
    for u, v, w in numbers(r"(\d+)-(\d+):(\d+)", edge_line(prompt)):
        graph.add_edge(u, v, weight=w)
    return graph


def pairs_text(pairs, arrow="-"):
    return ", ".join(f"{u}{arrow}{v}" for u, v in pairs)


def answer_pairs(answer):
    return numbers(r"(\d+)\s*-\s*(\d+)", answer)


# -- graph/min_cost_flow ------------------------------------------------------------------------------------


def flow_network(prompt):
    """The network with networkx demands, and the arcs as {(u, v): (capacity, cost)}."""
    asked = re.search(r"Send exactly (\d+) units .* node (\d+), to the sink, node (\d+)", prompt)
    amount, source, sink = map(int, asked.groups())
    arcs = {(u, v): (c, w) for u, v, c, w in numbers(r"(\d+)->(\d+):(\d+):(\d+)", edge_line(prompt))}
    graph = nx.DiGraph()
    graph.add_nodes_from(range(node_count(prompt)), demand=0)
    for (u, v), (c, w) in arcs.items():
        graph.add_edge(u, v, capacity=c, weight=w)
    graph.nodes[source]["demand"] = -amount
    graph.nodes[sink]["demand"] = amount
    return graph, arcs


def flow_text(flows):
    return ", ".join(f"{u}->{v}:{f}" for (u, v), f in sorted(flows.items()) if f)


def nx_flows(graph, **kwargs):
    flow = nx.min_cost_flow(graph, **kwargs)
    return {(u, v): f for u, row in flow.items() for v, f in row.items() if f}


def test_min_cost_flow_matches_networkx_and_accepts_its_flow():
    for difficulty in (0, 2, 6, 12, 20, 30):
        for seed in range(3):
            problem = env("min_cost_flow").sample(difficulty, seed)
            graph, arcs = flow_network(problem.prompt)
            reference = {(u, v): f for u, v, f in numbers(r"(\d+)->(\d+):(\d+)", problem.answer)}
            assert sum(f * arcs[a][1] for a, f in reference.items()) == nx.min_cost_flow_cost(graph)
            assert_right(problem, flow_text(nx_flows(graph)))


def test_min_cost_flow_accepts_another_cheapest_flow_and_spacing():
    def other(p):
        graph, _ = flow_network(p.prompt)
        return flow_text(nx_flows(graph)) != p.answer

    problem = find("min_cost_flow", other, difficulties=range(4, 20))
    graph, _ = flow_network(problem.prompt)
    assert_right(problem, flow_text(nx_flows(graph)))
    assert_right(problem, problem.answer.replace("->", " -> ").replace(":", " : ").replace(", ", "\n"))


def test_min_cost_flow_wrong_answers_say_why():
    def costlier_exists(p):
        graph, arcs = flow_network(p.prompt)
        expensive = graph.copy()
        for u, v in expensive.edges:
            expensive[u][v]["weight"] *= -1
        return nx.min_cost_flow_cost(expensive) != -nx.min_cost_flow_cost(graph) and p.data["amount"] >= 2

    problem = find("min_cost_flow", costlier_exists, difficulties=range(3, 15))
    graph, arcs = flow_network(problem.prompt)
    flows = nx_flows(graph)
    # the most expensive flow of the same amount: feasible, not cheapest
    expensive = graph.copy()
    for u, v in expensive.edges:
        expensive[u][v]["weight"] *= -1
    assert_wrong(problem, flow_text(nx_flows(expensive)), "costs")
    # the cheapest flow of one unit less: cheaper, but not the amount asked for
    source = next(x for x, d in graph.nodes(data="demand") if d < 0)
    sink = next(x for x, d in graph.nodes(data="demand") if d > 0)
    less = graph.copy()
    less.nodes[source]["demand"] += 1
    less.nodes[sink]["demand"] -= 1
    assert_wrong(problem, flow_text(nx_flows(less)), "sends")
    out_arc = next(a for a in flows if a[0] == source)
    assert_wrong(problem, flow_text({**flows, out_arc: flows[out_arc] - 1}), "not conserved")
    full = next(a for a, f in flows.items() if f == arcs[a][0])
    assert_wrong(problem, flow_text({**flows, full: arcs[full][0] + 1}), "capacity")
    absent = next((u, v) for u in graph for v in graph if u != v and (u, v) not in arcs)
    assert_wrong(problem, flow_text(flows) + f", {absent[0]}->{absent[1]}:1", "not an arc")
    assert_wrong(problem, flow_text(flows) + ", " + flow_text(flows).split(", ")[0], "twice")
    assert not score(problem, "0->1:1e5").format_ok


# -- graph/min_path_cover_dag ---------------------------------------------------------------------------------


def dag(prompt):
    graph = nx.DiGraph()
    graph.add_nodes_from(range(node_count(prompt)))
    graph.add_edges_from(numbers(r"(\d+)->(\d+)", edge_line(prompt)))
    return graph


def nx_path_cover(graph):
    """A minimum path cover from a maximum matching of the split graph (tails ("out", u), heads ("in", v))."""
    split = nx.Graph()
    tails = [("out", u) for u in graph]
    split.add_nodes_from(tails)
    split.add_nodes_from(("in", v) for v in graph)
    split.add_edges_from((("out", u), ("in", v)) for u, v in graph.edges)
    matching = nx.bipartite.hopcroft_karp_matching(split, top_nodes=tails)
    successor = {u: matching[("out", u)][1] for u in graph if ("out", u) in matching}
    starts = sorted(set(graph) - set(successor.values()))
    paths = []
    for start in starts:
        path = [start]
        while path[-1] in successor:
            path.append(successor[path[-1]])
        paths.append(path)
    return paths


def paths_text(paths):
    return "; ".join(" ".join(map(str, path)) for path in paths)


def test_min_path_cover_matches_networkx_matching():
    for difficulty in (0, 1, 4, 9, 16, 30):
        for seed in range(4):
            problem = env("min_path_cover_dag").sample(difficulty, seed)
            graph = dag(problem.prompt)
            cover = nx_path_cover(graph)
            assert len(problem.answer.split(";")) == len(cover)
            assert_right(problem, paths_text(cover))


def test_min_path_cover_accepts_other_covers_and_notations():
    problem = find("min_path_cover_dag", lambda p: paths_text(nx_path_cover(dag(p.prompt))) != p.answer)
    assert_right(problem, paths_text(nx_path_cover(dag(problem.prompt))))
    paths = [path.split() for path in problem.answer.split("; ")]
    assert_right(problem, "\n".join(" -> ".join(path) for path in paths[::-1]))
    assert_right(problem, ", ".join("[" + ", ".join(path) + "]" for path in paths))


def test_min_path_cover_wrong_answers_say_why():
    problem = find("min_path_cover_dag", lambda p: any(len(x.split()) >= 2 for x in p.answer.split("; ")))
    paths = [path.split() for path in problem.answer.split("; ")]
    long = next(i for i, path in enumerate(paths) if len(path) >= 2)
    split = [*paths[:long], paths[long][:1], paths[long][1:], *paths[long + 1 :]]
    assert_wrong(problem, paths_text(split), "paths, but")  # a valid cover with one path too many
    reversed_path = [*paths[:long], paths[long][::-1], *paths[long + 1 :]]
    assert_wrong(problem, paths_text(reversed_path), "not an arc")
    assert_wrong(problem, paths_text([*paths[:long], paths[long][1:], *paths[long + 1 :]]), "no group")
    assert_wrong(problem, paths_text([*paths, paths[long][:1]]), "more than once")
    # no arc joins the end of one path of a minimum cover to the start of another: they would merge
    assert_wrong(problem, paths_text([paths[0] + paths[1], *paths[2:]]), "not an arc")


# -- graph/min_dominating_set -----------------------------------------------------------------------------------


def plain_graph(prompt):
    graph = nx.Graph()
    graph.add_nodes_from(range(node_count(prompt)))
    graph.add_edges_from(numbers(r"(\d+)-(\d+)", edge_line(prompt)))
    return graph


def dominating_sets(graph, size):
    return [set(c) for c in itertools.combinations(sorted(graph), size) if nx.is_dominating_set(graph, c)]


def test_min_dominating_set_is_minimum_by_brute_force():
    for difficulty in (0, 1, 3, 6, 10, 14):
        for seed in range(3):
            problem = env("min_dominating_set").sample(difficulty, seed)
            graph = plain_graph(problem.prompt)
            reference = set(map(int, problem.answer.split()))
            assert nx.is_dominating_set(graph, reference)
            assert not dominating_sets(graph, len(reference) - 1)


def test_min_dominating_set_accepts_every_minimum_set():
    def several(p):
        return len(dominating_sets(plain_graph(p.prompt), p.data["best"])) >= 2

    problem = find("min_dominating_set", several, difficulties=range(0, 10), seeds=range(10))
    for other in dominating_sets(plain_graph(problem.prompt), problem.data["best"]):
        assert_right(problem, ", ".join(map(str, sorted(other, reverse=True))))


def test_min_dominating_set_wrong_answers_say_why():
    problem = find("min_dominating_set", lambda p: p.data["best"] >= 3, difficulties=range(6, 14))
    nodes = problem.answer.split()
    assert_wrong(problem, " ".join(nodes[1:]), "neither in the set nor next to")
    extra = next(str(x) for x in range(problem.data["n"]) if str(x) not in nodes)
    assert_wrong(problem, " ".join([*nodes, extra]), "nodes, but")  # dominating, one node too many
    assert_wrong(problem, " ".join([*nodes, nodes[0]]), "twice")
    assert not score(problem, " ".join([*nodes[1:], str(problem.data["n"])])).format_ok


# -- graph/min_arborescence ---------------------------------------------------------------------------------------


def arborescence_instance(prompt):
    root = int(re.search(r"rooted at node (\d+)", prompt).group(1))
    arcs = {(u, v): w for u, v, w in numbers(r"(\d+)->(\d+):(\d+)", edge_line(prompt))}
    return node_count(prompt), root, arcs


def nx_arborescence(prompt):
    """A minimum arborescence by networkx's maximum branching on weights M - w: with M above the total weight, a
    branching with more arcs always wins, so the best has n - 1 arcs and, among those, the least weight.
    (networkx 3.6's minimum_spanning_arborescence raises "No minimum spanning arborescence" on some of these
    graphs, which do have one, so it is not used.)"""
    n, root, arcs = arborescence_instance(prompt)
    big = 1 + sum(arcs.values())
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from((u, v, big - w) for (u, v), w in arcs.items() if v != root)
    branching = nx.maximum_branching(graph)
    assert branching.number_of_edges() == n - 1
    return sorted(branching.edges)


def test_min_arborescence_matches_networkx():
    for difficulty in (0, 2, 5, 10, 18, 30):
        for seed in range(4):
            problem = env("min_arborescence").sample(difficulty, seed)
            _, _, arcs = arborescence_instance(problem.prompt)
            expected = nx_arborescence(problem.prompt)
            reference = numbers(r"(\d+)->(\d+)", problem.answer)
            assert sum(arcs[a] for a in reference) == sum(arcs[a] for a in expected)
            assert_right(problem, pairs_text(expected, "->"))


def cheapest_entering(prompt):
    n, root, arcs = arborescence_instance(prompt)
    best = {}
    for (u, v), w in sorted(arcs.items()):
        if v != root and (v not in best or w < arcs[(best[v], v)]):
            best[v] = u
    return [(u, v) for v, u in sorted(best.items())]


def closes_cycle(pairs):
    return not nx.is_directed_acyclic_graph(nx.DiGraph(pairs))


def test_min_arborescence_accepts_another_minimum_and_spacing():
    problem = find("min_arborescence", lambda p: pairs_text(nx_arborescence(p.prompt), "->") != p.answer)
    assert_right(problem, pairs_text(nx_arborescence(problem.prompt)[::-1], " -> "))
    assert_right(problem, problem.answer.replace(", ", " "))


def test_min_arborescence_wrong_answers_say_why():
    # the cheapest arc into every node closes a cycle: the trap Chu-Liu/Edmonds contracts
    problem = find("min_arborescence", lambda p: closes_cycle(cheapest_entering(p.prompt)), difficulties=range(3, 15))
    assert_wrong(problem, pairs_text(cheapest_entering(problem.prompt), "->"), "cycle")
    n, root, arcs = arborescence_instance(problem.prompt)
    tree = numbers(r"(\d+)->(\d+)", problem.answer)
    # a breadth-first arborescence that takes the first arc found: valid, usually heavier
    bfs = sorted(nx.bfs_edges(nx.DiGraph(list(arcs)), root))
    assert_wrong(problem, pairs_text(bfs, "->"), "weighs")
    assert_wrong(problem, pairs_text(tree[1:], "->"), "no chosen arc")
    other_parent = next((u, v) for (u, v) in arcs if v != root and (u, v) not in tree)
    assert_wrong(problem, pairs_text([*tree, other_parent], "->"), "two arcs")
    into_root = next((u, v) for (u, v) in arcs if v == root)
    assert_wrong(problem, pairs_text([into_root, *tree], "->"), "enters the root")
    absent = next((u, v) for u in range(n) for v in range(n) if u != v and (u, v) not in arcs)
    assert_wrong(problem, pairs_text([absent, *tree[1:]], "->"), "not an arc")
    assert not score(problem, problem.answer.replace("->", "-")).format_ok


# -- graph/difference_constraints ---------------------------------------------------------------------------------


def constraint_graph(prompt):
    """Arc i -> j of weight c for each x_j - x_i <= c, and a source "s" joined to every variable by weight 0."""
    n = int(re.search(r"Find integers x1 to x(\d+)", prompt).group(1))
    graph = nx.DiGraph()
    graph.add_nodes_from(range(1, n + 1))
    for j, i, c in numbers(r"x(\d+) - x(\d+) <= (-?\d+)", prompt):
        graph.add_edge(i, j, weight=c)
    graph.add_weighted_edges_from(("s", v, 0) for v in range(1, n + 1))
    return n, graph


def nx_difference_answer(prompt):
    n, graph = constraint_graph(prompt)
    if nx.negative_edge_cycle(graph):
        return "infeasible " + " ".join(map(str, nx.find_negative_cycle(graph, "s")[:-1]))
    dist = nx.single_source_bellman_ford_path_length(graph, "s")
    return " ".join(str(dist[v]) for v in range(1, n + 1))


def test_difference_constraints_match_networkx():
    seen = set()
    for difficulty in (0, 1, 3, 7, 12, 20, 30):
        for seed in range(5):
            problem = env("difference_constraints").sample(difficulty, seed)
            expected = nx_difference_answer(problem.prompt)
            assert expected.startswith("infeasible") == problem.answer.startswith("infeasible")
            assert_right(problem, expected)
            seen.add(expected.startswith("infeasible"))
    assert seen == {True, False}


def test_difference_constraints_accept_other_solutions_and_notations():
    problem = find("difference_constraints", lambda p: not p.answer.startswith("infeasible"), difficulties=[6])
    values = list(map(int, problem.answer.split()))
    assert_right(problem, " ".join(str(x - 1000) for x in values))  # shifting every value keeps every difference
    assert_right(problem, ", ".join(f"x{i} = {x}" for i, x in reversed(list(enumerate(values, 1)))))
    assert_right(problem, "[" + ", ".join(map(str, values)) + "]")
    infeasible = find("difference_constraints", lambda p: p.answer.startswith("infeasible"), difficulties=[6])
    cycle = infeasible.answer.split()[1:]
    rotated = cycle[1:] + cycle[:1]
    assert_right(infeasible, "Infeasible: " + ", ".join(rotated))
    assert_right(infeasible, "infeasible " + " ".join([*cycle, cycle[0]]))


def test_difference_constraints_wrong_answers_say_why():
    problem = find("difference_constraints", lambda p: not p.answer.startswith("infeasible"), difficulties=[8])
    values = list(map(int, problem.answer.split()))
    j, i, c = next(iter(numbers(r"x(\d+) - x(\d+) <= (-?\d+)", problem.prompt)))
    broken = list(values)
    broken[j - 1] = values[i - 1] + c + 1  # x_j - x_i = c + 1
    assert_wrong(problem, " ".join(map(str, broken)), "more than")
    assert not score(problem, " ".join(map(str, values[1:]))).format_ok
    assert not score(problem, " ".join(map(str, [*values, 0]))).format_ok
    # a "cycle" in a feasible system: its constants never add up to less than 0
    _, graph = constraint_graph(problem.prompt)
    cycle = nx.find_cycle(graph.subgraph(range(1, graph.number_of_nodes())))
    assert_wrong(problem, "infeasible " + " ".join(str(u) for u, _ in cycle), "not less than 0")

    infeasible = find("difference_constraints", lambda p: p.answer.startswith("infeasible"), difficulties=[8])
    _, graph = constraint_graph(infeasible.prompt)
    assert_wrong(infeasible, " ".join(["0"] * (graph.number_of_nodes() - 1)), "more than")
    missing = next(
        (u, v) for u in graph for v in graph if "s" not in (u, v) and u != v and not graph.has_edge(u, v)
    )
    assert_wrong(infeasible, f"infeasible {missing[0]} {missing[1]}", "no constraint")
    assert_wrong(infeasible, "infeasible 1", "at least 2")
    assert not score(infeasible, "impossible").format_ok


# -- graph/second_best_mst ----------------------------------------------------------------------------------------


def second_tree(graph):
    """networkx's spanning trees in order of weight: the first one heavier than the first."""
    trees = nx.SpanningTreeIterator(graph, weight="weight", minimum=True)
    minimum = next(iter(trees))
    low = minimum.size(weight="weight")
    for tree in trees:
        if tree.size(weight="weight") > low:
            return minimum, tree
    raise AssertionError("every spanning tree weighs the same")


def test_second_best_mst_matches_networkx_enumeration():
    for difficulty in (0, 1, 3, 6, 9):
        for seed in range(3):
            problem = env("second_best_mst").sample(difficulty, seed)
            graph = weighted_graph(problem.prompt)
            _, second = second_tree(graph)
            reference = answer_pairs(problem.answer)
            assert sum(graph.edges[e]["weight"] for e in reference) == second.size(weight="weight")
            assert_right(problem, pairs_text(sorted(second.edges)))


def test_second_best_mst_accepts_another_tree_of_that_weight():
    def other(p):
        _, second = second_tree(weighted_graph(p.prompt))
        return {tuple(sorted(e)) for e in second.edges} != {tuple(sorted(e)) for e in answer_pairs(p.answer)}

    problem = find("second_best_mst", other, difficulties=range(0, 8), seeds=range(10))
    _, second = second_tree(weighted_graph(problem.prompt))
    assert_right(problem, " ".join(f"({v}, {u})" for u, v in second.edges))


def three_tree_weights(p):
    graph = weighted_graph(p.prompt)
    _, second = second_tree(graph)
    return p.data["n"] >= 6 and nx.maximum_spanning_tree(graph).size(weight="weight") > second.size(weight="weight")


def test_second_best_mst_wrong_answers_say_why():
    problem = find("second_best_mst", three_tree_weights, difficulties=range(2, 8))
    graph = weighted_graph(problem.prompt)
    minimum, _ = second_tree(graph)
    assert_wrong(problem, pairs_text(minimum.edges), "minimum", "strictly heavier")
    assert_wrong(problem, pairs_text(nx.maximum_spanning_tree(graph).edges), "least weight above")
    tree = answer_pairs(problem.answer)
    assert_wrong(problem, pairs_text(tree[1:]), "edges, not")
    # n - 1 edges with a cycle: a chord in, and out a tree edge off the cycle the chord closes
    tree_graph = nx.Graph(tree)

    def off_cycle(u, v):
        on_cycle = {frozenset(e) for e in nx.utils.pairwise(nx.shortest_path(tree_graph, u, v))}
        return next((t for t in tree if frozenset(t) not in on_cycle), None)

    chord = next((u, v) for u, v in graph.edges if not tree_graph.has_edge(u, v) and off_cycle(u, v))
    cyclic = [t for t in tree if t != off_cycle(*chord)] + [chord]
    assert_wrong(problem, pairs_text(cyclic), "cycle")


# -- graph/count_shortest_paths -----------------------------------------------------------------------------------


def endpoints(prompt):
    return tuple(map(int, re.search(r"paths from node (\d+) to node (\d+)", prompt).groups()))


def test_count_shortest_paths_matches_networkx():
    for difficulty in (0, 1, 4, 8, 14, 20):
        for seed in range(3):
            problem = env("count_shortest_paths").sample(difficulty, seed)
            source, target = endpoints(problem.prompt)
            paths = nx.all_shortest_paths(weighted_graph(problem.prompt), source, target, weight="weight")
            assert int(problem.answer) == sum(1 for _ in paths) % MODULUS


def test_count_shortest_paths_grow_with_difficulty():
    def median_count(difficulty):
        counts = sorted(int(env("count_shortest_paths").sample(difficulty, s).answer) for s in range(9))
        return counts[4]

    assert median_count(2) < median_count(15) < median_count(30)


def test_count_shortest_paths_wrong_answers_say_why():
    problem = find("count_shortest_paths", lambda p: int(p.answer) >= 1000, difficulties=range(20, 40))
    count = int(problem.answer)
    assert_right(problem, f"{count:,}")
    assert_right(problem, f"  {count}  ")
    assert_wrong(problem, str(count + 1), "not the number")
    assert_wrong(problem, str(count - 1), "not the number")
    assert_wrong(problem, str(count + MODULUS), "not a remainder")
    assert not score(problem, f"{count}.0").format_ok
    assert not score(problem, f"{count} paths").format_ok


# -- graph/steiner_tree -------------------------------------------------------------------------------------------


def terminals_of(prompt):
    return [int(x) for x in re.search(r"The terminals are nodes ([0-9, ]+)\.", prompt).group(1).split(", ")]


def brute_force_steiner(prompt):
    """Every minimum Steiner tree's weight, and one tree: the best minimum spanning tree of the terminals plus
    some set of other nodes, over every such set."""
    graph = weighted_graph(prompt)
    terminals = terminals_of(prompt)
    others = [x for x in graph if x not in terminals]
    best = None
    for size in range(len(others) + 1):
        for extra in itertools.combinations(others, size):
            part = graph.subgraph(terminals + list(extra))
            if nx.is_connected(part):
                tree = nx.minimum_spanning_tree(part)
                if best is None or tree.size(weight="weight") < best.size(weight="weight"):
                    best = tree
    return best


def test_steiner_tree_matches_brute_force():
    for difficulty in (0, 1, 3, 5, 8):
        for seed in range(3):
            problem = env("steiner_tree").sample(difficulty, seed)
            graph = weighted_graph(problem.prompt)
            best = brute_force_steiner(problem.prompt)
            reference = answer_pairs(problem.answer)
            assert sum(graph.edges[e]["weight"] for e in reference) == best.size(weight="weight")
            assert_right(problem, pairs_text(best.edges))


def test_steiner_tree_accepts_another_minimum_tree():
    def other(p):
        best = brute_force_steiner(p.prompt)
        return {tuple(sorted(e)) for e in best.edges} != {tuple(sorted(e)) for e in answer_pairs(p.answer)}

    problem = find("steiner_tree", other, difficulties=range(0, 6), seeds=range(10))
    assert_right(problem, pairs_text(brute_force_steiner(problem.prompt).edges))


def test_steiner_tree_wrong_answers_say_why():
    problem = find("steiner_tree", lambda p: len(answer_pairs(p.answer)) >= 3, difficulties=range(4, 10))
    graph = weighted_graph(problem.prompt)
    tree = answer_pairs(problem.answer)
    on_tree = {x for e in tree for x in e}
    spare = next((u, v) for u, v in graph.edges if (u in on_tree) != (v in on_tree))
    assert_wrong(problem, pairs_text([*tree, spare]), "weighs")  # still a tree with every terminal, heavier
    chord = next((u, v) for u, v in graph.edges if u in on_tree and v in on_tree and (u, v) not in tree)
    assert_wrong(problem, pairs_text([*tree, chord]), "cycle")
    # every leaf of a minimum Steiner tree is a terminal, so without any one edge two terminals fall apart
    assert_wrong(problem, pairs_text(tree[:-1]), "not connected")
    stray = next((u, v) for u, v in graph.edges if u not in on_tree and v not in on_tree)
    assert_wrong(problem, pairs_text([*tree, stray]), "not connected to the terminals")
    absent = next((u, v) for u in graph for v in graph if u < v and not graph.has_edge(u, v))
    assert_wrong(problem, pairs_text([*tree, absent]), "not an edge")
