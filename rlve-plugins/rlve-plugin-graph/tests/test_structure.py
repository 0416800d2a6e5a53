"""Colouring, isomorphism, trees and counting: bipartite, graph_colouring, graph_isomorphism,
lowest_common_ancestor, count_spanning_trees, longest_increasing_subsequence, inversion_count."""

from __future__ import annotations

import itertools

from helpers import assert_right, assert_wrong, env, find, score

from rlve_plugin_graph.graphs import normalise


def test_bipartite_yes_accepts_any_two_colouring():
    problem = find("bipartite", lambda p: p.data["bipartite"])
    sides = [int(x) for x in problem.answer.split()[1:]]
    assert_right(problem, "yes " + " ".join(str(1 - s) for s in sides))
    assert_right(problem, "Yes: " + ", ".join(map(str, sides)))


def test_bipartite_no_accepts_any_odd_cycle_written_any_way():
    problem = find("bipartite", lambda p: not p.data["bipartite"])
    cycle = problem.answer.split()[1:]
    assert_right(problem, "no " + " ".join(cycle[::-1]))
    assert_right(problem, "no " + " ".join(cycle[1:] + cycle[:1]))
    assert_right(problem, "NO, " + " ".join([*cycle, cycle[0]]))


def test_bipartite_odd_cycles_grow_with_difficulty():
    lengths = [
        len(p.answer.split()) - 1
        for p in (env("bipartite").sample(30, s) for s in range(30))
        if not p.data["bipartite"]
    ]
    assert lengths and max(lengths) >= 9


def test_bipartite_wrong_answers_say_why():
    yes = find("bipartite", lambda p: p.data["bipartite"])
    n = yes.data["n"]
    assert_wrong(yes, "yes " + " ".join("0" * n), "joins two nodes")
    assert_wrong(yes, "yes 0 1", "expected a side")
    assert_wrong(yes, "no 0 1 2", "")  # no odd cycle exists in a bipartite graph
    no = find("bipartite", lambda p: not p.data["bipartite"])
    cycle = no.answer.split()[1:]
    assert_wrong(no, "no " + " ".join(cycle[:-1]), "")
    assert_wrong(no, "no " + " ".join([*cycle, *cycle]), "twice")
    assert_wrong(no, "yes " + " ".join(str(i % 2) for i in range(no.data["n"])), "joins two nodes")
    for malformed in ("no", "yes", "maybe 0 1", "yes 0 2 1", "no 0 1 999"):
        verdict = score(no, malformed)
        assert not verdict.correct, malformed
    assert not score(no, "yes 0 2 1 0 1 0 1 0 1 0").format_ok


def a_cycle(n, edges):
    """Some cycle of an undirected graph (as a node list), by depth-first search, or None."""
    adj = {u: [] for u in range(n)}
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    parent = {}
    for root in range(n):
        if root in parent:
            continue
        parent[root] = None
        stack = [root]
        while stack:
            u = stack.pop()
            for v in adj[u]:
                if v not in parent:
                    parent[v] = u
                    stack.append(v)
                elif v != parent[u]:
                    up_u, up_v = [u], [v]
                    while up_u[-1] is not None:
                        up_u.append(parent[up_u[-1]])
                    while up_v[-1] is not None:
                        up_v.append(parent[up_v[-1]])
                    common = next(x for x in up_u if x in up_v)
                    return up_u[: up_u.index(common) + 1] + up_v[: up_v.index(common)][::-1]
    return None


def test_bipartite_rejects_an_even_cycle_as_proof():
    problem = find("bipartite", lambda p: p.data["bipartite"] and a_cycle(p.data["n"], p.data["edges"]))
    cycle = a_cycle(problem.data["n"], problem.data["edges"])
    assert len(cycle) % 2 == 0
    assert_wrong(problem, "no " + " ".join(map(str, cycle)), "not an odd cycle")


def test_graph_colouring_accepts_any_proper_colouring():
    problem = env("graph_colouring").sample(12, 3)
    k = problem.data["k"]
    colours = [int(c) for c in problem.answer.split()]
    shifted = [c % k + 1 for c in colours]  # renaming the colours keeps the colouring proper
    assert shifted != colours
    assert_right(problem, " ".join(map(str, shifted)))
    assert_right(problem, ", ".join(map(str, colours)))


def test_graph_colouring_needs_real_work():
    for difficulty in (0, 15, 30):
        problem = env("graph_colouring").sample(difficulty, 0)
        n, k = problem.data["n"], problem.data["k"]
        assert len(problem.data["edges"]) >= n  # not a sparse, trivially colourable graph
        assert k == 3 + difficulty // 15


def test_graph_colouring_wrong_answers_say_why():
    problem = env("graph_colouring").sample(12, 3)
    n, k = problem.data["n"], problem.data["k"]
    u, v = problem.data["edges"][0]
    colours = problem.answer.split()
    clash = list(colours)
    clash[v] = clash[u]
    assert_wrong(problem, " ".join(clash), f"edge {u}-{v}")
    assert_wrong(problem, " ".join(["1"] * n), "joins two nodes")
    assert_wrong(problem, " ".join(colours[:-1]), "expected a colour")
    for bad in (" ".join([str(k + 1)] * n), " ".join(["0"] * n), " ".join(["red"] * n)):
        verdict = score(problem, bad)
        assert not verdict.correct and not verdict.format_ok


def automorphism(data):
    """A non-identity automorphism of graph A, by brute force (small graphs only), or None."""
    n, edges = data["n"], {tuple(e) for e in data["edges_a"]}
    for perm in itertools.permutations(range(n)):
        if list(perm) != list(range(n)) and all(normalise(perm[u], perm[v]) in edges for u, v in edges):
            return list(perm)
    return None


def test_graph_isomorphism_accepts_every_isomorphism():
    problem = find("graph_isomorphism", lambda p: automorphism(p.data) is not None, difficulties=range(0, 3))
    mapping = [int(x) for x in problem.answer.split()]
    symmetry = automorphism(problem.data)
    other = [mapping[symmetry[x]] for x in range(problem.data["n"])]
    assert other != mapping
    assert_right(problem, " ".join(map(str, other)))


def test_graph_isomorphism_wrong_answers_say_why():
    problem = env("graph_isomorphism").sample(10, 2)
    mapping = problem.answer.split()
    assert_wrong(problem, " ".join(mapping[:-1]), "expected a node")
    assert_wrong(problem, " ".join([mapping[0], *mapping[:-1]]), "same node")
    identity = " ".join(str(x) for x in range(problem.data["n"]))
    verdict = score(problem, identity)
    assert verdict.correct == (
        sorted(map(tuple, problem.data["edges_a"])) == sorted(map(tuple, problem.data["edges_b"]))
    )
    swapped = list(mapping)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    verdict = score(problem, " ".join(swapped))
    if not verdict.correct:
        assert "not an edge of B" in verdict.reason


def test_lowest_common_ancestor_answers():
    problem = env("lowest_common_ancestor").sample(12, 6)
    answers = problem.answer.split()
    assert len(answers) == 3 + 12 // 6
    assert_right(problem, ", ".join(answers))
    assert_wrong(problem, " ".join(answers[:-1]), "expected")
    assert_wrong(problem, " ".join([*answers, answers[0]]), "expected")
    wrong = list(answers)
    wrong[1] = str((int(wrong[1]) + 1) % problem.data["n"])
    assert_wrong(problem, " ".join(wrong), "question 2")
    root = str(problem.data["root"])
    all_root = " ".join([root] * len(answers))
    assert score(problem, all_root).correct == (answers == [root] * len(answers))


def test_lowest_common_ancestor_is_not_always_the_root():
    problems = [env("lowest_common_ancestor").sample(20, seed) for seed in range(10)]
    non_root = sum(a != str(p.data["root"]) for p in problems for a in p.answer.split())
    assert non_root >= 10


def test_count_spanning_trees_answers():
    problem = find("count_spanning_trees", lambda p: int(p.answer) >= 1000, difficulties=range(10, 30))
    count = int(problem.answer)
    assert_right(problem, f"{count:,}")
    assert_right(problem, f"+{count}")
    assert_wrong(problem, str(count + 1), "not the number")
    assert_wrong(problem, str(count - 1), "not the number")
    for malformed in (f"{count}.0", f"{count} trees", f"{count}e0", "1" * (len(str(count)) + 10)):
        verdict = score(problem, malformed)
        assert not verdict.correct and not verdict.format_ok


def test_count_spanning_trees_counts_are_big_at_higher_difficulty():
    counts = [int(env("count_spanning_trees").sample(30, seed).answer) for seed in range(5)]
    assert min(counts) >= 100


def test_longest_increasing_subsequence_accepts_every_longest_one():
    def another(p):
        values, best = p.data["values"], p.data["best"]
        # the longest run ending latest, found by a quadratic DP from the right
        length = [1] * len(values)
        for i in range(len(values) - 1, -1, -1):
            for j in range(i + 1, len(values)):
                if values[j] > values[i]:
                    length[i] = max(length[i], length[j] + 1)
        out, last, need = [], None, best
        for i, x in enumerate(values):
            if length[i] == need and (last is None or x > last):
                out.append(x)
                last, need = x, need - 1
        return out

    problem = find(
        "longest_increasing_subsequence",
        lambda p: " ".join(map(str, another(p))) != p.answer,
        difficulties=range(3, 10),
    )
    assert_right(problem, " ".join(map(str, another(problem))))


def test_longest_increasing_subsequence_wrong_answers_say_why():
    problem = env("longest_increasing_subsequence").sample(10, 0)
    best = problem.answer.split()
    assert_wrong(problem, " ".join(best[:-1]), "is possible")
    assert_wrong(problem, " ".join(best[::-1]), "not strictly increasing")
    assert_wrong(problem, " ".join([best[0], *best]), "not strictly increasing")
    too_big = str(max(problem.data["values"]) + 1)
    assert_wrong(problem, " ".join([*best[:-1], too_big]) if int(best[-2]) < int(too_big) else too_big, "")
    verdict = score(problem, " ".join(sorted(set(map(str, problem.data["values"])), key=int)))
    assert verdict.correct == (len(set(problem.data["values"])) == problem.data["best"])


def test_inversion_count_answers():
    problem = env("inversion_count").sample(20, 1)
    count = int(problem.answer)
    assert count > 50
    assert_right(problem, f"{count:,}")
    assert_wrong(problem, str(count + 1), "not the number")
    values = problem.data["values"]
    with_ties = sum(values[i] >= values[j] for i in range(len(values)) for j in range(i + 1, len(values)))
    assert with_ties != count
    assert_wrong(problem, str(with_ties), "not the number")
