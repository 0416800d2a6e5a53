"""rlve-plugin-graph: graph and algorithm environments for rlve. One environment per module."""

from rlve import hookimpl
from rlve_plugin_graph.shortest_path import ShortestPath

ENVIRONMENTS = [ShortestPath]


@hookimpl
def register_environments(register):
    for environment in ENVIRONMENTS:
        register(environment)
