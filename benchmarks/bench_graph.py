"""Graph pack: generation and verification throughput against reasoning-gym's and RLVE-Gym's graph tasks."""

from __future__ import annotations

from envs import Pair, compare

PAIRS = [
    Pair("graph/shortest_path", reasoning_gym="shortest_path", rlve_gym="ShortestPath"),
    Pair("graph/connected_components", reasoning_gym="largest_island"),
    Pair("graph/topological_order", reasoning_gym="course_schedule", rlve_gym="TopologicalSort"),
    Pair("graph/graph_colouring", reasoning_gym="graph_color"),
    Pair("graph/minimum_spanning_tree", rlve_gym="MinimumSpanningTree"),
    Pair("graph/graph_isomorphism", rlve_gym="GraphIsomorphism"),
    Pair("graph/hamiltonian_path", rlve_gym="HamiltonianPath"),
    Pair("graph/max_clique", rlve_gym="MaximumClique"),
    Pair("graph/min_vertex_cover", rlve_gym="Minimum_VertexCover"),
    Pair("graph/grid_bfs", rlve_gym="GridBFS"),
    Pair("graph/bridges", rlve_gym="Bridge"),
    Pair("graph/inversion_count", rlve_gym="InversionPair"),
    Pair("graph/knapsack", rlve_gym="Knapsack"),
    Pair("graph/subset_sum", rlve_gym="SubsetSum"),
    Pair("graph/josephus", rlve_gym="Josephus"),
    Pair("graph/min_path_cover_dag", rlve_gym="MinPathCoverDag"),
    Pair("graph/min_dominating_set", rlve_gym="MinimumDominatingSet"),
    Pair("graph/steiner_tree", rlve_gym="MinimumSteinerTree"),
    Pair("graph/min_arborescence", rlve_gym="MinimumDirectedSpanningTree"),
    Pair("graph/chromatic_number", rlve_gym="MinimumChromaticNumber"),
    Pair("graph/k_center", rlve_gym="VertexKCenter"),
    Pair("graph/difference_constraints", rlve_gym="DifferenceConstraintSystem"),
    Pair("graph/tree_centre", rlve_gym="TreeCenter"),
    Pair("graph/sliding_window_maximum", rlve_gym="SlidingWindow"),
    Pair("graph/next_greater_element", rlve_gym="MonotonicStack"),
    Pair("graph/minimal_rotation", rlve_gym="MinimalCyclicShift"),
    Pair("graph/palindromic_substrings_count", rlve_gym="PalindromicSubstringNumberCounting"),
]


def run(report) -> None:
    compare(report, PAIRS)
