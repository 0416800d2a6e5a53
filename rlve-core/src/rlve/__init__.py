"""rlve: adaptive verifiable environments for reinforcement learning on language models.

The public API. Write an environment by subclassing ``Environment``; register it from a pack with
``@hookimpl def register_environments(register): register(MyEnvironment)``. Turn a difficulty into sizes
with the curves of ``rlve.scaling`` (``level``, ``slow``, ``taper``, ``staged``).
"""

from rlve import scaling
from rlve.answers import extract_answer
from rlve.environment import Environment, Instance, Problem, Verdict
from rlve.errors import RlveError, UnknownEnvironment
from rlve.hookspecs import hookimpl
from rlve.parse import ParseError
from rlve.plugins import get_environment, registry

__version__ = "0.1.0"

__all__ = [
    "Environment",
    "Instance",
    "ParseError",
    "Problem",
    "RlveError",
    "UnknownEnvironment",
    "Verdict",
    "extract_answer",
    "get_environment",
    "hookimpl",
    "registry",
    "scaling",
]
