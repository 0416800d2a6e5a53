"""rlve-plugin-graph: graph and algorithm environments for rlve. One environment per module."""

from rlve import hookimpl
from rlve_plugin_graph.articulation_points import ArticulationPoints
from rlve_plugin_graph.bipartite import Bipartite
from rlve_plugin_graph.bipartite_matching import BipartiteMatching
from rlve_plugin_graph.bridges import Bridges
from rlve_plugin_graph.connected_components import ConnectedComponents
from rlve_plugin_graph.count_spanning_trees import CountSpanningTrees
from rlve_plugin_graph.cycle_detection import CycleDetection
from rlve_plugin_graph.euler_path import EulerPath
from rlve_plugin_graph.graph_colouring import GraphColouring
from rlve_plugin_graph.graph_isomorphism import GraphIsomorphism
from rlve_plugin_graph.grid_bfs import GridBfs
from rlve_plugin_graph.hamiltonian_path import HamiltonianPath
from rlve_plugin_graph.inversion_count import InversionCount
from rlve_plugin_graph.longest_increasing_subsequence import LongestIncreasingSubsequence
from rlve_plugin_graph.lowest_common_ancestor import LowestCommonAncestor
from rlve_plugin_graph.max_clique import MaxClique
from rlve_plugin_graph.max_flow import MaxFlow
from rlve_plugin_graph.min_cut import MinCut
from rlve_plugin_graph.min_vertex_cover import MinVertexCover
from rlve_plugin_graph.minimum_spanning_tree import MinimumSpanningTree
from rlve_plugin_graph.shortest_path import ShortestPath
from rlve_plugin_graph.strongly_connected_components import StronglyConnectedComponents
from rlve_plugin_graph.topological_order import TopologicalOrder
from rlve_plugin_graph.tree_diameter import TreeDiameter

ENVIRONMENTS = [
    ShortestPath,
    ConnectedComponents,
    TopologicalOrder,
    MinimumSpanningTree,
    Bipartite,
    GraphColouring,
    MaxFlow,
    MinCut,
    BipartiteMatching,
    StronglyConnectedComponents,
    Bridges,
    ArticulationPoints,
    EulerPath,
    HamiltonianPath,
    MaxClique,
    MinVertexCover,
    TreeDiameter,
    LowestCommonAncestor,
    CycleDetection,
    GridBfs,
    CountSpanningTrees,
    GraphIsomorphism,
    LongestIncreasingSubsequence,
    InversionCount,
]


@hookimpl
def register_environments(register):
    for environment in ENVIRONMENTS:
        register(environment)
