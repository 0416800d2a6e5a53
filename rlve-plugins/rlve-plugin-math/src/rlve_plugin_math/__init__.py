"""rlve-plugin-math: arithmetic, number theory, combinatorics, algebra and linear algebra environments.

Where things are:

- ``environments/``: one module per environment, named after its id (``math/addition`` is
  ``environments/addition.py``), and ``environments.ENVIRONMENTS``, the list this module registers;
- beside it, the pieces environments share: ``numbers`` (answer readers), ``factorisations`` and
  ``polynomials`` (readers and writers of those forms), ``primes``, ``combinatorics`` and ``linalg``
  (exact solvers and generators), ``scaling`` (the level cap and digit limits; the difficulty curves
  are core's ``rlve.scaling``).
"""

from rlve import hookimpl
from rlve_plugin_math.environments import ENVIRONMENTS

__all__ = ["ENVIRONMENTS", "register_environments"]


@hookimpl
def register_environments(register):
    register(*ENVIRONMENTS)
