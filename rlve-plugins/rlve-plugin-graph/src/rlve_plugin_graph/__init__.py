"""rlve-plugin-graph: graph and algorithm environments for rlve.

The pack's entry point: it registers ``rlve_plugin_graph.environments.ENVIRONMENTS``, the one list of its
environments (one module each in ``environments/``).
"""

from rlve import hookimpl
from rlve_plugin_graph.environments import ENVIRONMENTS

__all__ = ["ENVIRONMENTS", "register_environments"]


@hookimpl
def register_environments(register):
    register(*ENVIRONMENTS)
