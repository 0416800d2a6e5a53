"""Colourings, centres, cycles and distances: chromatic_number, k_center, tournament_path, girth,
max_independent_set, bipartite_edge_colouring, distance_after_edge_addition and graph_eccentricity.

Every instance is rebuilt from its prompt text (never from ``problem.data``) and solved independently: with
networkx (girth and minimum cycle bases, tournaments, maximum-weight cliques of the complement, all-pairs
Dijkstra, eccentricities), or by brute force written differently from the environment (the chromatic number by
inclusion-exclusion over independent sets, every choice of k centres). Then other valid answers must be
accepted and near misses rejected with a reason.
"""

from __future__ import annotations

import itertools
import re

import networkx as nx
from helpers import assert_right, assert_wrong, env, find, score

# -- reading instances back from their prompts --------------------------------------------------------------


def node_count(prompt):
    return int(re.search(r"has (\d+) nodes", prompt).group(1))


def edge_line(prompt):
    return next(line for line in prompt.splitlines() if line.startswith("Edges: "))


def graph_of(prompt):
    """The undirected graph of a prompt, with a ``weight`` on every edge (1 where none is written)."""
    graph = nx.Graph()
    graph.add_nodes_from(range(node_count(prompt)))
    for u, v, w in re.findall(r"(\d+)-(\d+)(?::(\d+))?", edge_line(prompt)):
        graph.add_edge(int(u), int(v), weight=int(w) if w else 1)
    return graph


def listed_edges(prompt):
    """The edges in the order the prompt lists them."""
    return [(int(u), int(v)) for u, v in re.findall(r"(\d+)-(\d+)", edge_line(prompt))]


def numbers(text):
    return [int(x) for x in re.findall(r"\d+", text)]


def samples(name, levels, seeds=range(3)):
    return [env(name).sample(d, s) for d in levels for s in seeds]


def joined(values, separator=" "):
    return separator.join(map(str, values))


# -- graph/chromatic_number -----------------------------------------------------------------------------------


def chromatic_by_inclusion_exclusion(graph):
    """The chromatic number without any search: G is k-colourable iff k independent sets cover V, and by
    inclusion-exclusion the number of k-tuples of independent sets covering V is the sum over S of
    (-1)^(n - |S|) i(S)^k, where i(S) counts the independent subsets of S (the empty one included)."""
    n = graph.number_of_nodes()
    closed = [sum(1 << v for v in graph[u]) | 1 << u for u in range(n)]
    independent = [1] * (1 << n)
    for s in range(1, 1 << n):
        low = (s & -s).bit_length() - 1
        independent[s] = independent[s & ~(1 << low)] + independent[s & ~closed[low]]
    k = 1
    while sum((-1) ** (n - s.bit_count()) * independent[s] ** k for s in range(1 << n)) <= 0:
        k += 1
    return k


def colouring_of(answer):
    count, _, colours = answer.partition(":")
    return int(count), numbers(colours)


def test_chromatic_number_matches_inclusion_exclusion():
    for problem in samples("chromatic_number", (0, 1, 2, 4, 7, 10, 12)):
        graph = graph_of(problem.prompt)
        count, colours = colouring_of(problem.answer)
        assert count == chromatic_by_inclusion_exclusion(graph), problem.prompt
        assert len(set(colours)) == count and all(colours[u] != colours[v] for u, v in graph.edges)


def test_chromatic_number_is_sometimes_above_the_clique_number():
    # The largest clique is only a lower bound: an odd cycle or a denser tangle needs one colour more.
    def above(p):
        return p.data["best"] > max(len(c) for c in nx.find_cliques(graph_of(p.prompt)))

    problem = find("chromatic_number", above, difficulties=range(0, 13), seeds=range(10))
    assert numbers(problem.answer)[0] == chromatic_by_inclusion_exclusion(graph_of(problem.prompt))


def test_chromatic_number_accepts_any_optimal_colouring_and_notation():
    problem = find("chromatic_number", lambda p: p.data["best"] >= 3, difficulties=range(4, 10))
    count, colours = colouring_of(problem.answer)
    renamed = [count + 1 - c for c in colours]  # the same classes under other names
    assert_right(problem, f"{count}: {joined(renamed)}")
    assert_right(problem, f"colours = {count}; [{joined(colours, ', ')}]")
    assert_right(problem, f"{count}\n{joined(colours)}")
    # A colouring found differently, by networkx's greedy strategies, where one happens to be optimal.
    graph = graph_of(problem.prompt)
    for strategy in ("largest_first", "smallest_last", "DSATUR", "independent_set"):
        greedy = nx.greedy_color(graph, strategy=strategy)
        if len(set(greedy.values())) == count:
            assert_right(problem, f"{count}: {joined(greedy[u] + 1 for u in range(len(colours)))}")


def test_chromatic_number_wrong_answers_say_why():
    problem = find("chromatic_number", lambda p: p.data["best"] >= 3, difficulties=range(6, 12))
    count, colours = colouring_of(problem.answer)
    shared = next(u for u, c in enumerate(colours) if colours.count(c) >= 2)
    spare = [count + 1 if u == shared else c for u, c in enumerate(colours)]  # proper, one colour more
    assert_wrong(problem, f"{count + 1}: {joined(spare)}", "enough")
    assert_wrong(problem, f"{count}: {joined(spare)}", "says")
    gap = [count + 1 if c == count else c for c in colours]  # k colours, but not numbered 1 to k
    assert_wrong(problem, f"{count}: {joined(gap)}", "above")
    # Two colour classes of an optimal colouring always have an edge between them, else they could merge.
    merged = [1 if c == 2 else 2 if c == count else c for c in colours]
    assert_wrong(problem, f"{count - 1}: {joined(merged)}", "joins")
    assert_wrong(problem, f"{count + 1}: {joined(colours)}", "says")
    assert_wrong(problem, f"{count}: {joined(colours[:-1])}", "expected a colour")
    assert not score(problem, joined(colours)).format_ok  # no count
    assert not score(problem, f"{count}: {joined([0, *colours[1:]])}").format_ok


def test_chromatic_number_greedy_colouring_can_be_beaten():
    # Colouring nodes in the listed order with the first free colour is a common shortcut that fails here.
    def greedy_too_many(p):
        colours = nx.greedy_color(graph_of(p.prompt), strategy=lambda g, c: sorted(g))
        return len(set(colours.values())) > p.data["best"]

    problem = find("chromatic_number", greedy_too_many, difficulties=range(4, 31), seeds=range(6))
    greedy = nx.greedy_color(graph_of(problem.prompt), strategy=lambda g, c: sorted(g))
    used = len(set(greedy.values()))
    assert_wrong(problem, f"{used}: {joined(greedy[u] + 1 for u in sorted(greedy))}", "enough")


# -- graph/k_center -------------------------------------------------------------------------------------------


def k_center_instance(prompt):
    graph = graph_of(prompt)
    k = int(re.search(r"Choose exactly (\d+) different nodes", prompt).group(1))
    return graph, k, dict(nx.all_pairs_dijkstra_path_length(graph))


def cover_radius(distances, centres):
    return max(min(distances[c][v] for c in centres) for v in distances)


def best_centres(prompt):
    """Every optimal choice of k centres, by trying them all."""
    graph, k, distances = k_center_instance(prompt)
    radius = {c: cover_radius(distances, c) for c in itertools.combinations(sorted(graph), k)}
    least = min(radius.values())
    return least, [c for c, r in radius.items() if r == least]


def test_k_center_matches_brute_force():
    for problem in samples("k_center", (0, 1, 3, 6, 10, 14)):
        _, _, distances = k_center_instance(problem.prompt)
        least, _ = best_centres(problem.prompt)
        assert cover_radius(distances, numbers(problem.answer)) == least, problem.prompt


def test_k_center_accepts_every_optimal_choice():
    problem = find("k_center", lambda p: len(best_centres(p.prompt)[1]) >= 3, difficulties=range(2, 10))
    for centres in best_centres(problem.prompt)[1]:
        assert_right(problem, joined(reversed(centres), ", "))
    assert_right(problem, "centres: " + problem.answer)


def test_k_center_wrong_answers_say_why():
    problem = find("k_center", lambda p: p.data["k"] >= 2, difficulties=range(10, 16))
    graph, k, distances = k_center_instance(problem.prompt)
    least, optimal = best_centres(problem.prompt)
    worse = next(c for c in itertools.combinations(sorted(graph), k) if cover_radius(distances, c) > least)
    assert_wrong(problem, joined(worse), "possible")
    centres = numbers(problem.answer)
    assert_wrong(problem, joined(centres[:-1]), "exactly")
    extra = next(u for u in graph if u not in centres)
    assert_wrong(problem, joined([*centres, extra]), "exactly")
    assert_wrong(problem, joined([*centres[:-1], centres[0]]), "twice")
    assert not score(problem, joined([*centres[:-1], graph.number_of_nodes()])).format_ok


# -- graph/tournament_path -----------------------------------------------------------------------------------


def tournament(prompt):
    graph = nx.DiGraph()
    graph.add_nodes_from(range(node_count(prompt)))
    graph.add_edges_from((int(u), int(v)) for u, v in re.findall(r"(\d+)->(\d+)", edge_line(prompt)))
    return graph


def is_hamiltonian_path(graph, path):
    return sorted(path) == sorted(graph) and all(graph.has_edge(u, v) for u, v in zip(path, path[1:]))


def test_tournament_path_is_a_tournament_with_a_valid_reference():
    for problem in samples("tournament_path", (0, 1, 3, 8, 15, 30)):
        graph = tournament(problem.prompt)
        assert nx.is_tournament(graph)
        assert is_hamiltonian_path(graph, numbers(problem.answer))
        assert_right(problem, joined(nx.tournament.hamiltonian_path(graph)))


def test_tournament_path_accepts_another_path_and_notation():
    def other(p):
        return nx.tournament.hamiltonian_path(tournament(p.prompt)) != numbers(p.answer)

    problem = find("tournament_path", other, difficulties=range(3, 12))
    assert_right(problem, joined(nx.tournament.hamiltonian_path(tournament(problem.prompt)), " -> "))
    assert_right(problem, "[" + problem.answer.replace(" ", ", ") + "]")


def test_tournament_path_wrong_answers_say_why():
    problem = find("tournament_path", lambda p: p.size >= 8, difficulties=range(4, 12))
    path = numbers(problem.answer)
    assert_wrong(problem, joined(path[::-1]), "no arc")  # every step against its arc
    swapped = [path[1], path[0], *path[2:]]  # the arc between the first two now points backwards
    assert_wrong(problem, joined(swapped), "no arc")
    assert_wrong(problem, joined(path[:-1]), "visits")
    assert_wrong(problem, joined([*path[:-1], path[0]]), "twice")
    assert not score(problem, joined([*path[:-1], len(path)])).format_ok


# -- graph/girth ----------------------------------------------------------------------------------------------


def shortest_cycles(graph):
    """The shortest cycles of a minimum cycle basis, each in order around it (a shortest cycle has no chord,
    so the subgraph its nodes induce is the cycle itself)."""
    basis = nx.minimum_cycle_basis(graph)
    if not basis:
        return []
    least = min(len(cycle) for cycle in basis)
    ordered = []
    for nodes in basis:
        if len(nodes) == least:
            ordered.append([u for u, _ in nx.find_cycle(graph.subgraph(nodes))])
    return ordered


def test_girth_matches_networkx():
    seen_forest = False
    for problem in samples("girth", (0, 1, 2, 5, 10, 20, 30), range(4)):
        graph = graph_of(problem.prompt)
        girth = nx.girth(graph)
        if girth == float("inf"):
            seen_forest = True
            assert problem.answer == "none"
            continue
        length, rest = problem.answer.split(":")
        cycle = numbers(rest)
        assert int(length) == len(cycle) == girth == len(shortest_cycles(graph)[0]), problem.prompt
        assert all(graph.has_edge(u, v) for u, v in zip(cycle, cycle[1:] + cycle[:1]))
    assert seen_forest


def test_girth_grows_past_triangles():
    girths = {env("girth").sample(30, s).data["girth"] for s in range(20)}
    assert max(girths) >= 7 and 0 in girths


def test_girth_accepts_every_shortest_cycle_and_notation():
    problem = find("girth", lambda p: len(shortest_cycles(graph_of(p.prompt))) >= 2, difficulties=range(5, 20))
    for cycle in shortest_cycles(graph_of(problem.prompt)):
        assert_right(problem, f"{len(cycle)}: {joined(cycle)}")
        assert_right(problem, f"girth = {len(cycle)}; {joined(cycle[::-1] + cycle[-1:], ', ')}")
        assert_right(problem, f"{len(cycle)}: {joined(cycle[2:] + cycle[:2], ' - ')}")


def test_girth_wrong_answers_say_why():
    def square_or_longer(p):
        return p.data["girth"] >= 4 and p.data["n"] - 1 < len(listed_edges(p.prompt)) - 1  # two cycles at least

    problem = find("girth", square_or_longer, difficulties=range(6, 20))
    graph = graph_of(problem.prompt)
    girth = nx.girth(graph)
    longer = next(c for c in nx.simple_cycles(graph, length_bound=graph.number_of_nodes()) if len(c) > girth)
    assert_wrong(problem, f"{len(longer)}: {joined(longer)}", "exists")
    cycle = shortest_cycles(graph)[0]
    assert_wrong(problem, f"{girth + 1}: {joined(cycle)}", "says")
    assert_wrong(problem, "none", "has a cycle")
    assert not score(problem, "acyclic").format_ok
    # A shortest cycle has no chord, so its first and third nodes are not adjacent.
    assert_wrong(problem, f"{girth}: {joined([cycle[1], cycle[0], *cycle[2:]])}", "not an edge")
    assert_wrong(problem, f"2: {joined(cycle[:2])}", "three")
    assert not score(problem, joined(cycle)).format_ok  # no length

    tree = find("girth", lambda p: p.answer == "none", difficulties=range(3, 20))
    assert_right(tree, "None.")
    assert not score(tree, "no").format_ok
    u, v = listed_edges(tree.prompt)[0]
    assert_wrong(tree, f"3: {u} {v} {next(x for x in range(tree.size) if x not in (u, v))}", "not an edge")


# -- graph/max_independent_set --------------------------------------------------------------------------------


def weighted_nodes(prompt):
    graph = graph_of(prompt)
    line = next(line for line in prompt.splitlines() if line.startswith("Node weights"))
    for u, w in re.findall(r"(\d+):(\d+)", line):
        graph.nodes[int(u)]["weight"] = int(w)
    return graph


def nx_independent_set(graph):
    """A maximum-weight independent set: a maximum-weight clique of the complement."""
    complement = nx.complement(graph)
    nx.set_node_attributes(complement, dict(graph.nodes(data="weight")), "weight")
    return nx.max_weight_clique(complement, weight="weight")


def weight_of(graph, nodes):
    return sum(graph.nodes[u]["weight"] for u in nodes)


def test_max_independent_set_matches_networkx():
    for problem in samples("max_independent_set", (0, 1, 3, 6, 10, 15, 20)):
        graph = weighted_nodes(problem.prompt)
        nodes, best = nx_independent_set(graph)
        reference = numbers(problem.answer)
        assert weight_of(graph, reference) == best and not graph.subgraph(reference).edges, problem.prompt
        assert_right(problem, joined(sorted(nodes, reverse=True), ", "))


def maximum_sets(graph):
    """Every maximum-weight independent set, by trying every subset of nodes (small graphs only)."""
    n = graph.number_of_nodes()
    edges = [(u, v) for u, v in graph.edges]
    weights = {}
    for mask in range(1, 1 << n):
        if not any(mask >> u & 1 and mask >> v & 1 for u, v in edges):
            weights[mask] = sum(graph.nodes[u]["weight"] for u in range(n) if mask >> u & 1)
    best = max(weights.values())
    return [[u for u in range(n) if mask >> u & 1] for mask, w in weights.items() if w == best]


def test_max_independent_set_accepts_every_maximum_set():
    problem = find("max_independent_set", lambda p: len(maximum_sets(weighted_nodes(p.prompt))) >= 2, range(0, 6))
    for nodes in maximum_sets(weighted_nodes(problem.prompt)):
        assert_right(problem, "set: " + joined(nodes[::-1]))


def test_max_independent_set_wrong_answers_say_why():
    problem = find("max_independent_set", lambda p: len(p.answer.split()) >= 3, difficulties=range(8, 14))
    graph = weighted_nodes(problem.prompt)
    nodes = numbers(problem.answer)
    assert_wrong(problem, joined(nodes[1:]), "possible")  # independent, lighter
    neighbour = next(v for v in graph if v not in nodes and any(graph.has_edge(v, u) for u in nodes))
    assert_wrong(problem, joined([*nodes, neighbour]), "joined")
    assert_wrong(problem, joined([*nodes, nodes[0]]), "twice")
    assert not score(problem, joined([*nodes, problem.size])).format_ok


def test_max_independent_set_heaviest_first_greedy_can_be_beaten():
    def greedy(graph):
        chosen = []
        for u in sorted(graph, key=lambda u: (-graph.nodes[u]["weight"], u)):
            if not any(graph.has_edge(u, v) for v in chosen):
                chosen.append(u)
        return chosen

    def beaten(p):
        graph = weighted_nodes(p.prompt)
        return weight_of(graph, greedy(graph)) < p.data["best"]

    problem = find("max_independent_set", beaten, difficulties=range(3, 15))
    assert_wrong(problem, joined(greedy(weighted_nodes(problem.prompt))), "possible")


# -- graph/bipartite_edge_colouring ---------------------------------------------------------------------------


def bipartite_instance(prompt):
    graph = graph_of(prompt)
    low, high = map(int, re.search(r"one of the nodes 0 to (\d+) to one of the nodes (\d+)", prompt).groups())
    assert high == low + 1 and nx.is_bipartite(graph)
    assert all(min(u, v) <= low < max(u, v) for u, v in graph.edges)
    return graph, listed_edges(prompt)


def is_proper_edge_colouring(edges, colours):
    """By definition: no two edges with a common end share a colour (the line graph is properly coloured)."""
    line = nx.line_graph(nx.Graph(edges))
    colour = {frozenset(e): c for e, c in zip(edges, colours)}
    return all(colour[frozenset(a)] != colour[frozenset(b)] for a, b in line.edges)


def kempe_swap(edges, colours, start, a, b):
    """Swap colours a and b along the a/b path through ``start``'s edges: still a proper colouring."""
    path = nx.Graph((u, v) for (u, v), c in zip(edges, colours) if c in (a, b))
    if start not in path:
        return colours
    component = nx.node_connected_component(path, start)
    swap = {a: b, b: a}
    return [swap[c] if c in swap and u in component else c for (u, v), c in zip(edges, colours)]


def test_bipartite_edge_colouring_is_proper_with_the_largest_degree():
    for problem in samples("bipartite_edge_colouring", (0, 1, 3, 8, 15, 30)):
        graph, edges = bipartite_instance(problem.prompt)
        colours = numbers(problem.answer)
        largest = max(d for _, d in graph.degree)
        assert len(colours) == len(edges) and len(set(colours)) == largest, problem.prompt
        assert is_proper_edge_colouring(edges, colours)


def test_bipartite_edge_colouring_accepts_other_colourings():
    problem = find("bipartite_edge_colouring", lambda p: p.data["colours"] >= 3, difficulties=range(4, 10))
    _, edges = bipartite_instance(problem.prompt)
    colours = numbers(problem.answer)
    most = max(colours)
    assert_right(problem, joined([most + 1 - c for c in colours], ", "))
    changed = 0
    for start in range(problem.size):
        other = kempe_swap(edges, colours, start, 1, 2)
        if other != colours:
            assert is_proper_edge_colouring(edges, other)
            assert_right(problem, joined(other))
            changed += 1
    assert changed


def test_bipartite_edge_colouring_wrong_answers_say_why():
    # Colouring the edges in the listed order with the first free colour is a shortcut that fails here.
    def first_fit(p):
        _, edges = bipartite_instance(p.prompt)
        taken = {}
        colours = []
        for u, v in edges:
            c = next(c for c in itertools.count(1) if (u, c) not in taken and (v, c) not in taken)
            taken[(u, c)] = taken[(v, c)] = True
            colours.append(c)
        return colours

    problem = find("bipartite_edge_colouring", lambda p: max(first_fit(p)) > p.data["colours"], range(3, 20))
    assert_wrong(problem, joined(first_fit(problem)), "enough")
    _, edges = bipartite_instance(problem.prompt)
    colours = numbers(problem.answer)
    i, j = next((i, j) for i, j in itertools.combinations(range(len(edges)), 2) if set(edges[i]) & set(edges[j]))
    clash = list(colours)
    clash[j] = clash[i]
    assert_wrong(problem, joined(clash), "share")
    assert_wrong(problem, joined(colours[:-1]), "expected a colour")
    assert not score(problem, joined([0, *colours[1:]])).format_ok


# -- graph/distance_after_edge_addition -----------------------------------------------------------------------


def new_edge_instance(prompt):
    graph = graph_of(prompt)
    a, b, w = map(int, re.search(r"a new edge (\d+)-(\d+) of weight (\d+)", prompt).groups())
    assert not graph.has_edge(a, b)
    after = graph.copy()
    after.add_edge(a, b, weight=w)
    return graph, after, "sum of the distances" in prompt


def pair_distances(graph):
    table = dict(nx.all_pairs_dijkstra_path_length(graph))
    return {(x, y): table[x][y] for x, y in itertools.combinations(sorted(graph), 2)}


def expected_after(prompt):
    graph, after, ask_sum = new_edge_instance(prompt)
    before, now = pair_distances(graph), pair_distances(after)
    return sum(now.values()) if ask_sum else sum(now[p] < before[p] for p in now)


def test_distance_after_edge_addition_matches_networkx():
    kinds = set()
    for problem in samples("distance_after_edge_addition", (0, 1, 2, 5, 10, 20, 30), range(4)):
        kinds.add(new_edge_instance(problem.prompt)[2])
        assert int(problem.answer) == expected_after(problem.prompt), problem.prompt
    assert kinds == {True, False}


def test_distance_after_edge_addition_accepts_notations():
    problem = find("distance_after_edge_addition", lambda p: int(p.answer) >= 1000, range(8, 31))
    total = int(problem.answer)
    assert_right(problem, f"{total:,}")
    assert_right(problem, f"sum = {total}")


def test_distance_after_edge_addition_wrong_answers_say_why():
    def shortening_sum(p):
        graph, _, ask_sum = new_edge_instance(p.prompt)
        return ask_sum and sum(pair_distances(graph).values()) != int(p.answer)

    problem = find("distance_after_edge_addition", shortening_sum, range(3, 15))
    graph, _, _ = new_edge_instance(problem.prompt)
    assert_wrong(problem, str(sum(pair_distances(graph).values())), "not the sum")  # before the new edge
    assert_wrong(problem, str(int(problem.answer) - 1), "not the sum")
    counting = find("distance_after_edge_addition", lambda p: "smaller than before" in p.prompt, range(3, 15))
    assert_wrong(counting, str(int(counting.answer) + 1), "closer")
    assert not score(counting, "1e3").format_ok
    assert not score(counting, "3 or 4").format_ok


# -- graph/graph_eccentricity ---------------------------------------------------------------------------------


def eccentricity_answer(prompt):
    graph = nx.Graph(listed_edges(prompt))
    graph.add_nodes_from(range(node_count(prompt)))
    assert nx.is_connected(graph)
    ask = re.search(r"Give the (radius|diameter|centre|periphery) of the graph", prompt).group(1)
    solve = {"radius": nx.radius, "diameter": nx.diameter, "centre": nx.center, "periphery": nx.periphery}
    return ask, solve[ask](graph)


def test_graph_eccentricity_matches_networkx():
    asked = set()
    for problem in samples("graph_eccentricity", (0, 1, 2, 5, 10, 20, 30), range(5)):
        ask, expected = eccentricity_answer(problem.prompt)
        asked.add(ask)
        if ask in ("radius", "diameter"):
            assert int(problem.answer) == expected, problem.prompt
        else:
            assert sorted(numbers(problem.answer)) == sorted(expected), problem.prompt
    assert asked == {"radius", "diameter", "centre", "periphery"}


def test_graph_eccentricity_has_cycles():
    graph = nx.Graph(listed_edges(env("graph_eccentricity").sample(20, 0).prompt))
    assert not nx.is_tree(graph)


def test_graph_eccentricity_accepts_any_order_and_labels():
    problem = find("graph_eccentricity", lambda p: p.data["ask"] == "periphery" and len(p.answer.split()) >= 2)
    assert_right(problem, "periphery: " + joined(numbers(problem.answer)[::-1], ", "))
    number = find("graph_eccentricity", lambda p: p.data["ask"] == "diameter")
    assert_right(number, f"diameter = {number.answer}")


def test_graph_eccentricity_wrong_answers_say_why():
    centre = find("graph_eccentricity", lambda p: p.data["ask"] == "centre" and len(p.answer.split()) >= 2)
    nodes = numbers(centre.answer)
    assert_wrong(centre, joined(nodes[1:]), "has")
    outsider = next(u for u in range(centre.size) if u not in nodes)
    assert_wrong(centre, joined([*nodes, outsider]), "not in the centre")
    assert_wrong(centre, joined([*nodes, nodes[0]]), "twice")
    radius = find("graph_eccentricity", lambda p: p.data["ask"] == "radius", range(5, 30))
    # The diameter is not the radius here (a graph with equal ones would make the test vacuous).
    graph = nx.Graph(listed_edges(radius.prompt))
    assert_wrong(radius, str(int(radius.answer) + 1), "not the radius")
    if nx.diameter(graph) != nx.radius(graph):
        assert_wrong(radius, str(nx.diameter(graph)), "not the radius")
    assert not score(radius, "4.5").format_ok
