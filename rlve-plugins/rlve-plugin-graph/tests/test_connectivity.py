"""Connectivity environments: components, strong components, bridges, articulation points, orders, cycles."""

from __future__ import annotations

import heapq

from helpers import assert_right, assert_wrong, env, find, score

from rlve_plugin_graph.graphs import neighbours


def groups_of(problem):
    return [[int(x) for x in group.split()] for group in problem.answer.split(";")]


def test_connected_components_accepts_any_order_and_notation():
    problem = env("connected_components").sample(10, 2)
    groups = groups_of(problem)
    assert len(groups) >= 3
    assert_right(problem, "; ".join(" ".join(map(str, g[::-1])) for g in groups[::-1]))
    assert_right(problem, ", ".join("[" + ", ".join(map(str, g)) + "]" for g in groups))
    assert_right(problem, "[" + ", ".join("{" + " ".join(map(str, g)) + "}" for g in groups) + "]")
    assert_right(problem, "\n".join(" ".join(map(str, g)) for g in groups))
    assert_right(problem, " | ".join(" ".join(map(str, g)) for g in groups))


def test_connected_components_wrong_groupings_say_why():
    problem = env("connected_components").sample(10, 2)
    groups = groups_of(problem)
    flat = [x for g in groups for x in g]
    assert_wrong(problem, " ".join(map(str, flat)), "different components")  # everything in one group
    split = [g for g in groups if len(g) >= 2][0]
    rest = [g for g in groups if g is not split]
    answer = "; ".join([str(split[0]), " ".join(map(str, split[1:])), *(" ".join(map(str, g)) for g in rest)])
    assert_wrong(problem, answer, "components")  # a component cut in two
    assert_wrong(problem, "; ".join(" ".join(map(str, g)) for g in groups[1:]), "in no group")
    assert_wrong(problem, problem.answer + f"; {flat[0]}", "more than once")
    assert_wrong(problem, ";".join(map(str, flat)), "components")  # every node alone


def test_connected_components_count_matches_the_plan():
    for difficulty in (0, 8, 30):
        problem = env("connected_components").sample(difficulty, 0)
        assert problem.data["count"] == min(problem.data["n"] - 1, 2 + difficulty // 4)


def test_strongly_connected_components_accepts_regrouping_and_rejects_merges():
    problem = find(
        "strongly_connected_components",
        lambda p: len(groups_of(p)) >= 3 and any(len(g) >= 2 for g in groups_of(p)),
        difficulties=range(6, 12),
    )
    groups = groups_of(problem)
    assert_right(problem, "; ".join(" ".join(map(str, g[::-1])) for g in groups[::-1]))
    merged = groups[0] + groups[1]
    assert_wrong(problem, "; ".join(" ".join(map(str, g)) for g in [merged, *groups[2:]]), "different components")
    big = next(g for g in groups if len(g) >= 2)
    parts = [[big[0]], big[1:], *(g for g in groups if g is not big)]
    assert_wrong(problem, "; ".join(" ".join(map(str, g)) for g in parts), "components")


def test_bridges_accepts_any_order_and_notation():
    problem = find("bridges", lambda p: len(p.data["bridges"]) >= 2, difficulties=range(5, 10))
    bridges = problem.data["bridges"]
    assert_right(problem, ", ".join(f"{v}-{u}" for u, v in bridges[::-1]))
    assert_right(problem, " ".join(f"({u}, {v})" for u, v in bridges))
    assert_right(problem, "; ".join(f"{u} {v}" for u, v in bridges))
    assert_right(problem, ", ".join(f"{u} - {v}" for u, v in bridges))


def test_bridges_wrong_answers_say_why():
    problem = find("bridges", lambda p: len(p.data["bridges"]) >= 2, difficulties=range(5, 10))
    bridges = problem.data["bridges"]
    text = [f"{u}-{v}" for u, v in bridges]
    assert_wrong(problem, ", ".join(text[1:]), "missing")
    assert_wrong(problem, ", ".join([*text, text[0]]), "twice")
    safe = next(e for e in problem.data["edges"] if e not in bridges)
    assert_wrong(problem, ", ".join([*text, f"{safe[0]}-{safe[1]}"]), "not a bridge")
    edges = {tuple(e) for e in problem.data["edges"]}
    non_edge = next(
        (u, v) for u in range(problem.data["n"]) for v in range(u + 1, problem.data["n"]) if (u, v) not in edges
    )
    assert_wrong(problem, ", ".join([*text, f"{non_edge[0]}-{non_edge[1]}"]), "not an edge")
    assert_wrong(problem, "none", "missing")


def test_every_block_graph_has_a_bridge_and_an_articulation_point():
    for difficulty in range(0, 40, 3):
        for seed in range(15):
            assert env("bridges").sample(difficulty, seed).data["bridges"]
            assert env("articulation_points").sample(difficulty, seed).data["cut_nodes"]


def test_articulation_points_answers():
    problem = find("articulation_points", lambda p: len(p.data["cut_nodes"]) >= 2, difficulties=range(5, 10))
    cut = problem.data["cut_nodes"]
    assert_right(problem, ", ".join(map(str, cut[::-1])))
    assert_right(problem, "[" + " ".join(map(str, cut)) + "]")
    assert_wrong(problem, " ".join(map(str, cut[1:])), "missing")
    assert_wrong(problem, " ".join(map(str, [*cut, cut[0]])), "twice")
    safe = next(x for x in range(problem.data["n"]) if x not in cut)
    assert_wrong(problem, " ".join(map(str, [*cut, safe])), f"node {safe} is not")
    assert_wrong(problem, "none", "missing")


def largest_first_order(n, arcs):
    adj = neighbours(n, arcs, directed=True)
    indegree = [0] * n
    for _, v in arcs:
        indegree[v] += 1
    ready = [-x for x in range(n) if indegree[x] == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        u = -heapq.heappop(ready)
        order.append(u)
        for v in adj[u]:
            indegree[v] -= 1
            if indegree[v] == 0:
                heapq.heappush(ready, -v)
    return order


def test_topological_order_accepts_any_valid_order():
    problem = env("topological_order").sample(9, 4)
    other = largest_first_order(problem.data["n"], problem.data["arcs"])
    assert " ".join(map(str, other)) != problem.answer
    assert_right(problem, " ".join(map(str, other)))
    assert_right(problem, ", ".join(map(str, other)))


def test_topological_order_wrong_answers_say_why():
    problem = env("topological_order").sample(9, 4)
    order = problem.answer.split()
    assert_wrong(problem, " ".join(order[::-1]), "goes backwards")
    assert_wrong(problem, " ".join(order[:-1]), "exactly once")
    assert_wrong(problem, " ".join([*order[:-1], order[0]]), "exactly once")
    u, v = problem.data["arcs"][0]
    swapped = [str(v) if x == str(u) else str(u) if x == str(v) else x for x in order]
    assert_wrong(problem, " ".join(swapped), "backwards")


def test_cycle_detection_has_both_kinds_and_cycles_are_long_at_higher_difficulty():
    problems = [env("cycle_detection").sample(20, seed) for seed in range(30)]
    with_cycle = [p for p in problems if p.data["has_cycle"]]
    assert 5 <= len(with_cycle) <= 25
    assert max(len(p.answer.split()) - 1 for p in with_cycle) >= 6


def test_cycle_detection_accepts_rotations_and_other_orders():
    cyclic = find("cycle_detection", lambda p: p.data["has_cycle"] and len(p.answer.split()) >= 4)
    cycle = cyclic.answer.split()[1:]
    assert_right(cyclic, "cycle " + " ".join(cycle[1:] + cycle[:1]))
    assert_right(cyclic, "Cycle: " + " ".join([*cycle, cycle[0]]))
    acyclic = find("cycle_detection", lambda p: not p.data["has_cycle"], difficulties=range(8, 12))
    other = largest_first_order(acyclic.data["n"], acyclic.data["arcs"])
    assert_right(acyclic, "acyclic " + " ".join(map(str, other)))


def test_cycle_detection_wrong_answers_say_why():
    def shortcut_free(p):  # a cycle of 3+ nodes whose last two nodes cannot be skipped by an arc
        cycle = [int(x) for x in p.answer.split()[1:]]
        return p.data["has_cycle"] and len(cycle) >= 3 and [cycle[-2], cycle[0]] not in p.data["arcs"]

    cyclic = find("cycle_detection", shortcut_free, difficulties=range(10, 20))
    cycle = cyclic.answer.split()[1:]
    assert_wrong(cyclic, "cycle " + " ".join(cycle[::-1]), "not an arc")
    assert_wrong(cyclic, "cycle " + " ".join(cycle[:-1]), "not an arc")
    assert_wrong(cyclic, "cycle " + cycle[0], "at least two")
    order = list(range(cyclic.data["n"]))
    assert_wrong(cyclic, "acyclic " + " ".join(map(str, order)), "backwards")  # a graph with a cycle has no order
    acyclic = find("cycle_detection", lambda p: not p.data["has_cycle"], difficulties=range(8, 12))
    u, v = acyclic.data["arcs"][0]
    assert_wrong(acyclic, f"cycle {u} {v}", "not an arc")
    assert_wrong(acyclic, "cycle", "at least two")
    for malformed in ("yes", "acyclic yes", "there is a cycle 1 2 3", "cycle 1 2 or 3"):
        verdict = score(acyclic, malformed)
        assert not verdict.correct and not verdict.format_ok, malformed
