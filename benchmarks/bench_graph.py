"""Graph pack: generation and verification throughput against reasoning-gym's and RLVE-Gym's graph tasks, each
peer configured to the size of our problem at each level (``envs.py`` says how).

reasoning-gym's graph tasks are grids (shortest_path, largest_island): sized to about as many open cells as our
nodes. RLVE-Gym's get our node count as ``N`` and, where its generator samples that many edges out of all pairs,
our edge density too; elsewhere its own density at that level.
"""

from __future__ import annotations

import math

from envs import Pair, compare, edge_density


def _grid_rg(cells: int, open_share: float) -> dict:
    """A square grid side whose open cells (open_share of them) number about ``cells``."""
    side = max(2, math.ceil(math.sqrt(cells / open_share)))
    return {"min_rows": side, "max_rows": side, "min_cols": side, "max_cols": side}


def _nodes(p):
    return {"N": p.data["n"]}


def _nodes_and_density(key: str = "edges"):
    return lambda p: {"N": p.data["n"], "edge_density": edge_density(p.data["n"], len(p.data[key]))}


def _colouring_rg(p):
    n = p.data["n"]
    return {
        "min_num_vertices": n,
        "max_num_vertices": n,
        "num_colors": p.data["k"],
        "edge_probability": edge_density(n, len(p.data["edges"])),
    }


PAIRS = [
    Pair(
        "graph/shortest_path",
        reasoning_gym="shortest_path",
        rlve_gym="ShortestPath",
        rg_size=lambda p: _grid_rg(p.data["n"], 0.6) | {"p_blocked": 0.4},
        gym_size=_nodes,
    ),
    Pair("graph/connected_components", reasoning_gym="largest_island", rg_size=lambda p: _grid_rg(p.data["n"], 1.0)),
    Pair(
        "graph/topological_order",
        reasoning_gym="course_schedule",
        rlve_gym="TopologicalSort",
        rg_size=lambda p: {"min_num_courses": p.data["n"], "max_num_courses": p.data["n"]},
        gym_size=_nodes,
    ),
    Pair("graph/graph_colouring", reasoning_gym="graph_color", rg_size=_colouring_rg),
    Pair("graph/minimum_spanning_tree", rlve_gym="MinimumSpanningTree", gym_size=_nodes),
    Pair("graph/graph_isomorphism", rlve_gym="GraphIsomorphism", gym_size=_nodes_and_density("edges_a")),
    Pair("graph/hamiltonian_path", rlve_gym="HamiltonianPath", gym_size=_nodes),
    Pair("graph/max_clique", rlve_gym="MaximumClique", gym_size=_nodes_and_density()),
    Pair("graph/min_vertex_cover", rlve_gym="Minimum_VertexCover", gym_size=_nodes_and_density()),
    Pair(
        "graph/grid_bfs",
        rlve_gym="GridBFS",
        gym_size="RLVE-Gym draws each grid side at random from 2 to MAX_N_M; no parameter fixes the size",
    ),
    Pair("graph/bridges", rlve_gym="Bridge", gym_size=_nodes),
    Pair("graph/inversion_count", rlve_gym="InversionPair", gym_size=lambda p: {"N": len(p.data["values"])}),
    Pair("graph/knapsack", rlve_gym="Knapsack", gym_size=lambda p: {"N": len(p.data["items"])}),
    Pair("graph/subset_sum", rlve_gym="SubsetSum", gym_size=lambda p: {"N": len(p.data["numbers"])}),
    Pair(
        "graph/josephus",
        rlve_gym="Josephus",
        gym_size="RLVE-Gym draws the number of people at random from 3 to MAX_N; no parameter fixes it",
    ),
    Pair("graph/min_path_cover_dag", rlve_gym="MinPathCoverDag", gym_size=_nodes),
    Pair("graph/min_dominating_set", rlve_gym="MinimumDominatingSet", gym_size=_nodes),
    Pair("graph/steiner_tree", rlve_gym="MinimumSteinerTree", gym_size=_nodes),
    Pair("graph/min_arborescence", rlve_gym="MinimumDirectedSpanningTree", gym_size=_nodes),
    Pair("graph/chromatic_number", rlve_gym="MinimumChromaticNumber", gym_size=_nodes_and_density()),
    Pair("graph/k_center", rlve_gym="VertexKCenter", gym_size=_nodes),
    Pair(
        "graph/difference_constraints",
        rlve_gym="DifferenceConstraintSystem",
        gym_size=lambda p: {"N": p.data["n"], "M": len(p.data["constraints"])},
    ),
    Pair("graph/tree_centre", rlve_gym="TreeCenter", gym_size=_nodes),
    Pair("graph/sliding_window_maximum", rlve_gym="SlidingWindow", gym_size=lambda p: {"N": len(p.data["values"])}),
    Pair("graph/next_greater_element", rlve_gym="MonotonicStack", gym_size=lambda p: {"N": len(p.data["values"])}),
    Pair("graph/minimal_rotation", rlve_gym="MinimalCyclicShift", gym_size=lambda p: {"N": len(p.data["s"])}),
    Pair(
        "graph/palindromic_substrings_count",
        rlve_gym="PalindromicSubstringNumberCounting",
        gym_size="RLVE-Gym's task counts palindromic numbers in a range [L, R], not palindromic substrings of a word",
    ),
]


def run(report) -> None:
    compare(report, PAIRS)
