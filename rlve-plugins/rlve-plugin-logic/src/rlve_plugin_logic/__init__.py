"""rlve-plugin-logic: logic-puzzle environments for rlve (the entry point module: it implements the hooks).

``environments/`` holds one module per environment and the list ``ENVIRONMENTS``; ``solvers/`` the solvers
and puzzle generators the environments share; the modules here the readers and helpers (grids, names, ...).
"""

from rlve import hookimpl
from rlve_plugin_logic.environments import ENVIRONMENTS

__all__ = ["ENVIRONMENTS", "register_environments"]


@hookimpl
def register_environments(register):
    register(*ENVIRONMENTS)
