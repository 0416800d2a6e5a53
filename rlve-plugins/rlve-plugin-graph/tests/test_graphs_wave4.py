"""Suffixes, orders, paths, assignments, cycles and separators: suffix_array, linear_extensions_count,
dag_longest_path, assignment_problem, min_mean_cycle, transitive_reduction, dominator_tree and
vertex_connectivity.

Every instance is rebuilt from its prompt text (never from ``problem.data``) and solved independently: with
networkx (longest DAG paths, transitive reductions, immediate dominators, local node connectivity, every
topological order, every simple cycle, maximum-weight matchings) or by brute force written differently from
the environment (sorting the suffixes themselves, every permutation of jobs, every set of nodes of a given
size). Then other valid answers must be accepted and near misses rejected with a reason.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from functools import cache

import networkx as nx
from helpers import assert_right, assert_wrong, env, find, score

# -- reading instances back from their prompts --------------------------------------------------------------


def node_count(prompt):
    return int(re.search(r"has (\d+) nodes", prompt).group(1))


def edge_line(prompt):
    return next(line for line in prompt.splitlines() if line.startswith("Edges: "))


def digraph_of(prompt):
    """The directed graph of a prompt, with a ``weight`` on every arc (1 where none is written)."""
    graph = nx.DiGraph()
    graph.add_nodes_from(range(node_count(prompt)))
    for u, v, w in re.findall(r"(\d+)->(\d+)(?::(-?\d+))?", edge_line(prompt)):
        graph.add_edge(int(u), int(v), weight=int(w) if w else 1)
    return graph


def graph_of(prompt):
    graph = nx.Graph()
    graph.add_nodes_from(range(node_count(prompt)))
    graph.add_edges_from((int(u), int(v)) for u, v in re.findall(r"(\d+)-(\d+)", edge_line(prompt)))
    return graph


def numbers(text):
    return [int(x) for x in re.findall(r"-?\d+", text)]


def samples(name, levels, seeds=range(3)):
    return [env(name).sample(d, s) for d in levels for s in seeds]


def joined(values, separator=" "):
    return separator.join(map(str, values))


def value_and_nodes(answer):
    value, _, rest = answer.partition(":")
    return value.strip(), numbers(rest)


# -- graph/suffix_array ---------------------------------------------------------------------------------------


def string_of(prompt):
    return prompt.splitlines()[1]


def test_suffix_array_matches_sorting_the_suffixes():
    for problem in samples("suffix_array", (0, 1, 3, 8, 15, 30, 200)):
        s = string_of(problem.prompt)
        # Python compares strings letter by letter with a proper prefix first: the stated order.
        assert numbers(problem.answer) == sorted(range(len(s)), key=lambda i: s[i:]), s


def test_suffix_array_puts_a_prefix_first_and_reads_any_notation():
    problem = find("suffix_array", lambda p: string_of(p.prompt).endswith(string_of(p.prompt)[-1] * 2))
    order = numbers(problem.answer)
    n = len(order)
    assert order.index(n - 1) < order.index(n - 2)  # "x" sorts before "xx"
    assert_right(problem, f"[{joined(order, ', ')}]")
    assert_right(problem, joined(order, ","))
    swapped = order[:]
    k = swapped.index(n - 1)
    swapped[k], swapped[k + 1] = swapped[k + 1], swapped[k]
    assert_wrong(problem, joined(swapped), "sorted order")
    assert_wrong(problem, joined(order[:-1]), "exactly once")
    assert_wrong(problem, joined([order[0], *order[:-1]]), "exactly once")
    assert_wrong(problem, joined(reversed(order)), "sorted order")
    assert not score(problem, joined([*order[:-1], n])).format_ok  # no such position
    assert not score(problem, "banana").format_ok


# -- graph/linear_extensions_count ----------------------------------------------------------------------------


def count_by_removing_sources(graph):
    """Orders counted as: choose the first node among the current sources, then order the rest."""

    @cache
    def count(remaining):
        if not remaining:
            return 1
        sources = [v for v in remaining if not any(u in remaining for u in graph.predecessors(v))]
        return sum(count(remaining - {v}) for v in sources)

    return count(frozenset(graph.nodes))


def test_linear_extensions_count_matches_networkx_enumeration():
    for problem in samples("linear_extensions_count", (0, 1, 2, 4, 6)):
        graph = digraph_of(problem.prompt)
        assert int(problem.answer) == sum(1 for _ in nx.all_topological_sorts(graph)), problem.prompt


def test_linear_extensions_count_matches_a_recursion_on_sources():
    for problem in samples("linear_extensions_count", (9, 14, 20), seeds=range(2)):
        assert int(problem.answer) == count_by_removing_sources(digraph_of(problem.prompt))


def test_linear_extensions_count_reads_the_number_strictly():
    problem = find("linear_extensions_count", lambda p: int(p.answer) > 1000, difficulties=range(8, 20))
    count = int(problem.answer)
    assert_right(problem, f"count = {count}")
    assert_right(problem, f"{count:,}")
    assert_wrong(problem, str(count + 1), "not the number")
    assert_wrong(problem, str(count - 1), "not the number")
    assert not score(problem, f"{count} or {count + 1}").format_ok
    assert not score(problem, "").format_ok


# -- graph/dag_longest_path -----------------------------------------------------------------------------------


def all_paths(graph):
    """Every directed path with at least one arc (the graphs are small DAGs)."""
    for source in graph:
        for target in graph:
            yield from nx.all_simple_paths(graph, source, target)


def path_weight(graph, path):
    return sum(graph[u][v]["weight"] for u, v in zip(path, path[1:]))


def test_dag_longest_path_matches_networkx():
    for problem in samples("dag_longest_path", (0, 1, 3, 8, 15, 30, 150)):
        graph = digraph_of(problem.prompt)
        value, path = value_and_nodes(problem.answer)
        assert int(value) == nx.dag_longest_path_length(graph) == path_weight(graph, path), problem.prompt


def test_dag_longest_path_accepts_any_heaviest_path():
    def two_best(p):
        graph = digraph_of(p.prompt)
        best = nx.dag_longest_path_length(graph)
        return sum(path_weight(graph, path) == best for path in all_paths(graph)) >= 2

    problem = find("dag_longest_path", two_best, difficulties=range(0, 6), seeds=range(60))
    graph = digraph_of(problem.prompt)
    value, reference = value_and_nodes(problem.answer)
    others = [q for q in all_paths(graph) if path_weight(graph, q) == int(value) and q != reference]
    assert_right(problem, f"{value}: {joined(others[0])}")
    assert_right(problem, f"weight = {value}; {joined(reference, ' -> ')}")
    assert_right(problem, f"{value}: {joined(reference, '-')}")


def test_dag_longest_path_wrong_answers_say_why():
    problem = find("dag_longest_path", lambda p: len(value_and_nodes(p.answer)[1]) >= 3, difficulties=range(3, 9))
    graph = digraph_of(problem.prompt)
    value, path = value_and_nodes(problem.answer)
    shorter = path[:-1]  # feasible, lighter: weights are positive
    assert_wrong(problem, f"{path_weight(graph, shorter)}: {joined(shorter)}", "heavier")
    assert_wrong(problem, f"{int(value) + 1}: {joined(path)}", "says")
    assert_wrong(problem, f"{value}: {joined(path[::-1])}", "not an arc")
    assert_wrong(problem, f"{value}: {joined([path[0], *path[2:]])}", "")
    assert not score(problem, joined(path)).format_ok  # no value
    assert not score(problem, f"{value}: {joined([*path, node_count(problem.prompt)])}").format_ok


# -- graph/assignment_problem ---------------------------------------------------------------------------------


def matrix_of(prompt):
    return [numbers(line.partition(":")[2]) for line in prompt.splitlines() if line.startswith("worker ")]


def assignment_cost(cost, jobs):
    return sum(cost[i][j] for i, j in enumerate(jobs))


def cheapest_by_matching(cost):
    """The least total cost through networkx's blossom algorithm: a maximum-weight perfect matching of the
    complete bipartite graph weighted ``top - cost`` has the least total cost."""
    n, top = len(cost), 1 + max(map(max, cost))
    graph = nx.Graph()
    graph.add_weighted_edges_from((("w", i), ("j", j), top - cost[i][j]) for i in range(n) for j in range(n))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sum(cost[a[1]][b[1]] if a[0] == "w" else cost[b[1]][a[1]] for a, b in matching)


def test_assignment_problem_matches_every_permutation():
    for problem in samples("assignment_problem", (0, 1, 2, 4)):
        cost = matrix_of(problem.prompt)
        value, jobs = value_and_nodes(problem.answer)
        best = min(assignment_cost(cost, p) for p in itertools.permutations(range(len(cost))))
        assert int(value) == best == assignment_cost(cost, jobs), problem.prompt


def test_assignment_problem_matches_networkx_matching():
    for problem in samples("assignment_problem", (10, 20), seeds=range(2)):
        assert int(value_and_nodes(problem.answer)[0]) == cheapest_by_matching(matrix_of(problem.prompt))


def test_assignment_problem_accepts_any_cheapest_assignment_and_rejects_others():
    def two_best(p):
        cost = matrix_of(p.prompt)
        totals = [assignment_cost(cost, q) for q in itertools.permutations(range(len(cost)))]
        return totals.count(min(totals)) >= 2

    problem = find("assignment_problem", two_best, difficulties=range(0, 4), seeds=range(80))
    cost = matrix_of(problem.prompt)
    value, jobs = value_and_nodes(problem.answer)
    perms = list(itertools.permutations(range(len(cost))))
    other = next(q for q in perms if assignment_cost(cost, q) == int(value) and list(q) != jobs)
    assert_right(problem, f"{value}: {joined(other)}")
    assert_right(problem, f"total = {value}; [{joined(jobs, ', ')}]")
    worse = next(q for q in perms if assignment_cost(cost, q) > int(value))
    assert_wrong(problem, f"{assignment_cost(cost, worse)}: {joined(worse)}", "cheaper")
    assert_wrong(problem, f"{int(value) - 1}: {joined(jobs)}", "says")
    assert_wrong(problem, f"{value}: {joined([jobs[0], *jobs[:-1]])}", "same job")
    assert_wrong(problem, f"{value}: {joined(jobs[:-1])}", "one job for each")
    assert not score(problem, joined(jobs)).format_ok


# -- graph/min_mean_cycle -------------------------------------------------------------------------------------


def cycle_mean(graph, cycle):
    return Fraction(path_weight(graph, [*cycle, cycle[0]]), len(cycle))


def brute_min_mean(graph):
    means = [cycle_mean(graph, c) for c in nx.simple_cycles(graph)]
    return min(means) if means else None


def test_min_mean_cycle_matches_every_simple_cycle():
    seen_acyclic = False
    for problem in samples("min_mean_cycle", (0, 1, 2, 4, 7, 10, 14), seeds=range(5)):
        graph = digraph_of(problem.prompt)
        best = brute_min_mean(graph)
        if best is None:
            seen_acyclic = True
            assert problem.answer == "none" and nx.is_directed_acyclic_graph(graph)
            continue
        value, cycle = value_and_nodes(problem.answer)
        assert Fraction(value) == best == cycle_mean(graph, cycle), problem.prompt
        assert value == (str(best.numerator) if best.denominator == 1 else f"{best.numerator}/{best.denominator}")
    assert seen_acyclic


def test_min_mean_cycle_accepts_any_best_cycle_and_notation():
    def two_best(p):
        graph = digraph_of(p.prompt)
        best = brute_min_mean(graph)
        return best is not None and sum(cycle_mean(graph, c) == best for c in nx.simple_cycles(graph)) >= 2

    problem = find("min_mean_cycle", two_best, difficulties=range(2, 12), seeds=range(40))
    graph = digraph_of(problem.prompt)
    value, cycle = value_and_nodes(problem.answer)
    other = next(c for c in nx.simple_cycles(graph) if cycle_mean(graph, c) == Fraction(value) and set(c) != set(cycle))
    assert_right(problem, f"{value}: {joined(other)}")
    assert_right(problem, f"{value}: {joined(cycle[1:] + cycle[:1])}")  # started elsewhere
    assert_right(problem, f"mean = {value}; {joined([*cycle, cycle[0]], ' -> ')}")
    doubled = Fraction(value)
    assert_right(problem, f"{2 * doubled.numerator}/{2 * doubled.denominator}: {joined(cycle)}")  # same value


def test_min_mean_cycle_wrong_answers_say_why():
    def worse_exists(p):
        graph = digraph_of(p.prompt)
        best = brute_min_mean(graph)
        return best is not None and any(cycle_mean(graph, c) > best for c in nx.simple_cycles(graph))

    problem = find("min_mean_cycle", worse_exists, difficulties=range(3, 12))
    graph = digraph_of(problem.prompt)
    value, cycle = value_and_nodes(problem.answer)
    worse = next(c for c in nx.simple_cycles(graph) if cycle_mean(graph, c) > Fraction(value))
    mean = cycle_mean(graph, worse)
    assert_wrong(problem, f"{mean.numerator}/{mean.denominator}: {joined(worse)}", "smaller mean")
    assert_wrong(problem, f"{Fraction(value) + 1}: {joined(cycle)}", "says")
    assert_wrong(problem, f"{value}: {joined(cycle[::-1])}" if len(cycle) > 2 else f"{value}: {cycle[0]}", "")
    assert_wrong(problem, "none", "has a directed cycle")
    assert not score(problem, joined(cycle)).format_ok  # no mean
    assert not score(problem, f"{float(Fraction(value))}: {joined(cycle)}").format_ok  # decimals are not exact
    acyclic = find("min_mean_cycle", lambda p: p.answer == "none")
    assert_right(acyclic, "None.")
    assert_wrong(acyclic, "0: 0 1", "")


# -- graph/transitive_reduction -------------------------------------------------------------------------------


def arcs_of(text):
    return {(int(u), int(v)) for u, v in re.findall(r"(\d+)\s*->\s*(\d+)", text)}


def test_transitive_reduction_matches_networkx():
    for problem in samples("transitive_reduction", (0, 1, 3, 8, 15, 30, 150)):
        graph = digraph_of(problem.prompt)
        assert arcs_of(problem.answer) == set(nx.transitive_reduction(graph).edges), problem.prompt


def test_transitive_reduction_accepts_any_order_and_rejects_near_misses():
    problem = find("transitive_reduction", lambda p: p.data["kept"] != p.data["arcs"], difficulties=range(3, 9))
    graph = digraph_of(problem.prompt)
    kept = sorted(arcs_of(problem.answer))
    redundant = next(a for a in graph.edges if a not in set(kept))
    assert_right(problem, ", ".join(f"{u} -> {v}" for u, v in reversed(kept)))
    assert_right(problem, " ".join(f"{u}->{v}" for u, v in kept))
    assert_wrong(problem, ", ".join(f"{u}->{v}" for u, v in [*kept, redundant]), "redundant")
    assert_wrong(problem, ", ".join(f"{u}->{v}" for u, v in kept[1:]), "missing")
    assert_wrong(problem, ", ".join(f"{u}->{v}" for u, v in [*kept[1:], kept[1]]), "twice")
    u, v = kept[0]
    assert_wrong(problem, ", ".join(f"{a}->{b}" for a, b in [(v, u), *kept[1:]]), "not an arc")
    assert not score(problem, ", ".join(f"{u}-{v}" for u, v in kept)).format_ok


# -- graph/dominator_tree -------------------------------------------------------------------------------------


def test_dominator_tree_matches_networkx():
    for problem in samples("dominator_tree", (0, 1, 3, 8, 15, 30, 150)):
        graph = digraph_of(problem.prompt)
        idom = nx.immediate_dominators(graph, 0)
        assert numbers(problem.answer) == [idom[v] for v in range(1, graph.number_of_nodes())], problem.prompt


def test_dominator_tree_is_not_the_parent_in_a_search_tree_and_reads_notation():
    # Some node's immediate dominator differs from its predecessor: a join point of two routes.
    def join_point(p):
        graph = digraph_of(p.prompt)
        return any(numbers(p.answer)[v - 1] not in graph.pred[v] for v in range(1, graph.number_of_nodes()))

    problem = find("dominator_tree", join_point, difficulties=range(0, 10))
    idom = numbers(problem.answer)
    assert_right(problem, f"[{joined(idom, ', ')}]")
    v = next(k for k, d in enumerate(idom) if d != 0)
    wrong = idom[:]
    wrong[v] = 0  # the entry dominates everything, but is not immediate here
    assert_wrong(problem, joined(wrong), f"node {v + 1}")
    assert_wrong(problem, joined(idom[:-1]), "one node for each")
    assert_wrong(problem, joined([0, *idom]), "one node for each")
    assert not score(problem, joined([*idom[:-1], node_count(problem.prompt)])).format_ok


# -- graph/vertex_connectivity --------------------------------------------------------------------------------


def ends_of(prompt):
    s, t = re.search(r"Nodes (\d+) and (\d+) are not joined", prompt).groups()
    return int(s), int(t)


def separates(graph, s, t, nodes):
    rest = graph.subgraph(set(graph) - set(nodes))
    return not nx.has_path(rest, s, t)


def test_vertex_connectivity_matches_networkx():
    for problem in samples("vertex_connectivity", (0, 1, 3, 8, 15, 30, 150)):
        graph = graph_of(problem.prompt)
        s, t = ends_of(problem.prompt)
        value, cut = value_and_nodes(problem.answer)
        assert int(value) == nx.node_connectivity(graph, s, t) == len(cut), problem.prompt
        assert separates(graph, s, t, cut) and s not in cut and t not in cut


def test_vertex_connectivity_accepts_any_smallest_separator_and_rejects_others():
    def two_separators(p):
        graph = graph_of(p.prompt)
        s, t = ends_of(p.prompt)
        k = int(p.answer.partition(":")[0])
        inner = [v for v in graph if v not in (s, t)]
        return k >= 2 and sum(separates(graph, s, t, c) for c in itertools.combinations(inner, k)) >= 2

    problem = find("vertex_connectivity", two_separators, difficulties=range(0, 8), seeds=range(30))
    graph = graph_of(problem.prompt)
    s, t = ends_of(problem.prompt)
    value, cut = value_and_nodes(problem.answer)
    inner = [v for v in graph if v not in (s, t)]
    other = next(c for c in itertools.combinations(inner, len(cut)) if separates(graph, s, t, c) and set(c) != set(cut))
    assert_right(problem, f"{value}: {joined(other)}")
    assert_right(problem, f"size = {value}; [{joined(reversed(cut), ', ')}]")
    spare = next(v for v in inner if v not in cut)
    assert_wrong(problem, f"{len(cut) + 1}: {joined([*cut, spare])}", "suffice")
    leaky = next(c for c in itertools.combinations(inner, len(cut)) if not separates(graph, s, t, c))
    assert_wrong(problem, f"{value}: {joined(leaky)}", "avoids")
    assert_wrong(problem, f"{value}: {joined([s, *cut[1:]])}", "may not be removed")
    assert_wrong(problem, f"{int(value) + 1}: {joined(cut)}", "says")
    assert_wrong(problem, f"{value}: {joined([cut[0], *cut[:-1]])}", "twice")
    assert not score(problem, joined(cut)).format_ok
