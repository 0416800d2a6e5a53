"""Every environment of the pack, one module each, named after its id (``graph/max_flow`` -> ``max_flow.py``).

To add one: copy a module here, rename it and its class after the new id, and add the class to
``ENVIRONMENTS`` (kept sorted by id). Solvers, readers and generators that more than one environment
uses live beside this folder in ``rlve_plugin_graph/`` (``graphs``, ``reading``, ``connectivity``,
``flow``, ``dags``, ``blocks``), never in here.
"""

from rlve_plugin_graph.environments.articulation_points import ArticulationPoints
from rlve_plugin_graph.environments.assignment_problem import AssignmentProblem
from rlve_plugin_graph.environments.bin_packing import BinPacking
from rlve_plugin_graph.environments.bipartite import Bipartite
from rlve_plugin_graph.environments.bipartite_edge_colouring import BipartiteEdgeColouring
from rlve_plugin_graph.environments.bipartite_matching import BipartiteMatching
from rlve_plugin_graph.environments.bottleneck_path import BottleneckPath
from rlve_plugin_graph.environments.bridges import Bridges
from rlve_plugin_graph.environments.bst_operations import BstOperations
from rlve_plugin_graph.environments.chromatic_number import ChromaticNumber
from rlve_plugin_graph.environments.closest_pair import ClosestPair
from rlve_plugin_graph.environments.coin_change import CoinChange
from rlve_plugin_graph.environments.connected_components import ConnectedComponents
from rlve_plugin_graph.environments.count_shortest_paths import CountShortestPaths
from rlve_plugin_graph.environments.count_spanning_trees import CountSpanningTrees
from rlve_plugin_graph.environments.cycle_detection import CycleDetection
from rlve_plugin_graph.environments.dag_longest_path import DagLongestPath
from rlve_plugin_graph.environments.deadline_scheduling import DeadlineScheduling
from rlve_plugin_graph.environments.difference_constraints import DifferenceConstraints
from rlve_plugin_graph.environments.distance_after_edge_addition import DistanceAfterEdgeAddition
from rlve_plugin_graph.environments.distinct_substrings import DistinctSubstrings
from rlve_plugin_graph.environments.dominator_tree import DominatorTree
from rlve_plugin_graph.environments.edit_distance import EditDistance
from rlve_plugin_graph.environments.egg_drop import EggDrop
from rlve_plugin_graph.environments.euler_path import EulerPath
from rlve_plugin_graph.environments.exact_k_edge_path import ExactKEdgePath
from rlve_plugin_graph.environments.girth import Girth
from rlve_plugin_graph.environments.graph_colouring import GraphColouring
from rlve_plugin_graph.environments.graph_eccentricity import GraphEccentricity
from rlve_plugin_graph.environments.graph_isomorphism import GraphIsomorphism
from rlve_plugin_graph.environments.grid_bfs import GridBfs
from rlve_plugin_graph.environments.grid_min_path_sum import GridMinPathSum
from rlve_plugin_graph.environments.hamiltonian_path import HamiltonianPath
from rlve_plugin_graph.environments.heap_operations import HeapOperations
from rlve_plugin_graph.environments.interval_partitioning import IntervalPartitioning
from rlve_plugin_graph.environments.inverse_bwt import InverseBwt
from rlve_plugin_graph.environments.inversion_count import InversionCount
from rlve_plugin_graph.environments.josephus import Josephus
from rlve_plugin_graph.environments.k_center import KCenter
from rlve_plugin_graph.environments.knapsack import Knapsack
from rlve_plugin_graph.environments.largest_rectangle_histogram import LargestRectangleHistogram
from rlve_plugin_graph.environments.lcs_three import LcsThree
from rlve_plugin_graph.environments.linear_extensions_count import LinearExtensionsCount
from rlve_plugin_graph.environments.longest_bitonic_subsequence import LongestBitonicSubsequence
from rlve_plugin_graph.environments.longest_common_substring import LongestCommonSubstring
from rlve_plugin_graph.environments.longest_increasing_subsequence import LongestIncreasingSubsequence
from rlve_plugin_graph.environments.longest_palindromic_subsequence import LongestPalindromicSubsequence
from rlve_plugin_graph.environments.lowest_common_ancestor import LowestCommonAncestor
from rlve_plugin_graph.environments.lz_factorisation import LzFactorisation
from rlve_plugin_graph.environments.matrix_chain_order import MatrixChainOrder
from rlve_plugin_graph.environments.max_clique import MaxClique
from rlve_plugin_graph.environments.max_flow import MaxFlow
from rlve_plugin_graph.environments.max_independent_set import MaxIndependentSet
from rlve_plugin_graph.environments.max_points_on_line import MaxPointsOnLine
from rlve_plugin_graph.environments.max_subarray_sum import MaxSubarraySum
from rlve_plugin_graph.environments.maximal_rectangle import MaximalRectangle
from rlve_plugin_graph.environments.min_arborescence import MinArborescence
from rlve_plugin_graph.environments.min_cost_flow import MinCostFlow
from rlve_plugin_graph.environments.min_cut import MinCut
from rlve_plugin_graph.environments.min_dominating_set import MinDominatingSet
from rlve_plugin_graph.environments.min_mean_cycle import MinMeanCycle
from rlve_plugin_graph.environments.min_path_cover_dag import MinPathCoverDag
from rlve_plugin_graph.environments.min_swaps_to_sort import MinSwapsToSort
from rlve_plugin_graph.environments.min_vertex_cover import MinVertexCover
from rlve_plugin_graph.environments.minimal_rotation import MinimalRotation
from rlve_plugin_graph.environments.minimum_spanning_tree import MinimumSpanningTree
from rlve_plugin_graph.environments.next_greater_element import NextGreaterElement
from rlve_plugin_graph.environments.optimal_bst import OptimalBst
from rlve_plugin_graph.environments.palindrome_partition import PalindromePartition
from rlve_plugin_graph.environments.palindromic_substrings_count import PalindromicSubstringsCount
from rlve_plugin_graph.environments.pancake_sorting import PancakeSorting
from rlve_plugin_graph.environments.partition_min_difference import PartitionMinDifference
from rlve_plugin_graph.environments.prufer_code import PruferCode
from rlve_plugin_graph.environments.range_updates_queries import RangeUpdatesQueries
from rlve_plugin_graph.environments.second_best_mst import SecondBestMst
from rlve_plugin_graph.environments.shortest_path import ShortestPath
from rlve_plugin_graph.environments.shortest_superstring import ShortestSuperstring
from rlve_plugin_graph.environments.sliding_window_maximum import SlidingWindowMaximum
from rlve_plugin_graph.environments.steiner_tree import SteinerTree
from rlve_plugin_graph.environments.stock_trading import StockTrading
from rlve_plugin_graph.environments.string_period import StringPeriod
from rlve_plugin_graph.environments.strongly_connected_components import StronglyConnectedComponents
from rlve_plugin_graph.environments.subarray_sum_count import SubarraySumCount
from rlve_plugin_graph.environments.subset_sum import SubsetSum
from rlve_plugin_graph.environments.suffix_array import SuffixArray
from rlve_plugin_graph.environments.topological_order import TopologicalOrder
from rlve_plugin_graph.environments.tournament_path import TournamentPath
from rlve_plugin_graph.environments.transitive_reduction import TransitiveReduction
from rlve_plugin_graph.environments.trapping_rain_water import TrappingRainWater
from rlve_plugin_graph.environments.tree_centre import TreeCentre
from rlve_plugin_graph.environments.tree_centroid import TreeCentroid
from rlve_plugin_graph.environments.tree_diameter import TreeDiameter
from rlve_plugin_graph.environments.tree_distance_sum import TreeDistanceSum
from rlve_plugin_graph.environments.tree_independent_set import TreeIndependentSet
from rlve_plugin_graph.environments.tree_path_cover import TreePathCover
from rlve_plugin_graph.environments.tree_traversal_reconstruction import TreeTraversalReconstruction
from rlve_plugin_graph.environments.vertex_connectivity import VertexConnectivity
from rlve_plugin_graph.environments.weighted_interval_scheduling import WeightedIntervalScheduling
from rlve_plugin_graph.environments.wildcard_matching import WildcardMatching
from rlve_plugin_graph.environments.word_break import WordBreak

ENVIRONMENTS = [
    ArticulationPoints,
    AssignmentProblem,
    BinPacking,
    Bipartite,
    BipartiteEdgeColouring,
    BipartiteMatching,
    BottleneckPath,
    Bridges,
    BstOperations,
    ChromaticNumber,
    ClosestPair,
    CoinChange,
    ConnectedComponents,
    CountShortestPaths,
    CountSpanningTrees,
    CycleDetection,
    DagLongestPath,
    DeadlineScheduling,
    DifferenceConstraints,
    DistanceAfterEdgeAddition,
    DistinctSubstrings,
    DominatorTree,
    EditDistance,
    EggDrop,
    EulerPath,
    ExactKEdgePath,
    Girth,
    GraphColouring,
    GraphEccentricity,
    GraphIsomorphism,
    GridBfs,
    GridMinPathSum,
    HamiltonianPath,
    HeapOperations,
    IntervalPartitioning,
    InverseBwt,
    InversionCount,
    Josephus,
    KCenter,
    Knapsack,
    LargestRectangleHistogram,
    LcsThree,
    LinearExtensionsCount,
    LongestBitonicSubsequence,
    LongestCommonSubstring,
    LongestIncreasingSubsequence,
    LongestPalindromicSubsequence,
    LowestCommonAncestor,
    LzFactorisation,
    MatrixChainOrder,
    MaxClique,
    MaxFlow,
    MaxIndependentSet,
    MaxPointsOnLine,
    MaxSubarraySum,
    MaximalRectangle,
    MinArborescence,
    MinCostFlow,
    MinCut,
    MinDominatingSet,
    MinMeanCycle,
    MinPathCoverDag,
    MinSwapsToSort,
    MinVertexCover,
    MinimalRotation,
    MinimumSpanningTree,
    NextGreaterElement,
    OptimalBst,
    PalindromePartition,
    PalindromicSubstringsCount,
    PancakeSorting,
    PartitionMinDifference,
    PruferCode,
    RangeUpdatesQueries,
    SecondBestMst,
    ShortestPath,
    ShortestSuperstring,
    SlidingWindowMaximum,
    SteinerTree,
    StockTrading,
    StringPeriod,
    StronglyConnectedComponents,
    SubarraySumCount,
    SubsetSum,
    SuffixArray,
    TopologicalOrder,
    TournamentPath,
    TransitiveReduction,
    TrappingRainWater,
    TreeCentre,
    TreeCentroid,
    TreeDiameter,
    TreeDistanceSum,
    TreeIndependentSet,
    TreePathCover,
    TreeTraversalReconstruction,
    VertexConnectivity,
    WeightedIntervalScheduling,
    WildcardMatching,
    WordBreak,
]
