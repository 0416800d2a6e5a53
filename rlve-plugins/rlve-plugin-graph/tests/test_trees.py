"""Trees: tree_centre, tree_centroid, tree_distance_sum, tree_independent_set, tree_path_cover, prufer_code,
tree_traversal_reconstruction, bst_operations and heap_operations.

Every instance is rebuilt from its prompt text (never from ``problem.data``) and solved independently: with
networkx (center, barycenter, all-pairs distances, maximum-weight clique of the complement, Prüfer codes), or
by brute force written differently from the environment (every subset of nodes or edges on small trees,
recursive rebuilding of a binary tree, a recursive search tree, a one-based heap). Then other valid answers
must be accepted and near misses rejected with a reason.
"""

from __future__ import annotations

import itertools
import re

import networkx as nx
from helpers import assert_right, assert_wrong, env, find, score

LEVELS = (0, 1, 2, 4, 8, 15, 30)
SEEDS = range(3)


# -- reading instances back from their prompts --------------------------------------------------------------


def node_count(prompt):
    return int(re.search(r"has (\d+) nodes", prompt).group(1))


def edge_line(prompt):
    return next(line for line in prompt.splitlines() if line.startswith("Edges: "))


def tree(prompt):
    graph = nx.Graph()
    graph.add_nodes_from(range(node_count(prompt)))
    for u, v, w in re.findall(r"(\d+)-(\d+)(?::(\d+))?", edge_line(prompt)):
        graph.add_edge(int(u), int(v), weight=int(w) if w else 1)
    assert nx.is_tree(graph)
    return graph


def numbers(text):
    return [int(x) for x in re.findall(r"\d+", text)]


def samples(name, levels=LEVELS, seeds=SEEDS):
    return [env(name).sample(d, s) for d in levels for s in seeds]


# -- graph/tree_centre --------------------------------------------------------------------------------------


def test_tree_centre_is_networkx_center():
    for problem in samples("tree_centre"):
        assert set(numbers(problem.answer)) == set(nx.center(tree(problem.prompt))), problem.prompt


def test_tree_centre_has_one_or_two_nodes_and_both_kinds_occur():
    sizes = {len(numbers(p.answer)) for p in samples("tree_centre", range(0, 12), range(6))}
    assert sizes == {1, 2}


def test_tree_centre_accepts_any_order_and_notation():
    problem = find("tree_centre", lambda p: len(numbers(p.answer)) == 2)
    a, b = numbers(problem.answer)
    for text in (f"{b} {a}", f"[{a}, {b}]", f"centre: {b}, {a}", f"x = {a} {b}"):
        assert_right(problem, text)


def test_tree_centre_wrong_answers_say_why():
    two = find("tree_centre", lambda p: len(numbers(p.answer)) == 2)
    a, b = numbers(two.answer)
    assert_wrong(two, str(a), "centre has 2 nodes")
    assert_wrong(two, f"{a} {a}", "twice")
    graph = tree(two.prompt)
    outside = next(x for x in graph if x not in (a, b))
    assert_wrong(two, f"{a} {b} {outside}", "not in the centre")
    one = find("tree_centre", lambda p: len(numbers(p.answer)) == 1)
    (c,) = numbers(one.answer)
    neighbour = next(iter(tree(one.prompt)[c]))
    assert_wrong(one, f"{c} {neighbour}", f"node {neighbour} is not in the centre")
    assert not score(one, f"{c} {node_count(one.prompt)}").format_ok  # no such node


# -- graph/tree_centroid ------------------------------------------------------------------------------------


def centroids_by_removal(graph):
    """Every node whose removal leaves no component above half the nodes, by deleting it and counting."""
    out = []
    for node in graph:
        rest = graph.copy()
        rest.remove_node(node)
        if all(2 * len(part) <= len(graph) for part in nx.connected_components(rest)):
            out.append(node)
    return set(out)


def test_tree_centroid_is_networkx_barycenter_and_removal_by_brute_force():
    for problem in samples("tree_centroid"):
        graph = tree(problem.prompt)
        answer = set(numbers(problem.answer))
        assert answer == set(nx.barycenter(graph)) == centroids_by_removal(graph), problem.prompt


def test_tree_centroid_pairs_occur_and_are_accepted_in_any_order():
    problem = find("tree_centroid", lambda p: len(numbers(p.answer)) == 2)
    a, b = numbers(problem.answer)
    assert tree(problem.prompt).has_edge(a, b)  # two centroids are always neighbours
    assert_right(problem, f"{b}, {a}")
    assert_right(problem, f"centroids: [{a} {b}]")


def test_tree_centroid_wrong_answers_say_why():
    two = find("tree_centroid", lambda p: len(numbers(p.answer)) == 2)
    a, b = numbers(two.answer)
    assert_wrong(two, str(b), "2 centroids")
    one = find("tree_centroid", lambda p: len(numbers(p.answer)) == 1, difficulties=range(3, 31))
    (c,) = numbers(one.answer)
    graph = tree(one.prompt)
    neighbour = next(iter(graph[c]))
    assert_wrong(one, str(neighbour), f"node {neighbour} is not a centroid")
    assert_wrong(one, f"{c} {neighbour}", "not a centroid")
    assert_wrong(one, f"{c}; {c}", "twice")
    # the centre is another notion: on some trees it is a different node
    other = find("tree_centroid", lambda p: set(nx.center(tree(p.prompt))) != set(numbers(p.answer)))
    wrong = sorted(set(nx.center(tree(other.prompt))) - set(numbers(other.answer)))
    assert_wrong(other, " ".join(map(str, wrong)), "not a centroid")


# -- graph/tree_distance_sum --------------------------------------------------------------------------------


def test_tree_distance_sum_matches_networkx_all_pairs():
    for problem in samples("tree_distance_sum"):
        graph = tree(problem.prompt)
        lengths = dict(nx.all_pairs_dijkstra_path_length(graph))
        total = sum(lengths[u][v] for u, v in itertools.combinations(graph, 2))
        assert int(problem.answer) == total, problem.prompt
        pairs = int(re.search(r"all (\d+) unordered pairs", problem.prompt).group(1))
        assert pairs == len(graph) * (len(graph) - 1) // 2


def test_tree_distance_sum_accepts_harmless_notation_and_rejects_near_misses():
    problem = find("tree_distance_sum", lambda p: int(p.answer) >= 1000)
    total = int(problem.answer)
    for text in (f"{total:,}", f"sum = {total}", f" {total} "):
        assert_right(problem, text)
    for text in (str(total - 1), str(total + 1), str(2 * total)):  # 2x: ordered pairs counted twice
        assert_wrong(problem, text, "not the sum")
    for text in ("-1", f"{total}.5", f"{total} {total}", "1e3"):
        assert not score(problem, text).correct


# -- graph/tree_independent_set -----------------------------------------------------------------------------


def node_weights(prompt):
    line = next(line for line in prompt.splitlines() if line.startswith("Node weights"))
    return {int(u): int(w) for u, w in re.findall(r"(\d+):(\d+)", line)}


def heaviest_sets_by_brute_force(graph, weights):
    best, sets = -1, []
    nodes = sorted(graph)
    for mask in range(1 << len(nodes)):
        chosen = [u for i, u in enumerate(nodes) if mask >> i & 1]
        if any(graph.has_edge(u, v) for u, v in itertools.combinations(chosen, 2)):
            continue
        total = sum(weights[u] for u in chosen)
        if total > best:
            best, sets = total, [chosen]
        elif total == best:
            sets.append(chosen)
    return best, sets


def test_tree_independent_set_matches_brute_force_and_networkx_clique_of_the_complement():
    for problem in samples("tree_independent_set", levels=(0, 1, 3, 6, 9, 14)):
        graph = tree(problem.prompt)
        weights = node_weights(problem.prompt)
        chosen = numbers(problem.answer)
        assert not any(graph.has_edge(u, v) for u, v in itertools.combinations(chosen, 2))
        total = sum(weights[u] for u in chosen)
        # an independent set of a graph is a clique of its complement
        complement = nx.complement(graph)
        nx.set_node_attributes(complement, weights, "weight")
        _, best = nx.max_weight_clique(complement, weight="weight")
        assert total == best, problem.prompt
        if len(graph) <= 12:
            assert total == heaviest_sets_by_brute_force(graph, weights)[0]


def test_tree_independent_set_accepts_every_heaviest_set():
    def ties(p):
        graph = tree(p.prompt)
        return len(graph) <= 11 and len(heaviest_sets_by_brute_force(graph, node_weights(p.prompt))[1]) >= 2

    problem = find("tree_independent_set", ties)
    _, sets = heaviest_sets_by_brute_force(tree(problem.prompt), node_weights(problem.prompt))
    for chosen in sets:
        assert_right(problem, ", ".join(map(str, reversed(chosen))))
    assert_right(problem, f"set: [{problem.answer}]")


def test_tree_independent_set_wrong_answers_say_why():
    problem = find("tree_independent_set", lambda p: len(numbers(p.answer)) >= 3, difficulties=range(4, 31))
    graph = tree(problem.prompt)
    chosen = numbers(problem.answer)
    assert_wrong(problem, " ".join(map(str, chosen[1:])), "weigh")  # feasible, lighter
    u = chosen[0]
    neighbour = next(iter(graph[u]))
    assert_wrong(problem, " ".join(map(str, [*chosen, neighbour])), "edge joins")
    assert_wrong(problem, " ".join(map(str, [*chosen, u])), "twice")
    everything = " ".join(map(str, graph))
    assert_wrong(problem, everything, "edge joins")
    assert not score(problem, f"{problem.answer} {len(graph)}").format_ok


# -- graph/tree_path_cover ----------------------------------------------------------------------------------


def fewest_paths_by_brute_force(graph):
    """n minus the most edges that can be kept with every node on at most two of them (a forest of paths)."""
    edges = list(graph.edges)
    best = 0
    for mask in range(1 << len(edges)):
        degree = [0] * len(graph)
        for i, (u, v) in enumerate(edges):
            if mask >> i & 1:
                degree[u] += 1
                degree[v] += 1
        if max(degree) <= 2:
            best = max(best, mask.bit_count())
    return len(graph) - best


def paths_of(answer):
    return [numbers(part) for part in answer.split(";")]


def test_tree_path_cover_is_a_cover_and_minimum_by_brute_force():
    for problem in samples("tree_path_cover", levels=(0, 1, 2, 3, 4, 5, 6)):
        graph = tree(problem.prompt)
        paths = paths_of(problem.answer)
        assert sorted(x for path in paths for x in path) == sorted(graph)
        assert all(graph.has_edge(u, v) for path in paths for u, v in zip(path, path[1:]))
        assert len(paths) == fewest_paths_by_brute_force(graph), problem.prompt


def test_tree_path_cover_accepts_other_covers_and_notations():
    problem = find("tree_path_cover", lambda p: any(len(path) >= 3 for path in paths_of(p.answer)))
    paths = paths_of(problem.answer)
    written = lambda ps, sep="; ": sep.join(" ".join(map(str, p)) for p in ps)  # noqa: E731
    assert_right(problem, written([p[::-1] for p in reversed(paths)]))
    assert_right(problem, written(paths, "\n"))
    assert_right(problem, " | ".join("-".join(map(str, p)) for p in paths))
    assert_right(problem, ", ".join("[" + " -> ".join(map(str, p)) + "]" for p in paths))
    # another optimal cover: a path ending at a node whose neighbour ends another path can hand it over
    graph = tree(problem.prompt)
    for i, j in itertools.permutations(range(len(paths)), 2):
        a, b = paths[i], paths[j]
        if len(a) >= 2 and graph.has_edge(a[-1], b[0]):
            other = [a[:-1], [a[-1], *b]] + [p for k, p in enumerate(paths) if k not in (i, j)]
            assert_right(problem, written(other))


def test_tree_path_cover_wrong_answers_say_why():
    problem = find("tree_path_cover", lambda p: any(len(path) >= 3 for path in paths_of(p.answer)))
    paths = paths_of(problem.answer)
    k = next(i for i, path in enumerate(paths) if len(path) >= 3)
    long_path = paths[k]
    split = [*paths[:k], long_path[:1], long_path[1:], *paths[k + 1 :]]
    written = lambda ps: "; ".join(" ".join(map(str, p)) for p in ps)  # noqa: E731
    assert_wrong(problem, written(split), "paths, but")
    # a b c on a path means a-b and b-c are edges, so a-c is not (a tree has no triangle)
    jumbled = [*paths[:k], [long_path[1], long_path[0], *long_path[2:]], *paths[k + 1 :]]
    assert_wrong(problem, written(jumbled), "not an edge")
    assert_wrong(problem, written([*paths[:k], long_path[:-1], *paths[k + 1 :]]), "in no group")
    assert_wrong(problem, written([*paths, long_path[:1]]), "more than once")


# -- graph/prufer_code --------------------------------------------------------------------------------------


def prufer_from_prompt(prompt):
    if "its Prüfer sequence is:" in prompt:
        sequence = numbers(re.search(r"its Prüfer sequence is: ([0-9 ]*)\n", prompt).group(1))
        return "decode", node_count(prompt), sequence
    return "encode", node_count(prompt), tree(prompt)


def edges_text(edges):
    return ", ".join(f"{u}-{v}" for u, v in edges)


def test_prufer_code_matches_networkx_both_ways():
    seen = set()
    for problem in samples("prufer_code", seeds=range(4)):
        direction, n, given = prufer_from_prompt(problem.prompt)
        seen.add(direction)
        if direction == "decode":
            assert len(given) == n - 2
            expected = set(map(frozenset, nx.from_prufer_sequence(given).edges))
            answer = [frozenset(map(int, e)) for e in re.findall(r"(\d+)-(\d+)", problem.answer)]
            assert len(answer) == n - 1 and set(answer) == expected, problem.prompt
        else:
            assert numbers(problem.answer) == nx.to_prufer_sequence(given), problem.prompt
    assert seen == {"decode", "encode"}


def test_prufer_code_accepts_the_tree_in_any_order_and_notation():
    problem = find("prufer_code", lambda p: p.data["direction"] == "decode")
    edges = [tuple(map(int, e)) for e in re.findall(r"(\d+)-(\d+)", problem.answer)]
    assert_right(problem, edges_text((v, u) for u, v in reversed(edges)))
    assert_right(problem, " ".join(f"({u}, {v})" for u, v in edges))
    assert_right(problem, "; ".join(f"{u} {v}" for u, v in edges))
    encode = find("prufer_code", lambda p: p.data["direction"] == "encode")
    assert_right(encode, f"[{', '.join(encode.answer.split())}]")


def largest_leaf_tree(sequence):
    """Decoding with the largest leaf instead of the smallest: the convention the prompt rules out."""
    n = len(sequence) + 2
    tree_edges, remaining = [], list(sequence)
    alive = set(range(n))
    for x in sequence:
        leaf = max(u for u in alive if u not in remaining)
        tree_edges.append((leaf, x))
        alive.discard(leaf)
        remaining.remove(x)
    tree_edges.append(tuple(sorted(alive)))
    return tree_edges


def test_prufer_code_wrong_answers_say_why():
    def other_convention_differs(p):
        if p.data["direction"] != "decode":
            return False
        _, _, sequence = prufer_from_prompt(p.prompt)
        standard = nx.from_prufer_sequence(sequence).edges
        return set(map(frozenset, largest_leaf_tree(sequence))) != set(map(frozenset, standard))

    decode = find("prufer_code", other_convention_differs)
    _, n, sequence = prufer_from_prompt(decode.prompt)
    assert_wrong(decode, edges_text(largest_leaf_tree(sequence)), "not an edge of the tree")
    edges = [tuple(map(int, e)) for e in re.findall(r"(\d+)-(\d+)", decode.answer)]
    assert_wrong(decode, edges_text(edges[:-1]), f"has {n - 1} edges")
    assert_wrong(decode, edges_text([*edges, edges[0][::-1]]), "twice")
    encode = find("prufer_code", lambda p: p.data["direction"] == "encode")
    sequence = numbers(encode.answer)
    changed = [*sequence[:-1], (sequence[-1] + 1) % node_count(encode.prompt)]
    assert_wrong(encode, " ".join(map(str, changed)), f"number {len(sequence)} of the sequence")
    assert_wrong(encode, " ".join(map(str, sequence[:-1])), "must have")
    assert_wrong(encode, " ".join(map(str, [*sequence, sequence[0]])), "must have")
    # the answer to the other direction: the tree's own edges are not its sequence
    assert not score(encode, edge_line(encode.prompt)[len("Edges: ") :]).correct


# -- graph/tree_traversal_reconstruction --------------------------------------------------------------------


def rebuild(first_or_last, inorder, from_preorder):
    """(node, left, right) nested tuples, by splitting the inorder at the root, recursively."""
    if not inorder:
        return None
    root = first_or_last[0] if from_preorder else first_or_last[-1]
    at = inorder.index(root)
    left_in, right_in = inorder[:at], inorder[at + 1 :]
    if from_preorder:
        rest = first_or_last[1:]
        return (root, rebuild(rest[: len(left_in)], left_in, True), rebuild(rest[len(left_in) :], right_in, True))
    rest = first_or_last[:-1]
    return (root, rebuild(rest[: len(left_in)], left_in, False), rebuild(rest[len(left_in) :], right_in, False))


def walk(node, order):
    if node is None:
        return []
    root, left, right = node
    if order == "preorder":
        return [root, *walk(left, order), *walk(right, order)]
    return [*walk(left, order), *walk(right, order), root]


def traversals_from_prompt(prompt):
    given, first = re.search(r"The tree's (preorder|postorder) is: ([0-9 ]+)\n", prompt).groups()
    inorder = numbers(re.search(r"Its inorder is: ([0-9 ]+)\n", prompt).group(1))
    asked = re.search(r"Give its (preorder|postorder)\.", prompt).group(1)
    return given, numbers(first), inorder, asked


def test_tree_traversal_reconstruction_matches_a_recursive_rebuild():
    asked_kinds = set()
    for problem in samples("tree_traversal_reconstruction", seeds=range(4)):
        given, first, inorder, asked = traversals_from_prompt(problem.prompt)
        assert given != asked
        asked_kinds.add(asked)
        root = rebuild(first, inorder, from_preorder=given == "preorder")
        assert walk(root, given) == first  # the two given orders are consistent
        assert numbers(problem.answer) == walk(root, asked), problem.prompt
    assert asked_kinds == {"preorder", "postorder"}


def test_tree_traversal_reconstruction_wrong_answers_say_why():
    problem = find("tree_traversal_reconstruction", lambda p: "Give its postorder" in p.prompt, difficulties=[6])
    _, preorder, inorder, _ = traversals_from_prompt(problem.prompt)
    post = numbers(problem.answer)
    assert_right(problem, ", ".join(map(str, post)))
    assert_right(problem, f"postorder: [{' '.join(map(str, post))}]")
    assert_wrong(problem, " ".join(map(str, preorder[::-1])), "position")  # a common slip: reversed preorder
    assert_wrong(problem, " ".join(map(str, inorder)), "position")
    swapped = [post[1], post[0], *post[2:]]
    assert_wrong(problem, " ".join(map(str, swapped)), "position 1 of the postorder")
    assert_wrong(problem, " ".join(map(str, post[:-1])), "lists")
    absent = next(x for x in range(1, 100) if x not in post)
    assert_wrong(problem, " ".join(map(str, [*post[:-1], absent])), "not a label")
    assert_wrong(problem, " ".join(map(str, [*post, post[0]])), "lists")


# -- graph/bst_operations -----------------------------------------------------------------------------------


def bst_operations_from_prompt(prompt):
    return [(kind, int(key)) for kind, key in re.findall(r"^\d+\. (insert|delete) (\d+)$", prompt, flags=re.M)]


def bst_insert(node, key):
    if node is None:
        return (key, None, None)
    k, left, right = node
    return (k, bst_insert(left, key), right) if key < k else (k, left, bst_insert(right, key))


def bst_delete(node, key, successor=True):
    k, left, right = node
    if key < k:
        return (k, bst_delete(left, key, successor), right)
    if key > k:
        return (k, left, bst_delete(right, key, successor))
    if left is None:
        return right
    if right is None:
        return left
    if successor:
        s = right
        while s[1] is not None:
            s = s[1]
        return (s[0], left, bst_delete(right, s[0], successor))
    p = left  # the in-order predecessor: the rule the prompt rules out
    while p[2] is not None:
        p = p[2]
    return (p[0], bst_delete(left, p[0], successor), right)


def bst_final(operations, successor=True):
    root = None
    for kind, key in operations:
        root = bst_insert(root, key) if kind == "insert" else bst_delete(root, key, successor)
    return walk(root, "preorder")


def test_bst_operations_match_a_recursive_search_tree():
    for problem in samples("bst_operations"):
        operations = bst_operations_from_prompt(problem.prompt)
        assert len(operations) == problem.size
        assert any(kind == "delete" for kind, _ in operations)
        assert numbers(problem.answer) == bst_final(operations), problem.prompt


def test_bst_operations_wrong_answers_say_why():
    def predecessor_differs(p):
        ops = bst_operations_from_prompt(p.prompt)
        return bst_final(ops, successor=False) != bst_final(ops)

    problem = find("bst_operations", predecessor_differs)
    operations = bst_operations_from_prompt(problem.prompt)
    keys = numbers(problem.answer)
    assert_right(problem, ", ".join(map(str, keys)))
    assert_right(problem, f"preorder = [{', '.join(map(str, keys))}]")
    by_predecessor = bst_final(operations, successor=False)
    assert sorted(by_predecessor) == sorted(keys)
    assert_wrong(problem, " ".join(map(str, by_predecessor)), "preorder is wrong")
    assert_wrong(problem, " ".join(map(str, sorted(keys))), "preorder is wrong")  # the inorder
    deleted = next(key for kind, key in operations if kind == "delete" and key not in keys)
    assert_wrong(problem, " ".join(map(str, [*keys[:-1], deleted])), f"key {deleted} is not in the final tree")
    assert_wrong(problem, " ".join(map(str, keys[:-1])), "lists")


# -- graph/heap_operations ----------------------------------------------------------------------------------


def heap_operations_from_prompt(prompt):
    found = re.findall(r"^\d+\. (insert (\d+)|extract-min)$", prompt, flags=re.M)
    return [("insert", int(value)) if value else ("extract", None) for _, value in found]


def one_based_heap(operations, right_on_ties=False):
    """A heap in a[1..size] (children 2i and 2i + 1), sifting by recursion; ``right_on_ties`` flips the rule."""
    a = [None]

    def up(i):
        if i > 1 and a[i // 2] > a[i]:
            a[i // 2], a[i] = a[i], a[i // 2]
            up(i // 2)

    def down(i):
        kids = [c for c in (2 * i, 2 * i + 1) if c < len(a)]
        if not kids:
            return
        smallest = min(a[c] for c in kids)
        ties = [c for c in kids if a[c] == smallest]
        c = ties[-1] if right_on_ties else ties[0]
        if a[c] < a[i]:
            a[c], a[i] = a[i], a[c]
            down(c)

    for kind, value in operations:
        if kind == "insert":
            a.append(value)
            up(len(a) - 1)
        else:
            last = a.pop()
            if len(a) > 1:
                a[1] = last
                down(1)
    return a[1:]


def test_heap_operations_match_a_one_based_recursive_heap():
    for problem in samples("heap_operations"):
        operations = heap_operations_from_prompt(problem.prompt)
        assert len(operations) == problem.size
        assert any(kind == "extract" for kind, _ in operations)
        assert numbers(problem.answer) == one_based_heap(operations), problem.prompt


def test_heap_operations_wrong_answers_say_why():
    def tie_rule_matters(p):
        ops = heap_operations_from_prompt(p.prompt)
        return one_based_heap(ops, right_on_ties=True) != one_based_heap(ops)

    problem = find("heap_operations", tie_rule_matters)
    operations = heap_operations_from_prompt(problem.prompt)
    heap = numbers(problem.answer)
    assert_right(problem, f"[{', '.join(map(str, heap))}]")
    assert_right(problem, f"a = {' '.join(map(str, heap))}")
    assert_wrong(problem, " ".join(map(str, one_based_heap(operations, right_on_ties=True))), "values are right")
    if sorted(heap) != heap:
        assert_wrong(problem, " ".join(map(str, sorted(heap))), "values are right")  # sorted is a heap, not this one
    assert_wrong(problem, " ".join(map(str, heap[:-1])), "lists")
    changed = [*heap[:-1], heap[-1] - 1 if heap[-1] > 1 else heap[-1] + 1]
    assert_wrong(problem, " ".join(map(str, changed)), "not the values left")
