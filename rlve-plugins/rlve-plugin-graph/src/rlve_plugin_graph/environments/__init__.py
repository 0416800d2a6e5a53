"""Every environment of the pack, one module each, named after its id (``graph/max_flow`` -> ``max_flow.py``).

To add one: copy a module here, rename it and its class after the new id, and add the class to
``ENVIRONMENTS`` (kept sorted by id). Solvers, readers and generators that more than one environment
uses live beside this folder in ``rlve_plugin_graph/`` (``graphs``, ``reading``, ``connectivity``,
``flow``, ``dags``, ``blocks``), never in here.
"""

from rlve_plugin_graph.environments.articulation_points import ArticulationPoints
from rlve_plugin_graph.environments.bipartite import Bipartite
from rlve_plugin_graph.environments.bipartite_matching import BipartiteMatching
from rlve_plugin_graph.environments.bridges import Bridges
from rlve_plugin_graph.environments.connected_components import ConnectedComponents
from rlve_plugin_graph.environments.count_spanning_trees import CountSpanningTrees
from rlve_plugin_graph.environments.cycle_detection import CycleDetection
from rlve_plugin_graph.environments.euler_path import EulerPath
from rlve_plugin_graph.environments.graph_colouring import GraphColouring
from rlve_plugin_graph.environments.graph_isomorphism import GraphIsomorphism
from rlve_plugin_graph.environments.grid_bfs import GridBfs
from rlve_plugin_graph.environments.hamiltonian_path import HamiltonianPath
from rlve_plugin_graph.environments.inversion_count import InversionCount
from rlve_plugin_graph.environments.longest_increasing_subsequence import LongestIncreasingSubsequence
from rlve_plugin_graph.environments.lowest_common_ancestor import LowestCommonAncestor
from rlve_plugin_graph.environments.max_clique import MaxClique
from rlve_plugin_graph.environments.max_flow import MaxFlow
from rlve_plugin_graph.environments.min_cut import MinCut
from rlve_plugin_graph.environments.min_vertex_cover import MinVertexCover
from rlve_plugin_graph.environments.minimum_spanning_tree import MinimumSpanningTree
from rlve_plugin_graph.environments.shortest_path import ShortestPath
from rlve_plugin_graph.environments.strongly_connected_components import StronglyConnectedComponents
from rlve_plugin_graph.environments.topological_order import TopologicalOrder
from rlve_plugin_graph.environments.tree_diameter import TreeDiameter

ENVIRONMENTS = [
    ArticulationPoints,
    Bipartite,
    BipartiteMatching,
    Bridges,
    ConnectedComponents,
    CountSpanningTrees,
    CycleDetection,
    EulerPath,
    GraphColouring,
    GraphIsomorphism,
    GridBfs,
    HamiltonianPath,
    InversionCount,
    LongestIncreasingSubsequence,
    LowestCommonAncestor,
    MaxClique,
    MaxFlow,
    MinCut,
    MinVertexCover,
    MinimumSpanningTree,
    ShortestPath,
    StronglyConnectedComponents,
    TopologicalOrder,
    TreeDiameter,
]
